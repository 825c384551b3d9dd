package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/internal/words"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The tally: points per player and category (roads, cities, monasteries, fields, the King, the Robber Baron,
// gifts ...) from the referee's summary, the total of each column equal to the player's score (END-10); under it
// every scoring with its rule. At the end of the game it is the final screen; during the game (F8) it shows the
// game as if it ended now.

// tallyCats is the order of the rows.
var tallyCats = []engine.Category{engine.CatRoad, engine.CatCity, engine.CatMonastery, engine.CatShrine,
	engine.CatGarden, engine.CatField, engine.CatBarn, engine.CatKing, engine.CatBaron, engine.CatGoods, engine.CatFairy,
	engine.CatGifts, engine.CatAbbotReturn, engine.CatCashOut, engine.CatRoadSweeper, engine.CatChallengeLost}

// tallyOf sums the score log per category and player; market is the part of the fields' points scored on fields
// that a figure from the market was moved onto in the market round (COUNT-19, COUNT-22).
func tallyOf(g *referee.Game) (sums map[engine.Category][engine.MaxPlayers]int, market [engine.MaxPlayers]int,
	hasMarket bool) {
	sums = map[engine.Category][engine.MaxPlayers]int{}
	fromMarket := map[int32]bool{}
	for _, a := range g.Actions {
		if a.Verb != referee.VerbMarket {
			continue
		}
		if seg, err := g.S.FeatureAt(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}, a.Target.Place); err == nil {
			fromMarket[g.S.Root(seg)] = true
			hasMarket = true
		}
	}
	for _, sc := range g.ScoreLog() {
		row := sums[sc.Cat]
		inMarket := sc.Cat == engine.CatField && sc.Feature >= 0 && fromMarket[g.S.Root(sc.Feature)]
		for p := 0; p < g.Players(); p++ {
			// The fairy's 3 points in a feature's scoring (PD-18) are the fairy's row, owner or not, with its point at
			// a turn's start (PD-17, CatFairy); a feature's scoring has no CatFairy, so row is another category's.
			if f := sc.FairyFor(p); f > 0 {
				fairy := sums[engine.CatFairy]
				fairy[p] += f
				sums[engine.CatFairy] = fairy
			}
			if sc.Owners&(1<<p) != 0 {
				n := sc.PointsFor(p) - sc.FairyFor(p) // a field's pig and pig herd bonuses too (TB-14, COMBO-12)
				row[p] += n
				if inMarket {
					market[p] += n
				}
			}
		}
		sums[sc.Cat] = row
	}
	return sums, market, hasMarket
}

// scoringWhat says what a scoring of the breakdown scored, in words (issue 20's naming, featureName), with the cell
// of a tile of the feature: "road at -1,4", "field south of the road at 0,3", "city (east) at 7,0"; a road with an
// inn or a city with a cathedral by that name (IC-7, IC-8, IC-9: "city with a cathedral at 4,0"); a scoring of
// another category than its feature's kind with that category first ("abbot taken back: garden at 0,3", "Road
// Sweeper: road with an inn at 2,1"); the category alone when it names no feature (the King, gifts).
func scoringWhat(g *referee.Game, loc translator, e referee.ScoreEntry) string {
	words := tallyWords(loc, e.Rule, e.Category)
	if e.Goods != "" { // TB-4: the kind of goods and the most tokens held
		return words + ": " + loc.T("ui.detail.goods", map[string]any{"Goods": loc.T("term.goods."+e.Goods, nil),
			"Count": e.Cities})
	}
	seg, ok := refSeg(g, e.Feature)
	if !ok {
		return words
	}
	kind := g.S.SegKind(seg).String()
	switch {
	case ruleWords(loc, e.Rule, e.Category) != "" && e.Category == kind: // an inn road, a cathedral city
		ti, _ := g.S.SegTile(seg)
		return loc.T("ui.feat.at", map[string]any{"Feature": words, "Cell": g.S.Tiles[ti].Pos.String()})
	case e.Category == kind:
		return featureName(g, loc, seg, true)
	}
	return words + ": " + featureName(g, loc, seg, true)
}

