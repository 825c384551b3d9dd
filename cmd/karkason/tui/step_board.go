package tui

import (
	"strconv"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// boardStep enters the tiles of a board as it lies (POS-1, POS-2), built for reading a table like a page: a cursor
// walks the board and the tile under it is typed by its edges as it lies on the table, clockwise from the board's
// north (the edge code of the move entry, edgecode.go, read on any keyboard layout), with its marks where several
// tiles show the same edges (engine MatchTiles among the tiles the box still holds). While the edges are typed,
// the tile shows as a small picture of them beside the prompt and under the cursor, so a wrong rotation is seen
// before it is laid. One match is laid at once and the cursor moves on to the right; several are listed in words
// (which cities, pennants, a garden), each with a digit: the digit typed right after the code takes it, as in a move
// (or ↑↓ and Enter; typing a mark narrows the list). A tile typed over a
// tile already entered replaces it where it lies.
//
// The tiles may come in any order (the referee checks each against the tiles beside it, BASE-4, and the whole
// board once it is finished, POS-1): row by row from the table's top-left corner, Enter on an empty cell goes to
// the next row, below the first tile of the row just read. A tile refused against a tile beside it names that
// tile's cell and shows it in red: Ctrl-G goes there (the tile entered earlier may be the wrong one).
//
// A garden or a pennant (ABBOT-2, BASE-10): a tile whose type has a copy in the box that is the same tile with a
// garden or a pennant more (a twin: b-rs and b-rsg, b-c3 and b-c3s) is laid as the plain one, and the prompt asks:
// G or E, typed next, makes it that copy (the keys of the edge code's marks, as if typed after the edges); typing
// the next tile says no. So the board is the table's, with or without the Abbot, at one key for a garden or a
// pennant and none for a tile without. A code typed without the mark when the box holds only the twin with it is
// not laid: the note says which mark the box's copy shows (POS-2). A tile of another set that shows the same edges
// with one mark more (b-c1 and Abbey & Mayor's am-citysplit3 with a pennant) is asked for the same way
// (exactOfMarked, markAsk).
//
// Keys: the edges (F R C W or 1 2 3 4, marks M S G E); arrows move the cursor; Enter on an empty line goes to the
// next row; Space skips a cell; Del takes the tile under the cursor off (saying so; Ctrl-Z puts it back), Backspace
// on an empty line only says how; Ctrl-G goes to the cell a refusal named, the refused code dropped; Tab puts
// figures on the tile just laid (the figure step for that tile, then back here); F9 goes on to the figures of the
// whole board, once the board is one (POS-1) and no code is left typed and not laid.
type boardStep struct {
	answers
	// matches are the tiles listed for a complete edge code, in the order of the choices.
	matches []engine.Match
}

func (s *boardStep) kind() step { return stepBoard }

// legend is the board step's keys; while several tiles are listed, only how to take one, so that the list has the
// room (at 80x24 the whole legend would leave it two lines; F1 has every key).
func (s *boardStep) legend() string {
	if len(s.matches) > 1 {
		return s.e.t.u.loc.T("ui.pos.board_list_legend", nil)
	}
	return s.e.t.u.loc.T("ui.pos.board_legend", nil)
}

func (s *boardStep) show() {
	e := s.e
	pos := e.t.u.pos
	cur := pos.cur
	e.t.board.cursor = &pos.cur
	e.t.board.follow = true
	e.t.board.centreOn(cur)
	e.tileLine()
	switch ti := e.g.S.TileIndex(cur); {
	case pos.mark != nil:
		e.ask("ui.pos.ask_board_mark", map[string]any{"Cell": cur.String(), "Last": pos.mark.cell.String(),
			"Marks": pos.mark.marks()})
	case ti >= 0:
		e.ask("ui.pos.ask_board_taken", map[string]any{"Cell": cur.String(),
			"Tile": tileWords(e.t.u.loc, e.g.S.Tiles[ti].Type, int(e.g.S.Tiles[ti].Rot))})
	default:
		e.ask("ui.pos.ask_board", map[string]any{"Cell": cur.String()})
	}
	if e.input.GetText() != e.typed {
		e.input.SetText(e.typed) // calls typed
	}
	s.filter(false)
}

// typed: the text of the input line changed. A mark's key alone (G, E), right after a tile that has a twin with
// that mark in the box, makes it the twin.
func (s *boardStep) typed(text string) {
	e := s.e
	pos := e.t.u.pos
	if m := pos.mark; m != nil {
		if r := []rune(strings.TrimSpace(text)); len(r) == 1 && m.twins[latinKey(e.t.u.loc.Lang(), r[0])] != nil {
			s.makeTwin(m, latinKey(e.t.u.loc.Lang(), r[0]))
			return
		}
		if strings.TrimSpace(text) != "" {
			pos.mark = nil // the next tile is typed: no mark, and the prompt no longer asks for one
			e.ask("ui.pos.ask_board", map[string]any{"Cell": pos.cur.String()})
		}
	}
	if strings.TrimSpace(text) != "" {
		pos.shown = "" // the next tile is typed
	}
	e.typed = text
	s.filter(true)
}

// makeTwin replaces the tile just laid by its twin with that mark, lying as markAsk found it (the referee checks it
// as any tile, POS-2), and asks for the twin's own twins (a pennant, then a garden).
func (s *boardStep) makeTwin(m *markAsk, mark rune) {
	e := s.e
	pos := e.t.u.pos
	pos.mark = nil
	e.typed = ""
	twin, rot := m.twins[mark], m.rots[mark]
	l := referee.PositionLine{Kind: referee.PosTile, Tile: twin.ID, Pos: referee.Pos{X: m.cell.X, Y: m.cell.Y},
		Rot: rot * 90}
	i := pos.draft().TileAt(l.Pos)
	if e.t.posDo(func(st posSteps) error { return st.Replace(i, l) }, func() { pos.mark = e.markAsk(twin, m.cell, rot) }) {
		e.t.setStatus(e.t.u.loc.T("ui.pos.mark_laid", map[string]any{"Cell": m.cell.String(),
			"Tile": tileWords(e.t.u.loc, twin, rot)}), false)
	}
	e.input.SetText("")
}

// highlight shows the highlighted tile beside the prompt and under the cursor.
func (s *boardStep) highlight(i int) {
	e := s.e
	e.pic.t, e.pic.edges = nil, nil
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
// show it: laying one gets the referee's reason (POS-2: the box holds no more of it). Edges typed so far show as a
// picture.
func (s *boardStep) filter(auto bool) {
	e := s.e
	if e.now != s || e.g == nil {
		return
	}
	loc := e.t.u.loc
	b := e.t.board
	text := strings.TrimSpace(e.input.GetText())
	pick := -1
	if base, k, _, ok := digitAfterCode(loc.Lang(), text); ok {
		// A digit right after a code, complete or begun: the tile listed with that digit (numberListed), as in a
		// move.
		text, pick, auto = base, k, false
	}
	var choices []choice
	s.matches = nil
	add := func(t *engine.TileType, rot int, label string) {
		s.matches = append(s.matches, engine.Match{Type: t, Rot: rot})
		choices = append(choices, choice{label: label, next: func() { s.lay(t, rot) },
			preview: func() {
				e.pic.t, e.pic.rot, e.pic.edges = t, rot, nil
				b.pvTile, b.pvPos, b.pvRot = t, e.t.u.pos.cur, rot
			}})
	}
	// addMatches lists matches by the tile's name as the table reads it (tileName: the roads and fields that tell
	// look-alikes apart, issue 30: b-c1 and ic-capsplit both read "city") and the copies left; plain are those
	// without a twin that has a mark more (asked for after, twins.go), the copies the box holds most of first.
	addMatches := func(matches []engine.Match) (plain []engine.Match) {
		plain = withoutTwins(matches, e.g.Bag)
		for _, m := range append(plain, others(matches, plain)...) {
			add(m.Type, m.Rot, tileName(loc, m.Type, m.Rot)+" ×"+strconv.Itoa(e.g.Bag.Left(m.Type)))
		}
		return plain
	}
	code, isCode := parseEdgeCode(loc.Lang(), text)
	e.pic.edges, b.pvEdges = nil, nil
	switch {
	case text == "":
	case isCode && code.complete():
		matches := e.g.Cat.MatchTiles(code.edges4(), code.marks, s.candidates())
		inBox := len(matches) > 0
		if !inBox {
			matches = e.g.Cat.MatchTiles(code.edges4(), code.marks, e.g.TilesInGame()) // refused: none left (POS-2)
		}
		if len(matches) == 0 {
			matches = e.g.Cat.MatchTiles(code.edges4(), code.marks, nil) // refused: not in this game (POS-2)
		}
		if mark := onlyTwins(e.g.Cat, matches, code.marks); inBox && mark != 0 {
			// Only copies with a mark not typed are left (a garden, a pennant): not laid without the player's word.
			choices = append(choices, choice{label: loc.T("ui.pos.only_marked", map[string]any{
				"Tile": tileWords(loc, matches[0].Type, matches[0].Rot), "Mark": markKeys[mark]}), muted: true})
			e.pic.edges, b.pvEdges = code.edges, code.edges
			break
		}
		plain := addMatches(matches)
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.pos.no_match", map[string]any{"Code": tview.Escape(text)}),
				muted: true})
			e.pic.edges, b.pvEdges = code.edges, code.edges
		}
		// One match (a twin with a mark not typed aside: it is asked for after): laid at once; several: the list,
		// the copies the box holds most of first, Enter takes the first.
		if auto && len(plain) == 1 {
			e.offer(choices)
			s.lay(plain[0].Type, plain[0].Rot)
			return
		}
		// Several, one of which is the code typed and the rest it with one mark more (b-c1 CFFF beside Abbey &
		// Mayor's am-citysplit3 CFFFE): that one laid at once, the others by their mark after, as twins.
		if m, ok := e.exactOfMarked(plain); auto && ok {
			e.offer(choices)
			s.lay(m.Type, m.Rot)
			return
		}
	case isCode && code.digitsListed(text):
		// A code begun: the tiles the box holds whose edges begin so, each way it shows them (addMatches); a digit
		// takes one (issue 30: the look-alikes told apart one key sooner than by the whole code); then, as for any
		// code begun, how many edges are still to type.
		addMatches(code.prefixMatches(s.candidates()))
		fallthrough
	case isCode:
		choices = append(choices, choice{label: loc.T("ui.pos.typing", map[string]any{"Count": 4 - len(code.edges)}),
			muted: true})
		e.pic.edges, b.pvEdges = code.edges, code.edges
	default:
		// A tile by its id or letter: each of its distinct rotations.
		latin := latinText(loc.Lang(), text)
		for _, t := range e.g.Cat.Types {
			if t.Piece == nil && (tileNamed(t, text) || (latin != text && tileNamed(t, latin))) {
				for rot := 0; rot < 4; rot++ {
					if t.DistinctRotation(rot) {
						add(t, rot, tileName(loc, t, rot))
					}
				}
			}
		}
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.unknown_tile", map[string]any{"Tile": tview.Escape(text)}),
				muted: true})
		}
	}
	edges := e.pic.edges
	e.offer(choices)
	var open []int
	if isCode && code.digitsListed(text) {
		open = numberListed(e.menu, !code.complete())
	}
	e.layout() // the legend follows the list (legend), the list with its digits (entry.wantCompact)
	if pick >= 0 && pick < len(open) {
		e.menu.setCurrent(open[pick])
		e.menu.choose(open[pick])
		return
	}
	if len(choices) == 0 || choices[0].muted {
		e.pic.t, b.pvTile = nil, nil
		e.pic.edges, b.pvEdges, b.pvPos = edges, edges, e.t.u.pos.cur
		e.layout()
	}
}

