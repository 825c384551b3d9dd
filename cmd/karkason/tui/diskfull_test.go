package tui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// The record survives a full disk, through the table (issue 14): a move confirmed on a full disk is refused with
// a message in the players' language (what happened, that nothing was lost, what to do), the move stays on the
// screen, the record is as it was; once space is freed, confirming again lands the move as one clean line. The
// same for an undo and for starting a new game. The OS's own text ("no space left on device") is never on the
// screen; it is in the log.

// rawOSErrors are texts of Go and OS errors that must never reach a player.
var rawOSErrors = []string{"no space left", "read-only file system", "permission denied", "no such file",
	"input/output error", "disk quota", "is a directory", "operation not permitted", "/g.rec.tmp", "open ",
	"write ", "sync ", "rename "}

func noRawErrors(t *testing.T, text string) {
	t.Helper()
	for _, raw := range rawOSErrors {
		if strings.Contains(text, raw) {
			t.Fatalf("raw error text %q shown:\n%s", raw, text)
		}
	}
}

func TestDiskFullKeepsTheMove(t *testing.T) {
	for _, tc := range []struct {
		lang              string
		full, saved, undo []string // in the status line
	}{
		{"bg", []string{"е пълен", "освободете място", "--data-dir"}, []string{"нищо не е загубено", "потвърдете отново"},
			[]string{"не беше записано"}},
		{"uk", []string{"заповнено", "звільніть місце", "--data-dir"}, []string{"нічого не втрачено", "підтвердьте ще раз"},
			[]string{"не збережено"}},
		{"en", []string{"is full", "free some space", "--data-dir"}, []string{"nothing was lost", "confirm again"},
			[]string{"was not saved"}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				fsys := storefs.NewFaulty()
				o := testOptions(t, tc.lang)
				o.Resume, o.FS = true, fsys
				o.File = writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord)
				h := start(t, o)
				defer h.stop()
				before := readText(t, o.File)
				line := "red place b-m 1,-1 0\n"

				// The disk fills up as the monastery is laid: 12 bytes of the line fit.
				fsys.Set(func(y *storefs.Faulty) { y.Space = 12 })
				h.typeTile("b-m", 0)
				h.chooseSpot(1, -1)
				status := h.u.table.status.GetText(true)
				for _, want := range append(tc.full, tc.saved...) {
					if !strings.Contains(status, want) {
						t.Fatalf("the status line lacks %q:\n%s", want, status)
					}
				}
				screen := h.text()
				noRawErrors(t, screen)
				if got := readText(t, o.File); got != before {
					t.Fatalf("the record changed on a full disk:\n%q", got)
				}
				if n := len(h.u.sess.Game.Actions); n != 4 {
					t.Fatalf("%d actions after the failed move, want 4", n)
				}
				if e := h.u.table.entry; e.step != stepPlace || e.tile == nil || e.tile.ID != "b-m" {
					t.Fatalf("the move is not kept: step %v", e.step)
				}
				// The whole message is on the screen at 80x24 (up to four lines).
				if words := strings.Fields(status); !strings.Contains(screen, words[len(words)-1]) {
					t.Fatalf("the end of the message %q is not on the screen:\n%s", words[len(words)-1], screen)
				}

				// Confirming again on the still-full disk: the same; then space is freed and it lands, once.
				h.chooseSpot(1, -1)
				if got := readText(t, o.File); got != before {
					t.Fatalf("the record changed on a full disk:\n%q", got)
				}
				fsys.Free()
				h.chooseSpot(1, -1)
				if got := readText(t, o.File); got != before+line {
					t.Fatalf("after the retry the record is:\n%q\nwant one clean line %q at the end", got, line)
				}
				if n := len(h.u.sess.Game.Actions); n != 5 {
					t.Fatalf("%d actions after the retry, want 5", n)
				}
				log := readText(t, filepath.Join(o.Config.StateDir, errlog.FileName))
				if !strings.Contains(log, "no space left on device") {
					t.Fatalf("the log lacks the OS error:\n%s", log)
				}

				// Undo on a full disk: refused, the game and the record as they were; freed, it works.
				fsys.Set(func(y *storefs.Faulty) { y.Space = 0 })
				h.key(tcell.KeyCtrlZ)
				status = h.u.table.status.GetText(true)
				for _, want := range append(tc.full, tc.undo...) {
					if !strings.Contains(status, want) {
						t.Fatalf("undo: the status line lacks %q:\n%s", want, status)
					}
				}
				noRawErrors(t, h.text())
				if n := len(h.u.sess.Game.Actions); n != 5 || readText(t, o.File) != before+line {
					t.Fatalf("a failed undo changed the game (%d actions) or the record", n)
				}
				fsys.Free()
				h.key(tcell.KeyCtrlZ)
				if n := len(h.u.sess.Game.Actions); n != 4 || readText(t, o.File) != before {
					t.Fatalf("undo with space: %d actions, record %q", n, readText(t, o.File))
				}
			})
		})
	}
}

