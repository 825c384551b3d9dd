package tui

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/internal/words"
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
	left    *tview.Flex
	main    *tview.Flex
	rightW  int // the width of the right column now
	// declinedAt is len(Game.Actions) when the players declined an optional decision that has no action of its
	// own (entering the City, moving the Count): the table then shows the game as settled, and the next action
	// declines it in the record too. -1 when nothing is declined.
	declinedAt int
	settled    *referee.Game
	names      *names
	// lastErr is the last refusal shown (F3 explains it); lastErrAt the number of events then.
	lastErr   error
	lastErrAt int
	// aids are the table aids of the game shown (aids.go), nil when they are off.
	aids *referee.Aids
	// statusLines is how many lines the status line may take when its text is long: 2, or 4 for an error of the
	// file system.
	statusLines int
	// compact: the entry's answers do not all fit (entry.layout), so the head above the players drops its phase
	// line (the prompt says whose decision it is and what).
	compact bool
}

func newTable(u *ui) *table {
	t := &table{u: u, declinedAt: -1}
	t.board = newBoardView()
	t.board.loc = u.loc
	t.head = tview.NewTextView().SetDynamicColors(true).SetWrap(false)
	t.players = tview.NewTable().SetSelectable(false, false)
	t.extras = tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	t.log = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	t.log.SetBorder(true).SetBorderPadding(0, 0, 1, 0).SetTitle(" " + u.loc.T("ui.log", nil) + " ").
		SetTitleAlign(tview.AlignLeft)
	t.status = tview.NewTextView().SetDynamicColors(true).SetWrap(false)
	t.keys = tview.NewTextView().SetDynamicColors(true).SetWrap(false).SetTextColor(tcell.ColorGray)
	t.keys.SetText(keyLine(u.loc.T(t.keysKey(nil), nil)))
	t.entry = newEntry(t)
	t.board.clicked = func(p engine.Pos, sx, sy int) {
		t.entry.boardClick(p, sx, sy)
		t.entry.focus()
	}
	t.left = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(t.board, 0, 1, false).
		AddItem(t.log, 5, 0, false)
	t.right = tview.NewFlex().SetDirection(tview.FlexRow)
	t.main = tview.NewFlex().AddItem(t.left, 0, 1, false).AddItem(t.right, 36, 0, true)
	t.root = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(t.main, 0, 1, true).
		AddItem(t.status, 1, 0, false).
		AddItem(t.keys, 1, 0, false)
	return t
}

// game is the game as recorded; view is the game as shown (settled when an optional decision was declined).
func (t *table) game() *referee.Game {
	if t.u.pos != nil {
		return t.u.pos.draft().Game()
	}
	return t.u.sess.Game
}

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

// fit sizes the columns for a screen of w x h: the right column wider and the log taller on a large screen.
func (t *table) fit(w, h int) {
	rw := 36 // the board keeps its 8 tiles across at 80 columns
	if w >= 120 {
		rw = 46
	}
	logH := 5
	if h >= 36 {
		logH = 9
	}
	if rw != t.rightW {
		t.rightW = rw
		t.main.ResizeItem(t.right, rw, 0)
		t.fillExtras(t.view()) // (the goods line's word where it fits)
		t.layoutRight(t.view())
		t.entry.layout()
	}
	if h < 36 && t.entry.step == stepPlace && t.board.marksRows() > h-4-logH {
		logH = 0 // issue 30: the board takes the log's rows while it cannot show every place (the log is F3's too)
	}
	t.left.ResizeItem(t.log, logH, 0)
	t.fitKeys(w)
	// A long refusal takes a second line rather than being cut (F3 shows it in full).
	n := len(tview.WordWrap(t.status.GetText(true), max(w, 20)))
	t.status.SetWrap(n > 1).SetWordWrap(true)
	statusH := max(1, min(n, max(2, t.statusLines)))
	t.root.ResizeItem(t.status, statusH, 0)
	// The entry's rows: the screen less the status and key lines, the head, the players, the extras and the
	// entry's border; when its answers do not all fit, compact (entry.layout).
	rows := h - statusH - 1 - 2 - t.playersH() - t.extrasLines() - 2
	compact := t.entry.wantCompact(rows)
	if rows != t.entry.rows || compact != t.compact {
		t.entry.rows, t.compact = rows, compact
		t.layoutRight(t.view())
		t.entry.layout()
	}
}

