// Command karkason is a rules referee and scoring assistant for a game of Carcassonne played on a real table.
//
//	karkason                          the table: a set-up form, then the board, the scores and a move form
//	karkason resume [FILE]            go on with a saved game (the most recent one without FILE)
//	karkason replay FILE [--json] [--final] [--aids] [--accept-last-line]
//	                                  replay a game record and print the scores with their breakdown;
//	                                  --aids adds the table aids (what is at stake on the board);
//	                                  --accept-last-line reads a last line without its line end (a record
//	                                  written by hand) instead of leaving it out as a write cut off
//	karkason games [--json]           the saved games, newest first (package library)
//	karkason stats [--json] [--player NAME]... [--since DATE] [--until DATE] [--modules LIST]
//	                                  statistics across the finished games (package library)
//	karkason export FILE --svg OUT.svg | --png OUT.png [--turn N]
//	                                  a picture of the board and the scores (package picture)
//	karkason serve [FILE] [--listen ADDR]
//	                                  the second screen: the game live in a browser (package screen)
//	karkason --version                the version, from the build info
//
// Settings: --config FILE, --lang bg|uk|en, --data-dir DIR, --state-dir DIR, --aids=false (see package config).
// The --aids flag is the setting aids for the table (on by default; --aids=false hides every aid); replay prints
// the aids only when --aids is given on its command line, so that its output stays what it was without it.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"strings"

	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/cmd/karkason/tui"
	"github.com/karkason/karkason/config"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/spf13/pflag"
)

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// run is the whole program minus the process: it returns the exit code (0 ok, 1 refused or failed, 2 usage).
func run(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	fs := config.NewFlagSet("karkason")
	jsonOut := fs.Bool("json", false, "replay: print JSON")
	final := fs.Bool("final", false, "replay: add end-of-game scoring")
	version := fs.Bool("version", false, "print the version")
	acceptLast := fs.Bool("accept-last-line", false, "replay: read a last line without its line end")
	// --help is a flag of its own (not pflag's built-in one, which stops at it), so that a --lang after it still
	// chooses the language of the help.
	help := fs.BoolP("help", "h", false, "print the usage")
	var lf libFlags
	fs.StringArrayVar(&lf.players, "player", nil, "stats: this player only (twice: head to head)")
	fs.StringVar(&lf.since, "since", "", "stats: games from this day (YYYY-MM-DD)")
	fs.StringVar(&lf.until, "until", "", "stats: games up to this day (YYYY-MM-DD)")
	fs.StringVar(&lf.modules, "modules", "", "stats: games with these modules (comma-separated)")
	var ef exportFlags
	fs.StringVar(&ef.svg, "svg", "", "export: write an SVG picture here")
	fs.StringVar(&ef.png, "png", "", "export: write a PNG picture here")
	fs.IntVar(&ef.turn, "turn", -1, "export: the board after this turn")
	cfg, rest, cfgErr := config.LoadFlags(fs, args, getenv)
	lang := cfg.Language
	if lang == "" {
		lang = locales.FromEnv(getenv)
	}
	loc := locales.New(lang)
	log := errlog.Open(cfg.StateDir)
	if *help || errors.Is(cfgErr, pflag.ErrHelp) {
		fmt.Fprintln(stdout, loc.T("cli.usage", nil))
		fmt.Fprintln(stdout, loc.T("ui.web.usage", nil)) // the second screen (serve_cmd.go)
		return 0
	}
	// A settings source that cannot be used: said in the user's language (the settings file's problems of the
	// file system as such, the OS's text to the log). A bad command line stops here; otherwise the program goes
	// on with the rest of the settings, the table showing the message, a command printing it and exiting 1.
	cfgMsg := ""
	if cfgErr != nil {
		var ce *config.Error
		switch {
		case errors.As(cfgErr, &ce) && ce.Path != "" && ce.Kind == "" && referee.ProblemOf(ce.Err) != "":
			cfgMsg, _ = log.Explain(loc, referee.AsFileError(ce.Err, referee.OpConfig, ce.Path))
		case ce != nil:
			log.Record("settings", ce)
			cfgMsg = loc.RenderMessage(ce.Message())
		default:
			cfgMsg = log.Failed(loc, "cli.failed", cfgErr)
		}
		if ce == nil || ce.ID == config.MsgBadFlag {
			fmt.Fprintln(stderr, cfgMsg)
			return 2
		}
	}
	// warned is a command's exit code once the settings message is printed: 1 when it would be 0.
	warned := func(code int) int {
		if cfgMsg == "" {
			return code
		}
		fmt.Fprintln(stderr, cfgMsg)
		return max(code, 1)
	}
	if *version {
		fmt.Fprintln(stdout, "karkason "+buildVersion())
		return 0
	}
	cmd := ""
	if len(rest) > 0 {
		cmd, rest = rest[0], rest[1:]
	}
	if msg := noHome(cmd, cfg, loc); msg != "" {
		fmt.Fprintln(stderr, msg)
		return 1
	}
	switch cmd {
	case "":
		return runTUI(tui.Options{Config: cfg, Loc: loc, Log: log, Notice: cfgMsg}, stderr, loc, log)
	case "resume":
		o := tui.Options{Config: cfg, Loc: loc, Log: log, Resume: true, Notice: cfgMsg}
		if len(rest) > 0 {
			o.File = rest[0]
		}
		return runTUI(o, stderr, loc, log)
	case "replay":
		if len(rest) != 1 {
			fmt.Fprintln(stderr, loc.T("cli.usage", nil))
			return 2
		}
		aids := false
		if f := fs.Lookup(config.FlagAids); f != nil && f.Changed {
			aids = cfg.Aids
		}
		return warned(replay(rest[0], replayFlags{json: *jsonOut, final: *final, aids: aids, acceptLast: *acceptLast},
			stdout, stderr, loc, log))
	case "games":
		if len(rest) != 0 {
			fmt.Fprintln(stderr, loc.T("cli.usage", nil))
			return 2
		}
		return warned(games(cfg.DataDir, cfg.StateDir, *jsonOut, stdout, stderr, loc, log))
	case "stats":
		if len(rest) != 0 {
			fmt.Fprintln(stderr, loc.T("cli.usage", nil))
			return 2
		}
		return warned(stats(cfg.DataDir, cfg.StateDir, lf, *jsonOut, stdout, stderr, loc, log))
	case "export":
		if len(rest) != 1 {
			fmt.Fprintln(stderr, loc.T("cli.usage", nil))
			return 2
		}
		if f := fs.Lookup("turn"); f == nil || !f.Changed {
			ef.turn = -1 // the end of the game; a --turn given is checked against the record's turns
		} else if ef.turn < 0 {
			ef.negative = true
		}
		return warned(export(rest[0], ef, stdout, stderr, loc, log))
	case "serve":
		if len(rest) > 1 {
			fmt.Fprintln(stderr, loc.T("cli.usage", nil))
			return 2
		}
		return warned(serve(rest, cfg, stdout, stderr, loc, log))
	default:
		fmt.Fprintln(stderr, loc.T("cli.unknown_command", map[string]any{"Command": referee.Printable(cmd)}))
		fmt.Fprintln(stderr, loc.T("cli.usage", nil))
		return 2
	}
}

