package engine

import "math/bits"

// Abbey & Mayor (RULES-AM.md: section AM, AM-1..30, the SEQ amendments SEQ-0b, SEQ-6(h), SEQ-9a, DEF-18..20 and
// COMBO-42..54), with the module Options.AbbeyMayor. Where each rule lives:
//
//   - the tiles are data (data/am.tiles): the 12 land tiles and the abbey (`abbey` line, TileType.Abbey), whose edges
//     are the terrain Abbey; the abbey is never in a stack (the referee's bag leaves it out, CFG-5 amended) and
//     each player holds one (State.Abbeys, AM-2);
//   - the abbey: PlaceAbbey lays it into a hole (DEF-18: a frontier cell all four of whose neighbours are filled,
//     Holes) under SHRINE-3 (COMBO-48(c)), with no edge matching (AM-4); it closes every road, city or river port of
//     its four neighbours that faces it, joining nothing (AM-5(a), (b): closeAround), so that Completed lists the
//     roads and cities it completes (abbeyCompleted) and the monasteries, shrines, gardens and abbeys whose block it
//     fills (AM-5(c), (d)); it is a monastery for every rule (AM-6: its centre segment is KMonastery);
//   - the mayor, the wagon and the barn are FigureKinds (figures.go): the mayor's strength is the pennants of its
//     city at the moment of the test (tallyFigures asks figureStrength: AM-12, AM-13, DEF-11 amended); where each may
//     stand is amStandRefusal (AM-7, AM-11, AM-14, COMBO-48(e), COMBO-53(b)); the barn stands at a barn point
//     (BarnPoint, DeployBarn: DEF-19, AM-21, AM-22), kept as the field segment of the north-west corner of the tile
//     south-east of the point, so that the point is always that tile's NW corner (BarnCorner);
//   - a field with a barn is closed to farmers and pigs (barnClosed: AM-24), from the figure step, the positions and
//     Change Position alike;
//   - barn scorings in the scoring step (scoreBarns, from ScoreTurn: AM-23, 3 a city, when the barn was placed in
//     this part on a field with farmers; AM-25, 1 a city, when the part's tile joined farmers to a barn), with the
//     pig and the pig herd (pigBonuses, COMBO-52(c), OPEN-39) and the City (FieldScore's count, COMBO-45); farmers
//     and pigs of those fields go home, barns stay (AM-26); the points are features' gains for the City test
//     (COMBO-47(a));
//   - at the end (scoreFields, FinalScore): a field with barns scores its farmers first at 1 a city (COMBO-44,
//     AM-25) and then every barn owner 4 a city without pig bonus (AM-27, CatBarn);
//   - wagons: ScoreTurn sets aside (holdWagons) each wagon of a feature scored because completed, the winning side
//     of a shrine challenge included (AM-16), into its owner's supply with the cell it stood on (TurnState.Wagons,
//     WagonFrom); the referee asks the owners in clockwise order from the active player (AM-18) and moves each with
//     MoveWagon onto an eligible target (WagonTargets, CanMoveWagon: AM-17) or leaves it at home; a wagon of a losing
//     side, of a swept or cashed-out road goes home at once (AM-19).
//
// # Rulings
//
// Where RULES-AM.md leaves a point open (its section 8) the program applies the ruling RULES-AM.md names, each kept
// in the one place named:
//
//   - OPEN-33 (which edition): C2; the wagon moves within its 3x3 block (AM-17(a)): WagonTargets. No `wagon=c1`.
//   - OPEN-34 (abbey in the river phase): refused (AM-3(b)): the referee's placeAbbey (referee/am.go).
//   - OPEN-35 (the end-of-game abbey round): one pass, from the left neighbour of the last tile's player to that
//     player (AM-10): the referee's abbey round (referee/am.go, beginAbbeyRound).
//   - OPEN-36 (barn without farmers): refused (AM-21(a)): DeployBarn, and Supplied gives the barn all the same so
//     that the figures are the box's.
//   - OPEN-37 (a wagon on the losing side of a challenge): home without a move (AM-19): holdWagons takes only the
//     wagons of the features ScoreTurn scored.
//   - OPEN-38 (market figures onto a barn field without farmers): not admitted (COMBO-43): barnTargets.
//   - OPEN-39 (pig and pig herd in barn scorings): both add 1 a city to AM-23 and AM-25 alike, none to AM-27:
//     barnFieldScore (pigBonuses) and scoreFields.
//   - OPEN-40 (barn scorings and the City placement): they count as scorings the active player caused (COMBO-47(a)):
//     scoreBarns adds them to TurnState.FeatureGained.
//   - OPEN-41 (the abbey as the second tile of a double turn): allowed (COMBO-52(a)): the referee's placeAbbey.
//   - OPEN-42 (abbey and gifts): the window comes before the abbey, Two Choices refused in an abbey part
//     (COMBO-50(b)), an abbey never earns a gift (COMBO-50(a): it has no road or city edge, GiftEarned): the
//     referee's placeAbbey and gift window (referee/am.go).

