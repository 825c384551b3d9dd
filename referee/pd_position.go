package referee

import "github.com/karkason/karkason/engine"

// The dragon and the fairy of a position (record format, P&D section 3; RULES-PD.md POS-13..15): `position dragon
// x,y`, `position fairy COLOUR x,y:PLACE [large|abbot]`, `position fairy x,y`. They are laid after every figure,
// whatever the order of the lines; a whole position then holds the dragon exactly when it holds a volcano (POS-13).
// A position is between turns: no movement of the dragon is under way and no tile is set aside (POS-12, POS-15).

// layPD lays the position's dragon and fairy lines (POS-13, POS-14) and, for a whole position, checks POS-13 on the
// board: a dragon tile needs a volcano (PD-5), a volcano needs the dragon, and the dragon needs one of them.
func (g *Game) layPD(lines []PositionLine, mode positionMode) error {
	var last, dragonLine *PositionLine
	seen := map[PositionKind]int{}
	for i := range lines {
		l := &lines[i]
		if l.Kind != PosDragon && l.Kind != PosFairy {
			continue
		}
		last = l
		if !g.S.Opts.PrincessDragon {
			return atLine(*l, refusal("CFG-3", "err.pd_no_module"))
		}
		if prev, dup := seen[l.Kind]; dup {
			return atLine(*l, refusal(map[PositionKind]string{PosDragon: "POS-13", PosFairy: "POS-14"}[l.Kind],
				"err.pos.twice", "line", prev))
		}
		seen[l.Kind] = l.Line
	}
	for i := range lines { // the dragon first: the fairy's tile is checked against it
		if l := &lines[i]; l.Kind == PosDragon {
			dragonLine = l
			p := engine.Pos{X: l.Pos.X, Y: l.Pos.Y}
			if err := g.S.CanPlaceDragon(p); err != nil {
				return lineRefusal(*l, err)
			}
			g.S.PlaceDragon(p)
		}
	}
	for i := range lines {
		l := &lines[i]
		if l.Kind != PosFairy {
			continue
		}
		p, fi := engine.Pos{X: l.Pos.X, Y: l.Pos.Y}, -1
		if l.Colour != "" {
			seg, err := g.featureAt(l.Target)
			if err != nil {
				return lineRefusal(*l, err)
			}
			kind, _ := l.FairyKind.Figure()
			if fi = g.S.FigureAt(g.Player(l.Colour), kind, seg); fi < 0 {
				return atLine(*l, refusal("POS-14", "err.pd_fairy_no_follower"))
			}
			p = engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}
		}
		if err := g.S.CanSetFairy(p, fi); err != nil {
			return lineRefusal(*l, err)
		}
		g.S.SetFairy(p, fi)
	}
	if mode != wholePosition || !g.S.Opts.PrincessDragon {
		return nil
	}
	volcano, dragonTile := false, false
	var dragonTileLine *PositionLine
	for i := range lines {
		if l := &lines[i]; l.Kind == PosTile {
			if t := g.Cat.Tile(l.Tile); t != nil {
				volcano = volcano || g.S.IsVolcano(t)
				if t.IsDragonTile() && dragonTileLine == nil {
					dragonTile, dragonTileLine = true, l
				}
			}
		}
	}
	switch {
	case dragonTile && !volcano:
		return atLine(*dragonTileLine, refusal("PD-5", "err.pd_pos_dragon_tile_no_volcano", "tile", dragonTileLine.Tile))
	case volcano && !g.S.PD.DragonIn:
		r := refusal("POS-13", "err.pd_pos_dragon_missing")
		if last != nil {
			return atLine(*last, r)
		}
		return atLine(lines[len(lines)-1], r)
	case !volcano && g.S.PD.DragonIn:
		return atLine(*dragonLine, refusal("POS-13", "err.pd_pos_dragon_not_in_play"))
	}
	return nil
}

// pdPositionLines appends the position lines of the dragon and the fairy (POS-13, POS-14).
func (g *Game) pdPositionLines(out []PositionLine) []PositionLine {
	s := g.S
	if s.PD.DragonIn {
		out = append(out, PositionLine{Kind: PosDragon, Pos: Pos{s.PD.Dragon.X, s.PD.Dragon.Y}})
	}
	if !s.PD.FairyOn {
		return out
	}
	if p := s.FairyOwner(); p >= 0 {
		f := &s.Figures[s.PD.FairyFig]
		return append(out, PositionLine{Kind: PosFairy, Colour: g.Colour(p), Target: g.exactRef(f.Seg),
			FairyKind: figurePosition[f.Kind]})
	}
	return append(out, PositionLine{Kind: PosFairy, Pos: Pos{s.PD.Fairy.X, s.PD.Fairy.Y}})
}
