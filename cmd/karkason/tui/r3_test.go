package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
)

// TestPositionRefusalsReadRight: a refusal for an edge that does not match (BASE-4) names the edge in the
// player's language ("західний"), not as the record letter W.
func TestPositionRefusalsReadRight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := start(t, testOptions(t, "uk"))
		defer h.stop()
		h.typeText("Аня")
		h.key(tcell.KeyTab)
		h.typeText("Богдан")
		h.key(tcell.KeyF8)
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
