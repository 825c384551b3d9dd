package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Files a person can get wrong, on the command line (issue 14): replay and resume of a missing file, a folder, a
// device, a pipe that never ends, a 50 MB record, a record refused at line 3 with anything after it, a settings
// file that cannot be read. Each gives a message in the user's language that says what is wrong and what to do,
// in bounded time and memory; no output holds the raw text of an OS error (it goes to the log in the state
// folder).

// rawOSTexts are what Go and the OS say about files.
var rawOSTexts = []string{"no space left", "read-only file system", "permission denied", "no such file",
	"input/output error", "is a directory", "not a directory", "operation not permitted", "not a regular file",
	"resource temporarily unavailable", "open /", "read /", "bad file descriptor", "\x00"}

// bigRecord writes dir/big.rec: head, then zero bytes up to 50 MB.
func bigRecord(t *testing.T, dir, head string) string {
	t.Helper()
	big := filepath.Join(dir, "big.rec")
	if err := os.WriteFile(big, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 50<<20); err != nil {
		t.Fatal(err)
	}
	return big
}

// endlessPipe makes the fifo dir/endless (the test is skipped where there is none) with a writer that never
// stops: a record's head, then "red pass" forever, until the reader is gone; written gets the bytes it wrote.
func endlessPipe(t *testing.T, dir string) (fifo string, written <-chan int64) {
	t.Helper()
	fifo = filepath.Join(dir, "endless")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no fifo: %v", err)
	}
	count := make(chan int64, 1)
	go func() {
		var n int64
		defer func() { count <- n }()
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		k, _ := f.WriteString("karkason-record 1\nsetup players=A:red,B:blue expansions=none\n")
		n += int64(k)
		chunk := []byte(strings.Repeat("red pass\n", 1000))
		for {
			k, err := f.Write(chunk)
			n += int64(k)
			if err != nil {
				return
			}
		}
	}()
	return fifo, count
}

func TestFilesOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	home := t.TempDir()
	state := filepath.Join(home, "state")
	missing := filepath.Join(dir, "none.rec")
	big := bigRecord(t, dir, "karkason-record 1\nsetup players=A:red,B:blue expansions=none\nred pass\n")
	cfgDir := filepath.Join(dir, "cfg")
	if err := os.MkdirAll(filepath.Join(cfgDir, "config.toml"), 0o755); err != nil { // a folder in its place
		t.Fatal(err)
	}

	type want map[string][]string // language -> substrings of stderr
	tests := []struct {
		name string
		args []string
		code int
		errs want
	}{
		{"replay a missing file", []string{"replay", missing}, 1, want{
			"en": {"does not exist", "none.rec"}, "bg": {"не съществува"}, "uk": {"не існує"}}},
		{"replay a folder", []string{"replay", dir}, 1, want{
			"en": {"is not a file", "could not be read"}, "bg": {"не е файл"}, "uk": {"не файл"}}},
		{"resume a folder", []string{"resume", dir}, 1, want{
			"en": {"is not a file", "could not be opened"}, "bg": {"не е файл"}, "uk": {"не файл"}}},
		{"replay /dev/zero", []string{"replay", "/dev/zero"}, 1, want{ // only a file is read (issue 21)
			"en": {"is not a file", "could not be read"}, "bg": {"не е файл"}, "uk": {"не файл"}}},
		{"resume /dev/zero", []string{"resume", "/dev/zero"}, 1, want{
			"en": {"is not a file"}, "bg": {"не е файл"}, "uk": {"не файл"}}},
		{"replay 50 MB", []string{"replay", big}, 1, want{
			"en": {"4 MiB"}, "bg": {"4 МБ"}, "uk": {"4 МБ"}}},
		{"resume 50 MB", []string{"resume", big}, 1, want{
			"en": {"4 MiB"}, "bg": {"4 МБ"}, "uk": {"4 МБ"}}},
		{"resume a missing file", []string{"resume", missing}, 1, want{
			"en": {"does not exist", "--data-dir"}, "bg": {"не съществува"}, "uk": {"не існує"}}},
		{"export to a missing folder", []string{"export", "../../testdata/export/city-river.rec", "--png",
			filepath.Join(dir, "no", "x.png")}, 1, want{"en": {"does not exist", "another file or folder"},
			"bg": {"не съществува", "друг файл или друга папка"}, "uk": {"не існує", "інший файл або іншу теку"}}},
		{"export to a folder", []string{"export", "../../testdata/export/city-river.rec", "--svg", dir}, 1, want{
			"en": {"is a folder"}, "bg": {"е папка"}, "uk": {"тека"}}},
		{"export a missing record", []string{"export", missing, "--svg", filepath.Join(dir, "x.svg")}, 1, want{
			"en": {"does not exist", "none.rec"}, "bg": {"не съществува"}, "uk": {"не існує"}}},
		{"games in a file", []string{"games", "--data-dir", big}, 1, want{
			"en": {"is not a folder", "could not be listed"}, "bg": {"не е папка"}, "uk": {"не тека"}}},
		{"stats in a file", []string{"stats", "--data-dir", big}, 1, want{
			"en": {"is not a folder", "could not be listed"}, "bg": {"не е папка"}, "uk": {"не тека"}}},
		{"games in a missing folder", []string{"games", "--data-dir", filepath.Join(dir, "no")}, 0, want{
			"en": nil, "bg": nil, "uk": nil}},
		{"a settings file that is a folder", []string{"--config", filepath.Join(cfgDir, "config.toml"), "replay",
			missing}, 1, want{"en": {"config.toml", "is not a file"}, "bg": {"не е файл"}, "uk": {"не файл"}}},
	}
	langs := map[string]string{"en": "en_US.UTF-8", "bg": "bg_BG.UTF-8", "uk": "uk_UA.UTF-8"}
	for _, tc := range tests {
		for lang, errs := range tc.errs {
			t.Run(tc.name+" "+lang, func(t *testing.T) {
				vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "LANG": langs[lang],
					"KARKASON_STATE_DIR": state}
				var out, stderr bytes.Buffer
				code := run(tc.args, env(vars), &out, &stderr)
				if code != tc.code {
					t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, out.String(), stderr.String())
				}
				for _, s := range errs {
					if !strings.Contains(stderr.String(), s) {
						t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
					}
				}
				both := strings.ToLower(out.String() + stderr.String())
				for _, raw := range rawOSTexts {
					if strings.Contains(both, raw) {
						t.Errorf("raw OS text %q in the output:\n%s", raw, both)
					}
				}
				if len(stderr.String()) > 1000 {
					t.Errorf("%d bytes of errors:\n%s", stderr.Len(), stderr.String())
				}
			})
		}
	}
	// The raw texts are in the log.
	log, err := os.ReadFile(filepath.Join(state, "karkason.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"no such file or directory", "is a directory"} {
		if !strings.Contains(string(log), raw) {
			t.Errorf("the log lacks %q:\n%s", raw, log)
		}
	}
}

// replay of a 50 MB record, of an endless pipe and of /dev/zero is refused at once, in little memory: the issue
// asks for under 100 ms and 50 MB; the bound on time here is loose (a busy machine), the heap is measured. The pipe
// and the device are not files: they are refused without a byte read (issue 21), so the endless writer writes at
// most what the pipe holds.
func TestReplayRefusesHugeInputQuickly(t *testing.T) {
	dir := t.TempDir()
	big := bigRecord(t, dir, "karkason-record 1\n")
	fifo, written := endlessPipe(t, dir)
	home := t.TempDir()
	vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home, "LANG": "bg_BG.UTF-8"}
	for _, path := range []string{big, fifo, "/dev/zero"} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		var out, stderr bytes.Buffer
		code := run([]string{"replay", path}, env(vars), &out, &stderr)
		d := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("%s: exit %d in %v, %d bytes allocated: %s", path, code, d, after.TotalAlloc-before.TotalAlloc,
			strings.TrimSpace(stderr.String()))
		if code != 1 {
			t.Errorf("%s: exit %d, want 1", path, code)
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 50<<20 {
			t.Errorf("%s: %d bytes allocated, want under 50 MB", path, a)
		}
		if d > 2*time.Second {
			t.Errorf("%s: took %v", path, d)
		}
	}
	// The writer may still wait for a reader (the refusal opened and closed the pipe before it got there): a
	// reader that reads nothing, now and then, lets it go.
	deadline := time.After(10 * time.Second)
	for {
		if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		select {
		case n := <-written:
			t.Logf("the endless writer wrote %d bytes before the pipe closed", n)
			if n > 1<<20 {
				t.Errorf("the endless writer wrote %d bytes: the reader read on", n)
			}
			return
		case <-deadline:
			t.Fatal("the endless writer is still writing")
		case <-time.After(100 * time.Millisecond):
		}
	}
}
