package tui

import (
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/rivo/tview"
)

// No two answers of one list read the same (issue 30: two fields of kr-corner2roads both "the field north-west of
// the road", the market round's two fields of kr-2cities "the field around the city at -3,5", the large follower's
// short answer under each feature): where answers that act on different things share their words, each that names
// a feature adds the edges of its tile it reaches, in the user's compass letters ("(С+З)"), and its cell if that
// is still the same; any other answer its place in the list. Wording only: the answers are the steps'.

// distinctLabels returns the labels of choices (short: their short labels where they have one) with the words
// added that tell apart answers that read the same.
func (e *entry) distinctLabels(choices []choice, short bool) []string {
	labels := make([]string, len(choices))
	for i, c := range choices {
		labels[i] = c.label
		if short && c.short != "" {
			labels[i] = c.short
		}
	}
	for round := 0; round < 4; round++ {
		groups := map[string][]int{}
		for i, c := range choices {
			if !c.muted {
				groups[plainLabel(labels[i])] = append(groups[plainLabel(labels[i])], i)
			}
		}
		same := false
		for _, idx := range groups {
			if len(idx) < 2 {
				continue
			}
			same = true
			for _, i := range idx {
				if add := e.telling(choices, choices[i], labels[i], round); add != "" {
					labels[i] += " (" + add + ")"
				}
			}
		}
		if !same {
			break
		}
	}
	return labels
}

// telling is what tells answer c (label) from another that reads the same, in round r: the feature it names
// (where the label does not name it: the large follower's short answer), then the edges of its tile it reaches,
// then its half-edges, then its cell; an answer that names no feature, its figure's word.
func (e *entry) telling(choices []choice, c choice, label string, round int) string {
	loc := e.t.u.loc
	if !c.hasSeg || e.g == nil {
		// The large follower's short answer into a quarter: the follower's answer on the same target names it.
		if round == 0 && c.target != "" {
			for _, o := range choices {
				if o.target == c.target && o.figure != c.figure && !strings.Contains(label, plainLabel(o.label)) {
					return plainLabel(o.label)
				}
			}
		}
		if round == 1 && c.figure != engine.Follower {
			return loc.T("term."+c.figure.String(), nil)
		}
		return ""
	}
	ti, l := e.g.S.SegTile(c.seg)
	switch round {
	case 0:
		// (a short label names it by the compass letters, segShort: the figure step's)
		if name := e.segName(c.seg); !strings.Contains(plainLabel(label), plainLabel(name)) &&
			!strings.Contains(plainLabel(label), plainLabel(e.segShort(c.seg))) {
			return name
		}
	case 1:
		return localPlace(loc, edgesWords(e.g.S, ti, l))
	case 2:
		return localPlace(loc, placeWords(e.g.S, ti, l))
	case 3:
		return e.g.S.Tiles[ti].Pos.String()
	}
	return ""
}

// plainLabel is a label as it reads: its tags gone, its spaces folded.
func plainLabel(label string) string {
	return strings.Join(strings.Fields(stripTags(label)), " ")
}

// stripTags is text with its tview colour tags gone, as the screen shows it.
func stripTags(text string) string {
	return tview.NewTextView().SetDynamicColors(true).SetText(text).GetText(true)
}

// edgesWords are the edges of its tile a segment reaches ("N+W"), a field's by its half-edges (ESE and SSE: "E",
// "S"); "" for a monastery, shrine or garden.
func edgesWords(s *engine.State, ti, l int) string {
	w := placeWords(s, ti, l)
	if w == "" || strings.Contains(w, "+") && len(strings.Split(w, "+")[0]) == 1 || len(w) == 1 {
		return w
	}
	var out []string
	for _, e := range "NESW" {
		for _, h := range strings.Split(w, "+") {
			if h[0] == byte(e) {
				out = append(out, string(e))
				break
			}
		}
	}
	return strings.Join(out, "+")
}
