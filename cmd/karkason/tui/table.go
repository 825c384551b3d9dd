package tui

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The table screen: the board on the left with the log of events under it; on the right whose turn it is, the
// players (score, followers in supply, gifts), the King and the Robber Baron, the City, and the move entry; a
// status line for refusals and notes; a line of keys. Everything shown comes from the referee's Game.

type table struct {
	u       *ui
	root    *tview.Flex
	board   *boardView
	head    *tview.TextView
	players *tview.Table
	extras  *tview.TextView
	log     *tview.TextView
	status  *tview.TextView
	keys    *tview.TextView
	entry   *entry
	right   *tview.Flex
	// declinedAt is len(Game.Actions) when the players declined an optional decision that has no action of its
	// own (entering the City, moving the Count): the table then shows the game as settled, and the next action
	// declines it in the record too. -1 when nothing is declined.
	declinedAt int
	settled    *referee.Game
	names      *names
}

func newTable(u *ui) *table {
	t := &table{u: u, declinedAt: -1}
	t.board = newBoardView()
	t.head = tview.NewTextView().SetDynamicColors(true).SetWrap(false)
	t.players = tview.NewTable().SetSelectable(false, false)
	t.extras = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	t.log = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	t.log.SetBorder(true).SetBorderPadding(0, 0, 1, 0).SetTitle(" " + u.loc.T("ui.log", nil) + " ").
		SetTitleAlign(tview.AlignLeft)
	t.status = tview.NewTextView().SetDynamicColors(true).SetWrap(false)
	t.keys = tview.NewTextView().SetDynamicColors(true).SetWrap(false).SetTextColor(tcell.ColorGray)
	t.keys.SetText(u.loc.T("ui.keys", nil))
	t.entry = newEntry(t)
	left := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(t.board, 0, 1, false).
		AddItem(t.log, 5, 0, false)
	t.right = tview.NewFlex().SetDirection(tview.FlexRow)
	main := tview.NewFlex().AddItem(left, 0, 1, false).AddItem(t.right, 34, 0, true)
	t.root = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(main, 0, 1, true).
		AddItem(t.status, 1, 0, false).
		AddItem(t.keys, 1, 0, false)
	return t
}

// game is the game as recorded; view is the game as shown (settled when an optional decision was declined).
func (t *table) game() *referee.Game { return t.u.sess.Game }

func (t *table) view() *referee.Game {
	g := t.game()
	if t.declinedAt == len(g.Actions) {
		if t.settled == nil {
			t.settled = g.Clone()
			t.settled.Settle()
		}
		return t.settled
	}
	t.declinedAt, t.settled = -1, nil
	return g
}

// refresh redraws everything from the game and restarts the entry for the pending decision.
func (t *table) refresh() {
	g := t.view()
	t.names = newNames(g, t.u.loc)
	t.board.g, t.board.names = g, t.names
	t.board.clearPreview()
	if t.board.follow {
		t.board.centreOn(t.board.lastPos())
	}
	t.board.SetTitle(" " + t.u.loc.T("ui.board", nil) + " ").SetTitleAlign(tview.AlignLeft)
	t.fillHead(g)
	t.fillPlayers(g)
	t.fillExtras(g)
	t.fillLog(g)
	t.layoutRight(g)
	if g.Phase == referee.PhaseEnded {
		t.u.showTally(g, true)
		return
	}
	t.entry.start(g)
}

func (t *table) layoutRight(g *referee.Game) {
	t.right.Clear()
	extraLines := 0
	if text := t.extras.GetText(true); text != "" {
		for _, l := range strings.Split(text, "\n") {
			extraLines += 1 + (len([]rune(l))-1)/34
		}
	}
	t.right.AddItem(t.head, 2, 0, false).
		AddItem(t.players, g.Players()+1, 0, false)
	if extraLines > 0 {
		t.right.AddItem(t.extras, extraLines, 0, false)
	}
	t.right.AddItem(t.entry.root, 0, 1, true)
}

