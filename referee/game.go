package referee

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/karkason/karkason/engine"
)

// The game as it is played: set-up, whose turn it is, which decision is pending, and the validation of every
// entered action against the rules in the order of the integrated turn (SEQ-1..10, RULES-IC-TB.md section 2). Every
// refusal is a *Refusal citing a rule ID; a refused action leaves the game exactly as it was. Points are never kept
// on the side: they come from the engine as the actions are applied, so replaying the record (and undo) is exact.
//
// # Turns and turn parts (DEF-12)
//
// A turn has one or two parts; each part runs SEQ-1..7 on its own tile: its gift window (SEQ-2) and gift receipt
// (SEQ-4, one gift at most per part, COMBO-20(b)), its placement, its figure step (SEQ-5), its moving-out round and
// scoring (SEQ-6), its City test (SEQ-7, COMBO-16). What belongs to a part is Game.part (turnPart) and the engine's
// TurnState (completions, gains, the figure step; engine.State.BeginTurn starts a part); what belongs to the turn is
// Active, TurnNo, the volcano's extra turn (SEQ-8, after both parts) and the end of the game (SEQ-9: the last land
// tile ends the game after its part, no second part). beginTurn starts a turn with part 1; when a part's decisions
// are made, endPart asks secondPartDue whether a second part follows (beginPart(2), the same player's PhaseTile)
// or the turn ends (endTurn). Traders & Builders' builder (TB-7..10, SEQ-7a) is the one rule that gives a second
// part: the first part's placement notes it (SEQ-3: turnPart.secondTile, engine ExtendsBuilder), and it is due when
// the first part ends with a tile left to draw (TB-10(b), SEQ-9). The second part is a PhaseTile like any other
// (Part() == 2); it is optional (TB-9, OPEN-9): the player's `builder-pass`, or a `gift`, `place` or `discard` line of
// another player, declines it (declineSecondPart) before anything of it is done; there is never a third (TB-8).
// What the turn that ended left (endedTurn) lets a tile line of its player that comes too late cite the rule it
// breaks (TB-7, TB-8, TB-9, TB-10(b)); what the last figure step did (lastFigure) lets a second figure line cite
// TB-5 or TB-12.

// Phase is the decision the game waits for.
type Phase int

// Phases of a turn, in the order SEQ gives them.
const (
	PhaseTile   Phase = iota // the active player places or discards a tile, and may open a gift first (SEQ-1..3)
	PhaseFigure              // step 2: a figure on the tile, the abbot back, or nothing (SEQ-5)
	PhaseMoving              // the moving-out round from the City's quarters (COUNT-13..18)
	PhaseCity                // the active player may put a figure into the City (COUNT-6)
	PhaseCount               // … and then move the Count (COUNT-11)
	PhaseMarket              // the end-game market round (COUNT-19)
	PhaseEnded               // final scoring is done (END)
	PhaseDragon              // the dragon's movement: one step by each player in turn (SEQ-5a, PD-8..11; pd.go)
	// PhaseWagon is the decision of the wagon moves (SEQ-6(h), AM-16..18): after the scoring step, before the City
	// placement; the owners of the wagons set aside decide in clockwise order from the active player (am.go).
	PhaseWagon
)

var phaseNames = [...]string{"tile", "figure", "moving", "city", "count", "market", "ended", "dragon", "wagon"}

func (p Phase) String() string { return phaseNames[p] }

// Refusal is an action the referee refuses: the rule it breaks, a message id for the locales with its data, and
// the record line when the action came from a record. The game is unchanged.
type Refusal struct {
	Line int
	Rule string
	Key  string
	Data map[string]any
	// At are the cells of the board the refusal is about, for the table to show: the tile beside a typed tile whose
	// edge does not match (BASE-4), the tiles of a position not joined to the board (POS-1); nil if none.
	At []Pos
}

func (r *Refusal) Error() string {
	s := fmt.Sprintf("refused: %s (%s", r.Rule, r.Key)
	for _, k := range slices.Sorted(maps.Keys(r.Data)) { // in one order: the text goes into games --json
		s += fmt.Sprintf(" %s=%v", k, r.Data[k])
	}
	s += ")"
	if r.Line > 0 {
		s = fmt.Sprintf("line %d: %s", r.Line, s)
	}
	return s
}

