package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/config"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// harness drives the table on a simulation screen inside a synctest bubble: each injected key is handled before
// the test looks at the screen (go-stack notes).
type harness struct {
	t       *testing.T
	u       *ui
	screen  tcell.SimulationScreen
	done    chan error
	presses int // keys and clicks injected
	// keylog, if set, gets every key injected as tmux send-keys names it ("Enter", "Left", a letter).
	keylog *[]string
	// keysOnly: no mouse clicks (a key log replayed in tmux has none).
	keysOnly bool
}

func TestMain(m *testing.M) {
	os.Setenv("RUNEWIDTH_EASTASIAN", "0")
	os.Exit(m.Run())
}

func testOptions(t *testing.T, lang string) Options {
	cfg := config.Config{DataDir: filepath.Join(t.TempDir(), "games"), StateDir: filepath.Join(t.TempDir(), "state"),
		Followers: referee.DefaultFollowers, FarmersDefault: true, Language: lang}
	return Options{Config: cfg, Loc: locales.New(lang)}
}

// start opens the table on an 80x24 screen (the smallest supported) and runs it; call inside synctest.Test.
func start(t *testing.T, o Options) *harness {
	t.Helper()
	h := &harness{t: t, screen: tcell.NewSimulationScreen("UTF-8"), done: make(chan error, 1)}
	h.u = newUI(o)
	if err := h.u.begin(); err != nil {
		t.Fatal(err)
	}
	h.u.app.SetScreen(h.screen)
	h.screen.SetSize(80, 24)
	go func() { h.done <- h.u.app.Run() }()
	synctest.Wait()
	return h
}

func (h *harness) stop() {
	h.u.app.Stop()
	synctest.Wait()
	h.u.close()
}

func (h *harness) key(k tcell.Key) { h.press(k) }

func (h *harness) keys(ks ...tcell.Key) {
	for _, k := range ks {
		h.key(k)
	}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.pressRune(r)
	}
}

// text returns the screen as lines of text.
func (h *harness) text() string {
	h.u.app.Draw()
	synctest.Wait()
	return screenText(h.screen)
}

