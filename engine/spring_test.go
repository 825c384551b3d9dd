package engine

import (
	"io/fs"
	"os"
	"testing"
	"testing/fstest"
)

// The River as seed 001 describes it, with a spring that covers two cells (RIVER-3(a)), is kept as an optional data
// file (engine/data/optional/river-seed001.tiles) that replaces river.tiles when the players' set turns out to be
// that one (RULES.md OPEN-2). These tests load the catalogue with it and check that the two-cell spring works as the
// river's start without any code knowing its tiles.

// seedRiverCatalogue returns the embedded catalogue with river.tiles replaced by the optional seed-001 River.
func seedRiverCatalogue(t *testing.T) *Catalogue {
	t.Helper()
	alt, err := os.ReadFile("data/optional/river-seed001.tiles")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"data/river.tiles": {Data: alt}}
	entries, err := fs.ReadDir(dataFS, "data")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "river.tiles" {
			continue
		}
		b, err := fs.ReadFile(dataFS, "data/"+e.Name())
		if err != nil {
			t.Fatal(err)
		}
		fsys["data/"+e.Name()] = &fstest.MapFile{Data: b}
	}
	cat, err := LoadCatalogue(fsys, "data")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestSeedRiverData checks the optional set: 12 physical tiles (the two-cell spring is one), two lakes, nine
// others (RIVER-1), the spring found from the data (StartOf), and every cell's segments covering its edges.
func TestSeedRiverData(t *testing.T) {
	cat := seedRiverCatalogue(t)
	start := cat.StartOf("river")
	if start == nil || start.Piece == nil || len(start.Piece.Cells) != 2 {
		t.Fatalf("StartOf(river) = %v, want a cell of a two-cell piece", start)
	}
	tiles, lakes := 1, 0 // the spring piece is one physical tile
	for _, ty := range cat.Set("river") {
		tiles += ty.Count
		if ty.RiverEndKind() == Lake {
			lakes += ty.Count
		}
		if ty.RiverEndKind() == Spring {
			t.Errorf("%s: a one-cell spring beside the spring piece", ty.ID)
		}
	}
	if tiles != 12 || lakes != 2 {
		t.Errorf("seed River: %d tiles, %d lakes; want 12 and 2 (RIVER-1)", tiles, lakes)
	}
	for _, c := range start.Piece.Cells {
		if c.Weight != 1 || c.RiverEndKind() != Spring {
			t.Errorf("%s: weight %d, river end %d; want 1 and a spring (RIVER-3(a))", c.ID, c.Weight, c.RiverEndKind())
		}
		for e := 0; e < 4; e++ {
			var edgeSegs, halfSegs int
			for _, s := range c.Segs {
				if s.Edges&(1<<e) != 0 {
					edgeSegs++
				}
				halfSegs += popcount4(s.Halves >> (2 * e) & 3)
			}
			want := [2]int{1, 2} // road, river
			switch c.Edges[e] {
			case None:
				want = [2]int{0, 0}
			case Field:
				want = [2]int{0, 2}
			}
			if [2]int{edgeSegs, halfSegs} != want {
				t.Errorf("%s edge %s (%s): %d edge and %d half segments, want %v", c.ID, EdgeNames[e], c.Edges[e],
					edgeSegs, halfSegs, want)
			}
		}
	}
	if std := Standard().StartOf("river"); std == nil || std.ID != "r1-spring" || std.Piece != nil {
		t.Errorf("embedded StartOf(river) = %v, want the one-cell r1-spring (RIVER-3(b))", std)
	}
	if c := Standard().StartOf("city"); c == nil || c.Piece == nil || c.Piece.ID != "coc" {
		t.Errorf("StartOf(city) = %v, want a cell of the City of Carcassonne", c)
	}
}

// TestTwoCellSpring lays the two-cell spring as the start and checks RIVER-3(a) (each cell one tile, EX-S6),
// RIVER-5 (one open end only, never both arms at once) and RIVER-6 along each arm.
func TestTwoCellSpring(t *testing.T) {
	cat := seedRiverCatalogue(t)
	type pl struct {
		id       string
		x, y     int
		rot      int // quarter turns
		wantRule string
	}
	cases := []struct {
		name  string
		tiles []pl
	}{
		{"a river tile continues the west arm", []pl{{"r1-straight", -1, 0, 1, ""}}},
		{"a river tile continues the east arm", []pl{{"r1-bend", 2, 0, 3, ""}}},
		{"a river tile beside the spring but not on its river", []pl{{"r1-straight", 0, 1, 1, "RIVER-5"}}},
		{"U-turn along the west arm: left then left", []pl{{"r1-bend", -1, 0, 2, ""}, {"r1-bend", -1, 1, 1, "RIVER-6"}}},
		{"U-turn along the east arm: right then right", []pl{{"r1-bend", 2, 0, 3, ""}, {"r1-bend", 2, 1, 0, "RIVER-6"}}},
		{"the two arms are measured separately", []pl{{"r1-bend", -1, 0, 2, ""}, {"r1-bend", 2, 0, 3, ""}}},
		{"joining the two arms' ends (RIVER-5)", []pl{
			{"r1-bend", -1, 0, 2, ""},     // west arm: heading W, turns left to S
			{"r1-straight", -1, 1, 0, ""}, // a straight piece resets RIVER-6
			{"r1-bend", -1, 2, 1, ""},     // heading S, turns left to E
			{"r1-straight", 0, 2, 1, ""},  // heading E: its free end faces 1,2
			{"r1-bend", 2, 0, 3, ""},      // east arm: heading E, turns right to S
			{"r1-straight", 2, 1, 0, ""},
			{"r1-bend", 2, 2, 0, ""},            // heading S, turns right to W: its free end faces 1,2 too
			{"r1-straight", 1, 2, 1, "RIVER-5"}, // would join both ends into a loop
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(cat, Options{Players: 2})
			s.PlaceStart(cat.StartOf("river"))
			if len(s.Tiles) != 2 || s.At(Pos{1, 0}) == nil {
				t.Fatalf("the spring piece lies on %d cells, want 0,0 and 1,0", len(s.Tiles))
			}
			for i, p := range c.tiles {
				ty := cat.Tile(p.id)
				_, err := s.Place(ty, Pos{p.x, p.y}, p.rot)
				last := i == len(c.tiles)-1
				switch {
				case p.wantRule == "" && err != nil:
					t.Fatalf("%s at %d,%d rot %d: %v", p.id, p.x, p.y, p.rot, err)
				case p.wantRule != "" && err == nil:
					t.Fatalf("%s at %d,%d rot %d: legal, want refused citing %s", p.id, p.x, p.y, p.rot, p.wantRule)
				case p.wantRule != "":
					if re, ok := err.(*RuleError); !ok || re.Rule != p.wantRule {
						t.Fatalf("%s at %d,%d rot %d: %v, want %s", p.id, p.x, p.y, p.rot, err, p.wantRule)
					}
					if !last {
						t.Fatal("a refusal must be the case's last placement")
					}
				}
			}
		})
	}
}

