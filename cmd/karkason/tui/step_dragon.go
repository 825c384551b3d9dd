package tui

import (
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// dragonStep asks one step of the dragon's movement (The Princess & the Dragon, SEQ-5a, PD-9..12): the player whose
// step it is (named by the prompt) chooses one of the tiles open to the dragon (Game.Legal: PD-10), each answer
// naming the figures the dragon would eat there (PD-12). The step is compulsory: there is no "no" (PD-9(a)).
type dragonStep struct{ answers }

func (s *dragonStep) kind() step { return stepDragon }

func (s *dragonStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	var choices []choice
	for _, a := range e.legal() {
		a := a
		if a.Verb != referee.VerbDragon {
			continue
		}
		var eats []string
		for _, fi := range g.S.FiguresOnTile(engine.Pos{X: a.Pos.X, Y: a.Pos.Y}, nil) {
			f := &g.S.Figures[fi]
			eats = append(eats, g.Name(int(f.Player)))
		}
		label := loc.T("ui.opt.pd_dragon_step", map[string]any{"Pos": a.Pos.String()})
		if len(eats) > 0 {
			label += " — " + loc.T("ui.opt.pd_dragon_eats", map[string]any{"Names": strings.Join(eats, ", ")})
		}
		choices = append(choices, choice{label: label, short: a.Pos.String(), act: &a})
	}
	e.ask("ui.ask.pd_dragon", map[string]any{"Step": g.DragonSteps() + 1})
	e.offer(choices)
}
