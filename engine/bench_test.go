package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The engine benchmark workloads W1, W3, W4, W5 (bench-workload spec, transcribed into the README): a full random
// base game with farmers for two players, the start tile a copy of D at 0,0, the other 71 tiles shuffled by a
// seeded PRNG; each turn every legal move is enumerated and one is picked uniformly.

func baseBag(cat *Catalogue) (start *TileType, bag []*TileType) {
	for _, t := range cat.Set("base") {
		n := t.Count
		if t.Start {
			start = t
			n--
		}
		for i := 0; i < n; i++ {
			bag = append(bag, t)
		}
	}
	return
}

// allBag is the land stack of W1 with every module: the base game's 71 tiles (the City of Carcassonne is the start
// piece and replaces the start tile, CFG-4), the 5 shrines, the 5 new tiles, the 18 Inns & Cathedrals tiles and the
// 24 Traders & Builders tiles; the start is the City's first cell (its piece is laid whole).
func allBag(cat *Catalogue) (start *TileType, bag []*TileType) {
	for _, set := range []string{"base", "shrines", "newtiles", "ic", "tb", "pd", "am"} {
		for _, t := range cat.Set(set) {
			n := t.Count
			if t.Start {
				n--
			}
			if t.Abbey {
				n = 0 // the abbeys are held, never drawn (AM-2)
			}
			for i := 0; i < n; i++ {
				bag = append(bag, t)
			}
		}
	}
	return cat.StartOf("city"), bag
}

// newW1AllState is W1's state with every module of the engine: farmers, the abbot, shrines, the King and the Robber
// Baron, the City of Carcassonne flag side up, the gifts, Inns & Cathedrals (the large follower among the moves),
// Traders & Builders (the builder and the pig among the moves, goods, the double turn: w1Game gives a player whose
// tile extended their builder's road or city the next tile too, TB-7, never a third, TB-8).
func newW1AllState() *State {
	return New(Standard(), Options{Players: 2, Followers: 7, Farmers: true, Abbot: true, Shrines: true, King: true,
		Count: true, Gifts: true, InnsCathedrals: true, TradersBuilders: true, PrincessDragon: true, AbbeyMayor: true})
}

// w1Workload returns a new State for W1 with its start and land stack: the base game's (newW1State, baseBag), or
// with all the variant with every module (newW1AllState, allBag).
func w1Workload(cat *Catalogue, all bool) (s *State, start *TileType, bag []*TileType) {
	if all {
		start, bag = allBag(cat)
		return newW1AllState(), start, bag
	}
	start, bag = baseBag(cat)
	return newW1State(), start, bag
}

type w1Stats struct {
	turns, placements, moves, farmers, discards, doubles int
}

// w1Game plays one W1 game on s (reset first) and adds to st. It records the moves when rec is not nil.
// countPlacements makes w1Game count the legal placements of every turn (the sanity statistic); the benchmark
// turns it off, since a player's turn needs the moves, not a second enumeration of the placements.
var countPlacements = true

func w1Game(s *State, seed uint64, bag []*TileType, start *TileType, st *w1Stats, rec *[]w1Move,
	moves []Move, log []Score) ([]Move, []Score) {
	s.Reset()
	s.PlaceStart(start)
	rng := rand.New(rand.NewPCG(seed, 0))
	order := append(bag[:0:0], bag...)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	player, second := 0, false
	var aside []*TileType
	for i := 0; i < len(order); i++ {
		t := order[i]
		if s.Opts.PrincessDragon && t.IsDragonTile() && !s.PD.DragonIn {
			aside = append(aside, t) // set aside until the first volcano (PD-5)
			continue
		}
		moves = s.LegalMoves(t, player, moves[:0])
		if len(moves) == 0 {
			st.discards++
			continue
		}
		st.turns++
		if countPlacements {
			st.placements += s.CountPlacements(t)
		}
		st.moves += len(moves)
		m := moves[rng.IntN(len(moves))]
		if rec != nil {
			*rec = append(*rec, w1Move{t: t, player: player, m: m})
		}
		var err error
		log, err = s.PlayMove(player, t, m, log[:0])
		if err != nil {
			panic(err)
		}
		if s.Opts.PrincessDragon {
			var steps []Pos
			order, steps = w1Dragon(s, rng, t, order, i, &aside, rec != nil)
			if rec != nil {
				(*rec)[len(*rec)-1].steps = steps
			}
		}
		if s.Turn.BuilderExtended && !second { // the builder's second tile (TB-7), never a third (TB-8)
			second = true
			st.doubles++
			continue
		}
		player, second = player^1, false
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where == OnBoard && s.SegKind(f.Seg) == KField {
			st.farmers++
		}
	}
	return moves, log
}