// screenText returns what simulation screen s shows as lines of text, each without its trailing spaces.
func screenText(s tcell.SimulationScreen) string {
	cells, w, ht := s.GetContents()
	var b strings.Builder
	for y := 0; y < ht; y++ {
		var line strings.Builder
		for x := 0; x < w; x++ {
			c := cells[y*w+x]
			if len(c.Runes) == 0 {
				line.WriteByte(' ')
				continue
			}
			line.WriteString(string(c.Runes))
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

func (h *harness) mustSee(want ...string) {
	h.t.Helper()
	screen := h.text()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			h.t.Fatalf("screen lacks %q:\n%s", w, screen)
		}
	}
}

// promptNames checks that the move entry's prompt names the player whose decision it is.
func (h *harness) promptNames(name string) {
	h.t.Helper()
	got := h.u.table.entry.prompt.GetText(true)
	if !strings.Contains(got, name) {
		h.t.Fatalf("prompt %q does not name %s", got, name)
	}
}

// keyCount counts the keys injected (for the keystrokes per turn).
func (h *harness) press(k tcell.Key) {
	h.presses++
	if h.keylog != nil {
		*h.keylog = append(*h.keylog, tmuxKey(k))
	}
	h.screen.InjectKey(k, 0, tcell.ModNone)
	synctest.Wait()
}

func (h *harness) pressRune(r rune) {
	h.presses++
	if h.keylog != nil {
		*h.keylog = append(*h.keylog, string(r))
	}
	h.screen.InjectKey(tcell.KeyRune, r, tcell.ModNone)
	synctest.Wait()
}

// click clicks the left mouse button at x, y.
func (h *harness) click(x, y int) {
	h.presses++
	time.Sleep(time.Second) // the fake clock: two clicks are not a double click
	h.screen.InjectMouse(x, y, tcell.Button1, tcell.ModNone)
	synctest.Wait()
	h.screen.InjectMouse(x, y, tcell.ButtonNone, tcell.ModNone)
	synctest.Wait()
}

// menuLabels returns the labels of the answers offered.
func (h *harness) menuLabels() []string {
	var all []string
	for _, it := range h.u.table.entry.menu.items {
		all = append(all, it.label)
	}
	return all
}

// chooseItem picks menu item i as a player would: its key, else the arrows and Enter.
func (h *harness) chooseItem(i int) {
	h.t.Helper()
	m := h.u.table.entry.menu
	if key := m.items[i].key; key != "" {
		h.typeText(key)
		return
	}
	h.arrowTo(i)
}

// arrowTo moves the menu's cursor to item i with the arrows and takes it with Enter.
func (h *harness) arrowTo(i int) {
	h.t.Helper()
	m := h.u.table.entry.menu
	for m.current != i {
		if m.current < i {
			h.press(tcell.KeyDown)
		} else {
			h.press(tcell.KeyUp)
		}
	}
	h.press(tcell.KeyEnter)
}

// chooseOption picks the answer whose label contains text.
func (h *harness) chooseOption(text string) {
	h.t.Helper()
	for i, l := range h.menuLabels() {
		if strings.Contains(l, text) {
			h.chooseItem(i)
			return
		}
	}
	h.t.Fatalf("no option %q among %q", text, h.menuLabels())
}

// typeTile types the edge code of tile id turned rot quarter turns, as it lies on the table, and takes the match
// from the list if there are several.
func (h *harness) typeTile(id string, rot int) {
	h.t.Helper()
	t := h.u.cat.Tile(id)
	for _, r := range codeOf(t, rot) {
		h.pressRune(r)
	}
	e := h.u.table.entry
	if e.step != stepTile {
		return
	}
	for i, c := range e.choices {
		if !c.muted && c.next != nil && h.labelNames(c.label, t, rot) {
			h.arrowTo(i)
			return
		}
	}
	h.t.Fatalf("%s %s: not among %q", id, codeOf(t, rot), h.menuLabels())
}

// labelNames reports whether a label of the tile step's list names tile t lying in rotation rot: it begins with the
// tile's name as it lies in rotation rot (tileName: its words and edges).
func (h *harness) labelNames(label string, t *engine.TileType, rot int) bool {
	// (the words of rotation rot: a rotation that reads the same is the same answer, matchRots; ic-2bends' ways
	// name what their roads join, tileTurnName)
	return strings.HasPrefix(label, tview.Escape(tileTurnName(h.u.loc, t, rot))+" ")
}

// chooseSpot lays the tile at x, y: the position's key, else a click on it if it is in view, else the arrows and
// PgDn to it and Enter.
func (h *harness) chooseSpot(x, y int) { h.chooseSpotRot(x, y, -1) }

// chooseSpotRot is chooseSpot in rotation rot (quarter turns; -1: as offered): where a tile's rotations have the
// same edges (ic-2bends), the spot is highlighted and Space turns the tile to rot, then Enter lays it.
func (h *harness) chooseSpotRot(x, y, rot int) {
	h.t.Helper()
	e := h.u.table.entry
	if e.step != stepPlace {
		return // one legal position: laid already
	}
	p := engine.Pos{X: x, Y: y}
	for i, s := range e.spots {
		if s.pos != p {
			continue
		}
		if key := e.menu.items[i].key; rot >= 0 && s.rots[s.rot] != rot && slices.Contains(s.rots, rot) && key != "" &&
			slices.Contains(e.spots[e.cur].rots, rot) {
			for e.spots[i].rots[e.spots[i].rot] != rot { // Space turns the tile everywhere, then its key lays it
				h.pressRune(' ')
			}
			h.typeText(key)
			return
		}
		if rot >= 0 && s.rots[s.rot] != rot && slices.Contains(s.rots, rot) {
			for e.cur != i { // PgDn walks the places in the list's order
				h.press(tcell.KeyPgDn)
			}
			for e.spots[i].rots[e.spots[i].rot] != rot {
				h.pressRune(' ')
			}
			h.press(tcell.KeyEnter)
			return
		}
		if key := e.menu.items[i].key; key != "" {
			h.typeText(key)
			return
		}
		if v, ok := h.u.table.board.view(); ok && v.in(p) && !h.keysOnly {
			sx, sy := v.at(p)
			h.click(sx+1, sy+1)
			return
		}
		// The arrows, towards it, as a player would; PgDn if they get stuck.
		for tries := 0; e.cur != i && tries < 12; tries++ {
			best, bestD := tcell.Key(0), dist(e.spots[e.cur].pos, p)
			for k, d := range arrowDir {
				if j := e.spotToward(d[0], d[1]); j >= 0 && dist(e.spots[j].pos, p) < bestD {
					best, bestD = k, dist(e.spots[j].pos, p)
				}
			}
			if best == 0 {
				break
			}
			h.press(best)
		}
		for e.cur != i {
			h.press(tcell.KeyPgDn)
		}
		h.press(tcell.KeyEnter)
		return
	}
	h.t.Fatalf("no spot %d,%d among %v", x, y, e.spots)
}

// scoreCell returns the points shown for a player in the players table.
func (h *harness) scoreCell(p int) string {
	return h.u.table.players.GetCell(p+1, 2).Text
}

// The record format's example game, entered through the screens: set-up, two turns, the end; the scores shown
// are the referee's, the prompts name the right player, and the record on disk is the game.
func TestShortGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		h := start(t, o)
		defer h.stop()
		h.mustSee("new game", "Players", "Expansions", "[X] Farmers")
		h.typeText("Ана")
		h.key(tcell.KeyTab) // Tab goes to the next player's name
		h.typeText("Богдан")
		h.key(tcell.KeyEnter)
		h.key(tcell.KeyEnter) // an empty name: on to "Start the game"
		h.key(tcell.KeyEnter)
		if h.u.table == nil {
			t.Fatalf("no table after the set-up:\n%s", h.text())
		}
		h.mustSee("Turn 1", "Ана", "Богдан")
		h.promptNames("Ана (red, А)")

		// red place b-rs 1,0 90; red deploy follower E: the edges as the tile lies, field road field road
		h.typeText("frfr")
		h.promptNames("Ана (red, А)")
		// b-rs and its garden copy b-rsg match: both listed with their digits (issue 30: the record says which copy
		// lies on the table), the plain one first; Enter takes it.
		h.mustSee("1 road FRFR", "2 road, garden FRFRG")
		h.key(tcell.KeyEnter)
		if e := h.u.table.entry; e.step != stepPlace || e.tile.ID != "b-rs" {
			t.Fatalf("after frfr: step %v tile %v, want b-rs placed next", e.step, e.tile)
		}
		h.mustSee("[2]", "[3]") // the other legal places, numbered on the board
		h.chooseSpot(1, 0)
		h.promptNames("Ана (red, А)")
		h.chooseOption("follower on the road")
		// blue place b-c1 0,-1 180; blue deploy follower S: typed with a Ukrainian keyboard layout on, the keys
		// F F C F give а а с а
		h.promptNames("Богдан (blue, Б)")
		h.typeText("ааса")
		h.key(tcell.KeyEnter) // b-c1 before its garden copy b-c1g
		h.chooseSpot(0, -1)
		h.promptNames("Богдан (blue, Б)")
		h.chooseOption("follower on the city")

		g := h.u.sess.Game
		if g.S.Scores[0] != 0 || g.S.Scores[1] != 4 {
			t.Fatalf("referee scores %v, want red 0 blue 4 (record format example)", g.S.Scores[:2])
		}
		for p := 0; p < 2; p++ {
			if got, want := h.scoreCell(p), []string{"0", "4"}[p]; got != want {
				t.Errorf("player %d: screen shows %q points, referee %s", p, got, want)
			}
		}
		h.promptNames("Ана (red, А)")
		h.mustSee("Turn 3")

		// The record on disk is the game, line by line.
		data, err := os.ReadFile(h.u.sess.Store.Path())
		if err != nil {
			t.Fatal(err)
		}
		want := "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard followers=7\n" +
			"red place b-rs 1,0 90\nred deploy follower E\nblue place b-c1 0,-1 180\nblue deploy follower S\n"
		if string(data) != want {
			t.Errorf("record:\n%s\nwant:\n%s", data, want)
		}
		if last := readLastGame(o.Config.StateDir); last != h.u.sess.Store.Path() {
			t.Errorf("last game %q, want %q", last, h.u.sess.Store.Path())
		}

		// A refused action keeps the entry: b-c4s has one copy; typing it twice after laying it is refused by the
		// bag (CFG-5) before anything changes.
		// Undo and redo.
		h.key(tcell.KeyCtrlZ)
		if n := len(h.u.sess.Game.Actions); n != 3 {
			t.Fatalf("after undo %d actions, want 3", n)
		}
		h.promptNames("Богдан (blue, Б)")
		h.key(tcell.KeyCtrlY)
		if n := len(h.u.sess.Game.Actions); n != 4 {
			t.Fatalf("after redo %d actions, want 4", n)
		}

		// F10 ends the game: final scoring (END-3: red's road 2 tiles = 2; FARM: no farmers).
		h.key(tcell.KeyF10)
		h.key(tcell.KeyEnter)
		g = h.u.sess.Game
		if g.Phase != referee.PhaseEnded {
			t.Fatalf("phase %v after end", g.Phase)
		}
		if g.S.Scores[0] != 2 || g.S.Scores[1] != 4 {
			t.Fatalf("final scores %v, want red 2 blue 4", g.S.Scores[:2])
		}
		h.mustSee("Final scores", "roads", "cities", "total")
		screen := h.text()
		if !strings.Contains(screen, "★ 4") {
			t.Errorf("the winner's total is not marked:\n%s", screen)
		}
		// The winner in words too (BASE-16, END-9).
		h.mustSee("Winner: Богдан")
	})
}

