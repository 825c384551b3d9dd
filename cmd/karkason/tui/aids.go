package tui

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The table aids (issue 10): what is at stake on the board, for every player. The numbers are the referee's
// (Game.Aids, recomputed at every refresh); this file only shows them:
//
//   - beside each score, the score if the game ended now: "41 (63)" (table.scoreText);
//   - on the board, every dead spot (an empty cell next to the board no tile left fits) as a red ✗ (boardAids);
//   - F9, the view "what is at stake": the open features with figures, the fields with farmers and the next tile
//     in a list; the one highlighted shows its details (owners, figures, points if completed now and if the game
//     ended now, open cells with the tiles left that fit, dead spots said as such, the chance the next tile fits)
//     and is highlighted on the board beside the list, its open cells with their counts;
//   - F8, the scores if the game ended now, is an aid too: off, F8 says the aids are off (once the game has
//     ended it shows the final tally, which is no aid);
//   - F12 switches every aid off and on for the session. The setting aids (config file, KARKASON_AIDS,
//     --aids=false) is the tournament's lock: when it says off, F12 says so and does not turn them on. Off, the
//     table shows none of them; the game and its record do not change.

// aidsKey opens the view of what is at stake; aidsSwitchKey switches the aids on and off.
const (
	aidsKey       = tcell.KeyF9
	aidsSwitchKey = tcell.KeyF12
)

// boardAids is what a board view shows of the aids: the dead spots, and in the F9 view the feature highlighted
// (its root, -1 for none) and its open cells with their fit counts.
type boardAids struct {
	dead []engine.Pos
	root int32
	open []referee.AidCell
}

// refreshAids recomputes the aids for g when they are on (nil when off) and gives the board its dead spots.
func (t *table) refreshAids(g *referee.Game) {
	t.aids = nil
	t.board.aids = nil
	if !t.u.aidsOn || t.u.pos != nil { // (none while a position is entered: F9 is its "next" there)
		return
	}
	t.aids = g.Aids()
	t.board.aids = &boardAids{dead: deadSpots(t.aids), root: -1}
}

// deadSpots are the frontier cells no tile left fits.
func deadSpots(a *referee.Aids) []engine.Pos {
	var out []engine.Pos
	for _, c := range a.Frontier {
		if c.Fit == 0 {
			out = append(out, engine.Pos{X: c.Pos.X, Y: c.Pos.Y})
		}
	}
	return out
}

// scoreText is a player's score in the players table: "41", or with the aids on "41 (63)", the score if the game
// ended now beside it (not once it has ended: the two are the same).
func (t *table) scoreText(g *referee.Game, p int) string {
	if t.aids == nil || g.Phase == referee.PhaseEnded {
		return fmt.Sprint(g.S.Scores[p])
	}
	return fmt.Sprintf("%d (%d)", g.S.Scores[p], t.aids.IfEndedNow[p])
}

// switchAids is F12: every aid off, or on again; the status line says which. When the setting says off (a
// tournament), F12 says so and leaves them off.
func (t *table) switchAids() {
	if t.aidsLocked() {
		t.setStatus(t.u.loc.T("ui.aids.locked", nil), false)
		return
	}
	t.u.aidsOn = !t.u.aidsOn
	t.refresh()
	if t.u.aidsOn {
		t.setStatus(t.u.loc.T("ui.aids.on", nil), false)
	} else {
		t.setStatus(t.u.loc.T("ui.aids.off", nil), false)
	}
}

// aidsLocked reports whether the setting aids says off: F12 does not turn them on (the tournament's lock).
func (t *table) aidsLocked() bool { return !t.u.o.Config.Aids && !t.u.aidsOn }

// aidsOff says in the status line that the aids are off, and whether F12 can show them.
func (t *table) aidsOff() {
	if t.aidsLocked() {
		t.setStatus(t.u.loc.T("ui.aids.locked", nil), false)
		return
	}
	t.setStatus(t.u.loc.T("ui.aids.off", nil), false)
}

// aidFeatureName names a feature of the aids in words with the cell of the tile its reference names (featureName:
// "city (east) at 3,-2"); a road with an inn or a city with a cathedral by that name (kind, marked); the reference
// itself if it names no feature on the board.
func aidFeatureName(g *referee.Game, loc translator, ref referee.FeatureRef, kind string, marked bool) string {
	seg, ok := refSeg(g, ref.String())
	switch {
	case !ok:
		return kind + " " + ref.String()
	case marked:
		return loc.T("ui.feat.at", map[string]any{"Feature": kind, "Cell": ref.Pos.String()})
	}
	return featureName(g, loc, seg, true)
}

