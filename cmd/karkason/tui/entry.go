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

// The move entry: a prompt naming the player whose decision is pending, and the legal answers to pick from (the
// tile step also takes a typed tile id). What is legal comes from the engine; the chosen answer becomes a
// referee.Action and goes to Session.Do, which may still refuse it: the refusal is shown and the entry stays.

// choice is one answer offered: an action to record, or a further step.
type choice struct {
	label   string
	act     *referee.Action
	next    func()
	preview func()
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
	list   *tview.List
	g      *referee.Game
	who    int
	// the current step
	choices []choice
	back    func()
	tileIn  bool // the tile step: the input field is shown
	tile    *engine.TileType
	spots   []spot
}

func newEntry(t *table) *entry {
	e := &entry{t: t}
	e.prompt = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	e.pic = &tilePic{Box: tview.NewBox()}
	e.top = tview.NewFlex().AddItem(e.prompt, 0, 1, false)
	e.input = tview.NewInputField().SetFieldWidth(14)
	e.input.SetLabel(t.u.loc.T("ui.tile", nil) + " ")
	e.list = tview.NewList().ShowSecondaryText(false).SetHighlightFullLine(true).SetWrapAround(false)
	e.list.SetSelectedStyle(tcell.StyleDefault.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack))
	e.root = tview.NewFlex().SetDirection(tview.FlexRow)
	e.root.SetBorder(true).SetBorderPadding(0, 0, 1, 0)
	e.list.SetChangedFunc(func(i int, _, _ string, _ rune) { e.previewChoice(i) })
	e.list.SetSelectedFunc(func(i int, _, _ string, _ rune) { e.pick(i) })
	e.list.SetInputCapture(e.listKeys)
	e.input.SetInputCapture(e.inputKeys)
	e.input.SetChangedFunc(func(string) { e.filterTiles() })
	return e
}

// layout rebuilds the panel: prompt (with the tile picture in the tile steps), the input in the tile step, list.
func (e *entry) layout(promptLines int) {
	e.root.Clear()
	e.top.Clear()
	e.top.AddItem(e.prompt, 0, 1, false)
	if e.pic.t != nil {
		e.top.AddItem(e.pic, tileW+2, 0, false)
	}
	h := promptLines
	if e.pic.t != nil && h < tileH {
		h = tileH
	}
	e.root.AddItem(e.top, h, 0, false)
	if e.tileIn {
		e.root.AddItem(e.input, 1, 0, true)
	}
	e.root.AddItem(e.list, 0, 1, !e.tileIn)
}

func (e *entry) focus() {
	if e.tileIn {
		e.t.u.run.SetFocus(e.input)
	} else {
		e.t.u.run.SetFocus(e.list)
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
	}
	e.focus()
}

func (e *entry) loc() interface {
	T(string, map[string]any) string
} {
	return e.t.u.loc
}

// ask sets the prompt: the player's badge and name, then the question.
func (e *entry) ask(key string, data map[string]any) {
	d := map[string]any{"Player": e.t.names.who(e.who)}
	for k, v := range data {
		d[k] = v
	}
	text := e.t.u.loc.T(key, d)
	e.prompt.SetText(text)
}

// promptLines is the number of rows the prompt needs in the panel's width (at most 6).
func (e *entry) promptLines() int {
	_, _, w, _ := e.root.GetInnerRect()
	if e.pic.t != nil {
		w -= tileW + 2
	}
	if w < 10 {
		w = 24
	}
	n := len(tview.WordWrap(e.prompt.GetText(true), w))
	return max(1, min(n, 6))
}

// offer fills the list with choices.
func (e *entry) offer(choices []choice) {
	e.choices = choices
	e.list.Clear()
	for _, c := range choices {
		e.list.AddItem(c.label, "", 0, nil)
	}
	if len(choices) > 0 {
		e.list.SetCurrentItem(0)
		e.previewChoice(0)
	}
	e.layout(e.promptLines())
}

