package engine

// The Princess & the Dragon with Abbey & Mayor (COMBO-PD-AM.md: COMBO-55..62, OPEN-43, OPEN-44), with both modules
// Options.PrincessDragon and Options.AbbeyMayor. Each ruling lives in one place:
//
//   - COMBO-55 (what the dragon eats): the mayor and the wagon are followers (figureKinds) and are eaten like any
//     (FiguresOnTile, DragonStep; a mayor of strength 0 too, (a)); the barn stands on a point, on no tile, and is
//     never eaten (FiguresOnTile, figuresOnTile, (d)); an eaten wagon is in supply before the scoring step and so
//     never waits to move on (holdWagons takes only wagons on the features scored, (b)); a builder or pig kept on its
//     feature only by an eaten mayor or wagon goes back with it (DragonStep's returnLonely: hasFollowerOn counts
//     mayors and wagons, (c)).
//   - COMBO-56 (the dragon's tile): a mayor or wagon onto the dragon's tile is refused as COMBO-56(a) by the figure
//     step (deployable), the portal (portalDeployable) and Synod (CanSynod); the wagon's move as COMBO-56(b)
//     (CanMoveWagon: with no target left the wagon's only move is home, WagonTargets); the moving-out round of the
//     City as COMBO-56(d) (CanMoveOut): all through amDragonRule. The referee's lists of moving-out and market moves
//     name a segment off the dragon's tile (SegOffDragon, COMBO-33(b)). The barn may stand at a point one of whose tiles is
//     the dragon's (OPEN-43, COMBO-56(c)): CanDeployBarn makes no dragon test.
//   - COMBO-57 (the dragon and abbeys): the abbey is a placed tile like any for the dragon (dragonStepRule has no
//     abbey test); its tile type has no symbol (data/am.tiles), so an abbey part never moves or places the dragon,
//     removes no knight and opens no portal (State.Symbol; the referee's placeAbbey starts the part's dragon state
//     afresh).
//   - COMBO-58 (the fairy): the fairy goes to a mayor or wagon like to a follower, never to the barn (CanMoveFairy,
//     CanSetFairy: fairyBarnRefusal, (a)); the 3 points of PD-18 are noted on every follower's scoring of a feature
//     (fairyBonus, from tally and FieldScore), also when nobody holds the majority (a city with only a mayor of
//     strength 0, (d)) and in the barn's scorings of its farmers (AM-23, AM-25, (f)), never in the barns' own end
//     scoring (BarnWorth builds its Score without it, (f)); a wagon leaving its feature leaves the fairy unassigned
//     (toSupply, (e)). No point at the start of a go of the end-of-game abbey round (OPEN-44, (c)): the referee's
//     fairyPointDue (referee/combo.go).
//   - COMBO-59 (the portal): the mayor and the wagon go through it as followers do (portalDeployable, (a), (c)); the
//     barn never (portalDeployable: COMBO-59(b)).
//   - COMBO-60 (the princess): the mayor and the wagon are knights when on a city (IsFollower: CanPrincess,
//     PrincessKnights); a wagon sent back waits for no move (Princess puts it into supply outside the scoring step).
//   - COMBO-61 (order): the referee's state machine (the dragon's round before the scoring, the wagons' after).
//   - COMBO-62 (the end): the referee's abbey round begins when the last land tile's turn, its dragon movement
//     included, is over; a dragon tile set aside and never drawn again delays nothing (the bag's count leaves it
//     out).

// amDragonRule returns r, the refusal of a figure of that kind on the dragon's tile (PD-7, PD-24(c)), under the rule
// that names the mayor and the wagon (COMBO-56(a) placed, (b) moved on, (d) moved out of the City); the volcano just
// placed keeps PD-6, every other kind keeps r's rule. nil when r is nil.
func amDragonRule(kind FigureKind, r *RuleError, rule string) *RuleError {
	if r == nil || r.Rule == "PD-6" || (kind != Mayor && kind != Wagon) {
		return r
	}
	out := *r
	out.Rule = rule
	return &out
}

// fairyBarnRefusal returns the refusal of the fairy next to a barn (COMBO-58(a): the barn is no follower), nil for
// any other kind.
func fairyBarnRefusal(kind FigureKind) *RuleError {
	if kind == Barn {
		return refuse("COMBO-58(a)", "err.combo.fairy_barn")
	}
	return nil
}
