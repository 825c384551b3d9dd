package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The gift cards' public state after a golden record (GIFT-4), checked next to the scores of TestGoldenRecords:
//
//	# expect-gifts: red=1 blue=0 deck=22 discard=2
//
// A colour names how many unopened gifts that player holds; deck is the number of face-down cards, discard the
// number of opened cards in the discard pile (GIFT-1, GIFT-3). Keys left out are not checked. The record is
// replayed and settled as for `# expect:`; in a record with `# expect-error:` the game as the refusal left it is
// checked, in any other a refusal fails the check.

var expectGiftsRE = regexp.MustCompile(`^#\s*expect-gifts:\s*(.*)$`) // expectErrorRE: golden_test.go

func TestGoldenGifts(t *testing.T) {
	goldenExpectations(t, expectGiftsRE, false, func(t *testing.T, g *Game, want []string) {
		for _, w := range want {
			for _, f := range strings.Fields(w) {
				k, v, ok := strings.Cut(f, "=")
				n, err := strconv.Atoi(v)
				if !ok || err != nil {
					t.Fatalf("bad expect-gifts item %q", f)
				}
				got := 0
				switch k {
				case "deck":
					got = g.S.Gift.Deck
				case "discard":
					got = g.S.Gift.DiscardTotal()
				default:
					p := g.Player(Colour(k))
					if p < 0 {
						t.Fatalf("expect-gifts: %q is neither a seated colour nor deck/discard", k)
					}
					got = g.S.Gift.Hands[p]
				}
				if got != n {
					t.Errorf("expect-gifts: %s is %d, want %d", k, got, n)
				}
			}
		}
	})
}

// goldenExpectations runs check, a subtest a golden record (testdata/golden/*.rec, or KARKASON_GOLDEN's glob), on
// each record with lines matching re, given their first submatches (want) and the record replayed (final: with the
// final scoring, as for expect-final; else settled, as for expect). In a record with `# expect-error:` the game as
// the refusal left it is checked; in any other a refusal fails the subtest.
func goldenExpectations(t *testing.T, re *regexp.Regexp, final bool, check func(t *testing.T, g *Game, want []string)) {
	t.Helper()
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
		var want []string
		for _, line := range strings.Split(string(data), "\n") {
			if m := re.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				want = append(want, m[1])
			}
		}
		if len(want) == 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			g, err := Replay(bytes.NewReader(data), final)
			if g == nil || (err != nil && !expectErrorRE.Match(data)) {
				t.Fatalf("replay: %v", err) // with an expect-error, the game as the refusal left it is checked
			}
			check(t, g, want)
		})
	}
}
