package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Figures: followers, large followers, abbots, builders and pigs, where they stand, and the rules for placing them
// (BASE-6, BASE-7, FARM-2, ABBOT-3/4, IC-4, RIVER-8, RIV2-6; the builder TB-5 and the pig TB-12 in tb.go), for
// majorities (DEF-6, DEF-11, BASE-11) and for returning them (BASE-12; TB-11, TB-13).
//
// # Strength: the one way every majority is computed (DEF-11)
//
// What a kind of figure is for the rules is said once, in figureKinds: its strength in every majority and whether
// it makes a feature occupied. Every majority of the engine (roads, cities, monasteries, shrines and gardens
// scored, fields, the gift test GIFT-2, the moving-out round's result, Road Sweeper) goes through tallyFigures,
// which adds the strength of each figure on the feature; everything that counts figures as figures (occupancy
// BASE-7, the one figure of a City placement COUNT-8(a), one `move`, Cash Out's count COMBO-23) counts them one by
// one: only the kinds that occupy (followers, large followers, abbots; DEF-6). Traders & Builders' builder and pig
// are in figureKinds with strength 0 and occupies false (DEF-4, DEF-6, TB-6, TB-13): they count for no majority, are
// no figure of a feature's count (Cash Out's N, COMBO-23) and make nothing occupied. Such figures stand only beside a
// follower of their owner (TB-5(a), TB-11(b), TB-12, TB-13; returnLonely keeps it so), so a feature with figures is
// always occupied. The figures on a feature are found from its list (figindex.go), never by a scan of every figure.

// FigureKind is a kind of figure (DEF-4): an ordinary follower, the abbot, the large follower, the builder, the pig.
type FigureKind uint8

// Figure kinds. NumFigureKinds is their number.
const (
	Follower FigureKind = iota // an ordinary follower (DEF-4): 7 per player, CFG-2
	Abbot                      // the abbot (ABBOT-1): with the abbot module, one per player
	Large                      // the large follower (IC-4): with inns-cathedrals, one per player
	Builder                    // the builder (TB-5): with traders-builders, one per player; not a follower (TB-6)
	Pig                        // the pig (TB-12): with traders-builders, one per player; placed only with farmers
	Mayor                      // the mayor (AM-11): with abbey-mayor, one per player; strength = its city's pennants
	Wagon                      // the wagon (AM-14): with abbey-mayor, one per player; moves on after scoring (AM-16)
	Barn                       // the barn (AM-21): with abbey-mayor, one per player; placed only with farmers
	NumFigureKinds
)

// figureKinds is what each kind of figure is for the rules (see "Strength" above): its record word, its strength in
// a majority (DEF-11; IC-5), whether it occupies a feature (DEF-6) and whether it is a follower (DEF-4: ordinary or
// large). How many a player has is Supplied's, the module that gives it moduleRefusal's.
var figureKinds = [NumFigureKinds]struct {
	name     string
	strength int
	occupies bool
	follower bool
}{
	Follower: {"follower", 1, true, true},
	Abbot:    {"abbot", 1, true, false},
	Large:    {"large", 2, true, true},
	Builder:  {"builder", 0, false, false},
	Pig:      {"pig", 0, false, false},
	Mayor:    {"mayor", 1, true, true}, // its strength in a majority is its city's pennants (am.go, AM-12)
	Wagon:    {"wagon", 1, true, true},
	Barn:     {"barn", 0, false, false},
}

// String returns the kind's record word: follower, abbot, large, builder, pig.
func (k FigureKind) String() string { return figureKinds[k].name }

// Strength returns what one figure of this kind counts in a majority (DEF-11): follower 1, abbot 1, large 2 (IC-5),
// builder and pig 0 (TB-6, TB-13).
func (k FigureKind) Strength() int { return figureKinds[k].strength }

// Occupies reports whether a figure of this kind makes the feature it stands on occupied (DEF-6).
func (k FigureKind) Occupies() bool { return figureKinds[k].occupies }

