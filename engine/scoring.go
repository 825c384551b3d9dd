package engine

import "math/bits"

// Completion and scoring: DEF-9 (completed this turn), BASE-9..13 (completion, points, majority, return),
// IC-7..9 (inn roads and cathedral cities: doubled, tripled, or nothing when incomplete at the end), SHRINE-6/7
// (challenges decided in a turn), KING/ROBBER updates, END-3..7 (final scoring), FARM-5/6 (fields). Every majority
// is by strength (DEF-11, figures.go).

// Category says what a scoring was for; the end-of-game tally groups scores by it.
type Category uint8

// Scoring categories.
const (
	CatRoad Category = iota
	CatCity
	CatMonastery
	CatShrine
	CatGarden
	CatField
	CatKing
	CatBaron
	CatGifts         // unopened gifts at the end (GIFT-11)
	CatAbbotReturn   // the abbot taken back (ABBOT-6)
	CatCashOut       // GIFT-8
	CatRoadSweeper   // GIFT-7
	CatChallengeLost // the losing side of a shrine challenge: figures back, 0 points (SHRINE-6)
	CatGoods         // the most goods tokens of a kind at the end (TB-4)
	CatBarn          // barn scorings: farmers when a barn is placed or joined (AM-23, AM-25), barns at the end (AM-27)
	CatFairy         // the fairy's point at the start of a turn (PD-17); its 3 points are Score.Fairy (PD-18)
	numCategories
)

var categoryNames = [...]string{"road", "city", "monastery", "shrine", "garden", "field", "king", "robber-baron",
	"gifts", "abbot-return", "cash-out", "road-sweeper", "challenge-lost", "goods", "barn", "fairy"}

func (c Category) String() string { return categoryNames[c] }

// NumCategories is the number of scoring categories.
const NumCategories = int(numCategories)

// Score is one scoring: which feature, who scored how much, which figures were counted, and the rule applied
// (END-10). Points go to every player in Owners, and each Bonus to the owners it names (PointsFor).
type Score struct {
	Rule     string
	Cat      Category
	Feature  int32             // a segment of the feature (its root when scored), -1 for none
	Points   int               // to each owner
	Owners   uint8             // bit p: player p scored Points
	Figures  [MaxPlayers]uint8 // figures of each player on the feature that occupy it, counted one by one
	Strength [MaxPlayers]uint8 // their strength, which decided Owners (DEF-11: a large follower counts 2)
	Size     int               // cells (roads, cities), filled block cells (centre features)
	Pennants int               // cities
	// Cities: fields, the completed cities bordered (the City of Carcassonne included); King: cities; Baron: roads;
	// goods: the most tokens of the kind held.
	Cities int
	Final  bool // scored at the end of the game
	// Bonuses are the extras of a field's scoring (FARM-5 with TB-14 and COMBO-12): the pig's +1 per city to each
	// owner whose pig lies on the field, the pig herd's +1 per city to every owner. A Bonus with no Rule is none.
	Bonuses [2]Bonus
	Goods   GoodsKind // CatGoods: the kind of goods scored (TB-4)
	// Fairy is the player + 1 to whom the fairy's 3 points of this feature's scoring go (PD-18), owner of the feature
	// or not; 0 for none (pd.go).
	Fairy int8
}

// Named returns the players a scoring names, a bit each: its owners, or for a lost shrine challenge, where nobody
// scores, those whose figures went back with nothing (SHRINE-6).
func (sc *Score) Named() uint8 {
	if sc.Cat != CatChallengeLost {
		return sc.Owners
	}
	var m uint8
	for p, n := range sc.Figures {
		if n > 0 {
			m |= 1 << p
		}
	}
	return m
}

// FairyFor returns the fairy's points this scoring gives player p (PD-18): FairyBonus if the fairy's follower on
// the feature is theirs, else 0.
func (sc *Score) FairyFor(p int) int {
	if sc.Fairy != 0 && int(sc.Fairy) == p+1 {
		return FairyBonus
	}
	return 0
}

// Bonus is an extra of a scoring for some of its owners: Points more to each player in Owners, by Rule (TB-14 the
// pig, COMBO-12 the pig herd).
type Bonus struct {
	Rule   string
	Owners uint8
	Points int
}

