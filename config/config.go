// Package config loads karkason's settings.
//
// Sources, highest precedence first:
//
//  1. command-line flags: --config FILE, --lang, --data-dir, --state-dir,
//     --aids (--aids=false hides the table aids);
//  2. environment variables KARKASON_<KEY> (KARKASON_LANGUAGE,
//     KARKASON_DATA_DIR, KARKASON_STATE_DIR, KARKASON_CONFIG_DIR,
//     KARKASON_FARMERS_DEFAULT, KARKASON_FOLLOWERS, KARKASON_AIDS); empty
//     ones are ignored;
//  3. the settings file, TOML: the --config FILE, else
//     $config_dir/config.toml (a missing default file is fine);
//  4. the built-in defaults, defaults.toml embedded in the binary.
//
// The layers are merged with a private viper instance (never viper's global
// one). Everything Load looks at, the environment included, is passed to it,
// so it can be tested without touching the real environment; the only things
// it touches are the settings file it reads and, when HOME is not set, the
// system's user database (UserHomeDir).
//
// # Without HOME
//
// The folders default to places under the home folder. When HOME is unset
// (a service, cron, env -i), the home folder is the one the system's user
// database gives the user running karkason (UserHomeDir: /etc/passwd), so
// the games are where they always are. When that is unknown too, a folder
// that no flag, KARKASON_* variable or absolute XDG_* variable gives is ""
// (never a folder under the working directory), no settings file is looked
// for, and the commands that need the folder refuse to run, saying which
// setting to give (package main).
package config

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os/user"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/BurntSushi/toml"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

//go:embed defaults.toml
var defaultsTOML string

// Names and limits.
const (
	// EnvPrefix is the prefix of the environment variables: the variable of
	// key data_dir is KARKASON_DATA_DIR.
	EnvPrefix = "KARKASON_"
	// FileName is the name of the settings file in the config directory.
	FileName = "config.toml"
	// AppDir is the name of karkason's directory under the XDG directories.
	AppDir = "karkason"
	// MinFollowers and MaxFollowers bound the followers setting: the bounds of the game record's followers=
	// (referee.MinFollowers, referee.MaxFollowers), so that every setting can be written in a record.
	MinFollowers = referee.MinFollowers
	MaxFollowers = referee.MaxFollowers
)

// Flag names registered by [AddFlags].
const (
	FlagConfig   = "config"
	FlagLang     = "lang"
	FlagDataDir  = "data-dir"
	FlagStateDir = "state-dir"
	FlagAids     = "aids"
	FlagListen   = "listen"
)

// FlagMessageAnnotation is the pflag annotation under which [AddFlags] puts
// the locales message id of each flag's help text, so that the UI can print
// the help in the user's language: flag.Annotations[FlagMessageAnnotation][0].
const FlagMessageAnnotation = "karkason/message"

// Message ids (in the locales catalogs) of the errors Load returns; see [Error]. The first four are the kinds of
// error (Error.ID); the others say more precisely what is wrong (Error.Kind), in the user's language.
const (
	MsgBroken  = "config.broken"   // data: Path, Err (and Line, Setting)
	MsgMissing = "config.missing"  // data: Path
	MsgBadEnv  = "config.bad_env"  // data: Var, Err (and Setting)
	MsgBadFlag = "config.bad_flag" // data: Err

	MsgSyntax       = "config.syntax"        // the file is not TOML; data: Path, Line
	MsgType         = "config.type"          // a setting of the file has the wrong type; data: Path, Line, Setting, Want
	MsgRange        = "config.range"         // a number of the file is out of range; data: Path, Line, Setting, Min, Max, Value
	MsgEnvType      = "config.env_type"      // an environment variable has the wrong type; data: Var, Want, Value
	MsgEnvRange     = "config.env_range"     // a number of the environment is out of range; data: Var, Min, Max, Value
	MsgLanguage     = "config.language"      // --lang names a language karkason does not speak; data: Value
	MsgEnvLanguage  = "config.env_language"  // so does KARKASON_LANGUAGE; data: Value, Var
	MsgFileLanguage = "config.file_language" // so does the settings file; data: Value, Path, Line
	MsgTooLarge     = "config.too_large"     // the settings file is larger than MaxFileBytes; data: Path, Max (KiB)
	MsgTooDeep      = "config.too_deep"      // it nests tables and lists too deep or too many (depth.go); data: Path, Line, Max (MaxNesting)
)

