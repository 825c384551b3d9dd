package picture

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The second screen's pictures (package screen, issue 27): the board and the chart of the scores as Build draws
// them for export, each on its own, so that a web page can lay them out beside its own scores.

// Board is the board of g as Build draws it (the tiles, the figures, the City's quarters), without the title and
// the scores panel, the last tile laid marked by a gold frame (its group has class "last" and its data-pos). Units
// are those of Build (T a tile's side); the picture is cropped to the board with a margin round it.
func Board(g *referee.Game, loc Translator) *Picture {
	full := Build(g, loc, "")
	minX, minY, maxX, maxY := bounds(g)
	boardW := float64(maxX-minX+1) * T
	boardH := float64(maxY-minY+1) * T
	p := &Picture{Background: full.Background, W: margin + boardW + margin, H: margin + boardH + margin}
	shift := [2]string{"transform", "translate(0 " + num(margin-titleH) + ")"}
	for _, grp := range full.Groups {
		if isPanel(grp) {
			continue
		}
		grp.Attrs = append(grp.Attrs[:len(grp.Attrs):len(grp.Attrs)], shift)
		p.Groups = append(p.Groups, grp)
	}
	if n := len(g.S.Tiles); n > 0 {
		last := g.S.Tiles[n-1]
		x := margin + float64(last.Pos.X-minX)*T
		y := margin + float64(last.Pos.Y-minY)*T
		grp := Group{Attrs: [][2]string{{"class", "last"}, {"data-pos", last.Pos.String()}}}
		grp.add(rect(x+2, y+2, T-4, T-4, Colour{}, gold, 4))
		p.Groups = append(p.Groups, grp)
	}
	return p
}

// Chart is the chart of the scores panel of Build on its own: the points of each player after each turn, one line
// a player in their colour, with its title. (The panel's player rows above it are drawn too, outside the picture:
// the page shows the players itself.)
func Chart(g *referee.Game, loc Translator) *Picture {
	top := 6 + float64(g.Players())*34 + 40 - 20 // drawScores: the rows, then the chart's title 40 below them
	p := &Picture{Background: paper, W: panelW + 2*margin, H: chartH + 24}
	grp := drawScores(g, loc, margin, 0)
	grp.Attrs = append(grp.Attrs, [2]string{"transform", "translate(0 " + num(-top) + ")"})
	p.Groups = append(p.Groups, grp)
	return p
}

// isPanel tells the title and the scores groups of Build apart from the board's.
func isPanel(grp Group) bool {
	for _, a := range grp.Attrs {
		if a[0] == "class" && (a[1] == "title" || a[1] == "scores") {
			return true
		}
	}
	return false
}

// bounds is the board's extent in tile positions (0s for a board of no tile): Build's, and the second screen's.
func bounds(g *referee.Game) (minX, minY, maxX, maxY int) {
	for i, t := range g.S.Tiles {
		if i == 0 || t.Pos.X < minX {
			minX = t.Pos.X
		}
		if i == 0 || t.Pos.Y < minY {
			minY = t.Pos.Y
		}
		if i == 0 || t.Pos.X > maxX {
			maxX = t.Pos.X
		}
		if i == 0 || t.Pos.Y > maxY {
			maxY = t.Pos.Y
		}
	}
	return
}

// Tile is one tile on its own as Build draws it on the board, turned rot quarter turns clockwise, with a thin
// margin round it: the tile in the table's hand on the second screen. Units are those of Build (T a side).
func Tile(t *engine.TileType, rot int) *Picture {
	const m = 4.0
	p := &Picture{Background: paper, W: T + 2*m, H: T + 2*m}
	grp := Group{Attrs: [][2]string{{"data-tile", t.ID}}}
	drawTile(&grp, t, rot, m, m)
	p.Groups = append(p.Groups, grp)
	return p
}
