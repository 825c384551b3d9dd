package referee

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// Property tests: many seeded random games played through Game.Apply with actions picked from LegalActions, checked
// after every action against invariants of the rules (figure conservation, DEF-5, builders and pigs included, each
// always beside a follower of its owner, TB-11(b), TB-13; never a third tile in a turn, TB-8; scores only ever
// increase, BASE-14; the summary accounts for every point, END-10), and at the end against the record (replay,
// undo).

// playerOpts controls the random player.
type playerOpts struct {
	endAt int // apply "end" after this many actions (0: play the game out)
}

// randomSetup returns a set-up with 2..5 players and the given expansions; with inns-cathedrals 2..6, pink among the
// colours (IC-13).
func randomSetup(rng *rand.Rand, exps []string) Setup {
	cs := Colours()
	if slices.Contains(exps, ExpansionInnsCathedrals) {
		cs = AllColours()
	}
	n := 2 + rng.IntN(len(cs)-1)
	names := []string{"Ана", "Bo", "Віра", "Dan", "Ева", "Фа"}
	s := Setup{Expansions: exps}
	perm := rng.Perm(len(cs))
	for i := 0; i < n; i++ {
		s.Players = append(s.Players, PlayerSpec{Name: names[i], Colour: cs[perm[i]]})
	}
	switch rng.IntN(4) {
	case 0:
		s.Followers = 1 + rng.IntN(9)
	case 1:
		s.Followers = 15 + rng.IntN(25) // more figures on the board: more scorings, City entries and moves
	}
	return s
}

// randomExpansions returns a random subset of the nine expansions (count implies the City start, the default).
func randomExpansions(rng *rand.Rand) []string {
	var out []string
	for _, e := range expansions {
		if rng.IntN(2) == 0 {
			out = append(out, e)
		}
	}
	return Compatible(out)
}

// pickAction picks a random legal action, biased like a table: the tile as drawn from the stack (weighted by the
// copies left), a gift now and then, the figure step passed a third of the time, optional City and Count decisions
// often declined by answering the next decision. It returns false when nothing is left to do.
func pickAction(g *Game, rng *rand.Rand) (Action, bool) {
	if g.Phase == PhaseEnded {
		return Action{}, false
	}
	d := g.Legal()
	for at := g; d.Phase == PhaseCity || d.Phase == PhaseCount; {
		if rng.IntN(2) == 0 {
			break
		}
		at = at.AfterDecline() // declined: answer the next decision instead
		d = at.Legal()
		g = at
	}
	if len(d.Actions) == 0 {
		return Action{Verb: VerbEnd}, true // the game ends once the last optional decision is declined: "end" does
	}
	acts := d.Actions
	switch d.Phase {
	case PhaseTile:
		if last := acts[len(acts)-1]; last.Verb == VerbBuilderPass && rng.IntN(4) == 0 {
			return last, true // the builder's second tile declined (TB-9)
		}
		var gifts, of []int // indices: an Action is big, a turn lists a thousand
		for i := range acts {
			if acts[i].Verb == VerbGift {
				gifts = append(gifts, i)
			}
		}
		if len(gifts) > 0 && rng.IntN(3) == 0 {
			return acts[gifts[rng.IntN(len(gifts))]], true
		}
		// Abbey & Mayor: the abbey now and then instead of a tile (AM-3), and in the end-of-game abbey round (AM-10)
		// an abbey or the pass.
		var abbeys []int
		for i := range acts {
			if acts[i].Tile == TileAbbey || acts[i].Verb == VerbAbbeyPass {
				abbeys = append(abbeys, i)
			}
		}
		if len(abbeys) > 0 && (rng.IntN(6) == 0 || g.Bag.DrawableCopies(g.Cat) == 0) {
			return acts[abbeys[rng.IntN(len(abbeys))]], true
		}
		if g.Bag.DrawableCopies(g.Cat) == 0 {
			return acts[rng.IntN(len(acts))], true
		}
		// Draw a tile type as from the stack, then a placement of it.
		drawn := g.Bag.DrawnAt(g.Cat, rng.IntN(g.Bag.DrawableCopies(g.Cat))).ID
		for i := range acts {
			if acts[i].Verb != VerbGift && acts[i].Tile == drawn {
				of = append(of, i)
			}
		}
		if len(of) == 0 { // the drawn tile is not among the answers: the second `aside` of Two Choices (COMBO-37(e))
			return acts[rng.IntN(len(acts))], true
		}
		// Dense spots first, so that features get completed and the modules' scorings happen: weight 4^neighbours.
		return acts[weighted(rng, of, func(i int) int {
			w := 1
			for _, n := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
				if acts[i].Verb == VerbPlace && g.S.TileIndex(engine.Pos{X: acts[i].Pos.X + n[0], Y: acts[i].Pos.Y + n[1]}) >= 0 {
					w *= 4
				}
			}
			return w
		})], true
	case PhaseFigure, PhaseMoving:
		if len(acts) == 1 || rng.IntN(4) == 0 {
			return acts[0], true // pass, decline
		}
		// Farmers stay on the board for good: deploy on fields less often.
		rest := make([]int, 0, len(acts)-1)
		for i := 1; i < len(acts); i++ {
			rest = append(rest, i)
		}
		return acts[weighted(rng, rest, func(i int) int {
			if acts[i].Verb == VerbDeploy && g.part.tile >= 0 {
				if l, err := g.S.SegByPlace(g.part.tile, acts[i].Place); err == nil && g.S.SegKind(g.S.Tiles[g.part.tile].Seg(l)) == engine.KField {
					return 1
				}
			}
			return 4
		})], true
	}
	return acts[rng.IntN(len(acts))], true
}

