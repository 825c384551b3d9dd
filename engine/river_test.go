package engine

import "testing"

// River placement limits (RIVER-5, RIV2-5(a)/(b)) and the spring laid beside the City (COMBO-1, COMBO-3), on
// positions the referee cannot reach through a game record: with only two branch ends, a tile that could join them
// is never drawn, because the rest of the river is discarded as soon as no river tile fits (RIVER-10).
func TestRiverLimits(t *testing.T) {
	type tile struct {
		id       string
		x, y     int
		rot      int
		wantRule string // "" = legal
	}
	cases := []struct {
		name  string
		start string // "river2": the River II spring at 0,0; "city": the City of Carcassonne
		tiles []tile // placed in order; every one but the last must be legal
	}{
		{"fork continues the spring", "river2", []tile{{"r2-fork", 1, 0, 0, ""}}},
		{"river tile away from the river", "river2", []tile{{"r2-fork", 1, 0, 0, ""}, {"r2-mon", 1, 2, 0, "BASE-4"}}},
		{"river tile touching the board but not the river", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-bendg", 0, 1, 0, "RIV2-5"}}},
		{"joining the two branches (RIV2-5(a))", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-bendg", 1, -1, 3, ""}, {"r2-bendpigs", 2, 0, 0, ""}, {"r2-bendroad", 2, -1, 0, "RIV2-5(a)"}}},
		{"free end facing the other branch's end is legal (RIV2-5(a))", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-bendg", 1, -1, 3, ""}, {"r2-bendpigs", 2, 0, 0, ""}}},
		{"U-turn: right then right (RIV2-5(b))", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-bendg", 2, 0, 0, ""}, {"r2-bendpigs", 2, 1, 0, "RIV2-5(b)"}}},
		{"right then left is no U-turn", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-bendg", 2, 0, 0, ""}, {"r2-bendpigs", 2, 1, 1, ""}}},
		{"a straight tile between two bends resets the rule", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-bendg", 2, 0, 0, ""}, {"r2-mon", 2, 1, 1, ""}, {"r2-bendpigs", 2, 2, 0, ""}}},
		{"River II spring beside the City (COMBO-1)", "city", []tile{{"r2-spring", 2, -1, 0, ""}}},
		{"River spring beside the City (COMBO-3)", "city", []tile{{"r1-spring", -2, -2, 3, ""}}},
		{"spring edges must match the City (BASE-4)", "city", []tile{{"r2-spring", 2, 1, 0, "BASE-4"}}},
		{"a spring never continues a river", "river2", []tile{{"r2-fork", 1, 0, 0, ""},
			{"r2-spring", 2, 0, 2, "RIV2-5(a)"}}},
	}
	cat := Standard()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(cat, Options{Players: 2, Count: c.start == "city"})
			if c.start == "city" {
				s.PlacePiece(cat.Piece("coc"))
			} else {
				s.PlaceStart(cat.Tile("r2-spring"))
			}
			for i, tl := range c.tiles {
				ty := cat.Tile(tl.id)
				err := s.CanPlace(ty, Pos{tl.x, tl.y}, tl.rot)
				last := i == len(c.tiles)-1
				switch {
				case err == nil && (!last || tl.wantRule == ""):
					if _, err := s.Place(ty, Pos{tl.x, tl.y}, tl.rot); err != nil {
						t.Fatal(err)
					}
				case err == nil:
					t.Fatalf("%s at %d,%d rot %d: legal, want refused citing %s", tl.id, tl.x, tl.y, tl.rot, tl.wantRule)
				case !last || tl.wantRule == "":
					t.Fatalf("%s at %d,%d rot %d: %v", tl.id, tl.x, tl.y, tl.rot, err)
				default:
					if re, ok := err.(*RuleError); !ok || re.Rule != tl.wantRule {
						t.Fatalf("%s at %d,%d rot %d: %v, want %s", tl.id, tl.x, tl.y, tl.rot, err, tl.wantRule)
					}
				}
			}
		})
	}
}
