package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// pdGameSetup is issue 28's tmux game: five players with farmers, river2, princess-dragon, count, king-robber,
// shrines, inns-cathedrals and traders-builders.
func pdGameSetup() referee.Setup {
	return referee.Setup{Players: sixPlayers[:5], Start: referee.StartCity, Followers: 7,
		Expansions: []string{"farmers", "river2", "princess-dragon", "count", "king-robber", "shrines",
			"inns-cathedrals", "traders-builders"}}
}

// pdDemoWanted reports whether the game has what issue 28's tmux game must pass through: a dragon movement of six
// steps (by three players at least: five players take the steps in turn, PD-9), the fairy's point at a turn's
// start (PD-17) and its 3 points with a feature completed during the game (PD-18), the princess (PD-21) and a
// figure through a magic portal (PD-23).
func pdDemoWanted(want *referee.Game) bool {
	var six, princess, portal, turnPoint, completion, eaten bool
	for _, e := range want.Events {
		if e.Key == "ev.final" {
			break // the final scoring (END-2): not a completion
		}
		switch {
		case e.Key == "ev.pd_eaten":
			eaten = true
		case e.Key == "ev.pd_dragon_done":
			six = true
		case e.Key == "ev.pd_princess_removed":
			princess = true
		case e.Key == "ev.pd_portal":
			portal = true
		case e.Score != nil && e.Score.Cat == engine.CatFairy:
			turnPoint = true
		case e.Score != nil && e.Score.Fairy > 0:
			completion = true
		}
	}
	return six && princess && portal && turnPoint && completion && eaten
}

// TestWritePDDemo writes issue 28's tmux game (docs/screens/capture-game.sh pd: demo-pd.rec, pd-game-keys.txt, the
// captures pd-LANG-80x24-NAME.txt): KARKASON_DEMO=docs/screens go test ./cmd/karkason/tui -run TestWritePDDemo.
func TestWritePDDemo(t *testing.T) {
	dir := demoDir(t)
	if !writeGameDemo(t, dir, "pd", pdGameSetup(), 58, 120, func(plan []planned, want *referee.Game) bool {
		return pdDemoWanted(want)
	}, pdDemoKeys) {
		t.Fatal("no game with a six-step dragon movement, the fairy's points, the princess and a portal")
	}
}

