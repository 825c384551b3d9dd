package referee

// GiftVoid reports whether opening the gift card (its record name: "two-choices", "synod", ...) now would be void:
// the card may still be opened, it is discarded all the same, its action does nothing, and the 2 points it would
// have scored unopened at the end are lost (GIFT-5(d), GIFT-11). Only Two Choices can be void when it is opened:
// when the stack the drawn tile comes from holds no second tile (GIFT-10(c), Bag.SecondTile; the referee then
// announces ev.gift_void). The other cards name a target the referee checks, so an action of theirs that is
// recorded is never void. The answer is about a gift opened now, after drawing and before placing (GIFT-5(a)); the
// table warns and asks before recording a void gift.
func (g *Game) GiftVoid(card string) bool {
	return card == GiftTwoChoices && !g.Bag.SecondTile()
}
