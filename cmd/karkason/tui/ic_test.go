package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
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
		h.mustSee("IC-13", "Шести играч")
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

// icSetup is issue 18's game: six players, Inns & Cathedrals with the City, the King and the Robber Baron, shrines,
// the abbot and the new tiles (and gifts, for the large follower on Synod, Cash Out and Change Position).
func icSetup(followers int) referee.Setup {
	return referee.Setup{Players: sixPlayers, Start: referee.StartCity, Followers: followers,
		Expansions: []string{"farmers", "abbot", "inns-cathedrals", "count", "king-robber", "shrines", "newtiles",
			"gifts"}}
}

// resumeAt generates the game of setup and seed (genGame) and opens the table at its first decision that want
// accepts (its legal answers), the record of the actions before it resumed; the harness and that decision's
// legal answers.
func resumeAt(t *testing.T, setup referee.Setup, seed int64, lang string,
	want func(g *referee.Game, d referee.Decision) bool) (*harness, referee.Decision) {
	t.Helper()
	cat := engine.Standard()
	_, rec := genGame(t, seed, setup, cat)
	g, err := referee.NewGame(setup, cat)
	if err != nil {
		t.Fatal(err)
	}
	n := -1
	for i, a := range rec.Actions {
		if d := g.Legal(); want(g, d) {
			n = i
			break
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("action %d %s: %v", i, a, err)
		}
	}
	if n < 0 {
		t.Fatal("the generated game has no such decision")
	}
	o := testOptions(t, lang)
	o.Resume = true
	o.Config.Aids = true
	o.File = writeRecord(t, o.Config.DataDir, "ic.rec", recordText(t, &referee.Record{Setup: setup, Actions: rec.Actions[:n]}))
	h := start(t, o)
	if got := h.u.sess.Game.Phase; got != g.Phase {
		t.Fatalf("resumed at %v, want %v", got, g.Phase)
	}
	return h, g.Legal()
}

// hasLarge reports whether d offers the large follower for verb v where it also offers a follower (same target).
func hasLarge(d referee.Decision, v referee.Verb) bool {
	for _, a := range d.Actions {
		if a.Verb != v || !a.Large {
			continue
		}
		for _, b := range d.Actions {
			if b.Verb == v && !b.Large && !b.Abbot && b.Place == a.Place && b.Target == a.Target && b.Quarter == a.Quarter {
				return true
			}
		}
	}
	return false
}

// checkLargeKeys checks the entry's answers: each answer for the large follower has the key D and the key of the
// follower's answer on the same target, its label names the large follower and differs from the follower's; the
// board shows the target's own key on a feature; the legend says what D is. It returns the large follower's first
// answer.
func checkLargeKeys(t *testing.T, h *harness, legend string) int {
	t.Helper()
	e := h.u.table.entry
	first := -1
	for i, c := range e.choices {
		if c.figure != engine.Large {
			continue
		}
		if first < 0 {
			first = i
		}
		base := -1
		for j, o := range e.choices {
			if o.figure == engine.Follower && o.target == c.target {
				base = j
			}
		}
		if base < 0 {
			if slices.ContainsFunc(e.choices, func(o choice) bool { return o.figure == engine.Follower && o.target != "" }) {
				t.Fatalf("%q: no follower's answer on its target among %q", c.label, h.menuLabels())
			}
			// No follower's answer at all (the market round with the large follower alone): the target's key.
			if got := e.menu.items[i].key; got == "" || got != e.targetKeys[i] {
				t.Errorf("%q: key %q, want the target's", c.label, got)
			}
			legend = ""
			continue
		}
		if got, want := e.menu.items[i].key, "D"+e.menu.items[base].key; got != want {
			t.Errorf("%q: key %q, want %q (the follower's %q)", c.label, got, want, e.choices[base].label)
		}
		if c.label == e.choices[base].label || !strings.Contains(c.label, h.u.loc.T("term.large", nil)) {
			t.Errorf("the large follower's answer %q beside the follower's %q", c.label, e.choices[base].label)
		}
		for _, k := range h.u.table.board.fkeys {
			if c.hasSeg && k.seg == c.seg && strings.HasPrefix(k.key, "D") {
				t.Errorf("the board shows %q on the feature of %q", k.key, c.label)
			}
		}
	}
	if first < 0 {
		t.Fatalf("no large follower among %q", h.menuLabels())
	}
	if got := e.legend.GetText(true); !strings.Contains(got, legend) {
		t.Errorf("legend %q lacks %q", got, legend)
	}
	return first
}

