package engine

// Inns & Cathedrals (RULES-IC-TB.md section 3, IC-1..14, and its combinations COMBO-11..26), with the module
// Options.InnsCathedrals. Where each rule lives:
//
//   - the tiles are data (data/ic.tiles); `object inn on <road>` and `object cathedral on <city>` are read into segment
//     Marks (catalog.go, markObjects), which act only with the module (State.Marks, activeMarks); the State joins
//     them with its features (union: IC-11); the River II inn is such an object too (COMBO-11);
//   - the large follower is a FigureKind (figures.go): strength 2 in the one majority of the engine (tallyFigures:
//     DEF-11, IC-5), one figure everywhere else (IC-6); its places are canStandOn's (IC-4, IC-4(a)), in the City any
//     quarter (city.go, COMBO-15), in the market round a farmer (MoveFromMarket, COMBO-15(b)), on Synod, Cash Out and
//     Change Position like a follower (gifts.go, COMBO-21, COMBO-23, COMBO-24), on shrines as a heretic (COMBO-19);
//   - inn roads and cathedral cities score here (markedPoints: IC-7, IC-8, IC-9) for every scoring that values a
//     feature: completion (ScoreTurn), the end (FinalScore), Road Sweeper (sweeperRule: COMBO-22) and the aids'
//     projections (Projection); the King and the Robber Baron count them as any city and road (COMBO-18: no code).
//
// # Rulings
//
// Where RULES-IC-TB.md leaves a point open (its OPEN section) or is silent, the program applies the following, each
// kept in the one place named:
//
//   - OPEN-8: the 3rd edition of 2021 (= the 2nd edition's rules and 18 tiles); an incomplete inn road or cathedral
//     city scores 0 at the end (IC-9): markedPoints.
//   - OPEN-12: Road Sweeper on an inn road scores 0 (COMBO-22): sweeperRule, through markedPoints.
//   - OPEN-13: Cash Out counts figures, a large follower 1 (COMBO-23): CashOut (gifts.go) counts figureTally.figures.
//   - OPEN-16: the inn of ic-inn3 is on its E road only: the data (data/ic.tiles, `object inn on r1`).
//   - OPEN-17: no sixth player and no pink without inns-cathedrals (IC-13): referee checkSeats (referee/game.go).
//   - A figure line that names the large follower where it is not (not in supply, not in that quarter, not on that
//     feature) is refused citing DEF-5 (record format "Notes"; IC-4(c)): CanDeploy, CanEnterCity, CanMoveOut,
//     CanMoveFromMarket, CanSynod, CanCashOut, CanChangePosition. The large follower without the module cites IC-2
//     (moduleRefusal); a second one in a position POS-3 (standSupply).
//   - With an ordinary follower and the large follower in the same quarter or on the same feature, each line names
//     the one it moves or takes (the record's `large` word): a move, a market move, Cash Out and Change Position of
//     either are separate choices (referee Legal lists both).
//   - The large follower is never placed on a garden, by Synod or Change Position either (IC-4(a)): canStandOn,
//     CanChangePosition (a garden is never a target, GIFT-9(e)); Synod goes onto monasteries and shrines only.
//   - Traders & Builders (the builder, the pig, goods, the double turn) and its rulings: tb.go.

// markedPoints returns the points of a road with an inn or a city with a cathedral and the rule (ok false for any
// other feature): completed, 2 per cell (IC-7) or 3 per cell and pennant (IC-8); incomplete at the end of the game,
// or scored as if it were (Road Sweeper, COMBO-22), 0 (IC-9). Several inns or cathedrals do not add up (IC-7, IC-8).
func (s *State) markedPoints(seg int32, size, pennants int, final bool) (points int, rule string, ok bool) {
	m := s.Marks(seg)
	switch k := s.SegKind(seg); {
	case k == KRoad && m.Has(MarkInn) && final, k == KCity && m.Has(MarkCathedral) && final:
		return 0, "IC-9", true
	case k == KRoad && m.Has(MarkInn):
		return 2 * size, "IC-7", true
	case k == KCity && m.Has(MarkCathedral):
		return 3 * (size + pennants), "IC-8", true
	}
	return 0, "", false
}

// sweeperRule is the rule a Road Sweeper scoring cites, given the rule of the road's value as an incomplete road at
// the end: GIFT-7, or COMBO-22 for an inn road, which scores 0 (IC-9(a), OPEN-12).
func sweeperRule(endRule string) string {
	if endRule == "IC-9" {
		return "COMBO-22"
	}
	return "GIFT-7"
}
