package referee

import (
	"github.com/karkason/karkason/engine"
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

// NewSession starts a new game and, if path is not empty, its record file.
func NewSession(setup Setup, cat *engine.Catalogue, path string) (*Session, error) {
	g, err := NewGame(setup, cat)
	if err != nil {
		return nil, err
	}
	s := &Session{Game: g}
	if path != "" {
		st, err := Create(path, setup)
		if err != nil {
			return nil, err
		}
		s.Store = st
	}
	return s, nil
}

// Resume opens a record file and replays it. A refused line stops the replay: the game is as after the last good
// action and the error says which line; the file is left as it is.
func Resume(path string, cat *engine.Catalogue) (*Session, error) {
	st, rec, recov, err := Open(path)
	if err != nil {
		if st != nil {
			st.Close()
		}
		return nil, err
	}
	g, err := NewGameFrom(rec, cat)
	if err != nil {
		st.Close()
		return nil, err
	}
	s := &Session{Game: g, Store: st, Recovered: recov}
	for _, a := range rec.Actions {
		if err := g.Apply(a); err != nil {
			return s, err
		}
	}
	return s, nil
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

// Undo takes back the last action; false if there is none.
func (s *Session) Undo() (bool, error) {
	if len(s.Game.Actions) == 0 {
		return false, nil
	}
	next := s.Game.Clone()
	undone := next.Undo(1)
	if s.Store != nil {
		if err := s.Store.Rewrite(next.Record()); err != nil {
			return false, err
		}
	}
	s.Game = next
	s.redo = append(s.redo, undone...)
	return true, nil
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
