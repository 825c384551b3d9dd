package tui

import (
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/screen"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
	"github.com/rivo/uniseg"
	"github.com/skip2/go-qrcode"
)

// The second screen from the table (issue 27): F11 starts package screen's server for the open game's record and
// shows its address with a QR code (text characters) and the number of viewers; F11 again stops it. The server
// reads the record the table writes (it is poked after every change the table shows), so nothing here waits on
// it; a cap it reaches is said in the status line.

// screenKey starts and stops the second screen (F1 and the key line say so).
const screenKey = tcell.KeyF11

// screenUI is the table's second screen: the running one (nil when off) and the key line's width.
type screenUI struct {
	st    *screenState
	keysW int
	now   screen.Table // what the entry is doing now (screen_table.go), told to a second screen when it starts
}

// screenState is the running second screen: its server and the record it shows.
type screenState struct {
	srv  *screen.Server
	path string
	tv   *tview.TextView // the panel's text while it is shown
	// queued is set while a redraw for a change of the server (viewers, a cap) waits in the table's queue.
	queued atomic.Bool
}

// recordPath is the file of the game or the position at the table, "" when it is not saved.
func (u *ui) recordPath() string {
	switch {
	case u.pos != nil && u.pos.entry != nil && u.pos.entry.Store != nil:
		return u.pos.entry.Store.Path()
	case u.sess != nil && u.sess.Store != nil:
		return u.sess.Store.Path()
	}
	return ""
}

// toggleScreen starts the second screen (and shows its panel), or stops it when it runs.
func (t *table) toggleScreen() {
	u := t.u
	if u.scr.st != nil {
		u.stopScreen()
		t.setStatus(u.loc.T("ui.web.stopped", nil), false)
		t.refreshKeys()
		return
	}
	path := u.recordPath()
	if path == "" {
		t.setStatus(u.loc.T("ui.web.no_record", nil), true)
		return
	}
	st := &screenState{path: path}
	srv, err := screen.Start(screen.Options{Path: path, Listen: u.o.Config.Listen, Lang: u.loc.Lang(), Log: u.o.Log,
		Changed: func() {
			// One redraw queued at a time, however many viewers come and go: the table's goroutine redraws once
			// for a crowd of phones waking, never once a phone, and a key pressed meanwhile waits behind one draw.
			if st.queued.CompareAndSwap(false, true) {
				go u.app.QueueUpdateDraw(func() {
					st.queued.Store(false)
					u.screenChanged(st)
				})
			}
		}})
	if err != nil {
		why := u.loc.T("ui.web.in_use", nil)
		if le, ok := err.(*screen.ListenError); ok && !le.InUse() {
			u.o.Log.Record("listen", err)
			why = referee.Printable(le.Err.Error())
		}
		t.setStatus(u.loc.T("ui.web.listen_failed", map[string]any{"Addr": referee.Printable(u.o.Config.Listen),
			"Why": why}), true)
		return
	}
	st.srv = srv
	u.scr.st = st
	srv.SetTable(u.scr.now)
	t.setStatus(u.loc.T("ui.web.started", map[string]any{"URL": srv.URL()}), false)
	t.refreshKeys()
	u.showScreenPanel()
}

// stopScreen stops the second screen, if it runs.
func (u *ui) stopScreen() {
	if u.scr.st == nil {
		return
	}
	u.scr.st.srv.Stop()
	u.scr.st = nil
	if u.modal == "screen" {
		u.pages.RemovePage("screen")
	}
}

// pokeScreen tells the second screen the table shows a new state: it reads the record at once. A screen of
// another record (the table opened another game) is stopped.
func (u *ui) pokeScreen() {
	if u.scr.st == nil {
		return
	}
	if u.recordPath() != u.scr.st.path {
		u.stopScreen()
		return
	}
	u.scr.st.srv.Poke()
}

// screenChanged redraws what says the number of viewers, and says a cap reached (on the table's goroutine).
func (u *ui) screenChanged(st *screenState) {
	if u.scr.st != st || u.table == nil {
		return
	}
	if st.tv != nil {
		st.tv.SetText(u.screenPanelText())
	}
	u.table.refreshKeys()
	switch st.srv.Limit() {
	case "viewers":
		u.table.setStatus(u.loc.T("ui.web.limit.viewers", map[string]any{"Max": screen.MaxViewers}), true)
	case "requests":
		u.table.setStatus(u.loc.T("ui.web.limit.requests", map[string]any{"Max": screen.MaxRequests}), true)
	}
}

