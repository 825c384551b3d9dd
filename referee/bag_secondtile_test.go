package referee

import (
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestSecondTile: Two Choices draws its second tile from the stack the drawn tile comes from (GIFT-10(a)); the
// river stack during the river (GIFT-10(b)), whose 3rd-edition lakes lie at the bottom (RIVER-2) while the River II
// volcano lake lies aside (RIV2-2); with no other tile there the action is void (GIFT-10(c)). The tile drawn is
// still counted in the bag.
func TestSecondTile(t *testing.T) {
	cat := engine.Standard()
	tile := func(id string) *engine.TileType {
		tt := cat.Tile(id)
		if tt == nil {
			t.Fatalf("no tile %s", id)
		}
		return tt
	}
	for _, c := range []struct {
		name  string
		land  int      // copies of b-rs left in the land stack
		river []string // shuffled river tiles left
		last  []string // lakes / the volcano lake still to come
		first string   // the fork still to be placed
		want  bool
	}{
		{name: "land: the drawn tile and one more", land: 2, want: true},
		{name: "land: the drawn tile is the last", land: 1, want: false},
		{name: "river II: two shuffled left", land: 60, river: []string{"r2-mon", "r2-bendg"}, last: []string{"r2-lakevolcano"}, want: true},
		{name: "river II: the last shuffled, the volcano aside", land: 60, river: []string{"r2-mon"}, last: []string{"r2-lakevolcano"}, want: false},
		{name: "river II: the volcano itself", land: 60, last: []string{"r2-lakevolcano"}, want: false},
		{name: "river: the last shuffled, the lake under the stack", land: 60, river: []string{"r1-straight"}, last: []string{"r1-lakemon"}, want: true},
		{name: "river: the lake is the last tile", land: 60, last: []string{"r1-lakemon"}, want: false},
		{name: "river II: the fork set aside, shuffled tiles in the stack", land: 60, first: "r2-fork", river: []string{"r2-mon"}, last: []string{"r2-lakevolcano"}, want: true},
	} {
		b := newBag(cat)
		b.Land[tile("b-rs").Index] = c.land
		for _, id := range c.river {
			b.River[tile(id).Index]++
		}
		b.recount()
		for _, id := range c.last {
			b.Last = append(b.Last, tile(id))
		}
		if c.first != "" {
			b.First = tile(c.first)
		}
		if got := b.SecondTile(); got != c.want {
			t.Errorf("%s: SecondTile() = %v, want %v", c.name, got, c.want)
		}
	}
}
