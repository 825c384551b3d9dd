package engine

// The abbot and gardens (ABBOT-1..9): the abbot is placed like any figure (figures.go: only on a monastery, shrine
// or garden; a follower never on a garden), scores like a monk, and may be taken back early instead of a step-2
// placement, scoring its building at once by the tiles around it (ABBOT-6, ABBOT-7).

// CanReturnAbbot checks the early return of the player's abbot from the building at p (ABBOT-6): no figure was
// placed in step 2 this turn, the abbot stands there, the building is incomplete, and it is not the volcano turn
// (RIV2-8).
func (s *State) CanReturnAbbot(player int, p Pos) error {
	if !s.Opts.Abbot {
		return refuse("ABBOT-1", "err.no_abbot_module")
	}
	if s.Turn.Volcano {
		return refuse("RIV2-8", "err.volcano_no_figure")
	}
	if s.Turn.Deployed {
		return refuse("ABBOT-6(a)", "err.abbot_after_deploy")
	}
	if s.Turn.AbbotReturned {
		return refuse("ABBOT-6(c)", "err.abbot_twice")
	}
	t := s.At(p)
	if t == nil || t.Type.Centre < 0 || s.FigureAt(player, Abbot, t.Seg(int(t.Type.Centre))) < 0 {
		return refuse("ABBOT-6", "err.no_abbot_there")
	}
	if s.BlockFull(p) {
		return refuse("ABBOT-6(b)", "err.abbot_completed")
	}
	return nil
}

// ReturnAbbot takes the player's abbot back from the building at p after CanReturnAbbot and scores 1 point per
// filled cell of its block for the abbot's owner only (ABBOT-6, ABBOT-7, EX-S5).
func (s *State) ReturnAbbot(player int, p Pos, log []Score) ([]Score, error) {
	if err := s.CanReturnAbbot(player, p); err != nil {
		return log, err
	}
	t := s.At(p)
	seg := t.Seg(int(t.Type.Centre))
	n := s.Block(p)
	sc := Score{Rule: "ABBOT-6", Cat: CatAbbotReturn, Feature: seg, Points: n, Owners: 1 << player, Size: n}
	sc.Figures[player], sc.Strength[player] = 1, uint8(Abbot.Strength())
	s.credit(&sc)
	s.toSupply(s.FigureAt(player, Abbot, seg))
	s.Turn.AbbotReturned = true
	return append(log, sc), nil
}
