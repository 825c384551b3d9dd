// Package engine is the pure rules model of karkason: tiles as data, the board, features joined across tiles,
// figures, scoring, and the rules of every module in scope (RULES.md). It does no I/O, keeps no mutable global
// state and is deterministic: the same calls give the same state.
//
// Files follow the rules' seams: catalog.go (tiles as data), state.go (board and features), moves.go (legal
// placement, BASE-4/5 and the river and shrine limits), figures.go (followers, abbots, large followers, supply,
// the one majority by strength; BASE-6/7, DEF-11, ABBOT), figindex.go (the figures on each feature, kept by root
// so that no question about a feature scans every figure), scoring.go (completion and scoring, BASE-9..13, END,
// FARM), ic.go (Inns & Cathedrals: inn roads, cathedral cities, the large follower's places, and the rulings of
// RULES-IC-TB.md), tb.go (Traders & Builders: goods, the builder and its double turn, the pig, and their rulings),
// city.go (the City of Carcassonne, COUNT),
// kingrobber.go (KING, ROBBER), shrine.go (SHRINE), gifts.go (GIFT), abbot.go (ABBOT-6 early return),
// position.go (laying a position without scoring, POS), places.go (the record's names of places on a tile),
// identify.go (a tile from the edges a player sees), play.go (a whole plain turn, for benchmarks and random games),
// aids.go (the table aids: the tiles of a stack that fit each frontier cell, open features and their open cells,
// projections, a field's worth). The only package-level data are the embedded tile files and the read-only
// catalogue parsed from them once (Standard).
package engine

import (
	"errors"
	"slices"
	"strconv"
)

// MaxPlayers is the largest number of players (CFG-1 amended: 6 with Inns & Cathedrals, IC-13; 5 without, which
// the referee checks). Per-player arrays are this long; owner sets are bit masks of uint8.
const MaxPlayers = 6

const (
	// maxGridShift: the grid is at most 1<<maxGridShift cells wide; a new board's grid is 1<<minGridShift wide and
	// grows once a tile is placed near its edge (growGrid), so that a new board is small.
	maxGridShift, minGridShift = 7, 5
	// Limit is the largest |x| or |y| a tile may be placed at: the board is finite in this program (far beyond any
	// real game: 106 land tiles and the City would have to lie in one straight line to reach it).
	Limit = 1<<maxGridShift/2 - 2
)

// Pos is a cell of the board: x grows to the east, y to the south; the start piece's cell is 0,0.
type Pos struct{ X, Y int }

// String returns p as the game record writes a position, "x,y" (e.g. "0,-1"): it is how a position shows in
// message data such as err.no_tile_there's "pos" (BASE-6).
func (p Pos) String() string { return strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) }

var dirDX = [4]int{0, 1, 0, -1}
var dirDY = [4]int{-1, 0, 1, 0}

// Neighbour returns the cell next to p across edge e (N, E, S, W).
func (p Pos) Neighbour(e int) Pos { return Pos{p.X + dirDX[e], p.Y + dirDY[e]} }

// oppHalf maps a half-edge to the half-edge of the neighbour it touches (NNW↔SSW, NNE↔SSE, ENE↔WNW, ESE↔WSW).
var oppHalf = [8]int{5, 4, 7, 6, 1, 0, 3, 2}

