package engine

import (
	"math/bits"
	"slices"
)

// The Gifts (GIFT-1..12): receiving a gift when the placed tile extends someone else's road or city (GIFT-2), the
// deck and discard pile (GIFT-3, GIFT-4), the effects of Synod, Road Sweeper, Change Position and Cash Out
// (GIFT-6..9; Two Choices changes only which tile is placed, GIFT-10, and is the referee's), and 2 points per
// unopened gift at the end (GIFT-11).

// GiftCard is a gift type (GIFT-1).
type GiftCard uint8

// The five gift types.
const (
	Synod GiftCard = iota
	RoadSweeper
	ChangePosition
	CashOut
	TwoChoices
	NumGiftCards
)

// GiftNames are the cards' names as written in the game record.
var GiftNames = [NumGiftCards]string{"synod", "road-sweeper", "change-position", "cash-out", "two-choices"}

func (g GiftCard) String() string { return GiftNames[g] }

// ParseGift returns the gift card with the given record name.
func ParseGift(s string) (GiftCard, bool) {
	i := slices.Index(GiftNames[:], s)
	return GiftCard(max(i, 0)), i >= 0
}

// GiftState is the public state of the gift cards (GIFT-4): the deck size, the discard pile by type, and how
// many unopened gifts each player holds. Which card a player holds is secret until opened.
type GiftState struct {
	Deck    int               // face-down cards
	Discard [NumGiftCards]int // opened cards, face up
	Hands   [MaxPlayers]int   // unopened gifts per player
	Opened  [NumGiftCards]int // opened in the whole game, per type
}

func (g *GiftState) init(o Options) {
	*g = GiftState{}
	if o.Gifts {
		g.Deck = 5 * int(NumGiftCards)
	}
}

// DiscardTotal returns the number of cards in the discard pile.
func (g *GiftState) DiscardTotal() int {
	n := 0
	for _, c := range g.Discard {
		n += c
	}
	return n
}

// GiftEarned reports whether the active player earns a gift by the placement of tile `tile` (GIFT-2): a road or
// city segment of the tile joins a road or city already on the board whose owners (figures on the board now, by
// strength, DEF-11, COMBO-20(a)) do not include the active player. Call it right after the placement, before step 2.
func (s *State) GiftEarned(tile int) bool {
	if !s.Opts.Gifts {
		return false
	}
	t := &s.Tiles[tile]
	r := &t.Type.rots[t.Rot]
	g := s.gridIndex(t.Pos) // a tile's neighbours lie in the grid
	for m := t.Type.roadCityEdges[t.Rot]; m != 0; m &= m - 1 {
		e := bits.TrailingZeros8(m)
		a := t.Seg(int(r.edgeSeg[e]))
		if s.grid[g+s.dirOff[e]] <= 0 || s.segs[s.find(a)].occ == 0 {
			continue // nothing joined there, or nobody on the feature: nobody owns it
		}
		_, owners, _ := s.Majority(a)
		if owners != 0 && owners&(1<<s.Turn.Active) == 0 {
			return true
		}
	}
	return false
}

// ReceiveGift gives the player one gift from the deck, reshuffling the discard pile into a new deck first if the
// deck is empty (GIFT-3). It returns false when no card is left anywhere (all lie unopened before the players).
func (s *State) ReceiveGift(player int) bool {
	g := &s.Gift
	if g.Deck == 0 {
		g.Deck = g.DiscardTotal()
		g.Discard = [NumGiftCards]int{}
	}
	if g.Deck == 0 {
		return false
	}
	g.Deck--
	g.Hands[player]++
	return true
}

// CanOpen checks that the player can open a gift of this type: they hold an unopened gift, and a card of this
// type can still be among them (at most 5 of each type, GIFT-4, GIFT-5). The referee checks the timing.
func (s *State) CanOpen(player int, card GiftCard) error {
	if !s.Opts.Gifts {
		return refuse("GIFT-1", "err.no_gifts")
	}
	if card >= NumGiftCards {
		return refuse("GIFT-1", "err.no_such_gift")
	}
	if s.Gift.Hands[player] == 0 {
		return refuse("GIFT-5", "err.no_gift_held")
	}
	if s.Gift.Discard[card] >= 5 {
		return refuse("GIFT-4", "err.gift_all_discarded", "card", card.String())
	}
	return nil
}

// discardOpened moves one of the player's unopened gifts to the discard pile as an opened card of this type.
func (s *State) discardOpened(player int, card GiftCard) {
	s.Gift.Hands[player]--
	s.Gift.Discard[card]++
	s.Gift.Opened[card]++
}

