package referee

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestRandomChallengesDecided: in random games with shrines and the abbot, for every turn in which a monastery or
// shrine is completed while occupied, as the board stands after the figure step, its partner, if occupied then and
// still incomplete, holds no figure when the turn's scoring is done, and its owners gained nothing for it in that
// turn: a decided challenge never leaves its loser on the board (SHRINE-5(f), SHRINE-6, SHRINE-10; SEQ-5 before
// SEQ-6). The figure step is applied to a copy of the engine state to see the board as it stands after it.
func TestRandomChallengesDecided(t *testing.T) {
	t.Parallel()
	games := 60
	if testing.Short() {
		games = 15
	}
	if *randomGames > 0 {
		games = *randomGames
	}
	sets := [][]string{
		{ExpansionShrines, ExpansionAbbot},
		{ExpansionShrines, ExpansionAbbot, ExpansionFarmers},
		{ExpansionShrines, ExpansionAbbot, ExpansionCount, ExpansionGifts, ExpansionFarmers},
	}
	decided, sameTurn := 0, 0
	for i := 0; i < games; i++ {
		seed := *randomSeed + uint64(9000+i)
		rng := rand.New(rand.NewPCG(seed, 2))
		exps := sets[i%len(sets)]
		setup := randomSetup(rng, exps)
		setup.Followers = 15 + rng.IntN(10) // many figures: many occupied monasteries and shrines
		t.Run(fmt.Sprintf("%d-%s", seed, strings.Join(exps, "+")), func(t *testing.T) {
			d, s := playChallenges(t, setup, seed)
			decided += d
			sameTurn += s
		})
	}
	t.Logf("%d challenges decided, %d of them started in the same turn's figure step", decided, sameTurn)
	if !testing.Short() && sameTurn == 0 {
		t.Error("no challenge started and decided in one turn: the games do not test SHRINE-5(f)")
	}
}

// watched is the occupied, incomplete partner of a building completed while occupied, seen after the figure step.
type watched struct {
	seg    int32 // its centre segment
	owners uint8 // its owners then (DEF-6)
	fresh  bool  // the challenge began with this turn's figure step (the figure step changed a side's occupancy)
}

// playChallenges plays one random game and checks every turn's decided challenges; it returns how many partners
// were watched and how many of those were in a challenge started by the figure step of their turn.
func playChallenges(t *testing.T, setup Setup, seed uint64) (decided, sameTurn int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatalf("set-up %s: %v", setup, err)
	}
	var watch []watched
	logFrom := 0   // the score log's length when the watched turn's figure step began
	watchTurn := 0 // the watched turn's number
	for step := 0; g.Phase != PhaseEnded; step++ {
		a, ok := pickCloister(g, rng)
		if !ok {
			break
		}
		if g.Phase == PhaseFigure && g.Player(a.Colour) == g.Active &&
			(a.Verb == VerbDeploy || a.Verb == VerbPass || a.Verb == VerbReturnAbbot) {
			watch = afterFigureStep(t, g, a)
			logFrom, watchTurn = len(g.ScoreLog()), g.TurnNo
			decided += len(watch)
			for _, w := range watch {
				if w.fresh {
					sameTurn++
				}
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("step %d: legal action %q refused: %v\n%s", step, a, err, recordText(g))
		}
		if len(watch) == 0 || !g.S.Turn.Scored && g.TurnNo == watchTurn && g.Phase != PhaseEnded {
			continue // the turn's scoring is not done yet (a moving-out round)
		}
		for _, w := range watch {
			if n := g.S.Occupied(w.seg); n != 0 {
				t.Fatalf("step %d: the incomplete partner %s of a building completed while occupied still holds %d "+
					"figure(s) after the scoring (SHRINE-5(f), SHRINE-6)\n%s", step, g.FeatureRefOf(w.seg), n,
					recordText(g))
			}
			for _, sc := range g.ScoreLog()[logFrom:] {
				if sc.Feature >= 0 && g.S.Root(sc.Feature) == g.S.Root(w.seg) && sc.Points > 0 && sc.Owners&w.owners != 0 {
					t.Fatalf("step %d: the owners of the losing side %s gained %d for it (%s, SHRINE-6)\n%s", step,
						g.FeatureRefOf(w.seg), sc.Points, sc.Rule, recordText(g))
				}
			}
		}
		watch = watch[:0]
	}
	return decided, sameTurn
}

// afterFigureStep applies the figure step a to a copy of the engine state (Deploy, ReturnAbbot or nothing) and
// returns the occupied, incomplete partners of the buildings completed this turn that are occupied then.
func afterFigureStep(t *testing.T, g *Game, a Action) []watched {
	t.Helper()
	s := g.S.Clone()
	who := g.Active
	switch a.Verb {
	case VerbDeploy:
		local, err := s.SegByPlace(g.part.tile, a.Place)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Deploy(who, a.FigureKind(), g.part.tile, local); err != nil {
			t.Fatalf("%q: %v", a, err)
		}
	case VerbReturnAbbot:
		if _, err := s.ReturnAbbot(who, engine.Pos{X: a.Pos.X, Y: a.Pos.Y}, nil); err != nil {
			t.Fatalf("%q: %v", a, err)
		}
	}
	var out []watched
	for _, c := range s.Turn.Completed {
		if !s.SegKind(c).IsCloister() || s.Occupied(c) == 0 {
			continue
		}
		p := s.Partner(c)
		if p < 0 || s.Occupied(p) == 0 || s.IsComplete(p) {
			continue
		}
		_, owners, _ := s.Majority(p)
		// Fresh: before the figure step one of the two was unoccupied (so no challenge was open yet).
		fresh := g.S.Occupied(c) == 0 || g.S.Occupied(p) == 0
		out = append(out, watched{seg: p, owners: owners, fresh: fresh})
	}
	return out
}

