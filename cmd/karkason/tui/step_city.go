package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// cityStep asks whether a figure goes into the City of Carcassonne after others scored (COUNT-6..8): the quarters
// the referee allows, each with the figure, or nothing into the City. Declining has no action of its own (record
// format): the table moves on to the next decision (table.decline).
type cityStep struct{ answers }

func (s *cityStep) kind() step { return stepCity }

func (s *cityStep) show() {
	e := s.e
	loc := e.t.u.loc
	label := func(a referee.Action) string {
		return loc.T("ui.opt.city", map[string]any{"Figure": e.figureWord(a.FigureKind(), engine.KCity),
			"Quarter": e.quarterName(a.Quarter)})
	}
	var choices []choice
	for _, a := range e.legal() {
		a := a
		if a.Verb != referee.VerbCity {
			continue
		}
		c := choice{label: label(a), act: &a, figure: a.FigureKind(), target: "q" + a.Quarter}
		switch {
		case c.figure == engine.Follower:
			c.short = e.quarterName(a.Quarter)
		case kindLetters[c.figure] != "": // D and the key of the follower's answer on that quarter
			c.short = e.figureWord(c.figure, engine.KCity)
		}
		choices = append(choices, c)
	}
	choices = e.withBase(choices, func(a referee.Action) (referee.Action, string, string) {
		a.Large = false
		return a, label(a), e.quarterName(a.Quarter)
	})
	e.foldFigures(choices) // (where the answers do not all fit: the large follower's on its quarter's line)
	choices = append(choices, choice{label: loc.T("ui.opt.city_no", nil), next: e.t.decline})
	e.ask("ui.ask.city", nil)
	e.offer(choices)
}

// quarterName is the City's quarter q ("palace") in the user's language.
func (e *entry) quarterName(q string) string {
	return e.t.u.loc.T("term.quarter."+q, nil)
}
