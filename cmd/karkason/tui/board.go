package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The board as it lies: each tile a block of tileW x tileH characters in table orientation (after rotation).
//
//	·▒▒▒·   city along the north edge (▒, ◆ a pennant)
//	─────   a road from west to east (─ │ ┌ ┐ └ ┘ ┼ ...)
//	·····   fields (·); river ≈ (○ spring or lake); ⌂ monastery, † shrine, ♣ garden; █ the City's walls
//
// Figures stand on their segment in their player's colour and show the player's letter (lower case: the abbot).

const (
	tileW = 5
	tileH = 3
)

// glyph is one character of a tile block: the rune, what it shows, and the local segment it belongs to (-1: none).
type glyph struct {
	r    rune
	kind engine.Kind
	seg  int
	wall bool // inside the City of Carcassonne: no segment
}

// Cells of a block, by role.
var (
	edgeCell = [4][2]int{{2, 0}, {4, 1}, {2, 2}, {0, 1}} // N E S W
	// innerCell is the cell between the centre and each edge's cell (none for N and S: the block has three rows).
	innerCell = [4][2]int{{-1, -1}, {3, 1}, {-1, -1}, {1, 1}}
	// fieldHalves lists, for each cell, the half-edges whose field it shows, best first.
	fieldHalves = [tileH][tileW][]int{
		{{0, 7}, {0}, {0, 1}, {1}, {1, 2}},
		{{7, 6}, {7, 0, 6}, {0, 1, 4, 5}, {2, 1, 3}, {2, 3}},
		{{5, 6}, {5}, {5, 4}, {4}, {4, 3}},
	}
	// corner cells and their two edges.
	corners = [4]struct{ x, y, a, b int }{{0, 0, engine.N, engine.W}, {4, 0, engine.N, engine.E},
		{4, 2, engine.S, engine.E}, {0, 2, engine.S, engine.W}}
)

// Box-drawing runes for the directions a road meets at the centre: bit e set = towards edge e (N=1 E=2 S=4 W=8).
var roadRunes = [16]rune{'•', '│', '─', '└', '│', '│', '┌', '├', '─', '┘', '─', '┴', '┐', '┤', '┬', '┼'}