// noHome is the refusal of a command that needs a folder no setting gives when no home folder is known (HOME
// unset, and none in the system's user database: package config, "Without HOME"): which settings to give; "" when
// it has what it needs. The table needs the data folder (the records) and the state folder (the log, the last
// game); games and stats the data folder (without a state folder they keep no cache); replay and export neither.
func noHome(cmd string, cfg config.Config, loc *locales.Localizer) string {
	var flags, vars []string
	switch cmd {
	case "", "resume", "games", "stats":
		if cfg.DataDir == "" {
			flags, vars = append(flags, "--data-dir"), append(vars, config.EnvVar("data_dir"))
		}
	}
	switch cmd {
	case "", "resume":
		if cfg.StateDir == "" {
			flags, vars = append(flags, "--state-dir"), append(vars, config.EnvVar("state_dir"))
		}
	}
	if len(flags) == 0 {
		return ""
	}
	return loc.T("cli.no_home", map[string]any{"Flags": strings.Join(flags, " "), "Vars": strings.Join(vars, ", ")})
}

// runTUI runs the table. Its notice (a settings message) is shown on the table; if the table cannot start, it is
// printed with the error.
func runTUI(o tui.Options, stderr io.Writer, loc *locales.Localizer, log *errlog.Log) int {
	if err := tui.Run(o); err != nil {
		if o.Notice != "" {
			fmt.Fprintln(stderr, o.Notice)
		}
		if errors.Is(err, tui.ErrNoTerminal) { // nothing was opened or changed
			fmt.Fprintln(stderr, loc.T("cli.no_terminal", nil))
			return 1
		}
		var se *tui.StartError
		if errors.As(err, &se) { // what the start changed (a line moved aside), said where the start ends
			for _, n := range se.Notes {
				fmt.Fprintln(stderr, n)
			}
			err = se.Err
		}
		fmt.Fprintln(stderr, errlog.Describe(loc, log, err))
		return 1
	}
	return 0
}

