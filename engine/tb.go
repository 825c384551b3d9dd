package engine

import "slices"

// Traders & Builders (RULES-IC-TB.md section 4, TB-1..17, and its combinations COMBO-12, 13, 16, 17, 20..25, 27),
// with the module Options.TradersBuilders. Where each rule lives:
//
//   - the tiles are data (data/tb.tiles): `goods <kind> on <city>` puts a goods symbol in a city segment
//     (SegDef.Goods, catalog.go); the River II pig herd is `object pigherd on f2` of r2-bendpigs, a Mark that acts
//     only with traders-builders and farmers (Options.activeMarks: COMBO-12, RIV2-9 amended);
//   - goods: a city completed by a tile placement gives the goods symbols of the whole city (CityGoods) to the
//     active player, occupied or not, in the scoring step of each turn part (takeGoods, from ScoreTurn: TB-3,
//     SEQ-6(g)); never a gift (Road Sweeper completes nothing, TB-3(b)) nor the end. State.Goods holds each player's
//     tokens, GoodsLeft the common supply (CFG-6); at the end 10 points per kind to each player with the most
//     (scoreGoods, from FinalScore after the King and the Robber Baron: TB-4, END-2 amended);
//   - the builder and the pig are FigureKinds (figures.go) of strength 0 that never occupy (DEF-4, DEF-6, TB-6,
//     TB-13): every majority (tallyFigures) passes them by; they are placed in the figure step only beside a
//     follower of their owner (canPlaceSpecial: TB-5, TB-12), in a position likewise (CanStand, POS-3 amended); a
//     builder goes back with its scored feature like any figure (ScoreTurn's returnAll, TB-11(a)) and, like a pig,
//     at once when its owner's last follower leaves the feature (returnLonely, from CashOut and ChangePosition;
//     Road Sweeper returns every figure of the road: TB-11(b), TB-13, COMBO-22..24); they never enter the City nor
//     take part in a gift (specialRefusal: COMBO-16(a), COMBO-21, COMBO-23, COMBO-24);
//   - the pig's +1 per completed city and the pig herd's are bonuses of a field's scoring (pigBonuses, from
//     FieldScore: TB-14, COMBO-12), the City of Carcassonne counted as a completed city (COMBO-17(b));
//   - the double turn: ExtendsBuilder says whether a placement triggers the second tile (TB-7, DEF-13); the turn
//     parts themselves are the referee's (referee/game.go, DEF-12): TurnState is one part's (BeginTurn starts
//     either), so the City test (COMBO-16), the King and the Robber Baron (COMBO-18), the goods and the abbot's
//     return (ABBOT-6(c) amended) go per part without any code of their own.
//
// # Rulings
//
// Where RULES-IC-TB.md leaves a point open (its OPEN section) or is silent, the program applies the following, each
// kept in the one place named:
//
//   - OPEN-9: the second tile is optional (TB-9): the referee's second part may be declined (`builder-pass`, or any
//     line of the next player); referee secondPartDue.
//   - OPEN-10: each part of a double turn has its own gift window and gift receipt (COMBO-20(b)): referee turnPart.
//   - OPEN-11: the City test is made after each part on that part's gains alone, and a figure put into the City
//     after the first part may move out in the second part's round (COMBO-16): TurnState is per part (BeginTurn).
//   - OPEN-14: no builder on a road or city its own tile completes (TB-5(b)): canPlaceSpecial.
//   - OPEN-15: the City of Carcassonne counts as one completed city for the pig and the pig herd (COMBO-17(b)):
//     pigBonuses takes FieldScore's count of cities, the City included.
//   - OPEN-18: the builder and the pig never enter the City nor leave it (COMBO-16(a)): specialRefusal.
//   - OPEN-19: goods are not points: taking them is no gain for the City test (COMBO-17(a)): takeGoods credits no
//     points (TurnState.Gained is untouched).
//   - OPEN-20: an abbot taken back in the first part may be placed in the second (ABBOT-6(c) amended): the figure
//     step's state is per part (TurnState.AbbotReturned, BeginTurn).
//   - OPEN-21: a pig goes back like a builder when its owner's last farmer leaves its field (TB-13): returnLonely.
//   - OPEN-22: the second tile is drawn from the stack current then, the river stack while it has tiles
//     (TB-10, COMBO-13): the referee's bag is asked as for any draw.
//   - TB-7(e) as written: a tile with a lake never triggers the second tile, not even r2-lakecity whose city may
//     join the builder's (ExtendsBuilder); the volcano lake neither.
//   - POS-11: goods that do not add up to the symbols of the completed cities are refused citing POS-11 (section 9
//     of RULES-IC-TB.md; POS-11's own text says "citing TB-3", which the message names): referee layGoods.
//   - A second figure step action in one part that involves the builder or the pig is refused citing TB-5 or TB-12
//     (section 9: "Builder or pig together with a follower ... in one figure step"): referee secondFigure.
//   - A builder or pig named in a line that takes figures into or out of the City, or in a gift line (`city`,
//     `move`, `market`, `synod`, `cash-out`, `change-position`), is refused with the COMBO rule of section 9:
//     specialRefusal.

