package engine

// PlayMove plays one whole plain turn part for the player (BASE-3, DEF-12): place tile type t as m says, note whether
// it extends the road or city of the player's builder (s.Turn.BuilderExtended, TB-7: the caller gives the same player
// a second part when it is a first part), receive a gift if the placement earns one (GIFT-2, with Gifts), put a
// figure of kind m.Kind on segment m.Local of it (m.Local < 0: none), then score what the tile completed
// (BASE-9..13), update the King and the Robber Baron and take the goods (TB-3). It is the base game's turn without
// the modules' decisions (City, gifts, abbot return, declining the second tile), used by the benchmarks and the
// random-game tests; the referee drives the same steps one by one. Scores are appended to log.
func (s *State) PlayMove(player int, t *TileType, m Move, log []Score) ([]Score, error) {
	s.BeginTurn(player)
	idx, err := s.Place(t, m.Pos, m.Rot)
	if err != nil {
		return log, err
	}
	s.Turn.Tile = idx
	s.Turn.BuilderExtended = s.Opts.TradersBuilders && s.ExtendsBuilder(player, idx)
	if s.Opts.Gifts && s.GiftEarned(idx) {
		s.ReceiveGift(player)
	}
	if m.Local >= 0 {
		if _, err := s.Deploy(player, m.Kind, idx, int(m.Local)); err != nil {
			return log, err
		}
	}
	s.Turn.Completed = s.Completed(idx, s.Turn.Completed[:0])
	return s.ScoreTurn(log), nil
}
