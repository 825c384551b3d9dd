package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rivo/uniseg"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/internal/words"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// Settling questions at the table: F3 explains the last refusal or scoring (and any line of the log) with the full
// text of the rule it cites (locales.RuleText); F2 is a rules browser searchable by rule ID or word
// (locales.SearchRules); F4 shows the tiles left, per type, as pictures; F7 charts the scores over the turns.

// overlay shows p as a full-screen page over the table; Esc (or the key that opened it) closes it and gives the
// focus back. keys, if set, sees the page's keys first.
func (u *ui) overlay(name string, p tview.Primitive, focus tview.Primitive, closeKey tcell.Key,
	keys func(ev *tcell.EventKey) *tcell.EventKey) {
	prev := u.run.GetFocus()
	prevModal := u.modal
	closePage := func() {
		u.pages.RemovePage(name)
		u.modal = prevModal
		if prev != nil {
			u.run.SetFocus(prev)
		}
	}
	box := tview.NewFlex().AddItem(p, 0, 1, true)
	box.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyEscape || (closeKey != 0 && ev.Key() == closeKey) {
			closePage()
			return nil
		}
		if ev.Key() == tcell.KeyF6 {
			closePage()
			u.cycleLanguage()
			return nil
		}
		if keys != nil {
			return keys(ev)
		}
		return ev
	})
	u.modal = name
	u.pages.AddPage(name, box, true, true)
	u.run.SetFocus(focus)
}

// textPage shows root (holding the text view tv, which takes the keys) as the page name over what is on screen;
// Esc, Enter or closeKey close it and give the focus and the modal state back. Unlike overlay, no other key
// (F6) does anything there.
func (u *ui) textPage(name string, root tview.Primitive, tv *tview.TextView, closeKey tcell.Key) {
	prev := u.run.GetFocus()
	prevModal := u.modal
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyEscape || ev.Key() == tcell.KeyEnter || ev.Key() == closeKey {
			u.pages.RemovePage(name)
			u.modal = prevModal
			if prev != nil {
				u.run.SetFocus(prev)
			}
			return nil
		}
		return ev
	})
	u.modal = name
	u.pages.AddPage(name, root, true, true)
	u.run.SetFocus(tv)
}

// ruleText renders the rule cited as id: its title and text in the user's language, or a note that the
// catalogue has no text for it (the ID is still shown).
func (u *ui) ruleText(id string) string {
	r, ok := locales.RuleText(u.loc.Lang(), id)
	if !ok || strings.TrimSpace(r.Text) == "" {
		return "[::b]" + tview.Escape(id) + "[::-]\n" + u.loc.T("ui.no_rule_text", map[string]any{"Rule": id})
	}
	head := "[::b]" + tview.Escape(r.ID)
	if r.Title != "" {
		head += " — " + tview.Escape(r.Title)
	}
	return head + "[::-]\n" + tview.Escape(r.Text)
}

// explained is one thing F3 can explain: what happened and the rule.
type explained struct {
	label   string // a line of the list
	text    string // what happened, in full
	rule    string
	also    []string // the rules it also applied, their texts after the rule's (the large follower's weight, IC-5)
	scoring bool
}

// largeWeightRule is the rule by which a large follower counts 2 in a majority (IC-5).
const largeWeightRule = "IC-5"

// fairyBonusRule is the rule by which the fairy's follower's owner scores 3 points with its feature (PD-18).
const fairyBonusRule = "PD-18"

