package tui

import (
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// cursorIn reports whether the screen's text cursor is shown inside the rectangle of field.
func (h *harness) cursorAt() (int, int, bool) {
	h.text()
	return h.screen.GetCursor()
}

// The set-up form as a new player types it (the finding that started this: "Ана Tab Богдан" lost the second
// name in the colour selector): Tab and Enter go from name to name, the cursor is always in the name being
// typed, F2 changes the row's colour without leaving the name, Enter on an empty name goes to Start.
func TestSetupTabGoesNameToName(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "bg")
		h := start(t, o)
		defer h.stop()
		f := h.u.setup
		for i, step := range []struct {
			typed string
			key   tcell.Key
		}{{"Ана", tcell.KeyTab}, {"Богдан", tcell.KeyEnter}, {"Віра", tcell.KeyDown}} {
			x, y, shown := h.cursorAt()
			fx, fy, fw, _ := f.names[i].GetRect()
			if !shown || y != fy || x < fx || x >= fx+fw {
				t.Fatalf("name %d: cursor at %d,%d (shown %v), the field at %d,%d+%d", i+1, x, y, shown, fx, fy, fw)
			}
			h.typeText(step.typed)
			if i == 2 {
				h.key(tcell.KeyF2) // Віра's colour: the next one, the focus stays in her name
				if h.u.run.GetFocus() != f.names[2] {
					t.Fatal("F2 left the name field")
				}
			}
			h.key(step.key)
		}
		if got := h.u.run.GetFocus(); got != f.names[3] {
			t.Fatalf("after three names the focus is on %T, want the fourth name", got)
		}
		h.key(tcell.KeyEnter) // an empty name: on to Start
		if h.u.run.GetFocus() != f.begin {
			t.Fatalf("Enter on an empty name: focus on %T, want Start", h.u.run.GetFocus())
		}
		s := f.setup()
		want := []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red}, {Name: "Богдан", Colour: referee.Blue},
			{Name: "Віра", Colour: referee.Yellow}}
		if len(s.Players) != 3 {
			t.Fatalf("players %v, want %v", s.Players, want)
		}
		for i := range want {
			if s.Players[i] != want[i] {
				t.Errorf("player %d: %v, want %v", i+1, s.Players[i], want[i])
			}
		}
		// A click on a colour changes it too.
		cx, cy, cw, _ := f.colours[0].GetRect()
		h.click(cx+cw-2, cy)
		if got := f.setup().Players[0].Colour; got != referee.Blue {
			t.Errorf("after a click on the right of Ана's colour: %s, want blue", got)
		}
		h.key(tcell.KeyEnter) // Start: two players are blue
		h.mustSee("Двама играчи са с цвят син")
	})
}

// F6 switches the language in the running table without losing anything: the game, the tile half typed, the
// board's zoom; and in the set-up form, what was entered.
func TestLanguageSwitchKeepsEverything(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		h := start(t, o)
		defer h.stop()
		h.nameSeats("Ана", "Бо")
		h.key(tcell.KeyF6)
		h.mustSee("нова игра", "Ана")
		if got := h.u.setup.names[1].GetText(); got != "Бо" {
			t.Fatalf("second name %q after F6, want Бо", got)
		}
		if h.u.run.GetFocus() != h.u.setup.names[1] {
			t.Fatal("F6 moved the focus")
		}
		h.typeText("гдан")
		h.key(tcell.KeyF10)
		h.mustSee("Ход 1")
		h.typeText("fr")
		h.key(tcell.KeyF5)
		h.key(tcell.KeyF6) // bg -> uk
		h.mustSee("Хід 1", "Ана", "Богдан")
		tb := h.u.table
		if got := tb.entry.input.GetText(); got != "fr" {
			t.Errorf("typed %q after F6, want fr", got)
		}
		if tb.board.zoom != 1 {
			t.Errorf("zoom %d after F6, want 1", tb.board.zoom)
		}
		h.typeText("fr")
		h.key(tcell.KeyEnter) // b-rs before its garden copy b-rsg (issue 30)
		if tb.entry.step != stepPlace {
			t.Fatalf("step %v after frfr Enter", tb.entry.step)
		}
		h.key(tcell.KeyF6) // uk -> en
		h.mustSee("Turn 1")
		if h.u.loc.Lang() != "en" {
			t.Errorf("language %s", h.u.loc.Lang())
		}
	})
}

