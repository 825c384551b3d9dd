package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
)

// Abbey & Mayor on the board (RULES-AM.md). The abbey is a tile (rasterTile: its centre a monastery, its edges the
// abbey's wall, abbeyWall). Its figures show the player's letter and a mark of their own, as the builder's ▲ and the pig's ●
// do (figureText): the mayor ♛ (AM-11), the wagon » (AM-14), the barn ■, which stands at a corner where four tiles
// meet (AM-21), not on a feature: the ■ on the corner cell of the tile south-east of its point, the letter beside it
// (drawBarn). While the figure step offers the barn, each corner of the tile just laid where it may stand shows the
// answer's key (drawCornerKeys).
const (
	mayorRune = '♛'
	wagonRune = '»'
	barnRune  = '■'
)

// abbeyWalls is the abbey's wall round its ⌂, drawn on the cells of its edges (AM-4: its sides join nothing):
// ╔═══╗ ║ ⌂ ║ ╚═══╝, so that an abbey is never read as a monastery in its fields.
var abbeyWalls = [tileH]string{"╔═══╗", "║   ║", "╚═══╝"}

// abbeyWall draws the abbey's wall on block b (rasterTile), leaving its centre.
func abbeyWall(b *[tileH][tileW]glyph) {
	for y := 0; y < tileH; y++ {
		for x, r := range []rune(abbeyWalls[y]) {
			if r != ' ' {
				b[y][x] = glyph{r: r, seg: -1, wall: true}
			} else if b[y][x].seg < 0 {
				b[y][x].r = ' '
			}
		}
	}
}

// cornerKey is the key of the barn's answer at corner (engine.CornerNames: NW NE SE SW) of the tile at pos; off:
// greyed (the referee refuses it now).
type cornerKey struct {
	pos    engine.Pos
	corner int
	key    string
	off    bool
}

// drawCornerKeys writes each barn answer's key at its corner of the tile (the 5x3 block's corner cell, the key read
// from the corner inwards), black on yellow; one character a tile, its first character on the tile.
func (b *boardView) drawCornerKeys(screen tcell.Screen, v view) {
	for _, k := range b.ckeys {
		if !v.in(k.pos) || k.key == "" || k.corner < 0 || k.corner > 3 {
			continue
		}
		st := keyStyle(k.off)
		key := []rune(k.key)
		sx, sy := v.at(k.pos)
		if b.zoom > 0 {
			screen.SetContent(sx, sy, key[0], nil, st)
			continue
		}
		c := corners[k.corner]
		x := sx + c.x
		if c.x > 0 {
			x = sx + tileW - len(key)
		}
		for i, r := range key {
			screen.SetContent(x+i, sy+c.y, r, nil, st)
		}
	}
}

// drawBarn draws the barn of figure fi at its point: ■ on the north-west cell of the tile south-east of the point
// (engine BarnCorner), the player's letter beside it, in the player's colour; one character a tile, ■ alone.
func (b *boardView) drawBarn(screen tcell.Screen, v view, fi int) {
	s := b.g.S
	p := s.BarnCorner(fi)
	if !v.in(p) {
		return
	}
	player := int(s.Figures[fi].Player)
	st := colourStyle(b.g.Colour(player))
	sx, sy := v.at(p)
	screen.SetContent(sx, sy, barnRune, nil, st)
	if b.zoom == 0 {
		screen.SetContent(sx+1, sy, b.names.markers[player], nil, st)
	}
}
