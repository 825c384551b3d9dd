package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/karkason/karkason/locales"
	"github.com/spf13/pflag"
)

// env returns a getenv for a map.
func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoad(t *testing.T) {
	type want struct {
		lang, dataDir, stateDir, configDir string
		farmers                            bool
		followers                          int
		fileRead                           bool
		unknown                            []string
		rest                               []string
	}
	// Each case runs with HOME=<tmp>/home; "@" in env values and args is
	// replaced by the temporary directory.
	tests := []struct {
		name string
		env  map[string]string
		file string // text of <tmp>/home/.config/karkason/config.toml, "" for none
		args []string
		want want
	}{
		{
			name: "defaults",
			want: want{lang: "en", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, rest: []string{}},
		},
		{
			name: "XDG directories",
			env:  map[string]string{"XDG_DATA_HOME": "@/data", "XDG_STATE_HOME": "@/state", "XDG_CONFIG_HOME": "@/conf"},
			want: want{lang: "en", dataDir: "@/data/karkason/games", stateDir: "@/state/karkason",
				configDir: "@/conf/karkason", farmers: true, followers: 7, rest: []string{}},
		},
		{
			name: "relative XDG directories are ignored",
			env:  map[string]string{"XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state", "XDG_CONFIG_HOME": "conf"},
			want: want{lang: "en", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, rest: []string{}},
		},
		{
			name: "language from LANG",
			env:  map[string]string{"LANG": "uk_UA.UTF-8"},
			want: want{lang: "uk", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, rest: []string{}},
		},
		{
			name: "LC_ALL beats LANG",
			env:  map[string]string{"LANG": "uk_UA.UTF-8", "LC_ALL": "bg_BG.UTF-8"},
			want: want{lang: "bg", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, rest: []string{}},
		},
		{
			name: "file",
			env:  map[string]string{"LANG": "uk_UA.UTF-8"},
			file: "language = \"bg\"\nfollowers = 5\nfarmers_default = false\ndata_dir = \"/games\"\nstate_dir = \"~/st\"\n",
			want: want{lang: "bg", dataDir: "/games", stateDir: "@/home/st",
				configDir: "@/home/.config/karkason", farmers: false, followers: 5, fileRead: true, rest: []string{}},
		},
		{
			name: "file keys are case-insensitive, unknown keys reported",
			file: "Language = \"uk\"\nfolowers = 3\n[theme]\ncolour = \"dark\"\n",
			want: want{lang: "uk", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, fileRead: true,
				unknown: []string{"folowers", "theme.colour"}, rest: []string{}},
		},
		{
			name: "file with a byte order mark and only comments",
			file: "\ufeff# nothing set\n",
			want: want{lang: "en", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, fileRead: true, rest: []string{}},
		},
		{
			name: "env beats file",
			env: map[string]string{"KARKASON_LANGUAGE": "uk_UA", "KARKASON_FOLLOWERS": " 6 ", "KARKASON_FARMERS_DEFAULT": "true",
				"KARKASON_DATA_DIR": "@/d", "KARKASON_STATE_DIR": "@/s"},
			file: "language = \"bg\"\nfollowers = 5\nfarmers_default = false\ndata_dir = \"/games\"\n",
			want: want{lang: "uk", dataDir: "@/d", stateDir: "@/s",
				configDir: "@/home/.config/karkason", farmers: true, followers: 6, fileRead: true, rest: []string{}},
		},
		{
			name: "empty env values are ignored",
			env:  map[string]string{"KARKASON_LANGUAGE": "", "KARKASON_FOLLOWERS": ""},
			file: "language = \"bg\"\nfollowers = 5\n",
			want: want{lang: "bg", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 5, fileRead: true, rest: []string{}},
		},
		{
			name: "flags beat env and file, rest returned",
			env:  map[string]string{"KARKASON_LANGUAGE": "uk", "KARKASON_DATA_DIR": "@/d"},
			file: "language = \"en\"\nstate_dir = \"/st\"\n",
			args: []string{"--lang", "bg", "game.jsonl", "--data-dir=~/g", "--state-dir", "@/flag-state", "--", "--more"},
			want: want{lang: "bg", dataDir: "@/home/g", stateDir: "@/flag-state",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, fileRead: true,
				rest: []string{"game.jsonl", "--more"}},
		},
		{
			name: "--lang empty means the locale",
			env:  map[string]string{"KARKASON_LANGUAGE": "uk", "LANG": "bg_BG"},
			args: []string{"--lang="},
			want: want{lang: "bg", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, rest: []string{}},
		},
		{
			name: "KARKASON_CONFIG_DIR moves the settings file",
			env:  map[string]string{"KARKASON_CONFIG_DIR": "@/home/.config/karkason"},
			file: "followers = 9\n",
			want: want{lang: "en", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 9, fileRead: true, rest: []string{}},
		},
		{
			name: "config_dir in the file is ignored",
			file: "config_dir = \"/elsewhere\"\n",
			want: want{lang: "en", dataDir: "@/home/.local/share/karkason/games", stateDir: "@/home/.local/state/karkason",
				configDir: "@/home/.config/karkason", farmers: true, followers: 7, fileRead: true, rest: []string{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			at := func(s string) string { return strings.ReplaceAll(s, "@", tmp) }
			e := map[string]string{"HOME": tmp + "/home"}
			for k, v := range tt.env {
				e[k] = at(v)
			}
			if tt.file != "" {
				writeFile(t, filepath.Join(tmp, "home/.config/karkason/config.toml"), tt.file)
			}
			var args []string
			for _, a := range tt.args {
				args = append(args, at(a))
			}
			cfg, rest, err := Load(args, env(e))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			w := tt.want
			got := want{cfg.Language, cfg.DataDir, cfg.StateDir, cfg.ConfigDir, cfg.FarmersDefault, cfg.Followers,
				cfg.ConfigFileRead, cfg.UnknownKeys, rest}
			w.dataDir, w.stateDir, w.configDir = at(w.dataDir), at(w.stateDir), at(w.configDir)
			if !reflect.DeepEqual(got, w) {
				t.Errorf("got  %+v\nwant %+v", got, w)
			}
			if want := filepath.Join(cfg.ConfigDir, FileName); cfg.ConfigFile != want {
				t.Errorf("ConfigFile = %q, want %q", cfg.ConfigFile, want)
			}
		})
	}
}

func TestLoadExplicitConfigFile(t *testing.T) {
	tmp := t.TempDir()
	path := filepath.Join(tmp, "my.toml")
	writeFile(t, path, "language = \"uk\"\n")
	writeFile(t, filepath.Join(tmp, "home/.config/karkason/config.toml"), "language = \"bg\"\nfollowers = 3\n")
	cfg, _, err := Load([]string{"--config", path}, env(map[string]string{"HOME": tmp + "/home"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Language != "uk" || cfg.Followers != 7 || cfg.ConfigFile != path || !cfg.ConfigFileRead {
		t.Errorf("got %+v", cfg)
	}
	// "~/" in --config.
	writeFile(t, filepath.Join(tmp, "home/k.toml"), "followers = 4\n")
	cfg, _, err = Load([]string{"--config=~/k.toml"}, env(map[string]string{"HOME": tmp + "/home"}))
	if err != nil || cfg.Followers != 4 {
		t.Errorf("~ config: %+v, %v", cfg, err)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		file     string // default settings file
		args     []string
		id       string
		line     int
		setting  string
		envVar   string
		errHas   string // substring of Error()
		wantLang string // the Config returned with the error is still usable
	}{
		{
			name: "bad TOML", file: "language = \"bg\"\nfollowers = \n", args: []string{"--lang", "uk"},
			id: MsgBroken, line: 2, errHas: "line 2: expected value", wantLang: "uk",
		},
		{
			name: "unquoted text", file: "# settings\nlanguage = bg\n", env: map[string]string{"LANG": "bg_BG"},
			id: MsgBroken, line: 2, errHas: "line 2:", wantLang: "bg",
		},
		{
			name: "duplicate key", file: "followers = 3\nfollowers = 4\n",
			id: MsgBroken, line: 2, errHas: "line 2:", wantLang: "en",
		},
		{
			name: "wrong type: text for a number", file: "language = \"bg\"\n\nfollowers = \"seven\"\n",
			id: MsgBroken, line: 3, setting: "followers", errHas: `line 3: followers must be a whole number, not the text "seven"`, wantLang: "en",
		},
		{
			name: "wrong type: float for a number", file: "followers = 7.0\n",
			id: MsgBroken, line: 1, setting: "followers", errHas: "followers must be a whole number, not the number 7", wantLang: "en",
		},
		{
			name: "wrong type: number for a boolean", file: "\n\n\nfarmers_default = 1\n",
			id: MsgBroken, line: 4, setting: "farmers_default", errHas: "farmers_default must be true or false", wantLang: "en",
		},
		{
			name: "wrong type: table for text", file: "x = 1\n[language]\nname = \"bg\"\n",
			id: MsgBroken, line: 2, setting: "language", errHas: "language must be text in quotes, not a table", wantLang: "en",
		},
		{
			name: "wrong type: upper-case key", file: "Followers = true\n",
			id: MsgBroken, line: 1, setting: "followers", errHas: "followers must be a whole number, not true", wantLang: "en",
		},
		{
			name: "out of range", file: "followers = 0\n",
			id: MsgBroken, line: 1, setting: "followers", errHas: "followers must be between 1 and 99, not 0", wantLang: "en",
		},
		{
			name: "missing explicit file", args: []string{"--config", "@/nope.toml", "--lang", "bg"},
			id: MsgMissing, errHas: "nope.toml", wantLang: "bg",
		},
		{
			name: "settings file is a directory", args: []string{"--config", "@"},
			id: MsgBroken, wantLang: "en",
		},
		{
			name: "env: not a number", env: map[string]string{"KARKASON_FOLLOWERS": "seven", "KARKASON_LANGUAGE": "uk"},
			id: MsgBadEnv, setting: "followers", envVar: "KARKASON_FOLLOWERS", errHas: `"seven" is not a whole number`, wantLang: "uk",
		},
		{
			name: "env: not a boolean", env: map[string]string{"KARKASON_FARMERS_DEFAULT": "yes"},
			id: MsgBadEnv, setting: "farmers_default", envVar: "KARKASON_FARMERS_DEFAULT", errHas: "not true or false", wantLang: "en",
		},
		{
			name: "env: out of range", env: map[string]string{"KARKASON_FOLLOWERS": "-1"},
			id: MsgBadEnv, setting: "followers", envVar: "KARKASON_FOLLOWERS", errHas: "between 1 and 99", wantLang: "en",
		},
		{
			name: "unknown flag", args: []string{"--nope"}, env: map[string]string{"LANG": "uk_UA.UTF-8"},
			id: MsgBadFlag, errHas: "command line: unknown flag: --nope", wantLang: "uk",
		},
		{
			name: "flag without its value", args: []string{"--lang"},
			id: MsgBadFlag, errHas: "flag needs an argument", wantLang: "en",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			at := func(s string) string { return strings.ReplaceAll(s, "@", tmp) }
			e := map[string]string{"HOME": tmp + "/home"}
			for k, v := range tt.env {
				e[k] = v
			}
			path := filepath.Join(tmp, "home/.config/karkason/config.toml")
			if tt.file != "" {
				writeFile(t, path, tt.file)
			}
			var args []string
			for _, a := range tt.args {
				args = append(args, at(a))
			}
			cfg, _, err := Load(args, env(e))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("Load error = %v (%T), want *Error", err, err)
			}
			if ce.ID != tt.id || ce.Line != tt.line || ce.Setting != tt.setting || ce.Var != tt.envVar {
				t.Errorf("got ID %q Line %d Setting %q Var %q, want %q %d %q %q",
					ce.ID, ce.Line, ce.Setting, ce.Var, tt.id, tt.line, tt.setting, tt.envVar)
			}
			if !strings.Contains(ce.Error(), tt.errHas) {
				t.Errorf("Error() = %q, want it to contain %q", ce.Error(), tt.errHas)
			}
			if tt.file != "" && ce.Path != path {
				t.Errorf("Path = %q, want %q", ce.Path, path)
			}
			if ce.Path != "" && !strings.Contains(ce.Error(), ce.Path) {
				t.Errorf("Error() = %q does not name the file", ce.Error())
			}
			if ce.Err == nil {
				t.Error("Err is nil")
			}
			if cfg.Language != tt.wantLang || cfg.Followers < MinFollowers || cfg.DataDir == "" || cfg.StateDir == "" {
				t.Errorf("returned Config not usable: %+v", cfg)
			}
			// The message renders in every language, naming the file.
			for _, lang := range locales.Languages() {
				s := locales.New(lang).RenderMessage(ce.Message())
				if s == ce.ID || strings.Contains(s, "<no value>") {
					t.Errorf("%s: rendered %q", lang, s)
				}
				if ce.Path != "" && !strings.Contains(s, ce.Path) {
					t.Errorf("%s: %q does not name the file", lang, s)
				}
				if ce.Var != "" && !strings.Contains(s, ce.Var) {
					t.Errorf("%s: %q does not name the variable", lang, s)
				}
			}
		})
	}
}

// A language karkason does not speak is said, wherever it comes from (issue 21: it fell back to English without a
// word): --lang is a bad command line; KARKASON_LANGUAGE and the settings file's language are not used, and the
// file's other settings are.
func TestUnknownLanguageIsSaid(t *testing.T) {
	tmp := t.TempDir()
	path := filepath.Join(tmp, "home/.config/karkason/config.toml")
	writeFile(t, path, "followers = 9\nlanguage = \"xx\"\n")
	e := env(map[string]string{"HOME": tmp + "/home", "LANG": "uk_UA.UTF-8"})
	for _, tc := range []struct {
		name      string
		args      []string
		env       func(string) string
		id, kind  string
		line      int
		followers int
	}{
		{"--lang xx", []string{"--lang", "xx"}, e, MsgBadFlag, MsgLanguage, 0, 7},
		{"KARKASON_LANGUAGE=xx", nil, func(k string) string {
			if k == "KARKASON_LANGUAGE" {
				return "xx"
			}
			if k == "KARKASON_CONFIG_DIR" {
				return tmp // no settings file there
			}
			return e(k)
		}, MsgBadEnv, MsgEnvLanguage, 0, 7},
		{`language = "xx"`, nil, e, MsgBroken, MsgFileLanguage, 2, 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, _, err := Load(tc.args, tc.env)
			var ce *Error
			if !errors.As(err, &ce) || ce.ID != tc.id || ce.Kind != tc.kind || ce.Value != "xx" || ce.Line != tc.line {
				t.Fatalf("Load error = %+v, want %s/%s for xx at line %d", err, tc.id, tc.kind, tc.line)
			}
			if cfg.Language != "uk" || cfg.Followers != tc.followers {
				t.Errorf("language %q followers %d, want the locale's uk and %d", cfg.Language, cfg.Followers,
					tc.followers)
			}
			for _, lang := range locales.Languages() {
				if s := locales.New(lang).RenderMessage(ce.Message()); !strings.Contains(s, "xx") ||
					strings.Contains(s, "<no value>") || (ce.Var != "" && !strings.Contains(s, ce.Var)) {
					t.Errorf("%s: %q", lang, s)
				}
			}
		})
	}
	// A language the settings accept in any of its spellings.
	for _, ok := range []string{"bg", "uk_UA.UTF-8", "en-GB", "EN", "bg_BG@euro"} {
		if _, _, err := Load([]string{"--lang", ok}, nil); err != nil {
			t.Errorf("--lang %s: %v", ok, err)
		}
	}
	// A 50 MB language is no language, refused at once without being parsed.
	if _, _, err := Load(nil, func(k string) string {
		if k == "KARKASON_LANGUAGE" {
			return strings.Repeat("b", 50<<20)
		}
		return ""
	}); err == nil {
		t.Error("a 50 MB language was taken")
	}
}

func TestMissingExplicitFileIsNotExist(t *testing.T) {
	_, _, err := Load([]string{"--config", filepath.Join(t.TempDir(), "none.toml")}, nil)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v, want fs.ErrNotExist inside", err)
	}
}

