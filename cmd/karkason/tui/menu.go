package tui

import (
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// menu is the list of answers to a decision: one item a choice, each with a key of its own shown before it
// (answerKeys: 1..9, 0, then a letter, then a letter and a second key), word-wrapped over as many lines as it
// needs. ↑↓ PgUp PgDn Home End move the highlight, Enter or the item's key chooses (a key of two: the first
// highlights the first item it begins, the second chooses; Esc or Backspace forgets the first), a mouse click
// chooses the item under the pointer, the wheel scrolls. Digits work on every keyboard layout; a letter key also
// in a Bulgarian or Ukrainian layout (the Cyrillic letter on the key, keysOf).
type menu struct {
	*tview.Box
	items   []menuItem
	current int
	offset  int    // first item drawn
	lang    string // the user's language: the keyboard layouts a Cyrillic letter is read through
	pending string // the first key of a key of two, typed
	// pinned: a page turned to holds no answer that can be chosen (greyed answers only): it stays in view with the
	// highlight where it was, until the highlight moves.
	pinned bool
	// changed is told the highlighted item; selected the chosen one.
	changed  func(i int)
	selected func(i int)
	// keys, if set, sees each key first; returning nil consumes it.
	keys func(ev *tcell.EventKey) *tcell.EventKey
}

type menuItem struct {
	label string // tview tags allowed
	key   string // the key that chooses it, as shown ("1", "T", "K3"); "": none
	muted bool   // shown in grey, not choosable (a note in the list)
	// alias, if set, also chooses it when no item has it as its key: the key of its target, shown on the board,
	// for an answer whose own key has a figure's letter before it (kindLetters) where no follower's answer has it.
	alias string
	// off: an answer that cannot be taken now (a player with no figure left, a feature no figure may stand on),
	// shown in grey with its key kept (the keys of the others do not move); its key or a click tells why (selected
	// is told, and the entry says why).
	off bool
	// joined: an answer drawn on the lines of the answer before it (its head: the first item before it that is not
	// joined), after "·", its key and its label (a word or two): the figure step folds a large follower's, a
	// builder's and a pig's answer onto its feature's line where the answers do not all fit (issue 30). It has no
	// lines of its own; its key, its highlight and a click on it are its own.
	joined bool
}

// foldSeg is where a joined item is drawn on its head's lines: line, and the column after the keys' column where
// its "·" begins, width cells wide.
type foldSeg struct{ item, line, col, width int }

// foldSep goes before a joined item's key; foldSepW is its cells.
const (
	foldSep  = "· "
	foldSepW = 2
)

// foldText is the text of joined item it as drawn: "· D4 large".
func foldText(it menuItem) string {
	if it.key == "" {
		return foldSep + it.label
	}
	return foldSep + it.key + " " + it.label
}

// head returns the item on whose lines item i is drawn: i, or the item before the joined items it ends.
func (m *menu) head(i int) int {
	for i > 0 && i < len(m.items) && m.items[i].joined {
		i--
	}
	return i
}

// nextHead returns the first item after i that is not joined (len(m.items) if none).
func (m *menu) nextHead(i int) int {
	for i++; i < len(m.items) && m.items[i].joined; i++ {
	}
	return i
}

func newMenu() *menu {
	return &menu{Box: tview.NewBox()}
}

// answerLetters are the letter keys of the answers after the tenth, in their order. They are the keys whose
// letters in the Bulgarian layouts (BDS, phonetic) and in the Ukrainian one name that key and no other key that
// means something in a step (another answer's letter, or a letter of the edge code: a mark typed after the four
// edges lands in the place step); TestAnswerLettersOnEveryLayout checks it. Shown in upper case.
const answerLetters = "TDKZX"

// secondKeys are the second keys of a key of two: a digit, then a letter.
const secondKeys = "1234567890" + answerLetters

// answerKeys returns the keys of n answers, the shortest first: the digits 1..9 and 0; then the letters of
// answerLetters alone; then a letter followed by a digit or a letter ("K1", "KT"), as few letters used as the first
// of two as make n fit. At most 10+5*15 answers get a key; the rest "" (the arrows reach them).
func answerKeys(n int) []string { return answerKeysWithout(n, "") }

// answerKeysWithout is answerKeys with the letters of reserved left out of the answers' own letters (they are the
// keys of figure kinds in that list, kindLetters); the second keys of a key of two are all of secondKeys.
func answerKeysWithout(n int, reserved string) []string {
	var out []string
	for i := 0; i < n && i < 10; i++ {
		out = append(out, string("1234567890"[i]))
	}
	rest := n - len(out)
	if rest <= 0 {
		return out
	}
	var letters []rune
	for _, l := range answerLetters {
		if !strings.ContainsRune(reserved, l) {
			letters = append(letters, l)
		}
	}
	second := []rune(secondKeys)
	pairs := 0 // the letters used as the first of two: the last ones
	for pairs < len(letters) && len(letters)-pairs+pairs*len(second) < rest {
		pairs++
	}
	for _, l := range letters[:len(letters)-pairs] {
		out = append(out, string(l))
	}
	for _, l := range letters[len(letters)-pairs:] {
		for _, k := range second {
			out = append(out, string(l)+string(k))
		}
	}
	for len(out) < n {
		out = append(out, "")
	}
	return out[:n]
}

// answerKey returns the key (upper case, as answerKeys writes it) that rune r types in the user's language: a
// digit, or one of answerLetters typed in Latin or on a Bulgarian or Ukrainian layout; 0 if r is none of them, or
// names more than one key that means something (a letter of the edge code among them).
func answerKey(lang string, r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	found := rune(0)
	for _, k := range keysOf(lang, r) {
		u := unicode.ToUpper(k)
		switch {
		case strings.ContainsRune(answerLetters, u):
			if found != 0 && found != u {
				return 0
			}
			found = u
		case isCodeKey(k):
			return 0
		}
	}
	return found
}

// set replaces the items (labels; muted[i] marks a note) and highlights the first choosable one; the items that
// are not notes get the keys of answerKeys in order.
func (m *menu) set(labels []string, muted []bool) {
	n := 0
	for i := range labels {
		if i >= len(muted) || !muted[i] {
			n++
		}
	}
	keys := answerKeys(n)
	all := make([]string, len(labels))
	n = 0
	for i := range labels {
		if i >= len(muted) || !muted[i] {
			all[i] = keys[n]
			n++
		}
	}
	m.setKeyed(labels, all, muted)
}

// setKeyed replaces the items with labels and their keys (keys[i]; "" none) and highlights the first choosable one.
func (m *menu) setKeyed(labels, keys []string, muted []bool) {
	m.items = m.items[:0]
	for i, l := range labels {
		it := menuItem{label: l}
		if i < len(muted) && muted[i] {
			it.muted = true
		} else if i < len(keys) {
			it.key = keys[i]
		}
		m.items = append(m.items, it)
	}
	m.pending = ""
	m.current, m.offset, m.pinned = 0, 0, false
	m.first()
}

// first highlights the first item that can be chosen (the first item if none can).
func (m *menu) first() {
	m.current = 0
	for m.current < len(m.items) && (m.items[m.current].muted || m.items[m.current].off) {
		m.current++
	}
	if m.current >= len(m.items) {
		m.current = 0
	}
}

// setAliases gives item i the alias aliases[i] ("": none).
func (m *menu) setAliases(aliases []string) {
	for i := range m.items {
		if i < len(aliases) && aliases[i] != m.items[i].key {
			m.items[i].alias = aliases[i]
		}
	}
}

// setOff marks the items that cannot be taken now (off[i]); they keep their keys.
func (m *menu) setOff(off []bool) {
	for i := range m.items {
		m.items[i].off = i < len(off) && off[i]
	}
	m.first()
}

// noKeys takes the keys away (a list whose keys type something else: the tile step, a search).
func (m *menu) noKeys() {
	for i := range m.items {
		m.items[i].key = ""
	}
	m.pending = ""
}

// keyWidth is the cells the keys take before the labels: the longest key and a space.
func (m *menu) keyWidth() int {
	w := 1
	for _, it := range m.items {
		if it.joined {
			continue // (its key is on its head's line)
		}
		w = max(w, len(it.key))
	}
	return w + 1
}

// count is the number of items.
func (m *menu) count() int { return len(m.items) }

// setCurrent highlights item i and tells changed.
func (m *menu) setCurrent(i int) {
	if i < 0 || i >= len(m.items) {
		return
	}
	m.current, m.pinned = i, false
	if m.changed != nil {
		m.changed(i)
	}
}

func (m *menu) choose(i int) {
	if i < 0 || i >= len(m.items) || m.items[i].muted {
		return
	}
	m.current = i
	if m.selected != nil {
		m.selected(i)
	}
}

// step moves the highlight d choosable items on.
func (m *menu) step(d int) {
	i := m.current
	for {
		i += d
		if i < 0 || i >= len(m.items) {
			return
		}
		if !m.items[i].muted && !m.items[i].off {
			m.setCurrent(i)
			return
		}
	}
}

// lines returns the wrapped lines of item i in width w (after the keys' column, and before the last column, where
// ▲ and ▼ mark more answers: issue 30, a label as wide as the list lost its last character under ▲).
func (m *menu) lines(i, w int) []string {
	ls, _ := m.wrap(i, w)
	return ls
}

// wrap returns the wrapped lines of item i in width w (lines) and where the joined items after it are drawn on
// them: each after the last line's text if it fits there, else on a line of its own. A joined item has none.
func (m *menu) wrap(i, w int) ([]string, []foldSeg) {
	if m.items[i].joined {
		return nil, nil
	}
	if w < 5 {
		w = 5
	}
	avail := w - 1 - m.keyWidth()
	ls := tview.WordWrap(m.items[i].label, avail)
	for len(ls) > 1 && ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1] // (tview wraps an escaped tag at the end, "[RIVER-8[]", with an empty line after it)
	}
	if len(ls) == 0 {
		ls = []string{""}
	}
	var segs []foldSeg
	for j := i + 1; j < len(m.items) && m.items[j].joined; j++ {
		text := tview.Escape(foldText(m.items[j]))
		sw := tview.TaggedStringWidth(text)
		last := len(ls) - 1
		lw := tview.TaggedStringWidth(ls[last])
		if lw > 0 && lw+1+sw > avail {
			ls = append(ls, "")
			last, lw = last+1, 0
		}
		if lw > 0 {
			ls[last] += " "
			lw++
		}
		ls[last] += text // (drawn over in its own style, Draw)
		segs = append(segs, foldSeg{item: j, line: last, col: lw, width: sw})
	}
	return ls, segs
}

