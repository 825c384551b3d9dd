package engine

// Laying a position (POS-1..POS-9): the board, the figures, the City, the King and the Robber Baron, the gifts and
// the score track set as they lie on a table, without playing or scoring a turn. Tiles are laid with Place (the
// same BASE-4, river and shrine checks as in play) after the first one (LayFirst), or, while a position is being
// entered in any order, with LayLoose (an island: its shared edges checked, BASE-4); figures with Stand, which checks
// where a figure may stand with the same code as step 2 (canStandOn) plus what a position adds: never on a
// completed feature (BASE-12) and no more figures than the supply (CFG-2, ABBOT-1; one large follower, POS-3 amended).
// Nothing here scores.

// LayFirst lays tile type t at p in rotation rot (quarter turns) on an empty board: the first tile of a position
// with no start piece (start=none, POS-1), which stands in for the start tile. Errors: BASE-4 (beyond the board),
// POS-1 (the board is not empty).
func (s *State) LayFirst(t *TileType, p Pos, rot int) (int, error) {
	if len(s.Tiles) > 0 {
		return -1, refuse("POS-1", "err.cell_taken")
	}
	if !inBounds(p) {
		return -1, refuse("BASE-4", "err.out_of_board")
	}
	return s.placeRaw(t, p, rot), nil
}

// LayLoose lays tile type t at p in rotation rot (quarter turns) in a position being entered, wherever it lies:
// beside the tiles laid so far or apart from them (an island, joined to the board by tiles entered later: POS-1 is
// checked once the position is finished). Every edge it shares with a tile beside it must match (BASE-4); the river
// and shrine limits, which need the river's flow and the whole neighbourhood, are checked when the island is laid
// from the board with Place. Errors: BASE-4 (beyond the board, a tile already there, an edge that does not match).
func (s *State) LayLoose(t *TileType, p Pos, rot int) (int, error) {
	if !inBounds(p) {
		return -1, refuse("BASE-4", "err.out_of_board")
	}
	if s.cellValue(p) > 0 {
		return -1, refuse("BASE-4", "err.cell_taken")
	}
	if e := s.Mismatch(t, p, rot); e >= 0 {
		n := s.At(p.Neighbour(e))
		return -1, refuse("BASE-4", "err.edge_mismatch", "edge", EdgeNames[e], "terrain", t.Rotated(rot, e).String(),
			"board", n.Type.Rotated(int(n.Rot), e+2).String())
	}
	return s.placeRaw(t, p, rot), nil
}

// Mismatch returns the first edge (0..3: N E S W) at which tile type t, lying at p in rotation rot, does not match
// the tile beside it (BASE-4: both sides of a shared edge show the same terrain), -1 if every edge it shares with a
// tile matches. A tile lying at p itself is not looked at (a tile typed again where it lies).
func (s *State) Mismatch(t *TileType, p Pos, rot int) int {
	for e := 0; e < 4; e++ {
		// (an abbey matches every side, AM-4: a position read row by row reaches it before the tile below it)
		if n := s.At(p.Neighbour(e)); n != nil && !n.Type.Abbey && !t.Abbey && n.Type.Rotated(int(n.Rot), e+2) != t.Rotated(rot, e) {
			return e
		}
	}
	return -1
}

// CanStand checks that one more figure of the player's of that kind may stand (or, on a field, lie) on segment seg
// in a position (POS-3): a place that figure may take (BASE-6, FARM-1/2, ABBOT-3/4, RIVER-8, RIV2-6), a feature
// that is not completed (BASE-12: it would have been scored and its figures returned), and a figure left in the
// supply (CFG-2; ABBOT-1 for a second abbot). Figures may share a feature (BASE-7 does not apply: features join
// after figures are placed).
func (s *State) CanStand(player int, kind FigureKind, seg int32) error {
	if err := s.moduleRefusal(kind); err != nil {
		return err
	}
	if seg < 0 || int(seg) >= len(s.segs) {
		return refuse("POS-3", "err.no_such_place")
	}
	t := &s.Tiles[s.segs[seg].segTile]
	k := s.SegKind(seg)
	if kind.IsSpecial() {
		return s.canStandSpecial(player, kind, seg)
	}
	if err := s.amStandRefusal(kind, k, t.Type); err != nil { // AM-7, AM-11, AM-14 (am.go)
		return err
	}
	if kind == Barn {
		return refuse("AM-21", "err.am.barn_at_corner")
	}
	if err := s.canStandOn(kind, k, riverRuleFor(t.Type)); err != nil {
		return err
	}
	if k != KField && s.IsComplete(seg) {
		return refuse("BASE-12", "err.pos.completed", "feature", k.String())
	}
	return s.standSupply(player, kind)
}

