package referee

import (
	"strings"
	"testing"
)

// PD-26 after a refusal or an undo: the fairy's point given at the start of a turn (PD-17) is taken back when the
// game ends before anything of that turn is entered, whether or not a refused line or an undo and redo came between
// (each rebuilds the game from its record, which must count the turn's first action as applyAction does). Found by a
// long run of the random games: the game kept the point after a refusal; its record's replay did not.
//
// The board: the start tile, a monastery at 0,1 with red's monk and the fairy beside it; red lays b-rs at 1,0, blue
// at 2,0, and red's second turn begins. Red has 2 (PD-17: 1 at each of red's turn starts). `end`: the second point
// goes back (PD-26), the monastery scores its 3x3 block at the end, 0,1, 0,0 and 1,0: 3 (END-3(c)), and the fairy's
// follower's feature scoring gives 3 more (PD-18): red 1 + 3 + 3 = 7, blue 0.
func TestFairyPointTakenBackAfterRefusalOrUndo(t *testing.T) {
	const rec = "karkason-record 1\n" +
		"setup players=Ана:red,Богдан:blue expansions=princess-dragon start=standard\n" +
		"position tile b-m 0,1 0\n" +
		"position red follower 0,1:monastery\n" +
		"position fairy red 0,1:monastery\n" +
		"red place b-rs 1,0 90\nred pass\nblue place b-rs 2,0 90\nblue pass\n"
	for _, c := range []struct {
		name    string
		between func(t *testing.T, g *Game)
	}{
		{"end at once", func(t *testing.T, g *Game) {}},
		{"after a refused line", func(t *testing.T, g *Game) {
			if err := g.Apply(Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{9, 9}, Rot: 90}); err == nil {
				t.Fatal("a tile far from the board was accepted")
			}
		}},
		{"after an undo and redo", func(t *testing.T, g *Game) {
			for _, a := range g.Undo(1) {
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := Replay(strings.NewReader(rec), false)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.S.Scores; got[0] != 2 || got[1] != 0 {
				t.Fatalf("red %d, blue %d at red's second turn start, want 2 and 0 (PD-17)", got[0], got[1])
			}
			c.between(t, g)
			if err := g.Apply(Action{Verb: VerbEnd}); err != nil {
				t.Fatal(err)
			}
			if got := g.S.Scores; got[0] != 7 || got[1] != 0 {
				t.Errorf("after end: red %d, blue %d, want 7 and 0 (PD-26, END-3(c), PD-18)", got[0], got[1])
			}
		})
	}
}