// DefaultListen is the second screen's address when even the embedded defaults cannot be read (never, in a
// sound build): this machine only.
const DefaultListen = "127.0.0.1:8047"

// MaxFileBytes bounds the settings file: a larger file is not read (a settings file is a few hundred bytes).
const MaxFileBytes = 64 << 10

// Kinds of value (Error.Want): what a setting must be.
const (
	WantText   = "text"   // text in quotes
	WantNumber = "number" // a whole number
	WantBool   = "bool"   // true or false
)

// Config is the loaded settings, after every default has been worked out.
//
// The directories are absolute when they come from the XDG variables or from
// the home folder (HOME, else UserHomeDir); a value given in a flag, the
// environment or the file is taken as it is, after a leading "~/" is replaced
// by the home folder. A default that needs the home folder when none is known
// is "" (see "Without HOME" in the package doc). Load does not create the
// directories.
type Config struct {
	// Language is the language of the user interface, always one of
	// locales.Languages(): "en", "bg" or "uk". An empty setting means the one
	// of LC_ALL, LC_MESSAGES or LANG (see locales.FromEnv), else "en"; an
	// unsupported one gives "en".
	Language string `mapstructure:"language" toml:"language"`
	// DataDir is the directory of the game records, one file per game.
	// Default $XDG_DATA_HOME/karkason/games, else ~/.local/share/karkason/games.
	DataDir string `mapstructure:"data_dir" toml:"data_dir"`
	// StateDir is the directory of the logs and of the "last game" pointer.
	// Default $XDG_STATE_HOME/karkason, else ~/.local/state/karkason.
	StateDir string `mapstructure:"state_dir" toml:"state_dir"`
	// ConfigDir is the directory the settings file is looked for in, from
	// KARKASON_CONFIG_DIR, else $XDG_CONFIG_HOME/karkason, else
	// ~/.config/karkason. A config_dir in the settings file itself is ignored.
	ConfigDir string `mapstructure:"config_dir" toml:"config_dir"`
	// FarmersDefault tells whether new games play with farmers (fields are
	// scored). Default true.
	FarmersDefault bool `mapstructure:"farmers_default" toml:"farmers_default"`
	// Followers is the number of followers each player has in supply at the
	// start, MinFollowers to MaxFollowers. Default 7.
	Followers int `mapstructure:"followers" toml:"followers"`
	// Aids tells whether the table shows its aids (issue 10): the score if
	// the game ended now beside each score, the open features with what is
	// at stake, dead spots, fields, the next tile's chances. Off hides every
	// aid (tournament play); the game and its record do not change. Default
	// true. The table's key F12 switches it for the session.
	Aids bool `mapstructure:"aids" toml:"aids"`
	// Listen is the address the second screen (issue 27: the table's key, karkason serve) listens on, host:port.
	// Default 127.0.0.1:8047, this machine only; a LAN address (or 0.0.0.0) lets phones and a TV in, and the
	// address shown then carries a token.
	Listen string `mapstructure:"listen" toml:"listen"`

	// ConfigFile is the settings file that was read or looked for: the
	// --config file, else ConfigDir/config.toml.
	ConfigFile string `mapstructure:"-" toml:"-"`
	// ConfigFileRead tells whether ConfigFile existed and was used.
	ConfigFileRead bool `mapstructure:"-" toml:"-"`
	// UnknownKeys are the keys of the settings file that are not settings
	// (misspelt or from a newer version), sorted; they are ignored.
	UnknownKeys []string `mapstructure:"-" toml:"-"`
}