// reverseGlyph shows the glyph g of a highlighted feature at x, y in reverse; a figure drawn there (a letter
// other than the tile's own glyph) stays, in reverse, so that the highlighted feature still shows who holds it.
func reverseGlyph(screen tcell.Screen, x, y int, g glyph) {
	if r, comb, st, _ := screen.GetContent(x, y); r != g.r {
		screen.SetContent(x, y, r, comb, st.Reverse(true))
		return
	}
	screen.SetContent(x, y, g.r, nil, glyphStyle(g, false).Reverse(true))
}

// drawAids draws the board's aids over the tiles: the highlighted feature's segments in reverse, its open cells
// with the number of tiles left that fit each, and the dead spots as a red ✗.
func (b *boardView) drawAids(screen tcell.Screen, v view) {
	a := b.aids
	if a == nil || b.g == nil || v.half {
		return
	}
	s := b.g.S
	if a.root >= 0 && int(a.root) < s.SegCount() {
		for ti := range s.Tiles {
			p := &s.Tiles[ti]
			if !v.in(p.Pos) {
				continue
			}
			sx, sy := v.at(p.Pos)
			if b.zoom > 0 {
				for l := range p.Type.Segs {
					if s.Root(p.Seg(l)) == a.root {
						reverseGlyph(screen, sx, sy, tileGlyph(p.Type, int(p.Rot)))
						break
					}
				}
				continue
			}
			blk := rasterTile(p.Type, int(p.Rot))
			for yy := 0; yy < tileH; yy++ {
				for xx := 0; xx < tileW; xx++ {
					if g := blk[yy][xx]; g.seg >= 0 && s.Root(p.Seg(g.seg)) == a.root {
						reverseGlyph(screen, sx+xx, sy+yy, g)
					}
				}
			}
		}
	}
	deadSt := tcell.StyleDefault.Foreground(tcell.ColorRed).Bold(true)
	cellSt := tcell.StyleDefault.Foreground(tcell.ColorBlack).Background(tcell.ColorAqua)
	for _, c := range a.open {
		p := engine.Pos{X: c.Pos.X, Y: c.Pos.Y}
		if !v.in(p) {
			continue
		}
		sx, sy := v.at(p)
		text := fmt.Sprint(c.Fit)
		switch {
		case c.Fit == 0:
			text = "✗"
		case c.Fit == referee.NotYet:
			text = "·"
		}
		st := cellSt
		if c.Fit == 0 {
			st = st.Foreground(tcell.ColorRed).Bold(true)
		}
		if b.zoom > 0 {
			r := []rune(text)[0]
			if c.Fit >= 10 {
				r = '+'
			}
			screen.SetContent(sx, sy, r, nil, st)
			continue
		}
		for yy := 0; yy < tileH; yy++ {
			for xx := 0; xx < tileW; xx++ {
				screen.SetContent(sx+xx, sy+yy, ' ', nil, st)
			}
		}
		putStr(screen, sx+(tileW-len([]rune(text)))/2, sy+1, tileW, text, st)
	}
	for _, p := range a.dead {
		if !v.in(p) {
			continue
		}
		sx, sy := v.at(p)
		if b.zoom == 0 {
			sx, sy = sx+tileW/2, sy+tileH/2
		}
		if r, _, _, _ := screen.GetContent(sx, sy); r == ' ' || r == 0 {
			screen.SetContent(sx, sy, '✗', nil, deadSt)
		}
	}
}

// kindSymbol is how the board draws each kind of feature (the F1 legend): the list's short name of a kind.
var kindSymbol = [...]rune{engine.KRoad: '┼', engine.KCity: '▒', engine.KField: '·', engine.KRiver: '≈',
	engine.KMonastery: '⌂', engine.KShrine: '†', engine.KGarden: '♣'}

// aidItem is one line of the F9 list: an open feature, a field, or the next tile.
type aidItem struct {
	label   string
	details string
	root    int32 // the feature to highlight, -1 for none
	open    []referee.AidCell
	centre  engine.Pos
}

