package tui

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The entry of a board as it lies, key by key, as a newcomer at the table would: a complete 72-tile end-of-game
// board of the base game with its farmers and followers, taken from a random full game played through the referee
// (genGame, fullgame_test.go; the position written by referee.Game.PositionLines at the start of the last turn,
// plus the last tile laid), entered through the set-up form's second way in, the board step (each tile typed by
// its edges where the cursor stands), the figure step and the token steps (the score track, who plays next), then
// the tally. The table must show exactly the scores `replay --final` gives for the same position record (the
// referee's ReplayRecord with final), and the keys it took are reported: the target is about six a tile.

// endBoard returns the position of a random full base game (farmers) at its end: the position lines at the start
// of the last turn, the last tile laid and its figure; the first seed from seed on whose position the referee
// accepts (the last tile may complete a feature with figures on it, which a position cannot hold, POS-3).
func endBoard(t *testing.T, seed int64, setup referee.Setup, cat *engine.Catalogue) *referee.Record {
	t.Helper()
	for s := seed; s < seed+20; s++ {
		_, rec := genGame(t, s, setup, cat)
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
			continue
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
			continue
		}
		return pos
	}
	t.Fatal("no seed gave an end-of-game position the referee accepts")
	return nil
}

func TestPositionEntry72Tiles(t *testing.T) {
	cat := engine.Standard()
	colours := referee.Colours()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: colours[0]},
		{Name: "Богдан", Colour: colours[1]}}, Expansions: []string{referee.ExpansionFarmers},
		Start: referee.StartStandard, Followers: referee.DefaultFollowers}
	pos := endBoard(t, 9, setup, cat)
	want, err := referee.ReplayRecord(pos, cat, true) // what `replay --final` prints for this record
	if err != nil {
		t.Fatal(err)
	}
	var tiles, figures int
	for _, l := range pos.Position {
		switch {
		case l.Kind == referee.PosTile:
			tiles++
		case l.Kind == referee.PosFollower || l.Kind == referee.PosAbbot:
			figures++
		}
	}
	if tiles != 71 {
		t.Fatalf("the position has %d tiles besides the start tile, want 71", tiles)
	}
	// Two ways to enter the figures: as the walk passes them (Tab on the tile just laid), or all after the tiles
	// (F9, the figure step, the cursor jumping from tile to tile).
	for _, walk := range []bool{true, false} {
		t.Run(map[bool]string{true: "figures-on-the-walk", false: "figures-after"}[walk], func(t *testing.T) {
			enterPosition(t, pos, want, walk, tiles, figures)
		})
	}
}

func enterPosition(t *testing.T, pos *referee.Record, want *referee.Game, walk bool, tiles, figures int) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "bg"))
		defer h.stop()
		h.asItLies("Ана", "Богдан")
		if h.u.pos == nil {
			t.Fatalf("F8 did not open the entry of a position:\n%s", h.text())
		}
		setupKeys := h.presses
		walkKeys, figureKeys := h.enterTiles(pos.Position, walk)
		tileKeys := h.presses - setupKeys - figureKeys
		before := h.presses
		h.key(tcell.KeyF9)
		if !walk {
			h.enterFigures(pos.Position)
		}
		figureKeys += h.presses - before
		before = h.presses
		h.key(tcell.KeyF9)
		h.enterTokens(pos.Position, true)
		tokenKeys := h.presses - before
		screen := h.text()
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
		entry := h.presses - setupKeys
		t.Logf("figures entered %s", map[bool]string{true: "on the walk (Tab)", false: "after the tiles (F9)"}[walk])
		t.Logf("72-tile board (71 tiles + the start tile, %d figures): %d keys in all after the set-up form: "+
			"tiles %d (%.2f a tile, of which %d walking the cursor), figures %d (%.2f a figure, F9 included), "+
			"score track, next player and tally %d; %.2f keys a tile",
			figures, entry, tileKeys, float64(tileKeys)/float64(tiles), walkKeys, figureKeys,
			float64(figureKeys)/float64(max(1, figures)), tokenKeys, float64(entry)/72)
		t.Logf("final scores: %v (replay --final: %v)", g.S.Scores[:g.Players()], want.S.Scores[:want.Players()])
	})
}