const exampleRecord = "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
	"red place b-rs 1,0 90\nred deploy follower E\nblue place b-c1 0,-1 180\nblue deploy follower S\n"

// resumed starts the table in lang on a game resumed from a record file name holding text; the caller stops it.
func resumed(t *testing.T, lang, name, text string) *harness {
	t.Helper()
	o := testOptions(t, lang)
	o.Resume = true
	o.File = writeRecord(t, o.Config.DataDir, name, text)
	return start(t, o)
}

// smallTable runs check in each of langs (a subtest each) on the table resumed from record text at 80x24.
func smallTable(t *testing.T, langs []string, text string, check func(t *testing.T, h *harness)) {
	t.Helper()
	for _, lang := range langs {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, lang, "small.rec", text)
				defer h.stop()
				h.screen.SetSize(80, 24)
				h.text()
				check(t, h)
			})
		})
	}
}

// recordText is rec as its file holds it (referee.WriteRecord).
func recordText(t testing.TB, rec *referee.Record) string {
	t.Helper()
	var b strings.Builder
	if err := referee.WriteRecord(&b, rec); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func writeRecord(t *testing.T, dir, name, text string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// resume with no file and no last game lists the saved games; picking one opens it where it stopped.
func TestResumePicker(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		path := writeRecord(t, o.Config.DataDir, "2026-11-21T1530-Ана-Богдан.rec", exampleRecord)
		h := start(t, o)
		defer h.stop()
		// The list shows what "karkason games" shows (package library): the date from the file name, the state,
		// the players with their points, the modules.
		h.mustSee("Saved games", "2026-11-21 15:30  in progress, turn 3  Ана 0 · Богдан 4", "New game")
		h.key(tcell.KeyEnter)
		if h.u.sess == nil {
			t.Fatalf("no game opened:\n%s", h.text())
		}
		h.mustSee("Turn 3")
		h.promptNames("Ана (red, А)")
		if got := h.scoreCell(1); got != "4" {
			t.Errorf("blue shows %q points, want 4", got)
		}
		if last := readLastGame(o.Config.StateDir); last != path {
			t.Errorf("last game %q, want %q", last, path)
		}
	})
}