// IsFollower reports whether the kind is a follower, ordinary or large (DEF-4 amended): the figures a rule about
// "followers" or "meeples" means.
func (k FigureKind) IsFollower() bool { return figureKinds[k].follower }

// IsSpecial reports whether the kind is a builder or a pig (DEF-4 amended): a figure that is not a follower, stands
// only beside a follower of its owner and goes back when that follower leaves (TB-11(b), TB-13).
func (k FigureKind) IsSpecial() bool { return k == Builder || k == Pig }

// ParseFigureKind returns the figure kind with the given record word ("follower", "abbot", "large", "builder",
// "pig").
func ParseFigureKind(s string) (FigureKind, bool) {
	for k := FigureKind(0); k < NumFigureKinds; k++ {
		if figureKinds[k].name == s {
			return k, true
		}
	}
	return 0, false
}

// Where says where a figure is (DEF-5): exactly one of supply, a segment on the board, a quarter of the City.
type Where uint8

// Figure locations.
const (
	InSupply Where = iota
	OnBoard
	InCity
)

// Figure is one figure of a player.
type Figure struct {
	Player  int8
	Kind    FigureKind
	Where   Where
	Seg     int32   // OnBoard: the segment it stands (or, on a field, lies) on
	Quarter Quarter // InCity: the quarter
}

// RuleError is a refusal: the rule it cites, a message id for the locales and the message's data. The state is
// unchanged whenever a function returns one.
type RuleError struct {
	Rule string         // rule ID in RULES.md, e.g. "BASE-7"
	Key  string         // message id, e.g. "err.occupied"
	Data map[string]any // template data for the message
}

func (e *RuleError) Error() string {
	if len(e.Data) == 0 {
		return "refused: " + e.Rule + " (" + e.Key + ")"
	}
	keys := make([]string, 0, len(e.Data))
	for k := range e.Data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%v", k, e.Data[k])
	}
	return "refused: " + e.Rule + " (" + e.Key + b.String() + ")"
}

func refuse(rule, key string, kv ...any) *RuleError {
	e := &RuleError{Rule: rule, Key: key}
	if len(kv) > 0 {
		e.Data = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.Data[kv[i].(string)] = kv[i+1]
		}
	}
	return e
}

// initFigures gives each player, in supply, the figures of the options (Supplied), kind by kind in FigureKind order.
func (s *State) initFigures() {
	for p := 0; p < s.Opts.Players; p++ {
		s.figBase[p] = int32(len(s.Figures))
		for k := FigureKind(0); k < NumFigureKinds; k++ {
			for range s.Supplied(k) {
				s.Figures = append(s.Figures, Figure{Player: int8(p), Kind: k, Seg: -1})
			}
		}
	}
	for p := s.Opts.Players; p <= MaxPlayers; p++ {
		s.figBase[p] = int32(len(s.Figures))
	}
	for range s.Figures {
		s.figNext = append(s.figNext, -1)
	}
}

// playerFigures returns the player's figures: a slice of Figures, and the index of its first (figBase).
func (s *State) playerFigures(player int) ([]Figure, int) {
	if player < 0 || player >= MaxPlayers {
		return nil, 0
	}
	lo := int(s.figBase[player])
	return s.Figures[lo:s.figBase[player+1]], lo
}

// Supplied returns how many figures of that kind each player has in the game (CFG-2 amended): the followers of the
// options, one abbot with the abbot module, one large follower with inns-cathedrals, one builder and one pig with
// traders-builders (the pig is placed only with farmers, TB-12), else none.
func (s *State) Supplied(kind FigureKind) int {
	switch kind {
	case Follower:
		return s.Opts.Followers
	case Abbot:
		return b2i(s.Opts.Abbot)
	case Large:
		return b2i(s.Opts.InnsCathedrals)
	case Builder, Pig:
		return b2i(s.Opts.TradersBuilders)
	case Mayor, Wagon, Barn:
		return b2i(s.Opts.AbbeyMayor) // CFG-2 amended (the barn is placed only with farmers, AM-21(a))
	}
	return 0
}