// Draw draws the items from offset, scrolled so that the highlighted item shows; ▲ ▼ mark more items.
func (m *menu) Draw(screen tcell.Screen) {
	m.Box.DrawForSubclass(screen, m)
	x, y, w, h := m.GetInnerRect()
	if w <= 0 || h <= 0 || len(m.items) == 0 {
		return
	}
	if hd := m.head(m.current); hd < m.offset && !m.pinned {
		m.offset = hd
	}
	m.offset = m.head(m.offset)
	// Scroll down until the highlighted item fits (a joined item: the lines of its head).
	for m.offset < m.head(m.current) && !m.pinned {
		rows := 0
		for i := m.offset; i <= m.current; i++ {
			rows += len(m.lines(i, w))
		}
		if rows <= h {
			break
		}
		m.offset = m.nextHead(m.offset)
	}
	keyed := false
	for _, it := range m.items {
		keyed = keyed || it.key != ""
	}
	row := 0
	for i := m.offset; i < len(m.items) && row < h; i++ {
		it := m.items[i]
		st := m.itemStyle(i)
		ls, segs := m.wrap(i, w)
		for j, line := range ls {
			if row >= h {
				break
			}
			for xx := 0; xx < w; xx++ {
				screen.SetContent(x+xx, y+row, ' ', nil, st)
			}
			if j == 0 && it.key == "" && !it.muted && keyed {
				// An answer past the keys (more than 85): a mark where its key would be, so that its first line is
				// not read as the line before it going on (the arrows reach it).
				screen.SetContent(x, y+row, '·', nil, st.Foreground(tcell.ColorGray))
			}
			if j == 0 && it.key != "" {
				ks := st.Foreground(tcell.ColorYellow).Bold(true)
				switch {
				case i == m.current:
					ks = st.Bold(true)
				case it.off, m.pending != "" && !strings.HasPrefix(it.key, m.pending):
					ks = st.Foreground(tcell.ColorGray) // not what the first key typed begins
				}
				for k, r := range it.key {
					screen.SetContent(x+k, y+row, r, nil, ks)
				}
			}
			fg, bg, _ := st.Decompose()
			kw := m.keyWidth()
			tview.Print(screen, line, x+kw, y+row, w-kw, tview.AlignLeft, fg)
			if i == m.current && !it.muted && !it.off {
				for xx := kw; xx < w; xx++ {
					r, comb, s, _ := screen.GetContent(x+xx, y+row)
					screen.SetContent(x+xx, y+row, r, comb, s.Background(bg))
				}
			}
			for _, sg := range segs {
				if sg.line == j {
					m.drawFold(screen, sg, x+kw, y+row)
				}
			}
			row++
		}
	}
	arrow := tcell.StyleDefault.Foreground(tcell.ColorYellow)
	if m.offset > 0 {
		screen.SetContent(x+w-1, y, '▲', nil, arrow)
	}
	if m.moreBelow(w, h) { // (also the last answer's lines cut at the bottom, issue 30)
		screen.SetContent(x+w-1, y+h-1, '▼', nil, arrow)
	}
}