// GoodsKind is a kind of goods (TB-1): wine, grain, cloth.
type GoodsKind uint8

// The kinds of goods, in the order the record and the output name them.
const (
	Wine GoodsKind = iota
	Grain
	Cloth
	NumGoods
)

// GoodsNames are the kinds' record words ("wine", "grain", "cloth"), by GoodsKind.
var GoodsNames = [NumGoods]string{"wine", "grain", "cloth"}

func (k GoodsKind) String() string { return GoodsNames[k] }

// ParseGoods returns the kind of goods with the given record word.
func ParseGoods(s string) (GoodsKind, bool) {
	i := slices.Index(GoodsNames[:], s)
	return GoodsKind(max(i, 0)), i >= 0
}

// Goods counts goods by kind: the symbols printed in a city (TB-3) or the tokens a player holds.
type Goods [NumGoods]int

// Total returns the number of goods of every kind.
func (g Goods) Total() int { return g[Wine] + g[Grain] + g[Cloth] }

// First returns the first kind (wine, grain, cloth) of which g has any, false for none. A segment's Goods are the
// goods symbols printed in it: a city of the 24 tiles has at most one (TB-1), so First is the kind of its symbol.
func (g Goods) First() (GoodsKind, bool) {
	for k := range NumGoods {
		if g[k] > 0 {
			return k, true
		}
	}
	return 0, false
}

// add adds o to g.
func (g *Goods) add(o Goods) {
	for k := range g {
		g[k] += o[k]
	}
}

// GoodsSupply are the goods tokens of the box (CFG-6, TB-1): one per goods symbol printed on the 24 tiles, 9 wine,
// 6 grain, 5 cloth, so the common supply never runs short.
var GoodsSupply = Goods{Wine: 9, Grain: 6, Cloth: 5}

// GoodsLeft returns the tokens still in the common supply (CFG-6): the box's less those the players hold.
func (s *State) GoodsLeft() Goods {
	g := GoodsSupply
	for p := 0; p < s.Opts.Players; p++ {
		for k := range g {
			g[k] -= s.Goods[p][k]
		}
	}
	return g
}

// CityGoods returns the goods symbols printed in the city of seg, every segment of it (TB-3); none without
// traders-builders or for any other kind of feature.
func (s *State) CityGoods(seg int32) Goods {
	var g Goods
	if !s.Opts.TradersBuilders || s.SegKind(seg) != KCity {
		return g
	}
	s.Members(seg, func(m int32) {
		t := &s.Tiles[s.segs[m].segTile]
		g.add(t.Type.Segs[s.segs[m].segLocal].Goods)
	})
	return g
}

// takeGoods gives the active player the goods of every city completed in this turn part, occupied or not
// (SEQ-6(g), TB-3, TB-3(a)), recorded in s.Turn.Goods. Goods are not points (TB-3(d), COMBO-17(a)).
func (s *State) takeGoods() {
	for _, c := range s.Turn.Completed {
		if s.SegKind(c) != KCity {
			continue
		}
		g := s.CityGoods(c)
		s.Goods[s.Turn.Active].add(g)
		s.Turn.Goods.add(g)
	}
}

// GoodsLeaders returns, for each kind, the players who hold the most tokens of it (at least one) as a bit mask (bit
// p: player p), and that number: each of them scores 10 at the end (TB-4; a tie gives each 10, nobody holding any
// gives nothing).
func (s *State) GoodsLeaders() (leaders [NumGoods]uint8, most Goods) {
	return goodsLeaders(&s.Goods, s.Opts.Players)
}

func goodsLeaders(held *[MaxPlayers]Goods, players int) (leaders [NumGoods]uint8, most Goods) {
	for k := GoodsKind(0); k < NumGoods; k++ {
		for p := 0; p < players; p++ {
			switch n := held[p][k]; {
			case n > most[k]:
				most[k], leaders[k] = n, 1<<p
			case n == most[k] && n > 0:
				leaders[k] |= 1 << p
			}
		}
	}
	return
}

// GoodsLeadersIf returns the leaders of each kind (as GoodsLeaders) if player took the goods g now: what the
// completion of a city with those symbols would change (the table aids).
func (s *State) GoodsLeadersIf(player int, g Goods) (leaders [NumGoods]uint8, most Goods) {
	held := s.Goods
	held[player].add(g)
	return goodsLeaders(&held, s.Opts.Players)
}

