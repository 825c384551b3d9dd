package tui

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The set-up form (CFG-1..5): players in seating order with names and distinct colours, the expansions, the start
// piece, the followers. The referee checks it (referee.NewGame); its refusals are shown in the form, which keeps
// what was entered.

const maxSeats = referee.MaxPlayers

// setupForm is the set-up view.
type setupForm struct {
	u       *ui
	root    *tview.Flex
	names   [maxSeats]*tview.InputField
	colours [maxSeats]*cycler
	colour  [maxSeats]int // index into referee.Colours()
	follow  *tview.InputField
	exps    []*toggle
	start   *cycler
	msg     *tview.TextView
	ring    *focusRing
}

// startValues are the start choices: "" (automatic: what the expansions call for, as referee.NewGame decides),
// then the four start pieces (CFG-4).
var startValues = append([]string{""}, referee.Starts()...)

func (u *ui) showSetup() {
	f := u.newSetupForm()
	u.pages.AddAndSwitchToPage("setup", f.root, true)
	u.run.SetFocus(f.names[0])
}

func (u *ui) newSetupForm() *setupForm {
	f := &setupForm{u: u}
	loc := u.loc
	colours := referee.Colours()
	colourNames := make([]string, len(colours))
	for i, c := range colours {
		colourNames[i] = loc.T("colour."+string(c), nil)
	}
	var ring []tview.Primitive

	players := tview.NewFlex().SetDirection(tview.FlexRow)
	players.SetBorder(true).SetTitle(" " + loc.T("ui.setup.players", nil) + " ").SetTitleAlign(tview.AlignLeft)
	for i := 0; i < maxSeats; i++ {
		i := i
		f.colour[i] = i
		in := tview.NewInputField().SetLabel(strconv.Itoa(i+1) + ". ").SetFieldWidth(16).
			SetPlaceholder(loc.T("ui.setup.name", nil))
		in.SetChangedFunc(func(string) { f.validateLive() })
		f.names[i] = in
		cy := newCycler("", colourNames, i, func(k int) { f.colour[i] = k; f.validateLive() })
		f.colours[i] = cy
		row := tview.NewFlex().AddItem(in, 21, 0, true).AddItem(cy, 0, 1, false)
		players.AddItem(row, 1, 0, i == 0)
		ring = append(ring, in, cy)
	}
	followers := u.o.Config.Followers
	if followers < referee.MinFollowers || followers > referee.MaxFollowers {
		followers = referee.DefaultFollowers
	}
	f.follow = tview.NewInputField().SetLabel(loc.T("ui.setup.followers", nil) + " ").SetFieldWidth(3).
		SetText(strconv.Itoa(followers)).SetAcceptanceFunc(tview.InputFieldInteger)
	players.AddItem(tview.NewBox(), 1, 0, false).AddItem(f.follow, 1, 0, false)
	ring = append(ring, f.follow)
	hint := tview.NewTextView().SetText(loc.T("ui.setup.seating", nil)).SetWrap(true).
		SetTextColor(tcell.ColorGray)
	players.AddItem(hint, 0, 1, false)

	exps := tview.NewFlex().SetDirection(tview.FlexRow)
	exps.SetBorder(true).SetTitle(" " + loc.T("ui.setup.expansions", nil) + " ").SetTitleAlign(tview.AlignLeft)
	for _, e := range referee.Expansions() {
		on := e == referee.ExpansionFarmers && u.o.Config.FarmersDefault
		cb := newToggle(loc.T("ui.exp."+e, nil), on, func(bool) { f.validateLive() })
		f.exps = append(f.exps, cb)
		exps.AddItem(cb, 1, 0, false)
		ring = append(ring, cb)
	}
	f.start = newCycler(loc.T("ui.setup.start", nil), f.startOptions(), 0, func(int) { f.validateLive() })
	exps.AddItem(tview.NewBox(), 1, 0, false).AddItem(f.start, 1, 0, false)
	ring = append(ring, f.start)

	f.msg = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	startBtn := tview.NewButton(loc.T("ui.setup.begin", nil)).SetSelectedFunc(f.submit)
	quitBtn := tview.NewButton(loc.T("ui.quit", nil)).SetSelectedFunc(u.askQuit)
	ring = append(ring, startBtn, quitBtn)
	buttons := tview.NewFlex().
		AddItem(startBtn, tview.TaggedStringWidth(startBtn.GetLabel())+4, 0, false).
		AddItem(tview.NewBox(), 2, 0, false).
		AddItem(quitBtn, tview.TaggedStringWidth(quitBtn.GetLabel())+4, 0, false).
		AddItem(tview.NewBox(), 0, 1, false)

	title := tview.NewTextView().SetDynamicColors(true).
		SetText("[::b]karkason[::-] — " + loc.T("ui.setup.title", nil))
	keys := tview.NewTextView().SetDynamicColors(true).SetText(loc.T("ui.setup.keys", nil)).
		SetTextColor(tcell.ColorGray)

	main := tview.NewFlex().AddItem(players, 0, 1, true).AddItem(exps, 40, 0, false)
	f.root = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(title, 1, 0, false).
		AddItem(main, 14, 0, true).
		AddItem(tview.NewBox(), 1, 0, false).
		AddItem(buttons, 1, 0, false).
		AddItem(tview.NewBox(), 1, 0, false).
		AddItem(f.msg, 0, 1, false).
		AddItem(keys, 1, 0, false)
	f.ring = &focusRing{items: ring, run: func(p tview.Primitive) { u.run.SetFocus(p) }}
	f.root.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		focused := u.run.GetFocus()
		if ev.Key() == tcell.KeyEnter {
			if _, ok := focused.(*tview.InputField); ok {
				f.ring.move(focused, 1)
				return nil
			}
		}
		if ev.Key() == tcell.KeyF10 {
			f.submit()
			return nil
		}
		return f.ring.capture(u.run.GetFocus)(ev)
	})
	f.validateLive()
	return f
}

