package tui

import (
	"errors"
	"iter"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The move entry: a panel with a prompt naming the player whose decision is pending, the tile's picture, an input
// line and its legend, and the legal answers to choose from (menu.go), each with a hot key and a click. What it
// asks is the step shown now (e.now): one type a kind of step, in step_*.go (step.go lists them and says how to add
// one). The entry itself knows no decision: it shows the step's prompt and answers, hands the step the keys, the
// highlight, the choice and the board's clicks, and goes back (Esc) where the step says.
//
// The chosen answer goes to Session.Do, which may still refuse it: the refusal is shown and the entry stays.

// choice is one answer offered: an action to record, or a further step.
type choice struct {
	label   string
	act     *referee.Action
	next    func()
	preview func()
	muted   bool // a note, not an answer
	// warn, if set, is asked before act is recorded: a void gift (GIFT-5(d)).
	warn string
	// short, if set, is a shorter label for when the answers do not all fit (entry.layout, compact): the feature
	// alone where the figure is a follower, as its feature says (a farmer on a field, a knight in a city).
	short  string
	seg    int32
	hasSeg bool // the answer puts a figure on segment seg (a board click on it chooses it)
	// why, if set, is the refusal of this answer now (the referee's: a player with no figure left, a feature no
	// figure may stand on): the answer is greyed with its key kept; choosing it shows why (F3 explains).
	why error
	// figure is the kind of figure the answer puts, moves or takes (a follower when it names none); target, if
	// set, is what it acts on (a feature, a quarter, a feature and a new place): the answers with the same target
	// share its key, an answer for a figure with a key of its own (kindLetters) with that letter before it.
	figure engine.FigureKind
	target string
	// fold, if set, is the answer's words where the answers do not all fit (compact): drawn after "·" on the line
	// of the answer before it, which has the same target (menuItem.joined; the figure step: "D4 large" on its
	// feature's line).
	fold string
	// flow: an answer of a few words (a place, "3,1") drawn after "·" on the line of the answer before it, also a
	// flow answer, while that line has room, where the answers do not all fit (compact): the places of the place
	// step by threes on a line at 80x24 (issue 30). Its label is its words.
	flow bool
}

// kindLetters are the keys of the figures that have a key of their own (issue 18): an answer that puts, moves or
// takes such a figure has the key of the same answer for a follower, that letter before it ("D3": the large
// follower where "3" puts a follower), so the board's key of a feature serves every figure. The letters are
// answerLetters, so that they name one key on every layout (D: «В», великий, on the Ukrainian layout); a list
// with such answers leaves them out of its own letters (answerKeysWithout). Traders & Builders' figures take the
// next, from answerLetters' end: the builder X («Й»/«Ь» on the Bulgarian layouts, «Ч» on the Ukrainian), the pig Z
// («Ю»/«З», «Я»); only the figure step offers them (TB-5, TB-12) and the entry of a board as it lies (POS-3).
// Abbey & Mayor's take the last two: the mayor K (кмет), the wagon T.
var kindLetters = map[engine.FigureKind]string{engine.Large: "D", engine.Builder: "X", engine.Pig: "Z", engine.Mayor: "K",
	engine.Wagon: "T"}

// keyGroup is the group of answers that share a target's key: the target and whether the figure is the abbot
// (the abbot's answers on a monastery are a target of their own; every other figure joins the follower's).
func (c choice) keyGroup() string {
	if c.target == "" {
		return ""
	}
	if c.figure == engine.Abbot {
		return c.target + "|abbot"
	}
	return c.target
}

// choiceKeys returns each choice's key and its target's key (the same, but for a figure of kindLetters): the
// targets, in the order of their first answer, get answerKeys (the letters of the kinds present left out); an
// answer with no target is a target of its own; a note gets none. A list with no follower's answer on a target
// (the market round of a player whose only market figure is the large follower) needs no letter: there the
// target's key is the answer's.
func choiceKeys(choices []choice) (keys, targetKeys []string) {
	follower := slices.ContainsFunc(choices, func(c choice) bool {
		return !c.muted && c.target != "" && c.figure != engine.Abbot && kindLetters[c.figure] == ""
	})
	reserved := ""
	for _, c := range choices {
		if l := kindLetters[c.figure]; follower && l != "" && !c.muted && !strings.Contains(reserved, l) {
			reserved += l
		}
	}
	group := make([]int, len(choices))
	first := map[string]int{}
	n := 0
	for i, c := range choices {
		if c.muted {
			group[i] = -1
			continue
		}
		k := c.keyGroup()
		if g, ok := first[k]; ok && k != "" {
			group[i] = g
			continue
		}
		group[i], first[k] = n, n
		n++
	}
	tk := answerKeysWithout(n, reserved)
	keys, targetKeys = make([]string, len(choices)), make([]string, len(choices))
	for i, c := range choices {
		if group[i] < 0 || tk[group[i]] == "" {
			continue
		}
		targetKeys[i] = tk[group[i]]
		keys[i] = targetKeys[i]
		if follower {
			keys[i] = kindLetters[c.figure] + keys[i]
		}
	}
	return keys, targetKeys
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
	// now is the step shown; step its kind.
	now  entryStep
	step step
	// the step's answers (e.offer)
	choices []choice
	// targetKeys are the keys of the answers' targets (choiceKeys: an answer's key without its figure's letter),
	// which the board shows on a feature.
	targetKeys []string
	// back is where Esc goes (set by the step's show; nil: nowhere).
	back func()
	// typed is the text typed for the tile (kept when going back from the place step, and across F6).
	typed string
	// justPlaced is set while the tile laid by the place step is recorded (the figure step that follows may take
	// its only answer, "no figure", at once).
	justPlaced bool
	// rows is the panel's inner height, worked out by table.fit before each draw (0: not known yet); compact is
	// set by layout when the answers of a list would not all fit under the prompt and the legend (see layout).
	rows    int
	compact bool
	// askKey and askData are the prompt's message (ask), rendered again when compact changes; askShort, if set,
	// is the message's key where the answers do not all fit (askCompact).
	askKey   string
	askShort string
	askData  map[string]any
	// *placeStep is the place step while it is shown, nil otherwise: its tile, spots and highlighted spot
	// (e.tile, e.spots, e.cur), read by the table's zoom and by the tests.
	*placeStep
}

func newEntry(t *table) *entry {
	e := &entry{t: t}
	loc := t.u.loc
	e.prompt = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	e.pic = &tilePic{Box: tview.NewBox()}
	e.top = tview.NewFlex().AddItem(e.prompt, 0, 1, false)
	e.input = tview.NewInputField().SetFieldWidth(0)
	e.tileLine()
	e.legend = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true).
		SetTextColor(tcell.ColorGray)
	e.menu = newMenu()
	e.menu.lang = loc.Lang()
	e.root = tview.NewFlex().SetDirection(tview.FlexRow)
	e.root.SetBorder(true).SetBorderPadding(0, 0, 1, 0)
	e.menu.changed = e.previewChoice
	e.menu.selected = e.pick
	e.menu.keys = e.menuKeys
	e.input.SetInputCapture(e.inputKeys)
	e.input.SetChangedFunc(func(text string) {
		if ty, ok := e.now.(typer); ok {
			ty.typed(text)
		}
	})
	return e
}