func (e *entry) previewChoice(i int) {
	e.t.board.clearPreview()
	if e.spots != nil {
		e.previewSpot(i)
		return
	}
	if i >= 0 && i < len(e.choices) && e.choices[i].preview != nil {
		e.choices[i].preview()
	}
}

// pick runs the choice: records its action or goes to its next step.
func (e *entry) pick(i int) {
	if e.spots != nil {
		e.placeSpot(i)
		return
	}
	if i < 0 || i >= len(e.choices) {
		return
	}
	c := e.choices[i]
	switch {
	case c.act != nil:
		e.t.do(*c.act)
	case c.next != nil:
		e.t.status.SetText("")
		c.next()
		e.focus()
	}
}

func (e *entry) listKeys(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyEscape:
		if e.back != nil {
			e.t.status.SetText("")
			e.back()
			e.focus()
		}
		return nil
	case tcell.KeyLeft, tcell.KeyRight:
		if e.spots != nil {
			d := 1
			if ev.Key() == tcell.KeyLeft {
				d = -1
			}
			e.turn(d)
			return nil
		}
	case tcell.KeyUp:
		if e.tileIn && e.list.GetCurrentItem() == 0 {
			e.t.u.run.SetFocus(e.input)
			return nil
		}
	case tcell.KeyRune:
		if ev.Rune() == ' ' && e.spots != nil {
			e.turn(1)
			return nil
		}
		if e.tileIn {
			e.t.u.run.SetFocus(e.input)
			e.input.SetText(e.input.GetText() + string(ev.Rune()))
			return nil
		}
	}
	return ev
}

// inputKeys: ↑↓ move the list's highlight while typing; Enter takes the typed tile or the highlighted one.
func (e *entry) inputKeys(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyUp, tcell.KeyDown, tcell.KeyPgUp, tcell.KeyPgDn:
		e.list.InputHandler()(ev, func(tview.Primitive) {})
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
	e.tileIn, e.spots = true, nil
	e.input.SetText("")
	e.ask("ui.ask.tile", nil)
	e.filterTiles()
}

// drawable returns the tile types that can be drawn now.
func (e *entry) drawable() []*engine.TileType { return e.g.Bag.Drawable(e.g.Cat) }

