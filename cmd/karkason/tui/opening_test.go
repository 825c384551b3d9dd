package tui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee/storefs"
	"github.com/rivo/tview"
)

// entryMarkLine is the comment the table writes at the head of a board as it lies while it is being entered.
const entryMarkLine = "# karkason: a board as it lies, being entered\n"

// specPositionExamples returns the record format's examples that hold position lines (../shared/spec beside the
// project, or beside the folder of worktrees); none in a user's clone, where testdata/ has them transcribed.
func specPositionExamples(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, up := range []string{filepath.Join("..", "..", "..", ".."), filepath.Join("..", "..", "..", "..", "..")} {
		data, err := os.ReadFile(filepath.Join(up, "shared", "spec", "record-format.md"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		blocks := regexp.MustCompile("(?s)```\n(karkason-record 1\n.*?)```").FindAllStringSubmatch(string(data), -1)
		for i, b := range blocks {
			if strings.Contains(b[1], "\nposition ") {
				out[filepath.Join("spec", strings.Repeat("x", i+1)+".rec")] = b[1]
			}
		}
		break
	}
	return out
}

// TestOpeningChangesNothing (issue 32): every record under testdata/ and every position example of the record format
// (each position also without its "end" line, so that it is a game going on from the board, and marked as an entry
// under way, as the table marks one) is opened with resume on the simulated screen and left with Ctrl-C, nothing
// entered: each file is byte for byte as it was, whether the table opened it or refused it.
func TestOpeningChangesNothing(t *testing.T) {
	recs := map[string]string{}
	err := filepath.WalkDir(filepath.Join("..", "..", "..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rec") {
			return err
		}
		b, err := os.ReadFile(path)
		recs[path] = string(b)
		return err
	})
	if err != nil || len(recs) < 100 {
		t.Fatalf("%d records: %v", len(recs), err)
	}
	for name, text := range specPositionExamples(t) {
		recs[name] = text
	}
	all := map[string]string{}
	for name, text := range recs {
		all[name] = text
		if !strings.Contains(text, "\nposition ") {
			continue
		}
		if cut := regexp.MustCompile(`(?m)^end[ \t]*(#.*)?\n`); cut.MatchString(text) {
			all[name+"+no-end"] = cut.ReplaceAllString(text, "")
		}
		if strings.Contains(text, "\nsetup ") {
			all[name+"+entry"] = strings.Replace(text, "\nsetup ", "\n"+entryMarkLine+"setup ", 1)
		}
	}
	opened, refused, entries := 0, 0, 0
	for name, text := range all {
		dir := t.TempDir()
		path := filepath.Join(dir, "r.rec")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		synctest.Test(t, func(t *testing.T) {
			o := testOptions(t, "en")
			o.Resume, o.File = true, path
			h := &harness{t: t, screen: tcell.NewSimulationScreen("UTF-8"), done: make(chan error, 1)}
			h.u = newUI(o)
			if err := h.u.begin(); err != nil {
				refused++ // the table does not open: the message is printed and the program exits 1
				h.u.close()
				return
			}
			opened++
			if h.u.pos != nil {
				entries++
			}
			h.u.app.SetScreen(h.screen)
			h.screen.SetSize(80, 24)
			go func() { h.done <- h.u.app.Run() }()
			synctest.Wait()
			h.text()
			h.key(tcell.KeyCtrlC)
			h.key(tcell.KeyEnter)
			if err := <-h.done; err != nil {
				t.Errorf("%s: %v", name, err)
			}
			h.u.close()
		})
		got, err := os.ReadFile(path)
		if err != nil || string(got) != text {
			t.Errorf("%s: opening and quitting changed the record (%v):\n%s\nwas:\n%s", name, err, got, text)
		}
		if files, _ := os.ReadDir(dir); len(files) != 1 {
			t.Errorf("%s: %d files beside the record after opening it", name, len(files)-1)
		}
	}
	t.Logf("%d records (%d under testdata and the record format's position examples): %d opened (%d as an entry), "+
		"%d refused; every one byte for byte as it was", len(all), len(recs), opened, entries, refused)
}

// Issue 32 item 5: an entry under way whose position breaks a rule as a whole (its goods do not add up, POS-11) opens
// as the entry it is, saying why it is not a game yet; a position without the entry's mark that breaks it is
// refused as replay refuses it.
func TestResumedEntrySaysWhy(t *testing.T) {
	goods, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "golden", "tb-pos-err-goods-missing.rec"))
	if err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		h := resumed(t, "en", "e.rec", strings.Replace(string(goods), "\nsetup ", "\n"+entryMarkLine+"setup ", 1))
		if h.u.pos == nil {
			t.Fatal("the entry did not open as an entry")
		}
		h.mustSee("still being entered", "POS-11")
		h.stop()
	})
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		o.File = writeRecord(t, o.Config.DataDir, "p.rec", string(goods))
		u := newUI(o)
		defer u.close()
		if err := u.begin(); err == nil || !strings.Contains(u.describe(err), "POS-11") {
			t.Fatalf("a position whose goods do not add up opened (%v)", err)
		}
	})
}

