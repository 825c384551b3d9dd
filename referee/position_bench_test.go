package referee

import (
	"bytes"
	"testing"

	"github.com/karkason/karkason/engine"
)

// position72 returns the record of a 72-tile end-of-game position (issue 9's benchmark): a random base game with
// farmers and 2 players played to its last tile, taken as it lies before the last turn (Game.PositionLines) with
// the last tile added as a tile line, so that the board holds all 72 tiles and the stacks are empty. The seeds are
// tried in turn until the last tile completes no occupied feature (a follower on it would be refused, BASE-12).
func position72(tb testing.TB) *Record {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}}, Expansions: []string{ExpansionFarmers}}
	for seed := uint64(1); seed < 50; seed++ {
		g := playRandom(tb, setup, seed, playerOpts{}, checks{})
		last := -1
		for i, a := range g.Actions {
			if a.Verb == VerbPlace {
				last = i
			}
		}
		h, err := NewGame(setup, engine.Standard())
		if err != nil {
			tb.Fatal(err)
		}
		for _, a := range g.Actions[:last] {
			if err := h.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
		lines, err := h.PositionLines()
		if err != nil {
			continue
		}
		a := g.Actions[last]
		rec := &Record{Setup: setup, Position: append(lines, PositionLine{Kind: PosTile, Tile: a.Tile, Pos: a.Pos, Rot: a.Rot})}
		if len(rec.Position) < 71 {
			tb.Fatalf("%d position lines", len(rec.Position))
		}
		if g, err := NewGameFrom(rec, engine.Standard()); err == nil && len(g.S.Tiles) == 72 && g.Phase == PhaseEnded {
			return rec
		}
	}
	tb.Fatal("no 72-tile position found")
	return nil
}

// BenchmarkPosition72 times the validation and tally of a 72-tile end-of-game position from its parsed record:
// every tile laid with the placement checks (POS-1, POS-2, BASE-4), every figure checked (POS-3), and, the stacks
// being empty, the end-of-game scoring (POS-9, END).
func BenchmarkPosition72(b *testing.B) {
	rec := position72(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g, err := NewGameFrom(rec, engine.Standard())
		if err != nil || g.Phase != PhaseEnded {
			b.Fatalf("position: %v", err)
		}
	}
}

// BenchmarkPosition72Text is BenchmarkPosition72 from the record's text: parsing included (Replay --final).
func BenchmarkPosition72Text(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteRecord(&buf, position72(b)); err != nil {
		b.Fatal(err)
	}
	benchReplayEnded(b, buf.String())
}

// TestPosition72 checks the benchmark's position: it is valid, holds 72 tiles, and its tally is the final
// scoring of the board (replay --final and replay agree: the stacks are empty, the game is at its end).
func TestPosition72(t *testing.T) {
	rec := position72(t)
	g, err := ReplayRecord(rec, engine.Standard(), false)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReplayRecord(rec, engine.Standard(), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.S.Tiles) != 72 || g.Phase != PhaseEnded || g.S.Scores != f.S.Scores {
		t.Fatalf("%d tiles, phase %s, scores %v / %v", len(g.S.Tiles), g.Phase, g.S.Scores, f.S.Scores)
	}
}