// aidItems lists what is at stake: the open features with figures, the fields with farmers, the next tile.
func (t *table) aidItems(g *referee.Game, a *referee.Aids) []aidItem {
	loc := t.u.loc
	nm := newNames(g, loc)
	badges := func(owners uint8) string {
		s := ""
		for p := 0; p < g.Players(); p++ {
			if owners&(1<<p) != 0 {
				s += nm.badge(p)
			}
		}
		return s
	}
	figures := func(figs [engine.MaxPlayers]int) string {
		var out []string
		for p := 0; p < g.Players(); p++ {
			if figs[p] > 0 {
				out = append(out, fmt.Sprintf("%s×%d", nm.badge(p), figs[p]))
			}
		}
		return strings.Join(out, " ")
	}
	chance := map[referee.Pos]float64{}
	for i, c := range a.Frontier {
		if a.NextFit != nil {
			chance[c.Pos] = a.NextFit[i]
		}
	}
	var items []aidItem
	for _, f := range a.Features {
		kind := loc.T("cat."+f.Kind.String(), nil)
		symbol := kindSymbol[f.Kind]
		if r := markRune(f.Mark); r != 0 { // a road with an inn, a city with a cathedral (IC-7, IC-8, IC-9)
			symbol = r
			kind = loc.T(map[rune]string{innRune: "term.inn_road", cathedralRune: "term.cathedral_city"}[r], nil)
		}
		// One line at 36 columns: the owners, the kind as the board draws it, the cell of a tile of it, the points if
		// completed now (bold) and if the game ended now, ✗ if it is dead; the details say it all in words.
		label := badges(f.Owners) + " " + string(symbol) + " " + f.Feature.Pos.String() +
			fmt.Sprintf(" [::b]%d[::-] (%d)", f.IfCompleted, f.IfEnded)
		if f.Dead {
			label += " [red::b]✗[-::-]"
		}
		if f.Builders != 0 { // a builder stands here (TB-5); yellow: a double-turn chance for who draws next (TB-7)
			if f.DoubleTurn {
				label += " [yellow::b]" + string(builderRune) + "2[-::-]"
			} else {
				label += " " + string(builderRune)
			}
		}
		var d strings.Builder
		d.WriteString("[::b]" + tview.Escape(capFirst(aidFeatureName(g, loc, f.Feature, kind, f.Mark != 0))) + "[::-]\n")
		d.WriteString(tview.Escape(loc.T("ui.aids.owners", map[string]any{"Names": nm.list(f.Owners)})) + " " +
			figures(f.Figures) + "\n")
		if f.Mark != 0 {
			d.WriteString(tview.Escape(loc.T("ui.aids.marked", map[string]any{"Feature": capFirst(kind),
				"Completed": loc.N("plural.points", f.IfCompleted, nil), "RuleCompleted": f.CompletedRule, "RuleEnded": f.EndedRule})) + "\n")
		} else {
			d.WriteString(tview.Escape(loc.T("ui.aids.points", map[string]any{"Completed": f.IfCompleted,
				"Ended": f.IfEnded})) + "\n")
		}
		if f.Dead {
			d.WriteString("[red]" + tview.Escape(loc.T("ui.aids.dead", nil)) + "[-]\n")
		}
		if f.Builders != 0 {
			d.WriteString(tview.Escape(loc.T("ui.aids.builders", map[string]any{"Names": nm.list(f.Builders)})) + "\n")
		}
		if f.DoubleTurn {
			d.WriteString("[yellow]" + tview.Escape(loc.T("ui.aids.double_turn", map[string]any{
				"Player": g.Name(a.NextPlayer)})) + "[-]\n")
		}
		d.WriteString(tview.Escape(loc.T("ui.aids.open_cells", nil)) + "\n")
		for _, c := range f.Open {
			var line string
			switch c.Fit {
			case 0:
				line = "[red]" + tview.Escape(loc.T("ui.aids.cell_dead", map[string]any{"Cell": c.Pos.String()})) + "[-]"
			case referee.NotYet:
				line = tview.Escape(loc.T("ui.aids.cell_notyet", map[string]any{"Cell": c.Pos.String()}))
			default:
				line = tview.Escape(loc.T("ui.aids.cell", map[string]any{"Cell": c.Pos.String(), "Fit": c.Fit,
					"Chance": fmt.Sprintf("%.0f", 100*chance[c.Pos])}))
			}
			d.WriteString(" " + line + "\n")
		}
		ti, _ := g.S.SegTile(f.Root)
		items = append(items, aidItem{label: label, details: strings.TrimSuffix(d.String(), "\n"), root: f.Root,
			open: f.Open, centre: g.S.Tiles[ti].Pos})
	}
	for _, f := range a.Fields {
		kind := loc.T("cat.field", nil)
		label := badges(f.Owners) + " " + string(kindSymbol[engine.KField]) + " " + f.Feature.Pos.String() +
			fmt.Sprintf(" [::b]%d[::-]", f.Worth)
		details := "[::b]" + tview.Escape(capFirst(aidFeatureName(g, loc, f.Feature, kind, false))) + "[::-]\n" +
			tview.Escape(loc.T("ui.aids.owners", map[string]any{"Names": nm.list(f.Owners)})) + " " + figures(f.Figures) +
			"\n" + tview.Escape(loc.T("ui.aids.field", map[string]any{"Cities": f.Cities, "Worth": f.Worth}))
		if f.Pigs != 0 || f.Herd { // the pig's and the pig herd's +1 a city inside each owner's points (TB-14, COMBO-12)
			var points []string
			for p := 0; p < g.Players(); p++ {
				if f.Owners&(1<<p) != 0 {
					points = append(points, nm.badge(p)+fmt.Sprint(f.Points[p]))
				}
			}
			label += " " + string(pigRune)
			if f.Pigs != 0 {
				details += "\n" + tview.Escape(loc.T("ui.aids.pig", map[string]any{"Names": nm.list(f.Pigs)}))
			}
			if f.Herd {
				details += "\n" + tview.Escape(loc.T("ui.aids.herd", nil))
			}
			if len(points) > 0 {
				details += "\n" + loc.T("ui.aids.field_points", map[string]any{"List": strings.Join(points, " ")})
			}
		}
		ti, _ := g.S.SegTile(f.Root)
		items = append(items, aidItem{label: label, details: details, root: f.Root, centre: g.S.Tiles[ti].Pos})
	}
	if a.Goods != nil {
		items = append(items, t.goodsAidItems(g, a, nm)...)
	}
	next := aidItem{root: -1, centre: t.board.lastPos()}
	if a.NextPlayer >= 0 && a.NextStack > 0 {
		next.label = tview.Escape(loc.T("ui.aids.next_item", map[string]any{"Player": g.Name(a.NextPlayer)}))
		var d strings.Builder
		d.WriteString(tview.Escape(loc.T("ui.aids.next", map[string]any{"Player": g.Name(a.NextPlayer),
			"Tiles": loc.N("plural.tiles", a.NextStack, nil)})) + "\n")
		for _, c := range a.Next {
			d.WriteString(fmt.Sprintf(" %s ×%d  %.1f%%\n", tview.Escape(tileName(loc, c.Tile, 0)), c.Left, 100*c.Chance))
		}
		next.details = strings.TrimSuffix(d.String(), "\n")
	} else {
		next.label = tview.Escape(loc.T("ui.aids.next_none", nil))
		next.details = next.label
	}
	return append(items, next)
}