// tileLine labels the input line for a tile's edges (the tile step, the board step of a position), after a step
// that read something else on it (the number step).
func (e *entry) tileLine() {
	loc := e.t.u.loc
	e.input.SetLabel(loc.T("ui.tile", nil) + " ")
	e.input.SetPlaceholder(loc.T("ui.tile_placeholder", nil))
}

// typing reports whether the step shown reads the input line.
func (e *entry) typing() bool {
	_, ok := e.now.(typer)
	return ok
}

// layout rebuilds the panel: the prompt (with the tile's picture), the input in a typing step, the step's legend,
// the answers.
//
// A list of answers that would not all fit under the prompt and the legend (six players at 80x24: the figure step,
// the moving-out round) makes the most of the rows, compact: the answers come before the legend, which shows under
// them only if it fits whole (F1 has it too); an answer with a shorter label (choice.short) shows that; the prompt
// names the player by badge and name alone; and the table drops its phase line above the players, which the
// prompt says (table.fit). So too the place step (its places under the prompt, issue 30), the tile step once a
// complete code lists its matches with their digits (under the input line), and the figure and token steps of a
// board as it lies (their legends in F1); not the tile step's list of tiles browsed while typing (the legend of the
// edge code stays), nor the board step of a board as it lies while it reads the input line.
func (e *entry) layout() {
	e.setCompact(e.wantCompact(e.rows))
	e.root.Clear()
	e.top.Clear()
	typing := e.typing()
	beside := e.inputBeside()
	if beside {
		left := tview.NewFlex().SetDirection(tview.FlexRow).AddItem(e.prompt, e.promptLines(), 0, false).
			AddItem(e.input, 1, 0, true).AddItem(tview.NewBox(), 0, 1, false)
		e.top.AddItem(left, 0, 1, true)
	} else {
		e.top.AddItem(e.prompt, 0, 1, false)
	}
	if e.pic.shown() {
		e.top.AddItem(e.pic, tileW+2, 0, false)
	}
	h := e.topLines()
	e.root.AddItem(e.top, h, 0, beside)
	if typing && !beside {
		e.root.AddItem(e.input, 1, 0, true)
	}
	hasLegend := e.legend.GetText(true) != ""
	if e.compact {
		rows := e.rows
		if e.t.compact {
			rows++ // (the phase line the table dropped)
		}
		in := 0
		if typing && !beside {
			in = 1
		}
		m, l := e.menuRows(), e.legendLines()
		switch {
		case hasLegend && h+in+m+l <= rows:
			e.root.AddItem(e.menu, m, 0, true).AddItem(e.legend, l, 0, false)
		case hasLegend && e.placeStep != nil && rows-h-in-l >= minPlaceRows:
			// The places: their keys are on the board too, a few lines of the list do; the legend says how to
			// walk them (issue 30: the place step shows its list, and its legend whole or not at all).
			e.root.AddItem(e.menu, 0, 1, true).AddItem(e.legend, l, 0, false)
		default:
			e.root.AddItem(e.menu, 0, 1, true)
		}
		return
	}
	if hasLegend {
		e.root.AddItem(e.legend, e.legendLines(), 0, false)
	}
	e.root.AddItem(e.menu, 0, 1, !typing)
}

