package referee

import (
	"errors"
	"slices"
	"strings"

	"github.com/karkason/karkason/engine"
)

// A game picked up as it lies (RULES.md POS-1..POS-10; record format "Positions"): the referee builds the Game from
// the position lines and then goes on with ordinary actions or `end`. One builder, layPosition, serves the record
// (NewGameFrom: the whole position is checked, POS-10) and the table's entry of a board (Draft, position_entry.go:
// the same checks line by line, with the two that only a finished position can meet left for Draft.Finish).
//
// Rulings where RULES.md is silent (each kept in the function named):
//   - boxCopies: with start=none the start tile counts among its type's copies (POS-2) unless a River or the City
//     would have replaced it (CFG-4): then, as in any game with those starts, it is back in the box.
//   - layTiles: the order of the lines does not matter (POS-1): the river is laid from its spring along the flow
//     (so RIVER-5/6 and RIV2-5 are checked as in play), then the land tiles outward from the start piece; with
//     start=none the spring (or, without a river, the first tile line of the largest group of joined tiles) stands
//     in for the start piece. A refusal names the line of the tile that could not be laid; tiles not joined to the
//     board are refused together, their cells named (Refusal.At). A draft lays them apart, as islands (engine
//     LayLoose: the edges they share checked, BASE-4; the river's flow and SHRINE-3 once they are joined).
//   - checkRiver: with start=none, or with land tiles on the board, a river in play has its spring on the board
//     (the river stack is laid from it, RIVER-2, RIV2-2): POS-2. River tiles missing beside land tiles were
//     discarded (RIVER-10): out of the game, no stack holds them (POS-2, POS-9). A river laid in part (no land
//     tile yet) is what its drawing order can have reached: no River II tile without the fork (RIV2-3), no lake
//     before the last shuffled river tile (RIVER-2, RIV2-7); the refusal names the first such tile line.
//   - layOthers: each of `count`, `king`, `robber`, `turn`, and `gifts` and `score` per colour may be given at most
//     once; a second line is refused with the rule of its kind (POS-4, POS-5, POS-6, POS-7, POS-9).
//   - normalise (position_start.go): a board entered with its start tile typed where it lies becomes the record's
//     position with the copy of the start tile's type lying as the start piece lies (rotation 0) nearest the
//     middle of the board as the start piece at 0,0; with no such copy, the one nearest the middle, the whole board
//     turned by quarter turns so that it lies so (the record format puts the start piece at 0,0, rotation 0).
//   - layOthers: builders and pigs are laid after every other line, whatever the order of the lines (POS-3 amended:
//     each needs its owner's follower on its feature, which a later line may give); goods lines (`wine`, `grain`,
//     `cloth`) at most once per colour and kind (POS-11). layGoods: in a whole position the goods of all players
//     add up to the symbols of the completed cities (POS-11, cited with the last position line; in a draft they are
//     checked when it is finished).
//   - finishPosition: when the position leaves no tile to draw, the game is at its end (END-1, as after the last
//     tile): the market round, if anyone has market figures, or the final scoring follows at once; the player
//     before the one named by `position turn` counts as the one who placed the last tile (COUNT-19(b)).

// positionMode says how much of POS is checked.
type positionMode int

const (
	// wholePosition: a position read from a record or finished at the table (POS-1..POS-9).
	wholePosition positionMode = iota
	// draftPosition: an entry under way (Draft): everything but what only a finished position can meet, a river
	// laid in full beside land tiles (POS-2) and a start=none board with no tile yet (POS-1); no implied end.
	draftPosition
)

// NewGameFrom sets up the game a record begins with: NewGame for a game played from its start, else the game of
// its position (POS-1..POS-9), refused as a whole with the line and the most specific rule (POS-10). Errors are
// *Refusal (the setup line's number for a set-up the rules refuse) or the set-up's *ParseError.
func NewGameFrom(rec *Record, cat *engine.Catalogue) (*Game, error) {
	g, err := buildGame(rec.Setup, rec.Position, cat, wholePosition)
	if r, ok := err.(*Refusal); ok && r.Line == 0 {
		r.Line = rec.SetupLine
	}
	return g, err
}

