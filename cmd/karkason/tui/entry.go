package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The move entry: a prompt naming the player whose decision is pending, and the legal answers to choose from.
//
//   - The tile (SEQ-1..3): the player types the tile's four edges as they lie on the table, clockwise from the
//     board's north (edgecode.go), with its marks; the tile types still in the stack that show them are listed,
//     each in the rotation that shows them (engine MatchTiles). One match is taken at once. A tile can also be
//     typed by its id or letter, or picked from the list or from the pictures (F4).
//   - The position: the legal positions of the tile in that rotation are numbered on the board; a digit lays the
//     tile there, the arrows move among them, Enter lays it, a click on the board too. One legal position: the
//     tile is laid at once.
//   - Every other decision (a figure, the moving-out round, the City, the Count, the market round, gifts): the
//     referee's legal answers (referee.Legal), each named as a player would say it, with a hot key.
//
// The chosen answer goes to Session.Do, which may still refuse it: the refusal is shown and the entry stays.

// step is what the entry is asking.
type step int

const (
	stepTile step = iota
	stepPlace
	stepDiscard
	stepFigure
	stepMoving
	stepCity
	stepCount
	stepMarket
	stepGift
	stepGiftTarget
	stepEnded
)

// choice is one answer offered: an action to record, or a further step.
type choice struct {
	label   string
	act     *referee.Action
	next    func()
	preview func()
	muted   bool // a note, not an answer
	// warn, if set, is asked before act is recorded: a void gift (GIFT-5(d)).
	warn   string
	seg    int32
	hasSeg bool // the answer puts a figure on segment seg (a board click on it chooses it)
}

// spot is a legal position for the tile being placed and its legal rotations (quarter turns).
type spot struct {
	pos  engine.Pos
	rots []int
	rot  int // index into rots shown now
}

type entry struct {
	t      *table
	root   *tview.Flex
	top    *tview.Flex
	prompt *tview.TextView
	pic    *tilePic
	input  *tview.InputField
	legend *tview.TextView
	menu   *menu
	g      *referee.Game
	who    int
	step   step
	// the current step's answers
	choices []choice
	back    func()
	// the tile step
	typed string // the text typed for the tile (kept when going back from the position step)
	// the position step
	tile  *engine.TileType
	spots []spot
	cur   int
}

func newEntry(t *table) *entry {
	e := &entry{t: t}
	loc := t.u.loc
	e.prompt = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	e.pic = &tilePic{Box: tview.NewBox()}
	e.top = tview.NewFlex().AddItem(e.prompt, 0, 1, false)
	e.input = tview.NewInputField().SetFieldWidth(0)
	e.input.SetLabel(loc.T("ui.tile", nil) + " ")
	e.input.SetPlaceholder(loc.T("ui.tile_placeholder", nil))
	e.legend = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true).
		SetTextColor(tcell.ColorGray)
	e.legend.SetText(loc.T("ui.edge_legend", nil))
	e.menu = newMenu()
	e.root = tview.NewFlex().SetDirection(tview.FlexRow)
	e.root.SetBorder(true).SetBorderPadding(0, 0, 1, 0)
	e.menu.changed = e.previewChoice
	e.menu.selected = e.pick
	e.menu.keys = e.menuKeys
	e.input.SetInputCapture(e.inputKeys)
	e.input.SetChangedFunc(func(text string) {
		if e.step == stepTile {
			e.typed = text
			e.filterTiles(true)
		}
	})
	return e
}

// layout rebuilds the panel: the prompt (with the tile's picture), the input and its legend in the tile step,
// the answers.
func (e *entry) layout() {
	e.root.Clear()
	e.top.Clear()
	e.top.AddItem(e.prompt, 0, 1, false)
	if e.pic.t != nil {
		e.top.AddItem(e.pic, tileW+2, 0, false)
	}
	h := e.promptLines()
	if e.pic.t != nil && h < tileH {
		h = tileH
	}
	e.root.AddItem(e.top, h, 0, false)
	if e.step == stepTile {
		e.root.AddItem(e.input, 1, 0, true)
		e.root.AddItem(e.legend, e.legendLines(), 0, false)
	}
	e.root.AddItem(e.menu, 0, 1, e.step != stepTile)
}

// width is the panel's inner width: the right column's, less the border and the padding.
func (e *entry) width() int {
	w := e.t.rightW
	if w == 0 {
		w = 36
	}
	return w - 3
}

func (e *entry) legendLines() int {
	return max(1, len(tview.WordWrap(e.legend.GetText(true), e.width())))
}

func (e *entry) focus() {
	if e.step == stepTile {
		e.t.u.run.SetFocus(e.input)
	} else {
		e.t.u.run.SetFocus(e.menu)
	}
}