// The corners of a tile, in table orientation, as `deploy barn` and `position … barn` name them.
const (
	CornerNW = iota
	CornerNE
	CornerSE
	CornerSW
)

// CornerNames are the record's corner words, by corner.
var CornerNames = [4]string{"NW", "NE", "SE", "SW"}

// ParseCorner returns the corner of a record word NW, NE, SE, SW.
func ParseCorner(s string) (int, bool) {
	for i, n := range CornerNames {
		if n == s {
			return i, true
		}
	}
	return 0, false
}

// cornerHalves are the two half-edges (HalfNames order) that meet at each corner (DEF-19): NW: WNW and NNW; NE: NNE
// and ENE; SE: ESE and SSE; SW: SSW and WSW.
var cornerHalves = [4][2]int{{7, 0}, {1, 2}, {3, 4}, {5, 6}}

// cornerShift is, by corner, the offset from a tile to the tile south-east of that corner's point.
var cornerShift = [4]Pos{{0, 0}, {1, 0}, {1, 1}, {0, 1}}

// initAM gives each player their abbey (AM-2) with the module.
func (s *State) initAM() {
	s.Abbeys = [MaxPlayers]bool{}
	if s.Opts.AbbeyMayor {
		for p := 0; p < s.Opts.Players; p++ {
			s.Abbeys[p] = true
		}
	}
}

// amRefusal returns the refusal for a figure of Abbey & Mayor named without the module (CFG-3 amended), nil
// otherwise.
func (s *State) amRefusal(kind FigureKind) *RuleError {
	if kind.IsAM() && !s.Opts.AbbeyMayor {
		return refuse("CFG-3", "err.am.no_module", "figure", kind.String())
	}
	return nil
}

// IsAM reports whether the kind is a figure of Abbey & Mayor: the mayor, the wagon or the barn (DEF-4 amended).
func (k FigureKind) IsAM() bool { return k == Mayor || k == Wagon || k == Barn }

// figureStrength returns what figure f counts in the majority of the feature of seg (DEF-11 amended): its kind's
// strength, for a mayor the pennants of its city now (AM-12; 0 without, AM-13).
func (s *State) figureStrength(f *Figure, seg int32) int {
	if f.Kind == Mayor {
		return int(s.segs[s.find(seg)].pennants)
	}
	return f.Kind.Strength()
}

// MayorStrength returns the strength of a mayor on the city of seg now: its pennants (AM-12).
func (s *State) MayorStrength(seg int32) int { return int(s.segs[s.find(seg)].pennants) }

// amStandRefusal checks where a figure may stand by the kind of the segment and the tile (AM-7, AM-11, AM-14,
// COMBO-48(e), COMBO-53(b)): nothing but a follower, the large follower, the abbot or the wagon on an abbey; the
// mayor only on a city; the wagon on a road, city, monastery (abbeys included) or shrine. nil for any other kind.
func (s *State) amStandRefusal(kind FigureKind, k Kind, t *TileType) *RuleError {
	if t.Abbey && (kind == Mayor || kind == Barn || kind == Builder || kind == Pig) {
		return refuse("AM-7", "err.am.not_on_abbey", "figure", kind.String())
	}
	switch kind {
	case Mayor:
		if k != KCity {
			return refuse("AM-11", "err.am.mayor_not_city", "feature", k.String())
		}
	case Wagon:
		if k != KRoad && k != KCity && k != KMonastery && k != KShrine {
			return refuse("AM-14", "err.am.wagon_not_there", "feature", k.String())
		}
	}
	return nil
}

