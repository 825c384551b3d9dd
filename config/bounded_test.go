package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee/storefs"
)

// The settings file is read within a bound and never waited on (issue 21): a FIFO, /dev/zero, a folder and a
// 200 KB file are each refused at once, the rest of the settings used; a FIFO once hung every command, /dev/zero
// ended in "out of memory".
func TestSettingsFileIsBounded(t *testing.T) {
	tmp := t.TempDir()
	fifo := filepath.Join(tmp, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	zero := filepath.Join(tmp, "zero.toml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(tmp, "big.toml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", 200<<10)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(tmp, "folder.toml")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		kind       string
		err        error
	}{
		{"FIFO", fifo, "", storefs.ErrNotRegular},
		{"/dev/zero", zero, "", storefs.ErrNotRegular},
		{"folder", folder, "", storefs.ErrNotRegular},
		{"200 KB", big, MsgTooLarge, storefs.ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type result struct {
				cfg Config
				err error
			}
			done := make(chan result, 1)
			go func() {
				cfg, _, err := Load([]string{"--config", tc.path, "--lang", "bg"}, nil)
				done <- result{cfg, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("Load hangs on the settings file")
			}
			var ce *Error
			if !errors.As(r.err, &ce) || ce.ID != MsgBroken || ce.Kind != tc.kind || !errors.Is(ce.Err, tc.err) {
				t.Fatalf("Load error = %v, want %s (%v)", r.err, tc.kind, tc.err)
			}
			if r.cfg.Language != "bg" || r.cfg.Followers != 7 {
				t.Errorf("the rest of the settings: %+v", r.cfg)
			}
		})
	}
}

// A settings file that is not TOML is said in the user's language, not with the TOML parser's English.
func TestSyntaxErrorIsLocalized(t *testing.T) {
	tmp := t.TempDir()
	path := filepath.Join(tmp, "config.toml")
	writeFile(t, path, "language = \"bg\"\nfollowers = \n")
	_, _, err := Load([]string{"--config", path}, nil)
	var ce *Error
	if !errors.As(err, &ce) || ce.Kind != MsgSyntax || ce.Line != 2 {
		t.Fatalf("Load error = %+v", err)
	}
	for _, lang := range []string{"bg", "uk"} {
		s := locales.New(lang).RenderMessage(ce.Message())
		if strings.Contains(s, "expected") || !strings.Contains(s, path) || !strings.Contains(s, "2") {
			t.Errorf("%s: %q", lang, s)
		}
	}
}
