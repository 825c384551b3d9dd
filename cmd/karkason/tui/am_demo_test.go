package tui

import (
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The Abbey & Mayor game in docs/screens (issue 29): KARKASON_DEMO=docs/screens go test ./cmd/karkason/tui -run
// TestWriteAMDemo writes demo-am.rec and am-game-keys.txt for docs/screens/capture-game.sh am: four players with
// farmers, abbey-mayor, count, king-robber, shrines, inns-cathedrals and traders-builders, set up in the form and
// played at the table to the final tally, through an abbey closing two features, a wagon moving on, a barn scoring
// at once and at the end, and the end-of-game abbey round.

// amDemoSetup is the game's set-up.
func amDemoSetup() referee.Setup {
	return referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}, {Name: "Галя", Colour: referee.Yellow}},
		Start: referee.StartCity, Followers: 7, Expansions: []string{"farmers", "abbey-mayor", "count", "king-robber",
			"shrines", "inns-cathedrals", "traders-builders"}}
}

// amGenGame plays a random game of setup by the referee's legal actions, as genGame does, favouring Abbey & Mayor's
// moments: the abbey where it closes two features or more (else now and then), the barn where its field holds
// farmers, the wagon, a wagon moving on rather than home, the abbey placed in the end-of-game round.
func amGenGame(t *testing.T, seed int64, setup referee.Setup, cat *engine.Catalogue) ([]planned, *referee.Record) {
	t.Helper()
	scorings := func(c *referee.Game, a referee.Action) int {
		n := len(c.Events)
		if c.Apply(a) != nil {
			return -1
		}
		if c.Phase == referee.PhaseFigure {
			c.Apply(referee.Action{Colour: a.Colour, Verb: referee.VerbPass})
		}
		k := 0
		for _, e := range c.Events[n:] {
			if e.Score != nil && e.Score.Points > 0 {
				k++
			}
		}
		return k
	}
	choose := func(r *rand.Rand, g *referee.Game, d referee.Decision) ([]referee.Action, bool) {
		var abbeys, acts []referee.Action
		for _, a := range d.Actions {
			switch {
			case a.Verb == referee.VerbEnd:
			case a.Tile == referee.TileAbbey:
				abbeys = append(abbeys, a)
			default:
				acts = append(acts, a)
			}
		}
		switch g.Phase {
		case referee.PhaseTile:
			if g.InAbbeyRound() {
				if len(abbeys) > 0 {
					acts = abbeys
				}
				break
			}
			best := -1
			for i, a := range abbeys {
				if scorings(g.Clone(), a) >= 2 {
					best = i
				}
			}
			if best >= 0 && r.Intn(3) > 0 {
				return []referee.Action{abbeys[best]}, false
			}
			if d.Part == 2 && d.Optional && r.Intn(5) == 0 {
				return slices.DeleteFunc(acts, func(a referee.Action) bool { return a.Verb != referee.VerbBuilderPass }), false
			}
			if drawn := drawnTile(r, g, cat); drawn != nil {
				acts = slices.DeleteFunc(acts, func(a referee.Action) bool { return a.Tile != drawn.ID })
			}
		case referee.PhaseFigure:
			var barns, wagons, deploys []referee.Action
			for _, a := range acts {
				switch {
				case a.Barn && scorings(g.Clone(), a) > 0:
					barns = append(barns, a)
				case a.Barn:
					if r.Intn(4) == 0 {
						barns = append(barns, a)
					}
				case a.Verb == referee.VerbDeploy && a.FigureKind() == engine.Wagon:
					wagons = append(wagons, a)
				case a.Verb == referee.VerbDeploy:
					deploys = append(deploys, a)
				}
			}
			switch {
			case len(barns) > 0:
				acts = barns
			case len(wagons) > 0 && r.Intn(3) == 0:
				acts = wagons
			case len(deploys) > 0 && r.Intn(10) < 6:
				acts = deploys
			}
		case referee.PhaseWagon:
			if mv := slices.DeleteFunc(slices.Clone(acts), func(a referee.Action) bool { return a.Home }); len(mv) > 0 {
				acts = mv
			}
		case referee.PhaseCity, referee.PhaseCount:
			return cityAnswers(r, g, acts, 3)
		}
		return acts, false
	}
	return genPlay(t, seed, setup, cat, 3000, choose)
}