// canStandSpecial is CanStand for the builder and the pig (POS-3 amended): the builder on an incomplete road or city
// (TB-5(c), BASE-12, TB-11(a)) on which its owner has a follower (TB-5(a), TB-11(b)), the pig on a field on which its
// owner has a farmer, only with farmers (TB-12, TB-13); one of each per player. A position's figure lines come in
// any order: the referee lays builders and pigs after every follower (layOthers).
func (s *State) canStandSpecial(player int, kind FigureKind, seg int32) error {
	k := s.SegKind(seg)
	switch {
	case kind == Pig && !s.Opts.Farmers:
		return refuse("TB-12", "err.pig_no_farmers")
	case kind == Pig && k != KField:
		return refuse("TB-12", "err.pig_not_field", "feature", k.String())
	case kind == Builder && k != KRoad && k != KCity:
		return refuse("TB-5(c)", "err.builder_not_there", "feature", k.String())
	case kind == Builder && s.IsComplete(seg):
		return refuse("BASE-12", "err.pos.completed", "feature", k.String())
	case !s.hasFollowerOn(player, seg):
		return refuse("POS-3", "err.pos.special_alone", "figure", kind.String(), "feature", k.String())
	}
	return s.standSupply(player, kind)
}

// standSupply checks that a figure of that kind is left for a position line (CFG-2): one abbot (ABBOT-1), one large
// follower, one builder, one pig (POS-3 amended), Options.Followers followers.
func (s *State) standSupply(player int, kind FigureKind) error {
	if s.fromSupply(player, kind) >= 0 {
		return nil
	}
	switch kind {
	case Abbot:
		return refuse("ABBOT-1", "err.pos.one_abbot")
	case Large:
		return refuse("POS-3", "err.pos.one_large")
	case Builder, Pig, Mayor, Wagon, Barn:
		return refuse("POS-3", "err.pos.one_special", "figure", kind.String())
	}
	return refuse("CFG-2", "err.pos.supply", "count", s.Opts.Followers)
}

// Stand puts a figure of the player's supply onto segment seg after CanStand (POS-3).
func (s *State) Stand(player int, kind FigureKind, seg int32) error {
	if err := s.CanStand(player, kind, seg); err != nil {
		return err
	}
	s.putOnBoard(s.fromSupply(player, kind), seg)
	return nil
}

// CanStandInQuarter checks that one more figure of the player's of that kind may be in quarter q of the City in a
// position (POS-4): the City lies flag side up (COUNT-3), the abbot only in the cathedral (COUNT-8(b)), the large
// follower in any quarter (COMBO-15), the market only with farmers (COUNT-8(c)), and a figure left in the supply
// (CFG-2, ABBOT-1, POS-3).
func (s *State) CanStandInQuarter(player int, q Quarter, kind FigureKind) error {
	if err := s.moduleRefusal(kind); err != nil {
		return err
	}
	if err := specialRefusal(kind, "COMBO-16(a)"); err != nil {
		return err
	}
	switch {
	case !s.City.Placed:
		return refuse("POS-4", "err.pos.no_city")
	case !s.City.Active:
		return refuse("COUNT-3", "err.city_plain")
	case q >= NumQuarters:
		return refuse("COUNT-5", "err.no_such_quarter")
	case kind == Abbot && q != Cathedral:
		return refuse("COUNT-8(b)", "err.abbot_cathedral_only")
	case q == Market && !s.Opts.Farmers:
		return refuse("COUNT-8(c)", "err.market_closed")
	}
	if err := amCityRefusal(kind, q); err != nil { // COMBO-42(a), am.go
		return err
	}
	return s.standSupply(player, kind)
}

