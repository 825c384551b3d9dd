package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The entry of a board as it lies, key by key, as a newcomer at the table would, reading the table like a page:
// complete 72-tile end-of-game boards of the base game with farmers, three players, taken from random full games
// played through the referee (genGame, fullgame_test.go; the position written by referee.Game.PositionLines at the
// start of the last turn, plus the last tile laid and its figure), entered through the set-up form's second way
// in: every tile typed by its edges row by row from the table's top-left corner (the start tile where it lies, as
// any tile), each figure as the walk passes its tile (Tab, the feature, whose), then the score track and who plays
// next, then the tally. The table must show exactly the scores `replay --final` gives for the same position record
// (the referee's ReplayRecord with final), with no refusal on the way, and the keys it took are counted: at most 6
// a tile on average over 20 boards, and no board over 7 (issue 20; the README gives the figures).

// endBoard returns the position of a random full base game (farmers) at its end: the position lines at the start
// of the last turn, the last tile laid and its figure; the first seed from seed on whose position the referee
// accepts (the last tile may complete a feature with figures on it, which a position cannot hold, POS-3).
func endBoard(t *testing.T, seed int64, setup referee.Setup, cat *engine.Catalogue) *referee.Record {
	t.Helper()
	for s := seed; s < seed+20; s++ {
		_, rec := genGame(t, s, setup, cat)
		if pos := boardOf(t, rec, cat); pos != nil {
			return pos
		}
	}
	t.Fatal("no seed gave an end-of-game position the referee accepts")
	return nil
}

// boardOf returns the position of a finished game at its end (see endBoard), nil if the referee refuses it.
func boardOf(t *testing.T, rec *referee.Record, cat *engine.Catalogue) *referee.Record {
	t.Helper()
	setup := rec.Setup
	g, err := referee.NewGame(setup, cat)
	if err != nil {
		t.Fatal(err)
	}
	var lines []referee.PositionLine
	var rest []referee.Action
	for i, a := range rec.Actions {
		if g.Phase == referee.PhaseTile && g.Bag.LandLeft() == 1 {
			if ls, err := g.PositionLines(); err == nil {
				lines, rest = ls, rec.Actions[i:]
				break
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if lines == nil {
		return nil
	}
	var last referee.Action
	for _, a := range rest {
		switch a.Verb {
		case referee.VerbPlace:
			last = a
			lines = append(lines, referee.PositionLine{Kind: referee.PosTile, Tile: a.Tile, Pos: a.Pos, Rot: a.Rot})
		case referee.VerbDeploy:
			kind := referee.PosFollower
			if a.Abbot {
				kind = referee.PosAbbot
			}
			lines = append(lines, referee.PositionLine{Kind: kind, Colour: a.Colour,
				Target: referee.FeatureRef{Pos: last.Pos, Place: a.Place}})
		}
	}
	pos := &referee.Record{Setup: setup, Position: lines}
	if _, err := referee.NewGameFrom(pos, cat); err != nil {
		return nil
	}
	return pos
}

// threePlayers is the set-up of the boards measured: three players, farmers, the standard start.
func threePlayers() referee.Setup {
	colours := referee.Colours()
	return referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: colours[0]},
		{Name: "Богдан", Colour: colours[1]}, {Name: "Віра", Colour: colours[2]}},
		Expansions: []string{referee.ExpansionFarmers}, Start: referee.StartStandard,
		Followers: referee.DefaultFollowers}
}

// readingBoards is how many boards TestPositionEntryReadingOrder enters (the seeds 100, 200, ...).
const readingBoards = 20

func TestPositionEntryReadingOrder(t *testing.T) {
	cat := engine.Standard()
	setup := threePlayers()
	var perTile []float64
	for k := 1; k <= readingBoards; k++ {
		pos := endBoard(t, int64(100*k), setup, cat)
		want, err := referee.ReplayRecord(pos, cat, true) // what `replay --final` prints for this record
		if err != nil {
			t.Fatal(err)
		}
		var n enteredKeys
		synctest.Test(t, func(t *testing.T) {
			n = enterPosition(t, pos, want, "bg")
		})
		if t.Failed() {
			return
		}
		perTile = append(perTile, float64(n.all)/float64(n.tiles))
		t.Logf("board %2d: %d tiles, %d figures: %d keys, %.2f a tile (tiles %d of which walking %d, figures %d, "+
			"points, next player and tally %d)", k, n.tiles, n.figures, n.all, perTile[len(perTile)-1], n.tileKeys,
			n.walk, n.figureKeys, n.tokenKeys)
	}
	mean, worst := meanWorst(perTile)
	t.Logf("%d boards read row by row from the top-left corner: %.2f keys a tile on average, %.2f at worst",
		len(perTile), mean, worst)
	if mean > 6 || worst > 7 {
		t.Errorf("%.2f keys a tile on average (at most 6), %.2f at worst (at most 7)", mean, worst)
	}
}

