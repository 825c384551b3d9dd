package engine

import (
	"math/bits"
	"slices"
	"testing"
)

// legalMovesRef is LegalMoves as it was before issue 23 (links worked out per rotation): the reference the
// faster LegalMoves must match move for move, in the same order (TestLegalMovesMatchReference).
//
// It appends every legal move of tile type t for the player to buf: each legal placement with no
// figure, plus a follower on each feature of the placed tile whose joined feature would be unoccupied (BASE-6,
// BASE-7), if the player has a follower in supply; likewise the large follower (IC-4: never on a garden) and the
// abbot on the tile's monastery, shrine or garden (ABBOT-3), when the player has them in supply; with
// traders-builders the builder on each road or city feature the tile does not complete that holds a follower of the
// player's (TB-5) and the pig on each field feature that holds a farmer of the player's (TB-12), when in supply
// (specialMoves). Two segments of the tile that join one feature count once.
func (s *State) legalMovesRef(t *TileType, player int, buf []Move) []Move {
	supply := s.supplyKinds(player)
	hasF := supply&(1<<Follower) != 0
	hasL := supply&(1<<Large) != 0
	hasA := supply&(1<<Abbot) != 0 && t.Centre >= 0
	hasB := supply&(1<<Builder) != 0
	hasP := supply&(1<<Pig) != 0 && s.Opts.Farmers
	hasM := supply&(1<<Mayor) != 0 // Abbey & Mayor: the mayor on a city (AM-11), the wagon on a road, city,
	hasW := supply&(1<<Wagon) != 0 // monastery or shrine (AM-14)
	if s.IsVolcano(t) {            // the dragon lands on it: no figure (PD-6)
		hasF, hasL, hasA, hasB, hasP, hasM, hasW = false, false, false, false, false, false, false
	}
	var own rootSetRef // the features that hold a follower of the player's: only beside them may a builder or pig go
	var near []uint8   // by frontier cell: the kinds of those features beside it (markNear)
	if hasB || hasP {
		own = s.followerRootsRef(player)
		hasB = hasB && (own.n > 0 || own.all)
		hasP = hasP && (own.n > 0 || own.all)
		if (hasB || hasP) && !own.all {
			near = s.markNearRef(&own, hasB, hasP)
		}
	}
	river, cloister := t.rots[0].riverIn != 0, s.special(t) && t.rots[0].riverIn == 0
	for fi, f := range s.frontier {
		rots := t.fittingRotations(f.req, f.mask)
		if rots == 0 {
			continue
		}
		g, p := f.g, s.cellPos(f.g)
		if cloister && !s.cloisterFits(t, p) {
			continue
		}
		// A builder (pig) move here needs a tile beside the cell with a road or city (a field) of the player's
		// follower: their moves are looked for only at such cells, and without a follower in supply the links are
		// worked out only for them.
		cellB, cellP := hasB, hasP
		if near != nil {
			cellB, cellP = hasB && near[fi]&nearRoadCity != 0, hasP && near[fi]&nearField != 0
		}
		special := cellB || cellP
		for ; rots != 0; rots &= rots - 1 {
			k := bits.TrailingZeros8(rots)
			r := &t.rots[k]
			if river && s.CanPlace(t, p, k) != nil {
				continue
			}
			buf = append(buf, Move{Placement{p, k}, -1, Follower})
			if hasA {
				buf = append(buf, Move{Placement{p, k}, int16(t.Centre), Abbot}) // a centre feature is never joined
			}
			if !hasF && !hasL && !hasM && !hasW && !special {
				continue
			}
			// Occupancy of each segment's joined feature: the OR of its neighbours' features. Segments of the tile
			// that join a common feature are one feature once the tile lies, transitively (a field round the end of
			// a road joins both fields of a straight road): they are grouped under their lowest segment; a group is
			// free only if no feature any of them joins is occupied (BASE-7), and is offered once.
			var occupied [16]bool
			var group [16]int8
			var rootOf [12]int32
			grouped := false
			ls, n := s.links(g, r)
			for x := 0; x < n; x++ {
				root := s.find(ls[x].theirs)
				rootOf[x] = root
				if s.segs[root].occ > 0 {
					occupied[ls[x].mine] = true
				}
				for y := 0; y < x; y++ {
					if rootOf[y] == root && ls[y].mine != ls[x].mine {
						if !grouped {
							for i := range group {
								group[i] = int8(i)
							}
							grouped = true
						}
						joinGroupsRef(&group, ls[x].mine, ls[y].mine)
					}
				}
			}
			if grouped {
				for i := range t.Segs {
					if lo := group[i]; int(lo) != i {
						occupied[lo] = occupied[lo] || occupied[i]
					}
				}
			}
			for i := range t.Segs {
				sk := t.Segs[i].Kind
				if (grouped && int(group[i]) != i) || sk == KRiver || sk == KGarden || (sk == KField && !s.Opts.Farmers) {
					continue
				}
				if occupied[i] {
					if special {
						buf = s.specialMovesRef(t, player, Placement{p, k}, i, &group, grouped, ls[:n], cellB, cellP, &own, buf)
					}
					continue
				}
				if hasF {
					buf = append(buf, Move{Placement{p, k}, int16(i), Follower})
				}
				if hasL {
					buf = append(buf, Move{Placement{p, k}, int16(i), Large})
				}
				if hasM && sk == KCity {
					buf = append(buf, Move{Placement{p, k}, int16(i), Mayor})
				}
				if hasW && (sk == KRoad || sk == KCity || sk == KMonastery || sk == KShrine) {
					buf = append(buf, Move{Placement{p, k}, int16(i), Wagon})
				}
			}
		}
	}
	return buf
}

