package engine

import "testing"

// Named gives a scoring's owners, and for a lost shrine challenge (SHRINE-6, nobody scores) the players whose figures
// went back.
func TestScoreNamed(t *testing.T) {
	for _, c := range []struct {
		sc   Score
		want uint8
	}{
		{Score{Cat: CatCity, Owners: 0b101, Figures: [MaxPlayers]uint8{1, 2, 1}}, 0b101},
		{Score{Cat: CatChallengeLost, Owners: 0, Figures: [MaxPlayers]uint8{0, 1, 0, 2}}, 0b1010},
		{Score{Cat: CatChallengeLost}, 0},
	} {
		if got := c.sc.Named(); got != c.want {
			t.Errorf("%v: Named %b, want %b", c.sc.Cat, got, c.want)
		}
	}
}
