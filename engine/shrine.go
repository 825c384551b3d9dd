package engine

// Shrines (SHRINE-1..10): a shrine is a monastery for every rule except that it challenges the one monastery in
// its 3x3 block (and a monastery the one shrine in its block) while both are occupied. The placement limit is in
// moves.go (SHRINE-3), the decision of a challenge in scoring.go (ScoreTurn: SHRINE-6, SHRINE-7, through Decided),
// the end in FinalScore (SHRINE-8: both score as incomplete). Occupancy and completion are judged in the scoring
// step, after the figure step, so a figure put this turn starts a challenge that the same turn may decide
// (SHRINE-5(f)).

// partner returns the centre segment of the building that can challenge the monastery or shrine of seg (the
// other kind of cloister in its 3x3 block, SHRINE-5(a)), -1 if none. SHRINE-3 keeps it unique.
func (s *State) partner(seg int32) int32 {
	k := s.SegKind(seg)
	want := KShrine
	if k == KShrine {
		want = KMonastery
	} else if k != KMonastery {
		return -1
	}
	p := s.Tiles[s.segs[seg].segTile].Pos
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if dx == 0 && dy == 0 {
				continue
			}
			t := s.At(Pos{p.X + dx, p.Y + dy})
			if t != nil && t.Type.Centre >= 0 && t.Type.Segs[t.Type.Centre].Kind == want {
				return t.Seg(int(t.Type.Centre))
			}
		}
	}
	return -1
}

// challenger returns the building in a challenge with the monastery or shrine of seg now, -1 if none: its partner,
// both occupied (SHRINE-5(a)). Occupancy and completion are judged as the board stands, and in a turn's scoring
// step that is after the figure step: a figure put this turn on either building counts, also on a building that the
// tile placed this turn completed or on a partner beside a completed one, so that the challenge it starts is decided
// by this same turn's scoring (SHRINE-5(f), SHRINE-10; SEQ-5, SEQ-6(a)).
func (s *State) challenger(seg int32) int32 {
	if !s.Opts.Shrines || s.segs[s.find(seg)].occ == 0 {
		return -1
	}
	p := s.partner(seg)
	if p < 0 || s.segs[s.find(p)].occ == 0 {
		return -1
	}
	return p
}

// Decided reports how this turn's scoring decides the challenge of the monastery or shrine of seg, as the board
// stands (SHRINE-5(f), SHRINE-6, SHRINE-7): ok when the building and its partner are both occupied (SHRINE-5(a)) and
// at least one of them is complete. winner is a complete side; loser is the incomplete side, whose figures go back
// with 0 points (SHRINE-6), or -1 when both are complete and both score in full (SHRINE-7).
func (s *State) Decided(seg int32) (winner, loser int32, ok bool) {
	p := s.challenger(seg)
	if p < 0 {
		return -1, -1, false
	}
	done := s.BlockFull(s.Tiles[s.segs[seg].segTile].Pos)
	pdone := s.BlockFull(s.Tiles[s.segs[p].segTile].Pos)
	switch {
	case done && pdone:
		return seg, -1, true
	case done:
		return seg, p, true
	case pdone:
		return p, seg, true
	}
	return -1, -1, false
}

// Partner returns the centre segment of the building in the 3x3 block of the monastery or shrine of seg that can
// challenge it (the other kind, SHRINE-5(a)), -1 if none.
func (s *State) Partner(seg int32) int32 { return s.partner(seg) }

// Challenge is a shrine and the monastery in its block, both occupied (SHRINE-5(a)); an open challenge when both are
// incomplete too (Challenges).
type Challenge struct{ Shrine, Monastery int32 }

// Challenges returns the open challenges on the board: both sides occupied and incomplete (SHRINE-5(a)).
func (s *State) Challenges() []Challenge { return s.pairs(true) }

// Pairs returns every shrine with its partner, both occupied, complete or not (SHRINE-5(a)). Between a figure step
// and the scoring step these are the open challenges and those that this turn's scoring decides (SHRINE-5(f)).
func (s *State) Pairs() []Challenge { return s.pairs(false) }

// pairs lists the occupied shrine-monastery pairs, with open only those whose sides are both incomplete.
func (s *State) pairs(open bool) []Challenge {
	var out []Challenge
	if !s.Opts.Shrines {
		return out
	}
	for i := range s.Tiles {
		t := &s.Tiles[i]
		if t.Type.Centre < 0 || t.Type.Segs[t.Type.Centre].Kind != KShrine {
			continue
		}
		sh := t.Seg(int(t.Type.Centre))
		m := s.partner(sh)
		if m < 0 || s.segs[sh].occ == 0 || s.segs[m].occ == 0 {
			continue
		}
		if open && (s.BlockFull(t.Pos) || s.BlockFull(s.Tiles[s.segs[m].segTile].Pos)) {
			continue
		}
		out = append(out, Challenge{sh, m})
	}
	return out
}

// InChallenge reports whether the cloister of seg is in an open challenge now.
func (s *State) InChallenge(seg int32) bool {
	for _, c := range s.Challenges() {
		if c.Shrine == seg || c.Monastery == seg {
			return true
		}
	}
	return false
}
