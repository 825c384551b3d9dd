package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/karkason/karkason/config"
)

// The tests run as if the system's user database knew no home folder, so that a test without HOME never reads the
// settings of, or writes a log into, the home of whoever runs them.
func TestMain(m *testing.M) {
	if os.Getenv(asMainVar) == "1" { // the test binary run as karkason itself (runAsMain)
		os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
	}
	config.UserHomeDir = func() string { return "" }
	os.Exit(m.Run())
}

// failingWriter is a standard output that cannot be written: a full disk (ENOSPC), a closed output (EBADF), a pipe
// whose reader is gone (EPIPE), as the os package reports them.
type failingWriter struct{ err error }

func (w failingWriter) Write(p []byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: w.err}
}

// A command whose output cannot be written (karkason games > /dev/full, karkason stats >&-) says so in the user's
// language with what to do, like every other error of the file system, never the OS's English text; it exits 1.
func TestOutputErrors(t *testing.T) {
	want := map[string]map[syscall.Errno][]string{
		"en": {syscall.ENOSPC: {"The disk the output was sent to is full", "nothing was changed"},
			syscall.EBADF: {"The output could not be written", "nothing was changed"},
			syscall.EPIPE: {"The output could not be written", "nothing was changed"}},
		"bg": {syscall.ENOSPC: {"Дискът, към който отива изходът, е пълен", "нищо не е променено"},
			syscall.EBADF: {"Изходът не може да бъде записан", "нищо не е променено"},
			syscall.EPIPE: {"Изходът не може да бъде записан", "нищо не е променено"}},
		"uk": {syscall.ENOSPC: {"Диск, куди йде вивід, заповнено", "нічого не змінено"},
			syscall.EBADF: {"Не вдалося записати вивід", "нічого не змінено"},
			syscall.EPIPE: {"Не вдалося записати вивід", "нічого не змінено"}},
	}
	for _, args := range [][]string{{"games"}, {"games", "--json"}, {"stats"}, {"stats", "--json"},
		{"replay", "../../testdata/library/2026-11-01T2000-Ана-Богдан-Віра.rec"},
		{"replay", "--json", "../../testdata/library/2026-11-01T2000-Ана-Богдан-Віра.rec"}} {
		for lang, errs := range want {
			for errno, texts := range errs {
				var se bytes.Buffer
				a := append(append([]string{}, args...), "--data-dir", "../../testdata/library", "--lang", lang)
				code := run(a, tempHome(t), failingWriter{errno}, &se)
				if code != 1 {
					t.Errorf("%v %s %v: exit %d, want 1", args, lang, errno, code)
				}
				for _, s := range texts {
					if !strings.Contains(se.String(), s) {
						t.Errorf("%v %s %v: stderr lacks %q:\n%s", args, lang, errno, s, se.String())
					}
				}
				low := strings.ToLower(se.String())
				for _, raw := range append(rawOSTexts, "broken pipe", "/dev/stdout") {
					if strings.Contains(low, raw) {
						t.Errorf("%v %s %v: raw OS text %q:\n%s", args, lang, errno, raw, se.String())
					}
				}
			}
		}
	}
}

// With HOME unset and no home folder in the system's user database, the table, games and stats say which settings
// to give, in the user's language, and exit 1, writing nothing under the working directory; replay needs no
// folder and runs; with the folders given, games runs.
func TestNoHome(t *testing.T) {
	wd, _ := os.Getwd()
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"--lang", "uk"}, 1, []string{"HOME не задано", "--data-dir --state-dir", "KARKASON_DATA_DIR, KARKASON_STATE_DIR"}},
		{[]string{"resume", "--lang", "bg"}, 1, []string{"HOME не е зададена", "--data-dir --state-dir"}},
		{[]string{"games", "--lang", "en"}, 1, []string{"HOME is not set", "--data-dir (or the variables KARKASON_DATA_DIR)"}},
		{[]string{"stats", "--lang", "en"}, 1, []string{"--data-dir"}},
		{[]string{"--lang", "en", "--data-dir", t.TempDir()}, 1, []string{"give the folders: --state-dir"}},
		{[]string{"replay", "../../testdata/library/2026-11-01T2000-Ана-Богдан-Віра.rec"}, 0, nil},
		{[]string{"games", "--data-dir", "../../testdata/library"}, 0, nil},
	} {
		var so, se bytes.Buffer
		code := run(c.args, env(map[string]string{"LANG": "en_GB.UTF-8"}), &so, &se)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.args, code, c.code, so.String(), se.String())
		}
		for _, s := range c.want {
			if !strings.Contains(se.String(), s) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, s, se.String())
			}
		}
	}
	if _, err := os.Stat(filepath.Join(wd, ".local")); err == nil {
		t.Errorf("a .local folder was made under the working directory %s", wd)
	}
}
