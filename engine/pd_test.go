package engine

import (
	"slices"
	"testing"
)

// TestSharedPDCatalogue cross-checks The Princess & the Dragon's tiles (engine/data/pd.tiles) against the shared
// catalogue (tiles-pd.md) when it is present; a user's clone has no ../shared and skips.
func TestSharedPDCatalogue(t *testing.T) {
	shared, _ := sharedTiles(t, "tiles-pd.md", "pd-")
	if n := compareTiles(t, shared); n != 31 {
		t.Errorf("compared %d P&D tile types, want 31 (tiles-pd.md section 2)", n)
	}
	for _, st := range shared.Types {
		if o := Standard().Tile(st.ID); o != nil && !slices.Equal(o.Objects, st.Objects) {
			t.Errorf("tile %s: objects %q, the shared catalogue %q", st.ID, o.Objects, st.Objects)
		}
	}
}

// TestPDSet states the set's totals (PD-1; tiles-pd.md section 3): 30 pieces of 31 records (two garden-less
// printings counted 0), 6 volcanoes, 12 dragon tiles, 6 portals, 6 princesses, each princess in a city segment.
func TestPDSet(t *testing.T) {
	var pieces, pennants, monast, gardens int
	var sym [5]int
	types := Standard().Set("pd")
	for _, ty := range types {
		pieces += ty.Count
		y, city := ty.PDSymbol()
		sym[y] += ty.Count
		if y == SymPrincess && (city < 0 || ty.Segs[city].Kind != KCity) {
			t.Errorf("%s: princess in no city", ty.ID)
		}
		for _, s := range ty.Segs {
			pennants += ty.Count * int(s.Pennants)
			switch s.Kind {
			case KMonastery:
				monast += ty.Count
			case KGarden:
				gardens += ty.Count
			}
		}
	}
	got := []int{pieces, len(types), pennants, monast, gardens, sym[SymVolcano], sym[SymDragon], sym[SymPortal],
		sym[SymPrincess], sym[NoSymbol]}
	want := []int{30, 31, 2, 2, 2, 6, 12, 6, 6, 0}
	if !slices.Equal(got, want) {
		t.Errorf("pieces, types, pennants, monasteries, gardens, volcano, dragon, portal, princess, none = %v, want %v",
			got, want)
	}
	if y, _ := Standard().Tile("r2-lakevolcano").PDSymbol(); y != SymVolcano {
		t.Error("r2-lakevolcano is no volcano (COMBO-30)")
	}
}

// TestDragonStepEats walks EX-PD1's row: the dragon eats what stands on the tiles it enters, never the fairy's tile.
func TestDragonStepEats(t *testing.T) {
	cat := Standard()
	s := New(cat, Options{Players: 3, Farmers: true, PrincessDragon: true})
	s.PlaceStart(cat.Tile("b-c1rs")) // 0,0: road W–E
	for x := 1; x <= 6; x++ {
		if _, err := s.Place(cat.Tile("b-rs"), Pos{x, 0}, 1); err != nil {
			t.Fatal(err)
		}
	}
	ti := s.TileIndex(Pos{3, 0})
	if _, err := s.Deploy(2, Follower, ti, 0); err != nil { // green on the road at 3,0
		t.Fatal(err)
	}
	fi := s.FigureAt(2, Follower, s.Tiles[ti].Seg(0))
	s.BeginTurn(2)
	if err := s.MoveFairy(2, fi); err != nil {
		t.Fatal(err)
	}
	s.PlaceDragon(Pos{5, 0})
	if reach := s.DragonReach(nil); !slices.Equal(reach, []Pos{{6, 0}, {4, 0}}) { // 3,0: the fairy's tile
		t.Errorf("the dragon reaches %v, want 6,0 and 4,0", reach)
	}
	visited := []Pos{{5, 0}}
	if err := s.CanDragonStep(Pos{3, 0}, visited); err == nil {
		t.Error("a step of two cells accepted")
	}
	if _, err := s.DragonStep(Pos{4, 0}, visited, nil); err != nil {
		t.Fatal(err)
	}
	visited = append(visited, Pos{4, 0})
	if err := s.CanDragonStep(Pos{3, 0}, visited); err == nil || err.(*RuleError).Rule != "PD-10(c)" {
		t.Errorf("step onto the fairy's tile: %v, want PD-10(c)", err)
	}
	if open := s.DragonOpen(visited, nil); len(open) != 0 {
		t.Errorf("open tiles %v, want a dead end (PD-11)", open)
	}
	if err := s.CheckFigures(); err != nil {
		t.Fatal(err)
	}
}
