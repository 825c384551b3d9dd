package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// wagonStep asks where a wagon goes after its feature was scored (SEQ-6(h), AM-16..18): onto each eligible target the
// referee lists (AM-17: an unoccupied, incomplete road, city, monastery, abbey or shrine within the wagon's 3x3
// block), each one board key, or home.
type wagonStep struct{ answers }

func (s *wagonStep) kind() step { return stepWagon }

func (s *wagonStep) show() {
	e := s.e
	loc := e.t.u.loc
	acts := e.legal()
	var choices []choice
	for a, seg := range e.onFeatures(acts) {
		choices = append(choices, choice{label: loc.T("ui.am.wagon_to", map[string]any{"Feature": e.segWhere(seg)}),
			act: a, preview: e.showFigure(seg, engine.Wagon), seg: seg, hasSeg: true, figure: engine.Wagon,
			target: segTarget(e.g.S.Root(seg)), short: e.segWhere(seg)})
	}
	for i := range acts {
		if acts[i].Verb == referee.VerbWagon && acts[i].Home {
			choices = append(choices, choice{label: loc.T("ui.am.wagon_home", nil), act: &acts[i]})
		}
	}
	e.ask("ui.ask.am.wagon", map[string]any{"Pos": e.g.S.WagonFrom(e.who).String()})
	e.offer(choices)
}