// enteredKeys counts the keys of one board's entry after the set-up form.
type enteredKeys struct {
	all, tiles, figures, tileKeys, walk, figureKeys, tokenKeys int
}

// enterPosition enters the board of pos at the table in lang, reading it row by row from its top-left corner, and
// checks the tally against want and that nothing was refused on the way. Call inside synctest.Test.
func enterPosition(t *testing.T, pos *referee.Record, want *referee.Game, lang string) enteredKeys {
	h := start(t, testOptions(t, lang))
	defer h.stop()
	names := make([]string, len(pos.Setup.Players))
	for i, p := range pos.Setup.Players {
		names[i] = p.Name
	}
	h.asItLies(names...)
	if h.u.pos == nil {
		t.Fatalf("F8 did not open the entry of a position:\n%s", h.text())
	}
	setupKeys := h.presses
	var n enteredKeys
	n.walk, n.figureKeys = h.readBoard(pos.Position)
	n.tileKeys = h.presses - setupKeys - n.figureKeys
	before := h.presses
	h.key(tcell.KeyF10) // the board is finished: the rest of the position
	h.enterTokens(pos.Position, true)
	n.tokenKeys = h.presses - before
	screen := h.text()
	if h.u.table.lastErr != nil {
		t.Errorf("refused on the way: %s", h.u.describe(h.u.table.lastErr))
	}
	if h.u.sess == nil {
		t.Fatalf("not at the tally:\n%s", screen)
	}
	g := h.u.sess.Game
	if g.Phase != referee.PhaseEnded {
		t.Fatalf("not at the tally (phase %v):\n%s", g.Phase, screen)
	}
	for p := 0; p < g.Players(); p++ {
		if g.S.Scores[p] != want.S.Scores[p] {
			t.Errorf("%s: the table shows %d, replay --final %d", g.Name(p), g.S.Scores[p], want.S.Scores[p])
		}
	}
	if !strings.Contains(screen, h.u.loc.T("ui.tally.final", nil)) {
		t.Errorf("the tally is not shown:\n%s", screen)
	}
	for _, l := range pos.Position {
		switch {
		case l.Kind == referee.PosTile:
			n.tiles++
		case l.Kind == referee.PosFollower || l.Kind == referee.PosAbbot:
			n.figures++
		}
	}
	n.tiles++ // the start tile
	n.all = h.presses - setupKeys
	return n
}

// tableTiles are the tiles of a position as they lie on the table: the start tile at 0,0 and the tile lines, in
// reading order (row by row from the north, each from the west).
func tableTiles(lines []referee.PositionLine) []referee.PositionLine {
	out := []referee.PositionLine{{Kind: referee.PosTile, Tile: "b-c1rs"}}
	for _, l := range lines {
		if l.Kind == referee.PosTile {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b referee.PositionLine) int {
		if a.Pos.Y != b.Pos.Y {
			return a.Pos.Y - b.Pos.Y
		}
		return a.Pos.X - b.Pos.X
	})
	return out
}

