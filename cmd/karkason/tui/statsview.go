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
	games, err := library.ListCached(u.o.FS, u.o.Config.DataDir, u.o.Config.StateDir, u.o.Log.Record)
	text, wrap := "", false
	if err != nil {
		// Said in words with what to do; the OS's text goes to the log (issue 14).
		err = referee.AsFileError(err, referee.OpList, u.o.Config.DataDir)
		text, wrap = "[red]"+tview.Escape(u.describe(err))+"[-]", true
	} else {
		text = tview.Escape(library.StatsText(library.Compute(games, library.Filter{}), nil, u.loc))
	}
	tv := tview.NewTextView().SetDynamicColors(true).SetWrap(wrap).SetWordWrap(wrap).SetText(text)
	tv.SetBorder(true).SetTitle(" " + u.loc.T("ui.stats.title", nil) + " ").SetTitleAlign(tview.AlignLeft)
	keys := tview.NewTextView().SetTextColor(tcell.ColorGray).SetText(u.loc.T("ui.stats.keys", nil))
	root := tview.NewFlex().SetDirection(tview.FlexRow).AddItem(tv, 0, 1, true).AddItem(keys, 1, 0, false)
	u.textPage("stats", root, tv, tcell.KeyF7)
}
