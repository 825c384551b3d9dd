package engine

import "math/bits"

// Legal placement: BASE-4 (touches the board, every edge continues the landscape), BASE-5 (is there any legal
// placement at all), RIVER-5/RIV2-5(a) (a river tile joins exactly one open river end), RIVER-6/RIV2-5(b) (no
// immediate U-turn) and SHRINE-3 (one monastery per shrine, one shrine per monastery).

// Placement is a legal position and rotation (quarter turns clockwise) for a tile.
type Placement struct {
	Pos Pos
	Rot int
}

// demand returns, for a cell next to the board (in the frontier), the packed terrains its placed neighbours
// demand and the mask of the edges that have a neighbour (kept up to date by placeRaw).
func (s *State) demand(g int32) (req, mask uint16) {
	f := &s.frontier[-s.grid[g]-1]
	return f.req, f.mask
}

// CanPlace checks whether tile type t may be placed at p with rotation rot (0..3 quarter turns). Errors cite
// BASE-4, RIVER-5, RIVER-6, RIV2-5 or SHRINE-3.
func (s *State) CanPlace(t *TileType, p Pos, rot int) error {
	if !inBounds(p) {
		return refuse("BASE-4", "err.out_of_board")
	}
	v := s.cellValue(p)
	if v > 0 {
		return refuse("BASE-4", "err.cell_taken")
	}
	if v == 0 {
		return refuse("BASE-4", "err.not_adjacent")
	}
	if t.Abbey { // into a hole, no edge matching (AM-4, am.go)
		return s.canLayAbbey(p)
	}
	req, mask := s.demand(s.gridIndex(p))
	r := &t.rots[rot&3]
	if (r.packed^req)&mask != 0 {
		for e := 0; e < 4; e++ {
			if mask&(0xF<<(4*e)) != 0 && r.edges[e] != Terrain(req>>(4*e)&0xF) {
				return refuse("BASE-4", "err.edge_mismatch", "edge", EdgeNames[e],
					"terrain", r.edges[e].String(), "board", Terrain(req>>(4*e)&0xF).String())
			}
		}
	}
	if r.riverIn != 0 {
		if err := s.checkRiver(t, p, rot&3, mask); err != nil {
			return err
		}
	}
	if s.shrineLimited(t) {
		if err := s.checkShrineLimit(t.Segs[t.Centre].Kind, p); err != nil {
			return err
		}
	}
	return nil
}

// checkRiver applies RIVER-5/RIV2-5(a) and RIVER-6/RIV2-5(b) to a river tile.
func (s *State) checkRiver(t *TileType, p Pos, rot int, mask uint16) error {
	continueRule, joinRule, uturnRule := "RIVER-5", "RIVER-5", "RIVER-6"
	if t.Set == "river2" {
		continueRule, joinRule, uturnRule = "RIV2-5", "RIV2-5(a)", "RIV2-5(b)"
	}
	switch s.riverFault(t, p, rot, mask) {
	case riverJoinsEnds:
		return refuse(joinRule, "err.river_joins_ends")
	case riverNotContinued:
		return refuse(continueRule, "err.river_not_continued")
	case riverUTurn:
		return refuse(uturnRule, "err.river_uturn")
	}
	return nil
}

// The river limits a river tile may break (riverFault).
const (
	riverFlows        = iota
	riverJoinsEnds    // RIVER-5, RIV2-5(a): it joins two river ends, or a spring joins one
	riverNotContinued // RIVER-5, RIV2-5: it continues no river end
	riverUTurn        // RIVER-6, RIV2-5(b): a second bend the same way
)