// barnClosed returns the refusal of a farmer or pig onto a field that holds a barn (AM-24), nil otherwise.
func (s *State) barnClosed(kind FigureKind, seg int32) *RuleError {
	if !s.Opts.AbbeyMayor || s.SegKind(seg) != KField || kind == Barn {
		return nil
	}
	if s.whoseOn(seg, Barn) != 0 {
		return refuse("AM-24", "err.am.barn_field_closed", "figure", kind.String())
	}
	return nil
}

// BarnsOn returns the players whose barn stands on the field of seg, as a bit mask (AM-21, AM-22).
func (s *State) BarnsOn(seg int32) uint8 { return s.whoseOn(seg, Barn) }

// --- the abbey ---------------------------------------------------------------------------------------------------

// IsHole reports whether p is a hole (DEF-18): an empty cell whose four orthogonal neighbours are filled.
func (s *State) IsHole(p Pos) bool {
	if !inBounds(p) || s.cellValue(p) >= 0 {
		return false // a hole is always a frontier cell (negative)
	}
	_, mask := s.demand(s.gridIndex(p))
	return mask == 0xFFFF
}

// Holes appends to buf every hole of the board (DEF-18) in the frontier's order.
func (s *State) Holes(buf []Pos) []Pos {
	for _, f := range s.frontier {
		if f.mask == 0xFFFF {
			buf = append(buf, s.cellPos(f.g))
		}
	}
	return buf
}

// AbbeyHoles appends to buf the holes where the abbey may lie now (AM-4 with SHRINE-3, COMBO-48(c)).
func (s *State) AbbeyHoles(buf []Pos) []Pos {
	start := len(buf)
	buf = s.Holes(buf)
	if !s.Opts.Shrines {
		return buf
	}
	out := buf[:start]
	for _, p := range buf[start:] {
		if s.shrineConflict(KMonastery, p) == shrineFits {
			out = append(out, p)
		}
	}
	return out
}

// CanPlaceAbbey checks the player's abbey at p (AM-3(d), AM-4, COMBO-48(c)/SHRINE-3): the module, the abbey still
// held, p a hole, SHRINE-3's limit. The referee checks when (AM-3(a), (b)).
func (s *State) CanPlaceAbbey(player int, p Pos) error {
	switch {
	case !s.Opts.AbbeyMayor:
		return refuse("CFG-3", "err.am.no_abbey_module")
	case player < 0 || player >= s.Opts.Players || !s.Abbeys[player]:
		return refuse("AM-3(d)", "err.am.abbey_placed")
	case !inBounds(p):
		return refuse("BASE-4", "err.out_of_board")
	case s.cellValue(p) > 0:
		return refuse("BASE-4", "err.cell_taken")
	}
	return s.canLayAbbey(p)
}

// canLayAbbey checks an abbey at the empty cell p, whoever lays it: a hole (AM-4) under SHRINE-3 (COMBO-48(c)).
func (s *State) canLayAbbey(p Pos) error {
	if !s.IsHole(p) {
		return refuse("AM-4", "err.am.not_a_hole", "pos", p)
	}
	if s.Opts.Shrines {
		if err := s.checkShrineLimit(KMonastery, p); err != nil {
			return err
		}
	}
	return nil
}

// AbbeyType returns the catalogue's abbey tile (nil if the catalogue has none).
func (s *State) AbbeyType() *TileType {
	for _, t := range s.Cat.Set("am") {
		if t.Abbey {
			return t
		}
	}
	return nil
}

// PlaceAbbey lays the player's abbey into the hole at p after CanPlaceAbbey (AM-4) and closes its neighbours (AM-5).
// It returns the tile's index; the abbey is no longer held.
func (s *State) PlaceAbbey(player int, p Pos) (int, error) {
	if err := s.CanPlaceAbbey(player, p); err != nil {
		return -1, err
	}
	idx := s.LayAbbey(p)
	s.Abbeys[player] = false
	return idx, nil
}

// LayAbbey lays an abbey at p without a check (the referee's and the positions' callers check first) and closes
// every road, city or river port of its neighbours that faces it (AM-5(a)); the abbey's cell joins nothing
// (AM-5(b)). It returns the tile's index.
func (s *State) LayAbbey(p Pos) int {
	idx := s.placeRaw(s.AbbeyType(), p, 0)
	s.closeAround(idx)
	return idx
}

