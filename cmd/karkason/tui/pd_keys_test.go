package tui

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"testing/synctest"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The keys of the dragon (issue 28): a turn with a dragon movement takes at most 6 keys more than the same turn
// without it. The turn is the same but for the movement (the tile, its place, its figure), so what the movement
// adds is the keys of its steps, counted a movement (a turn part: the builder's double turn may have two, TB-7): each is read on the board as a newcomer would, the key drawn on the tile the dragon
// goes to (board_pd.go), and typed; only a tile whose key is not in view is looked up in the list (readAndChoose).
// Random games with every module of issue 28's tmux game but River II (farmers, princess-dragon, count,
// king-robber, shrines, inns-cathedrals, traders-builders), 2 to 6 players, half in Bulgarian and half in
// Ukrainian, at 80x24; the other decisions are entered through the harness (fullgame_test.go). A plain run plays
// the first 40 turns of one game; KARKASON_DRAGON_KEYS=20 plays 20 whole games for the figures in the README:
//
//	KARKASON_DRAGON_KEYS=20 RUNEWIDTH_EASTASIAN=0 go test ./cmd/karkason/tui -run TestPDDragonKeys -v
func TestPDDragonKeys(t *testing.T) {
	games, limit := 1, 40
	if n, err := strconv.Atoi(os.Getenv("KARKASON_DRAGON_KEYS")); err == nil && n > 0 {
		games, limit = n, 0
	}
	var extra []int
	steps, fromList := 0, 0
	for seed := int64(1); seed <= int64(games); seed++ {
		lang := []string{"bg", "uk"}[seed%2]
		setup := referee.Setup{Players: sixPlayers[:2+int(seed%5)], Start: referee.StartCity, Followers: 7,
			Expansions: []string{"farmers", "princess-dragon", "count", "king-robber", "shrines", "inns-cathedrals",
				"traders-builders"}}
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			e, n, l := dragonGame(t, setup, lang, 900+seed, limit)
			extra, steps, fromList = append(extra, e...), steps+n, fromList+l
		})
	}
	if len(extra) == 0 {
		t.Fatal("no dragon movement")
	}
	t.Logf("%d games, %d dragon movements (%d steps, %d not keyed on the board in view): keys a movement adds "+
		"to its turn, mean %.2f, worst %d", games, len(extra), steps, fromList, mean(extra), slices.Max(extra))
	if w := slices.Max(extra); w > 6 {
		t.Errorf("a dragon movement took %d keys (at most 6)", w)
	}
}

// dragonGame plays game seed through the table and returns the keys of each dragon movement, the number of
// steps taken, and of those whose key was not on the board in view (taken from the list).
func dragonGame(t *testing.T, setup referee.Setup, lang string, seed int64, limit int) (extra []int, steps, fromList int) {
	cat := engine.Standard()
	plan, rec := genGame(t, seed, setup, cat)
	synctest.Test(t, func(t *testing.T) {
		h := tableFor(t, rec, lang, "dragon.rec")
		defer h.stop()
		h.keysOnly = true
		type movement struct{ turn, part int }
		perTurn := map[movement]int{}
		recorded := 0
		for i, p := range plan {
			if limit > 0 && p.turn > limit {
				break
			}
			if !p.decline {
				recorded++
			}
			if acts := h.u.sess.Game.Actions; !p.decline && p.a.Verb == referee.VerbPass && len(acts) >= recorded {
				continue // "no figure" recorded at once (figureStep)
			}
			if g := h.u.table.view(); g.Phase != p.phase {
				t.Fatalf("decision %d (%v): the table is at %v, the plan at %v", i, p.a, g.Phase, p.phase)
			}
			if os.Getenv("KARKASON_KEYS_LOG") != "" {
				t.Logf("decision %d: %v %s", i, p.phase, p.a)
			}
			switch {
			case p.phase == referee.PhaseDragon:
				before := h.presses
				to := engine.Pos{X: p.a.Pos.X, Y: p.a.Pos.Y}
				h.promptNames(h.u.sess.Game.Name(p.who))
				if k := h.tileKey(to); k != "" {
					h.typeText(k)
				} else {
					h.dragonFromList(p.a)
					fromList++
				}
				perTurn[movement{p.turn, p.part}] += h.presses - before // (a double turn may move it twice, TB-7)
				if n := h.presses - before; n > 1 {
					t.Logf("decision %d: %s took %d keys", i, p.a, n)
				}
				steps++
			case p.a.Verb == referee.VerbAside:
				h.typeEdges(p.a.Tile, 0)
				h.chooseFor(p.a)
			default:
				h.enter(p)
			}
			if !p.decline {
				acts := h.u.sess.Game.Actions
				if len(acts) < recorded || !sameAction(acts[recorded-1], p.a) {
					t.Fatalf("decision %d: %s not recorded (%d actions): %s\n%s", i, p.a, len(acts),
						h.u.table.status.GetText(true), h.text())
				}
			}
		}
		for _, n := range perTurn {
			extra = append(extra, n)
		}
	})
	return extra, steps, fromList
}

// dragonFromList takes the dragon's step a from the list, as a newcomer would when its tile is out of view.
func (h *harness) dragonFromList(a referee.Action) {
	h.t.Helper()
	for i, c := range h.u.table.entry.choices {
		if c.act != nil && sameAction(*c.act, a) {
			h.readAndChoose(i)
			return
		}
	}
	h.t.Fatalf("%s is not offered: %q", a, h.menuLabels())
}