// playersH is the rows of the players' table: a header and a row a player.
func (t *table) playersH() int { return t.view().Players() + 1 }

// extrasLines is the rows the extras under the players take (the King, the Count, gifts ...).
func (t *table) extrasLines() int {
	w := t.rightW
	if w == 0 {
		w = 36
	}
	if text := t.extras.GetText(true); text != "" {
		return len(tview.WordWrap(text, w))
	}
	return 0
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
	t.refreshAids(g)
	t.fillPlayers(g)
	t.fillExtras(g)
	t.fillLog(g)
	t.layoutRight(g)
	t.refreshKeys()
	t.u.pokeScreen() // the second screen reads the record now (screen.go)
	if g.Phase == referee.PhaseEnded {
		t.entry.start(g)
		t.u.showTally(g, true)
		return
	}
	t.entry.start(g)
}

// layoutRight stacks the right column: whose turn, the players, the King, the Baron, the City, challenges and
// gifts, then the move entry.
func (t *table) layoutRight(g *referee.Game) {
	t.right.Clear()
	extraLines := t.extrasLines()
	headH := 2
	if t.compact {
		headH = 1 // the phase line: the prompt says it
	}
	t.right.AddItem(t.head, headH, 0, false).
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
	if t.u.pos != nil {
		line1 = loc.T("ui.pos.title", nil)
	}
	t.head.SetText("[::b]" + line1 + "[::-] [gray](F4)[-]\n" + t.phaseLine(g))
}

// phaseLine says whose decision it is and what it is.
func (t *table) phaseLine(g *referee.Game) string {
	if t.u.pos != nil {
		return "[yellow]" + t.u.loc.T("ui.pos.phase", map[string]any{"Count": len(g.S.Tiles),
			"Box": g.Bag.LandLeft() + g.Bag.RiverLeft()}) + "[-]"
	}
	p := g.Deciding()
	if p < 0 {
		return t.u.loc.T("ui.phase.ended", nil)
	}
	phase := "ui.phase." + g.Phase.String()
	if g.Phase == referee.PhaseTile && g.Part() == 2 {
		phase = "ui.phase.second_tile" // the builder's second tile (SEQ-7a, TB-7)
	}
	return t.names.badge(p) + " " + t.names.plain(p) + " " + t.u.loc.T(phase, nil)
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
	active := g.Deciding()
	for p := 0; p < g.Players(); p++ {
		r := p + 1
		mark := " "
		if p == active {
			mark = "▶"
		}
		t.players.SetCell(r, 0, tview.NewTableCell(mark).SetTextColor(tcell.ColorYellow))
		name := t.names.badge(p) + " " + t.names.plain(p)
		if g.S.Opts.King && g.S.King.Player == p {
			name += " ♔"
		}
		if g.S.Opts.King && g.S.Baron.Player == p {
			name += " ♘"
		}
		t.players.SetCell(r, 1, tview.NewTableCell(name).SetMaxWidth(16).SetExpansion(1))
		t.players.SetCell(r, 2, tview.NewTableCell(t.scoreText(g, p)).SetAlign(tview.AlignRight).
			SetAttributes(tcell.AttrBold))
		sup := fmt.Sprint(g.S.InSupplyCount(p, engine.Follower))
		for _, k := range []engine.FigureKind{engine.Abbot, engine.Large} { // with their modules: a, АА
			if g.S.InSupplyCount(p, k) > 0 {
				sup += "+" + figureText(t.names.markers[p], k)
			}
		}
		specials := "" // the builder and the pig in supply: ▲●
		if g.S.InSupplyCount(p, engine.Builder) > 0 {
			specials += string(builderRune)
		}
		if g.S.InSupplyCount(p, engine.Pig) > 0 {
			specials += string(pigRune)
		}
		if specials != "" {
			sup += "+" + specials
		}
		t.players.SetCell(r, 3, tview.NewTableCell(tview.Escape(sup)).SetAlign(tview.AlignRight))
		if g.S.Opts.Gifts {
			t.players.SetCell(r, 4, tview.NewTableCell(fmt.Sprint(g.S.Gift.Hands[p])).SetAlign(tview.AlignRight))
		}
	}
}

