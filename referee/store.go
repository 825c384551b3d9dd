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

	"github.com/karkason/karkason/referee/storefs"
	"golang.org/x/sys/unix"
)

// Autosave: one record file per game; each confirmed action is one line appended and synced to disk before it
// counts, so a crash, a kill or a power cut leaves a record that resumes to the last confirmed action. A last line
// without its newline is a torn write: on opening, the complete prefix is kept and the torn tail is moved aside to
// a side file (never silently deleted). A lock file guards against two programs writing one game.
//
// A write that fails (a full disk, a failing sync) leaves the record as it was: every write goes through one of
// two functions, appendLine (write, sync; on failure cut the file back to its last good length and sync again) and
// rewrite (a temporary file written and synced, renamed over the record, the folder synced). When even the cut
// fails, the store is stopped: it takes no more writes until the game is opened again, where the torn-tail
// recovery applies. Every error of the file system is a *FileError (see FileMessages); the file system itself is
// a storefs.FS, the real one (storefs.OS) but in tests.

// Store is an open game record file.
type Store struct {
	path string
	fs   storefs.FS
	f    storefs.File
	lock *os.File
	// size is the length of the record on disk: every line written and synced, nothing after.
	size int64
	// stopped is the error of a failed write that could not be undone; no more writes then.
	stopped error
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

// Create starts a new record file at path (which must not exist) with the header, the comments (one line each,
// as Record.HeaderComments) and the setup line, synced. Errors: *ParseError of Setup.Validate or of a comment with
// a line break; *FileError (OpCreate) of the file system, after which no record file is left behind (a retry
// starts afresh).
func Create(path string, setup Setup, comments ...string) (*Store, error) {
	return CreateOn(storefs.OS{}, path, setup, comments...)
}

// CreateOn is Create on the file system fsys (tests: storefs.Faulty).
func CreateOn(fsys storefs.FS, path string, setup Setup, comments ...string) (*Store, error) {
	var head bytes.Buffer
	if err := WriteRecord(&head, &Record{Setup: setup, HeaderComments: comments}); err != nil {
		return nil, err
	}
	fail := func(err error) error {
		if errors.Is(err, ErrLocked) {
			return err
		}
		return &FileError{Op: OpCreate, Path: path, Err: err}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fail(err)
	}
	lock, err := lockFile(path)
	if err != nil {
		return nil, fail(err)
	}
	f, err := fsys.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		if !errors.Is(err, os.ErrExist) {
			os.Remove(path + ".lock") // the game never existed: nobody else can hold its lock
		}
		lock.Close()
		return nil, fail(err)
	}
	s := &Store{path: path, fs: fsys, f: f, lock: lock}
	err = s.appendLine(head.String())
	if err == nil {
		if err = fsys.SyncDir(filepath.Dir(path)); err != nil {
			err = fail(err)
		}
	}
	if err != nil {
		// Nothing was played yet: the new file goes (a full disk gets its bytes back), and so does its lock file,
		// which nobody else can hold (the game never existed).
		f.Close()
		s.f = nil
		fsys.Remove(path)
		os.Remove(path + ".lock")
		s.Close()
		var fe *FileError
		if errors.As(err, &fe) {
			fe.Op, fe.Stopped = OpCreate, false
		}
		return nil, err
	}
	return s, nil
}

// Open opens an existing record file for appending, after recovering a torn last line, and parses it. A record
// that does not parse is returned with its *ParseError; the file is left as it is then. A record over
// MaxRecordBytes is refused (KeyTooLarge) before it is read. Errors of the file system are *FileError (OpOpen),
// or ErrLocked.
func Open(path string) (*Store, *Record, *Recovery, error) {
	st, data, rec, err := openStore(storefs.OS{}, path)
	if err != nil {
		return nil, nil, nil, err
	}
	parsed, perr := ParseRecord(bytes.NewReader(data))
	return st, parsed, rec, perr
}

// openStore locks and reads the record at path (at most MaxRecordBytes), moves a torn last line aside, and opens
// the file for appending. It returns the record's bytes.
func openStore(fsys storefs.FS, path string) (*Store, []byte, *Recovery, error) {
	fail := func(err error) error {
		if errors.Is(err, ErrLocked) {
			return err
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			return err
		}
		return &FileError{Op: OpOpen, Path: path, Err: err}
	}
	// The record first: a wrong name must not leave a lock file behind.
	in, err := os.Open(path)
	if err != nil {
		return nil, nil, nil, fail(err)
	}
	defer in.Close()
	if fi, err := in.Stat(); err != nil || !fi.Mode().IsRegular() {
		if err == nil {
			err = ErrNotFile // a folder, a pipe, a device: nothing to lock or append to
		}
		return nil, nil, nil, fail(err)
	}
	lock, err := lockFile(path)
	if err != nil {
		return nil, nil, nil, fail(err)
	}
	data, err := readCapped(in)
	if err != nil {
		lock.Close()
		return nil, nil, nil, fail(err)
	}
	f, err := fsys.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		lock.Close()
		return nil, nil, nil, fail(err)
	}
	s := &Store{path: path, fs: fsys, f: f, lock: lock, size: int64(len(data))}
	var rec *Recovery
	if n := len(data); n > 0 && data[n-1] != '\n' {
		cut := bytes.LastIndexByte(data, '\n') + 1
		side := fmt.Sprintf("%s.torn-%s", path, time.Now().UTC().Format("20060102T150405"))
		// The torn bytes are on disk in the side file before they leave the record.
		if err := s.writeSide(side, data[cut:]); err != nil {
			s.Close()
			return nil, nil, nil, fail(err)
		}
		if err := f.Truncate(int64(cut)); err != nil {
			s.Close()
			return nil, nil, nil, fail(err)
		}
		rec = &Recovery{TornBytes: n - cut, SavedTo: side}
		data = data[:cut]
		s.size = int64(cut)
	}
	if err := f.Sync(); err != nil {
		s.Close()
		return nil, nil, nil, fail(err)
	}
	return s, data, rec, nil
}