// start shows the entry for the pending decision of g.
func (e *entry) start(g *referee.Game) {
	e.g = g
	e.who = deciding(g)
	e.tile, e.spots, e.back = nil, nil, nil
	e.pic.t = nil
	switch g.Phase {
	case referee.PhaseTile:
		e.tileStep()
	case referee.PhaseFigure:
		e.figureStep()
	case referee.PhaseMoving:
		e.movingStep()
	case referee.PhaseCity:
		e.cityStep()
	case referee.PhaseCount:
		e.countStep()
	case referee.PhaseMarket:
		e.marketStep()
	default:
		e.step = stepEnded
		e.ask("ui.phase.ended", nil)
		e.offer(nil)
	}
	e.focus()
}

// ask sets the prompt: the player's badge and name, then the question.
func (e *entry) ask(key string, data map[string]any) {
	d := map[string]any{}
	if e.who >= 0 {
		d["Player"] = e.t.names.who(e.who)
	}
	for k, v := range data {
		d[k] = v
	}
	e.prompt.SetText(e.t.u.loc.T(key, d))
}

// promptLines is the number of rows the prompt needs in the panel's width (at most 6).
func (e *entry) promptLines() int {
	w := e.width()
	if e.pic.t != nil {
		w -= tileW + 2
	}
	n := len(tview.WordWrap(e.prompt.GetText(true), max(w, 8)))
	return max(1, min(n, 6))
}

// offer shows the choices.
func (e *entry) offer(choices []choice) {
	e.choices = choices
	labels := make([]string, len(choices))
	muted := make([]bool, len(choices))
	for i, c := range choices {
		labels[i], muted[i] = c.label, c.muted
	}
	e.menu.set(labels, muted)
	if e.step == stepTile {
		for i := range e.menu.items {
			e.menu.items[i].hot = 0 // digits type terrains here
		}
	}
	e.t.board.clearPreview()
	if e.spots == nil && len(choices) > 0 {
		e.previewChoice(e.menu.current)
	}
	e.layout()
}

func (e *entry) previewChoice(i int) {
	if e.step == stepPlace {
		e.cur = i
		e.previewSpot()
		return
	}
	e.t.board.clearPreview()
	if e.step == stepTile {
		e.pic.t = nil
	}
	if i >= 0 && i < len(e.choices) && e.choices[i].preview != nil {
		e.choices[i].preview()
	}
	if e.step == stepTile {
		e.layout()
	}
}

// pick runs choice i: records its action or goes to its next step.
func (e *entry) pick(i int) {
	if e.step == stepPlace {
		e.cur = i
		e.placeSpot()
		return
	}
	if i < 0 || i >= len(e.choices) || e.choices[i].muted {
		return
	}
	c := e.choices[i]
	switch {
	case c.act != nil && c.warn != "":
		e.confirm(c.warn, *c.act)
	case c.act != nil:
		e.t.do(*c.act)
	case c.next != nil:
		e.t.status.SetText("")
		c.next()
		e.focus()
	}
}

// goBack returns to the step before, if any.
func (e *entry) goBack() {
	if e.back != nil {
		e.t.status.SetText("")
		e.back()
		e.focus()
	}
}

// menuKeys: the position step's keys (arrows among the positions, Space turns, Esc back); Esc elsewhere.
func (e *entry) menuKeys(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyEscape:
		e.goBack()
		return nil
	case tcell.KeyLeft, tcell.KeyRight, tcell.KeyUp, tcell.KeyDown:
		if e.step == stepPlace && ev.Modifiers()&tcell.ModShift == 0 {
			d := arrowDir[ev.Key()]
			e.moveSpot(d[0], d[1])
			return nil
		}
	case tcell.KeyPgDn, tcell.KeyPgUp:
		if e.step == stepPlace && len(e.spots) > 0 {
			d := 1
			if ev.Key() == tcell.KeyPgUp {
				d = len(e.spots) - 1
			}
			e.menu.setCurrent((e.cur + d) % len(e.spots))
			return nil
		}
	case tcell.KeyRune:
		if ev.Rune() == ' ' && e.step == stepPlace {
			e.turn(1)
			return nil
		}
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		if e.step == stepPlace || e.step == stepDiscard {
			e.goBack()
			return nil
		}
	}
	return ev
}

// arrowDir is the board direction of each arrow key.
var arrowDir = map[tcell.Key][2]int{tcell.KeyLeft: {-1, 0}, tcell.KeyRight: {1, 0}, tcell.KeyUp: {0, -1},
	tcell.KeyDown: {0, 1}}

// inputKeys: the tile step. ↑↓ move the list's highlight while typing; Enter takes the highlighted tile.
func (e *entry) inputKeys(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyUp, tcell.KeyDown, tcell.KeyPgUp, tcell.KeyPgDn:
		e.menu.handleKey(ev)
		return nil
	case tcell.KeyEnter:
		e.enterTile()
		return nil
	case tcell.KeyEscape:
		e.input.SetText("")
		return nil
	}
	return ev
}

// --- the tile step (SEQ-1..3) ----------------------------------------------------------------------------------

func (e *entry) tileStep() {
	e.step, e.spots, e.tile = stepTile, nil, nil
	e.back = nil
	e.ask("ui.ask.tile", nil)
	if e.input.GetText() != e.typed {
		e.input.SetText(e.typed) // calls filterTiles
	}
	e.filterTiles(false)
}