// scoreGoods adds the end bonus of the goods: for each kind, 10 points to every player with the most tokens of it,
// at least one (TB-4, END-6a). Cities holds that number, Goods the kind.
func (s *State) scoreGoods(log []Score) []Score {
	leaders, most := s.GoodsLeaders()
	for k := GoodsKind(0); k < NumGoods; k++ {
		if leaders[k] == 0 {
			continue
		}
		sc := Score{Rule: "TB-4", Cat: CatGoods, Feature: -1, Points: 10, Owners: leaders[k], Cities: most[k],
			Final: true, Goods: k}
		s.credit(&sc)
		log = append(log, sc)
	}
	return log
}

// SetGoods gives the player n goods tokens of that kind from the supply in a position (POS-11): with
// traders-builders (TB-2), n not negative (POS-11), no more than the box holds (CFG-6). Whether the tokens add up to
// the completed cities is GoodsMismatch's, once the whole position is laid.
func (s *State) SetGoods(player int, k GoodsKind, n int) error {
	switch {
	case !s.Opts.TradersBuilders:
		return refuse("TB-2", "err.no_goods_module")
	case n < 0:
		return refuse("POS-11", "err.pos.negative_goods", "goods", k.String(), "n", n) // not gifts nor points (issue 31)
	case n-s.Goods[player][k] > s.GoodsLeft()[k]:
		return refuse("CFG-6", "err.pos.goods_box", "goods", k.String(), "n", n, "box", GoodsSupply[k])
	}
	s.Goods[player][k] = n
	return nil
}

// GoodsMismatch checks POS-11 on the board as it lies: for each kind the tokens of all players together equal the
// symbols in the completed cities of the board. It returns the first kind that breaks it with the two numbers, ok
// false; ok true when every kind adds up (and always without traders-builders).
func (s *State) GoodsMismatch() (k GoodsKind, held, printed int, ok bool) {
	if !s.Opts.TradersBuilders {
		return 0, 0, 0, true
	}
	onBoard := s.CompletedGoods()
	for k := GoodsKind(0); k < NumGoods; k++ {
		h := 0
		for p := 0; p < s.Opts.Players; p++ {
			h += s.Goods[p][k]
		}
		if h != onBoard[k] {
			return k, h, onBoard[k], false
		}
	}
	return 0, 0, 0, true
}

// CompletedGoods returns the goods symbols of the completed cities on the board, by kind: the tokens the players
// have taken from the supply in a game played from its start (TB-3, POS-11).
func (s *State) CompletedGoods() Goods {
	var onBoard Goods
	s.eachCompleted(func(root int32, kind Kind) {
		if kind == KCity {
			onBoard.add(s.CityGoods(root))
		}
	})
	return onBoard
}

// hasFollowerOn reports whether the player has a follower, ordinary or large, on the feature of seg (TB-5(a),
// TB-11(b), TB-12, TB-13): the abbot never admits a builder or a pig (COMBO-14), nor do figures in the City
// (COMBO-17(d)).
func (s *State) hasFollowerOn(player int, seg int32) bool {
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; int(f.Player) == player && f.Kind.IsFollower() {
			return true
		}
	}
	return false
}

// canPlaceSpecial checks the builder or the pig onto segment seg of the tile just placed (CanDeploy did the module,
// the supply and the volcano): the builder on a road or city (TB-5(c)) that this tile does not complete (TB-5(b),
// OPEN-14) and that holds a follower of the player's (TB-5(a)); the pig on a field (TB-12) that holds a farmer of the
// player's (TB-12, COMBO-27: the large follower too).
func (s *State) canPlaceSpecial(player int, kind FigureKind, seg int32) *RuleError {
	k := s.SegKind(seg)
	if kind == Pig {
		switch {
		case k != KField:
			return refuse("TB-12", "err.pig_not_field", "feature", k.String())
		}
		if err := s.barnClosed(kind, seg); err != nil { // AM-24 before TB-12: no farmer lies there anyway (am.go)
			return err
		}
		if !s.hasFollowerOn(player, seg) {
			return refuse("TB-12", "err.pig_no_farmer")
		}
		return nil
	}
	switch {
	case k != KRoad && k != KCity:
		return refuse("TB-5(c)", "err.builder_not_there", "feature", k.String())
	case s.IsComplete(seg):
		return refuse("TB-5(b)", "err.builder_completed", "feature", k.String())
	case !s.hasFollowerOn(player, seg):
		return refuse("TB-5(a)", "err.builder_no_follower", "feature", k.String())
	}
	return nil
}