// riverFault is checkRiver without a refusal to make (the enumerations call it for every candidate): the river limit
// the tile breaks at p in rotation rot, riverFlows if none; mask is the cell's edges with a neighbour.
func (s *State) riverFault(t *TileType, p Pos, rot int, mask uint16) int {
	r := &t.rots[rot]
	joined, in := 0, -1
	for e := 0; e < 4; e++ {
		if r.riverIn&(1<<e) != 0 && mask&(0xF<<(4*e)) != 0 {
			joined++
			in = e
		}
	}
	if t.riverEnd == Spring {
		// A spring is never drawn to continue a river: it is laid at set-up beside the City of Carcassonne
		// (COMBO-1, COMBO-3), where it starts the river, so its river end must face an empty cell.
		if joined > 0 {
			return riverJoinsEnds
		}
		return riverFlows
	}
	if joined == 0 {
		return riverNotContinued
	}
	if joined > 1 {
		return riverJoinsEnds
	}
	turn := bendTurn(r.riverIn, in)
	if turn != 0 {
		prev := s.At(p.Neighbour(in))
		if prev != nil && prev.turn == turn {
			return riverUTurn
		}
	}
	return riverFlows
}

// riverFits is CanPlace for a river tile at a frontier cell where its edges match in rotation rot, without a
// refusal to make: the river's limits (riverFault) and SHRINE-3 (cloisterFits).
func (s *State) riverFits(t *TileType, p Pos, rot int) bool {
	_, mask := s.demand(s.gridIndex(p))
	return s.riverFault(t, p, rot&3, mask) == riverFlows && s.cloisterFits(t, p)
}

// bendTurn returns +1 if a river with edges `river` entering through edge in turns right along the flow, -1 if
// it turns left, 0 if it does not bend (straight, spring, lake, fork).
func bendTurn(river uint8, in int) int8 {
	if popcount4(river) != 2 {
		return 0
	}
	out := -1
	for e := 0; e < 4; e++ {
		if river&(1<<e) != 0 && e != in {
			out = e
		}
	}
	heading := (in + 2) & 3
	switch (out - heading) & 3 {
	case 1:
		return 1
	case 3:
		return -1
	}
	return 0
}

// checkShrineLimit applies SHRINE-3 to a shrine or monastery tile about to be placed at p.
func (s *State) checkShrineLimit(kind Kind, p Pos) error {
	switch s.shrineConflict(kind, p) {
	case shrineTwoMonasteries:
		return refuse("SHRINE-3", "err.shrine_two_monasteries")
	case monasteryTwoShrines:
		return refuse("SHRINE-3", "err.monastery_two_shrines")
	case breaksPair:
		return refuse("SHRINE-3", "err.breaks_pair")
	}
	return nil
}

// The limits of SHRINE-3 a shrine or monastery may break (shrineConflict).
const (
	shrineFits           = iota
	shrineTwoMonasteries // a shrine between two monasteries
	monasteryTwoShrines  // a monastery between two shrines
	breaksPair           // its partner has one of its kind already (SHRINE-3(c))
)

// shrineConflict is SHRINE-3 without a refusal to build (the enumerations call it for every candidate): the limit a
// shrine or monastery at p would break, shrineFits if none.
func (s *State) shrineConflict(kind Kind, p Pos) int {
	others, same := s.shrines, s.monasteries
	if kind == KShrine {
		others, same = s.monasteries, s.shrines
	}
	partners := 0
	var partner Pos
	for _, q := range others {
		if near(q, p) {
			partners++
			partner = q
		}
	}
	if partners > 1 {
		if kind == KShrine {
			return shrineTwoMonasteries
		}
		return monasteryTwoShrines
	}
	if partners == 1 {
		// The partner must not have a building of this tile's kind in its block already (SHRINE-3(c)).
		for _, q := range same {
			if q != p && near(q, partner) {
				return breaksPair
			}
		}
	}
	return shrineFits
}

// near reports whether two different cells are in each other's 3x3 block (DEF-10).
func near(a, b Pos) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return a != b && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

// fitsSpecial reports whether a tile whose edges match at p in rotation rot may lie there under the rules beyond the
// edge match: CanPlace for a river tile (RIVER-5/6, RIV2-5), SHRINE-3 for a monastery or shrine with shrines in play.
func (s *State) fitsSpecial(t *TileType, p Pos, rot int) bool {
	if t.rots[0].riverIn != 0 {
		return s.riverFits(t, p, rot)
	}
	return s.cloisterFits(t, p)
}