// drawable returns the tile types that can be drawn now.
func (e *entry) drawable() []*engine.TileType { return e.g.Bag.Drawable(e.g.Cat) }

// tileLabel is "b-c1rs D ×3": the id, the letter of the rule book and the copies left.
func (e *entry) tileLabel(t *engine.TileType) string {
	label := t.ID
	if len(t.Aliases) > 0 {
		label += " " + strings.Join(t.Aliases, " ")
	}
	return tview.Escape(label) + fmt.Sprintf(" ×%d", e.g.Bag.Left(t))
}

// filterTiles lists the tiles that fit what was typed: an edge code (complete: the matching tile types in their
// rotation, one match taken at once if auto; a beginning: the tiles whose edges begin so), else a tile's id or
// letter; nothing typed: a gift first (if one may be opened), then every tile that can be drawn.
func (e *entry) filterTiles(auto bool) {
	if e.step != stepTile || e.g == nil {
		return
	}
	loc := e.t.u.loc
	text := strings.TrimSpace(e.input.GetText())
	var choices []choice
	add := func(t *engine.TileType, rots []int, label string) {
		choices = append(choices, choice{label: label, next: func() { e.placeStep(t, rots) },
			preview: func() { e.pic.t, e.pic.rot = t, rots[0] }})
	}
	code, isCode := parseEdgeCode(loc.Lang(), text)
	drawable := e.drawable()
	switch {
	case text == "":
		if e.giftAllowed() {
			choices = append(choices, choice{label: loc.T("ui.opt.gift", map[string]any{"Count": e.g.S.Gift.Hands[e.who]}),
				next: e.giftStep})
		}
		for _, t := range drawable {
			add(t, []int{0, 1, 2, 3}, e.tileLabel(t))
		}
	case isCode && code.complete():
		matches := e.g.Cat.MatchTiles(code.edges4(), code.marks, drawable)
		for _, m := range matches {
			add(m.Type, []int{m.Rot}, e.tileLabel(m.Type)+" "+codeOf(m.Type, m.Rot))
		}
		e.addNamed(&choices, text, add)
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.no_match", map[string]any{"Code": tview.Escape(text)}),
				muted: true})
		}
		// One match: taken at once. Several: the list, those that show nothing more than was typed first (b-rs
		// before its garden copy b-rsg and the shrine sh-2roads), Enter takes the first; typing a mark narrows it.
		// Without the Abbot a garden counts for nothing (only the abbot stands on it, ABBOT-3): a garden copy not
		// typed does not make the tile ambiguous.
		plain := matches
		if !e.g.S.Opts.Abbot && code.marks.Centre != engine.KGarden {
			plain = nil
			for _, m := range matches {
				twin := false
				for _, o := range matches {
					twin = twin || (o.Rot == m.Rot && gardenTwin(m.Type, o.Type))
				}
				if !twin {
					plain = append(plain, m)
				}
			}
		}
		if auto && len(plain) == 1 {
			e.offer(choices)
			e.placeStep(plain[0].Type, []int{plain[0].Rot})
			e.focus()
			return
		}
	case isCode:
		for _, t := range drawable {
			if rots := code.prefixRotations(t); len(rots) > 0 {
				add(t, rots, e.tileLabel(t))
			}
		}
		e.addNamed(&choices, text, add)
	default:
		e.addNamed(&choices, text, add)
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.unknown_tile", map[string]any{"Tile": tview.Escape(text)}),
				muted: true})
		}
	}
	e.offer(choices)
	if text == "" && e.pic.t != nil {
		e.pic.t = nil // the picture once something is typed or chosen: the room is the list's
		e.layout()
	}
}

// gardenTwin reports whether a is the garden copy of b: b's segments, in the same places, and a garden.
func gardenTwin(a, b *engine.TileType) bool {
	if a.Centre < 0 || a.Segs[a.Centre].Kind != engine.KGarden || b.Centre >= 0 || len(a.Segs) != len(b.Segs)+1 ||
		a.Edges != b.Edges {
		return false
	}
	j := 0
	for i := range a.Segs {
		if i == int(a.Centre) {
			continue
		}
		x, y := a.Segs[i], b.Segs[j]
		if x.Kind != y.Kind || x.Edges != y.Edges || x.Halves != y.Halves || x.Pennants != y.Pennants {
			return false
		}
		j++
	}
	return true
}

// hasExtras reports whether t shows a mark that m does not name: a monastery, shrine or garden, or a pennant.
func hasExtras(t *engine.TileType, m engine.Marks) bool {
	return (m.Centre == engine.KRoad && t.Centre >= 0) || (!m.Pennant && hasPennant(t))
}

