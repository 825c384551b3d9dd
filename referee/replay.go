package referee

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"slices"

	"github.com/karkason/karkason/engine"
)

// Replay reads a game record and applies it action by action (record format "Replay output"), as it reads it: a
// line is parsed and applied before the next is read, so a refusal at line 3 comes at once, whatever follows, and
// the reading is bounded (MaxRecordBytes, MaxLineBytes). The game is settled at the end (optional decisions
// declined, the turn scored); with final it is also scored as if it ended after the last action. A refused or
// malformed line stops the replay: the error (*ParseError or *Refusal) names the line, and the returned game is
// the state after the last good action (nil if the header or setup is bad). Read errors of r are returned as they
// are.
func Replay(r io.Reader, final bool) (*Game, error) {
	_, g, err := playAlong(r, engine.Standard(), true)
	return settled(g, uncut(err), final)
}

// settled ends a replay: the game after its last good action (nil if none) is settled, and with final and no
// error also scored as if it ended now.
func settled(g *Game, err error, final bool) (*Game, error) {
	if g == nil {
		return nil, err
	}
	g.Settle()
	if final && err == nil {
		_ = g.end()
	}
	return g, err
}

// playAlong reads a record and plays it as it reads: the game is set up once the setup line and the position
// lines are read (NewGameFrom, at the first action) and each action applied before the next line is read. It
// returns the record read (up to the first error), the game after the last good action (nil before the game is
// set up) and the first error, a *CutOff for a refused last line without its line end (parseRecord). The record's
// Actions are those the game applied, in the game's own memory (capped, so that an append to either copies).
func playAlong(r io.Reader, cat *engine.Catalogue, acceptOpen bool) (*Record, *Game, error) {
	var g *Game
	rec, err := parseRecord(r, recordHooks{
		acceptOpen: acceptOpen,
		begin: func(rec *Record, _ bool, hint int) error {
			ng, err := NewGameFrom(rec, cat) // a set-up the rules refuse (CFG-*) is the setup line's error
			if err != nil {
				return err
			}
			g = ng
			g.reserve(hint)
			return nil
		},
		game: func() *Game { return g },
	})
	if g != nil { // the record's actions are the game's (parseRecord does not keep them twice): the same values
		rec.Actions = g.Actions[:len(g.Actions):len(g.Actions)]
	}
	return rec, g, err
}

// ReplayRecord applies a parsed record; see Replay.
func ReplayRecord(rec *Record, cat *engine.Catalogue, final bool) (*Game, error) {
	g, err := NewGameFrom(rec, cat) // a set-up the rules refuse (CFG-*) is the setup line's error
	if err != nil {
		return nil, err
	}
	g.reserve(len(rec.Actions))
	for _, a := range rec.Actions {
		if err := g.Apply(a); err != nil {
			return settled(g, err, final)
		}
	}
	return settled(g, nil, final)
}

// maxActionsHint bounds actionsHint: a whole game with every module is a few hundred actions, and a large file of
// comments must not make a replay reserve room for thousands.
const maxActionsHint = 1024

// actionsHint estimates how many actions the record read from r holds, from its size when r tells it (a regular
// file, a bytes.Reader or strings.Reader): an action line is about 20 bytes, rarely less than 16. 0 when r does
// not tell.
func actionsHint(r io.Reader) int {
	var n int64
	switch v := r.(type) {
	case interface{ Len() int }:
		n = int64(v.Len())
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			n = fi.Size()
		}
	}
	return int(min(n/16, maxActionsHint))
}

// reserve makes room for n more actions in the record, and for the events, the turns' scores and the scorings they
// bring (about one event an action, a turn every two actions, a scoring every four), so that a replay does not
// grow them step by step: the game's record is its largest part.
func (g *Game) reserve(n int) {
	if n <= 0 {
		return
	}
	g.Actions = slices.Grow(g.Actions, n)
	g.Events = slices.Grow(g.Events, n)
	g.History = slices.Grow(g.History, n/2+1)
	g.scoreLog = slices.Grow(g.scoreLog, n/4+1)
}

