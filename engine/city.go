package engine

import "slices"

// The City of Carcassonne and the Count (COUNT-1..23): its quarters, putting a figure into the City after a turn
// in which others scored and the active player did not (COUNT-6..10), the Count (COUNT-11, COUNT-15), the
// moving-out round before a turn's scoring (COUNT-13..18) and the market round at the end (COUNT-19, COUNT-20).
// The large follower goes into any quarter and moves out like a follower, one figure per placement and per move
// (COMBO-15); where it lands it counts 2 for the majority (IC-5). The tests "this turn" are per turn part (DEF-12,
// COMBO-16): the State's TurnState is the part's.
// The City's 12 cells are an ordinary multi-cell start piece on the board (data/city.tiles); its field bonus is in
// scoreFields and its King bonus in scoreKingBaron (COUNT-22).

// Quarter is a quarter of the City of Carcassonne (COUNT-2).
type Quarter uint8

// The four quarters.
const (
	Palace Quarter = iota
	Market
	Smithy
	Cathedral
	NumQuarters
)

// QuarterNames are the quarters' names as written in the game record.
var QuarterNames = [NumQuarters]string{"palace", "market", "smithy", "cathedral"}

func (q Quarter) String() string { return QuarterNames[q] }

// ParseQuarter returns the quarter with the given record name.
func ParseQuarter(s string) (Quarter, bool) {
	i := slices.Index(QuarterNames[:], s)
	return Quarter(max(i, 0)), i >= 0
}

// CityState is the City's own state: whether it lies flag side up with the Count, and where the Count stands.
type CityState struct {
	Placed bool    // the City of Carcassonne is the start piece
	Active bool    // flag side: quarters and the Count (COUNT-2); false on the plain side (COUNT-3)
	Count  Quarter // the Count's quarter (starts on the palace, COUNT-2)
}

func (c *CityState) init(o Options) {
	*c = CityState{Count: Palace}
}

// QuarterFor returns the quarter whose figures may move onto a completed feature of kind k (COUNT-14), and false
// for kinds no quarter feeds during the game (fields, gardens).
func QuarterFor(k Kind) (Quarter, bool) {
	switch k {
	case KCity:
		return Palace, true
	case KRoad:
		return Smithy, true
	case KMonastery, KShrine:
		return Cathedral, true
	}
	return 0, false
}

// InQuarter returns how many figures of that kind the player has in quarter q.
func (s *State) InQuarter(player int, q Quarter, kind FigureKind) int {
	n := 0
	figs, _ := s.playerFigures(player)
	for i := range figs {
		if f := &figs[i]; f.Kind == kind && f.Where == InCity && f.Quarter == q {
			n++
		}
	}
	return n
}

// inQuarter returns the index of a figure of that kind of the player's in quarter q, -1 if none.
func (s *State) inQuarter(player int, q Quarter, kind FigureKind) int {
	figs, lo := s.playerFigures(player)
	for i := range figs {
		if f := &figs[i]; f.Kind == kind && f.Where == InCity && f.Quarter == q {
			return lo + i
		}
	}
	return -1
}

// CityEntitled reports whether the active player may now put a figure into the City (COUNT-6, COUNT-7): another
// player gained points from a feature completed this turn, the active player gained no points at all this turn,
// and the active player has a figure COUNT-8 admits. It is asked after step 3.
func (s *State) CityEntitled() bool {
	if !s.City.Active || !s.Turn.Scored {
		return false
	}
	a := s.Turn.Active
	if s.Turn.Gained[a] > 0 {
		return false
	}
	other := false
	for p := 0; p < s.Opts.Players; p++ {
		if p != a && s.Turn.FeatureGained[p] > 0 {
			other = true
		}
	}
	if !other {
		return false
	}
	for k := FigureKind(0); k < NumFigureKinds; k++ {
		if s.cityAdmits(k) && s.fromSupply(a, k) >= 0 {
			return true
		}
	}
	return false
}

