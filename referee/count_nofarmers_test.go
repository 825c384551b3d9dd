package referee

import (
	"errors"
	"slices"
	"testing"

	"github.com/karkason/karkason/engine"
)

// COUNT-11(a): without farmers the market is out of play for the Count too. After green's follower enters the
// City (the same moves as TestCityGameEnd, the palace for the market), the Count may go to the palace, the smithy
// or the cathedral only: "count market" is refused with COUNT-11(a) and not offered.
func TestCountMarketWithoutFarmers(t *testing.T) {
	for _, farmers := range []bool{false, true} {
		exps := "count"
		if farmers {
			exps = "farmers,count"
		}
		su, err := ParseSetup("setup players=Ана:red,Богдан:blue,Віра:green expansions="+exps+" start=city", 1)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGame(su, engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range []string{"red place b-c1 -2,-2 0", "red deploy follower N", "blue place b-c1 -1,-2 0",
			"blue deploy follower N", "green place b-c1 -2,-3 180", "green city palace"} {
			a, _, err := ParseAction(line, i+2)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(a); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
		}
		if g.Phase != PhaseCount {
			t.Fatalf("farmers %v: phase %s, want the Count's move", farmers, g.Phase)
		}
		var offered []string
		for _, a := range g.Legal().Actions {
			offered = append(offered, a.Quarter)
		}
		a, _, _ := ParseAction("green count market", 9)
		err = g.Apply(a)
		var r *Refusal
		if farmers {
			if !slices.Contains(offered, "market") || err != nil {
				t.Errorf("with farmers: offered %v, count market: %v", offered, err)
			}
			continue
		}
		if want := []string{"palace", "smithy", "cathedral"}; !slices.Equal(offered, want) {
			t.Errorf("without farmers: offered %v, want %v", offered, want)
		}
		if !errors.As(err, &r) || r.Rule != "COUNT-11(a)" || g.Phase != PhaseCount || g.S.City.Count != engine.Palace {
			t.Errorf("without farmers: count market = %v (phase %s, Count on %s)", err, g.Phase, g.S.City.Count)
		}
	}
}