// moduleRefusal returns the refusal for a figure kind whose module is not in play (ABBOT-1; IC-2 for the large
// follower; TB-2 for the builder and the pig), nil when the game has it.
func (s *State) moduleRefusal(kind FigureKind) *RuleError {
	switch {
	case kind == Abbot && !s.Opts.Abbot:
		return refuse("ABBOT-1", "err.no_abbot_module")
	case kind == Large && !s.Opts.InnsCathedrals:
		return refuse("IC-2", "err.no_large_module")
	case kind.IsSpecial() && !s.Opts.TradersBuilders:
		return refuse("TB-2", "err.no_tb_module", "figure", kind.String())
	}
	if err := s.amRefusal(kind); err != nil { // am.go
		return err
	}
	return nil
}

// InSupplyCount returns how many figures of that kind the player has in supply (DEF-5).
func (s *State) InSupplyCount(player int, kind FigureKind) int {
	n := 0
	figs, _ := s.playerFigures(player)
	for i := range figs {
		if f := &figs[i]; f.Kind == kind && f.Where == InSupply {
			n++
		}
	}
	return n
}

// CheckFigures checks that no figure is lost or doubled (DEF-5; CFG-2 amended: Supplied): every player's figures
// of every kind, the large follower, the builder and the pig included, in supply, in the City's quarters and on the
// board are as many as the set-up gives. The board's are counted by a scan of every figure by owner, not through
// the player's own range. It returns the first difference, nil when there is none. It is for tests (random games in
// the engine, the referee and the binary): a State changed only through its methods never differs.
func (s *State) CheckFigures() error {
	for p := 0; p < s.Opts.Players; p++ {
		for kind := FigureKind(0); kind < NumFigureKinds; kind++ {
			n := s.InSupplyCount(p, kind)
			for q := Quarter(0); q < NumQuarters; q++ {
				n += s.InQuarter(p, q, kind)
			}
			for i := range s.Figures {
				if f := &s.Figures[i]; int(f.Player) == p && f.Kind == kind && f.Where == OnBoard {
					n++
				}
			}
			if want := s.Supplied(kind); n != want {
				return fmt.Errorf("engine: player %d has %d %s figures in supply, on the board and in the City, want %d (DEF-5)",
					p, n, kind, want)
			}
		}
	}
	return nil
}

// fromSupply returns the index of a figure of that kind in the player's supply, -1 if none.
func (s *State) fromSupply(player int, kind FigureKind) int {
	figs, lo := s.playerFigures(player)
	for i := range figs {
		if f := &figs[i]; f.Kind == kind && f.Where == InSupply {
			return lo + i
		}
	}
	return -1
}

// putOnBoard puts figure fi (in supply or in the City) onto segment seg: it occupies the feature if its kind does
// (DEF-6) and joins the feature's list of figures (figindex.go).
func (s *State) putOnBoard(fi int, seg int32) {
	f := &s.Figures[fi]
	if f.Where == OnBoard {
		s.toSupply(fi)
	}
	f.Where, f.Seg = OnBoard, seg
	r := s.find(seg)
	if f.Kind.Occupies() {
		s.segs[r].occ++
	}
	s.linkFigure(fi, r)
}

// toSupply returns a figure to its owner's supply (BASE-12).
func (s *State) toSupply(fi int) {
	f := &s.Figures[fi]
	if f.Where == OnBoard {
		r := s.find(f.Seg)
		if f.Kind.Occupies() {
			s.segs[r].occ--
		}
		s.unlinkFigure(fi, r)
	}
	if s.PD.FairyFig == fi {
		s.PD.FairyFig = -1 // the fairy stays on its tile, assigned to nobody (PD-15)
	}
	f.Where, f.Seg = InSupply, -1
}

// FiguresOn returns the indices of the figures standing on the feature of seg, in ascending order, appended to buf.
func (s *State) FiguresOn(seg int32, buf []int) []int {
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		buf = append(buf, int(i))
	}
	return buf
}

