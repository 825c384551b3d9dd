package referee

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// replay72Record returns the text of a complete base game (the 72 tiles: the start tile and the 71 others of
// the land stack), 2 players, farmers, 7 followers each as in the engine's W1 workload, played by the random
// player over LegalActions with a fixed seed.
func replay72Record(tb testing.TB) string {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}}, Expansions: []string{ExpansionFarmers}}
	g := playRandom(tb, setup, 1, playerOpts{}, checks{})
	placed := 0
	for _, a := range g.Actions {
		if a.Verb == VerbPlace || a.Verb == VerbDiscard {
			placed++
		}
	}
	if placed != 71 || g.Bag.LandLeft() != 0 || g.Phase != PhaseEnded {
		tb.Fatalf("the benchmark game drew %d tiles, %d left, phase %s", placed, g.Bag.LandLeft(), g.Phase)
	}
	return recordText(g)
}

// BenchmarkReplay72 times Replay of a whole 72-tile base game from its record text: parsing, set-up, every action
// validated and applied, the final scoring.
func BenchmarkReplay72(b *testing.B) { benchReplayEnded(b, replay72Record(b)) }

// benchReplayEnded times Replay (final) of a record's text that ends the game, per record.
func benchReplayEnded(b *testing.B, text string) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g, err := Replay(strings.NewReader(text), true)
		if err != nil || g.Phase != PhaseEnded {
			b.Fatalf("replay: %v", err)
		}
	}
}

// BenchmarkLegalActions times the listing of every legal answer along the same game (the table's "what can I do"
// and the random player's menu), per decision.
func BenchmarkLegalActions(b *testing.B) {
	text := replay72Record(b)
	rec, err := ParseRecord(strings.NewReader(text))
	if err != nil {
		b.Fatal(err)
	}
	var states []*Game
	g, err := NewGame(rec.Setup, engine.Standard())
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range rec.Actions {
		states = append(states, g.Clone())
		if err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_ = states[rng.IntN(len(states))].LegalActions()
	}
}