// goodsLine is the players' goods tokens (Traders & Builders, TB-3) under the players table: "Стоки ∪ψ≡ А201 Б010
// В100", each player's letter on their colour and one digit a kind, in the order of ∪ wine, ψ grain, ≡ cloth;
// each kind a player holds the most of (engine GoodsLeaders: 10 points at the end, TB-4) in bold yellow, underlined.
func (t *table) goodsLine(g *referee.Game) string {
	leaders, _ := g.S.GoodsLeaders()
	line := ""
	for k := range engine.NumGoods {
		line += string(goodsRunes[k])
	}
	for p := 0; p < g.Players(); p++ {
		line += " " + t.names.letter(p)
		for k := range engine.NumGoods {
			d := fmt.Sprint(g.S.Goods[p][k])
			if leaders[k]&(1<<p) != 0 {
				d = "[yellow::bu]" + d + "[-::-]"
			}
			line += d
		}
	}
	// The word "goods" only where the line fits on one line with it (six players at 80x24: the kinds' symbols
	// say it, issue 30).
	w := t.rightW
	if w == 0 {
		w = 36
	}
	label := t.u.loc.T("ui.goods", nil) + " "
	if len([]rune(label))+3+(1+1+int(engine.NumGoods))*g.Players() <= w {
		line = label + line
	}
	return line
}

// fillExtras: the King and the Robber Baron, the City's Count and the figures in its quarters, the open shrine
// challenges, the gift deck; a few short lines, so that the move entry keeps its room at 80x24.
func (t *table) fillExtras(g *referee.Game) {
	loc := t.u.loc
	var lines []string
	holder := func(h engine.Holder) string {
		if h.Player < 0 {
			return "—"
		}
		return colourTag(g.Colour(h.Player)) + string(t.names.markers[h.Player]) + "[-:-:-]" + fmt.Sprint(h.Size)
	}
	if g.S.Opts.King {
		lines = append(lines, "♔ "+capFirst(loc.T("term.king", nil))+" "+holder(g.S.King)+" ♘ "+
			capFirst(loc.T("term.robber_baron", nil))+" "+holder(g.S.Baron))
	}
	if g.S.City.Active {
		// The Count's quarter, then the figures in each quarter by its first two letters (the board shows them in
		// full when the City is in view).
		line := loc.T("ui.city", map[string]any{"Quarter": loc.T("term.quarter."+g.S.City.Count.String(), nil)})
		for _, name := range referee.Quarters() {
			q, _ := engine.ParseQuarter(name)
			figs := ""
			for p := 0; p < g.Players(); p++ {
				for k := engine.FigureKind(0); k < engine.NumFigureKinds; k++ {
					for n := g.S.InQuarter(p, q, k); n > 0; n-- {
						figs += t.names.figureBadge(p, k)
					}
				}
			}
			if figs != "" {
				line += " " + string([]rune(loc.T("term.quarter."+name, nil))[:2]) + ":" + figs
			}
		}
		lines = append(lines, line)
	}
	for _, c := range g.S.Challenges() {
		lines = append(lines, "[yellow]⚔[-] "+loc.T("ui.challenge", map[string]any{
			"Shrine": tilePos(g, c.Shrine), "Monastery": tilePos(g, c.Monastery)}))
	}
	if g.S.Opts.TradersBuilders {
		lines = append(lines, t.goodsLine(g))
	}
	if g.S.Opts.Gifts {
		lines = append(lines, loc.T("ui.gift_deck", map[string]any{"Deck": g.S.Gift.Deck,
			"Discard": g.S.Gift.DiscardTotal()}))
	}
	t.extras.SetText(strings.Join(lines, "\n"))
}

// tilePos is the cell of the tile of segment seg, "x,y".
func tilePos(g *referee.Game, seg int32) string {
	ti, _ := g.S.SegTile(seg)
	return g.S.Tiles[ti].Pos.String()
}

// capFirst returns s with its first letter in upper case.
func capFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// logEvents is how many of the latest events the log holds.
const logEvents = 60

