package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Figures: followers and abbots, where they stand, and the rules for placing them (BASE-6, BASE-7, FARM-2,
// ABBOT-3/4, RIVER-8, RIV2-6), for majorities (DEF-6, BASE-11) and for returning them (BASE-12).

// FigureKind is a follower or an abbot (DEF-4).
type FigureKind uint8

// Figure kinds.
const (
	Follower FigureKind = iota
	Abbot
)

func (k FigureKind) String() string {
	if k == Abbot {
		return "abbot"
	}
	return "follower"
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

func (s *State) initFigures() {
	for p := 0; p < s.Opts.Players; p++ {
		for i := 0; i < s.Opts.Followers; i++ {
			s.Figures = append(s.Figures, Figure{Player: int8(p), Kind: Follower, Seg: -1})
		}
		if s.Opts.Abbot {
			s.Figures = append(s.Figures, Figure{Player: int8(p), Kind: Abbot, Seg: -1})
		}
	}
}

// InSupplyCount returns how many figures of that kind the player has in supply (DEF-5).
func (s *State) InSupplyCount(player int, kind FigureKind) int {
	n := 0
	for i := range s.Figures {
		f := &s.Figures[i]
		if int(f.Player) == player && f.Kind == kind && f.Where == InSupply {
			n++
		}
	}
	return n
}

// fromSupply returns the index of a figure of that kind in the player's supply, -1 if none.
func (s *State) fromSupply(player int, kind FigureKind) int {
	for i := range s.Figures {
		f := &s.Figures[i]
		if int(f.Player) == player && f.Kind == kind && f.Where == InSupply {
			return i
		}
	}
	return -1
}

func (s *State) putOnBoard(fi int, seg int32) {
	f := &s.Figures[fi]
	f.Where, f.Seg = OnBoard, seg
	s.occ[s.find(seg)]++
}

// toSupply returns a figure to its owner's supply (BASE-12).
func (s *State) toSupply(fi int) {
	f := &s.Figures[fi]
	if f.Where == OnBoard {
		s.occ[s.find(f.Seg)]--
	}
	f.Where, f.Seg = InSupply, -1
}

// FiguresOn returns the indices of the figures standing on the feature of seg, appended to buf.
func (s *State) FiguresOn(seg int32, buf []int) []int {
	r := s.find(seg)
	if s.occ[r] == 0 {
		return buf
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where == OnBoard && s.find(f.Seg) == r {
			buf = append(buf, i)
		}
	}
	return buf
}

// Majority counts the figures on the feature of seg per player and returns the counts, the owners as a bit mask
// (bit p: player p has the greatest number, at least 1; DEF-6) and the greatest number.
func (s *State) Majority(seg int32) (counts [MaxPlayers]int, owners uint8, top int) {
	r := s.find(seg)
	if s.occ[r] == 0 {
		return
	}
	var buf [MaxPlayers * 8]int
	for _, i := range s.FiguresOn(r, buf[:0]) {
		counts[s.Figures[i].Player]++
	}
	for p, c := range counts {
		switch {
		case c > top:
			top, owners = c, 1<<p
		case c == top && c > 0:
			owners |= 1 << p
		}
	}
	return
}

// canStandOn checks where a figure of that kind may go by segment kind alone (BASE-6, FARM-1/2, ABBOT-3/4,
// RIVER-8).
func (s *State) canStandOn(kind FigureKind, k Kind, riverRule string) *RuleError {
	switch {
	case k == KRiver:
		return refuse(riverRule, "err.figure_on_river")
	case kind == Abbot && !k.IsCentre():
		return refuse("ABBOT-4", "err.abbot_not_there", "kind", k.String())
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

// CanDeploy checks a step-2 placement (BASE-6): a figure of the player's supply onto local segment `local` of the
// tile just placed (tile index tile). Errors cite BASE-6 (no figure in supply), BASE-7 (occupied), FARM-1, ABBOT-3,
// ABBOT-4, RIVER-8 / RIV2-6.
func (s *State) CanDeploy(player int, kind FigureKind, tile, local int) error {
	if kind == Abbot && !s.Opts.Abbot {
		return refuse("ABBOT-1", "err.no_abbot_module")
	}
	if s.Turn.Volcano {
		return refuse("RIV2-8", "err.volcano_no_figure")
	}
	if s.fromSupply(player, kind) < 0 {
		return refuse("BASE-6", "err.supply_empty", "figure", kind.String())
	}
	t := &s.Tiles[tile]
	if local < 0 || local >= len(t.Type.Segs) {
		return refuse("BASE-6", "err.no_such_place")
	}
	if err := s.canStandOn(kind, t.Type.Segs[local].Kind, riverRuleFor(t.Type)); err != nil {
		return err
	}
	if s.occ[s.find(t.Seg(local))] > 0 {
		return refuse("BASE-7", "err.occupied", "feature", t.Type.Segs[local].Kind.String())
	}
	return nil
}

// Deploy places a figure from the player's supply onto local segment `local` of tile `tile` after CanDeploy. It
// returns the figure's index.
func (s *State) Deploy(player int, kind FigureKind, tile, local int) (int, error) {
	if err := s.CanDeploy(player, kind, tile, local); err != nil {
		return -1, err
	}
	fi := s.fromSupply(player, kind)
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
// ABBOT-3), appended to buf.
func (s *State) DeployOptions(player, tile int, buf []DeployOption) []DeployOption {
	t := &s.Tiles[tile]
	hasF := s.fromSupply(player, Follower) >= 0
	hasA := s.Opts.Abbot && s.fromSupply(player, Abbot) >= 0
	for i := range t.Type.Segs {
		for _, kind := range [2]FigureKind{Follower, Abbot} {
			if (kind == Follower && !hasF) || (kind == Abbot && !hasA) {
				continue
			}
			if s.CanDeploy(player, kind, tile, i) == nil {
				buf = append(buf, DeployOption{i, kind})
			}
		}
	}
	return buf
}

// FigureAt returns the index of the player's figure of the given kind standing on segment seg exactly (not just
// on its feature), -1 if none.
func (s *State) FigureAt(player int, kind FigureKind, seg int32) int {
	for i := range s.Figures {
		f := &s.Figures[i]
		if int(f.Player) == player && f.Kind == kind && f.Where == OnBoard && f.Seg == seg {
			return i
		}
	}
	return -1
}

// OnBoardCount returns how many of the player's figures stand on the board.
func (s *State) OnBoardCount(player int) int {
	n := 0
	for i := range s.Figures {
		if int(s.Figures[i].Player) == player && s.Figures[i].Where == OnBoard {
			n++
		}
	}
	return n
}
