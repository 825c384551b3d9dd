// Package errlog tells the players, in their language, what went wrong with a file and what to do, and keeps the
// raw text of the error (the OS's English, for whoever looks into it) in a log file in the state folder: raw error
// text never reaches the screen or the command line's output.
//
// Use, for any error of the file system (the record store's, or one of your own, e.g. writing an export):
//
//	log := errlog.Open(cfg.StateDir)
//	if msg, ok := log.Explain(loc, referee.AsFileError(err, referee.OpWrite, path)); ok {
//		fmt.Fprintln(stderr, msg) // "The disk of the folder … is full: free some space … … could not be written; …"
//	}
//
// Explain renders the message ids of referee.FileMessages (what happened and what to do; what karkason was doing
// and that nothing was lost; whether the record stopped taking writes) and writes err.Error() to the log.
// Failed is for an error nothing else explains: a generic message that points to the log.
package errlog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// FileName is the log file's name in the state folder.
const FileName = "karkason.log"

// MaxBytes bounds the log: once the file holds this many bytes it is moved to FileName+".1" (replacing the one
// before) and a new one begins, so the log never takes more than twice this.
const MaxBytes = 256 << 10

// Log is the log file in a state folder. A nil *Log, or one without a folder, writes nothing.
type Log struct {
	mu   sync.Mutex
	path string
	now  func() time.Time
	last string // the last text logged
}

// Open returns the log of the state folder stateDir ("" for none). Nothing is created until something is logged.
func Open(stateDir string) *Log {
	l := &Log{now: time.Now}
	if stateDir != "" {
		l.path = filepath.Join(stateDir, FileName)
	}
	return l
}

// Path returns the log file's path, "" if there is none.
func (l *Log) Path() string {
	if l == nil {
		return ""
	}
	return l.path
}

// Record appends one line to the log: the time (UTC), what was being done, and the error's text. It reports
// whether the line is in the log (or was already, the same error logged just before). Writing the log is
// best-effort: on a full disk it fails too, and that failure is not reported (the players see the message, which
// then does not send them to a log that does not hold it). The log is opened without blocking and only if it is a
// regular file: a FIFO or a device in its place is not written to.
func (l *Log) Record(context string, err error) bool {
	if l == nil || l.path == "" || err == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	text := context + ": " + strings.ReplaceAll(err.Error(), "\n", " ")
	if text == l.last {
		return true // the same error shown again (F3 explains it once more): logged once
	}
	line := l.now().UTC().Format(time.RFC3339) + " " + text + "\n"
	fi, serr := os.Stat(l.path)
	if serr == nil && fi.Mode().IsRegular() && fi.Size()+int64(len(line)) > MaxBytes {
		_ = os.Rename(l.path, l.path+".1")
	}
	if os.MkdirAll(filepath.Dir(l.path), 0o755) != nil {
		return false
	}
	f, oerr := os.OpenFile(l.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND|syscall.O_NONBLOCK, 0o644)
	if oerr != nil {
		return false
	}
	defer f.Close()
	if fi, serr := f.Stat(); serr != nil || !fi.Mode().IsRegular() {
		return false
	}
	if _, werr := f.WriteString(line); werr != nil {
		if serr != nil { // made just now, and nothing in it (a full disk): not left behind
			_ = os.Remove(l.path)
		}
		return false
	}
	l.last = text
	return true
}

// Explain renders an error of the file system (see referee.FileMessages) in loc's language, the messages joined
// with a space, and logs its raw text; ok is false, and nothing is logged, when err is not an error of the file
// system (a *referee.ParseError, a *referee.Refusal). An error that is not a *referee.FileError is explained as
// reading a file: wrap it with referee.AsFileError to say what was being done. The messages name the log
// ({{.Log}}) only when the error is in it.
func (l *Log) Explain(loc *locales.Localizer, err error) (string, bool) {
	msgs, ok := referee.FileMessages(err)
	if !ok {
		return "", false
	}
	logged := l.Record("file", err)
	parts := make([]string, 0, len(msgs))
	for _, m := range msgs {
		data := make(map[string]any, len(m.Data)+1)
		for k, v := range m.Data {
			data[k] = v
		}
		data["Log"] = l.shownPath(logged)
		parts = append(parts, loc.T(m.Key, data))
	}
	return strings.Join(parts, " "), true
}

// Failed logs an error nothing else explains and returns the message id's text (cli.failed, ui.failed: "… the
// details are in the log FILE"), with {{.Log}} the log's path, or "" when the error could not be logged.
func (l *Log) Failed(loc *locales.Localizer, id string, err error) string {
	return loc.T(id, map[string]any{"Log": l.shownPath(l.Record("error", err))})
}

// shownPath is the log's path for the messages when the error is in it, else "".
func (l *Log) shownPath(logged bool) string {
	if !logged {
		return ""
	}
	return referee.Printable(l.Path())
}

// IsFileError reports whether err is an error of the file system that Explain explains.
func IsFileError(err error) bool {
	return referee.ProblemOf(err) != "" || errors.Is(err, referee.ErrLocked)
}
