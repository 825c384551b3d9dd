package tui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee/storefs"
)

// libraryOptions (root: the module's folder) are the options of a table whose data folder holds the golden library and the City and River
// game (a finished 100-tile game), opened on the saved-games list.
func libraryOptions(t *testing.T, lang, root string) Options {
	o := testOptions(t, lang)
	o.Resume = true
	files, _ := filepath.Glob(filepath.Join(root, "testdata/library/*.rec"))
	files = append(files, filepath.Join(root, "testdata/export/city-river.rec"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		if name == "city-river.rec" {
			name = "2026-11-20T2100-Ана-Богдан-Віра.rec"
		}
		writeRecord(t, o.Config.DataDir, name, string(b))
	}
	return o
}

// The saved-games list and the statistics screen show what "karkason games" and "karkason stats" show, whole, at
// 80x24 in every language.
func TestLibraryScreensNothingCut(t *testing.T) {
	for _, lang := range locales.Languages() {
		t.Run(lang, func(t *testing.T) {
			vocab := vocabulary(lang, "Ана Богдан Віра А Б В from a friend broken rec farmers abbot river count king robber shrines")
			synctest.Test(t, func(t *testing.T) {
				o := libraryOptions(t, lang, "../../..")
				h := start(t, o)
				defer h.stop()
				loc := h.u.loc
				games, err := library.List(o.Config.DataDir)
				if err != nil || len(games) != 7 {
					t.Fatalf("%d games: %v", len(games), err)
				}
				fixed := []string{loc.T("ui.picker.title", nil), loc.T("ui.picker.help", nil),
					loc.T("ui.picker.new", nil), loc.T("ui.quit", nil)}
				for i := range games {
					main, second := pickerLines(loc, &games[i])
					fixed = append(fixed, plainText(main), strings.TrimSpace(plainText(second)))
				}
				if bad := h.cutOff(fixed, vocab); len(bad) > 0 {
					t.Errorf("%s, saved games at 80x24:\n  %s\n%s", lang, strings.Join(bad, "\n  "), h.text())
				}
				h.key(tcell.KeyF7)
				fixed = []string{loc.T("ui.stats.title", nil), loc.T("ui.stats.keys", nil)}
				for _, l := range strings.Split(library.StatsText(library.Compute(games, library.Filter{}), nil, loc), "\n") {
					if l = strings.TrimSpace(l); l != "" && len(fixed) < 14 { // the lines in view: the rest scrolls
						fixed = append(fixed, l)
					}
				}
				if bad := h.cutOff(fixed, vocab); len(bad) > 0 {
					t.Errorf("%s, statistics at 80x24:\n  %s\n%s", lang, strings.Join(bad, "\n  "), h.text())
				}
				h.key(tcell.KeyEscape)
				h.mustSee(loc.T("ui.picker.title", nil))
			})
		})
	}
}

// Picking a finished game shows its final tally; F9 there writes the PNG and the SVG into the working folder and
// says where; a broken record says why it cannot be opened and opens nothing.
func TestTallyExport(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	synctest.Test(t, func(t *testing.T) {
		o := libraryOptions(t, "uk", root)
		h := start(t, o)
		defer h.stop()
		h.key(tcell.KeyDown) // from-a-friend.rec (refused by the referee), then the City and River game
		h.key(tcell.KeyUp)
		h.key(tcell.KeyEnter)
		if h.u.sess != nil {
			t.Fatalf("a refused record was opened")
		}
		h.mustSee("DEF-7")
		h.key(tcell.KeyDown)
		h.key(tcell.KeyEnter)
		if h.u.sess == nil {
			t.Fatalf("the finished game was not opened:\n%s", h.text())
		}
		h.mustSee("Підсумковий рахунок")
		h.key(tcell.KeyF9)
		h.mustSee("Малюнок записано:")
	})
	for _, ext := range []string{".png", ".svg"} {
		info, err := os.Stat(filepath.Join(dir, "2026-11-20T2100-Ана-Богдан-Віра"+ext))
		if err != nil || info.Size() < 1000 {
			t.Errorf("%s: %v", ext, err)
		}
	}
}

// F9 on the final tally, where the folder karkason was started in is gone, is read-only, or its disk is full:
// the tally says so in full in the players' language, with the picture's own advice (another file or folder, not
// --data-dir) and that nothing else changed; no raw OS text; nothing is left behind.
func TestTallyExportFileErrors(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	advice := map[string][]string{"en": {"another file or folder", "nothing else changed"},
		"bg": {"друг файл или друга папка", "нищо друго не е променено"},
		"uk": {"інший файл або іншу теку", "більше нічого не змінено"}}
	for _, tc := range []struct {
		name  string
		gone  bool // the working folder is removed
		fault func(*storefs.Faulty)
		says  map[string][]string
	}{
		{"a missing folder", true, nil, map[string][]string{"en": {"does not exist"}, "bg": {"не съществува"},
			"uk": {"не існує"}}},
		{"a read-only folder", false, func(y *storefs.Faulty) { y.OpenErr = syscall.EROFS },
			map[string][]string{"en": {"read-only"}, "bg": {"само за четене"}, "uk": {"лише для читання"}}},
		{"a full disk", false, func(y *storefs.Faulty) { y.Space = 100 },
			map[string][]string{"en": {"is full", "free some space"}, "bg": {"е пълен", "освободете място"},
				"uk": {"заповнено", "звільніть місце"}}},
	} {
		for _, lang := range locales.Languages() {
			t.Run(tc.name+" "+lang, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "here")
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				t.Chdir(dir)
				synctest.Test(t, func(t *testing.T) {
					fsys := storefs.NewFaulty()
					o := libraryOptions(t, lang, root)
					o.FS = fsys
					h := start(t, o)
					defer h.stop()
					h.key(tcell.KeyDown)
					h.key(tcell.KeyEnter)
					if h.u.sess == nil {
						t.Fatalf("the finished game was not opened:\n%s", h.text())
					}
					if tc.fault != nil {
						fsys.Set(tc.fault)
					}
					if tc.gone {
						if err := os.Remove(dir); err != nil {
							t.Fatal(err)
						}
					}
					h.key(tcell.KeyF9)
					screen := h.text()
					for _, want := range append(tc.says[lang], advice[lang]...) {
						if !strings.Contains(strings.Join(strings.Fields(screen), " "), want) {
							t.Errorf("the tally lacks %q:\n%s", want, screen)
						}
					}
					noRawErrors(t, screen)
					if strings.Contains(screen, "--data-dir") {
						t.Errorf("--data-dir advised for a picture:\n%s", screen)
					}
					// The whole message is on the screen: its last word too.
					msg, _ := h.u.exportMessage(h.u.sess.Game)
					words := strings.Fields(plainText(msg))
					if last := words[len(words)-1]; !strings.Contains(screen, last) {
						t.Errorf("the end of the message %q is not on the screen:\n%s", last, screen)
					}
				})
				if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
				if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
			})
		}
	}
}

