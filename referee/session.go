package referee

import (
	"bytes"
	"errors"

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
	// Recovered is set when opening found a torn last line (moved aside, see Store).
	Recovered *Recovery
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

// Resume opens a record file and replays it as it reads it (a line is applied before the next is read; the reading
// is bounded by MaxRecordBytes and MaxLineBytes). A refused or malformed line stops the replay: the session is
// returned with the game as after the last good action and the error says which line; the file is left as it is.
// Errors with a nil session: a bad header or setup line (*ParseError, *Refusal), a record over MaxRecordBytes, a
// *FileError (OpOpen) or ErrLocked.
func Resume(path string, cat *engine.Catalogue) (*Session, error) {
	return ResumeOn(storefs.OS{}, path, cat)
}

// ResumeOn is Resume with the record on the file system fsys (tests: storefs.Faulty).
func ResumeOn(fsys storefs.FS, path string, cat *engine.Catalogue) (*Session, error) {
	st, data, recov, err := openStore(fsys, path)
	if err != nil {
		return nil, err
	}
	g, err := playAlong(bytes.NewReader(data), cat)
	if g == nil {
		st.Close()
		return nil, err
	}
	return &Session{Game: g, Store: st, Recovered: recov}, err
}

// Do validates a, saves it and applies it. A refusal (or a failed write) leaves the game unchanged.
func (s *Session) Do(a Action) error {
	if err := a.Validate(); err != nil {
		return err
	}
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
	s.redo = s.redo[:0]
	return nil
}

// Undo takes back the last action; false if there is none. A failed rewrite of the record leaves the game as it
// was, unless the rewrite was Committed (*FileError): then the undo is done and the error says the store stopped.
func (s *Session) Undo() (bool, error) {
	if len(s.Game.Actions) == 0 {
		return false, nil
	}
	next := s.Game.Clone()
	undone := next.Undo(1)
	var err error
	if s.Store != nil {
		err = s.Store.Rewrite(next.Record())
		var fe *FileError
		if err != nil && !(errors.As(err, &fe) && fe.Committed) {
			return false, err // the record is as it was: so is the game
		}
		// Committed: the record on disk is the undone one, so the game is too (and the store is stopped).
	}
	s.Game = next
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
