package referee

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// The position property (issue 9): for random games played through the referee with the City, the King and the
// Robber Baron, shrines, the abbot and the gifts on (and farmers; the new tiles now and then; Traders & Builders
// every other game), the position taken
// after any turn (Game.PositionLines), replayed with --final, gives the same scores as the game itself replayed to
// that turn with --final; and the position followed by the rest of the game's actions gives the game's own final
// scores. The position's record is also written and read back (WriteRecord, ParseRecord) on the way.
func TestPositionProperty(t *testing.T) {
	t.Parallel()
	games, every := 40, 7
	if testing.Short() {
		games, every = 8, 11
	}
	if *randomGames > 0 {
		games = *randomGames
	}
	cat := engine.Standard()
	for i := 0; i < games; i++ {
		seed := *randomSeed + uint64(9000+i)
		rng := rand.New(rand.NewPCG(seed, 0))
		exps := []string{ExpansionFarmers, ExpansionAbbot, ExpansionCount, ExpansionKingRobber, ExpansionShrines,
			ExpansionGifts}
		if rng.IntN(3) == 0 {
			exps = append(exps, ExpansionNewTiles)
		}
		if i%2 == 1 { // Traders & Builders: builders, pigs and goods in the position (POS-3 amended, POS-11)
			exps = append(exps, ExpansionTradersBuilders)
		}
		if i%5 == 4 { // now and then a smaller set, the base game with farmers among them
			exps = exps[:1+rng.IntN(len(exps))]
		}
		setup := randomSetup(rng, exps)
		po := playerOpts{}
		if rng.IntN(4) == 0 {
			po.endAt = 40 + rng.IntN(150)
		}
		t.Run(fmt.Sprintf("%d-%s", seed, strings.Join(exps, "+")), func(t *testing.T) {
			g := playRandom(t, setup, seed, po, checks{})
			rec := g.Record()
			want := g.S.Scores
			h, err := NewGame(setup, cat)
			if err != nil {
				t.Fatal(err)
			}
			taken := 0
			for k, a := range rec.Actions {
				if lines, err := h.PositionLines(); err == nil && (k%every == 0 || k == len(rec.Actions)-1) {
					taken++
					checkPosition(t, cat, h, lines, rec.Actions[k:], want)
				}
				if err := h.Apply(a); err != nil {
					t.Fatalf("replaying action %d %q: %v", k, a, err)
				}
			}
			if taken == 0 {
				t.Fatal("no position taken")
			}
		})
	}
}

// checkPosition checks one position taken from game h (at action k of a game whose final scores are want).
func checkPosition(t *testing.T, cat *engine.Catalogue, h *Game, lines []PositionLine, rest []Action,
	want [engine.MaxPlayers]int) {
	t.Helper()
	prec := &Record{Setup: h.Setup, Position: lines}
	var buf bytes.Buffer
	if err := WriteRecord(&buf, prec); err != nil {
		t.Fatalf("writing the position: %v", err)
	}
	back, err := ParseRecord(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("reading the position back: %v\n%s", err, buf.String())
	}
	pg, err := ReplayRecord(back, cat, true)
	if err != nil {
		t.Fatalf("turn %d: position refused: %v\n%s", h.TurnNo, err, buf.String())
	}
	if fin := h.Final(); pg.S.Scores != fin.S.Scores {
		t.Fatalf("turn %d: the position's tally %v, the game's tally then %v\n%s\nposition:\n%s\ngame:\n%s",
			h.TurnNo, pg.S.Scores[:h.Players()], fin.S.Scores[:h.Players()], breakdown(pg), buf.String(), breakdown(fin))
	}
	full := &Record{Setup: h.Setup, Position: lines, Actions: rest}
	rg, err := ReplayRecord(full, cat, true)
	if err != nil {
		t.Fatalf("turn %d: the rest of the game refused after the position: %v\n%s", h.TurnNo, err, buf.String())
	}
	if rg.S.Scores != want {
		t.Fatalf("turn %d: position + rest gives %v, the game %v\n%s", h.TurnNo, rg.S.Scores[:h.Players()],
			want[:h.Players()], buf.String())
	}
}
