package tui

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// Issue 6: every screen, in every language, at 80x24 (the smallest supported screen), shows its texts whole. The
// tour below visits the screens; at each one the fixed texts the screen is built from (titles, prompts, answers,
// legends, column headings, key lines: rendered from the localizer keys with the data the view gives them) must be
// on the screen whole, word wrap allowed; no line of a box may end in a cut word at the box's right border or at the
// screen's edge; and nothing may be shortened with tview's "…".

// visit is called at each screen of the tour with the fixed texts of the screen.
type visit func(h *harness, what string, fixed []string)

// scrolls marks a fixed text (its first byte) that is longer than its view and scrolls in it (the help, a rule's
// text): the paragraphs in view must be whole, the last one may go on below.
const scrolls = "\x00"

// tourScreens shows every screen of the table in lang at 80x24 and calls v at each: the set-up form, the City, the
// Count, the tile step, the places, a figure, F1 help, F2 rules, F3 why, F4 tiles, F7 chart, F8 now, and the final
// tally. Call inside synctest.Test.
func tourScreens(t *testing.T, lang string, v visit) {
	t.Helper()
	o := testOptions(t, lang)
	h := start(t, o)
	loc := h.u.loc
	f := h.u.setup
	setup := []string{"karkason — " + loc.T("ui.setup.title", nil), loc.T("ui.setup.players", nil),
		loc.T("ui.setup.expansions", nil), loc.T("ui.setup.followers", nil) + " 7", loc.T("ui.setup.seating", nil),
		loc.T("ui.setup.start", nil) + " ◀ " + f.startOptions()[0] + " ▶", loc.T("ui.setup.begin", nil),
		loc.T("ui.setup.saved", nil), loc.T("ui.quit", nil), loc.T("ui.setup.keys", nil),
		loc.T("ui.setup.as_it_lies", nil)}
	for i, c := range referee.Colours() {
		setup = append(setup, fmt.Sprintf("%d. %s", i+1, loc.T("ui.setup.name", nil)), "◀ "+loc.T("colour."+string(c), nil)+" ▶")
	}
	for i, e := range referee.Expansions() {
		box := "[ ] "
		if f.v.exps[i] {
			box = "[X] "
		}
		setup = append(setup, box+loc.T("ui.exp."+e, nil))
	}
	v(h, "set-up", setup)
	// Each start choice (CFG-4), on the cycler: Up from the first name goes round to it (past the four buttons).
	h.keys(tcell.KeyUp, tcell.KeyUp, tcell.KeyUp, tcell.KeyUp, tcell.KeyUp)
	if h.u.run.GetFocus() != f.start {
		t.Fatalf("%s: five times Up from the first name: focus on %T, want the start", lang, h.u.run.GetFocus())
	}
	for k := 1; k < len(startValues); k++ {
		h.key(tcell.KeyRight)
		v(h, "set-up, start "+startValues[k], []string{loc.T("ui.setup.start", nil) + " ◀ " + f.startOptions()[k] + " ▶"})
	}
	h.stop()

	o = testOptions(t, lang)
	o.Resume = true
	o.File = writeRecord(t, o.Config.DataDir, "city.rec", cityOffer)
	h = start(t, o)
	defer h.stop()
	// table is what every table screen shows, with the prompt of the step (key and data; the player added).
	table := func(ask string, data map[string]any, more ...string) []string {
		tb := h.u.table
		g := tb.view()
		d := map[string]any{"Player": tb.names.who(tb.entry.who)}
		if tb.entry.compact { // the answers first (entry.layout): the player by badge and name, no phase line
			d["Player"] = tb.names.badge(tb.entry.who) + " [::b]" + tb.names.plain(tb.entry.who) + "[::-]"
		}
		for k, x := range data {
			d[k] = x
		}
		left := g.Bag.LandLeft() + g.Bag.RiverLeft()
		out := []string{loc.T("ui.board", nil), loc.T("ui.log", nil), loc.T(tb.keysKey(g), nil),
			loc.T("ui.turn", map[string]any{"Turn": g.TurnNo}) + " · " + loc.N("plural.tiles", left, nil) + " " +
				loc.T("ui.left", nil) + " (F4)",
			loc.T("ui.col.points", nil), loc.T("ui.col.supply", nil), loc.T(ask, d)}
		if !tb.compact {
			out = append(out, loc.T("ui.phase."+g.Phase.String(), nil))
		}
		if tb.entry.compact && len(more) > 0 && !laidOut(tb.entry.root, tb.entry.legend) {
			more = more[:len(more)-1] // the legend, where it does not fit under the answers (F1 has it)
		}
		if g.S.City.Active {
			out = append(out, loc.T("ui.city", map[string]any{"Quarter": loc.T("term.quarter."+g.S.City.Count.String(), nil)}))
		}
		return append(out, more...)
	}
	v(h, "City", table("ui.ask.city", nil))
	h.chooseItem(0)
	v(h, "Count", table("ui.ask.count", nil))
	h.chooseItem(0)
	v(h, "tile", table("ui.ask.tile", nil, loc.T("ui.tile", nil)+" "+loc.T("ui.tile_placeholder", nil),
		loc.T("ui.edge_legend", nil)))
	h.typeText("ffffm")
	v(h, "places", table("ui.ask.place", map[string]any{"Tile": tileName(loc, h.u.cat.Tile("b-m"), 0)},
		loc.T("ui.legend.place", nil)))
	h.chooseItem(0)
	v(h, "figure", table("ui.ask.figure", map[string]any{"Tile": tileName(loc, h.u.cat.Tile("b-m"), 0)},
		loc.T("ui.legend.figure_next", nil)))

	u := h.u
	g := u.table.view()
	h.key(tcell.KeyF1)
	v(h, "F1", []string{loc.T("ui.help_title", nil), scrolls + loc.T("ui.web.help", nil) + "\n\n" + loc.T("ui.help", nil) +
		"\n\n" + loc.T("ui.help.places", nil) + "\n\n" + loc.T("ui.figlist.help", nil)})
	h.key(tcell.KeyEscape)

	h.key(tcell.KeyF2)
	rules := locales.SearchRules(lang, "")
	v(h, "F2", []string{loc.T("ui.rules.search", nil), loc.T("ui.rules.found", map[string]any{"Count": len(rules)}),
		loc.T("ui.rules.keys", nil), scrolls + u.ruleText(rules[0].ID)})
	h.key(tcell.KeyEscape)

	h.key(tcell.KeyF3)
	items := u.explainItems()
	cur := 0
	for i, it := range items {
		if it.scoring || strings.HasPrefix(it.label, "[red]") {
			cur = i
			break
		}
	}
	v(h, "F3", []string{loc.T("ui.explain.title", nil), loc.T("ui.explain.keys", nil),
		scrolls + items[cur].text + "\n\n" + u.ruleText(items[cur].rule)})
	h.key(tcell.KeyEscape)

	h.key(tcell.KeyF4)
	total, first := 0, (*engine.TileType)(nil)
	for _, tt := range g.Cat.Types {
		if n := g.Bag.Left(tt); n > 0 && tt.Piece == nil {
			total += n
			if first == nil {
				first = tt
			}
		}
	}
	info := tileName(loc, first, 0) + "  " + loc.N("plural.tiles", g.Bag.Left(first), nil) + " " +
		loc.T("ui.left", nil) + "  " + strings.Join(first.Aliases, " ") // (the rule book's letter; never the id, issue 30)
	v(h, "F4", []string{loc.T("ui.tiles.title", map[string]any{"Count": total}), loc.T("ui.tiles.keys", nil), info})
	h.key(tcell.KeyEscape)

	h.key(tcell.KeyF7)
	v(h, "F7", []string{loc.T("ui.chart", map[string]any{"Turns": len(g.History)})})
	h.key(tcell.KeyEscape)

	h.u.aidsOn = true // F8 is an aid: shown with the aids on
	h.key(tcell.KeyF8)
	v(h, "F8", tallyTexts(u, g.Final(), false))
	h.key(tcell.KeyEscape)
	h.u.aidsOn = false

	h.key(tcell.KeyF10)
	h.key(tcell.KeyEnter) // "End the game"
	if g := u.sess.Game; g.Phase != referee.PhaseEnded {
		t.Fatalf("%s: phase %v after F10 Enter", lang, g.Phase)
	}
	v(h, "final tally", tallyTexts(u, u.sess.Game, true))
}

