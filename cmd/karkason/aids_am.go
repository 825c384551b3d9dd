package main

import (
	"fmt"
	"strings"

	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// amReport writes the aids of Abbey & Mayor (referee.AMAid): each mayor's strength now (AM-12), each barn field's
// worth if the game ended now (AM-27), the corners of the tile just placed where the barn could stand (AM-21), the
// holes for an abbey (AM-4) and the abbeys still held (AM-2).
func amReport(b *strings.Builder, g *referee.Game, a *referee.AMAid, loc *locales.Localizer) {
	none := loc.T("cli.aids.none", nil)
	b.WriteString("\n" + loc.T("cli.aids.am.mayors", nil) + "\n")
	if len(a.Mayors) == 0 {
		b.WriteString("  " + none + "\n")
	}
	for _, m := range a.Mayors {
		fmt.Fprintf(b, "  %s\t%s\t%d\n", m.Feature, g.Name(m.Player), m.Strength)
	}
	b.WriteString("\n" + loc.T("cli.aids.am.barns", nil) + "\n")
	if len(a.Barns) == 0 {
		b.WriteString("  " + none + "\n")
	}
	for _, br := range a.Barns {
		var who []string
		for p := 0; p < g.Players(); p++ {
			if br.Owners&(1<<p) != 0 {
				who = append(who, g.Name(p))
			}
		}
		fmt.Fprintf(b, "  %s\t%s\t%d × 4 = %d\n", br.Feature, strings.Join(who, ", "), br.Cities, br.Worth)
	}
	if len(a.BarnCorners) > 0 {
		b.WriteString(loc.T("cli.aids.am.barn_corners", nil) + " " + strings.Join(a.BarnCorners, ", ") + "\n")
	}
	holes := []string{}
	for _, h := range a.Holes {
		holes = append(holes, h.String())
	}
	if len(holes) == 0 {
		holes = append(holes, none)
	}
	b.WriteString(loc.T("cli.aids.am.holes", nil) + " " + strings.Join(holes, ", ") + "\n")
	var held []string
	for p := 0; p < g.Players(); p++ {
		if a.Abbeys[p] > 0 {
			held = append(held, g.Name(p))
		}
	}
	if len(held) == 0 {
		held = append(held, none)
	}
	b.WriteString(loc.T("cli.aids.am.abbeys", nil) + " " + strings.Join(held, ", ") + "\n")
}