// amMoments reports whether the game want has Abbey & Mayor's moments: an abbey whose placement scored two features
// or more, a wagon moved on, a barn scoring at once (AM-23) with points, a barn at the end (AM-27) with points, and
// an abbey placed in the end-of-game round.
func amMoments(want *referee.Game) bool {
	var abbeyAt []int
	round, roundAbbey, wagon, barnNow, barnEnd := -1, false, false, false, false
	for i, a := range want.Actions {
		if a.Tile == referee.TileAbbey {
			abbeyAt = append(abbeyAt, i)
		}
	}
	closed := map[int]int{}
	for _, e := range want.Events {
		switch {
		case e.Key == "ev.am.abbey_round":
			round = e.Action
		case e.Key == "ev.am.abbey_placed" && round >= 0:
			roundAbbey = true
		case e.Key == "ev.am.wagon_moved":
			wagon = true
		case e.Score != nil && e.Score.Rule == "AM-23" && e.Score.Points > 0:
			barnNow = true
		case e.Score != nil && e.Score.Rule == "AM-27" && e.Score.Points > 0:
			barnEnd = true
		case e.Score != nil && e.Score.Points > 0 && !e.Score.Final:
			for _, i := range abbeyAt {
				if e.Action == i+1 {
					closed[i]++
				}
			}
		}
	}
	two := false
	for _, n := range closed {
		two = two || n >= 2
	}
	return two && wagon && barnNow && barnEnd && roundAbbey
}

func TestWriteAMDemo(t *testing.T) {
	dir := demoDir(t)
	cat := engine.Standard()
	for seed := int64(1); seed < 200; seed++ {
		plan, rec := amGenGame(t, seed, amDemoSetup(), cat)
		want, err := referee.ReplayRecord(rec, cat, false)
		if err != nil {
			t.Fatal(err)
		}
		if !amMoments(want) {
			continue
		}
		t.Logf("seed %d: %v", seed, planVerbs(plan))
		var keys []string
		synctest.Test(t, func(t *testing.T) { keys = amDemoKeys(t, plan, want) })
		write(t, filepath.Join(dir, "demo-am.rec"), recordText(t, rec))
		write(t, filepath.Join(dir, "am-game-keys.txt"), strings.Join(keys, "\n")+"\n")
		return
	}
	t.Fatal("no game with Abbey & Mayor's moments")
}