// The large follower has its own key wherever a follower may go: the figure step of a tile (D and the feature's
// key, typed on the Ukrainian layout: в), the City's quarters, the market round (its answers named apart from the
// follower's).
func TestLargeFollowerKeys(t *testing.T) {
	for _, c := range []struct {
		name string
		verb referee.Verb
		step step
	}{{"figure", referee.VerbDeploy, stepFigure}, {"city", referee.VerbCity, stepCity},
		{"market", referee.VerbMarket, stepMarket}} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h, _ := resumeAt(t, icSetup(7), fullGameSeed, "uk", func(g *referee.Game, d referee.Decision) bool {
					return hasLarge(d, c.verb) || (c.verb == referee.VerbMarket && slices.ContainsFunc(d.Actions,
						func(a referee.Action) bool { return a.Verb == c.verb && a.Large }))
				})
				defer h.stop()
				e := h.u.table.entry
				if e.step != c.step {
					t.Fatalf("step %v, want %v", e.step, c.step)
				}
				i := checkLargeKeys(t, h, "D (В)")
				want := *e.choices[i].act
				h.typeText(onLayout(layoutUK, e.menu.items[i].key))
				acts := h.u.sess.Game.Actions
				if got := acts[len(acts)-1]; !sameAction(got, want) {
					t.Fatalf("%s recorded, want %s", got, want)
				}
			})
		})
	}
}

// Where only the large follower may go (the followers all on the board), the follower's answer stays, greyed with
// the referee's reason (BASE-6: none in the supply), so that D and the feature's key read as everywhere; its key says why.
func TestLargeFollowerWhereNoFollower(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, _ := resumeAt(t, icSetup(1), fullGameSeed, "bg", func(g *referee.Game, d referee.Decision) bool {
			large, follower := false, false
			for _, a := range d.Actions {
				large = large || (a.Verb == referee.VerbDeploy && a.Large)
				follower = follower || (a.Verb == referee.VerbDeploy && !a.Large && !a.Abbot)
			}
			return large && !follower
		})
		defer h.stop()
		e := h.u.table.entry
		i := checkLargeKeys(t, h, "D (А/Д)")
		base := -1
		for j, c := range e.choices {
			if c.figure == engine.Follower && c.target == e.choices[i].target {
				base = j
			}
		}
		if e.choices[base].why == nil || !e.menu.items[base].off || !strings.Contains(e.choices[base].label, "BASE-6") {
			t.Fatalf("the follower's answer %q is not greyed with BASE-6", e.choices[base].label)
		}
		n := len(h.u.sess.Game.Actions)
		h.typeText(e.menu.items[base].key)
		if len(h.u.sess.Game.Actions) != n || !strings.Contains(h.u.table.status.GetText(true), "BASE-6") {
			t.Fatalf("the greyed key: status %q", h.u.table.status.GetText(true))
		}
		h.typeText(onLayout(layoutBDS, e.menu.items[i].key))
		if a := h.u.sess.Game.Actions; len(a) != n+1 || !a[n].Large {
			t.Fatalf("D typed on BDS: %v", a[n:])
		}
	})
}

// Inns and cathedrals are drawn on their tiles as the tile prints them (¤ on the inn's road, ‡ in the cathedral's
// city; the River II inn too, which acts only with the module, COMBO-11), on a cell of their feature where neither a
// figure nor a key goes if there is one; one character a tile shows them too (a garden before an inn).
func TestInnsAndCathedralsDrawn(t *testing.T) {
	cat := engine.Standard()
	for _, c := range []struct {
		id, want string
		glyph    rune
	}{
		{"r2-innroad", "··≈··/¤─≈──/··≈··", '¤'},
		{"ic-innbend", "·····/──┐··/··¤··", '¤'},
		{"ic-innstraightg", "·····/¤─♣──/·····", '♣'},
		{"ic-inn3", "·····/──┬─¤/··│··", '¤'},
		{"ic-cathedral", "▒▒‡▒▒/▒▒▒▒▒/▒▒▒▒▒", '‡'},
		{"ic-cornerinnbend", "▒▒◆▒▒/▒▒┌─¤/▒·│··", '¤'},
	} {
		tt := cat.Tile(c.id)
		if got := blockText(tt, 0); got != c.want {
			t.Errorf("%s: %s, want %s", c.id, got, c.want)
		}
		if got := tileGlyph(tt, 0).r; got != c.glyph {
			t.Errorf("%s: one character a tile %q, want %q", c.id, got, c.glyph)
		}
	}
	for _, tt := range cat.Types {
		for rot := 0; rot < 4 && tt.Marks() != 0; rot++ {
			b := rasterTile(tt, rot)
			for l, sd := range tt.Segs {
				if r := markRune(sd.Marks); r != 0 {
					if x, y := markCell(&b, l); b[y][x].r != r || b[y][x].seg != l {
						t.Errorf("%s rot %d: %q at %d,%d, want %q on segment %d", tt.ID, rot, b[y][x].r, x, y, r, l)
					}
				}
			}
		}
	}
}

