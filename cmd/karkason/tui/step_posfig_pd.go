package tui

import (
	"errors"
	"slices"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The dragon and the fairy of a board as it lies (POS-13, POS-14; `position dragon`, `position fairy`), entered in
// the figure step of the position (step_posfig.go) on the tile under the cursor, one key each, after the figures'
// answers: the dragon on this tile (or off it), the fairy next to each follower, large follower or abbot standing on
// this tile, or on it next to nobody (PD-15), or off it. A position holds one dragon and one fairy: putting either on
// another tile moves it there (the line is replaced). The referee checks each (CanPlaceDragon, CanSetFairy: not on
// a figure, not on the fairy's tile, not into the City, ...) and the whole position at the end (POS-13: the dragon
// exactly when a volcano lies).

// pdPosChoices are the answers of the dragon and the fairy on the tile at cur (figs: the figures standing on it).
func (s *posFigureStep) pdPosChoices(cur engine.Pos, figs []figureLine) []choice {
	e := s.e
	if !e.g.S.Opts.PrincessDragon {
		return nil
	}
	loc := e.t.u.loc
	lines := e.t.u.pos.draft().Lines()
	at := referee.Pos{X: cur.X, Y: cur.Y}
	dragon := slices.IndexFunc(lines, func(l referee.PositionLine) bool { return l.Kind == referee.PosDragon })
	fairy := slices.IndexFunc(lines, func(l referee.PositionLine) bool { return l.Kind == referee.PosFairy })
	set := func(old int, l referee.PositionLine) func() {
		return func() {
			e.t.posDo(func(st posSteps) error {
				if old >= 0 {
					return st.Replace(old, l)
				}
				return st.Add(l)
			}, nil)
		}
	}
	off := func(i int) func() {
		return func() { e.t.posDo(func(st posSteps) error { return st.Remove(i) }, nil) }
	}
	var out []choice
	if dragon >= 0 && lines[dragon].Pos == at {
		out = append(out, choice{label: loc.T("ui.pos.pd_dragon_off", nil), next: off(dragon)})
	} else {
		l := referee.PositionLine{Kind: referee.PosDragon, Pos: at}
		c := choice{label: loc.T("ui.pos.pd_dragon_here", nil), next: set(dragon, l)}
		out = append(out, c)
	}
	here := fairy >= 0 && e.g.S.PD.FairyOn && e.g.S.PD.Fairy == cur
	for _, f := range figs {
		fk, _ := f.l.Kind.Figure()
		if fk != engine.Follower && fk != engine.Large && fk != engine.Abbot {
			continue
		}
		if fairy >= 0 && lines[fairy].Colour == f.l.Colour && lines[fairy].Target == f.l.Target &&
			lines[fairy].FairyKind == f.l.Kind {
			continue // next to it already: "off" below
		}
		p := e.g.Player(f.l.Colour)
		l := referee.PositionLine{Kind: referee.PosFairy, Colour: f.l.Colour, Target: f.l.Target, FairyKind: f.l.Kind}
		out = append(out, choice{label: loc.T("ui.pos.pd_fairy_next", map[string]any{
			"Figure": e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(fk, e.g.S.SegKind(f.seg)) +
				", " + featureName(e.g, loc, f.seg, false)}), seg: f.seg, hasSeg: true, target: "fairy" + segTarget(f.seg),
			next: set(fairy, l)})
	}
	if !here || lines[fairy].Colour != "" {
		l := referee.PositionLine{Kind: referee.PosFairy, Pos: at}
		out = append(out, choice{label: loc.T("ui.pos.pd_fairy_alone", nil), next: set(fairy, l)})
	}
	if here {
		out = append(out, choice{label: loc.T("ui.pos.pd_fairy_off", nil), next: off(fairy)})
	}
	return out
}

// posTilesDone is posBoardDone for leaving the tiles for the figures: a volcano without the dragon yet (POS-13) is
// not refused there, since the dragon is entered with the figures; it is when the figures are left.
func (t *table) posTilesDone() bool {
	err := t.u.pos.draft().BoardDone()
	var r *referee.Refusal
	if errors.As(err, &r) && r.Rule == "POS-13" && r.Key == "err.pd_pos_dragon_missing" {
		return true
	}
	return t.posBoardDone()
}
