package tui

import (
	"os"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/rivo/tview"
)

// icAfterPlacements is the six-player game of docs/screens (demo-ic.rec) up to its n-th tile laid.
func icAfterPlacements(t *testing.T, n int) string {
	t.Helper()
	rec, err := os.ReadFile("../../../docs/screens/demo-ic.rec")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(rec), "\n")
	for i, l := range lines {
		if strings.Contains(l, " place ") {
			if n--; n == 0 {
				return strings.Join(lines[:i+1], "\n") + "\n"
			}
		}
	}
	t.Fatalf("fewer than %d tiles laid", n)
	return ""
}

// With six players at 80x24 the figure step shows every answer (issue 18's loose end: two or three of five were in
// view): the answers come before the legend, which shows only if it fits whole; a follower's answer names the
// feature alone; the prompt names the player by badge and name; the phase line above the players goes. With three
// players the list fits as it always did, its legend above it.
func TestSixPlayersSeeEveryAnswer(t *testing.T) {
	for _, lang := range []string{"bg", "uk", "en"} {
		synctest.Test(t, func(t *testing.T) {
			h := resumed(t, lang, "ic.rec", icAfterPlacements(t, 9))
			defer h.stop()
			e := h.u.table.entry
			if e.step != stepFigure || len(e.choices) < 5 {
				t.Fatalf("%s: not the figure step with five answers or more: %q", lang, h.menuLabels())
			}
			screen := h.text()
			for i, it := range e.menu.items {
				first := it.key + " " + tview.WordWrap(tview.Escape(it.label), 31)[0]
				if !strings.Contains(screen, strings.TrimSpace(first)) {
					t.Errorf("%s: answer %d %q is not in view:\n%s", lang, i, first, screen)
				}
			}
			if !e.compact || !h.u.table.compact {
				t.Errorf("%s: not compact", lang)
			}
		})
	}
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "bg", "g.rec", "karkason-record 1\n"+
			"setup players=Ана:red,Богдан:blue,Віра:green expansions=farmers start=standard\nred place b-rs 1,0 90\n")
		defer h.stop()
		e := h.u.table.entry
		if e.compact || h.u.table.compact {
			t.Fatalf("three players: compact\n%s", h.text())
		}
		h.mustSee(strings.Fields(h.u.loc.T("ui.legend.figure_next", nil))[0], h.u.loc.T("ui.phase.figure", nil))
	})
}