// readCapped reads a whole record file of at most MaxRecordBytes; a larger one is refused (KeyTooLarge) before it
// is read when its size is known, else once the cap is passed.
func readCapped(f *os.File) ([]byte, error) {
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxRecordBytes {
		return nil, tooLarge(1)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRecordBytes {
		return nil, tooLarge(bytes.Count(data, []byte("\n")) + 1)
	}
	return data, nil
}

// writeSynced writes data to f, syncs and closes it; the first error is returned (f is closed either way).
func writeSynced(f storefs.File, data []byte) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeSide writes a new file whole and synced, with its folder; a failure removes it.
func (s *Store) writeSide(path string, data []byte) error {
	f, err := s.fs.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	err = writeSynced(f, data)
	if err == nil {
		err = s.fs.SyncDir(filepath.Dir(path))
	}
	if err != nil {
		s.fs.Remove(path)
	}
	return err
}

// Path returns the record file's path.
func (s *Store) Path() string { return s.path }

// Stopped reports whether the store takes no more writes (a failed write could not be undone); the game must be
// opened again (Resume), which puts the record in order.
func (s *Store) Stopped() bool { return s.stopped != nil }

// appendLine is the one way a line reaches the end of the record: text (whole lines, each ending in "\n") is
// written and synced; if that fails, whatever part of it reached the file is cut off again (truncate to the last
// good length, sync) before the error is returned, so the record is as it was and a retry appends clean lines. If
// the cut fails too, the store is stopped. Errors are *FileError (OpSave).
func (s *Store) appendLine(text string) error {
	if err := s.writable(); err != nil {
		return err
	}
	_, err := io.WriteString(s.f, text)
	if err == nil {
		err = s.f.Sync()
	}
	if err == nil {
		s.size += int64(len(text))
		return nil
	}
	if cut := s.f.Truncate(s.size); cut != nil {
		s.stopped = cut
		return &FileError{Op: OpSave, Path: s.path, Err: err, Stopped: true}
	}
	// The file is its last good length again. If this sync fails too (the disk that failed the write), the next
	// append's successful sync writes the length with its line; a crash before that leaves at most a torn last
	// line, which opening moves aside.
	_ = s.f.Sync()
	return &FileError{Op: OpSave, Path: s.path, Err: err}
}

// writable returns the error that keeps the store from writing: stopped, or closed.
func (s *Store) writable() error {
	if s.stopped != nil {
		return &FileError{Op: OpSave, Path: s.path, Err: s.stopped, Stopped: true}
	}
	if s.f == nil {
		return &FileError{Op: OpSave, Path: s.path, Err: os.ErrClosed}
	}
	return nil
}

// Append writes one action as a line and syncs it to disk. A failure leaves the record as it was (appendLine).
func (s *Store) Append(a Action) error { return s.appendRecordLine("action", a.String()) }

// appendRecordLine appends one line of the record (what: "action", "position", for the error), refusing a line
// with a line break in it or over MaxLineBytes (*ParseError KeyLineTooLong) before writing, as a reader would
// refuse it; then appendLine.
func (s *Store) appendRecordLine(what, line string) error {
	if strings.ContainsAny(line, "\n\r") {
		return fmt.Errorf("%s line contains a line break", what)
	}
	if len(line) > MaxLineBytes {
		return lineTooLong(0, []byte(line))
	}
	return s.appendLine(line + "\n")
}

// Rewrite replaces the whole file with rec (after an undo), through rewrite. Errors: *ParseError of WriteRecord
// for a record that does not validate, *FileError (OpSave) of the file system.
func (s *Store) Rewrite(rec *Record) error {
	var b bytes.Buffer
	if err := WriteRecord(&b, rec); err != nil {
		return err
	}
	return s.rewrite(b.Bytes())
}

// rewrite is the one way the record is replaced: a temporary file is written and synced, renamed over the record,
// and the folder synced; the record is then opened again for appending. Until the rename, a failure leaves the
// record as it was (the temporary file is removed). The rename is the point of no return: if a later step fails,
// the error is Committed (the record holds data) and the store is stopped.
func (s *Store) rewrite(data []byte) error {
	if err := s.writable(); err != nil {
		return err
	}
	fail := func(err error) error { return &FileError{Op: OpSave, Path: s.path, Err: err} }
	tmp := s.path + ".tmp"
	f, err := s.fs.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return fail(err)
	}
	err = writeSynced(f, data)
	if err == nil {
		err = s.fs.Rename(tmp, s.path)
	}
	if err != nil {
		s.fs.Remove(tmp) // a full disk gets its bytes back
		return fail(err)
	}
	err = s.fs.SyncDir(filepath.Dir(s.path))
	var nf storefs.File
	if err == nil {
		nf, err = s.fs.OpenFile(s.path, os.O_WRONLY|os.O_APPEND, 0o644)
	}
	if err != nil {
		s.stopped = err
		return &FileError{Op: OpSave, Path: s.path, Err: err, Stopped: true, Committed: true}
	}
	s.f.Close()
	s.f, s.size = nf, int64(len(data))
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