// enterTiles types every tile of the position where it lies: the cursor is walked to the nearest tile that touches
// the board entered so far (the referee refuses a tile touching nothing, POS-1), by Enter (the next row) or the
// arrows, and the tile's edges are typed; its marks, then ↓ and Enter, only if several tiles show the same edges.
// It returns the keys that walked the cursor and the keys that entered figures (walk: Tab on the tile just laid).
func (h *harness) enterTiles(lines []referee.PositionLine, walk bool) (walkKeys, figureKeys int) {
	h.t.Helper()
	todo := map[engine.Pos]referee.PositionLine{}
	for _, l := range lines {
		if l.Kind == referee.PosTile {
			todo[engine.Pos{X: l.Pos.X, Y: l.Pos.Y}] = l
		}
	}
	for len(todo) > 0 {
		pos := h.u.pos
		s := h.u.pos.draft().Game().S
		best, bestCost := engine.Pos{}, -1
		for p := range todo {
			touches := false
			for e := 0; e < 4; e++ {
				touches = touches || s.At(p.Neighbour(e)) != nil
			}
			if !touches {
				continue
			}
			if c := walkCost(pos.cur, pos.rowX, p); bestCost < 0 || c < bestCost ||
				(c == bestCost && (p.Y < best.Y || (p.Y == best.Y && p.X < best.X))) {
				best, bestCost = p, c
			}
		}
		if bestCost < 0 {
			h.t.Fatalf("no tile left touches the board: %v", todo)
		}
		before := h.presses
		h.walkTo(best, todo)
		walkKeys += h.presses - before
		l := todo[best]
		h.typeBoardTile(l)
		if got := pos.draft().TileAt(l.Pos); got < 0 {
			h.t.Fatalf("%s not laid: %s\n%s", l, h.u.table.status.GetText(true), h.text())
		}
		delete(todo, best)
		// Its figures, as the walk passes them: Tab, the feature, whose.
		for _, f := range lines {
			if walk && (f.Kind == referee.PosFollower || f.Kind == referee.PosAbbot) && !f.InCity() &&
				f.Target.Pos == l.Pos {
				before := h.presses
				h.key(tcell.KeyTab)
				h.enterFigure(f)
				figureKeys += h.presses - before
			}
		}
	}
	return walkKeys, figureKeys
}

// walkCost is the number of keys from the cursor at cur (the row begun at rowX) to p: the arrows, or Enter (the
// next row from rowX) and then the arrows.
func walkCost(cur engine.Pos, rowX int, p engine.Pos) int {
	abs := func(x int) int { return max(x, -x) }
	direct := abs(p.X-cur.X) + abs(p.Y-cur.Y)
	viaEnter := 1 + abs(p.X-rowX) + abs(p.Y-cur.Y-1)
	return min(direct, viaEnter)
}

// walkTo moves the cursor of the board step to p, by the fewer keys (walkCost); of the two orders of the arrows,
// the one whose last arrow (the way the cursor moves on after the tile) leads to a tile still to enter.
func (h *harness) walkTo(p engine.Pos, todo map[engine.Pos]referee.PositionLine) {
	h.t.Helper()
	pos := h.u.pos
	abs := func(x int) int { return max(x, -x) }
	if 1+abs(p.X-pos.rowX)+abs(p.Y-pos.cur.Y-1) < abs(p.X-pos.cur.X)+abs(p.Y-pos.cur.Y) {
		h.key(tcell.KeyEnter)
	}
	horiz := func() {
		for pos.cur.X < p.X {
			h.key(tcell.KeyRight)
		}
		for pos.cur.X > p.X {
			h.key(tcell.KeyLeft)
		}
	}
	vert := func() {
		for pos.cur.Y < p.Y {
			h.key(tcell.KeyDown)
		}
		for pos.cur.Y > p.Y {
			h.key(tcell.KeyUp)
		}
	}
	sign := func(x int) int { return min(max(x, -1), 1) }
	dy := sign(p.Y - pos.cur.Y)
	_, nextV := todo[engine.Pos{X: p.X, Y: p.Y + dy}]
	if dy != 0 && !nextV {
		vert()
		horiz()
		return
	}
	horiz()
	vert()
}

