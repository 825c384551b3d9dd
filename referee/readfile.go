package referee

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
	"golang.org/x/sys/unix"
)

// Reading a record file: one reader for every command, so that replay, export, the saved games (games, stats, the
// table's list) and resume agree line for line. The file is opened without blocking and only if it is a regular
// file (storefs.OpenRegular: a FIFO, a device or a folder is refused at once), read within the caps of reader.go,
// and its lines are played as they are read (playAlong): the same lines, the same first refused line, the same
// last line without its line end left out (CutOff). A file is never changed by reading it; only resuming a record
// (store.go) may change it, and only once it is known to be a record.
//
// Rulings on files (issue 21 leaves them open; they live here):
//
//   - A last line without its line end is a write cut off (CutOff: karkason writes every line whole with its line
//     end and syncs it), never an action, even when it parses: every command leaves it out, replay and export
//     with a note and exit code 0, games and stats list the game by the lines before it, and only resume moves it
//     aside (FILE.torn-<time>, then -2, -3... if that name is taken), named on the screen. A line that parses
//     (CutOff.Whole: a record written by hand) may be accepted: replay --accept-last-line reads it (ReadOptions),
//     the table offers one key that writes it back whole (AcceptCutOff). A blank or comment-only last line is
//     read as such (it changes no game). Before a whole header and setup line there is no record, so nothing is
//     cut off: the file is refused; so is a last line that no write of karkason could have begun (NUL, control
//     bytes, not UTF-8: KeyNotText), so that a file that is not a record is never changed.
//   - Resume and ResumeEntry refuse a record with a refused line whole, as it is (no game or entry up to the line
//     before, which would let new lines follow the refused one): the message names the line, replay shows the game
//     up to it, and the players mend the line by hand.
//   - A lock is a flock on the record file itself; lock files of older versions beside a record are left alone.
//   - Undo keeps every comment of the record: those before the undone action come after the last line again,
//     the undone action's own comment goes with it (Redo writes it back). A rewrite writes the comments before
//     the header after it (the canonical writer's place for them).
//   - The settings file is read up to 64 KiB (config.MaxFileBytes); a setting that cannot be used makes a command
//     exit 1 after its work, --lang with a language karkason does not speak is a usage error (exit 2).

// Reading is a record file as every command reads it (ReadFile).
type Reading struct {
	// Record holds the lines read: up to the first refused line (without it), a cut-off last line left out.
	Record *Record
	// Game is the game after the last good line, not settled; nil when the set-up or the position is refused.
	Game *Game
	// CutOff is the last line, without its line end, refused and left out; nil if none.
	CutOff *CutOff
}

// ReadFile reads the record file at path for a command that only reads it (replay, export, the saved games): no
// lock is taken and nothing is written. The error is a *FileError (OpRead) when the file cannot be read (missing, a
// folder, a FIFO or a device: ErrNotFile), else the first refused line (*ParseError, *Refusal; KeyTooLarge for a
// file over the caps), returned with the Reading up to it. A cut-off last line is not an error: Reading.CutOff.
func ReadFile(path string, cat *engine.Catalogue) (*Reading, error) {
	return ReadFileWith(path, cat, ReadOptions{})
}

// ReadOptions change how ReadFileWith reads a record file.
type ReadOptions struct {
	// AcceptLastLine reads a last line without its line end like any other line (replay --accept-last-line): a
	// record written by hand. Without it such a line is left out as a write cut off (CutOff).
	AcceptLastLine bool
}

// ReadFileWith is ReadFile with options.
func ReadFileWith(path string, cat *engine.Catalogue, o ReadOptions) (*Reading, error) {
	f, err := storefs.OpenRegular(recordSource(path)) // (a rewrite's journal in its place: rewrite.go)
	if err != nil {
		return nil, &FileError{Op: OpRead, Path: path, Err: err}
	}
	defer f.Close()
	return reading(path, f, cat, o.AcceptLastLine)
}

// reading plays the record read from r (the file at path, or its bytes: ReadData) as ReadFile does.
func reading(path string, r io.Reader, cat *engine.Catalogue, acceptOpen bool) (*Reading, error) {
	rec, g, err := playAlong(r, cat, acceptOpen)
	rd := &Reading{Record: rec, Game: g}
	if c, ok := err.(*CutOff); ok {
		rd.CutOff, err = c, nil
	}
	if err != nil && ProblemOf(err) != "" {
		err = &FileError{Op: OpRead, Path: path, Err: err} // a read error of the file (EIO)
	}
	return rd, err
}

