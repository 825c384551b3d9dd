package storefs

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// WriteWhole writes the file at path whole or not at all: a new temporary file in its folder (.NAME.tmp-DIGITS),
// filled by write, synced, closed and renamed over path, then the folder synced. Until the rename a failure leaves
// nothing behind but what was at path before. The error is an *fs.PathError for path whose Op names the step that
// failed: "create" (the temporary file), "write", "sync", "rename", or "syncdir" (after the rename: the file is
// written, its folder entry may not be on disk yet). Used for every file karkason writes whole apart from the game
// record (an exported picture, the last-game pointer); the record's own rewrite keeps its file open for appending
// (referee.Store).
func WriteWhole(fsys FS, path string, write func(io.Writer) error) error {
	fail := func(op string, err error) error { return &fs.PathError{Op: op, Path: path, Err: cause(err)} }
	dir := filepath.Dir(path)
	f, err := CreateTemp(fsys, dir, "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fail("create", err)
	}
	tmp := f.Name()
	if err := write(f); err != nil {
		f.Close()
		fsys.Remove(tmp)
		return fail("write", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		fsys.Remove(tmp)
		return fail("sync", err)
	}
	if err := f.Close(); err != nil {
		fsys.Remove(tmp)
		return fail("write", err)
	}
	if err := fsys.Rename(tmp, path); err != nil {
		fsys.Remove(tmp)
		return fail("rename", err)
	}
	if err := fsys.SyncDir(dir); err != nil {
		return fail("syncdir", err)
	}
	return nil
}

// CreateTemp creates a new file dir/prefix+digits, open for reading and writing (mode 0644 before the umask, as any
// new file), as os.CreateTemp does, on fsys: two writers never share one temporary file, and no file already there
// is touched.
func CreateTemp(fsys FS, dir, prefix string) (File, error) {
	for range 100 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := fsys.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, prefix+"*"), Err: fs.ErrExist}
}

// cause is the OS error under a *fs.PathError or *os.LinkError (the path is the caller's to name).
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// CreateUnique creates the new file path, or if a file of that name is there already (which it leaves as it is)
// path-2, path-3, ... (write-only, mode 0644 before the umask), on fsys. Used for the side files the record store
// sets a cut-off line aside in, whose names must never clash with a file that is already there.
func CreateUnique(fsys FS, path string) (File, error) {
	name := path
	for i := 2; i < 1000; i++ {
		f, err := fsys.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
		name = path + "-" + strconv.Itoa(i)
	}
	return nil, &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
}