// resume without a file opens the last game; a second program cannot open it while it is open.
func TestResumeLastGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		path := writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord+"red place b-m 1,-1 0\n")
		writeLastGame(o.Config.StateDir, path)
		h := start(t, o)
		defer h.stop()
		h.promptNames("Ана (red, А)")
		h.mustSee("follower on the monastery")
		u2 := newUI(o)
		if err := u2.begin(); err == nil || !strings.Contains(u2.describe(err), "another karkason") {
			t.Errorf("second open: %v", err)
		}
	})
}

// A tile that cannot be drawn now is refused with the referee's rule (RIVER-4: the river comes first) in the
// status line, and the entry keeps what was typed.
func TestRefusalKeepsEntry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		o.File = writeRecord(t, o.Config.DataDir, "r.rec",
			"karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=river\n")
		h := start(t, o)
		defer h.stop()
		h.typeText("b-rs")
		h.key(tcell.KeyEnter)
		h.mustSee("[RIVER-4]")
		if got := h.u.table.entry.input.GetText(); got != "b-rs" {
			t.Errorf("input %q after the refusal, want b-rs", got)
		}
		if h.u.table.entry.step != stepTile {
			t.Error("the entry left the tile step")
		}
		if n := len(h.u.sess.Game.Actions); n != 0 {
			t.Errorf("%d actions after a refusal", n)
		}
	})
}