// w1Dragon plays The Princess & the Dragon's part of a W1 turn after the tile t (order[i]) was placed: a volcano puts
// the dragon on it and shuffles the tiles set aside back into the rest of the stack (PD-5, PD-6); a dragon tile makes
// the dragon take up to six random steps, eating what stands on the tiles it enters (PD-8..13). PlayMove has scored
// the turn already: in W1 the movement comes after the scoring (its cost is the same; the referee keeps SEQ-5a's
// order). The fairy is not moved (LegalMoves lists no fairy). It returns the stack and, with keep, the steps.
func w1Dragon(s *State, rng *rand.Rand, t *TileType, order []*TileType, i int, aside *[]*TileType,
	keep bool) ([]*TileType, []Pos) {
	var steps []Pos
	switch y, _ := t.PDSymbol(); {
	case y == SymVolcano:
		s.LandDragon(len(s.Tiles) - 1)
		for _, a := range *aside {
			j := i + 1 + rng.IntN(len(order)-i)
			order = slices.Insert(order, j, a)
		}
		*aside = (*aside)[:0]
	case y == SymDragon && s.PD.DragonIn:
		var visited, open [DragonSteps + 1]Pos
		vis := append(visited[:0], s.PD.Dragon)
		var eaten [16]int
		for step := 0; step < DragonSteps; step++ {
			o := s.DragonOpen(vis, open[:0])
			if len(o) == 0 {
				break
			}
			p := o[rng.IntN(len(o))]
			if _, err := s.DragonStep(p, vis, eaten[:0]); err != nil {
				panic(err)
			}
			vis = append(vis, p)
			if keep {
				steps = append(steps, p)
			}
		}
	}
	return order, steps
}

// w1Recorded plays game seed of W1 on s and returns its moves, s left as the game ended (no final scoring).
func w1Recorded(s *State, seed uint64, start *TileType, bag []*TileType) []w1Move {
	var rec []w1Move
	var st w1Stats
	w1Game(s, seed, bag, start, &st, &rec, nil, nil)
	return rec
}

// w1Sanity plays W1 games 1..games (all: the variant with every module) and returns their statistics, once it has
// checked that the land stack has size tiles; each, if not nil, sees every game as it ended, with its moves.
func w1Sanity(t *testing.T, all bool, size int, games uint64, each func(s *State, seed uint64, rec []w1Move)) w1Stats {
	t.Helper()
	s, start, bag := w1Workload(Standard(), all)
	if len(bag) != size {
		t.Fatalf("bag has %d tiles, want %d", len(bag), size)
	}
	var st w1Stats
	var moves []Move
	var log []Score
	for seed := uint64(1); seed <= games; seed++ {
		if each == nil {
			moves, log = w1Game(s, seed, bag, start, &st, nil, moves, log)
			continue
		}
		var rec []w1Move
		moves, log = w1Game(s, seed, bag, start, &st, &rec, moves, log)
		each(s, seed, rec)
	}
	return st
}

type w1Move struct {
	t      *TileType
	player int
	m      Move
	steps  []Pos // the dragon's steps after the move (The Princess & the Dragon, w1Dragon)
}

// play plays the recorded move on s as w1Game did: the move, the dragon landing on a volcano, its steps.
func (r w1Move) play(s *State) error {
	if _, err := s.PlayMove(r.player, r.t, r.m, nil); err != nil {
		return err
	}
	if s.IsVolcano(r.t) {
		s.LandDragon(len(s.Tiles) - 1)
	}
	vis := []Pos{s.PD.Dragon}
	for _, p := range r.steps {
		if _, err := s.DragonStep(p, vis, nil); err != nil {
			return err
		}
		vis = append(vis, p)
	}
	return nil
}

func newW1State() *State {
	return New(Standard(), Options{Players: 2, Followers: 7, Farmers: true})
}

// TestW1Sanity plays the 200 W1 games and checks the workload's sanity statistics: 71 turns a game, 27.5 ± 0.5
// legal placements a turn, about 40 legal moves a turn, about 7 followers on fields at the end. An engine that
// drops a rule misses them.
func TestW1Sanity(t *testing.T) {
	const games = 200
	st := w1Sanity(t, false, 71, games, nil)
	turns := float64(st.turns) / games
	placements := float64(st.placements) / float64(st.turns)
	mv := float64(st.moves) / float64(st.turns)
	farmers := float64(st.farmers) / games
	t.Logf("W1 sanity: %.2f turns/game, %.2f placements/turn, %.2f moves/turn, %.2f farmers/game, %d discards",
		turns, placements, mv, farmers, st.discards)
	if turns < 70.5 || turns > 71 {
		t.Errorf("turns per game %.2f, want 71", turns)
	}
	if placements < 27 || placements > 28 {
		t.Errorf("placements per turn %.2f, want 27.5 ± 0.5", placements)
	}
	if mv < 35 || mv > 45 {
		t.Errorf("moves per turn %.2f, want about 40", mv)
	}
	if farmers < 5 || farmers > 9 {
		t.Errorf("farmers per game %.2f, want about 7", farmers)
	}
}

