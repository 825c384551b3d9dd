package config

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/karkason/karkason/locales"
)

// Issue 31 item 5: a settings file of a few kilobytes with deeply nested inline tables (4 KB: 3.6 s, 77 MB; 16 KB:
// over 150 s) is refused before it is decoded, at the line where it nests too deep or too many, the rest of the
// settings used; a settings file with brackets in its strings and comments, and a few sections, is read as ever.
func TestSettingsFileNestingIsBounded(t *testing.T) {
	nest := func(d int) string { return strings.Repeat("{b=", d) + "1" + strings.Repeat("}", d) }
	var many strings.Builder
	for i := 0; i < 1100; i++ {
		many.WriteString("k" + strings.Repeat("x", i%40) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) +
			" = [1]\n")
	}
	for _, tc := range []struct {
		name, text string
		line       int // the refused line; 0: read
	}{
		{"16 KB of nesting", "language = \"uk\"\na = " + nest(16<<10/4) + "\n", 2},
		{"65 deep", "\n\nx = " + nest(65) + "\n", 3},
		{"64 deep less the section", "[s]\nx = " + nest(63) + "\n", 0},
		{"65 deep lists", "x = " + strings.Repeat("[", 65) + strings.Repeat("]", 65) + "\n", 1},
		{"more than 1024 in all", many.String(), 1025},
		{"brackets in strings and comments", "# {{{{ [[[[\n[s]\nx = \"{{{{{" + strings.Repeat("[", 100) +
			"\\\"\"\ny = '" + strings.Repeat("{", 100) + "'\nz = \"\"\"\n" + strings.Repeat("{", 100) +
			"\n\"\"\"\n[[t]]\nk = 1\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			writeFile(t, path, tc.text)
			start := time.Now()
			cfg, _, err := Load([]string{"--config", path, "--lang", "bg"}, nil)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("Load took %v", d) // (not a timing assertion of speed: a bound against minutes)
			}
			var ce *Error
			if tc.line == 0 {
				if errors.As(err, &ce) && ce.Kind == MsgTooDeep {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.As(err, &ce) || ce.ID != MsgBroken || ce.Kind != MsgTooDeep || ce.Line != tc.line {
				t.Fatalf("Load error = %v (%+v), want %s at line %d", err, ce, MsgTooDeep, tc.line)
			}
			if cfg.Language != "bg" || cfg.Followers != 7 {
				t.Errorf("the rest of the settings: %+v", cfg)
			}
			for _, lang := range []string{"en", "bg", "uk"} {
				msg := locales.New(lang).RenderMessage(ce.Message())
				if msg == MsgTooDeep || !strings.Contains(msg, "64") {
					t.Errorf("%s: %q", lang, msg)
				}
			}
		})
	}
}