func refusal(rule, key string, kv ...any) *Refusal {
	r := &Refusal{Rule: rule, Key: key}
	if len(kv) > 0 {
		r.Data = map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			r.Data[kv[i].(string)] = quoteData(kv[i+1])
		}
	}
	return r
}

// quoteData cuts a text from a record to MaxQuote characters for a message (a 3000-letter tile id is shown as its
// first 60); other values are kept.
func quoteData(v any) any {
	if s, ok := v.(string); ok {
		return Quote(s)
	}
	return v
}

// asRefusal turns an engine.RuleError into a Refusal; other errors pass through.
func asRefusal(err error) error {
	var re *engine.RuleError
	if errors.As(err, &re) {
		var data map[string]any
		if re.Data != nil {
			data = make(map[string]any, len(re.Data))
			for k, v := range re.Data {
				data[k] = quoteData(v)
			}
		}
		return &Refusal{Rule: re.Rule, Key: re.Key, Data: data}
	}
	return err
}

// Event is something the referee announces: a scoring, a rule that now applies, whose decision it is. The UI
// renders Key with Data through the locales; Player is -1 when no player is named.
type Event struct {
	Action int // index of the action that caused it in Game.Actions, -1 for set-up
	Turn   int
	Player int
	Rule   string
	Key    string
	Score  *engine.Score // set for scorings
	data   map[string]any
}

// Data returns the event's message data (the values its Key's message names): for a scoring {"points": the points},
// made when asked (a replay makes many scorings and reads few); nil if there are none. A new map for a scoring, the
// event's own otherwise: not to be changed.
func (e Event) Data() map[string]any {
	if e.Score != nil {
		return map[string]any{"points": e.Score.Points}
	}
	return e.data
}

// Game is a game in progress: the set-up, the accepted actions (the record) and the state they lead to.
type Game struct {
	Setup   Setup
	Cat     *engine.Catalogue
	S       *engine.State
	Actions []Action
	Events  []Event
	Phase   Phase
	Active  int // seat index of the active player
	TurnNo  int // 1-based count of turns begun
	Bag     Bag
	// History holds the scores after each completed turn (for the chart) and the final ones.
	History [][engine.MaxPlayers]int
	// Position holds the position lines the game began from (POS; record format "Positions"), nil for a game
	// played from its start: rebuilding the game (a refusal, undo) starts from them, so undo never goes back
	// past the position.
	Position   []PositionLine
	startTiles int // tiles of the start piece (the first ones in S.Tiles): a position's lines leave them out

	part         turnPart           // the current turn part (DEF-12)
	lastTurn     bool               // the land stack ran out this turn (END-1)
	extraTurn    bool               // the volcano was placed: the same player goes again (RIV2-8)
	afterVolcano bool               // this is that extra turn and its tile is not placed yet: a figure line cites RIV2-8
	round        []int              // moving-out round: players in order (COUNT-16)
	roundPos     int                // whose go it is in round
	targets      []int32            // eligible targets of the round (COUNT-17)
	marketPos    int                // market round: index into the cyclic order
	cityRefusal  engine.CityRefusal // why the City may not be entered (COUNT-6), for a "city" line anyway
	prevActive   int
	finalApplied bool
	scoreLog     []engine.Score
	ended        endedTurn  // the turn that ended last (tb.go)
	lastFigure   figureStep // the last figure step of a part, until the next tile (tb.go)
	am           amState    // Abbey & Mayor: the end-of-game abbey round (am.go)
	pd           pdGame     // the dragon's movement of this part (The Princess & the Dragon, pd.go)
	fairyStart   fairyStart // the fairy's point at the start of the current turn (PD-17), taken back by `end` (PD-26)
	applying     bool       // an action is being applied (applyAction): it joins the record once accepted
	ending       bool       // end settles the last turn: a turn it begins is not played (PD-26)
}

