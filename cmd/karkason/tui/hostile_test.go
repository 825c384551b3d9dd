package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/referee/storefs"
)

// Hostile files at the table, the second round (issue 21): what is set aside is named on the screen, the messages
// say what is wrong with the right remedy, the settings' message is shown where the players see it, and no lock
// file is left.

// A data folder that is a file: the set-up form says so (issue 21: it said the new game's record did not exist).
func TestNewGameInADataFolderThatIsAFile(t *testing.T) {
	for _, tc := range []struct{ lang, want, not string }{
		{"en", "is not a folder", "does not exist"}, {"bg", "не е папка", "не съществува"},
		{"uk", "не тека", "не існує"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, tc.lang)
				if err := os.WriteFile(o.Config.DataDir, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
				h := start(t, o)
				defer h.stop()
				h.nameSeats("Ана", "Богдан")
				h.key(tcell.KeyF10)
				msg := h.u.setup.msg.GetText(true)
				if h.u.sess != nil || !strings.Contains(msg, tc.want) || strings.Contains(msg, tc.not) ||
					!strings.Contains(msg, o.Config.DataDir) {
					t.Fatalf("the form says %q", msg)
				}
			})
		})
	}
}

// The state folder's last-game pointer that cannot be written (a full disk) is said with its own remedy,
// --state-dir, and no file to replace that never existed (issue 21: it advised --data-dir).
func TestFullStateFolderSaysStateDir(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fsys := storefs.NewFaulty()
		o := testOptions(t, "en")
		o.Resume, o.FS = true, fsys
		o.File = writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord)
		fsys.Set(func(y *storefs.Faulty) { y.Space = 0 })
		h := start(t, o)
		defer h.stop()
		status := h.u.table.status.GetText(true)
		if !strings.Contains(status, "--state-dir") || strings.Contains(status, "--data-dir") ||
			strings.Contains(status, "replace") || !strings.Contains(status, "saved") {
			t.Fatalf("status %q", status)
		}
		if h.u.sess == nil || h.u.sess.Store == nil {
			t.Fatal("the game did not open")
		}
	})
}

// The same for a new entry of a board as it lies: the pointer that cannot be written is said on the entry's screen
// (it was dropped without a word), and the entry opens all the same.
func TestFullStateFolderSaidForANewEntry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fsys := storefs.NewFaulty()
		o := testOptions(t, "en")
		o.FS = fsys
		fsys.Set(func(y *storefs.Faulty) { y.Space = 0 })
		h := start(t, o)
		defer h.stop()
		h.asItLies("Ann", "Bob")
		if h.u.pos == nil {
			t.Fatalf("the entry did not open:\n%s", h.text())
		}
		if status := h.u.table.status.GetText(true); !strings.Contains(status, "--state-dir") {
			t.Fatalf("status %q", status)
		}
	})
}

// A settings message is shown on the screen, over the first view (issue 21: it was printed on the terminal just
// before the table covered it).
func TestSettingsNoticeOnTheScreen(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Notice = "The settings file /x/config.toml is not valid TOML at line 2"
		h := start(t, o)
		defer h.stop()
		h.mustSee("config.toml is not valid", "Go on")
		h.key(tcell.KeyEnter)
		if strings.Contains(h.text(), "config.toml") || h.u.modal != "" {
			t.Fatalf("the notice stays:\n%s", h.text())
		}
	})
}

// A cut-off last line moved aside on resuming is named on the screen with its side file (issue 21: the side file
// of a position entry was never named).
func TestResumeNamesTheSideFile(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"a game", exampleRecord + "red place b-m 1,-1"},
		{"an entry", "karkason-record 1\nsetup players=Ана:red,Богдан:blue\nposition tile b-m 0,1 0\nposition ti"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				o := testOptions(t, "en")
				o.Resume = true
				o.File = writeRecord(t, o.Config.DataDir, "g.rec", tc.text)
				h := start(t, o)
				defer h.stop()
				status := h.u.table.status.GetText(true)
				names, _ := filepath.Glob(o.File + ".torn-*")
				if len(names) != 1 || !strings.Contains(status, names[0]) || !strings.Contains(status, "moved to") {
					t.Fatalf("side files %v, status %q", names, status)
				}
			})
		})
	}
}

// A game played and quit leaves its record and nothing else in the data folder (issue 21: clean exits left empty
// .rec.lock files).
func TestNoLockFileAfterQuit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		o.File = writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord)
		h := start(t, o)
		h.stop()
		entries, _ := os.ReadDir(o.Config.DataDir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if !slices.Equal(names, []string{"g.rec"}) {
			t.Fatalf("the data folder holds %v", names)
		}
	})
}
