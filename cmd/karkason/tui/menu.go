package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// menu is the list of answers to a decision: one item a choice, each with a hot key (1..9, then 0) shown before
// it, word-wrapped over as many lines as it needs. ↑↓ PgUp PgDn Home End move the highlight, Enter or the hot key
// chooses, a mouse click chooses the item under the pointer, the wheel scrolls. Digits work on every keyboard
// layout, Latin or Cyrillic.
type menu struct {
	*tview.Box
	items   []menuItem
	current int
	offset  int // first item drawn
	// changed is told the highlighted item; selected the chosen one.
	changed  func(i int)
	selected func(i int)
	// keys, if set, sees each key first; returning nil consumes it.
	keys func(ev *tcell.EventKey) *tcell.EventKey
}

type menuItem struct {
	label string // tview tags allowed
	hot   rune   // 0: none
	muted bool   // shown in grey, not choosable (a note in the list)
}

func newMenu() *menu {
	return &menu{Box: tview.NewBox()}
}

// hotKey returns the hot key of the i-th choosable item: 1..9, then 0; none after the tenth.
func hotKey(i int) rune {
	switch {
	case i < 9:
		return rune('1' + i)
	case i == 9:
		return '0'
	}
	return 0
}

// set replaces the items (labels; muted[i] marks a note) and highlights the first choosable one.
func (m *menu) set(labels []string, muted []bool) {
	m.items = m.items[:0]
	n := 0
	for i, l := range labels {
		it := menuItem{label: l}
		if i < len(muted) && muted[i] {
			it.muted = true
		} else {
			it.hot = hotKey(n)
			n++
		}
		m.items = append(m.items, it)
	}
	m.current, m.offset = 0, 0
	for m.current < len(m.items) && m.items[m.current].muted {
		m.current++
	}
	if m.current >= len(m.items) {
		m.current = 0
	}
}

// count is the number of items.
func (m *menu) count() int { return len(m.items) }

// setCurrent highlights item i and tells changed.
func (m *menu) setCurrent(i int) {
	if i < 0 || i >= len(m.items) {
		return
	}
	m.current = i
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
		if !m.items[i].muted {
			m.setCurrent(i)
			return
		}
	}
}

// lines returns the wrapped lines of item i in width w (the first line after the hot key's two cells).
func (m *menu) lines(i, w int) []string {
	if w < 4 {
		w = 4
	}
	ls := tview.WordWrap(m.items[i].label, w-2)
	if len(ls) == 0 {
		ls = []string{""}
	}
	return ls
}

// Draw draws the items from offset, scrolled so that the highlighted item shows; ▲ ▼ mark more items.
func (m *menu) Draw(screen tcell.Screen) {
	m.Box.DrawForSubclass(screen, m)
	x, y, w, h := m.GetInnerRect()
	if w <= 0 || h <= 0 || len(m.items) == 0 {
		return
	}
	if m.current < m.offset {
		m.offset = m.current
	}
	// Scroll down until the highlighted item fits.
	for m.offset < m.current {
		rows := 0
		for i := m.offset; i <= m.current; i++ {
			rows += len(m.lines(i, w))
		}
		if rows <= h {
			break
		}
		m.offset++
	}
	row := 0
	for i := m.offset; i < len(m.items) && row < h; i++ {
		it := m.items[i]
		st := tcell.StyleDefault
		if it.muted {
			st = st.Foreground(tcell.ColorGray)
		}
		if i == m.current && !it.muted {
			st = st.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack)
		}
		for j, line := range m.lines(i, w) {
			if row >= h {
				break
			}
			for xx := 0; xx < w; xx++ {
				screen.SetContent(x+xx, y+row, ' ', nil, st)
			}
			if j == 0 && it.hot != 0 {
				screen.SetContent(x, y+row, it.hot, nil, st.Foreground(tcell.ColorYellow).Bold(true))
				if i == m.current {
					screen.SetContent(x, y+row, it.hot, nil, st.Bold(true))
				}
			}
			fg, bg, _ := st.Decompose()
			tview.Print(screen, line, x+2, y+row, w-2, tview.AlignLeft, fg)
			if i == m.current && !it.muted {
				for xx := 2; xx < w; xx++ {
					r, comb, s, _ := screen.GetContent(x+xx, y+row)
					screen.SetContent(x+xx, y+row, r, comb, s.Background(bg))
				}
			}
			row++
		}
	}
	arrow := tcell.StyleDefault.Foreground(tcell.ColorYellow)
	if m.offset > 0 {
		screen.SetContent(x+w-1, y, '▲', nil, arrow)
	}
	if row >= h && m.lastShown(w, h) < len(m.items)-1 {
		screen.SetContent(x+w-1, y+h-1, '▼', nil, arrow)
	}
}

// lastShown is the last item (partly) drawn.
func (m *menu) lastShown(w, h int) int {
	row := 0
	for i := m.offset; i < len(m.items); i++ {
		row += len(m.lines(i, w))
		if row >= h {
			return i
		}
	}
	return len(m.items) - 1
}

// itemAt returns the item drawn on screen row y, -1 if none.
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
		for i := 0; i < max(1, h-1); i++ {
			m.step(-1)
		}
	case tcell.KeyPgDn:
		for i := 0; i < max(1, h-1); i++ {
			m.step(1)
		}
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
		for i, it := range m.items {
			if it.hot != 0 && it.hot == ev.Rune() {
				m.choose(i)
				return true
			}
		}
		return false
	default:
		return false
	}
	return true
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
			if i := m.itemAt(y); i >= 0 && !m.items[i].muted {
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