// explainItems lists the last refusal (first if it came after the last event), then the log, newest first: the
// scorings before the other events of the same turn. In the entry of a position, the last refusal only (a greyed
// answer's reason included): the position's game has no turn yet to explain.
func (u *ui) explainItems() []explained {
	t := u.table
	g := t.view()
	var out []explained
	var refusal *explained
	if t.lastErr != nil {
		var r *referee.Refusal
		rule := ""
		if errors.As(t.lastErr, &r) {
			rule = r.Rule
		}
		msg := u.describe(t.lastErr)
		refusal = &explained{label: "[red]" + tview.Escape(u.loc.T("ui.refused", nil)+" "+msg) + "[-]",
			text: "[red]" + tview.Escape(msg) + "[-]", rule: rule}
	}
	if refusal != nil && (t.lastErrAt >= len(g.Events) || u.pos != nil) {
		out = append(out, *refusal)
		refusal = nil
	}
	if u.pos != nil {
		return out // the entry of a position: its refusals; the game's turns have not begun
	}
	for i := len(g.Events) - 1; i >= 0 && len(out) < 300; i-- {
		e := g.Events[i]
		if e.Key == "ev.turn" && i != len(g.Events)-1 {
			continue
		}
		if refusal != nil && i < t.lastErrAt {
			out = append(out, *refusal)
			refusal = nil
		}
		text := t.eventText(g, e, false)
		var also []string
		more, amAlso, large := u.amExplain(g, e) // Abbey & Mayor: barns, mayors, wagons (explain_am.go)
		if e.Score != nil {
			text += "\n" + u.scoreDetailWith(g, e.Score, large)
			if e.Score.Strength != e.Score.Figures && e.Rule != largeWeightRule && large {
				also = append(also, largeWeightRule) // a large follower weighed 2 in it (issue 30)
			}
			if e.Score.Fairy > 0 && e.Rule != fairyBonusRule {
				also = append(also, fairyBonusRule) // the fairy's 3 points in it (PD-18)
			}
		}
		for _, m := range more {
			text += "\n" + m
		}
		also = append(also, amAlso...)
		out = append(out, explained{label: "[gray]" + tview.Escape("["+e.Rule+"]") + "[-] " + tview.Escape(text),
			text: tview.Escape(text), rule: e.Rule, also: also, scoring: e.Score != nil})
	}
	if refusal != nil {
		out = append(out, *refusal)
	}
	return out
}

// scoreDetail is the arithmetic of a scoring: the feature, the points, its size, pennants or cities, and the
// figures that decided it.
func (u *ui) scoreDetail(g *referee.Game, sc *engine.Score) string {
	return u.scoreDetailWith(g, sc, true)
}

// scoreDetailWith is scoreDetail; large: a large follower may be among the figures (else a strength that differs
// from the figures is a mayor's, AM-12, which amExplain says).
func (u *ui) scoreDetailWith(g *referee.Game, sc *engine.Score, large bool) string {
	loc := u.loc
	if sc.Cat == engine.CatFairy && sc.Feature >= 0 && int(sc.Feature) < g.S.SegCount() { // PD-17: whose, where
		for p := 0; p < g.Players(); p++ {
			if sc.Owners&(1<<p) != 0 {
				return loc.T("ui.detail.fairy_turn", map[string]any{"Player": g.Name(p),
					"Feature": featureName(g, loc, sc.Feature, true), "Points": sc.Points})
			}
		}
	}
	head := loc.T("cat."+sc.Cat.String(), nil)
	if sc.Feature >= 0 && int(sc.Feature) < g.S.SegCount() {
		head = featureName(g, loc, sc.Feature, true)
	}
	parts := []string{loc.T("ui.detail.points", map[string]any{"Points": loc.N("plural.points", sc.Points, nil)})}
	if w := ruleWords(loc, sc.Rule, sc.Cat.String()); w != "" {
		parts = append([]string{w}, parts...) // a road with an inn, a city with a cathedral (IC-7, IC-8, IC-9)
	}
	if sc.Size > 0 {
		parts = append(parts, loc.T("ui.detail.size", map[string]any{"Size": sc.Size}))
	}
	if sc.Pennants > 0 {
		parts = append(parts, loc.T("ui.detail.pennants", map[string]any{"Pennants": sc.Pennants}))
	}
	switch {
	case sc.Cat == engine.CatGoods: // TB-4: the kind and the most tokens held
		parts = append(parts, loc.T("ui.detail.goods", map[string]any{"Goods": loc.T("term.goods."+sc.Goods.String(), nil),
			"Count": sc.Cities}))
	case sc.Cities > 0:
		parts = append(parts, loc.T("ui.detail.cities", map[string]any{"Cities": sc.Cities}))
	}
	parts = append(parts, words.Bonuses(g, loc, sc)...) // the pig's and the pig herd's (TB-14, COMBO-12)
	if sc.Fairy > 0 && int(sc.Fairy) <= g.Players() {   // the fairy's 3 points (PD-18)
		parts = append(parts, loc.T("ui.detail.fairy", map[string]any{"Player": g.Name(int(sc.Fairy) - 1),
			"Points": engine.FairyBonus}))
	}
	var figs []string
	for p := 0; p < g.Players(); p++ {
		if sc.Figures[p] > 0 {
			f := fmt.Sprintf("%s %d", g.Name(p), sc.Figures[p])
			if sc.Strength[p] != sc.Figures[p] { // a large follower among them (DEF-11)
				key := "ui.detail.strength"
				if !large {
					key = "ui.detail.am.strength" // a mayor's (explain_am.go)
				}
				f += " (" + loc.T(key, map[string]any{"Strength": sc.Strength[p]}) + ")"
			}
			figs = append(figs, f)
		}
	}
	if len(figs) > 0 {
		parts = append(parts, loc.T("ui.detail.figures", map[string]any{"Figures": strings.Join(figs, ", ")}))
	}
	return head + ": " + strings.Join(parts, "; ")
}

