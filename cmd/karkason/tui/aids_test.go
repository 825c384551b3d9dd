package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/locales"
	"github.com/rivo/tview"
)

// The table aids (issue 10) on the screen: the score if the game ended now beside each score, dead spots on the
// board, F9 what is at stake; F12 (and the setting aids = false) hides every one of them and changes nothing in the
// game. At 80x24 in bg, uk and en nothing is cut.

// aidsRecord is the demo game of docs/screens (three players, most modules, 30 turns): open features, fields with
// farmers, a dead spot.
func aidsRecord(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "screens", "demo-mid.rec"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// deadCity is a base game with a dead spot (the engine's TestFitCountsHand board): the hole 0,1 demands field N,
// city E, road S, city W, which no base tile has; red's knight on the city of -1,1 needs that hole: a dead city.
const deadCity = "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
	"red place b-rs -1,0 90\nblue place b-rs 1,0 90\nred place b-c1 -1,1 90\nred deploy follower E\n" +
	"blue place b-c1 1,1 270\nred place b-m -1,2 0\nblue place b-rs 0,2 0\n"

func aidsHarness(t *testing.T, lang string, on bool, record ...string) *harness {
	t.Helper()
	o := testOptions(t, lang)
	o.Config.Aids = on
	o.Resume = true
	text := aidsRecord(t)
	if len(record) > 0 {
		text = record[0]
	}
	o.File = writeRecord(t, o.Config.DataDir, "aids.rec", text)
	return start(t, o)
}

func TestAidsOnTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := aidsHarness(t, "en", true)
		defer h.stop()
		g := h.u.table.view()
		a := g.Aids()
		for p := 0; p < g.Players(); p++ {
			if got, want := h.scoreCell(p), fmt.Sprintf("%d (%d)", g.S.Scores[p], a.IfEndedNow[p]); got != want {
				t.Errorf("player %d: score cell %q, want %q", p, got, want)
			}
		}
		// A new user is told what the aids are and where to see them (the key line has no room at 80 columns).
		h.mustSee("Table aids on", "F9")
		if len(deadSpots(a)) == 0 {
			t.Fatal("the demo game has no dead spot: pick another position")
		}
		// F9: the list names the first open feature, by the cell of a tile of it, its details in words (never by a
		// place code, "1,1:E"); they say what it is worth and its open cells' counts.
		h.key(tcell.KeyF9)
		if front, _ := h.u.pages.GetFrontPage(); front != "aids" {
			t.Fatalf("F9 shows %q", front)
		}
		f := a.Features[0]
		seg, _ := refSeg(g, f.Feature.String())
		h.mustSee("What is at stake", f.Feature.Pos.String()+" ", capFirst(featureName(g, h.u.loc, seg, true)),
			fmt.Sprintf("If completed now: %d", f.IfCompleted), fmt.Sprintf("ended now: %d", f.IfEnded))
		if strings.Contains(h.text(), f.Feature.String()) {
			t.Errorf("F9 names %s by its place code:\n%s", f.Feature, h.text())
		}
		h.key(tcell.KeyEscape)
		// F12: every aid off; the game is the same.
		before := g.Summary()
		actions := len(h.u.sess.Game.Actions)
		h.key(tcell.KeyF12)
		h.noAids("aids off")
		if len(h.u.sess.Game.Actions) != actions || fmt.Sprint(before) != fmt.Sprint(h.u.table.view().Summary()) {
			t.Error("switching the aids changed the game")
		}
		// F12 again: back on.
		h.key(tcell.KeyF12)
		if got := h.scoreCell(0); !strings.Contains(got, "(") {
			t.Errorf("aids on again: score cell %q", got)
		}
	})
}

// noAids checks that the table shows none of the aids (when says when): no score cell with a potential "(…)", no
// dead spot ✗, and F9 opens nothing (the table stays in front).
func (h *harness) noAids(when string) {
	h.t.Helper()
	for p := 0; p < h.u.table.view().Players(); p++ {
		if got := h.scoreCell(p); strings.Contains(got, "(") {
			h.t.Errorf("%s: score cell %q", when, got)
		}
	}
	if strings.Contains(h.text(), "✗") {
		h.t.Errorf("%s: a dead spot on the screen:\n%s", when, h.text())
	}
	h.key(tcell.KeyF9)
	if front, _ := h.u.pages.GetFrontPage(); front != "table" {
		h.t.Errorf("%s: F9 shows %q", when, front)
	}
	// F8, the scores if the game ended now, is an aid too (issue 22 item 13).
	h.key(tcell.KeyF8)
	if front, _ := h.u.pages.GetFrontPage(); front != "table" {
		h.t.Errorf("%s: F8 shows %q", when, front)
	}
}