// shrineLimited reports whether SHRINE-3 limits where t may lie: shrines are in play and t's centre is a monastery
// or a shrine.
func (s *State) shrineLimited(t *TileType) bool {
	return s.Opts.Shrines && t.Centre >= 0 && t.Segs[t.Centre].Kind.IsCloister()
}

// cloisterFits reports whether a monastery or shrine tile may lie at p under SHRINE-3 (with shrines in play; any
// other tile may): the limit depends on the cell, not on the rotation.
func (s *State) cloisterFits(t *TileType, p Pos) bool {
	if s.shrineLimited(t) {
		return s.shrineConflict(t.Segs[t.Centre].Kind, p) == shrineFits
	}
	return true
}

// LegalPlacements appends every legal (position, rotation) of tile type t to buf, counting a rotation that gives
// the same placement as a lower one of a symmetric tile only once (BASE-4, BASE-5).
func (s *State) LegalPlacements(t *TileType, buf []Placement) []Placement {
	return s.placements(t, buf, -1)
}

// CountPlacements returns the number of legal placements of t, as LegalPlacements counts them.
func (s *State) CountPlacements(t *TileType) int {
	var buf [256]Placement
	return len(s.placements(t, buf[:0], len(buf)))
}

// Placeable reports whether t has any legal placement (BASE-5: otherwise it is discarded).
func (s *State) Placeable(t *TileType) bool {
	var buf [1]Placement
	return len(s.placements(t, buf[:0], 1)) > 0
}

// placements appends the legal placements of t to buf and stops once buf holds limit of them (limit < 0: no
// limit). Edges are matched against each frontier cell's demanded terrains; the river and shrine limits are
// checked only for tiles they concern.
func (s *State) placements(t *TileType, buf []Placement, limit int) []Placement {
	river := t.rots[0].riverIn != 0
	cloister := s.shrineLimited(t) && !river
	for _, f := range s.frontier {
		rots := t.fittingRotations(f.req, f.mask)
		if rots == 0 {
			continue
		}
		p := s.cellPos(f.g)
		if cloister && !s.cloisterFits(t, p) {
			continue
		}
		for ; rots != 0; rots &= rots - 1 {
			k := bits.TrailingZeros8(rots)
			if river && !s.riverFits(t, p, k) {
				continue
			}
			if buf = append(buf, Placement{p, k}); len(buf) == limit {
				return buf
			}
		}
	}
	return buf
}

// Place puts tile type t on the board at p with rotation rot after checking CanPlace, joins its features with
// its neighbours' and returns the new tile's index in Tiles.
func (s *State) Place(t *TileType, p Pos, rot int) (int, error) {
	if err := s.CanPlace(t, p, rot); err != nil {
		return -1, err
	}
	var turn int8
	if r := &t.rots[rot&3]; r.riverIn != 0 {
		_, mask := s.demand(s.gridIndex(p))
		for e := 0; e < 4; e++ {
			if r.riverIn&(1<<e) != 0 && mask&(0xF<<(4*e)) != 0 {
				turn = bendTurn(r.riverIn, e)
			}
		}
	}
	if t.Abbey {
		return s.LayAbbey(p), nil // it closes its neighbours (AM-5, am.go)
	}
	idx := s.placeRaw(t, p, rot)
	s.Tiles[idx].turn = turn
	return idx, nil
}

// Move is one legal move of the W1 benchmark and of the table's "what can I do": a placement and an optional
// figure of kind Kind on one feature of the placed tile (Local = -1: no figure). It is 32 bytes: a turn lists
// dozens of them.
type Move struct {
	Placement
	Local int16
	Kind  FigureKind
}

