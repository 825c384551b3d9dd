package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
)

// Autosave: one record file per game; each confirmed action is one line appended and synced to disk before it
// counts, so a crash, a kill or a power cut leaves a record that resumes to the last confirmed action. A lock on
// the record file itself (flock, held while the game is open) keeps two programs from writing one game; no lock
// file is made.
//
// Opening a record to go on with it (Resume, ResumeEntry) changes nothing until the file is known to be a record:
// it is locked, read (within the caps of reader.go) and played first, through the same reader as every other
// command (readfile.go). A file that is not a record, or a record with a refused line, is refused as it is, byte
// for byte. The only change opening may make is the recovery of a cut-off last line (CutOff: no line end, and
// refused, after a whole header and setup line): it is written to a side file, synced, before it leaves the
// record, and the side file is named to the players (Recovery). After that, a file changes only as the players
// ask: an action appended, an undo.
//
// A write that fails (a full disk, a failing sync) leaves the record as it was: every write goes through one of
// two functions, appendLine (write, sync; on failure cut the file back to its last good length and sync again) and
// rewrite (rewrite.go: the new record written and synced as a journal beside the record, then written over the
// record in place, which keeps its links, mode, owner and lock; the journal completes it after a crash). When even the cut
// fails, the store is stopped: it takes no more writes until the game is opened again, where the cut-off line
// recovery applies. Every error of the file system is a *FileError (see FileMessages); the file system itself is
// a storefs.FS, the real one (storefs.OS) but in tests.

// Store is an open game record file.
type Store struct {
	path string
	fs   storefs.FS
	f    storefs.File
	// lock is the record file open for reading, which holds its flock (lockRecord).
	lock *os.File
	// size is the length of the record on disk: every line written and synced, nothing after.
	size int64
	// open: the record's last line has no line end (a record written by hand; its last line was accepted): the
	// next line written begins with one.
	open bool
	// stopped is the error of a failed write that could not be undone; no more writes then.
	stopped error
}

// ErrLocked is the error (under a *FileError naming the record) of opening a game another program has open.
var ErrLocked = errors.New("the game is open in another karkason")

// Recovery describes a cut-off last line (CutOff) that opening moved aside.
type Recovery struct {
	Line      int    // its line number
	TornBytes int    // its bytes
	SavedTo   string // the side file that holds them
	// Whole: the line parses, only its line end was missing (CutOff.Whole): a record written by hand, whose
	// players may accept the line after all (AcceptCutOff).
	Whole bool
	data  []byte // the line's bytes
}

// Create starts a new record file at path (which must not exist) with the header, the comments (one line each,
// as Record.HeaderComments) and the setup line, synced. Errors: *ParseError of Setup.Validate or of a comment with
// a line break; *FileError (OpCreate) of the file system, after which no record file is left behind (a retry
// starts afresh); a data folder that is a file is ErrNotFolder, with the Path of that file.
func Create(path string, setup Setup, comments ...string) (*Store, error) {
	return CreateOn(storefs.OS{}, path, setup, comments...)
}

// CreateOn is Create on the file system fsys (tests: storefs.Faulty).
func CreateOn(fsys storefs.FS, path string, setup Setup, comments ...string) (*Store, error) {
	var head bytes.Buffer
	if err := WriteRecord(&head, &Record{Setup: setup, HeaderComments: comments}); err != nil {
		return nil, err
	}
	fail := func(err error) error { return &FileError{Op: OpCreate, Path: path, Err: err} }
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		if file := storefs.FileInPath(dir); file != "" {
			return nil, &FileError{Op: OpCreate, Path: file, Err: ErrNotFolder}
		}
		return nil, fail(err)
	}
	f, err := fsys.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fail(err)
	}
	lock, err := lockRecord(path)
	if err != nil {
		f.Close()
		if !errors.Is(err, ErrLocked) {
			fsys.Remove(path) // the new file, empty: nobody else has it
		}
		return nil, fail(err)
	}
	s := &Store{path: path, fs: fsys, f: f, lock: lock}
	err = s.appendLine(head.String())
	if err == nil {
		if err = fsys.SyncDir(dir); err != nil {
			err = fail(err)
		}
	}
	if err != nil {
		// Nothing was played yet: the new file goes (a full disk gets its bytes back).
		f.Close()
		s.f = nil
		fsys.Remove(path)
		s.Close()
		var fe *FileError
		if errors.As(err, &fe) {
			fe.Op, fe.Stopped = OpCreate, false
		}
		return nil, err
	}
	return s, nil
}

