package engine

import "strings"

// Places on a tile, as the game record names them (record format "places on a tile"): an edge N E S W, a
// half-edge NNW … WNW, a centre feature (monastery, shrine, garden), or "#name" for the catalogue's own name of a
// segment. Names are in table orientation, after rotation.

// SegByPlace returns the local segment of tile `tile` named by place. Errors cite BASE-6 with the key
// "err.no_such_place".
func (s *State) SegByPlace(tile int, place string) (int, error) {
	if tile < 0 || tile >= len(s.Tiles) {
		return -1, refuse("BASE-6", "err.no_such_place", "place", place)
	}
	t := &s.Tiles[tile]
	r := &t.Type.rots[t.Rot]
	if strings.HasPrefix(place, "#") {
		for i, sd := range t.Type.Segs {
			if sd.Name == place[1:] {
				return i, nil
			}
		}
		return -1, refuse("BASE-6", "err.no_such_place", "place", place)
	}
	if e := edgeIndex(place); e >= 0 {
		if i := r.edgeSeg[e]; i >= 0 {
			return int(i), nil
		}
		if i := r.halfSeg[2*e]; i >= 0 && r.halfSeg[2*e+1] == i {
			return int(i), nil // a field edge names its field
		}
		return -1, refuse("BASE-6", "err.no_such_place", "place", place)
	}
	if h := halfIndex(place); h >= 0 {
		if i := r.halfSeg[h]; i >= 0 {
			return int(i), nil
		}
		return -1, refuse("BASE-6", "err.no_such_place", "place", place)
	}
	for i, sd := range t.Type.Segs {
		if sd.Kind.IsCentre() && sd.Kind.String() == place {
			return i, nil
		}
	}
	return -1, refuse("BASE-6", "err.no_such_place", "place", place)
}

// FeatureAt returns the global segment at x,y:place on the board.
func (s *State) FeatureAt(p Pos, place string) (int32, error) {
	ti := s.TileIndex(p)
	if ti < 0 {
		return -1, refuse("BASE-6", "err.no_tile_there", "pos", p)
	}
	l, err := s.SegByPlace(ti, place)
	if err != nil {
		return -1, err
	}
	return s.Tiles[ti].Seg(l), nil
}

// PlaceName returns the shortest record name of local segment i of tile `tile` in table orientation: its first
// edge, else its first half-edge, else its centre kind, else "#name".
func (s *State) PlaceName(tile, i int) string {
	t := &s.Tiles[tile]
	r := &t.Type.rots[t.Rot]
	sd := &t.Type.Segs[i]
	if sd.Kind.IsCentre() {
		return sd.Kind.String()
	}
	for e := 0; e < 4; e++ {
		if r.edgeSeg[e] == int8(i) {
			return EdgeNames[e]
		}
	}
	for e := 0; e < 4; e++ {
		if r.halfSeg[2*e] == int8(i) && r.halfSeg[2*e+1] == int8(i) && r.edgeSeg[e] < 0 {
			return EdgeNames[e]
		}
	}
	for h := 0; h < 8; h++ {
		if r.halfSeg[h] == int8(i) {
			return HalfNames[h]
		}
	}
	return "#" + sd.Name
}

// PlaceNames returns every record name of local segment i of tile `tile` (edges, half-edges, centre), the
// shortest first; "#name" last.
func (s *State) PlaceNames(tile, i int) []string {
	t := &s.Tiles[tile]
	r := &t.Type.rots[t.Rot]
	sd := &t.Type.Segs[i]
	var out []string
	if sd.Kind.IsCentre() {
		out = append(out, sd.Kind.String())
	}
	for e := 0; e < 4; e++ {
		if r.edgeSeg[e] == int8(i) || (r.edgeSeg[e] < 0 && r.halfSeg[2*e] == int8(i) && r.halfSeg[2*e+1] == int8(i)) {
			out = append(out, EdgeNames[e])
		}
	}
	for h := 0; h < 8; h++ {
		if r.halfSeg[h] == int8(i) {
			out = append(out, HalfNames[h])
		}
	}
	return append(out, "#"+sd.Name)
}