// A new game on a read-only folder: the set-up form says so and keeps what was entered, no file is left; with the
// folder writable again, Start begins the game.
func TestNewGameOnReadOnlyFolder(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"bg", "само за четене"}, {"uk", "лише для читання"}, {"en", "read-only"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				fsys := storefs.NewFaulty()
				fsys.Set(func(y *storefs.Faulty) { y.OpenErr = syscall.EROFS })
				o := testOptions(t, tc.lang)
				o.FS = fsys
				h := start(t, o)
				defer h.stop()
				h.nameSeats("Ана", "Богдан")
				h.key(tcell.KeyF10)
				if h.u.sess != nil {
					t.Fatal("the game started on a read-only folder")
				}
				msg := h.u.setup.msg.GetText(true)
				if !strings.Contains(msg, tc.want) || !strings.Contains(msg, "--data-dir") {
					t.Fatalf("the form says %q", msg)
				}
				noRawErrors(t, h.text())
				if entries, _ := os.ReadDir(o.Config.DataDir); len(entries) != 0 {
					t.Fatalf("files left: %v", entries)
				}
				if got := h.u.setup.names[1].GetText(); got != "Богдан" {
					t.Fatalf("the form lost a name: %q", got)
				}
				fsys.Free()
				h.key(tcell.KeyF10)
				if h.u.sess == nil || h.u.sess.Store == nil {
					t.Fatalf("no game after the folder was writable again:\n%s", h.text())
				}
			})
		})
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An undo whose rewrite reached the record but whose journal could not be removed (referee/rewrite.go): the undo
// counts on the screen as on disk, the status says the record takes no more writes and to go on with karkason
// resume; a move then is refused without writing; resumed, the game goes on from the undone record.
func TestCommittedUndoStopsTheRecord(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fsys := storefs.NewFaulty()
		o := testOptions(t, "bg")
		o.Resume, o.FS = true, fsys
		o.File = writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord+"red place b-m 1,-1 0\n")
		h := start(t, o)
		fsys.Set(func(y *storefs.Faulty) { y.RemoveErr = syscall.EIO })
		h.key(tcell.KeyCtrlZ)
		fsys.Free()
		status := h.u.table.status.GetText(true)
		for _, want := range []string{"karkason resume", "дневника"} {
			if !strings.Contains(status, want) {
				t.Fatalf("the status line lacks %q:\n%s", want, status)
			}
		}
		noRawErrors(t, h.text())
		if n := len(h.u.sess.Game.Actions); n != 4 || readText(t, o.File) != exampleRecord {
			t.Fatalf("committed undo: %d actions, record %q", n, readText(t, o.File))
		}
		if h.u.table.entry.step != stepTile {
			t.Fatalf("the screen does not show the undone game: step %v", h.u.table.entry.step)
		}
		h.typeTile("b-m", 0)
		h.chooseSpot(1, -1)
		if n := len(h.u.sess.Game.Actions); n != 4 || readText(t, o.File) != exampleRecord {
			t.Fatalf("a stopped record took a move: %d actions, record %q", n, readText(t, o.File))
		}
		h.stop()
		h = start(t, o)
		defer h.stop()
		h.typeTile("b-m", 0)
		h.chooseSpot(1, -1)
		if got := readText(t, o.File); got != exampleRecord+"red place b-m 1,-1 0\n" {
			t.Fatalf("resumed, the move: %q", got)
		}
	})
}

// The saved-games picker: a record of 50 MB and a game open in another karkason are refused with messages in the
// players' language, in full, with no raw OS text; the picker stays.
func TestPickerRefusals(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "uk")
		o.Resume = true
		big := writeRecord(t, o.Config.DataDir, "a-big.rec", exampleRecord)
		if err := os.Truncate(big, 50<<20); err != nil {
			t.Fatal(err)
		}
		locked := writeRecord(t, o.Config.DataDir, "b-locked.rec", exampleRecord)
		other, err := referee.Resume(locked, engine.Standard()) // another karkason has it open
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		h := start(t, o)
		defer h.stop()
		// The newest first: b-locked.rec (written last), then a-big.rec.
		h.key(tcell.KeyEnter)
		h.mustSee("b-locked.rec відкрито в іншому", "закрийте") // with the game's name (issue 21: it had none)
		noRawErrors(t, h.text())
		h.key(tcell.KeyDown)
		h.key(tcell.KeyEnter)
		h.mustSee("4 МБ")
		noRawErrors(t, h.text())
		if h.u.sess != nil {
			t.Fatal("a game was opened")
		}
	})
}

// A name the new game's record would take that is taken by a symbolic link to nothing (a game deleted, its link
// left) is taken like any name: the game starts under the next free one ("-2"), and the link is left as it was.
func TestNewGameBesideDanglingLink(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "uk")
		h := start(t, o)
		defer h.stop()
		if err := os.MkdirAll(o.Config.DataDir, 0o755); err != nil {
			t.Fatal(err)
		}
		players := []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red}, {Name: "Богдан", Colour: referee.Blue}}
		link := filepath.Join(o.Config.DataDir, recordName(time.Now(), players))
		if err := os.Symlink(filepath.Join(t.TempDir(), "gone.rec"), link); err != nil {
			t.Fatal(err)
		}
		h.nameSeats("Ана", "Богдан")
		h.key(tcell.KeyF10)
		if h.u.sess == nil || h.u.sess.Store == nil {
			t.Fatalf("no game beside a link to nothing:\n%s", h.text())
		}
		want := strings.TrimSuffix(link, recordExt) + "-2" + recordExt
		if got := h.u.sess.Store.Path(); got != want {
			t.Errorf("the record is %s, want %s", got, want)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link was touched: %v %v", fi, err)
		}
	})
}