// opened is a record file locked and read, not changed yet (Resume, ResumeEntry read it before anything is
// written).
type opened struct {
	fsys storefs.FS
	path string
	lock *os.File
	data []byte
}

// openRecord locks the record file at path and reads it (at most MaxRecordBytes: a larger one is refused,
// KeyTooLarge, before it is read). Nothing is written. Errors: *FileError (OpOpen; ErrLocked under it for a game
// open in another program, ErrNotFile for a folder, a FIFO or a device), *ParseError.
func openRecord(fsys storefs.FS, path string) (*opened, error) {
	lock, err := lockRecord(path)
	if err != nil {
		return nil, &FileError{Op: OpOpen, Path: path, Err: err}
	}
	if _, err := completeRewrite(fsys, path, lock); err != nil { // a rewrite cut off by a crash (rewrite.go)
		lock.Close()
		return nil, &FileError{Op: OpOpen, Path: path, Err: err}
	}
	data, err := storefs.ReadBounded(lock, path, MaxRecordBytes)
	if err != nil {
		lock.Close()
		if errors.Is(err, storefs.ErrTooLarge) {
			return nil, tooLarge(1)
		}
		return nil, &FileError{Op: OpOpen, Path: path, Err: err}
	}
	return &opened{fsys: fsys, path: path, lock: lock, data: data}, nil
}

// resumeRecord opens the record at path to go on with it: locked and read (openRecord), then read by load, and its
// store taken (store; a cut-off last line, load's *CutOff, moved aside). Any other error of load refuses it: the
// lock is released, the file as it was. Errors: openRecord's, load's, store's.
func resumeRecord(fsys storefs.FS, path string, load func(data []byte) error) (*Store, *Recovery, error) {
	o, err := openRecord(fsys, path)
	if err != nil {
		return nil, nil, err
	}
	err = load(o.data)
	cut, _ := err.(*CutOff)
	if err != nil && cut == nil {
		o.release()
		return nil, nil, err
	}
	return o.store(cut)
}

// release unlocks a record that is not to be opened after all (refused): the file is as it was.
func (o *opened) release() { o.lock.Close() }

// store opens the record for appending, once it is known to be a record: a cut-off last line (cut, if not nil) is
// first written to a side file, synced, and then cut off the record (Recovery). On an error the lock is released
// and nothing was changed (a new side file is removed again), but when the sync after the cut fails: the line is
// kept in its side file then, and the record may be cut back already.
func (o *opened) store(cut *CutOff) (*Store, *Recovery, error) {
	fail := func(err error) (*Store, *Recovery, error) {
		return nil, nil, &FileError{Op: OpOpen, Path: o.path, Err: err}
	}
	f, err := o.fsys.OpenFile(o.path, os.O_WRONLY|os.O_APPEND|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		o.release()
		return fail(err)
	}
	fi, err1 := o.lock.Stat()
	pi, err2 := os.Stat(o.path)
	if err1 != nil || err2 != nil || !os.SameFile(fi, pi) { // the file was replaced by another program meanwhile
		f.Close()
		o.release()
		return fail(ErrLocked)
	}
	n := len(o.data)
	s := &Store{path: o.path, fs: o.fsys, f: f, lock: o.lock, size: int64(n), open: n > 0 && o.data[n-1] != '\n'}
	if cut == nil {
		return s, nil, nil
	}
	at := bytes.LastIndexByte(o.data, '\n') + 1
	side := fmt.Sprintf("%s.torn-%s", o.path, time.Now().UTC().Format("20060102T150405"))
	// The cut-off bytes are on disk in the side file before they leave the record.
	saved, err := s.writeSide(side, o.data[at:])
	truncated := false
	if err == nil {
		if err = f.Truncate(int64(at)); err == nil {
			truncated = true
			err = f.Sync()
		}
	}
	if err != nil {
		s.Close()
		if saved != "" && !truncated {
			o.fsys.Remove(saved) // the record still holds the line (a failed truncate changes nothing)
		}
		return fail(err)
	}
	s.size, s.open = int64(at), false
	return s, &Recovery{Line: cut.Line, TornBytes: n - at, SavedTo: saved, Whole: cut.Whole,
		data: o.data[at:]}, nil
}