// Options are the modules of a game (CFG-3) that change what the engine allows or scores.
type Options struct {
	Players   int  // 2..5, 2..6 with InnsCathedrals (CFG-1, IC-13)
	Followers int  // ordinary followers per player (CFG-2), default 7
	Farmers   bool // FARM
	Abbot     bool // ABBOT: each player has an abbot
	Shrines   bool // SHRINE-3 placement limit and challenges
	King      bool // KING and ROBBER
	Count     bool // the City of Carcassonne flag side: quarters, the Count, City bonus (COUNT)
	Gifts     bool // GIFT
	// InnsCathedrals: each player has a large follower (IC-2, IC-4..6), inns and cathedrals printed on the tiles
	// act (IC-7..9), the River II inn too (COMBO-11).
	InnsCathedrals bool
	// TradersBuilders: each player has a builder and a pig (TB-2, TB-5, TB-12; the pig is placed only with Farmers),
	// goods symbols act (TB-3, TB-4), with Farmers the River II pig herd too (COMBO-12); tb.go.
	TradersBuilders bool
	// AbbeyMayor: each player holds an abbey and has a mayor, a wagon and a barn (CFG-2 amended, AM-2); am.go.
	AbbeyMayor bool
	// PrincessDragon: the dragon and the fairy (neutral figures, DEF-14), the volcano, dragon, portal and princess
	// symbols of the 30 tiles and of River II's volcano lake (PD, COMBO-30); pd.go.
	PrincessDragon bool
}

// activeMarks returns the marks printed on tiles that act with these options (RIV2-9 amended): inns and cathedrals
// with inns-cathedrals (IC-7, IC-8, COMBO-11), the pig herd with traders-builders and farmers (COMBO-12).
func (o Options) activeMarks() Mark {
	var m Mark
	if o.InnsCathedrals {
		m |= MarkInn | MarkCathedral
	}
	if o.TradersBuilders && o.Farmers {
		m |= MarkPigHerd
	}
	return m
}

// segment is one segment on the board: its place in the union-find of features (parent, DEF-2) and its tile; at a
// root, the aggregates of its feature.
type segment struct {
	parent   int32
	next     int32 // circular list of the feature's segments
	figHead  int32 // the first figure on the feature, -1 if none (figindex.go)
	open     int16 // road, city, river: edge ports that face no tile yet
	occ      int16 // figures that occupy the feature (DEF-6: followers, large followers, abbots)
	pennants int16
	segTile  int16 // the tile's index in Tiles
	segLocal int8  // the segment's index in its tile type's Segs
	kind     Kind  // the segment's kind (its tile type's Segs[segLocal].Kind): SegKind in one load
	marks    Mark  // inns, cathedrals, the pig herd of the feature as printed (IC-11): Marks keeps those that act
	cityFlag bool  // field borders the City of Carcassonne
}

// Placed is a tile on the board.
type Placed struct {
	Type    *TileType
	Pos     Pos
	Rot     uint8 // quarter turns clockwise
	segBase int32
	turn    int8 // river bends: +1 turns right, -1 left (along the flow), 0 otherwise
}

// Seg returns the global segment id of local segment i of this tile.
func (p *Placed) Seg(i int) int32 { return p.segBase + int32(i) }

