package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/karkason/karkason/engine"
)

// playToAbbeyRound plays a 3-player game with abbey-mayor by random legal actions, never an abbey, until the land
// stack is empty and the end-of-game abbey round begins (AM-10). It returns the game and the player of the last tile.
func playToAbbeyRound(t *testing.T, seed uint64) (*Game, int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	setup := Setup{Players: []PlayerSpec{{Name: "Ана", Colour: Red}, {Name: "Богдан", Colour: Blue}, {Name: "Віра", Colour: Green}},
		Expansions: []string{ExpansionFarmers, ExpansionAbbeyMayor}}
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 2000; step++ {
		if g.InAbbeyRound() {
			return g, g.am.last
		}
		var a Action
		for try := 0; ; try++ {
			var ok bool
			if a, ok = pickAction(g, rng); !ok {
				t.Fatalf("seed %d: the game ended without an abbey round\n%s", seed, recordText(g))
			}
			if a.Tile != TileAbbey && a.Verb != VerbEnd {
				break
			}
			if try > 50 {
				t.Fatalf("seed %d: only abbeys to pick", seed)
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: %q refused: %v", seed, a, err)
		}
	}
	t.Fatalf("seed %d: no abbey round after 2000 actions", seed)
	return nil, -1
}

// TestAbbeyRound: after the last land tile every player still holding an abbey may place it, clockwise from the
// left neighbour of the last tile's player to that player (AM-10, SEQ-9a, OPEN-35); a player who passes cannot
// place later (AM-10(a)); a later player's abbey line declines for those due before it (record format); then the
// market round and the final scoring (END-1).
func TestAbbeyRound(t *testing.T) {
	placed := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, last := playToAbbeyRound(t, seed)
		first := (last + 1) % 3
		if g.Active != first || g.Phase != PhaseTile {
			t.Fatalf("seed %d: the round begins with %d in phase %s, want %d (the left neighbour of %d)", seed,
				g.Active, g.Phase, first, last)
		}
		d := g.Legal()
		if !d.Optional || d.Actions[len(d.Actions)-1].Verb != VerbAbbeyPass {
			t.Fatalf("seed %d: the round's go is not optional or has no abbey-pass last: %v", seed, d.Actions)
		}
		// The first player passes; a tile line is refused (AM-10); the first player may not place later.
		if err := g.Apply(Action{Colour: g.Colour(first), Verb: VerbAbbeyPass}); err != nil {
			t.Fatalf("seed %d: abbey-pass refused: %v", seed, err)
		}
		second := (first + 1) % 3
		if g.Active != second || !g.InAbbeyRound() {
			t.Fatalf("seed %d: after the pass the go is %d's (round %v), want %d", seed, g.Active, g.InAbbeyRound(), second)
		}
		holes := g.S.AbbeyHoles(nil)
		err := g.Apply(Action{Colour: g.Colour(first), Verb: VerbPlace, Tile: TileAbbey, Pos: Pos{9, 9}})
		if r, ok := err.(*Refusal); !ok || r.Rule != "AM-10(a)" {
			t.Fatalf("seed %d: an abbey of the player who passed: %v, want AM-10(a)", seed, err)
		}
		// The last player places (if a hole exists): the second player's go is declined by it.
		if len(holes) == 0 {
			continue
		}
		h := holes[0]
		if err := g.Apply(Action{Colour: g.Colour(last), Verb: VerbPlace, Tile: TileAbbey, Pos: Pos{h.X, h.Y}}); err != nil {
			t.Fatalf("seed %d: the last player's abbey at %v refused: %v", seed, h, err)
		}
		if g.S.Abbeys[last] || !g.S.Abbeys[second] || g.Active != last || g.Phase != PhaseFigure {
			t.Fatalf("seed %d: after the last player's abbey: held %v, active %d, phase %s", seed, g.S.Abbeys, g.Active, g.Phase)
		}
		if err := g.Apply(Action{Verb: VerbEnd}); err != nil {
			t.Fatal(err)
		}
		if g.Phase != PhaseEnded {
			t.Fatalf("seed %d: after end: phase %s", seed, g.Phase)
		}
		placed++
	}
	if placed == 0 {
		t.Error("no game of the test had a hole for the round's abbey: the test checks nothing of it")
	}
}

// TestAbbeyTileLineInRound: in the round only abbeys are placed (AM-10); before the last tile an abbey line is an
// ordinary abbey part (AM-10(c)).
func TestAbbeyTileLineInRound(t *testing.T) {
	g, _ := playToAbbeyRound(t, 9)
	err := g.Apply(Action{Colour: g.Colour(g.Active), Verb: VerbPlace, Tile: "b-rs", Pos: Pos{40, 40}, Rot: 0})
	if r, ok := err.(*Refusal); !ok || r.Rule != "AM-10" {
		t.Fatalf("a land tile in the abbey round: %v, want AM-10", err)
	}
	// `market` or `end` declines the rest of the round: here `end`.
	if err := g.Apply(Action{Verb: VerbEnd}); err != nil || g.Phase != PhaseEnded {
		t.Fatalf("end in the round: %v, phase %s", err, g.Phase)
	}
}

// TestAbbeyNeverTriggersBuilder: an abbey that completes nothing of the builder's, or anything, never gives the
// second tile (COMBO-52(a)): the abbey has no road or city segment, so ExtendsBuilder is false for it.
func TestAbbeyNeverTriggersBuilder(t *testing.T) {
	cat := engine.Standard()
	s := engine.New(cat, engine.Options{Players: 2, TradersBuilders: true, AbbeyMayor: true, Farmers: true})
	s.PlaceStart(cat.Tile("b-c1rs"))
	for _, p := range []struct {
		id  string
		x   int
		y   int
		rot int
	}{{"b-c1rs", 1, 0, 0}, {"b-c2arc", 0, -1, 2}, {"b-rs", 2, 0, 1}, {"b-c2a", 2, -1, 3}, {"b-c2a", 2, -2, 2},
		{"b-c2ag", 1, -2, 1}} {
		if _, err := s.Place(cat.Tile(p.id), engine.Pos{X: p.x, Y: p.y}, p.rot); err != nil {
			t.Fatal(p.id, err)
		}
	}
	// Red's follower and builder on the city of 1,0 (placed as a position would: Stand).
	seg, _ := s.FeatureAt(engine.Pos{X: 1, Y: 0}, "N")
	if err := s.Stand(0, engine.Follower, seg); err != nil {
		t.Fatal(err)
	}
	if err := s.Stand(0, engine.Builder, seg); err != nil {
		t.Fatal(err)
	}
	idx, err := s.PlaceAbbey(0, engine.Pos{X: 1, Y: -1})
	if err != nil {
		t.Fatal(err)
	}
	if s.ExtendsBuilder(0, idx) {
		t.Error("the abbey gave the builder's second tile")
	}
	if got := len(s.Completed(idx, nil)); got != 3 {
		t.Errorf("the abbey completed %d features, want the 3 cities of the first worked example", got)
	}
}