// TestW1AllSanity plays the W1 variant with every module (allBag, newW1AllState) and checks that it is the
// workload it claims: every tile of the 165 placed, set aside or discarded (The Princess & the Dragon's 30 and the 12
// of Abbey & Mayor with them; the mayor and the wagon among the moves, wagons set aside after their scorings go home),
// the large follower, the abbot, the builder and the
// pig among the moves, double turns, inn roads and cathedral cities scored, goods and pigs at the end, figures
// conserved (DEF-5) and scores never negative (BASE-14).
func TestW1AllSanity(t *testing.T) {
	const games = 50
	kinds := map[FigureKind]int{}
	rules := map[string]int{}
	st := w1Sanity(t, true, 165, games, func(s *State, seed uint64, rec []w1Move) {
		for _, r := range rec {
			if r.m.Local >= 0 {
				kinds[r.m.Kind]++
			}
		}
		for _, sc := range s.FinalScore(nil) {
			rules[sc.Rule]++
		}
		for p := 0; p < 2; p++ {
			n := 0
			for k := FigureKind(0); k < NumFigureKinds; k++ {
				n += s.InSupplyCount(p, k)
			}
			if n+s.OnBoardCount(p) != 7+1+1+2+3 || s.Scores[p] < 0 {
				t.Fatalf("seed %d: player %d has %d figures, score %d", seed, p, n+s.OnBoardCount(p), s.Scores[p])
			}
		}
	})
	turns := float64(st.turns) / games
	t.Logf("W1 with every module: %.2f turns/game, %.2f placements/turn, %.2f moves/turn, %.2f farmers/game, %d discards, "+
		"%.2f double turns/game; figures placed %v; final rules %v", turns, float64(st.placements)/float64(st.turns),
		float64(st.moves)/float64(st.turns), float64(st.farmers)/games, st.discards, float64(st.doubles)/games, kinds,
		rules)
	if turns < 152 || turns > 165 || kinds[Large] == 0 || kinds[Abbot] == 0 || kinds[Builder] == 0 || kinds[Pig] == 0 ||
		kinds[Mayor] == 0 || kinds[Wagon] == 0 ||
		st.doubles == 0 || rules["IC-9"] == 0 || rules["TB-4"] == 0 {
		t.Errorf("turns %.2f, figures %v, final rules %v: the variant does not play every module", turns, kinds, rules)
	}
}

// TestW1Conservation plays W1 games and checks after every turn that no follower is lost (on the board + in
// supply = 7 each), and that scores never decrease and never go negative (BASE-14, DEF-5).
func TestW1Conservation(t *testing.T) {
	s, start, bag := w1Workload(Standard(), false)
	for seed := uint64(1); seed <= 50; seed++ {
		rec := w1Recorded(s, seed, start, bag)
		s.Reset()
		s.PlaceStart(start)
		var prev [MaxPlayers]int
		for _, r := range rec {
			if _, err := s.PlayMove(r.player, r.t, r.m, nil); err != nil {
				t.Fatalf("seed %d: replay: %v", seed, err)
			}
			for p := 0; p < 2; p++ {
				if got := s.InSupplyCount(p, Follower) + s.OnBoardCount(p); got != 7 {
					t.Fatalf("seed %d: player %d has %d followers", seed, p, got)
				}
				if s.Scores[p] < prev[p] {
					t.Fatalf("seed %d: score of %d decreased", seed, p)
				}
				prev[p] = s.Scores[p]
			}
		}
		s.FinalScore(nil)
		for p := 0; p < 2; p++ {
			if s.Scores[p] < prev[p] {
				t.Fatalf("seed %d: final scoring decreased %d", seed, p)
			}
		}
	}
}

func BenchmarkW1FullGame(b *testing.B) {
	start, bag := baseBag(Standard())
	benchW1(b, newW1State(), start, bag)
}

// benchW1 plays W1 games on s (seeds 1..200 in turn) with the start piece and bag, each with its final scoring, and
// reports the moves per turn and the time per turn.
func benchW1(b *testing.B, s *State, start *TileType, bag []*TileType) {
	var st w1Stats
	moves := make([]Move, 0, 1024)
	log := make([]Score, 0, 64)
	countPlacements = false
	defer func() { countPlacements = true }()
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed = seed%200 + 1
		moves, log = w1Game(s, seed, bag, start, &st, nil, moves, log)
		log = s.FinalScore(log[:0])
	}
	b.ReportMetric(float64(st.moves)/float64(st.turns), "moves/turn")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(st.turns), "ns/turn")
}

