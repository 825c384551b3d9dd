package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
)

// Issue 31 item 1: a record whose last line parses but has no line end is resumed without it (moved aside, said on
// the table in the player's language); the dialog over the table leaves it out by default, and one choice accepts
// it: the line goes back into the record whole, with its line end, and the game goes on with it.
func TestResumeOffersToAcceptAWholeLastLine(t *testing.T) {
	last := "blue deploy follower S"
	text := strings.TrimSuffix(exampleRecord, last+"\n") + last
	for _, tc := range []struct {
		name    string
		keys    []tcell.Key
		accept  bool
		lang    string
		wording string
	}{
		{"left out", []tcell.Key{tcell.KeyEnter}, false, "en", "Leave it out"},
		{"Esc leaves it out", []tcell.Key{tcell.KeyEscape}, false, "uk", "Пропустити його"},
		{"accepted", []tcell.Key{tcell.KeyRight, tcell.KeyEnter}, true, "bg", "Приеми ред 6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, tc.lang)
				o.Resume = true
				o.File = writeRecord(t, o.Config.DataDir, "g.rec", text)
				h := start(t, o)
				defer h.stop()
				if h.u.modal != "accept-line" || !strings.Contains(h.text(), tc.wording) {
					t.Fatalf("no dialog (%q):\n%s", h.u.modal, h.text())
				}
				if n := len(h.u.sess.Game.Actions); n != 3 {
					t.Fatalf("%d actions before the choice", n)
				}
				h.keys(tc.keys...)
				got, _ := os.ReadFile(o.File)
				sides, _ := filepath.Glob(o.File + ".torn-*")
				if tc.accept {
					if string(got) != text+"\n" || len(h.u.sess.Game.Actions) != 4 || len(sides) != 0 {
						t.Fatalf("accepted: %q, %d actions, side files %v", got, len(h.u.sess.Game.Actions), sides)
					}
					return
				}
				if string(got) != exampleRecord[:len(text)-len(last)] || len(h.u.sess.Game.Actions) != 3 || len(sides) != 1 {
					t.Fatalf("left out: %q, %d actions, side files %v", got, len(h.u.sess.Game.Actions), sides)
				}
				if !strings.Contains(h.u.table.status.GetText(true), filepath.Base(sides[0])) {
					t.Errorf("the side file is not named: %q", h.u.table.status.GetText(true))
				}
			})
		})
	}
}