// weighted picks one of the indices with probability proportional to w.
func weighted(rng *rand.Rand, idx []int, w func(int) int) int {
	total := 0
	ws := make([]int, len(idx))
	for k, i := range idx {
		ws[k] = w(i)
		total += ws[k]
	}
	n := rng.IntN(total)
	for k, i := range idx {
		if n -= ws[k]; n < 0 {
			return i
		}
	}
	return idx[len(idx)-1]
}

// checkFigures checks the engine's index of figures by feature against a scan (engine.State.CheckIndex), figure
// conservation (engine.State.CheckFigures; DEF-5: every kind, builders and pigs included, on the board, in the City
// or in supply), the board's occupancy counts (builders and pigs never occupy, DEF-6) and that a builder stands on a
// road or city and a pig on a field, each beside a follower of its owner (TB-5, TB-11(b), TB-12, TB-13).
func checkFigures(t testing.TB, g *Game) {
	t.Helper()
	s := g.S
	if err := s.CheckIndex(); err != nil { // the figures of each feature, as the engine keeps them, are a scan's
		t.Fatal(err)
	}
	if g.Bag.land != sum(g.Bag.Land) || g.Bag.river != sum(g.Bag.River) { // the bag's totals, as it keeps them
		t.Fatalf("the bag counts %d land and %d river tiles, holds %d and %d", g.Bag.land, g.Bag.river,
			sum(g.Bag.Land), sum(g.Bag.River))
	}
	if err := s.CheckFigures(); err != nil { // every figure in supply, on the board or in the City (DEF-5)
		t.Fatal(err)
	}
	checkNeutral(t, g) // the dragon and the fairy (The Princess & the Dragon)
	occ := map[int32]int{}
	for i := range s.Figures {
		f := &s.Figures[i]
		switch f.Where {
		case engine.OnBoard:
			if f.Seg < 0 || int(f.Seg) >= s.SegCount() {
				t.Fatalf("figure %d on segment %d of %d", i, f.Seg, s.SegCount())
			}
			k := s.SegKind(f.Seg)
			if k == engine.KRiver || (f.Kind == engine.Abbot && !k.IsCentre()) || (f.Kind != engine.Abbot && k == engine.KGarden) {
				t.Fatalf("figure %d (%s) stands on a %s", i, f.Kind, k)
			}
			if f.Kind.IsSpecial() {
				if f.Kind == engine.Builder && k != engine.KRoad && k != engine.KCity || f.Kind == engine.Pig && k != engine.KField {
					t.Fatalf("%s of player %d on a %s (TB-5(c), TB-12)", f.Kind, f.Player, k)
				}
				alone := true
				for j := range s.Figures {
					o := &s.Figures[j]
					if o.Player == f.Player && o.Kind.IsFollower() && o.Where == engine.OnBoard && s.Root(o.Seg) == s.Root(f.Seg) {
						alone = false
					}
				}
				if alone {
					t.Fatalf("%s of player %d without a follower of its owner on its feature (TB-11(b), TB-13)", f.Kind, f.Player)
				}
				continue
			}
			if f.Kind == engine.Barn { // at a barn point, on its field; it never occupies (DEF-4, AM-21)
				if k != engine.KField {
					t.Fatalf("barn of player %d on a %s (AM-21)", f.Player, k)
				}
				continue
			}
			if f.Kind == engine.Mayor && k != engine.KCity || f.Kind == engine.Wagon && (k == engine.KField || k == engine.KGarden) {
				t.Fatalf("%s of player %d on a %s (AM-11, AM-14)", f.Kind, f.Player, k)
			}
			occ[s.Root(f.Seg)]++
		case engine.InCity:
			if f.Kind.IsSpecial() {
				t.Fatalf("%s of player %d in the City (COMBO-16(a))", f.Kind, f.Player)
			}
			if f.Kind == engine.Barn || f.Kind == engine.Mayor && f.Quarter != engine.Palace ||
				f.Kind == engine.Wagon && f.Quarter == engine.Market {
				t.Fatalf("%s of player %d in quarter %d (COMBO-42(a))", f.Kind, f.Player, f.Quarter)
			}
			if !s.City.Active || f.Quarter >= engine.NumQuarters || (f.Kind == engine.Abbot && f.Quarter != engine.Cathedral) ||
				(f.Quarter == engine.Market && !s.Opts.Farmers) {
				t.Fatalf("figure %d in quarter %d (COUNT-8)", i, f.Quarter)
			}
		}
	}
	for r, n := range occ {
		if s.Occupied(r) != n {
			t.Fatalf("feature %d counts %d figures, %d stand on it", r, s.Occupied(r), n)
		}
	}
}

