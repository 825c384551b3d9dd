package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// marketStep asks for a move of the market round at the end (COUNT-19): every market figure must go onto a field.
// acts are the referee's answers (referee.Legal; when the players stop early, earlyMarket's).
type marketStep struct {
	answers
	acts []referee.Action
	// back, if set, is where Esc goes (stopping early: back to the table as it was).
	back func()
}

func (s *marketStep) kind() step { return stepMarket }

func (s *marketStep) show() {
	e := s.e
	e.back = s.back
	loc := e.t.u.loc
	var choices []choice
	for a, seg := range e.onFeatures(s.acts) {
		choices = append(choices, choice{label: loc.T("ui.opt.market", map[string]any{"Feature": e.segWhere(seg)}),
			act: a, preview: e.showFigure(seg, engine.Follower), seg: seg, hasSeg: true})
	}
	e.ask("ui.ask.market", map[string]any{"Count": e.g.S.MarketMovable(e.who)})
	e.offer(choices)
}