func (t *table) fillHead(g *referee.Game) {
	loc := t.u.loc
	left := g.Bag.LandLeft() + g.Bag.RiverLeft()
	line1 := loc.T("ui.turn", map[string]any{"Turn": g.TurnNo}) + " · " + loc.N("plural.tiles", left, nil) + " " +
		loc.T("ui.left", nil)
	t.head.SetText("[::b]" + line1 + "[::-]\n" + t.phaseLine(g))
}

// phaseLine says whose decision it is and what it is.
func (t *table) phaseLine(g *referee.Game) string {
	p := deciding(g)
	if p < 0 {
		return t.u.loc.T("ui.phase.ended", nil)
	}
	return t.names.badge(p) + " " + t.u.loc.T("ui.phase."+g.Phase.String(), nil)
}

// deciding returns the seat of the player whose decision is pending, -1 when the game is over.
func deciding(g *referee.Game) int {
	switch g.Phase {
	case referee.PhaseEnded:
		return -1
	case referee.PhaseMoving:
		return g.RoundMover()
	case referee.PhaseMarket:
		return g.MarketMover()
	}
	return g.Active
}

func (t *table) fillPlayers(g *referee.Game) {
	loc := t.u.loc
	t.players.Clear()
	hdr := func(c int, s string) {
		t.players.SetCell(0, c, tview.NewTableCell(s).SetTextColor(tcell.ColorGray).SetAlign(tview.AlignRight))
	}
	hdr(2, loc.T("ui.col.points", nil))
	hdr(3, loc.T("ui.col.supply", nil))
	if g.S.Opts.Gifts {
		hdr(4, loc.T("ui.col.gifts", nil))
	}
	active := deciding(g)
	for p := 0; p < g.Players(); p++ {
		r := p + 1
		mark := " "
		if p == active {
			mark = "▶"
		}
		t.players.SetCell(r, 0, tview.NewTableCell(mark).SetTextColor(tcell.ColorYellow))
		name := t.names.badge(p) + " " + t.names.plain(p)
		t.players.SetCell(r, 1, tview.NewTableCell(name).SetMaxWidth(16).SetExpansion(1))
		t.players.SetCell(r, 2, tview.NewTableCell(fmt.Sprint(g.S.Scores[p])).SetAlign(tview.AlignRight).
			SetAttributes(tcell.AttrBold))
		sup := fmt.Sprint(g.S.InSupplyCount(p, engine.Follower))
		if g.S.Opts.Abbot && g.S.InSupplyCount(p, engine.Abbot) > 0 {
			sup += "+" + string(figureRune(t.names.markers[p], engine.Abbot))
		}
		t.players.SetCell(r, 3, tview.NewTableCell(tview.Escape(sup)).SetAlign(tview.AlignRight))
		if g.S.Opts.Gifts {
			t.players.SetCell(r, 4, tview.NewTableCell(fmt.Sprint(g.S.Gift.Hands[p])).SetAlign(tview.AlignRight))
		}
	}
}

// fillExtras: the King and the Robber Baron, the City's Count and the figures in its quarters, the gift deck; a
// few short lines, so that the move entry keeps its room at 80x24.
func (t *table) fillExtras(g *referee.Game) {
	loc := t.u.loc
	var lines []string
	holder := func(h engine.Holder) string {
		if h.Player < 0 {
			return "—"
		}
		return t.names.badge(h.Player) + "(" + fmt.Sprint(h.Size) + ")"
	}
	if g.S.Opts.King {
		lines = append(lines, capFirst(loc.T("term.king", nil))+" "+holder(g.S.King)+"  "+
			capFirst(loc.T("term.robber_baron", nil))+" "+holder(g.S.Baron))
	}
	if g.S.City.Active {
		line := loc.T("ui.city", map[string]any{"Quarter": loc.T("term.quarter."+g.S.City.Count.String(), nil)})
		for _, name := range referee.Quarters() {
			q, _ := engine.ParseQuarter(name)
			figs := ""
			for p := 0; p < g.Players(); p++ {
				if nf := g.S.InQuarter(p, q, engine.Follower); nf > 0 {
					figs += colourTag(g.Colour(p)) + string(t.names.markers[p]) + "[-:-:-]" + fmt.Sprint(nf)
				}
				if g.S.InQuarter(p, q, engine.Abbot) > 0 {
					figs += colourTag(g.Colour(p)) + string(figureRune(t.names.markers[p], engine.Abbot)) + "[-:-:-]"
				}
			}
			if figs != "" {
				line += "; " + loc.T("term.quarter."+name, nil) + " " + figs
			}
		}
		lines = append(lines, line)
	}
	if g.S.Opts.Gifts {
		lines = append(lines, loc.T("ui.gift_deck", map[string]any{"Deck": g.S.Gift.Deck,
			"Discard": g.S.Gift.DiscardTotal()}))
	}
	t.extras.SetText(strings.Join(lines, "\n"))
}