// itemStyle is the style of item i's words: grey when it cannot be taken (a note, an answer greyed), black on white
// when it is the highlighted answer.
func (m *menu) itemStyle(i int) tcell.Style {
	it, st := m.items[i], tcell.StyleDefault
	if it.muted || it.off {
		st = st.Foreground(tcell.ColorGray)
	}
	if i == m.current && !it.muted && !it.off {
		st = st.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack)
	}
	return st
}

// drawFold draws joined item sg.item at column sg.col from x on row y: "·", its key as the keys' column shows keys,
// its label; highlighted when it is the highlighted item, grey when it cannot be taken.
func (m *menu) drawFold(screen tcell.Screen, sg foldSeg, x, y int) {
	it := m.items[sg.item]
	st := m.itemStyle(sg.item)
	x += sg.col
	for xx := 0; xx < sg.width; xx++ {
		screen.SetContent(x+xx, y, ' ', nil, st)
	}
	fg, bg, _ := st.Decompose()
	tview.Print(screen, tview.Escape(foldText(it)), x, y, sg.width, tview.AlignLeft, fg)
	for xx := 0; xx < sg.width; xx++ {
		r, comb, s, _ := screen.GetContent(x+xx, y)
		screen.SetContent(x+xx, y, r, comb, s.Background(bg))
	}
	ks := st.Foreground(tcell.ColorYellow).Bold(true)
	switch {
	case sg.item == m.current && !it.off:
		ks = st.Bold(true)
	case it.off, m.pending != "" && !strings.HasPrefix(it.key, m.pending):
		ks = st.Foreground(tcell.ColorGray)
	}
	for k, r := range it.key {
		screen.SetContent(x+foldSepW+k, y, r, nil, ks)
	}
}