// readBoard types every tile of the position where it lies on the table, row by row from its top-left corner: the
// entry's first tile is the top row's first (the table's coordinates shifted so that it is 0,0); the cursor walks
// by the fewer keys, Enter (the next row, below the row's first tile) and the arrows; the tile's edges are typed
// (its marks, then ↓ and Enter, only if several tiles show the same edges; G after it for a garden), or as many of
// them as list it with a digit, and the digit (typeBoardTile). Each figure is
// entered as the walk passes its tile: Tab, the feature, whose. It returns the keys that walked the cursor and the
// keys that entered figures.
func (h *harness) readBoard(lines []referee.PositionLine) (walkKeys, figureKeys int) {
	h.t.Helper()
	tiles := tableTiles(lines)
	o := tiles[0].Pos // the table's top-left tile: the entry's 0,0
	at := func(p referee.Pos) engine.Pos { return engine.Pos{X: p.X - o.X, Y: p.Y - o.Y} }
	for _, l := range tiles {
		p := at(l.Pos)
		before := h.presses
		h.walkTo(p)
		walkKeys += h.presses - before
		h.typeBoardTile(l, p)
		if got := h.u.pos.draft().TileAt(referee.Pos{X: p.X, Y: p.Y}); got < 0 {
			h.t.Fatalf("%s not laid at %v: %s\n%s", l, p, h.u.table.status.GetText(true), h.text())
		}
		for _, f := range lines {
			if (f.Kind == referee.PosFollower || f.Kind == referee.PosAbbot) && !f.InCity() && f.Target.Pos == l.Pos {
				before := h.presses
				h.key(tcell.KeyTab)
				f.Target.Pos = referee.Pos{X: p.X, Y: p.Y}
				h.enterFigure(f)
				figureKeys += h.presses - before
			}
		}
	}
	return walkKeys, figureKeys
}

// walkTo moves the cursor of the board step to p by the fewer keys: the arrows from where it is, or Enter (the
// next row, from the column of the row's first tile) and then the arrows.
func (h *harness) walkTo(p engine.Pos) {
	h.t.Helper()
	pos := h.u.pos
	abs := func(x int) int { return max(x, -x) }
	rowX := pos.cur.X
	if pos.rowSet {
		rowX = pos.rowX
	}
	if 1+abs(p.X-rowX)+abs(p.Y-pos.cur.Y-1) < abs(p.X-pos.cur.X)+abs(p.Y-pos.cur.Y) {
		h.key(tcell.KeyEnter)
	}
	for pos.cur.Y < p.Y {
		h.key(tcell.KeyDown)
	}
	for pos.cur.Y > p.Y {
		h.key(tcell.KeyUp)
	}
	for pos.cur.X < p.X {
		h.key(tcell.KeyRight)
	}
	for pos.cur.X > p.X {
		h.key(tcell.KeyLeft)
	}
}

// typeBoardTile types the edges of the tile of line l as it lies, at cell p of the entry, until the list shows it
// with a digit (two or three edges typed: the digit takes it, as the legend says); if it is not laid yet, its
// marks, then ↓ to it in the list and Enter; a garden copy laid as its plain copy is made the garden with G.
func (h *harness) typeBoardTile(l referee.PositionLine, p engine.Pos) {
	h.t.Helper()
	tt := h.u.cat.Tile(l.Tile)
	code := codeOf(tt, l.Rot/90)
	cell := referee.Pos{X: p.X, Y: p.Y}
	d := h.u.pos.draft()
	laid := func() bool { return d.TileAt(cell) >= 0 }
	listed := func() rune { // the digit the tile is listed with now, 0 if none
		b, _ := h.u.table.entry.now.(*boardStep)
		m := h.u.table.entry.menu
		for k, mt := range b.matches {
			if mt.Type == tt && mt.Rot == l.Rot/90 && k < m.count() && len(m.items[k].key) == 1 {
				return rune(m.items[k].key[0])
			}
		}
		return 0
	}
	for i, r := range code[:4] {
		if k := listed(); i >= minDigitEdges && k != 0 {
			// Listed with its digit once minDigitEdges edges are typed: the digit takes it, as the legend says
			// (issue 30), in fewer keys than the rest of the code (or as many: three edges and the digit).
			h.pressRune(k)
			break
		}
		h.pressRune(r)
	}
	for _, r := range code[4:] {
		if laid() {
			break
		}
		h.pressRune(r)
	}
	if !laid() {
		e := h.u.table.entry
		b, _ := e.now.(*boardStep)
		found := false
		for k, m := range b.matches {
			if m.Type == tt && m.Rot == l.Rot/90 {
				for e.menu.current < k {
					h.key(tcell.KeyDown)
				}
				h.key(tcell.KeyEnter)
				found = true
				break
			}
		}
		if !found {
			h.t.Fatalf("%s (%s) is not among %q", l, code, h.menuLabels())
		}
	}
	// A twin with a garden or a pennant more: laid as the plain one, its mark's key makes it the twin.
	for k := 0; k < 2 && h.u.pos.mark != nil && d.Lines()[d.TileAt(cell)].Tile != tt.ID; k++ {
		for mark, tw := range h.u.pos.mark.twins {
			if tw == tt || twinMark(tt, tw) != 0 {
				h.pressRune(mark)
				break
			}
		}
	}
	if i := d.TileAt(cell); i < 0 || d.Lines()[i].Tile != tt.ID || d.Lines()[i].Rot != l.Rot {
		h.t.Fatalf("%s: at %v lies %v (status %q)", l, p, d.Lines()[max(i, 0)], h.u.table.status.GetText(true))
	}
}

