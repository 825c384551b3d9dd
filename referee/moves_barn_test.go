package referee

import (
	"os"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestLegalMovesNoPigOntoABarnsField replays testdata/moves/am24-pig-barn-field.rec up to its last line, red's b-r3
// at 2,0, which joins a field of red's farmer with the field of pink's barn: the engine's LegalMoves (the benchmarks'
// and aids' moves) must offer no pig there (AM-24: a barn's field takes no farmer and no pig), and after the placement
// they must name the same features as the referee's DeployOptions (checkMovesMatch).
func TestLegalMovesNoPigOntoABarnsField(t *testing.T) {
	data, err := os.ReadFile("../testdata/moves/am24-pig-barn-field.rec")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSpace(string(data))
	cut := strings.LastIndex(text, "\n")
	last := text[cut+1:]
	g, err := Replay(strings.NewReader(text[:cut+1]), false) // (red's turn, no decision pending to settle)
	if err != nil {
		t.Fatal(err)
	}
	a, _, err := ParseAction(last, strings.Count(text[:cut], "\n")+2)
	if err != nil || a.Verb != VerbPlace {
		t.Fatalf("the last line %q: %v", last, err)
	}
	var moves []engine.Move
	pigs := 0
	for _, m := range g.S.LegalMoves(g.Cat.Tile(a.Tile), g.Player(a.Colour), nil) {
		if m.Pos == (engine.Pos{X: a.Pos.X, Y: a.Pos.Y}) && m.Rot == a.Rot/90 && m.Local >= 0 {
			moves = append(moves, m)
			if m.Kind == engine.Pig {
				pigs++
			}
		}
	}
	if pigs != 0 {
		t.Errorf("LegalMoves offers the pig %d times at %v", pigs, a.Pos)
	}
	if err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	checkMovesMatch(t, g, moves)
}
