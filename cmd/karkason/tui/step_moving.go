package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// movingStep asks for a go of the moving-out round (COUNT-13..18): each move the referee allows (a figure from a
// quarter onto a feature just completed), then "no more". A click on the feature chooses the move there. Every
// target of the round (Game.Targets, COUNT-17) is listed in its order for every player, so that it has the same
// key in every go of the round, on the board too: a target the player whose go it is cannot move onto (no figure
// in the quarter that feeds it, COUNT-16(e); the Count there, COUNT-15) stays greyed with the referee's reason
// (Game.Check of a follower's move there), and F3 explains it.
type movingStep struct{ answers }

func (s *movingStep) kind() step { return stepMoving }

func (s *movingStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	label := func(a referee.Action, seg int32) string {
		return loc.T("ui.opt.move", map[string]any{"Figure": e.figureWord(a.FigureKind(), g.S.SegKind(seg)),
			"Quarter": e.quarterName(a.Quarter), "Feature": e.segWhere(seg)})
	}
	byTarget := map[int32][]choice{}
	var decline *referee.Action
	for _, a := range e.legal() {
		a := a
		switch a.Verb {
		case referee.VerbMove:
			seg, ok := e.refSeg(a.Target)
			if !ok {
				continue
			}
			r := g.S.Root(seg)
			c := choice{label: label(a, seg), act: &a, preview: e.showFigure(seg, a.FigureKind()),
				seg: seg, hasSeg: true, figure: a.FigureKind(), target: segTarget(r)}
			switch {
			case c.figure == engine.Follower:
				c.short = e.quarterName(a.Quarter) + " → " + e.segWhere(seg)
			case kindLetters[c.figure] != "": // its key is the follower's on that target with its letter
				c.short = e.figureWord(c.figure, g.S.SegKind(seg))
			}
			byTarget[r] = append(byTarget[r], c)
		case referee.VerbDecline:
			decline = &a
		}
	}
	var moves []choice
	for _, t := range g.Targets() {
		r := g.S.Root(t)
		if c, ok := byTarget[r]; ok {
			moves = append(moves, c...)
			delete(byTarget, r)
			continue
		}
		// Not for this player now: greyed, with why a follower of theirs may not move there.
		q, ok := engine.QuarterFor(g.S.SegKind(t))
		if !ok {
			continue
		}
		ti, l := g.S.SegTile(t)
		p := g.S.Tiles[ti].Pos
		a := referee.Action{Colour: g.Colour(e.who), Verb: referee.VerbMove, Quarter: q.String(),
			Target: referee.FeatureRef{Pos: referee.Pos{X: p.X, Y: p.Y}, Place: g.S.PlaceName(ti, l)}}
		if why := g.Check(a); why != nil {
			moves = append(moves, e.refused(choice{label: label(a, t), short: e.quarterName(a.Quarter) + " → " +
				e.segWhere(t), seg: t, hasSeg: true, target: segTarget(r)}, why))
		}
	}
	moves = e.withBase(moves, func(a referee.Action) (referee.Action, string, string) {
		a.Large = false
		seg, _ := e.refSeg(a.Target)
		return a, label(a, seg), e.quarterName(a.Quarter) + " → " + e.segWhere(seg)
	})
	e.foldFigures(moves) // (where the answers do not all fit: the large follower's on its target's line)
	if decline != nil {
		moves = append(moves, choice{label: loc.T("ui.opt.decline_move", nil), act: decline})
	}
	e.ask("ui.ask.moving", nil)
	e.offer(moves)
}