// inputBeside reports whether the input line of a typing step goes beside the tile's picture, under the prompt,
// on a row the picture would leave empty there (the prompt shorter than the picture, the line's label and a code
// fitting beside it): a row more for the tiles listed under it (issue 30, 80x24).
func (e *entry) inputBeside() bool {
	if !e.typing() || !e.pic.shown() || e.promptLines()+1 > tileH {
		return false
	}
	return tview.TaggedStringWidth(e.input.GetLabel())+minCodeCells <= e.width()-(tileW+2)
}

// minCodeCells is the input's cells kept for the code typed beside the picture (four edges and two marks, a digit).
const minCodeCells = 8

// minPlaceRows is the fewest rows of places the place step keeps for its list when its legend shows under it.
const minPlaceRows = 3

// topLines is the rows of the prompt and the tile's picture.
func (e *entry) topLines() int {
	h := e.promptLines()
	if e.pic.shown() && h < tileH {
		h = tileH
	}
	return h
}

// menuRows is the rows every answer takes, wrapped in the panel's width.
func (e *entry) menuRows() int {
	n := 0
	for i := range e.menu.items {
		n += len(e.menu.lines(i, e.width()))
	}
	return n
}

// wantCompact reports whether the answers of a list step would not all fit in rows (the panel's inner rows with
// the table's phase line) under the prompt and the legend, as they read in full (see layout).
func (e *entry) wantCompact(rows int) bool {
	if rows <= 0 || (e.typing() && !e.menuKeyed()) || len(e.menu.items) == 0 {
		return false
	}
	was := e.compact
	e.setCompact(false)
	legend := 0
	if e.legend.GetText(true) != "" {
		legend = e.legendLines()
	}
	if e.typing() && !e.inputBeside() {
		legend++ // (the input line)
	}
	want := e.topLines()+legend+e.menuRows() > rows
	e.setCompact(was)
	return want
}

