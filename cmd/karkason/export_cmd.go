package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/cmd/karkason/picture"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// The export command: a picture of a game record (package picture), written whole or not at all.

type exportFlags struct {
	svg, png string
	turn     int  // -1: the end of the game
	negative bool // --turn was given below 0: refused with the turns the record has
}

// filesFS is the file system the pictures are written on and the data folder is listed on (games, stats): the
// real one; tests set a storefs.Faulty (a full or read-only disk, a folder that cannot be listed).
var filesFS storefs.FS = storefs.OS{}

// export writes the pictures of the record at path. Errors of the file system (reading the record, writing a
// picture) are said in words with what to do, their OS text going to the log (errlog, issue 14).
func export(path string, ef exportFlags, stdout, stderr io.Writer, loc *locales.Localizer, log *errlog.Log) int {
	if ef.svg == "" && ef.png == "" {
		fmt.Fprintln(stderr, loc.T("export.need_out", nil))
		return 2
	}
	// The record as every command reads it (referee.ReadFile): a regular file only, bounded, played as it is
	// read; the picture shows the game up to a refused line, and the exit code says the record is bad.
	rd, err := referee.ReadFile(path, engine.Standard())
	if rd == nil || rd.Game == nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, err))
		return 1
	}
	if rd.CutOff != nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, rd.CutOff))
	}
	code := 0
	if err != nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, err))
		code = 1
	}
	rec := rd.Record
	if ef.negative { // --turn -1 is no turn: say which there are, as for a turn past the end
		last := 0
		if g, _ := picture.GameAt(rec, -1); g != nil {
			last = g.TurnNo
		}
		fmt.Fprintln(stderr, loc.T("export.bad_turn", map[string]any{"Turn": ef.turn, "Last": last}))
		return 2
	}
	g, err := picture.GameAt(rec, ef.turn)
	if err != nil {
		var te *picture.TurnError
		if errors.As(err, &te) {
			fmt.Fprintln(stderr, loc.T("export.bad_turn", map[string]any{"Turn": te.Turn, "Last": te.Last}))
			return 2
		}
		fmt.Fprintln(stderr, errlog.Describe(loc, log, err))
		if g == nil {
			return 1
		}
		code = 1
	}
	pic := picture.Build(g, loc, picture.Title(g, loc, rec, path, ef.turn))
	// Every picture asked for is tried, and each one's fate said: a full disk that refuses the SVG is said for
	// the PNG too.
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
		if err := picture.WriteFileOn(filesFS, out.path, out.write); err != nil {
			fmt.Fprintln(stderr, errlog.Describe(loc, log, writeError(err)))
			code = 1
			continue
		}
		fmt.Fprintln(stdout, loc.T("export.written", map[string]any{"Path": referee.Printable(out.path)}))
	}
	return code
}

// writeError is the error of writing a picture as an error of the file system (referee.FileError, OpExport: the
// advice is another file or folder for the picture): the picture's path, and the OS error under it.
func writeError(err error) error {
	var we *picture.WriteError
	if errors.As(err, &we) {
		return referee.AsFileError(we.Err, referee.OpExport, we.Path)
	}
	return err
}