// LegalMoves appends every legal move of tile type t for the player to buf: each legal placement with no
// figure, plus a follower on each feature of the placed tile whose joined feature would be unoccupied (BASE-6,
// BASE-7), if the player has a follower in supply; likewise the large follower (IC-4: never on a garden) and the
// abbot on the tile's monastery, shrine or garden (ABBOT-3), when the player has them in supply; with
// traders-builders the builder on each road or city feature the tile does not complete that holds a follower of the
// player's (TB-5) and the pig on each field feature that holds a farmer of the player's (TB-12) and no barn (AM-24),
// when in supply (specialMoves). Two segments of the tile that join one feature count once.
//
// A cell where no figure but the abbot can go (no follower or large follower in supply, no builder or pig move
// there) gives its placements in a short loop; the others are cellMoves'. The features a tile would join at a
// frontier cell are worked out once per cell for every rotation (cellPorts: the neighbours' features at the cell's 12
// ports), and each rotation reads its segments' ports off its tables (rotInfo.portSeg): no join is worked out per
// rotation and per segment.
func (s *State) LegalMoves(t *TileType, player int, buf []Move) []Move {
	// A builder or pig goes only onto a feature that holds a follower of the player's (with traders-builders
	// figureScan marks them in the pass that finds the supply). Where the joins of every cell are worked out anyway
	// (a follower or the large follower in supply), the cell's ports tell whether it touches one; else only the cells
	// at whose ports such a feature lies (markNear) are looked at.
	supply, kinds := s.figureScan(player, s.Opts.TradersBuilders)
	mc := moveCell{
		t:    t,
		hasF: supply&(1<<Follower) != 0,
		hasL: supply&(1<<Large) != 0,
		hasA: supply&(1<<Abbot) != 0 && t.Centre >= 0,
		hasB: supply&(1<<Builder) != 0 && kinds&nearRoadCity != 0,
		hasP: supply&(1<<Pig) != 0 && s.Opts.Farmers && kinds&nearField != 0,
		// Abbey & Mayor: the mayor onto a city, the wagon onto a road, city, monastery or shrine (AM-11, AM-14).
		hasM: supply&(1<<Mayor) != 0 && t.mayorSegs != 0,
		hasW: supply&(1<<Wagon) != 0 && t.wagonSegs != 0,
		// The segments a figure may take by their kind (no river, no garden, fields only with farmers: BASE-6,
		// FARM-1, ABBOT-3, IC-4(a)).
		cand:  t.followable,
		river: t.rots[0].riverIn != 0,
	}
	if s.Opts.Farmers {
		mc.cand |= t.fields
	}
	if s.IsVolcano(t) { // the dragon lands on it: no figure (PD-6, pd.go)
		mc.hasF, mc.hasL, mc.hasA, mc.hasB, mc.hasP, mc.hasM, mc.hasW = false, false, false, false, false, false, false
	}
	all := mc.hasF || mc.hasL || mc.hasM || mc.hasW || mc.river // every cell is cellMoves'
	cloister := s.shrineLimited(t) && !mc.river
	// near, by frontier cell: the kinds of the player's features at its ports (markNear) and, for a monastery or a
	// shrine, whether a building of the other kind lies in its 3x3 block (markPartners): SHRINE-3 is checked only
	// there.
	var near []uint8
	nearOwn := (mc.hasB || mc.hasP) && !all
	if nearOwn || cloister {
		near = s.clearNear()
		if nearOwn {
			s.markNear(near, mc.hasB, mc.hasP)
		}
		if cloister {
			s.markPartners(near, t.Segs[t.Centre].Kind)
		}
	}
	hasA, centre := mc.hasA, int16(t.Centre)
	for _, fr := range s.fittingCells(t) {
		fi, rots := int(fr>>4), uint8(fr&0xF)
		f := s.frontier[fi]
		p := s.cellPos(f.g)
		var nb uint8
		if near != nil {
			nb = near[fi]
		}
		if nb&nearPartner != 0 && !s.cloisterFits(t, p) {
			continue
		}
		if own := nb & (nearRoadCity | nearField); all || own != 0 {
			buf = s.cellMoves(&mc, f, p, rots, own, buf)
			continue
		}
		for ; rots != 0; rots &= rots - 1 {
			pl := Placement{p, bits.TrailingZeros8(rots)}
			buf = append(buf, Move{pl, -1, Follower})
			if hasA {
				buf = append(buf, Move{pl, centre, Abbot}) // a centre feature is never joined
			}
		}
	}
	return buf
}