// Majority returns each player's strength on the feature of seg (DEF-11: the sum of their figures' strengths,
// a large follower 2), the owners as a bit mask (bit p: player p has the greatest strength, at least 1; DEF-6,
// BASE-11) and the greatest strength.
func (s *State) Majority(seg int32) (strength [MaxPlayers]int, owners uint8, top int) {
	t := s.tallyFigures(seg)
	return t.strength, t.owners, t.top
}

// figureTally is who has what on one feature: figures that occupy counted one by one (followers, large followers,
// abbots; builders and pigs are no figure of the count, COMBO-23), strength (DEF-11), and the owners.
type figureTally struct {
	figures, strength [MaxPlayers]int
	owners            uint8
	top               int
}

// tallyFigures counts the figures on the feature of seg per player, one by one and by strength, and finds the
// owners by strength (DEF-6, DEF-11). It is the one majority of the engine (see "Strength" above).
func (s *State) tallyFigures(seg int32) (t figureTally) {
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; f.Kind.Occupies() { // not builders and pigs (DEF-6, TB-6)
			t.figures[f.Player]++
			t.strength[f.Player] += s.figureStrength(f, seg) // a mayor: its city's pennants (AM-12, am.go)
		}
	}
	for p, c := range t.strength {
		switch {
		case c > t.top:
			t.top, t.owners = c, 1<<p
		case c == t.top && c > 0:
			t.owners |= 1 << p
		}
	}
	return
}

// fill copies the tally's figures and strength into a Score.
func (t *figureTally) fill(sc *Score) {
	for p := range t.figures {
		sc.Figures[p] = uint8(t.figures[p])
		sc.Strength[p] = uint8(t.strength[p])
	}
}

// canStandOn checks where a figure of that kind may go by segment kind alone (BASE-6, FARM-1/2, ABBOT-3/4,
// IC-4(a), RIVER-8).
func (s *State) canStandOn(kind FigureKind, k Kind, riverRule string) *RuleError {
	switch {
	case k == KRiver:
		return refuse(riverRule, "err.figure_on_river")
	case kind == Abbot && !k.IsCentre():
		return refuse("ABBOT-4", "err.abbot_not_there", "kind", k.String())
	case kind == Large && k == KGarden:
		return refuse("IC-4(a)", "err.large_on_garden")
	case kind == Follower && k == KGarden:
		return refuse("ABBOT-3", "err.follower_on_garden")
	case k == KField && !s.Opts.Farmers:
		return refuse("FARM-1", "err.no_farmers")
	}
	return nil
}

func riverRuleFor(t *TileType) string {
	if t.Set == "river2" {
		return "RIV2-6"
	}
	return "RIVER-8"
}

// CanDeploy checks a step-2 placement (BASE-6, SEQ-5(a)-(d)): a figure of the player's supply onto local segment
// `local` of the tile just placed (tile index tile). Errors cite ABBOT-1 / IC-2 / TB-2 (no such figure in this game),
// BASE-6 (no follower or abbot in supply), DEF-5 (the large follower, the builder, the pig, the mayor or the wagon
// is not in supply: IC-4(c), DEF-5 amended by AM), BASE-7 (occupied), FARM-1, ABBOT-3, ABBOT-4, IC-4(a), RIVER-8 / RIV2-6; for the builder TB-5(a)/(b)/(c),
// for the pig TB-12 (canPlaceSpecial).
func (s *State) CanDeploy(player int, kind FigureKind, tile, local int) error {
	_, err := s.deployable(player, kind, tile, local)
	return err
}

