package referee

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/karkason/karkason/engine"
)

// specRecord is the record of specMoves played from storeSetup.
func specRecord() string {
	return Header + "\n" + storeSetup.String() + "\n" + strings.Join(specMoves, "\n") + "\n"
}

// undoOnce resumes the record at path, undoes its last action and closes it.
func undoOnce(t *testing.T, path string) {
	t.Helper()
	s, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatalf("undo: %v %v", ok, err)
	}
	if err := s.Do(mustAction(t, specMoves[len(specMoves)-1])); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatalf("undo: %v %v", ok, err)
	}
}

// Issue 31 item 3: undo renamed a new file over the path the record was opened by. Through a symbolic link the
// link became a regular file and the real record kept the undone line; a record of mode 0600 became 0644; a hard
// link was split off. Now the record is rewritten in place: the link stays a link to the real record, which has
// the undo; the mode stays; both names of a hard link show the undo; no file is left beside it.
func TestUndoKeepsTheRecordsIdentity(t *testing.T) {
	want := Header + "\n" + storeSetup.String() + "\n" + strings.Join(specMoves[:len(specMoves)-1], "\n") + "\n"
	t.Run("symbolic link", func(t *testing.T) {
		dir := t.TempDir()
		real := writeFile(t, dir, "real.rec", specRecord())
		games := filepath.Join(dir, "games")
		if err := os.Mkdir(games, 0o755); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(games, "g.rec")
		if err := os.Symlink(real, link); err != nil {
			t.Fatal(err)
		}
		undoOnce(t, link)
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("the link is no longer a link: %v", err)
		}
		if got := readFile(t, real); got != want {
			t.Fatalf("the real record: %q", got)
		}
		if names := dirNames(t, games); !slices.Equal(names, []string{"g.rec"}) {
			t.Errorf("files beside the link: %v", names)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"games", "real.rec"}) {
			t.Errorf("files beside the record: %v", names)
		}
	})
	t.Run("mode 0600", func(t *testing.T) {
		dir := t.TempDir()
		path := writeFile(t, dir, "g.rec", specRecord())
		if err := os.Chmod(path, 0o600); err != nil {
			t.Fatal(err)
		}
		undoOnce(t, path)
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("mode %v: %v", fi.Mode(), err)
		}
		if got := readFile(t, path); got != want {
			t.Fatalf("the record: %q", got)
		}
	})
	t.Run("hard link", func(t *testing.T) {
		dir := t.TempDir()
		path := writeFile(t, dir, "g.rec", specRecord())
		other := filepath.Join(dir, "copy.rec")
		if err := os.Link(path, other); err != nil {
			t.Fatal(err)
		}
		undoOnce(t, path)
		a, _ := os.Stat(path)
		b, _ := os.Stat(other)
		if !os.SameFile(a, b) || readFile(t, other) != want {
			t.Fatalf("the hard link was split: %q", readFile(t, other))
		}
		if st, ok := a.Sys().(*syscall.Stat_t); ok && st.Nlink != 2 {
			t.Errorf("%d links", st.Nlink)
		}
	})
}

// Issue 31 item 4: a crash during an undo left a hidden .NAME.tmp-DIGITS beside the record for ever. A crash
// before the journal is in place leaves only such a file: opening removes it (and those of older versions), the
// record as it was. A crash after it (the record half written over) is finished from the journal at the next
// opening; a reader that takes no lock reads the journal meanwhile.
func TestCrashedRewriteIsPutInOrder(t *testing.T) {
	undone := Header + "\n" + storeSetup.String() + "\n" + strings.Join(specMoves[:len(specMoves)-1], "\n") + "\n"
	t.Run("temporary files", func(t *testing.T) {
		dir := t.TempDir()
		path := writeFile(t, dir, "g.rec", specRecord())
		writeFile(t, dir, ".g.rec.tmp-123456", undone)
		writeFile(t, dir, ".g.rec.tmp-9", undone[:20])
		writeFile(t, dir, ".other.rec.tmp-1", undone) // another record's: not this one's to remove
		writeFile(t, dir, ".g.rec.tmp-x", "")         // not a name karkason makes
		s, err := Resume(path, engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		if got := readFile(t, path); got != specRecord() {
			t.Fatalf("the record changed: %q", got)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{".g.rec.tmp-x", ".other.rec.tmp-1", "g.rec"}) {
			t.Errorf("files left: %v", names)
		}
	})
	t.Run("journal", func(t *testing.T) {
		dir := t.TempDir()
		// The crash came in the middle of writing the record over: the new text over the start of the old one.
		half := undone[:len(undone)/2] + specRecord()[len(undone)/2:]
		path := writeFile(t, dir, "g.rec", half)
		writeFile(t, dir, ".g.rec.rewrite", undone)
		rd, err := ReadFile(path, engine.Standard())
		if err != nil || len(rd.Game.Actions) != len(specMoves)-1 {
			t.Fatalf("a reader: %v", err)
		}
		s, err := Resume(path, engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if got := readFile(t, path); got != undone || len(s.Game.Actions) != len(specMoves)-1 {
			t.Fatalf("the rewrite was not finished: %q", got)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"g.rec"}) {
			t.Errorf("files left: %v", names)
		}
	})
}
