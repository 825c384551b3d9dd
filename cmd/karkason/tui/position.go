package tui

import (
	"errors"
	"github.com/gdamore/tcell/v2"
	"strings"
	"time"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The entry of a board as it lies (RULES.md POS, record format "Positions"): the set-up form's second way in. The
// table shows the position entered so far (referee.Entry: every step checked by the referee as it is entered and
// saved to the record file before it counts) and the entry walks three kinds of step, one type a file:
//
//	step_board.go     the tiles: a cursor walks the board, a tile is typed by its edges where it stands, row by
//	                  row from the table's top-left corner (twins.go: a garden or pennant asked for after)
//	step_posfig.go    the figures: the cursor on a tile, one key a feature and whose figure (POS-3)
//	step_tokens.go    the City's quarters and the Count, the King and the Robber Baron, gifts, the score track,
//	                  who plays next; then the tally or going on playing (POS-4..POS-9)
//	step_pick.go      a list of answers a token step asks (a player, a quarter, a completed city ...)
//	step_number.go    a number typed (gifts, points on the score track)
//
// Nothing here decides a rule: a step is an Entry call, and its refusal (with the rule) is shown as it is.

// posEntry is the entry of a position under way.
type posEntry struct {
	entry *referee.Entry
	// cur is the cell the cursor is on.
	cur engine.Pos
	// rowX, rowY are the cell of the first tile laid in the row being read (Enter on an empty cell: the next row,
	// from that column); rowSet is false before the first tile.
	rowX, rowY int
	rowSet     bool
	// last is the cell of the tile laid last in the board step (Tab: its figures), nil before.
	last *engine.Pos
	// mark is the tile just laid if its type has a twin in the box, with a garden or a pennant more (the mark's
	// key makes it that twin), nil otherwise (step_board.go).
	mark *markAsk
	// shown are the marks (Latin keys: m, s, g, e) of the tile just laid that a key typed next may still name (the
	// full code typed after four edges laid it): such a key is taken as that tile's, not the next one's.
	shown string
	// goTo is the cell the last refusal named (the tile beside that does not match, an island): Ctrl-G.
	goTo *engine.Pos
	// stage is the kind of step shown (stepBoard, stepPosFigure, stepTokens): where the table goes back to.
	stage step
	// taken are the steps taken since the entry was opened, the last last (Ctrl-Z, posundo.go).
	taken []posStepTaken
}

// draft is the position entered so far.
func (p *posEntry) draft() *referee.Draft { return p.entry.Draft }

// newPosEntry puts the cursor after the last tile entered, in reading order (the next cell to the right), its row
// begun at the first tile entered in that row; with no tile yet, beside the start piece (the City, a spring) or at
// 0,0 on an empty board, where the first tile read from the table's top-left corner goes.
func newPosEntry(en *referee.Entry) *posEntry {
	p := &posEntry{entry: en, stage: stepBoard}
	lines := en.Draft.Lines()
	last := -1
	for i, l := range lines {
		if l.Kind == referee.PosTile {
			last = i
		}
	}
	if last >= 0 {
		q := lines[last].Pos
		p.cur = engine.Pos{X: q.X + 1, Y: q.Y}
		for _, l := range lines {
			if l.Kind == referee.PosTile && l.Pos.Y == q.Y {
				p.rowX, p.rowY, p.rowSet = l.Pos.X, q.Y, true
				break
			}
		}
		laid := engine.Pos{X: q.X, Y: q.Y}
		p.last = &laid
		return p
	}
	s := en.Draft.Game().S
	if n := len(s.Tiles); n > 0 {
		q := s.Tiles[n-1].Pos
		for s.At(q) != nil {
			q.X++
		}
		p.cur = q
	}
	return p
}

// submitPosition starts the entry of a board as it lies for the set-up of the form: a record file is created
// at once (an unfinished entry is saved like a game, and resumed like one).
func (f *setupForm) submitPosition() {
	s := f.setup()
	var en *referee.Entry
	var err error
	if dir := f.u.o.Config.DataDir; dir != "" && len(s.Players) > 0 {
		path := newRecordPath(dir, time.Now(), s.Players)
		en, err = referee.NewEntry(s, f.u.cat, path)
		if err == nil {
			f.u.rememberGame(path) // a pointer that cannot be written is said, as for a new game (setupForm.submit)
		}
	} else {
		var d *referee.Draft
		if d, err = referee.NewDraft(s, f.u.cat); err == nil {
			en = &referee.Entry{Draft: d}
		}
	}
	if err != nil {
		f.showError(err)
		return
	}
	f.u.pages.RemovePage("setup")
	f.u.setup, f.u.setupShown = nil, nil
	f.u.startEntry(en)
}

// startEntry shows the table for the entry of a position.
func (u *ui) startEntry(en *referee.Entry) {
	u.closeEntry()
	if u.sess != nil {
		u.sess.Close()
		u.sess = nil
	}
	u.pos = newPosEntry(en)
	u.table = newTable(u)
	u.pages.AddAndSwitchToPage("table", u.table.root, true)
	u.table.refresh()
	u.showNotice()
	u.table.focusEntry()
}

// closeEntry closes the record file of an entry under way (it stays on disk, to be resumed).
func (u *ui) closeEntry() {
	if u.pos != nil {
		if u.pos.entry.Store != nil {
			u.pos.entry.Close()
		}
		u.pos = nil
	}
}

// openEntry resumes path as an entry under way if it is one (a set-up and position lines, no action, and not
// a game played from its start with nothing done yet); ok false if it is a game (resumed with Resume).
func (u *ui) openEntry(path string) (ok bool, err error) {
	// A look without a lock or a change first, by the reader of every command (referee.ReadFile): a record with
	// an action, or a set-up alone not marked as an entry (a game with no move yet, referee.IsEntry), is a game, and
	// Resume alone opens it.
	if rd, _ := referee.ReadFile(path, u.cat); rd != nil && !referee.IsEntry(rd.Record) {
		return false, nil
	}
	en, err := referee.ResumeEntryOn(u.o.FS, path, u.cat)
	if errors.Is(err, referee.ErrNotEntry) {
		return false, nil
	}
	if err != nil {
		return false, err // refused as it is: nothing was changed
	}
	if en.Recovered != nil {
		u.notice = u.recovered(en.Recovered)
	}
	if len(en.Draft.Lines()) > 0 {
		// Why the board is still an entry (issue 32: a position whose goods do not add up opened as an entry without
		// a word): the first rule the whole position breaks, as F10 would say it.
		if _, err := en.Draft.Finish(); err != nil {
			u.notice = strings.TrimSpace(u.notice + " " + u.loc.T("ui.pos.resumed_unfinished",
				map[string]any{"Msg": u.describe(err)}))
		}
	}
	u.rememberGame(path)
	u.startEntry(en)
	u.offerAccept(path, en.Recovered)
	return true, nil
}

// posSteps are the steps of an entry: *referee.Entry (saved before it counts) or, with no data directory, its
// *referee.Draft alone.
type posSteps interface {
	Add(l referee.PositionLine) error
	Replace(i int, l referee.PositionLine) error
	Remove(i int) error
	Set(l referee.PositionLine) (int, error)
}

// steps is where the entry's steps go.
func (p *posEntry) steps() posSteps {
	if p.entry.Store == nil {
		return p.entry.Draft
	}
	return p.entry
}

// posDo takes one step of the entry; a refusal or a failed write is shown with its rule and the entry stays as it
// was. It reports whether the step was taken.
// after, if not nil, runs when the step was taken, before the table is redrawn.
func (t *table) posDo(step func(s posSteps) error, after func()) bool {
	pos := t.u.pos
	before, cur := pos.draft().Lines(), pos.cur
	if err := step(pos.steps()); err != nil {
		t.refused(err)
		return false
	}
	pos.taken = append(pos.taken, posStepTaken{before: before, after: pos.draft().Lines(), cur: cur})
	t.board.alert, t.u.pos.goTo = nil, nil
	if after != nil {
		after()
	}
	t.status.SetText("")
	t.refresh()
	return true
}

// posPlay ends the entry: the referee checks the whole position (POS-1..POS-9) and the game goes on from it
// (tally: "end" at once, the market round first if anyone has a figure there, COUNT-19). A refusal is shown and
// the entry stays.
func (t *table) posPlay(tally bool) {
	u := t.u
	en := u.pos.entry
	turns := en.Draft.Turns()
	var sess *referee.Session
	var err error
	if en.Store == nil {
		var g *referee.Game
		if g, err = en.Draft.Finish(); err == nil {
			sess = &referee.Session{Game: g}
		}
	} else {
		sess, err = en.Play()
	}
	if err != nil {
		t.refused(err)
		return
	}
	u.pos = nil
	u.startTable(sess)
	nt := u.table
	if turns > 0 {
		// The record has the start tile lying as the start piece lies (record format "Positions"): the board is
		// shown turned that way from now on.
		nt.setStatus(u.loc.T("ui.pos.turned", map[string]any{"Degrees": 90 * turns}), false)
	}
	if !tally || nt.game().Phase == referee.PhaseEnded || nt.game().Phase == referee.PhaseMarket {
		return
	}
	nt.endHere()
}

// posUndo takes the last step taken back (Ctrl-Z in the entry, posundo.go) and puts the cursor where it was; an
// entry resumed with no step taken yet has its last line taken out, the cursor on the cell of the tile taken off, or
// of the tile a figure stood on.
func (t *table) posUndo() {
	pos := t.u.pos
	if n := len(pos.taken); n > 0 {
		st := pos.taken[n-1]
		if err := pos.takeBack(st); err != nil {
			t.refused(err)
			t.refresh()
			return
		}
		pos.taken = pos.taken[:n-1]
		pos.mark, t.board.alert, pos.goTo = nil, nil, nil
		pos.cur = st.cur
		t.refresh()
		t.setStatus(t.u.loc.T("ui.undone", nil), false)
		return
	}
	lines := pos.draft().Lines()
	n := len(lines)
	if n == 0 {
		t.setStatus(t.u.loc.T("ui.nothing_to_undo", nil), true)
		return
	}
	l := lines[n-1]
	if t.posDo(func(s posSteps) error { return s.Remove(n - 1) }, func() {
		pos.mark = nil
		switch {
		case l.Kind == referee.PosTile:
			pos.cur = engine.Pos{X: l.Pos.X, Y: l.Pos.Y}
		case l.Target.Place != "" && !l.InCity() && isFigureLine(l):
			pos.cur = engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}
		}
	}) {
		pos.taken = pos.taken[:len(pos.taken)-1] // a step taken back is not a step to take back
		t.setStatus(t.u.loc.T("ui.undone", nil), false)
	}
}