// turnPart is what one part of a turn keeps (DEF-12; see "Turns and turn parts"): SEQ-1..7 run once per part.
type turnPart struct {
	no          int  // 1, or 2 for the second part of a double turn
	tile        int  // index of the tile placed in this part, -1 before
	begun       bool // a tile placed or discarded or a gift opened in this part: a second part is no longer declined
	giftOpened  bool // a gift was opened in this part's window (GIFT-5(a), SEQ-2, COMBO-20(b))
	twoChoices  bool // that gift is Two Choices: a placeable tile may not be rejected (GIFT-10(d))
	giftDiscard bool // a tile was discarded after the gift was opened: it stays opened (GIFT-5(e))
	drew        bool // a tile was drawn and discarded in this part: no abbey instead any more (AM-3(a), am.go)
	tcAside     int  // dragon tiles set aside after Two Choices in this part (COMBO-37(e), pd_twochoices.go)
	// secondTile: the first part's tile extended the road or city of the active player's builder (SEQ-3, TB-7): a
	// second part follows when this one ends, if a tile is left to draw (secondPartDue).
	secondTile bool
}

// Part returns the number of the current turn part: 1, or 2 in the second part of a double turn (DEF-12).
func (g *Game) Part() int { return g.part.no }

// NewGame sets up a game: checks the set-up against the rules (CFG-1..5, COMBO), lays the start piece and fills
// the stacks. Errors are *Refusal (rule CFG-*) or the record's *ParseError.
func NewGame(setup Setup, cat *engine.Catalogue) (*Game, error) {
	g, err := setUpGame(setup, cat)
	if err != nil {
		return nil, err
	}
	g.beginTurn(0)
	return g, nil
}

// Compatible returns exps (record names) without the modules a game cannot have together with an earlier one of
// them, for the callers that want "every module" at once. Every module goes with every other now (The Princess &
// the Dragon with Abbey & Mayor: COMBO-PD-AM.md, engine/combo.go): a copy of exps. The slice is new.
func Compatible(exps []string) []string {
	return slices.Clone(exps)
}