// pdDemoKeys plays plan at the table from the set-up form in Bulgarian, keys only, and returns the keys with "#cap"
// lines: the set-up form; a dragon tile set aside; the volcano's figure step (the dragon landed); the first and the
// last step of the first six-step movement (the tiles keyed on the board), the board after it and F3 on a figure it
// ate; the figure steps offering the fairy (when it is moved), the princess and a portal, and the board after each;
// the fairy's point at a turn's start and F3 on it; a completion with the fairy and F3 on it; the final tally.
func pdDemoKeys(t *testing.T, plan []planned, want *referee.Game) []string {
	d := newDemoTable(t)
	defer d.stop()
	h := d.harness
	d.setUp(pdGameSetup(), "setup")
	six := sixStepTurns(want, plan)
	for _, p := range plan {
		if d.takenAtOnce(p) {
			continue
		}
		e := h.u.table.entry
		g := h.u.sess.Game
		steps := g.DragonSteps()
		switch {
		case e.step == stepDragon && six[p.turn] && steps == 0 && d.once("dragon-1"):
			d.capture("dragon-1")
		case e.step == stepDragon && six[p.turn] && steps == 5 && d.once("dragon-6"):
			d.capture("dragon-6")
		case e.step == stepFigure && p.a.Verb == referee.VerbFairy && d.once("figure-fairy"):
			d.capture("figure-fairy")
		case e.step == stepFigure && p.a.Verb == referee.VerbPrincess && d.once("figure-princess"):
			d.capture("figure-princess")
		case e.step == stepFigure && p.a.Verb == referee.VerbDeploy && !p.a.Target.IsZero() && d.once("figure-portal"):
			d.capture("figure-portal")
		}
		n := len(g.Events)
		dragonTurn := six[p.turn]
		pdEnter(h, p)
		if p.a.Verb == referee.VerbAside && d.once("aside") {
			d.capture("aside")
		}
		g = h.u.sess.Game
		news := g.Events[min(n, len(g.Events)):]
		has := func(f func(e referee.Event) bool) bool { return slices.ContainsFunc(news, f) }
		switch {
		case p.a.Verb == referee.VerbPlace && has(func(e referee.Event) bool { return e.Key == "ev.pd_dragon_lands" }) &&
			d.once("volcano"):
			d.capture("volcano")
		case p.a.Verb == referee.VerbPrincess && d.once("princess-done"):
			d.capture("princess-done")
		case p.a.Verb == referee.VerbDeploy && !p.a.Target.IsZero() && d.once("portal-done"):
			d.capture("portal-done")
		case p.a.Verb == referee.VerbFairy && d.once("fairy-moved"):
			d.capture("fairy-moved")
		}
		if dragonTurn && p.phase == referee.PhaseDragon && g.Phase != referee.PhaseDragon && d.once("dragon-done") {
			d.capture("dragon-done")
		}
		if has(func(e referee.Event) bool { return e.Key == "ev.pd_eaten" }) && d.once("eaten") {
			d.capture("eaten")
			d.explainAt("eaten-f3", func(it explained) bool { return it.rule == "PD-12" })
		}
		if has(func(e referee.Event) bool { return e.Score != nil && e.Score.Cat == engine.CatFairy }) &&
			d.once("fairy-point") {
			d.capture("fairy-point")
			d.explainAt("fairy-point-f3", func(it explained) bool { return it.rule == "PD-17" })
		}
		if g.Phase != referee.PhaseEnded && has(func(e referee.Event) bool {
			return e.Score != nil && e.Score.Fairy > 0
		}) && d.once("fairy-bonus") {
			d.capture("fairy-bonus")
			d.explainAt("fairy-bonus-f3", func(it explained) bool { return strings.Contains(it.text, "PD-18") })
		}
	}
	d.ended(want)
	for _, name := range []string{"volcano", "dragon-1", "dragon-6", "dragon-done", "eaten",
		"figure-princess", "princess-done", "figure-portal", "portal-done", "fairy-point",
		"fairy-bonus"} {
		if !d.seen[name] {
			t.Errorf("no capture %s", name)
		}
	}
	d.capture("tally")
	h.key(tcell.KeyEnd)
	d.capture("tally-end")
	return d.keyLines()
}

// sixStepTurns are the turns whose dragon movement made six steps (ev.pd_dragon_done).
func sixStepTurns(want *referee.Game, plan []planned) map[int]bool {
	out := map[int]bool{}
	for _, e := range want.Events {
		if e.Key == "ev.pd_dragon_done" {
			out[e.Turn] = true
		}
	}
	return out
}

// pdEnter enters one planned decision: a dragon tile set aside is typed first (its edges), then set aside.
func pdEnter(h *harness, p planned) {
	h.t.Helper()
	if !p.decline && p.a.Verb == referee.VerbAside {
		h.typeEdges(p.a.Tile, 0)
		h.chooseFor(p.a)
		return
	}
	h.enter(p)
}

// explainAt opens F3, moves to the newest item match takes, captures it as name and closes F3.
func (d *demoTable) explainAt(name string, match func(it explained) bool) {
	d.t.Helper()
	h := d.harness
	items := h.u.explainItems()
	want := slices.IndexFunc(items, match)
	if want < 0 {
		d.t.Fatalf("F3 has nothing for %s", name)
	}
	h.key(tcell.KeyF3)
	cur := 0
	for i, it := range items { // where F3 opens (showExplain): the newest refusal or scoring
		if it.scoring || strings.HasPrefix(it.label, "[red]") {
			cur = i
			break
		}
	}
	for ; cur < want; cur++ {
		h.key(tcell.KeyDown)
	}
	for ; cur > want; cur-- {
		h.key(tcell.KeyUp)
	}
	d.capture(name)
	h.key(tcell.KeyEscape)
}
