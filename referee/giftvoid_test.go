package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGiftVoid: Two Choices is void when its stack holds no second tile (GIFT-10(c), GIFT-5(d)): the last land
// tile, the last shuffled River II tile (GIFT-10(b)); not while a second tile can be drawn; the other cards never.
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
		{"the last land tile, Synod", func() *Game { return lastLandTile(t) }, GiftSynod, false},
		{"the last land tile, Cash Out", func() *Game { return lastLandTile(t) }, GiftCashOut, false},
		{"two land tiles left", func() *Game {
			g := lastLandTile(t)
			g.Bag.Land[g.Cat.Tile("b-c1").Index]++
			return g
		}, GiftTwoChoices, false},
		{"the last shuffled River II tile", func() *Game { return replayText(t, lastRiver, false) }, GiftTwoChoices, true},
	} {
		if got := c.game().GiftVoid(c.card); got != c.want {
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
