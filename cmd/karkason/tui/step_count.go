package tui

import "github.com/karkason/karkason/referee"

// countStep asks whether the Count moves after a figure entered the City (COUNT-11): the other quarters, or he
// stays (no action of its own: table.decline).
type countStep struct{ answers }

func (s *countStep) kind() step { return stepCount }

func (s *countStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	var choices []choice
	here := g.S.City.Count.String()
	for _, a := range e.legal() {
		a := a
		if a.Verb != referee.VerbCount || a.Quarter == here {
			continue
		}
		choices = append(choices, choice{label: loc.T("ui.opt.count", map[string]any{"Quarter": e.quarterName(a.Quarter)}),
			act: &a})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.count_stay", map[string]any{"Quarter": e.quarterName(here)}),
		next: e.t.decline})
	e.ask("ui.ask.count", nil)
	e.offer(choices)
}