// A dead city: ✗ in the list and on the board, said in words in its details.
func TestAidsDeadSpot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := aidsHarness(t, "en", true, deadCity)
		defer h.stop()
		a := h.u.table.aids
		if len(a.Features) != 1 || !a.Features[0].Dead {
			t.Fatalf("features %+v, want red's dead city", a.Features)
		}
		if !strings.Contains(h.text(), "✗") {
			t.Errorf("no dead spot on the board:\n%s", h.text())
		}
		h.key(tcell.KeyF9)
		h.mustSee("-1,1 ", "City at -1,1", "✗", "0,1: dead spot", "It can no longer be")
	})
}

// The setting off (aids = false): nothing of the aids from the start.
func TestAidsOffSetting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := aidsHarness(t, "en", false)
		defer h.stop()
		h.noAids("the setting off")
		h.mustSee("setting")
		// The setting is the tournament's lock (issue 22 item 14): F12 says so and does not turn them on.
		h.key(tcell.KeyF12)
		h.noAids("F12 with the setting off")
		h.mustSee("F12 does not turn them on")
		for _, lang := range []string{"bg", "uk"} {
			if w := englishIn(locales.New(lang).T("ui.aids.locked", nil)); len(w) > 0 {
				t.Errorf("%s: English in the lock's message: %q", lang, w)
			}
		}
	})
}

// The smallest zoom (two tiles a character) shows the dead spots too, and in F9 the open cells' counts (issue 22
// item 15).
func TestAidsSmallestZoom(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := aidsHarness(t, "en", true, deadCity)
		defer h.stop()
		h.key(tcell.KeyF5)
		h.key(tcell.KeyF5)
		if h.u.table.board.zoom != len(zooms)-1 {
			t.Fatalf("zoom %d", h.u.table.board.zoom)
		}
		if !redIn(h, h.u.table.board.Box) {
			t.Errorf("no dead spot at the smallest zoom:\n%s", h.text())
		}
		h.key(tcell.KeyF9)
		// Red's city needs 0,1 (dead): red on the F9 board, which keeps the table's zoom.
		if !redIn(h, nil) {
			t.Errorf("no dead spot on the F9 board at the smallest zoom:\n%s", h.text())
		}
	})
}

// redIn reports whether a character inside box's rectangle (the whole screen for nil) is drawn in red, as a dead
// spot is: a ✗ in red, or a half block in red.
func redIn(h *harness, box *tview.Box) bool {
	x, y, w, hh := 0, 0, 0, 0
	if box != nil {
		x, y, w, hh = box.GetRect()
	} else {
		w, hh = h.screen.Size()
	}
	for yy := y + 1; yy < y+hh-1; yy++ {
		for xx := x + 1; xx < x+w-1; xx++ {
			r, _, st, _ := h.screen.GetContent(xx, yy)
			fg, bg, _ := st.Decompose()
			if (r == '▀' || r == '▄' || r == '✗') && (fg == tcell.ColorRed || bg == tcell.ColorRed) {
				return true
			}
		}
	}
	return false
}

// The aids at 80x24 in every language: the table with its scores, the F9 view with every item of its list
// highlighted in turn; nothing cut.
func TestAidsNothingCut(t *testing.T) {
	for _, lang := range locales.Languages() {
		for r, record := range []string{aidsRecord(t), deadCity} {
			t.Run(fmt.Sprint(lang, r), func(t *testing.T) {
				synctest.Test(t, func(t *testing.T) {
					h := aidsHarness(t, lang, true, record)
					defer h.stop()
					loc := h.u.loc
					g := h.u.table.view()
					var names []string
					for p := 0; p < g.Players(); p++ {
						names = append(names, g.Name(p))
					}
					vocab := vocabulary(lang, strings.Join(names, " ")+" А Б В monastery shrine garden")
					var scores []string
					for p := 0; p < g.Players(); p++ {
						scores = append(scores, h.scoreCell(p))
					}
					if bad := h.cutOff(append(scores, loc.T("ui.keys", nil)), vocab); len(bad) > 0 {
						t.Errorf("table:\n  %s\n%s", strings.Join(bad, "\n  "), h.text())
					}
					h.key(tcell.KeyF9)
					items := h.u.table.aidItems(g, h.u.table.aids)
					for i, it := range items {
						fixed := []string{loc.T("ui.aids.title", nil), loc.T("ui.aids.list", nil), loc.T("ui.aids.keys", nil),
							scrolls + it.details}
						if bad := h.cutOff(fixed, vocab); len(bad) > 0 {
							t.Errorf("F9, item %d:\n  %s\n%s", i, strings.Join(bad, "\n  "), h.text())
						}
						h.key(tcell.KeyDown)
					}
				})
			})
		}
	}
}