// closeAround closes, for the abbey of tile index idx, the road, city or river port of each neighbour that faces it
// (AM-5(a)).
func (s *State) closeAround(idx int) {
	p := s.Tiles[idx].Pos
	for e := 0; e < 4; e++ {
		nt := s.At(p.Neighbour(e))
		if nt == nil || nt.Type.Abbey {
			continue
		}
		if i := nt.Type.rots[nt.Rot].edgeSeg[(e+2)&3]; i >= 0 {
			s.segs[s.find(nt.Seg(int(i)))].open--
		}
	}
}

// abbeyCompleted appends to buf (from start on, without duplicates) the roads and cities of the abbey's neighbours
// that face it and are complete now (AM-5(c), DEF-9 amended).
func (s *State) abbeyCompleted(t *Placed, buf []int32, start int) []int32 {
	for e := 0; e < 4; e++ {
		nt := s.At(t.Pos.Neighbour(e))
		if nt == nil {
			continue
		}
		i := nt.Type.rots[nt.Rot].edgeSeg[(e+2)&3]
		if i < 0 {
			continue
		}
		r := s.find(nt.Seg(int(i)))
		if k := s.segs[r].kind; (k != KRoad && k != KCity) || s.segs[r].open != 0 {
			continue
		}
		dup := false
		for _, b := range buf[start:] {
			dup = dup || b == r
		}
		if !dup {
			buf = append(buf, r)
		}
	}
	return buf
}

// --- the barn ----------------------------------------------------------------------------------------------------

// fieldCorner returns the field segment (global id) of the tile at p whose field holds both half-edges of corner c
// in table orientation (DEF-19), -1 when there is no tile or it is no field corner.
func (s *State) fieldCorner(p Pos, c int) int32 {
	t := s.At(p)
	if t == nil {
		return -1
	}
	r := &t.Type.rots[t.Rot]
	a, b := r.halfSeg[cornerHalves[c][0]], r.halfSeg[cornerHalves[c][1]]
	if a < 0 || a != b {
		return -1
	}
	return t.Seg(int(a))
}

// BarnPoint returns the field segment of the barn point at corner c of the tile at p, as the barn is kept (the NW
// corner field of the tile south-east of the point), and the tile there; seg -1 when it is no barn point: four
// placed tiles must meet there, each with a field corner (DEF-19).
func (s *State) BarnPoint(p Pos, c int) (seg int32, se Pos) {
	se = Pos{p.X + cornerShift[c].X, p.Y + cornerShift[c].Y}
	for _, q := range [4]struct {
		d Pos
		c int
	}{{Pos{0, 0}, CornerNW}, {Pos{-1, 0}, CornerNE}, {Pos{-1, -1}, CornerSE}, {Pos{0, -1}, CornerSW}} {
		if s.fieldCorner(Pos{se.X + q.d.X, se.Y + q.d.Y}, q.c) < 0 {
			return -1, se
		}
	}
	return s.fieldCorner(se, CornerNW), se
}

// BarnCorner returns where a barn on the board stands: the tile south-east of its point, whose NW corner the point
// is (record format: `x,y:NW`).
func (s *State) BarnCorner(fi int) Pos {
	return s.Tiles[s.segs[s.Figures[fi].Seg].segTile].Pos
}

// CanDeployBarn checks the player's barn at corner c of the tile just placed (tile index tile): the module and
// farmers (AM-21(a), OPEN-36), the barn in supply (DEF-5), not on an abbey (AM-7), a barn point (DEF-19, AM-21) on a
// field without a barn (AM-22). It returns the field segment the barn would stand on.
func (s *State) CanDeployBarn(player, tile, c int) (int32, error) {
	switch {
	case !s.Opts.AbbeyMayor:
		return -1, refuse("CFG-3", "err.am.no_module", "figure", Barn.String())
	case !s.Opts.Farmers:
		return -1, refuse("AM-21(a)", "err.am.barn_no_farmers")
	case s.Turn.Volcano:
		return -1, refuse("RIV2-8", "err.volcano_no_figure")
	case s.fromSupply(player, Barn) < 0:
		return -1, refuse("DEF-5", "err.special_not_in_supply", "figure", Barn.String())
	case tile < 0 || tile >= len(s.Tiles):
		return -1, refuse("BASE-6", "err.no_such_place")
	case s.Tiles[tile].Type.Abbey:
		return -1, refuse("AM-7", "err.am.not_on_abbey", "figure", Barn.String())
	case c < 0 || c > 3:
		return -1, refuse("AM-21", "err.am.not_barn_point", "corner", "?")
	}
	seg, _ := s.BarnPoint(s.Tiles[tile].Pos, c)
	if seg < 0 {
		return -1, refuse("AM-21", "err.am.not_barn_point", "corner", CornerNames[c])
	}
	if s.BarnsOn(seg) != 0 {
		return -1, refuse("AM-22", "err.am.barn_on_barn")
	}
	return seg, nil
}