// OpenVoid opens a gift whose action is void (GIFT-5(d), GIFT-10(c)): the card is discarded, nothing else.
func (s *State) OpenVoid(player int, card GiftCard) error {
	if err := s.CanOpen(player, card); err != nil {
		return err
	}
	s.discardOpened(player, card)
	return nil
}

// CanSynod checks Synod (GIFT-6): a figure of the player's supply (a follower, the abbot, the large follower,
// COMBO-21) onto an incomplete monastery or shrine (not a garden), occupied or not.
func (s *State) CanSynod(player int, kind FigureKind, seg int32) error {
	if err := s.CanOpen(player, Synod); err != nil {
		return err
	}
	if !s.SegKind(seg).IsCloister() {
		return refuse("GIFT-6(c)", "err.synod_not_monastery")
	}
	if s.IsComplete(seg) {
		return refuse("GIFT-6(c)", "err.synod_completed")
	}
	if err := amDragonRule(kind, s.segDragonRefusal(seg), "COMBO-56(a)"); err != nil { // PD-7, COMBO-37(d)
		return err
	}
	if err := s.moduleRefusal(kind); err != nil {
		return err
	}
	if err := specialRefusal(kind, "COMBO-21"); err != nil {
		return err
	}
	if err := amGiftRefusal(Synod, kind); err != nil { // COMBO-50(c), am.go
		return err
	}
	if s.fromSupply(player, kind) < 0 {
		if kind == Large {
			return refuse("DEF-5", "err.large_not_in_supply")
		}
		return refuse("GIFT-6(a)", "err.supply_empty", "figure", kind.String())
	}
	return nil
}

// Synod opens Synod after CanSynod (GIFT-6).
func (s *State) Synod(player int, kind FigureKind, seg int32) error {
	if err := s.CanSynod(player, kind, seg); err != nil {
		return err
	}
	s.discardOpened(player, Synod)
	s.putOnBoard(s.fromSupply(player, kind), seg)
	return nil
}

// CanRoadSweeper checks Road Sweeper (GIFT-7): an incomplete road, occupied or not.
func (s *State) CanRoadSweeper(player int, seg int32) error {
	if err := s.CanOpen(player, RoadSweeper); err != nil {
		return err
	}
	if s.SegKind(seg) != KRoad {
		return refuse("GIFT-7", "err.sweeper_not_road")
	}
	if s.IsComplete(seg) {
		return refuse("GIFT-7", "err.sweeper_completed")
	}
	return nil
}

// RoadSweeper scores an incomplete road now as at the end of the game (1 point per cell; an inn road 0, COMBO-22,
// IC-9(a)) for its owners by strength (DEF-11) and returns every figure on it, builders included (GIFT-7, TB-11(b));
// the road stays incomplete.
func (s *State) RoadSweeper(player int, seg int32, log []Score) ([]Score, error) {
	if err := s.CanRoadSweeper(player, seg); err != nil {
		return log, err
	}
	s.discardOpened(player, RoadSweeper)
	if s.segs[s.find(seg)].occ > 0 {
		sc := s.tally(seg, true) // valued as an incomplete road at the end, but scored now: this turn's gain
		sc.Final, sc.Rule, sc.Cat = false, sweeperRule(sc.Rule), CatRoadSweeper
		s.credit(&sc)
		log = append(log, sc)
		s.returnAll(seg)
	}
	return log, nil
}

// CanChangePosition checks Change Position (GIFT-9): the player's follower of that kind (ordinary or large,
// COMBO-24) on segment from stands up or lies down onto segment to of the same tile: field to road, city, monastery
// or shrine, or back; the target may be occupied; never between road, city and monastery, never to another tile,
// never the abbot, never onto a garden.
func (s *State) CanChangePosition(player int, kind FigureKind, from, to int32) error {
	if err := s.CanOpen(player, ChangePosition); err != nil {
		return err
	}
	if kind == Abbot {
		return refuse("GIFT-9(a)", "err.change_abbot")
	}
	if err := s.moduleRefusal(kind); err != nil {
		return err
	}
	if err := specialRefusal(kind, "COMBO-24"); err != nil {
		return err
	}
	if err := amGiftRefusal(ChangePosition, kind); err != nil { // COMBO-50(f), am.go
		return err
	}
	fi := s.FigureAt(player, kind, from)
	if fi < 0 {
		switch {
		case kind == Large:
			return refuse("DEF-5", "err.large_not_there")
		case s.FigureAt(player, Abbot, from) >= 0:
			return refuse("GIFT-9(a)", "err.change_abbot")
		}
		return refuse("GIFT-9(a)", "err.no_own_follower")
	}
	if s.segs[from].segTile != s.segs[to].segTile {
		return refuse("GIFT-9(d)", "err.change_other_tile")
	}
	fk, tk := s.SegKind(from), s.SegKind(to)
	if tk == KRiver || tk == KGarden {
		return refuse("GIFT-9(e)", "err.change_bad_target")
	}
	if (fk == KField) == (tk == KField) {
		return refuse("GIFT-9(d)", "err.change_same_posture")
	}
	if tk == KField && !s.Opts.Farmers {
		return refuse("FARM-1", "err.no_farmers")
	}
	if tk != KField && s.IsComplete(to) {
		return refuse("GIFT-9(e)", "err.change_completed")
	}
	if kind == Wagon && tk == KField {
		return refuse("COMBO-50(f)", "err.am.wagon_not_there", "feature", tk.String())
	}
	if err := s.barnClosed(kind, to); err != nil { // AM-24, COMBO-50(f)
		return err
	}
	if err := s.segDragonRefusal(to); err != nil { // PD-7, COMBO-37(d)
		return err
	}
	return nil
}

