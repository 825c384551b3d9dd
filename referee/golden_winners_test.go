package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
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
	files, _ := filepath.Glob("../testdata/golden/*.rec")
	if p := os.Getenv("KARKASON_GOLDEN"); p != "" {
		files, _ = filepath.Glob(p)
	}
	sort.Strings(files)
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var want [][]string
		for _, line := range strings.Split(string(data), "\n") {
			if m := expectWinnersRE.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				want = append(want, strings.Fields(m[1]))
			}
		}
		if len(want) == 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			g, err := Replay(bytes.NewReader(data), true)
			if g == nil || (err != nil && !expectErrorRE.Match(data)) {
				t.Fatalf("replay: %v", err) // with an expect-error, the game as the refusal left it is checked
			}
			var got []string
			for _, c := range g.Summary().Winners {
				got = append(got, string(c))
			}
			for _, w := range want {
				if !slices.Equal(got, w) {
					t.Errorf("expect-winners: %v, want %v (scores %v)", got, w, g.S.Scores)
				}
			}
		})
	}
}