// menuKeyed reports whether an answer of the list has a key (the tile step's list of matches to a complete code
// has its digits, numberMatches; a list of tiles browsed while typing has none).
func (e *entry) menuKeyed() bool {
	// (the abbey's 0 beside its answer in the list of tiles is no list of matches: step_abbey.go)
	return slices.ContainsFunc(e.menu.items, func(it menuItem) bool { return it.key != "" && it.key != string(abbeyKey) })
}

// setCompact shows the answers' short labels and the prompt's short naming (c), or the full ones.
func (e *entry) setCompact(c bool) {
	if c == e.compact {
		return
	}
	e.compact = c
	for i := range e.menu.items {
		if i < len(e.choices) {
			e.menu.items[i].label = e.choices[i].label
			if c && e.choices[i].short != "" {
				e.menu.items[i].label = e.choices[i].short
			}
		}
	}
	e.joinFolds()
	e.renderPrompt()
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
	if name, _ := e.t.u.pages.GetFrontPage(); name == "tally" {
		return // the game ended with the answer just taken: the final tally has the keys (Esc, F9, scrolling)
	}
	if e.typing() {
		e.t.u.run.SetFocus(e.input)
	} else {
		e.t.u.run.SetFocus(e.menu)
	}
}

// start shows the entry for the pending decision of g.
func (e *entry) start(g *referee.Game) {
	e.g = g
	e.t.board.cursor = nil
	if e.t.u.pos != nil {
		e.startPos()
		return
	}
	e.who = g.Deciding()
	e.pic.t = nil
	switch g.Phase {
	case referee.PhaseTile:
		if g.InAbbeyRound() { // the end-of-game abbey round asks each player in turn (AM-10, step_abbey.go)
			e.enter(newAbbeyStep(e, true))
			break
		}
		e.enter(&tileStep{answers{e}})
	case referee.PhaseFigure:
		e.enter(&figureStep{answers{e}})
	case referee.PhaseMoving:
		e.enter(&movingStep{answers{e}})
	case referee.PhaseCity:
		e.enter(&cityStep{answers{e}})
	case referee.PhaseCount:
		e.enter(&countStep{answers{e}})
	case referee.PhaseMarket:
		e.enter(&marketStep{answers: answers{e}, acts: e.legal()})
	case referee.PhaseWagon:
		e.enter(&wagonStep{answers{e}})
	case referee.PhaseDragon:
		e.enter(&dragonStep{answers{e}}) // step_dragon.go
	default:
		e.enter(&endedStep{answers{e}})
	}
	e.focus()
}

// enter shows step s: its kind, its legend, then what its show puts in the panel.
func (e *entry) enter(s entryStep) {
	e.now, e.step, e.back = s, s.kind(), nil
	e.pic.edges = nil
	e.placeStep, _ = s.(*placeStep)
	if a, ok := s.(*abbeyStep); ok {
		e.placeStep = &a.placeStep // the holes are places (step_abbey.go)
	}
	e.legend.SetText(s.legend())
	e.tellScreen(s) // before show, which may move on at once (screen_table.go)
	s.show()
}

// ask sets the prompt: the player's badge and name, then the question.
func (e *entry) ask(key string, data map[string]any) {
	e.askCompact(key, "", data)
}

