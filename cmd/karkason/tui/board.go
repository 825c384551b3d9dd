package tui

import (
	"slices"
	"strings"

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
//	─¤───   an inn on a road (¤), a cathedral in a city (‡): Inns & Cathedrals, as printed on the tile
//	▒∪▒▒▒   a goods symbol in a city: ∪ wine, ψ grain, ≡ cloth (Traders & Builders, TB-1), in the goods' colour
//
// Figures stand on their segment in their player's colour and show the player's letter (lower case: the abbot;
// twice, on two cells, the large follower, which counts 2: "АА"; the letter and ▲ the builder, the letter and ● the
// pig, which count for nothing: "А▲", "А●"; one character a tile, ▲ or ● alone, under a follower).

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
	dim  bool // not known yet: an edge not typed (rasterEdges)
	// goods is 1 + the kind of goods of a goods symbol drawn here (Traders & Builders), 0 for none.
	goods uint8
	// pd is the The Princess & the Dragon symbol printed here (board_pd.go), NoSymbol for none.
	pd engine.PDSymbol
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
			if g.seg < 0 && t.Piece != nil {
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
		r := roadRunes[roadDirs]
		if roadDirs == 15 && t.SegAtEdge(rot, engine.N) != t.SegAtEdge(rot, engine.S) {
			// Two bends that do not meet (ic-2bends): the middle shows which edges each joins, so that its two
			// ways to lie look different (issue 30): ╱ the bends N–W and E–S, ╲ the bends N–E and S–W.
			switch t.SegAtEdge(rot, engine.N) {
			case t.SegAtEdge(rot, engine.W):
				r = '╱'
			case t.SegAtEdge(rot, engine.E):
				r = '╲'
			}
		}
		b[1][2] = glyph{r: r, kind: engine.KRoad, seg: seg}
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
	// Inns and cathedrals (printed on the tile; they score with their module, IC-7, IC-8): on a cell of their road
	// or city where neither a figure (anchor) nor a key (keyAnchor) goes, if there is one.
	for l := range t.Segs {
		if r := markRune(t.Segs[l].Marks); r != 0 {
			x, y := markCell(&b, l)
			b[y][x].r = r
		}
		// A goods symbol (Traders & Builders, TB-1): printed in its city whatever the modules, like an inn.
		if k, ok := t.Segs[l].Goods.First(); ok {
			x, y := markCell(&b, l)
			b[y][x].r, b[y][x].goods = goodsRunes[k], uint8(k)+1
		}
	}
	if t.Abbey {
		abbeyWall(&b) // board_am.go
	}
	pdSymbolGlyph(&b, t) // a volcano, a magic portal, the princess (board_pd.go)
	return b
}

// goodsRunes are the goods symbols on the board (Traders & Builders, TB-1), by engine.GoodsKind: ∪ wine (a cup),
// ψ grain (a sheaf), ≡ cloth (a bolt).
var goodsRunes = [engine.NumGoods]rune{engine.Wine: '∪', engine.Grain: 'ψ', engine.Cloth: '≡'}

// goodsColours are the goods symbols' colours: wine purple, grain yellow, cloth light blue.
var goodsColours = [engine.NumGoods]tcell.Color{engine.Wine: tcell.NewRGBColor(0xc0, 0x60, 0xe0),
	engine.Grain: tcell.NewRGBColor(0xff, 0xe0, 0x40), engine.Cloth: tcell.NewRGBColor(0x80, 0xd8, 0xff)}

// Inn and cathedral marks on the board (Inns & Cathedrals).
const (
	innRune       = '¤'
	cathedralRune = '‡'
)

// markRune is the rune of a segment's marks: the cathedral's, the inn's; 0 for none.
func markRune(m engine.Mark) rune {
	switch {
	case m.Has(engine.MarkCathedral):
		return cathedralRune
	case m.Has(engine.MarkInn):
		return innRune
	}
	return 0
}

// markCell is the cell where the mark of local segment seg is drawn: its second cell in anchor order (the first
// is a figure's, the last a key's), else its last, else its first.
func markCell(b *[tileH][tileW]glyph, seg int) (int, int) {
	var cells [][2]int
	for _, c := range anchorOrder {
		if b[c[1]][c[0]].seg == seg {
			cells = append(cells, c)
		}
	}
	switch {
	case len(cells) >= 3:
		return cells[1][0], cells[1][1]
	case len(cells) > 0:
		return cells[len(cells)-1][0], cells[len(cells)-1][1]
	}
	return anchor(b, seg)
}

// rasterEdges draws a tile being typed from the edges typed so far (N first, clockwise): each typed edge as it
// shows on a tile (a city along it, a road or river to the middle, a field), the edges not typed yet as a dim "?".
// It is the picture of what was typed, before any tile is chosen: a wrong rotation shows against the tiles beside.
func rasterEdges(edges []engine.Terrain) [tileH][tileW]glyph {
	var b [tileH][tileW]glyph
	for y := 0; y < tileH; y++ {
		for x := 0; x < tileW; x++ {
			b[y][x] = glyph{r: ' ', kind: engine.KField, seg: -1, dim: true}
		}
	}
	for e := 0; e < 4; e++ {
		x, y := edgeCell[e][0], edgeCell[e][1]
		if e >= len(edges) {
			b[y][x] = glyph{r: '?', kind: engine.KField, seg: -1, dim: true}
			continue
		}
		g := glyph{r: '·', kind: engine.KField, seg: -1}
		switch edges[e] {
		case engine.City:
			g = glyph{r: '▒', kind: engine.KCity, seg: -1}
		case engine.Road:
			g = glyph{r: '│', kind: engine.KRoad, seg: -1}
			if e == engine.E || e == engine.W {
				g.r = '─'
			}
		case engine.River:
			g = glyph{r: '≈', kind: engine.KRiver, seg: -1}
		}
		b[y][x] = g
		if e == engine.N || e == engine.S {
			if g.kind == engine.KCity || g.kind == engine.KField {
				b[y][1], b[y][3] = g, g
			}
		} else if g.kind != engine.KField {
			b[innerCell[e][1]][innerCell[e][0]] = g
		}
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

// anchorOrder is the order in which the cells of a block (x, y) are tried for what is drawn on a segment: the
// centre, the middles of the four edges, the cells between, the corners last (anchor, keyAnchor, markCell).
var anchorOrder = [...][2]int{{2, 1}, {2, 0}, {4, 1}, {2, 2}, {0, 1}, {1, 0}, {3, 0}, {1, 2}, {3, 2}, {1, 1}, {3, 1},
	{0, 0}, {4, 0}, {4, 2}, {0, 2}}

// anchor returns the cell of a block where a figure on local segment seg stands: the centre, an edge cell, then
// any cell of the segment.
func anchor(b *[tileH][tileW]glyph, seg int) (int, int) {
	for _, c := range anchorOrder {
		if b[c[1]][c[0]].seg == seg {
			return c[0], c[1]
		}
	}
	return 2, 1
}

// glyphStyle is the colour of a glyph; alt shades every other tile so that tile borders show.
func glyphStyle(g glyph, alt bool) tcell.Style {
	if g.pd != engine.NoSymbol {
		plain := g
		plain.pd = engine.NoSymbol
		return pdGlyphStyle(g, glyphStyle(plain, alt))
	}
	field := tcell.NewRGBColor(0x2e, 0x5e, 0x1e)
	if alt {
		field = tcell.NewRGBColor(0x3a, 0x6e, 0x28)
	}
	st := tcell.StyleDefault.Background(field).Foreground(tcell.NewRGBColor(0x9a, 0xc8, 0x70))
	switch {
	case g.dim:
		return tcell.StyleDefault.Background(tcell.NewRGBColor(0x40, 0x40, 0x40)).Foreground(tcell.ColorYellow)
	case g.wall:
		return st.Background(tcell.NewRGBColor(0x60, 0x60, 0x60)).Foreground(tcell.NewRGBColor(0x90, 0x90, 0x90))
	case g.goods > 0:
		return st.Background(tcell.NewRGBColor(0x8a, 0x5a, 0x2a)).Foreground(goodsColours[g.goods-1]).Bold(true)
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

// tileGlyph is the one character a tile shows in the compact view: its monastery, shrine or garden, else its city
// (◆ with a pennant), its river, its road, or its field; the City of Carcassonne's walls as █.
func tileGlyph(t *engine.TileType, rot int) glyph {
	blk := rasterTile(t, rot)
	g := blk[1][2]
	if g.kind.IsCentre() || g.wall {
		return g
	}
	if r := markRune(t.Marks()); r != 0 { // an inn or a cathedral shows (Inns & Cathedrals)
		kind := engine.KRoad
		if r == cathedralRune {
			kind = engine.KCity
		}
		return glyph{r: r, kind: kind, seg: g.seg}
	}
	for l := range t.Segs { // a goods symbol shows (Traders & Builders)
		if k, ok := t.Segs[l].Goods.First(); ok {
			return glyph{r: goodsRunes[k], kind: engine.KCity, seg: l, goods: uint8(k) + 1}
		}
	}
	for e := 0; e < 4; e++ {
		if t.Rotated(rot, e) != engine.City {
			continue
		}
		if g.kind == engine.KField {
			g = glyph{r: '▒', kind: engine.KCity, seg: t.SegAtEdge(rot, e)}
		}
		if hasPennant(t) {
			g.r = '◆'
		}
		g.kind = engine.KCity
		break
	}
	return g
}

// zoom levels: the cells a tile takes on the screen; h -2: two tiles a character, one above the other (the
// overview: each tile a colour, see drawOverview).
var zooms = [...]struct{ w, h int }{{tileW, tileH}, {1, 1}, {1, -2}}

// boardView draws the board of a game around a centre cell and, while a move is entered, a preview: a tile at a
// position and rotation, a figure on a segment, the legal positions with their keys. Two zooms: tiles of 5x3
// characters, and one character a tile (a whole game of 100 tiles fits at 80x24).
type boardView struct {
	*tview.Box
	g      *referee.Game
	names  *names
	loc    translator
	cx, cy int  // the cell at the middle of the view
	follow bool // keep the last tile in view
	zoom   int  // index into zooms
	// preview
	pvTile *engine.TileType
	pvPos  engine.Pos
	pvRot  int
	pvFig  bool // show a figure of pvWho/pvKind on segment pvSeg (global)
	pvSeg  int32
	pvKind engine.FigureKind
	pvWho  int
	marks  []engine.Pos // legal positions, in the order of the list
	// markCur is the position of marks highlighted when they were last shown (showAll).
	markCur int
	keys    []string // the key that chooses each of marks, as the list shows it
	typed   string   // the first key of a key of two, typed: the marks it begins show their second key
	// pvEdges are the edges of a tile being typed (N first), drawn at pvPos when no tile is previewed (rasterEdges).
	pvEdges []engine.Terrain
	// cursor is the cell the entry of a position works on (step_board.go), nil otherwise: framed in yellow.
	cursor *engine.Pos
	// alert are cells a refusal names (an island of a position, the tile beside that does not match): framed in red.
	alert []engine.Pos
	// fkeys are the keys of the answers that name a feature (a figure's target, a marker's feature), drawn on
	// their tiles: the same key as in the list beside the board.
	fkeys []featKey
	// ckeys are the keys of the barn's answers at the corners of the tile just laid (Abbey & Mayor, board_am.go).
	ckeys []cornerKey
	// clicked is told a click on board cell p, at character sx, sy of its block (-1, -1 in the compact view).
	clicked func(p engine.Pos, sx, sy int)
	// aids are the table aids shown on the board (aids.go), nil when they are off.
	aids *boardAids
	// pd is the preview of The Princess & the Dragon (board_pd.go).
	pd pdView
	// regrid, if set, is told when the board is drawn with another number of cells than gridAt (the place step
	// arranges its list by what the board shows, placeStep.arrange: the board grows into the log's rows, table.fit).
	regrid func()
	gridAt [2]int
}

func newBoardView() *boardView {
	b := &boardView{Box: tview.NewBox(), follow: true}
	b.SetBorder(true)
	return b
}

func (b *boardView) clearPreview() {
	b.pvTile, b.pvFig, b.marks, b.keys, b.typed, b.pvEdges = nil, false, nil, nil, "", nil
	b.pvSeg = -1
	b.pd = pdView{}
}

// featKey is the key of an answer drawn on the feature it names (global segment seg); off: an answer greyed (no
// figure may go there now).
type featKey struct {
	seg int32
	key string
	off bool
}

// lastPos is the cell of the last tile placed.
func (b *boardView) lastPos() engine.Pos {
	if b.g == nil || len(b.g.S.Tiles) == 0 {
		return engine.Pos{}
	}
	return b.g.S.Tiles[len(b.g.S.Tiles)-1].Pos
}

// grid returns the number of columns and rows of cells in view.
func (b *boardView) grid() (cols, rows int) {
	_, _, w, h := b.GetInnerRect()
	z := zooms[b.zoom]
	if z.h < 0 {
		return w / z.w, h * -z.h
	}
	return w / z.w, h / z.h
}

// setZoom switches to zoom level z and shows the last tile.
func (b *boardView) setZoom(z int) {
	b.zoom = ((z % len(zooms)) + len(zooms)) % len(zooms)
	b.follow = true
	b.centreOn(b.lastPos())
}

// centreOn moves the view so that p is visible: the whole board when it fits, else the least shift that shows p.
func (b *boardView) centreOn(p engine.Pos) {
	cols, rows := b.grid()
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

// marksRows is the screen rows the legal positions marked (marks) span in the view of one character a tile (the
// whole board, F5); 0 for none, or at another zoom (tiles drawn whole: F5 shows more; the overview: no keys).
func (b *boardView) marksRows() int {
	if len(b.marks) == 0 || zooms[b.zoom].h != 1 {
		return 0
	}
	minY, maxY := b.marks[0].Y, b.marks[0].Y
	for _, p := range b.marks {
		minY, maxY = min(minY, p.Y), max(maxY, p.Y)
	}
	return (maxY - minY + 1) * zooms[b.zoom].h
}

// showAll moves the view so that every position of ps is visible if they fit, else so that ps[cur] is.
func (b *boardView) showAll(ps []engine.Pos, cur int) {
	if len(ps) == 0 {
		return
	}
	b.markCur = cur
	cols, rows := b.grid()
	minX, minY, maxX, maxY := ps[0].X, ps[0].Y, ps[0].X, ps[0].Y
	for _, p := range ps {
		minX, maxX = min(minX, p.X), max(maxX, p.X)
		minY, maxY = min(minY, p.Y), max(maxY, p.Y)
	}
	if maxX-minX < cols && maxY-minY < rows {
		b.cx, b.cy = minX+cols/2+(maxX-minX+1-cols)/2, minY+rows/2+(maxY-minY+1-rows)/2
		return
	}
	b.centreOn(ps[cur])
}

// showMost moves the view so that every position of ps is visible if they fit, else so that ps[cur] is, with as
// many others as a view can show around it (of those, the one the least shifted from the view now): the place
// step's view when it opens and at each zoom (issue 30: late in a game, F5 at 80x24
// showed the places around the last one and cut off others the view could have shown).
func (b *boardView) showMost(ps []engine.Pos, cur int) {
	if len(ps) == 0 {
		return
	}
	cols, rows := b.grid()
	minX, minY, maxX, maxY := ps[0].X, ps[0].Y, ps[0].X, ps[0].Y
	for _, p := range ps {
		minX, maxX = min(minX, p.X), max(maxX, p.X)
		minY, maxY = min(minY, p.Y), max(maxY, p.Y)
	}
	if cols < 1 || rows < 1 || (maxX-minX < cols && maxY-minY < rows) {
		b.showAll(ps, cur)
		return
	}
	b.markCur = cur
	count := func(x0, y0 int) int {
		n := 0
		for _, p := range ps {
			if p.X >= x0 && p.X < x0+cols && p.Y >= y0 && p.Y < y0+rows {
				n++
			}
		}
		return n
	}
	p := ps[cur]
	nowX, nowY := b.cx-cols/2, b.cy-rows/2 // (the view now: cx, cy at its middle, view)
	best, bestX, bestY, bestD := -1, 0, 0, 0
	for y0 := p.Y - rows + 1; y0 <= p.Y; y0++ {
		for x0 := p.X - cols + 1; x0 <= p.X; x0++ {
			n, d := count(x0, y0), dist(engine.Pos{X: x0, Y: y0}, engine.Pos{X: nowX, Y: nowY})
			if n > best || (n == best && d < bestD) {
				best, bestX, bestY, bestD = n, x0, y0, d
			}
		}
	}
	b.cx, b.cy = bestX+cols/2, bestY+rows/2
}

func (b *boardView) pan(dx, dy int) {
	b.cx += dx
	b.cy += dy
	b.follow = false
}

// view is the geometry of one drawing: the screen origin of cell x0, y0 and the cell size (half: two rows of
// cells a screen row).
type view struct {
	ox, oy, x0, y0, cols, rows, cw, ch int
	half                               bool
}

func (b *boardView) view() (v view, ok bool) {
	x, y, w, h := b.GetInnerRect()
	z := zooms[b.zoom]
	v.cw, v.ch = z.w, z.h
	if z.h < 0 {
		v.ch, v.half = 1, true
	}
	v.cols, v.rows = w/z.w, h/v.ch
	if v.half {
		v.rows = 2 * h
	}
	if v.cols < 1 || v.rows < 1 {
		return v, false
	}
	// Centre the grid in the inner rectangle.
	v.ox = x + (w-v.cols*z.w)/2
	v.oy = y + (h-v.rows*v.ch)/2
	if v.half {
		v.oy = y
	}
	v.x0, v.y0 = b.cx-v.cols/2, b.cy-v.rows/2
	return v, true
}

// allIn reports whether every legal position marked is in view v.
func (b *boardView) allIn(v view) bool {
	for _, p := range b.marks {
		if !v.in(p) {
			return false
		}
	}
	return true
}

func (v view) in(p engine.Pos) bool {
	return p.X >= v.x0 && p.X < v.x0+v.cols && p.Y >= v.y0 && p.Y < v.y0+v.rows
}

// at returns the screen position of the top left character of cell p.
func (v view) at(p engine.Pos) (int, int) {
	if v.half {
		return v.ox + (p.X-v.x0)*v.cw, v.oy + (p.Y-v.y0)/2
	}
	return v.ox + (p.X-v.x0)*v.cw, v.oy + (p.Y-v.y0)*v.ch
}

// Draw draws the visible cells.
func (b *boardView) Draw(screen tcell.Screen) {
	b.Box.DrawForSubclass(screen, b)
	if b.g == nil {
		return
	}
	v, ok := b.view()
	if !ok {
		return
	}
	if cols, rows := b.grid(); b.regrid != nil && [2]int{cols, rows} != b.gridAt {
		b.gridAt = [2]int{cols, rows}
		b.regrid()
		v, _ = b.view()
	}
	if len(b.marks) > 0 && b.markCur < len(b.marks) && !b.allIn(v) {
		// The board grew (the log's rows given to it, table.fit) and may now show every position: showAll again.
		b.showAll(b.marks, b.markCur)
		v, _ = b.view()
	}
	if b.cursor != nil && b.follow && !v.in(*b.cursor) {
		// The board got smaller (a status line of two rows) with the cursor at its edge: the cursor stays in view.
		b.centreOn(*b.cursor)
		v, _ = b.view()
	}
	b.drawCompass(screen)
	if v.half {
		b.drawOverview(screen, v)
		b.drawPD(screen, v) // the dragon and the fairy on their character of two tiles (board_pd.go)
		return
	}
	s := b.g.S
	last := len(s.Tiles) - 1
	for ti := range s.Tiles {
		p := &s.Tiles[ti]
		if !v.in(p.Pos) {
			continue
		}
		sx, sy := v.at(p.Pos)
		alt := (p.Pos.X+p.Pos.Y)&1 != 0
		if b.zoom > 0 {
			g := tileGlyph(p.Type, int(p.Rot))
			st := glyphStyle(g, alt)
			if g.kind == engine.KCity && !g.wall && g.goods == 0 {
				st = glyphStyle(glyph{kind: engine.KCity}, alt)
			}
			if ti == last && p.Type.Piece == nil {
				st = st.Underline(true)
			}
			screen.SetContent(sx, sy, g.r, nil, st)
			continue
		}
		blk := rasterTile(p.Type, int(p.Rot))
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
	if b.zoom == 0 {
		b.drawCity(screen, v)
	}
	// Figures on the board: the builders and pigs first, so that one character a tile shows a follower over them.
	for _, specials := range []bool{true, false} {
		for i := range s.Figures {
			f := &s.Figures[i]
			if f.Where != engine.OnBoard || specials != (f.Kind == engine.Builder || f.Kind == engine.Pig) {
				continue
			}
			if f.Kind == engine.Barn { // at its corner, not on a segment's anchor (board_am.go)
				b.drawBarn(screen, v, i)
				continue
			}
			b.drawFigure(screen, v, f.Seg, int(f.Player), f.Kind, false)
		}
	}
	b.drawPD(screen, v) // the dragon and the fairy (board_pd.go)
	b.drawAids(screen, v)
	// The preview tile, then the legal positions with their keys.
	if b.pvTile != nil && v.in(b.pvPos) {
		sx, sy := v.at(b.pvPos)
		if b.zoom > 0 {
			g := tileGlyph(b.pvTile, b.pvRot)
			screen.SetContent(sx, sy, g.r, nil, glyphStyle(g, false).Reverse(true))
		} else {
			blk := rasterTile(b.pvTile, b.pvRot)
			for yy := 0; yy < tileH; yy++ {
				for xx := 0; xx < tileW; xx++ {
					st := glyphStyle(blk[yy][xx], false).Reverse(true)
					screen.SetContent(sx+xx, sy+yy, blk[yy][xx].r, nil, st)
				}
			}
		}
	}
	mark := tcell.StyleDefault.Foreground(tcell.ColorBlack).Background(tcell.ColorYellow).Bold(true)
	for i, m := range b.marks {
		if !v.in(m) {
			continue
		}
		sx, sy := v.at(m)
		key := []rune(b.markKey(i))
		st := mark
		switch {
		case b.typed != "" && !strings.HasPrefix(string(key), b.typed):
			if b.zoom > 0 {
				continue // not a key the first key typed begins: only those it begins show
			}
			st = st.Background(tcell.ColorGray)
		case len(key) > 1 && b.zoom > 0:
			// One cell a tile: a key of two shows its first key (on cyan) until it is typed, then its second.
			if b.typed != "" {
				key = key[len([]rune(b.typed)):]
			} else {
				key, st = key[:1], st.Background(tcell.ColorAqua)
			}
		}
		switch {
		case b.zoom > 0 && b.pvTile != nil && m == b.pvPos && b.typed == "":
			// the preview shows there
		case b.zoom > 0:
			screen.SetContent(sx, sy, key[0], nil, st)
		case b.pvTile != nil && m == b.pvPos:
			for k, r := range key {
				screen.SetContent(sx+k, sy, r, nil, st)
			}
		case b.g.S.At(m) != nil: // a tile the dragon may enter (board_pd.go)
			b.drawTileKey(screen, sx, sy, key, st)
		default:
			// [1] or [K3] in the middle of the cell.
			x := sx + 1
			if len(key) > 1 {
				x = sx
			}
			screen.SetContent(x, sy+1, '[', nil, st.Bold(false))
			for k, r := range key {
				screen.SetContent(x+1+k, sy+1, r, nil, st)
			}
			screen.SetContent(x+1+len(key), sy+1, ']', nil, st.Bold(false))
		}
	}
	if b.pvTile == nil && len(b.pvEdges) > 0 && v.in(b.pvPos) {
		sx, sy := v.at(b.pvPos)
		if b.zoom == 0 {
			blk := rasterEdges(b.pvEdges)
			for yy := 0; yy < tileH; yy++ {
				for xx := 0; xx < tileW; xx++ {
					screen.SetContent(sx+xx, sy+yy, blk[yy][xx].r, nil, glyphStyle(blk[yy][xx], false))
				}
			}
		}
	}
	b.drawFeatKeys(screen, v)
	b.drawCornerKeys(screen, v)
	if b.pvFig && b.pvSeg >= 0 && int(b.pvSeg) < s.SegCount() {
		b.drawFigure(screen, v, b.pvSeg, b.pvWho, b.pvKind, true)
	}
	b.drawCursor(screen, v)
	if b.cursor != nil {
		b.drawPD(screen, v) // the dragon and the fairy over the cursor's corners (a position's entry)
	}
	b.drawAlert(screen, v)
}

// keyStyle is the style of an answer's key on the board: black on yellow, grey where the answer is greyed (off).
func keyStyle(off bool) tcell.Style {
	st := tcell.StyleDefault.Foreground(tcell.ColorBlack).Background(tcell.ColorYellow).Bold(true)
	if off {
		st = st.Background(tcell.ColorGray).Bold(false)
	}
	return st
}

// drawFeatKeys writes each answer's key on the feature it names: in the 5x3 view on a cell of the feature (the
// last in anchor order, so that a figure standing there stays in view), black on yellow (grey: an answer that
// cannot be taken now); one character a tile, the key's first character on its tile.
func (b *boardView) drawFeatKeys(screen tcell.Screen, v view) {
	s := b.g.S
	for _, k := range b.fkeys {
		if k.seg < 0 || int(k.seg) >= s.SegCount() || k.key == "" {
			continue
		}
		ti, local := s.SegTile(k.seg)
		p := &s.Tiles[ti]
		if !v.in(p.Pos) {
			continue
		}
		st := keyStyle(k.off)
		key := []rune(k.key)
		sx, sy := v.at(p.Pos)
		if b.zoom > 0 {
			screen.SetContent(sx, sy, key[0], nil, st)
			continue
		}
		blk := rasterTile(p.Type, int(p.Rot))
		ax, ay := keyAnchor(&blk, local)
		ax = min(ax, tileW-len(key))
		for i, r := range key {
			screen.SetContent(sx+ax+i, sy+ay, r, nil, st)
		}
	}
}

// keyAnchor returns the cell of a block where the key of local segment seg is written: the last cell of the
// segment in anchor order (a figure stands on the first).
func keyAnchor(b *[tileH][tileW]glyph, seg int) (int, int) {
	for i := len(anchorOrder) - 1; i >= 0; i-- {
		if c := anchorOrder[i]; b[c[1]][c[0]].seg == seg {
			return c[0], c[1]
		}
	}
	return anchor(b, seg)
}

// drawAlert frames in red the cells a refusal names (alert): the corners of a tile, "[!]" in an empty cell; one
// character a tile, the cell in red.
func (b *boardView) drawAlert(screen tcell.Screen, v view) {
	st := tcell.StyleDefault.Foreground(tcell.ColorWhite).Background(tcell.ColorRed).Bold(true)
	for _, p := range b.alert {
		if !v.in(p) || v.half {
			continue
		}
		sx, sy := v.at(p)
		if b.zoom > 0 {
			r, _, _, _ := screen.GetContent(sx, sy)
			screen.SetContent(sx, sy, r, nil, st)
			continue
		}
		if b.g.S.At(p) == nil {
			for i, r := range "[!]" {
				screen.SetContent(sx+1+i, sy+1, r, nil, st)
			}
			continue
		}
		for _, c := range [4][3]int{{0, 0, '┏'}, {tileW - 1, 0, '┓'}, {0, tileH - 1, '┗'}, {tileW - 1, tileH - 1, '┛'}} {
			screen.SetContent(sx+c[0], sy+c[1], rune(c[2]), nil, st)
		}
	}
}

// drawCursor frames the cursor's cell: its four corners in yellow over the tile, or a yellow "[ ]" in an empty
// cell; in the compact views the cell in reverse yellow.
func (b *boardView) drawCursor(screen tcell.Screen, v view) {
	if b.cursor == nil || !v.in(*b.cursor) {
		return
	}
	p := *b.cursor
	sx, sy := v.at(p)
	st := tcell.StyleDefault.Foreground(tcell.ColorBlack).Background(tcell.ColorYellow).Bold(true)
	if b.zoom > 0 {
		r, _, _, _ := screen.GetContent(sx, sy)
		if r == ' ' || r == 0 {
			r = '+'
		}
		screen.SetContent(sx, sy, r, nil, st)
		return
	}
	if b.g.S.At(p) == nil {
		screen.SetContent(sx+1, sy+1, '[', nil, st)
		screen.SetContent(sx+2, sy+1, '?', nil, st)
		screen.SetContent(sx+3, sy+1, ']', nil, st)
		return
	}
	for _, c := range [4][3]int{{0, 0, '┏'}, {tileW - 1, 0, '┓'}, {0, tileH - 1, '┗'}, {tileW - 1, tileH - 1, '┛'}} {
		screen.SetContent(sx+c[0], sy+c[1], rune(c[2]), nil, st)
	}
}

// drawCompass writes the compass on the frame (N E S W in the user's letters): the board's north is the table's
// north, the first edge of the edge code.
func (b *boardView) drawCompass(screen tcell.Screen) {
	x, y, w, h := b.GetRect()
	st := tcell.StyleDefault.Foreground(tcell.ColorYellow)
	if w < 8 || h < 4 {
		return
	}
	c := [4]string{"N", "E", "S", "W"}
	if b.loc != nil {
		c = compass(b.loc)
	}
	putStr(screen, x+w/2, y, 3, c[0], st)
	putStr(screen, x+w/2, y+h-1, 3, c[2], st)
	// E and W on the side borders: one character (the first letter) fits there.
	screen.SetContent(x, y+h/2, []rune(c[3])[0], nil, st)
	screen.SetContent(x+w-1, y+h/2, []rune(c[1])[0], nil, st)
}

// drawCity writes the City of Carcassonne's quarters over its walls (5x3 view): one line a quarter, its name and
// the letters of the figures in it (lower case: an abbot); the Count's quarter in yellow.
func (b *boardView) drawCity(screen tcell.Screen, v view) {
	s := b.g.S
	if !s.City.Active || b.loc == nil {
		return
	}
	// The screen cells of the City's walls, row by row.
	walls := map[int][]int{}
	for i := range s.Tiles {
		t := &s.Tiles[i]
		if t.Type.Piece == nil || !v.in(t.Pos) {
			continue
		}
		sx, sy := v.at(t.Pos)
		blk := rasterTile(t.Type, int(t.Rot))
		for yy := 0; yy < tileH; yy++ {
			for xx := 0; xx < tileW; xx++ {
				if blk[yy][xx].wall {
					walls[sy+yy] = append(walls[sy+yy], sx+xx)
				}
			}
		}
	}
	// The rows with the longest run of wall, top down: one a quarter.
	type run struct{ y, x, n int }
	var runs []run
	for y, xs := range walls {
		slices.Sort(xs)
		best := run{y: y}
		for i := 0; i < len(xs); {
			j := i
			for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
				j++
			}
			if j-i+1 > best.n {
				best.x, best.n = xs[i], j-i+1
			}
			i = j + 1
		}
		if best.n >= 6 {
			runs = append(runs, best)
		}
	}
	slices.SortFunc(runs, func(a, c run) int { return a.y - c.y })
	if len(runs) > int(engine.NumQuarters) {
		runs = runs[1 : 1+int(engine.NumQuarters)] // leave the top row of wall as wall
	}
	wall := tcell.StyleDefault.Background(tcell.NewRGBColor(0x60, 0x60, 0x60)).Foreground(tcell.ColorWhite)
	for q := engine.Quarter(0); q < engine.NumQuarters && int(q) < len(runs); q++ {
		r := runs[q]
		x, w := r.x+1, r.n-2
		st := wall
		if s.City.Count == q {
			st = st.Background(tcell.ColorYellow).Foreground(tcell.ColorBlack)
		}
		name := []rune(b.loc.T("term.quarter."+q.String(), nil))
		nw := min(len(name), max(2, w-5))
		n := putStr(screen, x, r.y, nw, string(name[:nw]), st)
		n += putStr(screen, x+n, r.y, 1, " ", st)
		for p := 0; p < b.g.Players(); p++ {
			for kind := engine.FigureKind(0); kind < engine.NumFigureKinds; kind++ {
				for k := s.InQuarter(p, q, kind); k > 0 && n < w; k-- {
					for _, fr := range figureText(b.names.markers[p], kind) {
						screen.SetContent(x+n, r.y, fr, nil, colourStyle(b.g.Colour(p)))
						n++
					}
				}
			}
		}
	}
}

// markKey is the key of the i-th marked position ("+" if it has none: beyond the keys there are).
func (b *boardView) markKey(i int) string {
	if i < len(b.keys) && b.keys[i] != "" {
		return b.keys[i]
	}
	return "+"
}

// markedAt returns the index of p among the marked legal positions, -1 if it is none.
func (b *boardView) markedAt(p engine.Pos) int {
	return slices.Index(b.marks, p)
}

// overview colours, by what a tile mostly shows.
var (
	ovField  = tcell.NewRGBColor(0x3a, 0x6e, 0x28)
	ovRoad   = tcell.NewRGBColor(0x9a, 0xa8, 0x80)
	ovCity   = tcell.NewRGBColor(0x8a, 0x5a, 0x2a)
	ovRiver  = tcell.NewRGBColor(0x20, 0x50, 0xa0)
	ovCentre = tcell.NewRGBColor(0xe0, 0xd0, 0xa0)
	ovWall   = tcell.NewRGBColor(0x60, 0x60, 0x60)
	ovLast   = tcell.ColorWhite
	ovMark   = tcell.ColorYellow
	ovDead   = tcell.ColorRed  // a dead spot (the aids)
	ovOpen   = tcell.ColorAqua // an open cell of the feature highlighted in F9
)

// drawOverview draws two tiles a character, one above the other (▀ in the upper tile's colour on the lower's):
// each tile the colour of what it mostly shows, a tile with a figure in its player's colour, the last tile white,
// the legal positions yellow; with the aids on, the dead spots red and the open cells of the feature highlighted
// in F9 aqua, with their count (or ✗) where the other cell of the character is empty. A whole game fits in a small
// terminal.
func (b *boardView) drawOverview(screen tcell.Screen, v view) {
	s := b.g.S
	colour := map[engine.Pos]tcell.Color{}
	label := map[engine.Pos]rune{} // an aid's count or ✗, shown where the character holds nothing else
	if a := b.aids; a != nil {
		for _, p := range a.dead {
			colour[p], label[p] = ovDead, '✗'
		}
		for _, c := range a.open {
			p := engine.Pos{X: c.Pos.X, Y: c.Pos.Y}
			switch {
			case c.Fit == 0:
				colour[p], label[p] = ovDead, '✗'
			case c.Fit == referee.NotYet:
				colour[p], label[p] = ovOpen, '·'
			case c.Fit >= 10:
				colour[p], label[p] = ovOpen, '+'
			default:
				colour[p], label[p] = ovOpen, rune('0'+c.Fit)
			}
		}
	}
	for ti := range s.Tiles {
		p := &s.Tiles[ti]
		if !v.in(p.Pos) {
			continue
		}
		g := tileGlyph(p.Type, int(p.Rot))
		c := ovField
		switch {
		case g.wall:
			c = ovWall
		case g.kind == engine.KCity:
			c = ovCity
		case g.kind == engine.KRiver:
			c = ovRiver
		case g.kind == engine.KRoad:
			c = ovRoad
		case g.kind.IsCentre():
			c = ovCentre
		}
		colour[p.Pos] = c
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != engine.OnBoard {
			continue
		}
		ti, _ := s.SegTile(f.Seg)
		if p := s.Tiles[ti].Pos; v.in(p) {
			_, bg, _ := colourStyle(b.g.Colour(int(f.Player))).Decompose()
			colour[p] = bg
		}
	}
	if n := len(s.Tiles); n > 0 && s.Tiles[n-1].Type.Piece == nil {
		colour[s.Tiles[n-1].Pos] = ovLast
	}
	for _, m := range b.marks {
		colour[m] = ovMark
	}
	if b.pvTile != nil {
		colour[b.pvPos] = ovLast
	}
	for col := 0; col < v.cols; col++ {
		for row := 0; row < v.rows/2; row++ {
			topPos, botPos := engine.Pos{X: v.x0 + col, Y: v.y0 + 2*row}, engine.Pos{X: v.x0 + col, Y: v.y0 + 2*row + 1}
			top, hasTop := colour[topPos]
			bot, hasBot := colour[botPos]
			x, y := v.ox+col, v.oy+row
			if r, ok := label[topPos]; ok && !hasBot {
				screen.SetContent(x, y, r, nil, overviewLabel(top))
				continue
			}
			if r, ok := label[botPos]; ok && !hasTop {
				screen.SetContent(x, y, r, nil, overviewLabel(bot))
				continue
			}
			switch {
			case hasTop && hasBot:
				screen.SetContent(x, y, '▀', nil, tcell.StyleDefault.Foreground(top).Background(bot))
			case hasTop:
				screen.SetContent(x, y, '▀', nil, tcell.StyleDefault.Foreground(top))
			case hasBot:
				screen.SetContent(x, y, '▄', nil, tcell.StyleDefault.Foreground(bot))
			}
		}
	}
}

// overviewLabel is the style of an aid's count or ✗ in the overview: red on the default for a dead spot, black on
// aqua for an open cell.
func overviewLabel(c tcell.Color) tcell.Style {
	if c == ovDead {
		return tcell.StyleDefault.Foreground(tcell.ColorRed).Bold(true)
	}
	return tcell.StyleDefault.Foreground(tcell.ColorBlack).Background(c)
}

// drawFigure draws a figure standing on global segment seg.
func (b *boardView) drawFigure(screen tcell.Screen, v view, seg int32, player int, kind engine.FigureKind,
	preview bool) {
	s := b.g.S
	ti, local := s.SegTile(seg)
	p := &s.Tiles[ti]
	if !v.in(p.Pos) {
		return
	}
	sx, sy := v.at(p.Pos)
	if b.zoom == 0 {
		blk := rasterTile(p.Type, int(p.Rot))
		ax, ay := anchor(&blk, local)
		sx, sy = sx+ax, sy+ay
	}
	if player < 0 { // a feature chosen, no figure yet (the entry of a position): a yellow "?"
		screen.SetContent(sx, sy, '?', nil, tcell.StyleDefault.Foreground(tcell.ColorBlack).
			Background(tcell.ColorYellow).Blink(true))
		return
	}
	st := colourStyle(b.g.Colour(player))
	if preview {
		st = st.Blink(true).Underline(true)
	}
	text := []rune(figureText(b.names.markers[player], kind))
	switch {
	case b.zoom > 0 && kind == engine.Large: // one character a tile: underlined
		screen.SetContent(sx, sy, text[0], nil, st.Underline(true))
	case b.zoom > 0: // the builder's ▲, the pig's ●, else the letter
		screen.SetContent(sx, sy, text[len(text)-1], nil, st)
	case len(text) > 1 && sx+1 < b.tileRight(v, p.Pos): // АА, А▲, А● on two cells
		screen.SetContent(sx, sy, text[0], nil, st)
		screen.SetContent(sx+1, sy, text[1], nil, st)
	case len(text) > 1:
		screen.SetContent(sx-1, sy, text[0], nil, st)
		screen.SetContent(sx, sy, text[1], nil, st)
	default:
		screen.SetContent(sx, sy, text[0], nil, st)
	}
}

// tileRight is the screen column after the block of cell p.
func (b *boardView) tileRight(v view, p engine.Pos) int {
	x, _ := v.at(p)
	return x + tileW
}

// visible reports whether cell p is in view.
func (b *boardView) visible(p engine.Pos) bool {
	v, ok := b.view()
	return ok && v.in(p)
}

// MouseHandler: a click on a cell tells clicked; the wheel pans up and down (with Shift: left and right).
func (b *boardView) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
	return b.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, _ func(p tview.Primitive)) (bool, tview.Primitive) {
		mx, my := event.Position()
		if !b.InRect(mx, my) {
			return false, nil
		}
		v, ok := b.view()
		if !ok {
			return false, nil
		}
		switch action {
		case tview.MouseLeftClick:
			if mx < v.ox || my < v.oy {
				return true, nil
			}
			p := engine.Pos{X: v.x0 + (mx-v.ox)/v.cw, Y: v.y0 + (my-v.oy)/v.ch}
			if v.half {
				p.Y = v.y0 + 2*(my-v.oy)
				if b.markedAt(p) < 0 && b.markedAt(engine.Pos{X: p.X, Y: p.Y + 1}) >= 0 {
					p.Y++ // the lower of the two tiles of the character, if only it is a legal place
				}
			}
			sx, sy := -1, -1
			if b.zoom == 0 {
				sx, sy = (mx-v.ox)%v.cw, (my-v.oy)%v.ch
			}
			if v.in(p) && b.clicked != nil {
				b.clicked(p, sx, sy)
			}
			return true, nil
		case tview.MouseScrollUp, tview.MouseScrollDown:
			d := 1
			if action == tview.MouseScrollUp {
				d = -1
			}
			if event.Modifiers()&tcell.ModShift != 0 {
				b.pan(d, 0)
			} else {
				b.pan(0, d)
			}
			return true, nil
		}
		return false, nil
	})
}