// specialMoves appends the builder's and the pig's moves onto segment i of tile t placed as pl (LegalMoves; i is the
// lowest segment of its group when grouped, and its joined feature is occupied): the builder on a road or city that
// holds a follower of the player's and that the tile does not complete (TB-5(a), TB-5(b)), the pig on a field that
// holds a farmer of the player's (TB-12). ls are the tile's links to its neighbours at pl, own the roots of the
// features that hold a follower of the player's (followerRoots).
func (s *State) specialMovesRef(t *TileType, player int, pl Placement, i int, group *[16]int8, grouped bool, ls []link,
	hasB, hasP bool, own *rootSetRef, buf []Move) []Move {
	sk := t.Segs[i].Kind
	if !(hasB && (sk == KRoad || sk == KCity)) && !(hasP && sk == KField) {
		return buf
	}
	in := func(j int8) bool { return int(j) == i || grouped && int(group[j]) == i }
	mine, open, edges := false, 0, 0
	var roots [12]int32
	nr := 0
	for j := range t.Segs {
		if in(int8(j)) {
			open += popcount4(t.Segs[j].Edges) // the tile's own ports of the feature
		}
	}
	for _, l := range ls {
		if !in(l.mine) {
			continue
		}
		if l.edge {
			edges++
		}
		r := s.find(l.theirs)
		seen := false
		for _, o := range roots[:nr] {
			seen = seen || o == r
		}
		if seen {
			continue
		}
		roots[nr] = r
		nr++
		open += int(s.segs[r].open)
		mine = mine || own.has(r) || own.all && s.hasFollowerOn(player, r)
	}
	switch {
	case !mine:
	case sk == KField:
		buf = append(buf, Move{pl, int16(i), Pig})
	case open-2*edges > 0: // the tile does not complete it (every edge link closes a port on each side)
		buf = append(buf, Move{pl, int16(i), Builder})
	}
	return buf
}

// supplyKinds returns the kinds of figure the player has in supply, as a bit mask (bit k: FigureKind k), in one pass
// over the figures (legalMovesRef's; LegalMoves finds them with figureScan).
func (s *State) supplyKinds(player int) uint8 {
	var m uint8
	figs, _ := s.playerFigures(player)
	for i := range figs {
		if f := &figs[i]; f.Where == InSupply {
			m |= 1 << f.Kind
		}
	}
	return m
}

// joinGroups puts the groups of segments a and b of a tile together under the lower group (LegalMoves): every
// segment of the higher group takes the lower one, so that each group stays named by its lowest segment.
func joinGroupsRef(group *[16]int8, a, b int8) {
	ga, gb := group[a], group[b]
	if ga == gb {
		return
	}
	if ga > gb {
		ga, gb = gb, ga
	}
	for i := range group {
		if group[i] == gb {
			group[i] = ga
		}
	}
}