// askCompact is ask with a shorter question (the message short) where the answers do not all fit (compact).
func (e *entry) askCompact(key, short string, data map[string]any) {
	e.askKey, e.askShort, e.askData = key, short, data
	e.renderPrompt()
}

// renderPrompt renders the prompt of ask: the player's badge and full name (compact: the badge and the name).
func (e *entry) renderPrompt() {
	if e.askKey == "" {
		return
	}
	d := map[string]any{}
	if e.who >= 0 {
		d["Player"] = e.t.names.who(e.who)
		if e.compact {
			d["Player"] = e.t.names.badge(e.who) + " [::b]" + e.t.names.plain(e.who) + "[::-]"
		}
	}
	for k, v := range e.askData {
		d[k] = v
	}
	key := e.askKey
	if e.compact && e.askShort != "" {
		key = e.askShort
	}
	e.prompt.SetText(e.t.u.loc.T(key, d))
}

// promptLines is the number of rows the prompt needs in the panel's width (at most 6).
func (e *entry) promptLines() int {
	w := e.width()
	if e.pic.shown() {
		w -= tileW + 2
	}
	n := len(tview.WordWrap(e.prompt.GetText(true), max(w, 8)))
	return max(1, min(n, 6))
}

// offer shows the choices and previews the first.
func (e *entry) offer(choices []choice) {
	// No two answers read the same (distinct.go): the words that tell them apart go into the labels kept.
	full, short := e.distinctLabels(choices, false), e.distinctLabels(choices, true)
	for i := range choices {
		choices[i].label = full[i]
		if choices[i].short != "" {
			choices[i].short = short[i]
		}
	}
	e.choices = choices
	labels := make([]string, len(choices))
	muted := make([]bool, len(choices))
	for i, c := range choices {
		labels[i], muted[i] = c.label, c.muted
		if e.compact && c.short != "" {
			labels[i] = c.short
		}
	}
	keys, tkeys := choiceKeys(choices)
	e.targetKeys = tkeys
	e.menu.setKeyed(labels, keys, muted)
	e.joinFolds()
	e.menu.setAliases(tkeys) // the board's key of a feature where only the large follower has an answer
	e.kindLegend(choices)
	off := make([]bool, len(choices))
	for i, c := range choices {
		off[i] = c.why != nil
	}
	e.menu.setOff(off)
	if e.typing() {
		e.menu.noKeys() // the keys type the tile here
	}
	e.t.board.clearPreview()
	e.t.board.fkeys = e.featKeys()
	e.t.board.ckeys = e.cornerKeys()
	if e.placeStep == nil && len(choices) > 0 {
		e.previewChoice(e.menu.current)
	}
	e.layout()
}

// joinFolds draws the answers with a fold (choice.fold) on the line of the answer before them, by their fold's
// words, where the answers do not all fit (compact); else each on lines of its own.
func (e *entry) joinFolds() {
	for i := range e.menu.items {
		if i >= len(e.choices) || i == 0 {
			continue
		}
		c := e.choices[i]
		j := e.compact && c.fold != "" && !c.muted && !e.menu.items[i-1].muted
		if j {
			e.menu.items[i].label = c.fold
		} else if e.menu.items[i].joined {
			e.menu.items[i].label = c.label
			if e.compact && c.short != "" {
				e.menu.items[i].label = c.short
			}
		}
		e.menu.items[i].joined = j
		if e.compact && c.flow && e.choices[i-1].flow && !c.muted && !e.menu.items[i-1].muted {
			e.menu.items[i].joined = true
			if ls, _ := e.menu.wrap(e.menu.head(i), e.width()); len(ls) > 1 {
				e.menu.items[i].joined = false // (no room left on the line: it begins the next)
			}
		}
	}
}

