package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/library"
)

// TestPositionRefusalsReadRight: a refusal for an edge that does not match (BASE-4) names the edge in the
// player's language ("західний"), not as the record letter W; POS-2's "fewer in the box" reads right for 1.
func TestPositionRefusalsReadRight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.asItLies("Аня", "Богдан")
		h.typeText("crfr") // at 1,0: its west road meets the start tile's road
		h.typeText("ffff") // at 2,0: a field where crfr's road ends
		status := h.u.table.status.GetText(true)
		if !strings.Contains(status, "[BASE-4]") || !strings.Contains(status, "західний") || strings.Contains(status, " W ") {
			t.Fatalf("edge mismatch: status %q", status)
		}
		// POS-2: the one crossroads laid, a second is refused in words that read right for a count of 1
		// ("лише 1", not "лише 1 плиток").
		h.key(tcell.KeyEscape)
		h.typeText("rrrr")
		h.typeText("rrrr")
		status = h.u.table.status.GetText(true)
		if !strings.Contains(status, "[POS-2]") || !strings.Contains(status, "лише 1,") {
			t.Fatalf("a second crossroads: status %q", status)
		}
	})
}

// TestNumberStepLineIsNotTheTileLine: the number step of a position (POS-7, the points on the score track) does not
// show the tile line's "edges or code" hint on its input line, and the board step after it is labelled for edges
// again.
func TestNumberStepLineIsNotTheTileLine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.asItLies("Аня", "Богдан")
		h.typeText("crfr")
		h.key(tcell.KeyF9) // figures
		h.key(tcell.KeyF9) // the rest: points, who is next, ...
		h.typeText("1")    // the points
		loc := h.u.loc
		h.mustSee(loc.T("ui.pos.number", nil))
		if s := h.text(); strings.Contains(s, loc.T("ui.tile_placeholder", nil)) {
			t.Fatalf("the number step shows the tile line's hint:\n%s", s)
		}
		h.key(tcell.KeyEscape) // the list
		h.key(tcell.KeyEscape) // figures
		h.key(tcell.KeyEscape) // tiles
		h.mustSee(loc.T("ui.tile", nil), loc.T("ui.tile_placeholder", nil))
	})
}

// TestFigureOptionsReadRightInUkrainian: the figure step's answers in Ukrainian do not put a feature's name in the
// nominative after a preposition ("підданець на дорога"): "підданець: дорога Сх+Зх".
func TestFigureOptionsReadRightInUkrainian(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.nameSeats("Аня", "Богдан")
		h.key(tcell.KeyF10)
		h.typeText("frfr")
		h.key(tcell.KeyEnter) // b-rs before its garden copy b-rsg (issue 30)
		h.typeText("1")       // the first place
		labels := strings.Join(h.menuLabels(), "\n")
		road := h.u.loc.T("term.road", nil)
		if !strings.Contains(labels, ": "+road) || strings.Contains(labels, " на "+road) {
			t.Fatalf("the figure step's answers:\n%s", labels)
		}
	})
}

// TestAidsHighlightKeepsTheFigure: in the F9 view the highlighted feature is drawn in reverse, and the follower on
// it stays visible (its player's letter), as it is on the board.
func TestAidsHighlightKeepsTheFigure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "uk")
		o.Config.Aids = true
		h := start(t, o)
		defer h.stop()
		h.nameSeats("Аня", "Богдан")
		h.key(tcell.KeyF10)
		h.typeText("crfr")
		h.typeText("1")
		h.chooseOption(h.u.loc.T("term.city", nil))
		if !strings.Contains(h.text(), "▒А▒") {
			t.Fatalf("the follower is not on the board:\n%s", h.text())
		}
		h.key(tcell.KeyF9) // the open city with Аня's follower comes first, highlighted
		h.mustSee(h.u.loc.T("ui.aids.list", nil))
		if !strings.Contains(h.text(), "▒А▒") {
			t.Fatalf("the highlighted city hides its follower:\n%s", h.text())
		}
	})
}

// TestPickerNamesModulesInWords: the saved-games list names a game's modules in the player's language ("селяни,
// абат, річка, ..."), not by the record's English words.
func TestPickerNamesModulesInWords(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := libraryOptions(t, "uk", "../../..")
		h := start(t, o)
		defer h.stop()
		h.mustSee("селяни, абат, річка, граф, король і розбійник, святилища")
		if s := h.text(); strings.Contains(s, "farmers") {
			t.Fatalf("English module names in the list:\n%s", s)
		}
	})
}