// DeployBarn puts the player's barn at corner c of the tile just placed after CanDeployBarn (SEQ-5(k), AM-21). It
// returns the figure's index.
func (s *State) DeployBarn(player, tile, c int) (int, error) {
	seg, err := s.CanDeployBarn(player, tile, c)
	if err != nil {
		return -1, err
	}
	fi := s.fromSupply(player, Barn)
	s.putOnBoard(fi, seg)
	s.Turn.Deployed, s.Turn.BarnPlaced = true, true
	return fi, nil
}

// BarnOptions appends to buf the corners of the tile just placed where the player's barn may stand (AM-21, AM-22).
func (s *State) BarnOptions(player, tile int, buf []int) []int {
	for c := 0; c < 4; c++ {
		if _, err := s.CanDeployBarn(player, tile, c); err == nil {
			buf = append(buf, c)
		}
	}
	return buf
}

// barnFieldScore is the scoring of the farmers of a field with a barn, at perCity a completed city (AM-23: 3,
// AM-25: 1), the City of Carcassonne included (COMBO-45), with the pig's and the pig herd's +1 a city (OPEN-39,
// COMBO-52(c)). Not credited.
func (s *State) barnFieldScore(seg int32, perCity int, rule string, final bool) Score {
	sc := s.FieldScore(seg) // FARM-5's count of cities, owners by strength, pig bonuses
	sc.Rule, sc.Cat, sc.Points, sc.Final = rule, CatBarn, perCity*sc.Cities, final
	return sc
}

// scoreBarns scores in the scoring step the fields of this part that a barn makes score (SEQ-6(c)): the field of the
// barn placed in this part if it holds farmers (AM-23, 3 a city) and every field of the part's tile that now holds
// farmers and a barn (AM-25, 1 a city: only this tile can have joined them, AM-24); then their farmers and pigs go
// home (SEQ-6(e)). The points are gains of scorings the active player caused (COMBO-47(a), OPEN-40).
func (s *State) scoreBarns(log []Score) []Score {
	var buf [8]int32
	fields, placed := s.barnFields(buf[:0])
	for _, r := range fields {
		var sc Score
		if r == placed {
			sc = s.barnFieldScore(r, 3, "AM-23", false)
		} else {
			sc = s.barnFieldScore(r, 1, "AM-25", false)
		}
		s.credit(&sc)
		for p := 0; p < MaxPlayers; p++ {
			s.Turn.FeatureGained[p] += sc.PointsFor(p)
		}
		log = append(log, sc)
		s.returnFarmers(r)
	}
	return log
}

// barnTargets appends to targets the fields of this part that a barn makes score and that hold a farmer now: the
// moving-out round's targets for market figures (COMBO-43, OPEN-38).
func (s *State) barnTargets(targets []int32) []int32 {
	var buf [8]int32
	fields, _ := s.barnFields(buf[:0])
	return append(targets, fields...)
}

// barnFields appends to buf the roots of the fields this part's barn scorings concern (scoreBarns), each once, and
// returns the root of the barn placed in this part (-1 if none).
func (s *State) barnFields(fields []int32) ([]int32, int32) {
	add := func(seg int32) {
		r := s.find(seg)
		for _, f := range fields {
			if f == r {
				return
			}
		}
		if s.segs[r].occ > 0 && s.BarnsOn(r) != 0 {
			fields = append(fields, r)
		}
	}
	var placed int32 = -1
	if s.Turn.BarnPlaced {
		figs, _ := s.playerFigures(s.Turn.Active)
		for i := range figs {
			if figs[i].Kind == Barn && figs[i].Where == OnBoard {
				placed = s.find(figs[i].Seg)
				add(placed)
			}
		}
	}
	if s.Turn.Tile >= 0 {
		t := &s.Tiles[s.Turn.Tile]
		for m := t.Type.fields; m != 0; m &= m - 1 {
			add(t.Seg(bits.TrailingZeros16(m)))
		}
	}
	return fields, placed
}