// buildGame sets up a game from its set-up and position lines in the given mode.
func buildGame(setup Setup, lines []PositionLine, cat *engine.Catalogue, mode positionMode) (*Game, error) {
	if len(lines) == 0 && setup.Start != StartNone {
		return NewGame(setup, cat)
	}
	g, err := setUpGame(setup, cat)
	if err != nil {
		return nil, err
	}
	if err := g.layPosition(lines, mode); err != nil {
		return nil, err
	}
	return g, nil
}

// lineRefusal turns an engine error into a Refusal naming the position line.
func lineRefusal(l PositionLine, err error) error {
	err = asRefusal(err)
	if r, ok := err.(*Refusal); ok {
		r.Line = l.Line
	}
	return err
}

// atLine sets the refusal's line to the position line's.
func atLine(l PositionLine, r *Refusal) *Refusal {
	r.Line = l.Line
	return r
}

// layPosition lays the position on the set-up game: tiles, then the other lines in their order, then whose turn it
// is. The game is left half-built on a refusal: callers drop it.
func (g *Game) layPosition(lines []PositionLine, mode positionMode) error {
	if err := g.layTiles(lines, mode); err != nil {
		return err
	}
	if err := g.layAbbeys(lines, mode); err != nil { // POS-16 (position_am.go)
		return err
	}
	turn, err := g.layOthers(lines)
	if err != nil {
		return err
	}
	if err := g.checkAMPosition(lines); err != nil { // POS-3 amended, POS-16 (position_am.go)
		return err
	}
	if err := g.layPD(lines, mode); err != nil { // the dragon and the fairy (POS-13, POS-14; pd_position.go)
		return err
	}
	if mode == wholePosition {
		if err := g.layGoods(lines); err != nil {
			return err
		}
	}
	g.Position = append([]PositionLine(nil), lines...)
	g.finishPosition(turn, mode)
	return nil
}

// boxCopies adds the start tile's copy to the land stack when start=none leaves it in the box (POS-2; CFG-4:
// a River or the City replaces it).
func (g *Game) boxCopies() {
	if g.Setup.Start != StartNone || g.Setup.HasExpansion(ExpansionRiver) || g.Setup.HasExpansion(ExpansionRiver2) {
		return
	}
	for _, t := range g.Cat.Set("base") {
		if t.Start {
			g.Bag.Land[t.Index]++
			g.Bag.land++
		}
	}
}

// posTile is a tile line resolved against the catalogue.
type posTile struct {
	line  PositionLine
	t     *engine.TileType
	p     engine.Pos
	rot   int
	laid  bool
	river bool
	// slot is the part of the stacks the tile was taken from (see Bag.take): a river tile of the shuffled stack,
	// the fork set aside (RIV2-3) or a lake laid last (RIVER-2, RIV2-7); checkRiver orders a partial river by it.
	slot riverSlot
}

// riverSlot is where in the river's drawing order a position's tile comes from (Bag: Spring, First, River, Last).
type riverSlot int

const (
	slotLand riverSlot = iota
	slotSpring
	slotFork
	slotShuffled
	slotLake
)

// slotOf says which part of the bag take(t) will take t from (the same order as Bag.take).
func (b *Bag) slotOf(t *engine.TileType) riverSlot {
	switch {
	case b.Spring == t:
		return slotSpring
	case b.First == t:
		return slotFork
	case b.River[t.Index] > 0:
		return slotShuffled
	case slices.Contains(b.Last, t):
		return slotLake
	}
	return slotLand
}

