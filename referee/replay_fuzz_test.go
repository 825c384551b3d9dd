package referee

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReplay feeds arbitrary text to Replay with final scoring. It must never panic; an error is a *ParseError
// or a *Refusal, and a refusal names a line of the text (Line > 0) and cites a rule ID; the game it leaves is the
// one its good part replays to (a refused line changes nothing). The seeds are the golden records and a few records
// of random games (every expansion); plain `go test` runs only the seeds and testdata/fuzz/FuzzReplay.
func FuzzReplay(f *testing.F) {
	files, _ := filepath.Glob("../testdata/golden/*.rec")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for i, exps := range [][]string{nil, {ExpansionFarmers, ExpansionAbbot, ExpansionGifts},
		{ExpansionCount, ExpansionFarmers, ExpansionRiver, ExpansionKingRobber, ExpansionShrines},
		{ExpansionRiver2, ExpansionNewTiles, ExpansionAbbot},
		{ExpansionTradersBuilders, ExpansionFarmers, ExpansionCount, ExpansionGifts}} {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		g := playRandom(f, randomSetup(rng, exps), uint64(i), playerOpts{endAt: 40 + 40*i}, checks{})
		f.Add(recordText(g))
	}
	const head = "karkason-record 1\nsetup players=a:red,b:blue"
	for _, s := range []string{
		head + " expansions=count start=standard\n",
		head + " expansions=river start=standard\nred place r1-spring 0,0 0\n",
		head + "\nblue place b-rs 1,0 90\n",
		head + " expansions=count\nred market 0,0:N\n",
		head + " expansions=gifts\nred gift synod 0,0:monastery abbot\n",
		head + "\nred place b-rs 99999999,0 90\nend\n",
		head + " expansions=traders-builders\nred builder-pass\nred deploy builder E\n",
		head + " expansions=traders-builders,farmers\nposition red wine 3\nposition red pig 0,0:SSE\nend\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Replay(strings.NewReader(text), true)
		if err == nil {
			if g == nil || g.Phase != PhaseEnded {
				t.Fatalf("replay with final scoring did not end the game")
			}
			return
		}
		var pe *ParseError
		var r *Refusal
		switch {
		case errors.As(err, &pe):
		case errors.As(err, &r):
			if lines := strings.Count(text, "\n") + 1; r.Line < 1 || r.Line > lines {
				t.Fatalf("refusal on line %d outside 1..%d: %v", r.Line, lines, err)
			}
			if r.Rule == "" || r.Key == "" {
				t.Fatalf("refusal without a rule or a key: %#v", r)
			}
		default:
			t.Fatalf("error %v is %T, neither *ParseError nor *Refusal", err, err)
		}
		if g != nil { // the state after the last good action must still be consistent: the good part replays to it
			var b bytes.Buffer
			if err := WriteRecord(&b, g.Record()); err != nil {
				t.Fatalf("the good part of the record does not write: %v", err)
			}
			again, err := Replay(bytes.NewReader(b.Bytes()), false)
			if err != nil {
				t.Fatalf("the good part of the record is refused: %v\n%s", err, b.String())
			}
			if again.S.Scores != g.S.Scores || len(again.Actions) != len(g.Actions) || again.Phase != g.Phase ||
				len(again.S.Tiles) != len(g.S.Tiles) {
				t.Fatalf("the refused line changed the game: scores %v, %d actions, phase %v, %d tiles; the good "+
					"part alone: %v, %d, %v, %d", g.S.Scores, len(g.Actions), g.Phase, len(g.S.Tiles), again.S.Scores,
					len(again.Actions), again.Phase, len(again.S.Tiles))
			}
		}
	})
}
