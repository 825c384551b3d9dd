package tui

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// Record files: one per game in the data directory, named after the start time and the players
// ("2026-11-21T1530-Ана-Богдан.rec"); the state directory holds "last-game", the path of the game played last, so
// that "karkason resume" without a file picks it up. The list of the saved games is package library's (picker.go).

// recordExt is the extension of game records.
const recordExt = ".rec"

// lastGameFile is the name of the last-game pointer in the state directory.
const lastGameFile = "last-game"

// recordName returns the file name for a game begun at t: the local time to the minute and the players' names,
// with the characters a file name cannot hold replaced by "_".
func recordName(t time.Time, players []referee.PlayerSpec) string {
	parts := []string{t.Format("2006-01-02T1504")}
	for _, p := range players {
		parts = append(parts, safeName(p.Name))
	}
	return strings.Join(parts, "-") + recordExt
}

func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '/', '\\', 0:
			return '_'
		}
		return r
	}, s)
	if strings.HasPrefix(s, ".") {
		s = "_" + s[1:]
	}
	if r := []rune(s); len(r) > 20 {
		s = string(r[:20])
	}
	return s
}

// newRecordPath returns a path in dir for a new game that nothing holds yet ("-2", "-3"... added if needed): a name
// taken by anything, a file, a folder or a symbolic link (one to nothing too, which the record's exclusive create
// would refuse), is taken.
func newRecordPath(dir string, t time.Time, players []referee.PlayerSpec) string {
	name := recordName(t, players)
	path := filepath.Join(dir, name)
	base := strings.TrimSuffix(name, recordExt)
	for i := 2; nameTaken(path); i++ {
		path = filepath.Join(dir, base+"-"+strconv.Itoa(i)+recordExt)
	}
	return path
}

// nameTaken reports whether something is at path: a file, a folder, a symbolic link (whether or not it leads
// anywhere).
func nameTaken(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// readLastGame returns the path of the last game from the state directory, "" if there is none or the file it
// names is gone.
func readLastGame(stateDir string) string {
	if stateDir == "" {
		return ""
	}
	// A path, at most PATH_MAX: read within that bound and never waited on (a FIFO in its place is no pointer).
	b, err := storefs.ReadRegular(filepath.Join(stateDir, lastGameFile), 4<<10)
	if err != nil {
		return ""
	}
	path := strings.TrimSpace(string(b))
	if path == "" || !fileExists(path) {
		return ""
	}
	return path
}

// writeLastGame records path as the last game: a temporary file, synced and renamed over the pointer, and the
// folder synced, so that the pointer is either the old one or the new one, whole. A failure loses nothing but the
// shortcut (karkason resume FILE still works, and the pointer before is as it was): the error, a
// *referee.FileError (OpState: its remedy is --state-dir; a file in the state folder's place is
// referee.ErrNotFolder with that file's path), is shown as a note.
func writeLastGame(stateDir, path string) error { return writeLastGameOn(storefs.OS{}, stateDir, path) }

// writeLastGameOn is writeLastGame on the file system fsys (tests: a storefs.Faulty, a full state folder).
func writeLastGameOn(fsys storefs.FS, stateDir, path string) error {
	if stateDir == "" {
		return nil
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	ptr := filepath.Join(stateDir, lastGameFile)
	fail := func(err error) error { return &referee.FileError{Op: referee.OpState, Path: ptr, Err: err} }
	if err := os.MkdirAll(stateDir, 0o755); err != nil {
		if file := storefs.FileInPath(stateDir); file != "" {
			return &referee.FileError{Op: referee.OpState, Path: file, Err: referee.ErrNotFolder}
		}
		return fail(err)
	}
	err := storefs.WriteWhole(fsys, ptr, func(w io.Writer) error {
		_, err := io.WriteString(w, path+"\n")
		return err
	})
	if err != nil {
		return fail(err)
	}
	return nil
}