// tallyTexts are the fixed texts of the tally of g: its title, the categories scored, the total, the players, the
// chart's and the list's titles, the key line; at the end the winners (BASE-16, END-9).
func tallyTexts(u *ui, g *referee.Game, final bool) []string {
	loc := u.loc
	out := []string{loc.T("ui.tally.scorings", nil), loc.T("ui.total", nil),
		loc.T("ui.chart", map[string]any{"Turns": len(g.History)})}
	if final {
		out = append(out, loc.T("ui.tally.final", nil), loc.T("ui.tally.keys_final", nil), winnersLine(loc, g))
	} else {
		out = append(out, loc.T("ui.tally.now", nil), loc.T("ui.tally.keys", nil))
	}
	sums, _, _ := tallyOf(g)
	for _, c := range tallyCats {
		if _, ok := sums[c]; ok {
			out = append(out, loc.T("ui.cat."+c.String(), nil))
		}
	}
	for p := 0; p < g.Players(); p++ {
		out = append(out, g.Name(p))
	}
	return out
}

// plainText is s without its tview tags, as the screen shows it.
func plainText(s string) string {
	return tview.NewTextView().SetDynamicColors(true).SetText(s).GetText(true)
}

// squash collapses runs of white space to one space; box lines count as white space (areaText reads them so).
func squash(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || boxRune(r) }), " ")
}

