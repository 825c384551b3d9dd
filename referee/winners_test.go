package referee

import (
	"slices"
	"testing"
)

// TestWinners: after the final scoring the player with the most points wins; tied players share the victory
// (BASE-16, END-9). Before the end nobody has won yet.
func TestWinners(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		want  []Colour
	}{
		{"before the end: none", []string{"red place b-rs 1,0 90", "red deploy follower E",
			"blue place b-c1 0,-1 180", "blue deploy follower S"}, nil},
		// Blue's city 2 cells x 2 = 4 (BASE-10(b)); red's road 0,0 + 1,0 scores 2 at the end (END-3(a)).
		{"one winner", []string{"red place b-rs 1,0 90", "red deploy follower E",
			"blue place b-c1 0,-1 180", "blue deploy follower S", "end"}, []Colour{"blue"}},
		// Red's city 4; blue's road -1,0 .. 2,0: 4 cells at the end: 4 each.
		{"a tie shares the victory", []string{"red place b-c1 0,-1 180", "red deploy follower S",
			"blue place b-rs 1,0 90", "blue deploy follower E", "red place b-rs 2,0 90", "blue place b-rs -1,0 90",
			"end"}, []Colour{"red", "blue"}},
		{"nobody scored: all share it", []string{"red place b-rs 1,0 90", "end"}, []Colour{"red", "blue"}},
	} {
		g := newFlowGame(t, setup2, nil)
		for i, l := range c.lines {
			if err := applyLine(t, g, l, i+1); err != nil {
				t.Fatalf("%s: %q: %v", c.name, l, err)
			}
		}
		if got := g.Summary().Winners; !slices.Equal(got, c.want) {
			t.Errorf("%s: winners %v (scores %v), want %v", c.name, got, g.S.Scores, c.want)
		}
	}
}