// setUpGame is NewGame before the first turn begins (a position is laid there, position.go).
func setUpGame(setup Setup, cat *engine.Catalogue) (*Game, error) {
	if err := setup.Validate(); err != nil {
		return nil, err
	}
	has := setup.HasExpansion
	river, river2, count := has(ExpansionRiver), has(ExpansionRiver2), has(ExpansionCount)
	start := setup.start()
	switch {
	case count && start != StartCity:
		return nil, refusal("CFG-4", "err.setup_count_needs_city", "start", start)
	case start == StartRiver && !river:
		return nil, refusal("CFG-4", "err.setup_start_needs", "start", start, "expansion", ExpansionRiver)
	case start == StartRiver2 && !river2:
		return nil, refusal("CFG-4", "err.setup_start_needs", "start", start, "expansion", ExpansionRiver2)
	case start == StartStandard && (river || river2):
		return nil, refusal("CFG-4", "err.setup_river_replaces_start", "start", start)
	}
	if err := checkSeats(setup); err != nil {
		return nil, err
	}
	followers := setup.Followers
	if followers == 0 {
		followers = DefaultFollowers
	}
	opts := engine.Options{
		Players:   len(setup.Players),
		Followers: followers,
		Farmers:   has(ExpansionFarmers),
		Abbot:     has(ExpansionAbbot),
		Shrines:   has(ExpansionShrines),
		King:      has(ExpansionKingRobber),
		Count:     count,
		Gifts:     has(ExpansionGifts),

		InnsCathedrals:  has(ExpansionInnsCathedrals),
		TradersBuilders: has(ExpansionTradersBuilders),
		AbbeyMayor:      has(ExpansionAbbeyMayor),
		PrincessDragon:  has(ExpansionPrincessDragon),
	}
	g := &Game{Setup: setup, Cat: cat, Bag: newBag(cat),
		part: turnPart{no: 1, tile: -1}, ended: endedTurn{player: -1}, lastFigure: figureStep{player: -1}}
	// The land stack (CFG-5): base tiles without the start copy, shrines, the new tiles, the Inns & Cathedrals
	// tiles (IC-2), the Traders & Builders tiles (TB-2).
	inStack := func(set string) bool {
		switch set {
		case "base":
			return true
		case "shrines":
			return opts.Shrines
		case "newtiles":
			return has(ExpansionNewTiles)
		case "ic":
			return opts.InnsCathedrals
		case "tb":
			return opts.TradersBuilders
		case "am":
			return opts.AbbeyMayor // the 12 land tiles; the abbeys are held, never in a stack
		case "pd":
			return opts.PrincessDragon // PD-2
		}
		return false
	}
	for _, t := range cat.Types {
		if t.Piece != nil || !inStack(t.Set) || t.Abbey {
			continue
		}
		n := t.Count
		if t.Start {
			n-- // one copy is the start tile; it goes back into the box with another start (CFG-4)
		}
		g.Bag.Land[t.Index] = n
	}
	// The river stack (RIVER-2, RIV2-2, COMBO-2).
	var spring *engine.TileType
	switch {
	case river2:
		spring = cat.StartOf("river2")
		for _, t := range cat.Set("river2") {
			switch t.RiverEndKind() {
			case engine.Spring:
			case engine.Fork:
				g.Bag.First = t
			case engine.Lake:
				if t.HasKind(engine.KCity) { // r2-lakecity ends a branch and is shuffled in (RIV2-7)
					g.Bag.River[t.Index] += t.Count
				} else {
					g.Bag.Last = append(g.Bag.Last, t)
				}
			default:
				g.Bag.River[t.Index] += t.Count
			}
		}
		if river { // COMBO-2: one spring and one lake; the River's other tiles are shuffled in
			for _, t := range cat.Set("river") {
				if e := t.RiverEndKind(); e != engine.Spring && e != engine.Lake {
					g.Bag.River[t.Index] += t.Count
				}
			}
		}
	case river:
		spring = cat.StartOf("river") // a tile, or a cell of a two-cell spring PIECE (RIVER-3(a))
		for _, t := range cat.Set("river") {
			switch t.RiverEndKind() {
			case engine.Spring:
			case engine.Lake:
				for i := 0; i < t.Count; i++ {
					g.Bag.Last = append(g.Bag.Last, t)
				}
			default:
				g.Bag.River[t.Index] += t.Count
			}
		}
	}
	g.Bag.recount()
	tiles, segs := g.Bag.room(cat)
	g.S = engine.NewSized(cat, opts, tiles, segs)
	switch start {
	case StartStandard:
		g.S.PlaceStart(cat.Tile("b-c1rs"))
	case StartRiver, StartRiver2:
		g.S.PlaceStart(spring)
	case StartNone: // a position's tiles are the whole board; its river is laid from its spring (position.go)
		g.Bag.Spring = spring
	case StartCity:
		g.S.PlacePiece(cat.Piece("coc"))
		if spring != nil {
			g.Bag.Spring = spring // COMBO-1, COMBO-3: laid next to the City by the first player
			g.announce(-1, springRule(spring), "ev.spring_setup", "tile", spring.ID)
		}
		if river2 {
			g.announce(-1, "COMBO-1", "ev.warn_city_river2")
		}
	}
	g.startTiles = len(g.S.Tiles)
	return g, nil
}

// start is the start piece of the set-up: start=, or when it is left out the default (the City with count, else
// River II's or the River's spring, else the standard start tile).
func (s Setup) start() string {
	switch {
	case s.Start != "":
		return s.Start
	case s.HasExpansion(ExpansionCount):
		return StartCity
	case s.HasExpansion(ExpansionRiver2):
		return StartRiver2
	case s.HasExpansion(ExpansionRiver):
		return StartRiver
	}
	return StartStandard
}

// checkSeats applies CFG-1 as Inns & Cathedrals amends it (IC-13): a sixth player and the colour pink need
// inns-cathedrals. The set-up line parses with either (record_ic.go): this is the rule's refusal.
func checkSeats(setup Setup) error {
	if setup.HasExpansion(ExpansionInnsCathedrals) {
		return nil
	}
	if len(setup.Players) > MaxPlayersBase {
		return refusal("IC-13", "err.setup_sixth_player", "count", len(setup.Players))
	}
	for _, p := range setup.Players {
		if p.Colour == Pink {
			return refusal("IC-13", "err.setup_pink", "colour", string(Pink))
		}
	}
	return nil
}

// springRule is the rule that lays a spring beside the City of Carcassonne: COMBO-1 for River II's, COMBO-3 for the
// River's.
func springRule(spring *engine.TileType) string {
	if spring.Set == "river2" {
		return "COMBO-1"
	}
	return "COMBO-3"
}