// The saved-games picker and its statistics (F7) on a data folder that is a file or cannot be listed: what is
// wrong and what to do in the players' language, in full, with no raw OS text; on a missing folder the picker
// says there are no games yet, as before.
func TestPickerFolderErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		folder func(o Options) string
		fault  func(*storefs.Faulty)
		says   map[string][]string
	}{
		{"a missing folder", func(o Options) string { return o.Config.DataDir }, nil, nil},
		{"a file", func(o Options) string {
			path := filepath.Join(filepath.Dir(o.Config.DataDir), "file")
			if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			return path
		}, nil, map[string][]string{"en": {"is not a folder", "--data-dir", "could not be listed"},
			"bg": {"не е папка", "--data-dir", "не могат да бъдат прегледани"},
			"uk": {"не тека", "--data-dir", "Не вдалося переглянути"}}},
		{"an unreadable folder", func(o Options) string {
			if err := os.MkdirAll(o.Config.DataDir, 0o755); err != nil {
				t.Fatal(err)
			}
			return o.Config.DataDir
		}, func(y *storefs.Faulty) { y.ReadDirErr = syscall.EACCES },
			map[string][]string{"en": {"--data-dir", "could not be listed"},
				"bg": {"достъпът е отказан", "--data-dir", "не могат да бъдат прегледани"},
				"uk": {"доступ заборонено", "--data-dir", "Не вдалося переглянути"}}},
	} {
		for _, lang := range locales.Languages() {
			t.Run(tc.name+" "+lang, func(t *testing.T) {
				synctest.Test(t, func(t *testing.T) {
					fsys := storefs.NewFaulty()
					if tc.fault != nil {
						fsys.Set(tc.fault)
					}
					o := testOptions(t, lang)
					o.Resume, o.FS = true, fsys
					o.Config.DataDir = tc.folder(o)
					h := start(t, o)
					defer h.stop()
					check := func(where string) {
						screen := h.text()
						flat := strings.Join(strings.Fields(strings.NewReplacer("║", " ", "│", " ").Replace(screen)), " ")
						for _, want := range tc.says[lang] {
							if !strings.Contains(flat, want) {
								t.Errorf("%s lacks %q:\n%s", where, want, screen)
							}
						}
						if tc.says == nil && where == "the picker" {
							h.mustSee(plainText(h.u.loc.T("ui.picker.title", nil)))
						}
						for _, raw := range rawOSErrors {
							if strings.Contains(screen, raw) && !(raw == "permission denied" && lang == "en") {
								t.Errorf("%s: raw error text %q shown:\n%s", where, raw, screen)
							}
						}
					}
					check("the picker")
					h.key(tcell.KeyF7)
					check("the statistics")
				})
			})
		}
	}
}