// checkScores checks BASE-14 against the previous scores and that the summary's breakdown adds up to the scores
// (END-10).
func checkScores(t testing.TB, g *Game, prev [engine.MaxPlayers]int) {
	t.Helper()
	sum := g.Summary()
	add := map[Colour]int{}
	for _, e := range sum.Breakdown {
		if e.Points < 0 {
			t.Fatalf("negative scoring %+v (BASE-14)", e)
		}
		for _, c := range e.Players {
			add[c] += e.Points
		}
		for _, b := range e.Bonuses { // the pig, the pig herd (TB-14, COMBO-12)
			if b.Points <= 0 || len(b.Players) == 0 {
				t.Fatalf("empty bonus %+v in %+v", b, e)
			}
			for _, c := range b.Players {
				if !slices.Contains(e.Players, c) {
					t.Fatalf("bonus %+v to %s, who did not score the field %+v", b, c, e)
				}
				add[c] += b.Points
			}
		}
		if f := e.Fairy; f != nil { // the fairy's 3 points inside the feature's line (PD-18)
			add[f.Colour] += f.Points
		}
	}
	for p := 0; p < g.Players(); p++ {
		c := g.Colour(p)
		if g.S.Scores[p] < prev[p] || g.S.Scores[p] < 0 {
			t.Fatalf("%s's score went from %d to %d (BASE-14)", c, prev[p], g.S.Scores[p])
		}
		if sum.Scores[c] != g.S.Scores[p] || add[c] != g.S.Scores[p] {
			t.Fatalf("%s: score %d, summary %d, breakdown adds to %d (END-10)", c, g.S.Scores[p], sum.Scores[c], add[c])
		}
	}
}

// checkLegalAccepted applies listed actions to a copy of the game: each must be accepted. With all, every one;
// otherwise every action but the placements, which are all checked against the engine (CanPlace) and a few of them
// applied (a copy per action is what makes the check slow).
func checkLegalAccepted(t testing.TB, g *Game, d Decision, rng *rand.Rand, all bool) {
	t.Helper()
	var places []Action
	seen := map[actionKey]bool{}
	for _, a := range d.Actions {
		if err := a.Validate(); err != nil || a.Colour != g.Colour(d.Player) {
			t.Fatalf("listed action %q does not validate (%v) or is not %s's", a, err, g.Colour(d.Player))
		}
		if seen[keyOf(a)] {
			t.Fatalf("%q listed twice", a)
		}
		seen[keyOf(a)] = true
		if a.Verb == VerbPlace && !all {
			if err := g.S.CanPlace(g.Cat.Tile(a.Tile), engine.Pos{X: a.Pos.X, Y: a.Pos.Y}, a.Rot/90); err != nil {
				t.Fatalf("listed placement %q: %v", a, err)
			}
			places = append(places, a)
			continue
		}
		c := g.Clone()
		if err := c.Apply(a); err != nil {
			t.Fatalf("listed action %q refused in phase %s: %v\n%s", a, g.Phase, err, recordText(g))
		}
	}
	for i := 0; i < 6 && len(places) > 0; i++ {
		a := places[rng.IntN(len(places))]
		if err := g.Clone().Apply(a); err != nil {
			t.Fatalf("listed action %q refused in phase %s: %v\n%s", a, g.Phase, err, recordText(g))
		}
	}
	if d.Optional && (d.Phase == PhaseCity || d.Phase == PhaseCount) {
		n := g.AfterDecline()
		for _, a := range n.LegalActions() {
			if a.Verb == VerbPlace && !all && rng.IntN(20) != 0 {
				continue
			}
			c := g.Clone()
			if err := c.Apply(a); err != nil {
				t.Fatalf("declining %s with %q refused: %v\n%s", g.Phase, a, err, recordText(g))
			}
		}
	}
}

// actionKey is an Action without its comments and line: comparable, cheaper than String as a map key.
type actionKey struct {
	Colour                               Colour
	Verb                                 Verb
	Tile, Place, Quarter, Gift, NewPlace string
	Pos                                  Pos
	Rot                                  int
	Abbot, Large, Builder, Pig           bool
	Mayor, Wagon, Barn, Home             bool // Abbey & Mayor
	Target                               FeatureRef
	Victim                               Colour // princess (PD-21)
}