// ScoreEntry is one scoring in a summary (END-10): the feature, who scored, the figures counted, the rule (for a
// road with an inn or a city with a cathedral IC-7, IC-8, or IC-9 when it scores 0 at the end; COMBO-22 for Road
// Sweeper on an inn road; TB-4 for the goods, one line per kind, after the King and the Robber Baron and before the
// gifts, END-2 amended). Strength is given only when it differs from the figures (a large follower counts 2,
// DEF-11, IC-5): it decided the owners. A field's line carries the pig's and the pig herd's bonuses (TB-14,
// COMBO-12).
type ScoreEntry struct {
	Rule     string         `json:"rule"`
	Category string         `json:"category"`
	Feature  string         `json:"feature,omitempty"` // x,y:PLACE of one of its segments
	Points   int            `json:"points"`
	Players  []Colour       `json:"players"`
	Figures  map[Colour]int `json:"figures,omitempty"`
	Strength map[Colour]int `json:"strength,omitempty"`
	Size     int            `json:"size,omitempty"`
	Pennants int            `json:"pennants,omitempty"`
	Cities   int            `json:"count,omitempty"`
	Final    bool           `json:"final"`
	// Goods is the kind of goods of a goods scoring (TB-4: "wine", "grain", "cloth"; count is then the most tokens
	// held).
	Goods string `json:"goods,omitempty"`
	// Bonuses are the extras inside a field's line (traders-builders): the pig's (TB-14) and the pig herd's
	// (COMBO-12), each with its rule, the points to each player it names, and those players. Points above is what
	// every owner scores without them.
	Bonuses []BonusEntry `json:"bonuses,omitempty"`
	// Fairy is the fairy's 3 points inside the line of the feature that gave them (PD-18; record format, P&D section
	// 4), to the owner of the follower the fairy stood next to, owner of the feature or not; nil if none.
	Fairy *FairyEntry `json:"fairy,omitempty"`
}

// FairyEntry is the fairy's bonus inside a feature's line of the breakdown (ScoreEntry.Fairy): its rule (PD-18), the
// points, the colour that scored them.
type FairyEntry struct {
	Rule   string `json:"rule"`
	Points int    `json:"points"`
	Colour Colour `json:"colour"`
}

// BonusEntry is one bonus inside a field's line of the breakdown (ScoreEntry.Bonuses): its rule, the points to
// each of its players, the players.
type BonusEntry struct {
	Rule    string   `json:"rule"`
	Points  int      `json:"points"`
	Players []Colour `json:"players"`
}

// Summary is the replay output: scores by colour, whether final scoring is included, and the breakdown.
type Summary struct {
	Scores    map[Colour]int `json:"scores"`
	Final     bool           `json:"final"`
	Players   []PlayerSpec   `json:"-"`
	Phase     string         `json:"phase"`
	Turn      int            `json:"turn"`
	TilesLeft int            `json:"tiles_left"`
	Breakdown []ScoreEntry   `json:"breakdown"`
	Notes     []string       `json:"notes,omitempty"`
	// Winners are the colours with the most points once the game has ended (Final), in seating order; several
	// when tied, who share the victory (BASE-16, END-9). Empty before the end.
	Winners []Colour `json:"winners,omitempty"`
	// Aids are the table aids of `replay --aids` (issue 10), nil otherwise.
	Aids *AidsJSON `json:"aids,omitempty"`
	// Goods are the goods tokens each colour holds after the last action, by kind (TB-3; record format: the "goods"
	// key of replay --json), only with traders-builders.
	Goods map[Colour]map[string]int `json:"goods,omitempty"`
	// Abbeys are the abbeys each colour still holds, 1 or 0 (AM-2, POS-16; record format "Abbey & Mayor": the
	// "abbeys" key of replay --json), only with abbey-mayor.
	Abbeys map[Colour]int `json:"abbeys,omitempty"`
	// Dragon, Fairy and Aside are The Princess & the Dragon's (record format, P&D section 4), only with the module:
	// the dragon's tile [x, y] or null (not in play), the fairy {"at": [x, y], "colour", "place"} or null (beside
	// the board; colour and place empty when it stands next to nobody), the tiles set aside (PD-5) while there are.
	Dragon *json.RawMessage `json:"dragon,omitempty"`
	Fairy  *json.RawMessage `json:"fairy,omitempty"`
	Aside  []string         `json:"aside,omitempty"`
}

