package engine

import (
	"errors"
	"testing"
)

// icBoard returns a two-player board with the start tile b-c1rs at 0,0 (city N, road W-E) and the options, and a
// function that places a tile or fails the test.
func icBoard(t *testing.T, o Options) (*State, func(id string, p Pos, rot int) int) {
	t.Helper()
	cat := Standard()
	o.Players = 2
	s := New(cat, o)
	s.PlaceStart(cat.Tile("b-c1rs"))
	return s, func(id string, p Pos, rot int) int {
		t.Helper()
		i, err := s.Place(cat.Tile(id), p, rot)
		if err != nil {
			t.Fatalf("place %s at %v: %v", id, p, err)
		}
		return i
	}
}

func ruleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// TestFigureKinds: DEF-11 strength (follower 1, abbot 1, large 2), DEF-6 occupancy, DEF-4 followers, the record words.
func TestFigureKinds(t *testing.T) {
	for _, tc := range []struct {
		k                  FigureKind
		word               string
		strength           int
		occupies, follower bool
	}{
		{Follower, "follower", 1, true, true},
		{Abbot, "abbot", 1, true, false},
		{Large, "large", 2, true, true},
	} {
		if tc.k.String() != tc.word || tc.k.Strength() != tc.strength || tc.k.Occupies() != tc.occupies ||
			tc.k.IsFollower() != tc.follower {
			t.Errorf("%v: %q strength %d occupies %v follower %v", tc.k, tc.k.String(), tc.k.Strength(), tc.k.Occupies(),
				tc.k.IsFollower())
		}
		if k, ok := ParseFigureKind(tc.word); !ok || k != tc.k {
			t.Errorf("ParseFigureKind(%q) = %v, %v", tc.word, k, ok)
		}
	}
	s := New(Standard(), Options{Players: 6, Followers: 7, Abbot: true, InnsCathedrals: true})
	for p := 0; p < 6; p++ {
		if s.InSupplyCount(p, Large) != 1 || s.InSupplyCount(p, Abbot) != 1 || s.InSupplyCount(p, Follower) != 7 {
			t.Errorf("player %d: supply %d/%d/%d, want 7 followers, 1 abbot, 1 large follower (CFG-2)", p,
				s.InSupplyCount(p, Follower), s.InSupplyCount(p, Abbot), s.InSupplyCount(p, Large))
		}
	}
	if n := New(Standard(), Options{Players: 2}).Supplied(Large); n != 0 {
		t.Errorf("without the module %d large followers, want 0", n)
	}
}

// TestInnRoadAndCathedralCity: IC-7 (2 per cell), IC-8 (3 per cell and pennant), IC-9 (0 when incomplete at the end,
// Road Sweeper COMBO-22), and without the module the inn is only a picture (RIV2-9: 1 per cell).
func TestInnRoadAndCathedralCity(t *testing.T) {
	for _, module := range []bool{true, false} {
		s, place := icBoard(t, Options{InnsCathedrals: true})
		if !module {
			s, place = icBoard(t, Options{})
		}
		inn := place("ic-innstraightg", Pos{1, 0}, 0) // the start road goes on east, with an inn
		road := s.Tiles[inn].Seg(0)
		done, ended := s.Projection(road)
		if module && (done.Points != 4 || done.Rule != "IC-7" || ended.Points != 0 || ended.Rule != "IC-9") {
			t.Errorf("inn road of 2 cells: if completed %d (%s), if ended %d (%s); want 4 (IC-7), 0 (IC-9)",
				done.Points, done.Rule, ended.Points, ended.Rule)
		}
		if !module && (done.Points != 2 || ended.Points != 2 || s.Marks(road) != 0) {
			t.Errorf("without the module: %d / %d, marks %v; want a plain road, 2 / 2", done.Points, ended.Points,
				s.Marks(road))
		}
		if !module {
			continue
		}
		if sweeperRule(ended.Rule) != "COMBO-22" || sweeperRule("END-3(a)") != "GIFT-7" {
			t.Error("sweeperRule")
		}
		cath := place("ic-cathedral", Pos{0, -1}, 0) // on the start tile's city cap: 2 cells, open
		city := s.Tiles[cath].Seg(0)
		done, ended = s.Projection(city)
		if done.Points != 6 || done.Rule != "IC-8" || ended.Points != 0 || ended.Rule != "IC-9" {
			t.Errorf("cathedral city of 2 cells: %d (%s) / %d (%s); want 6 (IC-8), 0 (IC-9)", done.Points, done.Rule,
				ended.Points, ended.Rule)
		}
		// The cathedral city grows: a pennant cap joins it: (3 + 1) x 3.
		place("b-c2os", Pos{-1, -1}, 0) // band W-E with a pennant: joins the cathedral's W edge
		if done, _ = s.Projection(city); done.Points != 12 || done.Pennants != 1 || !s.Marks(city).Has(MarkCathedral) {
			t.Errorf("joined city: %d points, %d pennants; want (3 + 1) x 3 = 12", done.Points, done.Pennants)
		}
	}
}