// enterFigures puts every figure of the position on the board: the cursor jumps to its tile (the arrows, the
// fewest presses), the feature's number, then whose figure it is.
func (h *harness) enterFigures(lines []referee.PositionLine) {
	h.t.Helper()
	for _, l := range lines {
		if (l.Kind != referee.PosFollower && l.Kind != referee.PosAbbot) || l.InCity() {
			continue
		}
		g := h.u.pos.draft().Game()
		seg, err := g.S.FeatureAt(engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}, l.Target.Place)
		if err != nil {
			h.t.Fatalf("%s: %v", l, err)
		}
		ti, _ := g.S.SegTile(seg)
		h.jumpTo(g.S, g.S.Tiles[ti].Pos)
		h.enterFigure(l)
	}
}

// enterFigure enters figure line l on the tile the figure step asks about: the answer naming its feature and whose
// figure it is, by its key.
func (h *harness) enterFigure(l referee.PositionLine) {
	h.t.Helper()
	g := h.u.pos.draft().Game()
	seg, err := g.S.FeatureAt(engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}, l.Target.Place)
	if err != nil {
		h.t.Fatalf("%s: %v", l, err)
	}
	e := h.u.table.entry
	p := g.Player(l.Colour)
	kind := engine.Follower
	if l.Kind == referee.PosAbbot {
		kind = engine.Abbot
	}
	who := " — " + e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(kind, g.S.SegKind(seg))
	n := len(h.u.pos.draft().Lines())
	for k, c := range e.choices {
		if c.hasSeg && c.seg == seg && strings.Contains(c.label, who) {
			h.chooseItem(k)
			if len(h.u.pos.draft().Lines()) != n+1 {
				h.t.Fatalf("%s not entered: %s", l, h.u.table.status.GetText(true))
			}
			return
		}
	}
	h.t.Fatalf("%s: not offered: %q\n%s", l, h.menuLabels(), h.text())
}

// jumpTo moves the figure step's cursor to p by the fewest arrows (each jumps to the next tile that way:
// nextTile), found by a breadth-first search over the cells.
func (h *harness) jumpTo(s *engine.State, p engine.Pos) {
	h.t.Helper()
	from := h.u.pos.cur
	if from == p {
		return
	}
	type node struct {
		p     engine.Pos
		first tcell.Key
	}
	keys := []tcell.Key{tcell.KeyRight, tcell.KeyLeft, tcell.KeyDown, tcell.KeyUp}
	seen := map[engine.Pos]bool{from: true}
	queue := []node{{p: from}}
	for len(queue) > 0 && len(seen) < 5000 {
		n := queue[0]
		queue = queue[1:]
		for _, k := range keys {
			q := nextTile(s, n.p, arrowDir[k])
			if seen[q] {
				continue
			}
			first := n.first
			if first == 0 {
				first = k
			}
			if q == p {
				h.key(first)
				h.jumpTo(s, p)
				return
			}
			seen[q] = true
			queue = append(queue, node{p: q, first: first})
		}
	}
	h.t.Fatalf("no way from %v to %v", from, p)
}

// enterTokens types the points on the score track (each player's, digits and Enter), says who plays next, and
// asks for the tally.
func (h *harness) enterTokens(lines []referee.PositionLine, tally bool) {
	h.t.Helper()
	loc := h.u.loc
	score := map[referee.Colour]int{}
	var turn referee.Colour
	for _, l := range lines {
		switch l.Kind {
		case referee.PosScore:
			score[l.Colour] = l.N
		case referee.PosTurn:
			turn = l.Colour
		}
	}
	g := h.u.pos.draft().Game()
	if len(score) > 0 {
		h.chooseOption(strings.Split(loc.T("ui.pos.opt_score", nil), ":")[0])
		for p := 0; p < g.Players(); p++ {
			if n, ok := score[g.Colour(p)]; ok && n != 0 {
				h.typeText(strconv.Itoa(n))
			}
			h.key(tcell.KeyEnter)
		}
	}
	if turn != "" && g.Player(turn) != 0 {
		h.chooseOption(strings.Split(loc.T("ui.pos.opt_turn", nil), ":")[0])
		h.chooseItem(g.Player(turn))
	}
	if tally {
		h.chooseOption(loc.T("ui.pos.opt_tally", nil))
	}
}