// amDemoKeys plays plan at the table from the set-up form in Bulgarian, keys only, and returns the keys with "#cap"
// lines: the set-up, the abbey's holes and the board once it closed two features (and F3 then), the figure step
// with the barn and the board once it scored, the wagon's move and the board after, the end-of-game abbey round,
// the final tally (and F3 on the barn's scoring at the end).
func amDemoKeys(t *testing.T, plan []planned, want *referee.Game) []string {
	d := newDemoTable(t)
	defer d.stop()
	h := d.harness
	d.setUp(amDemoSetup(), "am-setup")
	closed := func() { // the board once an abbey closed two features (its figure step done), and F3 then
		acts := h.u.sess.Game.Actions
		for i := len(acts) - 1; i >= max(0, len(acts)-3); i-- {
			if acts[i].Tile == referee.TileAbbey && i < len(acts)-1 && scoredBy(want, acts[i]) >= 2 &&
				d.once("am-abbey-closed") {
				tally := h.u.sess.Game.Phase == referee.PhaseEnded
				if tally && d.once("am-tally") { // the game's last tile: the final tally is in front, Esc: the board
					d.capture("am-tally")
					h.key(tcell.KeyEscape)
				}
				d.capture("am-abbey-closed")
				items := h.u.explainItems()
				cur := slices.IndexFunc(items, func(it explained) bool { return it.scoring })
				at := slices.IndexFunc(items, func(it explained) bool { return it.rule == "AM-3" })
				h.key(tcell.KeyF3)
				for k := cur; k >= 0 && k < at-1; k++ { // to the last feature the abbey closed (above its placing)
					h.key(tcell.KeyDown)
				}
				d.capture("am-abbey-f3")
				h.key(tcell.KeyEscape)
			}
		}
	}
	for _, p := range plan {
		closed()
		if d.takenAtOnce(p) {
			continue
		}
		e := h.u.table.entry
		g := h.u.sess.Game
		n := len(g.Events)
		abbey := p.a.Tile == referee.TileAbbey
		switch {
		case abbey:
			if e.step == stepAbbey && g.InAbbeyRound() && d.once("am-abbey-round") {
				d.capture("am-abbey-round")
			}
			if e.step == stepTile {
				h.pressRune(abbeyKey)
			}
			if e.step != stepAbbey {
				t.Fatalf("%s: step %v", p.a, e.step)
			}
			i := slices.IndexFunc(e.spots, func(s spot) bool { return s.pos == engine.Pos{X: p.a.Pos.X, Y: p.a.Pos.Y} })
			if i < 0 {
				t.Fatalf("%s: no such hole among %v", p.a, e.spots)
			}
			if closes := scoredBy(want, p.a); closes >= 2 && d.once("am-abbey-holes") {
				for e.cur != i {
					h.press(tcell.KeyPgDn)
				}
				d.capture("am-abbey-holes")
			}
			h.typeText(e.menu.items[i].key)
			continue
		case p.a.Verb == referee.VerbAbbeyPass && e.step == stepAbbey && d.once("am-abbey-round"):
			d.capture("am-abbey-round")
		case e.step == stepFigure && p.a.Barn && d.once("am-figure-barn"):
			// The barn's answer highlighted (↓), so that the list shows it beside its key at the corner.
			for k := 0; k < 20 && !(e.menu.current < len(e.choices) && e.choices[e.menu.current].act != nil &&
				e.choices[e.menu.current].act.Barn); k++ {
				h.press(tcell.KeyDown)
			}
			d.capture("am-figure-barn")
		case e.step == stepWagon && !p.a.Home && p.a.Verb == referee.VerbWagon && d.once("am-wagon"):
			d.capture("am-wagon")
		}
		if p.a.Verb == referee.VerbWagon && e.step != stepWagon {
			acts := g.Actions
			t.Fatalf("%s planned, the table at step %v phase %v after %v", p.a, e.step, g.Phase, acts[max(0, len(acts)-4):])
		}
		h.enter(p)
		g = h.u.sess.Game
		switch {
		case p.a.Barn && slices.ContainsFunc(g.Events[min(n, len(g.Events)):], func(e referee.Event) bool {
			return e.Score != nil && e.Score.Rule == "AM-23" && e.Score.Points > 0
		}) && d.once("am-barn-scored"):
			d.capture("am-barn-scored")
			h.key(tcell.KeyF3)
			d.capture("am-barn-f3")
			h.key(tcell.KeyEscape)
		case p.a.Verb == referee.VerbWagon && !p.a.Home && d.once("am-wagon-moved"):
			d.capture("am-wagon-moved")
		}
	}
	closed()
	d.ended(want)
	if d.once("am-tally") {
		d.capture("am-tally")
	}
	return d.keyLines()
}

// scoredBy counts the scorings with points of the figure step after abbey placement a in want (its completions; not
// the final scoring, which follows the last abbey of the end-of-game round in the same action).
func scoredBy(want *referee.Game, a referee.Action) int {
	i := slices.IndexFunc(want.Actions, func(b referee.Action) bool { return b.String() == a.String() })
	n := 0
	for _, e := range want.Events {
		if i >= 0 && e.Action == i+1 && e.Score != nil && e.Score.Points > 0 && !e.Score.Final {
			n++
		}
	}
	return n
}