// rasterTile draws tile type t at rotation rot (quarter turns clockwise).
func rasterTile(t *engine.TileType, rot int) [tileH][tileW]glyph {
	var b [tileH][tileW]glyph
	// Fields first: every cell shows the field of its half-edges; a cell with none is inside the City's walls. In
	// a cell of the City (a piece) only the cells along a field edge are field: the rest is the City itself.
	for y := 0; y < tileH; y++ {
		for x := 0; x < tileW; x++ {
			g := glyph{r: '·', kind: engine.KField, seg: -1}
			if t.Piece == nil || pieceFieldCell(t, rot, x, y) {
				for _, h := range fieldHalves[y][x] {
					if s := t.SegAtHalf(rot, h); s >= 0 {
						g.seg = s
						break
					}
				}
			}
			if g.seg < 0 {
				g = glyph{r: '█', seg: -1, wall: true}
			}
			b[y][x] = g
		}
	}
	// Cities: the edge cells, the corners they hold, and the way through the middle when a city joins edges.
	city := [4]int{-1, -1, -1, -1}
	for e := 0; e < 4; e++ {
		if t.Rotated(rot, e) == engine.City {
			city[e] = t.SegAtEdge(rot, e)
		}
	}
	set := func(x, y int, g glyph) {
		if x >= 0 && y >= 0 {
			b[y][x] = g
		}
	}
	cityGlyph := func(s int) glyph { return glyph{r: '▒', kind: engine.KCity, seg: s} }
	for e := 0; e < 4; e++ {
		s := city[e]
		if s < 0 {
			continue
		}
		set(edgeCell[e][0], edgeCell[e][1], cityGlyph(s))
		if e == engine.N || e == engine.S {
			set(1, edgeCell[e][1], cityGlyph(s))
			set(3, edgeCell[e][1], cityGlyph(s))
		}
		n := 0
		for f := 0; f < 4; f++ {
			if city[f] == s {
				n++
			}
		}
		if n >= 2 {
			set(2, 1, cityGlyph(s))
			set(innerCell[e][0], innerCell[e][1], cityGlyph(s))
		}
	}
	// A city on E or W that also reaches the opposite edge (a band) leaves the corners to the fields.
	band := func(e int) bool { return city[e] >= 0 && city[(e+2)%4] == city[e] }
	for _, c := range corners {
		sa, sb := city[c.a], city[c.b]
		if sa < 0 && band(c.b) {
			continue
		}
		switch {
		case sa >= 0 && (sb < 0 || sb == sa):
			b[c.y][c.x] = cityGlyph(sa)
		case sb >= 0 && sa < 0:
			b[c.y][c.x] = cityGlyph(sb)
		case sa >= 0 && b[c.y][c.x].wall && t.Piece == nil:
			b[c.y][c.x] = cityGlyph(sa) // two cities meet in a corner with no field between them
		}
	}
	// Pennants: on the city's edge cell.
	marked := map[int]bool{}
	for e := 0; e < 4; e++ {
		if s := city[e]; s >= 0 && t.Segs[s].Pennants > 0 && !marked[s] {
			marked[s] = true
			b[edgeCell[e][1]][edgeCell[e][0]].r = '◆'
		}
	}
	// Roads and rivers: from each edge towards the centre.
	centre := -1
	if t.Centre >= 0 {
		centre = int(t.Centre)
	}
	lines := func(ter engine.Terrain, kind engine.Kind, horiz, vert rune) int {
		dirs := 0
		for e := 0; e < 4; e++ {
			if t.Rotated(rot, e) != ter {
				continue
			}
			s := t.SegAtEdge(rot, e)
			dirs |= 1 << e
			r := vert
			if e == engine.E || e == engine.W {
				r = horiz
			}
			g := glyph{r: r, kind: kind, seg: s}
			set(edgeCell[e][0], edgeCell[e][1], g)
			set(innerCell[e][0], innerCell[e][1], g)
		}
		return dirs
	}
	roadDirs := lines(engine.Road, engine.KRoad, '─', '│')
	if roadDirs != 0 && centre < 0 {
		seg := -1
		for e := 0; e < 4; e++ {
			if roadDirs&(1<<e) != 0 {
				seg = t.SegAtEdge(rot, e)
				break
			}
		}
		b[1][2] = glyph{r: roadRunes[roadDirs], kind: engine.KRoad, seg: seg}
	}
	riverDirs := lines(engine.River, engine.KRiver, '≈', '≈')
	if riverDirs != 0 && centre < 0 {
		seg := -1
		n := 0
		for e := 0; e < 4; e++ {
			if riverDirs&(1<<e) != 0 {
				seg = t.SegAtEdge(rot, e)
				n++
			}
		}
		r := '≈'
		if n == 1 {
			r = '○' // a spring or a lake
		}
		b[1][2] = glyph{r: r, kind: engine.KRiver, seg: seg}
	}
	if centre >= 0 {
		k := t.Segs[centre].Kind
		r := '⌂'
		switch k {
		case engine.KShrine:
			r = '†'
		case engine.KGarden:
			r = '♣'
		}
		b[1][2] = glyph{r: r, kind: k, seg: centre}
	}
	return b
}

// pieceFieldCell reports whether cell x,y of a block lies along an edge of the tile that shows a field.
func pieceFieldCell(t *engine.TileType, rot, x, y int) bool {
	return (y == 0 && t.Rotated(rot, engine.N) == engine.Field) ||
		(y == tileH-1 && t.Rotated(rot, engine.S) == engine.Field) ||
		(x == 0 && t.Rotated(rot, engine.W) == engine.Field) ||
		(x == tileW-1 && t.Rotated(rot, engine.E) == engine.Field)
}

// anchor returns the cell of a block where a figure on local segment seg stands: the centre, an edge cell, then
// any cell of the segment.
func anchor(b *[tileH][tileW]glyph, seg int) (int, int) {
	order := [][2]int{{2, 1}, {2, 0}, {4, 1}, {2, 2}, {0, 1}, {1, 0}, {3, 0}, {1, 2}, {3, 2}, {1, 1}, {3, 1},
		{0, 0}, {4, 0}, {4, 2}, {0, 2}}
	for _, c := range order {
		if b[c[1]][c[0]].seg == seg {
			return c[0], c[1]
		}
	}
	return 2, 1
}