// Player returns the seat index of a colour, -1 if nobody at the table has it.
func (g *Game) Player(c Colour) int {
	for i, p := range g.Setup.Players { // at most six: no hashing
		if p.Colour == c {
			return i
		}
	}
	return -1
}

// Name returns the name of the player at seat i.
func (g *Game) Name(i int) string { return g.Setup.Players[i].Name }

// Colour returns the colour of the player at seat i.
func (g *Game) Colour(i int) Colour { return g.Setup.Players[i].Colour }

// Players returns the number of players.
func (g *Game) Players() int { return len(g.Setup.Players) }

func (g *Game) next(p int) int { return (p + 1) % g.Players() }

func (g *Game) announce(player int, rule, key string, kv ...any) {
	e := g.newEvent()
	e.Action, e.Turn, e.Player, e.Rule, e.Key = len(g.Actions), g.TurnNo, player, rule, key
	if len(kv) > 0 {
		e.data = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.data[kv[i].(string)] = kv[i+1]
		}
	}
}

// newEvent appends a zero Event to the list and returns it, to be filled in place (an Event built aside and appended
// would be copied whole, with a write barrier on each of its pointers while the collector marks).
func (g *Game) newEvent() *Event {
	n := len(g.Events)
	if n == cap(g.Events) {
		g.Events = slices.Grow(g.Events, 1)
	}
	g.Events = g.Events[:n+1]
	e := &g.Events[n]
	*e = Event{}
	return e
}

// announceScores adds scorings to the list of every scoring (ScoreLog) and announces them.
func (g *Game) announceScores(scores []engine.Score) {
	from := len(g.scoreLog)
	g.scoreLog = append(g.scoreLog, scores...)
	g.announceLogged(from)
}

// announceLogged announces the scorings the engine appended to the list of every scoring from index from on, and
// returns them.
func (g *Game) announceLogged(from int) []engine.Score {
	for i := from; i < len(g.scoreLog); i++ {
		sc := &g.scoreLog[i]
		e := g.newEvent()
		e.Action, e.Turn, e.Player, e.Rule, e.Key, e.Score = len(g.Actions), g.TurnNo, -1, sc.Rule, scoreKeys[sc.Cat], sc
	}
	return g.scoreLog[from:]
}

// scoreKeys are the message ids of the scorings' events by category: "ev.score." and the category's name.
var scoreKeys = func() (keys [engine.NumCategories]string) {
	for c := range keys {
		keys[c] = "ev.score." + engine.Category(c).String()
	}
	return
}()

// Scores returns the list of every scoring so far, in order.
func (g *Game) ScoreLog() []engine.Score { return g.scoreLog }

// beginTurn begins the player's turn with its first part (SEQ-1, DEF-12).
func (g *Game) beginTurn(player int) {
	g.Active = player
	g.TurnNo++
	g.beginPart(1)
	if g.Bag.Spring == nil {
		g.announce(player, "SEQ-1", "ev.turn")
	}
	if g.fairyPointDue() {
		g.fairyPoint() // SEQ-0, PD-17; not in the volcano's extra turn (OPEN-29, pd.go) nor the abbey round (OPEN-44)
	}
}

// beginPart begins part n of the active player's turn (DEF-12): a new tile to draw (SEQ-1), a gift window of its
// own (SEQ-2), the engine's per-part state reset.
func (g *Game) beginPart(n int) {
	g.Phase = PhaseTile
	g.part = turnPart{no: n, tile: -1}
	g.S.BeginTurn(g.Active)
	g.autoDiscardRiver()
}

// autoDiscardRiver puts the rest of the river back in the box when no river tile left can be placed any more
// (RIVER-10).
func (g *Game) autoDiscardRiver() {
	if !g.Bag.InRiverPhase() || g.Bag.Spring != nil {
		return
	}
	all := append([]*engine.TileType(nil), g.Bag.Drawable(g.Cat)...)
	all = append(all, g.Bag.Last...)
	for _, t := range all {
		if g.S.Placeable(t) {
			return
		}
	}
	g.Bag.discardRiver()
	g.announce(-1, "RIVER-10", "ev.river_discarded")
}