// State is the whole rules state of a game: board, features, figures, scores, and the module states (City,
// King and Robber Baron, gifts). Create it with New; copy it with Clone.
type State struct {
	Cat  *Catalogue
	Opts Options

	// grid is the board by cell (a square window of the cells round 0,0, 1<<gshift wide: gridIndex): a tile's index
	// in Tiles + 1, minus (a frontier cell's index in frontier + 1), 0 for any other empty cell. One array for both
	// keeps a new board small. Every tile lies far enough inside the window (growGrid) that its neighbours and its
	// 3x3 block are in the grid: dirOff and blockOff are the offsets of those cells.
	grid     []int16
	gshift   uint8 // the window is 1<<gshift cells wide
	tileMax  int   // a tile at |x|, |y| <= tileMax lies far enough inside the window (growGrid)
	dirOff   [4]int32
	blockOff [9]int32
	Tiles    []Placed
	// frontier lists the empty cells next to the board (placement candidates) with the terrains their placed
	// neighbours demand, kept up to date as tiles are placed.
	frontier []frontCell

	// segs are the segments on the board by global id (Placed.segBase + local index), with the union-find over them
	// and each feature's aggregates at its root (segment).
	segs []segment

	figNext []int32               // by figure: the next figure on its feature, -1 if none (figindex.go)
	figBase [MaxPlayers + 1]int32 // player p's figures are Figures[figBase[p]:figBase[p+1]] (initFigures)

	Figures []Figure
	Scores  [MaxPlayers]int
	// Goods are the goods tokens each player holds, by kind (TB-3; public, TB-3(e)); the rest of the 20 tokens lie
	// in the common supply (CFG-6, GoodsLeft).
	Goods [MaxPlayers]Goods

	City  CityState
	King  Holder    // the King (KING)
	Baron Holder    // the Robber Baron (ROBBER)
	Gift  GiftState // the gift cards (GIFT)
	// Abbeys: whether each player still holds their abbey (AM-2, AM-3(d); am.go).
	Abbeys [MaxPlayers]bool
	Turn   TurnState // what happened in the current turn
	PD     PDState   // the dragon and the fairy (The Princess & the Dragon, DEF-14; pd.go)
	Ended  bool      // final scoring has been added

	markMask Mark // the marks that act in this game (Options.activeMarks)

	stamp []uint32 // per tile: scratch marks for counting distinct cells
	// centreAt is, by grid value (a tile's index + 1; 0 an empty cell), the tile's centre segment, -1 if none or no
	// tile: Completed reads a block's centres without a branch on empty cells.
	centreAt []int8
	stampGen uint32
	nearBuf  []uint8  // per frontier cell: scratch of LegalMoves (markNear, markPartners), the State's own
	fitBuf   []uint32 // per frontier cell: scratch of LegalMoves (fittingCells), the State's own
	// ownBuf (per segment), ownRoots and ownGen: scratch of LegalMoves, the features of the player's followers
	// (figureScan).
	ownBuf   []uint32
	ownRoots []int32
	ownGen   uint32

	// monasteries and shrines list the cells of the monasteries and shrines on the board, for SHRINE-3's
	// neighbourhood test (shrineConflict) without looking at every cell around a candidate.
	monasteries, shrines []Pos
}

// New returns an empty board for the catalogue and options. Place the start piece with PlaceStart.
func New(cat *Catalogue, o Options) *State { return NewSized(cat, o, 0, 0) }

// NewSized is New with the board's memory sized once for a game that may lay tiles tiles (start pieces and stacks)
// with segs segments in all (len(TileType.Segs) summed). Hints only: 0 takes the default (128 tiles, 512
// segments), and a game that lays more grows the board as it goes.
func NewSized(cat *Catalogue, o Options, tiles, segs int) *State {
	if o.Followers == 0 {
		o.Followers = 7
	}
	if tiles <= 0 {
		tiles = 128
	}
	if segs <= 0 {
		segs = 512 // a base game has about 250 to 330; more grow it once
	}
	s := &State{
		Cat:      cat,
		Opts:     o,
		grid:     make([]int16, 1<<(2*minGridShift)),
		Tiles:    make([]Placed, 0, tiles),
		frontier: make([]frontCell, 0, 128),
		segs:     make([]segment, 0, segs),
		stamp:    make([]uint32, 0, tiles),
		centreAt: append(make([]int8, 0, tiles+1), -1),
	}
	s.setWindow(minGridShift)
	s.markMask = o.activeMarks()
	s.King.Player, s.Baron.Player = -1, -1
	s.King.Feature, s.Baron.Feature = -1, -1
	s.initFigures()
	s.City.init(o)
	s.Gift.init(o)
	s.initAM()
	s.PD.init()
	s.BeginTurn(0)
	return s
}

