// Package library is the games kept: the saved game records of the data directory read as a list (karkason games)
// and statistics across the finished ones (karkason stats).
//
// The records are the only truth: every listing reads the folder and replays each record through the referee
// (referee.ParseRecord, referee.ReplayRecord), so that scores, winners and the points per category are the
// referee's own (its score log), never worked out on the side; nothing is cached. The folder is only read: files
// are opened read-only, the store's lock is not taken and a torn last line (a crash mid-write) is left out in
// memory rather than moved aside (that happens when the game is resumed), so games, stats and export never change
// a byte of the data directory.
//
// Rulings (the issue leaves them open; they live here):
//
//   - The date of a game is the start time in its file name, as the table names a new record
//     ("2026-11-21T1530-Ана-Богдан.rec", local time to the minute); a record whose name does not start so
//     (copied in, written by hand) is dated by its file's modification time. Game.DateFrom says which.
//   - A game is finished when its record replays without a refusal to the end of the game: the last tile of the
//     bag placed (END-1) or an explicit "end". Anything else is in progress. A record that does not parse or that
//     the referee refuses is broken: listed with its error, left out of the statistics.
//   - Statistics count finished games only (games, wins, averages, best, categories, head to head): a game in
//     progress has no winner yet and its scores are not final. Stats.InProgress and Stats.Broken say how many were
//     left out.
package library

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// Ext is the extension of game records in the data directory.
const Ext = ".rec"

// Date sources (Game.DateFrom).
const (
	DateFromName  = "name"  // the start time in the file name
	DateFromMtime = "mtime" // the file's modification time
)

// nameLayout is the start time at the front of a record's file name (see the table's files.go).
const nameLayout = "2006-01-02T1504"

// Player is one seat of a game: name as typed, colour, points (final for a finished game, so far otherwise) and
// whether the player won (finished games only; tied players share the victory, BASE-16, END-9).
type Player struct {
	Name   string         `json:"name"`
	Colour referee.Colour `json:"colour"`
	Score  int            `json:"score"`
	Winner bool           `json:"winner,omitempty"`
	// Points are the player's points per statistics category (see Categories), from the referee's score log.
	Points map[string]int `json:"points,omitempty"`
}

// Game is one record of the library.
type Game struct {
	Path     string    `json:"path"`
	File     string    `json:"file"`
	Date     time.Time `json:"date"`
	DateFrom string    `json:"date_from"` // DateFromName or DateFromMtime
	Modified time.Time `json:"modified"`
	Players  []Player  `json:"players,omitempty"`
	Modules  []string  `json:"modules"`
	Finished bool      `json:"finished"`
	Entering bool      `json:"entering,omitempty"` // a board as it lies still being entered: position lines, no action
	Turn     int       `json:"turn,omitempty"`     // turns begun
	Tiles    int       `json:"tiles,omitempty"`    // tiles on the board (the City's 12 cells count as its cells)
	// Err is why the record cannot be used (unreadable, does not parse, refused by the referee); nil when it is
	// fine. ErrText is its English text for --json; the command line renders Err in the user's language.
	Err     error  `json:"-"`
	ErrText string `json:"error,omitempty"`
}

// Broken reports whether the record could not be used.
func (g *Game) Broken() bool { return g.Err != nil }

// Winners returns the names of the winners of a finished game, in seating order.
func (g *Game) Winners() []string {
	var out []string
	for _, p := range g.Players {
		if p.Winner {
			out = append(out, p.Name)
		}
	}
	return out
}

// Categories are the statistics categories, in display order: cities, roads, monasteries and shrines, fields,
// the King, the Robber Baron, gifts, gardens; "other" holds points no scoring explains (a score track set by hand).
var Categories = []string{"city", "road", "monastery", "field", "king", "robber-baron", "gifts", "garden", "other"}

// categoryOf maps a scoring of the referee's log to its statistics category. A monastery and a shrine are one
// category (a shrine is a monastery, SHRINE-2); the abbot taken back (ABBOT-6) counts for the feature it stood on;
// gifts are every point that came from a gift card: unopened gifts at the end (GIFT-11), Cash Out (GIFT-8) and the
// Road Sweeper (GIFT-7); a lost challenge scores nothing (SHRINE-6).
func categoryOf(g *referee.Game, sc engine.Score) string {
	switch sc.Cat {
	case engine.CatCity:
		return "city"
	case engine.CatRoad:
		return "road"
	case engine.CatMonastery, engine.CatShrine:
		return "monastery"
	case engine.CatField:
		return "field"
	case engine.CatKing:
		return "king"
	case engine.CatBaron:
		return "robber-baron"
	case engine.CatGifts, engine.CatCashOut, engine.CatRoadSweeper:
		return "gifts"
	case engine.CatGarden:
		return "garden"
	case engine.CatAbbotReturn:
		if sc.Feature >= 0 && int(sc.Feature) < g.S.SegCount() && g.S.SegKind(sc.Feature) == engine.KGarden {
			return "garden"
		}
		return "monastery"
	}
	return "other"
}

// List reads every record (*.rec) of dir, newest first (by Date, then by file name). A missing folder (or one
// under a file) is an empty library; a file in the folder's place (referee.ErrNotFolder) or a folder that cannot
// be listed is the error, a *referee.FileError (referee.OpList). A record that cannot be used is in the list with
// its Err and never stops the listing.
func List(dir string) ([]Game, error) { return ListOn(storefs.OS{}, dir) }

