package tui

import (
	"github.com/karkason/karkason/referee"
)

// Accepting a last line moved aside (issue 31): karkason writes every line whole with its line end, so a record
// whose last line has none was cut off while being written, and resuming moves that line aside (referee.Recovery)
// even when it parses. A record written by hand may lack only the line end of a whole last line
// (Recovery.Whole): the table then asks, in a dialog over the first view, whether to leave the line out (the
// default: Esc or Enter) or to accept it, one key (Right, then Enter; or a click), which writes it back whole
// with its line end (referee.AcceptCutOff) and opens the record again.

// offerAccept shows the dialog for a whole line moved aside from the record at path; nothing for any other.
func (u *ui) offerAccept(path string, r *referee.Recovery) {
	if r == nil || !r.Whole {
		return
	}
	text := u.loc.T("ui.recovered_whole", map[string]any{"Line": r.Line, "File": referee.Printable(r.SavedTo)})
	buttons := []string{u.loc.T("ui.leave_out", nil), u.loc.T("ui.accept_line", map[string]any{"Line": r.Line})}
	u.dialog("accept-line", text, buttons, func(i int) {
		if i == 1 {
			u.acceptLine(path, r)
		}
	})
}

// acceptLine writes the line r back into the record at path and opens the record again; a line the referee
// refuses is not written, and the refusal is shown on the table opened again as it was.
func (u *ui) acceptLine(path string, r *referee.Recovery) {
	u.close()
	err := referee.AcceptCutOff(u.o.FS, path, r, u.cat)
	if oerr := u.openGame(path); oerr != nil {
		u.pages.RemovePage("table")
		u.table = nil
		u.showPicker()
		u.dialog("notice", u.describe(oerr), []string{u.loc.T("ui.notice_ok", nil)}, func(int) {})
		return
	}
	if err != nil && u.table != nil {
		u.table.setStatus(u.describe(err), true)
	}
}