// isFigureLine reports whether l places a figure (a follower, the abbot, the large follower).
func isFigureLine(l referee.PositionLine) bool {
	_, ok := l.Kind.Figure()
	return ok
}

// posBoardDone checks the board entered (POS-1: one board, no tile apart; POS-2; the start tile on it) before the
// rest of the position, the tally or going on: the referee's whole check but the goods (Draft.BoardDone: the goods
// tokens are entered in the step it leads to, POS-11; the tally or going on checks them, Draft.Finish). A refusal
// is shown, its cells on the board (an island, in red), and it reports false.
func (t *table) posBoardDone() bool {
	if err := t.u.pos.draft().BoardDone(); err != nil {
		t.refused(err)
		return false
	}
	return true
}

// posAlert shows on the board the cells a refusal names (Refusal.At: the tile beside that does not match, the tiles
// apart from the board) and keeps the first for Ctrl-G; nothing for another error.
func (t *table) posAlert(err error) {
	var r *referee.Refusal
	t.board.alert = nil
	t.u.pos.goTo = nil
	if !errors.As(err, &r) || len(r.At) == 0 {
		return
	}
	for _, p := range r.At {
		t.board.alert = append(t.board.alert, engine.Pos{X: p.X, Y: p.Y})
	}
	first := t.board.alert[0]
	t.u.pos.goTo = &first
}

