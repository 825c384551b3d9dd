package tui

import "github.com/gdamore/tcell/v2"

// PgDn and PgUp in the lists of the entry of a board as it lies (the figure step, the rest of the position and the
// lists it asks): a page is what the list shows, by rows, so that answers that wrap onto two lines are never
// passed over. PgDn shows from the first answer not wholly shown, highlighted; PgUp the page before. The menu's own
// PgDn moves the highlight by the rows of the list in answers, which passes over answers when they wrap.

// pageKey turns the page of m for PgDn or PgUp and reports whether ev was one of them.
func pageKey(m *menu, ev *tcell.EventKey) bool {
	switch ev.Key() {
	case tcell.KeyPgDn:
		pageDown(m)
	case tcell.KeyPgUp:
		pageUp(m)
	default:
		return false
	}
	return true
}

// pageDown shows the answers from the first one the list does not wholly show.
func pageDown(m *menu) {
	_, _, w, h := m.GetInnerRect()
	if w <= 0 || h <= 0 || len(m.items) == 0 {
		return
	}
	rows, next := 0, len(m.items)
	for i := m.offset; i < len(m.items); i++ {
		rows += len(m.lines(i, w))
		if rows > h {
			next = i
			break
		}
	}
	if next >= len(m.items) {
		m.setCurrent(lastOpen(m, len(m.items)-1))
		return
	}
	m.offset = next
	m.setCurrent(firstOpen(m, next))
	m.offset = min(next, m.current)
}

// pageUp shows the page of answers before the one shown.
func pageUp(m *menu) {
	_, _, w, h := m.GetInnerRect()
	if w <= 0 || h <= 0 || m.offset == 0 {
		m.offset = 0
		m.setCurrent(firstOpen(m, 0))
		return
	}
	rows, start := 0, m.offset
	for i := m.offset - 1; i >= 0; i-- {
		rows += len(m.lines(i, w))
		if rows > h {
			break
		}
		start = i
	}
	m.offset = start
	m.setCurrent(firstOpen(m, start))
	m.offset = min(start, m.current)
}

// firstOpen is the first answer from i on that can be highlighted (not a note), else i.
func firstOpen(m *menu, i int) int {
	for k := i; k < len(m.items); k++ {
		if !m.items[k].muted {
			return k
		}
	}
	return i
}

// lastOpen is the last answer up to i that can be highlighted, else i.
func lastOpen(m *menu, i int) int {
	for k := i; k >= 0; k-- {
		if !m.items[k].muted {
			return k
		}
	}
	return i
}