// boxRune reports whether r draws a box (U+2500..U+257F): borders, and roads in the tile pictures.
func boxRune(r rune) bool { return r >= 0x2500 && r <= 0x257F }

// cells returns the screen drawn now as rows of runes, one a cell.
func (h *harness) cells() [][]rune {
	h.text()
	cells, w, ht := h.screen.GetContents()
	rows := make([][]rune, ht)
	for y := range rows {
		rows[y] = make([]rune, w)
		for x := range rows[y] {
			rows[y][x] = ' '
			if c := cells[y*w+x]; len(c.Runes) > 0 {
				rows[y][x] = c.Runes[0]
			}
		}
	}
	return rows
}

// areaText is the text shown in the rectangle x, y, w, h, read row by row: box lines are blanks, a row ending in a
// hyphen runs on into the next (word wrap breaks "b-m" after the hyphen), white space squashed.
func areaText(rows [][]rune, x, y, w, h int) string {
	var b strings.Builder
	for yy := max(y, 0); yy < min(y+h, len(rows)); yy++ {
		line := make([]rune, 0, w)
		for xx := max(x, 0); xx < min(x+w, len(rows[yy])); xx++ {
			r := rows[yy][xx]
			if boxRune(r) || r == '▲' || r == '▼' { // (the markers of more text, on a border)
				r = ' '
			}
			line = append(line, r)
		}
		s := strings.TrimSpace(string(line))
		if s == "" {
			continue
		}
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return squash(b.String())
}

// walk calls f on p and on everything p holds (flexes, frames, the pages shown).
func walk(p tview.Primitive, f func(tview.Primitive)) {
	f(p)
	switch q := p.(type) {
	case *tview.Flex:
		for i := 0; i < q.GetItemCount(); i++ {
			walk(q.GetItem(i), f)
		}
	case *tview.Frame:
		walk(q.GetPrimitive(), f)
	case *tview.Pages:
		for _, name := range q.GetPageNames(true) {
			walk(q.GetPage(name), f)
		}
	}
}

// area is the text one widget of the screen shows (its border and title included).
type area struct {
	p    tview.Primitive
	text string
}

// areas returns the texts of the widgets of the page in front.
func (h *harness) areas(rows [][]rune) []area {
	_, front := h.u.pages.GetFrontPage()
	var out []area
	walk(front, func(p tview.Primitive) {
		x, y, w, ht := p.GetRect()
		out = append(out, area{p, areaText(rows, x, y, w, ht)})
	})
	return out
}

// startShown reports whether text ends with the first words of par (its other words are below, out of view).
func startShown(text, par string) bool {
	w := strings.Fields(par)
	for k := len(w) - 1; k >= 1; k-- {
		if strings.HasSuffix(text, strings.Join(w[:k], " ")) {
			return true
		}
	}
	return false
}

// cutOff returns what of the fixed texts the screen does not show whole (each text in the area of one widget, word
// wrap allowed; a text longer than its scrolling view only as far as the view reaches, paragraph by paragraph, and
// the answers of every menu that are in view), the words cut at a box's right border or at the screen's edge (a
// word ending there that is not a whole word of vocab), and tview's "…" (a text shortened to fit).
func (h *harness) cutOff(fixed []string, vocab map[string]bool) []string {
	rows := h.cells()
	as := h.areas(rows)
	var bad []string
	in := func(s string, within []area) bool {
		for _, a := range within {
			if strings.Contains(a.text, s) {
				return true
			}
		}
		return false
	}
	for _, text := range fixed {
		scrolling := strings.HasPrefix(text, scrolls)
		s := plainText(strings.TrimPrefix(text, scrolls))
		var view *area
		for i := range as {
			if tv, ok := as[i].p.(*tview.TextView); ok && tv.GetText(true) == s {
				view = &as[i]
				break
			}
			if sm, ok := as[i].p.(*scrollMarked); ok && sm.GetText(true) == s { // (F1: a text marked where more is)
				view = &as[i]
				break
			}
		}
		if view == nil || !scrolling {
			if !in(squash(s), as) {
				bad = append(bad, fmt.Sprintf("not whole: %q", s))
			}
			continue
		}
		// The paragraphs in view, from the top (these views are not scrolled).
		last := ""
		for _, par := range strings.Split(s, "\n") {
			par = squash(par)
			if par == "" {
				continue
			}
			if strings.Contains(view.text, par) {
				last = par
				continue
			}
			if startShown(view.text, par) || (last != "" && strings.HasSuffix(view.text, last)) {
				break // the rest is below, out of view
			}
			bad = append(bad, fmt.Sprintf("not whole: %q", par))
			break
		}
	}
	// The answers in view: every item drawn whole.
	for _, a := range as {
		m, ok := a.p.(*menu)
		if !ok {
			continue
		}
		_, _, w, ht := m.GetInnerRect()
		row := 0
		for i := m.offset; i < len(m.items); i++ {
			row += len(m.lines(i, w))
			if row > ht {
				break
			}
			if l := squash(plainText(m.items[i].label)); !strings.Contains(a.text, l) {
				bad = append(bad, fmt.Sprintf("answer not whole: %q", l))
			}
		}
	}
	return append(bad, cutWords(rows, vocab)...)
}

// cutWords finds on the screen's rows the words cut at a box's right border ("│", "║") or at the screen's edge: a
// word ending there that is not a whole word of vocab (a run of one letter of vocab is a line of the chart); and
// tview's "…", a text shortened to fit.
func cutWords(rows [][]rune, vocab map[string]bool) []string {
	var bad []string
	for y, row := range rows {
		for x, r := range row {
			if r == '…' {
				bad = append(bad, fmt.Sprintf("row %d: shortened with …: %q", y+1, strings.TrimSpace(string(row))))
			}
			if !unicode.IsLetter(r) || (x+1 < len(row) && row[x+1] != '│' && row[x+1] != '║') {
				continue
			}
			from := x
			for from > 0 && unicode.IsLetter(row[from-1]) {
				from--
			}
			// A run of one player's letter is a line of the chart, not a word.
			if word := string(row[from : x+1]); !vocab[word] &&
				!(vocab[string(r)] && strings.Trim(word, string(r)) == "") {
				bad = append(bad, fmt.Sprintf("row %d: %q cut at column %d: %q", y+1, word, x+2,
					strings.TrimSpace(string(row))))
			}
		}
	}
	return bad
}

// vocabulary is every whole word the screens of lang may show: the words of the catalog's messages and of the
// rules, the players' names and letters, the tile ids; and the first letters of the compass's words, which the
// board's side borders show (one cell wide: "С" for the Ukrainian "Сх").
func vocabulary(lang string, extra ...string) map[string]bool {
	loc := locales.New(lang)
	words := map[string]bool{}
	add := func(s string) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
			words[w] = true
		}
	}
	for _, c := range compass(loc) {
		add(string([]rune(c)[0]))
	}
	for _, k := range locales.Keys() {
		add(loc.T(k, nil))
		if strings.HasPrefix(k, "plural.") {
			for _, n := range []int{1, 2, 5} {
				add(loc.N(k, n, nil))
			}
		}
	}
	for _, id := range locales.RuleIDs() {
		if r, ok := locales.RuleText(lang, id); ok {
			add(r.ID + " " + r.Title + " " + r.Text)
		}
	}
	for _, t := range engine.Standard().Types {
		add(t.ID + " " + strings.Join(t.Aliases, " "))
	}
	for _, s := range extra {
		add(s)
	}
	return words
}

