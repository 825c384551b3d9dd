package storefs

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// CreateUnique never touches a file already there: the next free name is made (issue 21: a side file whose name
// was taken made resuming fail with an error blamed on the disk).
func TestCreateUnique(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.rec.torn-x")
	for _, name := range []string{path, path + "-2"} {
		if err := os.WriteFile(name, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := CreateUnique(OS{}, path)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if f.Name() != path+"-3" {
		t.Errorf("made %s", f.Name())
	}
	for _, name := range []string{path, path + "-2"} {
		if b, _ := os.ReadFile(name); string(b) != "mine" {
			t.Errorf("%s changed: %q", name, b)
		}
	}
}

// OpenRegular refuses what is not a regular file without waiting on it; ReadRegular refuses a file over its bound.
func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for _, p := range []string{fifo, dir, "/dev/null"} {
		if _, err := OpenRegular(p); !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: %v", p, err)
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRegular(big, 99); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the bound: %v", err)
	}
	if b, err := ReadRegular(big, 100); err != nil || len(b) != 100 {
		t.Errorf("within the bound: %d, %v", len(b), err)
	}
	if got := FileInPath(filepath.Join(big, "a", "b")); got != big {
		t.Errorf("FileInPath: %q", got)
	}
}