func keyOf(a Action) actionKey {
	return actionKey{a.Colour, a.Verb, a.Tile, a.Place, a.Quarter, a.Gift, a.NewPlace, a.Pos, a.Rot, a.Abbot, a.Large,
		a.Builder, a.Pig, a.Mayor, a.Wagon, a.Barn, a.Home, a.Target, a.Victim}
}

// checkComplete compares the listed placements and deploys with the engine's checks of every candidate: nothing
// legal is missing (BASE-4, BASE-5, BASE-6).
func checkComplete(t testing.TB, g *Game, d Decision, placements bool) {
	t.Helper()
	listed := map[actionKey]bool{}
	for _, a := range d.Actions {
		listed[keyOf(a)] = true
	}
	s := g.S
	switch d.Phase {
	case PhaseTile:
		if !placements {
			break
		}
		front := s.Frontier()
		for _, tt := range g.Bag.Drawable(g.Cat) {
			if tt.IsDragonTile() && s.Opts.PrincessDragon && !s.PD.DragonIn {
				continue // set aside, not placed (PD-5)
			}
			any := false
			for _, p := range front {
				for rot := 0; rot < 4; rot++ {
					if s.CanPlace(tt, p, rot) != nil {
						continue
					}
					any = true
					a := Action{Colour: g.Colour(g.Active), Verb: VerbPlace, Tile: tt.ID, Pos: Pos{p.X, p.Y}, Rot: 90 * rot}
					if tt.DistinctRotation(rot) && !listed[keyOf(a)] {
						t.Fatalf("legal placement %q not listed", a)
					}
					if !tt.DistinctRotation(rot) {
						found := false
						for r := 0; r < rot; r++ {
							a.Rot = 90 * r
							found = found || listed[keyOf(a)]
						}
						if !found {
							t.Fatalf("legal placement %s %v rotation %d: no equivalent listed", tt.ID, p, rot)
						}
					}
				}
			}
			// The engine's move enumeration (W1) offers the same placements.
			var n int
			for _, m := range s.LegalMoves(tt, g.Active, nil) {
				if m.Local >= 0 {
					continue
				}
				n++
				a := Action{Colour: g.Colour(g.Active), Verb: VerbPlace, Tile: tt.ID, Pos: Pos{m.Pos.X, m.Pos.Y}, Rot: 90 * m.Rot}
				if !listed[keyOf(a)] {
					t.Fatalf("LegalMoves offers %q, not listed", a)
				}
			}
			if n != s.CountPlacements(tt) {
				t.Fatalf("tile %s: LegalMoves offers %d placements, CountPlacements %d", tt.ID, n, s.CountPlacements(tt))
			}
			disc := Action{Colour: g.Colour(g.Active), Verb: VerbDiscard, Tile: tt.ID}
			if any == listed[keyOf(disc)] {
				t.Fatalf("tile %s: placeable=%v but discard listed=%v (BASE-5)", tt.ID, any, listed[keyOf(disc)])
			}
		}
	case PhaseFigure:
		n := 0
		for l := range s.Tiles[g.part.tile].Type.Segs {
			for kind := engine.FigureKind(0); kind < engine.NumFigureKinds; kind++ { // the builder and the pig too
				if s.CanDeploy(g.Active, kind, g.part.tile, l) != nil {
					continue
				}
				n++
				a := naming(Action{Colour: g.Colour(g.Active), Verb: VerbDeploy, Place: s.PlaceName(g.part.tile, l)}, kind)
				if !listed[keyOf(a)] {
					t.Fatalf("legal deploy %q not listed", a)
				}
			}
		}
		deploys := 0
		for _, a := range d.Actions {
			// A portal's placements elsewhere (CanDeployThrough, PD-23) and the barn at a corner (CanDeployBarn, AM-21)
			// are not a figure on a segment of the tile.
			if a.Verb == VerbDeploy && !a.portalDeploy() && !a.Barn {
				deploys++
			}
		}
		if deploys != n {
			t.Fatalf("%d deploys listed, the engine allows %d", deploys, n)
		}
	}
	// Brute force over every candidate the record can name for the small decisions: accepted iff listed.
	var cands []Action
	c := g.Colour(d.Player)
	switch d.Phase {
	case PhaseCity, PhaseCount:
		for _, q := range quarters {
			for _, kind := range figureKinds {
				cands = append(cands, naming(Action{Colour: c, Verb: VerbCity, Quarter: q}, kind))
			}
		}
		if d.Phase == PhaseCount {
			cands = cands[:0]
			for _, q := range quarters {
				cands = append(cands, Action{Colour: c, Verb: VerbCount, Quarter: q})
			}
		}
	case PhaseMoving:
		for _, tg := range g.Targets() {
			for _, q := range quarters {
				for _, kind := range figureKinds {
					cands = append(cands, naming(Action{Colour: c, Verb: VerbMove, Quarter: q, Target: g.segRef(tg)}, kind))
				}
			}
		}
	case PhaseFigure:
		for i := range s.Tiles {
			if s.Tiles[i].Type.Centre < 0 {
				continue
			}
			p := s.Tiles[i].Pos
			cands = append(cands, Action{Colour: c, Verb: VerbReturnAbbot, Pos: Pos{p.X, p.Y}})
		}
	}
	for _, a := range cands {
		err := g.Clone().apply(&a) // the copy is thrown away: no need for Apply's rebuild after a refusal
		err = asRefusal(err)
		if (err == nil) != listed[keyOf(a)] {
			t.Fatalf("%q: accepted=%v listed=%v (%v)", a, err == nil, listed[keyOf(a)], err)
		}
	}
}

