package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// A garden or a pennant on a tile of the board as it lies (ABBOT-2, BASE-10): without the Abbot too, the tile is
// laid as its plain copy and the question asks for the mark its twin in the box shows; G or E right after makes it
// that twin, the next tile typed says no. When the box holds only the twin, the code typed without the mark is not
// laid (POS-2) until the mark is typed. Tiles with the same edges are listed in words, not by their ids.
func TestPositionEntryMarks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "en"))
		defer h.stop()
		h.asItLies("Ана", "Богдан")
		pos := h.u.pos
		at := func(x, y int) string {
			if i := pos.draft().TileAt(referee.Pos{X: x, Y: y}); i >= 0 {
				return pos.draft().Lines()[i].Tile
			}
			return ""
		}
		status := func() string { return h.u.table.status.GetText(true) }
		h.typeText("frfr")
		if at(0, 0) != "b-rs" || pos.mark == nil || !strings.Contains(h.text(), "♣ G") {
			t.Fatalf("a road with a garden copy in the box: %q, asked %v\n%s", at(0, 0), pos.mark, h.text())
		}
		h.typeText("g")
		if at(0, 0) != "b-rsg" || h.u.table.entry.input.GetText() != "" {
			t.Fatalf("G after the tile: %q (status %q)", at(0, 0), status())
		}
		h.typeText("frfr")
		h.typeText("frfr") // the next tile: no garden at 1,0
		if at(1, 0) != "b-rs" || at(2, 0) != "b-rs" {
			t.Fatalf("plain roads: %v", pos.draft().Lines())
		}
		h.keys(tcell.KeyEnter, tcell.KeyDown) // an island row below (0,2)
		h.typeText("cfcf")
		if labels := strings.Join(h.menuLabels(), " | "); strings.Contains(labels, "b-c") ||
			!strings.Contains(labels, "city (north), city (south)") {
			t.Fatalf("tiles with the same edges are not told apart in words: %s", labels)
		}
		h.key(tcell.KeyEscape)
		h.typeText("fccc") // b-c3 turned: a pennant twin (b-c3s) and a garden twin (b-c3g) in the box
		if at(0, 2) != "b-c3" || !strings.Contains(h.text(), "◆ E") {
			t.Fatalf("a city with twins: %q\n%s", at(0, 2), h.text())
		}
		h.typeText("e")
		if at(0, 2) != "b-c3s" {
			t.Fatalf("E after the tile: %q (status %q)", at(0, 2), status())
		}
		h.typeText(" ")          // skip 1,2: b-c3s shows a city east
		for i := 0; i < 4; i++ { // every plain b-c1 of the box
			h.typeText("cfff")
		}
		h.typeText("cfff")
		if at(6, 2) != "" || !strings.Contains(strings.Join(h.menuLabels(), " "), "G ♣") {
			t.Fatalf("the garden copy laid without G: %q, %q", at(6, 2), h.menuLabels())
		}
		h.typeText("g")
		if at(6, 2) != "b-c1g" {
			t.Fatalf("G typed after the edges: %q (status %q)", at(6, 2), status())
		}
	})
}