// layTiles checks the tiles against the box (POS-2) and the cells (POS-1), takes them from the stacks (CFG-5) and
// lays them: the river from its spring along the flow, then the land outward from the start piece (see the rulings
// above), each with the checks of play (BASE-4, RIVER-5/6, RIV2-5, SHRINE-3). What is not joined to that board is
// refused in a whole position (POS-1, the cells of every tile left apart named); in a draft it is an island, laid
// with only the edges it shares checked (engine LayLoose, BASE-4), as is a river tile that touches the board only
// beside its river (its flow is checked once a river tile leads to it).
func (g *Game) layTiles(lines []PositionLine, mode positionMode) error {
	g.boxCopies()
	box := g.Bag.clone()
	tiles := make([]posTile, 0, len(lines))
	cells := make(map[engine.Pos]int, len(lines))
	for _, l := range lines {
		if l.Kind != PosTile {
			continue
		}
		t := g.Cat.Tile(l.Tile)
		if t == nil || t.Piece != nil {
			return atLine(l, refusal("CFG-5", "err.tile_unknown", "tile", l.Tile))
		}
		if t.Abbey {
			continue // laid last, into its hole (POS-16, layAbbeys: position_am.go)
		}
		if g.Bag.Left(t) == 0 {
			if box.Left(t) == 0 {
				return atLine(l, refusal("POS-2", "err.pos.not_in_game", "tile", t.ID))
			}
			return atLine(l, refusal("POS-2", "err.pos.box_fewer", "tile", t.ID, "count", box.Left(t)))
		}
		p := engine.Pos{X: l.Pos.X, Y: l.Pos.Y}
		if p.X < -engine.Limit || p.X > engine.Limit || p.Y < -engine.Limit || p.Y > engine.Limit {
			return atLine(l, refusal("BASE-4", "err.out_of_board"))
		}
		if _, dup := cells[p]; dup || g.S.At(p) != nil {
			return atLine(l, refusal("POS-1", "err.pos.two_tiles", "pos", p))
		}
		slot := g.Bag.slotOf(t)
		g.Bag.take(t)
		cells[p] = len(tiles)
		tiles = append(tiles, posTile{line: l, t: t, p: p, rot: l.Rot / 90, river: t.HasRiver(), slot: slot})
	}
	if len(tiles) == 0 {
		if g.Setup.Start == StartNone && mode == wholePosition {
			return refusal("POS-1", "err.pos.start_none_empty") // the setup line's (NewGameFrom)
		}
		return nil
	}
	// Two queues of tiles ready to be laid: river tiles whose river touches the board (the spring: any edge), and
	// land tiles that touch the board. River tiles go first, so the river is laid along its flow.
	var riverQ, landQ []int
	push := func(p engine.Pos) {
		for e := 0; e < 4; e++ {
			k, ok := cells[p.Neighbour(e)]
			if !ok || tiles[k].laid {
				continue
			}
			tt := &tiles[k]
			switch {
			case !tt.river:
				landQ = append(landQ, k)
			case tt.t.RiverEndKind() == engine.Spring || tt.t.Rotated(tt.rot, (e+2)&3) == engine.River:
				riverQ = append(riverQ, k)
			}
		}
	}
	lay := func(k int, how func(*engine.TileType, engine.Pos, int) (int, error)) error {
		tt := &tiles[k]
		if _, err := how(tt.t, tt.p, tt.rot); err != nil {
			return lineRefusal(tt.line, err)
		}
		tt.laid = true
		push(tt.p)
		return nil
	}
	drain := func() error {
		for len(riverQ)+len(landQ) > 0 {
			var k int
			if len(riverQ) > 0 {
				k, riverQ = riverQ[0], riverQ[1:]
			} else {
				k, landQ = landQ[0], landQ[1:]
			}
			if tiles[k].laid {
				continue
			}
			if err := lay(k, g.S.Place); err != nil {
				return err
			}
		}
		return nil
	}
	touches := func(p engine.Pos) bool {
		for e := 0; e < 4; e++ {
			if g.S.At(p.Neighbour(e)) != nil {
				return true
			}
		}
		return false
	}
	if len(g.S.Tiles) == 0 { // start=none: the spring, else a tile of the largest group, stands in for the start piece
		if err := lay(firstTile(tiles, cells), g.S.LayFirst); err != nil {
			return err
		}
	} else {
		for i := range g.S.Tiles {
			push(g.S.Tiles[i].Pos)
		}
	}
	// The board: everything the queues reach, then (in line order) a tile that touches it without being reached, a
	// river tile beside the board with its river elsewhere: in a whole position laid as in play (RIVER-5, RIV2-5
	// refuse it), in a draft apart from the flow.
	for {
		if err := drain(); err != nil {
			return err
		}
		k := slices.IndexFunc(tiles, func(tt posTile) bool { return !tt.laid && touches(tt.p) })
		if k < 0 {
			break
		}
		how := g.S.Place
		if mode == draftPosition && tiles[k].river {
			how = g.S.LayLoose
		}
		if err := lay(k, how); err != nil {
			return err
		}
	}
	apart := slices.IndexFunc(tiles, func(tt posTile) bool { return !tt.laid })
	if apart < 0 {
		if mode == wholePosition {
			return g.checkRiver(tiles)
		}
		return nil
	}
	if mode == wholePosition { // tiles not joined to the board: named, and shown (Refusal.At)
		r := atLine(tiles[apart].line, refusal("POS-1", "err.pos.islands", "cells", apartCells(tiles)))
		for _, tt := range tiles {
			if !tt.laid {
				r.At = append(r.At, Pos{tt.p.X, tt.p.Y})
			}
		}
		return r
	}
	// A draft: each island from its first line, its tiles laid apart from the board (BASE-4 on the edges they share).
	for k := range tiles {
		if tiles[k].laid {
			continue
		}
		island := []int{k}
		for len(island) > 0 {
			i := island[0]
			island = island[1:]
			if tiles[i].laid {
				continue
			}
			if err := lay(i, g.S.LayLoose); err != nil {
				return err
			}
			for e := 0; e < 4; e++ {
				if j, ok := cells[tiles[i].p.Neighbour(e)]; ok && !tiles[j].laid {
					island = append(island, j)
				}
			}
		}
	}
	return nil
}