// deployable is CanDeploy, and the index of the figure of the player's supply that would be placed.
func (s *State) deployable(player int, kind FigureKind, tile, local int) (int, error) {
	if err := s.moduleRefusal(kind); err != nil {
		return -1, err
	}
	if s.Turn.Volcano {
		return -1, refuse("RIV2-8", "err.volcano_no_figure")
	}
	if kind == Pig && !s.Opts.Farmers {
		return -1, refuse("TB-12", "err.pig_no_farmers")
	}
	fi := s.fromSupply(player, kind)
	if fi < 0 {
		switch {
		case kind == Large:
			return -1, refuse("DEF-5", "err.large_not_in_supply")
		case kind.IsSpecial(), kind == Mayor, kind == Wagon: // (DEF-5 amended by Abbey & Mayor: one each)
			return -1, refuse("DEF-5", "err.special_not_in_supply", "figure", kind.String())
		}
		return -1, refuse("BASE-6", "err.supply_empty", "figure", kind.String())
	}
	t := &s.Tiles[tile]
	if local < 0 || local >= len(t.Type.Segs) {
		return -1, refuse("BASE-6", "err.no_such_place")
	}
	if kind == Barn { // the barn stands at a corner (DeployBarn, am.go)
		return -1, refuse("AM-21", "err.am.barn_at_corner")
	}
	if err := s.amStandRefusal(kind, t.Type.Segs[local].Kind, t.Type); err != nil { // AM-7, AM-11, AM-14
		return -1, err
	}
	if err := s.barnClosed(kind, t.Seg(local)); err != nil { // AM-24
		return -1, err
	}
	if err := amDragonRule(kind, s.dragonRefusal(tile), "COMBO-56(a)"); err != nil { // PD-6, PD-7 (pd.go, combo.go)
		return -1, err
	}
	if kind.IsSpecial() { // the builder (TB-5) or the pig (TB-12): beside the player's own follower, tb.go
		if err := s.canPlaceSpecial(player, kind, t.Seg(local)); err != nil {
			return -1, err
		}
		return fi, nil
	}
	if err := s.canStandOn(kind, t.Type.Segs[local].Kind, riverRuleFor(t.Type)); err != nil {
		return -1, err
	}
	if s.segs[s.find(t.Seg(local))].occ > 0 {
		return -1, refuse("BASE-7", "err.occupied", "feature", t.Type.Segs[local].Kind.String())
	}
	return fi, nil
}

// Deploy places a figure from the player's supply onto local segment `local` of tile `tile` after CanDeploy. It
// returns the figure's index.
func (s *State) Deploy(player int, kind FigureKind, tile, local int) (int, error) {
	fi, err := s.deployable(player, kind, tile, local)
	if err != nil {
		return -1, err
	}
	s.putOnBoard(fi, s.Tiles[tile].Seg(local))
	s.Turn.Deployed = true
	return fi, nil
}

// DeployOption is one legal step-2 placement on the tile just placed.
type DeployOption struct {
	Local int // segment of the tile
	Kind  FigureKind
}

// DeployOptions lists every legal step-2 placement for the player on tile `tile` (BASE-6, BASE-7, FARM-2,
// ABBOT-3, IC-4, TB-5, TB-12), appended to buf: per segment, a follower, the abbot, the large follower, the builder,
// the pig, each if the player has it in supply.
func (s *State) DeployOptions(player, tile int, buf []DeployOption) []DeployOption {
	t := &s.Tiles[tile]
	var has [NumFigureKinds]bool
	for k := range has {
		has[k] = s.moduleRefusal(FigureKind(k)) == nil && s.fromSupply(player, FigureKind(k)) >= 0
	}
	for i := range t.Type.Segs {
		for k := FigureKind(0); k < NumFigureKinds; k++ {
			if has[k] && s.CanDeploy(player, k, tile, i) == nil {
				buf = append(buf, DeployOption{i, k})
			}
		}
	}
	return buf
}

// FigureAt returns the index of the player's figure of the given kind standing on segment seg exactly (not just
// on its feature), -1 if none.
func (s *State) FigureAt(player int, kind FigureKind, seg int32) int {
	if seg < 0 || int(seg) >= len(s.segs) {
		return -1
	}
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; int(f.Player) == player && f.Kind == kind && f.Seg == seg {
			return int(i)
		}
	}
	return -1
}

// OnBoardCount returns how many of the player's figures stand on the board.
func (s *State) OnBoardCount(player int) int {
	n := 0
	figs, _ := s.playerFigures(player)
	for i := range figs {
		if figs[i].Where == OnBoard {
			n++
		}
	}
	return n
}
