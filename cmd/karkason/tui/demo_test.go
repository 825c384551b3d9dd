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

// The demonstrations in docs/screens: KARKASON_DEMO=dir writes the games and the keys the capture scripts send to
// the real binary in tmux, the keys played here first on the simulation screen.

// demoDir is the folder KARKASON_DEMO names for a demonstration's files; without it the test is skipped.
func demoDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("KARKASON_DEMO")
	if dir == "" {
		t.Skip("KARKASON_DEMO not set")
	}
	return dir
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeGameDemo writes dir/demo-NAME.rec and dir/NAME-game-keys.txt (docs/screens/capture-game.sh NAME): the first
// random game of setup (genGame, seeds from to to-1) that accept takes, given its plan and its replay, and the keys
// play returns for it (called inside synctest.Test). It reports false if no seed gave such a game.
func writeGameDemo(t *testing.T, dir, name string, setup referee.Setup, from, to int64,
	accept func(plan []planned, want *referee.Game) bool,
	play func(t *testing.T, plan []planned, want *referee.Game) []string) bool {
	t.Helper()
	cat := engine.Standard()
	for seed := from; seed < to; seed++ {
		plan, rec := genGame(t, seed, setup, cat)
		want, err := referee.ReplayRecord(rec, cat, false)
		if err != nil {
			t.Fatal(err)
		}
		if !accept(plan, want) {
			continue
		}
		t.Logf("seed %d: %v", seed, planVerbs(plan))
		var keys []string
		synctest.Test(t, func(t *testing.T) { keys = play(t, plan, want) })
		write(t, filepath.Join(dir, "demo-"+name+".rec"), recordText(t, rec))
		write(t, filepath.Join(dir, name+"-game-keys.txt"), strings.Join(keys, "\n")+"\n")
		return true
	}
	return false
}

// demoTable is the table a demonstration is played at: in Bulgarian with the aids, keys only, every key logged as
// tmux send-keys names it, with "#cap NAME" lines where the script captures the screen. Call inside synctest.Test;
// the caller stops it.
type demoTable struct {
	*harness
	keys []string
	seen map[string]bool // the captures once taken
}

func newDemoTable(t *testing.T) *demoTable {
	o := testOptions(t, "bg")
	o.Config.Aids = true
	d := &demoTable{harness: start(t, o), seen: map[string]bool{}}
	d.keysOnly = true
	d.keylog = &d.keys
	return d
}

// capture is where the script captures the screen as name.
func (d *demoTable) capture(name string) { d.keys = append(d.keys, "#cap "+name) }

// once reports whether name is asked for the first time.
func (d *demoTable) once(name string) bool {
	if d.seen[name] {
		return false
	}
	d.seen[name] = true
	return true
}

// setUp fills the set-up form with setup's players and expansions (the empty seats and the followers passed),
// captures it as name and starts the game, which must be setup's.
func (d *demoTable) setUp(setup referee.Setup, name string) {
	d.t.Helper()
	var names []string
	for _, p := range setup.Players {
		names = append(names, p.Name)
	}
	d.nameSeats(names...)
	d.key(tcell.KeyTab) // the empty seats, then the followers
	for i := len(setup.Players); i < maxSeats; i++ {
		d.key(tcell.KeyTab)
	}
	for _, e := range referee.Expansions() {
		d.key(tcell.KeyTab)
		on := slices.Contains(setup.Expansions, e)
		if on != d.u.setup.v.exps[slices.Index(referee.Expansions(), e)] {
			d.typeText(" ")
		}
	}
	d.capture(name)
	d.key(tcell.KeyF10)
	if d.u.sess == nil {
		d.t.Fatalf("no game:\n%s", d.text())
	}
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	if got := d.u.sess.Game.Setup; fmt.Sprint(got.Players, sorted(got.Expansions), got.Start) !=
		fmt.Sprint(setup.Players, sorted(setup.Expansions), setup.Start) {
		d.t.Fatalf("the form's set-up %+v", got)
	}
}

// takenAtOnce reports whether p is a "no figure" the table took at once, being the only answer: nothing to enter.
func (d *demoTable) takenAtOnce(p planned) bool {
	acts := d.u.sess.Game.Actions
	return !p.decline && p.a.Verb == referee.VerbPass && len(acts) > 0 && sameAction(acts[len(acts)-1], p.a) &&
		d.u.table.view().Phase != referee.PhaseFigure
}

// aidsAt opens the aids (F9) at the first item whose label match takes, captures them as name and closes them.
func (d *demoTable) aidsAt(name string, match func(label string) bool) {
	d.key(aidsKey)
	for k, it := range d.u.table.aidItems(d.u.sess.Game, d.u.table.aids) {
		if match(it.label) {
			for j := 0; j < k; j++ {
				d.key(tcell.KeyDown)
			}
			break
		}
	}
	d.capture(name)
	d.key(tcell.KeyEscape)
}

// ended checks that the game at the table ended with want's scores (replay's).
func (d *demoTable) ended(want *referee.Game) {
	d.t.Helper()
	g := d.u.sess.Game
	if g.Phase != referee.PhaseEnded {
		d.t.Fatalf("the game is at %v", g.Phase)
	}
	for p := range g.Setup.Players {
		if g.S.Scores[p] != want.S.Scores[p] {
			d.t.Errorf("%s: %d at the table, replay %d", g.Name(p), g.S.Scores[p], want.S.Scores[p])
		}
	}
}

// keyLines are the keys as the capture script reads them, a space named Space.
func (d *demoTable) keyLines() []string {
	keys := slices.Clone(d.keys)
	for k, key := range keys {
		if key == " " {
			keys[k] = "Space"
		}
	}
	return keys
}