// firstTile is the tile laid first on a board with no start piece (start=none): the spring, else the first tile line
// of the largest group of tiles joined along their edges (a whole position has one group, POS-1; a draft may have
// islands, and the board they are apart from is the largest).
func firstTile(tiles []posTile, cells map[engine.Pos]int) int {
	for k := range tiles {
		if tiles[k].t.RiverEndKind() == engine.Spring {
			return k
		}
	}
	group := make([]int, len(tiles))
	for k := range group {
		group[k] = -1
	}
	best, bestN := 0, 0
	for k := range tiles {
		if group[k] >= 0 {
			continue
		}
		n, queue := 0, []int{k}
		group[k] = k
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			n++
			for e := 0; e < 4; e++ {
				if j, ok := cells[tiles[i].p.Neighbour(e)]; ok && group[j] < 0 {
					group[j] = k
					queue = append(queue, j)
				}
			}
		}
		if n > bestN {
			best, bestN = k, n
		}
	}
	return best
}

// apartCells lists the cells of the tiles not laid, "x,y x,y ..." in line order (at most 12, then "...").
func apartCells(tiles []posTile) string {
	var out []string
	for _, tt := range tiles {
		if !tt.laid {
			if len(out) == 12 {
				out = append(out, "...")
				break
			}
			out = append(out, tt.p.String())
		}
	}
	return strings.Join(out, " ")
}

// checkRiver applies POS-2 to the river of a whole position: with land tiles, the river tiles not on the board were
// discarded (RIVER-10) and are out of the game (POS-9); with none, a river laid in part. Either way the spring is on
// the board when the position has no start piece, or land tiles (it is laid at set-up, never drawn).
func (g *Game) checkRiver(tiles []posTile) error {
	if !g.Bag.InRiverPhase() {
		return nil
	}
	land := slices.IndexFunc(tiles, func(tt posTile) bool { return !tt.river }) >= 0
	if g.Bag.Spring != nil && (g.Setup.Start == StartNone || land) {
		return atLine(tiles[0].line, refusal("POS-2", "err.pos.river_no_spring", "tile", g.Bag.Spring.ID))
	}
	if land {
		g.Bag.discardRiver()
		return nil
	}
	// A river laid in part is a prefix of its drawing order (POS-2, RIVER-4): the River II fork follows the spring
	// (RIV2-3), and a lake is laid only after every shuffled river tile (RIVER-2, RIV2-7).
	for _, tt := range tiles {
		switch {
		case g.Bag.First != nil && (tt.slot == slotShuffled || tt.slot == slotLake):
			return atLine(tt.line, refusal("RIV2-3", "err.fork_first", "tile", g.Bag.First.ID))
		case tt.slot == slotLake && g.Bag.river > 0 && tt.t.Set == "river2":
			return atLine(tt.line, refusal("RIV2-7", "err.lake_last", "tile", tt.t.ID))
		case tt.slot == slotLake && g.Bag.river > 0:
			return atLine(tt.line, refusal("RIVER-2", "err.lake_last", "tile", tt.t.ID))
		}
	}
	return nil
}

