package config

import "testing"

// The second screen's address is a setting like the others: the flag above the environment above the file above
// the embedded default.
func TestListenSetting(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home}
	getenv := func(k string) string { return env[k] }
	cfg, _, err := Load(nil, getenv)
	if err != nil || cfg.Listen != "127.0.0.1:8047" {
		t.Errorf("default: %q %v", cfg.Listen, err)
	}
	env["KARKASON_LISTEN"] = "0.0.0.0:9000"
	if cfg, _, err = Load(nil, getenv); err != nil || cfg.Listen != "0.0.0.0:9000" {
		t.Errorf("environment: %q %v", cfg.Listen, err)
	}
	if cfg, _, err = Load([]string{"--listen", "192.168.1.5:8047"}, getenv); err != nil || cfg.Listen != "192.168.1.5:8047" {
		t.Errorf("flag: %q %v", cfg.Listen, err)
	}
}
