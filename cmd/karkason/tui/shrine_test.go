package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
)

// A shrine challenge that starts and is decided in one turn, through the table (SHRINE-5(f), SHRINE-6;
// testdata/golden/shrine-now-monk.rec): Ана lays the monastery that closes Богдан's shrine and puts a monk on it.
// The log says the challenge starts and is decided at once, names Ана as the player whose figure went back, the
// board no longer shows her monk, and her supply has it back; Богдан's heretic scored and went back too.
func TestSameTurnChallengeThroughTheTable(t *testing.T) {
	for _, c := range []struct{ lang, start, lost string }{
		{"en", "this turn's scoring decides at once", "Challenge lost"},
		{"bg", "оценяването в този ход решава веднага", "Изгубено предизвикателство"},
		{"uk", "підрахунок очок у цьому ході вирішує одразу", "Виклик програно"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, c.lang, "now.rec", goldenPrefix(t, "shrine-now-monk.rec", "red place b-m 0,-3 0"))
				defer h.stop()
				supply := func(p int) string { return h.u.table.players.GetCell(p+1, 3).Text }
				before := supply(0)
				shrine, monastery := engine.Pos{X: -1, Y: -3}, engine.Pos{X: 0, Y: -3}
				if got := h.figuresShown(shrine); got != "Б" {
					t.Fatalf("before the turn the shrine shows figures %q, want Богдан's heretic Б:\n%s", got, h.text())
				}
				h.chooseOption(h.u.loc.T("ui.opt.pass", nil)) // Богдан's figure step of turn 8, where the record stops
				h.promptNames("Ана")
				h.typeEdges("b-m", 0)
				h.chooseSpot(0, -3)
				h.chooseOption(h.u.loc.T("term.monastery", nil))
				g := h.u.sess.Game
				if g.TurnNo != 10 || g.S.Scores[0] != 0 || g.S.Scores[1] != 9 {
					t.Fatalf("turn %d, scores %v: want turn 10, Ана 0, Богдан 9", g.TurnNo, g.S.Scores[:2])
				}
				if got := h.scoreCell(1); got != "9" {
					t.Errorf("Богдан shows %s points, want 9", got)
				}
				if got := supply(0); got != before {
					t.Errorf("Ана's supply shows %s after the turn, %s before it: the monk is not back", got, before)
				}
				log := h.u.table.log.GetText(true)
				var lost string
				for _, l := range strings.Split(log, "\n") {
					if strings.Contains(l, c.lost) {
						lost = l
					}
				}
				if !strings.Contains(log, c.start) || !strings.Contains(lost, "Ана") || strings.Contains(lost, "Богдан") {
					t.Errorf("the log should say the challenge starts and is decided at once, and name Ана (only) with "+
						"the lost challenge:\n%s", log)
				}
				// On a larger screen the log shows the whole turn: the lost challenge with Ана's badge.
				h.screen.SetSize(160, 48)
				h.mustSee(c.lost)
				// The board: no figure on 0,-3 nor on the shrine at -1,-3.
				for _, p := range []engine.Pos{monastery, shrine} {
					if got := h.figuresShown(p); got != "" {
						t.Errorf("cell %v still shows the figures %q on the board:\n%s", p, got, h.text())
					}
				}
			})
		})
	}
}

// figuresShown returns the player markers drawn on cell p of the board (zooming out until p is in view), in
// screen order: "" when it shows no figure.
func (h *harness) figuresShown(p engine.Pos) string {
	h.t.Helper()
	b := h.u.table.board
	v, ok := b.view()
	for tries := 0; ok && !v.in(p) && tries < 3; tries++ {
		h.key(tcell.KeyF5) // zoom out
		v, ok = b.view()
	}
	if !ok || !v.in(p) {
		h.t.Fatalf("%v is not in view:\n%s", p, h.text())
	}
	h.text() // draw
	var out []rune
	sx, sy := v.at(p)
	for y := sy; y < sy+v.ch; y++ {
		for x := sx; x < sx+v.cw; x++ {
			r, _, _, _ := h.screen.GetContent(x, y)
			for _, m := range h.u.table.names.markers {
				if r == m || r == figureRune(m, engine.Abbot) {
					out = append(out, r)
				}
			}
		}
	}
	return string(out)
}