// ruleWords says in words what a scoring rule of Inns & Cathedrals made of a feature of category cat ("road",
// "city"): a road with an inn (IC-7), a city with a cathedral (IC-8), either incomplete at the end (IC-9), Road
// Sweeper on an inn road (COMBO-22); "" for any other rule. The cathedral of a city, never the cathedral quarter.
func ruleWords(loc translator, rule, cat string) string {
	key := "ui.rule." + rule
	switch rule {
	case "IC-7", "IC-8", "COMBO-22":
	case "IC-9":
		key += "." + cat
	default:
		return ""
	}
	if w := loc.T(key, nil); w != key {
		return w
	}
	return ""
}

// showExplain is F3: the list of what can be explained, the highlighted one in full with its rule's text.
func (u *ui) showExplain() {
	if u.table == nil {
		return
	}
	items := u.explainItems()
	loc := u.loc
	list := newMenu()
	labels := make([]string, len(items))
	for i, it := range items {
		labels[i] = it.label
	}
	list.set(labels, nil)
	list.noKeys()
	list.SetBorder(true).SetTitle(" " + loc.T("ui.explain.title", nil) + " ").SetTitleAlign(tview.AlignLeft)
	text := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	text.SetBorder(true).SetBorderPadding(0, 0, 1, 1)
	show := func(i int) {
		if i < 0 || i >= len(items) {
			text.SetText(loc.T("ui.explain.none", nil))
			return
		}
		it := items[i]
		body := it.text
		if it.rule != "" {
			body += "\n\n" + u.ruleText(it.rule)
		}
		for _, r := range it.also {
			body += "\n\n" + u.ruleText(r)
		}
		text.SetText(body).ScrollToBeginning()
	}
	list.changed = show
	list.selected = func(i int) { u.run.SetFocus(text) }
	// The newest refusal or scoring first in view (the list is newest first).
	for i, it := range items {
		if it.scoring || strings.HasPrefix(it.label, "[red]") {
			list.current = i
			break
		}
	}
	show(list.current)
	keys := tview.NewTextView().SetTextColor(tcell.ColorGray).SetText(loc.T("ui.explain.keys", nil))
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(list, 9, 0, true).
		AddItem(text, 0, 1, false).
		AddItem(keys, 1, 0, false)
	u.overlay("explain", root, list, tcell.KeyF3, func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyPgDn, tcell.KeyPgUp:
			text.InputHandler()(ev, nil)
			return nil
		case tcell.KeyTab, tcell.KeyBacktab:
			if list.HasFocus() {
				u.run.SetFocus(text)
			} else {
				u.run.SetFocus(list)
			}
			return nil
		case tcell.KeyF2:
			if list.current >= 0 && list.current < len(items) {
				u.showRules(items[list.current].rule)
			}
			return nil
		}
		return ev
	})
}