// StandInQuarter puts a figure of the player's supply into quarter q after CanStandInQuarter (POS-4).
func (s *State) StandInQuarter(player int, q Quarter, kind FigureKind) error {
	if err := s.CanStandInQuarter(player, q, kind); err != nil {
		return err
	}
	f := &s.Figures[s.fromSupply(player, kind)]
	f.Where, f.Quarter, f.Seg = InCity, q, -1
	return nil
}

// CanHold checks that the King's marker (robber false) or the Robber Baron's (robber true) may lie on the feature
// of seg in a position (POS-5): the module is in play, and the feature is a completed city (KING-2) or a completed
// road (ROBBER-2), and none larger is completed on the board (KING-3, ROBBER-3).
func (s *State) CanHold(robber bool, seg int32) error {
	rule, key, want := "KING-2", "err.pos.king_not_city", KCity
	if robber {
		rule, key, want = "ROBBER-2", "err.pos.robber_not_road", KRoad
	}
	if !s.Opts.King {
		return refuse("POS-5", "err.pos.no_king_robber")
	}
	if seg < 0 || int(seg) >= len(s.segs) || s.SegKind(seg) != want || !s.IsComplete(seg) {
		return refuse(rule, key)
	}
	// KING-3 / ROBBER-3: a completed city (road) larger than the marked one would have taken the marker when it
	// was completed, and completed features never grow: the marker lies on one of the largest. (The City of
	// Carcassonne, which never competes, KING-6, is no city feature of the board: its caps cSW/cSE are ordinary
	// cities and compete.) Such a position cannot have been reached (POS intro).
	size, larger := s.Size(seg), 0
	s.eachCompleted(func(r int32, k Kind) {
		if k == want {
			larger = max(larger, s.Size(r))
		}
	})
	switch {
	case larger <= size:
		return nil
	case robber:
		return refuse("ROBBER-3", "err.pos.robber_not_longest", "size", size, "larger", larger)
	}
	return refuse("KING-3", "err.pos.king_not_largest", "size", size, "larger", larger)
}

// Hold gives the King (robber false) or the Robber Baron (robber true) to the player, its marker on the feature of
// seg, after CanHold: that feature's size is what a later city or road must beat (POS-5, KING-3, ROBBER-3).
func (s *State) Hold(robber bool, player int, seg int32) error {
	if err := s.CanHold(robber, seg); err != nil {
		return err
	}
	h := Holder{Player: player, Feature: s.find(seg), Size: s.Size(seg), Rule: "POS-5"}
	if robber {
		s.Baron = h
	} else {
		s.King = h
	}
	return nil
}

// SetGifts gives the player n unopened gifts from the deck (POS-6, GIFT-4): the deck holds the other cards.
// Errors: GIFT-1 (no gifts in this game), POS-6 (a negative number), GIFT-4 (more gifts than the deck holds).
func (s *State) SetGifts(player, n int) error {
	switch {
	case !s.Opts.Gifts:
		return refuse("GIFT-1", "err.no_gifts")
	case n < 0:
		return refuse("POS-6", "err.pos.negative", "n", n)
	case n > s.Gift.Deck:
		return refuse("GIFT-4", "err.pos.gifts_deck", "n", n, "deck", s.Gift.Deck)
	}
	s.Gift.Deck -= n
	s.Gift.Hands[player] += n
	return nil
}

// SetScore puts the player's marker on the score track at points (POS-7: non-negative; later scorings add to
// it, BASE-14).
func (s *State) SetScore(player, points int) error {
	if points < 0 {
		return refuse("POS-7", "err.pos.negative", "n", points)
	}
	s.Scores[player] = points
	return nil
}
