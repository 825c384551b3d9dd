package storefs

import (
	"os"

	"golang.org/x/sys/unix"
)

// pseudoFS are the magic numbers (statfs f_type) of the kernel's file systems, whose "regular files" are no files
// on disk: a read may block (/proc/kmsg), never end, or have effects. None of them holds a record or a settings file.
var pseudoFS = map[int64]bool{
	unix.PROC_SUPER_MAGIC: true, unix.SYSFS_MAGIC: true, unix.DEBUGFS_MAGIC: true, unix.TRACEFS_MAGIC: true,
	unix.SECURITYFS_MAGIC: true, unix.CGROUP_SUPER_MAGIC: true, unix.CGROUP2_SUPER_MAGIC: true,
	unix.BPF_FS_MAGIC: true, unix.EFIVARFS_MAGIC: true, unix.PSTOREFS_MAGIC: true, 0x62656570: true, // configfs
}

// onPseudoFS reports whether the open file f lies on a file system of the kernel (pseudoFS).
func onPseudoFS(f *os.File) bool {
	var st unix.Statfs_t
	if err := unix.Fstatfs(int(f.Fd()), &st); err != nil {
		return false
	}
	return pseudoFS[int64(st.Type)]
}
