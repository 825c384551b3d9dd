package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/cmd/karkason/picture"
	"github.com/karkason/karkason/locales"
)

// The export command: a picture of a game record (package picture), written whole or not at all.

type exportFlags struct {
	svg, png string
	turn     int
}

func export(path string, ef exportFlags, stdout, stderr io.Writer, loc *locales.Localizer) int {
	if ef.svg == "" && ef.png == "" {
		fmt.Fprintln(stderr, loc.T("export.need_out", nil))
		return 2
	}
	rec, err := library.ReadRecord(path)
	if err != nil {
		var pe *fs.PathError
		cause := err
		if errors.As(err, &pe) {
			cause = pe.Err
		}
		if errors.As(err, new(*fs.PathError)) || errors.Is(err, library.ErrTooBig) {
			fmt.Fprintln(stderr, loc.T("cli.cannot_open", map[string]any{"Path": path, "Err": cause}))
		} else {
			fmt.Fprintln(stderr, describeError(loc, err))
		}
		return 1
	}
	code := 0
	g, err := picture.GameAt(rec, ef.turn)
	if err != nil {
		var te *picture.TurnError
		if errors.As(err, &te) {
			fmt.Fprintln(stderr, loc.T("export.bad_turn", map[string]any{"Turn": te.Turn, "Last": te.Last}))
			return 2
		}
		// The picture shows the game up to the refused line; the exit code says the record is bad.
		fmt.Fprintln(stderr, describeError(loc, err))
		if g == nil {
			return 1
		}
		code = 1
	}
	pic := picture.Build(g, loc, picture.Title(g, loc, rec, path, ef.turn))
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{
		{ef.svg, func(w io.Writer) error { return picture.WriteSVG(w, pic) }},
		{ef.png, func(w io.Writer) error { return picture.WritePNG(w, pic, 1) }},
	} {
		if out.path == "" {
			continue
		}
		if err := picture.WriteFile(out.path, out.write); err != nil {
			fmt.Fprintln(stderr, describeWriteError(loc, err))
			return 1
		}
		fmt.Fprintln(stdout, loc.T("export.written", map[string]any{"Path": out.path}))
	}
	return code
}

// describeWriteError says what went wrong writing a picture and what to do.
func describeWriteError(loc *locales.Localizer, err error) string {
	var we *picture.WriteError
	if !errors.As(err, &we) {
		return err.Error()
	}
	cause := we.Err.Error()
	if i := strings.LastIndex(cause, ": "); i >= 0 {
		cause = cause[i+2:]
	}
	return loc.T("export.cannot_write", map[string]any{"Path": we.Path, "Err": cause})
}