// Ctrl-C asks first (the game is saved); Esc keeps playing, Quit stops.
func TestCtrlC(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "c.rec", exampleRecord)
		h.key(tcell.KeyCtrlC)
		h.mustSee("The game is saved")
		h.key(tcell.KeyEscape)
		if s := h.text(); strings.Contains(s, "The game is saved") {
			t.Fatalf("dialog still shown:\n%s", s)
		}
		select {
		case <-h.done:
			t.Fatal("the table stopped on Esc")
		default:
		}
		h.key(tcell.KeyCtrlC)
		h.key(tcell.KeyEnter)
		select {
		case err := <-h.done:
			if err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatal("Quit did not stop the table")
		}
		h.u.close()
	})
}

// Resizing keeps the move being entered.
func TestResizeKeepsEntry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "z.rec", exampleRecord)
		defer h.stop()
		h.typeText("b-rs")
		h.key(tcell.KeyEnter)
		h.key(tcell.KeyPgDn)
		h.typeText(" ") // Space: the next rotation
		e := h.u.table.entry
		spot := e.spots[e.cur]
		for _, size := range [][2]int{{120, 40}, {80, 24}} {
			h.screen.SetSize(size[0], size[1])
			h.screen.PostEvent(tcell.NewEventResize(size[0], size[1]))
			synctest.Wait()
			// (the same place highlighted, turned the same; the list arranged anew for the board's size)
			if e.tile == nil || e.spots[e.cur].pos != spot.pos || e.spots[e.cur].rot != spot.rot {
				t.Fatalf("%v: entry changed: place %v tile %v", size, e.spots[e.cur].pos, e.tile)
			}
			// b-rs, named as it lies: turned by Space, the prompt names it so (issue 30)
			if p := e.prompt.GetText(true); !strings.Contains(p, "the tile road "+codeOf(e.tile, spot.rots[spot.rot])+" go?") {
				t.Fatalf("%v: prompt %q", size, p)
			}
			h.promptNames("Ана (red, А)")
		}
	})
}

// The set-up form shows the COMBO-1 advice when the City meets River II, and the referee's refusal of a
// set-up in the user's language.
func TestSetupWarningsAndErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "bg")
		h := start(t, o)
		defer h.stop()
		h.typeText("Ана")
		h.key(tcell.KeyF10) // one player
		h.mustSee("От 2 до 5 играчи")
		// Tick River II (4th) and the City (5th): focus ring = 6 names, followers, then expansions.
		for i := 0; i < 7+3; i++ {
			h.key(tcell.KeyTab)
		}
		h.typeText(" ")
		h.key(tcell.KeyTab)
		h.typeText(" ")
		h.mustSee("[X] Реката II", "[X] Градът Каркасон", "COMBO-1")
	})
}

// EX-S1: red completed blue's city and scored nothing: the table offers red the City (COUNT-6), then the Count
// (COUNT-11); declining instead moves on to blue without a record line (the next action declines it).
const cityOffer = "karkason-record 1\nsetup players=Богдан:blue,Ана:red expansions=farmers,count start=city\n" +
	"blue place b-c1 -1,-2 0\nblue deploy follower N\nred place b-c1 -1,-3 180\nred pass\n"