// screenPanelText is the panel's text beside the QR code: the address, the viewers, what the address is for.
func (u *ui) screenPanelText() string {
	st := u.scr.st
	if st == nil {
		return ""
	}
	var b strings.Builder
	url := st.srv.URL()
	b.WriteString("[::b]" + tview.Escape(url) + "[::-]\n\n")
	b.WriteString(u.loc.N("plural.web_viewers", st.srv.Viewers(), nil) + "\n\n")
	if strings.Contains(url, "://127.") || strings.Contains(url, "://localhost") || strings.Contains(url, "://[::1]") {
		b.WriteString(u.loc.T("ui.web.panel.local", nil) + "\n\n")
	} else {
		b.WriteString(u.loc.T("ui.web.panel.lan", nil) + "\n\n")
	}
	b.WriteString("[gray]" + u.loc.T("ui.web.panel.stop", nil) + "[-]")
	return b.String()
}

// qrText is the QR code of url in text characters (two modules a character, ▀▄█ dark, drawn black on white) with a light
// margin round it; its width in cells. "" if the address cannot be coded.
func qrText(url string) (string, int) {
	q, err := qrcode.New(url, qrcode.Low)
	if err != nil {
		return "", 0
	}
	q.DisableBorder = true
	lines := strings.Split(strings.TrimRight(q.ToSmallString(true), "\n"), "\n")
	w := 0
	for _, l := range lines {
		w = max(w, uniseg.StringWidth(l))
	}
	pad := strings.Repeat(" ", w+4)
	var b strings.Builder
	b.WriteString("[black:white]" + pad + "\n")
	for _, l := range lines {
		b.WriteString("  " + l + strings.Repeat(" ", w-uniseg.StringWidth(l)) + "  \n")
	}
	b.WriteString(pad + "[-:-]")
	return b.String(), w + 4
}

// showScreenPanel shows the panel over the table, the QR code left of the text: Esc or Enter closes it, F11
// stops the second screen.
func (u *ui) showScreenPanel() {
	st := u.scr.st
	if st == nil {
		return
	}
	tv := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	st.tv = tv
	tv.SetText(u.screenPanelText())
	qr, qw := qrText(st.srv.URL())
	code := tview.NewTextView().SetDynamicColors(true).SetWrap(false).SetText(qr)
	root := tview.NewFlex().AddItem(code, qw+1, 0, false).AddItem(tv, 0, 1, true)
	root.SetBorder(true).SetTitle(" " + u.loc.T("ui.web.panel.title", nil) + " ")
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyEscape, tcell.KeyEnter, screenKey:
			st.tv = nil
			u.pages.RemovePage("screen")
			u.modal = ""
			if u.table != nil {
				u.table.entry.focus()
				if ev.Key() == screenKey {
					u.table.toggleScreen()
				}
			}
			return nil
		}
		return ev
	})
	u.modal = "screen"
	u.pages.AddPage("screen", root, true, true)
	u.run.SetFocus(tv)
}

// refreshKeys sets the key line: the table's keys and, when the screen is wide enough, the second screen's key
// (with its viewers while it runs).
func (t *table) refreshKeys() {
	base := t.u.loc.T(t.keysKey(t.view()), nil)
	extra := t.u.loc.T("ui.web.key", nil)
	if t.u.scr.st != nil {
		extra += " (" + strconv.Itoa(t.u.scr.st.srv.Viewers()) + ")" // the viewers: the panel says it in words
	}
	if w := t.u.scr.keysW; w > 0 && uniseg.StringWidth(base+" "+extra) <= w {
		base += " " + extra
	}
	t.keys.SetText(keyLine(base))
}

// fitKeys sets the key line again when the screen's width changed (table.fit, before each draw).
func (t *table) fitKeys(w int) {
	if w != t.u.scr.keysW {
		t.u.scr.keysW = w
		t.refreshKeys()
	}
}
