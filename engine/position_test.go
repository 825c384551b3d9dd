package engine

import "testing"

// Laying a position (position.go): each check refuses with its rule and leaves the state unchanged; nothing scores.
func TestPositionChecks(t *testing.T) {
	cat := Standard()
	opts := Options{Players: 2, Followers: 2, Farmers: true, Abbot: true, King: true, Gifts: true}
	s := New(cat, opts)
	if _, err := s.LayFirst(cat.Tile("b-c1rs"), Pos{3, 3}, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LayFirst(cat.Tile("b-rs"), Pos{4, 3}, 1); err == nil {
		t.Fatal("LayFirst on a board that is not empty")
	}
	if _, err := s.Place(cat.Tile("b-c1"), Pos{3, 2}, 2); err != nil { // cap facing S: the city is completed
		t.Fatal(err)
	}
	if _, err := s.Place(cat.Tile("b-m"), Pos{3, 4}, 0); err != nil {
		t.Fatal(err)
	}
	seg := func(p Pos, place string) int32 {
		t.Helper()
		sg, err := s.FeatureAt(p, place)
		if err != nil {
			t.Fatal(err)
		}
		return sg
	}
	city, road, field, mon := seg(Pos{3, 3}, "N"), seg(Pos{3, 3}, "E"), seg(Pos{3, 3}, "SSE"), seg(Pos{3, 4}, "monastery")
	rule := func(err error) string {
		if re, ok := err.(*RuleError); ok {
			return re.Rule
		}
		return "<nil>"
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"follower on the completed city", s.CanStand(0, Follower, city), "BASE-12"},
		{"abbot on a road", s.CanStand(0, Abbot, road), "ABBOT-4"},
		{"abbot on a field", s.CanStand(0, Abbot, field), "ABBOT-4"},
		{"King's marker on a road", s.CanHold(false, road), "KING-2"},
		{"Robber's marker on an open road", s.CanHold(true, road), "ROBBER-2"},
		{"Count's quarter without the City", s.CanStandInQuarter(0, Palace, Follower), "POS-4"},
		{"negative gifts", s.SetGifts(0, -1), "POS-6"},
		{"more gifts than the deck", s.SetGifts(0, 26), "GIFT-4"},
		{"negative score", s.SetScore(0, -2), "POS-7"},
	} {
		if got := rule(c.err); got != c.want {
			t.Errorf("%s: %v, want %s", c.name, c.err, c.want)
		}
	}
	// Figures share a feature (BASE-7 does not apply) up to the supply (CFG-2), one abbot (ABBOT-1).
	for _, step := range []error{s.Stand(0, Follower, road), s.Stand(1, Follower, road), s.Stand(0, Follower, field),
		s.Stand(0, Abbot, mon)} {
		if step != nil {
			t.Fatal(step)
		}
	}
	if got := rule(s.CanStand(0, Follower, field)); got != "CFG-2" {
		t.Errorf("a third follower of two: %s", got)
	}
	if got := rule(s.CanStand(0, Abbot, mon)); got != "ABBOT-1" {
		t.Errorf("a second abbot: %s", got)
	}
	if err := s.Hold(false, 1, city); err != nil || s.King.Player != 1 || s.King.Size != 2 {
		t.Errorf("King: %v %+v", err, s.King)
	}
	if err := s.SetGifts(1, 3); err != nil || s.Gift.Deck != 22 || s.Gift.Hands[1] != 3 {
		t.Errorf("gifts: %v %+v", err, s.Gift)
	}
	if s.Scores != [MaxPlayers]int{} {
		t.Errorf("laying a position scored %v", s.Scores)
	}
	if n := s.Occupied(road); n != 2 {
		t.Errorf("%d figures on the road, want 2", n)
	}
}

// A position being entered lays tiles anywhere (LayLoose): apart from the board, an island, with only the edges it
// shares checked (BASE-4); Mismatch names the first edge that does not match a tile beside the cell.
func TestLayLoose(t *testing.T) {
	cat := Standard()
	s := New(cat, Options{Players: 2, Followers: 7, Farmers: true})
	road := cat.Tile("b-rs") // a straight road, W-E in rotation 0
	if _, err := s.LayLoose(road, Pos{0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LayLoose(road, Pos{5, 5}, 1); err != nil { // touching nothing: an island
		t.Fatalf("an island is refused: %v", err)
	}
	if _, err := s.LayLoose(road, Pos{5, 5}, 0); err == nil {
		t.Fatal("a second tile in a cell")
	}
	// Below the island's N-S road, a W-E road shows a field on its N edge where the island shows a road.
	if e := s.Mismatch(road, Pos{5, 6}, 0); e != N {
		t.Fatalf("Mismatch = %d, want N", e)
	}
	_, err := s.LayLoose(road, Pos{5, 6}, 0)
	if re, ok := err.(*RuleError); !ok || re.Rule != "BASE-4" || re.Data["edge"] != "N" {
		t.Fatalf("mismatch beside the island: %v", err)
	}
	if e := s.Mismatch(road, Pos{5, 6}, 1); e != -1 {
		t.Fatalf("a matching edge: Mismatch = %d", e)
	}
	if _, err := s.LayLoose(road, Pos{5, 6}, 1); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Tiles); n != 3 {
		t.Fatalf("%d tiles laid, want 3", n)
	}
}