// glyphStyle is the colour of a glyph; alt shades every other tile so that tile borders show.
func glyphStyle(g glyph, alt bool) tcell.Style {
	field := tcell.NewRGBColor(0x2e, 0x5e, 0x1e)
	if alt {
		field = tcell.NewRGBColor(0x3a, 0x6e, 0x28)
	}
	st := tcell.StyleDefault.Background(field).Foreground(tcell.NewRGBColor(0x9a, 0xc8, 0x70))
	switch {
	case g.wall:
		return st.Background(tcell.NewRGBColor(0x60, 0x60, 0x60)).Foreground(tcell.NewRGBColor(0x90, 0x90, 0x90))
	case g.kind == engine.KCity:
		return st.Background(tcell.NewRGBColor(0x8a, 0x5a, 0x2a)).Foreground(tcell.NewRGBColor(0xe0, 0xc0, 0x90))
	case g.kind == engine.KRoad:
		return st.Foreground(tcell.ColorWhite)
	case g.kind == engine.KRiver:
		return st.Background(tcell.NewRGBColor(0x20, 0x50, 0xa0)).Foreground(tcell.NewRGBColor(0x90, 0xd0, 0xff))
	case g.kind.IsCentre():
		return st.Foreground(tcell.ColorWhite).Bold(true)
	}
	return st
}

// boardView draws the board of a game around a centre cell and, while a move is entered, a preview: a tile at a
// position and rotation, a figure on a segment, or a marked feature.
type boardView struct {
	*tview.Box
	g      *referee.Game
	names  *names
	cx, cy int  // the cell at the middle of the view
	follow bool // keep the last tile in view
	// preview
	pvTile *engine.TileType
	pvPos  engine.Pos
	pvRot  int
	pvFig  bool // show a figure of pvWho/pvKind on segment pvSeg (global)
	pvSeg  int32
	pvKind engine.FigureKind
	pvWho  int
	marks  []engine.Pos // cells to mark (legal positions)
}

func newBoardView() *boardView {
	b := &boardView{Box: tview.NewBox(), follow: true}
	b.SetBorder(true)
	return b
}

func (b *boardView) clearPreview() {
	b.pvTile, b.pvFig, b.marks = nil, false, nil
	b.pvSeg = -1
}

// lastPos is the cell of the last tile placed.
func (b *boardView) lastPos() engine.Pos {
	if b.g == nil || len(b.g.S.Tiles) == 0 {
		return engine.Pos{}
	}
	return b.g.S.Tiles[len(b.g.S.Tiles)-1].Pos
}

// centreOn moves the view so that p is visible: the whole board when it fits, else the least shift that shows p.
func (b *boardView) centreOn(p engine.Pos) {
	_, _, w, h := b.GetInnerRect()
	cols, rows := w/tileW, h/tileH
	if cols < 1 || rows < 1 {
		b.cx, b.cy = p.X, p.Y
		return
	}
	if b.g != nil && len(b.g.S.Tiles) > 0 {
		minX, minY, maxX, maxY := p.X, p.Y, p.X, p.Y
		for i := range b.g.S.Tiles {
			q := b.g.S.Tiles[i].Pos
			minX, maxX = min(minX, q.X), max(maxX, q.X)
			minY, maxY = min(minY, q.Y), max(maxY, q.Y)
		}
		// The board and a free ring around it (where the next tile goes), when it fits.
		if maxX-minX+3 <= cols && maxY-minY+3 <= rows {
			b.cx, b.cy = (minX+maxX+1)/2, (minY+maxY+1)/2
			return
		}
	}
	x0, y0 := b.cx-cols/2, b.cy-rows/2
	switch {
	case p.X < x0:
		b.cx -= x0 - p.X
	case p.X >= x0+cols:
		b.cx += p.X - (x0 + cols - 1)
	}
	switch {
	case p.Y < y0:
		b.cy -= y0 - p.Y
	case p.Y >= y0+rows:
		b.cy += p.Y - (y0 + rows - 1)
	}
}

func (b *boardView) pan(dx, dy int) {
	b.cx += dx
	b.cy += dy
	b.follow = false
}