// TestLargeFollowerPlaces: IC-4 and its refusals (IC-4(a) a garden, IC-2 without the module, DEF-5 a second one,
// RIVER-8 the river, BASE-7 an occupied feature); strength 2 in the majority (IC-5), one figure for occupancy (IC-6).
func TestLargeFollowerPlaces(t *testing.T) {
	s, place := icBoard(t, Options{InnsCathedrals: true, Abbot: true, Farmers: true})
	g := place("b-rsg", Pos{0, 1}, 1) // a road W-E with a garden, below the start tile
	garden := int(s.Tiles[g].Type.Centre)
	if err := s.CanDeploy(0, Large, g, garden); ruleOf(err) != "IC-4(a)" {
		t.Errorf("large follower on a garden: %v, want IC-4(a)", err)
	}
	if err := s.CanDeploy(0, Abbot, g, garden); err != nil {
		t.Errorf("abbot on the garden: %v", err)
	}
	r := place("b-rs", Pos{1, 0}, 1) // the start road goes on east
	if _, err := s.Deploy(0, Large, r, 0); err != nil {
		t.Fatal(err)
	}
	if s.Occupied(s.Tiles[r].Seg(0)) != 1 {
		t.Errorf("the road holds %d figures, want 1 (IC-6)", s.Occupied(s.Tiles[r].Seg(0)))
	}
	r2 := place("b-rs", Pos{-1, 0}, 1)
	if err := s.CanDeploy(1, Large, r2, 0); ruleOf(err) != "BASE-7" {
		t.Errorf("blue's large follower on red's road: %v, want BASE-7", err)
	}
	m := place("b-m", Pos{1, -1}, 0)
	if err := s.CanDeploy(0, Large, m, 0); ruleOf(err) != "DEF-5" {
		t.Errorf("red's second large follower: %v, want DEF-5", err)
	}
	if _, err := s.Deploy(1, Follower, m, 0); err != nil {
		t.Fatal(err)
	}
	strength, owners, top := s.Majority(s.Tiles[r].Seg(0))
	if strength[0] != 2 || owners != 1 || top != 2 {
		t.Errorf("road majority: strength %v, owners %b, top %d; want red 2 alone", strength, owners, top)
	}
	plain, _ := icBoard(t, Options{})
	pr, _ := plain.Place(Standard().Tile("b-rs"), Pos{1, 0}, 1)
	if err := plain.CanDeploy(0, Large, pr, 0); ruleOf(err) != "IC-2" {
		t.Errorf("large follower without the module: %v, want IC-2", err)
	}
	rv := New(Standard(), Options{Players: 2, InnsCathedrals: true})
	rv.PlaceStart(Standard().StartOf("river"))
	ri, err := rv.Place(Standard().Tile("r1-straight"), Pos{0, 1}, 0)
	if err != nil {
		t.Fatal(err)
	}
	seg, _ := rv.SegByPlace(ri, "N")
	if err := rv.CanDeploy(0, Large, ri, seg); ruleOf(err) != "RIVER-8" {
		t.Errorf("large follower on the river: %v, want RIVER-8", err)
	}
}

// TestLegalMovesOfferTheLargeFollower: the move enumeration (W1 with every module) offers the large follower on each
// free feature a follower may take and never on a garden, and the abbot on the tile's building.
func TestLegalMovesOfferTheLargeFollower(t *testing.T) {
	s, _ := icBoard(t, Options{InnsCathedrals: true, Abbot: true, Farmers: true})
	rsg := Standard().Tile("b-rsg")
	kinds := map[FigureKind]int{}
	for _, m := range s.LegalMoves(rsg, 0, nil) {
		if m.Local < 0 {
			continue
		}
		kinds[m.Kind]++
		if sk := rsg.Segs[int(m.Local)].Kind; (sk == KGarden) != (m.Kind == Abbot) {
			t.Errorf("%v on a %v", m.Kind, sk)
		}
	}
	if kinds[Large] == 0 || kinds[Large] != kinds[Follower] || kinds[Abbot] == 0 {
		t.Errorf("moves by kind %v: want the large follower wherever a follower may go, the abbot on the garden", kinds)
	}
}
