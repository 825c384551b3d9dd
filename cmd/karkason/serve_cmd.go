package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/cmd/karkason/screen"
	"github.com/karkason/karkason/cmd/karkason/tui"
	"github.com/karkason/karkason/config"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// The serve command: the second screen without the table (package screen), for a record a table on this machine
// is writing (it follows the file as it grows and as an undo rewrites it) or a finished game.

// serveInterrupted is what ends serve: SIGINT or SIGTERM; tests replace it.
var serveInterrupted = func() (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return ch, func() { signal.Stop(ch) }
}

// serve prints the page's address as the first line of its output and serves the record at args[0] (the last
// game without it) until interrupted: 0 then, 1 when the record or the address cannot be used.
func serve(args []string, cfg config.Config, stdout, stderr io.Writer, loc *locales.Localizer, log *errlog.Log) int {
	path := ""
	if len(args) > 0 {
		path = args[0]
	} else if path = tui.LastGame(cfg.StateDir); path == "" {
		fmt.Fprintln(stderr, loc.T("ui.web.no_last_game", nil))
		return 1
	}
	// A file that cannot be opened at all is said at once; a record with a refused line is shown on the page.
	if f, err := storefs.OpenRegular(path); err != nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, &referee.FileError{Op: referee.OpRead, Path: path, Err: err}))
		return 1
	} else {
		f.Close()
	}
	srv, err := screen.Start(screen.Options{Path: path, Listen: cfg.Listen, Lang: loc.Lang(), Log: log})
	if err != nil {
		fmt.Fprintln(stderr, listenFailed(loc, log, cfg.Listen, err))
		return 1
	}
	defer srv.Stop()
	fmt.Fprintln(stdout, srv.URL())
	fmt.Fprintln(stderr, loc.T("ui.web.serving", map[string]any{"Path": referee.Printable(path)}))
	ch, stop := serveInterrupted()
	defer stop()
	<-ch
	return 0
}

// listenFailed says why the second screen cannot listen on addr, and what to do.
func listenFailed(loc *locales.Localizer, log *errlog.Log, addr string, err error) string {
	why := loc.T("ui.web.in_use", nil)
	var le *screen.ListenError
	if !errors.As(err, &le) || !le.InUse() {
		log.Record("listen", err)
		why = referee.Printable(err.Error())
		if le != nil {
			why = referee.Printable(le.Err.Error())
		}
	}
	return loc.T("ui.web.listen_failed", map[string]any{"Addr": referee.Printable(addr), "Why": why})
}