var _ = fmt.Sprint

// The board step's refusals and mending: a tile whose edge does not match a tile beside it is refused with BASE-4
// naming that tile's cell, shown in red, and Ctrl-G goes there; a tile the box does not hold is refused with POS-2;
// the line typed stays as it was. A tile typed over one entered replaces it; Ctrl-Z takes the last tile back out
// and puts the cursor where it was, so the tile typed next lies there; Del takes a tile off. A tile apart from the
// board is taken (an island) but the board is not finished with it (F9: POS-1, shown, Ctrl-G goes there). Every
// step is on disk as it is entered, and the entry is resumed as it was left (karkason resume), the cursor after
// the last tile entered.
func TestPositionEntryRefusalsAndResume(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		h := start(t, o)
		h.asItLies("Ана", "Богдан")
		pos := h.u.pos
		if pos == nil || pos.cur != (engine.Pos{}) || len(pos.draft().Game().S.Tiles) != 0 {
			t.Fatalf("the entry does not start on an empty board at 0,0 (the start tile is typed):\n%s", h.text())
		}
		lines := func() int { return len(pos.draft().Lines()) }
		status := func() string { return h.u.table.status.GetText(true) }
		at := func(x, y int) string {
			if i := pos.draft().TileAt(referee.Pos{X: x, Y: y}); i >= 0 {
				return pos.draft().Lines()[i].Tile
			}
			return ""
		}
		h.typeText("crfr") // the start tile, typed where it lies
		if at(0, 0) != "b-c1rs" || pos.cur != (engine.Pos{X: 1}) {
			t.Fatalf("crfr at 0,0: %v, cursor %v, status %q", pos.draft().Lines(), pos.cur, status())
		}
		h.typeText("cccc") // b-c4s: a city where the start tile's road ends
		if lines() != 1 || !strings.Contains(status(), "[BASE-4]") || !strings.Contains(status(), "0,0") ||
			h.u.table.entry.input.GetText() != "cccc" || len(h.u.table.board.alert) != 1 {
			t.Fatalf("a tile whose edges do not match: %d lines, status %q, line %q, shown %v", lines(), status(),
				h.u.table.entry.input.GetText(), h.u.table.board.alert)
		}
		h.key(tcell.KeyCtrlG) // the refused code goes with it
		if pos.cur != (engine.Pos{}) || h.u.table.entry.input.GetText() != "" {
			t.Fatalf("Ctrl-G does not go to the tile named with the line empty: cursor %v, line %q", pos.cur,
				h.u.table.entry.input.GetText())
		}
		h.key(tcell.KeyRight)
		h.typeText("wfwf") // a river tile: not in this game's box
		if e := h.u.table.entry; e.menu.count() > 1 {
			h.key(tcell.KeyEnter) // several river tiles show it: the first
		}
		if lines() != 1 || !strings.Contains(status(), "[POS-2]") {
			t.Fatalf("a tile the box does not hold: %d lines, status %q", lines(), status())
		}
		h.key(tcell.KeyEscape)
		h.typeText("frfr")
		if lines() != 2 || pos.cur != (engine.Pos{X: 2, Y: 0}) {
			t.Fatalf("frfr at 1,0: %d lines, cursor %v, status %q", lines(), pos.cur, status())
		}
		h.key(tcell.KeyLeft)
		h.typeText("ffrr") // retyped: a curve instead
		if at(1, 0) != "b-rc" || lines() != 2 || pos.cur != (engine.Pos{X: 2, Y: 0}) {
			t.Fatalf("replacing the tile at 1,0: %v (status %q)", pos.draft().Lines(), status())
		}
		h.key(tcell.KeyCtrlZ) // the curve comes off, the straight road it was typed over is back, the cursor there
		if lines() != 2 || at(1, 0) != "b-rs" || pos.cur != (engine.Pos{X: 1, Y: 0}) {
			t.Fatalf("Ctrl-Z: %v, cursor %v", pos.draft().Lines(), pos.cur)
		}
		h.typeText("frfr") // the tile typed next lies there
		if at(1, 0) != "b-rs" {
			t.Fatalf("after Ctrl-Z: %v", pos.draft().Lines())
		}
		h.key(tcell.KeyLeft)
		h.key(tcell.KeyBackspace2) // nothing typed: nothing taken off, the note says what does
		if lines() != 2 || !strings.Contains(status(), "Del") {
			t.Fatalf("Backspace on an empty line at 1,0: %v (status %q)", pos.draft().Lines(), status())
		}
		h.key(tcell.KeyDelete)
		if lines() != 1 || !strings.Contains(status(), "Ctrl-Z") {
			t.Fatalf("Del at 1,0: %v (status %q)", pos.draft().Lines(), status())
		}
		h.key(tcell.KeyRight)
		h.key(tcell.KeyCtrlZ) // the tile taken off is back where it lay, the cursor on it
		if lines() != 2 || at(1, 0) != "b-rs" || pos.cur != (engine.Pos{X: 1, Y: 0}) {
			t.Fatalf("Ctrl-Z after Del: %v, cursor %v (status %q)", pos.draft().Lines(), pos.cur, status())
		}
		h.key(tcell.KeyDelete)
		h.typeText("frfr")
		h.typeText("frfr")
		h.key(tcell.KeyTab) // a figure on the tile just laid: the road, Богдан's
		h.chooseOption(h.u.loc.T("term.road", nil) + " — " + h.u.table.names.badge(1) + " Богдан")
		h.typeText("ffrr")
		if lines() != 5 {
			t.Fatalf("four tiles and a follower: %v (status %q)", pos.draft().Lines(), status())
		}
		// A tile apart from the board: taken, but the board is not finished with it.
		h.keys(tcell.KeyDown, tcell.KeyDown, tcell.KeyRight)
		apart := pos.cur
		h.typeText("ffff")
		if lines() != 6 {
			t.Fatalf("an island is refused while entering: %s", status())
		}
		h.typeText("crfr")
		h.key(tcell.KeyF9) // a code typed and not laid: F9 says so and stays
		if h.u.table.entry.step != stepBoard || !strings.Contains(status(), "crfr") || lines() != 6 {
			t.Fatalf("F9 with a code typed: step %v, status %q, %d lines", h.u.table.entry.step, status(), lines())
		}
		h.key(tcell.KeyEscape)
		h.key(tcell.KeyF9)
		if h.u.table.entry.step != stepBoard || !strings.Contains(status(), "[POS-1]") ||
			!slices.Contains(h.u.table.board.alert, apart) {
			t.Fatalf("F9 with an island: step %v, status %q, shown %v", h.u.table.entry.step, status(),
				h.u.table.board.alert)
		}
		h.key(tcell.KeyCtrlG)
		h.key(tcell.KeyDelete)
		if lines() != 5 || pos.cur != apart {
			t.Fatalf("taking the island off: %v, cursor %v (status %q)", pos.draft().Lines(), pos.cur, status())
		}
		path := pos.entry.Store.Path()
		h.stop() // as if the table were closed mid-entry

		o.Resume = true
		h = start(t, o)
		defer h.stop()
		if h.u.pos == nil {
			t.Fatalf("resume does not open the entry:\n%s", h.text())
		}
		got := h.u.pos.draft().Lines()
		if len(got) != 5 || got[3].Kind != referee.PosFollower || got[3].Colour != referee.Colours()[1] ||
			h.u.pos.cur != (engine.Pos{X: 4, Y: 0}) {
			t.Fatalf("resumed %s: %v, cursor %v", path, got, h.u.pos.cur)
		}
		h.mustSee(h.u.loc.T("ui.pos.title", nil))
	})
}