// replay prints the scores of the record at path (with aids, the table aids of the game as it lies after the last
// action). The record is read by the reader of every command (referee.ReadFile): a regular file only, never waited
// on, within referee.MaxRecordBytes, MaxLines and MaxLineBytes, played as it is read (a refused line stops the
// reading at once); a last line cut off mid-write is left out with a note.
func replay(path string, rf replayFlags, stdout, stderr io.Writer, loc *locales.Localizer, log *errlog.Log) int {
	jsonOut, final, aids := rf.json, rf.final, rf.aids
	code := 0
	rd, err := referee.ReadFileWith(path, engine.Standard(), referee.ReadOptions{AcceptLastLine: rf.acceptLast})
	if rd == nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, err))
		return 1
	}
	if rd.Game == nil && err != nil && jsonOut {
		// No game to print (the set-up or the position refused): the refused line and its reason all the same, as
		// games --json lists the record (issue 32).
		var out struct {
			Error string `json:"error"`
			Line  int    `json:"line,omitempty"`
			Rule  string `json:"rule,omitempty"`
		}
		out.Error = errlog.Describe(loc, log, err)
		out.Line, out.Rule = refusedLine(err)
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if werr := enc.Encode(out); werr != nil {
			return outputFailed(werr, stderr, loc, log)
		}
	}
	if rd.CutOff != nil {
		fmt.Fprintln(stderr, errlog.Describe(loc, log, rd.CutOff))
	}
	g := rd.Game
	if g != nil {
		g.Settle()
	}
	// The aids are of the game as it lies after the last action, before any final scoring (--final).
	// live stays the game as it lies: the aids' "scores now" beside "if the game ended now" are its scores, not
	// the final ones that --final adds to g.
	var a *referee.Aids
	live := g
	if aids && g != nil {
		a = g.Aids()
	}
	if final && g != nil && err == nil {
		g = g.Final()
	}
	if err != nil {
		// The scores up to the refused line are still printed, and the exit code says the record is bad.
		fmt.Fprintln(stderr, errlog.Describe(loc, log, err))
		if g == nil {
			return 1
		}
		code = 1
	}
	sum := g.Summary()
	if a != nil {
		sum.Aids = a.JSON(live)
	}
	if jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		out := replayJSON{Summary: sum}
		if err != nil {
			// The refused line and its reason, as games --json lists the record (issue 32).
			out.Error = errlog.Describe(loc, log, err)
			out.Line, out.Rule = refusedLine(err)
		}
		if rd.CutOff != nil {
			out.CutOffLine = rd.CutOff.Line
		}
		if err := enc.Encode(out); err != nil {
			return outputFailed(err, stderr, loc, log)
		}
		return code
	}
	text := textReport(g, sum, loc)
	if a != nil {
		text += aidsReport(live, a, loc)
	}
	if _, err := io.WriteString(stdout, text); err != nil {
		return outputFailed(err, stderr, loc, log)
	}
	return code
}

// replayFlags are replay's flags: --json, --final, --aids and --accept-last-line (a last line without its line end
// read as a line, not left out as a write cut off: referee.ReadOptions).
type replayFlags struct {
	json, final, aids, acceptLast bool
}

// replayJSON is what replay --json prints: the summary (record format "Replay output") and, for a record refused at
// a line, that line, its rule and the message (the scores are those up to it), as games --json lists the record;
// cut_off_line is a last line cut off and left out.
type replayJSON struct {
	referee.Summary
	Error      string `json:"error,omitempty"`
	Line       int    `json:"line,omitempty"`
	Rule       string `json:"rule,omitempty"`
	CutOffLine int    `json:"cut_off_line,omitempty"`
}