func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "--help"} {
		_, _, err := Load([]string{arg}, nil)
		if !errors.Is(err, pflag.ErrHelp) {
			t.Errorf("%s: err = %v, want pflag.ErrHelp", arg, err)
		}
	}
}

func TestLoadFlagsWithCallerFlags(t *testing.T) {
	fs := NewFlagSet("karkason")
	resume := fs.Bool("resume", false, "resume the last game")
	cfg, rest, err := LoadFlags(fs, []string{"--resume", "--lang", "uk", "x"}, env(map[string]string{"HOME": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	if !*resume || cfg.Language != "uk" || !slices.Equal(rest, []string{"x"}) {
		t.Errorf("resume=%v lang=%q rest=%v", *resume, cfg.Language, rest)
	}
	// A flag set without the flags is an error, not a panic.
	_, _, err = LoadFlags(pflag.NewFlagSet("x", pflag.ContinueOnError), nil, nil)
	var ce *Error
	if !errors.As(err, &ce) || ce.ID != MsgBadFlag {
		t.Errorf("err = %v", err)
	}
}

// The tests run as if the system's user database knew no home folder (TestNoHome gives it one), so that a settings
// file in the real home of whoever runs them cannot get in the way.
func TestMain(m *testing.M) {
	UserHomeDir = func() string { return "" }
	os.Exit(m.Run())
}

// Without HOME the home folder is the one the system's user database gives (UserHomeDir); when it knows none, a
// folder no setting gives is "", never a folder under the working directory, and no settings file is looked for.
func TestNoHome(t *testing.T) {
	tmp := t.TempDir()
	defer func(f func() string) { UserHomeDir = f }(UserHomeDir)
	for _, tc := range []struct {
		name                        string
		passwd                      string // UserHomeDir
		env                         map[string]string
		args                        []string
		data, state, conf, confFile string
	}{
		{name: "the user database's home", passwd: "@/pw",
			data: "@/pw/.local/share/karkason/games", state: "@/pw/.local/state/karkason", conf: "@/pw/.config/karkason",
			confFile: "@/pw/.config/karkason/config.toml"},
		{name: "HOME first", passwd: "@/pw", env: map[string]string{"HOME": "@/h"},
			data: "@/h/.local/share/karkason/games", state: "@/h/.local/state/karkason", conf: "@/h/.config/karkason",
			confFile: "@/h/.config/karkason/config.toml"},
		{name: "no home known"},
		{name: "no home known, the folders given",
			env:  map[string]string{"KARKASON_STATE_DIR": "@/st", "XDG_CONFIG_HOME": "@/xc"},
			args: []string{"--data-dir", "@/d"}, data: "@/d", state: "@/st", conf: "@/xc/karkason",
			confFile: "@/xc/karkason/config.toml"},
		{name: "no home known, a relative XDG folder ignored", env: map[string]string{"XDG_DATA_HOME": "rel"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := func(s string) string { return strings.ReplaceAll(s, "@", tmp) }
			UserHomeDir = func() string { return at(tc.passwd) }
			e := map[string]string{}
			for k, v := range tc.env {
				e[k] = at(v)
			}
			var args []string
			for _, a := range tc.args {
				args = append(args, at(a))
			}
			cfg, _, err := Load(args, env(e))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.DataDir != at(tc.data) || cfg.StateDir != at(tc.state) || cfg.ConfigDir != at(tc.conf) ||
				cfg.ConfigFile != at(tc.confFile) {
				t.Errorf("data %q state %q config %q %q, want %q %q %q %q", cfg.DataDir, cfg.StateDir, cfg.ConfigDir,
					cfg.ConfigFile, at(tc.data), at(tc.state), at(tc.conf), at(tc.confFile))
			}
		})
	}
}

// Every setting has a default of the type of its Config field, and the other
// way round: viper only looks at the environment for keys it knows.
func TestDefaultsMatchConfig(t *testing.T) {
	var raw map[string]any
	if _, err := toml.Decode(defaultsTOML, &raw); err != nil {
		t.Fatal(err)
	}
	defaults := flatten(raw, "")
	fields := map[string]reflect.Kind{}
	typ := reflect.TypeFor[Config]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		key := f.Tag.Get("mapstructure")
		if key == "" {
			t.Errorf("field %s has no mapstructure tag", f.Name)
			continue
		}
		if key == "-" {
			continue
		}
		if tk := f.Tag.Get("toml"); tk != key {
			t.Errorf("field %s: toml tag %q, mapstructure tag %q", f.Name, tk, key)
		}
		fields[key] = f.Type.Kind()
	}
	kindOf := map[reflect.Kind]reflect.Kind{reflect.String: reflect.String, reflect.Int: reflect.Int64, reflect.Bool: reflect.Bool}
	for key, kind := range fields {
		d, ok := defaults[key]
		if !ok {
			t.Errorf("setting %q has no default in defaults.toml", key)
			continue
		}
		if got := reflect.TypeOf(d).Kind(); got != kindOf[kind] {
			t.Errorf("setting %q: default is %v, field is %v", key, got, kind)
		}
	}
	for key := range defaults {
		if _, ok := fields[key]; !ok {
			t.Errorf("default %q has no Config field", key)
		}
	}
}

func TestEnvVar(t *testing.T) {
	for key, want := range map[string]string{
		"language": "KARKASON_LANGUAGE", "data_dir": "KARKASON_DATA_DIR", "state_dir": "KARKASON_STATE_DIR",
		"config_dir": "KARKASON_CONFIG_DIR", "followers": "KARKASON_FOLLOWERS", "theme.colour": "KARKASON_THEME_COLOUR",
	} {
		if got := EnvVar(key); got != want {
			t.Errorf("EnvVar(%q) = %q, want %q", key, got, want)
		}
	}
}

// The message ids this package hands to the UI exist in the catalogs.
func TestMessageIDsInCatalogs(t *testing.T) {
	keys := locales.Keys()
	ids := []string{MsgBroken, MsgMissing, MsgBadEnv, MsgBadFlag}
	NewFlagSet("x").VisitAll(func(f *pflag.Flag) {
		a := f.Annotations[FlagMessageAnnotation]
		if len(a) != 1 {
			t.Errorf("flag --%s has no message annotation", f.Name)
			return
		}
		ids = append(ids, a[0])
		if got := locales.New("en").T(a[0], nil); got != f.Usage {
			t.Errorf("flag --%s: usage %q, en catalog %q", f.Name, f.Usage, got)
		}
	})
	for _, id := range ids {
		if !slices.Contains(keys, id) {
			t.Errorf("message %q is not in the locales catalogs", id)
		}
	}
}

func TestErrorText(t *testing.T) {
	e := &Error{ID: MsgBroken, Path: "/c.toml", Line: 3, Setting: "followers", Err: errors.New("bad")}
	if got, want := e.Error(), "config: /c.toml: line 3: bad"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	d := e.Data()
	if d["Path"] != "/c.toml" || d["Line"] != 3 || d["Err"] != "line 3: bad" || d["Setting"] != "followers" {
		t.Errorf("Data() = %v", d)
	}
	if got, want := locales.New("bg").RenderMessage(e.Message()),
		"Файлът с настройки /c.toml не може да бъде прочетен: line 3: bad"; got != want {
		t.Errorf("bg = %q, want %q", got, want)
	}
	if got := (&Error{ID: MsgBadEnv, Var: "KARKASON_FOLLOWERS", Err: errors.New("x")}).Error(); got != "config: environment variable KARKASON_FOLLOWERS: x" {
		t.Errorf("env Error() = %q", got)
	}
	if got := (&Error{ID: MsgBroken}).Error(); got != "config: unknown error" {
		t.Errorf("empty Error() = %q", got)
	}
}

// A value from outside that is too long for a message is cut to referee.MaxQuote characters (referee.Quote, as a
// record's offending text is), and a byte of invalid UTF-8 among them reaches the message as "\xff", as in a short
// value, never as the byte itself nor as U+FFFD (it was U+FFFD past 60 characters): the message is valid UTF-8 and
// says what the file holds.
func TestLongValueInAMessage(t *testing.T) {
	long := strings.Repeat("é", 58) + "\xff\x1b" + strings.Repeat("x", 20)
	for _, tc := range []struct {
		value, want string
	}{
		{long, strings.Repeat("é", 58) + `\xff\x1b…`},
		{"x\xffy", `x\xffy`},
	} {
		e := &Error{ID: MsgBadFlag, Setting: "language", Kind: MsgLanguage, Value: tc.value}
		if got := e.Data()["Value"]; got != tc.want {
			t.Errorf("Value of %q = %q, want %q", tc.value, got, tc.want)
		}
	}
	_, _, err := Load([]string{"--lang", long}, nil)
	var ce *Error
	if !errors.As(err, &ce) || ce.Kind != MsgLanguage {
		t.Fatalf("--lang of a long value: %v", err)
	}
	if d := ce.Detail(); !utf8.ValidString(d) || !strings.Contains(d, strings.Repeat("é", 58)+`\xff\x1b…`) {
		t.Errorf("Detail() = %q", d)
	}
	for _, lang := range locales.Languages() {
		if s := locales.New(lang).RenderMessage(ce.Message()); !utf8.ValidString(s) || !strings.Contains(s, `\xff\x1b…`) {
			t.Errorf("%s: %q", lang, s)
		}
	}
}

// A settings file whose broken line holds a format character (U+202E, right-to-left override, in a key written
// twice: the TOML parser's text quotes the key raw): the message shows it escaped (issue 21 item 9: every string
// from outside is escaped before it reaches the terminal).
func TestBrokenFileTextEscaped(t *testing.T) {
	tmp := t.TempDir()
	path := filepath.Join(tmp, "k.toml")
	writeFile(t, path, "\"\u202ek\" = 1\n\"\u202ek\" = 2\n")
	_, _, err := Load([]string{"--config", path}, env(map[string]string{"HOME": tmp}))
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("a broken settings file: %v", err)
	}
	if !strings.ContainsRune(ce.Detail(), 0x202e) {
		t.Fatalf("the parser's text no longer quotes the key raw: %q (find another case)", ce.Detail())
	}
	if d, _ := ce.Data()["Err"].(string); strings.ContainsRune(d, 0x202e) {
		t.Errorf("Err carries a raw U+202E: %q", d)
	}
	for _, lang := range locales.Languages() {
		if s := locales.New(lang).RenderMessage(ce.Message()); strings.ContainsRune(s, 0x202e) {
			t.Errorf("%s: the message carries a raw U+202E: %q", lang, s)
		}
	}
}
