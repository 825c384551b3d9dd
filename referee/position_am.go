package referee

import "github.com/karkason/karkason/engine"

// Positions with Abbey & Mayor (RULES-AM.md section 5: POS-3 amended, POS-16, POS-17; record format "Abbey & Mayor",
// Positions): abbeys on the board laid last, each into a hole of the position (POS-16: the cell's four neighbours
// filled, AM-4), barns at barn points (DEF-19) with no farmer or pig on their field (AM-24), mayors and wagons as
// figures (CanStand: AM-11, AM-14), whether each player still holds their abbey (default 1), and the abbeys on the
// board plus those held at most the players (POS-16). A whole position with the land stack empty and abbeys held goes
// on with the end-of-game abbey round from the player named by `position turn` (POS-17: finishPosition).

// layAbbeys lays the position's abbeys after every other tile, each into its hole (POS-16, AM-4). While an entry is
// under way (draftPosition) an abbey whose cell is not a hole yet is laid all the same (a board read row by row
// reaches the abbey before the tile below it): the whole position checks its hole.
func (g *Game) layAbbeys(lines []PositionLine, mode positionMode) error {
	for _, l := range lines {
		if l.Kind != PosTile || l.Tile != TileAbbey {
			continue
		}
		if !g.S.Opts.AbbeyMayor {
			return atLine(l, refusal("POS-2", "err.pos.not_in_game", "tile", l.Tile))
		}
		p := engine.Pos{X: l.Pos.X, Y: l.Pos.Y}
		if g.S.At(p) != nil {
			return atLine(l, refusal("POS-1", "err.pos.two_tiles", "pos", p))
		}
		if err := g.S.CanPlace(g.S.AbbeyType(), p, 0); err != nil && (mode != draftPosition || holeFilled(g.S, p)) {
			return lineRefusal(l, err)
		}
		g.S.LayAbbey(p)
	}
	return nil
}

// holeFilled reports whether the four neighbours of cell p hold tiles (DEF-18).
func holeFilled(s *engine.State, p engine.Pos) bool {
	for e := 0; e < 4; e++ {
		if s.At(p.Neighbour(e)) == nil {
			return false
		}
	}
	return true
}

// layAM applies a barn or abbey line of a position (POS-3 amended, POS-16).
func (g *Game) layAM(l PositionLine, who int, once func(PositionLine, string, string) error) error {
	if l.Kind == PosAbbey {
		if err := once(l, "POS-16", "abbey "+string(l.Colour)); err != nil {
			return err
		}
		return g.S.SetAbbey(who, l.N)
	}
	c, _ := engine.ParseCorner(l.Target.Place)
	return g.S.StandBarn(who, engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}, c)
}

// checkAMPosition checks what only the whole position shows: no farmer or pig on a field with a barn (AM-24), and the
// abbeys on the board plus those held at most the players (POS-16).
func (g *Game) checkAMPosition(lines []PositionLine) error {
	s := g.S
	if !s.Opts.AbbeyMayor || len(lines) == 0 {
		return nil
	}
	last := lines[len(lines)-1]
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != engine.OnBoard || f.Kind == engine.Barn || s.SegKind(f.Seg) != engine.KField {
			continue
		}
		if s.BarnsOn(f.Seg) != 0 {
			return atLine(last, refusal("AM-24", "err.am.barn_field_closed", "figure", f.Kind.String()))
		}
	}
	n := 0
	for _, t := range s.Tiles {
		if t.Type.Abbey {
			n++
		}
	}
	for p := 0; p < g.Players(); p++ {
		if s.Abbeys[p] {
			n++
		}
	}
	if n > g.Players() {
		return atLine(last, refusal("POS-16", "err.am.pos_abbeys", "count", n))
	}
	return nil
}

// abbeyLines appends `position COLOUR abbey 0` for each player who no longer holds their abbey (POS-16).
func (g *Game) abbeyLines(out []PositionLine) []PositionLine {
	if !g.S.Opts.AbbeyMayor {
		return out
	}
	for p := 0; p < g.Players(); p++ {
		if !g.S.Abbeys[p] {
			out = append(out, PositionLine{Kind: PosAbbey, Colour: g.Colour(p), N: 0})
		}
	}
	return out
}
