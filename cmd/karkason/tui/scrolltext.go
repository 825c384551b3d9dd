package tui

import (
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// scrollMarked is a bordered text view that marks on its border where more text is (issue 30: F1 at 80x24 was cut
// with nothing saying so): ▼ at the bottom right while lines follow below, ▲ at the top right while lines are
// above; the arrows, PgUp PgDn, Home End and the wheel scroll it (tview's TextView).
type scrollMarked struct {
	*tview.TextView
}

func newScrollMarked(tv *tview.TextView) *scrollMarked { return &scrollMarked{tv} }

// more reports whether lines are hidden above and below (w, h: the text's room on screen). The lines are counted
// here: tview's GetWrappedLineCount wraps at the field width, not the view's, and leaves its index so.
func (s *scrollMarked) more(w, h int) (above, below bool) {
	row, _ := s.GetScrollOffset()
	n := 0
	for _, para := range strings.Split(s.GetText(true), "\n") {
		n += max(1, len(tview.WordWrap(para, max(w, 1))))
	}
	return row > 0, row+h < n
}

func (s *scrollMarked) Draw(screen tcell.Screen) {
	s.TextView.Draw(screen)
	x, y, w, h := s.GetRect()
	_, _, iw, ih := s.GetInnerRect()
	if w < 3 || h < 2 {
		return
	}
	above, below := s.more(iw, ih)
	st := tcell.StyleDefault.Foreground(tcell.ColorYellow)
	if above {
		screen.SetContent(x+w-2, y, '▲', nil, st)
	}
	if below {
		screen.SetContent(x+w-2, y+h-1, '▼', nil, st)
	}
}
