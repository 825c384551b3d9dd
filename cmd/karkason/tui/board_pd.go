package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
)

// The Princess & the Dragon on the board (issue 28): the symbols printed on a tile, the two neutral figures, and
// the dragon's steps as keys.
//
//   - A tile's symbol is part of its picture (rasterTile, pdSymbolGlyph), printed whatever the modules like the
//     goods: ∧ a volcano and Ω a magic portal on a cell of a field, ♛ the princess on a cell of her city (a cell
//     where neither a figure nor a key goes, markCell, if there is one).
//   - The dragon (§) and the fairy (*) are neutral figures (DEF-14): they stand on a white patch, a colour no player
//     has (colourStyle), the dragon red on it, the fairy blue; in the 5x3 view the dragon on its tile's top left
//     corner, the fairy on its top right one; one character a tile, on the tile's cell (over a follower's letter:
//     the dragon's tile holds no figure, PD-7, and the fairy's figure is named in the log and the aids); in the
//     overview, one character two tiles, on the character of its tile (the dragon over the fairy).
//   - A dragon step's answers are places on the board like the place step's (boardView.marks and keys): on a tile
//     the key stands at its top left corner, where the dragon would stand, so that the figures it would eat stay in
//     view.

// The neutral figures and the tile symbols as the board draws them (the F1 legend, ui.help.pd, says so).
const (
	dragonRune   = '§'
	fairyRune    = '*'
	volcanoRune  = '∧'
	portalRune   = 'Ω'
	princessRune = '♛'
)

// pdView is what the board previews of The Princess & the Dragon: the fairy where the highlighted answer would
// move it (PD-14).
type pdView struct {
	fairyAt *engine.Pos
}

// dragonStyle and fairyStyle are the neutral figures' colours: on white, which no player has.
var (
	dragonStyle = tcell.StyleDefault.Background(tcell.ColorWhite).Foreground(tcell.ColorRed).Bold(true)
	fairyStyle  = tcell.StyleDefault.Background(tcell.ColorWhite).Foreground(tcell.ColorBlue).Bold(true)
)

// pdSymbolRune is the rune of a tile's symbol (0 for none and for the dragon symbol: a dragon tile shows no mark,
// so that only the dragon itself is a § on the board).
func pdSymbolRune(y engine.PDSymbol) rune {
	switch y {
	case engine.SymVolcano:
		return volcanoRune
	case engine.SymPortal:
		return portalRune
	case engine.SymPrincess:
		return princessRune
	}
	return 0
}

// pdSymbolGlyph prints tile t's symbol on its block: the princess in her city, a volcano or a portal in a field
// (the tile's first field with a cell free of other marks), else on the centre.
func pdSymbolGlyph(b *[tileH][tileW]glyph, t *engine.TileType) {
	y, city := t.PDSymbol()
	r := pdSymbolRune(y)
	if r == 0 {
		return
	}
	if y == engine.SymPrincess && city >= 0 {
		x, yy := markCell(b, city)
		b[yy][x].r, b[yy][x].pd = r, y
		return
	}
	for l := range t.Segs {
		if t.Segs[l].Kind != engine.KField {
			continue
		}
		x, yy := markCell(b, l)
		if b[yy][x].seg == l && b[yy][x].r == '·' {
			b[yy][x].r, b[yy][x].pd = r, y
			return
		}
	}
	// No field cell: on the lake or the road's middle (River II's volcano lake is a volcano, COMBO-30).
	b[1][2].r, b[1][2].pd = r, y
}

// pdGlyphStyle is the style of a symbol's cell: bold, red for a volcano, aqua for a portal, yellow for the princess,
// on the cell's own background.
func pdGlyphStyle(g glyph, st tcell.Style) tcell.Style {
	switch g.pd {
	case engine.SymVolcano:
		return st.Foreground(tcell.ColorRed).Bold(true)
	case engine.SymPortal:
		return st.Foreground(tcell.ColorAqua).Bold(true)
	case engine.SymPrincess:
		return st.Foreground(tcell.ColorYellow).Bold(true)
	}
	return st
}

// drawPD draws the fairy and the dragon (and the fairy where the highlighted answer would move it).
func (b *boardView) drawPD(screen tcell.Screen, v view) {
	s := b.g.S
	if !s.Opts.PrincessDragon {
		return
	}
	put := func(p engine.Pos, dx, dy int, r rune, st tcell.Style) { // dx, dy: the cell of the 5x3 block
		if !v.in(p) {
			return
		}
		sx, sy := v.at(p)
		if b.zoom > 0 { // (one character a tile, or the overview's one of two tiles)
			screen.SetContent(sx, sy, r, nil, st)
			return
		}
		screen.SetContent(sx+dx, sy+dy, r, nil, st)
	}
	if s.PD.FairyOn {
		st := fairyStyle
		if b.pd.fairyAt != nil {
			st = st.Dim(true)
		}
		put(s.PD.Fairy, tileW-1, 0, fairyRune, st)
	}
	if p := b.pd.fairyAt; p != nil {
		put(*p, tileW-1, 0, fairyRune, fairyStyle.Blink(true).Underline(true))
	}
	if s.PD.DragonIn {
		put(s.PD.Dragon, 0, 0, dragonRune, dragonStyle)
	}
}

// drawTileKey writes the key of a marked position that holds a tile (a dragon step) at its top left corner, black
// on yellow (st), so that the tile's figures stay in view.
func (b *boardView) drawTileKey(screen tcell.Screen, sx, sy int, key []rune, st tcell.Style) {
	for k, r := range key {
		screen.SetContent(sx+k, sy, r, nil, st)
	}
}