// moveCell is what LegalMoves knows of a call for every cell: the tile, the figures the player may place (hasB,
// hasP: the builder or pig in supply and a feature of the player's for it), the segments a figure may take by their
// kind (cand), whether the tile is a river tile.
type moveCell struct {
	t                            *TileType
	hasF, hasL, hasA, hasB, hasP bool
	hasM, hasW                   bool // the mayor, the wagon (Abbey & Mayor, am.go)
	river                        bool
	cand                         uint16
}

// cellMoves appends the moves at frontier cell f (at p) in the rotations rots (bit k: rotation k; the edges match)
// where a figure other than the abbot may go, or the tile is a river tile: rotation by rotation, the placement with
// no figure, the abbot (hasA), then the figures on each segment, lowest first. near are the kinds of the player's
// features at the cell's ports when markNear found them (no follower or large follower in supply), else 0.
func (s *State) cellMoves(mc *moveCell, f frontCell, p Pos, rots uint8, near uint8, buf []Move) []Move {
	t, hasF, hasL := mc.t, mc.hasF, mc.hasL
	// A builder (pig) move here needs a road or city (a field) of the player's follower at a port of the cell:
	// their moves are looked for only at such cells, and without a follower in supply the joins are worked out
	// only for them (markNear).
	var cp cellPorts
	cellB, cellP := false, false
	hasM, hasW := mc.hasM, mc.hasW
	switch {
	case hasF || hasL || hasM || hasW:
		s.cellPorts(f.g, f.mask, &cp)
		if mc.hasB || mc.hasP {
			var own uint8
			for m := cp.present; m != 0; m &= m - 1 {
				own |= s.ownBits(cp.root[bits.TrailingZeros16(m)])
			}
			cellB, cellP = mc.hasB && own&nearRoadCity != 0, mc.hasP && own&nearField != 0
		}
	case near != 0:
		cellB, cellP = mc.hasB && near&nearRoadCity != 0, mc.hasP && near&nearField != 0
		if cellB || cellP {
			s.cellPorts(f.g, f.mask, &cp)
		}
	}
	special := cellB || cellP
	figures := hasF || hasL || hasM || hasW || special
	for ; rots != 0; rots &= rots - 1 {
		k := bits.TrailingZeros8(rots)
		if mc.river && !s.riverFits(t, p, k) {
			continue
		}
		pl := Placement{p, k}
		buf = append(buf, Move{pl, -1, Follower})
		if mc.hasA {
			buf = append(buf, Move{pl, int16(t.Centre), Abbot}) // a centre feature is never joined
		}
		if !figures {
			continue
		}
		// Occupancy of each segment's joined feature: occupied if a port of the segment touches an occupied
		// feature. Segments of the tile that join a common feature are one feature once the tile lies,
		// transitively (a field round the end of a road joins both fields of a straight road): they are grouped
		// (grp[i]: the segments of i's group), offered once under their lowest segment, and free only if no
		// feature any of them joins is occupied (BASE-7).
		r := &t.rots[k]
		linked := r.ports & cp.present
		var occSegs uint16
		for m := linked & cp.occ; m != 0; m &= m - 1 {
			occSegs |= 1 << r.portSeg[bits.TrailingZeros16(m)]
		}
		var grp [MaxSegs]uint16
		grouped := false
		for c := 0; c < cp.nshared; c++ {
			var sm uint16
			for m := cp.shared[c] & linked; m != 0; m &= m - 1 {
				sm |= 1 << r.portSeg[bits.TrailingZeros16(m)]
			}
			if sm&(sm-1) == 0 {
				continue // one segment of the tile: nothing joins
			}
			if !grouped {
				for i := range t.Segs {
					grp[i] = 1 << i
				}
				grouped = true
			}
			u := sm
			for m := sm; m != 0; m &= m - 1 {
				u |= grp[bits.TrailingZeros16(m)]
			}
			for m := u; m != 0; m &= m - 1 {
				grp[bits.TrailingZeros16(m)] = u
			}
		}
		for m := mc.cand; m != 0; m &= m - 1 {
			i := bits.TrailingZeros16(m)
			g := uint16(1) << i
			if grouped {
				if g = grp[i]; bits.TrailingZeros16(g) != i {
					continue
				}
			}
			if g&occSegs != 0 {
				if special {
					buf = s.specialMoves(t, pl, i, g, r, &cp, cellB, cellP, buf)
				}
				continue
			}
			if hasF {
				buf = append(buf, Move{pl, int16(i), Follower})
			}
			if hasL {
				buf = append(buf, Move{pl, int16(i), Large})
			}
			if hasM && t.mayorSegs&(1<<i) != 0 {
				buf = append(buf, Move{pl, int16(i), Mayor})
			}
			if hasW && t.wagonSegs&(1<<i) != 0 {
				buf = append(buf, Move{pl, int16(i), Wagon})
			}
		}
	}
	return buf
}