// addNamed puts first the drawable tiles whose id or letter is the text typed (also typed on a Cyrillic layout).
func (e *entry) addNamed(choices *[]choice, text string, add func(*engine.TileType, []int, string)) {
	n := len(*choices)
	latin := latinText(e.t.u.loc.Lang(), text)
	for _, t := range e.g.Cat.Types {
		// Every tile by its name, also one that cannot be drawn now: choosing it shows the referee's reason.
		if t.Piece == nil && (tileNamed(t, text) || (latin != text && tileNamed(t, latin))) {
			add(t, []int{0, 1, 2, 3}, e.tileLabel(t))
		}
	}
	// The named tiles first.
	named := slices.Clone((*choices)[n:])
	*choices = append(named, (*choices)[:n]...)
}

// tileNamed reports whether text is t's id (or its beginning, from three characters on) or one of its letters.
func tileNamed(t *engine.TileType, text string) bool {
	text = strings.TrimSpace(text)
	if text == "" {
		return false
	}
	if strings.EqualFold(t.ID, text) || (len(text) >= 3 && strings.HasPrefix(t.ID, strings.ToLower(text))) {
		return true
	}
	for _, a := range t.Aliases {
		if a == text || (len(text) > 1 && strings.EqualFold(a, text)) {
			return true
		}
	}
	return false
}

// giftAllowed reports whether the player may open a gift now: one held, none opened this turn (GIFT-5(a)), and
// the referee offers one (referee.Legal lists the gifts after the placements).
func (e *entry) giftAllowed() bool {
	g := e.g
	if !g.S.Opts.Gifts || g.S.Gift.Hands[e.who] == 0 || giftOpenedThisTurn(g) {
		return false
	}
	return len(e.giftActions()) > 0
}

// giftOpenedThisTurn reports whether the active player opened a gift this turn (one a turn, GIFT-5(a)).
func giftOpenedThisTurn(g *referee.Game) bool {
	for i := len(g.Events) - 1; i >= 0; i-- {
		ev := g.Events[i]
		if ev.Turn != g.TurnNo {
			return false
		}
		if ev.Key == "ev.gift_opened" && ev.Player == g.Active {
			return true
		}
	}
	return false
}

// enterTile takes the highlighted tile.
func (e *entry) enterTile() {
	if c := e.menu.current; c < e.menu.count() && !e.menu.items[c].muted {
		e.menu.choose(c)
		return
	}
	e.t.setStatus(e.t.u.loc.T("ui.unknown_tile", map[string]any{"Tile": e.input.GetText()}), true)
}

// placeStep offers the legal positions of t in the rotations rots; if it fits nowhere in those rotations but in
// others, all rotations are offered; a tile that fits nowhere is discarded (BASE-5). One legal position is taken
// at once.
func (e *entry) placeStep(t *engine.TileType, rots []int) {
	g, loc := e.g, e.t.u.loc
	if !slices.Contains(e.drawable(), t) {
		// Not in the stack now: the referee says why (CFG-5, RIVER-4, RIV2-3/7, COMBO-1).
		probe := g.Clone()
		err := probe.Apply(referee.Action{Colour: g.Colour(g.Active), Verb: referee.VerbDiscard, Tile: t.ID})
		var r *referee.Refusal
		if errors.As(err, &r) && r.Rule != "BASE-5" && r.Rule != "GIFT-10(d)" {
			e.t.refused(err)
			return
		}
	}
	e.tile = t
	e.back = e.tileStep
	places := g.S.LegalPlacements(t, nil)
	if len(places) == 0 {
		e.step, e.spots = stepDiscard, nil
		e.pic.t, e.pic.rot = t, rots[0]
		e.ask("ui.ask.discard", map[string]any{"Tile": t.ID})
		a := referee.Action{Verb: referee.VerbDiscard, Tile: t.ID}
		e.offer([]choice{{label: loc.T("ui.opt.discard", map[string]any{"Tile": t.ID}), act: &a},
			{label: loc.T("ui.opt.back", nil), next: e.tileStep}})
		return
	}
	last := e.t.board.lastPos()
	spots := spotsOf(places, rots, last)
	if len(spots) == 0 {
		e.t.setStatus(loc.T("ui.not_this_way", map[string]any{"Tile": t.ID}), true)
		spots = spotsOf(places, []int{0, 1, 2, 3}, last)
	}
	e.step, e.spots, e.cur = stepPlace, spots, 0
	if len(spots) == 1 && len(spots[0].rots) == 1 {
		e.placeSpot()
		return
	}
	e.ask("ui.ask.place", map[string]any{"Tile": t.ID, "Count": len(spots)})
	choices := make([]choice, len(spots))
	for i := range spots {
		choices[i] = choice{label: e.spotLabel(i)}
	}
	e.offer(choices)
	e.menu.current = e.cur
	e.previewSpot()
	e.layout()
}

// spotsOf groups the placements in rotations rots by position, nearest the last tile first (where the players
// look, and where the next tile usually goes), then north to south, west to east: the order of the numbers on the
// board.
func spotsOf(places []engine.Placement, rots []int, last engine.Pos) []spot {
	var spots []spot
	idx := map[engine.Pos]int{}
	for _, p := range places {
		if !slices.Contains(rots, p.Rot) {
			continue
		}
		if i, ok := idx[p.Pos]; ok {
			spots[i].rots = append(spots[i].rots, p.Rot)
			continue
		}
		idx[p.Pos] = len(spots)
		spots = append(spots, spot{pos: p.Pos, rots: []int{p.Rot}})
	}
	slices.SortFunc(spots, func(a, b spot) int {
		if d := dist(a.pos, last) - dist(b.pos, last); d != 0 {
			return d
		}
		if a.pos.Y != b.pos.Y {
			return a.pos.Y - b.pos.Y
		}
		return a.pos.X - b.pos.X
	})
	return spots
}

