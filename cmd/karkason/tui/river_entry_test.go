package tui

import (
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The River start in the entry of a board as it lies (issue 30, item 6): nothing is laid before the entry starts,
// the cursor is at the table's top-left corner (0,0), and the spring is typed where it lies like any tile; the
// board finished has the spring as its start piece at 0,0 (referee: the spring typed where it lies).
func TestPositionEntryRiverSpringTyped(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "entry.rec", "karkason-record 1\n# karkason: a board as it lies, being entered\n"+
			"# karkason: start=river, its spring typed where it lies (start=none until the board is finished)\n"+
			"setup players=Ана:red,Богдан:blue expansions=farmers,river start=none\n")
		defer h.stop()
		pos := h.u.pos
		if pos == nil || pos.cur != (engine.Pos{}) || len(pos.draft().Game().S.Tiles) != 0 {
			t.Fatalf("the River entry does not start on an empty board at 0,0:\n%s", h.text())
		}
		h.typeText("ffffm") // the monastery at the table's top-left corner, north of the spring's field edge
		h.key(tcell.KeyEnter)
		h.typeText("frrw") // the spring below it, turned a quarter: field N, road E and S, river W
		d := pos.draft()
		if i := d.TileAt(referee.Pos{X: 0, Y: 1}); i < 0 || d.Lines()[i].Tile != "r1-spring" {
			t.Fatalf("the spring is not laid where it was typed: %v (status %q)\n%s", d.Lines(),
				h.u.table.status.GetText(true), h.text())
		}
		h.key(tcell.KeyF10)
		if h.u.table.entry.step != stepTokens {
			t.Fatalf("F10: %q\n%s", h.u.table.status.GetText(true), h.text())
		}
		g, err := d.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if sp := g.S.At(engine.Pos{}); sp == nil || sp.Type.ID != "r1-spring" || sp.Rot != 0 {
			t.Errorf("the spring is not the start piece at 0,0: %v", g.Position)
		}
	})
}