// lay enters tile t in rotation rot (quarter turns) at the cursor, or replaces the tile entered there; then the
// cursor moves on to the right, to the first cell with no tile. A tile whose type has a twin left in the box asks for its mark (twins.go).
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
		if i < 0 && (!pos.rowSet || pos.rowY != cur.Y) { // a tile mended elsewhere does not begin a row
			pos.rowX, pos.rowY, pos.rowSet = cur.X, cur.Y, true
		}
		// The next cell in reading order: to the right, past cells entered already (the City's, a tile mended
		// before), where a reader's eye goes next (issue 30).
		pos.cur = engine.Pos{X: cur.X + 1, Y: cur.Y}
		for e.g.S.At(pos.cur) != nil {
			pos.cur.X++
		}
		pos.mark = e.markAsk(t, cur, rot)
		pos.shown = strings.ToLower(codeOf(t, rot)[4:])
		e.input.SetText("")
	})
}

// move puts the cursor on cell p (Tab then means the tile under it, not the tile laid last).
func (s *boardStep) move(p engine.Pos) {
	pos := s.e.t.u.pos
	pos.cur, pos.last = p, nil
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
		pos.mark = nil
		s.move(engine.Pos{X: pos.cur.X + d[0], Y: pos.cur.Y + d[1]})
		return nil
	}
	switch ev.Key() {
	case tcell.KeyEnter:
		if empty {
			pos.mark = nil
			x := pos.cur.X
			if pos.rowSet {
				x = pos.rowX
			}
			s.move(engine.Pos{X: x, Y: pos.cur.Y + 1})
			return nil
		}
		if c := e.menu.current; c < e.menu.count() && !e.menu.items[c].muted {
			e.menu.choose(c)
			return nil
		}
		e.t.setStatus(e.t.u.loc.T("ui.pos.no_match", map[string]any{"Code": e.input.GetText()}), true)
		return nil
	case tcell.KeyCtrlG:
		if pos.goTo != nil {
			// The refused code goes with the refusal: the tile there is mended or the next one typed afresh.
			pos.mark, e.typed = nil, ""
			e.input.SetText("")
			s.move(*pos.goTo)
		}
		return nil
	case tcell.KeyPgUp, tcell.KeyPgDn:
		pageKey(e.menu, ev) // by rows (pospage.go)
		return nil
	case tcell.KeyDelete:
		s.remove()
		return nil
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		if empty {
			// Nothing to erase: a Backspace too many never takes a tile off; the note says what does.
			e.t.setStatus(e.t.u.loc.T("ui.pos.nothing_to_erase", map[string]any{"Cell": pos.cur.String()}), false)
			return nil
		}
	case tcell.KeyF9:
		if s.typedNotLaid() {
			return nil
		}
		if e.t.posTilesDone() { // (the dragon is entered with the figures: step_posfig_pd.go)
			e.posStage(stepPosFigure)
		}
		return nil
	case tcell.KeyEscape:
		e.input.SetText("")
		e.t.status.SetText("")
		e.t.board.alert = nil
		return nil
	case tcell.KeyRune:
		if i := strings.IndexRune(pos.shown, latinKey(e.t.u.loc.Lang(), ev.Rune())); empty && i >= 0 &&
			(pos.mark == nil || pos.mark.twins[latinKey(e.t.u.loc.Lang(), ev.Rune())] == nil) {
			// A mark the tile just laid shows (its monastery M, a pennant E), typed after its four edges laid it at
			// once: it was meant for that tile, not as the next tile's first key.
			pos.shown = pos.shown[:i] + pos.shown[i+1:]
			return nil
		}
		if ev.Rune() == abbeyKey && empty && s.posLayAbbey() { // the abbey in its hole (POS-16, step_posam.go)
			return nil
		}
		if ev.Rune() == ' ' && empty {
			pos.mark = nil
			s.move(engine.Pos{X: pos.cur.X + 1, Y: pos.cur.Y})
			return nil
		}
	}
	return ev
}