// goodsAidItems are the goods at stake in F9 (Traders & Builders): the tokens held and who has the most of each kind
// now (TB-3, TB-4), then each city with goods not yet completed, with who would have the most if the player who
// draws next completed it now (the referee's GoodsAid).
func (t *table) goodsAidItems(g *referee.Game, a *referee.Aids, nm *names) []aidItem {
	loc := t.u.loc
	ga := a.Goods
	kindName := func(k engine.GoodsKind) string { return loc.T("term.goods."+k.String(), nil) }
	// leadersText is "∪А ψБВ ≡—": each kind and the letters of the players with the most.
	leadersText := func(leaders [engine.NumGoods]uint8) string {
		var out []string
		for k := range engine.NumGoods {
			who := "—"
			if leaders[k] != 0 {
				who = ""
				for p := 0; p < g.Players(); p++ {
					if leaders[k]&(1<<p) != 0 {
						who += nm.letter(p)
					}
				}
			}
			out = append(out, string(goodsRunes[k])+who)
		}
		return strings.Join(out, " ")
	}
	var d strings.Builder
	d.WriteString("[::b]" + tview.Escape(loc.T("ui.aids.goods", nil)) + "[::-]\n")
	for p := 0; p < g.Players(); p++ {
		var held []string
		for k := range engine.NumGoods {
			held = append(held, fmt.Sprintf("%c %s %d", goodsRunes[k], kindName(k), ga.Held[p][k]))
		}
		d.WriteString(nm.badge(p) + " " + nm.plain(p) + ": " + tview.Escape(strings.Join(held, " · ")) + "\n")
	}
	for k := range engine.NumGoods {
		who := "—"
		if ga.Leaders[k] != 0 {
			who = nm.list(ga.Leaders[k])
		}
		d.WriteString(tview.Escape(loc.T("ui.aids.goods_lead", map[string]any{"Goods": kindName(k), "Names": who})) + "\n")
	}
	var supply []string
	for k := range engine.NumGoods {
		supply = append(supply, fmt.Sprintf("%s %d", kindName(k), ga.Supply[k]))
	}
	d.WriteString(tview.Escape(loc.T("ui.aids.goods_supply", map[string]any{"List": strings.Join(supply, ", ")})))
	items := []aidItem{{label: tview.Escape(loc.T("ui.aids.goods_item", nil)) + " " + leadersText(ga.Leaders),
		details: d.String(), root: -1, centre: t.board.lastPos()}}
	for _, c := range ga.Cities {
		var symbols, words []string
		for k := range engine.NumGoods {
			if c.Goods[k] > 0 {
				symbols = append(symbols, fmt.Sprintf("%c%d", goodsRunes[k], c.Goods[k]))
				words = append(words, fmt.Sprintf("%s %d", kindName(k), c.Goods[k]))
			}
		}
		label := string(kindSymbol[engine.KCity]) + " " + c.Feature.Pos.String() + " " + strings.Join(symbols, " ")
		details := "[::b]" + tview.Escape(capFirst(aidFeatureName(g, loc, c.Feature, loc.T("cat.city", nil), false))) +
			"[::-]\n" +
			tview.Escape(loc.T("ui.aids.goods_city", map[string]any{"List": strings.Join(words, ", ")}))
		if a.NextPlayer >= 0 {
			details += "\n" + tview.Escape(loc.T("ui.aids.goods_if_next", map[string]any{"Player": g.Name(a.NextPlayer)})) +
				" " + leadersText(c.IfNext)
		}
		ti, _ := g.S.SegTile(c.Root)
		items = append(items, aidItem{label: label, details: details, root: c.Root, centre: g.S.Tiles[ti].Pos})
	}
	return items
}