// PointsFor returns what the scoring gives player p: Points if p is an owner, plus each Bonus that names p.
func (sc *Score) PointsFor(p int) int {
	if sc.Owners&(1<<p) == 0 {
		return sc.FairyFor(p)
	}
	n := sc.Points + sc.FairyFor(p)
	for _, b := range sc.Bonuses {
		if b.Owners&(1<<p) != 0 {
			n += b.Points
		}
	}
	return n
}

// TurnState collects what happened in the current turn part (DEF-12: a turn has one part, or with the builder's
// double turn two, each with its own tile, SEQ-1..7) that later rules of the same part depend on: the features
// completed by the part's tile (DEF-9), the points each player gained in it (DEF-8, COUNT-6/7, tested per part,
// COMBO-16), whether a figure was placed in its figure step (ABBOT-6(a)). BeginTurn starts a part.
type TurnState struct {
	Active        int
	Tile          int     // index of the tile placed this turn, -1 before placement
	Completed     []int32 // roots of the features completed this turn
	Gained        [MaxPlayers]int
	FeatureGained [MaxPlayers]int // points from features completed this turn (COUNT-6(a))
	Deployed      bool            // a figure was placed in step 2
	AbbotReturned bool
	Scored        bool  // step 3 is done
	Volcano       bool  // the River II volcano lake was placed (RIV2-8)
	Goods         Goods // goods the active player took in step 3 (TB-3)
	// BuilderExtended: PlayMove's tile extended the road or city of the active player's builder (TB-7, ExtendsBuilder);
	// the referee keeps its own turn parts (referee/game.go) and asks ExtendsBuilder itself.
	BuilderExtended bool
	// Abbey & Mayor (am.go): BarnPlaced, the active player's barn was placed in this part's figure step (AM-23);
	// Wagons, the players whose wagon waits for its move after the scoring (bit p, SEQ-6(h), AM-16), WagonFrom the
	// cell each stood on (AM-17(a)).
	BarnPlaced bool
	Wagons     uint8
	WagonFrom  [MaxPlayers]Pos
}

// BeginTurn resets the turn state for the active player: at the start of a turn, and again at the start of a second
// turn part (DEF-12), which has its own completions, gains and figure step.
func (s *State) BeginTurn(active int) {
	s.Turn.Active = active
	s.Turn.Tile = -1
	s.Turn.Completed = s.Turn.Completed[:0]
	s.Turn.Gained = [MaxPlayers]int{}
	s.Turn.FeatureGained = [MaxPlayers]int{}
	s.Turn.Deployed, s.Turn.AbbotReturned, s.Turn.Scored, s.Turn.Volcano = false, false, false, false
	s.Turn.Goods, s.Turn.BuilderExtended = Goods{}, false
	s.Turn.BarnPlaced, s.Turn.Wagons = false, 0
}

// Completed appends to buf the features completed by the placement of tile `tile` (DEF-9): every road or city with
// a segment on it that has no open edge any more, and every monastery, shrine or garden whose 3x3 block the tile
// completes. Each feature appears once, as its root.
func (s *State) Completed(tile int, buf []int32) []int32 {
	t := &s.Tiles[tile]
	start := len(buf)
	if t.Type.Abbey {
		buf = s.abbeyCompleted(t, buf, start) // the roads and cities it closes (AM-5(c), am.go)
	}
	for m := t.Type.roadsCities; m != 0; m &= m - 1 {
		r := s.find(t.Seg(bits.TrailingZeros16(m)))
		if s.segs[r].open != 0 {
			continue
		}
		dup := false
		for _, b := range buf[start:] {
			if b == r {
				dup = true
			}
		}
		if !dup {
			buf = append(buf, r)
		}
	}
	// The monasteries, shrines and gardens whose block holds the tile: they lie within Limit, so their blocks lie
	// inside the grid.
	g := s.gridIndex(t.Pos)
	for _, o := range s.blockOff {
		ni := s.grid[g+o]
		ni &^= ni >> 15 // a frontier cell (negative) reads as an empty one
		if c := s.centreAt[ni]; c >= 0 && s.blockFull(g+o) {
			buf = append(buf, s.Tiles[ni-1].Seg(int(c)))
		}
	}
	return buf
}