func (f *setupForm) startOptions() []string {
	out := make([]string, len(startValues))
	for i, s := range startValues {
		if s == "" {
			out[i] = f.u.loc.T("ui.start.auto", map[string]any{"Start": f.u.loc.T("ui.start."+f.autoStart(), nil)})
		} else {
			out[i] = f.u.loc.T("ui.start."+s, nil)
		}
	}
	return out
}

// autoStart is the start piece referee.NewGame picks for the ticked expansions (CFG-4): the City with the
// Count, else River II's spring, else the River's, else the standard start tile.
func (f *setupForm) autoStart() string {
	has := func(e string) bool { return f.hasExpansion(e) }
	switch {
	case has(referee.ExpansionCount):
		return referee.StartCity
	case has(referee.ExpansionRiver2):
		return referee.StartRiver2
	case has(referee.ExpansionRiver):
		return referee.StartRiver
	}
	return referee.StartStandard
}

func (f *setupForm) hasExpansion(e string) bool {
	for i, name := range referee.Expansions() {
		if name == e && f.exps != nil && i < len(f.exps) && f.exps[i].on {
			return true
		}
	}
	return false
}

// setup builds the Setup from the form: the rows with a name, in seating order.
func (f *setupForm) setup() referee.Setup {
	var s referee.Setup
	colours := referee.Colours()
	for i := 0; i < maxSeats; i++ {
		name := strings.TrimSpace(f.names[i].GetText())
		if name == "" {
			continue
		}
		s.Players = append(s.Players, referee.PlayerSpec{Name: name, Colour: colours[f.colour[i]]})
	}
	for i, e := range referee.Expansions() {
		if f.exps[i].on {
			s.Expansions = append(s.Expansions, e)
		}
	}
	s.Start = startValues[f.start.index]
	if s.Start == "" {
		s.Start = f.autoStart() // written out, so that the record says which start was used (CFG-4)
	}
	s.Followers, _ = strconv.Atoi(f.follow.GetText())
	return s
}

// validateLive refreshes the start choices and the COMBO-1 warning as the form changes.
func (f *setupForm) validateLive() {
	if f.start == nil || f.msg == nil {
		return
	}
	f.start.options = f.startOptions()
	f.msg.SetText(f.warnings())
}

// warnings are the notes shown under the form: the COMBO-1 advice when the City meets River II.
func (f *setupForm) warnings() string {
	city := f.hasExpansion(referee.ExpansionCount) || startValues[f.start.index] == referee.StartCity
	if city && f.hasExpansion(referee.ExpansionRiver2) {
		return "[yellow][COMBO-1[] " + f.u.loc.T("ui.setup.combo1", nil) + "[-]"
	}
	return ""
}

// submit starts the game: the referee checks the set-up; a refusal is shown and the form stays as it is.
func (f *setupForm) submit() {
	s := f.setup()
	if n, _ := strconv.Atoi(f.follow.GetText()); n == 0 {
		s.Followers = 0 // an empty field means the default
	}
	path := ""
	if dir := f.u.o.Config.DataDir; dir != "" && len(s.Players) > 0 {
		path = newRecordPath(dir, time.Now(), s.Players)
	}
	sess, err := referee.NewSession(s, f.u.cat, path)
	if err != nil {
		f.showError(err)
		return
	}
	if path != "" {
		writeLastGame(f.u.o.Config.StateDir, path)
	}
	f.u.pages.RemovePage("setup")
	f.u.startTable(sess)
}

func (f *setupForm) showError(err error) {
	text := f.describeSetupError(err)
	if w := f.warnings(); w != "" {
		text += "\n" + w
	}
	f.msg.SetText("[red]" + text + "[-]")
}

// describeSetupError renders the referee's refusal of a set-up in the user's language.
func (f *setupForm) describeSetupError(err error) string {
	loc := f.u.loc
	var p *referee.ParseError
	if errors.As(err, &p) {
		switch p.Key {
		case referee.KeyPlayerCount:
			return loc.T("ui.setup.player_count", map[string]any{"Count": p.Data["Count"]})
		case referee.KeyBadName:
			return loc.T("ui.setup.bad_name", map[string]any{"Name": tview.Escape(p.Text)})
		case referee.KeyDuplicateColour:
			return loc.T("ui.setup.same_colour", map[string]any{"Colour": loc.T("colour."+p.Text, nil)})
		case referee.KeyBadFollowers:
			return loc.T("ui.setup.bad_followers", map[string]any{"Min": referee.MinFollowers,
				"Max": referee.MaxFollowers})
		}
	}
	return tview.Escape(f.u.describe(err))
}
