package engine

// Table aids (issue 10): what is at stake on the board as it lies. Nothing here changes the state; every number
// comes from the rules already in the engine: a fit is CanPlace (BASE-4, RIVER-5/6, RIV2-5, SHRINE-3, COUNT-4 is
// edge matching against the City's cells), a projection is the tally of BASE-10/11 and END-3, a field's worth is
// FieldScore (FARM-5, COUNT-22(a)).

// CellFit is an empty cell next to the board and the number of tiles of a stack that fit there in some rotation;
// N = 0 is a dead spot: no tile of the stack can ever fill it.
type CellFit struct {
	Pos Pos
	N   int
}

// special reports whether placing t needs more than the edge match: a river tile (RIVER-5/6, RIV2-5) or, with
// shrines in play, a monastery or shrine (SHRINE-3).
func (s *State) special(t *TileType) bool {
	return t.rots[0].riverIn != 0 || s.shrineLimited(t)
}

// fitsAt reports whether t fits frontier cell f in some rotation: the edge match first, then, for a special tile,
// CanPlace.
func (s *State) fitsAt(t *TileType, f frontCell, special bool) bool {
	for k := 0; k < 4; k++ {
		r := &t.rots[k]
		if !r.distinct || (r.packed^f.req)&f.mask != 0 {
			continue
		}
		if !special || s.fitsSpecial(t, s.cellPos(f.g), k) {
			return true
		}
	}
	return false
}

// FitCounts appends to buf, for every empty cell next to the board (the frontier, in its order), the number of
// tiles of stack that fit there in some rotation, counting copies: stack[i] is the number of copies of
// Cat.Types[i]. A tile whose placement is a plain edge match is counted once per distinct set of demanded edges
// (cells that demand the same terrains share the count); river tiles and, with shrines, monasteries and shrines
// are checked cell by cell with CanPlace.
func (s *State) FitCounts(stack []int, buf []CellFit) []CellFit {
	type memo struct {
		req, mask uint16
		n         int
	}
	var plainA, specialA [96]*TileType
	var plainNA, specialNA [96]int
	plain, special, plainN, specialN := plainA[:0], specialA[:0], plainNA[:0], specialNA[:0]
	for i, n := range stack {
		if n <= 0 || i >= len(s.Cat.Types) {
			continue
		}
		if t := s.Cat.Types[i]; s.special(t) {
			special, specialN = append(special, t), append(specialN, n)
		} else {
			plain, plainN = append(plain, t), append(plainN, n)
		}
	}
	var memos [128]memo
	nm := 0
	for _, f := range s.frontier {
		n := -1
		for _, m := range memos[:nm] {
			if m.req == f.req && m.mask == f.mask {
				n = m.n
				break
			}
		}
		if n < 0 {
			n = 0
			for i, t := range plain {
				if s.fitsAt(t, f, false) {
					n += plainN[i]
				}
			}
			if nm < len(memos) {
				memos[nm] = memo{f.req, f.mask, n}
				nm++
			}
		}
		for i, t := range special {
			if s.fitsAt(t, f, true) {
				n += specialN[i]
			}
		}
		buf = append(buf, CellFit{s.cellPos(f.g), n})
	}
	return buf
}

// OpenFeatures appends to buf the features that have a figure on them and are not complete (BASE-9): roads,
// cities, monasteries, shrines and gardens (fields are never complete, see FieldScore), each once as its root, in
// ascending order of root.
func (s *State) OpenFeatures(buf []int32) []int32 {
	var occ [MaxPlayers * 16]int32
	for _, r := range s.occupiedRoots(occ[:0]) {
		if k := s.SegKind(r); k == KField || k == KRiver || s.IsComplete(r) {
			continue
		}
		buf = append(buf, r)
	}
	return buf
}

// Fields appends to buf the fields that have a farmer on them, each once as its root, in ascending order.
func (s *State) Fields(buf []int32) []int32 {
	var occ [MaxPlayers * 16]int32
	for _, r := range s.occupiedRoots(occ[:0]) {
		if s.SegKind(r) == KField {
			buf = append(buf, r)
		}
	}
	return buf
}

// Projection returns what the feature of seg is worth to its owners now, without crediting anything: ifCompleted
// as if it were completed as it lies (BASE-10, BASE-11: a road 1 and a city 2 per cell and pennant, a monastery,
// shrine or garden 9), ifEnded as the end-of-game scoring of an incomplete feature counts it (END-3).
func (s *State) Projection(seg int32) (ifCompleted, ifEnded Score) {
	return s.tally(seg, false), s.tally(seg, true)
}

// OpenCells appends to buf the empty cells the feature of seg still needs to be completed (BASE-9): for a road,
// city or river the cells its open edges face, for a monastery, shrine or garden the empty cells of its 3x3 block
// (DEF-10). Each cell once, cells beyond the board's Limit left out.
func (s *State) OpenCells(seg int32, buf []Pos) []Pos {
	start := len(buf)
	add := func(p Pos) {
		if !inBounds(p) || s.cellValue(p) > 0 {
			return
		}
		for _, q := range buf[start:] {
			if q == p {
				return
			}
		}
		buf = append(buf, p)
	}
	k := s.SegKind(seg)
	if k.IsCentre() {
		c := s.Tiles[s.segs[seg].segTile].Pos
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				add(Pos{c.X + dx, c.Y + dy})
			}
		}
		return buf
	}
	if k == KField || s.segs[s.find(seg)].open == 0 {
		return buf
	}
	s.Members(seg, func(m int32) {
		t := &s.Tiles[s.segs[m].segTile]
		r := &t.Type.rots[t.Rot]
		for e := 0; e < 4; e++ {
			if r.edgeSeg[e] == s.segs[m].segLocal {
				add(t.Pos.Neighbour(e))
			}
		}
	})
	return buf
}
