package errlog

import (
	"errors"

	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// Describe renders an error from the referee or the record parser in the user's language, with the line
// number and the rule ID; an error of the file system says what happened, that nothing was lost and what to do
// (Log.Explain); log may be nil (the log is then not written). Raw error text goes to the log only.
func Describe(loc *locales.Localizer, log *Log, err error) string {
	var r *referee.Refusal
	var p *referee.ParseError
	var c *referee.CutOff
	var ac *referee.AfterCutOff
	switch {
	case errors.As(err, &ac) && ac.Cut.Whole:
		// The lines before a cut-off last line that parses are refused: both said, the refusal first.
		return Describe(loc, log, ac.Err) + " " + loc.T("cli.cut_off_whole", map[string]any{"Line": ac.Cut.Line})
	case errors.As(err, &ac):
		// The lines before a cut-off last line are refused: both said, the refusal first (issue 31).
		return Describe(loc, log, ac.Err) + " " + loc.T("cli.cut_off_refused", map[string]any{"Line": ac.Cut.Line,
			"Msg": RefusalText(loc, ac.Cut.Err)})
	case errors.As(err, &c) && c.Whole:
		// The last line parses but has no line end: a write cut off all the same (issue 31), left out; a record
		// written by hand is told how to accept it.
		return loc.T("cli.cut_off_whole", map[string]any{"Line": c.Line})
	case errors.As(err, &c):
		// The last line, without its line end, refused: a write cut off, left out (every command reads the record
		// without it; resume moves it aside).
		return loc.T("cli.cut_off", map[string]any{"Line": c.Line, "Msg": RefusalText(loc, c.Err)})
	case errors.As(err, &r):
		msg := loc.T(r.Key, r.Data)
		if r.Line > 0 {
			return loc.T("cli.refused_line", map[string]any{"Line": r.Line, "Rule": r.Rule, "Msg": msg})
		}
		return loc.T("cli.refused", map[string]any{"Rule": r.Rule, "Msg": msg})
	case errors.As(err, &p):
		data := p.MessageData()
		// Every refusal with its rule (issue 32): a set-up rule, POS-10, or the record format's section.
		return loc.T("cli.bad_line", map[string]any{"Line": p.Line, "Text": data["Text"],
			"Msg":      "[" + p.Rule() + "] " + loc.T(p.Key, data),
			"Expected": p.Expected})
	}
	if msg, ok := log.Explain(loc, err); ok {
		return msg
	}
	return log.Failed(loc, "cli.failed", err)
}

// RefusalText is a refusal (*referee.Refusal with its rule, *referee.ParseError) in the user's language, without
// its line number.
func RefusalText(loc *locales.Localizer, err error) string {
	var r *referee.Refusal
	var p *referee.ParseError
	switch {
	case errors.As(err, &r):
		return "[" + r.Rule + "] " + loc.T(r.Key, r.Data)
	case errors.As(err, &p):
		return "[" + p.Rule() + "] " + loc.T(p.Key, p.MessageData())
	}
	return err.Error()
}
