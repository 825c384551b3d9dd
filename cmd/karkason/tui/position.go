package tui

import (
	"errors"
	"github.com/gdamore/tcell/v2"
	"time"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The entry of a board as it lies (RULES.md POS, record format "Positions"): the set-up form's second way in. The
// table shows the position entered so far (referee.Entry: every step checked by the referee as it is entered and
// saved to the record file before it counts) and the entry walks three kinds of step, one type a file:
//
//	step_board.go     the tiles: a cursor walks the board, a tile is typed by its edges where it stands
//	step_posfig.go    the figures: the cursor on a tile, a feature of it, then whose figure (POS-3)
//	step_tokens.go    the City's quarters and the Count, the King and the Robber Baron, gifts, the score track,
//	                  who plays next; then the tally or going on playing (POS-4..POS-9)
//	step_pick.go      a list of answers a token step asks (a player, a quarter, a completed city ...)
//	step_number.go    a number typed (gifts, points on the score track)
//
// Nothing here decides a rule: a step is an Entry call, and its refusal (with the rule) is shown as it is.

// posEntry is the entry of a position under way.
type posEntry struct {
	entry *referee.Entry
	// cur is the cell the cursor is on; rowX the column where the row being typed began (Enter: the next row
	// from there).
	cur  engine.Pos
	rowX int
	// dir is the way the cursor moves on after a tile is laid: the last arrow's (→ at first).
	dir [2]int
	// last is the cell of the tile laid last in the board step (Tab: its figures), nil before.
	last *engine.Pos
	// stage is the kind of step shown (stepBoard, stepPosFigure, stepTokens): where the table goes back to.
	stage step
}

// draft is the position entered so far.
func (p *posEntry) draft() *referee.Draft { return p.entry.Draft }

// newPosEntry puts the cursor beside the last tile laid (the start piece, or 0,0 on an empty board).
func newPosEntry(en *referee.Entry) *posEntry {
	p := &posEntry{entry: en, stage: stepBoard, dir: [2]int{1, 0}}
	s := en.Draft.Game().S
	if n := len(s.Tiles); n > 0 {
		q := s.Tiles[n-1].Pos
		for s.At(q) != nil {
			q.X++
		}
		p.cur = q
	}
	p.rowX = p.cur.X
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
			writeLastGame(f.u.o.Config.StateDir, path)
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
	// an action, or a set-up alone (a game with no move yet), is a game, and Resume alone opens it.
	if rd, _ := referee.ReadFile(path, u.cat); rd != nil &&
		(len(rd.Record.Actions) > 0 || len(rd.Record.Position) == 0 && rd.Record.Setup.Start != referee.StartNone) {
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
	u.rememberGame(path)
	u.startEntry(en)
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
	if err := step(t.u.pos.steps()); err != nil {
		t.refused(err)
		return false
	}
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
	if !tally || nt.game().Phase == referee.PhaseEnded || nt.game().Phase == referee.PhaseMarket {
		return
	}
	nt.endHere()
}

// posUndo takes the last line entered back out (Ctrl-Z in the entry).
func (t *table) posUndo() {
	n := len(t.u.pos.draft().Lines())
	if n == 0 {
		t.setStatus(t.u.loc.T("ui.nothing_to_undo", nil), true)
		return
	}
	if t.posDo(func(s posSteps) error { return s.Remove(n - 1) }, nil) {
		t.setStatus(t.u.loc.T("ui.undone", nil), false)
	}
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
		e.enter(&boardStep{answers{e}})
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
		t.entry.posStage(stepTokens)
		return nil
	}
	return ev
}
