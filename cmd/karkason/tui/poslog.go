package tui

import (
	"github.com/karkason/karkason/referee"
)

// posLogLine is a line of a position being entered as the log shows it: in the player's language, the player by
// name ("Аня: підданець, 1,0:N"), not the record's English words ("position red follower 1,0:N").
func (t *table) posLogLine(g *referee.Game, l referee.PositionLine) string {
	loc := t.u.loc
	who := string(l.Colour)
	for _, p := range g.Setup.Players {
		if p.Colour == l.Colour {
			who = p.Name
		}
	}
	quarter := func(q string) string { return loc.T("term.quarter."+q, nil) }
	switch l.Kind {
	case referee.PosTile:
		tile := l.Tile
		if tt := g.Cat.Tile(l.Tile); tt != nil {
			tile = tileName(loc, tt, l.Rot/90)
		}
		return loc.T("ui.pos.log.tile", map[string]any{"Tile": tile, "Cell": l.Pos.String(), "Rot": l.Rot})
	case referee.PosFollower, referee.PosAbbot, referee.PosLarge, referee.PosBuilder, referee.PosPig, referee.PosKing,
		referee.PosRobber:
		fig := map[referee.PositionKind]string{referee.PosFollower: "term.follower", referee.PosAbbot: "term.abbot",
			referee.PosLarge: "term.large", referee.PosBuilder: "term.builder", referee.PosPig: "term.pig",
			referee.PosKing: "term.king", referee.PosRobber: "term.robber_baron"}[l.Kind]
		figure, where := loc.T(fig, nil), l.Target.String()
		if seg, ok := refSeg(g, l.Target.String()); ok && l.Quarter == "" {
			// In the words of the figure list: a follower on a field is a farmer, on a shrine a heretic.
			where = featureName(g, loc, seg, true)
			if fk, ok := l.Kind.Figure(); ok {
				figure = t.entry.figureWord(fk, g.S.SegKind(seg))
			}
		}
		if l.Quarter != "" {
			where = quarter(l.Quarter)
		}
		return loc.T("ui.pos.log.figure", map[string]any{"Player": who, "Figure": figure, "Feature": where})
	case referee.PosCount:
		return loc.T("ui.pos.log.count", map[string]any{"Quarter": quarter(l.Quarter)})
	case referee.PosGifts:
		return loc.T("ui.pos.log.gifts", map[string]any{"Player": who, "N": l.N})
	case referee.PosWine, referee.PosGrain, referee.PosCloth: // goods tokens (POS-11)
		return loc.T("ui.pos.log.goods", map[string]any{"Player": who, "N": l.N,
			"Goods": loc.T("term.goods."+string(l.Kind), nil)})
	case referee.PosScore:
		return loc.T("ui.pos.log.score", map[string]any{"Player": who, "N": l.N})
	case referee.PosTurn:
		return loc.T("ui.pos.log.turn", map[string]any{"Player": who})
	}
	return l.String()
}
