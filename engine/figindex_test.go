package engine

import (
	"reflect"
	"slices"
	"testing"
)

// TestFigureIndex plays random games with every module (the W1 variant: followers, large followers, abbots,
// builders and pigs placed and returned, features joined under figures) and checks after every move that the
// figures kept by feature are those a scan of the board finds (CheckIndex), also in a Clone played on apart from its
// original and after Reset, and that no figure is lost (CheckFigures, DEF-5).
func TestFigureIndex(t *testing.T) {
	for _, all := range []bool{false, true} {
		s, start, bag := w1Workload(Standard(), all)
		for seed := uint64(1); seed <= 20; seed++ {
			rec := w1Recorded(s, seed, start, bag)
			if err := s.CheckIndex(); err != nil {
				t.Fatalf("seed %d after the game: %v", seed, err)
			}
			s.Reset()
			if err := s.CheckIndex(); err != nil {
				t.Fatalf("seed %d after Reset: %v", seed, err)
			}
			s.PlaceStart(start)
			var clone *State
			for i, r := range rec {
				if err := r.play(s); err != nil {
					t.Fatalf("seed %d move %d: %v", seed, i, err)
				}
				if err := s.CheckIndex(); err != nil {
					t.Fatalf("seed %d move %d (%+v): %v", seed, i, r.m, err)
				}
				if err := s.CheckFigures(); err != nil {
					t.Fatalf("seed %d move %d (%+v): %v", seed, i, r.m, err)
				}
				if i == len(rec)/2 {
					clone = s.Clone()
				}
			}
			// The clone plays the second half on its own: the same game, the same index, the original untouched.
			for _, r := range rec[len(rec)/2+1:] {
				if err := r.play(clone); err != nil {
					t.Fatal(err)
				}
				if err := clone.CheckIndex(); err != nil {
					t.Fatalf("seed %d, the clone: %v", seed, err)
				}
			}
			if !reflect.DeepEqual(clone.Figures, s.Figures) || clone.Scores != s.Scores {
				t.Fatalf("seed %d: the clone played on differs from the original", seed)
			}
			s.FinalScore(nil)
			if err := s.CheckIndex(); err != nil {
				t.Fatalf("seed %d after the final scoring: %v", seed, err)
			}
		}
	}
}

// TestFigureIndexFails checks that CheckIndex can fail: a figure moved behind the index's back is found.
func TestFigureIndexFails(t *testing.T) {
	s, start, bag := w1Workload(Standard(), false)
	w1Recorded(s, 1, start, bag) // the board as game 1 ends
	for i := range s.Figures {
		if f := &s.Figures[i]; f.Where == OnBoard {
			f.Where = InSupply // not through toSupply
			if s.CheckIndex() == nil {
				t.Fatal("CheckIndex missed a figure taken off the board without the index")
			}
			return
		}
	}
	t.Fatal("no figure on the board at the end of game 1")
}

// TestCheckFiguresFails checks that CheckFigures can fail: a figure on the board handed to the other player (one
// figure too few for its owner, one too many for the other) and a figure in no quarter of the City are found.
func TestCheckFiguresFails(t *testing.T) {
	s, start, bag := w1Workload(Standard(), false)
	w1Recorded(s, 1, start, bag) // the board as game 1 ends
	if err := s.CheckFigures(); err != nil {
		t.Fatalf("game 1 as played: %v", err)
	}
	for _, spoil := range []func(f *Figure){
		func(f *Figure) { f.Player ^= 1 },
		func(f *Figure) { f.Where, f.Quarter = InCity, NumQuarters },
	} {
		c := s.Clone()
		i := slices.IndexFunc(c.Figures, func(f Figure) bool { return f.Where == OnBoard })
		if i < 0 {
			t.Fatal("no figure on the board at the end of game 1")
		}
		spoil(&c.Figures[i])
		if c.CheckFigures() == nil {
			t.Fatalf("CheckFigures missed figure %d changed to %+v", i, c.Figures[i])
		}
	}
}

// TestGridGrows plays the same random games, and a road laid east and north to the board's Limit, on a board whose
// grid starts small (New) and on one whose grid is the widest from the start: the small grid grows when a tile comes
// near its edge, and every answer (the tiles, the frontier, the legal moves, the scores) is the same.
func TestGridGrows(t *testing.T) {
	cat := Standard()
	wide := func(o Options) *State {
		s := New(cat, o)
		s.growGrid(Pos{Limit, Limit})
		if s.gshift != maxGridShift {
			t.Fatal("the grid did not grow to the widest")
		}
		return s
	}
	same := func(a, b *State, what string) {
		t.Helper()
		if !reflect.DeepEqual(a.Frontier(), b.Frontier()) || a.Scores != b.Scores || len(a.Tiles) != len(b.Tiles) {
			t.Fatalf("%s: the boards differ", what)
		}
		for _, f := range a.Frontier() {
			for d := 0; d < 4; d++ {
				if p := f.Neighbour(d); a.TileIndex(p) != b.TileIndex(p) || a.BlockFull(p) != b.BlockFull(p) {
					t.Fatalf("%s: cell %v differs", what, p)
				}
			}
		}
	}
	// A road east from the start tile to the Limit, then north: the grid grows on the way.
	o := Options{Players: 2, Farmers: true}
	a, b := New(cat, o), wide(o)
	start, bag := baseBag(cat)
	for _, s := range []*State{a, b} {
		s.PlaceStart(start)
	}
	rs := cat.Tile("b-rs") // a straight road N-S; in rotation 1 E-W
	for x := 1; x <= Limit; x++ {
		for _, s := range []*State{a, b} {
			if _, err := s.Place(rs, Pos{x, 0}, 1); err != nil {
				t.Fatalf("b-rs at %d,0: %v", x, err)
			}
		}
		if x == 40 && a.gshift != maxGridShift {
			t.Fatal("the grid did not grow for a tile at 40,0")
		}
	}
	if _, err := a.Place(rs, Pos{Limit + 1, 0}, 1); err == nil {
		t.Fatal("a tile beyond the Limit was placed")
	}
	same(a, b, "the road")
	// Random games: the moves offered and their scores are the same.
	for seed := uint64(1); seed <= 10; seed++ {
		s := newW1State()
		rec := w1Recorded(s, seed, start, bag)
		a, b := newW1State(), wide(s.Opts)
		a.PlaceStart(start)
		b.PlaceStart(start)
		for _, r := range rec {
			if !slices.Equal(a.LegalMoves(r.t, r.player, nil), b.LegalMoves(r.t, r.player, nil)) {
				t.Fatalf("seed %d: the moves differ", seed)
			}
			for _, s := range []*State{a, b} {
				if err := r.play(s); err != nil {
					t.Fatal(err)
				}
			}
		}
		same(a, b, "a random game")
	}
}
