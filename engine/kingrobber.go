package engine

// The King and the Robber Baron (KING-1..8, ROBBER-1..5): who holds them during the game, and their end scores.

// Holder records who holds the King (or the Robber Baron) tile and the feature its marker lies on.
type Holder struct {
	Player  int    // -1: nobody yet (KING-1)
	Feature int32  // root segment of the marked city (road), -1 if none
	Size    int    // its size in cells (KING-4)
	Rule    string // the rule of the last change: KING-2/KING-3 or ROBBER-2/ROBBER-3
	Changed bool   // the holder or the marker changed in the last scored turn
}

// updateKingBaron applies KING-2/3/5 and ROBBER-2/3/4 to the features completed this turn.
func (s *State) updateKingBaron(log []Score) []Score {
	s.King.Changed, s.Baron.Changed = false, false
	var bestCity, bestRoad int32 = -1, -1
	cs, rs, nc, nr := 0, 0, 0, 0
	for _, f := range s.Turn.Completed {
		switch s.SegKind(f) {
		case KCity:
			nc++
			if n := s.Size(f); n > cs {
				cs, bestCity = n, f
			}
		case KRoad:
			nr++
			if n := s.Size(f); n > rs {
				rs, bestRoad = n, f
			}
		}
	}
	s.King.take(s.Turn.Active, bestCity, cs, nc, "KING-2", "KING-3", "KING-5")
	s.Baron.take(s.Turn.Active, bestRoad, rs, nr, "ROBBER-2", "ROBBER-3", "ROBBER-4")
	return log
}

// take gives the tile to the active player when the largest feature completed this turn (best, of the given
// size, one of n completed) is the first of its kind or strictly larger than the marked one; the rule cited is
// first, larger, or several when one tile completed more than one (KING-5, ROBBER-4).
func (h *Holder) take(active int, best int32, size, n int, first, larger, several string) {
	switch {
	case best < 0:
	case h.Player < 0:
		*h = Holder{Player: active, Feature: best, Size: size, Rule: first, Changed: true}
	case size > h.Size:
		rule := larger
		if n > 1 {
			rule = several
		}
		*h = Holder{Player: active, Feature: best, Size: size, Rule: rule, Changed: true}
	}
}

// scoreKingBaron adds the end scores: 1 point per completed city (plus the City of Carcassonne on its flag side)
// to the King's holder, 1 per completed road to the Robber Baron's (KING-7, ROBBER-5, COUNT-22(b)).
func (s *State) scoreKingBaron(log []Score) []Score {
	cities, roads := s.CompletedCount()
	if s.City.Active {
		cities++
	}
	if s.King.Player >= 0 {
		sc := Score{Rule: "KING-7", Cat: CatKing, Feature: -1, Points: cities, Owners: 1 << s.King.Player,
			Cities: cities, Final: true}
		s.credit(&sc)
		log = append(log, sc)
	}
	if s.Baron.Player >= 0 {
		sc := Score{Rule: "ROBBER-5", Cat: CatBaron, Feature: -1, Points: roads, Owners: 1 << s.Baron.Player,
			Cities: roads, Final: true}
		s.credit(&sc)
		log = append(log, sc)
	}
	return log
}
