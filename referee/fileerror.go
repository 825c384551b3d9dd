package referee

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// File errors a person can act on. The store wraps every error of the file system in a *FileError that says what
// karkason was doing (Op) and with which file; FileMessages turns it into message ids of the locales with their
// data: what happened and what to do (file.problem.*), what karkason was doing and that nothing was lost
// (file.op.*), and for a store that stopped taking writes, what to do about that (file.stopped). The raw text
// of the OS error (Error()) is for the log file only, never for the screen.

// ErrNotFolder is the error of listing a file (or a pipe, a device) as the folder of the saved games.
var ErrNotFolder = errors.New("not a folder")

// FileOp is what karkason was doing with a file when the file system failed.
type FileOp string

// The file operations of FileError.Op.
const (
	// OpSave: appending an action to the record, or rewriting it after an undo. The action did not count, the
	// record is as it was.
	OpSave FileOp = "save"
	// OpCreate: starting a new game's record. No game was started, no file is left behind.
	OpCreate FileOp = "create"
	// OpOpen: opening a record to go on with it (resume). The file is as it was.
	OpOpen FileOp = "open"
	// OpRead: reading a record (replay, the input of an export). Nothing is written.
	OpRead FileOp = "read"
	// OpWrite: writing any other file (the output of a command). The file it replaces is as it was.
	OpWrite FileOp = "write"
	// OpState: writing the state folder's last-game pointer (karkason resume without a file). Only that shortcut
	// is lost, the game is saved; what to do is to mend or change the state folder (--state-dir), so its problems
	// have their own messages (file.problem.state.*).
	OpState FileOp = "state"
	// OpConfig: reading the settings file. Its settings are not used, the rest are; nothing is written. Its
	// problems are those of reading a file the player named (file.problem.read.*).
	OpConfig FileOp = "config"
	// OpExport: writing a picture of a game (karkason export --svg/--png, the tally's F9). The picture was not
	// written (a file of that name is as it was) and nothing else changed; what to do is to choose another file
	// or folder, not another data folder, so its problems have their own messages (file.problem.export.*).
	OpExport FileOp = "export"
	// OpList: listing the saved games of the data folder (karkason games, stats, the saved-games picker). Nothing
	// was changed. Its Path is the folder itself, so the messages' Dir is that folder too.
	OpList FileOp = "list"
	// OpOutput: writing a command's output to its standard output (a terminal, a pipe, the file it was sent to:
	// karkason games > /dev/full, a closed output, a pipe whose reader stopped). Nothing was changed; what to do is
	// to free the disk or send the output elsewhere, so its problems have their own messages (file.problem.output.*:
	// full, disk, and other for the rest). It has no Path.
	OpOutput FileOp = "output"
)

// FileError is an error of the file system while karkason read or wrote a file.
type FileError struct {
	Op   FileOp
	Path string // the file (or the folder) concerned
	Err  error  // the error of the OS (unwrapped by errors.Is and errors.As)
	// Stopped: a failed write could not be undone (the record may end in a part of a line), so the store takes no
	// more writes until the game is opened again, where the torn-tail recovery (Open) puts the record in order.
	Stopped bool
	// Committed: the rewrite after an undo reached the record (the rename was done) before a later step failed;
	// the undo counts, and the store is Stopped.
	Committed bool
}

// Error is the technical text in English, for the log file.
func (e *FileError) Error() string {
	msg := "karkason: " + string(e.Op) + " " + e.Path + ": "
	if e.Err != nil {
		msg += e.Err.Error()
	} else {
		msg += "unknown error"
	}
	if e.Stopped {
		msg += " (the record takes no more writes until it is opened again)"
	}
	return msg
}

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }

// FileProblem is what went wrong with a file, in words a person can act on.
type FileProblem string

// The problems of ProblemOf, the last part of the message id file.problem.*.
const (
	ProblemFull     FileProblem = "full"       // no space left on the disk (ENOSPC) or over the quota (EDQUOT)
	ProblemReadOnly FileProblem = "read_only"  // a read-only file system (EROFS)
	ProblemDenied   FileProblem = "denied"     // permission denied (EACCES, EPERM)
	ProblemMissing  FileProblem = "missing"    // no such file or folder (ENOENT, ENOTDIR)
	ProblemLocked   FileProblem = "locked"     // the game is open in another karkason (ErrLocked)
	ProblemNotFile  FileProblem = "not_file"   // a folder, a pipe or a device where a record file was expected (EISDIR)
	ProblemNotDir   FileProblem = "not_folder" // a file where a folder was expected (ErrNotFolder)
	ProblemDisk     FileProblem = "disk"       // the disk reported an error (EIO)
	ProblemLink     FileProblem = "link"       // a symbolic link that leads round in a circle (ELOOP)
	ProblemOther    FileProblem = "other"      // anything else (a name too long, too many open files, ...): see the log
)

// problems are all the FileProblems, in the order of ProblemOf.
var problems = []FileProblem{ProblemFull, ProblemReadOnly, ProblemDenied, ProblemMissing, ProblemLocked,
	ProblemNotFile, ProblemNotDir, ProblemDisk, ProblemLink, ProblemOther}