// moreBelow reports whether lines of the items from offset do not fit in h rows.
func (m *menu) moreBelow(w, h int) bool {
	row := 0
	for i := m.offset; i < len(m.items); i++ {
		if row += len(m.lines(i, w)); row > h {
			return true
		}
	}
	return false
}

// itemAt returns the item drawn on screen row y, -1 if none (the head of joined items: itemAtCell).
func (m *menu) itemAt(y int) int {
	x, top, w, h := m.GetInnerRect()
	_ = x
	row := top
	for i := m.offset; i < len(m.items) && row < top+h; i++ {
		n := len(m.lines(i, w))
		if y >= row && y < row+n {
			return i
		}
		row += n
	}
	return -1
}

// itemAtCell returns the item drawn at screen cell x, y: a joined item where it is drawn, else the item of row y.
func (m *menu) itemAtCell(x, y int) int {
	i := m.itemAt(y)
	if i < 0 {
		return i
	}
	left, top, w, _ := m.GetInnerRect()
	row := top
	for k := m.offset; k < i; k++ {
		row += len(m.lines(k, w))
	}
	_, segs := m.wrap(i, w)
	for _, sg := range segs {
		if x0 := left + m.keyWidth() + sg.col; y == row+sg.line && x >= x0 && x < x0+sg.width {
			return sg.item
		}
	}
	return i
}

// InputHandler: arrows, PgUp/PgDn, Home/End, Enter, the hot keys.
func (m *menu) InputHandler() func(event *tcell.EventKey, setFocus func(p tview.Primitive)) {
	return m.WrapInputHandler(func(ev *tcell.EventKey, _ func(p tview.Primitive)) {
		if m.keys != nil {
			if ev = m.keys(ev); ev == nil {
				return
			}
		}
		m.handleKey(ev)
	})
}

// handleKey does what a key does to the menu; it reports whether the key was used.
func (m *menu) handleKey(ev *tcell.EventKey) bool {
	_, _, _, h := m.GetInnerRect()
	switch ev.Key() {
	case tcell.KeyUp:
		m.step(-1)
	case tcell.KeyDown:
		m.step(1)
	case tcell.KeyPgUp:
		m.pageUp(h)
	case tcell.KeyPgDn:
		m.pageDown(h)
	case tcell.KeyHome:
		for i := range m.items {
			if !m.items[i].muted {
				m.setCurrent(i)
				break
			}
		}
	case tcell.KeyEnd:
		for i := len(m.items) - 1; i >= 0; i-- {
			if !m.items[i].muted {
				m.setCurrent(i)
				break
			}
		}
	case tcell.KeyEnter:
		m.choose(m.current)
	case tcell.KeyRune:
		return m.typeKey(ev.Rune())
	default:
		return false
	}
	return true
}