// showRules is F2: the rules browser. Typing searches the rule IDs, titles and texts in the user's language
// (locales.SearchRules); ↑↓ choose a rule, its text shows beside the list; PgUp/PgDn scroll it.
func (u *ui) showRules(query string) {
	loc := u.loc
	if base, _, ok := strings.Cut(query, "("); ok {
		query = base
	}
	in := tview.NewInputField().SetLabel(loc.T("ui.rules.search", nil) + " ").SetText(query)
	list := newMenu()
	list.SetBorder(true)
	text := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	text.SetBorder(true).SetBorderPadding(0, 0, 1, 1)
	var found []locales.Rule
	show := func(i int) {
		if i < 0 || i >= len(found) {
			text.SetText(loc.T("ui.rules.none", nil))
			return
		}
		text.SetText(u.ruleText(found[i].ID)).ScrollToBeginning()
	}
	search := func(q string) {
		found = locales.SearchRules(loc.Lang(), q)
		labels := make([]string, len(found))
		for i, r := range found {
			labels[i] = "[yellow]" + tview.Escape(r.ID) + "[-] " + tview.Escape(r.Title)
		}
		list.set(labels, nil)
		list.noKeys()
		// An exact ID first.
		for i, r := range found {
			if strings.EqualFold(r.ID, strings.TrimSpace(q)) {
				list.current = i
			}
		}
		list.SetTitle(" " + loc.T("ui.rules.found", map[string]any{"Count": len(found)}) + " ")
		show(list.current)
	}
	in.SetChangedFunc(search)
	list.changed = show
	search(query)
	body := tview.NewFlex().AddItem(list, 30, 0, false).AddItem(text, 0, 1, false)
	keys := tview.NewTextView().SetTextColor(tcell.ColorGray).SetText(loc.T("ui.rules.keys", nil))
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(in, 1, 0, true).
		AddItem(body, 0, 1, false).
		AddItem(keys, 1, 0, false)
	u.pages.RemovePage("rules")
	u.overlay("rules", root, in, tcell.KeyF2, func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyUp, tcell.KeyDown:
			list.handleKey(ev)
			return nil
		case tcell.KeyPgDn, tcell.KeyPgUp:
			text.InputHandler()(ev, nil)
			return nil
		}
		return ev
	})
}

// gallery shows tiles as pictures with a label under each, in rows; arrows move, Enter or a click chooses.
type gallery struct {
	*tview.Box
	items    []galleryItem
	current  int
	top      int // first row drawn
	selected func(i int)
	changed  func(i int)
}

type galleryItem struct {
	t     *engine.TileType
	label string
	dim   bool
}

const galW, galH = 11, 5 // a picture's cell at least: the tile, its label, a gap

// cellW is the width of a picture's cell: galW, or wider so that the longest label ("FCFCG×12") is read
// whole, its count included.
func (gl *gallery) cellW() int {
	w := galW
	for _, it := range gl.items {
		w = max(w, uniseg.StringWidth(it.label)+1)
	}
	return w
}

func (gl *gallery) perRow() int {
	_, _, w, _ := gl.GetInnerRect()
	return max(1, w/gl.cellW())
}

