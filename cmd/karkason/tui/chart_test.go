package tui

import (
	"os"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The chart of a game begun from a position (F7) starts at the points on the score track (POS-7), as the exported
// picture's does: at turn 0 it shows them, each player's letter at the height of their points; after a turn the
// line goes on from there.
func TestChartStartsAtThePosition(t *testing.T) {
	rec, err := os.ReadFile("../../../testdata/golden/pos-base-farmers.rec") // red 10, blue 6 on the track
	if err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "bg", "pos.rec", string(rec))
		defer h.stop()
		// A position without the entry's mark opens as the game going on from it (issue 32).
		h.text()
		if g := h.u.sess.Game; len(g.History) != 0 || g.S.Scores[0] != 10 {
			t.Fatalf("not at turn 0 of the position: history %v, scores %v", g.History, g.S.Scores)
		}
		h.key(tcell.KeyF7)
		rows := chartRows(h)
		// The top of the chart is red's 10, at the first column (turn 0) Ана's А on the top row, Богдан's Б at 6 of
		// 10 of the way up.
		if len(rows) < 5 || !strings.HasPrefix(strings.TrimSpace(rows[0]), "10") {
			t.Fatalf("the chart's top is not 10:\n%s", strings.Join(rows, "\n"))
		}
		a, b := -1, -1
		for i, r := range rows {
			if strings.Contains(r, "│А") {
				a = i
			}
			if strings.Contains(r, "│Б") {
				b = i
			}
		}
		if a != 0 || b <= a || b >= len(rows)-1 {
			t.Fatalf("at turn 0 А is on row %d, Б on row %d of %d (want А on top, Б between):\n%s", a, b, len(rows),
				strings.Join(rows, "\n"))
		}
	})
}

// chartRows are the inner rows of the chart (F7, the screen's only double frame) on the screen: the text between
// its side borders.
func chartRows(h *harness) []string {
	var rows []string
	in := false
	for _, l := range strings.Split(h.text(), "\n") {
		switch {
		case strings.HasPrefix(l, "╔"):
			in = true
		case in && strings.HasPrefix(l, "╚"):
			return rows
		case in:
			rows = append(rows, strings.Trim(l, "║ "))
		}
	}
	return rows
}

// A chart squeezed below chartMinWidth (the tally of six players at 80 columns) is left out whole, frame and title,
// instead of a frame titled "Т…", and its place blanked (what was on the screen before must not show through); at
// its minimum width it is drawn with its frame.
func TestChartTooNarrowLeftOut(t *testing.T) {
	rec, err := os.ReadFile("../../../testdata/golden/pos-base-farmers.rec")
	if err != nil {
		t.Fatal(err)
	}
	g, err := referee.Replay(strings.NewReader(string(rec)), true)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		width int
		drawn bool
	}{{5, false}, {chartMinWidth - 1, false}, {chartMinWidth, true}, {40, true}} {
		s := tcell.NewSimulationScreen("UTF-8")
		if err := s.Init(); err != nil {
			t.Fatal(err)
		}
		s.SetSize(60, 12)
		s.SetContent(1, 1, 'x', nil, tcell.StyleDefault) // what was on the screen before: blanked if left out
		ch := &chart{Box: tview.NewBox(), g: g, names: newNames(g, locales.New("bg"))}
		ch.SetBorder(true).SetTitle(" Точки ")
		ch.SetRect(0, 0, tc.width, 10)
		ch.Draw(s)
		s.Show()
		cells, w, _ := s.GetContents()
		drawn := false
		for i, c := range cells[:w*10] {
			if i%w < tc.width && len(c.Runes) > 0 && c.Runes[0] != ' ' {
				drawn = true
			}
		}
		s.Fini()
		if drawn != tc.drawn {
			t.Errorf("a chart %d columns wide: drawn %v, want %v", tc.width, drawn, tc.drawn)
		}
	}
}