// fittingCells returns the frontier cells where t's edges match in some rotation (BASE-4), each as its index in
// the frontier times 16 plus its fitting rotations (fittingRotations), in frontier order, in the State's scratch
// (fitBuf). The cells are matched in one pass without a branch per cell: about half of them fit, at random.
func (s *State) fittingCells(t *TileType) []uint32 {
	if cap(s.fitBuf) < len(s.frontier) {
		s.fitBuf = make([]uint32, len(s.frontier), 2*len(s.frontier))
	}
	fit := s.fitBuf[:len(s.frontier)]
	n := 0
	for fi, f := range s.frontier {
		rots := t.fittingRotations(f.req, f.mask)
		fit[n] = uint32(fi)<<4 | uint32(rots)
		n += int((rots + 15) >> 4) // 1 if any rotation fits (rots < 16)
	}
	return fit[:n]
}

// cellPorts is what the tiles around a frontier cell offer at its 12 ports (ports 0..3 the edges N, E, S, W, 4..11
// the half-edges NNW..WNW; rotInfo.portSeg): the features a tile laid there joins, whatever the tile and its
// rotation, since an edge that matches (BASE-4) has a segment of the tile at every port the neighbour has one.
type cellPorts struct {
	present uint16    // the ports with a neighbour's segment
	occ     uint16    // those whose feature is occupied (DEF-6)
	root    [12]int32 // the feature at each present port
	// shared are the sets of two or more ports that touch one feature: the tile's segments at them join one another.
	shared  [6]uint16
	nshared int
}

// cellPorts works out cp for the frontier cell at grid index g, whose neighbours lie on the edges of mask (frontCell).
func (s *State) cellPorts(g int32, mask uint16, cp *cellPorts) {
	cp.present, cp.occ, cp.nshared = 0, 0, 0
	for e := 0; e < 4; e++ {
		if mask&(0xF<<(4*e)) == 0 {
			continue
		}
		nt := &s.Tiles[s.grid[g+s.dirOff[e]]-1]
		nr := &nt.Type.rots[nt.Rot]
		if b := nr.edgeSeg[(e+2)&3]; b >= 0 {
			s.setPort(cp, e, nt.segBase+int32(b))
		}
		for h := 2 * e; h < 2*e+2; h++ {
			if b := nr.halfSeg[oppHalf[h]]; b >= 0 {
				s.setPort(cp, 4+h, nt.segBase+int32(b))
			}
		}
	}
	var seen uint16
	for m := cp.present; m != 0; m &= m - 1 {
		p := bits.TrailingZeros16(m)
		if seen&(1<<p) != 0 {
			continue
		}
		cls := uint16(1) << p
		for q := m & (m - 1); q != 0; q &= q - 1 {
			if j := bits.TrailingZeros16(q); cp.root[j] == cp.root[p] {
				cls |= 1 << j
			}
		}
		seen |= cls
		if cls&(cls-1) != 0 {
			cp.shared[cp.nshared] = cls
			cp.nshared++
		}
	}
}

