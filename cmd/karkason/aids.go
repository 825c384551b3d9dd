package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// aidsReport prints the table aids of `replay --aids` (issue 10) as readable tables in the user's language: the
// stack, the scores if the game ended now, the open features with figures and their open cells (tiles left that fit
// each, dead spots said as such), the fields with farmers, the next tile's chances. The numbers are the referee's
// (Game.Aids); this only lays them out.
func aidsReport(g *referee.Game, a *referee.Aids, loc *locales.Localizer) string {
	var b strings.Builder
	b.WriteString("\n" + loc.T("cli.aids.title", nil) + "\n")
	b.WriteString(loc.T("cli.aids.stack", map[string]any{"Tiles": loc.N("plural.tiles", a.Stack, nil)}) + "\n\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(&b, loc.T("cli.aids.if_ended_now", nil))
	for i := 0; i < g.Players(); i++ {
		fmt.Fprintf(tw, "  %s\t%s\t%d\t(%d)\n", g.Name(i), loc.T("colour."+string(g.Colour(i)), nil), g.S.Scores[i],
			a.IfEndedNow[i])
	}
	tw.Flush()
	// who: each player's figures, and their weight where a large follower makes it more (DEF-11, IC-5: "red 1
	// (strength 2 ...)", issue 30); the owners.
	who := func(figs, strength [engine.MaxPlayers]int, owners uint8) (string, string) {
		var f []string
		for p := 0; p < g.Players(); p++ {
			if figs[p] > 0 {
				w := fmt.Sprintf("%s %d", loc.T("colour."+string(g.Colour(p)), nil), figs[p])
				if strength[p] != figs[p] {
					w += " (" + loc.T("ui.detail.strength", map[string]any{"Strength": strength[p]}) + ")"
				}
				f = append(f, w)
			}
		}
		return strings.Join(f, ", "), names(g, owners)
	}
	b.WriteString("\n" + loc.T("cli.aids.features", nil) + "\n")
	if len(a.Features) == 0 {
		b.WriteString("  " + loc.T("cli.aids.none", nil) + "\n")
	} else {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\n", loc.T("cli.aids.col.feature", nil), loc.T("cli.aids.col.kind", nil),
			loc.T("cli.aids.col.figures", nil), loc.T("cli.aids.col.owners", nil), loc.T("cli.aids.col.if_completed", nil),
			loc.T("cli.aids.col.if_ended", nil), loc.T("cli.aids.col.open_cells", nil))
		for _, f := range a.Features {
			figs, owners := who(f.Figures, f.Strength, f.Owners)
			var cells []string
			for _, c := range f.Open {
				cells = append(cells, aidCell(c, loc))
			}
			open := strings.Join(cells, ", ")
			if f.Dead {
				open += " " + loc.T("cli.aids.dead_feature", nil)
			}
			kind := loc.T("cat."+f.Kind.String(), nil)
			switch { // IC-7, IC-8: doubled or tripled if completed, 0 if the game ends now (IC-9)
			case f.Mark.Has(engine.MarkInn):
				kind = loc.T("term.inn_road", nil)
			case f.Mark.Has(engine.MarkCathedral):
				kind = loc.T("term.cathedral_city", nil)
			}
			if f.Builders != 0 { // TB-5; a second tile for the next player if a tile of theirs extends it (TB-7)
				kind += " + " + loc.T("term.builder", nil) + " (" + names(g, f.Builders) + ")"
			}
			if f.DoubleTurn {
				kind += " " + loc.T("cli.aids.double_turn", map[string]any{"Player": g.Name(a.NextPlayer)})
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%d\t%d\t%s\n", f.Feature, kind, figs, owners, f.IfCompleted, f.IfEnded, open)
		}
		tw.Flush()
	}
	if g.S.Opts.Farmers {
		b.WriteString("\n" + loc.T("cli.aids.fields", nil) + "\n")
		if len(a.Fields) == 0 {
			b.WriteString("  " + loc.T("cli.aids.none", nil) + "\n")
		} else {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", loc.T("cli.aids.col.feature", nil), loc.T("cli.aids.col.figures", nil),
				loc.T("cli.aids.col.owners", nil), loc.T("cli.aids.col.cities", nil), loc.T("cli.aids.col.worth", nil))
			for _, f := range a.Fields {
				figs, owners := who(f.Figures, f.Strength, f.Owners)
				worth := fmt.Sprint(f.Worth)
				if f.Pigs != 0 || f.Herd { // the pig's and the herd's +1 per city inside (TB-14, COMBO-12)
					var per []string
					for p := 0; p < g.Players(); p++ {
						if f.Owners&(1<<p) != 0 {
							per = append(per, fmt.Sprintf("%s %d", g.Name(p), f.Points[p]))
						}
					}
					worth = strings.Join(per, ", ")
					if f.Pigs != 0 {
						figs += " + " + loc.T("term.pig", nil) + " (" + names(g, f.Pigs) + ")"
					}
					if f.Herd {
						figs += " + " + loc.T("term.pig_herd", nil)
					}
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\t%d\t%s\n", f.Feature, figs, owners, f.Cities, worth)
			}
			tw.Flush()
		}
	}
	if a.Goods != nil {
		goodsReport(&b, g, a, loc)
	}
	if a.AM != nil {
		amReport(&b, g, a.AM, loc) // aids_am.go
	}
	var dead []string
	for _, c := range a.Frontier {
		if c.Fit == 0 {
			dead = append(dead, c.Pos.String())
		}
	}
	if len(dead) == 0 {
		dead = append(dead, loc.T("cli.aids.none", nil))
	}
	b.WriteString("\n" + loc.T("cli.aids.dead_spots", nil) + " " + strings.Join(dead, ", ") + "\n")
	if a.NextPlayer >= 0 && a.NextStack > 0 {
		b.WriteString("\n" + loc.T("cli.aids.next", map[string]any{"Player": g.Name(a.NextPlayer),
			"Tiles": loc.N("plural.tiles", a.NextStack, nil)}) + "\n")
		for _, c := range a.Next {
			fmt.Fprintf(tw, "  %s\t%d\t%.1f%%\n", c.Tile.ID, c.Left, 100*c.Chance)
		}
		tw.Flush()
		var fits []string
		seen := map[referee.Pos]bool{}
		for _, f := range a.Features {
			for _, c := range f.Open {
				for i, fc := range a.Frontier {
					if fc.Pos == c.Pos && !seen[c.Pos] {
						seen[c.Pos] = true
						fits = append(fits, fmt.Sprintf("%s %.0f%%", c.Pos, 100*a.NextFit[i]))
					}
				}
			}
		}
		if len(fits) > 0 {
			b.WriteString(loc.T("cli.aids.next_fits", nil) + " " + strings.Join(fits, ", ") + "\n")
		}
	}
	return b.String()
}

// aidCell writes an open cell with the number of tiles left that fit it, says it is a dead spot, or that it does
// not touch the board yet.
func aidCell(c referee.AidCell, loc *locales.Localizer) string {
	switch c.Fit {
	case 0:
		return c.Pos.String() + " " + loc.T("cli.aids.dead", nil)
	case referee.NotYet:
		return c.Pos.String() + " (-)"
	}
	return fmt.Sprintf("%s (%d)", c.Pos, c.Fit)
}

// names returns the names of the seats in a bit mask (bit p: seat p), in seating order.
func names(g *referee.Game, mask uint8) string {
	var out []string
	for p := 0; p < g.Players(); p++ {
		if mask&(1<<p) != 0 {
			out = append(out, g.Name(p))
		}
	}
	return strings.Join(out, ", ")
}

// goodsReport writes the goods at stake (traders-builders, TB-3, TB-4): each player's tokens, who leads each kind,
// and each incomplete city with goods symbols with the leaders if the player who draws next completed it.
func goodsReport(b *strings.Builder, g *referee.Game, a *referee.Aids, loc *locales.Localizer) {
	ga := a.Goods
	leaders := func(ls [engine.NumGoods]uint8) string {
		var out []string
		for k := engine.GoodsKind(0); k < engine.NumGoods; k++ {
			who := names(g, ls[k])
			if who == "" {
				who = "-"
			}
			out = append(out, loc.T("term.goods."+k.String(), nil)+": "+who)
		}
		return strings.Join(out, "; ")
	}
	b.WriteString("\n" + loc.T("cli.aids.goods", nil) + "\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for p := 0; p < g.Players(); p++ {
		fmt.Fprintf(tw, "  %s\t%s\n", g.Name(p), goodsText(ga.Held[p], loc))
	}
	tw.Flush()
	b.WriteString("  " + loc.T("cli.aids.goods_leaders", nil) + " " + leaders(ga.Leaders) + "\n")
	for _, c := range ga.Cities {
		line := "  " + c.Feature.String() + "  " + goodsText(c.Goods, loc)
		if a.NextPlayer >= 0 {
			line += "  " + loc.T("cli.aids.goods_if_next", map[string]any{"Player": g.Name(a.NextPlayer)}) + " " +
				leaders(c.IfNext)
		}
		b.WriteString(line + "\n")
	}
}

// goodsText is a count of goods tokens in words, each kind in order: "wine 2, grain 0, cloth 1" (TB-3).
func goodsText(gd engine.Goods, loc *locales.Localizer) string {
	var out []string
	for k := engine.GoodsKind(0); k < engine.NumGoods; k++ {
		out = append(out, fmt.Sprintf("%s %d", loc.T("term.goods."+k.String(), nil), gd[k]))
	}
	return strings.Join(out, ", ")
}