// featurePoints returns the points a completed (or, final=true, incomplete) feature is worth and its size and
// pennants (BASE-10, END-3; an inn road 2 per cell, IC-7, a cathedral city 3 per cell and pennant, IC-8, either 0
// when incomplete at the end, IC-9).
func (s *State) featurePoints(seg int32, final bool) (points, size, pennants int, rule string, cat Category) {
	switch k := s.SegKind(seg); k {
	case KRoad:
		size = s.Size(seg)
		if pts, rule, ok := s.markedPoints(seg, size, 0, final); ok { // an inn (IC-7, IC-9; ic.go)
			return pts, size, 0, rule, CatRoad
		}
		if final {
			return size, size, 0, "END-3(a)", CatRoad
		}
		return size, size, 0, "BASE-10(a)", CatRoad
	case KCity:
		size, pennants = s.Size(seg), s.Pennants(seg)
		if pts, rule, ok := s.markedPoints(seg, size, pennants, final); ok { // a cathedral (IC-8, IC-9; ic.go)
			return pts, size, pennants, rule, CatCity
		}
		if final {
			return size + pennants, size, pennants, "END-3(b)", CatCity
		}
		return 2*size + 2*pennants, size, pennants, "BASE-10(b)", CatCity
	default:
		cat = CatMonastery
		rule = "BASE-10(c)"
		if k == KShrine {
			cat, rule = CatShrine, "SHRINE-2"
		} else if k == KGarden {
			cat, rule = CatGarden, "ABBOT-2"
		}
		if final {
			size = s.Block(s.Tiles[s.segs[seg].segTile].Pos)
			return size, size, 0, "END-3(c)", cat
		}
		return 9, 9, 0, rule, cat
	}
}

// award scores a feature for its owners (BASE-11) and returns the Score; it does not return figures.
func (s *State) award(seg int32, final bool) Score {
	sc := s.tally(seg, final)
	s.credit(&sc)
	return sc
}

// tally works out a feature's Score (BASE-10, BASE-11, END-3, IC-7..9) without crediting it: owners by strength
// (DEF-11).
func (s *State) tally(seg int32, final bool) Score {
	ft := s.tallyFigures(seg)
	pts, size, pen, rule, cat := s.featurePoints(seg, final)
	sc := Score{Rule: rule, Cat: cat, Feature: s.find(seg), Points: pts, Owners: ft.owners, Size: size, Pennants: pen,
		Final: final}
	ft.fill(&sc)
	s.fairyBonus(&sc, seg) // PD-18, pd.go
	return sc
}

// credit adds a score's points to its owners, bonuses included (PointsFor; BASE-14: never negative, only ever
// increasing).
func (s *State) credit(sc *Score) {
	for p := 0; p < MaxPlayers; p++ {
		if n := sc.PointsFor(p); n > 0 {
			s.Scores[p] += n
			if !sc.Final {
				s.Turn.Gained[p] += n
			}
		}
	}
}

// returnAll returns every figure on the feature of seg to supply (BASE-12).
func (s *State) returnAll(seg int32) {
	var buf [MaxPlayers * 8]int
	for _, i := range s.FiguresOn(seg, buf[:0]) {
		s.toSupply(i)
	}
}