// posStage shows the stage of the entry st (stepBoard, stepPosFigure, stepTokens).
func (e *entry) posStage(st step) {
	e.t.u.pos.stage = st
	e.t.status.SetText("")
	e.t.refresh()
}

// startPos shows the step of the entry's stage.
func (e *entry) startPos() {
	e.who = -1
	e.pic.t = nil
	switch e.t.u.pos.stage {
	case stepPosFigure:
		e.enter(&posFigureStep{answers: answers{e}})
	case stepTokens:
		e.enter(&tokenStep{answers{e}})
	default:
		e.enter(&boardStep{answers: answers{e}})
	}
	e.focus()
}

// posCapture handles the table's keys that differ in the entry of a position: Ctrl-Z takes the last line entered
// back out, F10 goes to the last part (the tally or going on); redo and the chart have nothing to show. It returns
// nil for a key it used.
func (t *table) posCapture(ev *tcell.EventKey) *tcell.EventKey {
	if t.u.modal != "" {
		return ev
	}
	switch ev.Key() {
	case tcell.KeyCtrlZ:
		t.posUndo()
		return nil
	case tcell.KeyTab:
		// In the board step: figures on the tile just laid (the board's focus for panning is Shift+arrows here).
		if b, ok := t.entry.now.(*boardStep); ok {
			b.figures()
			return nil
		}
	case tcell.KeyCtrlY, tcell.KeyF7, aidsSwitchKey:
		return nil
	case tcell.KeyF9:
		// The entry's "next" (the table's aids key otherwise).
		if t.entry.now != nil && t.u.run.GetFocus() != t.board {
			t.entry.now.key(ev)
		}
		return nil
	case tcell.KeyF10:
		if b, ok := t.entry.now.(*boardStep); ok && b.typedNotLaid() {
			return nil
		}
		if t.posBoardDone() {
			t.entry.posStage(stepTokens)
		}
		return nil
	}
	return ev
}