// FeatureRefOf names a feature by one of its segments: x,y:PLACE.
func (g *Game) FeatureRefOf(seg int32) string {
	if seg < 0 || int(seg) >= g.S.SegCount() {
		return ""
	}
	ti, l := g.S.SegTile(seg)
	p := g.S.Tiles[ti].Pos
	return fmt.Sprintf("%d,%d:%s", p.X, p.Y, g.S.PlaceName(ti, l))
}

// Summary returns the scores and the breakdown of every scoring so far.
func (g *Game) Summary() Summary {
	s := Summary{Scores: map[Colour]int{}, Final: g.Phase == PhaseEnded, Players: g.Setup.Players, Breakdown: []ScoreEntry{},
		Phase: g.Phase.String(), Turn: g.TurnNo, TilesLeft: g.Bag.LandLeft() + g.Bag.RiverLeft()}
	best := -1
	for i, p := range g.Setup.Players {
		s.Scores[p.Colour] = g.S.Scores[i]
		best = max(best, g.S.Scores[i])
	}
	for i, p := range g.Setup.Players {
		if s.Final && g.S.Scores[i] == best {
			s.Winners = append(s.Winners, p.Colour)
		}
	}
	for _, sc := range g.scoreLog {
		e := ScoreEntry{Rule: sc.Rule, Category: sc.Cat.String(), Points: sc.Points, Size: sc.Size,
			Pennants: sc.Pennants, Cities: sc.Cities, Final: sc.Final, Players: []Colour{}}
		if sc.Feature >= 0 {
			e.Feature = g.FeatureRefOf(sc.Feature)
		}
		if sc.Cat == engine.CatGoods {
			e.Goods = sc.Goods.String()
		}
		if sc.Fairy > 0 {
			e.Fairy = &FairyEntry{Rule: "PD-18", Points: engine.FairyBonus, Colour: g.Colour(int(sc.Fairy) - 1)}
		}
		for _, b := range sc.Bonuses {
			if b.Rule == "" {
				continue
			}
			be := BonusEntry{Rule: b.Rule, Points: b.Points, Players: []Colour{}}
			for p := 0; p < g.Players(); p++ {
				if b.Owners&(1<<p) != 0 {
					be.Players = append(be.Players, g.Colour(p))
				}
			}
			e.Bonuses = append(e.Bonuses, be)
		}
		for p := 0; p < g.Players(); p++ {
			if sc.Owners&(1<<p) != 0 {
				e.Players = append(e.Players, g.Colour(p))
			}
			if sc.Figures[p] > 0 {
				if e.Figures == nil {
					e.Figures = map[Colour]int{}
				}
				e.Figures[g.Colour(p)] = int(sc.Figures[p])
			}
		}
		if sc.Strength != sc.Figures {
			e.Strength = map[Colour]int{}
			for p := 0; p < g.Players(); p++ {
				if sc.Strength[p] > 0 {
					e.Strength[g.Colour(p)] = int(sc.Strength[p])
				}
			}
		}
		s.Breakdown = append(s.Breakdown, e)
	}
	g.pdSummary(&s) // pd.go
	if g.S.Opts.TradersBuilders {
		s.Goods = map[Colour]map[string]int{}
		for i, p := range g.Setup.Players {
			s.Goods[p.Colour] = goodsMap(g.S.Goods[i])
		}
	}
	g.amSummary(&s) // abbeys held, wagon moves (am.go)
	for _, ev := range g.Events {
		if ev.Key == "ev.market_left" {
			s.Notes = append(s.Notes, fmt.Sprintf("COUNT-20: %v figure(s) left in the market score nothing", ev.Data()["count"]))
		}
	}
	return s
}