// The large follower on the board shows its player's letter twice (it counts 2); the aids of an open road with an
// inn or city with a cathedral say what it is worth if completed now (IC-7, IC-8) and that it is worth 0 if the game
// ended now (IC-9), and the projection beside the score counts it so (the referee's aids).
func TestLargeFollowerAndStakesShown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, _ := resumeAt(t, icSetup(7), fullGameSeed, "bg", func(g *referee.Game, d referee.Decision) bool {
			if g.Phase != referee.PhaseTile {
				return false
			}
			large := slices.ContainsFunc(g.S.Figures, func(f engine.Figure) bool {
				return f.Kind == engine.Large && f.Where == engine.OnBoard
			})
			return large && slices.ContainsFunc(g.Aids().Features, func(f referee.FeatureAid) bool { return f.Mark != 0 })
		})
		defer h.stop()
		g := h.u.sess.Game
		tb := h.u.table
		fi := slices.IndexFunc(g.S.Figures, func(f engine.Figure) bool {
			return f.Kind == engine.Large && f.Where == engine.OnBoard
		})
		f := g.S.Figures[fi]
		ti, l := g.S.SegTile(f.Seg)
		tb.board.centreOn(g.S.Tiles[ti].Pos)
		rows := h.cells()
		v, _ := tb.board.view()
		blk := rasterTile(g.S.Tiles[ti].Type, int(g.S.Tiles[ti].Rot))
		ax, ay := anchor(&blk, l)
		x, y := v.at(g.S.Tiles[ti].Pos)
		m := tb.names.markers[f.Player]
		if got := string(rows[y+ay][x+ax-1 : x+ax+2]); !strings.Contains(got, string(m)+string(m)) {
			t.Errorf("the large follower at %v shows %q, want %c twice", g.S.Tiles[ti].Pos, got, m)
		}
		var found bool
		for _, it := range tb.aidItems(g, tb.aids) {
			if !strings.ContainsAny(it.label, "¤‡") {
				continue
			}
			found = true
			if !strings.Contains(it.details, "IC-9") || !strings.Contains(it.details, "без завършване не носи точки") {
				t.Errorf("the stakes of %q: %q", it.label, it.details)
			}
		}
		if !found {
			t.Fatal("no road with an inn or city with a cathedral among the aids")
		}
		for p := 0; p < g.Players(); p++ {
			if want := fmt.Sprintf("%d (%d)", g.S.Scores[p], tb.aids.IfEndedNow[p]); tb.scoreText(g, p) != want {
				t.Errorf("score %q, want %q", tb.scoreText(g, p), want)
			}
		}
	})
}

// The final tally names a road with an inn and a city with a cathedral in words beside their rule, 0 points for
// one left incomplete (IC-9); F3 explains such a scoring in words, with the strength of a large follower.
func TestTallyNamesInnsAndCathedrals(t *testing.T) {
	cat := engine.Standard()
	_, rec := genGame(t, fullGameSeed, icSetup(7), cat)
	g, err := referee.ReplayRecord(rec, cat, false)
	if err != nil {
		t.Fatal(err)
	}
	rules := scoredRules(g)
	if !rules["IC-9"] || !(rules["IC-7"] || rules["IC-8"]) {
		t.Fatalf("the game has no IC-9 or no IC-7/IC-8 scoring: %v", rules)
	}
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "uk", "ic.rec", recordText(t, rec))
		defer h.stop()
		h.screen.SetSize(160, 48)
		h.mustSee("[IC-7]       дорога з таверною") // the first scorings; IC-9's, the last, below
		loc := h.u.loc
		for _, c := range []struct{ rule, cat, want string }{{"IC-9", "road", "дорога з таверною"},
			{"IC-9", "city", "місто із собором"}, {"IC-8", "city", "місто із собором"},
			{"COMBO-22", "road-sweeper", "Прибирання дороги: дорога з таверною"}, {"BASE-10(a)", "road", "дорога"}} {
			if got := tallyWords(loc, c.rule, c.cat); got != c.want {
				t.Errorf("%s %s: %q, want %q", c.rule, c.cat, got, c.want)
			}
		}
		for _, sc := range h.u.sess.Game.ScoreLog() {
			if sc.Rule != "IC-9" && sc.Rule != "IC-7" && sc.Rule != "IC-8" {
				continue
			}
			d := h.u.scoreDetail(h.u.sess.Game, &sc)
			if w := ruleWords(loc, sc.Rule, sc.Cat.String()); w == "" || !strings.Contains(d, w) {
				t.Errorf("%s: F3 says %q", sc.Rule, d)
			}
		}
	})
}

