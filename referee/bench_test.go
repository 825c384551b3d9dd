package referee

import (
	"math/rand/v2"
	"strings"
	"syscall"
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
	defer reportCPU(b)()
	for b.Loop() {
		g, err := Replay(strings.NewReader(text), true)
		if err != nil || g.Phase != PhaseEnded {
			b.Fatalf("replay: %v", err)
		}
	}
}

// reportCPU adds the metric "cpu-ns/op" to a benchmark, called as `defer reportCPU(b)()` before its loop: the
// process's CPU time (user and system, every thread) per operation. On a machine shared with other programs it is
// steadier than ns/op, which counts the wall time, and with it the time the program waits for a core.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// cpuTime is the CPU time the process has used, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
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

// replay200Record returns the text of a complete game with every module that mixes (farmers, abbot, River,
// the City and the Count, King and Robber Baron, shrines, the new tiles, gifts), 3 players, played by the random
// player over LegalActions with a fixed seed: 200 actions (issue 23's "200-action record").
func replay200Record(tb testing.TB) string {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}, {"Віра", Green}},
		Expansions: []string{ExpansionFarmers, ExpansionAbbot, ExpansionRiver, ExpansionCount, ExpansionKingRobber,
			ExpansionShrines, ExpansionNewTiles, ExpansionGifts}}
	g := playRandom(tb, setup, 1, playerOpts{}, checks{})
	if len(g.Actions) != 200 || g.Phase != PhaseEnded {
		tb.Fatalf("the benchmark game has %d actions, phase %s", len(g.Actions), g.Phase)
	}
	return recordText(g)
}

// BenchmarkReplay200 times Replay of the 200-action record with every module, in process: parsing, set-up, every
// action validated and applied, the final scoring.
func BenchmarkReplay200(b *testing.B) { benchReplayEnded(b, replay200Record(b)) }

// w1Moves plays the engine's W1 game of seed (bench-workload: the base game, 2 players with 7 followers,
// farmers, the start tile at 0,0, the other 71 tiles shuffled, every legal move enumerated and one picked
// uniformly) with the engine alone and returns its moves, in order, with the record of the same game.
func w1Moves(tb testing.TB, seed uint64) ([]w1Move, string) {
	cat := engine.Standard()
	var start *engine.TileType
	var bag []*engine.TileType
	for _, t := range cat.Set("base") {
		n := t.Count
		if t.Start {
			start, n = t, n-1
		}
		for i := 0; i < n; i++ {
			bag = append(bag, t)
		}
	}
	s := engine.New(cat, engine.Options{Players: 2, Followers: 7, Farmers: true})
	s.PlaceStart(start)
	rng := rand.New(rand.NewPCG(seed, 0))
	rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}}, Expansions: []string{ExpansionFarmers}}
	rec := &Record{Setup: setup}
	var out []w1Move
	player := 0
	for _, t := range bag {
		colour := setup.Players[player].Colour
		moves := s.LegalMoves(t, player, nil)
		if len(moves) == 0 {
			rec.Actions = append(rec.Actions, Action{Colour: colour, Verb: VerbDiscard, Tile: t.ID})
			continue
		}
		m := moves[rng.IntN(len(moves))]
		out = append(out, w1Move{t, player, m})
		if _, err := s.PlayMove(player, t, m, nil); err != nil {
			tb.Fatal(err)
		}
		rec.Actions = append(rec.Actions, Action{Colour: colour, Verb: VerbPlace, Tile: t.ID,
			Pos: Pos{m.Pos.X, m.Pos.Y}, Rot: 90 * m.Rot})
		if m.Local >= 0 {
			place := s.PlaceName(len(s.Tiles)-1, int(m.Local))
			rec.Actions = append(rec.Actions, Action{Colour: colour, Verb: VerbDeploy, Place: place})
		} else {
			rec.Actions = append(rec.Actions, Action{Colour: colour, Verb: VerbPass})
		}
		player ^= 1
	}
	var buf strings.Builder
	if err := WriteRecord(&buf, rec); err != nil {
		tb.Fatal(err)
	}
	return out, buf.String()
}

type w1Move struct {
	t      *engine.TileType
	player int
	m      engine.Move
}

// BenchmarkReplayW1 and BenchmarkReplayW1Engine measure the referee's replay against the engine's own work for the
// same moves (issue 23: at most about 2×): the W1 game of seed 1 as a record replayed through Replay (parsing,
// validation, the final scoring), and its moves applied with the engine alone (PlayMove, then FinalScore), per
// game.
func BenchmarkReplayW1(b *testing.B) {
	_, text := w1Moves(b, 1)
	benchReplayEnded(b, text)
}

func BenchmarkReplayW1Engine(b *testing.B) { benchW1Engine(b, false) }

// BenchmarkReplayW1EngineNew is BenchmarkReplayW1Engine on a new engine.State for every game, as a replay needs one
// (engine.New's boards are most of what setting up a game costs).
func BenchmarkReplayW1EngineNew(b *testing.B) { benchW1Engine(b, true) }

func benchW1Engine(b *testing.B, fresh bool) {
	moves, _ := w1Moves(b, 1)
	cat := engine.Standard()
	var start *engine.TileType
	for _, t := range cat.Set("base") {
		if t.Start {
			start = t
		}
	}
	opts := engine.Options{Players: 2, Followers: 7, Farmers: true}
	s := engine.New(cat, opts)
	log := make([]engine.Score, 0, 64)
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if fresh {
			s = engine.New(cat, opts)
		} else {
			s.Reset()
		}
		s.PlaceStart(start)
		for _, r := range moves {
			log, _ = s.PlayMove(r.player, r.t, r.m, log[:0])
		}
		log = s.FinalScore(log[:0])
	}
}
