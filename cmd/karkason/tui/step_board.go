package tui

import (
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// boardStep enters the tiles of a board as it lies (POS-1, POS-2), built for bulk work: a cursor walks the board
// and the tile under it is typed by its edges as it lies on the table, clockwise from the board's north (the edge
// code of the move entry, edgecode.go, read on any keyboard layout), with its marks where several tiles show the
// same edges (engine MatchTiles among the tiles the box still holds). One match is laid at once and the cursor
// moves on to the next cell (to the right, or the way the last arrow went: a row can be typed right to left, a
// column top down); several are listed, ↑↓ and Enter take one (typing a mark narrows the
// list). A tile typed over a tile already entered replaces it where it lies.
//
// Keys: the edges (F R C W or 1 2 3 4, marks M S G E); arrows move the cursor; Enter on an empty line goes to the
// next row, below the cell where this row began; Space skips a cell; Del (or Backspace on an empty line) takes the
// tile under the cursor off; Tab puts figures on the tile just laid (the figure step for that tile, then back
// here: a figure is entered as the walk passes it); F9 goes on to the figures of the whole board. The referee checks every tile as it is entered (BASE-4
// edges, POS-1 a tile touching the board, POS-2 the box): a refusal is shown with its rule and the line keeps what
// was typed.
type boardStep struct{ answers }

func (s *boardStep) kind() step { return stepBoard }

func (s *boardStep) legend() string { return s.e.t.u.loc.T("ui.pos.board_legend", nil) }

func (s *boardStep) show() {
	e := s.e
	pos := e.t.u.pos
	cur := pos.cur
	e.t.board.cursor = &pos.cur
	e.t.board.centreOn(cur)
	e.tileLine()
	if ti := e.g.S.TileIndex(cur); ti >= 0 {
		e.ask("ui.pos.ask_board_taken", map[string]any{"Cell": cur.String(), "Tile": e.g.S.Tiles[ti].Type.ID})
	} else {
		e.ask("ui.pos.ask_board", map[string]any{"Cell": cur.String()})
	}
	if e.input.GetText() != e.typed {
		e.input.SetText(e.typed) // calls typed
	}
	s.filter(false)
}

// typed: the text of the input line changed.
func (s *boardStep) typed(text string) {
	s.e.typed = text
	s.filter(true)
}

// highlight shows the highlighted tile beside the prompt and under the cursor.
func (s *boardStep) highlight(i int) {
	e := s.e
	e.pic.t = nil
	s.answers.highlight(i)
	e.layout()
}

// candidates are the tile types the box still holds for the cursor's cell: the copies left, and the tile lying
// there (replacing it puts it back).
func (s *boardStep) candidates() []*engine.TileType {
	e := s.e
	var out []*engine.TileType
	here := (*engine.TileType)(nil)
	if ti := e.g.S.TileIndex(e.t.u.pos.cur); ti >= 0 {
		here = e.g.S.Tiles[ti].Type
	}
	for _, t := range e.g.Cat.Types {
		if t.Piece == nil && (e.g.Bag.Left(t) > 0 || t == here) {
			out = append(out, t)
		}
	}
	return out
}

// filter lists the tiles that show what was typed, each in the rotation that shows it; a complete code with one
// match lays it at once (auto). A code that no tile left in the box shows lists the tiles of the catalogue that
// show it: laying one gets the referee's reason (POS-2: the box holds no more of it).
func (s *boardStep) filter(auto bool) {
	e := s.e
	if e.now != s || e.g == nil {
		return
	}
	loc := e.t.u.loc
	text := strings.TrimSpace(e.input.GetText())
	var choices []choice
	add := func(t *engine.TileType, rot int, label string) {
		choices = append(choices, choice{label: label, next: func() { s.lay(t, rot) },
			preview: func() {
				e.pic.t, e.pic.rot = t, rot
				b := e.t.board
				b.pvTile, b.pvPos, b.pvRot = t, e.t.u.pos.cur, rot
			}})
	}
	code, isCode := parseEdgeCode(loc.Lang(), text)
	switch {
	case text == "":
	case isCode && code.complete():
		matches := e.g.Cat.MatchTiles(code.edges4(), code.marks, s.candidates())
		if len(matches) == 0 {
			matches = e.g.Cat.MatchTiles(code.edges4(), code.marks, e.g.TilesInGame()) // refused: none left (POS-2)
		}
		if len(matches) == 0 {
			matches = e.g.Cat.MatchTiles(code.edges4(), code.marks, nil) // refused: not in this game (POS-2)
		}
		for _, m := range matches {
			add(m.Type, m.Rot, e.tileLabel(m.Type)+" "+codeOf(m.Type, m.Rot))
		}
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.pos.no_match", map[string]any{"Code": tview.Escape(text)}),
				muted: true})
		}
		// One match: laid at once; several: the list, Enter takes the first (as in the tile step, a garden copy
		// not typed does not make the tile ambiguous without the Abbot).
		plain := plainMatches(matches, e.g.S.Opts.Abbot, code.marks)
		if auto && len(plain) == 1 {
			e.offer(choices)
			s.lay(plain[0].Type, plain[0].Rot)
			return
		}
	case isCode:
		choices = append(choices, choice{label: loc.T("ui.pos.typing", map[string]any{"Count": 4 - len(code.edges)}),
			muted: true})
	default:
		// A tile by its id or letter: each of its distinct rotations.
		latin := latinText(loc.Lang(), text)
		for _, t := range e.g.Cat.Types {
			if t.Piece == nil && (tileNamed(t, text) || (latin != text && tileNamed(t, latin))) {
				for rot := 0; rot < 4; rot++ {
					if t.DistinctRotation(rot) {
						add(t, rot, e.tileLabel(t)+" "+codeOf(t, rot))
					}
				}
			}
		}
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.unknown_tile", map[string]any{"Tile": tview.Escape(text)}),
				muted: true})
		}
	}
	e.offer(choices)
	if len(choices) == 0 || choices[0].muted {
		e.pic.t = nil
		e.t.board.pvTile = nil
		e.layout()
	}
}