func dist(a, b engine.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

func (e *entry) spotLabel(i int) string {
	s := e.spots[i]
	label := fmt.Sprintf("%d,%d", s.pos.X, s.pos.Y)
	if len(s.rots) > 1 {
		label += fmt.Sprintf("  ↻%d°  ", s.rots[s.rot]*90) +
			e.t.u.loc.T("ui.more_rotations", map[string]any{"Count": len(s.rots)})
	}
	return label
}

// previewSpot shows the tile at the highlighted position, the other positions numbered.
func (e *entry) previewSpot() {
	if e.cur < 0 || e.cur >= len(e.spots) {
		return
	}
	s := e.spots[e.cur]
	b := e.t.board
	b.clearPreview()
	b.pvTile, b.pvPos, b.pvRot = e.tile, s.pos, s.rots[s.rot]
	for _, o := range e.spots {
		b.marks = append(b.marks, o.pos)
	}
	e.pic.t, e.pic.rot = e.tile, s.rots[s.rot]
	b.showAll(b.marks, e.cur)
}

// moveSpot moves the highlight to the nearest position in direction dx, dy.
func (e *entry) moveSpot(dx, dy int) {
	if i := e.spotToward(dx, dy); i >= 0 {
		e.menu.setCurrent(i)
	}
}

// spotToward returns the nearest position from the highlighted one in direction dx, dy (straight ahead counts
// double against going sideways), -1 if none.
func (e *entry) spotToward(dx, dy int) int {
	if len(e.spots) == 0 {
		return -1
	}
	from := e.spots[e.cur].pos
	best, bestD := -1, 0
	for i, s := range e.spots {
		ax, ay := s.pos.X-from.X, s.pos.Y-from.Y
		along, across := ax*dx+ay*dy, ax*dy+ay*dx
		if along <= 0 {
			continue
		}
		if across < 0 {
			across = -across
		}
		d := along + 2*across
		if best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// turn shows the next (or previous) legal rotation at the highlighted position.
func (e *entry) turn(d int) {
	if e.cur < 0 || e.cur >= len(e.spots) {
		return
	}
	s := &e.spots[e.cur]
	s.rot = (s.rot + d + len(s.rots)) % len(s.rots)
	e.menu.items[e.cur].label = e.spotLabel(e.cur)
	e.previewSpot()
}

func (e *entry) placeSpot() {
	if e.cur < 0 || e.cur >= len(e.spots) {
		return
	}
	s := e.spots[e.cur]
	if e.t.do(referee.Action{Verb: referee.VerbPlace, Tile: e.tile.ID, Pos: referee.Pos{X: s.pos.X, Y: s.pos.Y},
		Rot: s.rots[s.rot] * 90}) {
		e.typed = ""
	}
}

// boardClick answers a click on board cell p (sub-cell sx, sy of its block; -1 in the compact view): a numbered
// position lays the tile there; in the other steps a click on a figure's place chooses it.
func (e *entry) boardClick(p engine.Pos, sx, sy int) {
	switch e.step {
	case stepPlace:
		for i, s := range e.spots {
			if s.pos == p {
				e.cur = i
				e.menu.current = i
				e.placeSpot()
				return
			}
		}
		return
	}
	ti := e.g.S.TileIndex(p)
	if ti < 0 {
		return
	}
	seg := int32(-1)
	if sx >= 0 {
		t := &e.g.S.Tiles[ti]
		blk := rasterTile(t.Type, int(t.Rot))
		if l := blk[sy][sx].seg; l >= 0 {
			seg = t.Seg(l)
		}
	}
	for i, c := range e.choices {
		if !c.hasSeg {
			continue
		}
		cti, _ := e.g.S.SegTile(c.seg)
		if (seg >= 0 && e.g.S.Root(c.seg) == e.g.S.Root(seg)) || (seg < 0 && cti == ti) {
			e.menu.setCurrent(i)
			e.menu.choose(i)
			return
		}
	}
}

// --- naming places and features ----------------------------------------------------------------------------------

// placeWords names local segment l of tile ti as a player says it: the edges it reaches ("N+W"), else the
// half-edges of a field ("NNW"), nothing for a monastery, shrine or garden (the kind says it).
func placeWords(s *engine.State, ti, l int) string {
	t := &s.Tiles[ti]
	if t.Type.Segs[l].Kind.IsCentre() {
		return ""
	}
	var edges, halves []string
	for _, n := range s.PlaceNames(ti, l) {
		if strings.HasPrefix(n, "#") {
			continue
		}
		switch len(n) {
		case 1:
			edges = append(edges, n)
		case 3:
			halves = append(halves, n)
		}
	}
	if len(edges) > 0 {
		return strings.Join(edges, "+")
	}
	if len(halves) > 0 {
		return strings.Join(halves, "+")
	}
	return ""
}

// kindWord is the feature kind in the user's language.
func (e *entry) kindWord(k engine.Kind) string { return e.t.u.loc.T("term."+k.String(), nil) }

// segName is "city N+W", "field NNW", "monastery": the feature of a segment on its tile.
func (e *entry) segName(seg int32) string { return featureName(e.g, e.t.u.loc, seg, false) }

// segWhere is "city 3,0 N+W": the feature, where its tile lies.
func (e *entry) segWhere(seg int32) string { return featureName(e.g, e.t.u.loc, seg, true) }

// featureName names the feature of a segment as a player says it: its kind in the user's language, the cell of
// its tile (withPos) and the edges it reaches there ("city 3,0 N+W", "field NNW", "monastery 2,1").
func featureName(g *referee.Game, loc translator, seg int32, withPos bool) string {
	ti, l := g.S.SegTile(seg)
	name := loc.T("term."+g.S.SegKind(seg).String(), nil)
	if withPos {
		name += " " + g.S.Tiles[ti].Pos.String()
	}
	if w := localPlace(loc, placeWords(g.S, ti, l)); w != "" {
		name += " " + w
	}
	return name
}

// compass returns the user's letters for N, E, S, W (ui.compass: "С И Ю З" in Bulgarian).
func compass(loc translator) [4]string {
	out := [4]string{"N", "E", "S", "W"}
	f := strings.Fields(loc.T("ui.compass", nil))
	if len(f) == 4 {
		copy(out[:], f)
	}
	return out
}

// localPlace writes a place name of placeWords ("N+W", "NNW") with the user's compass letters ("С+З", "ССЗ").
func localPlace(loc translator, w string) string {
	c := compass(loc)
	var b strings.Builder
	for _, r := range w {
		if i := strings.IndexRune("NESW", r); i >= 0 {
			b.WriteString(c[i])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// refName names a feature given as "x,y:PLACE" (the referee's summaries) as featureName does; the text itself
// if it names no feature on the board.
func refName(g *referee.Game, loc translator, ref string) string {
	seg, ok := refSeg(g, ref)
	if !ok {
		return ref
	}
	return featureName(g, loc, seg, true)
}

// refSeg returns the segment a feature given as "x,y:PLACE" names on the board; false if it names none.
func refSeg(g *referee.Game, ref string) (int32, bool) {
	f, err := referee.ParseFeatureRef(ref)
	if err != nil {
		return -1, false
	}
	seg, err := g.S.FeatureAt(engine.Pos{X: f.Pos.X, Y: f.Pos.Y}, f.Place)
	return seg, err == nil
}

// refSeg resolves a feature named in an action.
func (e *entry) refSeg(r referee.FeatureRef) (int32, bool) {
	seg, err := e.g.S.FeatureAt(engine.Pos{X: r.Pos.X, Y: r.Pos.Y}, r.Place)
	return seg, err == nil
}

// figureWord names the figure: a follower on a field is a farmer, on a shrine a heretic.
func (e *entry) figureWord(kind engine.FigureKind, k engine.Kind) string {
	loc := e.t.u.loc
	switch {
	case kind == engine.Abbot:
		return loc.T("term.abbot", nil)
	case k == engine.KField:
		return loc.T("term.farmer", nil)
	case k == engine.KShrine:
		return loc.T("term.heretic", nil)
	}
	return loc.T("term.follower", nil)
}

func kindOf(a referee.Action) engine.FigureKind {
	if a.Abbot {
		return engine.Abbot
	}
	return engine.Follower
}

func (e *entry) showFigure(seg int32, kind engine.FigureKind) func() {
	return func() {
		b := e.t.board
		b.pvFig, b.pvSeg, b.pvKind, b.pvWho = true, seg, kind, e.who
		ti, _ := e.g.S.SegTile(seg)
		b.centreOn(e.g.S.Tiles[ti].Pos)
	}
}

// legal returns the referee's legal answers to the pending decision, with their colour set.
func (e *entry) legal() []referee.Action { return e.g.Legal().Actions }

// --- the figure step (SEQ-5) -------------------------------------------------------------------------------------

// figureStep: a follower or the abbot onto a place of the tile just laid, no figure, or the abbot back (ABBOT-6).
// The order: the places (followers, then the abbot), no figure, the abbot back.
func (e *entry) figureStep() {
	g, loc := e.g, e.t.u.loc
	e.step, e.spots = stepFigure, nil
	ti := len(g.S.Tiles) - 1
	var deploys, rest []choice
	for _, a := range e.legal() {
		a := a
		switch a.Verb {
		case referee.VerbDeploy:
			l, err := g.S.SegByPlace(ti, a.Place)
			if err != nil {
				continue
			}
			seg := g.S.Tiles[ti].Seg(l)
			label := loc.T("ui.opt.deploy", map[string]any{"Figure": e.figureWord(kindOf(a), g.S.SegKind(seg)),
				"Feature": e.segName(seg)})
			deploys = append(deploys, choice{label: label, act: &a, preview: e.showFigure(seg, kindOf(a)),
				seg: seg, hasSeg: true})
		case referee.VerbPass:
			rest = append([]choice{{label: loc.T("ui.opt.pass", nil), act: &a}}, rest...)
		case referee.VerbReturnAbbot:
			seg := e.abbotAt(a.Pos)
			rest = append(rest, choice{label: loc.T("ui.opt.return_abbot", map[string]any{"Feature": e.segWhere(seg)}),
				act: &a, preview: e.showFigure(seg, engine.Abbot)})
		}
	}
	slices.SortStableFunc(deploys, func(a, b choice) int {
		return boolInt(a.act.Abbot) - boolInt(b.act.Abbot)
	})
	e.ask("ui.ask.figure", map[string]any{"Tile": g.S.Tiles[ti].Type.ID})
	e.offer(append(deploys, rest...))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// abbotAt returns the segment of the deciding player's abbot on the tile at p.
func (e *entry) abbotAt(p referee.Pos) int32 {
	s := e.g.S
	for i := range s.Figures {
		f := &s.Figures[i]
		if int(f.Player) != e.who || f.Kind != engine.Abbot || f.Where != engine.OnBoard {
			continue
		}
		ti, _ := s.SegTile(f.Seg)
		if q := s.Tiles[ti].Pos; q.X == p.X && q.Y == p.Y {
			return f.Seg
		}
	}
	return -1
}

// --- the City of Carcassonne (COUNT) ---------------------------------------------------------------------------

func (e *entry) quarterName(q string) string {
	return e.t.u.loc.T("term.quarter."+q, nil)
}

// movingStep: a go of the moving-out round (COUNT-13..18): each move the referee allows, then "no more".
func (e *entry) movingStep() {
	g, loc := e.g, e.t.u.loc
	e.step, e.spots = stepMoving, nil
	var moves []choice
	var decline *referee.Action
	for _, a := range e.legal() {
		a := a
		switch a.Verb {
		case referee.VerbMove:
			seg, ok := e.refSeg(a.Target)
			if !ok {
				continue
			}
			label := loc.T("ui.opt.move", map[string]any{"Figure": e.figureWord(kindOf(a), g.S.SegKind(seg)),
				"Quarter": e.quarterName(a.Quarter), "Feature": e.segWhere(seg)})
			moves = append(moves, choice{label: label, act: &a, preview: e.showFigure(seg, kindOf(a)),
				seg: seg, hasSeg: true})
		case referee.VerbDecline:
			decline = &a
		}
	}
	if decline != nil {
		moves = append(moves, choice{label: loc.T("ui.opt.decline_move", nil), act: decline})
	}
	e.ask("ui.ask.moving", nil)
	e.offer(moves)
}

// cityStep: entering the City after others scored (COUNT-6..8). Declining has no action of its own.
func (e *entry) cityStep() {
	loc := e.t.u.loc
	e.step, e.spots = stepCity, nil
	var choices []choice
	for _, a := range e.legal() {
		a := a
		if a.Verb != referee.VerbCity {
			continue
		}
		choices = append(choices, choice{label: loc.T("ui.opt.city", map[string]any{
			"Figure": e.figureWord(kindOf(a), engine.KCity), "Quarter": e.quarterName(a.Quarter)}), act: &a})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.city_no", nil), next: e.t.decline})
	e.ask("ui.ask.city", nil)
	e.offer(choices)
}

// countStep: moving the Count after entering the City (COUNT-11): the other quarters, or he stays.
func (e *entry) countStep() {
	g, loc := e.g, e.t.u.loc
	e.step, e.spots = stepCount, nil
	var choices []choice
	here := g.S.City.Count.String()
	for _, a := range e.legal() {
		a := a
		if a.Verb != referee.VerbCount || a.Quarter == here {
			continue
		}
		choices = append(choices, choice{label: loc.T("ui.opt.count", map[string]any{"Quarter": e.quarterName(a.Quarter)}),
			act: &a})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.count_stay", map[string]any{"Quarter": e.quarterName(here)}),
		next: e.t.decline})
	e.ask("ui.ask.count", nil)
	e.offer(choices)
}

// marketStep: the market round at the end (COUNT-19): every market figure must go onto a field.
func (e *entry) marketStep() {
	e.step, e.spots = stepMarket, nil
	e.offerMarket(e.legal())
}

func (e *entry) offerMarket(acts []referee.Action) {
	loc := e.t.u.loc
	var choices []choice
	for _, a := range acts {
		a := a
		seg, ok := e.refSeg(a.Target)
		if !ok {
			continue
		}
		choices = append(choices, choice{label: loc.T("ui.opt.market", map[string]any{"Feature": e.segWhere(seg)}),
			act: &a, preview: e.showFigure(seg, engine.Follower), seg: seg, hasSeg: true})
	}
	e.ask("ui.ask.market", map[string]any{"Count": e.g.S.MarketMovable(e.who)})
	e.offer(choices)
}

// --- gifts (GIFT-5..10), opened after drawing and before placing ---------------------------------------------

// giftActions are the gift answers the referee lists for the tile step.
func (e *entry) giftActions() []referee.Action {
	var out []referee.Action
	for _, a := range e.legal() {
		if a.Verb == referee.VerbGift {
			out = append(out, a)
		}
	}
	return out
}

// giftStep offers the cards the player may open now, in the order of the rules (GIFT-6..10).
func (e *entry) giftStep() {
	loc := e.t.u.loc
	e.step, e.spots = stepGift, nil
	e.back = e.tileStep
	e.pic.t = nil
	acts := e.giftActions()
	var choices []choice
	for c := engine.GiftCard(0); c < engine.NumGiftCards; c++ {
		var mine []referee.Action
		for _, a := range acts {
			if a.Gift == c.String() {
				mine = append(mine, a)
			}
		}
		if len(mine) == 0 {
			continue
		}
		c := c
		if c == engine.TwoChoices {
			a := mine[0]
			ch := choice{label: e.giftName(c) + ": " + loc.T("ui.opt.two_choices", nil), act: &a}
			if e.g.GiftVoid(a.Gift) {
				// No second tile to draw (GIFT-10(c)): the gift may still be opened, void; ask first (GIFT-5(d)).
				ch.label = e.giftName(c) + ": " + loc.T("ui.opt.two_choices_void", nil)
				ch.warn = loc.T("ui.gift_void_ask", map[string]any{"Gift": e.giftName(c)})
			}
			choices = append(choices, ch)
			continue
		}
		choices = append(choices, choice{label: e.giftName(c), next: func() { e.giftTargets(c, mine) }})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.back", nil), next: e.tileStep})
	e.ask("ui.ask.gift", map[string]any{"Count": e.g.S.Gift.Hands[e.who]})
	e.offer(choices)
}

// confirm asks before recording a: warn says what it costs (a void gift forfeits the card's 2 end points, GIFT-5(d),
// GIFT-11); the first button records it, the other or Esc keeps the step as it is.
func (e *entry) confirm(warn string, a referee.Action) {
	loc := e.t.u.loc
	e.t.u.dialog("confirm", warn, []string{loc.T("ui.gift_void_yes", nil), loc.T("ui.cancel", nil)}, func(i int) {
		if i == 0 {
			e.t.do(a)
		}
	})
}

func (e *entry) giftName(c engine.GiftCard) string {
	return e.t.u.loc.T("term.gift."+strings.ReplaceAll(c.String(), "-", "_"), nil)
}

// giftTargets offers what the card can be played on.
func (e *entry) giftTargets(c engine.GiftCard, acts []referee.Action) {
	g, loc := e.g, e.t.u.loc
	e.step = stepGiftTarget
	e.back = e.giftStep
	var choices []choice
	for _, a := range acts {
		a := a
		seg, ok := e.refSeg(a.Target)
		if !ok {
			continue
		}
		var label string
		kind := kindOf(a)
		show := e.showFigure(seg, kind)
		switch c {
		case engine.Synod:
			label = loc.T("ui.opt.onto", map[string]any{"Figure": e.figureWord(kind, g.S.SegKind(seg)),
				"Feature": e.segWhere(seg)})
		case engine.RoadSweeper:
			label = e.segWhere(seg)
			show = nil
		case engine.CashOut:
			label = loc.T("ui.opt.from", map[string]any{"Figure": e.figureWord(kind, g.S.SegKind(seg)),
				"Feature": e.segWhere(seg)})
		case engine.ChangePosition:
			ti, _ := g.S.SegTile(seg)
			l, err := g.S.SegByPlace(ti, a.NewPlace)
			if err != nil {
				continue
			}
			to := g.S.Tiles[ti].Seg(l)
			label = loc.T("ui.opt.change", map[string]any{"From": e.segWhere(seg), "To": e.segName(to)})
			show = e.showFigure(to, engine.Follower)
		}
		choices = append(choices, choice{label: label, act: &a, preview: show, seg: seg, hasSeg: true})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.back", nil), next: e.giftStep})
	e.ask("ui.ask.gift_target", map[string]any{"Gift": e.giftName(c)})
	e.offer(choices)
}

// tilePic draws one tile in a rotation: the tile the player is entering.
type tilePic struct {
	*tview.Box
	t   *engine.TileType
	rot int
}

func (p *tilePic) Draw(screen tcell.Screen) {
	p.Box.DrawForSubclass(screen, p)
	if p.t == nil {
		return
	}
	x, y, w, h := p.GetInnerRect()
	if w < tileW || h < tileH {
		return
	}
	blk := rasterTile(p.t, p.rot)
	for yy := 0; yy < tileH; yy++ {
		for xx := 0; xx < tileW; xx++ {
			screen.SetContent(x+1+xx, y+yy, blk[yy][xx].r, nil, glyphStyle(blk[yy][xx], false))
		}
	}
}