// Error is the error Load returns when a source of settings cannot be used.
// It carries what the UI needs to render it through the locales catalogs:
// the message id ID and the template data [Error.Data], or simply
// [Error.Message]. Error() is the English technical text, for logs.
type Error struct {
	// ID is the locales message id: MsgBroken (the settings file cannot be
	// read, is not valid TOML, or has a value of the wrong type or out of
	// range), MsgMissing (the --config file does not exist), MsgBadEnv (an
	// environment variable has a wrong value) or MsgBadFlag (bad command
	// line).
	ID string
	// Path is the settings file, "" when the error is not about a file.
	Path string
	// Line is the 1-based line of Path where the problem is, 0 if unknown.
	Line int
	// Setting is the key concerned ("followers"), "" if unknown.
	Setting string
	// Var is the environment variable concerned (MsgBadEnv), else "".
	Var string
	// Err is what is wrong, in English (from the TOML parser, the file
	// system, the flag parser or the checks of this package): for the log.
	Err error
	// Kind is the message id that says what is wrong in the user's
	// language (MsgSyntax, MsgType, ...), "" when ID says it all.
	Kind string
	// Value is the offending value (for the messages: escaped for the
	// terminal and cut to referee.MaxQuote characters, referee.Quote), Want what the
	// setting must be (WantText, WantNumber, WantBool), Min and Max the
	// range of a number.
	Value    string
	Want     string
	Min, Max int
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("config: ")
	switch {
	case e.Path != "":
		b.WriteString(e.Path + ": ")
	case e.Var != "":
		b.WriteString("environment variable " + e.Var + ": ")
	case e.ID == MsgBadFlag:
		b.WriteString("command line: ")
	}
	b.WriteString(e.Detail())
	return b.String()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Detail is the text of Err, after "line N: " when Line is known.
func (e *Error) Detail() string {
	msg := "unknown error"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, msg)
	}
	return msg
}

// Data returns the template data of the message: Path, Line (int),
// Setting, Var, Err (the string [Error.Detail]), Value, Want, Min, Max.
// The path, the value and the parser's text (which may quote the file)
// come from outside: they are escaped for the terminal (referee.Printable).
func (e *Error) Data() map[string]any {
	return map[string]any{
		"Path":    referee.Printable(e.Path),
		"Line":    e.Line,
		"Setting": e.Setting,
		"Var":     e.Var,
		"Err":     referee.Printable(e.Detail()),
		"Value":   referee.Printable(referee.Quote(e.Value)),
		"Want":    e.Want,
		"Min":     e.Min,
		"Max":     e.Max,
	}
}

// MessageID is the message id to render: Kind, else ID.
func (e *Error) MessageID() string {
	if e.Kind != "" {
		return e.Kind
	}
	return e.ID
}

// Message returns the error as a message to render with
// locales.Localizer.RenderMessage.
func (e *Error) Message() locales.Message { return locales.Msg(e.MessageID(), e.Data()) }

// causeError is an error with a cleaner text than its cause.
type causeError struct {
	msg   string
	cause error
}

func (e *causeError) Error() string { return e.msg }
func (e *causeError) Unwrap() error { return e.cause }

// AddFlags registers the flags Load reads on fs: --config, --lang,
// --data-dir and --state-dir, all strings, and --aids, a bool (--aids=false
// switches the table aids off). Their help texts are English; the message id
// of each is in the annotation FlagMessageAnnotation.
func AddFlags(fs *pflag.FlagSet) {
	for _, f := range []struct{ name, usage, msg string }{
		{FlagConfig, "read the settings from this file", "flag.config"},
		{FlagLang, "language of the program: en, bg or uk", "flag.lang"},
		{FlagDataDir, "keep the game records in this folder", "flag.data_dir"},
		{FlagStateDir, "keep the logs and the last game in this folder", "flag.state_dir"},
	} {
		fs.String(f.name, "", f.usage)
		_ = fs.SetAnnotation(f.name, FlagMessageAnnotation, []string{f.msg})
	}
	fs.Bool(FlagAids, true, "show the table aids (--aids=false hides them)")
	_ = fs.SetAnnotation(FlagAids, FlagMessageAnnotation, []string{"flag.aids"})
	fs.String(FlagListen, "", "the second screen listens on this address (host:port)")
	_ = fs.SetAnnotation(FlagListen, FlagMessageAnnotation, []string{"flag.listen"})
}

// NewFlagSet returns a flag set named name with the flags of [AddFlags],
// which returns parse errors instead of exiting and prints nothing (-h and
// --help give pflag.ErrHelp). The caller may add its own flags before
// passing it to [LoadFlags].
func NewFlagSet(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	AddFlags(fs)
	return fs
}