// tmuxKey names a key as tmux send-keys does.
func tmuxKey(k tcell.Key) string {
	switch k {
	case tcell.KeyEnter:
		return "Enter"
	case tcell.KeyTab:
		return "Tab"
	case tcell.KeyEscape:
		return "Escape"
	case tcell.KeyDelete:
		return "DC"
	case tcell.KeyLeft:
		return "Left"
	case tcell.KeyRight:
		return "Right"
	case tcell.KeyUp:
		return "Up"
	case tcell.KeyDown:
		return "Down"
	case tcell.KeyCtrlG:
		return "C-g"
	case tcell.KeyPgDn:
		return "PgDn"
	case tcell.KeyPgUp:
		return "PgUp"
	}
	return tcell.KeyNames[k]
}

// start=none (record format "Positions"): the set-up form's last start choice; the board is empty, the cursor at
// 0,0, and the first tile typed lies there alone (POS-1: the position's tiles are the whole board).
func TestPositionEntryStartNone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.nameSeats("Ана", "Богдан")
		h.keys(tcell.KeyUp, tcell.KeyUp, tcell.KeyUp, tcell.KeyUp, tcell.KeyUp, tcell.KeyUp, tcell.KeyLeft)
		if startValues[h.u.setup.v.start] != referee.StartNone {
			t.Fatalf("start %q, want none:\n%s", startValues[h.u.setup.v.start], h.text())
		}
		h.mustSee(h.u.loc.T("ui.start.none", nil))
		h.key(tcell.KeyF8)
		pos := h.u.pos
		if pos == nil || len(pos.draft().Game().S.Tiles) != 0 || pos.cur != (engine.Pos{}) {
			t.Fatalf("start=none: not an empty board with the cursor at 0,0:\n%s", h.text())
		}
		h.typeText("скак") // C R F R on the Ukrainian layout: the start tile's type
		h.typeText("акак") // F R F R
		if l := pos.draft().Lines(); len(l) != 2 || l[0].Pos != (referee.Pos{}) || l[1].Pos != (referee.Pos{X: 1}) {
			t.Fatalf("two tiles from 0,0: %v (status %q)", l, h.u.table.status.GetText(true))
		}
	})
}