// remove takes the tile under the cursor off the board (the referee refuses it if the rest would break a rule: take
// a figure off first).
func (s *boardStep) remove() {
	e := s.e
	pos := e.t.u.pos
	i := pos.draft().TileAt(referee.Pos{X: pos.cur.X, Y: pos.cur.Y})
	if i < 0 {
		e.t.setStatus(e.t.u.loc.T("ui.pos.no_tile_here", map[string]any{"Cell": pos.cur.String()}), true)
		return
	}
	pos.mark = nil
	l := pos.draft().Lines()[i]
	if e.t.posDo(func(st posSteps) error { return st.Remove(i) }, nil) {
		words := l.Tile
		if tt := e.g.Cat.Tile(l.Tile); tt != nil {
			words = tileWords(e.t.u.loc, tt, l.Rot/90)
		}
		e.t.setStatus(e.t.u.loc.T("ui.pos.taken_off", map[string]any{"Cell": pos.cur.String(), "Tile": words}), false)
	}
}

// typedNotLaid reports whether a code is typed and not laid yet (F9, F10 leave the tiles only without one), and
// says so: Enter lays it, Esc drops it.
func (s *boardStep) typedNotLaid() bool {
	e := s.e
	text := strings.TrimSpace(e.input.GetText())
	if text == "" {
		return false
	}
	e.t.setStatus(e.t.u.loc.T("ui.pos.typed_not_laid", map[string]any{"Code": tview.Escape(text),
		"Cell": e.t.u.pos.cur.String()}), true)
	return true
}