func recordText(g *Game) string {
	var b bytes.Buffer
	if err := WriteRecord(&b, &Record{Setup: g.Setup, Actions: g.Actions}); err != nil {
		return "(record does not write: " + err.Error() + ")"
	}
	return b.String()
}

// garbage returns a random action, most of them malformed or illegal.
func garbage(g *Game, rng *rand.Rand) Action {
	all := AllColours()
	vs := slices.DeleteFunc(Verbs(), func(v Verb) bool { return v == VerbEnd })
	a := Action{Verb: vs[rng.IntN(len(vs))], Colour: all[rng.IntN(len(all))]}
	places := append(append(append([]string{"#f1", "#c1", "#r1", "#x"}, edges...), halfEdges...), centres...)
	pos := func() Pos { return Pos{rng.IntN(9) - 4, rng.IntN(9) - 4} }
	types := g.Cat.Types
	switch a.Verb {
	case VerbPlace:
		a.Tile, a.Pos, a.Rot = types[rng.IntN(len(types))].ID, pos(), 90*rng.IntN(4)
	case VerbDiscard:
		a.Tile = types[rng.IntN(len(types))].ID
	case VerbDeploy:
		a.Place, a.Abbot = places[rng.IntN(len(places))], rng.IntN(3) == 0
	case VerbReturnAbbot:
		a.Pos = pos()
	case VerbCity, VerbCount:
		a.Quarter = quarters[rng.IntN(4)]
		a.Abbot = a.Verb == VerbCity && rng.IntN(3) == 0
	case VerbMove:
		a.Quarter, a.Target, a.Abbot = quarters[rng.IntN(4)], FeatureRef{pos(), places[rng.IntN(len(places))]}, rng.IntN(3) == 0
	case VerbMarket:
		a.Target = FeatureRef{pos(), places[rng.IntN(len(places))]}
	case VerbGift:
		a.Gift = gifts[rng.IntN(len(gifts))]
		switch a.Gift {
		case GiftSynod:
			a.Target, a.Abbot = FeatureRef{pos(), centres[rng.IntN(len(centres))]}, rng.IntN(3) == 0
		case GiftCashOut:
			a.Target, a.Abbot = FeatureRef{pos(), places[rng.IntN(len(places))]}, rng.IntN(3) == 0
		case GiftRoadSweeper:
			a.Target = FeatureRef{pos(), places[rng.IntN(len(places))]}
		case GiftChangePosition:
			a.Target, a.NewPlace = FeatureRef{pos(), places[rng.IntN(len(places))]}, places[rng.IntN(len(places))]
		}
	}
	if a.usedFields()&fLarge != 0 && rng.IntN(4) == 0 { // the large follower where a figure word may stand (IC-4)
		a.Abbot, a.Large = false, true
	}
	if a.usedFields()&fLarge != 0 && rng.IntN(4) == 0 { // the builder or the pig (TB-5, TB-12; refused outside deploy)
		a.Abbot, a.Large = false, false
		a.setFigure([]string{FigureBuilder, FigurePig}[rng.IntN(2)])
	}
	return a
}

// checks selects the expensive checks of a random game.
type checks struct {
	exhaustive bool // listed actions applied to a copy (placements sampled), completeness against the engine
	all        bool // every listed action applied to a copy, placements included
	undo       int  // undo/redo probes
	garbage    int  // 1 in garbage actions is followed by a garbage probe (0: none)
}