// Load loads the settings from args (the command line without the program
// name, as os.Args[1:]), the environment as seen through getenv (os.Getenv
// in the program; nil means an empty environment) and the settings file.
// It returns the settings and the arguments left after the flags.
//
// Errors: pflag.ErrHelp as it is for -h or --help; otherwise an *Error.
// A missing default settings file is not an error. Load never panics, and
// even with an error the returned Config is usable: it is what Load could
// work out without the broken source (the file, or the environment
// variable), so the UI can still start and show the error in the user's
// language.
func Load(args []string, getenv func(string) string) (Config, []string, error) {
	return LoadFlags(NewFlagSet("karkason"), args, getenv)
}

// LoadFlags is [Load] with a caller's flag set, which must have the flags of
// [AddFlags] (as one from [NewFlagSet] does) and may have more: LoadFlags
// parses args with it, so the caller can read its own flags afterwards.
func LoadFlags(fset *pflag.FlagSet, args []string, getenv func(string) string) (cfg Config, rest []string, err error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	defer func() {
		if r := recover(); r != nil {
			cfg = Config{Language: locales.Default, FarmersDefault: true, Followers: 7, Aids: true, Listen: DefaultListen}
			err = &Error{ID: MsgBroken, Err: fmt.Errorf("internal error: %v", r)}
		}
	}()
	l := newLoader(getenv)
	defaults, derr := l.defaults()
	if derr != nil {
		return l.fallback(), nil, &Error{ID: MsgBroken, Path: "defaults.toml", Err: derr}
	}
	if perr := fset.Parse(args); perr != nil {
		if errors.Is(perr, pflag.ErrHelp) {
			return l.fallback(), nil, perr
		}
		return l.fallback(), nil, &Error{ID: MsgBadFlag, Err: perr}
	}
	for _, name := range []string{FlagConfig, FlagLang, FlagDataDir, FlagStateDir, FlagAids, FlagListen} {
		if fset.Lookup(name) == nil {
			return l.fallback(), nil, &Error{ID: MsgBadFlag, Err: fmt.Errorf("flag --%s is not defined: use config.AddFlags", name)}
		}
	}
	rest = fset.Args()

	v := viper.New()
	for k, val := range defaults {
		v.SetDefault(k, val)
	}

	// The settings file.
	configDir := l.configDir()
	path, explicit := "", false
	if configDir != "" {
		path = filepath.Join(configDir, FileName)
	}
	if f := fset.Lookup(FlagConfig); f.Changed && f.Value.String() != "" {
		path, explicit = l.expand(f.Value.String()), true
	}
	var firstErr error
	var fileMap map[string]any
	var unknown []string
	if path != "" { // (no home folder known: no settings file but the one --config names)
		var ferr error
		if fileMap, unknown, ferr = readFile(path, explicit, defaults); ferr != nil {
			firstErr = ferr
		}
	}
	if fileMap != nil {
		if err := v.MergeConfigMap(fileMap); err != nil && firstErr == nil {
			firstErr = &Error{ID: MsgBroken, Path: path, Err: err}
		}
	}

	// The environment, above the file.
	envMap := map[string]any{}
	for _, key := range slices.Sorted(maps.Keys(defaults)) {
		name := EnvVar(key)
		s := getenv(name)
		if s == "" {
			continue
		}
		val, err := parseEnv(s, defaults[key])
		if err == nil {
			err = check(key, val)
		}
		if err == nil && key == "language" && !knownLanguage(s) {
			err = &Error{ID: MsgBadEnv, Var: name, Setting: key, Kind: MsgEnvLanguage, Value: s,
				Err: notSpoken(s)}
		}
		if err != nil {
			if firstErr == nil {
				firstErr = envError(name, key, s, defaults[key], err)
			}
			continue
		}
		setPath(envMap, key, val)
	}
	if len(envMap) > 0 {
		if err := v.MergeConfigMap(envMap); err != nil && firstErr == nil {
			firstErr = &Error{ID: MsgBadEnv, Err: err}
		}
	}

	// The flags, above everything; viper only takes a flag the user set. A
	// language karkason does not speak is a bad command line.
	if f := fset.Lookup(FlagLang); f.Changed && !knownLanguage(f.Value.String()) {
		v := f.Value.String()
		return l.fallback(), rest, &Error{ID: MsgBadFlag, Setting: "language", Kind: MsgLanguage, Value: v,
			Err: fmt.Errorf("--lang %w", notSpoken(v))}
	}
	for key, name := range map[string]string{"language": FlagLang, "data_dir": FlagDataDir, "state_dir": FlagStateDir, "aids": FlagAids, "listen": FlagListen} {
		if err := v.BindPFlag(key, fset.Lookup(name)); err != nil && firstErr == nil {
			firstErr = &Error{ID: MsgBadFlag, Err: err}
		}
	}

	if err := v.Unmarshal(&cfg); err != nil {
		// Values are checked above, so this is not expected.
		return l.fallback(), rest, &Error{ID: MsgBroken, Path: path, Err: err}
	}
	cfg.ConfigDir = configDir
	cfg.ConfigFile = path
	cfg.ConfigFileRead = fileMap != nil
	cfg.UnknownKeys = unknown
	l.resolve(&cfg)
	return cfg, rest, firstErr
}