// fillLog shows the referee's events, the latest last: each with its rule and rendered through the locales.
func (t *table) fillLog(g *referee.Game) {
	var b strings.Builder
	if t.u.pos != nil {
		// The entry of a position: the lines entered, the latest last, in words (posLogLine).
		lines := t.u.pos.draft().Lines()
		for _, l := range lines[max(0, len(lines)-logEvents):] {
			b.WriteString("[gray]" + tview.Escape(t.posLogLine(t.u.pos.draft().Game(), l)) + "[-]\n")
		}
		t.log.SetText(strings.TrimSuffix(b.String(), "\n"))
		t.log.ScrollToEnd()
		return
	}
	// The last events only (F3 goes further back): the log redraws with every key.
	from := max(0, len(g.Events)-logEvents)
	for i := from; i < len(g.Events); i++ {
		e := g.Events[i]
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
	return "[gray]" + tview.Escape("["+e.Rule+"]") + "[-] " + t.eventText(g, e, true)
}

// eventText renders an event's message with the badges of the players it concerns (badges: with colour tags): of a
// scoring, the players who scored, or of a lost shrine challenge, the players whose figures went back.
func (t *table) eventText(g *referee.Game, e referee.Event, badges bool) string {
	edata := e.Data()
	data := map[string]any{}
	for k, v := range edata {
		data[k] = v
	}
	who := ""
	if e.Player >= 0 && e.Player < g.Players() {
		if badges {
			who = t.names.badge(e.Player) + " "
		}
		data["Player"] = g.Name(e.Player)
	}
	if e.Score != nil {
		who = ""
		players := e.Score.Named() // its owners; of a lost challenge, whose figures went back (SHRINE-6)
		if badges {
			for p := 0; p < g.Players(); p++ {
				if players&(1<<p) != 0 {
					who += t.names.badge(p)
				}
			}
		}
		if names := t.names.list(players); names != "" {
			who += " " + names + " "
		}
	}
	amEventData(g, t.u.loc, e.Key, data) // Abbey & Mayor's features and corners in words (explain_am.go)
	key := e.Key
	if e.Score != nil && e.Score.Cat == engine.CatGoods { // which goods and how many tokens (TB-4)
		key = "ev.score.goods_kind"
		data["Goods"], data["Count"] = t.u.loc.T("term.goods."+e.Score.Goods.String(), nil), e.Score.Cities
	}
	msg := t.u.loc.T(key, data)
	if e.Score != nil && e.Score.Cat == engine.CatField { // the pig's and the pig herd's bonuses (TB-14, COMBO-12)
		if b := words.Bonuses(g, t.u.loc, e.Score); len(b) > 0 {
			msg += " " + strings.Join(b, "; ")
		}
	}
	if msg == key {
		// A message the catalogs lack: its id and data, so that nothing is hidden.
		msg = strings.TrimPrefix(e.Key, "ev.")
		for _, k := range sortedKeys(edata) {
			msg += fmt.Sprintf(" %s=%v", k, edata[k])
		}
	}
	if sc := e.Score; sc != nil && sc.Fairy > 0 && int(sc.Fairy) <= g.Players() { // the fairy's 3 points (PD-18)
		msg += " " + t.u.loc.T("ui.detail.fairy", map[string]any{"Player": g.Name(int(sc.Fairy) - 1),
			"Points": engine.FairyBonus})
	}
	if e.Score != nil && strings.TrimSpace(who) != "" && strings.Contains(msg, ": +") {
		// The players who scored, then what: "Ана: оценена крепост, +4." (issue 30), not "Ана Оценена крепост: +4.".
		msg = strings.Replace(lowerFirst(msg), ": +", ", +", 1)
		return strings.TrimRight(strings.TrimLeft(who, " "), " ") + ": " + tview.Escape(msg)
	}
	return strings.TrimLeft(who, " ") + tview.Escape(msg)
}

// lowerFirst returns s with its first letter in lower case.
func lowerFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToLower(r)) + s[i+len(string(r)):]
	}
	return s
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
	t.statusLines = 2
	colour := "[green]"
	if isErr {
		colour = "[red]"
	}
	t.status.SetText(colour + tview.Escape(msg) + "[-]")
}

