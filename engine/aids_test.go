package engine

import (
	"slices"
	"testing"
)

// Hand-worked boards for the table aids (issue 10). Every count below was worked out by hand from the base tiles'
// edges (engine/data/base.tiles, tiles.md); rotations are quarter turns clockwise, so that in rotation k table edge e
// shows the tile's edge e-k.
//
// The board (base tiles, start b-c1rs at 0,0: city N, road E-W, field S):
//
//	        x=-1           x=0            x=1
//	y=-1    b-rc rot2      (city cell)    b-rc rot1       rot2: N road E road S field W field; rot1: N road E field S field W road
//	y= 0    b-rs rot1      b-c1rs start   b-rs rot1       rot1: N field E road S field W road
//	y= 1    b-c1 rot1      (the hole)     b-c1 rot3       rot1: city E; rot3: city W; other edges field
//	y= 2    b-m            b-m | b-rs     -               b-m all field; b-rs rot0 road N-S
//
// The hole 0,1 demands: N field (the start's S), E city (1,1's W), S field (b-m's N) or road (b-rs's N), W city
// (-1,1's E). The city cell 0,-1 demands: S city (the start's N), E road (1,-1's W), W road (-1,-1's E), N nothing.

// aidsBoard lays the board above; southRoad puts b-rs at 0,2 instead of b-m.
func aidsBoard(t *testing.T, southRoad bool) *State {
	t.Helper()
	cat := Standard()
	s := New(cat, Options{Players: 2, Farmers: true})
	s.PlaceStart(cat.Tile("b-c1rs"))
	south := "b-m"
	if southRoad {
		south = "b-rs"
	}
	for _, p := range []struct {
		id   string
		x, y int
		rot  int
	}{
		{"b-rs", -1, 0, 1}, {"b-rs", 1, 0, 1}, {"b-c1", -1, 1, 1}, {"b-c1", 1, 1, 3}, {"b-m", -1, 2, 0},
		{south, 0, 2, 0}, {"b-rc", -1, -1, 2}, {"b-rc", 1, -1, 1},
	} {
		if _, err := s.Place(cat.Tile(p.id), Pos{p.x, p.y}, p.rot); err != nil {
			t.Fatalf("place %s at %d,%d rot %d: %v", p.id, p.x, p.y, p.rot, err)
		}
	}
	return s
}

// baseStack returns the land stack of a base game (the start copy of b-c1rs out), by type index, with the given
// changes of copies.
func baseStack(cat *Catalogue, changes map[string]int) []int {
	st := make([]int, len(cat.Types))
	for _, t := range cat.Set("base") {
		st[t.Index] = t.Count
		if t.Start {
			st[t.Index]--
		}
	}
	for id, n := range changes {
		st[cat.Tile(id).Index] += n
	}
	return st
}

func fitAt(t *testing.T, s *State, stack []int, p Pos) int {
	t.Helper()
	for _, c := range s.FitCounts(stack, nil) {
		if c.Pos == p {
			return c.N
		}
	}
	t.Fatalf("%v is not a frontier cell", p)
	return -1
}

// TestFitCountsHand: the hole and the city cell of the board above, with copies used up.
func TestFitCountsHand(t *testing.T) {
	cat := Standard()
	hole, cityCell := Pos{0, 1}, Pos{0, -1}
	for _, tc := range []struct {
		name      string
		southRoad bool
		changes   map[string]int
		at        Pos
		want      int
	}{
		// Hole N field, E city, S field, W city: the cyclic pattern F C F C. Base tiles with it: b-c2os (F C F C,
		// 2 copies), b-c2o (1), b-cc2o (C F C F, in rotation 1: 2 copies), b-cc2og (1). 2+1+2+1 = 6.
		{"hole FCFC, full stack", false, nil, hole, 6},
		// The same with both b-c2os drawn: 1+2+1 = 4.
		{"hole FCFC, b-c2os used up", false, map[string]int{"b-c2os": -2}, hole, 4},
		// ... and both b-cc2o and the b-cc2og: 1 (the b-c2o).
		{"hole FCFC, one copy left", false, map[string]int{"b-c2os": -2, "b-cc2o": -2, "b-cc2og": -1}, hole, 1},
		// ... and the b-c2o: no tile left fits: a dead spot.
		{"hole FCFC, dead", false, map[string]int{"b-c2os": -2, "b-cc2o": -2, "b-cc2og": -1, "b-c2o": -1}, hole, 0},
		// Hole N field, E city, S road, W city: F C R C. The only base tiles with two opposite city edges and a
		// road are b-c3r1s/b-c3r1 (C C R C: three cities): no tile of the whole base set fits. A dead spot.
		{"hole FCRC, dead with the full stack", true, nil, hole, 0},
		// City cell: S city, E road, W road, N free: a city edge with roads on both sides. b-c1rs (C R F R: 3 left
		// in the stack, the 4th is the start) in rotation 2, b-c1r3 (C R R R: 3) in rotation 2. 3+3 = 6.
		{"city cell, full stack", false, nil, cityCell, 6},
		// With the three b-c1r3 drawn only one tile type fits the city's last open cell: b-c1rs, 3 copies.
		{"city cell, one type left", false, map[string]int{"b-c1r3": -3}, cityCell, 3},
		// One b-c1rs drawn too: 2.
		{"city cell, one type, two copies", false, map[string]int{"b-c1r3": -3, "b-c1rs": -1}, cityCell, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := aidsBoard(t, tc.southRoad)
			if got := fitAt(t, s, baseStack(cat, tc.changes), tc.at); got != tc.want {
				t.Errorf("%v: %d tiles fit, want %d", tc.at, got, tc.want)
			}
		})
	}
}