// TestPickerSaysAnEntryIsAnEntry: a board as it lies left half entered is listed as such ("поле на столі,
// вводиться"), not as a game in progress at turn 1.
func TestPickerSaysAnEntryIsAnEntry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "uk")
		h := start(t, o)
		h.asItLies("Аня", "Богдан")
		h.typeText("crfr")
		h.stop()
		games, err := library.List(o.Config.DataDir)
		if err != nil || len(games) != 1 {
			t.Fatalf("%d games: %v", len(games), err)
		}
		want := o.Loc.T("lib.state.entering", nil)
		if main, _ := pickerLines(o.Loc, &games[0]); !games[0].Entering || !strings.Contains(main, want) {
			t.Fatalf("an entry is listed as %q", main)
		}
	})
}

// TestPositionLogInWords: the log beside a position being entered shows its lines in the player's language with
// the players by name, not the record's English words ("position blue follower").
func TestPositionLogInWords(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.asItLies("Аня", "Богдан")
		h.typeText("frfr")
		h.typeText("crfr")
		h.key(tcell.KeyTab)
		h.chooseOption(h.u.loc.T("term.road", nil) + " — " + h.u.table.names.badge(1) + " Богдан")
		h.key(tcell.KeyTab)
		h.chooseOption(h.u.loc.T("term.field", nil) + " на південь від дороги — " + h.u.table.names.badge(0) + " Аня")
		log := h.u.table.log.GetText(true)
		// The tile is named in words and its edges as it lies, never by its id alone; the farmer is a farmer in the
		// log as in the list («селянин»), and its field is named in words.
		if strings.Contains(log, "position") || !strings.Contains(log, "дорога FRFR на 0,0") ||
			!strings.Contains(log, "Богдан: підданець") || !strings.Contains(log, "Аня: селянин") ||
			!strings.Contains(log, "поле на південь від дороги на 1,0") {
			t.Fatalf("the log of the entry:\n%s", log)
		}
	})
}

// TestQuitSaysWhatTheRecordIsFor: quitting a game in progress says resume goes on with it; quitting a game that is
// over says so and names replay (there is nothing to go on with).
func TestQuitSaysWhatTheRecordIsFor(t *testing.T) {
	for _, c := range []struct {
		name, record, key string
	}{
		{"in progress", exampleRecord, "ui.quit_saved"},
		{"over", exampleRecord + "end\n", "ui.quit_ended"},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, "uk", "g.rec", c.record)
				defer h.stop()
				h.u.askQuit()
				synctest.Wait()
				want := h.u.loc.T(c.key, map[string]any{"File": h.u.sess.Store.Path()})
				h.mustSee(strings.Join(strings.Fields(want)[:3], " ")) // the dialog wraps the rest
				// A game that is over is not offered to go on.
				if over, keep := c.key == "ui.quit_ended", strings.Contains(h.text(),
					h.u.loc.T("ui.keep_playing", nil)); over == keep {
					t.Errorf("the quit dialog (over %v) offers to keep playing: %v\n%s", over, keep, h.text())
				}
			})
		})
	}
}

// TestEntrySmallPoints: F1 in the set-up form shows its help; an entry quit before its first tile comes back as the
// entry, not a game at turn 1; F3 in the entry explains its refusal, not a game turn that has not begun.
func TestEntrySmallPoints(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "bg")
		h := start(t, o)
		h.key(tcell.KeyF1)
		h.mustSee(strings.Fields(h.u.loc.T("ui.setup.help", nil))[2]) // "[::b]Нова игра[::-]\nИграчите ..."
		h.key(tcell.KeyEscape)
		h.asItLies("Ана", "Богдан")
		if h.u.pos == nil {
			t.Fatalf("no entry:\n%s", h.text())
		}
		h.typeText("cccc") // the first tile lies anywhere
		h.typeText("frfr") // a road against its city: refused (BASE-4)
		h.key(tcell.KeyF3)
		text := h.text()
		if !strings.Contains(text, "BASE-4") || strings.Contains(text, "SEQ-1") {
			t.Errorf("F3 in the entry:\n%s", text)
		}
		h.key(tcell.KeyEscape)
		h.key(tcell.KeyEscape)
		for h.u.pos != nil && len(h.u.pos.draft().Lines()) > 0 {
			h.key(tcell.KeyCtrlZ)
		}
		h.stop() // quit before any tile is left

		o.Resume = true
		h = start(t, o)
		defer h.stop()
		if h.u.pos == nil || h.u.sess != nil {
			t.Fatalf("an entry with no tile comes back as a game:\n%s", h.text())
		}
	})
}
