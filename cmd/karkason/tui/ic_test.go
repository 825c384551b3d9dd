package tui

import (
	"slices"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/referee"
)

// Inns & Cathedrals at the table (issue 18): the set-up form has six seats, the sixth pink by default; without the
// module the referee refuses a sixth player (IC-13) and the form shows its refusal, keeping what was entered; with
// it the game starts with six players, pink among them.
func TestSetupSixthPlayer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "bg")
		h := start(t, o)
		defer h.stop()
		f := h.u.setup
		if len(f.names) != 6 {
			t.Fatalf("%d seats, want 6", len(f.names))
		}
		for _, n := range []string{"Ана", "Богдан", "Вера", "Галя", "Дима", "Елена"} {
			h.typeText(n)
			h.key(tcell.KeyTab)
		}
		if c := f.setup().Players[5].Colour; c != referee.Pink {
			t.Fatalf("the sixth seat is %s, want pink", c)
		}
		h.mustSee("розов")
		h.key(tcell.KeyF10)
		h.mustSee("IC-13", "шести играч")
		if h.u.table != nil || f.named() != 6 {
			t.Fatal("the refused set-up started a game or lost a name")
		}
		// Tick Inns & Cathedrals: the focus ring is the 6 names, the followers, then the expansions.
		i := slices.Index(referee.Expansions(), referee.ExpansionInnsCathedrals)
		f.ring.focusIndex(7 + i)
		h.typeText(" ")
		h.mustSee("[X] Странноприемници и катедрали")
		h.key(tcell.KeyF10)
		if h.u.table == nil {
			t.Fatalf("no game:\n%s", h.text())
		}
		g := h.u.sess.Game
		if g.Players() != 6 || g.Colour(5) != referee.Pink {
			t.Fatalf("players %v", g.Setup.Players)
		}
		if st := colourStyle(referee.Pink); st == colourStyle(referee.Colour("none")) {
			t.Error("pink has no colour of its own")
		}
	})
}