// Reset empties the board and the figures for a new game with the same options, reusing memory.
func (s *State) Reset() {
	for _, p := range s.Tiles {
		s.grid[s.gridIndex(p.Pos)] = 0
	}
	for _, f := range s.frontier {
		s.grid[f.g] = 0
	}
	s.Tiles = s.Tiles[:0]
	s.frontier = s.frontier[:0]
	s.segs = s.segs[:0]
	s.stamp = s.stamp[:0]
	s.centreAt = s.centreAt[:1]
	s.monasteries, s.shrines = s.monasteries[:0], s.shrines[:0]
	s.Scores = [MaxPlayers]int{}
	s.Goods = [MaxPlayers]Goods{}
	s.King = Holder{Player: -1, Feature: -1}
	s.Baron = Holder{Player: -1, Feature: -1}
	for i := range s.Figures { // every figure back in its owner's supply (initFigures made them, in this order)
		f := &s.Figures[i]
		f.Where, f.Seg, f.Quarter = InSupply, -1, 0
		s.figNext[i] = -1
	}
	s.City.init(s.Opts)
	s.Gift.init(s.Opts)
	s.initAM()
	s.PD.init()
	s.Ended = false
	s.BeginTurn(0)
}

// Clone returns a deep copy of s that shares only the read-only catalogue.
func (s *State) Clone() *State {
	c := *s
	c.grid = append([]int16(nil), s.grid...)
	c.Tiles = append(make([]Placed, 0, cap(s.Tiles)), s.Tiles...)
	c.frontier = append(make([]frontCell, 0, cap(s.frontier)), s.frontier...)
	c.segs = append(make([]segment, 0, cap(s.segs)), s.segs...)
	c.Figures = append([]Figure(nil), s.Figures...)
	c.figNext = append([]int32(nil), s.figNext...)
	c.stamp = append(make([]uint32, 0, cap(s.stamp)), s.stamp...)
	c.centreAt = append(make([]int8, 0, cap(s.centreAt)), s.centreAt...)
	c.nearBuf, c.fitBuf, c.ownBuf, c.ownRoots = nil, nil, nil, nil // scratch: never shared
	c.monasteries, c.shrines = append([]Pos(nil), s.monasteries...), append([]Pos(nil), s.shrines...)
	c.Turn.Completed = append([]int32(nil), s.Turn.Completed...)
	return &c
}

// frontCell is an empty cell next to the board: its grid index, the packed terrains its placed neighbours demand
// (4 bits per edge N, E, S, W) and the mask of the edges that have a neighbour.
type frontCell struct {
	g         int32
	req, mask uint16
}

// cellPos returns the cell of grid index g.
func (s *State) cellPos(g int32) Pos {
	half := 1 << s.gshift / 2
	return Pos{int(g&(1<<s.gshift-1)) - half, int(g>>s.gshift) - half}
}

// gridIndex returns the grid index of a cell of the window (inWindow).
func (s *State) gridIndex(p Pos) int32 {
	half := 1 << s.gshift / 2
	return int32((p.Y+half)<<s.gshift + p.X + half)
}

// inWindow reports whether cell p has a place in the grid.
func (s *State) inWindow(p Pos) bool {
	half := 1 << s.gshift / 2
	return p.X >= -half && p.X < half && p.Y >= -half && p.Y < half
}

// cellValue returns the grid's value of cell p (0 for a cell outside the window: empty, in no frontier).
func (s *State) cellValue(p Pos) int16 {
	if !s.inWindow(p) {
		return 0
	}
	return s.grid[s.gridIndex(p)]
}

// setWindow sets the width of the grid's window, 1<<shift cells, and the offsets that go with it.
func (s *State) setWindow(shift uint8) {
	w := int32(1) << shift
	s.gshift = shift
	s.tileMax = int(w/2 - 3)
	s.dirOff = [4]int32{-w, 1, w, -1}
	s.blockOff = [9]int32{0, -w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1}
}