// setPort notes the feature of the neighbour's segment seg at port p of cp.
func (s *State) setPort(cp *cellPorts, p int, seg int32) {
	r := s.find(seg)
	cp.root[p] = r
	cp.present |= 1 << p
	// A field with a barn takes no figure (AM-24), though the barn does not occupy it (DEF-6): closed like an
	// occupied one.
	if s.segs[r].occ > 0 || s.Opts.AbbeyMayor && s.whoseOn(r, Barn) != 0 {
		cp.occ |= 1 << p
	}
}

// specialMoves appends the builder's and the pig's moves onto segment i of tile t placed as pl in rotation r
// (LegalMoves; i is the lowest segment of its group g, the segments that join one feature, and that feature is
// occupied): the builder on a road or city that holds a follower of the player's and that the tile does not complete
// (TB-5(a), TB-5(b)), the pig on a field that holds a farmer of the player's (TB-12) and no barn (AM-24). cp are the
// features around the cell; the features that hold a follower of the player's are marked (figureScan).
func (s *State) specialMoves(t *TileType, pl Placement, i int, g uint16, r *rotInfo, cp *cellPorts, hasB, hasP bool,
	buf []Move) []Move {
	sk := t.Segs[i].Kind
	if !(hasB && (sk == KRoad || sk == KCity)) && !(hasP && sk == KField) {
		return buf
	}
	open := 0
	var ports uint16
	for m := g; m != 0; m &= m - 1 {
		j := bits.TrailingZeros16(m)
		open += popcount4(t.Segs[j].Edges) // the tile's own ports of the feature
		ports |= r.segPorts[j]
	}
	linked := ports & cp.present
	mine, barn := false, false
	var roots [12]int32
	nr := 0
	for m := linked; m != 0; m &= m - 1 {
		root := cp.root[bits.TrailingZeros16(m)]
		seen := false
		for _, o := range roots[:nr] {
			seen = seen || o == root
		}
		if seen {
			continue
		}
		roots[nr] = root
		nr++
		open += int(s.segs[root].open)
		mine = mine || s.ownBits(root) != 0
		barn = barn || sk == KField && s.Opts.AbbeyMayor && s.whoseOn(root, Barn) != 0
	}
	switch {
	case !mine:
	case sk == KField && barn: // the tile joins a farmer's field to a barn's: no pig onto it (AM-24, barnClosed)
	case sk == KField:
		buf = append(buf, Move{pl, int16(i), Pig})
	case open-2*bits.OnesCount16(linked&0xF) > 0: // the tile does not complete it (each edge join closes 2 ports)
		buf = append(buf, Move{pl, int16(i), Builder})
	}
	return buf
}

// The kinds of the features that hold a follower of the player's (figureScan), and of those beside a frontier cell
// (markNear).
const (
	nearRoadCity = 1 << iota // a road or city: a builder may join it (TB-5)
	nearField                // a field: a pig may join it (TB-12)
	nearPartner              // a monastery (shrine) in the block of a cell where a shrine (monastery) is to lie
)

