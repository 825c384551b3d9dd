package referee

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGiftVoid: Two Choices is void when its stack holds no second tile (GIFT-10(c), GIFT-5(d)): the last land
// tile, the last shuffled River II tile (GIFT-10(b)); not while a second tile can be drawn. The other cards are void
// when they have no target (GIFT-5(d)): before blue's turn 4 there is no monastery (Synod) and blue has no figure on
// the board (Cash Out, Change Position), while the roads are incomplete (Road Sweeper).
func TestGiftVoid(t *testing.T) {
	river, err := os.ReadFile(filepath.Join("..", "testdata", "golden", "gift-two-choices-void.rec"))
	if err != nil {
		t.Fatal(err)
	}
	lastRiver, _, _ := strings.Cut(string(river), "blue gift two-choices")
	for _, c := range []struct {
		name string
		game func() *Game
		card string
		want bool
	}{
		{"a full stack", func() *Game {
			return newFlowGame(t, "setup players=Ана:red,Богдан:blue expansions=gifts start=standard", nil)
		}, GiftTwoChoices, false},
		{"the last land tile", func() *Game { return lastLandTile(t) }, GiftTwoChoices, true},
		{"the last land tile, Synod", func() *Game { return lastLandTile(t) }, GiftSynod, true},
		{"the last land tile, Cash Out", func() *Game { return lastLandTile(t) }, GiftCashOut, true},
		{"the last land tile, Change Position", func() *Game { return lastLandTile(t) }, GiftChangePosition, true},
		{"the last land tile, Road Sweeper", func() *Game { return lastLandTile(t) }, GiftRoadSweeper, false},
		{"two land tiles left", func() *Game {
			g := lastLandTile(t)
			g.Bag.Land[g.Cat.Tile("b-c1").Index]++
			g.Bag.recount()
			return g
		}, GiftTwoChoices, false},
		{"the last shuffled River II tile", func() *Game { return replayText(t, lastRiver, false) }, GiftTwoChoices, true},
	} {
		g := c.game()
		g.Settle()
		if got := g.GiftVoid(c.card); got != c.want {
			t.Errorf("%s: GiftVoid(%s) = %v, want %v", c.name, c.card, got, c.want)
		}
	}
}

// lastLandTile is TestLastTileTwoChoices's game before blue's turn 4: b-c1 alone is left in the stack and blue holds
// a gift (GIFT-2).
func lastLandTile(t *testing.T) *Game {
	g := newFlowGame(t, "setup players=Ана:red,Богдан:blue expansions=gifts start=standard",
		map[string]int{"b-rs": 3, "b-c1": 1})
	for i, line := range []string{"red place b-rs 1,0 90", "red deploy follower E", "blue place b-rs 2,0 90",
		"red place b-rs -1,0 90"} {
		if err := applyLine(t, g, line, i+1); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	return g
}

// GIFT-5(d): "<card> void" opens a card with no target: it is discarded, nothing else happens, the referee says
// so (ev.gift_void_card) and the legal answers list it; while the card has a target it is refused with GIFT-5(d).
func TestGiftVoidLines(t *testing.T) {
	for _, c := range []struct {
		line string
		rule string // "" accepted
	}{
		{"blue gift synod void", ""},
		{"blue gift cash-out void", ""},
		{"blue gift change-position void", ""},
		{"blue gift road-sweeper void", "GIFT-5(d)"},
	} {
		g := lastLandTile(t)
		g.Settle()
		var listed bool
		for _, a := range g.Legal().Actions {
			if a.String() == c.line {
				listed = true
			}
		}
		hands, events := g.S.Gift.Hands[1], len(g.Events)
		err := applyLine(t, g, c.line, 9)
		switch {
		case c.rule == "" && err != nil:
			t.Errorf("%s: %v", c.line, err)
		case c.rule == "" && (!listed || g.S.Gift.Hands[1] != hands-1 || g.S.Gift.DiscardTotal() != 1):
			t.Errorf("%s: listed %v, hands %d (was %d), discard %d", c.line, listed, g.S.Gift.Hands[1], hands,
				g.S.Gift.DiscardTotal())
		case c.rule == "":
			last := g.Events[len(g.Events)-1]
			if last.Key != "ev.gift_void_card" || last.Rule != "GIFT-5(d)" || len(g.Events) != events+2 {
				t.Errorf("%s: events %v", c.line, g.Events[events:])
			}
		case listed:
			t.Errorf("%s: listed while the card has a target", c.line)
		default:
			var r *Refusal
			if !errors.As(err, &r) || r.Rule != c.rule || g.S.Gift.Hands[1] != hands {
				t.Errorf("%s: %v, want a refusal %s", c.line, err, c.rule)
			}
		}
	}
}