// ListOn is List on the file system fsys (tests: a storefs.Faulty, a folder that cannot be listed).
func ListOn(fsys storefs.FS, dir string) ([]Game, error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return nil, nil
	case err == nil && !fi.IsDir():
		return nil, &referee.FileError{Op: referee.OpList, Path: dir, Err: referee.ErrNotFolder}
	}
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, &referee.FileError{Op: referee.OpList, Path: dir, Err: err}
	}
	cat := engine.Standard()
	var out []Game
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), Ext) {
			continue
		}
		out = append(out, read(filepath.Join(dir, e.Name()), cat))
	}
	slices.SortStableFunc(out, func(a, b Game) int {
		if c := b.Date.Compare(a.Date); c != 0 {
			return c
		}
		return strings.Compare(b.File, a.File)
	})
	return out, nil
}

// Read reads one record file as List does.
func Read(path string) Game { return read(path, engine.Standard()) }

// ReadRecord reads and parses the record at path, read-only and bounded as the referee bounds every record
// (referee.MaxRecordBytes, MaxLineBytes, MaxLines): no lock, and a torn last line (no newline: a write cut off by
// a crash) is left out in memory, as resuming would move it aside, without touching the file. Errors: the file
// system's, *referee.ParseError (referee.KeyTooLarge for a record over the caps).
func ReadRecord(path string) (*referee.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > referee.MaxRecordBytes {
		return referee.ParseRecord(f) // refused from its size before a byte is read (KeyTooLarge)
	}
	// One byte past the cap is enough for the referee to refuse a record that grows while it is read.
	data, err := io.ReadAll(io.LimitReader(f, referee.MaxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	// A last line without its newline is a write cut off by a crash: resuming moves it aside (referee.Open), so
	// the game is what comes before it. Here it is only left out, in memory.
	if n := len(data); n > 0 && n <= referee.MaxRecordBytes && data[n-1] != '\n' {
		data = data[:bytes.LastIndexByte(data, '\n')+1]
	}
	return referee.ParseRecord(bytes.NewReader(data))
}

func read(path string, cat *engine.Catalogue) Game {
	g := Game{Path: path, File: filepath.Base(path), Modules: []string{}}
	if info, err := os.Stat(path); err == nil {
		g.Modified = info.ModTime()
	}
	g.Date, g.DateFrom = DateOf(path)
	rec, err := ReadRecord(path)
	if err != nil {
		g.setErr(err)
		return g
	}
	g.Modules = append(g.Modules, rec.Setup.Expansions...)
	g.Entering = referee.IsEntry(rec)
	for _, p := range rec.Setup.Players {
		g.Players = append(g.Players, Player{Name: p.Name, Colour: p.Colour})
	}
	rg, err := referee.ReplayRecord(rec, cat, false)
	if err != nil {
		if !g.Entering { // an entry under way need not be a whole board yet (a tile apart, POS-1; no tile)
			g.setErr(err)
		}
		return g
	}
	fill(&g, rg)
	return g
}

func (g *Game) setErr(err error) {
	g.Err = err
	g.ErrText = err.Error()
}

// fill copies the replayed game's scores, winners and points per category into g.
func fill(g *Game, rg *referee.Game) {
	sum := rg.Summary()
	g.Finished = sum.Final
	g.Turn = sum.Turn
	g.Tiles = len(rg.S.Tiles)
	points := make([]map[string]int, rg.Players())
	for p := range points {
		points[p] = map[string]int{}
	}
	for _, sc := range rg.ScoreLog() {
		c := categoryOf(rg, sc)
		for p := 0; p < rg.Players(); p++ {
			if sc.Owners&(1<<p) != 0 && sc.Points != 0 {
				points[p][c] += sc.Points
			}
		}
	}
	for p := range g.Players {
		g.Players[p].Score = rg.S.Scores[p]
		g.Players[p].Winner = slices.Contains(sum.Winners, g.Players[p].Colour)
		total := 0
		for _, v := range points[p] {
			total += v
		}
		if d := rg.S.Scores[p] - total; d != 0 {
			points[p]["other"] += d
		}
		g.Players[p].Points = points[p]
	}
}

// String is a one-line description for logs and tests.
func (g Game) String() string {
	var ps []string
	for _, p := range g.Players {
		ps = append(ps, fmt.Sprintf("%s:%s=%d", p.Name, p.Colour, p.Score))
	}
	return fmt.Sprintf("%s %s [%s] finished=%v err=%v", g.File, strings.Join(ps, ","), strings.Join(g.Modules, ","),
		g.Finished, g.Err)
}

// DateOf returns the date of the record at path and where it comes from (DateFromName, DateFromMtime), as List
// dates it.
func DateOf(path string) (time.Time, string) {
	var mod time.Time
	if info, err := os.Stat(path); err == nil {
		mod = info.ModTime()
	}
	if name := filepath.Base(path); len(name) >= len(nameLayout) {
		if t, err := time.ParseInLocation(nameLayout, name[:len(nameLayout)], time.Local); err == nil {
			return t, DateFromName
		}
	}
	return mod, DateFromMtime
}
