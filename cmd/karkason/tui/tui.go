// Package tui is karkason's table: the tview application that sets up a game, shows the board and the scores,
// and takes each move. It only shows and asks: every rule is the referee's (the answers offered come from
// referee.Legal). Every confirmed action goes through referee.Session, which appends it to the game's record and
// syncs it to disk before it counts; Ctrl-C asks, a closed terminal (SIGHUP) stops, neither loses anything.
//
// Views, one file each: setup.go (the set-up form), picker.go (choose a saved game), table.go (the table screen:
// board, players, King and Baron, the City, challenges, log, status), board.go (drawing the board in three
// zooms), entry.go (the move entry for the pending decision) and its steps, one type a file (step.go lists them:
// step_tile.go, step_place.go, step_figure.go, ...), edgecode.go (a tile typed as its edges, on any
// keyboard layout), menu.go (the answers, with hot keys and clicks), explain.go (F2 rules, F3 why, F4 tiles left,
// F7 chart), tally.go (the tally and the chart), files.go (record files and the last-game pointer), position.go
// (the entry of a board as it lies: the set-up form's second way in, its steps step_board.go, step_posfig.go,
// step_tokens.go, step_pick.go, step_number.go).
package tui

import (
	"errors"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/config"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
	"github.com/rivo/tview"
)

// Options configure the table.
type Options struct {
	Config config.Config
	Loc    *locales.Localizer
	Resume bool   // go on with a saved game
	File   string // the record to resume ("" = the most recent)
	// Log is the log file the raw text of errors goes to (never to the screen); nil: errlog.Open(Config.StateDir).
	Log *errlog.Log
	// FS is the file system of the game records and of the tally's pictures (F9); nil: the real one. Tests set a
	// storefs.Faulty (a full disk).
	FS storefs.FS
	// Notice is a message shown in a dialog over the first view (a settings file or variable that could not be
	// used), "" for none: on the screen, where the players see it, not on the terminal the table covers.
	Notice string
}

// Run opens the table and returns when the players quit. Errors: opening the saved game (*referee.ParseError,
// *referee.Refusal with the record line, referee.ErrLocked, file system errors) or the terminal.
func Run(o Options) error {
	if os.Getenv("RUNEWIDTH_EASTASIAN") == "" {
		// Cyrillic and the board's box-drawing characters are one cell wide (go-stack notes).
		os.Setenv("RUNEWIDTH_EASTASIAN", "0")
	}
	if !haveTerminal() { // before anything is opened: nothing changed (terminal.go)
		if o.Resume { // what resuming would refuse is said first, as with a terminal
			path := o.File
			if path == "" {
				path = readLastGame(o.Config.StateDir)
			}
			if path != "" {
				if err := referee.CheckOpen(path, engine.Standard()); err != nil {
					return err
				}
			}
		}
		return ErrNoTerminal
	}
	screen, err := tcell.NewScreen()
	if err != nil {
		return ErrNoTerminal
	}
	u := newUI(o)
	if err := u.begin(); err != nil {
		return err
	}
	u.app.SetScreen(screen)
	defer u.stopOnSignals()()
	err = u.app.Run()
	u.close()
	if err != nil && len(u.startNotes) > 0 {
		return &StartError{Notes: u.startNotes, Err: err}
	}
	return err
}

// stopOnSignals makes a closed terminal (SIGHUP) or a kill (SIGTERM) stop the table the way Quit does: every
// confirmed action is on disk already, and the record's lock is released when Run returns. It returns the function
// that stops listening.
func (u *ui) stopOnSignals() func() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGHUP, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			u.app.QueueUpdate(u.run.Stop)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}

// runner is the part of *tview.Application the views use, so that a view can be driven without an event loop.
type runner interface {
	SetRoot(root tview.Primitive, fullscreen bool) *tview.Application
	SetFocus(p tview.Primitive) *tview.Application
	GetFocus() tview.Primitive
	Stop()
}

