package engine

import (
	"reflect"
	"testing"
)

// TestFigureIndex plays random games with every module (the W1 variant: followers, large followers, abbots,
// builders and pigs placed and returned, features joined under figures) and checks after every move that the
// figures kept by feature are those a scan of the board finds (CheckIndex), also in a Clone played on apart from its
// original and after Reset.
func TestFigureIndex(t *testing.T) {
	cat := Standard()
	for _, all := range []bool{false, true} {
		start, bag := baseBag(cat)
		s := newW1State()
		if all {
			start, bag = allBag(cat)
			s = newW1AllState()
		}
		for seed := uint64(1); seed <= 20; seed++ {
			var rec []w1Move
			var st w1Stats
			w1Game(s, seed, bag, start, &st, &rec, nil, nil)
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
				if _, err := s.PlayMove(r.player, r.t, r.m, nil); err != nil {
					t.Fatalf("seed %d move %d: %v", seed, i, err)
				}
				if err := s.CheckIndex(); err != nil {
					t.Fatalf("seed %d move %d (%+v): %v", seed, i, r.m, err)
				}
				if i == len(rec)/2 {
					clone = s.Clone()
				}
			}
			// The clone plays the second half on its own: the same game, the same index, the original untouched.
			for _, r := range rec[len(rec)/2+1:] {
				if _, err := clone.PlayMove(r.player, r.t, r.m, nil); err != nil {
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
	cat := Standard()
	start, bag := baseBag(cat)
	s := newW1State()
	var st w1Stats
	w1Game(s, 1, bag, start, &st, nil, nil, nil)
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
