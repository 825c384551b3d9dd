package tui

import (
	"slices"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// figureStep asks for the figure (SEQ-5): a follower or the abbot onto a place of the tile just laid, no figure, or
// the abbot back (ABBOT-6), as the referee lists them. The order: the places (followers, then the abbot), no
// figure, the abbot back. A click on a place of the tile chooses the figure there.
type figureStep struct{ answers }

func (s *figureStep) kind() step { return stepFigure }

func (s *figureStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	ti := len(g.S.Tiles) - 1
	var deploys, rest []choice
	for _, a := range e.legal() {
		a := a
		switch a.Verb {
		case referee.VerbDeploy:
			l, err := g.S.SegByPlace(ti, a.Place)
			if err != nil {
				continue
			}
			seg := g.S.Tiles[ti].Seg(l)
			label := loc.T("ui.opt.deploy", map[string]any{"Figure": e.figureWord(kindOf(a), g.S.SegKind(seg)),
				"Feature": e.segName(seg)})
			deploys = append(deploys, choice{label: label, act: &a, preview: e.showFigure(seg, kindOf(a)),
				seg: seg, hasSeg: true})
		case referee.VerbPass:
			rest = append([]choice{{label: loc.T("ui.opt.pass", nil), act: &a}}, rest...)
		case referee.VerbReturnAbbot:
			seg := s.abbotAt(a.Pos)
			rest = append(rest, choice{label: loc.T("ui.opt.return_abbot", map[string]any{"Feature": e.segWhere(seg)}),
				act: &a, preview: e.showFigure(seg, engine.Abbot)})
		}
	}
	slices.SortStableFunc(deploys, func(a, b choice) int {
		return boolInt(a.act.Abbot) - boolInt(b.act.Abbot)
	})
	e.ask("ui.ask.figure", map[string]any{"Tile": g.S.Tiles[ti].Type.ID})
	e.offer(append(deploys, rest...))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// abbotAt returns the segment of the deciding player's abbot on the tile at p.
func (s *figureStep) abbotAt(p referee.Pos) int32 {
	e := s.e
	st := e.g.S
	for i := range st.Figures {
		f := &st.Figures[i]
		if int(f.Player) != e.who || f.Kind != engine.Abbot || f.Where != engine.OnBoard {
			continue
		}
		ti, _ := st.SegTile(f.Seg)
		if q := st.Tiles[ti].Pos; q.X == p.X && q.Y == p.Y {
			return f.Seg
		}
	}
	return -1
}
