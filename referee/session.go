package referee

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
)

// Session is a game being played at the table with its record on disk: every action is validated on a copy of
// the game, appended to the record and synced, and only then becomes the game (nothing a player entered is lost,
// and a refused or unsaved action changes nothing). Undo and redo keep the record consistent.
type Session struct {
	Game  *Game
	Store *Store // nil: not saved (tests, "what if")
	redo  []Action
	// Recovered is set when opening found a cut-off last line (moved aside, see Store).
	Recovered *Recovery
	// header and trailing are the record's comments before its setup line and after its last line (Record):
	// kept through an undo, which rewrites the record.
	header, trailing []string
}

// NewSession starts a new game and, if path is not empty, its record file. Errors: a refused set-up (*ParseError,
// *Refusal), a *FileError (OpCreate, no file left behind) or ErrLocked.
func NewSession(setup Setup, cat *engine.Catalogue, path string) (*Session, error) {
	return NewSessionOn(storefs.OS{}, setup, cat, path)
}

// NewSessionOn is NewSession with its record on the file system fsys (tests: storefs.Faulty).
func NewSessionOn(fsys storefs.FS, setup Setup, cat *engine.Catalogue, path string) (*Session, error) {
	g, err := NewGame(setup, cat)
	if err != nil {
		return nil, err
	}
	s := &Session{Game: g}
	if path != "" {
		st, err := CreateOn(fsys, path, setup)
		if err != nil {
			return nil, err
		}
		s.Store = st
	}
	return s, nil
}

// Resume opens a record file to go on with the game: the file is locked and read (bounded by MaxRecordBytes,
// MaxLines and MaxLineBytes) and played line by line by the reader every command uses (ReadFile), before anything
// is written. A file that is not a record, or a record with a refused or malformed line, is refused as it is: the
// error says which line, and the file is not changed. The one change opening may make is to move a cut-off last
// line (CutOff) aside to a side file, named in Session.Recovered. Errors: *ParseError, *Refusal, a *FileError
// (OpOpen; ErrLocked under it for a game open in another program).
func Resume(path string, cat *engine.Catalogue) (*Session, error) {
	return ResumeOn(storefs.OS{}, path, cat)
}

// ResumeOn is Resume with the record on the file system fsys (tests: storefs.Faulty).
func ResumeOn(fsys storefs.FS, path string, cat *engine.Catalogue) (*Session, error) {
	var rec *Record
	var g *Game
	st, recov, err := resumeRecord(fsys, path, func(data []byte) (err error) {
		rec, g, err = playAlong(bytes.NewReader(data), cat, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &Session{Game: g, Store: st, Recovered: recov, header: rec.HeaderComments,
		trailing: rec.TrailingComments}, nil
}

// CheckOpen reports what opening the record at path to go on with it (Resume, ResumeEntry) would refuse, without
// changing it (a cut-off last line is left where it is): the errors of Resume but for a position entry under way,
// whose lines ResumeEntry reads as a draft. The table without a terminal says these before it says it has none.
func CheckOpen(path string, cat *engine.Catalogue) error {
	o, err := openRecord(storefs.OS{}, path)
	if err != nil {
		return err
	}
	defer o.release()
	rec, _, err := playAlong(bytes.NewReader(o.data), cat, false)
	if _, cut := err.(*CutOff); cut || (err != nil && IsEntry(rec)) {
		return nil
	}
	return err
}

// Do validates a, saves it and applies it. A refusal (or a failed write) leaves the game unchanged. The record's
// comments after its last line come before a in the file: they are a's CommentsBefore from then on.
func (s *Session) Do(a Action) error {
	if err := a.Validate(); err != nil {
		return err
	}
	a.SetCommentsBefore(s.trailing)
	next := s.Game.Clone()
	if err := next.Apply(a); err != nil {
		return err
	}
	if s.Store != nil {
		if err := s.Store.Append(a); err != nil {
			return err
		}
	}
	s.Game = next
	s.trailing = nil
	s.redo = s.redo[:0]
	return nil
}

// Undo takes back the last action; false if there is none. The record is rewritten without the action's line,
// every other byte kept as written (comment lines, spacing; those before the undone action come after the last
// line again). A failed rewrite of the record leaves the game
// as it was, unless the rewrite was Committed (*FileError): then the undo is done and the error says the store
// stopped.
func (s *Session) Undo() (bool, error) {
	if len(s.Game.Actions) == 0 {
		return false, nil
	}
	next := s.Game.Clone()
	undone := next.Undo(1)
	trailing := append(append([]string(nil), undone[0].CommentsBefore()...), s.trailing...)
	undone[0].SetCommentsBefore(nil)
	var err error
	if s.Store != nil {
		// The undone action's line leaves the file and nothing else does: its comments before it and every comment
		// line stay exactly as written (record_lines.go).
		err = s.Store.edit(func(r *rawRecord) error {
			i := r.lastContent()
			if i < 0 || r.content(firstActionContent(next)) < 0 {
				return fmt.Errorf("referee: the record has no line of the action to undo")
			}
			r.remove(i)
			return nil
		})
		var fe *FileError
		if err != nil && !(errors.As(err, &fe) && fe.Committed) {
			return false, err // the record is as it was: so is the game
		}
		// Committed: the record on disk is the undone one, so the game is too (and the store is stopped).
	}
	s.Game = next
	s.trailing = trailing
	s.redo = append(s.redo, undone...)
	return true, err
}

// Redo applies the last undone action again; false if there is none.
func (s *Session) Redo() (bool, error) {
	if len(s.redo) == 0 {
		return false, nil
	}
	a := s.redo[len(s.redo)-1]
	redo := s.redo[:len(s.redo)-1]
	if err := s.Do(a); err != nil {
		return false, err
	}
	s.redo = redo
	return true, nil
}

// CanRedo reports whether there is an undone action to redo.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// Close closes the record file.
func (s *Session) Close() error {
	if s.Store == nil {
		return nil
	}
	return s.Store.Close()
}

// Record returns the game's record: the set-up, the position it began from (if any) and every accepted action.
func (g *Game) Record() *Record {
	return &Record{Setup: g.Setup, Position: append([]PositionLine(nil), g.Position...),
		Actions: append([]Action(nil), g.Actions...)}
}

// firstActionContent is the content line (rawRecord.content) of the first action of a record of g: the header, the
// setup line and the position lines come before it.
func firstActionContent(g *Game) int { return 2 + len(g.Position) }