// showTally shows the tally of g; final: the game has ended (Esc then shows the board, not the move entry).
func (u *ui) showTally(g *referee.Game, final bool) {
	loc := u.loc
	n := newNames(g, loc)
	tbl := tview.NewTable().SetBorders(false).SetSelectable(false, false)
	tbl.SetCell(0, 0, tview.NewTableCell(""))
	for p := 0; p < g.Players(); p++ {
		tbl.SetCell(0, p+1, tview.NewTableCell(n.badge(p)+" "+n.plain(p)).SetAlign(tview.AlignRight).SetMaxWidth(14))
	}
	sums, market, hasMarket := tallyOf(g)
	row := 1
	// A game begun from a position: the points on the score track then come first (POS-7), so that each column
	// still adds up to the player's score.
	track := g.StartScores()
	hasTrack := slices.ContainsFunc(g.Position, func(l referee.PositionLine) bool { return l.Kind == referee.PosScore })
	if hasTrack {
		tbl.SetCell(row, 0, tview.NewTableCell(loc.T("ui.tally.track", nil)))
		for p := 0; p < g.Players(); p++ {
			tbl.SetCell(row, p+1, tview.NewTableCell(fmt.Sprint(track[p])).SetAlign(tview.AlignRight))
		}
		row++
	}
	for _, c := range tallyCats {
		v, ok := sums[c]
		if !ok {
			continue
		}
		tbl.SetCell(row, 0, tview.NewTableCell(loc.T("ui.cat."+c.String(), nil)))
		for p := 0; p < g.Players(); p++ {
			tbl.SetCell(row, p+1, tview.NewTableCell(fmt.Sprint(v[p])).SetAlign(tview.AlignRight))
		}
		row++
		if c == engine.CatField && hasMarket {
			tbl.SetCell(row, 0, tview.NewTableCell(" ↳ "+loc.T("ui.cat.market", nil)).SetTextColor(tcell.ColorGray))
			for p := 0; p < g.Players(); p++ {
				tbl.SetCell(row, p+1, tview.NewTableCell(fmt.Sprint(market[p])).SetAlign(tview.AlignRight).
					SetTextColor(tcell.ColorGray))
			}
			row++
		}
	}
	best := 0
	for p := 0; p < g.Players(); p++ {
		if g.S.Scores[p] > best {
			best = g.S.Scores[p]
		}
	}
	tbl.SetCell(row, 0, tview.NewTableCell("[::b]"+loc.T("ui.total", nil)))
	for p := 0; p < g.Players(); p++ {
		cell := fmt.Sprint(g.S.Scores[p])
		if final && g.S.Scores[p] == best {
			cell = "★ " + cell
		}
		tbl.SetCell(row, p+1, tview.NewTableCell(cell).SetAlign(tview.AlignRight).SetAttributes(tcell.AttrBold))
	}
	tbl.SetBorder(true).SetBorderPadding(0, 0, 1, 1)
	title := loc.T("ui.tally.now", nil)
	if final {
		title = loc.T("ui.tally.final", nil)
	}
	tbl.SetTitle(" " + title + " ").SetTitleAlign(tview.AlignLeft)

	// Every scoring, with its rule (END-10): the rule, what it scored in words with the cell of a tile of it
	// (scoringWhat), the points to each scorer, who.
	type line struct{ rule, what, who string }
	var lines []line
	var points []int
	wRule, wWhat := 0, 0
	for _, e := range g.Summary().Breakdown {
		var who []string
		for _, c := range e.Players {
			who = append(who, n.plain(g.Player(c)))
		}
		l := line{rule: "[" + e.Rule + "]", what: scoringWhat(g, loc, e), who: strings.Join(who, ", ")}
		if l.who == "" {
			l.who = "—"
		}
		if e.Final {
			l.who += " *"
		}
		for _, b := range e.Bonuses { // the pig's and the pig herd's, inside the field's line (TB-14, COMBO-12)
			var names []string
			for _, c := range b.Players {
				names = append(names, g.Name(g.Player(c)))
			}
			l.who += "; " + tview.Escape(words.Bonus(loc, b.Rule, names, b.Points))
		}
		if f := e.Fairy; f != nil { // inside the feature's line: the fairy's 3 points (PD-18), owner or not
			l.who += "; " + tview.Escape(loc.T("ui.detail.fairy", map[string]any{"Player": g.Name(g.Player(f.Colour)),
				"Points": f.Points}))
		}
		wRule = max(wRule, len([]rune(l.rule)))
		wWhat = max(wWhat, len([]rune(l.what)))
		lines = append(lines, l)
		points = append(points, e.Points)
	}
	var b strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&b, "[gray]%s[-] %s %3d  %s\n", tview.Escape(fmt.Sprintf("%-*s", wRule, l.rule)),
			tview.Escape(fmt.Sprintf("%-*s", wWhat, l.what)), points[i], l.who)
	}
	list := tview.NewTextView().SetDynamicColors(true).SetWrap(false).SetText(b.String())
	list.SetBorder(true).SetTitle(" " + loc.T("ui.tally.scorings", nil) + " ").SetTitleAlign(tview.AlignLeft)
	keys := tview.NewTextView().SetDynamicColors(true).SetTextColor(tcell.ColorGray)
	won := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	if final {
		won.SetText("[yellow::b]★ " + winnersLine(loc, g) + "[-::-]")
	}
	if final {
		keys.SetText(loc.T("ui.tally.keys_final", nil))
	} else {
		keys.SetText(loc.T("ui.tally.keys", nil))
	}
	rows := row - 1
	ch := &chart{Box: tview.NewBox(), g: g, names: n}
	ch.SetBorder(true).SetTitle(" " + loc.T("ui.chart", map[string]any{"Turns": len(g.History)}) + " ").
		SetTitleAlign(tview.AlignLeft)
	tw := 4 // the borders and padding
	catW := len([]rune(loc.T("ui.total", nil)))
	for r := 1; r < row; r++ {
		catW = max(catW, len([]rune(tbl.GetCell(r, 0).Text)))
	}
	tw += catW
	for p := 0; p < g.Players(); p++ {
		tw += 1 + max(6, len([]rune(g.Name(p)))+4)
		tbl.GetCell(0, p+1).SetMaxWidth(0)
	}
	// As wide as its title too, so that the title is not cut short with "…" (issue 6).
	tw = max(tw, tview.TaggedStringWidth(title)+4)
	top := tview.NewFlex().AddItem(tbl, tw, 0, false).AddItem(ch, 0, 1, false)
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(top, max(rows+4, 8), 0, false).
		AddItem(list, 0, 1, true)
	if final {
		root.AddItem(won, 1, 0, false)
	}
	root.AddItem(keys, 1, 0, false)
	root.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch {
		case ev.Key() == tcell.KeyEscape || ev.Key() == tcell.KeyEnter || ev.Key() == tcell.KeyF8:
			u.pages.RemovePage("tally")
			u.modal = ""
			if !final && u.table != nil {
				u.table.focusEntry()
			} else if u.table != nil {
				u.run.SetFocus(u.table.board)
			}
			return nil
		case ev.Key() == tcell.KeyCtrlZ && final && u.table != nil:
			u.pages.RemovePage("tally")
			u.modal = ""
			u.table.undo()
			return nil
		case ev.Key() == tcell.KeyF6:
			u.cycleLanguage()
			return nil
		case ev.Key() == tcell.KeyF3 && u.table != nil: // why: each scoring with its rule (issue 30), over the tally
			u.showExplain()
			return nil
		case ev.Key() == tcell.KeyF9 && final:
			msg, ok := u.exportMessage(g) // exportpic.go: where the picture went, or why not
			keys.SetText(msg)
			if !ok { // a file error in full: what happened, that nothing else changed, what to do
				keys.SetWordWrap(true)
				root.ResizeItem(keys, 5, 0)
			}
			return nil
		case ev.Key() == tcell.KeyRune && (ev.Rune() == 'q' || ev.Rune() == 'Q'):
			u.askQuit()
			return nil
		}
		return ev
	})
	u.pages.AddPage("tally", root, true, true)
	u.run.SetFocus(list)
}