// capFirst returns s with its first letter in upper case.
func capFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// fillLog shows the referee's events, the latest last: each with its rule and rendered through the locales.
func (t *table) fillLog(g *referee.Game) {
	var b strings.Builder
	for i, e := range g.Events {
		if e.Key == "ev.turn" && i != len(g.Events)-1 {
			continue // "it is X's turn" only matters for the current turn
		}
		b.WriteString(t.eventLine(g, e))
		b.WriteString("\n")
	}
	t.log.SetText(strings.TrimSuffix(b.String(), "\n"))
	t.log.ScrollToEnd()
}

// eventLine renders one event: the rule in grey, the badge of the player it concerns (of the players who scored,
// with their names), the message rendered from its Key and Data (locales: ev.* messages name a seated player as
// {{.Player}}).
func (t *table) eventLine(g *referee.Game, e referee.Event) string {
	data := map[string]any{}
	for k, v := range e.Data {
		data[k] = v
	}
	who := ""
	if e.Player >= 0 && e.Player < g.Players() {
		who = t.names.badge(e.Player) + " "
		data["Player"] = g.Name(e.Player)
	}
	if e.Score != nil {
		who = ""
		for p := 0; p < g.Players(); p++ {
			if e.Score.Owners&(1<<p) != 0 {
				who += t.names.badge(p)
			}
		}
		if who != "" {
			who += " " + t.names.list(e.Score.Owners) + " "
		}
	}
	msg := t.u.loc.T(e.Key, data)
	if msg == e.Key {
		// A message the catalogs lack: its id and data, so that nothing is hidden.
		msg = strings.TrimPrefix(e.Key, "ev.")
		for _, k := range sortedKeys(e.Data) {
			msg += fmt.Sprintf(" %s=%v", k, e.Data[k])
		}
	}
	return "[gray]" + tview.Escape("["+e.Rule+"]") + "[-] " + who + tview.Escape(msg)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// setStatus shows a message in the status line: an error in red, a note in green.
func (t *table) setStatus(msg string, isErr bool) {
	colour := "[green]"
	if isErr {
		colour = "[red]"
	}
	t.status.SetText(colour + tview.Escape(msg) + "[-]")
}

func (t *table) focusEntry() { t.entry.focus() }

// do saves and applies an action; a refusal (or a failed write) is shown in the status line and the entry keeps
// what was entered. It reports whether the action was accepted.
func (t *table) do(a referee.Action) bool {
	a.Colour = t.colourFor(a)
	if err := t.u.sess.Do(a); err != nil {
		t.setStatus(t.u.describe(err), true)
		return false
	}
	t.declinedAt, t.settled = -1, nil
	t.status.SetText("")
	t.board.follow = true
	t.refresh()
	return true
}

func (t *table) colourFor(a referee.Action) referee.Colour {
	if a.Verb == referee.VerbEnd {
		return ""
	}
	if a.Colour != "" {
		return a.Colour
	}
	if p := deciding(t.view()); p >= 0 {
		return t.view().Colour(p)
	}
	return t.view().Colour(t.view().Active)
}

// decline declines an optional decision that has no action of its own (the City, the Count): the table moves on
// to the next decision, which the next action answers (record format: leaving it out declines). When that ends
// the game, "end" is recorded.
func (t *table) decline() {
	g := t.game()
	c := g.Clone()
	c.Settle()
	if c.Phase == referee.PhaseEnded {
		t.do(referee.Action{Verb: referee.VerbEnd})
		return
	}
	t.declinedAt, t.settled = len(g.Actions), c
	t.status.SetText("")
	t.refresh()
}

func (t *table) undo() {
	if t.declinedAt == len(t.game().Actions) {
		t.declinedAt, t.settled = -1, nil
		t.setStatus(t.u.loc.T("ui.undone", nil), false)
		t.refresh()
		return
	}
	ok, err := t.u.sess.Undo()
	switch {
	case err != nil:
		t.setStatus(t.u.describe(err), true)
	case !ok:
		t.setStatus(t.u.loc.T("ui.nothing_to_undo", nil), true)
	default:
		t.setStatus(t.u.loc.T("ui.undone", nil), false)
		t.board.follow = true
		t.refresh()
	}
}

func (t *table) redo() {
	ok, err := t.u.sess.Redo()
	switch {
	case err != nil:
		t.setStatus(t.u.describe(err), true)
	case !ok:
		t.setStatus(t.u.loc.T("ui.nothing_to_redo", nil), true)
	default:
		t.declinedAt, t.settled = -1, nil
		t.setStatus(t.u.loc.T("ui.redone", nil), false)
		t.board.follow = true
		t.refresh()
	}
}

// capture handles the table's keys: undo and redo, the board (Tab, arrows to pan, Home for the last tile), help,
// the tally so far, ending the game.
func (t *table) capture(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyCtrlZ:
		t.undo()
		return nil
	case tcell.KeyCtrlY:
		t.redo()
		return nil
	case tcell.KeyF1:
		t.u.showHelp()
		return nil
	case tcell.KeyF8:
		t.u.showTally(t.view().Final(), false)
		return nil
	case tcell.KeyF10:
		t.askEnd()
		return nil
	case tcell.KeyTab:
		if t.board.HasFocus() {
			t.entry.focus()
		} else {
			t.u.run.SetFocus(t.board)
			t.setStatus(t.u.loc.T("ui.board_keys", nil), false)
		}
		return nil
	}
	if t.board.HasFocus() {
		switch ev.Key() {
		case tcell.KeyLeft:
			t.board.pan(-1, 0)
		case tcell.KeyRight:
			t.board.pan(1, 0)
		case tcell.KeyUp:
			t.board.pan(0, -1)
		case tcell.KeyDown:
			t.board.pan(0, 1)
		case tcell.KeyHome, tcell.KeyEnter:
			p := t.board.lastPos()
			t.board.cx, t.board.cy, t.board.follow = p.X, p.Y, true
		case tcell.KeyEscape:
			t.entry.focus()
		default:
			return ev
		}
		return nil
	}
	// Shift+arrows pan from anywhere.
	if ev.Modifiers()&tcell.ModShift != 0 {
		switch ev.Key() {
		case tcell.KeyLeft:
			t.board.pan(-1, 0)
			return nil
		case tcell.KeyRight:
			t.board.pan(1, 0)
			return nil
		case tcell.KeyUp:
			t.board.pan(0, -1)
			return nil
		case tcell.KeyDown:
			t.board.pan(0, 1)
			return nil
		}
	}
	return ev
}

// askEnd asks before recording "end": the game stops here and the final scoring runs (END).
func (t *table) askEnd() {
	loc := t.u.loc
	t.u.dialog("end", loc.T("ui.end_ask", nil), []string{loc.T("ui.end_yes", nil), loc.T("ui.cancel", nil)},
		func(i int) {
			if i == 0 {
				t.do(referee.Action{Verb: referee.VerbEnd})
			}
		})
}