// featKeys are the keys of the answers that name a feature, for the board (boardView.fkeys): one a feature (the
// first answer naming it), none when every answer names the same one (whose figure on it), none in the place step
// (its keys mark cells).
func (e *entry) featKeys() []featKey {
	if e.placeStep != nil || e.typing() {
		return nil
	}
	var out []featKey
	seen, n := map[int32]bool{}, 0
	for i, c := range e.choices {
		if !c.hasSeg || i >= e.menu.count() {
			continue
		}
		if n++; seen[c.seg] {
			continue
		}
		seen[c.seg] = true
		key := e.menu.items[i].key
		if i < len(e.targetKeys) && e.targetKeys[i] != "" {
			key = e.targetKeys[i] // the feature's key: a figure's letter goes before it
		}
		out = append(out, featKey{seg: c.seg, key: key, off: c.why != nil})
	}
	if len(seen) == 1 && n > 1 {
		return nil
	}
	return out
}

// kindLegend adds to the step's legend the key of each figure with a key of its own among the answers ("D then
// the key: the large follower").
func (e *entry) kindLegend(choices []choice) {
	text := e.now.legend()
	seen := map[engine.FigureKind]bool{}
	for i, c := range choices {
		l := kindLetters[c.figure]
		if l == "" || c.muted || seen[c.figure] || i >= len(e.targetKeys) || e.menu.items[i].key == e.targetKeys[i] {
			continue // (no letter in a list without a follower's answer: its target's key, which may begin with D)
		}
		seen[c.figure] = true
		add := e.t.u.loc.T("ui.legend.kind_key", map[string]any{"Key": keyName(e.t.u.loc.Lang(), []rune(l)[0]),
			"Figure": e.t.u.loc.T("term."+c.figure.String(), nil)})
		if text != "" {
			text += " · "
		}
		text += add
	}
	e.legend.SetText(text)
}

// withBase returns choices with, before each answer for a figure of kindLetters whose target has no answer for a
// follower, that follower's answer greyed with the referee's refusal of it (follower: the answer's action naming a
// follower, its label and its short label, choice.short), so that the target's own key is there and says why
// (issue 20: no key moves).
func (e *entry) withBase(choices []choice, follower func(a referee.Action) (referee.Action, string, string)) []choice {
	has := map[string]bool{}
	for _, c := range choices {
		if kindLetters[c.figure] == "" && c.keyGroup() != "" {
			has[c.keyGroup()] = true
		}
	}
	var out []choice
	for _, c := range choices {
		if g := c.keyGroup(); kindLetters[c.figure] != "" && g != "" && !has[g] && c.act != nil {
			has[g] = true
			a, label, short := follower(*c.act)
			if why := e.g.Check(a); why != nil {
				out = append(out, e.refused(choice{label: label, short: short, seg: c.seg, hasSeg: c.hasSeg,
					target: c.target}, why))
			}
		}
		out = append(out, c)
	}
	return out
}

// refused is answer c refused by the referee now (why): greyed, its label followed by the refusal in a few words
// and its short label (choice.short) by the rule alone, so that its key stays and says why.
func (e *entry) refused(c choice, why error) choice {
	c.label += " — " + e.t.u.why(why)
	c.short += " — " + ruleTag(why)
	c.why = why
	return c
}

// ruleTag is the rule of a refusal as a greyed answer's short label ends in it, "[COUNT-15]", escaped for tview (the
// key, or F3, says the rest); "" if it has none.
func ruleTag(why error) string {
	var r *referee.Refusal
	if errors.As(why, &r) && r.Rule != "" {
		return tview.Escape("[" + r.Rule + "]")
	}
	return ""
}

// previewChoice: the menu's highlight moved to answer i.
func (e *entry) previewChoice(i int) {
	if e.now != nil {
		e.now.highlight(i)
	}
}