// growGrid widens the grid's window, for a tile about to be placed at p too near its edge (tileMax), to the
// narrowest that holds p far enough inside (twice as wide as before at least, the widest at most): the cells move to
// their places in the wider grid, the frontier with them.
func (s *State) growGrid(p Pos) {
	shift := s.gshift
	for shift < maxGridShift {
		shift++
		if m := 1<<shift/2 - 3; p.X >= -m && p.X <= m && p.Y >= -m && p.Y <= m {
			break
		}
	}
	if shift == s.gshift {
		return
	}
	old, oldShift := s.grid, s.gshift
	oldPos := func(g int32) Pos { // cellPos in the old window
		oh := int32(1) << oldShift / 2
		return Pos{int(g&(1<<oldShift-1) - oh), int(g>>oldShift - oh)}
	}
	s.grid = make([]int16, 1<<(2*shift))
	s.setWindow(shift)
	for g, v := range old {
		if v != 0 {
			s.grid[s.gridIndex(oldPos(int32(g)))] = v
		}
	}
	for i := range s.frontier {
		f := &s.frontier[i]
		f.g = s.gridIndex(oldPos(f.g))
	}
}

func inBounds(p Pos) bool { return p.X >= -Limit && p.X <= Limit && p.Y >= -Limit && p.Y <= Limit }

// At returns the tile at p, or nil if the cell is empty.
func (s *State) At(p Pos) *Placed {
	if i := s.cellValue(p); i > 0 {
		return &s.Tiles[i-1]
	}
	return nil
}

// TileIndex returns the index in Tiles of the tile at p, -1 if empty.
func (s *State) TileIndex(p Pos) int { return int(max(s.cellValue(p), 0)) - 1 }

// Frontier returns the empty cells next to the board: the only cells a tile can be placed on (BASE-4).
func (s *State) Frontier() []Pos {
	out := make([]Pos, len(s.frontier))
	for i, f := range s.frontier {
		out[i] = s.cellPos(f.g)
	}
	return out
}

// find returns the root of segment x: every segment's parent is its feature's root (union relabels the segments of
// the feature it joins to another), so that finding a feature is one load, with no write.
func (s *State) find(x int32) int32 { return s.segs[x].parent }

// Root returns the feature a segment belongs to: the canonical segment id of its feature at this moment.
func (s *State) Root(seg int32) int32 { return s.find(seg) }

func (s *State) union(a, b int32) int32 {
	ra, rb := s.find(a), s.find(b)
	if ra == rb {
		return ra
	}
	if ra > rb { // keep the older segment as root: stable feature ids
		ra, rb = rb, ra
	}
	for m := rb; ; { // rb's feature joins ra's: its segments take ra as their root
		sg := &s.segs[m]
		sg.parent = ra
		if m = sg.next; m == rb {
			break
		}
	}
	a2, b2 := &s.segs[ra], &s.segs[rb]
	a2.open += b2.open
	a2.occ += b2.occ
	a2.pennants += b2.pennants
	a2.marks |= b2.marks
	a2.cityFlag = a2.cityFlag || b2.cityFlag
	a2.next, b2.next = b2.next, a2.next
	if b2.figHead >= 0 {
		s.mergeFigures(ra, rb)
	}
	return ra
}

// ErrOutOfBoard is returned for a cell beyond Limit.
var ErrOutOfBoard = errors.New("engine: position beyond the board's limit")

