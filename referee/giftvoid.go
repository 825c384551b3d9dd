package referee

import "github.com/karkason/karkason/engine"

// GiftVoid reports whether opening the gift card (its record name: "two-choices", "synod", ...) now would be void:
// the card may still be opened, it is discarded all the same, its action does nothing, and the 2 points it would
// have scored unopened at the end are lost (GIFT-5(d), GIFT-11). Two Choices is void when the stack the drawn tile
// comes from holds no second tile (GIFT-10(c), Bag.SecondTile). Synod, the Road Sweeper, Cash Out and Change of
// Position are void when they have no legal target now (GIFT-5(d): no incomplete monastery or shrine or nothing
// in supply; no incomplete road; no figure of the player's the card may take or turn), and are then recorded as
// "<card> void"; while a target exists their action must be carried out. The answer is about a gift opened now,
// after drawing and before placing (GIFT-5(a)); the table warns and asks before recording a void gift. An unknown
// card is never void.
func (g *Game) GiftVoid(card string) bool {
	c, ok := engine.ParseGift(card)
	switch {
	case !ok:
		return false
	case c == engine.TwoChoices:
		return !g.Bag.SecondTile()
	}
	return !g.giftHasTarget(c)
}

// giftHasTarget reports whether the active player's card has a legal target now (GIFT-5(d)): one of the actions
// legalGifts lists for it names one.
func (g *Game) giftHasTarget(card engine.GiftCard) bool {
	for _, a := range g.legalGifts(nil) {
		if a.Gift == card.String() && !a.Void {
			return true
		}
	}
	return false
}