// AcceptCutOff takes back into the record at path the last line that opening moved aside (r): the players say it
// was written by hand and lacked only its line end (Recovery.Whole). The record must be closed (it is locked and
// read again here) and end as opening left it, with a line end; the line is appended whole with its line end
// (appendLine) only when the record with it is read without a refusal, and its side file is then removed, its line
// being in the record again. Errors: the line's refusal (*ParseError, *Refusal, with its line number; nothing is
// written), ErrLocked under a *FileError when the record changed meanwhile, a *FileError of the file system.
func AcceptCutOff(fsys storefs.FS, path string, r *Recovery, cat *engine.Catalogue) error {
	o, err := openRecord(fsys, path)
	if err != nil {
		return err
	}
	if n := len(o.data); n > 0 && o.data[n-1] != '\n' {
		o.release()
		return &FileError{Op: OpSave, Path: path, Err: ErrLocked}
	}
	whole := append(append(append([]byte(nil), o.data...), r.data...), '\n')
	if _, _, err := playAlong(bytes.NewReader(whole), cat, false); err != nil {
		o.release()
		return uncut(err)
	}
	st, _, err := o.store(nil)
	if err != nil {
		return err
	}
	err = st.appendLine(string(r.data) + "\n")
	if cerr := st.Close(); err == nil && cerr != nil {
		err = &FileError{Op: OpSave, Path: path, Err: cerr}
	}
	if err == nil {
		fsys.Remove(r.SavedTo)
	}
	return err
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

// writeSide writes a new side file whole and synced, with its folder, named path or, if a file of that name is
// there already, path-2, path-3, ... (storefs.CreateUnique); it returns its name. A failure removes it.
func (s *Store) writeSide(path string, data []byte) (string, error) {
	f, err := storefs.CreateUnique(s.fs, path)
	if err != nil {
		return "", err
	}
	name := f.Name()
	err = writeSynced(f, data)
	if err == nil {
		err = s.fs.SyncDir(filepath.Dir(path))
	}
	if err != nil {
		s.fs.Remove(name)
		return "", err
	}
	return name, nil
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
	if s.open {
		text = "\n" + text // the record's last line, accepted without its line end, gets it first
	}
	_, err := io.WriteString(s.f, text)
	if err == nil {
		err = s.f.Sync()
	}
	if err == nil {
		s.size += int64(len(text))
		s.open = false
		return nil
	}
	if cut := s.f.Truncate(s.size); cut != nil {
		s.stopped = cut
		return &FileError{Op: OpSave, Path: s.path, Err: err, Stopped: true}
	}
	// The file is its last good length again. If this sync fails too (the disk that failed the write), the next
	// append's successful sync writes the length with its line; a crash before that leaves at most a torn last
	// line, which opening moves aside (CutOff).
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

// Append writes one action as a line (with its comment, as WriteRecord writes it) and syncs it to disk. A failure
// leaves the record as it was (appendLine).
func (s *Store) Append(a Action) error { return s.appendRecordLine("action", actionLine(a)) }

// appendRecordLine appends one line of the record (what: "action", "position", for the error), refusing a line
// with a line break in it or over MaxLineBytes (*ParseError KeyLineTooLong) before writing, as a reader would
// refuse it; then appendLine.
func (s *Store) appendRecordLine(what, line string) error {
	if strings.ContainsAny(line, "\n\r") {
		return fmt.Errorf("%s line contains a line break", what)
	}
	if len(line) > MaxLineBytes {
		return lineTooLong(0, line)
	}
	return s.appendLine(line + "\n")
}

// Rewrite replaces the whole file with rec as WriteRecord writes it, through rewrite. (An undo and the steps of an
// entry do not use it: they edit the file's lines, every other byte kept, Store.edit in record_lines.go.)
// Errors: *ParseError of WriteRecord for a record that does not validate, *FileError (OpSave) of the file system.
func (s *Store) Rewrite(rec *Record) error {
	var b bytes.Buffer
	if err := WriteRecord(&b, rec); err != nil {
		return err
	}
	return s.rewrite(b.Bytes())
}

// Close closes the file and releases the lock.
func (s *Store) Close() error {
	var err error
	if s.f != nil {
		err = s.f.Close()
		s.f = nil
	}
	if s.lock != nil {
		s.lock.Close() // the lock goes with it
		s.lock = nil
	}
	return err
}
