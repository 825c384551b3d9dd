package engine

// Identifying a tile from what a player sees on the table: its four edges clockwise from the board's north, and
// what else is printed on it (a monastery, shrine or garden, a pennant). The table uses it to turn a few keystrokes
// into a tile type and a rotation.

// Marks are the extras a player may name besides the edges.
type Marks struct {
	Centre  Kind // KMonastery, KShrine or KGarden; KRoad (the zero value) for none named
	Pennant bool
}

// Match is a tile type in a rotation (quarter turns clockwise) whose edges show what was typed.
type Match struct {
	Type *TileType
	Rot  int
}

// MatchTiles returns every tile type among candidates that, in some rotation, shows exactly these terrains on its
// table edges N, E, S, W, one match per distinct placement. Named marks must be on the tile; tiles whose extras
// were not named come after those that have none. candidates nil means every tile type of the catalogue that is not
// a cell of a piece.
func (c *Catalogue) MatchTiles(edges [4]Terrain, m Marks, candidates []*TileType) []Match {
	if candidates == nil {
		for _, t := range c.Types {
			if t.Piece == nil {
				candidates = append(candidates, t)
			}
		}
	}
	var packed uint16
	for e, tr := range edges {
		packed |= uint16(tr) << (4 * e)
	}
	var exact, more []Match
	for _, t := range candidates {
		centre := KRoad
		if t.Centre >= 0 {
			centre = t.Segs[t.Centre].Kind
		}
		pennant := false
		for _, s := range t.Segs {
			if s.Pennants > 0 {
				pennant = true
			}
		}
		if (m.Centre != KRoad && centre != m.Centre) || (m.Pennant && !pennant) {
			continue
		}
		extra := (m.Centre == KRoad && centre != KRoad) || (!m.Pennant && pennant)
		for k := 0; k < 4; k++ {
			r := &t.rots[k]
			if r.distinct && r.packed == packed {
				if extra {
					more = append(more, Match{t, k})
				} else {
					exact = append(exact, Match{t, k})
				}
			}
		}
	}
	return append(exact, more...)
}