// placeRaw puts a tile on the board and joins its segments with its neighbours' (DEF-2). It does not check
// legality; callers check with CanPlace first.
func (s *State) placeRaw(t *TileType, p Pos, rot int) int {
	if m := s.tileMax; p.X < -m || p.X > m || p.Y < -m || p.Y > m {
		s.growGrid(p)
	}
	idx := len(s.Tiles)
	base := int32(len(s.segs))
	// The new tile and its segments are written in place (a struct built on the stack and copied whole would be read
	// back before its small fields are stored: a stall on every placement).
	s.Tiles = append(s.Tiles, Placed{})
	pt := &s.Tiles[idx]
	pt.Type, pt.Pos, pt.Rot, pt.segBase = t, p, uint8(rot&3), base
	s.stamp = append(s.stamp, 0)
	s.centreAt = append(s.centreAt, t.Centre)
	g := s.gridIndex(p)
	n := len(s.segs)
	s.segs = slices.Grow(s.segs, len(t.segInit))[:n+len(t.segInit)]
	for i := range t.segInit {
		sg := &s.segs[n+i]
		*sg = t.segInit[i] // open ports, pennants, marks, the City's border as printed (catalog.go, prepare)
		sg.parent, sg.next, sg.segTile = int32(n+i), int32(n+i), int16(idx)
	}
	if t.Centre >= 0 {
		switch t.Segs[t.Centre].Kind {
		case KMonastery:
			s.monasteries = append(s.monasteries, p)
		case KShrine:
			s.shrines = append(s.shrines, p)
		}
	}
	// Frontier: this cell leaves it, its empty neighbours join it; the tiles beside it are joined (DEF-2).
	if f := s.grid[g]; f < 0 {
		last := len(s.frontier) - 1
		moved := s.frontier[last]
		s.frontier[-f-1] = moved
		s.grid[moved.g] = f
		s.frontier = s.frontier[:last]
	}
	s.grid[g] = int16(idx + 1)
	r := &t.rots[rot&3]
	for e := 0; e < 4; e++ {
		ng := g + s.dirOff[e] // within the grid: p lies inside the window
		ni := s.grid[ng]
		if ni > 0 {
			s.join(r, base, e, &s.Tiles[ni-1])
			continue
		}
		if !inBounds(p.Neighbour(e)) {
			continue
		}
		if ni == 0 {
			s.frontier = append(s.frontier, frontCell{g: ng})
			ni = -int16(len(s.frontier))
			s.grid[ng] = ni
		}
		fc := &s.frontier[-ni-1]
		oe := (e + 2) & 3 // the empty cell's edge that faces this tile
		fc.req |= uint16(r.edges[e]) << (4 * oe)
		fc.mask |= 0xF << (4 * oe)
	}
	return idx
}

// join joins the segments of a tile just placed (rotation r, first segment base) with those of its neighbour nt
// across edge e (DEF-2): the road, city or river at the edge, whose open port on each side it closes, and the fields
// at its two half-edges.
func (s *State) join(r *rotInfo, base int32, e int, nt *Placed) {
	nr := &nt.Type.rots[nt.Rot]
	if a, b := r.edgeSeg[e], nr.edgeSeg[(e+2)&3]; a >= 0 && b >= 0 {
		root := s.union(base+int32(a), nt.segBase+int32(b))
		s.segs[root].open -= 2 // a road, city or river port on each side is closed
	}
	for h := 2 * e; h < 2*e+2; h++ {
		if a, b := r.halfSeg[h], nr.halfSeg[oppHalf[h]]; a >= 0 && b >= 0 {
			s.union(base+int32(a), nt.segBase+int32(b))
		}
	}
}