// pickCloister is pickAction biased towards challenges. In the tile step: a monastery or shrine tile laid where it
// decides a challenge at once (it is complete as it is laid, or completes the occupied building of the other kind
// beside it, and such a building is beside it) whenever the stack allows one; else now and then a monastery or shrine
// tile (any type left, not weighted by copies) beside a building of the other kind, in a dense spot. In the figure
// step: a figure on the tile's monastery or shrine most of the time.
func pickCloister(g *Game, rng *rand.Rand) (Action, bool) {
	d := g.Legal()
	switch d.Phase {
	case PhaseTile:
		var decisive, near []int
		weight := map[int]int{}
		for i, a := range d.Actions {
			if a.Verb != VerbPlace {
				continue
			}
			k := cloisterKind(g.Cat.Tile(a.Tile))
			if k != engine.KMonastery && k != engine.KShrine {
				continue
			}
			want := engine.KShrine
			if k == engine.KShrine {
				want = engine.KMonastery
			}
			at := engine.Pos{X: a.Pos.X, Y: a.Pos.Y}
			full := filledAround(g.S, at, at) == 8
			w, partner, decides := 1, false, full
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					q := engine.Pos{X: at.X + dx, Y: at.Y + dy}
					ti := g.S.TileIndex(q)
					if ti < 0 {
						continue
					}
					w *= 4
					n := &g.S.Tiles[ti]
					if cloisterKind(n.Type) != want {
						continue
					}
					w *= 16
					if g.S.Occupied(n.Seg(int(n.Type.Centre))) > 0 {
						partner = true
						decides = decides || filledAround(g.S, q, at) == 8
					}
				}
			}
			weight[i] = w
			if partner && decides {
				decisive = append(decisive, i)
			} else {
				near = append(near, i)
			}
		}
		if len(decisive) > 0 && rng.IntN(10) != 0 {
			return d.Actions[decisive[rng.IntN(len(decisive))]], true
		}
		if len(near) > 0 && rng.IntN(6) == 0 {
			return d.Actions[weighted(rng, near, func(i int) int { return weight[i] })], true
		}
		if rng.IntN(2) == 0 {
			// Fill the blocks of occupied pairs: any tile, weighted by the occupied monasteries and shrines with
			// a partner whose block the spot is in.
			var all []int
			for i, a := range d.Actions {
				if k := cloisterKind(g.Cat.Tile(a.Tile)); a.Verb == VerbPlace && !k.IsCloister() {
					all = append(all, i) // monastery and shrine tiles are kept for the spots where they decide
				}
			}
			if len(all) > 0 {
				return d.Actions[weighted(rng, all, func(i int) int {
					a := d.Actions[i]
					w := 1
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							ti := g.S.TileIndex(engine.Pos{X: a.Pos.X + dx, Y: a.Pos.Y + dy})
							if ti < 0 {
								continue
							}
							n := &g.S.Tiles[ti]
							if k := cloisterKind(n.Type); k != engine.KMonastery && k != engine.KShrine {
								continue
							}
							if c := n.Seg(int(n.Type.Centre)); g.S.Occupied(c) > 0 && g.S.Partner(c) >= 0 {
								w *= 64
							}
						}
					}
					return w
				})], true
			}
		}
	case PhaseFigure:
		if rng.IntN(4) == 0 {
			break
		}
		var of []int
		for i, a := range d.Actions {
			if a.Verb != VerbDeploy {
				continue
			}
			if l, err := g.S.SegByPlace(g.part.tile, a.Place); err == nil && g.S.SegKind(g.S.Tiles[g.part.tile].Seg(l)).IsCloister() {
				of = append(of, i)
			}
		}
		if len(of) > 0 {
			return d.Actions[of[rng.IntN(len(of))]], true
		}
	}
	return pickAction(g, rng)
}

// cloisterKind returns the kind of a tile type's centre segment, KField when it has none.
func cloisterKind(t *engine.TileType) engine.Kind {
	if t == nil || t.Centre < 0 {
		return engine.KField
	}
	return t.Segs[t.Centre].Kind
}

// filledAround counts the filled cells around p, the cell at (about to be laid) counted as filled.
func filledAround(s *engine.State, p, at engine.Pos) int {
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			q := engine.Pos{X: p.X + dx, Y: p.Y + dy}
			if (dx != 0 || dy != 0) && (q == at || s.TileIndex(q) >= 0) {
				n++
			}
		}
	}
	return n
}
