package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// cycler is a one-line choice among a few options: ◀ option ▶, changed with ←/→ (or Space, Enter). It replaces
// a drop-down where a list popping up would cover the form.
type cycler struct {
	*tview.Box
	label   string
	options []string
	index   int
	width   int // label width, 0 = as long as the label
	changed func(int)
	// style, if set, gives the style of option k (a player's colour); the focus still shows reversed.
	style func(k int) tcell.Style
}

func newCycler(label string, options []string, index int, changed func(int)) *cycler {
	return &cycler{Box: tview.NewBox(), label: label, options: options, index: index, changed: changed}
}

func (c *cycler) set(i int) {
	n := len(c.options)
	if n == 0 {
		return
	}
	c.index = ((i % n) + n) % n
	if c.changed != nil {
		c.changed(c.index)
	}
}

// Draw draws the label and ◀ option ▶, reversed when focused.
func (c *cycler) Draw(screen tcell.Screen) {
	c.Box.DrawForSubclass(screen, c)
	x, y, w, h := c.GetInnerRect()
	if h < 1 || w < 1 {
		return
	}
	lw := c.width
	if lw == 0 && c.label != "" {
		lw = tview.TaggedStringWidth(c.label) + 1
	}
	if lw > 0 {
		tview.Print(screen, c.label, x, y, lw, tview.AlignLeft, tcell.ColorYellow)
	}
	text := ""
	if c.index < len(c.options) {
		text = c.options[c.index]
	}
	st := tcell.StyleDefault.Background(tcell.ColorDarkBlue).Foreground(tcell.ColorWhite)
	if c.style != nil {
		st = c.style(c.index)
	}
	if c.HasFocus() {
		st = tcell.StyleDefault.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack)
	}
	field := "◀ " + text + " ▶"
	fw := w - lw
	for i := 0; i < fw; i++ {
		screen.SetContent(x+lw+i, y, ' ', nil, st)
	}
	putStr(screen, x+lw, y, fw, field, st)
}

// putStr writes text from x on row y in one style, at most maxw cells (one cell a rune: the table shows Latin and
// Cyrillic text and one-cell symbols), and returns the cells written.
func putStr(screen tcell.Screen, x, y, maxw int, text string, st tcell.Style) int {
	n := 0
	for _, r := range text {
		if n >= maxw {
			break
		}
		screen.SetContent(x+n, y, r, nil, st)
		n++
	}
	return n
}

// InputHandler cycles with ←/→, Space and Enter.
func (c *cycler) InputHandler() func(event *tcell.EventKey, setFocus func(p tview.Primitive)) {
	return c.WrapInputHandler(func(ev *tcell.EventKey, _ func(p tview.Primitive)) {
		switch ev.Key() {
		case tcell.KeyLeft:
			c.set(c.index - 1)
		case tcell.KeyRight, tcell.KeyEnter:
			c.set(c.index + 1)
		case tcell.KeyRune:
			if ev.Rune() == ' ' {
				c.set(c.index + 1)
			}
		}
	})
}

// MouseHandler: a click on the left half shows the previous option, on the right half the next.
func (c *cycler) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
	return c.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, _ func(p tview.Primitive)) (bool, tview.Primitive) {
		x, y := event.Position()
		if action != tview.MouseLeftClick || !c.InRect(x, y) {
			return false, nil
		}
		bx, _, w, _ := c.GetInnerRect()
		if x < bx+w/2 {
			c.set(c.index - 1)
		} else {
			c.set(c.index + 1)
		}
		return true, nil
	})
}

// focusRing moves the focus along a fixed order of widgets with Tab/↓ and Shift-Tab/↑, wrapping around.
type focusRing struct {
	items []tview.Primitive
	run   func(p tview.Primitive)
	moved func(i int) // told the index focused, if set
}

func (f *focusRing) index(p tview.Primitive) int {
	for i, it := range f.items {
		if it == p || it.HasFocus() {
			return i
		}
	}
	return -1
}

func (f *focusRing) move(from tview.Primitive, d int) {
	i := f.index(from)
	if i < 0 {
		i = 0
	} else {
		i = (i + d + len(f.items)) % len(f.items)
	}
	f.focusIndex(i)
}

// focusIndex focuses item i.
func (f *focusRing) focusIndex(i int) {
	if i < 0 || i >= len(f.items) {
		i = 0
	}
	f.run(f.items[i])
	if f.moved != nil {
		f.moved(i)
	}
}

// moveTo focuses p.
func (f *focusRing) moveTo(p tview.Primitive) {
	for i, it := range f.items {
		if it == p {
			f.focusIndex(i)
		}
	}
}

// capture is an input capture for the container of the ring's widgets.
func (f *focusRing) capture(focused func() tview.Primitive) func(ev *tcell.EventKey) *tcell.EventKey {
	return func(ev *tcell.EventKey) *tcell.EventKey {
		switch ev.Key() {
		case tcell.KeyTab, tcell.KeyDown:
			f.move(focused(), 1)
			return nil
		case tcell.KeyBacktab, tcell.KeyUp:
			f.move(focused(), -1)
			return nil
		}
		return ev
	}
}

// toggle is a check box drawn as "[X] label" (the box first, so that long labels never hide it), switched with
// Space or Enter.
type toggle struct {
	*tview.Box
	label   string
	on      bool
	changed func(bool)
}

func newToggle(label string, on bool, changed func(bool)) *toggle {
	return &toggle{Box: tview.NewBox(), label: label, on: on, changed: changed}
}

// Draw draws the box and the label, reversed when focused.
func (t *toggle) Draw(screen tcell.Screen) {
	t.Box.DrawForSubclass(screen, t)
	x, y, w, h := t.GetInnerRect()
	if h < 1 || w < 1 {
		return
	}
	mark := "[ ] "
	if t.on {
		mark = "[X] "
	}
	st := tcell.StyleDefault
	if t.HasFocus() {
		st = st.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack)
	}
	putStr(screen, x, y, w, mark+t.label, st)
}

// MouseHandler switches with a click.
func (t *toggle) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
	return t.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
		x, y := event.Position()
		if action != tview.MouseLeftClick || !t.InRect(x, y) {
			return false, nil
		}
		setFocus(t)
		t.on = !t.on
		if t.changed != nil {
			t.changed(t.on)
		}
		return true, nil
	})
}

// InputHandler switches with Space and Enter.
func (t *toggle) InputHandler() func(event *tcell.EventKey, setFocus func(p tview.Primitive)) {
	return t.WrapInputHandler(func(ev *tcell.EventKey, _ func(p tview.Primitive)) {
		if ev.Key() == tcell.KeyEnter || (ev.Key() == tcell.KeyRune && ev.Rune() == ' ') {
			t.on = !t.on
			if t.changed != nil {
				t.changed(t.on)
			}
		}
	})
}
