package tui

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The set-up form (CFG-1..5): players in seating order with names and distinct colours, the expansions, the start
// piece, the followers. The referee checks it (referee.NewGame); its refusals are shown in the form, which keeps
// what was entered.
//
// Keys as a person expects them: the focus goes from one player's name to the next (Tab, Enter, ↓), so typing
// "Ана Tab Богдан" names two players; a row's colour changes with F2 (Shift-F2 back), Ctrl/Alt+←→ or a click on it,
// without leaving the name. Enter on an empty name once two players are named goes to "Start the game". The text
// cursor is always in the field that takes the typing.

// maxSeats is the form's rows: six, the sixth player (and pink, the sixth colour) only with Inns & Cathedrals, which
// the referee checks (IC-13): the form offers every seat and colour and shows the referee's refusal.
const maxSeats = engine.MaxPlayers

// setupValues is what the form holds, kept apart from the widgets so that the form can be rebuilt in another
// language without losing anything.
type setupValues struct {
	names     [maxSeats]string
	colour    [maxSeats]int // index into referee.AllColours()
	followers string
	exps      []bool // by referee.Expansions()
	start     int    // index into startValues
	focus     int    // index into the focus ring
}

// setupForm is the set-up view.
type setupForm struct {
	u       *ui
	v       *setupValues
	root    *tview.Flex
	names   [maxSeats]*tview.InputField
	colours [maxSeats]*cycler
	follow  *tview.InputField
	exps    []*toggle
	start   *cycler
	begin   *tview.Button
	msg     *tview.TextView
	ring    *focusRing
}

// startValues are the start choices: "" (automatic: what the expansions call for, as referee.NewGame decides),
// then the four start pieces (CFG-4).
// With "none" last: no start piece, the board as it lies is the whole board (start=none, POS-1).
var startValues = append(append([]string{""}, referee.Starts()...), referee.StartNone)

func (u *ui) showSetup() {
	v := &setupValues{followers: ""}
	for i := range v.colour {
		v.colour[i] = i
	}
	followers := u.o.Config.Followers
	if followers < referee.MinFollowers || followers > referee.MaxFollowers {
		followers = referee.DefaultFollowers
	}
	v.followers = strconv.Itoa(followers)
	for _, e := range referee.Expansions() {
		v.exps = append(v.exps, e == referee.ExpansionFarmers && u.o.Config.FarmersDefault)
	}
	u.setupShown = v
	u.showSetupValues(v)
}

// showSetupValues (re)builds the form from v and focuses the widget v.focus.
func (u *ui) showSetupValues(v *setupValues) {
	f := u.newSetupForm(v)
	u.setup = f
	u.pages.AddAndSwitchToPage("setup", f.root, true)
	f.ring.focusIndex(v.focus)
}