// F3 explains the last refusal with the rule's full text; F2 finds a rule by ID or by word; a rule the catalogue
// lacks shows its ID and a note (locales may still be in progress).
func TestExplainAndRules(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		o.File = writeRecord(t, o.Config.DataDir, "r.rec",
			"karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=river\n")
		h := start(t, o)
		defer h.stop()
		h.typeText("b-rs")
		h.key(tcell.KeyEnter)
		h.mustSee("[RIVER-4]", "(F3: why)")
		h.key(tcell.KeyF3)
		h.mustSee("Why?", "Refused:", "RIVER-4")
		if text := h.text(); !strings.Contains(text, "river") {
			t.Fatalf("no rule text:\n%s", text)
		}
		h.key(tcell.KeyEscape)
		h.mustSee("N E S W:")
		h.key(tcell.KeyF2)
		h.typeText("COUNT-16")
		h.mustSee("COUNT-16")
		h.key(tcell.KeyEscape)
		if got := h.u.table.entry.input.GetText(); got != "b-rs" {
			t.Errorf("typed %q after the rules, want b-rs", got)
		}
		if got := h.u.ruleText("NOPE-1"); !strings.Contains(got, "NOPE-1") || !strings.Contains(got, "RULES.md") {
			t.Errorf("missing rule: %q", got)
		}
	})
}

// The mouse: a click on a numbered place lays the tile there; a click on an answer chooses it.
func TestMouseChooses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "m.rec", exampleRecord)
		defer h.stop()
		h.typeText("ffffm") // a monastery
		e := h.u.table.entry
		if e.step != stepPlace {
			t.Fatalf("step %v, want the places", e.step)
		}
		target := e.spots[len(e.spots)-1].pos
		v, ok := h.u.table.board.view()
		if !ok || !v.in(target) {
			t.Fatalf("place %v not in view", target)
		}
		sx, sy := v.at(target)
		h.click(sx+2, sy+1)
		g := h.u.sess.Game
		if last := g.Actions[len(g.Actions)-1]; last.Verb != referee.VerbPlace || last.Pos != (referee.Pos{X: target.X, Y: target.Y}) {
			t.Fatalf("after the click: %s, want place at %v", last, target)
		}
		// The figure step: click "follower on the monastery".
		h.text()
		mx, my, _, _ := e.menu.GetInnerRect()
		for i, it := range e.menu.items {
			if strings.Contains(it.label, "monastery") {
				h.click(mx+3, my+i)
				break
			}
		}
		g = h.u.sess.Game
		if last := g.Actions[len(g.Actions)-1]; last.Verb != referee.VerbDeploy || last.Place != "monastery" {
			t.Fatalf("after the click: %s, want a follower on the monastery", last)
		}
	})
}

// F5 zooms out: one character a tile, then two tiles a character (the overview), where every tile of a long game
// is in view at 80x24; Home on the board jumps back to the last tile.
func TestCompactBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cat := engine.Standard()
		setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
			{Name: "Богдан", Colour: referee.Blue}}, Expansions: []string{"farmers"}, Start: referee.StartStandard}
		_, rec := genGame(t, 3, setup, cat)
		o := testOptions(t, "en")
		o.Resume = true
		o.File = writeRecord(t, o.Config.DataDir, "c.rec", recordText(t, rec))
		data, _ := os.ReadFile(o.File)
		_ = data
		h := start(t, o)
		defer h.stop()
		h.key(tcell.KeyEscape) // the final tally: back to the board
		h.key(tcell.KeyF5)
		h.key(tcell.KeyF5)
		h.text()
		bv := h.u.table.board
		g := h.u.sess.Game
		for i := range g.S.Tiles {
			if !bv.visible(g.S.Tiles[i].Pos) {
				cols, rows := bv.grid()
				t.Fatalf("tile %d at %v not in view in the compact board (%d tiles, %dx%d cells, centre %d,%d)", i,
					g.S.Tiles[i].Pos, len(g.S.Tiles), cols, rows, bv.cx, bv.cy)
			}
		}
		bv.pan(30, 30)
		if !bv.HasFocus() {
			h.key(tcell.KeyTab) // Tab: the board
		}
		h.key(tcell.KeyHome)
		if !bv.visible(bv.lastPos()) {
			t.Error("Home did not bring the last tile into view")
		}
	})
}

// latinWordRE finds runs of three or more Latin letters: English left in a Bulgarian or Ukrainian screen.
var latinWordRE = regexp.MustCompile(`[A-Za-z]{3,}`)

// latinAllowed are the Latin words a bg or uk screen may show: the program's name, key names, the edge code's
// letters and examples, file names.
var latinAllowed = map[string]bool{"karkason": true, "Enter": true, "Esc": true, "Tab": true, "Shift": true,
	"Ctrl": true, "Home": true, "PgUp": true, "PgDn": true, "crfr": true, "RULES": true}

// englishIn returns the Latin words of screen that are not tile ids, rule ids, codes or allowed words.
func englishIn(screen string) []string {
	var out []string
	for _, line := range strings.Split(screen, "\n") {
		for _, loc := range latinWordRE.FindAllStringIndex(line, -1) {
			w := line[loc[0]:loc[1]]
			before, after := "", ""
			if loc[0] > 0 {
				before = line[loc[0]-1 : loc[0]]
			}
			if loc[1] < len(line) {
				after = line[loc[1] : loc[1]+1]
			}
			switch {
			case latinAllowed[w]:
			case strings.Trim(w, "FRCWMSGE") == "": // an edge code: FFCF, CFFCG
			case before == "-" || after == "-" || strings.ContainsAny(after, "0123456789") ||
				strings.ContainsAny(before, "0123456789"): // a tile id (b-c2as, r1-bend), a rule id (COUNT-16)
			case strings.ToUpper(w) == w && after == "-": // a rule id
			default:
				out = append(out, w)
			}
		}
	}
	return out
}