// lay enters tile t in rotation rot (quarter turns) at the cursor, or replaces the tile entered there; then the
// cursor moves on the way the last arrow went (to the right at first, and after Enter).
func (s *boardStep) lay(t *engine.TileType, rot int) {
	e := s.e
	pos := e.t.u.pos
	cur := pos.cur
	l := referee.PositionLine{Kind: referee.PosTile, Tile: t.ID, Pos: referee.Pos{X: cur.X, Y: cur.Y}, Rot: rot * 90}
	i := pos.draft().TileAt(l.Pos)
	e.t.posDo(func(st posSteps) error {
		if i >= 0 {
			return st.Replace(i, l)
		}
		return st.Add(l)
	}, func() {
		e.typed = ""
		laid := cur
		pos.last = &laid
		pos.cur = engine.Pos{X: cur.X + pos.dir[0], Y: cur.Y + pos.dir[1]}
		e.input.SetText("")
	})
}

// move puts the cursor on cell p; row: the row being typed begins there.
func (s *boardStep) move(p engine.Pos, row bool) {
	pos := s.e.t.u.pos
	pos.cur = p
	if row {
		pos.rowX = p.X
	}
	s.e.t.status.SetText("")
	s.show()
}

func (s *boardStep) key(ev *tcell.EventKey) *tcell.EventKey {
	e := s.e
	pos := e.t.u.pos
	empty := strings.TrimSpace(e.input.GetText()) == ""
	if (ev.Key() == tcell.KeyUp || ev.Key() == tcell.KeyDown) && !empty && e.menu.count() > 1 {
		e.menu.handleKey(ev) // several tiles match: ↑↓ choose among them
		return nil
	}
	if d, ok := arrowDir[ev.Key()]; ok && ev.Modifiers()&tcell.ModShift == 0 {
		pos.dir = d
		s.move(engine.Pos{X: pos.cur.X + d[0], Y: pos.cur.Y + d[1]}, true)
		return nil
	}
	switch ev.Key() {
	case tcell.KeyEnter:
		if empty {
			pos.dir = [2]int{1, 0}
			s.move(engine.Pos{X: pos.rowX, Y: pos.cur.Y + 1}, false)
			return nil
		}
		if c := e.menu.current; c < e.menu.count() && !e.menu.items[c].muted {
			e.menu.choose(c)
			return nil
		}
		e.t.setStatus(e.t.u.loc.T("ui.pos.no_match", map[string]any{"Code": e.input.GetText()}), true)
		return nil
	case tcell.KeyPgUp, tcell.KeyPgDn:
		e.menu.handleKey(ev)
		return nil
	case tcell.KeyDelete:
		s.remove()
		return nil
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		if empty {
			s.remove()
			return nil
		}
	case tcell.KeyF9:
		e.posStage(stepPosFigure)
		return nil
	case tcell.KeyEscape:
		e.input.SetText("")
		e.t.status.SetText("")
		return nil
	case tcell.KeyRune:
		if ev.Rune() == ' ' && empty {
			s.move(engine.Pos{X: pos.cur.X + pos.dir[0], Y: pos.cur.Y + pos.dir[1]}, false)
			return nil
		}
	}
	return ev
}

// remove takes the tile under the cursor off the board (the referee refuses it if the rest would break a rule:
// a tile left touching nothing, POS-1; take a figure off first).
func (s *boardStep) remove() {
	e := s.e
	pos := e.t.u.pos
	i := pos.draft().TileAt(referee.Pos{X: pos.cur.X, Y: pos.cur.Y})
	if i < 0 {
		e.t.setStatus(e.t.u.loc.T("ui.pos.no_tile_here", map[string]any{"Cell": pos.cur.String()}), true)
		return
	}
	e.t.posDo(func(st posSteps) error { return st.Remove(i) }, nil)
}

// figures shows the figure step for the tile laid last (or the tile under the cursor): Tab. After a figure is
// entered, or Esc, the board step goes on where it was.
func (s *boardStep) figures() {
	e := s.e
	pos := e.t.u.pos
	at := pos.cur
	if pos.last != nil && e.g.S.At(*pos.last) != nil && e.g.S.At(at) == nil {
		at = *pos.last
	}
	if e.g.S.At(at) == nil {
		e.t.setStatus(e.t.u.loc.T("ui.pos.no_tile_here", map[string]any{"Cell": at.String()}), true)
		return
	}
	e.typed = ""
	e.input.SetText("")
	e.enter(&posFigureStep{answers: answers{e}, at: &at})
	e.focus()
}

// click moves the cursor to the cell clicked.
func (s *boardStep) click(p engine.Pos, sx, sy int) { s.move(p, true) }