// cityAdmits reports whether a figure of that kind may ever go into the City (COUNT-8(b), COMBO-15): a follower, the
// abbot (into the cathedral), the large follower, each with its module. Traders & Builders' builder and pig never
// do (COMBO-16(a)).
func (s *State) cityAdmits(kind FigureKind) bool {
	return s.moduleRefusal(kind) == nil && (kind == Follower || kind == Abbot || kind == Large || kind == Mayor ||
		kind == Wagon) // COMBO-42(a): the mayor into the palace, the wagon not into the market (am.go)
}

// CanEnterCity checks a City placement by the active player (COUNT-6, COUNT-7, COUNT-8). The caller checks that
// it is the first one this turn (COUNT-8(a)).
func (s *State) CanEnterCity(player int, q Quarter, kind FigureKind) error {
	return s.CheckEnterCity(player, q, kind).Err()
}

// CityRefusal is CanEnterCity's answer as a value, which costs nothing to work out or to keep: the referee keeps
// the one of each turn's end for a "city" line that may come later, and Err makes the refusal only then.
type CityRefusal struct {
	why     uint8 // cityOK, or which refusal
	kind    FigureKind
	points  int
	refusal *RuleError // a refusal of the module or the figure (moduleRefusal, specialRefusal), already made
}

// The refusals of CheckEnterCity, in the order it checks them.
const (
	cityOK = iota
	cityPlain
	cityNoQuarter
	cityNotActive
	cityTooEarly
	cityGained
	cityNotTriggered
	cityFigure // CityRefusal.refusal
	cityAbbotQuarter
	cityMarketClosed
	cityLargeNotInSupply
	citySupplyEmpty
)

// CheckEnterCity is CanEnterCity without making the refusal (CityRefusal.Err makes it).
func (s *State) CheckEnterCity(player int, q Quarter, kind FigureKind) CityRefusal {
	if !s.City.Active {
		return CityRefusal{why: cityPlain}
	}
	if q >= NumQuarters {
		return CityRefusal{why: cityNoQuarter}
	}
	if player != s.Turn.Active {
		return CityRefusal{why: cityNotActive}
	}
	if !s.Turn.Scored {
		return CityRefusal{why: cityTooEarly}
	}
	a := s.Turn.Active
	if s.Turn.Gained[a] > 0 {
		return CityRefusal{why: cityGained, points: s.Turn.Gained[a]}
	}
	other := false
	for p := 0; p < s.Opts.Players; p++ {
		if p != a && s.Turn.FeatureGained[p] > 0 {
			other = true
		}
	}
	if !other {
		return CityRefusal{why: cityNotTriggered}
	}
	if err := s.moduleRefusal(kind); err != nil {
		return CityRefusal{why: cityFigure, refusal: err}
	}
	if err := specialRefusal(kind, "COMBO-16(a)"); err != nil { // builders and pigs never enter (OPEN-18)
		return CityRefusal{why: cityFigure, refusal: err}
	}
	if kind == Abbot && q != Cathedral {
		return CityRefusal{why: cityAbbotQuarter}
	}
	if err := amCityRefusal(kind, q); err != nil { // COMBO-42(a), am.go
		return CityRefusal{why: cityFigure, refusal: err}
	}
	if q == Market && !s.Opts.Farmers {
		return CityRefusal{why: cityMarketClosed}
	}
	if s.fromSupply(player, kind) < 0 {
		if kind == Large {
			return CityRefusal{why: cityLargeNotInSupply}
		}
		return CityRefusal{why: citySupplyEmpty, kind: kind}
	}
	return CityRefusal{}
}

// Err returns the refusal (*RuleError citing COUNT-3, COUNT-5, COUNT-6, COUNT-7, COUNT-8(b), COUNT-8(c), COUNT-10,
// DEF-5, ABBOT-1, IC-2, TB-2 or COMBO-16(a)), nil when the placement is allowed.
func (r CityRefusal) Err() error {
	switch r.why {
	case cityOK:
		return nil
	case cityPlain:
		return refuse("COUNT-3", "err.city_plain")
	case cityNoQuarter:
		return refuse("COUNT-5", "err.no_such_quarter")
	case cityNotActive:
		return refuse("COUNT-6", "err.city_not_active")
	case cityTooEarly:
		return refuse("COUNT-10", "err.city_too_early")
	case cityGained:
		return refuse("COUNT-7", "err.city_gained", "points", r.points)
	case cityNotTriggered:
		return refuse("COUNT-6", "err.city_not_triggered")
	case cityFigure:
		return r.refusal
	case cityAbbotQuarter:
		return refuse("COUNT-8(b)", "err.abbot_cathedral_only")
	case cityMarketClosed:
		return refuse("COUNT-8(c)", "err.market_closed")
	case cityLargeNotInSupply:
		return refuse("DEF-5", "err.large_not_in_supply")
	}
	return refuse("COUNT-6", "err.supply_empty", "figure", r.kind.String())
}