// returnFarmers sends every farmer and pig of the field of seg home; barns stay (AM-23, AM-25, AM-26).
func (s *State) returnFarmers(seg int32) {
	var buf [MaxPlayers * 8]int
	for _, i := range s.FiguresOn(seg, buf[:0]) {
		if s.Figures[i].Kind != Barn {
			s.toSupply(i)
		}
	}
}

// BarnWorth returns what the barns of the field of seg would score at the end as the board lies now (AM-27): 4 a
// completed city, the City of Carcassonne included (COMBO-45), to every barn owner, with no pig bonus. Not
// credited; no owners when the field holds no barn.
func (s *State) BarnWorth(seg int32) Score {
	sc := s.FieldScore(seg)
	sc = Score{Rule: "AM-27", Cat: CatBarn, Feature: sc.Feature, Points: 4 * sc.Cities, Cities: sc.Cities,
		Owners: s.BarnsOn(seg), Final: true}
	return sc
}

// scoreBarnField scores a field with barns at the end (AM-27, COMBO-44): its farmers first (only ever from the
// market) at 1 a city by AM-25, then every barn owner at 4 a city.
func (s *State) scoreBarnField(seg int32, log []Score) []Score {
	if s.segs[s.find(seg)].occ > 0 {
		sc := s.barnFieldScore(seg, 1, "AM-25", true)
		s.credit(&sc)
		log = append(log, sc)
	}
	sc := s.BarnWorth(seg)
	s.credit(&sc)
	return append(log, sc)
}

// --- the wagon ---------------------------------------------------------------------------------------------------

// holdWagons sets aside, into their owners' supply, the wagons that stand on the features ScoreTurn scores because
// completed (scored: the roots), noting the cell each stood on (AM-16, SEQ-6(e)); the owners decide in SEQ-6(h).
func (s *State) holdWagons(scored []int32) {
	for _, c := range scored {
		for i := s.firstFigure(c); i >= 0; {
			next := s.nextFigure(i)
			if f := &s.Figures[i]; f.Kind == Wagon {
				s.Turn.Wagons |= 1 << f.Player
				s.Turn.WagonFrom[f.Player] = s.Tiles[s.segs[f.Seg].segTile].Pos
				s.toSupply(int(i))
			}
			i = next
		}
	}
}

// WagonWaiting reports whether the player's wagon waits for its move (SEQ-6(h), AM-16).
func (s *State) WagonWaiting(player int) bool {
	return player >= 0 && player < MaxPlayers && s.Turn.Wagons&(1<<player) != 0
}

// WagonFrom returns the cell the player's waiting wagon stood on (AM-17(a)).
func (s *State) WagonFrom(player int) Pos { return s.Turn.WagonFrom[player] }

// CanMoveWagon checks the player's waiting wagon onto segment seg (AM-17): within the 3x3 block of the cell it stood
// on (a), a road, city, monastery (abbey) or shrine (d), incomplete (b), unoccupied (c).
func (s *State) CanMoveWagon(player int, seg int32) error {
	if !s.WagonWaiting(player) {
		return refuse("AM-16", "err.am.no_wagon_waiting")
	}
	if seg < 0 || int(seg) >= len(s.segs) {
		return refuse("BASE-6", "err.no_such_place")
	}
	p := s.Tiles[s.segs[seg].segTile].Pos
	from := s.Turn.WagonFrom[player]
	k := s.SegKind(seg)
	switch {
	case p.X < from.X-1 || p.X > from.X+1 || p.Y < from.Y-1 || p.Y > from.Y+1:
		return refuse("AM-17(a)", "err.am.wagon_too_far", "pos", from)
	case k != KRoad && k != KCity && k != KMonastery && k != KShrine:
		return refuse("AM-17(d)", "err.am.wagon_not_there", "feature", k.String())
	case s.IsComplete(seg):
		return refuse("AM-17(b)", "err.am.wagon_completed", "feature", k.String())
	case s.segs[s.find(seg)].occ > 0:
		return refuse("AM-17(c)", "err.am.wagon_occupied", "feature", k.String())
	}
	if r := amDragonRule(Wagon, s.segDragonRefusal(seg), "COMBO-56(b)"); r != nil { // not onto the dragon's tile
		return r
	}
	return nil
}

