package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/locales"
)

// Issue 30 item 7: F3 after an undo, on a scoring a large follower decided (IC-5), and over the final tally.

// hasRefusal reports whether F3's list holds a refusal.
func (h *harness) hasRefusal() bool {
	for _, it := range h.u.explainItems() {
		if strings.HasPrefix(it.label, "[red]") {
			return true
		}
	}
	return false
}

// A refusal on the way to a move that Ctrl-Z then takes back is no longer listed by F3: blue's figure step refuses
// the completed city red holds (BASE-7); Ctrl-Z takes blue's tile back; F3 lists no refusal and does not cite
// BASE-7. A refusal after the undo is listed again (the list is not simply emptied).
func TestF3AfterUndoListsNoUndoneRefusal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "g.rec", "karkason-record 1\n"+
			"setup players=Ана:red,Богдан:blue expansions=farmers start=standard\n"+
			"red place b-c2o 0,-1 90\nred deploy follower N\nblue place b-c1 0,-2 180\n")
		defer h.stop()
		e := h.u.table.entry
		if e.step != stepFigure {
			t.Fatalf("not the figure step:\n%s", h.text())
		}
		greyed := -1
		for i, c := range e.choices {
			if c.why != nil && strings.HasPrefix(c.label, "city") {
				greyed = i
			}
		}
		if greyed < 0 {
			t.Fatalf("no greyed city among %q", h.menuLabels())
		}
		h.typeText(e.menu.items[greyed].key)
		if !h.hasRefusal() {
			t.Fatal("the greyed city's key was not refused")
		}
		h.key(tcell.KeyF3)
		h.mustSee("[BASE-7")
		h.key(tcell.KeyEscape)
		h.key(tcell.KeyCtrlZ)
		if n := len(h.u.sess.Game.Actions); n != 2 {
			t.Fatalf("Ctrl-Z left %d actions", n)
		}
		if h.hasRefusal() {
			t.Fatal("F3 still lists the refusal of the move undone")
		}
		h.key(tcell.KeyF3)
		if s := h.text(); strings.Contains(s, "BASE-7") {
			t.Fatalf("F3 after the undo cites BASE-7:\n%s", s)
		}
		h.key(tcell.KeyEscape)
		// A new refusal is listed: a tile the stack does not hold.
		h.typeText("ic-cathedral")
		h.key(tcell.KeyEnter)
		if !h.hasRefusal() {
			t.Fatalf("a new refusal is not listed: %q\n%s", h.u.table.status.GetText(true), h.text())
		}
	})
}

// A scoring decided by a large follower: F3 shows its strength of 2 and the text of IC-5 beside the scoring's own
// rule; the city red's large follower holds (the start tile's city, b-c2o, b-c1: 3 tiles, 6 points, BASE-7).
func TestF3ShowsTheLargeFollowersWeight(t *testing.T) {
	for _, lang := range []string{"en", "bg", "uk"} {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, lang, "g.rec", "karkason-record 1\n"+
					"setup players=Ана:red,Богдан:blue expansions=farmers,inns-cathedrals start=standard\n"+
					"red place b-c2o 0,-1 90\nred deploy large N\nblue place b-c1 0,-2 180\nblue pass\n")
				defer h.stop()
				if s := h.u.sess.Game.S.Scores[0]; s != 6 {
					t.Fatalf("red has %d points, want 6 (a city of 3 tiles, BASE-7)", s)
				}
				h.screen.SetSize(160, 60) // (the scoring's own rule, then IC-5's, in view)
				h.key(tcell.KeyF3)
				s := h.text()
				strength := h.u.loc.T("ui.detail.strength", map[string]any{"Strength": 2})
				if !strings.Contains(squash(s), squash(strength)) {
					t.Errorf("F3 does not show the strength %q:\n%s", strength, s)
				}
				r, ok := locales.RuleText(lang, "IC-5")
				if !ok || r.Title == "" {
					t.Fatalf("no text of IC-5 in %s", lang)
				}
				if head := "IC-5 — " + r.Title; !strings.Contains(squash(s), squash(head)) {
					t.Errorf("F3 does not show the rule %q:\n%s", head, s)
				}
				h.key(tcell.KeyEscape)
			})
		})
	}
}

// F3 over the final tally: each scoring with its rule, the tally still there after Esc.
func TestF3OnTheTally(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "uk", "g.rec", "karkason-record 1\n"+
			"setup players=Ана:red,Богдан:blue expansions=farmers start=standard\n"+
			"red place b-c2o 0,-1 90\nred deploy follower N\nblue place b-rs 1,0 90\nblue pass\nend\n")
		defer h.stop()
		if name, _ := h.u.pages.GetFrontPage(); name != "tally" {
			t.Fatalf("not the tally (%q):\n%s", name, h.text())
		}
		h.key(tcell.KeyF3)
		if name, _ := h.u.pages.GetFrontPage(); name != "explain" {
			t.Fatalf("F3 on the tally shows %q:\n%s", name, h.text())
		}
		s := h.text()
		if !strings.Contains(s, "[BASE-") && !strings.Contains(s, "[END-") && !strings.Contains(s, "[FARM-") {
			t.Errorf("F3 over the tally shows no scoring's rule:\n%s", s)
		}
		h.key(tcell.KeyEscape)
		if name, _ := h.u.pages.GetFrontPage(); name != "tally" {
			t.Errorf("Esc from F3 leaves %q, not the tally", name)
		}
	})
}
