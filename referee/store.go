package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Autosave: one record file per game; each confirmed action is one line appended and synced to disk before it
// counts, so a crash, a kill or a power cut leaves a record that resumes to the last confirmed action. A last line
// without its newline is a torn write: on opening, the complete prefix is kept and the torn tail is moved aside to
// a side file (never silently deleted). A lock file guards against two programs writing one game.

// Store is an open game record file.
type Store struct {
	path string
	f    *os.File
	lock *os.File
}

// ErrLocked is returned when another program has the game open.
var ErrLocked = errors.New("the game is open in another karkason")

// Recovery describes what Open found at the end of a file cut off mid-line.
type Recovery struct {
	TornBytes int    // bytes of the incomplete last line
	SavedTo   string // the side file that holds them
}

func lockFile(path string) (*os.File, error) {
	l, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(l.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		l.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, ErrLocked
		}
		return nil, err
	}
	return l, nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Create starts a new record file at path (which must not exist) with the header and the setup line, synced.
func Create(path string, setup Setup) (*Store, error) {
	if err := setup.Validate(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	lock, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		lock.Close()
		return nil, err
	}
	s := &Store{path: path, f: f, lock: lock}
	if err := s.write(Header + "\n" + setup.String() + "\n"); err != nil {
		s.Close()
		return nil, err
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Open opens an existing record file for appending, after recovering a torn last line, and parses it. A record
// that does not parse is returned with its *ParseError; the file is left as it is then.
func Open(path string) (*Store, *Record, *Recovery, error) {
	lock, err := lockFile(path)
	if err != nil {
		return nil, nil, nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		lock.Close()
		return nil, nil, nil, err
	}
	var rec *Recovery
	if n := len(data); n > 0 && data[n-1] != '\n' {
		cut := bytes.LastIndexByte(data, '\n') + 1
		side := fmt.Sprintf("%s.torn-%s", path, time.Now().UTC().Format("20060102T150405"))
		if err := os.WriteFile(side, data[cut:], 0o644); err != nil {
			lock.Close()
			return nil, nil, nil, err
		}
		if err := os.Truncate(path, int64(cut)); err != nil {
			lock.Close()
			return nil, nil, nil, err
		}
		rec = &Recovery{TornBytes: n - cut, SavedTo: side}
		data = data[:cut]
	}
	parsed, perr := ParseRecord(bytes.NewReader(data))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		lock.Close()
		return nil, nil, nil, err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		lock.Close()
		return nil, nil, nil, err
	}
	return &Store{path: path, f: f, lock: lock}, parsed, rec, perr
}

// Path returns the record file's path.
func (s *Store) Path() string { return s.path }

func (s *Store) write(text string) error {
	if _, err := io.WriteString(s.f, text); err != nil {
		return err
	}
	return s.f.Sync()
}

// Append writes one action as a line and syncs it to disk.
func (s *Store) Append(a Action) error {
	line := a.String()
	if strings.ContainsAny(line, "\n\r") {
		return fmt.Errorf("action line contains a line break")
	}
	return s.write(line + "\n")
}

// Rewrite replaces the whole file with rec (after an undo): a temporary file is written and synced, renamed over
// the record, and the directory synced.
func (s *Store) Rewrite(rec *Record) error {
	tmp := s.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := WriteRecord(f, rec); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, s.path); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := syncDir(filepath.Dir(s.path)); err != nil {
		return err
	}
	nf, err := os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	s.f.Close()
	s.f = nf
	return nil
}

// Close closes the file and releases the lock.
func (s *Store) Close() error {
	var err error
	if s.f != nil {
		err = s.f.Close()
		s.f = nil
	}
	if s.lock != nil {
		s.lock.Close() // the lock file stays: removing it would race with a program about to lock it
		s.lock = nil
	}
	return err
}