// EnterCity puts a figure from the player's supply into quarter q after CanEnterCity.
func (s *State) EnterCity(player int, q Quarter, kind FigureKind) error {
	if err := s.CanEnterCity(player, q, kind); err != nil {
		return err
	}
	fi := s.fromSupply(player, kind)
	f := &s.Figures[fi]
	f.Where, f.Quarter, f.Seg = InCity, q, -1
	return nil
}

// MoveCount moves the Count to quarter q (COUNT-11); the caller checks that the player just put a figure into the
// City. Leaving him where he is is always allowed. Without farmers the market is out of play for the Count too: a
// move there is refused (COUNT-11(a)).
func (s *State) MoveCount(q Quarter) error {
	if !s.City.Active {
		return refuse("COUNT-3", "err.city_plain")
	}
	if q >= NumQuarters {
		return refuse("COUNT-5", "err.no_such_quarter")
	}
	if q == Market && !s.Opts.Farmers {
		return refuse("COUNT-11(a)", "err.market_closed")
	}
	s.City.Count = q
	return nil
}

// MovingTargets returns the eligible targets of this turn's moving-out round (COUNT-17): the roads, cities,
// monasteries and shrines completed this turn that are occupied now. Call it when the round begins.
func (s *State) MovingTargets() []int32 {
	var out []int32
	if !s.City.Active {
		return out
	}
	for _, f := range s.Turn.Completed {
		if _, ok := QuarterFor(s.SegKind(f)); ok && s.segs[s.find(f)].occ > 0 {
			out = append(out, s.find(f))
		}
	}
	if s.Opts.AbbeyMayor {
		out = s.barnTargets(out) // COMBO-43, am.go
	}
	return out
}

// CanMove reports whether the player has a figure that may move onto one of the targets now (COUNT-16(d)): a
// follower or the large follower in the quarter that feeds it (COMBO-15), the abbot from the cathedral.
func (s *State) CanMove(player int, targets []int32) bool {
	for _, t := range targets {
		q, ok := QuarterFor(s.SegKind(t))
		if !ok {
			q = Market // a field scored because of a barn (COMBO-43, am.go)
		}
		if q == s.City.Count || !s.featureOffDragon(t) { // COMBO-33(b)
			continue
		}
		if s.InQuarter(player, q, Follower) > 0 || s.InQuarter(player, q, Large) > 0 {
			return true
		}
		if q == Cathedral && s.InQuarter(player, q, Abbot) > 0 {
			return true
		}
		if s.Opts.AbbeyMayor && (q == Palace && s.InQuarter(player, q, Mayor) > 0 || s.InQuarter(player, q, Wagon) > 0) {
			return true // COMBO-42(c)
		}
	}
	return false
}

