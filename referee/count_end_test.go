package referee

import (
	"testing"

	"github.com/karkason/karkason/engine"
)

// The real end of a game with the City of Carcassonne: the last tile of the land stack is placed (END-1), the
// turn ends with its City placement (COUNT-7(g)), then the market round (COUNT-19) or, with the Count on the
// market, the final scoring at once (COUNT-15, COUNT-19(e), COUNT-20). The golden records reach the market round
// with the record format's early "market" line; here the land stack holds only the tiles the game uses, so the
// last of them really ends it. The moves are those of testdata/golden/count-ex-d6.rec (EX-D6).
func TestCityGameEnd(t *testing.T) {
	setup := "setup players=Ана:red,Богдан:blue,Віра:green expansions=farmers,count start=city"
	game := []string{
		"red place b-c1 -2,-2 0", "red deploy follower N",
		"blue place b-c1 -1,-2 0", "blue deploy follower N",
		"green place b-c1 -2,-3 180", "green city market", // red +4
		"red place b-c1 -1,-3 180", "red city market", // blue +4
		"blue place b-c1g 0,-2 0", "blue deploy follower N",
		"green place b-m 2,-1 0",
		"red place b-cc2o 0,-3 0", "red city market", // the last tile; blue +4
	}
	cases := []struct {
		name    string
		then    []string // after the last turn's City placement
		settle  bool     // then the optional decisions still pending are declined (Settle)
		phase   Phase    // after them
		mover   Colour   // market mover after them ("" for none)
		scores  map[Colour]int
		refused string // a further line and the rule it must be refused with
		rule    string
	}{
		{"the last turn waits for the Count's move", nil, false, PhaseCount, "",
			map[Colour]int{"red": 4, "blue": 8, "green": 0}, "blue place b-m 2,0 0", "COUNT-19"},
		{"the Count stays: the market round opens with green (blue has none)", nil, true, PhaseMarket, "green",
			map[Colour]int{"red": 4, "blue": 8, "green": 0}, "red market -1,-3:N", "COUNT-19(b)"},
		{"green moves, then red twice", []string{"green market -2,-2:W", "red market -1,-3:N"}, false,
			PhaseMarket, "red", map[Colour]int{"red": 4, "blue": 8, "green": 0}, "red decline", "COUNT-19(c)"},
		{"market empty: final scoring as in EX-D6", []string{"green market -2,-2:W", "red market -1,-3:N",
			"red market -1,-2:W"}, false, PhaseEnded, "", map[Colour]int{"red": 25, "blue": 8, "green": 12}, "", ""},
		{"the Count on the market: no round, final scoring at once", []string{"red count market"}, false,
			PhaseEnded, "", map[Colour]int{"red": 4, "blue": 8, "green": 0}, "green market -2,-2:W", "COUNT-15"},
	}
	cat := engine.Standard()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			su, err := ParseSetup(setup, 1)
			if err != nil {
				t.Fatal(err)
			}
			g, err := NewGame(su, cat)
			if err != nil {
				t.Fatal(err)
			}
			// Only the tiles of this game are left to draw.
			for i := range g.Bag.Land {
				g.Bag.Land[i] = 0
			}
			for id, n := range map[string]int{"b-c1": 4, "b-c1g": 1, "b-m": 1, "b-cc2o": 1} {
				g.Bag.Land[cat.Tile(id).Index] = n
			}
			g.Bag.recount()
			for i, line := range append(append([]string(nil), game...), c.then...) {
				a, _, err := ParseAction(line, i+2)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Apply(a); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
			}
			if c.settle {
				g.Settle()
			}
			if g.Phase != c.phase {
				t.Errorf("phase %s, want %s", g.Phase, c.phase)
			}
			mover := Colour("")
			if m := g.MarketMover(); m >= 0 {
				mover = g.Colour(m)
			}
			if mover != c.mover {
				t.Errorf("market mover %q, want %q", mover, c.mover)
			}
			for col, want := range c.scores {
				if got := g.S.Scores[g.Player(col)]; got != want {
					t.Errorf("%s has %d, want %d", col, got, want)
				}
			}
			if c.refused != "" {
				a, _, _ := ParseAction(c.refused, 99)
				err := g.Apply(a)
				r, ok := err.(*Refusal)
				if !ok || r.Rule != c.rule {
					t.Errorf("%s: %v, want a refusal citing %s", c.refused, err, c.rule)
				}
			}
		})
	}
}