func (u *ui) newSetupForm(v *setupValues) *setupForm {
	f := &setupForm{u: u, v: v}
	loc := u.loc
	var ring []tview.Primitive

	players := tview.NewFlex().SetDirection(tview.FlexRow)
	players.SetBorder(true).SetTitle(" " + loc.T("ui.setup.players", nil) + " ").SetTitleAlign(tview.AlignLeft)
	for i := 0; i < maxSeats; i++ {
		i := i
		in := tview.NewInputField().SetLabel(strconv.Itoa(i+1) + ". ").SetFieldWidth(16).
			SetPlaceholder(loc.T("ui.setup.name", nil)).SetText(v.names[i])
		in.SetChangedFunc(func(text string) { v.names[i] = text; f.validateLive() })
		in.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey { return f.nameKeys(i, ev) })
		f.names[i] = in
		cy := newCycler("", f.colourNames(), v.colour[i], func(k int) { v.colour[i] = k; f.validateLive() })
		cy.style = func(k int) tcell.Style { return colourStyle(referee.AllColours()[k]) }
		f.colours[i] = cy
		row := tview.NewFlex().AddItem(in, 21, 0, true).AddItem(cy, 0, 1, false)
		players.AddItem(row, 1, 0, i == 0)
		ring = append(ring, in)
	}
	f.follow = tview.NewInputField().SetLabel(loc.T("ui.setup.followers", nil) + " ").SetFieldWidth(3).
		SetText(v.followers).SetAcceptanceFunc(tview.InputFieldInteger)
	f.follow.SetChangedFunc(func(text string) { v.followers = text })
	players.AddItem(tview.NewBox(), 1, 0, false).AddItem(f.follow, 1, 0, false)
	ring = append(ring, f.follow)
	hint := tview.NewTextView().SetText(loc.T("ui.setup.seating", nil)).SetWrap(true).
		SetTextColor(tcell.ColorGray)
	players.AddItem(hint, 0, 1, false)

	exps := tview.NewFlex().SetDirection(tview.FlexRow)
	exps.SetBorder(true).SetTitle(" " + loc.T("ui.setup.expansions", nil) + " ").SetTitleAlign(tview.AlignLeft)
	for i, e := range referee.Expansions() {
		i := i
		cb := newToggle(loc.T("ui.exp."+e, nil), v.exps[i], func(on bool) { v.exps[i] = on; f.validateLive() })
		f.exps = append(f.exps, cb)
		exps.AddItem(cb, 1, 0, false)
		ring = append(ring, cb)
	}
	f.start = newCycler(loc.T("ui.setup.start", nil), nil, v.start, func(k int) { v.start = k; f.validateLive() })
	f.start.options = f.startOptions()
	exps.AddItem(tview.NewBox(), 1, 0, false).AddItem(f.start, 1, 0, false)
	ring = append(ring, f.start)

	f.msg = tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	f.begin = tview.NewButton(loc.T("ui.setup.begin", nil)).SetSelectedFunc(f.submit)
	asLies := tview.NewButton(loc.T("ui.setup.as_it_lies", nil)).SetSelectedFunc(f.submitPosition)
	savedBtn := tview.NewButton(loc.T("ui.setup.saved", nil)).SetSelectedFunc(func() {
		u.pages.RemovePage("setup")
		u.setup = nil
		u.showPicker()
	})
	quitBtn := tview.NewButton(loc.T("ui.quit", nil)).SetSelectedFunc(u.askQuit)
	ring = append(ring, f.begin, asLies, savedBtn, quitBtn)
	buttons := tview.NewFlex()
	for _, b := range []*tview.Button{f.begin, asLies, savedBtn, quitBtn} {
		buttons.AddItem(b, tview.TaggedStringWidth(b.GetLabel())+4, 0, false).AddItem(tview.NewBox(), 2, 0, false)
	}
	buttons.AddItem(tview.NewBox(), 0, 1, false)

	title := tview.NewTextView().SetDynamicColors(true).
		SetText("[::b]karkason[::-] — " + loc.T("ui.setup.title", nil))
	keys := tview.NewTextView().SetDynamicColors(true).SetText(keyLine(loc.T("ui.setup.keys", nil))).
		SetTextColor(tcell.ColorGray).SetWrap(true).SetWordWrap(true)

	main := tview.NewFlex().AddItem(players, 0, 1, true).AddItem(exps, 40, 0, false)
	// As tall as the expansions' box needs: its borders, a row an expansion, a blank row and the start.
	mainH := max(14, len(referee.Expansions())+4)
	f.root = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(title, 1, 0, false).
		AddItem(main, mainH, 0, true).
		AddItem(tview.NewBox(), 1, 0, false).
		AddItem(buttons, 1, 0, false).
		AddItem(tview.NewBox(), 1, 0, false).
		AddItem(f.msg, 0, 1, false).
		AddItem(keys, 2, 0, false)
	f.ring = &focusRing{items: ring, run: func(p tview.Primitive) { u.run.SetFocus(p) },
		moved: func(i int) { v.focus = i }}
	f.root.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyF10:
			f.submit()
			return nil
		case tcell.KeyF8:
			f.submitPosition()
			return nil
		case tcell.KeyF6:
			u.cycleLanguage()
			return nil
		case tcell.KeyF1:
			u.showHelp()
			return nil
		case tcell.KeyF9:
			savedBtn.InputHandler()(tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone), nil)
			return nil
		case tcell.KeyEnter:
			if u.run.GetFocus() == f.follow {
				f.ring.move(f.follow, 1)
				return nil
			}
		}
		return f.ring.capture(u.run.GetFocus)(ev)
	})
	f.validateLive()
	return f
}

