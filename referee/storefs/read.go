package storefs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Reading a file karkason did not write itself (a game record named on the command line, a record of the data
// folder, the settings file, the last-game pointer) must never hang and never take more memory than the file may
// hold: OpenRegular opens without blocking (a FIFO with no writer, or a device, would block a plain open or a read
// for ever) and refuses anything that is not a regular file; ReadRegular then reads it within a bound.

// ErrNotRegular is the error of opening a folder, a FIFO, a device or a socket where a file was expected.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is the error of ReadRegular for a file larger than its bound.
var ErrTooLarge = errors.New("file larger than expected")

// OpenRegular opens path read-only with O_NONBLOCK (the open of a FIFO returns at once instead of waiting for a
// writer) and returns it if it is a regular file (symbolic links followed); anything else is closed again and
// refused with an *fs.PathError whose Err is ErrNotRegular; so is a "regular file" of a file system of the kernel
// (procfs, sysfs, debugfs...: /proc/kmsg, whose read blocks, issue 31 item 7), which is no file on disk (onPseudoFS). Reading the file is ordinary: O_NONBLOCK means nothing
// for a regular file. Errors of the open itself are os.OpenFile's.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() || onPseudoFS(f) {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return f, nil
}

// ReadRegular reads the whole regular file at path (OpenRegular) of at most max bytes. A larger one is refused
// with an *fs.PathError whose Err is ErrTooLarge: before a byte is read when its size says so, else (a file
// growing while it is read) as soon as max+1 bytes are read.
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadBounded(f, path, max)
}

// ReadBounded reads the rest of the open regular file f (named path in errors) within max bytes, as ReadRegular.
func ReadBounded(f *os.File, path string, max int64) ([]byte, error) {
	tooLarge := &fs.PathError{Op: "read", Path: path, Err: ErrTooLarge}
	if fi, err := f.Stat(); err == nil && fi.Size() > max {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, tooLarge
	}
	return data, nil
}

// FileInPath returns the first part of the path dir, from dir upwards, that exists and is not a folder ("" if
// none): the file in the way of a folder to be made (os.MkdirAll then fails with ENOTDIR, which says neither which
// file nor that it is one).
func FileInPath(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err == nil {
			if fi.IsDir() {
				return ""
			}
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}