// TestLegalMovesMatchReference plays random games, the base game's and every module's (W1 and its variant: the
// large follower, the abbot, shrines, the builder and the pig), and checks at every turn, for every player, that
// LegalMoves lists exactly the moves of the reference (legalMovesRef), in the same order: the work per frontier
// cell changes nothing of what is offered.
func TestLegalMovesMatchReference(t *testing.T) {
	for _, all := range []bool{false, true} {
		s, start, bag := w1Workload(Standard(), all)
		calls := 0
		for seed := uint64(1); seed <= 40; seed++ {
			rec := w1Recorded(s, seed, start, bag)
			s.Reset()
			s.PlaceStart(start)
			for i, r := range rec {
				// Every tile type of the bag, not only the one drawn: more boards x tiles.
				for _, tt := range []*TileType{r.t, bag[(i*7)%len(bag)]} {
					for p := 0; p < s.Opts.Players; p++ {
						got, want := s.LegalMoves(tt, p, nil), s.legalMovesRef(tt, p, nil)
						calls++
						if !slices.Equal(got, want) {
							t.Fatalf("all=%v seed %d move %d, tile %s, player %d:\n got %v\nwant %v", all, seed, i, tt.ID, p,
								got, want)
						}
					}
				}
				if err := r.play(s); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("all=%v: %d calls", all, calls)
	}
}

// link is a join (legalMovesRef) a tile makes with a placed neighbour (DEF-2): its own local segment and the neighbour's global
// segment, across a whole edge (road, city, river) or a half-edge (fields).
type link struct {
	mine   int8
	theirs int32
	edge   bool
}

// links returns the joins a tile in rotation r makes (or would make) at grid cell g with the tiles around it: at
// most one per edge and two per half-edge pair.
func (s *State) links(g int32, r *rotInfo) (out [12]link, n int) {
	for e := 0; e < 4; e++ {
		ni := s.grid[g+s.dirOff[e]]
		if ni <= 0 {
			continue
		}
		nt := &s.Tiles[ni-1]
		nr := &nt.Type.rots[nt.Rot]
		if a, b := r.edgeSeg[e], nr.edgeSeg[(e+2)&3]; a >= 0 && b >= 0 {
			out[n] = link{a, nt.segBase + int32(b), true}
			n++
		}
		for h := 2 * e; h < 2*e+2; h++ {
			if a, b := r.halfSeg[h], nr.halfSeg[oppHalf[h]]; a >= 0 && b >= 0 {
				out[n] = link{a, nt.segBase + int32(b), false}
				n++
			}
		}
	}
	return
}

// rootSetRef is a small set of feature roots: those that hold a follower of one player (followerRoots), for the builder's
// and the pig's moves. all: the player has more followers on the board than it holds, and every root may be one.
type rootSetRef struct {
	r   [16]int32
	n   int
	all bool
}

func (rs *rootSetRef) has(r int32) bool {
	for _, x := range rs.r[:rs.n] {
		if x == r {
			return true
		}
	}
	return false
}

// followerRoots returns the roots of the features on which the player has a follower, ordinary or large (TB-5(a),
// TB-12).
func (s *State) followerRootsRef(player int) (rs rootSetRef) {
	figs, _ := s.playerFigures(player)
	for i := range figs {
		f := &figs[i]
		if f.Where != OnBoard || !f.Kind.IsFollower() {
			continue
		}
		if r := s.find(f.Seg); !rs.has(r) {
			if rs.n == len(rs.r) {
				rs.all = true
				return
			}
			rs.r[rs.n] = r
			rs.n++
		}
	}
	return
}

// markNear returns, for each frontier cell in its order, the kinds of the features of rs (nearRoadCity with
// builder, nearField with pig) that a tile beside it holds: a builder or pig joins them only through such cells. It
// returns a new slice.
func (s *State) markNearRef(rs *rootSetRef, builder, pig bool) []uint8 {
	near := make([]uint8, len(s.frontier))
	for _, r := range rs.r[:rs.n] {
		var bit uint8
		switch k := s.SegKind(r); {
		case (k == KRoad || k == KCity) && builder:
			bit = nearRoadCity
		case k == KField && pig:
			bit = nearField
		default:
			continue
		}
		s.Members(r, func(m int32) {
			g := s.gridIndex(s.Tiles[s.segs[m].segTile].Pos)
			for e := 0; e < 4; e++ {
				if fc := s.grid[g+s.dirOff[e]]; fc < 0 {
					near[-fc-1] |= bit
				}
			}
		})
	}
	return near
}