// ChangePosition moves the follower after CanChangePosition (GIFT-9). If it was the player's last follower on the
// feature it leaves, the player's builder or pig there goes back to supply (TB-11(b), TB-13, COMBO-24).
func (s *State) ChangePosition(player int, kind FigureKind, from, to int32) error {
	if err := s.CanChangePosition(player, kind, from, to); err != nil {
		return err
	}
	s.discardOpened(player, ChangePosition)
	fi := s.FigureAt(player, kind, from)
	fairy := s.PD.FairyFig == fi // it keeps the fairy (PD-15, COMBO-37(d))
	s.toSupply(fi)
	s.returnLonely(player, from)
	s.putOnBoard(fi, to)
	if fairy {
		s.PD.FairyFig = fi
	}
	return nil
}

// CanCashOut checks Cash Out (GIFT-8): the player has a figure of that kind on the feature of seg (a road, city,
// monastery, shrine, or with farmers a field; never a garden).
func (s *State) CanCashOut(player int, kind FigureKind, seg int32) error {
	if err := s.CanOpen(player, CashOut); err != nil {
		return err
	}
	k := s.SegKind(seg)
	if k == KGarden || k == KRiver {
		return refuse("GIFT-8(e)", "err.cashout_garden")
	}
	if k == KField && !s.Opts.Farmers {
		return refuse("GIFT-8(e)", "err.no_farmers")
	}
	if err := s.moduleRefusal(kind); err != nil {
		return err
	}
	if err := specialRefusal(kind, "COMBO-23"); err != nil {
		return err
	}
	if err := amGiftRefusal(CashOut, kind); err != nil { // COMBO-50(e), am.go
		return err
	}
	if s.ownFigureOn(player, kind, seg) < 0 {
		if kind == Large {
			return refuse("DEF-5", "err.large_not_there")
		}
		return refuse("GIFT-8(a)", "err.cashout_no_figure", "figure", kind.String())
	}
	return nil
}

func (s *State) ownFigureOn(player int, kind FigureKind, seg int32) int {
	for i := s.firstFigure(seg); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; int(f.Player) == player && f.Kind == kind {
			return int(i)
		}
	}
	return -1
}

// CashOut returns one of the player's figures (a follower, the abbot, the large follower) from the feature of seg
// and scores 2 points per figure that was on it, a large follower counting as one figure, builders and pigs none
// (GIFT-8, COMBO-23); the feature is not scored, the other figures stay, except the player's builder or pig when the
// figure taken back was the player's last follower there (TB-11(b), TB-13).
func (s *State) CashOut(player int, kind FigureKind, seg int32, log []Score) ([]Score, error) {
	if err := s.CanCashOut(player, kind, seg); err != nil {
		return log, err
	}
	s.discardOpened(player, CashOut)
	ft := s.tallyFigures(seg)
	n := 0
	for _, c := range ft.figures {
		n += c
	}
	sc := Score{Rule: "GIFT-8", Cat: CatCashOut, Feature: s.find(seg), Points: 2 * n, Owners: 1 << player}
	ft.fill(&sc)
	s.credit(&sc)
	s.toSupply(s.ownFigureOn(player, kind, seg))
	s.returnLonely(player, seg)
	return append(log, sc), nil
}

// scoreGifts adds 2 points per unopened gift (GIFT-11).
func (s *State) scoreGifts(log []Score) []Score {
	for p := 0; p < s.Opts.Players; p++ {
		if n := s.Gift.Hands[p]; n > 0 {
			sc := Score{Rule: "GIFT-11", Cat: CatGifts, Feature: -1, Points: 2 * n, Owners: 1 << p, Cities: n, Final: true}
			s.credit(&sc)
			log = append(log, sc)
		}
	}
	return log
}
