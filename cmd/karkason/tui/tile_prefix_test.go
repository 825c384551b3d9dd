package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/karkason/karkason/referee"
)

// Issue 30: the tiles whose edges begin as typed carry digits from the second edge typed as letters on, and a
// digit takes the tile in the rotation its line reads; edges typed as digits (`3212`) go on as digits, so the
// next digit is an edge, not a line.
func TestTilePrefixDigits(t *testing.T) {
	for _, tc := range []struct {
		name, typed string
		pick        string // the words of the line whose digit is typed next ("" none)
		tile        string // the tile taken to the place step
	}{
		{"letters: the digit after three edges", "cff", "CFFF E", "b-c1"},
		{"letters: the garden copy after three edges", "frf", "FRFRG", "b-rsg"},
		{"letters: the digit after two edges", "rc", "RCRR", "b-c1r3"},
		{"digits are edges", "3111", "CFFF E", "b-c1"},
		{"digits are edges: the garden copy", "2121", "RFRFG", "b-rsg"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, "en")
				o.Resume = true
				setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
					{Name: "Богдан", Colour: referee.Blue}}, Expansions: []string{"farmers"}, Start: referee.StartStandard}
				o.File = writeRecord(t, o.Config.DataDir, "p.rec",
					"karkason-record 1\n"+setupLine(t, &referee.Record{Setup: setup})+"\n")
				h := start(t, o)
				defer h.stop()
				if h.u.table == nil {
					t.Fatalf("no table:\n%s", h.text())
				}
				h.typeText(tc.typed)
				e := h.u.table.entry
				if tc.pick != "" {
					key := ""
					for _, it := range e.menu.items {
						if strings.Contains(it.label, tc.pick) {
							key = it.key
							break
						}
					}
					if key == "" {
						t.Fatalf("%q: no line %q with a digit: %q\n%s", tc.typed, tc.pick, h.menuLabels(), h.text())
					}
					h.typeText(key)
				}
				got := ""
				if e.step == stepPlace && e.tile != nil {
					got = e.tile.ID
				} else if acts := h.u.sess.Game.Actions; len(acts) > 0 { // one place: laid at once
					got = acts[len(acts)-1].Tile
				}
				if got != tc.tile {
					t.Fatalf("%q: %q taken, want %s\n%s", tc.typed, got, tc.tile, h.text())
				}
			})
		})
	}
}