// F4's labels are read whole, the longest with their counts (issue 22 item 15): the edges of each tile as it is
// pictured and how many are left; the one highlighted is named in words under the pictures.
func TestTilesLabelsWhole(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}} {
		synctest.Test(t, func(t *testing.T) {
			o := testOptions(t, "en")
			o.Resume = true
			o.File = writeRecord(t, o.Config.DataDir, "tiles.rec", "karkason-record 1\n"+
				"setup players=Ана:red,Богдан:blue expansions=farmers,shrines,newtiles start=standard\n")
			h := start(t, o)
			defer h.stop()
			h.screen.SetSize(size[0], size[1])
			h.key(tcell.KeyF4)
			for _, want := range []string{"CFRFS×1", "CRRC×1", "CCFFGE×1"} { // sh-cityroad, kr-corner2roads, the longest
				for i := 0; i < 20 && !strings.Contains(h.text(), want); i++ {
					h.key(tcell.KeyPgDn)
					h.key(tcell.KeyDown)
				}
				if !strings.Contains(h.text(), want) {
					t.Errorf("%dx%d: no %q:\n%s", size[0], size[1], want, h.text())
				}
			}
		})
	}
}

// The key line offers F8 "now" only when F8 shows it (issue 22 items 13-14): not with the aids off by the setting
// (locked) or by F12, again once F12 turns them on; once the game has ended F8 is the final tally, which it says.
func TestKeyLineF8(t *testing.T) {
	keyLine := func(h *harness) string {
		lines := strings.Split(strings.TrimRight(h.text(), "\n"), "\n")
		l := lines[len(lines)-1]
		if i := strings.Index(l, " F11 "); i >= 0 { // the second screen's key, added where it fits (screen.go)
			l = l[:i]
		}
		return l
	}
	for _, lang := range []string{"en", "bg", "uk"} {
		loc := locales.New(lang)
		now := strings.Fields(loc.T("ui.keys", nil))
		nowWord := now[slices.Index(now, "F8")+1]
		synctest.Test(t, func(t *testing.T) {
			h := aidsHarness(t, lang, false) // the setting says off: the tournament's lock
			defer h.stop()
			if l := keyLine(h); strings.TrimSpace(l) != loc.T("ui.keys_aids_off", nil) || strings.Contains(l, "F8") {
				t.Errorf("%s, aids locked off: the key line %q offers F8 (or is cut)", lang, l)
			}
		})
		synctest.Test(t, func(t *testing.T) {
			h := aidsHarness(t, lang, true)
			defer h.stop()
			if l := keyLine(h); !strings.Contains(l, "F8 "+nowWord) || strings.TrimSpace(l) != loc.T("ui.keys", nil) {
				t.Errorf("%s, aids on: the key line %q lacks F8 %s (or is cut)", lang, l, nowWord)
			}
			h.key(tcell.KeyF12)
			if l := keyLine(h); strings.Contains(l, "F8") {
				t.Errorf("%s, aids off by F12: the key line %q offers F8", lang, l)
			}
			h.key(tcell.KeyF12)
			if l := keyLine(h); !strings.Contains(l, "F8 "+nowWord) {
				t.Errorf("%s, aids on again: the key line %q lacks F8 %s", lang, l, nowWord)
			}
		})
		synctest.Test(t, func(t *testing.T) {
			h := aidsHarness(t, lang, false, aidsRecord(t)+"end\n")
			defer h.stop()
			h.key(tcell.KeyEscape) // from the final tally to the board
			want := loc.T("ui.keys_ended", nil)
			if l := keyLine(h); !strings.Contains(l, "F8") || strings.TrimSpace(l) != want {
				t.Errorf("%s, the game ended: the key line %q, want %q", lang, l, want)
			}
		})
	}
}