// Issue 32 item 4: the disk fills up after the tile's line is saved and before the automatic "no figure" line is:
// the table says that the tile is saved and the "no figure" line is not (it said that nothing was saved), with the
// disk's problem and what to do, in bg, uk and en; Enter writes the line once there is room.
func TestDiskFullAfterTheTileSaysTheTileIsSaved(t *testing.T) {
	rec := strings.Replace(exampleRecord, "start=standard", "start=standard followers=1", 1) // red's one follower is on the road
	for _, tc := range []struct{ lang, saved, full string }{
		{"en", "The tile", "is full"}, {"bg", "е записана", "е пълен"}, {"uk", "збережено;", "заповнено"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				fsys := storefs.NewFaulty()
				o := testOptions(t, tc.lang)
				o.Resume, o.FS = true, fsys
				o.File = writeRecord(t, o.Config.DataDir, "g.rec", rec)
				h := start(t, o)
				defer h.stop()
				line := "red place b-m 1,-1 0\n"
				fsys.Set(func(y *storefs.Faulty) { y.Space = int64(len(line)) }) // the tile's line fits, no more
				h.typeTile("b-m", 0)
				h.chooseSpot(1, -1)
				status := h.u.table.status.GetText(true)
				notSaved := o.Loc.T("file.op.save", nil)
				if !strings.Contains(status, tc.saved) || !strings.Contains(status, tc.full) ||
					strings.Contains(status, notSaved[:20]) {
					t.Fatalf("the status line says:\n%s", status)
				}
				noRawErrors(t, h.text())
				if got := readText(t, o.File); got != rec+line {
					t.Fatalf("the record after the full disk:\n%q", got)
				}
				fsys.Set(func(y *storefs.Faulty) { y.Space = -1 })
				h.key(tcell.KeyEnter)
				if got := readText(t, o.File); got != rec+line+"red pass\n" {
					t.Fatalf("the record after Enter:\n%q\nstatus %s", got, h.u.table.status.GetText(true))
				}
			})
		})
	}
}

// Issue 31 item 6: the table's list of saved games shows a refused record as unreadable with its line and rule, as
// games prints it.
func TestPickerShowsTheRefusedLine(t *testing.T) {
	dir := t.TempDir()
	goods, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "golden", "tb-pos-err-goods-missing.rec"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "g.rec"), goods, 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := library.List(dir)
	if err != nil || len(games) != 1 {
		t.Fatal(len(games), err)
	}
	for lang, want := range map[string]string{"en": "line 5 refused [POS-11]", "bg": "ред 5 е отказан [POS-11]",
		"uk": "рядок 5 відхилено [POS-11]"} {
		loc := locales.New(lang)
		main, second := pickerLines(loc, &games[0])
		if !strings.Contains(main, loc.T("lib.state.broken", nil)) || !strings.Contains(second, tview.Escape(want)) {
			t.Errorf("%s: %q / %q", lang, main, second)
		}
	}
}
