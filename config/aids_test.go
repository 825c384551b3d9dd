package config

import (
	"os"
	"path/filepath"
	"testing"
)

// The aids setting (issue 10): on by default; the settings file, KARKASON_AIDS and --aids switch it, the flag
// above the environment above the file.
func TestAidsSetting(t *testing.T) {
	dir := t.TempDir()
	off := filepath.Join(dir, "off.toml")
	if err := os.WriteFile(off, []byte("aids = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
		want bool
	}{
		{"default", nil, nil, true},
		{"file", []string{"--config", off}, nil, false},
		{"env", nil, map[string]string{"KARKASON_AIDS": "false"}, false},
		{"env over file", []string{"--config", off}, map[string]string{"KARKASON_AIDS": "true"}, true},
		{"flag", []string{"--aids=false"}, nil, false},
		{"flag over env", []string{"--aids=true"}, map[string]string{"KARKASON_AIDS": "false"}, true},
		{"flag over file", []string{"--config", off, "--aids"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{"HOME": dir, "XDG_CONFIG_HOME": dir}
			for k, v := range tc.env {
				env[k] = v
			}
			cfg, _, err := Load(tc.args, func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Aids != tc.want {
				t.Errorf("aids %v, want %v", cfg.Aids, tc.want)
			}
		})
	}
}
