package picture

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Abbey & Mayor in the picture (RULES-AM.md): the abbey drawn as a walled monastery (a red wall round its cell, as
// its art), the mayor a follower with a crown, the wagon a cart, the barn a house drawn on the point where its four
// tiles meet (DEF-19), over the tiles.

var (
	abbeyWall  = rgb(0xa83a2c)
	abbeyCourt = rgb(0xd9cdb2) // the abbey's paved courtyard
	// The mayor (AM-11): a follower with a crown.
	mayor = []Pt{{-0.16, -0.62}, {-0.08, -0.52}, {0, -0.64}, {0.08, -0.52}, {0.16, -0.62}, {0.16, -0.4}, {0.12, -0.22},
		{0.5, -0.1}, {0.5, 0.04}, {0.2, 0.04}, {0.36, 0.5}, {0.08, 0.5}, {0, 0.32}, {-0.08, 0.5}, {-0.36, 0.5},
		{-0.2, 0.04}, {-0.5, 0.04}, {-0.5, -0.1}, {-0.12, -0.22}, {-0.16, -0.4}}
	// The wagon (AM-14): a cart seen from the side, two wheels.
	wagon = []Pt{{-0.5, -0.3}, {0.5, -0.3}, {0.5, 0.1}, {0.36, 0.1}, {0.32, 0.34}, {0.14, 0.34}, {0.1, 0.1},
		{-0.1, 0.1}, {-0.14, 0.34}, {-0.32, 0.34}, {-0.36, 0.1}, {-0.5, 0.1}}
	// The barn (AM-21): a house with a steep roof.
	barn = []Pt{{-0.45, 0.4}, {-0.45, -0.08}, {0, -0.5}, {0.45, -0.08}, {0.45, 0.4}}
)

// amShape returns the outline of a figure of Abbey & Mayor and whether it never lies (a wagon or a barn: they never
// stand on a field as a farmer), nil for any other kind.
func amShape(kind engine.FigureKind) ([]Pt, bool) {
	switch kind {
	case engine.Mayor:
		return mayor, false
	case engine.Wagon:
		return wagon, true
	case engine.Barn:
		return barn, true
	}
	return nil, false
}

// drawAM draws over the tiles the abbeys' walls and the barns at their points.
func drawAM(g *referee.Game, at func(engine.Pos) (float64, float64)) Group {
	s := g.S
	grp := Group{Attrs: [][2]string{{"class", "abbey-mayor"}}}
	if !s.Opts.AbbeyMayor {
		return grp
	}
	for i := range s.Tiles {
		if t := &s.Tiles[i]; t.Type.Abbey {
			x, y := at(t.Pos)
			grp.add(rect(x+3, y+3, T-6, T-6, Colour{}, abbeyWall, 5))
		}
	}
	for _, f := range s.Figures {
		if f.Kind != engine.Barn || f.Where != engine.OnBoard {
			continue
		}
		ti, _ := s.SegTile(f.Seg)
		x, y := at(s.Tiles[ti].Pos) // the point is the NW corner of the tile south-east of it
		col := g.Colour(int(f.Player))
		grp.add(figure(engine.Barn, Pt{x, y}, 0.3*T, false, PlayerColour(col), outlineFor(col)))
	}
	return grp
}

// abbeyCourt makes the abbey's monastery the whole cell (AM-3: the abbey has no field; tiles-am.md: "a walled abbey
// filling the whole tile"): its courtyard is drawn paved (drawTile), its chapel in the middle, its wall by drawAM.
func (a *tileArt) abbeyCourt() {
	if c := a.t.Centre; c >= 0 {
		a.feats[c].regions = []region{{pts: []Pt{{0, 0}, {T, 0}, {T, T}, {0, T}}}}
	}
}
