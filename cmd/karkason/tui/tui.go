// Package tui is karkason's table: the tview application that sets up a game, shows the board and the scores,
// and takes each move. It only shows and asks: every rule is the referee's.
package tui

import (
	"errors"

	"github.com/karkason/karkason/config"
	"github.com/karkason/karkason/locales"
)

// Options configure the table.
type Options struct {
	Config config.Config
	Loc    *locales.Localizer
	Resume bool   // go on with a saved game
	File   string // the record to resume ("" = the most recent)
}

// Run opens the table and returns when the players quit.
func Run(o Options) error { return errors.New("the table is not built yet") }