// pick takes answer i.
func (e *entry) pick(i int) {
	if e.now != nil {
		e.now.choose(i)
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

// menuKeys: any key but a letter or digit after the first key of a key of two forgets it (Esc and Backspace do
// only that); Esc goes back; every other key is the step's first, then the list's.
func (e *entry) menuKeys(ev *tcell.EventKey) *tcell.EventKey {
	if e.menu.pending != "" && ev.Key() != tcell.KeyRune {
		e.menu.forget() // a key of two is typed with its second key, nothing between
		switch ev.Key() {
		case tcell.KeyEscape, tcell.KeyBackspace, tcell.KeyBackspace2:
			return nil
		}
	}
	if ev.Key() == tcell.KeyEscape {
		e.goBack()
		return nil
	}
	if e.now == nil {
		return ev
	}
	return e.now.key(ev)
}

// inputKeys: the keys of the input line, the typing step's first.
func (e *entry) inputKeys(ev *tcell.EventKey) *tcell.EventKey {
	if e.now == nil {
		return ev
	}
	return e.now.key(ev)
}

// boardClick answers a click on board cell p (sub-cell sx, sy of its block; -1 in the compact view): the step's.
func (e *entry) boardClick(p engine.Pos, sx, sy int) {
	if e.now != nil {
		e.now.click(p, sx, sy)
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

// segName is "field north of the road", "city (east)", "monastery": the feature of a segment on its tile, in words
// (featureName).
func (e *entry) segName(seg int32) string { return featureName(e.g, e.t.u.loc, seg, false) }

// segWhere is "field north of the road at 3,0": the feature in words, where its tile lies.
func (e *entry) segWhere(seg int32) string { return featureName(e.g, e.t.u.loc, seg, true) }

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

// onFeatures yields a copy of each of acts with the segment its Target names (refSeg), leaving out those whose
// Target names no feature on the board.
func (e *entry) onFeatures(acts []referee.Action) iter.Seq2[*referee.Action, int32] {
	return func(yield func(*referee.Action, int32) bool) {
		for _, a := range acts {
			if seg, ok := e.refSeg(a.Target); ok && !yield(&a, seg) {
				return
			}
		}
	}
}

// figureWord names the figure: a follower on a field is a farmer, on a shrine a heretic.
func (e *entry) figureWord(kind engine.FigureKind, k engine.Kind) string {
	loc := e.t.u.loc
	switch {
	case kind == engine.Abbot:
		return loc.T("term.abbot", nil)
	case kind == engine.Large: // IC-4: its own word wherever it stands (the table's wording is issue 18's second half)
		return loc.T("term.large", nil)
	case kind == engine.Builder, kind == engine.Pig: // TB-5, TB-12: never a farmer or a follower (TB-6, TB-13)
		return loc.T("term."+kind.String(), nil)
	case kind == engine.Mayor, kind == engine.Wagon, kind == engine.Barn: // AM-11, AM-14, AM-21: their own words
		return loc.T("term."+kind.String(), nil)
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

// legal returns the referee's legal answers to the pending decision, with their colour set.
func (e *entry) legal() []referee.Action { return e.g.Legal().Actions }

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

// tilePic draws one tile in a rotation: the tile the player is entering; or, with no tile, the edges typed so far
// (rasterEdges).
type tilePic struct {
	*tview.Box
	t     *engine.TileType
	rot   int
	edges []engine.Terrain
}

// shown reports whether the picture has something to draw.
func (p *tilePic) shown() bool { return p.t != nil || len(p.edges) > 0 }

func (p *tilePic) Draw(screen tcell.Screen) {
	p.Box.DrawForSubclass(screen, p)
	if !p.shown() {
		return
	}
	x, y, w, h := p.GetInnerRect()
	if w < tileW || h < tileH {
		return
	}
	var blk [tileH][tileW]glyph
	if p.t != nil {
		blk = rasterTile(p.t, p.rot)
	} else {
		blk = rasterEdges(p.edges)
	}
	for yy := 0; yy < tileH; yy++ {
		for xx := 0; xx < tileW; xx++ {
			screen.SetContent(x+1+xx, y+yy, blk[yy][xx].r, nil, glyphStyle(blk[yy][xx], false))
		}
	}
}
