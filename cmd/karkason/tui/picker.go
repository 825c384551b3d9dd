package tui

import (
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The saved-games picker: "karkason resume" without a file and without a last game (and F9 in the set-up form)
// lists the games of the data directory as "karkason games" does (package library: date, state, players and
// points, modules), the newest first, to open one: a game in progress to go on with, a finished one to view (its
// board and tally); or a new game. F7 shows the statistics of the finished games (statsview.go).

const pickerMax = 20

func (u *ui) showPicker() {
	games, err := library.ListCached(u.o.FS, u.o.Config.DataDir, u.o.Config.StateDir, u.o.Log.Record)
	list := tview.NewList().SetHighlightFullLine(true).SetSecondaryTextColor(tcell.ColorGray)
	list.SetBorder(true).SetTitle(" " + u.loc.T("ui.picker.title", nil) + " ").SetTitleAlign(tview.AlignLeft)
	msg := tview.NewTextView().SetDynamicColors(true).SetWrap(true)
	root := tview.NewFlex().SetDirection(tview.FlexRow)
	// showError puts an error under the list, with room for a file error in full (what happened, that nothing was
	// lost, what to do; a data folder that cannot be listed names its long path three times: 8 lines at 80
	// columns); the help it replaces needs two lines, so the list keeps them while there is no error.
	showError := func(err error) {
		msg.SetText("[red]" + tview.Escape(u.describe(err)) + "[-]")
		root.ResizeItem(msg, 8, 0)
	}
	switch {
	case err != nil:
		defer showError(referee.AsFileError(err, referee.OpList, u.o.Config.DataDir))
	case len(games) == 0:
		msg.SetText(u.loc.T("ui.picker.none", map[string]any{"Dir": tview.Escape(referee.Printable(u.o.Config.DataDir))}))
	default:
		msg.SetText(u.loc.T("ui.picker.help", nil))
	}
	if len(games) > pickerMax {
		games = games[:pickerMax]
	}
	for i := range games {
		g := &games[i]
		main, second := pickerLines(u.loc, g)
		list.AddItem(main, second, 0, func() {
			if g.Broken() {
				showError(g.Err)
				return
			}
			if err := u.openGame(g.Path); err != nil {
				showError(err)
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
		case tcell.KeyF7:
			u.showStats()
			return nil
		}
		return ev
	})
	root.AddItem(tview.NewTextView().SetDynamicColors(true).SetText("[::b]karkason[::-] — "+u.loc.T("ui.picker.resume", nil)), 1, 0, false).
		AddItem(list, 0, 1, true).
		AddItem(msg, 2, 0, false)
	u.pages.AddAndSwitchToPage("picker", root, true)
	u.run.SetFocus(list)
}

// pickerLines are a game's two lines in the picker, as "karkason games" prints it: the date, the state and the
// players with their points (a star for a winner); under it the modules (the file of a record that cannot be read, which says why when chosen).
func pickerLines(loc translator, g *library.Game) (string, string) {
	main := g.Date.Local().Format(library.DateFormat) + "  " + library.StateText(loc, g) + "  " +
		tview.Escape(library.PlayersText(g))
	second := "    " + tview.Escape(referee.Printable(g.File)) // the modules fit a line of 80 columns, the file name beside them may not
	if !g.Broken() {
		second = "    " + tview.Escape(pickerModules(loc, g))
	} else if g.Line > 0 {
		// The line and the rule it is refused at, as games prints them (issue 31); Enter on it says the whole reason.
		second += "  " + tview.Escape(loc.T("ui.picker.refused_at", map[string]any{"Line": g.Line, "Rule": g.Rule}))
	}
	return main, second
}

// pickerModules names a game's modules in the player's language (lib.module.*; a module without a name of its own
// as the record writes it), "base game" for none. (karkason games prints the record's words, those --modules takes.)
func pickerModules(loc translator, g *library.Game) string {
	if len(g.Modules) == 0 {
		return library.ModulesText(loc, g)
	}
	names := make([]string, len(g.Modules))
	for i, m := range g.Modules {
		id := "lib.module." + m
		if names[i] = loc.T(id, nil); names[i] == id || names[i] == "" {
			names[i] = m
		}
	}
	return strings.Join(names, ", ")
}
