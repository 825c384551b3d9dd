package tui

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Abbey & Mayor at the table (issue 29): the abbey's key and its holes on the board, the barn's corners, the
// wagon's targets, the end-of-game abbey round, the marks of the figures on the board.

// lastLine is the last action of the game as its record writes it.
func lastLine(h *harness) string {
	acts := h.u.sess.Game.Actions
	if len(acts) == 0 {
		return ""
	}
	return acts[len(acts)-1].String()
}

// boardText is the board's block of the screen (its left column, up to the log).
func boardText(h *harness) string {
	var b strings.Builder
	for _, l := range strings.Split(h.text(), "\n") {
		if r := []rune(l); len(r) > 44 {
			l = string(r[:44])
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// TestAbbeyThroughTheTable: with nothing typed for the tile, 0 offers the abbey (SEQ-0b, AM-3); each hole is a key
// on the board and in the list (AM-4); Esc goes back to the tile; the hole's key places it (EX-AM1: it closes four
// cities). The table-driven cases enter the same hole by its key, by Enter on the highlight, and by a click.
func TestAbbeyThroughTheTable(t *testing.T) {
	for _, tc := range []struct {
		name, lang string
		how        string // key, enter, click
	}{
		{"key-bg", "bg", "key"},
		{"enter-uk", "uk", "enter"},
		{"click-en", "en", "click"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, tc.lang, "am1.rec", goldenPrefix(t, "am-ex-am1.rec", "red place am-abbey"))
				defer h.stop()
				e := h.u.table.entry
				i, ok := e.abbeyOffered()
				if !ok || e.menu.items[i].key != "0" {
					t.Fatalf("the tile step offers no abbey on 0: %q", h.menuLabels())
				}
				if l := h.menuLabels()[i]; l != h.u.loc.N("plural.am.abbey_instead", 1, nil) {
					t.Fatalf("the abbey's answer reads %q", l)
				}
				h.pressRune('0')
				if e.step != stepAbbey || len(e.spots) != 1 || e.spots[0].pos != (engine.Pos{X: 1, Y: -1}) {
					t.Fatalf("after 0: step %v, holes %v; want the abbey step with the hole 1,-1", e.step, e.spots)
				}
				v, _ := h.u.table.board.view()
				hx, hy := v.at(engine.Pos{X: 1, Y: -1})
				if got := cellText(h, hx, hy, 1); got != "1" { // (the hole highlighted: its key on its first row)
					t.Fatalf("the hole's key is not on the board (%q):\n%s", got, h.text())
				}
				h.press(tcell.KeyEscape)
				if e.step != stepTile {
					t.Fatalf("Esc: step %v, want the tile", e.step)
				}
				h.pressRune('0')
				switch tc.how {
				case "key":
					h.pressRune('1')
				case "enter":
					h.press(tcell.KeyEnter)
				case "click":
					h.click(hx+2, hy+1)
				}
				if got := lastLine(h); !strings.HasPrefix(got, "red place am-abbey 1,-1") {
					t.Fatalf("recorded %q, want the abbey at 1,-1", got)
				}
				if e.step != stepFigure {
					t.Fatalf("after the abbey: step %v, want the figure (AM-7)", e.step)
				}
			})
		})
	}
}

// TestBarnThroughTheTable: the figure step offers the barn at the tile's barn point (AM-21), its key at that corner
// of the tile on the board; the key places it, and the board shows the barn ■ at its corner (in every language).
func TestBarnThroughTheTable(t *testing.T) {
	for _, lang := range []string{"bg", "uk", "en"} {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, lang, "barn.rec", goldenPrefix(t, "am-barn-placed.rec", "red deploy barn"))
				defer h.stop()
				e := h.u.table.entry
				if e.step != stepFigure {
					t.Fatalf("step %v, want the figure", e.step)
				}
				var key string
				for i, c := range e.choices {
					if c.act != nil && c.act.Barn && c.act.Place == "NW" {
						key = e.menu.items[i].key
					}
				}
				ck := h.u.table.board.ckeys
				if key == "" || len(ck) != 1 || ck[0].key != key || ck[0].corner != 0 || ck[0].pos != (engine.Pos{X: 1, Y: 1}) {
					t.Fatalf("the barn's answer %q, corner keys %+v: want its key at the NW corner of 1,1", key, ck)
				}
				v, _ := h.u.table.board.view()
				sx, sy := v.at(engine.Pos{X: 1, Y: 1})
				if got := cellText(h, sx, sy, len(key)); got != key {
					t.Fatalf("the NW corner of 1,1 shows %q, want the barn's key %q:\n%s", got, key, h.text())
				}
				h.typeText(key)
				if got := lastLine(h); got != "red deploy barn NW" {
					t.Fatalf("recorded %q, want the barn at NW", got)
				}
				if got := cellText(h, sx, sy, 2); got != string(barnRune)+"А" {
					t.Fatalf("the barn's corner shows %q, want ■А:\n%s", got, h.text())
				}
			})
		})
	}
}