func (gl *gallery) Draw(screen tcell.Screen) {
	gl.Box.DrawForSubclass(screen, gl)
	x, y, _, h := gl.GetInnerRect()
	n := gl.perRow()
	rows := max(1, h/galH)
	row := gl.current / n
	if row < gl.top {
		gl.top = row
	}
	if row >= gl.top+rows {
		gl.top = row - rows + 1
	}
	w := gl.cellW()
	for i := gl.top * n; i < len(gl.items) && i < (gl.top+rows)*n; i++ {
		it := gl.items[i]
		cx, cy := x+(i%n)*w, y+(i/n-gl.top)*galH
		blk := rasterTile(it.t, 0)
		for yy := 0; yy < tileH; yy++ {
			for xx := 0; xx < tileW; xx++ {
				st := glyphStyle(blk[yy][xx], false)
				if i == gl.current {
					st = st.Reverse(true)
				}
				screen.SetContent(cx+1+xx, cy+yy, blk[yy][xx].r, nil, st)
			}
		}
		st := tcell.StyleDefault
		if it.dim {
			st = st.Foreground(tcell.ColorGray)
		}
		if i == gl.current {
			st = st.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack)
		}
		putStr(screen, cx, cy+tileH, w-1, it.label, st)
	}
}

func (gl *gallery) move(d int) {
	i := gl.current + d
	if i >= 0 && i < len(gl.items) {
		gl.current = i
		if gl.changed != nil {
			gl.changed(i)
		}
	}
}

func (gl *gallery) InputHandler() func(event *tcell.EventKey, setFocus func(p tview.Primitive)) {
	return gl.WrapInputHandler(func(ev *tcell.EventKey, _ func(p tview.Primitive)) {
		switch ev.Key() {
		case tcell.KeyLeft:
			gl.move(-1)
		case tcell.KeyRight:
			gl.move(1)
		case tcell.KeyUp:
			gl.move(-gl.perRow())
		case tcell.KeyDown:
			gl.move(gl.perRow())
		case tcell.KeyEnter:
			if gl.selected != nil && gl.current < len(gl.items) {
				gl.selected(gl.current)
			}
		}
	})
}

func (gl *gallery) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
	return gl.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
		mx, my := event.Position()
		if !gl.InRect(mx, my) {
			return false, nil
		}
		x, y, _, _ := gl.GetInnerRect()
		switch action {
		case tview.MouseLeftClick:
			setFocus(gl)
			i := (gl.top+(my-y)/galH)*gl.perRow() + (mx-x)/gl.cellW()
			if mx >= x && my >= y && (mx-x)/gl.cellW() < gl.perRow() && i < len(gl.items) {
				gl.current = i
				if gl.selected != nil {
					gl.selected(i)
				}
			}
			return true, nil
		case tview.MouseScrollUp:
			gl.move(-gl.perRow())
			return true, nil
		case tview.MouseScrollDown:
			gl.move(gl.perRow())
			return true, nil
		}
		return false, nil
	})
}

// showTiles is F4: the tiles left in the stacks, per type, as pictures with their edges and count; the highlighted
// one named in words under them (tileName), with its id and the rule book's letter; in the tile step a tile that
// can be drawn now is chosen with Enter or a click.
func (u *ui) showTiles() {
	t := u.table
	if t == nil {
		return
	}
	g := t.view()
	loc := u.loc
	gl := &gallery{Box: tview.NewBox()}
	drawable := map[*engine.TileType]bool{}
	for _, tt := range g.Bag.Drawable(g.Cat) {
		drawable[tt] = true
	}
	total := 0
	for _, tt := range g.Cat.Types {
		n := g.Bag.Left(tt)
		if n == 0 || tt.Piece != nil {
			continue
		}
		total += n
		gl.items = append(gl.items, galleryItem{t: tt, label: fmt.Sprintf("%s×%d", codeOf(tt, 0), n), dim: !drawable[tt]})
	}
	gl.SetBorder(true).SetTitle(" " + loc.T("ui.tiles.title", map[string]any{"Count": total}) + " ").
		SetTitleAlign(tview.AlignLeft)
	info := tview.NewTextView().SetDynamicColors(true)
	show := func(i int) {
		if i < 0 || i >= len(gl.items) {
			return
		}
		it := gl.items[i]
		s := "[::b]" + tview.Escape(tileName(loc, it.t, 0)) + "[::-]  " +
			loc.N("plural.tiles", g.Bag.Left(it.t), nil) + " " + loc.T("ui.left", nil)
		letters := strings.Join(it.t.Aliases, " ") // the rule book's letter (the record's id never reaches a player)
		info.SetText(s + "  [gray]" + tview.Escape(letters) + "[-]")
	}
	gl.changed = show
	show(0)
	gl.selected = func(i int) {
		it := gl.items[i]
		if t.entry.step != stepTile || !drawable[it.t] {
			return
		}
		u.pages.RemovePage("tiles")
		u.modal = ""
		t.entry.placeTile(it.t, []int{0, 1, 2, 3})
		t.entry.focus()
	}
	keysKey := "ui.tiles.keys"
	if u.pos != nil {
		keysKey = "ui.tiles.keys_pos" // a board as it lies: no tile is drawn here (issue 30)
	}
	keys := tview.NewTextView().SetTextColor(tcell.ColorGray).SetText(loc.T(keysKey, nil))
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(gl, 0, 1, true).
		AddItem(info, 1, 0, false).
		AddItem(keys, 1, 0, false)
	u.overlay("tiles", root, gl, tcell.KeyF4, nil)
}