// The tally of a position with a figure in the City's market: the market round comes first (COUNT-19, POS-9), then
// the final scoring, as at the end of any game.
func TestPositionTallyMarketRound(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		o.File = tourEntry(t, o.Config.DataDir, 3)
		h := start(t, o)
		defer h.stop()
		h.key(tcell.KeyF10) // the last part
		h.chooseOption(strings.Split(h.u.loc.T("ui.pos.opt_city", nil), ":")[0])
		h.chooseOption(capFirst(h.u.loc.T("term.quarter.market", nil)))
		h.chooseOption("Ана")
		if g := h.u.pos.draft().Game(); g.S.InQuarter(0, engine.Market, engine.Follower) != 1 {
			t.Fatalf("no follower of Ана's in the market:\n%s", h.text())
		}
		h.chooseOption(h.u.loc.T("ui.pos.opt_tally", nil))
		if h.u.pos != nil || h.u.table.entry.step != stepMarket {
			t.Fatalf("the tally does not begin with the market round:\n%s", h.text())
		}
		h.chooseItem(0)
		if g := h.u.sess.Game; g.Phase != referee.PhaseEnded {
			t.Fatalf("after the market round: phase %v\n%s", g.Phase, h.text())
		}
		h.mustSee(h.u.loc.T("ui.tally.final", nil))
	})
}

// asItLies names the players in the set-up form (the first seats) and opens the entry of a board as it lies (F8,
// "the board as it lies").
func (h *harness) asItLies(names ...string) {
	h.nameSeats(names...)
	h.key(tcell.KeyF8)
}

// nameSeats types names into the set-up form's first seats, Tab between them.
func (h *harness) nameSeats(names ...string) {
	for i, n := range names {
		if i > 0 {
			h.key(tcell.KeyTab)
		}
		h.typeText(n)
	}
}

// figureEntry resumes in uk the entry of a board as it lies for Ана (red) and Богдан (blue) with farmers, the Count
// and expansion, its one tile b-c1 at -1,-2, and opens the figure step on that tile (Tab); the caller stops it.
func figureEntry(t *testing.T, expansion string) *harness {
	t.Helper()
	h := resumed(t, "uk", "entry.rec", "karkason-record 1\n# karkason: a board as it lies, being entered\n"+
		"setup players=Ана:red,Богдан:blue expansions=farmers,count,"+expansion+" start=city\n"+
		"position tile b-c1 -1,-2 0\n")
	if h.u.pos == nil {
		text := h.text()
		h.stop()
		t.Fatalf("no entry:\n%s", text)
	}
	h.u.pos.cur = engine.Pos{X: -1, Y: -2}
	h.key(tcell.KeyTab)
	return h
}
