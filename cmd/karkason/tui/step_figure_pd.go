package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The figure step's answers of The Princess & the Dragon (issue 28), as the referee lists them (Game.Legal,
// legalPDFigure): each is one key, on the board too (choice.hasSeg: the key stands on the feature it names).
//
//   - The fairy next to one of the player's own followers (PD-14): the key on the follower's feature. Its target is
//     its own ("fairy" and the segment), so that it never shares a key with a figure put on that feature.
//   - The princess sends a knight of her city back (PD-21): the key on the knight's city, its target its own.
//   - Through a magic portal (PD-23) a figure goes onto any unoccupied, incomplete feature of the board: every such
//     feature is an answer with its key on the board, as the tile's own features are; the large follower's and
//     the abbot's answers share the feature's key as they do on the tile (kindLetters).

// pdChoice is the answer of a fairy or princess action a (a copy the choice keeps).
func (s *figureStep) pdChoice(a *referee.Action) (choice, bool) {
	e := s.e
	g, loc := e.g, e.t.u.loc
	seg, ok := e.refSeg(a.Target)
	if !ok {
		return choice{}, false
	}
	fig := e.figureWord(a.FigureKind(), g.S.SegKind(seg))
	switch a.Verb {
	case referee.VerbFairy:
		return choice{label: loc.T("ui.pd.opt_fairy", map[string]any{"Figure": fig, "Feature": e.segWhere(seg)}),
			short: loc.T("ui.pd.short_fairy", map[string]any{"Feature": e.segWhere(seg)}), act: a,
			preview: e.showFairy(seg), seg: seg, hasSeg: true, target: "fairy" + segTarget(seg)}, true
	case referee.VerbPrincess:
		owner := g.Player(a.Victim)
		name := ""
		if owner >= 0 {
			name = g.Name(owner)
		}
		return choice{label: loc.T("ui.pd.opt_princess", map[string]any{"Figure": fig, "Owner": name,
			"Feature": e.segWhere(seg)}), short: loc.T("ui.pd.short_princess", map[string]any{"Owner": name,
			"Feature": e.segWhere(seg)}), act: a, preview: e.showFigure(seg, a.FigureKind()), seg: seg, hasSeg: true,
			target: "princess" + segTarget(seg)}, true
	}
	return choice{}, false
}

// portalChoice is the answer of a deploy through a magic portal (a.Target set, PD-23).
func (s *figureStep) portalChoice(a *referee.Action) (choice, bool) {
	e := s.e
	seg, ok := e.refSeg(a.Target)
	if !ok {
		return choice{}, false
	}
	c := choice{label: s.deployLabel(*a), act: a, preview: e.showFigure(seg, a.FigureKind()), seg: seg, hasSeg: true,
		figure: a.FigureKind(), target: segTarget(seg)}
	switch {
	case c.figure == engine.Follower:
		c.short = e.segWhere(seg)
	case kindLetters[c.figure] != "": // (its feature is not the tile's: where it is, too)
		c.short = e.figureWord(c.figure, e.g.S.SegKind(seg)) + ": " + e.segWhere(seg)
	}
	return c, true
}

// portalLabel is "through the magic portal: follower onto city at 2,3", or "" when a is not a portal's deploy.
func (s *figureStep) portalLabel(a referee.Action) string {
	e := s.e
	if a.Target.IsZero() {
		return ""
	}
	seg, ok := e.refSeg(a.Target)
	if !ok {
		return a.Target.String()
	}
	return e.t.u.loc.T("ui.pd.opt_portal", map[string]any{"Figure": e.figureWord(a.FigureKind(), e.g.S.SegKind(seg)),
		"Feature": e.segWhere(seg)})
}

// showFairy previews the fairy beside the figure on segment seg: the board shows the fairy on that tile.
func (e *entry) showFairy(seg int32) func() {
	return func() {
		b := e.t.board
		ti, _ := e.g.S.SegTile(seg)
		p := e.g.S.Tiles[ti].Pos
		b.pd.fairyAt = &p
		b.centreOn(p)
	}
}