func TestCityAndCount(t *testing.T) {
	for _, decline := range []bool{false, true} {
		t.Run(fmt.Sprint("decline=", decline), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, "en")
				o.Resume = true
				o.File = writeRecord(t, o.Config.DataDir, "city.rec", cityOffer)
				h := start(t, o)
				defer h.stop()
				h.promptNames("Ана (red, А)")
				if got := h.u.table.entry.prompt.GetText(true); !strings.Contains(got, "City of Carcassonne?") {
					t.Fatalf("prompt %q", got)
				}
				want := cityOffer
				if decline {
					h.chooseOption("nothing into the City")
				} else {
					h.chooseOption("follower into the palace")
					h.promptNames("Ана (red, А)")
					h.chooseOption("Count to the smithy")
					want += "red city palace\nred count smithy\n"
					if q := h.u.sess.Game.S.City.Count; q != engine.Smithy {
						t.Errorf("Count in %v", q)
					}
				}
				h.promptNames("Богдан (blue, Б)")
				h.typeText("ffffm") // the monastery
				h.key(tcell.KeyEnter)
				h.promptNames("Богдан (blue, Б)") // the figure step
				data, _ := os.ReadFile(o.File)
				got := string(data)
				if !strings.HasPrefix(got, want+"blue place b-m ") {
					t.Errorf("record:\n%s\nwant it to begin:\n%sblue place b-m ...", got, want)
				}
				if n := h.u.sess.Game.S.InQuarter(1, engine.Palace, engine.Follower); n != map[bool]int{false: 1, true: 0}[decline] {
					t.Errorf("red has %d in the palace", n)
				}
			})
		})
	}
}

// goldenPrefix reads a golden record of testdata/golden up to (not including) the action line that begins with
// stop, comments dropped.
func goldenPrefix(t *testing.T, name, stop string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "golden", name))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if stop != "" && strings.HasPrefix(line, stop) {
			break
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// The moving-out round through the table (COUNT-13..17, EX-D2): red's tile completes a city and a road; the round
// asks blue first, then red, and skips green, whose figures stand in the smithy under the Count (COUNT-15,
// COUNT-16(d)); each prompt names the player whose go it is and offers only the legal moves, every target of the
// round with the same key in every go (issue 20): the road, fed by the smithy under the Count, greyed with
// COUNT-15 for blue and red alike.
func TestMovingRoundThroughTheTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "uk")
		o.Resume = true
		o.File = writeRecord(t, o.Config.DataDir, "d2.rec", goldenPrefix(t, "count-ex-d2.rec", "red place b-c1r3 3,0 0"))
		h := start(t, o)
		defer h.stop()
		h.promptNames("Ана (червоний, А)")
		h.typeEdges("b-c1r3", 0)
		h.chooseSpot(3, 0)
		h.chooseOption(h.u.loc.T("ui.opt.pass", nil))
		// The round: blue first (the left neighbour of red, COUNT-16).
		if g := h.u.table.view(); g.Phase != referee.PhaseMoving {
			t.Fatalf("phase %v, want the moving-out round", g.Phase)
		}
		h.promptNames("Богдан (синій, Б)")
		h.mustSee("Богдан")
		keysOf := func(who string) []string {
			t.Helper()
			e := h.u.table.entry
			labels := h.menuLabels()
			if len(labels) != 3 || !strings.Contains(labels[0], "підданець з кварталу палац → місто") ||
				e.choices[0].why != nil || e.choices[1].why == nil || !strings.Contains(labels[1], "→ дорога") ||
				!strings.Contains(labels[1], "[COUNT-15") || labels[2] != h.u.loc.T("ui.opt.decline_move", nil) {
				t.Fatalf("%s is offered %q, want the palace follower onto the completed city, the road greyed "+
					"(COUNT-15), then no", who, labels)
			}
			var keys []string
			for _, it := range e.menu.items {
				keys = append(keys, it.key)
			}
			return keys
		}
		blue := keysOf("blue")
		h.chooseItem(0)
		// Green is skipped (her figures are in the smithy, under the Count): red's go, the same keys.
		h.promptNames("Ана (червоний, А)")
		if red := keysOf("red"); !slices.Equal(red, blue) {
			t.Errorf("red's keys %v, blue's %v: a target's key moved", red, blue)
		}
		h.chooseItem(0)
		g := h.u.sess.Game
		if g.Phase != referee.PhaseTile {
			t.Fatalf("phase %v after the round", g.Phase)
		}
		want := map[int]int{0: 16, 1: 14, 2: 12} // EX-D2: red 16, blue 14, green 12
		for p, w := range want {
			if g.S.Scores[p] != w {
				t.Errorf("%s: %d points, want %d", g.Name(p), g.S.Scores[p], w)
			}
			if got := h.scoreCell(p); got != fmt.Sprint(w) {
				t.Errorf("%s: the table shows %s, want %d", g.Name(p), got, w)
			}
		}
		data, _ := os.ReadFile(o.File)
		if !regexp.MustCompile(`red place b-c1r3 3,0 0\nred pass\nblue move palace \S+\nred move palace \S+\n$`).Match(data) {
			t.Errorf("record ends:\n%s", data)
		}
	})
}

