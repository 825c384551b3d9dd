package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/referee"
)

// Issue 30: in the figure step, the next tile's first edge (a letter of the edge code, on the user's layout) records
// no figure and begins that tile, in each language's layout; Ctrl-Z takes the pass back; a figure's key still puts
// the figure.
func TestFigureStepNextTileTyped(t *testing.T) {
	for _, c := range []struct{ lang, key string }{{"en", "c"}, {"bg", "ц"}, {"uk", "с"}} {
		t.Run(c.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, c.lang, "g.rec", exampleRecord+"red place b-m 0,1 0\n")
				defer h.stop()
				e := h.u.table.entry
				if e.step != stepFigure {
					t.Fatalf("not the figure step:\n%s", h.text())
				}
				n := len(h.u.sess.Game.Actions)
				h.typeText(c.key)
				acts := h.u.sess.Game.Actions
				if len(acts) != n+1 || acts[n].Verb != referee.VerbPass {
					t.Fatalf("%q in the figure step recorded %v", c.key, acts[n:])
				}
				if e.step != stepTile || e.input.GetText() != c.key {
					t.Fatalf("the tile step does not begin with %q (step %v, %q):\n%s", c.key, e.step, e.input.GetText(), h.text())
				}
				want := strings.Split(h.u.loc.T("ui.figure_none_typed", map[string]any{"Tile": "X"}), "X")[0]
				if got := h.u.table.status.GetText(true); !strings.HasPrefix(got, want) {
					t.Errorf("status %q, want it to begin %q", got, want)
				}
				h.typeText("fff") // Богдан's b-c1 … the code goes on where it began
				if got := e.input.GetText(); got != c.key+"fff" {
					t.Errorf("the input reads %q", got)
				}
				h.key(tcell.KeyEscape)
				h.key(tcell.KeyCtrlZ)
				if len(h.u.sess.Game.Actions) != n || e.step != stepFigure {
					t.Fatalf("Ctrl-Z did not take the pass back: %d actions, step %v", len(h.u.sess.Game.Actions), e.step)
				}
				// A figure's key is still a figure.
				h.typeText("1")
				if acts := h.u.sess.Game.Actions; len(acts) != n+1 || acts[n].Verb != referee.VerbDeploy {
					t.Fatalf("the key 1 recorded %v", acts[n:])
				}
			})
		})
	}
}