// Draw draws the visible cells.
func (b *boardView) Draw(screen tcell.Screen) {
	b.Box.DrawForSubclass(screen, b)
	if b.g == nil {
		return
	}
	x, y, w, h := b.GetInnerRect()
	cols, rows := w/tileW, h/tileH
	if cols < 1 || rows < 1 {
		return
	}
	// Centre the grid in the inner rectangle.
	ox := x + (w-cols*tileW)/2
	oy := y + (h-rows*tileH)/2
	x0, y0 := b.cx-cols/2, b.cy-rows/2
	s := b.g.S
	last := len(s.Tiles) - 1
	for ti := range s.Tiles {
		p := &s.Tiles[ti]
		if p.Pos.X < x0 || p.Pos.X >= x0+cols || p.Pos.Y < y0 || p.Pos.Y >= y0+rows {
			continue
		}
		sx, sy := ox+(p.Pos.X-x0)*tileW, oy+(p.Pos.Y-y0)*tileH
		blk := rasterTile(p.Type, int(p.Rot))
		alt := (p.Pos.X+p.Pos.Y)&1 != 0
		for yy := 0; yy < tileH; yy++ {
			for xx := 0; xx < tileW; xx++ {
				st := glyphStyle(blk[yy][xx], alt)
				if ti == last && p.Type.Piece == nil {
					st = st.Underline(true)
				}
				screen.SetContent(sx+xx, sy+yy, blk[yy][xx].r, nil, st)
			}
		}
	}
	// Legal positions.
	for _, m := range b.marks {
		if m.X < x0 || m.X >= x0+cols || m.Y < y0 || m.Y >= y0+rows {
			continue
		}
		sx, sy := ox+(m.X-x0)*tileW, oy+(m.Y-y0)*tileH
		st := tcell.StyleDefault.Foreground(tcell.ColorYellow)
		screen.SetContent(sx+2, sy+1, '+', nil, st)
	}
	// Figures on the board.
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != engine.OnBoard {
			continue
		}
		b.drawFigure(screen, ox, oy, x0, y0, cols, rows, f.Seg, int(f.Player), f.Kind, false)
	}
	// The preview tile.
	if b.pvTile != nil {
		p := b.pvPos
		if p.X >= x0 && p.X < x0+cols && p.Y >= y0 && p.Y < y0+rows {
			sx, sy := ox+(p.X-x0)*tileW, oy+(p.Y-y0)*tileH
			blk := rasterTile(b.pvTile, b.pvRot)
			for yy := 0; yy < tileH; yy++ {
				for xx := 0; xx < tileW; xx++ {
					st := glyphStyle(blk[yy][xx], false).Reverse(true)
					screen.SetContent(sx+xx, sy+yy, blk[yy][xx].r, nil, st)
				}
			}
		}
	}
	if b.pvFig && b.pvSeg >= 0 && int(b.pvSeg) < s.SegCount() {
		b.drawFigure(screen, ox, oy, x0, y0, cols, rows, b.pvSeg, b.pvWho, b.pvKind, true)
	}
}

// drawFigure draws a figure standing on global segment seg.
func (b *boardView) drawFigure(screen tcell.Screen, ox, oy, x0, y0, cols, rows int, seg int32, player int,
	kind engine.FigureKind, preview bool) {
	s := b.g.S
	ti, local := s.SegTile(seg)
	p := &s.Tiles[ti]
	if p.Pos.X < x0 || p.Pos.X >= x0+cols || p.Pos.Y < y0 || p.Pos.Y >= y0+rows {
		return
	}
	blk := rasterTile(p.Type, int(p.Rot))
	ax, ay := anchor(&blk, local)
	sx, sy := ox+(p.Pos.X-x0)*tileW+ax, oy+(p.Pos.Y-y0)*tileH+ay
	st := colourStyle(b.g.Colour(player))
	if preview {
		st = st.Blink(true).Underline(true)
	}
	screen.SetContent(sx, sy, figureRune(b.names.markers[player], kind), nil, st)
}

// visible reports whether cell p is in view.
func (b *boardView) visible(p engine.Pos) bool {
	_, _, w, h := b.GetInnerRect()
	cols, rows := w/tileW, h/tileH
	x0, y0 := b.cx-cols/2, b.cy-rows/2
	return p.X >= x0 && p.X < x0+cols && p.Y >= y0 && p.Y < y0+rows
}