// EnvVar returns the environment variable of a settings key: KARKASON_ and
// the key in upper case, dots as underscores ("data_dir" → KARKASON_DATA_DIR).
func EnvVar(key string) string {
	return EnvPrefix + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

type loader struct {
	getenv func(string) string
	// home is the home folder: HOME, else UserHomeDir; "" when neither is known.
	home string
}

// newLoader returns the loader of the environment getenv.
func newLoader(getenv func(string) string) loader {
	l := loader{getenv: getenv, home: strings.TrimSpace(getenv("HOME"))}
	if l.home == "" && UserHomeDir != nil {
		l.home = UserHomeDir()
	}
	return l
}

// UserHomeDir returns the home folder the system's user database gives the user running karkason, "" if it knows
// none (or a relative one); Load asks it only when HOME is not set. Tests replace it.
var UserHomeDir = func() string {
	u, err := user.Current()
	if err != nil || !filepath.IsAbs(u.HomeDir) {
		return ""
	}
	return u.HomeDir
}

// defaults returns the embedded defaults, flattened: key → value as the
// TOML decoder gives it (string, int64, bool).
func (l loader) defaults() (map[string]any, error) {
	var raw map[string]any
	if _, err := toml.Decode(defaultsTOML, &raw); err != nil {
		return nil, err
	}
	return flatten(raw, ""), nil
}

// fallback is the Config of the embedded defaults and the environment's
// locale only, for when nothing else can be used.
func (l loader) fallback() Config {
	cfg := Config{FarmersDefault: true, Followers: 7, Aids: true}
	if d, err := l.defaults(); err == nil {
		if b, ok := d["farmers_default"].(bool); ok {
			cfg.FarmersDefault = b
		}
		if b, ok := d["aids"].(bool); ok {
			cfg.Aids = b
		}
		if a, ok := d["listen"].(string); ok {
			cfg.Listen = a
		}
		if n, ok := d["followers"].(int64); ok {
			cfg.Followers = int(n)
		}
	}
	cfg.ConfigDir = l.configDir()
	if cfg.ConfigDir != "" {
		cfg.ConfigFile = filepath.Join(cfg.ConfigDir, FileName)
	}
	l.resolve(&cfg)
	return cfg
}

// resolve works out the defaults that depend on the environment.
func (l loader) resolve(cfg *Config) {
	if strings.TrimSpace(cfg.Language) == "" {
		cfg.Language = locales.FromEnv(l.getenv)
	} else {
		cfg.Language = locales.Match(cfg.Language)
	}
	cfg.DataDir = l.dir(cfg.DataDir, "XDG_DATA_HOME", filepath.Join(".local", "share"), "games")
	cfg.StateDir = l.dir(cfg.StateDir, "XDG_STATE_HOME", filepath.Join(".local", "state"), "")
	cfg.ConfigFile = l.expand(cfg.ConfigFile)
}

func (l loader) configDir() string {
	return l.dir(l.getenv(EnvVar("config_dir")), "XDG_CONFIG_HOME", ".config", "")
}

// dir returns value expanded, or when it is empty $xdgVar/karkason/sub, or
// HOME/homeRel/karkason/sub when xdgVar is unset or not absolute (the XDG
// spec says to ignore relative values); "" when that needs the home folder
// and none is known (see "Without HOME").
func (l loader) dir(value, xdgVar, homeRel, sub string) string {
	if strings.TrimSpace(value) != "" {
		return l.expand(value)
	}
	base := l.getenv(xdgVar)
	if !filepath.IsAbs(base) {
		if l.home == "" {
			return ""
		}
		base = filepath.Join(l.home, homeRel)
	}
	return filepath.Join(base, AppDir, sub)
}

// expand replaces a leading "~" or "~/" by the home folder, when one is known.
func (l loader) expand(p string) string {
	home := l.home
	if home == "" {
		return p
	}
	if p == "~" {
		return home
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return p
}

var lineRE = regexp.MustCompile(`^toml: line (\d+)`)

// readFile reads and checks the settings file: at most MaxFileBytes, and
// only a regular file, opened without blocking (a FIFO or a device is
// refused at once, never waited on). It returns the file's settings (nil
// when the file was not read), its unknown keys, and an *Error. Values of
// known keys have the type of their default and pass check. A language
// karkason does not speak is left out and said (MsgFileLanguage), the file's
// other settings are used.
func readFile(path string, explicit bool, defaults map[string]any) (map[string]any, []string, error) {
	data, err := storefs.ReadRegular(path, MaxFileBytes)
	if errors.Is(err, syscall.ENOTDIR) {
		// A part of the path is not a folder (a config folder that is a FIFO, a file): said so, not "does not exist"
		// (issue 31).
		err = &fs.PathError{Op: "open", Path: path, Err: referee.ErrNotFolder}
	}
	if err != nil {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if explicit {
				return nil, nil, &Error{ID: MsgMissing, Path: path, Err: fs.ErrNotExist}
			}
			return nil, nil, nil
		case errors.Is(err, storefs.ErrTooLarge):
			return nil, nil, &Error{ID: MsgBroken, Path: path, Kind: MsgTooLarge, Max: MaxFileBytes >> 10, Err: err}
		}
		return nil, nil, &Error{ID: MsgBroken, Path: path, Err: err}
	}
	text := string(data)
	if line := nestingError(text); line > 0 { // before the decoder, whose time grows with the nesting (depth.go)
		return nil, nil, &Error{ID: MsgBroken, Path: path, Kind: MsgTooDeep, Line: line, Max: MaxNesting,
			Err: fmt.Errorf("tables and lists nested more than %d deep or more than %d in all", MaxNesting, MaxNested)}
	}
	var raw map[string]any
	if _, err := toml.Decode(text, &raw); err != nil {
		e := &Error{ID: MsgBroken, Path: path, Kind: MsgSyntax, Err: err}
		var pe toml.ParseError
		if errors.As(err, &pe) {
			e.Line = pe.Position.Line
			e.Err = &causeError{msg: pe.Message, cause: err}
		}
		return nil, nil, e
	}
	raw = lowerKeys(raw)

	for _, key := range slices.Sorted(maps.Keys(defaults)) {
		val, ok := lookup(raw, key)
		if !ok {
			continue
		}
		e := &Error{ID: MsgBroken, Path: path, Setting: key}
		if e.Err = typeCheck(key, val, defaults[key]); e.Err != nil {
			e.Kind, e.Want = MsgType, want(defaults[key])
		} else if e.Err = check(key, val); e.Err != nil {
			e.Kind, e.Min, e.Max, e.Value = MsgRange, MinFollowers, MaxFollowers, fmt.Sprint(val)
		}
		if e.Err != nil {
			e.Line = lineOf(text, key, val)
			return nil, nil, e
		}
	}

	var unknown []string
	for key := range flatten(raw, "") {
		if _, ok := defaults[key]; !ok {
			unknown = append(unknown, key)
		}
	}
	slices.Sort(unknown)
	if lang, ok := raw["language"].(string); ok && strings.TrimSpace(lang) != "" && !knownLanguage(lang) {
		delete(raw, "language")
		return raw, unknown, &Error{ID: MsgBroken, Path: path, Setting: "language", Kind: MsgFileLanguage, Value: lang,
			Line: lineOf(text, "language", lang), Err: notSpoken(lang)}
	}
	return raw, unknown, nil
}

// knownLanguage reports whether a language setting is one karkason speaks
// (locales.Known); an empty one follows the environment's locale.
func knownLanguage(s string) bool {
	return strings.TrimSpace(s) == "" || locales.Known(s)
}

// notSpoken is the error (for the log) of a language setting v that
// karkason does not speak.
func notSpoken(v string) error {
	return fmt.Errorf("%q is not a language karkason speaks (en, bg, uk)", referee.Quote(v))
}

// want is what a setting of default def must be: WantText, WantNumber or
// WantBool.
func want(def any) string {
	switch def.(type) {
	case int64:
		return WantNumber
	case bool:
		return WantBool
	}
	return WantText
}

// envError is the *Error of environment variable name (setting key, value s,
// default def) that err refused.
func envError(name, key, s string, def any, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	e = &Error{ID: MsgBadEnv, Var: name, Setting: key, Value: s, Err: err, Kind: MsgEnvType, Want: want(def)}
	if _, perr := parseEnv(s, def); perr == nil { // the type is right: the value is out of range
		e.Kind, e.Min, e.Max = MsgEnvRange, MinFollowers, MaxFollowers
	}
	return e
}

// lineOf finds the line of key in a TOML text, whose value there is val:
// it decodes the text into a struct whose only field is key, with a type
// that cannot hold val, and the decoder's type error tells the line. It
// returns 0 if it cannot tell.
func lineOf(text, key string, val any) int {
	var typ reflect.Type = reflect.TypeOf(false)
	if _, ok := val.(bool); ok {
		typ = reflect.TypeOf("")
	}
	parts := strings.Split(key, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		typ = reflect.StructOf([]reflect.StructField{{
			Name: "F",
			Type: typ,
			Tag:  reflect.StructTag(`toml:"` + parts[i] + `"`),
		}})
	}
	_, err := toml.Decode(text, reflect.New(typ).Interface())
	if err == nil {
		return 0
	}
	if m := lineRE.FindStringSubmatch(err.Error()); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// typeCheck reports a value whose type is not the type of the default.
func typeCheck(key string, val, def any) error {
	if reflect.TypeOf(val) == reflect.TypeOf(def) {
		return nil
	}
	return fmt.Errorf("%s must be %s, not %s", key, kindName(def), describe(val))
}

func kindName(v any) string {
	switch v.(type) {
	case string:
		return "text in quotes"
	case int64:
		return "a whole number"
	case bool:
		return "true or false"
	case float64:
		return "a number"
	}
	return fmt.Sprintf("a %T", v)
}

func describe(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the text %q", v)
	case int64:
		return fmt.Sprintf("the whole number %d", v)
	case float64:
		return fmt.Sprintf("the number %v", v)
	case bool:
		return fmt.Sprintf("%v", v)
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "a list"
	}
	return fmt.Sprintf("a %T", v)
}

// check checks the value of a setting, once its type is right.
func check(key string, val any) error {
	switch key {
	case "followers":
		n, _ := val.(int64)
		if n < MinFollowers || n > MaxFollowers {
			return fmt.Errorf("followers must be between %d and %d, not %d", MinFollowers, MaxFollowers, n)
		}
	}
	return nil
}

// parseEnv converts an environment value to the type of the default.
func parseEnv(s string, def any) (any, error) {
	switch def.(type) {
	case int64:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", s)
		}
		return n, nil
	case bool:
		b, err := strconv.ParseBool(strings.TrimSpace(s))
		if err != nil {
			return nil, fmt.Errorf("%q is not true or false", s)
		}
		return b, nil
	case string:
		return s, nil
	}
	return nil, fmt.Errorf("settings of type %T cannot be set from the environment", def)
}

// flatten returns the leaves of a nested map as dotted keys.
func flatten(m map[string]any, prefix string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		key := prefix + k
		if sub, ok := v.(map[string]any); ok {
			maps.Copy(out, flatten(sub, key+"."))
			continue
		}
		out[key] = v
	}
	return out
}

// lowerKeys returns m with its keys in lower case at every level, as viper
// sees them.
func lowerKeys(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			v = lowerKeys(sub)
		}
		out[strings.ToLower(k)] = v
	}
	return out
}

// lookup returns the value at a dotted key of a nested map.
func lookup(m map[string]any, key string) (any, bool) {
	parts := strings.Split(key, ".")
	var cur any = m
	for _, p := range parts {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = mm[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// setPath sets a dotted key in a nested map.
func setPath(m map[string]any, key string, val any) {
	parts := strings.Split(key, ".")
	for _, p := range parts[:len(parts)-1] {
		sub, ok := m[p].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[p] = sub
		}
		m = sub
	}
	m[parts[len(parts)-1]] = val
}