// The entry of a board as it lies holds large followers (POS-3 amended, IC-4): on a tile's feature, D and the key
// of the same player's follower there; in a quarter of the City (any, COMBO-15) likewise; once a player's large
// follower is placed it is no answer of theirs any more (one each: POS-3), and it can be taken off again.
func TestPositionEntryLargeFollower(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := figureEntry(t, referee.ExpansionInnsCathedrals)
		defer h.stop()
		pos, e := h.u.pos, h.u.table.entry
		if e.step != stepPosFigure {
			t.Fatalf("step %v", e.step)
		}
		i := checkLargeKeys(t, h, "D (В)")
		want := e.choices[i]
		h.typeText(onLayout(layoutUK, e.menu.items[i].key))
		lines := pos.draft().Lines()
		last := lines[len(lines)-1]
		if last.Kind != referee.PosLarge || last.Colour != referee.Red || len(lines) != 2 {
			t.Fatalf("%q gave %v", want.label, lines)
		}
		h.key(tcell.KeyTab)
		for _, c := range e.choices {
			if c.figure == engine.Large && strings.Contains(c.label, "Ана") {
				t.Errorf("Ана's second large follower offered: %q", c.label)
			}
		}
		if !slices.ContainsFunc(h.menuLabels(), func(l string) bool {
			return strings.Contains(l, h.u.loc.T("term.large", nil)) && strings.Contains(l, "Ана")
		}) {
			t.Errorf("Ана's large follower is not listed to take off: %q", h.menuLabels())
		}
		// The City's quarters: the market, Богдан's large follower.
		h.key(tcell.KeyEscape)
		h.key(tcell.KeyF9)
		h.key(tcell.KeyF9)
		if e.step != stepTokens {
			t.Fatalf("step %v after F9 F9:\n%s", e.step, h.text())
		}
		h.chooseOption(h.u.loc.T("ui.pos.opt_city", map[string]any{"Figures": "—"}))
		h.chooseOption(capFirst(h.u.loc.T("term.quarter.market", nil)))
		i = checkLargeKeys(t, h, "D (В)")
		if !strings.Contains(e.choices[i].label, "Ана") {
			for j, c := range e.choices {
				if c.figure == engine.Large && strings.Contains(c.label, "Богдан") {
					i = j
				}
			}
		}
		h.typeText(onLayout(layoutUK, e.menu.items[i].key))
		lines = pos.draft().Lines()
		if last := lines[len(lines)-1]; last.Kind != referee.PosLarge || last.Quarter != "market" {
			t.Fatalf("the market quarter: %v", lines)
		}
	})
}

// icDemoSetup is issue 18's game for the screens: six players, the modules of its done-when (no gifts).
func icDemoSetup() referee.Setup {
	return referee.Setup{Players: sixPlayers, Start: referee.StartCity, Followers: 7,
		Expansions: []string{"farmers", "abbot", "inns-cathedrals", "count", "king-robber", "shrines", "newtiles"}}
}

// KARKASON_DEMO=dir writes dir/demo-ic.rec, a random six-player game of icDemoSetup in which the large follower goes
// onto a tile, into the City and out of it (the moving-out or the market round) and inns and cathedrals score, and
// dir/ic-game-keys.txt: every key a player types to play it at the table from the set-up form to the final tally
// (docs/screens/capture-game.sh ic sends them to the real binary in tmux), with "#cap NAME" lines where to capture.
// The keys are played here first, on the simulation screen, and the table must end with replay's scores.
func TestWriteICDemo(t *testing.T) {
	dir := demoDir(t)
	if !writeGameDemo(t, dir, "ic", icDemoSetup(), 1, 40, func(plan []planned, want *referee.Game) bool {
		verbs, rules := planVerbs(plan), scoredRules(want)
		return verbs["large-deploy"] > 0 && verbs["large-city"] > 0 && verbs["large-move"]+verbs["large-market"] > 0 &&
			rules["IC-7"] && rules["IC-8"] && rules["IC-9"]
	}, icDemoKeys) {
		t.Fatal("no game with the large follower everywhere and inns and cathedrals scored")
	}
}

