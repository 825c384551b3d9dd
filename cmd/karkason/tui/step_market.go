package tui

import (
	"slices"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// marketStep asks for a move of the market round at the end (COUNT-19): every market figure must go onto a field.
// acts are the referee's answers (referee.Legal; when the players stop early, earlyMarket's). The fields are listed
// by the completed cities they border, the most first (the engine's FieldScore: what a farmer there is after,
// FARM-5), each saying how many; the board's order among equals. The order holds for the whole round (no city is
// completed in it), so a field keeps its key from one go to the next.
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
	cities := map[int32]int{} // the completed cities each field listed borders (FieldScore), worked out once
	label := func(a referee.Action, seg int32, says string) string {
		if a.FigureKind() != engine.Follower { // the large follower (COMBO-15(b)) says so; a follower lies as a farmer
			return loc.T("ui.opt.onto", map[string]any{"Figure": e.figureWord(a.FigureKind(), engine.KField),
				"Feature": e.segWhere(seg)}) + says
		}
		return loc.T("ui.opt.market", map[string]any{"Feature": e.segWhere(seg)}) + says
	}
	var choices []choice
	for a, seg := range e.onFeatures(s.acts) {
		n := e.g.S.FieldScore(seg).Cities
		cities[seg] = n
		says := " — " + loc.T("ui.detail.cities", map[string]any{"Cities": n})
		c := choice{label: label(*a, seg, says), act: a, preview: e.showFigure(seg, a.FigureKind()),
			seg: seg, hasSeg: true, figure: a.FigureKind(), target: segTarget(e.g.S.Root(seg))}
		switch {
		case c.figure == engine.Follower:
			c.short = e.segWhere(seg) + says // a farmer, as every market figure lies
		case kindLetters[c.figure] != "" && len(choices) > 0 && choices[len(choices)-1].target == c.target:
			c.short = e.figureWord(c.figure, engine.KField) // D and the key of the follower's answer just above
		}
		choices = append(choices, c)
	}
	// (stable: a large follower's answer stays after its field's follower's, the same cities)
	slices.SortStableFunc(choices, func(a, b choice) int { return cities[b.seg] - cities[a.seg] })
	e.foldFigures(choices) // (where the answers do not all fit: the large follower's on its field's line)
	e.ask("ui.ask.market", map[string]any{"Count": e.g.S.MarketMovable(e.who)})
	e.offer(choices)
}
