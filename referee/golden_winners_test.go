package referee

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The winners of a golden record (BASE-16, END-9), checked next to the scores of TestGoldenRecords:
//
//	# expect-winners: red blue      the colours with the most points after final scoring (replay --final), in
//	                                seating order; tied players share the victory
//
// The record is replayed with final scoring, as for `# expect-final:`; in a record with `# expect-error:` the game as
// the refusal left it is checked, in any other a refusal fails the check.

var expectWinnersRE = regexp.MustCompile(`^#\s*expect-winners:\s*(.*)$`)

func TestGoldenWinners(t *testing.T) {
	goldenExpectations(t, expectWinnersRE, true, func(t *testing.T, g *Game, want []string) {
		var got []string
		for _, c := range g.Summary().Winners {
			got = append(got, string(c))
		}
		for _, w := range want {
			if !slices.Equal(got, strings.Fields(w)) {
				t.Errorf("expect-winners: %v, want %v (scores %v)", got, strings.Fields(w), g.S.Scores)
			}
		}
	})
}
