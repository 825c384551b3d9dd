package referee

import (
	"slices"

	"github.com/karkason/karkason/engine"
)

// The start tile typed where it lies (the table's entry of a board, position_entry.go).
//
// The River's or River II's spring is typed where it lies the same way (start=river, start=river2): a reader from
// the table's top-left corner types the tiles in the order they lie, the spring among them, and Finish makes the
// spring the start piece at 0,0 (startType). A spring that is a cell of a PIECE stays laid at 0,0 (not typed).
//
// With start=standard the start tile is a tile on the table like the others: the entry types it where it lies,
// and the first tile typed need not be it (TypedStart). Until the board is finished its coordinates are the
// entry's (the first tile where the cursor began) and the board is built as with start=none (the box holds all
// four copies of the start tile's type, POS-2). Finish then writes the record's coordinates, as the format has
// them: one copy of that type moves to 0,0 and becomes the start piece, lying as the start piece lies, the whole
// board turned by quarter turns if that copy lies turned (normalise); the figures, markers, barns, the dragon and
// the fairy move with their tiles. A board with no copy of that type is refused (POS-1: the start piece is part of the board).

// TypedStart reports whether the start tile is typed where it lies, among the tiles (start=standard): the
// draft's coordinates are the entry's until Finish.
func (d *Draft) TypedStart() bool { return d.typed }

// boardSetup is the set-up the draft's board is built with: start=none while the start tile is typed.
func (d *Draft) boardSetup() Setup {
	s := d.Setup
	if d.typed {
		s.Start = StartNone
	}
	return s
}

// normalise returns the lines in the record's coordinates (see "The start tile typed where it lies"): the copy of
// the start tile's type that becomes the start piece (startCopy) is left out, every cell is taken relative to it and
// turned, and so are the places of figures and markers. Errors: POS-1 with no copy of that type on the board.
func (d *Draft) normalise() ([]PositionLine, error) {
	best, turns := d.startCopy()
	if best < 0 {
		return nil, refusal("POS-1", "err.pos.no_start_tile", "tile", d.startType().ID)
	}
	o := d.lines[best].Pos
	move := func(p Pos) Pos {
		p = Pos{p.X - o.X, p.Y - o.Y}
		for k := 0; k < turns; k++ {
			p = Pos{-p.Y, p.X} // a quarter turn clockwise (y grows southward)
		}
		return p
	}
	var out []PositionLine
	for i, l := range d.lines {
		switch {
		case i == best:
			continue
		case l.Kind == PosTile:
			l.Pos, l.Rot = move(l.Pos), (l.Rot+90*turns)%360
		case l.Kind.isFigure() && l.Quarter == "", l.Kind == PosKing, l.Kind == PosRobber, l.Kind == PosBarn,
			l.Kind == PosFairy && l.Colour != "":
			l.Target = FeatureRef{Pos: move(l.Target.Pos), Place: turnPlace(l.Target.Place, turns)}
		case l.Kind == PosDragon, l.Kind == PosFairy:
			l.Pos = move(l.Pos)
		}
		out = append(out, l)
	}
	return numbered(out), nil
}

// startCopy returns the line of the copy of the start tile's type that Finish makes the start piece, and the quarter
// turns clockwise that turn the board so that it lies as the start piece lies: a copy lying so (rotation 0) if any,
// else any, the one nearest the middle of the board (then the first line); -1 if there is none.
func (d *Draft) startCopy() (line, turns int) {
	start := d.startType()
	var minX, minY, maxX, maxY int
	first := true
	for _, l := range d.lines {
		if l.Kind == PosTile {
			if first {
				minX, minY, maxX, maxY, first = l.Pos.X, l.Pos.Y, l.Pos.X, l.Pos.Y, false
			}
			minX, maxX = min(minX, l.Pos.X), max(maxX, l.Pos.X)
			minY, maxY = min(minY, l.Pos.Y), max(maxY, l.Pos.Y)
		}
	}
	best, bestD := -1, 0
	for i, l := range d.lines {
		if l.Kind != PosTile || l.Tile != start.ID {
			continue
		}
		dist := abs(2*l.Pos.X-minX-maxX) + abs(2*l.Pos.Y-minY-maxY)
		if l.Rot != 0 {
			dist += 1 << 20 // turned: only if no copy lies as the start piece lies
		}
		if best < 0 || dist < bestD {
			best, bestD = i, dist
		}
	}
	if best < 0 {
		return -1, 0
	}
	return best, (4 - d.lines[best].Rot/90) % 4
}

// Turns is the quarter turns clockwise by which Finish turns the board into the record's coordinates: 0 when the
// start tile is not typed or a copy of it lies as the start piece lies (see "The start tile typed where it lies").
func (d *Draft) Turns() int {
	if !d.typed {
		return 0
	}
	_, turns := d.startCopy()
	return turns
}

// turnPlace names a place of a tile (an edge N, a half-edge NNE, a barn's corner NW, a centre, #name) after the
// board is turned by quarter turns clockwise: N becomes E, NNE becomes ESE, NW becomes NE; a centre or #name stays.
func turnPlace(place string, turns int) string {
	if i := slices.Index(engine.EdgeNames[:], place); i >= 0 {
		return engine.EdgeNames[(i+turns)%4]
	}
	if i := slices.Index(engine.CornerNames[:], place); i >= 0 {
		return engine.CornerNames[(i+turns)%4]
	}
	if i := slices.Index(engine.HalfNames[:], place); i >= 0 {
		return engine.HalfNames[(i+2*turns)%8]
	}
	return place
}

func abs(x int) int { return max(x, -x) }

// startTile is the type of the standard start tile (CFG-4: one of its copies is the start piece).
func startTile(cat *engine.Catalogue) *engine.TileType {
	for _, t := range cat.Set("base") {
		if t.Start {
			return t
		}
	}
	return nil
}

// startType is the type of the start piece the entry types where it lies: the standard start tile, or the spring
// of the River (start=river) or River II (start=river2); nil for another start.
func (d *Draft) startType() *engine.TileType { return startTypeOf(d.Setup, d.cat) }

func startTypeOf(setup Setup, cat *engine.Catalogue) *engine.TileType {
	switch setup.start() {
	case StartStandard:
		return startTile(cat)
	case StartRiver:
		return cat.StartOf("river")
	case StartRiver2:
		return cat.StartOf("river2")
	}
	return nil
}

// typedStart reports whether the entry of a position with this set-up types its start piece where it lies: the
// standard start tile, or a spring that is a tile (not a cell of a PIECE).
func typedStart(setup Setup, cat *engine.Catalogue) bool {
	t := startTypeOf(setup, cat)
	return t != nil && t.Piece == nil
}

// typedMarkOf is the header comment of an entry whose start piece is typed (the file says start=none until the
// board is finished); typedMark for the standard start tile, as entries have always been marked.
func typedMarkOf(start string) string {
	if start == StartStandard {
		return typedMark
	}
	return "karkason: start=" + start + ", its spring typed where it lies (start=none until the board is finished)"
}

// typedStartOf returns the start of an entry whose start piece is typed, from its header comments (typedMarkOf).
func typedStartOf(comments []string) (string, bool) {
	for _, c := range comments {
		for _, st := range []string{StartStandard, StartRiver, StartRiver2} {
			if c == typedMarkOf(st) {
				return st, true
			}
		}
	}
	return "", false
}