// The market round through the table (COUNT-19, EX-D6): the players stop after turn 7 (F10); the table holds the
// market round first: green (the left neighbour of red, who laid the last tile), then red twice, each prompt
// naming the mover and offering only fields, the most completed cities first, each saying how many, each field
// with the same key in every go (issue 20); then the final scoring.
func TestMarketRoundThroughTheTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "bg", "d6.rec", goldenPrefix(t, "count-ex-d6.rec", "green market"))
		defer h.stop()
		h.key(tcell.KeyF10)
		h.key(tcell.KeyEnter)          // "End the game"
		fieldKey := map[int32]string{} // a field's root -> its key in the first go
		for _, m := range []struct{ who, target string }{{"Віра (зелен, В)", "-2,-2:W"}, {"Ана (червен, А)", "-1,-3:N"},
			{"Ана (червен, А)", "-1,-2:W"}} {
			h.promptNames(m.who)
			e := h.u.table.entry
			if e.step != stepMarket {
				t.Fatalf("step %v, want the market round", e.step)
			}
			ref := strings.Split(m.target, ":")
			var xy referee.Pos
			fmt.Sscanf(ref[0], "%d,%d", &xy.X, &xy.Y)
			seg, err := e.g.S.FeatureAt(engine.Pos{X: xy.X, Y: xy.Y}, ref[1])
			if err != nil {
				t.Fatal(err)
			}
			chosen := false
			items := slices.Clone(e.menu.items) // (choosing shows the next go)
			most, least, first := 99, 99, -1
			for i, c := range e.choices {
				if e.g.S.SegKind(c.seg) != engine.KField {
					t.Fatalf("the market round offers %q, not a field", c.label)
				}
				n := e.g.S.FieldScore(c.seg).Cities
				says := " — " + h.u.loc.T("ui.detail.cities", map[string]any{"Cities": n})
				if n > most || !strings.HasSuffix(c.label, says) {
					t.Errorf("%s: %q (%d cities) after a field of %d, or without its cities", m.who, c.label, n, most)
				}
				most = n
				least = min(least, n)
				if first < 0 {
					first = n
				}
				r, key := e.g.S.Root(c.seg), items[i].key
				if k, ok := fieldKey[r]; ok && k != key {
					t.Errorf("%s: the field %q has key %s, %s in the first go", m.who, c.label, key, k)
				}
				fieldKey[r] = key
				if !chosen && e.g.S.Root(c.seg) == e.g.S.Root(seg) {
					h.chooseItem(i)
					chosen = true
				}
			}
			if !chosen {
				t.Fatalf("no field %s among %q", m.target, h.menuLabels())
			}
			if first == least {
				t.Errorf("every field borders %d completed cities: the order proves little", least)
			}
		}
		g := h.u.sess.Game
		if g.Phase != referee.PhaseEnded {
			t.Fatalf("phase %v after the market round", g.Phase)
		}
		for p, w := range []int{25, 8, 12} { // EX-D6: red 25, blue 8, green 12
			if g.S.Scores[p] != w {
				t.Errorf("%s: %d points, want %d", g.Name(p), g.S.Scores[p], w)
			}
		}
		h.mustSee(h.u.loc.T("ui.tally.final", nil), h.u.loc.T("ui.cat.market", nil))
	})
}