// figureScan returns the kinds of figure the player has in supply, as a bit mask (bit k: FigureKind k), and, with
// mark and the builder or the pig in supply, marks the features on which the player has a follower, ordinary or
// large (TB-5(a), TB-12), by root in the State's scratch (ownBits), lists their roots (ownRoots) and returns their
// kinds (nearRoadCity, nearField; else 0, and the marks are not to be read).
func (s *State) figureScan(player int, mark bool) (supply, kinds uint8) {
	figs, _ := s.playerFigures(player)
	var on [16]int32 // the segments of the player's followers on the board, the first 16 of n
	n := 0
	for i := range figs {
		switch f := &figs[i]; f.Where {
		case InSupply:
			supply |= 1 << f.Kind
		case OnBoard:
			if f.Kind.IsFollower() {
				on[n&15] = f.Seg
				n++
			}
		}
	}
	if !mark || supply&(1<<Builder|1<<Pig) == 0 {
		return supply, 0
	}
	s.ownGen++
	if s.ownGen >= 1<<30 { // the marks' generation wraps: forget every old mark
		clear(s.ownBuf)
		s.ownGen = 1
	}
	if len(s.ownBuf) < len(s.segs) {
		s.ownBuf = append(s.ownBuf, make([]uint32, len(s.segs)-len(s.ownBuf))...)
	}
	roots := s.ownRoots[:0]
	if n > len(on) { // more followers on the board than on holds: the figures once more
		n = 0
		for i := range figs {
			if f := &figs[i]; f.Where == OnBoard && f.Kind.IsFollower() {
				kinds |= s.markRoot(s.find(f.Seg), &roots)
			}
		}
	}
	for _, seg := range on[:n] {
		kinds |= s.markRoot(s.find(seg), &roots)
	}
	s.ownRoots = roots
	return supply, kinds
}

// markRoot marks the feature of root r for figureScan, lists it in roots once, and returns its kind (nearRoadCity,
// nearField; 0 for any other).
func (s *State) markRoot(r int32, roots *[]int32) uint8 {
	if v := s.ownBuf[r]; v>>2 == s.ownGen {
		return uint8(v & 3)
	}
	var bit uint8
	switch s.segs[r].kind {
	case KRoad, KCity:
		bit = nearRoadCity
	case KField:
		bit = nearField
	}
	s.ownBuf[r] = s.ownGen<<2 | uint32(bit)
	*roots = append(*roots, r)
	return bit
}

// ownBits returns the kind (nearRoadCity, nearField) of the feature of root r if figureScan marked it, else 0.
func (s *State) ownBits(r int32) uint8 {
	if v := s.ownBuf[r]; v>>2 == s.ownGen {
		return uint8(v & 3)
	}
	return 0
}

// clearNear returns the State's scratch by frontier cell (nearBuf), zeroed, for markNear and markPartners.
func (s *State) clearNear() []uint8 {
	s.nearBuf = append(s.nearBuf[:0], make([]uint8, len(s.frontier))...)
	return s.nearBuf
}

// markNear marks in near, for each frontier cell in its order, the kinds of the features figureScan marked
// (nearRoadCity with builder, nearField with pig) that a tile beside it holds at one of the cell's ports (a segment of
// the feature on the edge the tile shares with the cell: TileType.segEdges): a builder or pig joins them only through
// such cells.
func (s *State) markNear(near []uint8, builder, pig bool) {
	for _, r := range s.ownRoots {
		bit := s.ownBits(r)
		if bit == 0 || bit == nearRoadCity && !builder || bit == nearField && !pig {
			continue
		}
		m := r
		for {
			sg := &s.segs[m]
			t := &s.Tiles[sg.segTile]
			g := s.gridIndex(t.Pos)
			for es := t.Type.segEdges[t.Rot][sg.segLocal]; es != 0; es &= es - 1 {
				if fc := s.grid[g+s.dirOff[bits.TrailingZeros8(es)]]; fc < 0 {
					near[-fc-1] |= bit
				}
			}
			if m = sg.next; m == r {
				break
			}
		}
	}
}

// markPartners marks in near (nearPartner) the frontier cells in the 3x3 block (DEF-10) of a shrine, for a monastery
// (kind KMonastery) to be placed, or of a monastery, for a shrine: only there may a placement break SHRINE-3
// (shrineConflict finds no partner elsewhere).
func (s *State) markPartners(near []uint8, kind Kind) {
	others := s.shrines
	if kind == KShrine {
		others = s.monasteries
	}
	for _, q := range others {
		g := s.gridIndex(q)
		for _, o := range s.blockOff[1:] {
			if fc := s.grid[g+o]; fc < 0 {
				near[-fc-1] |= nearPartner
			}
		}
	}
}
