package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/referee"
)

// KARKASON_DEMO=dir writes dir/demo-tb.rec, a random three-player game of issue 19's modules (tbGameSetup: farmers,
// inns-cathedrals, traders-builders, count, king-robber, shrines, newtiles, gifts) with a builder's double turn, the
// builder and the pig placed, goods taken and the goods bonus scored at the end, and dir/tb-game-keys.txt: every key
// a player types to play it at the table from the set-up form to the final tally (docs/screens/capture-game.sh tb
// sends them to the real binary in tmux), with "#cap NAME" lines where to capture. The keys are played here first,
// on the simulation screen, and the table must end with replay's scores.
func TestWriteTBDemo(t *testing.T) {
	dir := demoDir(t)
	if !writeGameDemo(t, dir, "tb", tbGameSetup(), 1, 60, func(plan []planned, want *referee.Game) bool {
		verbs, rules := planVerbs(plan), scoredRules(want)
		figures := func(kind string) (n int) { // any decision with the figure
			for v, k := range verbs {
				if strings.HasPrefix(v, kind+"-") {
					n += k
				}
			}
			return n
		}
		goods := slices.ContainsFunc(want.Events, func(e referee.Event) bool { return e.Key == "ev.goods_taken" })
		return figures("builder") > 0 && figures("pig") > 0 && verbs["second-place"] > 0 && rules["TB-4"] &&
			rules["TB-14"] && goods
	}, tbDemoKeys) {
		t.Fatal("no game with a double turn, the builder, the pig, goods taken and the goods bonus")
	}
}

// tbDemoKeys plays plan at the table from the set-up form in Bulgarian, keys only, and returns the keys with "#cap"
// lines: the set-up form, the first figure step that offers the builder and the board once it stands, the pig
// placed, the board once goods were taken and F3 then, the first second tile asked for and the board once it is
// laid, the aids with a double-turn chance, the final tally and its last scorings (the goods).
func tbDemoKeys(t *testing.T, plan []planned, want *referee.Game) []string {
	d := newDemoTable(t)
	defer d.stop()
	h := d.harness
	d.setUp(tbGameSetup(), "tb-setup")
	for _, p := range plan {
		if d.takenAtOnce(p) {
			continue
		}
		e := h.u.table.entry
		g := h.u.sess.Game
		switch {
		case e.step == stepFigure && p.a.Builder && d.once("tb-figure-builder"):
			d.capture("tb-figure-builder")
		case e.step == stepTile && g.SecondTileOpen() && p.a.Verb == referee.VerbPlace && d.once("tb-second-tile"):
			d.capture("tb-second-tile")
		case e.step == stepTile && h.u.table.aids != nil && slices.ContainsFunc(h.u.table.aids.Features,
			func(f referee.FeatureAid) bool { return f.DoubleTurn }) && d.once("tb-aids"):
			d.aidsAt("tb-aids", func(label string) bool { return strings.Contains(label, string(builderRune)+"2") })
		}
		n := len(g.Events)
		second := p.part == 2 && p.a.Verb == referee.VerbPlace
		h.enter(p)
		g = h.u.sess.Game
		switch {
		case p.a.Builder && d.once("tb-builder-placed"):
			d.capture("tb-builder-placed")
		case p.a.Pig && d.once("tb-pig-placed"):
			d.capture("tb-pig-placed")
		case second && d.once("tb-second-laid"):
			d.capture("tb-second-laid")
		}
		if n <= len(g.Events) && slices.ContainsFunc(g.Events[min(n, len(g.Events)):], func(e referee.Event) bool {
			return e.Key == "ev.goods_taken"
		}) && d.once("tb-goods-taken") {
			d.capture("tb-goods-taken")
			h.key(tcell.KeyF3) // F3: the goods taken (TB-3) among the events, the city's scoring explained
			d.capture("tb-goods-f3")
			h.key(tcell.KeyEscape)
		}
	}
	d.ended(want)
	for _, name := range []string{"tb-figure-builder", "tb-second-tile", "tb-aids", "tb-builder-placed", "tb-pig-placed",
		"tb-second-laid", "tb-goods-taken"} {
		if !d.seen[name] {
			t.Errorf("no capture %s", name)
		}
	}
	d.capture("tb-tally")
	h.key(tcell.KeyEnd) // the last scorings: the goods (TB-4), after the King and the Robber Baron
	h.mustSee(h.u.loc.T("term.goods.wine", nil)+", най-много жетони", "TB-4")
	d.capture("tb-tally-goods")
	return d.keyLines()
}