func popcount4(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// PlaceStart lays the start piece: a tile type at 0,0 in rotation 0, or every cell of a multi-cell piece at its
// fixed position with the features that span its cells joined (CFG-4, RIVER-2, RIV2-2, COUNT-2).
func (s *State) PlaceStart(t *TileType) {
	if t.Piece == nil {
		s.placeRaw(t, Pos{}, 0)
		return
	}
	s.PlacePiece(t.Piece)
}

// PlacePiece lays every cell of a multi-cell piece at its fixed position (COUNT-2, RIVER-3(a)).
func (s *State) PlacePiece(pc *Piece) {
	if pc.ID == "coc" {
		s.City.Placed = true
		s.City.Active = s.Opts.Count
	}
	first := len(s.Tiles)
	for _, c := range pc.Cells {
		s.placeRaw(c, Pos{c.PieceX, c.PieceY}, 0)
	}
	for _, j := range pc.Joins {
		a := s.Tiles[first+j[0][0]].Seg(j[0][1])
		for _, o := range j[1:] {
			s.union(a, s.Tiles[first+o[0]].Seg(o[1]))
		}
	}
}

// SegKind returns the kind of a global segment.
func (s *State) SegKind(seg int32) Kind { return s.segs[seg].kind }

// SegTile returns the tile index and local segment index of a global segment.
func (s *State) SegTile(seg int32) (tile int, local int) {
	return int(s.segs[seg].segTile), int(s.segs[seg].segLocal)
}

// SegCount returns the number of segments on the board.
func (s *State) SegCount() int { return len(s.segs) }

// Open returns the number of open edge ports of a road, city or river feature (0: complete, BASE-9(a,b)).
func (s *State) Open(seg int32) int { return int(s.segs[s.find(seg)].open) }

// Occupied returns the number of figures on the feature of seg (DEF-6).
func (s *State) Occupied(seg int32) int { return int(s.segs[s.find(seg)].occ) }

// Members calls fn for every segment of the feature of seg.
func (s *State) Members(seg int32, fn func(m int32)) {
	r := s.find(seg)
	m := r
	for {
		fn(m)
		m = s.segs[m].next
		if m == r {
			return
		}
	}
}

// Size returns the size of a road or city feature: the weighted number of distinct cells that hold one of its
// segments (DEF-3; a single-cell spring weighs 2, RIVER-3(b)). For a centre feature it is 1.
func (s *State) Size(seg int32) int {
	s.stampGen++
	gen := s.stampGen
	n := 0
	r := s.find(seg)
	m := r
	for {
		ti := s.segs[m].segTile
		if s.stamp[ti] != gen {
			s.stamp[ti] = gen
			n += int(s.Tiles[ti].Type.Weight)
		}
		m = s.segs[m].next
		if m == r {
			return n
		}
	}
}

// Pennants returns the number of pennants of a city feature (BASE-10(b)).
func (s *State) Pennants(seg int32) int { return int(s.segs[s.find(seg)].pennants) }

// Marks returns the inns, cathedrals and pig herd of the feature of seg that act in this game: an inn road (MarkInn,
// IC-7) or a cathedral city (MarkCathedral, IC-8) with inns-cathedrals, the pig herd's field (MarkPigHerd, COMBO-12)
// with traders-builders and farmers. Several inns or cathedrals do not add up.
func (s *State) Marks(seg int32) Mark {
	return s.segs[s.find(seg)].marks & s.markMask // without its module a mark is only a picture (RIV2-9)
}

// BordersCity reports whether a field feature borders the City of Carcassonne (COUNT-21).
func (s *State) BordersCity(seg int32) bool { return s.segs[s.find(seg)].cityFlag }

// Block returns the weighted number of filled cells in the 3x3 block around p (DEF-10; RIVER-3(b)).
func (s *State) Block(p Pos) int {
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if t := s.At(Pos{p.X + dx, p.Y + dy}); t != nil {
				if dx == 0 && dy == 0 {
					n++ // the building's own cell counts 1 (a monastery is never on the spring)
				} else {
					n += int(t.Type.Weight)
				}
			}
		}
	}
	return n
}

// BlockFull reports whether all 9 cells of the 3x3 block around p are filled (BASE-9(c)).
func (s *State) BlockFull(p Pos) bool {
	if half := 1 << s.gshift / 2; p.X > -half && p.X < half-1 && p.Y > -half && p.Y < half-1 {
		return s.blockFull(s.gridIndex(p))
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if s.TileIndex(Pos{p.X + dx, p.Y + dy}) < 0 {
				return false
			}
		}
	}
	return true
}

// blockFull is BlockFull for a grid index whose whole block lies inside the grid (any tile's cell; the offsets are
// blockOff: the cell's own first, then row by row).
func (s *State) blockFull(g int32) bool {
	for _, o := range s.blockOff {
		if s.grid[g+o] <= 0 {
			return false
		}
	}
	return true
}

// IsComplete reports whether the feature of seg is complete (BASE-9): no open edge for roads, cities and rivers, a
// full 3x3 block for centre features; fields never are.
func (s *State) IsComplete(seg int32) bool {
	switch k := s.SegKind(seg); {
	case k == KField:
		return false
	case k.IsCentre():
		return s.BlockFull(s.Tiles[s.segs[seg].segTile].Pos)
	default:
		return s.segs[s.find(seg)].open == 0
	}
}
