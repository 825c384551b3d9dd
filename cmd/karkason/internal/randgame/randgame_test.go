package randgame

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// allModules is a six-player set-up with every module: the sixth seat pink (IC-13), the River beside the City
// (COMBO-3), Traders & Builders.
func allModules() referee.Setup {
	s := referee.Setup{Expansions: []string{referee.ExpansionFarmers, referee.ExpansionAbbot,
		referee.ExpansionInnsCathedrals, referee.ExpansionCount, referee.ExpansionKingRobber, referee.ExpansionShrines,
		referee.ExpansionNewTiles, referee.ExpansionGifts, referee.ExpansionRiver, referee.ExpansionTradersBuilders}}
	for i, c := range referee.AllColours() {
		s.Players = append(s.Players, referee.PlayerSpec{Name: fmt.Sprint("P", i+1), Colour: c})
	}
	return s
}

// TestRandomGamesConserveFigures plays random six-player games with every module, Inns & Cathedrals and Traders &
// Builders included, and checks after every action what the rules never allow to break: every figure is in exactly
// one place, supply, board or City (DEF-5; the large follower, the builder and the pig included, IC-4(c), TB-2; a
// builder or pig never in the City, COMBO-16(a)), a player's figures are as many as the set-up gives (CFG-2), no
// score is negative or goes down (BASE-14), a turn never has a third tile (TB-8). It also checks that the games use
// the large follower, the builder and the pig, and take double turns.
func TestRandomGamesConserveFigures(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	large, builders, pigs, doubles := 0, 0, 0, 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g, err := referee.NewGame(allModules(), engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		var prev [engine.MaxPlayers]int
		placed := map[int]int{} // tiles placed per turn
		for steps := 0; g.Phase != referee.PhaseEnded && steps < 5000; steps++ {
			a := pick(g, rng)
			turn := g.TurnNo
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: legal action %q refused: %v", seed, a, err)
			}
			switch {
			case a.Large:
				large++
			case a.Builder:
				builders++
			case a.Pig:
				pigs++
			}
			if a.Verb == referee.VerbPlace {
				if placed[turn]++; placed[turn] > 2 {
					t.Fatalf("seed %d after %q: a third tile in turn %d (TB-8)", seed, a, turn)
				}
				if g.Part() == 2 {
					doubles++
				}
			}
			s := g.S
			if err := s.CheckIndex(); err != nil {
				t.Fatalf("seed %d after %q: %v", seed, a, err)
			}
			if err := s.CheckFigures(); err != nil {
				t.Fatalf("seed %d after %q: %v", seed, a, err)
			}
			for _, f := range s.Figures {
				if f.Kind.IsSpecial() && f.Where == engine.InCity {
					t.Fatalf("seed %d after %q: a %s in the City (COMBO-16(a))", seed, a, f.Kind)
				}
			}
			for p := 0; p < g.Players(); p++ {
				if s.Scores[p] < prev[p] || s.Scores[p] < 0 {
					t.Fatalf("seed %d after %q: player %d's score went from %d to %d (BASE-14)", seed, a, p, prev[p],
						s.Scores[p])
				}
				prev[p] = s.Scores[p]
			}
		}
		if g.Phase != referee.PhaseEnded {
			t.Fatalf("seed %d: the game did not end", seed)
		}
	}
	if large == 0 || builders == 0 || pigs == 0 {
		t.Errorf("actions naming the large follower %d, the builder %d, the pig %d: the random player does not use them",
			large, builders, pigs)
	}
	if doubles == 0 {
		t.Error("no double turn in the random games")
	}
}