// refused shows a refusal in the status line and keeps it for F3 (the rule's text). An error of the file system
// (a full disk, ...) is shown whole, in up to four lines: what happened, that nothing was lost, what to do; the
// entry keeps the action, so that confirming again retries it.
func (t *table) refused(err error) {
	t.lastErr, t.lastErrAt = err, len(t.game().Events)
	if t.u.pos != nil {
		t.posAlert(err)
		if t.u.pos.goTo != nil {
			t.setStatus(t.u.loc.T("ui.why_hint", nil)+" "+t.u.describe(err)+" "+
				t.u.loc.T("ui.pos.go_there", map[string]any{"Cell": t.u.pos.goTo.String()}), true)
			t.statusLines = 3 // the key that goes there is the message's last words
			return
		}
	}
	if referee.ProblemOf(err) != "" {
		t.setStatus(t.u.describe(err), true)
		t.statusLines = 4
		return
	}
	t.setStatus(t.u.loc.T("ui.why_hint", nil)+" "+t.u.describe(err), true)
}

func (t *table) focusEntry() { t.entry.focus() }

// do saves and applies an action; a refusal (or a failed write) is shown in the status line and the entry keeps
// what was entered. It reports whether the action was accepted.
func (t *table) do(a referee.Action) bool {
	a.Colour = t.colourFor(a)
	if err := t.u.sess.Do(a); err != nil {
		t.refused(err)
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
	if p := t.view().Deciding(); p >= 0 {
		return t.view().Colour(p)
	}
	return t.view().Colour(t.view().Active)
}

// decline declines an optional decision that has no action of its own (the City, the Count): the table moves on
// to the next decision (referee.AfterDecline), which the next action answers (record format: leaving it out
// declines). When that ends the game, "end" is recorded.
func (t *table) decline() {
	g := t.game()
	c := g.AfterDecline()
	if c == nil {
		return
	}
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
	case err != nil && !ok:
		t.refused(err)
	case !ok:
		t.setStatus(t.u.loc.T("ui.nothing_to_undo", nil), true)
	default:
		t.entry.typed = ""
		if t.lastErr != nil && t.lastErrAt >= len(t.game().Events) {
			t.lastErr = nil // a refusal on the way to what was undone: F3 no longer lists it (issue 30)
		}
		t.setStatus(t.u.loc.T("ui.undone", nil), false)
		t.board.follow = true
		t.refresh()
		if err != nil {
			t.refused(err) // the undo reached the record, but the record takes no more writes (FileError.Committed)
		}
	}
}

func (t *table) redo() {
	ok, err := t.u.sess.Redo()
	switch {
	case err != nil:
		t.refused(err)
	case !ok:
		t.setStatus(t.u.loc.T("ui.nothing_to_redo", nil), true)
	default:
		t.declinedAt, t.settled = -1, nil
		t.entry.typed = ""
		t.setStatus(t.u.loc.T("ui.redone", nil), false)
		t.board.follow = true
		t.refresh()
	}
}

// capture handles the table's keys: undo and redo, help, the rules, why, the tiles left, the zoom, the language,
// the tally so far, ending the game, the board (Tab, arrows to pan, Home for the last tile).
func (t *table) capture(ev *tcell.EventKey) *tcell.EventKey {
	if t.u.pos != nil {
		if ev = t.posCapture(ev); ev == nil {
			return nil
		}
	}
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
	case tcell.KeyF2:
		t.u.showRules("")
		return nil
	case tcell.KeyF3:
		t.u.showExplain()
		return nil
	case tcell.KeyF4:
		t.u.showTiles()
		return nil
	case tcell.KeyF5:
		t.board.setZoom(t.board.zoom + 1)
		if t.entry.placeStep != nil && len(t.entry.spots) > 0 { // (the abbey's holes too)
			t.entry.previewSpot()
		}
		return nil
	case tcell.KeyF6:
		t.u.cycleLanguage()
		return nil
	case tcell.KeyF7:
		t.u.showChart(t.view())
		return nil
	case tcell.KeyF8:
		g := t.view()
		// The score if it ended now is an aid (aids.go); the tally of a board as it lies being entered is not.
		if !t.u.aidsOn && t.u.pos == nil && g.Phase != referee.PhaseEnded {
			t.aidsOff()
			return nil
		}
		t.u.showTally(g.Final(), false)
		return nil
	case tcell.KeyF10:
		t.askEnd()
		return nil
	case aidsKey:
		t.u.showAids()
		return nil
	case aidsSwitchKey:
		t.switchAids()
		return nil
	case screenKey:
		t.toggleScreen()
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
			t.board.follow = true
			t.board.centreOn(t.board.lastPos())
			p := t.board.lastPos()
			if !t.board.visible(p) {
				t.board.cx, t.board.cy = p.X, p.Y
			}
		case tcell.KeyEscape:
			t.entry.focus()
		default:
			return ev
		}
		return nil
	}
	// Shift+arrows pan from anywhere; Home (out of the tile field) shows the last tile.
	if ev.Modifiers()&tcell.ModShift != 0 {
		if d, ok := arrowDir[ev.Key()]; ok {
			t.board.pan(d[0], d[1])
			return nil
		}
	}
	return ev
}

