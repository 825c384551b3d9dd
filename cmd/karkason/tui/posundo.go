package tui

import (
	"fmt"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Ctrl-Z in the entry of a board as it lies takes back the last step taken, whatever it was: a tile laid, typed over
// another, taken off with Del; a figure put on or taken off; a number, the King, who plays next. Each step taken
// (posDo) keeps the lines before and after it and where the cursor was; Ctrl-Z puts the lines back as they were
// (the tile taken off with Del back where it lay, the tile typed over back under the new one) through the entry's
// own steps (Add, Replace, Remove: saved and checked like any step), and the cursor where it was. An entry resumed
// from its file has no steps kept: Ctrl-Z takes its last line out.

// posStepTaken is a step of the entry as it was taken, for Ctrl-Z.
type posStepTaken struct {
	before, after []referee.PositionLine
	cur           engine.Pos
}

// lineKey is a position line without its line number, to find it among the lines.
func lineKey(l referee.PositionLine) string {
	l.Line = 0
	return fmt.Sprintf("%+v", l)
}

// lineDiff returns the lines of a not in b and of b not in a (as multisets, by lineKey).
func lineDiff(a, b []referee.PositionLine) (onlyA, onlyB []referee.PositionLine) {
	count := map[string]int{}
	for _, l := range b {
		count[lineKey(l)]++
	}
	for _, l := range a {
		if k := lineKey(l); count[k] > 0 {
			count[k]--
		} else {
			onlyA = append(onlyA, l)
		}
	}
	count = map[string]int{}
	for _, l := range a {
		count[lineKey(l)]++
	}
	for _, l := range b {
		if k := lineKey(l); count[k] > 0 {
			count[k]--
		} else {
			onlyB = append(onlyB, l)
		}
	}
	return onlyA, onlyB
}

// findLine returns the index of the last line equal to l (lineKey), -1 if none.
func findLine(lines []referee.PositionLine, l referee.PositionLine) int {
	k := lineKey(l)
	for i := len(lines) - 1; i >= 0; i-- {
		if lineKey(lines[i]) == k {
			return i
		}
	}
	return -1
}

// takeBack undoes step st on the entry's lines: what it added is taken out, what it took out is put back (a line it
// replaced is put back in its place). It returns the first refusal, the entry as the steps before it left it.
func (p *posEntry) takeBack(st posStepTaken) error {
	removed, added := lineDiff(st.before, st.after)
	steps := p.steps()
	if len(removed) == 1 && len(added) == 1 {
		if i := findLine(p.draft().Lines(), added[0]); i >= 0 {
			return steps.Replace(i, removed[0])
		}
	}
	for _, a := range added {
		if i := findLine(p.draft().Lines(), a); i >= 0 {
			if err := steps.Remove(i); err != nil {
				return err
			}
		}
	}
	for _, r := range removed {
		if err := steps.Add(r); err != nil {
			return err
		}
	}
	return nil
}
