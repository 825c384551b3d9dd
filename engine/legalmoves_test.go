package engine

import (
	"math/rand/v2"
	"testing"
)

// TestLegalMovesJoinedThroughTile: two segments of the placed tile can join one feature through a neighbour (a field
// that goes round the end of a road touches both fields of a straight road), so a figure may go on one of them only
// if no feature that either of them joins is occupied (BASE-7). Found by the referee's random games: LegalMoves
// offered a farmer on a field that the placement itself joins to an occupied one.
func TestLegalMovesJoinedThroughTile(t *testing.T) {
	cat := Standard()
	s := New(cat, Options{Players: 2, Farmers: true})
	s.PlaceStart(cat.Tile("b-mr1")) // 0,0: monastery, road to S; field A all round
	place := func(id string, p Pos, rot int) int {
		t.Helper()
		i, err := s.Place(cat.Tile(id), p, rot)
		if err != nil {
			t.Fatalf("place %s at %v: %v", id, p, err)
		}
		return i
	}
	place("b-c1", Pos{-1, 0}, 2) // city S; its field joins A through its E edge
	b := place("b-c1", Pos{-1, 1}, 0)
	if _, err := s.Deploy(1, Follower, b, 1); err != nil { // a farmer on field B: E, S, W of -1,1, not A
		t.Fatal(err)
	}
	rs := cat.Tile("b-rs")
	// b-rs at 0,1 road N-S: its E field touches A only, its W field touches A (NNW) and B (WNW, WSW): all one field.
	for _, m := range s.LegalMoves(rs, 0, nil) {
		if m.Pos != (Pos{0, 1}) || m.Rot != 0 || m.Local < 0 || rs.Segs[int(m.Local)].Kind != KField {
			continue
		}
		t.Errorf("LegalMoves offers a farmer on field %s of b-rs at 0,1, which joins the occupied field B (BASE-7)",
			rs.Segs[int(m.Local)].Name)
	}
}

// TestLegalMovesDeployable: on random boards, every move LegalMoves offers can be played (the tile placed, the
// follower deployed) and every feature of the placed tile the player could take is offered once.
func TestLegalMovesDeployable(t *testing.T) {
	cat := Standard()
	start, bag := baseBag(cat)
	for seed := uint64(1); seed <= 30; seed++ {
		s := New(cat, Options{Players: 2, Farmers: true})
		s.PlaceStart(start)
		rng := rand.New(rand.NewPCG(seed, 3))
		order := append(bag[:0:0], bag...)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		player := 0
		for turn, tt := range order {
			moves := s.LegalMoves(tt, player, nil)
			if len(moves) == 0 {
				continue
			}
			if turn%4 == 0 { // every offered move, on a copy, now and then (a copy per move is slow)
				type key struct {
					Placement
					root int32
				}
				offered := map[key]bool{}
				for _, m := range moves {
					c := s.Clone()
					idx, err := c.Place(tt, m.Pos, m.Rot)
					if err != nil {
						t.Fatalf("seed %d: offered placement %+v: %v", seed, m, err)
					}
					if m.Local < 0 {
						// Every feature a follower may take is offered exactly once.
						for _, o := range c.DeployOptions(player, idx, nil) {
							if o.Kind == Follower && !offered[key{m.Placement, c.Root(c.Tiles[idx].Seg(o.Local))}] {
								offered[key{m.Placement, c.Root(c.Tiles[idx].Seg(o.Local))}] = false
							}
						}
						continue
					}
					if _, err := c.Deploy(player, Follower, idx, int(m.Local)); err != nil {
						t.Fatalf("seed %d: offered move %s %+v: %v", seed, tt.ID, m, err)
					}
					k := key{m.Placement, c.Root(c.Tiles[idx].Seg(int(m.Local)))}
					if offered[k] {
						t.Fatalf("seed %d: move %s %+v offers a feature twice", seed, tt.ID, m)
					}
					offered[k] = true
				}
				for k, ok := range offered {
					if !ok {
						t.Fatalf("seed %d: %s at %+v: a follower may go on feature %d, not offered", seed, tt.ID, k.Placement, k.root)
					}
				}
			}
			m := moves[rng.IntN(len(moves))]
			if _, err := s.PlayMove(player, tt, m, nil); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			player = 1 - player
		}
	}
}