// layOthers applies the figure (followers, abbots, large followers, builders, pigs: one large follower, builder
// and pig per colour, POS-3 amended), City, King and Robber Baron, gift, goods, score and turn lines in their order,
// builders and pigs last (POS-3..7, POS-9, POS-11) and returns the seat of the player who places the next tile
// (POS-9: the first player by default).
func (g *Game) layOthers(lines []PositionLine) (int, error) {
	turn := 0
	seen := map[string]int{} // single-valued lines already given: kind (+ colour) -> line
	once := func(l PositionLine, rule string, key string) error {
		if prev, dup := seen[key]; dup {
			return atLine(l, refusal(rule, "err.pos.twice", "line", prev))
		}
		seen[key] = l.Line
		return nil
	}
	// Builders and pigs after the other lines: each stands beside its owner's follower (POS-3 amended).
	order := make([]PositionLine, 0, len(lines))
	for _, l := range lines {
		if l.Kind != PosBuilder && l.Kind != PosPig {
			order = append(order, l)
		}
	}
	for _, l := range lines {
		if l.Kind == PosBuilder || l.Kind == PosPig {
			order = append(order, l)
		}
	}
	for _, l := range order {
		if l.Kind == PosTile {
			continue
		}
		who := -1
		if l.Kind != PosCount && l.Kind != PosDragon && !(l.Kind == PosFairy && l.Colour == "") {
			if who = g.Player(l.Colour); who < 0 {
				return 0, atLine(l, refusal("CFG-1", "err.colour_not_seated", "colour", string(l.Colour)))
			}
		}
		var err error
		switch l.Kind {
		case PosBarn, PosAbbey: // position_am.go
			err = g.layAM(l, who, once)
		case PosFollower, PosAbbot, PosLarge, PosBuilder, PosPig, PosMayor, PosWagon:
			kind := positionFigure[l.Kind]
			if l.InCity() {
				q, _ := engine.ParseQuarter(l.Quarter)
				err = g.S.StandInQuarter(who, q, kind)
				break
			}
			var seg int32
			if seg, err = g.featureAt(l.Target); err == nil {
				err = g.S.Stand(who, kind, seg)
			}
		case PosCount:
			if err = once(l, "POS-4", "count"); err != nil {
				return 0, err
			}
			if !g.S.City.Placed {
				return 0, atLine(l, refusal("POS-4", "err.pos.no_city"))
			}
			q, _ := engine.ParseQuarter(l.Quarter)
			err = g.S.MoveCount(q)
		case PosKing, PosRobber:
			if err = once(l, "POS-5", string(l.Kind)); err != nil {
				return 0, err
			}
			var seg int32
			if seg, err = g.featureAt(l.Target); err == nil {
				err = g.S.Hold(l.Kind == PosRobber, who, seg)
			}
		case PosGifts:
			if err = once(l, "POS-6", "gifts "+string(l.Colour)); err != nil {
				return 0, err
			}
			err = g.S.SetGifts(who, l.N)
		case PosScore:
			if err = once(l, "POS-7", "score "+string(l.Colour)); err != nil {
				return 0, err
			}
			err = g.S.SetScore(who, l.N)
		case PosWine, PosGrain, PosCloth:
			if err = once(l, "POS-11", string(l.Kind)+" "+string(l.Colour)); err != nil {
				return 0, err
			}
			k, _ := engine.ParseGoods(string(l.Kind))
			err = g.S.SetGoods(who, k, l.N)
		case PosTurn:
			err = once(l, "POS-9", "turn")
			turn = who
		}
		if err != nil {
			return 0, lineRefusal(l, err)
		}
	}
	return turn, nil
}

