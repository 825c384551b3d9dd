package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// asMainVar set to 1 runs the test binary as karkason itself (TestMain), for a test that needs a process of its
// own: a new session without a terminal.
const asMainVar = "KARKASON_TEST_AS_MAIN"

// Issue 31 item 2: the table started without a terminal (TERM set, no tty: setsid, ssh without -t, cron) ended
// in a Go panic (exit 2), and a record whose last line was cut off was changed (the line moved aside) with the
// message that names the side file never shown. Now it says so in one localized line, exits 1, and changes
// nothing.
func TestTableWithoutATerminal(t *testing.T) {
	for _, lang := range []struct{ lang, want string }{
		{"en_US.UTF-8", "needs a terminal"},
		{"bg_BG.UTF-8", "има нужда от терминал"},
		{"uk_UA.UTF-8", "потрібен термінал"},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "g.rec")
		text := "karkason-record 1\nsetup players=A:red,B:blue start=none\nposition tile b-c1rs 0,0 0\n" +
			"position red score 4"
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "resume", path)
		cmd.Env = []string{asMainVar + "=1", "TERM=xterm", "HOME=" + dir, "LANG=" + lang.lang,
			"KARKASON_DATA_DIR=" + dir, "KARKASON_STATE_DIR=" + filepath.Join(dir, "state"),
			"XDG_CONFIG_HOME=" + dir}
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no controlling terminal
		var stderr bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, &stderr, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		out := stderr.String()
		if code != 1 || !strings.Contains(out, lang.want) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("%s: exit %d:\n%s", lang.lang, code, out)
		}
		if got, _ := os.ReadFile(path); string(got) != text {
			t.Errorf("%s: the record changed: %q", lang.lang, got)
		}
		if sides, _ := filepath.Glob(path + ".torn-*"); len(sides) != 0 {
			t.Errorf("%s: side files %v", lang.lang, sides)
		}
	}
}
