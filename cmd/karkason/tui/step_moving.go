package tui

import "github.com/karkason/karkason/referee"

// movingStep asks for a go of the moving-out round (COUNT-13..18): each move the referee allows (a figure from a
// quarter onto the feature just completed), then "no more". A click on the feature chooses the move there.
type movingStep struct{ answers }

func (s *movingStep) kind() step { return stepMoving }

func (s *movingStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	label := func(a referee.Action, seg int32) string {
		return loc.T("ui.opt.move", map[string]any{"Figure": e.figureWord(kindOf(a), g.S.SegKind(seg)),
			"Quarter": e.quarterName(a.Quarter), "Feature": e.segWhere(seg)})
	}
	var moves []choice
	var decline *referee.Action
	for _, a := range e.legal() {
		a := a
		switch a.Verb {
		case referee.VerbMove:
			seg, ok := e.refSeg(a.Target)
			if !ok {
				continue
			}
			moves = append(moves, choice{label: label(a, seg), act: &a, preview: e.showFigure(seg, kindOf(a)),
				seg: seg, hasSeg: true, figure: kindOf(a), target: segTarget(g.S.Root(seg))})
		case referee.VerbDecline:
			decline = &a
		}
	}
	moves = e.withBase(moves, func(a referee.Action) (referee.Action, string) {
		a.Large = false
		seg, _ := e.refSeg(a.Target)
		return a, label(a, seg)
	})
	if decline != nil {
		moves = append(moves, choice{label: loc.T("ui.opt.decline_move", nil), act: decline})
	}
	e.ask("ui.ask.moving", nil)
	e.offer(moves)
}
