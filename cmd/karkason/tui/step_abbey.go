package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// abbeyChoices adds to the tile step's answers, with nothing typed, the abbey into each hole where the referee lets
// it lie now (SEQ-0b, AM-3, AM-4: instead of drawing) and, in the end-of-game abbey round, the pass (AM-10).
func (e *entry) abbeyChoices(choices *[]choice) {
	if !e.g.S.Opts.AbbeyMayor {
		return
	}
	loc := e.t.u.loc
	for _, a := range e.legal() {
		switch {
		case a.Verb == referee.VerbPlace && a.Tile == referee.TileAbbey:
			*choices = append(*choices, choice{label: loc.T("ui.am.abbey_at", map[string]any{"Pos": a.Pos.String()}),
				act: &a})
		case a.Verb == referee.VerbAbbeyPass:
			*choices = append(*choices, choice{label: loc.T("ui.am.abbey_pass", nil), act: &a})
		}
	}
}

// barnChoice is the figure step's answer that puts the barn at a corner of the tile just placed (AM-21).
func (e *entry) barnChoice(a *referee.Action) choice {
	return choice{label: e.t.u.loc.T("ui.am.barn_at", map[string]any{"Corner": localPlace(e.t.u.loc, a.Place)}), act: a,
		figure: engine.Barn}
}