// askEnd asks before ending the game here: the market round first if anyone has a figure in the market (COUNT-19;
// the first market line ends the play of tiles, record format), else "end" and the final scoring (END).
func (t *table) askEnd() {
	loc := t.u.loc
	t.u.dialog("end", loc.T("ui.end_ask", nil), []string{loc.T("ui.end_yes", nil), loc.T("ui.cancel", nil)},
		func(i int) {
			if i == 0 {
				t.endHere()
			}
		})
}

// endHere ends the game here: the market round first if anyone has a figure in the market (COUNT-19), else "end"
// and the final scoring (END).
func (t *table) endHere() {
	if who, acts := earlyMarket(t.view()); who >= 0 {
		e := t.entry
		e.g = t.view().Clone()
		e.g.Settle()
		e.who = who
		e.enter(&marketStep{answers: answers{e}, acts: acts, back: func() { t.refresh() }})
		e.focus()
		return
	}
	t.do(referee.Action{Verb: referee.VerbEnd})
}

// earlyMarket returns who moves first in the market round if the players stop now (COUNT-19(b): the left
// neighbour of the player who laid the last tile) and that player's market moves; -1 if there is no market round
// (no City, nobody in the market, or the Count on it). The referee is asked: a "market" line in the tile step
// starts the round.
func earlyMarket(g *referee.Game) (int, []referee.Action) {
	// A decision still open in this turn is declined by the market line, as by any later action (record format).
	g = g.Clone()
	g.Settle()
	if g.Phase != referee.PhaseTile || !g.S.City.Active {
		return -1, nil
	}
	var fields []referee.FeatureRef
	seen := map[int32]bool{}
	for seg := int32(0); int(seg) < g.S.SegCount(); seg++ {
		if g.S.SegKind(seg) != engine.KField || seen[g.S.Root(seg)] {
			continue
		}
		seen[g.S.Root(seg)] = true
		ti, l := g.S.SegTile(seg)
		p := g.S.Tiles[ti].Pos
		fields = append(fields, referee.FeatureRef{Pos: referee.Pos{X: p.X, Y: p.Y}, Place: g.S.PlaceName(ti, l)})
	}
	if len(fields) == 0 {
		return -1, nil
	}
	for p := 0; p < g.Players(); p++ {
		a := referee.Action{Colour: g.Colour(p), Verb: referee.VerbMarket, Target: fields[0]}
		if g.Clone().Apply(a) != nil {
			continue
		}
		acts := make([]referee.Action, len(fields))
		for i, f := range fields {
			acts[i] = referee.Action{Colour: g.Colour(p), Verb: referee.VerbMarket, Target: f}
		}
		return p, acts
	}
	return -1, nil
}

// keysKey is the message of the key line for the game shown (nil: not known yet): F8 "now" only with the aids on
// (the score if the game ended now is an aid, aids.go: off, or locked off by the setting, F8 refuses it, so the
// line does not offer it); F8 the tally once the game has ended (no aid), with no F10; in the entry of a board as
// it lies its own keys.
func (t *table) keysKey(g *referee.Game) string {
	switch {
	case t.u.pos != nil:
		return "ui.pos.keys"
	case g != nil && g.Phase == referee.PhaseEnded:
		return "ui.keys_ended"
	case !t.u.aidsOn:
		return "ui.keys_aids_off"
	}
	return "ui.keys"
}

// keyLine colours the keys of a key line: "F1 help" shows F1 in yellow.
func keyLine(s string) string {
	var out []string
	for _, w := range strings.Split(s, " ") {
		if strings.HasPrefix(w, "F") || strings.HasPrefix(w, "^") || strings.HasPrefix(w, "Esc") ||
			strings.HasPrefix(w, "Tab") {
			w = "[yellow]" + tview.Escape(w) + "[gray]"
		} else {
			w = tview.Escape(w)
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}
