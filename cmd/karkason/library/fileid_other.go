//go:build !linux

package library

import "io/fs"

// fileID: the change time and inode are read on Linux only; elsewhere every record is read and hashed (see Cache).
func fileID(fs.FileInfo) (change int64, inode uint64, ok bool) { return 0, 0, false }
