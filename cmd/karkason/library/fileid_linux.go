package library

import (
	"io/fs"
	"syscall"
)

// fileID returns the change time (ctime, Unix nanoseconds) and the inode of a file from its FileInfo; ok is false
// if the system does not give them.
func fileID(fi fs.FileInfo) (change int64, inode uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return st.Ctim.Nano(), st.Ino, true
}
