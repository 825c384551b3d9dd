// Package randgame plays random legal games through the referee, for the benchmarks and examples of the
// library and the pictures (a game of any length with any modules, without hand-written records). Every action
// comes from referee.Legal, so a game is as legal as the referee makes it; it is not a player of any strength.
package randgame

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Play plays a random game of setup with the seed until it ends or, if maxTiles > 0, until that many tiles lie on
// the board (the City counts its cells). Tiles are drawn as from the stacks, then placed at a legal spot (dense
// spots first, so that features are completed and scored); figures are deployed often, rarely on fields.
func Play(setup referee.Setup, seed uint64, maxTiles int) (*referee.Game, error) {
	cat := engine.Standard()
	g, err := referee.NewGame(setup, cat)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	for steps := 0; g.Phase != referee.PhaseEnded && steps < 5000; steps++ {
		if maxTiles > 0 && len(g.S.Tiles) >= maxTiles && g.Phase == referee.PhaseTile {
			break
		}
		a := pick(g, rng)
		if err := g.Apply(a); err != nil {
			return g, err
		}
	}
	g.Settle()
	return g, nil
}

func pick(g *referee.Game, rng *rand.Rand) referee.Action {
	d := g.Legal()
	at := g
	for (d.Phase == referee.PhaseCity || d.Phase == referee.PhaseCount) && rng.IntN(2) == 0 {
		at = at.AfterDecline()
		d = at.Legal()
	}
	if len(d.Actions) == 0 {
		return referee.Action{Verb: referee.VerbEnd}
	}
	acts := d.Actions
	switch d.Phase {
	case referee.PhaseTile:
		if last := acts[len(acts)-1]; last.Verb == referee.VerbBuilderPass && rng.IntN(5) == 0 {
			return last // now and then the builder's second tile is declined (TB-9)
		}
		total := at.Bag.DrawableCopies(at.Cat)
		if total == 0 {
			return acts[rng.IntN(len(acts))]
		}
		drawn := at.Bag.DrawnAt(at.Cat, rng.IntN(total)).ID
		var of []int
		w := 0
		weights := make([]int, len(acts))
		for i := range acts {
			if acts[i].Verb == referee.VerbGift || acts[i].Tile != drawn {
				continue
			}
			of = append(of, i)
			weights[i] = 1
			if acts[i].Verb == referee.VerbPlace {
				for _, nb := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
					if at.S.TileIndex(engine.Pos{X: acts[i].Pos.X + nb[0], Y: acts[i].Pos.Y + nb[1]}) >= 0 {
						weights[i] *= 4
					}
				}
			}
			w += weights[i]
		}
		if len(of) == 0 {
			return acts[rng.IntN(len(acts))]
		}
		n := rng.IntN(w)
		for _, i := range of {
			if n -= weights[i]; n < 0 {
				return acts[i]
			}
		}
		return acts[of[len(of)-1]]
	case referee.PhaseFigure, referee.PhaseMoving:
		if len(acts) == 1 || rng.IntN(3) == 0 {
			return acts[0] // pass, decline
		}
		a := acts[1+rng.IntN(len(acts)-1)]
		if a.Verb == referee.VerbDeploy && isField(at, a) && rng.IntN(3) != 0 {
			return acts[1+rng.IntN(len(acts)-1)] // farmers stay for good: a second draw makes them rarer
		}
		return a
	}
	return acts[rng.IntN(len(acts))]
}

func isField(g *referee.Game, a referee.Action) bool {
	ti := len(g.S.Tiles) - 1
	if ti < 0 {
		return false
	}
	l, err := g.S.SegByPlace(ti, a.Place)
	return err == nil && g.S.SegKind(g.S.Tiles[ti].Seg(l)) == engine.KField
}

// WriteLibrary writes n finished game records into dir, for the benchmarks of the library (games, stats): ten
// random full games of different modules and 2 to 4 players, each copied under dated names
// ("2026-MM-DDTHHMM-N.rec", each ending in a comment "# copy N" so that no two files hold the same bytes) until
// there are n. It returns the record texts of the ten games.
func WriteLibrary(dir string, n int) ([]string, error) {
	names := []string{"Ана", "Богдан", "Віра", "Гліб", "Ана"}
	colours := referee.Colours()
	exps := [][]string{{"farmers"}, {"farmers", "abbot", "river"}, {"count", "king-robber"},
		{"farmers", "shrines", "newtiles"}, {"farmers", "abbot", "river", "count", "king-robber", "shrines"}}
	var texts []string
	for i := 0; i < 10; i++ {
		var ps []referee.PlayerSpec
		for p := 0; p < 2+i%3; p++ {
			ps = append(ps, referee.PlayerSpec{Name: names[(i+p)%4], Colour: colours[(i+2*p)%5]})
		}
		setup := referee.Setup{Players: ps, Expansions: exps[i%len(exps)]}
		g, err := Play(setup, uint64(i+1), 0)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		if g.Phase != referee.PhaseEnded {
			return nil, fmt.Errorf("game %d did not end (%s)", i, g.Phase)
		}
		var b bytes.Buffer
		if err := referee.WriteRecord(&b, g.Record()); err != nil {
			return nil, err
		}
		texts = append(texts, b.String())
	}
	for k := 0; k < n; k++ {
		name := fmt.Sprintf("2026-%02d-%02dT%02d%02d-%d.rec", 1+k%12, 1+k%28, k%24, k%60, k)
		text := texts[k%len(texts)] + fmt.Sprintf("# copy %d\n", k)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	return texts, nil
}
