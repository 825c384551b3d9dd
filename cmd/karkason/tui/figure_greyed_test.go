package tui

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/referee"
)

// The game's figure step lists every feature of the tile just laid: one no figure may go on stays greyed with the
// referee's reason and rule (issue 20 item 4: an occupied city this tile completes; the river, RIVER-8), F3
// explains it, and each feature keeps its key whether or not it can take a figure, the board showing it.
func TestFigureStepGreysWhatCannotTakeAFigure(t *testing.T) {
	for _, c := range []struct {
		name, lang, record string
		greyed             string // the greyed feature's words
		rule               string
		free               string // a feature the figure may go on, after it
	}{
		{"a completed city red holds", "en", "karkason-record 1\n" +
			"setup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
			"red place b-c2o 0,-1 90\nred deploy follower N\nblue place b-c1 0,-2 180\n",
			"city", "BASE-7", "field"},
		{"the river", "uk", "karkason-record 1\n" +
			"setup players=Ана:red,Богдан:blue expansions=farmers,abbot,river start=river\n" +
			"red place r1-straight 0,1 0\n",
			"річка", "RIVER-8", "поле"},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, c.lang, "g.rec", c.record)
				defer h.stop()
				e := h.u.table.entry
				if e.step != stepFigure {
					t.Fatalf("not the figure step:\n%s", h.text())
				}
				greyed, free := -1, -1
				for i, ch := range e.choices {
					switch {
					case ch.why != nil && strings.HasPrefix(ch.label, c.greyed+" — ") && greyed < 0:
						greyed = i
					case ch.why == nil && ch.act != nil && strings.Contains(ch.label, c.free) && free < 0:
						free = i
					}
				}
				if greyed < 0 || free < 0 {
					t.Fatalf("no greyed %q or no %q among %q", c.greyed, c.free, h.menuLabels())
				}
				var r *referee.Refusal
				if !errors.As(e.choices[greyed].why, &r) || r.Rule != c.rule ||
					!strings.Contains(e.choices[greyed].label, "["+c.rule) {
					t.Fatalf("the greyed %q: %v, want its rule %s in the label", e.choices[greyed].label,
						e.choices[greyed].why, c.rule)
				}
				key := e.menu.items[greyed].key
				if key == "" || !e.menu.items[greyed].off {
					t.Fatalf("the greyed answer has no key or is not greyed: %+v", e.menu.items[greyed])
				}
				// The board shows its key on the feature, greyed.
				shown := false
				for _, fk := range h.u.table.board.fkeys {
					shown = shown || (fk.seg == e.choices[greyed].seg && fk.key == key && fk.off)
				}
				if !shown {
					t.Errorf("the board does not show the greyed key %s: %+v", key, h.u.table.board.fkeys)
				}
				// Its key says why (F3 explains), and records nothing.
				n := len(h.u.sess.Game.Actions)
				h.typeText(key)
				if len(h.u.sess.Game.Actions) != n || e.step != stepFigure {
					t.Fatal("the greyed key recorded something")
				}
				h.key(tcell.KeyF3)
				h.mustSee("[" + c.rule)
				h.key(tcell.KeyEscape)
				// The next feature's key is the one after it; Enter is still "no figure".
				if got := e.menu.items[free].key; free > greyed && got <= key {
					t.Errorf("the free feature's key %q is not after the greyed one's %q", got, key)
				}
				h.typeText(e.menu.items[free].key)
				if len(h.u.sess.Game.Actions) != n+1 || h.u.sess.Game.Actions[n].Verb != referee.VerbDeploy {
					t.Fatalf("the free feature's key did not deploy: %v", h.u.sess.Game.Actions[n:])
				}
			})
		})
	}
}