// pageDown shows the next page (h rows): it begins with the first item the page shown did not show whole, so that
// no answer is skipped however many lines the answers wrap over (issue 30), and the highlight goes to its first
// answer that can be chosen; on the last page, to the last answer.
func (m *menu) pageDown(h int) {
	_, _, w, _ := m.GetInnerRect()
	h = max(h, 1)
	next, row := len(m.items), 0
	for i := m.offset; i < len(m.items); i++ {
		if row += len(m.lines(i, w)); row > h {
			next = max(i, m.nextHead(m.offset))
			break
		}
	}
	if next < len(m.items) {
		row = 0
		for i := next; i < len(m.items); i++ {
			if row += len(m.lines(i, w)); row > h && i > next {
				break // (past the new page)
			}
			if !m.items[i].muted && !m.items[i].off {
				m.offset = next
				m.setCurrent(i)
				return
			}
		}
		m.offset, m.pinned = next, true // a page of greyed answers: shown, the highlight stays
		return
	}
	for i := len(m.items) - 1; i > m.current; i-- { // the last page: its last answer
		if !m.items[i].muted && !m.items[i].off {
			m.setCurrent(i)
			return
		}
	}
}

// pageUp shows the page before (h rows): the items that end just before the page shown, the highlight on its first
// answer that can be chosen; on the first page, the first answer.
func (m *menu) pageUp(h int) {
	_, _, w, _ := m.GetInnerRect()
	h = max(h, 1)
	if m.offset > 0 {
		start, row := m.head(m.offset-1), 0
		for i := m.offset - 1; i >= 0; i-- {
			if row += len(m.lines(i, w)); row > h {
				break
			}
			if !m.items[i].joined {
				start = i // (a joined item begins no page: its head's lines are it)
			}
		}
		for i := start; i < m.offset; i++ {
			if !m.items[i].muted && !m.items[i].off {
				m.offset = start
				m.setCurrent(i)
				return
			}
		}
		m.offset, m.pinned = start, true // a page of greyed answers: shown, the highlight stays
		return
	}
	for i := 0; i < m.current; i++ {
		if !m.items[i].muted && !m.items[i].off {
			m.setCurrent(i)
			return
		}
	}
}

// typeKey takes rune r typed as an item's key (or the first of a key of two); it reports whether r was one.
func (m *menu) typeKey(r rune) bool {
	k := answerKey(m.lang, r)
	if k == 0 {
		if m.pending != "" {
			m.forget() // not a key of this list: the first key is forgotten
			return true
		}
		return false
	}
	typed := m.pending + string(k)
	// The keys first, then the aliases (a target's key no answer has as its own).
	for _, alias := range []bool{false, true} {
		first := -1
		for i, it := range m.items {
			key := it.key
			if alias {
				key = it.alias
			}
			switch {
			case key == "" || it.muted:
			case key == typed:
				m.pending = ""
				m.choose(i)
				return true
			case first < 0 && strings.HasPrefix(key, typed):
				first = i
			}
		}
		if first >= 0 {
			m.pending = typed // the first of two: its first answer highlighted, the second key chooses
			m.setCurrent(first)
			return true
		}
	}
	had := m.pending != ""
	m.forget()
	return had
}

// forget forgets the first key of a key of two typed (the highlight's preview is told).
func (m *menu) forget() {
	if m.pending == "" {
		return
	}
	m.pending = ""
	if m.changed != nil {
		m.changed(m.current)
	}
}

// MouseHandler: a click chooses the item under the pointer; the wheel moves the highlight.
func (m *menu) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
	return m.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
		x, y := event.Position()
		if !m.InRect(x, y) {
			return false, nil
		}
		switch action {
		case tview.MouseLeftClick:
			setFocus(m)
			if i := m.itemAtCell(x, y); i >= 0 && !m.items[i].muted {
				m.setCurrent(i)
				m.choose(i)
			}
			return true, nil
		case tview.MouseScrollUp:
			m.step(-1)
			return true, nil
		case tview.MouseScrollDown:
			m.step(1)
			return true, nil
		}
		return false, nil
	})
}