// ui is the whole table: the application, the pages (setup, picker, table, tally, dialogs) and the session.
type ui struct {
	o     Options
	loc   *locales.Localizer
	cat   *engine.Catalogue
	app   *tview.Application
	run   runner
	pages *tview.Pages
	sess  *referee.Session
	table *table
	// modal is the name of the dialog page shown, "" if none.
	modal string
	// notice is a message to show in the status line once the table opens (a recovered torn line, ...).
	notice    string
	noticeErr bool // the notice is an error (shown in red): the last-game pointer could not be written
	// setup is the set-up form shown, setupShown what it holds (kept across a change of language).
	setup      *setupForm
	setupShown *setupValues
	// pos is the entry of a board as it lies under way (position.go), nil otherwise.
	pos *posEntry
	// aidsOn tells whether the table shows its aids (the setting aids; F12 switches it for the session).
	aidsOn bool
	// startNotes are the changes opening made to a record (a cut-off line moved aside), said again by the command
	// if the table cannot run after all (StartError).
	startNotes []string
	// scr is the second screen (screen.go).
	scr screenUI
}

func newUI(o Options) *ui {
	if o.Loc == nil {
		o.Loc = locales.New(o.Config.Language)
	}
	if o.Log == nil {
		o.Log = errlog.Open(o.Config.StateDir)
	}
	if o.FS == nil {
		o.FS = storefs.OS{}
	}
	u := &ui{o: o, loc: o.Loc, cat: engine.Standard(), app: tview.NewApplication(), pages: tview.NewPages(),
		aidsOn: o.Config.Aids}
	u.run = u.app
	u.app.SetRoot(u.pages, true)
	u.app.SetInputCapture(u.capture)
	u.app.EnableMouse(true)
	u.app.SetBeforeDrawFunc(func(screen tcell.Screen) bool {
		if u.table != nil {
			w, h := screen.Size()
			u.table.fit(w, h)
		}
		return false
	})
	return u
}

// cycleLanguage switches the user interface to the next language (en, bg, uk) and rebuilds the view shown, keeping
// everything: the game is in the session, the set-up form's values and the tile being typed are carried over.
func (u *ui) cycleLanguage() {
	langs := locales.Languages()
	i := slices.Index(langs, u.loc.Lang())
	u.setLanguage(langs[(i+1)%len(langs)])
}

func (u *ui) setLanguage(lang string) {
	u.loc = locales.New(lang)
	u.o.Loc = u.loc
	front, _ := u.pages.GetFrontPage()
	switch {
	case u.setup != nil:
		v := u.setup.v
		if i := u.setup.ring.index(u.run.GetFocus()); i >= 0 {
			v.focus = i
		}
		u.pages.RemovePage("setup")
		u.showSetupValues(v)
	case u.table != nil:
		old := u.table
		for _, name := range []string{"tally", "help", "rules", "explain", "tiles", "chart", "aids"} {
			u.pages.RemovePage(name)
		}
		u.modal = ""
		t := newTable(u)
		t.declinedAt, t.settled = old.declinedAt, old.settled
		t.board.zoom, t.board.cx, t.board.cy, t.board.follow = old.board.zoom, old.board.cx, old.board.cy,
			old.board.follow
		t.lastErr, t.lastErrAt = old.lastErr, old.lastErrAt
		t.entry.typed = old.entry.typed
		u.table = t
		u.pages.AddAndSwitchToPage("table", t.root, true)
		t.refresh()
		t.focusEntry()
		if front == "tally" && t.view().Phase != referee.PhaseEnded {
			u.showTally(t.view().Final(), false)
		}
	case front == "picker":
		u.pages.RemovePage("picker")
		u.showPicker()
	}
}

// begin opens the first view: the saved game (resume), the list of saved games (resume without a last game), or
// the set-up form.
func (u *ui) begin() error {
	if err := u.first(); err != nil {
		return err
	}
	if u.o.Notice != "" {
		u.dialog("notice", u.o.Notice, []string{u.loc.T("ui.notice_ok", nil)}, func(int) {})
	}
	return nil
}