func (f *setupForm) colourNames() []string {
	colours := referee.AllColours()
	out := make([]string, len(colours))
	for i, c := range colours {
		out[i] = f.u.loc.T("colour."+string(c), nil)
	}
	return out
}

// nameKeys are the keys of player i's name field: the next or previous name, the row's colour.
func (f *setupForm) nameKeys(i int, ev *tcell.EventKey) *tcell.EventKey {
	mod := ev.Modifiers()
	switch ev.Key() {
	case tcell.KeyEnter:
		if strings.TrimSpace(f.names[i].GetText()) == "" && f.named() >= 2 {
			f.ring.moveTo(f.begin)
			return nil
		}
		f.ring.move(f.names[i], 1)
		return nil
	case tcell.KeyF2:
		d := 1
		if mod&tcell.ModShift != 0 {
			d = -1
		}
		f.colours[i].set(f.colours[i].index + d)
		return nil
	case tcell.KeyLeft, tcell.KeyRight:
		if mod&(tcell.ModCtrl|tcell.ModAlt) != 0 {
			d := 1
			if ev.Key() == tcell.KeyLeft {
				d = -1
			}
			f.colours[i].set(f.colours[i].index + d)
			return nil
		}
	}
	return ev
}

// named counts the rows with a name.
func (f *setupForm) named() int {
	n := 0
	for i := range f.names {
		if strings.TrimSpace(f.names[i].GetText()) != "" {
			n++
		}
	}
	return n
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
		if name == e && i < len(f.v.exps) && f.v.exps[i] {
			return true
		}
	}
	return false
}

// setup builds the Setup from the form: the rows with a name, in seating order.
func (f *setupForm) setup() referee.Setup {
	var s referee.Setup
	colours := referee.AllColours()
	for i := 0; i < maxSeats; i++ {
		name := strings.TrimSpace(f.v.names[i])
		if name == "" {
			continue
		}
		s.Players = append(s.Players, referee.PlayerSpec{Name: name, Colour: colours[f.v.colour[i]]})
	}
	for i, e := range referee.Expansions() {
		if f.v.exps[i] {
			s.Expansions = append(s.Expansions, e)
		}
	}
	s.Start = startValues[f.v.start]
	if s.Start == "" {
		s.Start = f.autoStart() // written out, so that the record says which start was used (CFG-4)
	}
	s.Followers, _ = strconv.Atoi(f.v.followers)
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
	city := f.hasExpansion(referee.ExpansionCount) || startValues[f.v.start] == referee.StartCity
	if city && f.hasExpansion(referee.ExpansionRiver2) {
		return "[yellow][COMBO-1[] " + f.u.loc.T("ui.setup.combo1", nil) + "[-]"
	}
	return ""
}

// submit starts the game: the referee checks the set-up; a refusal is shown and the form stays as it is.
func (f *setupForm) submit() {
	s := f.setup()
	path := ""
	if dir := f.u.o.Config.DataDir; dir != "" && len(s.Players) > 0 {
		path = newRecordPath(dir, time.Now(), s.Players)
	}
	sess, err := referee.NewSessionOn(f.u.o.FS, s, f.u.cat, path)
	if err != nil {
		f.showError(err)
		return
	}
	if path != "" {
		f.u.rememberGame(path)
	}
	f.u.pages.RemovePage("setup")
	f.u.setup, f.u.setupShown = nil, nil
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