// playRandom plays one random game with every check and returns it.
func playRandom(t testing.TB, setup Setup, seed uint64, po playerOpts, ck checks) *Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatalf("set-up %s: %v", setup, err)
	}
	placed := map[int]int{} // tiles placed per turn: at most two, the builder's double turn (TB-8)
	undoAt := map[int]bool{}
	for i := 0; i < ck.undo; i++ {
		undoAt[1+rng.IntN(150)] = true
	}
	for step := 0; ; step++ {
		if g.Phase == PhaseEnded {
			break
		}
		var a Action
		if po.endAt > 0 && step == po.endAt {
			a = stopEarly(g)
		} else {
			d := g.Legal()
			if ck.exhaustive {
				checkLegalAccepted(t, g, d, rng, ck.all)
				checkComplete(t, g, d, ck.all || g.TurnNo%2 == 0) // the placements on every other turn: slow
			}
			var ok bool
			if a, ok = pickAction(g, rng); !ok {
				break
			}
		}
		if ck.garbage > 0 && rng.IntN(ck.garbage) == 0 {
			probeGarbage(t, g, rng)
		}
		prev := g.S.Scores
		var moves []engine.Move
		if ck.exhaustive && a.Verb == VerbPlace {
			// The player of the action: the previous one's City decision may be declined by this placement.
			for _, m := range g.S.LegalMoves(g.Cat.Tile(a.Tile), g.Player(a.Colour), nil) {
				if m.Pos == (engine.Pos{X: a.Pos.X, Y: a.Pos.Y}) && m.Rot == a.Rot/90 && m.Local >= 0 {
					moves = append(moves, m)
				}
			}
		}
		barns := barnsOnBoard(g)
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d step %d: legal action %q refused: %v\n%s", seed, step, a, err, recordText(g))
		}
		if a.Verb == VerbPlace {
			// The tile's turn is the one it lies in: a placement may first decline the previous turn's decisions
			// (the City's, COUNT-6), which ends that turn, so the turn before applying it may be the one before.
			turn := g.TurnNo
			placed[turn]++
			if placed[turn] > 2 || g.Part() > 2 || g.Part() < 1 {
				t.Fatalf("seed %d step %d: %d tiles placed in turn %d, part %d: a third tile (TB-8)\n%s", seed, step,
					placed[turn], turn, g.Part(), recordText(g))
			}
		}
		if ck.exhaustive && a.Verb == VerbPlace && g.Phase == PhaseFigure && a.Tile != TileAbbey { // the abbey: no LegalMoves
			checkMovesMatch(t, g, moves)
		}
		checkFigures(t, g)
		if n := barnsOnBoard(g); n < barns { // AM-26: a barn never leaves the board
			t.Fatalf("seed %d step %d: %d barns on the board, %d before %q (AM-26)\n%s", seed, step, n, barns, a,
				recordText(g))
		}
		checkScores(t, g, prev)
		if undoAt[step] {
			probeUndo(t, g, rng)
			probeFinal(t, g)
		}
		if a.Verb == VerbEnd {
			break
		}
	}
	if g.Phase != PhaseEnded {
		t.Fatalf("seed %d: game stopped in phase %s", seed, g.Phase)
	}
	sum := g.Summary()
	if !sum.Final {
		t.Fatalf("seed %d: ended game's summary is not final", seed)
	}
	checkScores(t, g, [engine.MaxPlayers]int{})
	checkFeatureRefs(t, g, sum)
	checkReplay(t, g)
	return g
}

// stopEarly returns the action that stops the game now: "end", or with the City, a market move when a player may
// make one (the first market line ends the play of tiles, COUNT-19).
func stopEarly(g *Game) Action {
	if g.Phase == PhaseTile && g.S.City.Active {
		for p := 0; p < g.Players(); p++ {
			if g.S.InQuarter(p, engine.Market, engine.Follower) == 0 {
				continue
			}
			for _, a := range g.legalMarket(p, nil) {
				if g.Clone().apply(&a) == nil {
					return a
				}
			}
		}
	}
	return Action{Verb: VerbEnd}
}

// checkMovesMatch compares the engine's move enumeration before the placement (a follower or the large follower on
// each feature of the tile whose joined feature would be unoccupied, the abbot on its building; W1) with the deploy
// options after it: the same features and kinds.
func checkMovesMatch(t testing.TB, g *Game, moves []engine.Move) {
	t.Helper()
	s := g.S
	type option struct {
		root int32
		kind engine.FigureKind
	}
	fromMoves, fromDeploy := map[option]bool{}, map[option]bool{}
	for _, m := range moves {
		fromMoves[option{s.Root(s.Tiles[g.part.tile].Seg(int(m.Local))), m.Kind}] = true
	}
	for _, o := range s.DeployOptions(g.Active, g.part.tile, nil) {
		if o.Kind == engine.Barn {
			continue // the engine's LegalMoves (the benchmarks' random player) places no barn: it stands at a corner
		}
		fromDeploy[option{s.Root(s.Tiles[g.part.tile].Seg(o.Local)), o.Kind}] = true
	}
	if !reflect.DeepEqual(fromMoves, fromDeploy) {
		t.Fatalf("tile %s: LegalMoves offers a follower on features %v, DeployOptions on %v\n%s",
			s.Tiles[g.part.tile].Type.ID, fromMoves, fromDeploy, recordText(g))
	}
}