// ScoreTurn is step 3 of a turn part after the moving-out round (SEQ-6(c)-(g)): it scores every completed, occupied
// feature of s.Turn.Completed (BASE-10, BASE-11, BASE-13), decides shrine challenges (SHRINE-6, SHRINE-7), returns
// the figures, builders included (BASE-12, TB-11(a)), updates the King and the Robber Baron (KING-2..5,
// ROBBER-2..4) and gives the goods of the cities completed to the active player (TB-3, s.Turn.Goods). Scores are
// appended to log.
func (s *State) ScoreTurn(log []Score) []Score {
	done := s.Turn.Completed
	// (d) Shrine challenges decided this turn: the incomplete, occupied partner of a completed, occupied building,
	// occupancy as it stands now, after the figure step and the moving-out round (SHRINE-5(f), SHRINE-10).
	var losers [8]int32
	nl := 0
	if s.Opts.Shrines {
		for _, c := range done {
			if !s.SegKind(c).IsCloister() {
				continue
			}
			if _, l, ok := s.Decided(c); ok && l >= 0 && nl < len(losers) {
				losers[nl] = l
				nl++
			}
		}
	}
	for _, c := range done {
		if s.segs[s.find(c)].occ == 0 {
			continue // BASE-11: a completed, unoccupied feature scores nothing
		}
		sc := s.award(c, false)
		if s.Opts.Shrines && s.SegKind(c).IsCloister() {
			if _, l, ok := s.Decided(c); ok {
				if l < 0 {
					sc.Rule = "SHRINE-7"
				} else {
					sc.Rule = "SHRINE-6"
				}
			}
		}
		for p := 0; p < MaxPlayers; p++ {
			if sc.Owners&(1<<p) != 0 {
				s.Turn.FeatureGained[p] += sc.Points
			}
			s.Turn.FeatureGained[p] += sc.FairyFor(p) // COMBO-33(c), OPEN-28 (pd.go)
		}
		log = append(log, sc)
	}
	for i := 0; i < nl; i++ {
		ft := s.tallyFigures(losers[i])
		sc := Score{Rule: "SHRINE-6", Cat: CatChallengeLost, Feature: s.find(losers[i])}
		ft.fill(&sc)
		log = append(log, sc)
		s.returnAll(losers[i])
	}
	if s.Opts.AbbeyMayor {
		var scored [16]int32
		ns := 0
		for _, c := range done {
			if r := s.find(c); s.segs[r].occ > 0 && ns < len(scored) {
				scored[ns] = r
				ns++
			}
		}
		s.holdWagons(scored[:ns]) // AM-16: set aside for SEQ-6(h), am.go
		log = s.scoreBarns(log)   // AM-23, AM-25, am.go
	}
	for _, c := range done {
		s.returnAll(c) // builders with the followers (TB-11(a))
	}
	if s.Opts.King {
		log = s.updateKingBaron(log)
	}
	if s.Opts.TradersBuilders {
		s.takeGoods() // (g) TB-3, tb.go
	}
	s.Turn.Scored = true
	return log
}

// FinalScore adds the end-of-game scoring to the scores in the order of END-2 amended: incomplete features (END-3,
// SHRINE-8; an inn road or cathedral city 0, IC-9, its figures stay and score nothing; builders score nothing,
// TB-11(c)), fields (FARM-5, COUNT-22, with the pig TB-14 and the pig herd COMBO-12), the King and the Robber Baron
// (KING-7, ROBBER-5), goods (END-6a, TB-4) and unopened gifts (GIFT-11). Figures stay where they are. Scores are
// appended to log.
func (s *State) FinalScore(log []Score) []Score {
	// 2. Incomplete features.
	var buf [MaxPlayers * 8]int32
	occupied := s.occupiedRoots(buf[:0])
	for _, seg := range occupied {
		k := s.SegKind(seg)
		if k == KField || k == KRiver || s.IsComplete(seg) {
			continue
		}
		sc := s.award(seg, true)
		if s.Opts.Shrines && k.IsCloister() && s.InChallenge(seg) {
			sc.Rule = "SHRINE-8" // an unresolved challenge: both sides score as incomplete (END-4)
		}
		log = append(log, sc)
	}
	// 3. Fields.
	if s.Opts.Farmers {
		log = s.scoreFields(occupied, log)
	}
	// 4. King and Robber Baron.
	if s.Opts.King {
		log = s.scoreKingBaron(log)
	}
	// 5. Goods (END-6a).
	if s.Opts.TradersBuilders {
		log = s.scoreGoods(log)
	}
	// 6. Gifts.
	if s.Opts.Gifts {
		log = s.scoreGifts(log)
	}
	return log
}