// positionFigure is the figure kind a figure line places (POS-3, POS-4; the large follower, POS-3 amended), and
// figurePosition the line kind of each figure kind (builder and pig: record_tb.go).
var (
	positionFigure = map[PositionKind]engine.FigureKind{PosFollower: engine.Follower, PosAbbot: engine.Abbot,
		PosLarge: engine.Large, PosBuilder: engine.Builder, PosPig: engine.Pig, PosMayor: engine.Mayor,
		PosWagon: engine.Wagon}
	figurePosition = [engine.NumFigureKinds]PositionKind{engine.Follower: PosFollower, engine.Abbot: PosAbbot,
		engine.Large: PosLarge, engine.Builder: PosBuilder, engine.Pig: PosPig, engine.Mayor: PosMayor,
		engine.Wagon: PosWagon, engine.Barn: PosBarn}
)

// Figure returns the figure kind a figure line places (follower, abbot, large, builder, pig); false for a line of
// another kind.
func (k PositionKind) Figure() (engine.FigureKind, bool) {
	f, ok := positionFigure[k]
	return f, ok
}

// FigureLineKind returns the kind of the position line that places a figure of kind f (POS-3, POS-4).
func FigureLineKind(f engine.FigureKind) PositionKind { return figurePosition[f] }

// featureAt resolves x,y:PLACE on the position's board; a cell with no tile or a place the tile does not have
// is a figure or marker that stands on nothing (POS-3).
func (g *Game) featureAt(f FeatureRef) (int32, error) {
	seg, err := g.S.FeatureAt(engine.Pos{X: f.Pos.X, Y: f.Pos.Y}, f.Place)
	if err != nil {
		if re, ok := err.(*engine.RuleError); ok {
			re.Rule = "POS-3"
		}
	}
	return seg, err
}

// finishPosition begins the first turn after the position: the player named by `position turn` (POS-9); a whole
// position with no tile left to draw is at the end of the game (see the rulings above).
func (g *Game) finishPosition(turn int, mode positionMode) {
	if mode == wholePosition {
		g.announce(-1, "POS-9", "ev.position", "count", len(g.S.Tiles))
	}
	g.beginTurn(turn)
	g.prevActive = (turn + g.Players() - 1) % g.Players()
	if mode == wholePosition && !g.Bag.InRiverPhase() && g.Bag.LandLeft() == 0 {
		g.Active = g.prevActive
		g.lastTurn = true
		if g.beginAbbeyRound() { // POS-17: the abbeys still held, from the player named by position turn (am.go)
			return
		}
		g.gameEnd()
	}
}

// ErrNotBetweenTurns is returned by PositionLines while a turn is under way (a tile placed or a gift opened, a
// decision pending, a second turn part due, DEF-12) or the game is over.
var ErrNotBetweenTurns = errors.New("referee: a position is taken between turns")

// featureRef names the feature of a segment as a position line writes it: x,y:PLACE of that segment.
func (g *Game) featureRef(seg int32) FeatureRef {
	ti, l := g.S.SegTile(seg)
	p := g.S.Tiles[ti].Pos
	return FeatureRef{Pos: Pos{p.X, p.Y}, Place: g.S.PlaceName(ti, l)}
}

// StartScores returns the points each player (by seat) had before the first turn: those a position puts on the
// score track (POS-7), 0 for a player it gives none and in a game played from its start. The chart of the scores
// over the turns starts from them.
func (g *Game) StartScores() [engine.MaxPlayers]int {
	var out [engine.MaxPlayers]int
	for _, l := range g.Position {
		if p := g.Player(l.Colour); l.Kind == PosScore && p >= 0 {
			out[p] = l.N
		}
	}
	return out
}