// figures shows the figure step for the tile laid last (or, once the cursor was moved, the tile under it): Tab. After a figure is
// entered, or Esc, the board step goes on where it was.
func (s *boardStep) figures() {
	e := s.e
	pos := e.t.u.pos
	at := pos.cur
	if pos.last != nil && e.g.S.At(*pos.last) != nil {
		at = *pos.last // the tile just laid, even when the cursor moved on onto a tile (the City's cells)
	}
	if e.g.S.At(at) == nil {
		e.t.setStatus(e.t.u.loc.T("ui.pos.no_tile_here", map[string]any{"Cell": at.String()}), true)
		return
	}
	pos.mark = nil
	e.typed = ""
	e.input.SetText("")
	e.enter(&posFigureStep{answers: answers{e}, at: &at})
	e.focus()
}

// click moves the cursor to the cell clicked.
func (s *boardStep) click(p engine.Pos, sx, sy int) {
	s.e.t.u.pos.mark = nil
	s.move(p)
}

// numberListed gives the tiles listed for a complete code the digits 1..9 in the order of the list, when there are
// several (typed right after the code, a digit takes its tile: filter), and returns their indexes.
func numberListed(m *menu, begun bool) []int {
	var open []int
	for i := range m.items {
		if !m.items[i].muted && len(open) < 9 {
			open = append(open, i)
		}
	}
	if len(open) < 2 && !(begun && len(open) == 1) {
		return nil
	}
	for k, i := range open {
		m.items[i].key = string(rune('1' + k))
	}
	return open
}