// probeGarbage applies a random action: refused, it leaves the summary and the record as they were.
func probeGarbage(t testing.TB, g *Game, rng *rand.Rand) {
	t.Helper()
	a := garbage(g, rng)
	if a.Validate() != nil {
		return
	}
	c := g.Clone()
	if err := c.Apply(a); err == nil {
		return // legal after all
	} else if r, ok := err.(*Refusal); !ok || r.Rule == "" {
		t.Fatalf("garbage %q: error %v is not a refusal with a rule", a, err)
	}
	before, acts, phase := g.Summary(), slices.Clone(g.Actions), g.Phase
	if err := g.Apply(a); err == nil {
		t.Fatalf("garbage %q refused on a copy, accepted on the game", a)
	}
	if !reflect.DeepEqual(before, g.Summary()) || !reflect.DeepEqual(acts, g.Actions) || phase != g.Phase {
		t.Fatalf("refused %q changed the game", a)
	}
}

// probeUndo takes back k actions and applies them again: the summary is the same (undo is exact).
func probeUndo(t testing.TB, g *Game, rng *rand.Rand) {
	t.Helper()
	before, acts := g.Summary(), slices.Clone(g.Actions)
	k := 1 + rng.IntN(min(12, len(g.Actions)))
	back := g.Undo(k)
	if len(back) != k || len(g.Actions) != len(acts)-k {
		t.Fatalf("Undo(%d) took back %d", k, len(back))
	}
	for i := len(back) - 1; i >= 0; i-- {
		if err := g.Apply(back[i]); err != nil {
			t.Fatalf("redo of %q after Undo(%d) refused: %v", back[i], k, err)
		}
	}
	if !reflect.DeepEqual(before, g.Summary()) || !reflect.DeepEqual(acts, g.Actions) {
		t.Fatalf("Undo(%d) and redo changed the summary", k)
	}
}

