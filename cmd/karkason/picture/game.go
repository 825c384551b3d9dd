package picture

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// ErrNoSuchTurn is returned by GameAt for a turn the record does not reach; *TurnError says which turns it has.
var ErrNoSuchTurn = errors.New("the record has no such turn")

// TurnError is a turn the record does not reach: Last is the last turn it has.
type TurnError struct{ Turn, Last int }

func (e *TurnError) Error() string {
	return fmt.Sprintf("turn %d: the record has turns 0 to %d", e.Turn, e.Last)
}

// Unwrap makes errors.Is(err, ErrNoSuchTurn) true.
func (e *TurnError) Unwrap() error { return ErrNoSuchTurn }

// GameAt replays rec through the referee to its end (turn < 0) or to the end of turn turn (0: the start piece
// alone): the actions up to the first one that begins turn+1, settled (pending optional decisions declined, the
// turn scored) as Replay settles a record. A refused line stops the replay as in referee.ReplayRecord: the game
// as after the last good action comes back with the error.
func GameAt(rec *referee.Record, turn int) (*referee.Game, error) {
	cat := engine.Standard()
	if turn < 0 {
		return referee.ReplayRecord(rec, cat, false)
	}
	g, err := referee.NewGameFrom(rec, cat) // the start piece, or the record's position (POS)
	if err != nil {
		return referee.ReplayRecord(rec, cat, false) // the same error, with its line
	}
	k := len(rec.Actions)
	for i, a := range rec.Actions {
		// An action that begins turn turn+1 (a tile placed with the figure step of turn turn left out) is left
		// out: settling declines what it declined.
		if g.TurnNo > turn {
			k = i
			break
		}
		if err := g.Apply(a); err != nil {
			k = i
			break
		}
		if g.TurnNo > turn {
			k = i + 1 // the action that ended turn turn (a figure, the City, the Count, a pass) belongs to it
			if a.Verb == referee.VerbPlace || a.Verb == referee.VerbDiscard || a.Verb == referee.VerbGift {
				k = i // … but a tile of the next turn does not
			}
			break
		}
	}
	if k == len(rec.Actions) && g.TurnNo < turn {
		return nil, &TurnError{Turn: turn, Last: g.TurnNo}
	}
	cut := *rec
	cut.Actions = rec.Actions[:k]
	return referee.ReplayRecord(&cut, cat, false)
}

// WriteError is a picture that could not be written: Op is what failed ("create" the temporary file in the
// target's folder, "write", "sync", "rename" it over the target), Err the file system's error.
type WriteError struct {
	Path string
	Op   string
	Err  error
}

func (e *WriteError) Error() string { return fmt.Sprintf("%s %s: %v", e.Op, e.Path, e.Err) }

func (e *WriteError) Unwrap() error { return e.Err }

// WriteFile writes a file whole or not at all: a temporary file in the target's folder, written by write,
// synced, closed and renamed over path, then the folder synced. Errors are *WriteError; on error nothing is left
// behind but what was at path before.
func WriteFile(path string, write func(io.Writer) error) error {
	return WriteFileOn(storefs.OS{}, path, write)
}

// WriteFileOn is WriteFile on the file system fsys (tests: a storefs.Faulty, a full or read-only disk), through
// storefs.WriteWhole. A folder sync that fails after the rename is not an error here: the picture is written.
func WriteFileOn(fsys storefs.FS, path string, write func(io.Writer) error) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		// The rename would fail with "file exists": say what is wrong (a folder where the picture should go).
		return &WriteError{Path: path, Op: "create", Err: syscall.EISDIR}
	}
	err := storefs.WriteWhole(fsys, path, write)
	var pe *fs.PathError
	switch {
	case err == nil || errors.As(err, &pe) && pe.Op == "syncdir":
		return nil
	case pe != nil:
		return &WriteError{Path: path, Op: pe.Op, Err: pe.Err}
	}
	return &WriteError{Path: path, Op: "write", Err: err}
}

// Title is the picture's title line: who played, and the moment shown (the final scores, after turn N, or the
// game in progress at turn N), with the game's date (library.DateOf's ruling: the start time in the file name,
// else the file's modification time).
func Title(g *referee.Game, loc Translator, rec *referee.Record, path string, turn int) string {
	var names []string
	for _, p := range rec.Setup.Players {
		names = append(names, p.Name)
	}
	d, _ := library.DateOf(path)
	date := d.Local().Format("2006-01-02")
	data := map[string]any{"Players": strings.Join(names, ", "), "Date": date, "Turn": g.TurnNo}
	switch {
	case g.Phase == referee.PhaseEnded:
		return loc.T("export.title.final", data)
	case turn >= 0:
		data["Turn"] = turn
		return loc.T("export.title.turn", data)
	}
	return loc.T("export.title.playing", data)
}