// typeBoardTile types the edges of the tile of line l as it lies, then, if it is not laid yet, its marks, then
// ↓ to it in the list and Enter.
func (h *harness) typeBoardTile(l referee.PositionLine) {
	h.t.Helper()
	tt := h.u.cat.Tile(l.Tile)
	code := codeOf(tt, l.Rot/90)
	i := h.u.pos.draft().TileAt(l.Pos)
	laid := func() bool { return i < 0 && h.u.pos.draft().TileAt(l.Pos) >= 0 }
	for _, r := range code[:4] {
		h.pressRune(r)
	}
	for _, r := range code[4:] {
		if laid() {
			return
		}
		h.pressRune(r)
	}
	if laid() {
		return
	}
	e := h.u.table.entry
	for k, c := range e.choices {
		if !c.muted && strings.HasPrefix(c.label, tview.Escape(tt.ID)+" ") {
			for e.menu.current < k {
				h.key(tcell.KeyDown)
			}
			h.key(tcell.KeyEnter)
			return
		}
	}
	h.t.Fatalf("%s (%s) is not among %q", l, code, h.menuLabels())
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

// enterFigure enters figure line l on the tile the figure step asks about: the feature's number, then whose.
func (h *harness) enterFigure(l referee.PositionLine) {
	h.t.Helper()
	{
		g := h.u.pos.draft().Game()
		seg, err := g.S.FeatureAt(engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}, l.Target.Place)
		if err != nil {
			h.t.Fatalf("%s: %v", l, err)
		}
		e := h.u.table.entry
		found := false
		for k, c := range e.choices {
			if c.hasSeg && c.seg == seg {
				h.chooseItem(k)
				found = true
				break
			}
		}
		if !found {
			h.t.Fatalf("%s: the feature is not offered: %q\n%s", l, h.menuLabels(), h.text())
		}
		p := g.Player(l.Colour)
		kind := engine.Follower
		if l.Kind == referee.PosAbbot {
			kind = engine.Abbot
		}
		n := len(h.u.pos.draft().Lines())
		h.chooseOption(e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(kind, g.S.SegKind(seg)))
		if len(h.u.pos.draft().Lines()) != n+1 {
			h.t.Fatalf("%s not entered: %s", l, h.u.table.status.GetText(true))
		}
	}
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

// A tile whose edges do not match is refused with BASE-4 and a tile the box does not hold with POS-2, in the
// status line, the board and the line typed as they were; a tile typed over one entered replaces it, Del takes
// it off, Ctrl-Z takes the last line back out; every step is on disk as it is entered, and the entry is resumed
// as it was left (karkason resume), figures included.
func TestPositionEntryRefusalsAndResume(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		h := start(t, o)
		h.asItLies("Ана", "Богдан")
		pos := h.u.pos
		if pos == nil || pos.cur != (engine.Pos{X: 1, Y: 0}) {
			t.Fatalf("the entry does not start beside the start tile:\n%s", h.text())
		}
		lines := func() int { return len(pos.draft().Lines()) }
		status := func() string { return h.u.table.status.GetText(true) }
		h.typeText("cccc") // b-c4s: a city where the start tile's road ends
		if lines() != 0 || !strings.Contains(status(), "[BASE-4]") || h.u.table.entry.input.GetText() != "cccc" {
			t.Fatalf("a tile whose edges do not match: %d lines, status %q, line %q", lines(), status(),
				h.u.table.entry.input.GetText())
		}
		h.key(tcell.KeyEscape)
		h.typeText("wfwf") // a river tile: not in this game's box
		if e := h.u.table.entry; e.menu.count() > 1 {
			h.key(tcell.KeyEnter) // several river tiles show it: the first
		}
		if lines() != 0 || !strings.Contains(status(), "[POS-2]") {
			t.Fatalf("a tile the box does not hold: %d lines, status %q", lines(), status())
		}
		h.key(tcell.KeyEscape)
		h.typeText("frfr")
		if lines() != 1 || pos.cur != (engine.Pos{X: 2, Y: 0}) {
			t.Fatalf("frfr at 1,0: %d lines, cursor %v, status %q", lines(), pos.cur, status())
		}
		h.key(tcell.KeyLeft)
		h.typeText("ffrr") // retyped: a curve instead
		if l := pos.draft().Lines(); len(l) != 1 || l[0].Tile != "b-rc" {
			t.Fatalf("replacing the tile at 1,0: %v (status %q)", l, status())
		}
		h.key(tcell.KeyRight) // (after a tile the cursor went on to the left, the way the last arrow went)
		h.key(tcell.KeyDelete)
		if lines() != 0 {
			t.Fatalf("Del at 1,0: %v (status %q)", pos.draft().Lines(), status())
		}
		h.typeText("frfr")
		h.typeText("frfr")
		h.key(tcell.KeyTab) // a figure on the tile just laid: the road, Богдан's
		h.chooseOption(h.u.loc.T("term.road", nil))
		h.chooseOption("Богдан")
		h.typeText("ffrr")
		if lines() != 4 {
			t.Fatalf("three tiles and a follower: %v (status %q)", pos.draft().Lines(), status())
		}
		h.key(tcell.KeyCtrlZ)
		if lines() != 3 {
			t.Fatalf("Ctrl-Z: %v", pos.draft().Lines())
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
		if len(got) != 3 || got[2].Kind != referee.PosFollower || got[2].Colour != referee.Colours()[1] {
			t.Fatalf("resumed %s: %v", path, got)
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
	}
	return tcell.KeyNames[k]
}

// The keys of the entry of a board of about 35 tiles (a random base game with farmers, its position after turn
// 34), written to the file KARKASON_POS_KEYS names, one key a line, to replay them in tmux on the real binary
// (docs/screens/capture-position.sh). Skipped without it.
func TestPositionKeysForTmux(t *testing.T) {
	out := os.Getenv("KARKASON_POS_KEYS")
	if out == "" {
		t.Skip("KARKASON_POS_KEYS not set")
	}
	cat := engine.Standard()
	colours := referee.Colours()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: colours[0]},
		{Name: "Богдан", Colour: colours[1]}}, Expansions: []string{referee.ExpansionFarmers},
		Start: referee.StartStandard, Followers: referee.DefaultFollowers}
	_, rec := genGame(t, 21, setup, cat)
	g, _ := referee.NewGame(setup, cat)
	var lines []referee.PositionLine
	for _, a := range rec.Actions {
		if g.TurnNo > 34 {
			if ls, err := g.PositionLines(); err == nil {
				lines = ls
				break
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "bg"))
		defer h.stop()
		h.asItLies("Ана", "Богдан")
		var log []string
		h.keylog = &log
		h.enterTiles(lines, true)
		h.key(tcell.KeyF9)
		h.key(tcell.KeyF9)
		h.enterTokens(lines, false) // the tally or going on: the script's own keys

		if err := os.WriteFile(out, []byte(strings.Join(log, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d tiles, %d keys; the tally would be %v", len(h.u.pos.draft().Game().S.Tiles), len(log),
			h.u.pos.draft().Game().Final().S.Scores[:2])
	})
}

// start=none (record format "Positions"): the set-up form's last start choice; the board is empty, the cursor at
// 0,0, and the first tile typed lies there alone (POS-1: the position's tiles are the whole board).
func TestPositionEntryStartNone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.typeText("Ана")
		h.key(tcell.KeyTab)
		h.typeText("Богдан")
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

// asItLies names the players in the set-up form (the first two seats) and opens the entry of a board as it lies
// (F8, "the board as it lies").
func (h *harness) asItLies(first, second string) {
	h.typeText(first)
	h.key(tcell.KeyTab)
	h.typeText(second)
	h.key(tcell.KeyF8)
}