// PositionLines returns the game as it stands between two turns as position lines (POS; record format
// "Positions"): the tiles after the start piece, the figures on the board and in the City (followers, abbots, large
// followers, builders, pigs), the Count when he is not on the palace, the holders of the King and the Robber Baron
// with their markers, the unopened gifts, the goods tokens (POS-11) and the points of each player who has any, and
// who places the next tile when it is not the first player. A record
// with the game's set-up and these lines replays to a game with the same board, figures, scores and end-of-game
// tally (the stacks are the box minus the board: tiles discarded during the game are back in them, POS-9). It
// returns ErrNotBetweenTurns during a turn or after the end.
func (g *Game) PositionLines() ([]PositionLine, error) {
	if g.Phase != PhaseTile || g.part.tile >= 0 || g.part.giftOpened || g.part.no != 1 { // never between parts (POS-12)
		return nil, ErrNotBetweenTurns
	}
	s := g.S
	var out []PositionLine
	for i := g.startTiles; i < len(s.Tiles); i++ {
		t := &s.Tiles[i]
		out = append(out, PositionLine{Kind: PosTile, Tile: t.Type.ID, Pos: Pos{t.Pos.X, t.Pos.Y}, Rot: 90 * int(t.Rot)})
	}
	for _, f := range s.Figures {
		l := PositionLine{Kind: figurePosition[f.Kind], Colour: g.Colour(int(f.Player))}
		switch {
		case f.Where == engine.OnBoard && f.Kind == engine.Barn: // x,y:NW of the tile south-east of its point
			ti, _ := s.SegTile(f.Seg)
			p := s.Tiles[ti].Pos
			l.Target = FeatureRef{Pos: Pos{p.X, p.Y}, Place: "NW"}
		case f.Where == engine.OnBoard:
			l.Target = g.featureRef(f.Seg)
		case f.Where == engine.InCity:
			l.Quarter = f.Quarter.String()
		default:
			continue
		}
		out = append(out, l)
	}
	if s.City.Active && s.City.Count != engine.Palace {
		out = append(out, PositionLine{Kind: PosCount, Quarter: s.City.Count.String()})
	}
	if s.King.Player >= 0 {
		out = append(out, PositionLine{Kind: PosKing, Colour: g.Colour(s.King.Player), Target: g.featureRef(s.King.Feature)})
	}
	if s.Baron.Player >= 0 {
		out = append(out, PositionLine{Kind: PosRobber, Colour: g.Colour(s.Baron.Player),
			Target: g.featureRef(s.Baron.Feature)})
	}
	for p := 0; p < g.Players(); p++ {
		if n := s.Gift.Hands[p]; n > 0 {
			out = append(out, PositionLine{Kind: PosGifts, Colour: g.Colour(p), N: n})
		}
	}
	for p := 0; p < g.Players(); p++ {
		for k := engine.GoodsKind(0); k < engine.NumGoods; k++ {
			if n := s.Goods[p][k]; n > 0 {
				out = append(out, PositionLine{Kind: PositionKind(k.String()), Colour: g.Colour(p), N: n})
			}
		}
	}
	out = g.abbeyLines(out) // POS-16: the abbeys no longer held (position_am.go)
	for p := 0; p < g.Players(); p++ {
		if n := s.Scores[p]; n > 0 {
			out = append(out, PositionLine{Kind: PosScore, Colour: g.Colour(p), N: n})
		}
	}
	out = g.pdPositionLines(out) // the dragon and the fairy (pd_position.go)
	if g.Active != 0 {
		out = append(out, PositionLine{Kind: PosTurn, Colour: g.Colour(g.Active)})
	}
	return numbered(out), nil
}

// layGoods checks POS-11 on a whole position: the goods tokens of all players add up, kind by kind, to the goods
// symbols of the completed cities on the board (every completed city gave its tokens to someone, TB-3). As the sums
// are known only once every line is read, the refusal names the last position line.
func (g *Game) layGoods(lines []PositionLine) error {
	k, held, printed, ok := g.S.GoodsMismatch()
	if ok || len(lines) == 0 {
		return nil
	}
	return atLine(lines[len(lines)-1], refusal("POS-11", "err.pos.goods_sum", "goods", k.String(), "held", held,
		"printed", printed))
}