// icDemoKeys plays plan at the table from the set-up form in Bulgarian, keys only, and returns the keys with
// "#cap" lines: the set-up form, the first figure step that offers the large follower and the board once it
// stands, the first City step that offers it, the first tile with an inn or a cathedral laid, the aids with an open
// inn road or cathedral city, F3 after the first scoring of one, the market round, the final tally.
func icDemoKeys(t *testing.T, plan []planned, want *referee.Game) []string {
	d := newDemoTable(t)
	defer d.stop()
	h := d.harness
	d.setUp(icDemoSetup(), "ic-setup")
	for i, p := range plan {
		if d.takenAtOnce(p) {
			continue
		}
		e := h.u.table.entry
		hasLargeAnswer := slices.ContainsFunc(e.choices, func(c choice) bool { return c.figure == engine.Large })
		switch {
		case e.step == stepFigure && hasLargeAnswer && p.a.Large && d.once("ic-figure-large"):
			d.capture("ic-figure-large")
		case e.step == stepCity && hasLargeAnswer && d.once("ic-city-large"):
			d.capture("ic-city-large")
		case e.step == stepMarket && d.once("ic-market"):
			d.capture("ic-market")
		case e.step == stepMoving && hasLargeAnswer && d.once("ic-moving-large"):
			d.capture("ic-moving-large")
		}
		before := len(h.u.sess.Game.ScoreLog())
		h.enter(p)
		g := h.u.sess.Game
		if p.a.Large && p.a.Verb == referee.VerbDeploy && d.once("ic-large-placed") {
			d.capture("ic-large-placed")
		}
		if p.a.Verb == referee.VerbPlace && h.u.cat.Tile(p.a.Tile).Marks() != 0 && d.once("ic-inn-laid") {
			d.capture("ic-inn-laid")
		}
		for _, sc := range g.ScoreLog()[before:] {
			if (sc.Rule == "IC-7" || sc.Rule == "IC-8") && d.once("ic-f3") {
				h.key(tcell.KeyF3)
				d.capture("ic-f3")
				h.key(tcell.KeyEscape)
			}
		}
		if g.Phase == referee.PhaseTile && i > len(plan)/2 && h.u.table.aids != nil && slices.ContainsFunc(
			h.u.table.aids.Features, func(f referee.FeatureAid) bool { return f.Mark != 0 }) && d.once("ic-aids") {
			d.aidsAt("ic-aids", func(label string) bool { return strings.ContainsAny(label, "¤‡") })
		}
	}
	d.ended(want)
	d.capture("ic-tally")
	return d.keyLines()
}

// Where no follower's answer has a target's key (Cash Out of a large follower beside a follower's elsewhere), the
// board's key of the feature alone chooses the large follower's answer, as D and the key do; a key of two too.
func TestTargetKeyAlias(t *testing.T) {
	m := newMenu()
	m.lang = "uk"
	var labels []string
	var choices []choice
	for i := 0; i < 14; i++ {
		choices = append(choices, choice{label: fmt.Sprint("follower ", i), target: fmt.Sprint("s", i)})
	}
	choices = append(choices, choice{label: "large 14", target: "s14", figure: engine.Large})
	for _, c := range choices {
		labels = append(labels, c.label)
	}
	keys, tkeys := choiceKeys(choices)
	m.setKeyed(labels, keys, nil)
	m.setAliases(tkeys)
	chosen := -1
	m.selected = func(i int) { chosen = i }
	if keys[14] != "D"+tkeys[14] || len(tkeys[14]) != 2 {
		t.Fatalf("keys %q, targets %q", keys, tkeys)
	}
	for _, typed := range []string{keys[14], tkeys[14]} {
		chosen = -1
		for _, r := range onLayout(layoutUK, typed) {
			m.handleKey(tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone))
		}
		if chosen != 14 {
			t.Errorf("%q chose %d, want the large follower's answer", typed, chosen)
		}
	}
}