// refusedLine returns the line a refusal names and its rule (a *referee.Refusal or *referee.ParseError); 0 and ""
// for another error.
func refusedLine(err error) (int, string) {
	var r *referee.Refusal
	var p *referee.ParseError
	switch {
	case errors.As(err, &r):
		return r.Line, r.Rule
	case errors.As(err, &p):
		return p.Line, p.Rule()
	}
	return 0, ""
}

// bonusTerm names the bonuses inside a field's line of the breakdown, by rule (TB-14, COMBO-12).
var bonusTerm = map[string]string{"TB-14": "term.pig", "COMBO-12": "term.pig_herd"}

// textReport prints the scores and the breakdown, one scoring a line with its rule (a field's pig and pig herd
// bonuses on lines of their own under it), then each player's points and, with traders-builders, goods tokens.
func textReport(g *referee.Game, sum referee.Summary, loc *locales.Localizer) string {
	var b strings.Builder
	for _, e := range sum.Breakdown {
		var who []string
		for _, c := range e.Players {
			who = append(who, g.Name(g.Player(c)))
		}
		if e.Category == engine.CatChallengeLost.String() {
			// Nobody scored: name the players whose figures went back with nothing (SHRINE-6).
			for _, p := range sum.Players {
				if e.Figures[p.Colour] > 0 {
					who = append(who, p.Name)
				}
			}
		}
		names := strings.Join(who, ", ")
		if names == "" {
			names = "-"
		}
		feature := e.Feature
		if e.Goods != "" { // TB-4: the kind of goods in place of a feature
			feature = loc.T("term.goods."+e.Goods, nil)
		}
		fmt.Fprintf(&b, "%-10s %-14s %-12s %3d  %s\n", e.Rule, loc.T("cat."+e.Category, nil), feature, e.Points, names)
		for _, bo := range e.Bonuses { // inside a field's line: the pig (TB-14), the pig herd (COMBO-12)
			var who []string
			for _, c := range bo.Players {
				who = append(who, g.Name(g.Player(c)))
			}
			fmt.Fprintf(&b, "  %-8s %-14s %-12s %+3d  %s\n", bo.Rule, loc.T(bonusTerm[bo.Rule], nil), "", bo.Points,
				strings.Join(who, ", "))
		}
		if f := e.Fairy; f != nil { // inside the feature's line: the fairy's 3 points (PD-18), owner or not
			fmt.Fprintf(&b, "  %-8s %-14s %-12s %+3d  %s\n", f.Rule, loc.T("cat.fairy", nil), "", f.Points,
				g.Name(g.Player(f.Colour)))
		}
	}
	if len(sum.Breakdown) > 0 {
		b.WriteString("\n")
	}
	for i, p := range sum.Players {
		fmt.Fprintf(&b, "%-16s %-7s %s", p.Name, loc.T("colour."+string(p.Colour), nil),
			loc.N("plural.points", g.S.Scores[i], nil))
		if g.S.Opts.TradersBuilders { // the goods tokens held (TB-3(e): public)
			fmt.Fprintf(&b, "  (%s)", goodsText(g.S.Goods[i], loc))
		}
		b.WriteString("\n")
	}
	if sum.Final {
		b.WriteString(loc.T("cli.final", nil) + "\n")
	}
	// The winners once the game has ended: the most points, tied players share the victory (BASE-16, END-9).
	var won []string
	for _, c := range sum.Winners {
		won = append(won, g.Name(g.Player(c)))
	}
	switch {
	case len(won) == 1:
		b.WriteString(loc.T("cli.winner", map[string]any{"Names": won[0]}) + "\n")
	case len(won) > 1:
		b.WriteString(loc.T("cli.winners", map[string]any{"Names": strings.Join(won, ", ")}) + "\n")
	}
	// The summary's notes (sum.Notes, English, for --json) in the user's language: figures left in the market score
	// nothing (COUNT-20).
	for _, e := range g.Events {
		if e.Key == "ev.market_left" {
			b.WriteString(loc.T(e.Key, e.Data()) + "\n")
		}
		if e.Key == "ev.pd_eaten" { // every figure the dragon ate (PD-12)
			d := maps.Clone(e.Data())
			d["Player"] = g.Name(e.Player)
			b.WriteString(e.Rule + ": " + loc.T(e.Key, d) + "\n")
		}
	}
	return b.String()
}