// specialRefusal returns the refusal of a builder or pig named where only followers and the abbot may be: into the
// City or out of it (COMBO-16(a), OPEN-18), Synod (COMBO-21), Cash Out (COMBO-23), Change Position (COMBO-24); nil
// for any other kind of figure. rule is the rule of the place it is named in.
func specialRefusal(kind FigureKind, rule string) *RuleError {
	if !kind.IsSpecial() {
		return nil
	}
	return refuse(rule, "err.special_not_here", "figure", kind.String())
}

// returnLonely sends the player's builder or pig on the feature of seg back to supply when no follower of the
// player's is left on it (TB-11(b), TB-13, OPEN-21): after Cash Out or Change Position took the player's follower
// from it (COMBO-23, COMBO-24). It returns the index of the figure returned, -1 if none.
func (s *State) returnLonely(player int, seg int32) int {
	if !s.Opts.TradersBuilders || s.hasFollowerOn(player, seg) {
		return -1
	}
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; int(f.Player) == player && f.Kind.IsSpecial() {
			s.toSupply(int(i))
			return int(i)
		}
	}
	return -1
}

// ExtendsBuilder reports whether the tile just placed (index tile) gives the player the builder's second tile
// (TB-7): the player's own builder stands on a road or city (placed in an earlier turn: in this part the figure
// step comes after the tile, TB-7(d)), and one of the tile's road or city segments now belongs to that feature, which
// it can only have joined across an edge to a segment already there (DEF-13: extending it, completing it or joining
// it to another one, anywhere, TB-7(a)). A tile with a lake, the volcano lake included, never does (TB-7(e)). The
// referee asks it in the first part only (TB-8).
func (s *State) ExtendsBuilder(player, tile int) bool {
	if !s.Opts.TradersBuilders {
		return false
	}
	t := &s.Tiles[tile]
	if t.Type.riverEnd == Lake {
		return false
	}
	b := -1
	figs, lo := s.playerFigures(player)
	for i := range figs {
		if f := &figs[i]; f.Kind == Builder && f.Where == OnBoard && s.segs[f.Seg].segTile != int16(tile) {
			b = lo + i
		}
	}
	if b < 0 {
		return false
	}
	r := s.find(s.Figures[b].Seg)
	for i := range t.Type.Segs {
		if k := t.Type.Segs[i].Kind; (k == KRoad || k == KCity) && s.find(t.Seg(i)) == r {
			return true
		}
	}
	return false
}

// pigBonuses adds to a field's Score (FieldScore, n = sc.Cities > 0 completed cities, the City of Carcassonne
// included, COMBO-17(b)) the pig's bonus, +n for each owner whose own pig lies on the field (TB-14; a pig whose
// owner is no owner gives nothing), and on the pig herd's field the herd's, +n for every owner (COMBO-12, separate
// from the pig's: an owner with both gets both).
func (s *State) pigBonuses(sc *Score) {
	r := s.find(sc.Feature)
	if o := s.PigsOn(r) & sc.Owners; o != 0 {
		sc.Bonuses[0] = Bonus{Rule: "TB-14", Owners: o, Points: sc.Cities}
	}
	if s.Marks(r).Has(MarkPigHerd) {
		sc.Bonuses[1] = Bonus{Rule: "COMBO-12", Owners: sc.Owners, Points: sc.Cities}
	}
}

// PigsOn returns the players whose pig lies on the field of seg, as a bit mask (TB-12).
func (s *State) PigsOn(seg int32) uint8 { return s.whoseOn(seg, Pig) }

// BuildersOn returns the players whose builder stands on the road or city of seg, as a bit mask (TB-5).
func (s *State) BuildersOn(seg int32) uint8 { return s.whoseOn(seg, Builder) }

// whoseOn returns the players who have a figure of that kind on the feature of seg, as a bit mask.
func (s *State) whoseOn(seg int32, kind FigureKind) uint8 {
	var m uint8
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; f.Kind == kind {
			m |= 1 << f.Player
		}
	}
	return m
}

// OpenGoodsCities appends to buf the cities on the board that are not completed and have goods symbols, each once as
// its root, in ascending order: the cities whose completion would give goods (TB-3; the table aids). None without
// traders-builders.
func (s *State) OpenGoodsCities(buf []int32) []int32 {
	if !s.Opts.TradersBuilders {
		return buf
	}
	for seg := int32(0); seg < int32(len(s.segs)); seg++ {
		if s.segs[seg].parent == seg && s.segs[seg].open != 0 && s.SegKind(seg) == KCity && s.CityGoods(seg).Total() > 0 {
			buf = append(buf, seg)
		}
	}
	return buf
}