// ProblemOf classifies an error of the file system; "" when err is not one (a *ParseError, a *Refusal, nil).
func ProblemOf(err error) FileProblem {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrLocked):
		return ProblemLocked
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return ProblemFull
	case errors.Is(err, syscall.EROFS):
		return ProblemReadOnly
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM), errors.Is(err, fs.ErrPermission):
		return ProblemDenied
	case errors.Is(err, syscall.ENOENT), errors.Is(err, syscall.ENOTDIR), errors.Is(err, fs.ErrNotExist):
		return ProblemMissing
	case errors.Is(err, syscall.EISDIR), errors.Is(err, ErrNotFile):
		return ProblemNotFile
	case errors.Is(err, ErrNotFolder):
		return ProblemNotDir
	case errors.Is(err, syscall.EIO):
		return ProblemDisk
	case errors.Is(err, syscall.ELOOP):
		return ProblemLink
	}
	var fe *FileError
	var pe *fs.PathError
	var le *os.LinkError
	var errno syscall.Errno
	if errors.As(err, &fe) || errors.As(err, &pe) || errors.As(err, &le) || errors.As(err, &errno) {
		return ProblemOther
	}
	return ""
}

// FileMessage is a message id of the locales with its template data.
type FileMessage struct {
	Key  string
	Data map[string]any
}

// AsFileError returns err as a *FileError: itself (or the one it wraps) if it is one, else err wrapped with op and
// path. Use it for errors of the file system outside the store (os.Open of a record to replay, os.Create of an
// export) before FileMessages. ErrLocked is wrapped too.
func AsFileError(err error, op FileOp, path string) *FileError {
	var fe *FileError
	if errors.As(err, &fe) {
		return fe
	}
	return &FileError{Op: op, Path: path, Err: err}
}

// FileMessages explains an error of the file system to the players: the message ids to render (with
// locales.Localizer.T) and join with a space, in order:
//
//   - file.problem.KIND (see ProblemOf): what happened and what to do (free some space, choose another folder
//     with --data-dir, close the other karkason, ...); for OpExport file.problem.export.KIND, which does not
//     send the player to --data-dir (the picture's file or folder is what to change: file.op.export says so);
//   - file.op.OP (OP: save, create, open, read, write, export, list, state, config, output): what it means for the game: that nothing was lost, and
//     what to do once the problem is solved (confirm again, start again);
//   - file.stopped when the store stopped taking writes (FileError.Stopped): quit and resume the game.
//
// Data (the same map for each): Path (the file), Dir (its folder; for OpList the folder listed), Op. ok is false
// when err is not an error of the file system (nil, a *ParseError, a *Refusal); an error that is not a
// *FileError is explained as reading (OpRead) a file whose path it names, if any. The raw OS text is in none of them: log err.Error() for that.
func FileMessages(err error) (msgs []FileMessage, ok bool) {
	problem := ProblemOf(err)
	if problem == "" {
		return nil, false
	}
	var fe *FileError
	if !errors.As(err, &fe) {
		path := ""
		var pe *fs.PathError
		if errors.As(err, &pe) {
			path = pe.Path
		}
		fe = &FileError{Op: OpRead, Path: path, Err: err}
	}
	dir := ""
	if fe.Op == OpList {
		dir = fe.Path // the folder listed
	} else if fe.Path != "" {
		dir = filepath.Dir(fe.Path)
	}
	// The names come from outside (a command line, a folder's listing): escaped for the terminal (Printable).
	data := map[string]any{"Path": Printable(fe.Path), "Dir": Printable(dir), "Op": string(fe.Op)}
	msgs = []FileMessage{{problemKey(problem, fe.Op), data}, {"file.op." + string(fe.Op), data}}
	if fe.Stopped {
		msgs = append(msgs, FileMessage{"file.stopped", data})
	}
	return msgs, true
}

// problemKey is the message id of problem p met while doing op: file.problem.export.KIND for a picture's
// export (its remedy is another file or folder for the picture), file.problem.state.KIND for the state folder (its
// remedy is --state-dir), file.problem.read.KIND for reading a file the player named or the settings file
// (readProblems), file.problem.KIND for the rest (the data folder's records: --data-dir).
func problemKey(p FileProblem, op FileOp) string {
	switch {
	case op == OpExport:
		return "file.problem.export." + string(p)
	case op == OpState && p != ProblemLocked:
		return "file.problem.state." + string(p)
	case op == OpOutput:
		if p != ProblemFull && p != ProblemDisk {
			p = ProblemOther // the output was opened by the shell: only its writes can fail
		}
		return "file.problem.output." + string(p)
	case (op == OpRead || op == OpConfig) && slices.Contains(readProblems, p):
		return "file.problem.read." + string(p)
	}
	return "file.problem." + string(p)
}

// readProblems are the problems a read of a file the player named (replay FILE, export FILE, a record in the
// library, the settings file) can meet, each with its own remedy (file.problem.read.KIND: check the name, the
// rights, the disk; never --data-dir, which is not where that file came from). A full, read-only or locked disk
// cannot stop a read.
var readProblems = []FileProblem{ProblemDenied, ProblemMissing, ProblemNotFile, ProblemNotDir, ProblemDisk,
	ProblemLink, ProblemOther}

// fileOps are all the FileOps.
var fileOps = []FileOp{OpSave, OpCreate, OpOpen, OpRead, OpWrite, OpExport, OpList, OpState, OpConfig, OpOutput}

// FileMessageKeys returns every message id FileMessages can produce, for checking that each has a translation.
func FileMessageKeys() []string {
	keys := []string{"file.stopped"}
	for _, op := range fileOps {
		keys = append(keys, "file.op."+string(op))
		for _, p := range problems {
			if k := problemKey(p, op); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}