// scoreFields scores every occupied field: 3 points per completed city it borders, the City of Carcassonne
// included on its flag side (FARM-5, FARM-6, COUNT-22(a)).
func (s *State) scoreFields(occupied []int32, log []Score) []Score {
	for _, seg := range occupied {
		if s.SegKind(seg) != KField {
			continue
		}
		if s.Opts.AbbeyMayor && s.BarnsOn(seg) != 0 {
			log = s.scoreBarnField(seg, log) // AM-27, COMBO-44 (am.go)
			continue
		}
		sc := s.FieldScore(seg)
		s.credit(&sc)
		log = append(log, sc)
	}
	return log
}

// FieldScore works out, without crediting it, what the field of seg is worth to its owners at the end of the game
// as the board lies now: 3 points per completed city it borders (Cities), the City of Carcassonne included on its
// flag side (FARM-5, FARM-6, COUNT-22(a)); with traders-builders 1 more per city to an owner whose pig lies there
// (Bonuses[0], TB-14) and, on the field of the River II pig herd, to every owner (Bonuses[1], COMBO-12), the City
// counted for both (COMBO-17(b)). An unoccupied field has no owners.
func (s *State) FieldScore(seg int32) Score {
	seg = s.find(seg)
	var cities [64]int32
	n := 0
	m := seg
	for {
		t := &s.Tiles[s.segs[m].segTile]
		for _, b := range t.Type.Segs[s.segs[m].segLocal].Borders {
			cr := s.find(t.Seg(int(b)))
			if s.segs[cr].open != 0 {
				continue
			}
			dup := false
			for _, c := range cities[:n] {
				if c == cr {
					dup = true
					break
				}
			}
			if !dup && n < len(cities) {
				cities[n] = cr
				n++
			}
		}
		m = s.segs[m].next
		if m == seg {
			break
		}
	}
	if s.City.Active && s.segs[seg].cityFlag {
		n++ // COUNT-22(a): the City counts as one completed city
	}
	ft := s.tallyFigures(seg)
	sc := Score{Rule: "FARM-5", Cat: CatField, Feature: seg, Points: 3 * n, Owners: ft.owners, Cities: n, Final: true}
	ft.fill(&sc)
	s.fairyBonus(&sc, seg) // PD-18(a), COMBO-40: a farmer with the fairy, owner of the field or not
	if s.Opts.TradersBuilders && n > 0 && ft.owners != 0 {
		s.pigBonuses(&sc) // tb.go
	}
	return sc
}

// occupiedRoots appends to buf the features with a figure on them, each once, in ascending order of their root
// segments (the order of the final breakdown).
func (s *State) occupiedRoots(buf []int32) []int32 {
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != OnBoard {
			continue
		}
		r := s.find(f.Seg)
		j := len(buf)
		dup := false
		for j > 0 && buf[j-1] >= r {
			if buf[j-1] == r {
				dup = true
				break
			}
			j--
		}
		if dup {
			continue
		}
		buf = append(buf, 0)
		copy(buf[j+1:], buf[j:])
		buf[j] = r
	}
	return buf
}

// CompletedCount returns the number of completed cities and completed roads on the board (KING-7, ROBBER-5),
// the City of Carcassonne not included.
func (s *State) CompletedCount() (cities, roads int) {
	// eachCompleted's features, counted without a call per feature or a branch per segment: a root with no open port
	// adds one to its kind's count, and only the cities' and roads' are kept (a field or centre has no port).
	var n [8]int // by Kind
	for seg := range s.segs {
		sg := &s.segs[seg]
		n[sg.kind&7] += b2i(sg.parent == int32(seg) && sg.open == 0)
	}
	return n[KCity], n[KRoad]
}

// b2i returns 1 for true, 0 for false (compiled without a branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// eachCompleted calls f with the root and kind of every completed feature of the board that has edges (roads,
// cities, rivers: no open edge left, BASE-9), in ascending order of root.
func (s *State) eachCompleted(f func(root int32, k Kind)) {
	for seg := int32(0); seg < int32(len(s.segs)); seg++ {
		if s.segs[seg].parent == seg && s.segs[seg].open == 0 {
			if k := s.SegKind(seg); k != KField && !k.IsCentre() {
				f(seg, k)
			}
		}
	}
}