// FileData is a record file's bytes as ReadFile would read them (ReadFileData), for a reader that must have them
// before it plays them: the library's cache keeps a record's summary by the SHA-256 of its bytes and replays only a
// record it does not know (ReadData), so that a listing through the cache reads each record as every command does.
type FileData struct {
	Path  string
	Bytes []byte      // the file's bytes, at most MaxRecordBytes+1 (one past the cap is refused when played)
	Info  fs.FileInfo // the open file's state (size, times, inode) before its bytes were read
	err   error       // the read's error after Bytes (EIO...), met by ReadData where ReadFile meets it
	large bool        // the file was over MaxRecordBytes when opened: not read (refused, KeyTooLarge)
}

// Whole reports whether Bytes are the file's whole content: it was read to its end, within MaxRecordBytes.
func (d *FileData) Whole() bool {
	return d.err == nil && !d.large && int64(len(d.Bytes)) <= MaxRecordBytes
}

// ReadFileData reads the bytes of the record file at path as ReadFile reads them: opened without blocking and only
// if it is a regular file (storefs.OpenRegular), read-only and unlocked, within MaxRecordBytes (a file over the cap
// is not read at all). The error is a *FileError (OpRead) when the file cannot be opened, as ReadFile's; an error
// of the reading itself is kept in the FileData and met when it is played (ReadData), where ReadFile meets it.
func ReadFileData(path string) (*FileData, error) {
	f, err := storefs.OpenRegular(recordSource(path)) // (a rewrite's journal in its place: rewrite.go)
	if err != nil {
		return nil, &FileError{Op: OpRead, Path: path, Err: err}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &FileError{Op: OpRead, Path: path, Err: err}
	}
	d := &FileData{Path: path, Info: fi}
	if fi.Size() > MaxRecordBytes {
		d.large = true // refused from its size, as the lineReader refuses the open file (newLineReader)
		return d, nil
	}
	d.Bytes, d.err = io.ReadAll(io.LimitReader(f, MaxRecordBytes+1))
	return d, nil
}

// ReadData plays the bytes of a record file (ReadFileData) as ReadFile plays the file itself, by the same code
// (playAlong): the same Reading and the same error, line for line, a cut-off last line left out alike.
func ReadData(d *FileData, cat *engine.Catalogue) (*Reading, error) {
	return reading(d.Path, &dataReader{r: bytes.NewReader(d.Bytes), d: d}, cat, false)
}

// dataReader hands a FileData to playAlong as the open file would be: its bytes, then the read's error (if any),
// and the file's state (Stat: a file over the caps is refused before a byte is read, newLineReader; Len: the
// number of actions reserved for, actionsHint).
type dataReader struct {
	r *bytes.Reader
	d *FileData
}

func (dr *dataReader) Read(p []byte) (int, error) {
	n, err := dr.r.Read(p)
	if err == io.EOF && dr.d.err != nil {
		err = dr.d.err
	}
	return n, err
}

func (dr *dataReader) Len() int { return dr.r.Len() }

func (dr *dataReader) Stat() (fs.FileInfo, error) {
	if dr.d.Info == nil {
		return nil, fs.ErrInvalid
	}
	return dr.d.Info, nil
}

// ErrNotFile is the error of reading or opening a folder, a FIFO, a device or a socket as a record, or as any file
// karkason reads (the settings file): only a regular file is read, so that nothing can hang a reader.
var ErrNotFile = storefs.ErrNotRegular

// lockRecord opens the record file at path for reading (storefs.OpenRegular) and locks it: an exclusive flock on
// the record file itself, held as long as the file stays open, so that two programs never write one game and no
// lock file is ever left beside a record. The record may have been replaced between the open and the lock (an
// undo of an older version renamed a new file over it; another program may): the lock is then taken again on the
// file the path names now. Errors: ErrLocked, or the file system's.
func lockRecord(path string) (*os.File, error) {
	for range 5 {
		f, err := storefs.OpenRegular(path)
		if err != nil {
			return nil, err
		}
		if err := flock(f); err != nil {
			f.Close()
			return nil, err
		}
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fi, pi) {
			return f, nil
		}
		f.Close()
	}
	return nil, ErrLocked
}

// flock takes the exclusive lock of an open file without waiting: ErrLocked when another program holds it.
func flock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = unix.Flock(int(fd), unix.LOCK_EX|unix.LOCK_NB) }); err != nil {
		return err
	}
	if errors.Is(ferr, unix.EWOULDBLOCK) {
		return ErrLocked
	}
	if ferr != nil {
		return &fs.PathError{Op: "flock", Path: f.Name(), Err: ferr}
	}
	return nil
}
