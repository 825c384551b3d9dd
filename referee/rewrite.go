package referee

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/karkason/karkason/referee/storefs"
)

// Rewriting a record (an undo, a position entry's change) keeps the record's identity (issue 31 items 3 and 4).
// Renaming a new file over the path the record was opened by replaced a symbolic link by a regular file (the real
// record kept the undone line and never got another: two diverging copies), made a record of mode 0600 one of
// 0644, split a hard link off, and a crash between the temporary file and the rename left a hidden
// .NAME.tmp-DIGITS, a whole copy of the record, beside it for ever.
//
// Now the record is rewritten in place, through the file it is (its link's target, its inode: links, mode, owner
// and the lock stay), made safe by a journal:
//
//  1. the new record is written to a temporary file .NAME.tmp-DIGITS beside the real record (mode 0600) and
//     synced; a failure removes it, and the record is as it was;
//  2. the temporary file is renamed to the journal .NAME.rewrite and the folder synced: from here on the journal
//     holds the whole new record (a rename is all or nothing), and the rewrite is committed;
//  3. the record is written over in place from its first byte, cut to the new length and synced;
//  4. the journal is removed and the folder synced; only then may lines be appended again.
//
// A failure after step 2 is Committed: the store stops, the journal stays, and opening the game again finishes
// the rewrite from it (completeRewrite, under the record's lock, before the record is read); a reader that takes
// no lock (replay, games, export) reads the journal in the record's place while it is there (recordSource). A
// crash before step 2 leaves only a temporary file: opening removes every .NAME.tmp-DIGITS beside the record
// (older versions left them too), the record being as it was.

// journalName and tempPattern are the names of a record's journal and temporary files, beside the real record.
func journalName(real string) string {
	return filepath.Join(filepath.Dir(real), "."+filepath.Base(real)+".rewrite")
}

func tempPattern(real string) *regexp.Regexp {
	return regexp.MustCompile(`^\.` + regexp.QuoteMeta(filepath.Base(real)) + `\.tmp-[0-9]+$`)
}

// realPath is the record's own path: path with its symbolic links followed (path itself if that fails).
func realPath(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// recordSource is the file a reader without a lock reads for the record at path: its journal while a rewrite is
// under way or was cut off by a crash (the whole new record), else path.
func recordSource(path string) string {
	j := journalName(realPath(path))
	if fi, err := os.Lstat(j); err == nil && fi.Mode().IsRegular() {
		return j
	}
	return path
}

// rewrite replaces the record's content by data, in place, through a journal (see above). Errors are *FileError
// (OpSave): before the commit the record is as it was; after it the error is Committed and the store stopped.
func (s *Store) rewrite(data []byte) error {
	if err := s.writable(); err != nil {
		return err
	}
	fail := func(err error) error { return &FileError{Op: OpSave, Path: s.path, Err: err} }
	real := realPath(s.path)
	dir := filepath.Dir(real)
	tmp, err := s.writeTemp(real, data)
	if err != nil {
		return fail(err)
	}
	journal := journalName(real)
	if err = s.fs.Rename(tmp, journal); err == nil {
		if err = s.fs.SyncDir(dir); err != nil {
			s.fs.Remove(journal) // not known to be on disk: the record is as it was
		}
	} else {
		s.fs.Remove(tmp) // a full disk gets its bytes back
	}
	if err != nil {
		return fail(err)
	}
	// Committed: the journal holds the new record.
	if err := overwrite(s.fs, s.path, s.lock, data); err != nil {
		s.stopped = err
		return &FileError{Op: OpSave, Path: s.path, Err: err, Stopped: true, Committed: true}
	}
	if err := endJournal(s.fs, journal); err != nil {
		s.stopped = err // the journal may come back after a power cut: no line may follow until it is gone
		return &FileError{Op: OpSave, Path: s.path, Err: err, Stopped: true, Committed: true}
	}
	s.size, s.open = int64(len(data)), len(data) > 0 && data[len(data)-1] != '\n'
	return nil
}

// writeTemp writes data to a new temporary file beside the real record (mode 0600: it holds the game), synced,
// and returns its name; a failure removes it.
func (s *Store) writeTemp(real string, data []byte) (string, error) {
	prefix := filepath.Join(filepath.Dir(real), "."+filepath.Base(real)+".tmp-")
	for range 100 {
		name := prefix + strconv.FormatUint(uint64(rand.Uint32()), 10)
		f, err := s.fs.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if err := writeSynced(f, data); err != nil {
			s.fs.Remove(name)
			return "", err
		}
		return name, nil
	}
	return "", &fs.PathError{Op: "createtemp", Path: prefix + "*", Err: fs.ErrExist}
}

// overwrite writes data over the record at path from its first byte, cuts it to len(data) and syncs it. The file
// written must be the one locked (lock): the record opened through path.
func overwrite(fsys storefs.FS, path string, lock *os.File, data []byte) error {
	li, err1 := lock.Stat()
	pi, err2 := os.Stat(path)
	if err1 != nil || err2 != nil || !os.SameFile(li, pi) {
		return ErrLocked // another program replaced the record
	}
	f, err := fsys.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// endJournal removes a rewrite's journal and syncs its folder.
func endJournal(fsys storefs.FS, journal string) error {
	if err := fsys.Remove(journal); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return fsys.SyncDir(filepath.Dir(journal))
}

// completeRewrite puts the record at path in order before it is read, under its lock: a rewrite cut off after its
// commit is finished from the journal (written over the record in place, the journal removed), and the temporary
// files of rewrites cut off before it are removed. It reports whether it changed anything. Errors are the file
// system's: the record is then not opened (the journal stays for the next try).
func completeRewrite(fsys storefs.FS, path string, lock *os.File) (bool, error) {
	real := realPath(path)
	changed := false
	journal := journalName(real)
	if fi, err := os.Lstat(journal); err == nil && fi.Mode().IsRegular() {
		data, err := storefs.ReadRegular(journal, MaxRecordBytes)
		if err != nil {
			return false, err
		}
		if err := overwrite(fsys, path, lock, data); err != nil {
			return false, err
		}
		if err := endJournal(fsys, journal); err != nil {
			return false, err
		}
		changed = true
	}
	dir := filepath.Dir(real)
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		return changed, nil // nothing to tidy that can be seen
	}
	re := tempPattern(real)
	removed := false
	for _, e := range entries {
		if e.Type().IsRegular() && re.MatchString(e.Name()) {
			if fsys.Remove(filepath.Join(dir, e.Name())) == nil {
				removed = true
			}
		}
	}
	if removed {
		_ = fsys.SyncDir(dir)
	}
	return changed || removed, nil
}
