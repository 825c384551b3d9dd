package referee

import "github.com/karkason/karkason/engine"

// The Princess & the Dragon with Abbey & Mayor at the table (COMBO-PD-AM.md, COMBO-55..62; the rules themselves are
// the engine's, engine/combo.go, which says where each lives). Kept here:
//
//   - OPEN-44 (COMBO-58(c)): no fairy point at the start of a go of the end-of-game abbey round (it is no new
//     turn); an ordinary abbey part is a turn and has it, before the abbey is placed: fairyPointDue.
//   - COMBO-57(b): an abbey part starts the part's dragon state afresh (it has no symbol): placeAbbey calls
//     pdPlacedAbbey.
//   - COMBO-58(a): `fairy x,y:CORNER barn` (and `x,y:PLACE barn`) is refused as COMBO-58(a) before any other test:
//     comboFairyRefusal.
//   - COMBO-59(b): `deploy barn x,y:CORNER` names the tile just placed (the ordinary barn) or is refused as
//     COMBO-59(b) (with a portal) or BASE-6 (without one, as any other figure): comboPortalBarn.
//   - COMBO-56(b): a wagon whose targets all lie on the dragon's tile (or which has none) is still asked, with
//     `wagon home` its only move (AM-16: with no eligible target it returns), so that a record's `wagon home` line
//     stays valid: legalWagon lists home alone, WagonTargets nothing.
//   - COMBO-62: the end-of-game abbey round begins after the last land tile's turn including its dragon movement
//     (nextDragonStep ends the movement before the part ends); a tile set aside at the end of the stack ends the
//     play of land tiles as a discard would (aside: PD-5(c)).

// fairyPointDue reports whether the turn that begins now gives the fairy's point (SEQ-0, PD-17): not in River II's
// volcano extra turn (OPEN-29), not in a go of the end-of-game abbey round (COMBO-58(c), OPEN-44).
func (g *Game) fairyPointDue() bool {
	return !g.afterVolcano && !g.am.round && !g.ending // nor a turn begun as the game ends (PD-26, end)
}

// pdPlacedAbbey starts the part's dragon state afresh for an abbey part: the abbey has no symbol, the dragon does
// not move (COMBO-57(b)).
func (g *Game) pdPlacedAbbey() { g.pd = pdGame{} }

// comboFairyRefusal refuses the fairy next to a barn (COMBO-58(a)), nil for any other figure word.
func comboFairyRefusal(a *Action) *Refusal {
	if a.Barn {
		return refusal("COMBO-58(a)", "err.combo.fairy_barn")
	}
	return nil
}

// comboPortalBarn handles `deploy barn x,y:CORNER` (record format, A&M and P&D together): on the tile just placed it
// is the ordinary barn at that corner (AM-21); on any other tile it is refused: COMBO-59(b) after a portal tile,
// BASE-6 otherwise (as every figure named on another tile, P&D section 2). handled is false for any other line.
func (g *Game) comboPortalBarn(a *Action, who int) (handled bool, err error) {
	if !a.Barn || !a.portalDeploy() {
		return false, nil
	}
	if g.S.TileIndex(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}) == g.part.tile {
		b := *a
		b.Place, b.Target = a.Target.Place, FeatureRef{}
		return true, g.figure(&b, who)
	}
	g.lastFigure = figureStep{player: who, kind: engine.Barn, deploy: true}
	if y, _ := g.S.Symbol(g.part.tile); y == engine.SymPortal {
		return true, refusal("COMBO-59(b)", "err.combo.portal_barn")
	}
	return true, refusal("BASE-6", "err.pd_not_this_tile", "pos", a.Target.Pos.String())
}

// comboPortalKinds are the figures a portal may take besides the follower, the large follower and the abbot: the
// mayor and the wagon with Abbey & Mayor (COMBO-59(a)).
func (g *Game) comboPortalKinds() []engine.FigureKind {
	if g.S.Opts.AbbeyMayor {
		return []engine.FigureKind{engine.Mayor, engine.Wagon}
	}
	return nil
}