// showAids is F9: the view of what is at stake. With the aids off it says so in the status line.
func (u *ui) showAids() {
	t := u.table
	if t == nil {
		return
	}
	if t.aids == nil {
		t.aidsOff()
		return
	}
	loc := u.loc
	g := t.view()
	items := t.aidItems(g, t.aids)
	bv := newBoardView()
	bv.loc, bv.g, bv.names, bv.zoom = u.loc, g, t.names, t.board.zoom
	bv.follow = false
	bv.SetTitle(" " + loc.T("ui.aids.title", nil) + " ").SetTitleAlign(tview.AlignLeft)
	ba := &boardAids{dead: deadSpots(t.aids), root: -1}
	bv.aids = ba
	list := newMenu()
	list.SetBorder(true).SetTitle(" " + loc.T("ui.aids.list", nil) + " ").SetTitleAlign(tview.AlignLeft)
	labels := make([]string, len(items))
	for i, it := range items {
		labels[i] = it.label
	}
	list.set(labels, nil)
	details := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	details.SetBorder(true)
	show := func(i int) {
		if i < 0 || i >= len(items) {
			return
		}
		it := items[i]
		ba.root, ba.open = it.root, it.open
		bv.cx, bv.cy = it.centre.X, it.centre.Y
		details.SetText(it.details).ScrollToBeginning()
	}
	list.changed = show
	list.selected = show
	show(0)
	list.keys = func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyPgDn:
			r, c := details.GetScrollOffset()
			details.ScrollTo(r+3, c)
			return nil
		case tcell.KeyPgUp:
			r, c := details.GetScrollOffset()
			details.ScrollTo(max(0, r-3), c)
			return nil
		case aidsSwitchKey:
			u.pages.RemovePage("aids")
			u.modal = ""
			t.switchAids()
			t.focusEntry()
			return nil
		}
		return ev
	}
	rw := 36
	if w := t.rightW; w > 0 {
		rw = w
	}
	right := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(list, 0, 1, true).
		AddItem(details, 0, 1, false)
	main := tview.NewFlex().AddItem(bv, 0, 1, false).AddItem(right, rw, 0, true)
	keys := tview.NewTextView().SetDynamicColors(true).SetWrap(false).SetTextColor(tcell.ColorGray)
	keys.SetText(keyLine(loc.T("ui.aids.keys", nil)))
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(main, 0, 1, true).
		AddItem(keys, 1, 0, false)
	u.overlay("aids", root, list, aidsKey, nil)
}