// tallyWords is the category column of a scoring in the tally: a road with an inn or a city with a cathedral by
// its name (IC-7, IC-8; IC-9 with its 0 points beside it), Road Sweeper on an inn road (COMBO-22) so; else the
// category (referee's breakdown word: road, city, road-sweeper ...) in words.
func tallyWords(loc translator, rule, category string) string {
	switch {
	case rule == "IC-7", rule == "IC-9" && category == "road":
		return loc.T("term.inn_road", nil)
	case rule == "IC-8", rule == "IC-9" && category == "city":
		return loc.T("term.cathedral_city", nil)
	case rule == "COMBO-22":
		return loc.T("cat."+category, nil) + ": " + loc.T("term.inn_road", nil)
	}
	return loc.T("cat."+category, nil)
}

// winnersLine names the winners of an ended game in words (referee.Summary.Winners: the most points; tied players
// share the victory, BASE-16, END-9): "Winner: Ана", "Winners (tie): Ана, Богдан"; escaped for tview. "" when
// nobody has won yet (the game has not ended).
func winnersLine(loc translator, g *referee.Game) string {
	var who []string
	for _, c := range g.Summary().Winners {
		who = append(who, g.Name(g.Player(c)))
	}
	switch len(who) {
	case 0:
		return ""
	case 1:
		return loc.T("ui.tally.winner", map[string]any{"Names": tview.Escape(who[0])})
	}
	return loc.T("ui.tally.winners", map[string]any{"Names": tview.Escape(strings.Join(who, ", "))})
}

// showHelp shows the keys and what the board's characters mean.
func (u *ui) showHelp() {
	text := u.loc.T("ui.web.help", nil) + "\n\n" + u.loc.T("ui.help", nil) // the second screen first (screen.go)
	text += "\n\n" + u.loc.T("ui.help.places", nil)                        // the place step's list (step_place.go)
	text += "\n\n" + u.loc.T("ui.figlist.help", nil)                       // the figure step at 80x24 (step_figure.go)
	switch {
	case u.pos != nil:
		text = u.loc.T("ui.pos.help", nil) // the entry of a board as it lies
	case u.setup != nil && u.pages.HasPage("setup"):
		text = u.loc.T("ui.setup.help", nil) // the set-up form
	}
	if u.table != nil && u.table.view() != nil && u.table.view().S.Opts.AbbeyMayor && !u.pages.HasPage("setup") {
		text += "\n\n" + u.loc.T("ui.am.help", nil) // its keys and marks (step_abbey.go, board_am.go, step_posam.go)
	}
	if u.table != nil && !(u.setup != nil && u.pages.HasPage("setup")) && u.table.view().S.Opts.PrincessDragon {
		text += "\n\n" + u.loc.T("ui.help.pd", nil) // the dragon, the fairy and the symbols (board_pd.go)
	}
	tv := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true).SetText(text)
	tv.SetBorder(true).SetTitle(" " + u.loc.T("ui.help_title", nil) + " ")
	u.textPage("help", newScrollMarked(tv), tv, tcell.KeyF1) // from the table, where nothing modal is open
}
