// Package storefs is the file system the game record store (referee.Store) writes through: OS, the real one, and
// Faulty, one that fails the way a full disk, a failing sync or a failing rename does, for tests. Every write of
// the store (append a line, truncate it back, rewrite through a temporary file, rename, sync the folder) goes
// through an FS, so that a test can fail each one at every byte and check that the record on disk stays whole.
// WriteWhole (whole.go) writes any other file whole or not at all through an FS.
package storefs

import (
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
)

// File is an open file the store writes: os.File's writing methods.
type File interface {
	io.Writer
	Sync() error
	Truncate(size int64) error
	Close() error
	Name() string
}

// FS opens, renames and removes files, and syncs folders.
type FS interface {
	// OpenFile is os.OpenFile.
	OpenFile(name string, flag int, perm fs.FileMode) (File, error)
	// Rename is os.Rename.
	Rename(oldpath, newpath string) error
	// Remove is os.Remove.
	Remove(name string) error
	// SyncDir syncs the folder dir to disk (after a file in it was created, renamed or removed).
	SyncDir(dir string) error
	// ReadDir is os.ReadDir (the saved games of a data folder).
	ReadDir(dir string) ([]fs.DirEntry, error)
}

// OS is the real file system.
type OS struct{}

// OpenFile is os.OpenFile.
func (OS) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err // not a nil *os.File in an interface
	}
	return f, nil
}

// Rename is os.Rename.
func (OS) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }

// Remove is os.Remove.
func (OS) Remove(name string) error { return os.Remove(name) }

// SyncDir opens dir and syncs it.
func (OS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// ReadDir is os.ReadDir.
func (OS) ReadDir(dir string) ([]fs.DirEntry, error) { return os.ReadDir(dir) }

// Faulty is the real file system with faults switched on and off by a test, like a disk that fills up and is
// freed again. Its zero value has no faults and unlimited space. The errors are the ones the OS gives, wrapped the
// way package os wraps them (*fs.PathError, *os.LinkError), so errors.Is(err, syscall.ENOSPC) holds.
type Faulty struct {
	mu sync.Mutex
	// Space is the number of bytes that may still be written, over every file; a write beyond it writes what fits
	// and fails with ENOSPC, like a full disk. Negative: unlimited.
	Space int64
	// SyncErr, TruncateErr, RenameErr, SyncDirErr, OpenErr, RemoveErr, ReadDirErr: when not nil, every such call
	// fails with it (OpenErr only for opening with os.O_CREATE; ReadDirErr: a folder that cannot be listed).
	SyncErr, TruncateErr, RenameErr, SyncDirErr, OpenErr, RemoveErr, ReadDirErr error
	// Written counts the bytes written, over every file.
	Written int64
}

// NewFaulty returns a file system with no faults and unlimited space.
func NewFaulty() *Faulty { return &Faulty{Space: -1} }

// Set changes the faults under the lock: f is called with the Faulty to change.
func (y *Faulty) Set(f func(*Faulty)) {
	y.mu.Lock()
	defer y.mu.Unlock()
	f(y)
}

// Free lifts every fault: unlimited space, nothing fails.
func (y *Faulty) Free() {
	y.Set(func(y *Faulty) {
		y.Space = -1
		y.SyncErr, y.TruncateErr, y.RenameErr, y.SyncDirErr, y.OpenErr, y.RemoveErr = nil, nil, nil, nil, nil, nil
		y.ReadDirErr = nil
	})
}

func (y *Faulty) get(p *error) error {
	y.mu.Lock()
	defer y.mu.Unlock()
	return *p
}

// OpenFile opens the real file; it fails with OpenErr when creating.
func (y *Faulty) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	if err := y.get(&y.OpenErr); err != nil && flag&os.O_CREATE != 0 {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return &faultyFile{f: f, fs: y}, nil
}

// Rename renames the real file, or fails with RenameErr.
func (y *Faulty) Rename(oldpath, newpath string) error {
	if err := y.get(&y.RenameErr); err != nil {
		return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: err}
	}
	return os.Rename(oldpath, newpath)
}

// Remove removes the real file, or fails with RemoveErr.
func (y *Faulty) Remove(name string) error {
	if err := y.get(&y.RemoveErr); err != nil {
		return &fs.PathError{Op: "remove", Path: name, Err: err}
	}
	return os.Remove(name)
}

// SyncDir syncs the real folder, or fails with SyncDirErr.
func (y *Faulty) SyncDir(dir string) error {
	if err := y.get(&y.SyncDirErr); err != nil {
		return &fs.PathError{Op: "sync", Path: dir, Err: err}
	}
	return OS{}.SyncDir(dir)
}

// ReadDir lists the real folder, or fails with ReadDirErr.
func (y *Faulty) ReadDir(dir string) ([]fs.DirEntry, error) {
	if err := y.get(&y.ReadDirErr); err != nil {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	return os.ReadDir(dir)
}

type faultyFile struct {
	f  *os.File
	fs *Faulty
}

func (f *faultyFile) Name() string { return f.f.Name() }

func (f *faultyFile) Write(p []byte) (int, error) {
	y := f.fs
	y.mu.Lock()
	room := y.Space
	fits := room < 0 || int64(len(p)) <= room
	if !fits {
		p = p[:room]
	}
	y.mu.Unlock()
	n, err := f.f.Write(p)
	y.mu.Lock()
	y.Written += int64(n)
	if y.Space >= 0 {
		y.Space = max(0, y.Space-int64(n))
	}
	y.mu.Unlock()
	if err == nil && !fits {
		err = &fs.PathError{Op: "write", Path: f.f.Name(), Err: syscall.ENOSPC}
	}
	return n, err
}

func (f *faultyFile) Sync() error {
	if err := f.fs.get(&f.fs.SyncErr); err != nil {
		return &fs.PathError{Op: "sync", Path: f.f.Name(), Err: err}
	}
	return f.f.Sync()
}

func (f *faultyFile) Truncate(size int64) error {
	if err := f.fs.get(&f.fs.TruncateErr); err != nil {
		return &fs.PathError{Op: "truncate", Path: f.f.Name(), Err: err}
	}
	return f.f.Truncate(size)
}

func (f *faultyFile) Close() error { return f.f.Close() }