// TestTwoCellSpringCounts reproduces EX-S6 for the double spring (RIVER-3(a)): a monastery whose block holds both
// spring cells and 3 other filled cells scores 1 + 2 + 3 = 6 at the end, one whose block holds one spring cell and
// 3 others 1 + 1 + 3 = 5; a completed road over both spring cells and 3 other cells has size 5 and scores 5.
func TestTwoCellSpringCounts(t *testing.T) {
	cat := seedRiverCatalogue(t)
	s := New(cat, Options{Players: 2})
	s.PlaceStart(cat.StartOf("river"))
	// Board (x east, y south); W = west spring cell 0,0, E = east spring cell 1,0:
	//   y=-2:        M2 (b-mr1, road S)
	//   y=-1:  M3    R (b-rs N-S)    M1 (b-mr1, road S)
	//   y= 0:  ~     W               E          ~
	//   x:     -1    0               1          2
	// The spring's road leaves W and E northwards: M2 - R - W - E - M1, ended at both monasteries.
	steps := []struct {
		id     string
		x, y   int
		rot    int
		player int // -1: no figure; else a follower on the tile's road (r1) or monastery
		place  string
	}{
		{"r1-straight", -1, 0, 1, -1, ""},   // west arm
		{"r1-straight", 2, 0, 1, -1, ""},    // east arm
		{"b-rs", 0, -1, 0, 0, "r1"},         // player 0's highwayman on the spring's road
		{"b-mr1", 0, -2, 0, -1, ""},         // road end
		{"b-m", -1, -1, 0, 1, "monastery"},  // player 1's monk: block holds W only
		{"b-mr1", 1, -1, 0, 0, "monastery"}, // closes the road; player 0's monk: block holds W and E
	}
	var road int32 = -1
	var log []Score
	for i, st := range steps {
		s.BeginTurn(i % 2)
		idx, err := s.Place(cat.Tile(st.id), Pos{st.x, st.y}, st.rot)
		if err != nil {
			t.Fatalf("%s at %d,%d: %v", st.id, st.x, st.y, err)
		}
		s.Turn.Tile = idx
		if st.player >= 0 {
			local := -1
			for j, sd := range cat.Tile(st.id).Segs {
				if sd.Name == st.place || sd.Kind.String() == st.place {
					local = j
				}
			}
			if _, err := s.Deploy(st.player, Follower, idx, local); err != nil {
				t.Fatalf("%s: deploy on %s: %v", st.id, st.place, err)
			}
			if st.place == "r1" {
				road = s.Tiles[idx].Seg(local)
			}
		}
		if i == len(steps)-1 {
			if got := s.Size(road); got != 5 {
				t.Errorf("road over both spring cells and 3 others: size %d, want 5 (RIVER-3(a), EX-S6)", got)
			}
		}
		s.Turn.Completed = s.Completed(idx, s.Turn.Completed[:0])
		log = s.ScoreTurn(log)
	}
	if len(log) != 1 || log[0].Cat != CatRoad || log[0].Points != 5 || s.Scores[0] != 5 {
		t.Fatalf("scores during the game %v, log %+v; want player 0 +5 for the road", s.Scores[:2], log)
	}
	for _, c := range []struct {
		x, y, want int
	}{{1, -1, 6}, {-1, -1, 5}} {
		if got := s.Block(Pos{c.x, c.y}); got != c.want {
			t.Errorf("block of the monastery at %d,%d = %d, want %d (EX-S6)", c.x, c.y, got, c.want)
		}
	}
	s.FinalScore(nil)
	if s.Scores[0] != 5+6 || s.Scores[1] != 5 {
		t.Errorf("final scores %v, want [11 5]: road 5 + monk 1+2+3; monk 1+1+3 (END-3(c), EX-S6)", s.Scores[:2])
	}
}