// Every screen of the table in Bulgarian and Ukrainian shows no English (names, tile and rule ids, key names and
// the edge code's letters aside): the screens of tourScreens, from the set-up form to the final tally (issue 6).
func TestNoEnglishInBgUk(t *testing.T) {
	if w := englishIn("Turn 1 · 76 tiles left (F4)\n[BASE-10(b)] b-c2as FFCF crfr"); len(w) != 3 {
		t.Fatalf("the English finder finds %q, want Turn tiles left", w)
	}
	for _, lang := range []string{"bg", "uk"} {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				tourScreens(t, lang, func(h *harness, what string, _ []string) {
					t.Helper()
					if w := englishIn(h.text()); len(w) > 0 {
						t.Errorf("%s: English in the %s screen: %q\n%s", lang, what, w, h.text())
					}
				})
			})
		})
	}
}

// A closed terminal (SIGHUP) stops the table; the record on disk holds every confirmed action and the game opens
// again (its lock released).
func TestSIGHUPStops(t *testing.T) {
	o := testOptions(t, "en")
	o.Resume = true
	o.File = writeRecord(t, o.Config.DataDir, "h.rec", exampleRecord)
	u := newUI(o)
	if err := u.begin(); err != nil {
		t.Fatal(err)
	}
	screen := tcell.NewSimulationScreen("UTF-8")
	u.app.SetScreen(screen)
	stop := u.stopOnSignals()
	defer stop()
	done := make(chan error, 1)
	go func() { done <- u.app.Run() }()
	u.app.QueueUpdate(func() {
		u.table.do(referee.Action{Verb: referee.VerbPlace, Tile: "b-m", Pos: referee.Pos{X: 1, Y: -1}})
	})
	u.app.QueueUpdate(func() {}) // the placement is done before the signal
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SIGHUP did not stop the table")
	}
	u.close()
	s, err := referee.Resume(o.File, u.cat)
	if err != nil {
		t.Fatalf("resume after SIGHUP: %v", err)
	}
	defer s.Close()
	if n := len(s.Game.Actions); n != 5 {
		t.Errorf("%d actions on disk, want 5 (the example's four and the monastery)", n)
	}
}

// Issue 9: on the figure step Enter takes "no figure" (at the table Enter means "nothing more"), a figure is one
// key away, and the legend says so, in every language.
func TestFigureStepEnterIsNoFigure(t *testing.T) {
	for _, lang := range []string{"en", "bg", "uk"} {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, lang, "f.rec", exampleRecord)
				defer h.stop()
				h.typeText("ffffm") // a monastery
				h.key(tcell.KeyEnter)
				e := h.u.table.entry
				if e.step != stepFigure {
					t.Fatalf("step %v, want the figure", e.step)
				}
				loc := h.u.loc
				if got, want := e.legend.GetText(true), loc.T("ui.legend.figure_next", nil); got != want {
					t.Errorf("legend %q, want %q", got, want)
				}
				h.mustSee(strings.Fields(loc.T("ui.legend.figure_next", nil))[:3]...)
				if l := h.menuLabels()[e.menu.current]; l != loc.T("ui.opt.pass", nil) {
					t.Errorf("highlighted %q, want no figure", l)
				}
				h.key(tcell.KeyEnter)
				g := h.u.sess.Game
				if last := g.Actions[len(g.Actions)-1]; last.Verb != referee.VerbPass {
					t.Fatalf("Enter recorded %s, want pass", last)
				}
				h.key(tcell.KeyCtrlZ)
				if e := h.u.table.entry; e.step != stepFigure {
					t.Fatalf("after undo: step %v", e.step)
				}
				h.typeText("1") // the first figure: a follower on the monastery
				g = h.u.sess.Game
				if last := g.Actions[len(g.Actions)-1]; last.Verb != referee.VerbDeploy || last.Place != "monastery" {
					t.Fatalf("1 recorded %s, want a follower on the monastery", last)
				}
			})
		})
	}
}

// The set-up form's expansions' box holds every expansion and the start inside its borders at 80x24 (with Traders &
// Builders the eleventh expansion pushed the start onto the bottom border).
func TestSetupStartInsideItsBox(t *testing.T) {
	for _, lang := range []string{"en", "bg", "uk"} {
		synctest.Test(t, func(t *testing.T) {
			h := start(t, testOptions(t, lang))
			defer h.stop()
			label := h.u.loc.T("ui.setup.start", nil)
			for _, l := range strings.Split(h.text(), "\n") {
				if strings.Contains(l, label) && !strings.Contains(l, "│"+label) {
					t.Errorf("%s: the start is not inside its box: %q\n%s", lang, l, h.text())
				}
			}
		})
	}
}