// CanMoveOut checks one move of the moving-out round: a figure of the player from quarter q onto segment seg of
// a target (COUNT-14, COUNT-15, COUNT-16(e), COUNT-17). The caller checks whose go it is (COUNT-16(a)).
func (s *State) CanMoveOut(player int, q Quarter, kind FigureKind, seg int32, targets []int32) error {
	r := s.find(seg)
	eligible := false
	for _, t := range targets {
		if s.find(t) == r {
			eligible = true
		}
	}
	if !eligible {
		if s.Opts.AbbeyMayor && s.SegKind(seg) == KField { // only a field scored because of a barn (am.go)
			return refuse("COMBO-43", "err.am.market_not_barn_field")
		}
		return refuse("COUNT-17", "err.not_a_target")
	}
	want, _ := QuarterFor(s.SegKind(seg))
	if s.SegKind(seg) == KField {
		want = Market // a field scored because of a barn (COMBO-43, am.go)
	}
	if q != want {
		return refuse("COUNT-14", "err.wrong_quarter", "quarter", q.String(), "want", want.String())
	}
	if q == s.City.Count {
		return refuse("COUNT-15", "err.count_blocks", "quarter", q.String())
	}
	if err := s.leaveRefusal(player, q, kind, "COUNT-16(e)"); err != nil {
		return err
	}
	if err := amDragonRule(kind, s.segDragonRefusal(seg), "COMBO-56(d)"); err != nil { // COMBO-33(b), PD-7
		return err
	}
	return nil
}

// leaveRefusal returns why no figure of that kind of the player's can leave quarter q, nil if one can: a builder
// or pig is never in the City (COMBO-16(a)); the player's large follower is not there (DEF-5); no follower of the
// player's is there (rule: COUNT-16(e) for the moving out, COUNT-19(c) for the market).
func (s *State) leaveRefusal(player int, q Quarter, kind FigureKind, rule string) *RuleError {
	if err := specialRefusal(kind, "COMBO-16(a)"); err != nil {
		return err
	}
	if kind == Mayor && q != Palace || kind == Barn {
		return refuse("COMBO-42(a)", "err.am.city_quarter", "figure", kind.String(), "quarter", q.String())
	}
	if s.InQuarter(player, q, kind) == 0 {
		if kind == Large {
			return refuse("DEF-5", "err.large_not_in_quarter", "quarter", q.String())
		}
		return refuse(rule, "err.none_in_quarter", "quarter", q.String(), "figure", kind.String())
	}
	return nil
}

// MoveOut moves a figure of the player from quarter q onto segment seg (a target) after CanMoveOut.
func (s *State) MoveOut(player int, q Quarter, kind FigureKind, seg int32, targets []int32) error {
	if err := s.CanMoveOut(player, q, kind, seg, targets); err != nil {
		return err
	}
	s.putOnBoard(s.inQuarter(player, q, kind), seg)
	return nil
}

// MarketMovable returns how many figures the player may still move out of the market at the end (COUNT-19(c)),
// followers and the large follower (COMBO-15(b)); none while the Count stands on the market (COUNT-19(e)).
func (s *State) MarketMovable(player int) int {
	if !s.City.Active || s.City.Count == Market {
		return 0
	}
	return s.MarketFigures(player)
}

// MarketFigures returns how many figures the player has in the market, followers and the large follower, whether or
// not the Count lets them move (COUNT-19, COUNT-20).
func (s *State) MarketFigures(player int) int {
	return s.InQuarter(player, Market, Follower) + s.InQuarter(player, Market, Large)
}

// CanMoveFromMarket checks one move of the market round: one of the player's market figures of that kind (a
// follower, or the large follower, a farmer of strength 2, COMBO-15(b)) onto the field of segment seg (COUNT-19).
// The caller checks whose move it is (COUNT-19(b)).
func (s *State) CanMoveFromMarket(player int, kind FigureKind, seg int32) error {
	if s.SegKind(seg) != KField {
		return refuse("COUNT-19(c)", "err.market_not_field")
	}
	if s.City.Count == Market {
		return refuse("COUNT-15", "err.count_blocks", "quarter", Market.String())
	}
	if err := s.leaveRefusal(player, Market, kind, "COUNT-19(c)"); err != nil {
		return err
	}
	if err := s.segDragonRefusal(seg); err != nil { // COMBO-33(b), COMBO-40, PD-7
		return err
	}
	return nil
}

// MoveFromMarket lays one of the player's market figures of that kind on the field of segment seg as a farmer
// after CanMoveFromMarket (COUNT-19).
func (s *State) MoveFromMarket(player int, kind FigureKind, seg int32) error {
	if err := s.CanMoveFromMarket(player, kind, seg); err != nil {
		return err
	}
	s.putOnBoard(s.inQuarter(player, Market, kind), seg)
	return nil
}
