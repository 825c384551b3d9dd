package storefs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Issue 31 item 7: a "regular file" of the kernel's file systems (/proc/kmsg, whose read blocks; /proc/self/status,
// /sys/...) is no file on disk: refused at once as not a file, for a record, a settings file or a *.rec link.
func TestOpenRegularRefusesKernelFiles(t *testing.T) {
	for _, p := range []string{"/proc/kmsg", "/proc/self/status", "/sys/kernel/mm/transparent_hugepage/enabled"} {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue // not here
		}
		if f, err := OpenRegular(p); !errors.Is(err, ErrNotRegular) {
			if f != nil {
				f.Close()
			}
			t.Errorf("%s: %v", p, err)
		}
		link := filepath.Join(t.TempDir(), "g.rec")
		if err := os.Symlink(p, link); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadRegular(link, 1<<10); !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s through a link: %v", p, err)
		}
	}
	f, err := OpenRegular(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatalf("a file on disk: %v", err)
	}
	f.Close()
}
