package referee

import (
	"os"
	"strings"
	"testing"
)

// TestAuditFinalBreakdownOrder checks END-2 as amended by RULES-IC-TB.md section 6: the final scoring's breakdown
// lists 2. the incomplete features (END-3, IC-9), 3. the fields (END-5, with the pig's and the herd's bonuses
// inside), 4. the King and the Robber Baron (END-6), 5. the goods (END-6a, TB-4), 6. the gifts (END-7). The market
// round (1.) moves figures and scores nothing by itself. The records are audit golden records; their points are
// checked by TestGoldenRecords.
func TestAuditFinalBreakdownOrder(t *testing.T) {
	rank := map[string]int{"road": 2, "city": 2, "monastery": 2, "shrine": 2, "garden": 2, "field": 3, "king": 4,
		"robber-baron": 4, "goods": 5, "gifts": 6}
	for _, tc := range []struct {
		file string
		want []string // the categories that must appear, in this order of ranks
	}{
		{"audit-pos-ictb-end.rec", []string{"city", "road", "field", "king", "robber-baron", "goods", "gifts"}},
		{"audit-ic-cathedral-fields.rec", []string{"city", "field", "king"}},
		{"audit-tb-goods.rec", []string{"city", "goods"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("../testdata/golden/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Replay(strings.NewReader(string(data)), true)
			if err != nil {
				t.Fatal(err)
			}
			last, seen := 0, map[string]bool{}
			for _, e := range g.Summary().Breakdown {
				if !e.Final {
					continue
				}
				r, ok := rank[e.Category]
				if !ok {
					t.Fatalf("unexpected final category %q (%s)", e.Category, e.Rule)
				}
				if r < last {
					t.Errorf("%s (%s) listed after a scoring of step %d of END-2", e.Category, e.Rule, last)
				}
				last = max(last, r)
				seen[e.Category] = true
			}
			for _, c := range tc.want {
				if !seen[c] {
					t.Errorf("no final %s scoring in the breakdown", c)
				}
			}
		})
	}
}