// first opens the first view (see begin).
func (u *ui) first() error {
	if !u.o.Resume {
		u.showSetup()
		return nil
	}
	path := u.o.File
	if path == "" {
		path = readLastGame(u.o.Config.StateDir)
		if path == "" {
			u.showPicker()
			return nil
		}
	}
	return u.openGame(path)
}

// openGame resumes the record at path and shows the table.
func (u *ui) openGame(path string) error {
	if ok, err := u.openEntry(path); ok || err != nil {
		return err
	}
	s, err := referee.ResumeOn(u.o.FS, path, u.cat)
	if err != nil {
		if s != nil {
			s.Close()
		}
		return err
	}
	if s.Recovered != nil {
		u.notice = u.recovered(s.Recovered)
	}
	u.rememberGame(path)
	u.startTable(s)
	u.offerAccept(path, s.Recovered)
	return nil
}

// recovered says that a cut-off last line was moved aside, and where (the side file's path, escaped for the
// terminal).
func (u *ui) recovered(r *referee.Recovery) string {
	msg := u.loc.T("ui.recovered", map[string]any{"Line": r.Line, "Bytes": u.loc.N("plural.bytes", r.TornBytes, nil),
		"File": referee.Printable(r.SavedTo)})
	if r.Whole { // it parses: only its line end is missing (offerAccept)
		msg = u.loc.T("ui.recovered_whole", map[string]any{"Line": r.Line, "File": referee.Printable(r.SavedTo)})
	}
	u.startNotes = append(u.startNotes, msg)
	return msg
}

// rememberGame makes path the last game (for karkason resume without a file); a failure is shown as a note when
// the table opens.
func (u *ui) rememberGame(path string) {
	if err := writeLastGameOn(u.o.FS, u.o.Config.StateDir, path); err != nil {
		u.notice, u.noticeErr = strings.TrimSpace(u.notice+" "+u.describe(err)), true
	}
}

// startTable shows the table for a session.
func (u *ui) startTable(s *referee.Session) {
	u.closeEntry()
	if u.sess != nil && u.sess != s {
		u.sess.Close()
	}
	u.sess = s
	u.table = newTable(u)
	u.pages.AddAndSwitchToPage("table", u.table.root, true)
	u.table.refresh()
	if u.notice == "" && u.aidsOn {
		u.notice = u.loc.T("ui.aids.on", nil) // the key line has no room for F9 and F12 at 80 columns
	}
	u.showNotice()
	if front, _ := u.pages.GetFrontPage(); front == "table" {
		u.table.focusEntry() // (an ended game shows its tally, which has the focus)
	}
}

// showNotice shows the notice kept for the table (a recovered line and the file it was moved to, a last-game
// pointer that could not be written) in its status line, once, in up to four lines: it names files, whose paths
// are long.
func (u *ui) showNotice() {
	if u.notice == "" {
		return
	}
	u.table.setStatus(u.notice, u.noticeErr)
	u.table.statusLines = 4
	u.notice, u.noticeErr = "", false
}

func (u *ui) close() {
	u.closeEntry()
	if u.sess != nil {
		u.sess.Close()
		u.sess = nil
	}
}

// capture handles the keys that work everywhere: Ctrl-C asks before quitting (the game is saved already).
func (u *ui) capture(ev *tcell.EventKey) *tcell.EventKey {
	if ev.Key() == tcell.KeyCtrlC {
		u.askQuit()
		return nil
	}
	if u.modal != "" {
		return ev
	}
	if u.table != nil {
		if name, _ := u.pages.GetFrontPage(); name == "table" {
			return u.table.capture(ev)
		}
	}
	return ev
}