// chart draws each player's score before the first turn (Game.StartScores: a position's score track, POS-7; 0
// otherwise) and after each turn (Game.History): the player's letter in the player's colour, the turns along, the
// points up. At turn 0 the points the game began with stand in the first column. A chart given less than
// chartMinWidth columns (the tally of six players at 80 columns leaves it 5) is blank, without its frame: a title
// cut to "Т…" and an empty box tell a player nothing.
type chart struct {
	*tview.Box
	g     *referee.Game
	names *names
}

// chartMinWidth is the narrowest chart drawn, frame included: its title's first word and a few turns.
const chartMinWidth = 16

func (c *chart) Draw(screen tcell.Screen) {
	if x, y, w, h := c.GetRect(); w < chartMinWidth { // blank, so that the screen below does not show through
		for yy := y; yy < y+h; yy++ {
			for xx := x; xx < x+w; xx++ {
				screen.SetContent(xx, yy, ' ', nil, tcell.StyleDefault.Background(tview.Styles.PrimitiveBackgroundColor))
			}
		}
		return
	}
	c.Box.DrawForSubclass(screen, c)
	x, y, w, h := c.GetInnerRect()
	hist := append([][engine.MaxPlayers]int{c.g.StartScores()}, c.g.History...)
	if w < 8 || h < 3 {
		return
	}
	top := 1
	for _, row := range hist {
		for p := 0; p < c.g.Players(); p++ {
			top = max(top, row[p])
		}
	}
	label := fmt.Sprint(top)
	lw := len(label) + 1
	axis := tcell.StyleDefault.Foreground(tcell.ColorGray)
	putStr(screen, x, y, lw, label, axis)
	putStr(screen, x+lw-2, y+h-1, 2, "0", axis)
	for yy := 0; yy < h; yy++ {
		screen.SetContent(x+lw, y+yy, '│', nil, axis)
	}
	pw := w - lw - 1
	if pw < 2 {
		return
	}
	for col := 0; col < pw; col++ {
		i := col * (len(hist) - 1) / max(1, pw-1)
		if len(hist) == 1 && col > 0 {
			break // turn 0: the starting points, one column
		}
		for p := 0; p < c.g.Players(); p++ {
			v := hist[i][p]
			row := h - 1 - v*(h-1)/top
			screen.SetContent(x+lw+1+col, y+row, c.names.markers[p], nil, colourStyle(c.g.Colour(p)))
		}
	}
}

// showChart is F7: the scores over the turns.
func (u *ui) showChart(g *referee.Game) {
	ch := &chart{Box: tview.NewBox(), g: g, names: newNames(g, u.loc)}
	ch.SetBorder(true).SetTitle(" " + u.loc.T("ui.chart", map[string]any{"Turns": len(g.History)}) + " ").
		SetTitleAlign(tview.AlignLeft)
	u.overlay("chart", ch, ch, tcell.KeyF7, nil)
}
