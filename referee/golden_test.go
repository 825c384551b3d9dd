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

	"github.com/karkason/karkason/engine"
)

// Golden game records (testdata/golden/*.rec): each record states in comments what it must replay to, with the
// arithmetic worked out by hand from RULES.md next to the lines:
//
//	# expect: red=4 blue=0           scores after the record (settled: pending optional decisions declined)
//	# expect-final: red=6 blue=4     scores after final scoring (replay --final)
//	# expect-error: 12 BASE-7        the action on line 12 is refused citing BASE-7 (a prefix of the rule ID)
//	# expect-error: 7 record         line 7 is malformed: a *ParseError whose key starts with "record"
//	                                 (e.g. "record.bad_rotation")
//	# expect-king: red               who holds the King after the record (none: nobody); likewise expect-baron
//
// A record may have several expectations; at least one is required.

var expectRE = regexp.MustCompile(`^#\s*(expect|expect-final|expect-error|expect-king|expect-baron):\s*(.*)$`)

func parseScores(t *testing.T, file, s string) map[Colour]int {
	out := map[Colour]int{}
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil {
			t.Fatalf("%s: bad expectation %q", file, f)
		}
		out[Colour(k)] = n
	}
	return out
}

func TestGoldenRecords(t *testing.T) {
	files, _ := filepath.Glob("../testdata/golden/*.rec")
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no golden records found")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, line := range strings.Split(string(data), "\n") {
				m := expectRE.FindStringSubmatch(strings.TrimSpace(line))
				if m == nil {
					continue
				}
				n++
				final := m[1] == "expect-final"
				g, err := Replay(bytes.NewReader(data), final)
				switch m[1] {
				case "expect-error":
					f := strings.Fields(m[2])
					if len(f) != 2 {
						t.Fatalf("bad expect-error %q", m[2])
					}
					if pe, ok := err.(*ParseError); ok { // a malformed line: LINE and a prefix of its key ("record")
						if strconv.Itoa(pe.Line) != f[0] || !strings.HasPrefix(pe.Key, f[1]) {
							t.Errorf("parse error at line %d (%s), want line %s %s", pe.Line, pe.Key, f[0], f[1])
						}
						continue
					}
					r, ok := err.(*Refusal)
					if !ok {
						t.Fatalf("want refusal at line %s citing %s, got %v", f[0], f[1], err)
					}
					if strconv.Itoa(r.Line) != f[0] || !strings.HasPrefix(r.Rule, f[1]) {
						t.Errorf("refusal at line %d citing %s (%s), want line %s citing %s", r.Line, r.Rule, r.Key, f[0], f[1])
					}
					continue
				case "expect-king", "expect-baron":
					if err != nil {
						t.Fatal(err)
					}
					h := g.S.King
					if m[1] == "expect-baron" {
						h = g.S.Baron
					}
					got := "none"
					if h.Player >= 0 {
						got = string(g.Colour(h.Player))
					}
					if got != strings.TrimSpace(m[2]) {
						t.Errorf("%s: got %s, want %s", m[1], got, m[2])
					}
					continue
				}
				if err != nil {
					t.Fatalf("replay: %v", err)
				}
				want := parseScores(t, file, m[2])
				sum := g.Summary()
				for c, v := range want {
					if sum.Scores[c] != v {
						t.Errorf("%s: %s has %d, want %d\n%s", m[1], c, sum.Scores[c], v, breakdown(g))
					}
				}
				if len(want) != len(sum.Scores) {
					t.Errorf("%s names %d players, the game has %d", m[1], len(want), len(sum.Scores))
				}
			}
			if n == 0 {
				t.Fatal("no expectation in the record")
			}
		})
	}
}

func breakdown(g *Game) string {
	var b strings.Builder
	for _, e := range g.Summary().Breakdown {
		b.WriteString("  " + e.Rule + " " + e.Category + " " + e.Feature + " " + strconv.Itoa(e.Points) + " ")
		for _, c := range e.Players {
			b.WriteString(string(c) + " ")
		}
		b.WriteString("\n")
	}
	return b.String()
}

var _ = engine.Standard
