package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// The library commands (games, stats) and --version: parsing the flags and printing; the work is package
// library's.

type libFlags struct {
	players               []string
	since, until, modules string
}

// games prints the saved games of dir, newest first.
func games(dir, stateDir string, jsonOut bool, stdout, stderr io.Writer, loc *locales.Localizer, log *errlog.Log) int {
	list, err := library.ListCached(filesFS, dir, stateDir, log.Record)
	if err != nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, referee.AsFileError(err, referee.OpList, dir)))
		return 1
	}
	if err := library.PrintGames(stdout, dir, list, loc, func(e error) string { return errlog.Describe(loc, log, e) },
		jsonOut); err != nil {
		return outputFailed(err, stderr, loc, log)
	}
	return 0
}

// stats prints the statistics of the finished games of dir chosen by the flags.
func stats(dir, stateDir string, lf libFlags, jsonOut bool, stdout, stderr io.Writer, loc *locales.Localizer,
	log *errlog.Log) int {
	var f library.Filter
	for _, d := range []struct {
		flag, value string
		to          *time.Time
		next        bool
	}{{"--since", lf.since, &f.Since, false}, {"--until", lf.until, &f.Until, true}} {
		if d.value == "" {
			continue
		}
		t, err := time.ParseInLocation("2006-01-02", d.value, time.Local)
		if err != nil {
			fmt.Fprintln(stderr, loc.T("lib.bad_date", map[string]any{"Flag": d.flag, "Value": referee.Printable(d.value)}))
			return 2
		}
		if d.next {
			t = t.AddDate(0, 0, 1) // --until is inclusive: up to the end of that day
		}
		*d.to = t
	}
	for _, m := range strings.Split(lf.modules, ",") {
		if m = strings.TrimSpace(m); m == referee.ExpansionNone { // the base game alone
			f.BaseOnly = true
		} else if m != "" {
			if !referee.IsExpansion(m) {
				fmt.Fprintln(stderr, loc.T("lib.bad_module", map[string]any{"Module": referee.Printable(m),
					"Modules": strings.Join(referee.Expansions(), ",")}))
				return 2
			}
			f.Modules = append(f.Modules, m)
		}
	}
	if f.BaseOnly && len(f.Modules) > 0 {
		fmt.Fprintln(stderr, loc.T("lib.bad_module_none", nil))
		return 2
	}
	if len(library.Names(lf.players)) > 2 {
		fmt.Fprintln(stderr, loc.T("lib.too_many_players", nil))
		return 2
	}
	list, err := library.ListCached(filesFS, dir, stateDir, log.Record)
	if err != nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, referee.AsFileError(err, referee.OpList, dir)))
		return 1
	}
	if err := library.PrintStats(stdout, library.Compute(list, f), lf.players, loc, jsonOut); err != nil {
		return outputFailed(err, stderr, loc, log)
	}
	return 0
}

// outputFailed says that a command's output could not be written (a full disk, a closed output, a pipe whose
// reader stopped) as every error of the file system is said, in the user's language with what to do, the OS's
// text in the log (referee.OpOutput); it returns the exit code, 1.
func outputFailed(err error, stderr io.Writer, loc *locales.Localizer, log *errlog.Log) int {
	fmt.Fprintln(stderr, errlog.Describe(loc, log, referee.AsFileError(err, referee.OpOutput, "")))
	return 1
}

// buildVersion is the module version from the build info ("(devel)" for a build from a work tree), with the
// VCS revision when the build recorded one.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
