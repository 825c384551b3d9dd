package tui

import (
	"path/filepath"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// The saved-games picker: "karkason resume" without a file and without a last game lists the recent records of
// the data directory, the newest first, to pick one; or a new game.

const pickerMax = 20

func (u *ui) showPicker() {
	games := recentGames(u.o.Config.DataDir, pickerMax)
	list := tview.NewList().ShowSecondaryText(false).SetHighlightFullLine(true)
	list.SetBorder(true).SetTitle(" " + u.loc.T("ui.picker.title", nil) + " ").SetTitleAlign(tview.AlignLeft)
	msg := tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	if len(games) == 0 {
		msg.SetText(u.loc.T("ui.picker.none", map[string]any{"Dir": tview.Escape(u.o.Config.DataDir)}))
	} else {
		msg.SetText(u.loc.T("ui.picker.help", nil))
	}
	for _, g := range games {
		g := g
		label := g.Mod.Local().Format("2006-01-02 15:04") + "  " + tview.Escape(filepath.Base(g.Path))
		list.AddItem(label, "", 0, func() {
			if err := u.openGame(g.Path); err != nil {
				msg.SetText("[red]" + tview.Escape(u.describe(err)) + "[-]")
				return
			}
			u.pages.RemovePage("picker")
		})
	}
	list.AddItem(u.loc.T("ui.picker.new", nil), "", 0, func() {
		u.pages.RemovePage("picker")
		u.showSetup()
	})
	list.AddItem(u.loc.T("ui.quit", nil), "", 0, u.askQuit)
	list.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyEscape:
			u.askQuit()
			return nil
		case tcell.KeyF6:
			u.cycleLanguage()
			return nil
		}
		return ev
	})
	root := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(tview.NewTextView().SetDynamicColors(true).SetText("[::b]karkason[::-] — "+u.loc.T("ui.picker.resume", nil)), 1, 0, false).
		AddItem(list, 0, 1, true).
		AddItem(msg, 5, 0, false) // a file error: what happened, that nothing was lost, what to do
	u.pages.AddAndSwitchToPage("picker", root, true)
	u.run.SetFocus(list)
}
