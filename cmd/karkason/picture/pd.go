package picture

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The Princess & the Dragon in the picture (RULES-PD.md): the symbols printed on its tiles (the volcano is drawn by
// the layout, layout.go; the dragon, the magic portal and the princess here), and the two neutral figures over the
// tiles: the dragon, large, dark red with a gold outline and a gold eye (no player's colour is dark red and gold),
// on its tile (PD-7); the fairy, small and pale with wings, beside the follower it is assigned to (PD-15).

var (
	dragonCol   = rgb(0x7e1414)
	dragonEdge  = gold
	symDragon   = rgb(0xb8322a)
	portalCol   = rgb(0x5b3a9a)
	portalGlow  = rgb(0xd9c8ff)
	princessCol = rgb(0xf28fb8)
	fairyCol    = rgb(0xf4efff)
	fairyEdge   = rgb(0x6a3fb5)
	fairyWing   = rgb(0xbfe6ff)
	// The dragon (PD-7): side on, facing west: head, two wings up, the tail east, two legs.
	dragon = []Pt{{-0.5, -0.06}, {-0.42, -0.2}, {-0.28, -0.2}, {-0.2, -0.08}, {-0.1, -0.14}, {-0.08, -0.5},
		{0.06, -0.22}, {0.16, -0.5}, {0.22, -0.12}, {0.34, -0.08}, {0.5, -0.26}, {0.48, 0.0}, {0.36, 0.12},
		{0.3, 0.32}, {0.18, 0.32}, {0.16, 0.16}, {-0.02, 0.16}, {-0.04, 0.32}, {-0.16, 0.32}, {-0.16, 0.08},
		{-0.3, 0.0}, {-0.46, 0.04}}
	// The magic portal (PD-23): a gate with a round arch.
	portal = []Pt{{-0.34, 0.5}, {-0.34, -0.1}, {-0.3, -0.3}, {-0.17, -0.45}, {0, -0.5}, {0.17, -0.45}, {0.3, -0.3},
		{0.34, -0.1}, {0.34, 0.5}}
	portalIn = []Pt{{-0.2, 0.5}, {-0.2, -0.08}, {-0.12, -0.26}, {0, -0.32}, {0.12, -0.26}, {0.2, -0.08}, {0.2, 0.5}}
	// The princess (PD-21): a gown and a head under a gold crown.
	gown  = []Pt{{-0.34, 0.5}, {-0.12, -0.08}, {0.12, -0.08}, {0.34, 0.5}}
	crown = []Pt{{-0.16, -0.3}, {-0.16, -0.52}, {-0.08, -0.4}, {0, -0.54}, {0.08, -0.4}, {0.16, -0.52}, {0.16, -0.3}}
)

// symbolSize is the height of a symbol printed on a tile (tile units); symbolRoom the room it takes round its
// middle (the dragon's badge).
const (
	symbolSize = 0.24 * T
	symbolRoom = 0.17 * T
)

// placeSymbol finds where the tile's symbol of The Princess & the Dragon is drawn (a.symbol; the volcano has its own
// place): the princess in her city, beside the figure's place and clear of the pennant; the dragon and the portal on
// the ground where the most room is, away from the figures' places.
func (a *tileArt) placeSymbol() {
	y, city := a.t.PDSymbol()
	switch {
	case y == engine.SymPrincess && city >= 0 && city < len(a.feats):
		f := &a.feats[city]
		a.symbol, a.symbolS = f.anchor, 0.45
		pennant := a.pennants[city]
	fit:
		for _, sc := range []float64{1, 0.8, 0.65, 0.5} { // smaller in a shallow cap (pd-princesscapcorner)
			for _, d := range []Pt{{-0.2 * T, -0.08 * T}, {0.2 * T, -0.08 * T}, {0, -0.18 * T}, {-0.18 * T, 0.06 * T},
				{0.18 * T, 0.06 * T}, {0, 0.18 * T}, {-0.14 * T, 0}, {0.14 * T, 0}, {-0.26 * T, 0}, {0.26 * T, 0},
				{-0.22 * T, -0.04 * T}, {0.22 * T, -0.04 * T}} {
				q := add(f.anchor, d)
				if allIn(polyCircle(q, 0.1*T*sc, 12), f.regions) && (pennant == Pt{} || dist(q, pennant) > 0.16*T) {
					a.symbol, a.symbolS = q, sc
					break fit
				}
			}
		}
	case y == engine.SymDragon || y == engine.SymPortal:
		obst := a.othersExcept(nil)
		best, score, room := centre, -1e9, 0.0
		step := 0.025 * T
		for yy := 0.15 * T; yy <= 0.85*T+1e-9; yy += step {
			for x := 0.15 * T; x <= 0.85*T+1e-9; x += step {
				p := Pt{x, yy}
				s := min(p.X, p.Y, T-p.X, T-p.Y)
				for _, o := range obst {
					if inPoly(p, o) {
						s = -1
						break
					}
					s = min(s, polyDist(p, o))
				}
				near := 0.3 * T // the nearest figure's place, up to 0.3 T
				for i := range a.feats {
					if a.feats[i].kind != engine.KRiver {
						near = min(near, dist(p, a.feats[i].anchor))
					}
				}
				r := s
				s = 10*min(s, symbolRoom) + near // room for the symbol first, then away from the figures
				if s > score+1e-9 {
					best, score, room = p, s, r
				}
			}
		}
		a.symbol, a.symbolS = best, max(0.45, min(1, room/symbolRoom)) // smaller where room is short
	}
}

// drawSymbol adds the tile's symbol (rotation 0, tile units; the caller turns and shifts it).
func drawSymbol(top *Group, t *engine.TileType, p Pt, scale float64) {
	y, _ := t.PDSymbol()
	h := symbolSize * scale
	at := func(src []Pt, s float64) []Pt {
		out := make([]Pt, len(src))
		for i, q := range src {
			out[i] = Pt{p.X + q.X*h*s, p.Y + q.Y*h*s}
		}
		return out
	}
	switch y {
	case engine.SymDragon:
		top.add(circle(p, 0.58*h, rgb(0xf6e7c8), symDragon, 1.2))
		top.add(poly(symDragon, ink, 0.8, at(dragon, 0.95)...))
	case engine.SymPortal:
		top.add(poly(portalCol, ink, 1, at(portal, 1)...))
		top.add(poly(portalGlow, Colour{}, 0, at(portalIn, 1)...))
	case engine.SymPrincess:
		top.add(poly(princessCol, ink, 0.8, at(gown, 1)...))
		top.add(circle(Pt{p.X, p.Y - 0.18*h}, 0.12*h, rgb(0xf5d7b8), ink, 0.8))
		top.add(poly(gold, ink, 0.8, at(crown, 1)...))
	}
}

// drawPD draws over the tiles the dragon on its tile and the fairy beside its follower (or on its tile), when the
// game has The Princess & the Dragon and they are on the board.
func drawPD(g *referee.Game, at func(engine.Pos) (float64, float64)) Group {
	s := g.S
	grp := Group{Attrs: [][2]string{{"class", "princess-dragon"}}}
	if !s.Opts.PrincessDragon {
		return grp
	}
	if s.PD.DragonIn {
		x, y := at(s.PD.Dragon)
		grp.add(figureShape(dragon, Pt{x + 0.5*T, y + 0.55*T}, 0.62*T, dragonCol, dragonEdge, 2))
		grp.add(circle(Pt{x + 0.5*T - 0.39*0.62*T, y + 0.55*T - 0.13*0.62*T}, 0.025*T, gold, Colour{}, 0))
	}
	if s.PD.FairyOn {
		x, y := at(s.PD.Fairy)
		c := Pt{x + 0.5*T, y + 0.5*T}
		if fi := s.PD.FairyFig; fi >= 0 && fi < len(s.Figures) && s.Figures[fi].Where == engine.OnBoard {
			if ti, l := s.SegTile(s.Figures[fi].Seg); ti >= 0 && ti < len(s.Tiles) {
				t := &s.Tiles[ti]
				a := segAnchor(t.Type, l, int(t.Rot))
				c = Pt{x + a.X + 0.17*T, y + a.Y - 0.12*T} // at the follower's shoulder
			}
		}
		drawFairy(&grp, c, 0.34*T)
	}
	return grp
}

// drawFairy draws the fairy of height h at c: two wings, a gown, a head.
func drawFairy(grp *Group, c Pt, h float64) {
	grp.add(circle(Pt{c.X - 0.22*h, c.Y - 0.12*h}, 0.22*h, fairyWing, fairyEdge, 1))
	grp.add(circle(Pt{c.X + 0.22*h, c.Y - 0.12*h}, 0.22*h, fairyWing, fairyEdge, 1))
	grp.add(figureShape([]Pt{{-0.22, 0.5}, {-0.08, -0.1}, {0.08, -0.1}, {0.22, 0.5}}, c, h, fairyCol, fairyEdge, 1.2))
	grp.add(circle(Pt{c.X, c.Y - 0.26*h}, 0.14*h, fairyCol, fairyEdge, 1.2))
}

// figureShape is the polygon src (unit coordinates) at c, height h.
func figureShape(src []Pt, c Pt, h float64, fill, stroke Colour, w float64) Shape {
	pts := make([]Pt, len(src))
	for i, p := range src {
		pts[i] = Pt{c.X + p.X*h, c.Y + p.Y*h}
	}
	return poly(fill, stroke, w, pts...)
}
