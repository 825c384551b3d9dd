package tui

import "github.com/gdamore/tcell/v2"

// PgDn and PgUp in the lists of the entry of a board as it lies (the board step's list, the figure step, the rest
// of the position and the lists it asks): a page is what the list shows, by rows, so that answers that wrap onto
// two lines are never passed over (menu.pageDown, menu.pageUp: PgDn shows from the first answer not wholly shown,
// highlighted; PgUp the page before). These steps handle the key before the menu does, so they call it here.

// pageKey turns the page of m for PgDn or PgUp and reports whether ev was one of them.
func pageKey(m *menu, ev *tcell.EventKey) bool {
	_, _, _, h := m.GetInnerRect()
	switch ev.Key() {
	case tcell.KeyPgDn:
		m.pageDown(h)
	case tcell.KeyPgUp:
		m.pageUp(h)
	default:
		return false
	}
	return true
}