// Issue 6: nothing is cut off at 80 columns, in any language, on any screen.
func TestNothingCutAt80Columns(t *testing.T) {
	for _, lang := range locales.Languages() {
		t.Run(lang, func(t *testing.T) {
			vocab := vocabulary(lang, "Ана Богдан А Б")
			synctest.Test(t, func(t *testing.T) {
				check := func(h *harness, what string, fixed []string) {
					t.Helper()
					if bad := h.cutOff(fixed, vocab); len(bad) > 0 {
						t.Errorf("%s, %s screen at 80x24:\n  %s\n%s", lang, what, strings.Join(bad, "\n  "), h.text())
					}
				}
				tourScreens(t, lang, check)
				tourPosition(t, lang, check) // the entry of a board as it lies (position_tour_test.go)
			})
		})
	}
}

// The checks of the tour can fail: a text cut at the screen's edge or a box's border, or shortened with "…", is not
// found whole; a word cut at a border or at the edge, and "…", are reported; word wrap (also after a hyphen) and a
// scrolled text's last paragraph going on below are not.
func TestCutOffFinds(t *testing.T) {
	vocab := map[string]bool{"end": true, "the": true, "game": true, "of": true, "year": true, "Б": true}
	rows := func(lines ...string) [][]rune {
		var out [][]rune
		for _, l := range lines {
			r := []rune(l)
			for len(r) < 19 {
				r = append(r, ' ')
			}
			out = append(out, r)
		}
		return out
	}
	for _, c := range []struct {
		screen []string
		text   string
		whole  bool
		cut    int // words cut and "…" reported
	}{
		{[]string{"┌ Title ──────────┐", "│ end the game    │", "└─────────────────┘"}, "end the game", true, 0},
		{[]string{"┌ Title ──────────┐", "│ end the game of │", "│ the year        │"}, "end the game of the year", true, 0},
		{[]string{"│ the tile (b-    │", "│ m) goes         │"}, "the tile (b-m) goes", true, 0},
		{[]string{"│ end the game of│", "│ the year       │"}, "end the game of the year", true, 0},
		{[]string{"│ end the gam│"}, "end the game", false, 1},
		{[]string{"F1 end F2 the F3 gam"}, "F1 end F2 the F3 game", false, 1},
		{[]string{"F1 end F2 the F3 game"}, "F1 end F2 the F3 game F4 year", false, 0},
		{[]string{"┌ end the game …┐"}, "end the game of the year", false, 1},
		{[]string{"│ ББББББББ│"}, "", true, 0},
	} {
		r := rows(c.screen...)
		if got := strings.Contains(areaText(r, 0, 0, 30, len(r)), squash(c.text)); got != c.whole {
			t.Errorf("%q in %q: whole %v, want %v", c.text, c.screen, got, c.whole)
		}
		if got := cutWords(r, vocab); len(got) != c.cut {
			t.Errorf("%q: cut %q, want %d", c.screen, got, c.cut)
		}
	}
	if !startShown("Help Keys F1 this help F2 the", "F2 the rules (search by ID)") ||
		startShown("Help Keys F1 this help", "F2 the rules") {
		t.Error("startShown: the first words of a paragraph at the end of its view are its start shown")
	}
}

// laidOut reports whether flex holds p.
func laidOut(flex *tview.Flex, p tview.Primitive) bool {
	for i := 0; i < flex.GetItemCount(); i++ {
		if flex.GetItem(i) == p {
			return true
		}
	}
	return false
}