// askQuit shows the quit dialog: the game is saved after every action, so quitting loses nothing.
func (u *ui) askQuit() {
	if u.modal == "quit" {
		return
	}
	text := u.loc.T("ui.quit_nogame", nil)
	stay := u.loc.T("ui.keep_playing", nil)
	if u.sess != nil && u.sess.Store != nil {
		text = u.loc.T("ui.quit_saved", map[string]any{"File": referee.Printable(u.sess.Store.Path())})
	}
	if u.sess != nil && u.sess.Game.Phase == referee.PhaseEnded { // nothing to go on with: the record keeps the scores
		stay = u.loc.T("ui.cancel", nil)
		if u.sess.Store != nil {
			text = u.loc.T("ui.quit_ended", map[string]any{"File": referee.Printable(u.sess.Store.Path())})
		}
	}
	if u.pos != nil {
		stay = u.loc.T("ui.cancel", nil) // nothing is played yet: the entry stays
		if u.pos.entry.Store != nil {
			text = u.loc.T("ui.pos.quit_saved", map[string]any{"File": referee.Printable(u.pos.entry.Store.Path())})
		}
	}
	u.dialog("quit", text, []string{u.loc.T("ui.quit", nil), stay}, func(i int) {
		if i == 0 {
			u.run.Stop()
		}
	})
}

// dialog shows a modal with buttons; done gets the index of the button pressed (-1 for Esc). The page under it
// keeps its state.
func (u *ui) dialog(name, text string, buttons []string, done func(int)) {
	prevFocus := u.run.GetFocus()
	prevModal := u.modal
	m := tview.NewModal().SetText(text).AddButtons(buttons)
	finish := func(i int) {
		u.pages.RemovePage(name)
		u.modal = prevModal
		if prevFocus != nil {
			u.run.SetFocus(prevFocus)
		}
		done(i)
	}
	m.SetDoneFunc(func(i int, _ string) { finish(i) })
	m.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyEscape {
			finish(-1)
			return nil
		}
		return ev
	})
	u.modal = name
	u.pages.AddPage(name, m, true, true)
	u.run.SetFocus(m)
}

// describe renders an error for the players: a refusal with its rule, a record error with its line, an error of
// the file system (a full disk, a locked game, ...) in words a person can act on. Raw error text goes to the log.
func (u *ui) describe(err error) string {
	var r *referee.Refusal
	var p *referee.ParseError
	var ac *referee.AfterCutOff
	switch {
	case errors.As(err, &ac):
		// The lines before a cut-off last line are refused: both said, the refusal first (issue 31).
		return u.describe(ac.Err) + " " + u.loc.T("cli.cut_off_refused", map[string]any{"Line": ac.Cut.Line,
			"Msg": u.describe(ac.Cut.Err)})
	case errors.As(err, &r):
		return "[" + r.Rule + "] " + u.tr(r.Key, r.Data)
	case errors.As(err, &p):
		msg := u.tr(p.Key, p.MessageData()) // no control characters from a file on the screen
		if msg == p.Key {
			msg = p.Error()
		}
		msg = "[" + p.Rule() + "] " + msg // every refusal with its rule (issue 32)
		if p.Line > 0 {
			return u.loc.T("ui.line", map[string]any{"Line": p.Line, "Msg": msg})
		}
		return msg
	}
	if msg, ok := u.o.Log.Explain(u.loc, err); ok {
		return msg // what happened, that nothing was lost, what to do; the OS's text is in the log
	}
	return u.o.Log.Failed(u.loc, "ui.failed", err)
}

// why is a refusal said in a few words for a greyed answer, with its rule: "completed, scored already [BASE-12]"
// (ui.short.<the message id without "err.">); the whole message where there are no few words for it. F3 gives the
// whole message and the rule's text. It is escaped for a list's label (tview tags).
func (u *ui) why(err error) string {
	var r *referee.Refusal
	if errors.As(err, &r) {
		key := "ui.short." + strings.TrimPrefix(r.Key, "err.")
		if msg := u.loc.T(key, nil); msg != key {
			return tview.Escape(msg + " [" + r.Rule + "]")
		}
	}
	return tview.Escape(u.describe(err))
}

// tr renders a message id from the referee or the engine. Their data use lower-case keys ("tile", "points"); the
// catalogs may name them either way, so both spellings are passed.
func (u *ui) tr(key string, data map[string]any) string {
	d := make(map[string]any, 2*len(data))
	for k, v := range data {
		d[k] = v
		if k != "" && k[0] >= 'a' && k[0] <= 'z' {
			d[string(k[0]-'a'+'A')+k[1:]] = v
		}
	}
	return u.loc.T(key, d)
}