// probeFinal scores the game as if it ended now (Final, the table's "what if we stopped now"): the copy's
// breakdown adds up, the game itself is unchanged, and replaying the record with final scoring agrees.
func probeFinal(t testing.TB, g *Game) {
	t.Helper()
	before := g.Summary()
	f := g.Final()
	if f.Phase != PhaseEnded || !f.Summary().Final {
		t.Fatalf("Final left the copy in phase %s", f.Phase)
	}
	checkScores(t, f, g.S.Scores)
	if !reflect.DeepEqual(before, g.Summary()) {
		t.Fatalf("Final changed the game")
	}
	rec, err := ParseRecord(strings.NewReader(recordText(g)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReplayRecord(rec, g.Cat, true)
	if err != nil {
		t.Fatalf("replay with final scoring: %v", err)
	}
	if got, want := r.Summary(), f.Summary(); !reflect.DeepEqual(got.Scores, want.Scores) || !reflect.DeepEqual(got.Breakdown, want.Breakdown) {
		t.Fatalf("replay --final gives %v, Final %v", got.Scores, want.Scores)
	}
}

// checkFeatureRefs checks that every feature the breakdown names ("x,y:PLACE", END-10) is on the board.
func checkFeatureRefs(t testing.TB, g *Game, sum Summary) {
	t.Helper()
	for _, e := range sum.Breakdown {
		if e.Feature == "" {
			continue
		}
		xy, place, _ := strings.Cut(e.Feature, ":")
		var p engine.Pos
		if _, err := fmt.Sscanf(xy, "%d,%d", &p.X, &p.Y); err != nil {
			t.Fatalf("breakdown names %q", e.Feature)
		}
		if _, err := g.S.FeatureAt(p, place); err != nil {
			t.Fatalf("breakdown names %q: %v", e.Feature, err)
		}
	}
}

// checkReplay writes the record, parses it and replays it: the same summary.
func checkReplay(t testing.TB, g *Game) {
	t.Helper()
	text := recordText(g)
	rec, err := ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatalf("record does not parse: %v\n%s", err, text)
	}
	r, err := ReplayRecord(rec, g.Cat, false)
	if err != nil {
		t.Fatalf("record does not replay: %v\n%s", err, text)
	}
	if got, want := r.Summary(), g.Summary(); !reflect.DeepEqual(got, want) {
		t.Fatalf("replayed summary differs\n got %+v\nwant %+v\n%s", got.Scores, want.Scores, text)
	}
}

// randomGames overrides the number of random games of each kind, for a long local run:
// go test -run TestRandom ./referee/ -args -random-games=5000
var randomGames = flag.Int("random-games", 0, "number of random base and expansion games (0: the default)")

// randomSeed shifts the seeds of the random games, for a long local run on other games.
var randomSeed = flag.Uint64("random-seed", 0, "added to the seeds of the random games")

func gameCounts() (base, exp, exhaustive int) {
	if *randomGames > 0 {
		return *randomGames, *randomGames, *randomGames / 10
	}
	if testing.Short() {
		return 20, 20, 2
	}
	return 200, 100, 6
}

func TestRandomBaseGames(t *testing.T) {
	t.Parallel()
	nBase, _, nEx := gameCounts()
	for i := 0; i < nBase; i++ {
		seed := *randomSeed + uint64(1000+i)
		rng := rand.New(rand.NewPCG(seed, 0))
		var exps []string
		if rng.IntN(2) == 0 {
			exps = []string{ExpansionFarmers}
		}
		po := playerOpts{}
		if rng.IntN(10) == 0 {
			po.endAt = 1 + rng.IntN(120)
		}
		ck := checks{exhaustive: i < nEx, all: i == 0 && !testing.Short(), undo: 2, garbage: 20}
		setup := randomSetup(rng, exps)
		t.Run(fmt.Sprint(seed), func(t *testing.T) { playRandom(t, setup, seed, po, ck) })
	}
}

func TestRandomExpansionGames(t *testing.T) {
	t.Parallel()
	_, nExp, nEx := gameCounts()
	fixed := [][]string{
		{ExpansionCount, ExpansionFarmers}, {ExpansionRiver}, {ExpansionRiver2}, {ExpansionRiver, ExpansionRiver2},
		{ExpansionCount, ExpansionRiver, ExpansionRiver2, ExpansionAbbot}, {ExpansionAbbot, ExpansionFarmers},
		{ExpansionShrines, ExpansionAbbot}, {ExpansionKingRobber}, {ExpansionNewTiles}, {ExpansionGifts, ExpansionFarmers},
		{ExpansionGifts, ExpansionAbbot, ExpansionShrines, ExpansionCount, ExpansionFarmers},
		{ExpansionCount, ExpansionRiver2}, {ExpansionCount, ExpansionRiver},
		// Inns & Cathedrals: the large follower in every decision, six players (randomSetup), the River II inn.
		{ExpansionInnsCathedrals, ExpansionFarmers}, {ExpansionInnsCathedrals, ExpansionCount, ExpansionFarmers, ExpansionAbbot},
		{ExpansionInnsCathedrals, ExpansionGifts, ExpansionShrines, ExpansionAbbot, ExpansionFarmers},
		{ExpansionInnsCathedrals, ExpansionRiver2, ExpansionKingRobber},
		{ExpansionFarmers, ExpansionAbbot, ExpansionInnsCathedrals, ExpansionCount, ExpansionKingRobber, ExpansionShrines,
			ExpansionNewTiles, ExpansionGifts, ExpansionRiver},
		// Traders & Builders: the double turn in every decision (gifts and the City per part), the pig with farmers,
		// the River II pig herd, the builder in the river phase (COMBO-13).
		{ExpansionTradersBuilders, ExpansionFarmers}, {ExpansionTradersBuilders, ExpansionCount, ExpansionFarmers},
		{ExpansionTradersBuilders, ExpansionGifts, ExpansionFarmers, ExpansionAbbot},
		{ExpansionTradersBuilders, ExpansionRiver2, ExpansionFarmers, ExpansionKingRobber},
		{ExpansionFarmers, ExpansionInnsCathedrals, ExpansionTradersBuilders, ExpansionCount, ExpansionKingRobber,
			ExpansionShrines, ExpansionNewTiles, ExpansionGifts},
	}
	for i := 0; i < nExp; i++ {
		seed := *randomSeed + uint64(5000+i)
		rng := rand.New(rand.NewPCG(seed, 0))
		exps := randomExpansions(rng)
		if i < len(fixed) {
			exps = fixed[i]
		}
		po := playerOpts{}
		if rng.IntN(10) == 0 || (slices.Contains(exps, ExpansionCount) && rng.IntN(3) == 0) {
			po.endAt = 1 + rng.IntN(200)
		}
		ck := checks{exhaustive: i < len(fixed)+nEx/2, all: false, undo: 2, garbage: 20}
		setup := randomSetup(rng, exps)
		t.Run(fmt.Sprintf("%d-%s", seed, strings.Join(exps, "+")), func(t *testing.T) { playRandom(t, setup, seed, po, ck) })
	}
}

// barnsOnBoard counts the barns on the board (Abbey & Mayor): once placed a barn stays (AM-26). Every wagon is on
// the board, in the City or in supply, as every figure (CheckFigures: DEF-5), a waiting wagon in supply (AM-16).
func barnsOnBoard(g *Game) int {
	n := 0
	for i := range g.S.Figures {
		if f := &g.S.Figures[i]; f.Kind == engine.Barn && f.Where == engine.OnBoard {
			n++
		}
	}
	return n
}
