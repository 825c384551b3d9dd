package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// KARKASON_DEMO=dir writes dir/demo-tb.rec, a random three-player game of issue 19's modules (tbGameSetup: farmers,
// inns-cathedrals, traders-builders, count, king-robber, shrines, newtiles, gifts) with a builder's double turn, the
// builder and the pig placed, goods taken and the goods bonus scored at the end, and dir/tb-game-keys.txt: every key
// a player types to play it at the table from the set-up form to the final tally (docs/screens/capture-game.sh tb sends
// them to the real binary in tmux), with "#cap NAME" lines where to capture. The keys are played here first, on the
// simulation screen, and the table must end with replay's scores.
func TestWriteTBDemo(t *testing.T) {
	dir := os.Getenv("KARKASON_DEMO")
	if dir == "" {
		t.Skip("KARKASON_DEMO=dir writes the demo game of Traders & Builders")
	}
	cat := engine.Standard()
	setup := tbGameSetup()
	for seed := int64(1); seed < 60; seed++ {
		plan, rec := genGame(t, seed, setup, cat)
		verbs := map[string]int{}
		for _, p := range plan {
			switch {
			case p.decline:
			case p.a.Builder || p.a.Pig:
				verbs[p.a.FigureKind().String()]++
			case p.part == 2 && p.a.Verb == referee.VerbPlace:
				verbs["second"]++
			}
		}
		want, err := referee.ReplayRecord(rec, cat, false)
		if err != nil {
			t.Fatal(err)
		}
		rules := map[string]bool{}
		for _, e := range want.Summary().Breakdown {
			rules[e.Rule] = true
			for _, b := range e.Bonuses {
				rules[b.Rule] = true
			}
		}
		goods := slices.ContainsFunc(want.Events, func(e referee.Event) bool { return e.Key == "ev.goods_taken" })
		if verbs["builder"] == 0 || verbs["pig"] == 0 || verbs["second"] == 0 || !rules["TB-4"] || !rules["TB-14"] ||
			!goods {
			continue
		}
		t.Logf("seed %d: %v", seed, verbs)
		var keys []string
		synctest.Test(t, func(t *testing.T) { keys = tbDemoKeys(t, plan, want) })
		write(t, filepath.Join(dir, "demo-tb.rec"), recordText(t, rec))
		write(t, filepath.Join(dir, "tb-game-keys.txt"), strings.Join(keys, "\n")+"\n")
		return
	}
	t.Fatal("no game with a double turn, the builder, the pig, goods taken and the goods bonus")
}

// tbDemoKeys plays plan at the table from the set-up form in Bulgarian, keys only, and returns the keys with "#cap"
// lines: the set-up form, the first figure step that offers the builder and the board once it stands, the pig
// placed, the board once goods were taken and F3 then, the first second tile asked for and the board once it is laid, the aids
// with a double-turn chance, the final tally and its last scorings (the goods).
func tbDemoKeys(t *testing.T, plan []planned, want *referee.Game) []string {
	o := testOptions(t, "bg")
	o.Config.Aids = true
	h := start(t, o)
	defer h.stop()
	h.keysOnly = true
	var keys []string
	h.keylog = &keys
	capture := func(name string) { keys = append(keys, "#cap "+name) }
	setup := tbGameSetup()
	for i, p := range setup.Players {
		if i > 0 {
			h.key(tcell.KeyTab)
		}
		h.typeText(p.Name)
	}
	h.key(tcell.KeyTab) // the empty seats, then the followers
	for i := len(setup.Players); i < maxSeats; i++ {
		h.key(tcell.KeyTab)
	}
	for _, e := range referee.Expansions() {
		h.key(tcell.KeyTab)
		on := slices.Contains(setup.Expansions, e)
		if on != h.u.setup.v.exps[slices.Index(referee.Expansions(), e)] {
			h.typeText(" ")
		}
	}
	capture("tb-setup")
	h.key(tcell.KeyF10)
	if h.u.sess == nil {
		t.Fatalf("no game:\n%s", h.text())
	}
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	if got := h.u.sess.Game.Setup; fmt.Sprint(got.Players, sorted(got.Expansions), got.Start) !=
		fmt.Sprint(setup.Players, sorted(setup.Expansions), setup.Start) {
		t.Fatalf("the form's set-up %+v", got)
	}
	seen := map[string]bool{}
	once := func(name string) bool {
		if seen[name] {
			return false
		}
		seen[name] = true
		return true
	}
	for _, p := range plan {
		if acts := h.u.sess.Game.Actions; !p.decline && p.a.Verb == referee.VerbPass && len(acts) > 0 &&
			sameAction(acts[len(acts)-1], p.a) && h.u.table.view().Phase != referee.PhaseFigure {
			continue // "no figure" taken at once by the table
		}
		e := h.u.table.entry
		g := h.u.sess.Game
		switch {
		case e.step == stepFigure && p.a.Builder && once("tb-figure-builder"):
			capture("tb-figure-builder")
		case e.step == stepTile && g.SecondTileOpen() && p.a.Verb == referee.VerbPlace && once("tb-second-tile"):
			capture("tb-second-tile")
		case e.step == stepTile && h.u.table.aids != nil && slices.ContainsFunc(h.u.table.aids.Features,
			func(f referee.FeatureAid) bool { return f.DoubleTurn }) && once("tb-aids"):
			h.key(aidsKey)
			items := h.u.table.aidItems(g, h.u.table.aids)
			for k, it := range items {
				if strings.Contains(it.label, string(builderRune)+"2") {
					for j := 0; j < k; j++ {
						h.key(tcell.KeyDown)
					}
					break
				}
			}
			capture("tb-aids")
			h.key(tcell.KeyEscape)
		}
		n := len(g.Events)
		second := p.part == 2 && p.a.Verb == referee.VerbPlace
		h.enter(p)
		g = h.u.sess.Game
		switch {
		case p.a.Builder && once("tb-builder-placed"):
			capture("tb-builder-placed")
		case p.a.Pig && once("tb-pig-placed"):
			capture("tb-pig-placed")
		case second && once("tb-second-laid"):
			capture("tb-second-laid")
		}
		if n <= len(g.Events) && slices.ContainsFunc(g.Events[min(n, len(g.Events)):], func(e referee.Event) bool {
			return e.Key == "ev.goods_taken"
		}) && once("tb-goods-taken") {
			capture("tb-goods-taken")
			h.key(tcell.KeyF3) // F3: the goods taken (TB-3) among the events, the city's scoring explained
			capture("tb-goods-f3")
			h.key(tcell.KeyEscape)
		}
	}
	g := h.u.sess.Game
	if g.Phase != referee.PhaseEnded {
		t.Fatalf("the game is at %v", g.Phase)
	}
	for p := range g.Setup.Players {
		if g.S.Scores[p] != want.S.Scores[p] {
			t.Errorf("%s: %d at the table, replay %d", g.Name(p), g.S.Scores[p], want.S.Scores[p])
		}
	}
	for _, name := range []string{"tb-figure-builder", "tb-second-tile", "tb-aids", "tb-builder-placed", "tb-pig-placed",
		"tb-second-laid", "tb-goods-taken"} {
		if !seen[name] {
			t.Errorf("no capture %s", name)
		}
	}
	capture("tb-tally")
	h.key(tcell.KeyEnd) // the last scorings: the goods (TB-4), after the King and the Robber Baron
	h.mustSee(h.u.loc.T("term.goods.wine", nil)+", най-много жетони", "TB-4")
	capture("tb-tally-goods")
	for k, key := range keys {
		if key == " " {
			keys[k] = "Space"
		}
	}
	return keys
}
