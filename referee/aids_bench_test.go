package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/karkason/karkason/engine"
)

// aidsBoard returns a game with every module in play (the nine expansions, 5 players), played by the random
// player until at least tiles tiles lie on the board, in the figure step of that turn.
func aidsBoard(tb testing.TB, tiles int, seed uint64) *Game {
	tb.Helper()
	setup := Setup{Expansions: expansions, Players: []PlayerSpec{{"Ана", Red}, {"Bo", Blue}, {"Віра", Green},
		{"Dan", Yellow}, {"Ева", Black}}}
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for len(g.S.Tiles) < tiles {
		a, ok := pickAction(g, rng)
		if !ok {
			tb.Fatalf("the game ended with %d tiles on the board", len(g.S.Tiles))
		}
		if err := g.Apply(a); err != nil {
			tb.Fatalf("%q: %v", a, err)
		}
	}
	return g
}

// BenchmarkAids times the whole table aids computation (Game.Aids: the scores if the game ended now, the fit
// count of every frontier cell, the open features and fields, the next tile's chances) on a 100-tile board with
// every module in play, as the table recomputes them after every action. Target 0.5 ms, limit 2 ms (issue 10).
func BenchmarkAids(b *testing.B) {
	g := aidsBoard(b, 100, 7)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_ = g.Aids()
	}
}

// BenchmarkAidsFitCounts times the frontier fit counts alone on the same board.
func BenchmarkAidsFitCounts(b *testing.B) {
	g := aidsBoard(b, 100, 7)
	stack := g.AidStack()
	buf := make([]engine.CellFit, 0, 128)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf = g.S.FitCounts(stack, buf[:0])
	}
}