// cellText is the text of n cells of the screen from x, y.
func cellText(h *harness, x, y, n int) string {
	h.text()
	var b strings.Builder
	for i := 0; i < n; i++ {
		r, _, _, _ := h.screen.GetContent(x+i, y)
		b.WriteRune(r)
	}
	return b.String()
}

// TestWagonThroughTheTable: after its city is scored, the wagon's move is a step of its own (AM-16): each target is a
// key on the board, the prompt names the player, home is a key too; the target's key moves it (AM-17), and the
// board shows it as the wagon (»).
func TestWagonThroughTheTable(t *testing.T) {
	for _, tc := range []struct {
		lang, choose string // choose: "target" or "home"
		want         string
	}{
		{"bg", "target", "blue wagon 0,0:"},
		{"uk", "home", "blue wagon home"},
		{"en", "target", "blue wagon 0,0:"},
	} {
		t.Run(tc.lang+"-"+tc.choose, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, tc.lang, "wagon.rec", goldenPrefix(t, "am-wagon-moves.rec", "blue wagon"))
				defer h.stop()
				e := h.u.table.entry
				if e.step != stepWagon {
					t.Fatalf("step %v, want the wagon's move", e.step)
				}
				h.promptNames("Богдан")
				fk := h.u.table.board.fkeys
				if len(fk) == 0 {
					t.Fatalf("no target's key on the board: %q", h.menuLabels())
				}
				var target, home string
				for i, c := range e.choices {
					switch {
					case c.hasSeg && target == "":
						target = e.menu.items[i].key
					case c.act != nil && c.act.Home:
						home = e.menu.items[i].key
					}
				}
				if target == "" || home == "" || fk[0].key != target {
					t.Fatalf("target key %q, home key %q, board keys %+v", target, home, fk)
				}
				if tc.choose == "home" {
					h.typeText(home)
				} else {
					h.typeText(target)
				}
				if got := lastLine(h); !strings.HasPrefix(got, tc.want) {
					t.Fatalf("recorded %q, want %q", got, tc.want)
				}
				if tc.choose == "target" && !strings.Contains(boardText(h), "Б"+string(wagonRune)) {
					t.Fatalf("the board shows no wagon Б»:\n%s", h.text())
				}
			})
		})
	}
}

// TestMayorOnTheBoard: a mayor on the board shows ♛ beside the player's letter (AM-11), not a follower's letter alone.
func TestMayorOnTheBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "bg", "mayor.rec", goldenPrefix(t, "am-ex-am5-mayor.rec", "blue "))
		defer h.stop()
		if !strings.Contains(boardText(h), "А"+string(mayorRune)) {
			t.Fatalf("the board shows no mayor А♛:\n%s", h.text())
		}
	})
}