// BenchmarkW1AllModules is W1 with every module of the engine (allBag, newW1AllState): 165 land tiles round the City
// of Carcassonne, the large follower, the abbot, the builder and the pig among the moves, shrine challenges, the King
// and the Robber Baron, gifts received, inn roads and cathedral cities, goods, double turns. Issues 18 and 19: within
// 2x of BenchmarkW1FullGame (ns/op per game; ns/turn per turn, since the variant has 165 turns to W1's 71). With The
// Princess & the Dragon (issue 28): the volcanoes, the set-aside dragon tiles and the dragon's movements (w1Dragon).
// Issues 28 and 29 (Abbey & Mayor, its 12 tiles, the mayor and the wagon among the moves): within 1.5x per move.
func BenchmarkW1AllModules(b *testing.B) {
	start, bag := allBag(Standard())
	benchW1(b, newW1AllState(), start, bag)
}

// midGames returns the W4 boards: seeds 1..n of W1 stopped after 35 turns, with the next tile to place and the
// player who places it (the spec's W4 is n = 50; n = 1000 keeps the branch predictor from learning the boards).
func midGames(b *testing.B, n int) ([]*State, []*TileType, []int) {
	cat := Standard()
	start, bag := baseBag(cat)
	var states []*State
	var next []*TileType
	var players []int
	for seed := uint64(1); seed <= uint64(n); seed++ {
		s := newW1State()
		rec := w1Recorded(s, seed, start, bag)
		s.Reset()
		s.PlaceStart(start)
		for _, r := range rec[:35] {
			if _, err := s.PlayMove(r.player, r.t, r.m, nil); err != nil {
				b.Fatal(err)
			}
		}
		states = append(states, s)
		next = append(next, rec[35].t)
		players = append(players, rec[35].player)
	}
	return states, next, players
}

// benchW4a times W4a on n boards: every legal move of the player to move (the one who places the next tile) for
// the next tile, per call.
func benchW4a(b *testing.B, n int) {
	states, next, players := midGames(b, n)
	buf := make([]Move, 0, 512)
	moves := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i].LegalMoves(next[i], players[i], buf[:0])
		moves += len(buf)
		i = (i + 1) % len(states)
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}

func BenchmarkW4aLegalMoves(b *testing.B)     { benchW4a(b, 50) }
func BenchmarkW4aLegalMoves1000(b *testing.B) { benchW4a(b, 1000) }

func benchW4b(b *testing.B, n int) {
	states, next, _ := midGames(b, n)
	buf := make([]Placement, 0, 256)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i].LegalPlacements(next[i], buf[:0])
		i = (i + 1) % len(states)
	}
}

func BenchmarkW4bLegalPlacements(b *testing.B)     { benchW4b(b, 50) }
func BenchmarkW4bLegalPlacements1000(b *testing.B) { benchW4b(b, 1000) }

func BenchmarkW5FinalScoring(b *testing.B) {
	cat := Standard()
	start, bag := baseBag(cat)
	var states []*State
	for seed := uint64(1); seed <= 200; seed++ {
		s := newW1State()
		var st w1Stats
		w1Game(s, seed, bag, start, &st, nil, nil, nil)
		states = append(states, s)
	}
	// Final scoring changes the scores only: keep a copy per board and score the copy's scores afresh each time.
	log := make([]Score, 0, 128)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := states[i]
		saved := s.Scores
		log = s.FinalScore(log[:0])
		s.Scores = saved
		i = (i + 1) % len(states)
	}
}

func BenchmarkW3ApplyMove(b *testing.B) {
	cat := Standard()
	start, bag := baseBag(cat)
	var games [][]w1Move
	moves := 0
	for seed := uint64(1); seed <= 20; seed++ {
		rec := w1Recorded(newW1State(), seed, start, bag)
		games = append(games, rec)
		moves += len(rec)
	}
	// Each iteration replays one recorded game move by move (the board reset to its start tile between games, a
	// few dozen cells cleared): ns/op is per move, allocs/op per move. No timer is stopped inside the loop, so
	// nothing of the harness is measured with the moves.
	s := newW1State()
	log := make([]Score, 0, 64)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		g := games[n%len(games)]
		n++
		s.Reset()
		s.PlaceStart(start)
		for _, r := range g {
			log, _ = s.PlayMove(r.player, r.t, r.m, log[:0])
		}
	}
	perGame := float64(moves) / float64(len(games))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/perGame, "ns/move")
	b.ReportMetric(float64(testing.AllocsPerRun(1, func() {
		s.Reset()
		s.PlaceStart(start)
		for _, r := range games[0] {
			log, _ = s.PlayMove(r.player, r.t, r.m, log[:0])
		}
	}))/float64(len(games[0])), "allocs/move")
}