// filterTiles lists the drawable tiles whose id or alias starts with (or contains) what was typed, then the gift.
func (e *entry) filterTiles() {
	if !e.tileIn || e.g == nil {
		return
	}
	text := strings.ToLower(strings.TrimSpace(e.input.GetText()))
	var choices []choice
	for _, t := range e.drawable() {
		if text != "" && !tileMatches(t, text) {
			continue
		}
		t := t
		label := t.ID
		if len(t.Aliases) > 0 {
			label += " (" + strings.Join(t.Aliases, ", ") + ")"
		}
		label += fmt.Sprintf("  ×%d", e.g.Bag.Left(t))
		choices = append(choices, choice{label: tview.Escape(label), next: func() { e.placeStep(t) },
			preview: func() { e.pic.t, e.pic.rot = t, 0 }})
	}
	if text == "" && e.g.S.Opts.Gifts && e.g.S.Gift.Hands[e.who] > 0 && !giftOpenedThisTurn(e.g) {
		choices = append(choices, choice{label: e.t.u.loc.T("ui.opt.gift", map[string]any{"Count": e.g.S.Gift.Hands[e.who]}),
			next: e.giftStep})
	}
	e.offer(choices)
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

func tileMatches(t *engine.TileType, text string) bool {
	if strings.HasPrefix(t.ID, text) || strings.Contains(t.ID, text) {
		return true
	}
	for _, a := range t.Aliases {
		if strings.ToLower(a) == text || strings.HasPrefix(strings.ToLower(a), text) {
			return true
		}
	}
	return false
}

// enterTile takes the typed id or alias, else the highlighted line.
func (e *entry) enterTile() {
	text := strings.TrimSpace(e.input.GetText())
	if text != "" {
		if t := e.g.Cat.Tile(text); t != nil && t.Piece == nil {
			e.placeStep(t)
			e.focus()
			return
		}
	}
	if i := e.list.GetCurrentItem(); e.list.GetItemCount() > 0 && i >= 0 {
		e.pick(i)
		return
	}
	e.t.setStatus(e.t.u.loc.T("ui.unknown_tile", map[string]any{"Tile": text}), true)
}

// placeStep offers the legal positions and rotations of t; a tile with none is discarded (BASE-5).
func (e *entry) placeStep(t *engine.TileType) {
	g := e.g
	if !slices.Contains(e.drawable(), t) {
		// Not in the stack now: the referee says why (CFG-5, RIVER-4, RIV2-3/7, COMBO-1).
		probe := g.Clone()
		err := probe.Apply(referee.Action{Colour: g.Colour(g.Active), Verb: referee.VerbDiscard, Tile: t.ID})
		var r *referee.Refusal
		if errors.As(err, &r) && r.Rule != "BASE-5" && r.Rule != "GIFT-10(d)" {
			e.t.setStatus(e.t.u.describe(err), true)
			return
		}
	}
	e.tileIn, e.tile = false, t
	e.back = e.tileStep
	e.pic.t, e.pic.rot = t, 0
	places := g.S.LegalPlacements(t, nil)
	if len(places) == 0 {
		e.spots = nil
		e.ask("ui.ask.discard", map[string]any{"Tile": t.ID})
		a := referee.Action{Verb: referee.VerbDiscard, Tile: t.ID}
		e.offer([]choice{{label: e.t.u.loc.T("ui.opt.discard", map[string]any{"Tile": t.ID}), act: &a},
			{label: e.t.u.loc.T("ui.opt.back", nil), next: e.tileStep}})
		return
	}
	var spots []spot
	for _, p := range places {
		if n := len(spots); n > 0 && spots[n-1].pos == p.Pos {
			spots[n-1].rots = append(spots[n-1].rots, p.Rot)
			continue
		}
		spots = append(spots, spot{pos: p.Pos, rots: []int{p.Rot}})
	}
	// Near the last tile first: that is where the players look.
	last := e.t.board.lastPos()
	slices.SortStableFunc(spots, func(a, b spot) int {
		return dist(a.pos, last) - dist(b.pos, last)
	})
	e.ask("ui.ask.place", map[string]any{"Tile": t.ID, "Count": len(spots)})
	e.spots = spots
	e.list.Clear()
	for i := range spots {
		e.list.AddItem(e.spotLabel(i), "", 0, nil)
	}
	e.list.SetCurrentItem(0)
	e.previewSpot(0)
	e.layout(e.promptLines())
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
	label := fmt.Sprintf("%d,%d  ↻%d°", s.pos.X, s.pos.Y, s.rots[s.rot]*90)
	if len(s.rots) > 1 {
		label += "  " + e.t.u.loc.T("ui.more_rotations", map[string]any{"Count": len(s.rots)})
	}
	return label
}

func (e *entry) previewSpot(i int) {
	if i < 0 || i >= len(e.spots) {
		return
	}
	s := e.spots[i]
	b := e.t.board
	b.pvTile, b.pvPos, b.pvRot = e.tile, s.pos, s.rots[s.rot]
	b.marks = b.marks[:0]
	for _, o := range e.spots {
		b.marks = append(b.marks, o.pos)
	}
	e.pic.t, e.pic.rot = e.tile, s.rots[s.rot]
	b.centreOn(s.pos)
}

// turn shows the next (or previous) legal rotation of the highlighted position.
func (e *entry) turn(d int) {
	i := e.list.GetCurrentItem()
	if i < 0 || i >= len(e.spots) {
		return
	}
	s := &e.spots[i]
	s.rot = (s.rot + d + len(s.rots)) % len(s.rots)
	e.list.SetItemText(i, e.spotLabel(i), "")
	e.previewSpot(i)
}

func (e *entry) placeSpot(i int) {
	if i < 0 || i >= len(e.spots) {
		return
	}
	s := e.spots[i]
	e.t.do(referee.Action{Verb: referee.VerbPlace, Tile: e.tile.ID,
		Pos: referee.Pos{X: s.pos.X, Y: s.pos.Y}, Rot: s.rots[s.rot] * 90})
}

// --- naming features -------------------------------------------------------------------------------------------

// ref names the feature of global segment seg by its tile's cell and the place's shortest name.
func ref(g *referee.Game, seg int32) referee.FeatureRef {
	ti, l := g.S.SegTile(seg)
	p := g.S.Tiles[ti].Pos
	return referee.FeatureRef{Pos: referee.Pos{X: p.X, Y: p.Y}, Place: g.S.PlaceName(ti, l)}
}

// featureLabel is "city 2,-1:N": the kind in the user's language and where it is.
func (e *entry) featureLabel(seg int32) string {
	k := e.g.S.SegKind(seg)
	return e.t.u.loc.T("term."+k.String(), nil) + " " + tview.Escape(ref(e.g, seg).String())
}

// figureWord names the figure: a follower on a field is a farmer, on a shrine a heretic, on a monastery a monk.
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

func (e *entry) showFigure(seg int32, kind engine.FigureKind) func() {
	return func() {
		b := e.t.board
		b.pvFig, b.pvSeg, b.pvKind, b.pvWho = true, seg, kind, e.who
		ti, _ := e.g.S.SegTile(seg)
		b.centreOn(e.g.S.Tiles[ti].Pos)
	}
}

// --- the figure step (SEQ-5) -------------------------------------------------------------------------------------

func (e *entry) figureStep() {
	g, loc := e.g, e.t.u.loc
	e.tileIn, e.spots = false, nil
	ti := len(g.S.Tiles) - 1
	var choices []choice
	for _, o := range g.S.DeployOptions(e.who, ti, nil) {
		seg := g.S.Tiles[ti].Seg(o.Local)
		k := g.S.SegKind(seg)
		a := referee.Action{Verb: referee.VerbDeploy, Abbot: o.Kind == engine.Abbot, Place: g.S.PlaceName(ti, o.Local)}
		label := loc.T("ui.opt.deploy", map[string]any{"Figure": e.figureWord(o.Kind, k),
			"Feature": loc.T("term."+k.String(), nil), "Place": tview.Escape(a.Place)})
		choices = append(choices, choice{label: label, act: &a, preview: e.showFigure(seg, o.Kind)})
	}
	for i := range g.S.Figures {
		f := &g.S.Figures[i]
		if int(f.Player) != e.who || f.Kind != engine.Abbot || f.Where != engine.OnBoard {
			continue
		}
		fti, _ := g.S.SegTile(f.Seg)
		p := g.S.Tiles[fti].Pos
		if g.S.CanReturnAbbot(e.who, p) != nil {
			continue
		}
		a := referee.Action{Verb: referee.VerbReturnAbbot, Pos: referee.Pos{X: p.X, Y: p.Y}}
		choices = append(choices, choice{label: loc.T("ui.opt.return_abbot", map[string]any{"Feature": e.featureLabel(f.Seg)}),
			act: &a, preview: e.showFigure(f.Seg, engine.Abbot)})
	}
	pass := referee.Action{Verb: referee.VerbPass}
	choices = append(choices, choice{label: loc.T("ui.opt.pass", nil), act: &pass})
	e.ask("ui.ask.figure", map[string]any{"Tile": g.S.Tiles[ti].Type.ID})
	e.offer(choices)
}

// --- the City of Carcassonne (COUNT) ---------------------------------------------------------------------------

func (e *entry) quarterName(q engine.Quarter) string {
	return e.t.u.loc.T("term.quarter."+q.String(), nil)
}

// movingStep: the moving-out round (COUNT-13..18).
func (e *entry) movingStep() {
	g, loc := e.g, e.t.u.loc
	e.tileIn, e.spots = false, nil
	var choices []choice
	for _, seg := range g.Targets() {
		q, ok := engine.QuarterFor(g.S.SegKind(seg))
		if !ok {
			continue
		}
		for _, kind := range []engine.FigureKind{engine.Follower, engine.Abbot} {
			if g.S.CanMoveOut(e.who, q, kind, seg, g.Targets()) != nil {
				continue
			}
			a := referee.Action{Verb: referee.VerbMove, Quarter: q.String(), Target: ref(g, seg),
				Abbot: kind == engine.Abbot}
			label := loc.T("ui.opt.move", map[string]any{"Figure": e.figureWord(kind, g.S.SegKind(seg)),
				"Quarter": e.quarterName(q), "Feature": e.featureLabel(seg)})
			choices = append(choices, choice{label: label, act: &a, preview: e.showFigure(seg, kind)})
		}
	}
	dec := referee.Action{Verb: referee.VerbDecline}
	choices = append(choices, choice{label: loc.T("ui.opt.decline_move", nil), act: &dec})
	e.ask("ui.ask.moving", nil)
	e.offer(choices)
}

// cityStep: entering the City after others scored (COUNT-6..8). Declining has no action of its own.
func (e *entry) cityStep() {
	g, loc := e.g, e.t.u.loc
	e.tileIn, e.spots = false, nil
	var choices []choice
	for _, name := range referee.Quarters() {
		q, _ := engine.ParseQuarter(name)
		for _, kind := range []engine.FigureKind{engine.Follower, engine.Abbot} {
			if g.S.CanEnterCity(e.who, q, kind) != nil {
				continue
			}
			a := referee.Action{Verb: referee.VerbCity, Quarter: name, Abbot: kind == engine.Abbot}
			choices = append(choices, choice{label: loc.T("ui.opt.city", map[string]any{
				"Figure": e.figureWord(kind, engine.KCity), "Quarter": e.quarterName(q)}), act: &a})
		}
	}
	choices = append(choices, choice{label: loc.T("ui.opt.city_no", nil), next: e.t.decline})
	e.ask("ui.ask.city", nil)
	e.offer(choices)
}

// countStep: moving the Count after entering the City (COUNT-11).
func (e *entry) countStep() {
	g, loc := e.g, e.t.u.loc
	e.tileIn, e.spots = false, nil
	var choices []choice
	for _, name := range referee.Quarters() {
		q, _ := engine.ParseQuarter(name)
		if q == g.S.City.Count {
			continue
		}
		a := referee.Action{Verb: referee.VerbCount, Quarter: name}
		choices = append(choices, choice{label: loc.T("ui.opt.count", map[string]any{"Quarter": e.quarterName(q)}), act: &a})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.count_stay", map[string]any{
		"Quarter": e.quarterName(g.S.City.Count)}), next: e.t.decline})
	e.ask("ui.ask.count", nil)
	e.offer(choices)
}

