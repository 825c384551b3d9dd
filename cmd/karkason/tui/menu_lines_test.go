package tui

import "testing"

// An answer whose label ends in an escaped rule ("… [RIVER-8]", a greyed answer's reason) takes no empty row after
// it (tview's word wrap leaves one).
func TestMenuNoEmptyRowAfterARule(t *testing.T) {
	m := newMenu()
	m.set([]string{"річка — без фігурок на річці [RIVER-8[]", "поле"}, nil)
	if ls := m.lines(0, 33); len(ls) != 2 || ls[1] != "[RIVER-8[]" {
		t.Errorf("lines %q", ls)
	}
}