// TestOpenFeaturesHand: a knight on the start's city (one cell, open N towards 0,-1) and a thief on the road
// -1,-1 .. 1,-1 round it.
func TestOpenFeaturesHand(t *testing.T) {
	s := aidsBoard(t, false)
	if _, err := s.Deploy(0, Follower, 0, 0); err != nil { // the start's c1 (segment 0: city N)
		t.Fatal(err)
	}
	feats := s.OpenFeatures(nil)
	if len(feats) != 1 {
		t.Fatalf("open features %v, want the start's city", feats)
	}
	c := feats[0]
	if got := s.OpenCells(c, nil); !slices.Equal(got, []Pos{{0, -1}}) {
		t.Errorf("city open cells %v, want [0,-1]", got)
	}
	// One cell, no pennant: completed now 2 x 1 = 2 (BASE-10(b)); at the end 1 (END-3(b)).
	done, ended := s.Projection(c)
	if done.Points != 2 || ended.Points != 1 || done.Owners != 1 || ended.Owners != 1 {
		t.Errorf("projection completed %d (owners %b), ended %d (owners %b); want 2, 1 to red", done.Points,
			done.Owners, ended.Points, ended.Owners)
	}
	// The road -1,0 .. 1,0 through the start: its ends are the W edge of -1,0 (cell -2,0) and the E edge of 1,0
	// (cell 2,0). A thief on it: 3 cells, 3 points either way (BASE-10(a), END-3(a)).
	ri, _ := s.FeatureAt(Pos{-1, 0}, "W")
	rt := s.TileIndex(Pos{-1, 0})
	rl, _ := s.SegByPlace(rt, "W")
	if _, err := s.Deploy(1, Follower, rt, rl); err != nil {
		t.Fatal(err)
	}
	cells := s.OpenCells(ri, nil)
	slices.SortFunc(cells, func(a, b Pos) int { return a.X - b.X })
	if !slices.Equal(cells, []Pos{{-2, 0}, {2, 0}}) {
		t.Errorf("road open cells %v, want [-2,0 2,0]", cells)
	}
	done, ended = s.Projection(ri)
	if done.Points != 3 || ended.Points != 3 || done.Owners != 2 {
		t.Errorf("road projection %d/%d owners %b, want 3/3 to blue", done.Points, ended.Points, done.Owners)
	}
	// A monastery's open cells are the empty cells of its block: b-m at -1,2 has -2,1 -2,2 -2,3 -1,3 0,3 empty
	// (0,1 is the hole, also empty): 6 cells.
	mi := s.TileIndex(Pos{-1, 2})
	if got := len(s.OpenCells(s.Tiles[mi].Seg(int(s.Tiles[mi].Type.Centre)), nil)); got != 6 {
		t.Errorf("monastery at -1,2: %d open cells, want 6", got)
	}
}

// TestFieldScoreHand: a farmer in a field bordering one completed city, then two.
func TestFieldScoreHand(t *testing.T) {
	cat := Standard()
	s := New(cat, Options{Players: 2, Farmers: true})
	s.PlaceStart(cat.Tile("b-c1rs"))
	// b-c1 rot2 at 0,-1: city S closes the start's city (2 cells); its field (E, N, W) borders that city.
	ti, err := s.Place(cat.Tile("b-c1"), Pos{0, -1}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Deploy(0, Follower, ti, 1); err != nil { // b-c1's f1
		t.Fatal(err)
	}
	fields := s.Fields(nil)
	if len(fields) != 1 {
		t.Fatalf("fields %v", fields)
	}
	// 1 completed city bordered: 3 points (FARM-5).
	if sc := s.FieldScore(fields[0]); sc.Cities != 1 || sc.Points != 3 || sc.Owners != 1 {
		t.Errorf("field: %d cities, %d points, owners %b; want 1, 3, red", sc.Cities, sc.Points, sc.Owners)
	}
	// A second city on the same field: b-c1 rot0 at 0,-2 (city N; its field E, S, W joins the farmer's field across
	// 0,-1's N edge), then b-c1 rot2 at 0,-3 closes that cap.
	for _, p := range []struct {
		x, y, rot int
	}{{0, -2, 0}, {0, -3, 2}} {
		if _, err := s.Place(cat.Tile("b-c1"), Pos{p.x, p.y}, p.rot); err != nil {
			t.Fatalf("b-c1 at %d,%d: %v", p.x, p.y, err)
		}
	}
	// 2 completed cities bordered: 6 points.
	if sc := s.FieldScore(fields[0]); sc.Cities != 2 || sc.Points != 6 {
		t.Errorf("field: %d cities, %d points; want 2, 6", sc.Cities, sc.Points)
	}
}
