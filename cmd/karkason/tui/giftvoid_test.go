package tui

import (
	"os"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/locales"
)

// openTwoChoices opens the gift step from the tile step (nothing typed: the gift is the first answer) and picks Two
// Choices.
func (h *harness) openTwoChoices() {
	h.t.Helper()
	h.chooseOption(h.u.loc.T("ui.opt.gift", map[string]any{"Count": 1}))
	if h.u.table.entry.step != stepGift {
		h.t.Fatalf("step %v, want the gifts", h.u.table.entry.step)
	}
	h.chooseOption(h.u.loc.T("term.gift.two_choices", nil))
}

// GIFT-5(d), GIFT-10(c): Two Choices opened when its stack holds no second tile (here the last shuffled River II
// tile, GIFT-10(b)) is void: the answer says so, and the table warns that the card's 2 end points are lost (GIFT-11)
// and asks before recording it; Esc keeps the gift step and records nothing, "Open it anyway" records it and the
// referee announces the void gift.
func TestVoidGiftAsksFirst(t *testing.T) {
	rec := goldenPrefix(t, "gift-two-choices-void.rec", "blue gift two-choices") + "red pass\n"
	for _, lang := range locales.Languages() {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, lang)
				o.Resume = true
				o.File = writeRecord(t, o.Config.DataDir, "void.rec", rec)
				h := start(t, o)
				defer h.stop()
				loc := h.u.loc
				h.promptNames("Богдан")
				n := len(h.u.sess.Game.Actions)
				h.openTwoChoices()
				warn := loc.T("ui.gift_void_ask", map[string]any{"Gift": loc.T("term.gift.two_choices", nil)})
				if h.u.modal != "confirm" {
					t.Fatalf("no warning before a void Two Choices:\n%s", h.text())
				}
				h.mustSee("GIFT-5(d)", "GIFT-11", loc.T("ui.gift_void_yes", nil))
				screen := h.text()
				for _, w := range strings.Fields(warn) {
					if !strings.Contains(screen, w) {
						t.Errorf("the warning lacks %q:\n%s", w, screen)
					}
				}
				if w := englishIn(screen); lang != "en" && len(w) > 0 {
					t.Errorf("English in the %s warning: %q", lang, w)
				}
				h.key(tcell.KeyEscape)
				if len(h.u.sess.Game.Actions) != n || h.u.table.entry.step != stepGift || h.u.modal != "" {
					t.Fatalf("Esc: %d actions (want %d), step %v, dialog %q", len(h.u.sess.Game.Actions), n,
						h.u.table.entry.step, h.u.modal)
				}
				h.chooseOption(loc.T("term.gift.two_choices", nil))
				h.key(tcell.KeyEnter) // "Open it anyway"
				g := h.u.sess.Game
				if len(g.Actions) != n+1 || g.Actions[n].String() != "blue gift two-choices" {
					t.Fatalf("after confirming: %d actions, the last %v", len(g.Actions), g.Actions[len(g.Actions)-1])
				}
				last := g.Events[len(g.Events)-1]
				if last.Key != "ev.gift_void" || last.Rule != "GIFT-10(c)" {
					t.Errorf("last event %s %s, want GIFT-10(c) ev.gift_void", last.Rule, last.Key)
				}
				data, _ := os.ReadFile(o.File)
				if !strings.HasSuffix(string(data), "blue gift two-choices\n") {
					t.Errorf("record ends:\n%s", data)
				}
				h.promptNames("Богдан") // the tile blue drew
				if h.u.table.entry.step != stepTile {
					t.Errorf("step %v after the gift, want the tile", h.u.table.entry.step)
				}
			})
		})
	}
}

// blueGiftRecord is a game with gifts where blue is to play, holding the gift received at turn 2 for extending
// red's road (GIFT-2).
const blueGiftRecord = "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=gifts start=standard\n" +
	"red place b-rs 1,0 90\nred deploy follower E\nblue place b-rs 2,0 90\nred place b-rs -1,0 90\nred pass\n"

// With a second tile to draw, Two Choices is recorded at once, without a warning.
func TestTwoChoicesWithASecondTile(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "two.rec", blueGiftRecord)
		defer h.stop()
		h.promptNames("Богдан")
		h.chooseOption(h.u.loc.T("ui.opt.gift", map[string]any{"Count": 1}))
		h.chooseOption("Two Choices: " + h.u.loc.T("ui.opt.two_choices", nil))
		if h.u.modal != "" {
			t.Fatalf("a warning (%q) for a Two Choices that draws a second tile:\n%s", h.u.modal, h.text())
		}
		g := h.u.sess.Game
		if last := g.Actions[len(g.Actions)-1].String(); last != "blue gift two-choices" {
			t.Fatalf("last action %q", last)
		}
		for _, e := range g.Events {
			if e.Key == "ev.gift_void" {
				t.Errorf("a void gift announced: %v", e)
			}
		}
	})
}

// GIFT-5(d): a card with nothing to act on (no monastery for Synod) is offered as void with its reason; the table
// warns that its 2 end points are lost (GIFT-11) and records "blue gift synod void" only once confirmed. The Road
// Sweeper, which has a road to score, is offered as usual.
func TestVoidCardAsksFirst(t *testing.T) {
	for _, lang := range locales.Languages() {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, lang)
				o.Resume = true
				o.File = writeRecord(t, o.Config.DataDir, "void.rec", blueGiftRecord)
				h := start(t, o)
				defer h.stop()
				loc := h.u.loc
				h.promptNames("Богдан")
				h.chooseOption(loc.T("ui.opt.gift", map[string]any{"Count": 1}))
				synod := loc.T("term.gift.synod", nil)
				labels := strings.Join(h.menuLabels(), "|")
				for _, want := range []string{synod + ": " + loc.T("ui.opt.gift_void", nil), loc.T("term.gift.road_sweeper", nil)} {
					if !strings.Contains("|"+labels+"|", "|"+want+"|") {
						t.Fatalf("no answer %q: %s", want, labels)
					}
				}
				n := len(h.u.sess.Game.Actions)
				h.chooseOption(synod + ": " + loc.T("ui.opt.gift_void", nil))
				if h.u.modal != "confirm" {
					t.Fatalf("no warning before a void Synod:\n%s", h.text())
				}
				h.mustSee("GIFT-5(d)", "GIFT-11", loc.T("ui.gift_void_yes", nil))
				if w := englishIn(h.text()); lang != "en" && len(w) > 0 {
					t.Errorf("English in the %s warning: %q", lang, w)
				}
				h.key(tcell.KeyEnter) // "Open it anyway"
				g := h.u.sess.Game
				if len(g.Actions) != n+1 || g.Actions[n].String() != "blue gift synod void" {
					t.Fatalf("after confirming: %d actions, the last %v", len(g.Actions), g.Actions[len(g.Actions)-1])
				}
				if last := g.Events[len(g.Events)-1]; last.Key != "ev.gift_void_card" || last.Rule != "GIFT-5(d)" {
					t.Errorf("last event %s %s", last.Rule, last.Key)
				}
				data, _ := os.ReadFile(o.File)
				if !strings.HasSuffix(string(data), "blue gift synod void\n") {
					t.Errorf("record ends:\n%s", data)
				}
			})
		})
	}
}
