package tui

import (
	"errors"
	"fmt"
	"os"
)

// A table needs a terminal (issue 31 item 2): started without one (TERM set but no tty: ssh without -t, cron, a
// pipe, setsid), tcell's screen panicked at its first drawing, after the record was opened and perhaps changed (a
// cut-off last line moved aside) and before the message naming the side file was shown. Run now looks for the
// terminal first, before anything is opened, and returns ErrNoTerminal, which the command says in one localized
// line (exit 1), nothing changed; and a start that did change the record (a line moved aside) but could not open
// the screen after all returns a *StartError that carries what was said, for the command to print.

// ErrNoTerminal is the error of Run without a terminal to draw on; nothing was opened or changed.
var ErrNoTerminal = errors.New("no terminal")

// StartError is a table that could not run after its start changed the record: Notes are what the table would
// have shown (a cut-off line moved aside, and where), for the command to print, and Err why it could not run.
type StartError struct {
	Notes []string
	Err   error
}

func (e *StartError) Error() string { return fmt.Sprintf("%v (after: %v)", e.Err, e.Notes) }

// Unwrap returns Err.
func (e *StartError) Unwrap() error { return e.Err }

// ttyPath is the terminal the table draws on, as tcell opens it.
const ttyPath = "/dev/tty"

// haveTerminal reports whether the process has a terminal to draw on: its controlling terminal opens and is one.
func haveTerminal() bool {
	f, err := os.OpenFile(ttyPath, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	return isTerminal(f.Fd())
}
