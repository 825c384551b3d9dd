package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The statistics screen (F7 in the saved-games picker): the same text as "karkason stats" (package library) for
// every finished game of the data directory, scrollable. Esc goes back to the picker.

func (u *ui) showStats() {
	games, err := library.ListOn(u.o.FS, u.o.Config.DataDir)
	text, wrap := "", false
	if err != nil {
		// Said in words with what to do; the OS's text goes to the log (issue 14).
		text, wrap = "[red]"+tview.Escape(u.describe(referee.AsFileError(err, referee.OpList, u.o.Config.DataDir)))+"[-]", true
	} else {
		text = tview.Escape(library.StatsText(library.Compute(games, library.Filter{}), nil, u.loc))
	}
	tv := tview.NewTextView().SetDynamicColors(true).SetWrap(wrap).SetWordWrap(wrap).SetText(text)
	tv.SetBorder(true).SetTitle(" " + u.loc.T("ui.stats.title", nil) + " ").SetTitleAlign(tview.AlignLeft)
	keys := tview.NewTextView().SetTextColor(tcell.ColorGray).SetText(u.loc.T("ui.stats.keys", nil))
	root := tview.NewFlex().SetDirection(tview.FlexRow).AddItem(tv, 0, 1, true).AddItem(keys, 1, 0, false)
	prev := u.run.GetFocus()
	prevModal := u.modal
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyEscape || ev.Key() == tcell.KeyEnter || ev.Key() == tcell.KeyF7 {
			u.pages.RemovePage("stats")
			u.modal = prevModal
			if prev != nil {
				u.run.SetFocus(prev)
			}
			return nil
		}
		return ev
	})
	u.modal = "stats"
	u.pages.AddPage("stats", root, true, true)
	u.run.SetFocus(tv)
}