// abbeyRoundRecord plays a 3-player game with farmers and Abbey & Mayor by random legal actions (never an abbey, no
// end) until the end-of-game abbey round begins (AM-10), and returns its record.
func abbeyRoundRecord(t *testing.T, seed uint64) string {
	t.Helper()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
		Start: referee.StartStandard, Followers: 7, Expansions: []string{"farmers", "abbey-mayor"}}
	g, err := referee.NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 29))
	for n := 0; !g.InAbbeyRound(); n++ {
		if n > 3000 {
			t.Fatal("no abbey round")
		}
		var acts []referee.Action
		for _, a := range g.LegalActions() {
			if a.Tile != referee.TileAbbey && a.Verb != referee.VerbEnd {
				acts = append(acts, a)
			}
		}
		if len(acts) == 0 {
			t.Fatalf("nothing to play:\n%s", recordText(t, g.Record()))
		}
		if err := g.Apply(acts[rng.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	return recordText(t, g.Record())
}

// TestAbbeyRoundThroughTheTable: the end-of-game abbey round asks each player who still holds an abbey in turn
// (AM-10): its step lists the holes, each a key on the board, and "no abbey"; the first player passes, the second
// places, the third passes, and the game ends.
func TestAbbeyRoundThroughTheTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "uk", "round.rec", abbeyRoundRecord(t, 1))
		defer h.stop()
		e := h.u.table.entry
		for go_ := 0; go_ < 3; go_++ {
			g := h.u.sess.Game
			if !g.InAbbeyRound() {
				t.Fatalf("go %d: the round is over", go_)
			}
			if e.step != stepAbbey {
				t.Fatalf("go %d: step %v, want the abbey round", go_, e.step)
			}
			who := g.Setup.Players[g.Deciding()].Name
			h.promptNames(who)
			pass := e.menu.items[len(e.choices)-1]
			if pass.label != h.u.loc.T("ui.am.abbey_pass", nil) || !strings.Contains(e.prompt.GetText(true), pass.key) {
				t.Fatalf("go %d: the last answer %q (key %q) is not the pass named in the prompt %q", go_, pass.label,
					pass.key, e.prompt.GetText(true))
			}
			if go_ == 1 && len(e.spots) > 0 {
				if b := h.u.table.board; len(b.marks) != len(e.spots) || b.keys[0] != "1" ||
					(len(e.spots) > 1 && !strings.Contains(boardText(h), "[2]")) {
					t.Fatalf("the holes' keys are not on the board (%v %v):\n%s", b.marks, b.keys, h.text())
				}
				h.typeText(e.menu.items[0].key)
				acts := h.u.sess.Game.Actions
				if got := acts[len(acts)-2].String() + " " + lastLine(h); !strings.Contains(got, "place am-abbey") {
					t.Fatalf("recorded %q, want the abbey (and no figure, when none is left)", got)
				}
				for e.step == stepFigure {
					h.press(tcell.KeyEnter) // no figure
				}
				continue
			}
			h.typeText(e.menu.items[len(e.choices)-1].key)
			if got := lastLine(h); !strings.HasSuffix(got, "abbey-pass") {
				t.Fatalf("go %d: recorded %q, want the pass", go_, got)
			}
		}
		if g := h.u.sess.Game; g.InAbbeyRound() {
			t.Fatalf("the round goes on after three goes")
		}
	})
}

// TestExplainAM: F3 explains a mayor's strength (AM-12), a wagon's move (AM-17, AM-16) and a barn's scoring with its
// arithmetic and rule (AM-23; at the end AM-27), each with the rule's text.
func TestExplainAM(t *testing.T) {
	for _, tc := range []struct {
		name, golden, lang string
		end                bool   // the game ended first (the final tally's barn)
		rule               string // the line explained
		want               string // in its text
		also               string // among the rules added
	}{
		{"mayor", "am-ex-am5-mayor.rec", "en", false, "BASE-10(b)", "Ана's mayor: strength 2, the pennants of its city", "AM-12"},
		{"barn-at-once", "am-ex-am2-barn.rec", "bg", false, "AM-23", "чифлик (AM-23): 3 за завършена крепост × 2 = 6", "AM-21"},
		{"barn-end", "am-ex-am2-barn.rec", "uk", true, "AM-27", "стодола (AM-27): 4 за завершене місто × 2 = 8", "AM-21"},
		{"wagon", "am-wagon-moves.rec", "en", false, "AM-17", "The wagon stood at 0,-1", "AM-16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				text := goldenPrefix(t, tc.golden, "")
				if tc.end {
					text += "end\n"
				}
				h := resumed(t, tc.lang, "f3.rec", text)
				defer h.stop()
				for _, it := range h.u.explainItems() {
					if it.rule != tc.rule || !strings.Contains(it.text, tc.want) {
						continue
					}
					if !slices.Contains(it.also, tc.also) || (tc.name == "mayor" && slices.Contains(it.also, "IC-5")) {
						t.Fatalf("%q adds the rules %v, want %s (and not IC-5: no large follower)", it.text, it.also, tc.also)
					}
					h.press(tcell.KeyF3)
					if tc.rule != "AM-27" { // (the tally is in front at the end)
						h.mustSee(strings.Fields(tc.want)[0])
					}
					return
				}
				var got []string
				for _, it := range h.u.explainItems() {
					got = append(got, "["+it.rule+"] "+it.text)
				}
				t.Fatalf("no [%s] line says %q:\n%s", tc.rule, tc.want, strings.Join(got, "\n"))
			})
		})
	}
}
