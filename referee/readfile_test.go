package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/engine"
)

// sameReading reports how two readings of one record differ ("" if they do not): the record read, the game played
// (its actions, events and summary), the cut-off line and the error.
func sameReading(a *Reading, aerr error, b *Reading, berr error) string {
	switch {
	case !reflect.DeepEqual(aerr, berr):
		return fmt.Sprintf("errors %v and %v", aerr, berr)
	case (a == nil) != (b == nil):
		return fmt.Sprintf("readings %v and %v", a, b)
	case a == nil:
		return ""
	case !reflect.DeepEqual(a.Record, b.Record):
		return fmt.Sprintf("records\n%+v\n%+v", a.Record, b.Record)
	case !reflect.DeepEqual(a.CutOff, b.CutOff):
		return fmt.Sprintf("cut-off lines %v and %v", a.CutOff, b.CutOff)
	case (a.Game == nil) != (b.Game == nil):
		return fmt.Sprintf("games %v and %v", a.Game != nil, b.Game != nil)
	case a.Game == nil:
		return ""
	case !reflect.DeepEqual(a.Game.Actions, b.Game.Actions) || !reflect.DeepEqual(a.Game.Events, b.Game.Events):
		return "the games' actions or events"
	case !reflect.DeepEqual(a.Game.Summary(), b.Game.Summary()):
		return fmt.Sprintf("summaries\n%+v\n%+v", a.Game.Summary(), b.Game.Summary())
	}
	return ""
}

// readData reads the file at path as the library's cache does: its bytes (ReadFileData), then played (ReadData).
func readData(path string) (*Reading, error) {
	d, err := ReadFileData(path)
	if err != nil {
		return nil, err
	}
	return ReadData(d, engine.Standard())
}

// The bytes of a record file played by ReadData are read as ReadFile reads the file, line for line: every golden
// record (positions, entries, Inns & Cathedrals, refused lines), a record cut at every byte of its last two lines
// (cut-off lines, refused and accepted), a last line refused by the referee, a position entry with a tile apart,
// records over the caps, files that are not records, and a FIFO, which ReadFileData refuses at once as ReadFile
// does.
func TestReadDataIsReadFile(t *testing.T) {
	paths, err := filepath.Glob("../testdata/golden/*.rec")
	if err != nil || len(paths) < 100 {
		t.Fatalf("golden records: %d, %v", len(paths), err)
	}
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	text, from := fullGameTail(t)
	for n := from; n <= len(text); n++ {
		paths = append(paths, write(fmt.Sprintf("cut%d.rec", n), text[:n]))
	}
	body := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n"
	paths = append(paths,
		write("refused-last.rec", body+"blue place b-c1 0,-1 0"),
		write("entry-apart.rec", Header+"\nsetup players=Ана:red,Богдан:blue expansions=none start=standard\n"+
			"position tile b-rs 1,0 90\nposition tile b-rs 5,5 90"),
		write("lines.rec", body+strings.Repeat("#\n", MaxLines)),
		write("line.rec", body+strings.Repeat("x", MaxLineBytes+1)+"\n"),
		write("large.rec", body+strings.Repeat("# far too long\n", MaxRecordBytes/15+10)),
		write("empty.rec", ""),
		write("notes.txt", "shopping list\nmilk\nbread"),
		filepath.Join(dir, "missing.rec"),
		dir,
	)
	for _, path := range paths {
		rd, err := ReadFile(path, engine.Standard())
		dd, derr := readData(path)
		if diff := sameReading(rd, err, dd, derr); diff != "" {
			t.Errorf("%s: ReadFile and ReadData differ: %s", filepath.Base(path), diff)
		}
	}
	fifo := filepath.Join(dir, "f.rec")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFileData(fifo); done <- err }()
	select {
	case err := <-done:
		if ProblemOf(err) != ProblemNotFile {
			t.Errorf("ReadFileData of a FIFO: %v, want not a file", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadFileData waits on a FIFO")
	}
}

// A read that fails part of the way (EIO) is met where the bytes end, as the open file would give it: the lines
// before are played, and the error is the file's (a *FileError), as ReadFile gives it; such bytes are not whole.
func TestReadDataMeetsTheReadError(t *testing.T) {
	full, err := os.ReadFile("../testdata/golden/base-full-game.rec")
	if err != nil {
		t.Fatal(err)
	}
	part := full[:bytes.IndexByte(full[len(full)*3/4:], '\n')+len(full)*3/4+1] // well into the game
	path := writeFile(t, t.TempDir(), "g.rec", string(part))
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	d := &FileData{Path: path, Bytes: part, Info: fi, err: syscall.EIO}
	if d.Whole() {
		t.Error("bytes with a read error are whole")
	}
	got, gerr := ReadData(d, engine.Standard())
	want, werr := reading(path, io.MultiReader(bytes.NewReader(part), errReader{syscall.EIO}), engine.Standard(), false)
	if diff := sameReading(got, gerr, want, werr); diff != "" {
		t.Errorf("ReadData and the failing file differ: %s", diff)
	}
	var fe *FileError
	if !errors.As(gerr, &fe) || !errors.Is(gerr, syscall.EIO) || got.Game == nil || len(got.Game.Actions) == 0 {
		t.Errorf("ReadData: %v, %+v", gerr, got)
	}
}

// errReader fails every read with its error.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
