package engine

import "testing"

// TestSharedAMCatalogue cross-checks the Abbey & Mayor tiles (engine/data/am.tiles) against the shared catalogue
// (tiles-am.md) when it is present; a user's clone has no ../shared and skips.
func TestSharedAMCatalogue(t *testing.T) {
	shared, _ := sharedTiles(t, "tiles-am.md", "am-")
	if n := compareTiles(t, shared); n != 13 {
		t.Errorf("compared %d Abbey & Mayor tile types, want 13 (12 land tiles and the abbey)", n)
	}
	if a := Standard().Tile("am-abbey"); a == nil || !a.Abbey || a.Edges != [4]Terrain{Abbey, Abbey, Abbey, Abbey} {
		t.Error("am-abbey is not the abbey (abbey line, abbey edges)")
	}
}

// TestAMTotals states the set's totals (tiles-am.md section 4): 12 land tiles of 12 types and the abbey, 6
// pennants, one monastery and the abbey, one garden.
func TestAMTotals(t *testing.T) {
	var land, types, pennants, monast, gardens int
	for _, ty := range Standard().Set("am") {
		types++
		if ty.Abbey {
			continue
		}
		land += ty.Count
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
	if got, want := []int{land, types, pennants, monast, gardens}, []int{12, 13, 6, 1, 1}; !equalInts(got, want) {
		t.Errorf("land tiles, types, pennants, monasteries, gardens = %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBarnPoints checks DEF-19 against tiles-am.md section 5: the field corners of every tile in rotation 0 and 90.
func TestBarnPoints(t *testing.T) {
	cat := Standard()
	want := map[string][4]bool{ // NW NE SE SW
		"am-c4ss": {}, "am-bridgecross": {}, "am-abbey": {}, "am-capbridge": {}, "am-bandtunnel": {},
		"am-2caps2roads": {false, false, true, false}, "am-mon4roads": {true, true, true, true},
		"am-caproad": {false, false, true, true}, "am-capbend-e": {false, false, true, true},
		"am-capbend-w": {false, false, true, true}, "am-citysplit3": {}, "am-roadendg": {true, true, true, true},
		"am-r3well": {true, true, true, true},
	}
	for id, w := range want {
		for _, rot := range []int{0, 1} {
			s := New(cat, Options{Players: 2, Farmers: true, AbbeyMayor: true})
			s.placeRaw(cat.Tile(id), Pos{}, rot)
			for c := 0; c < 4; c++ {
				got := s.fieldCorner(Pos{}, (c+rot)&3) >= 0
				if got != w[c] {
					t.Errorf("%s rot %d: corner %s (table %s) field corner %v, want %v", id, rot, CornerNames[c],
						CornerNames[(c+rot)&3], got, w[c])
				}
			}
		}
	}
}