// The figure list of a tile greys what cannot take a figure, with the referee's reason and rule, keeping every key
// where it was: a completed city (BASE-12) and a player whose followers are all on the board (CFG-2); the greyed
// key says why (F3 explains it) and enters nothing; the others' keys are unchanged.
func TestFigureListGreysWithReasons(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "entry.rec", "karkason-record 1\n"+entryMarkLine+
			"setup players=Ана:red,Богдан:blue expansions=farmers start=none followers=1\n"+
			"position tile b-c1 0,0 0\nposition red follower 0,0:S\nposition tile b-c1 0,-1 180\n")
		defer h.stop()
		pos := h.u.pos
		if pos == nil || pos.last == nil || *pos.last != (engine.Pos{X: 0, Y: -1}) {
			t.Fatalf("the entry is not resumed after its last tile:\n%s", h.text())
		}
		h.key(tcell.KeyTab)
		e := h.u.table.entry
		labels := h.menuLabels()
		if len(e.choices) != 3 || e.choices[0].why == nil || !strings.Contains(labels[0], "BASE-12") ||
			e.choices[1].why == nil || !strings.Contains(labels[1], "Ана") || !strings.Contains(labels[1], "CFG-2") ||
			e.choices[2].why != nil || !strings.Contains(labels[2], "Богдан") {
			t.Fatalf("the figure list of 0,-1: %q", labels)
		}
		h.mustSee("[BASE-12]", "[CFG-2]")
		keys := []string{e.menu.items[0].key, e.menu.items[1].key, e.menu.items[2].key}
		if strings.Join(keys, " ") != "1 2 3" {
			t.Fatalf("greyed answers lost their keys: %v", keys)
		}
		n := len(pos.draft().Lines())
		h.typeText("2")
		if len(pos.draft().Lines()) != n || !strings.Contains(h.u.table.status.GetText(true), "[CFG-2]") {
			t.Fatalf("a greyed key: %v, status %q", pos.draft().Lines(), h.u.table.status.GetText(true))
		}
		h.key(tcell.KeyF3)
		h.mustSee("CFG-2")
		h.key(tcell.KeyEscape)
		h.typeText("3")
		if len(pos.draft().Lines()) != n+1 {
			t.Fatalf("Богдан's farmer: %v, status %q", pos.draft().Lines(), h.u.table.status.GetText(true))
		}
	})
}

// A board whose start tile lies turned on the table: the record has it lying as the start piece lies, so the board
// goes on turned, and the status line says so.
func TestTurnedBoardSaysSo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "en"))
		defer h.stop()
		h.asItLies("Ана", "Богдан")
		h.typeText(codeOf(h.u.cat.Tile("b-c1rs"), 1)) // the start tile, its city to the east
		h.key(tcell.KeyF10)
		h.chooseOption(h.u.loc.T("ui.pos.opt_play", nil))
		if h.u.pos != nil || h.u.sess == nil {
			t.Fatalf("not going on:\n%s", h.text())
		}
		if got := h.u.table.status.GetText(true); !strings.Contains(got, "270°") {
			t.Errorf("the status line does not say the board is turned: %q", got)
		}
		if g := h.u.sess.Game; g.S.Tiles[0].Pos != (engine.Pos{}) || g.S.Tiles[0].Rot != 0 {
			t.Errorf("the start piece: %+v", g.S.Tiles[0])
		}
	})
}

// Look-alikes of two sets told apart by a mark as twins are (issue 29): with Abbey & Mayor, b-c1 and
// am-citysplit3 show the same edges (FFFC as they lie south of the start tile), the second with a pennant; FFFC
// lays b-c1 at once (it was listed, Enter to take it, before) and E right after makes it am-citysplit3, lying as
// typed. Tiles that read alike with no mark between them (b-c1rcr and am-capbend-e, FRRC) are still listed.
func TestPositionEntryLookAlikeByMark(t *testing.T) {
	cases := []struct {
		code, then string
		want       string // the tile at 0,0 and its code as it lies
		listed     bool   // not laid: the list asks which
	}{
		{"fffc", "", "b-c1 FFFC", false},
		{"fffc", "e", "am-citysplit3 FFFCE", false},
		{"fffce", "", "am-citysplit3 FFFCE", false},
		{"frrc", "", "", true},
	}
	for _, c := range cases {
		t.Run(c.code+c.then, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := amEntry(t, amSetup(), "en")
				defer h.stop()
				h.walkTo(engine.Pos{X: 0, Y: 1}) // south of the start tile, whose south is a field
				cell := referee.Pos{X: 0, Y: 1}
				h.typeText(c.code)
				h.typeText(c.then)
				d := h.u.pos.draft()
				i := d.TileAt(cell)
				if c.listed {
					if i >= 0 || h.u.table.entry.menu.count() < 2 {
						t.Fatalf("%s: laid %v, listed %q", c.code, d.Lines(), h.menuLabels())
					}
					return
				}
				if i < 0 {
					t.Fatalf("%s%s: nothing laid, listed %q", c.code, c.then, h.menuLabels())
				}
				l := d.Lines()[i]
				if got := l.Tile + " " + codeOf(h.u.cat.Tile(l.Tile), l.Rot/90); got != c.want {
					t.Errorf("%s%s: %s, want %s", c.code, c.then, got, c.want)
				}
			})
		})
	}
}