// marketStep: the market round at the end (COUNT-19): every market figure must go onto a field.
func (e *entry) marketStep() {
	g, loc := e.g, e.t.u.loc
	e.tileIn, e.spots = false, nil
	var choices []choice
	seen := map[int32]bool{}
	for seg := int32(0); int(seg) < g.S.SegCount(); seg++ {
		if g.S.SegKind(seg) != engine.KField || seen[g.S.Root(seg)] {
			continue
		}
		seen[g.S.Root(seg)] = true
		a := referee.Action{Verb: referee.VerbMarket, Target: ref(g, seg)}
		choices = append(choices, choice{label: loc.T("ui.opt.market", map[string]any{"Feature": e.featureLabel(seg)}),
			act: &a, preview: e.showFigure(seg, engine.Follower)})
	}
	e.ask("ui.ask.market", map[string]any{"Count": g.S.MarketMovable(e.who)})
	e.offer(choices)
}

// --- gifts (GIFT-5..10), opened after drawing and before placing ---------------------------------------------

func (e *entry) giftStep() {
	g, loc := e.g, e.t.u.loc
	e.tileIn, e.spots = false, nil
	e.back = e.tileStep
	e.pic.t = nil
	var choices []choice
	for c := engine.GiftCard(0); c < engine.NumGiftCards; c++ {
		if g.S.CanOpen(e.who, c) != nil {
			continue
		}
		c := c
		choices = append(choices, choice{label: e.giftName(c), next: func() { e.giftTargets(c) }})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.back", nil), next: e.tileStep})
	e.ask("ui.ask.gift", map[string]any{"Count": g.S.Gift.Hands[e.who]})
	e.offer(choices)
}

func (e *entry) giftName(c engine.GiftCard) string {
	return e.t.u.loc.T("term.gift."+strings.ReplaceAll(c.String(), "-", "_"), nil)
}

// giftTargets offers what the card can be played on.
func (e *entry) giftTargets(c engine.GiftCard) {
	g, loc := e.g, e.t.u.loc
	e.back = e.giftStep
	s := g.S
	var choices []choice
	add := func(a referee.Action, label string, preview func()) {
		a.Verb, a.Gift = referee.VerbGift, c.String()
		choices = append(choices, choice{label: label, act: &a, preview: preview})
	}
	switch c {
	case engine.Synod:
		for ti := range s.Tiles {
			t := &s.Tiles[ti]
			if t.Type.Centre < 0 {
				continue
			}
			seg := t.Seg(int(t.Type.Centre))
			for _, kind := range []engine.FigureKind{engine.Follower, engine.Abbot} {
				if s.CanSynod(e.who, kind, seg) == nil {
					add(referee.Action{Target: ref(g, seg), Abbot: kind == engine.Abbot},
						loc.T("ui.opt.onto", map[string]any{"Figure": e.figureWord(kind, s.SegKind(seg)),
							"Feature": e.featureLabel(seg)}), e.showFigure(seg, kind))
				}
			}
		}
	case engine.RoadSweeper:
		seen := map[int32]bool{}
		for seg := int32(0); int(seg) < s.SegCount(); seg++ {
			if s.SegKind(seg) != engine.KRoad || seen[s.Root(seg)] {
				continue
			}
			seen[s.Root(seg)] = true
			if s.CanRoadSweeper(e.who, seg) == nil {
				add(referee.Action{Target: ref(g, seg)}, e.featureLabel(seg), nil)
			}
		}
	case engine.ChangePosition, engine.CashOut:
		seen := map[string]bool{}
		for i := range s.Figures {
			f := &s.Figures[i]
			if int(f.Player) != e.who || f.Where != engine.OnBoard {
				continue
			}
			if c == engine.CashOut {
				key := fmt.Sprint(s.Root(f.Seg), f.Kind)
				if seen[key] || s.CanCashOut(e.who, f.Kind, f.Seg) != nil {
					continue
				}
				seen[key] = true
				add(referee.Action{Target: ref(g, f.Seg), Abbot: f.Kind == engine.Abbot},
					loc.T("ui.opt.from", map[string]any{"Figure": e.figureWord(f.Kind, s.SegKind(f.Seg)),
						"Feature": e.featureLabel(f.Seg)}), e.showFigure(f.Seg, f.Kind))
				continue
			}
			if f.Kind != engine.Follower {
				continue
			}
			ti, _ := s.SegTile(f.Seg)
			t := &s.Tiles[ti]
			for j := range t.Type.Segs {
				to := t.Seg(j)
				if to == f.Seg || s.CanChangePosition(e.who, f.Seg, to) != nil {
					continue
				}
				add(referee.Action{Target: ref(g, f.Seg), NewPlace: s.PlaceName(ti, j)},
					loc.T("ui.opt.change", map[string]any{"From": e.featureLabel(f.Seg), "To": e.featureLabel(to)}),
					e.showFigure(to, engine.Follower))
			}
		}
	case engine.TwoChoices:
		add(referee.Action{}, loc.T("ui.opt.two_choices", nil), nil)
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