// MoveWagon moves the player's waiting wagon onto segment seg after CanMoveWagon (AM-16, AM-20: no placement).
func (s *State) MoveWagon(player int, seg int32) error {
	if err := s.CanMoveWagon(player, seg); err != nil {
		return err
	}
	s.putOnBoard(s.fromSupply(player, Wagon), seg)
	s.Turn.Wagons &^= 1 << player
	return nil
}

// WagonHome leaves the player's waiting wagon in supply (AM-16).
func (s *State) WagonHome(player int) { s.Turn.Wagons &^= 1 << player }

// WagonTargets appends to buf one segment of each eligible target of the player's waiting wagon (AM-17), in the
// order of the cells of its block and their segments.
func (s *State) WagonTargets(player int, buf []int32) []int32 {
	if !s.WagonWaiting(player) {
		return buf
	}
	from := s.Turn.WagonFrom[player]
	start := len(buf)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			t := s.At(Pos{from.X + dx, from.Y + dy})
			if t == nil {
				continue
			}
			for i := range t.Type.Segs {
				seg := t.Seg(i)
				if s.CanMoveWagon(player, seg) != nil {
					continue
				}
				dup := false
				for _, b := range buf[start:] {
					dup = dup || s.find(b) == s.find(seg) && s.segs[b].segTile == s.segs[seg].segTile
				}
				if !dup {
					buf = append(buf, seg)
				}
			}
		}
	}
	return buf
}

// amGiftRefusal returns the refusal of a figure of Abbey & Mayor named in a gift that may not take it (COMBO-50):
// Synod never the mayor or the barn (c), Cash Out never the barn (e), Change Position never the mayor nor the barn
// (f); nil otherwise.
func amGiftRefusal(card GiftCard, kind FigureKind) *RuleError {
	switch {
	case card == Synod && (kind == Mayor || kind == Barn):
		return refuse("COMBO-50(c)", "err.am.gift_figure", "figure", kind.String())
	case card == CashOut && kind == Barn:
		return refuse("COMBO-50(e)", "err.am.gift_figure", "figure", kind.String())
	case card == ChangePosition && (kind == Mayor || kind == Barn):
		return refuse("COMBO-50(f)", "err.am.gift_figure", "figure", kind.String())
	}
	return nil
}

// amCityRefusal returns the refusal of a figure of Abbey & Mayor put into a quarter that does not take it
// (COMBO-42(a)): the mayor only into the palace, the wagon never into the market, the barn never; nil otherwise.
func amCityRefusal(kind FigureKind, q Quarter) *RuleError {
	if kind == Mayor && q != Palace || kind == Wagon && q == Market || kind == Barn {
		return refuse("COMBO-42(a)", "err.am.city_quarter", "figure", kind.String(), "quarter", q.String())
	}
	return nil
}

// --- positions ---------------------------------------------------------------------------------------------------

// SetAbbey says whether the player still holds their abbey in a position (POS-16): n 1 (held) or 0.
func (s *State) SetAbbey(player, n int) error {
	switch {
	case !s.Opts.AbbeyMayor:
		return refuse("CFG-3", "err.am.no_abbey_module")
	case n != 0 && n != 1:
		return refuse("POS-16", "err.am.pos_abbey_n", "n", n)
	}
	s.Abbeys[player] = n == 1
	return nil
}

// StandBarn puts the player's barn at corner c of the tile at p in a position (POS-3 amended): the module and farmers
// (AM-21(a)), one barn a player, a barn point (DEF-19). Several barns may share a field (joined fields, AM-22); no
// farmer or pig may lie there (AM-24), which the referee checks once the whole position is laid.
func (s *State) StandBarn(player int, p Pos, c int) error {
	switch {
	case !s.Opts.AbbeyMayor:
		return refuse("CFG-3", "err.am.no_module", "figure", Barn.String())
	case !s.Opts.Farmers:
		return refuse("AM-21(a)", "err.am.barn_no_farmers")
	case s.fromSupply(player, Barn) < 0:
		return refuse("POS-3", "err.pos.one_special", "figure", Barn.String())
	case s.At(p) == nil:
		return refuse("POS-3", "err.no_tile_there", "pos", p)
	}
	seg, _ := s.BarnPoint(p, c)
	if seg < 0 {
		return refuse("AM-21", "err.am.not_barn_point", "corner", CornerNames[c])
	}
	s.putOnBoard(s.fromSupply(player, Barn), seg)
	return nil
}
