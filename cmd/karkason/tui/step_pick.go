package tui

import "github.com/gdamore/tcell/v2"

// pickStep is a list of answers that a step of the position entry asks on the way (whose figure, which quarter,
// which completed city, who plays next ...): its prompt and its answers are given by the step that enters it, each
// answer an Entry call or a further step; Esc goes back to where back says.
type pickStep struct {
	answers
	prompt string
	data   map[string]any
	list   []choice
	back   func()
}

func (s *pickStep) kind() step { return stepPick }

func (s *pickStep) legend() string { return s.e.t.u.loc.T("ui.pos.pick_legend", nil) }

func (s *pickStep) show() {
	e := s.e
	e.ask(s.prompt, s.data)
	e.back = s.back
	e.offer(s.list)
}

// key: PgDn and PgUp turn the list's pages by rows (pospage.go).
func (s *pickStep) key(ev *tcell.EventKey) *tcell.EventKey {
	if pageKey(s.e.menu, ev) {
		return nil
	}
	return ev
}
