package tui

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/karkason/karkason/cmd/karkason/picture"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// The tally's export (F9 on the final tally): a picture of the game as "karkason export" draws it (package
// picture), written as PNG and SVG into the folder karkason was started in, named after the game's record; the
// tally says where the files went, or what went wrong and what to do.

// exportPicture writes the pictures of g and returns the PNG's path.
func (u *ui) exportPicture(g *referee.Game) (string, error) {
	rec, base := g.Record(), "karkason-game"
	path := ""
	if u.sess != nil && u.sess.Store != nil {
		path = u.sess.Store.Path()
		base = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	dir, err := os.Getwd()
	if err != nil {
		// The folder karkason was started in is gone: named as the shell named it, if it did.
		return "", &picture.WriteError{Path: filepath.Join(os.Getenv("PWD"), base+".png"), Op: "create", Err: err}
	}
	pic := picture.Build(g, u.loc, picture.Title(g, u.loc, rec, path, -1))
	png := filepath.Join(dir, base+".png")
	if err := picture.WriteFileOn(u.o.FS, png, func(w io.Writer) error { return picture.WritePNG(w, pic, 1) }); err != nil {
		return "", err
	}
	svg := filepath.Join(dir, base+".svg")
	if err := picture.WriteFileOn(u.o.FS, svg, func(w io.Writer) error { return picture.WriteSVG(w, pic) }); err != nil {
		return "", err
	}
	return png, nil
}

// exportMessage is the line the tally shows after F9; ok is false for an error (up to five lines).
func (u *ui) exportMessage(g *referee.Game) (msg string, ok bool) {
	path, err := u.exportPicture(g)
	if err != nil {
		// Said in words with what to do (another folder: OpExport, not --data-dir); the OS's text goes to the log
		// (issue 14).
		var we *picture.WriteError
		if errors.As(err, &we) {
			err = referee.AsFileError(we.Err, referee.OpExport, we.Path)
		}
		msg, ok := u.o.Log.Explain(u.loc, err)
		if !ok {
			msg = u.o.Log.Failed(u.loc, "ui.failed", err)
		}
		return "[red]" + tview.Escape(msg) + "[-]", false
	}
	return "[green]" + tview.Escape(u.loc.T("ui.tally.exported", map[string]any{"Path": referee.Printable(path)})) + "[-]", true
}
