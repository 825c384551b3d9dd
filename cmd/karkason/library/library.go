// Package library is the games kept: the saved game records of the data directory read as a list (karkason games)
// and statistics across the finished ones (karkason stats).
//
// The records are the only truth: every listing reads the folder and plays each record through the referee's
// reader of record files (referee.ReadFile, the one replay, export and resume use, so that they agree line for
// line), so that scores, winners and the points per category are the referee's own (its score log), never worked
// out on the side. A listing may go through a cache of the summaries those readings gave (Cache, in the state
// folder: cache.go), which sits on top of that reader and is only a shortcut: a record's bytes are read as
// referee.ReadFile reads them (referee.ReadFileData) and played by the same code (referee.ReadData) whenever the
// cache cannot show that the record is the one it summarised. The data folder is only read: files are opened
// read-only and without blocking (a FIFO or a device named *.rec is refused, never waited on), the store's lock is
// not taken and a cut-off last line (a crash mid-write) is left out in memory rather than moved aside (that happens
// when the game is resumed), so games, stats and export never change a byte of the data directory.
//
// Rulings (the issue leaves them open; they live here):
//
//   - The date of a game is the start time in its file name, as the table names a new record
//     ("2026-11-21T1530-Ана-Богдан.rec", local time to the minute); a record whose name does not start so
//     (copied in, written by hand) is dated by its file's modification time. Game.DateFrom says which.
//   - A game is finished when its record replays without a refusal to the end of the game: the last tile of the
//     bag placed (END-1) or an explicit "end". Anything else is in progress. A record that does not parse or that
//     the referee refuses is broken: listed with its error, the refused line and its rule, and the scores up to
//     that line as replay prints them (issues 31, 32); left out of the statistics.
//   - Statistics count finished games only (games, wins, averages, best, categories, head to head): a game in
//     progress has no winner yet and its scores are not final. Stats.InProgress and Stats.Broken say how many were
//     left out; both follow the filter (--since, --until, --modules) as the games counted do. A broken record is
//     dated as any other; its modules are those of its setup line, and one whose setup cannot be read has none
//     known, so it is counted only when no module filter is given.
//   - Two seats with one name (players=Bob:green,Bob:black, issue 22 item 2): refused, not counted twice. The
//     referee refuses such a setup (record.duplicate_name): two players with one name cannot be told apart in the
//     scores, the head to head or a player's games, and counting both seats would give one name two results at one
//     table. Such a record is listed as broken with that reason and left out of the statistics.
//   - Names are compared and counted in Unicode normal form C (a "ë" typed as one character or as "e" and a
//     combining diaeresis is one player): the library holds every name as NFC, and --player is normalised the same
//     way. Text tables measure names by grapheme cluster (uniseg), not by code point.
//   - Gifts: every gift a player opened counts (GiftsOpened), and those opened void (GIFT-5(d): no target, or Two
//     Choices with no second tile, GIFT-10(c)) also count as GiftsVoid; a void gift's lost 2 end points (GIFT-11)
//     are simply not in the player's "gifts" points.
package library

import (
	"errors"
	"fmt"
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
	"golang.org/x/text/unicode/norm"
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
	// GiftsOpened counts the gifts the player opened (GIFT-5); GiftsVoid those of them opened void (GIFT-5(d)).
	GiftsOpened int `json:"gifts_opened,omitempty"`
	GiftsVoid   int `json:"gifts_void,omitempty"`
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
	Entering bool      `json:"entering,omitempty"` // a board as it lies still being entered (referee.IsEntry)
	Turn     int       `json:"turn,omitempty"`     // turns begun
	Tiles    int       `json:"tiles,omitempty"`    // tiles on the board (the City's 12 cells count as its cells)
	// Err is why the record cannot be used (unreadable, does not parse, refused by the referee); nil when it is
	// fine. ErrText is its English text for --json; the command line renders Err in the user's language.
	Err     error  `json:"-"`
	ErrText string `json:"error,omitempty"`
	Rule    string `json:"rule,omitempty"` // the rule a refused line breaks (Err a *referee.Refusal or *ParseError)
	Line    int    `json:"line,omitempty"` // the refused line (Err a *referee.Refusal or *ParseError), 0 if none
	// CutOff is the record's last line when it has no line end (refused, or whole: a write cut off by a crash all
	// the same), left out (resuming the game moves it aside); nil if none. CutOffLine is its line number, for --json.
	CutOff     *referee.CutOff `json:"-"`
	CutOffLine int             `json:"cut_off_line,omitempty"`
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

// Categories are the statistics categories, in display order: cities, roads, monasteries and shrines, fields (the
// pig's and the pig herd's bonuses included, TB-14, COMBO-12), the King, the Robber Baron, goods (TB-4), gifts,
// gardens, barns (Abbey & Mayor: the farmers' scorings a barn causes, AM-23, AM-25, and the barns at the end, AM-27),
// the fairy (PD-17, PD-18); "other" holds points no scoring explains (a score track set by hand).
var Categories = []string{"city", "road", "monastery", "field", "king", "robber-baron", "goods", "gifts", "garden",
	"barn", "fairy", "other"}

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
	case engine.CatGoods:
		return "goods"
	case engine.CatGifts, engine.CatCashOut, engine.CatRoadSweeper:
		return "gifts"
	case engine.CatGarden:
		return "garden"
	case engine.CatBarn:
		return "barn"
	case engine.CatFairy: // the fairy's point at the start of a turn (PD-17); its 3 points are split off below
		return "fairy"
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
func ListOn(fsys storefs.FS, dir string) ([]Game, error) { return ListWith(fsys, dir, nil) }

// ListCached is ListWith through the cache of dir's records kept in the state folder stateDir (OpenCache),
// saved after the listing. A cache that cannot be written costs the next listing time, nothing else: its error
// goes to record (the log, errlog.Log.Record; may be nil), not to the caller.
func ListCached(fsys storefs.FS, dir, stateDir string, record func(string, error) bool) ([]Game, error) {
	c := OpenCache(stateDir, dir)
	games, err := ListWith(fsys, dir, c)
	if err == nil {
		if err := c.Save(fsys); err != nil && record != nil {
			record("library cache", err)
		}
	}
	return games, err
}

// ListWith is ListOn through the cache c of the records' summaries (nil: none; see Cache): the list is the same,
// record for record, with or without it. The cache learns the summaries it lacked; Cache.Save keeps them.
func ListWith(fsys storefs.FS, dir string, c *Cache) ([]Game, error) {
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
	var out []Game
	// Newest first: the folder lists by name, and a name begins with the game's start, so going backwards hands the
	// sort below a list that is in order already, or nearly (a Game is large to move).
	for _, e := range slices.Backward(entries) {
		if e.IsDir() || !strings.HasSuffix(e.Name(), Ext) {
			continue
		}
		out = append(out, read(filepath.Join(dir, e.Name()), c))
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
func Read(path string) Game { return read(path, nil) }

// read reads one record as List does, through the cache c (nil: none): a record whose summary the cache holds for
// its file as it is now is not read again, and one whose bytes it holds a summary of (the same content under
// another name or another time) is not played again; any other is read and played by the reader of every command
// (referee.ReadFileData, ReadData), and its summary kept in c if the record was read whole with no line refused
// and none cut off (see summarize).
func read(path string, c *Cache) Game {
	g := Game{Path: path, File: filepath.Base(path), Modules: []string{}}
	info, mod := stat(path)
	if info != nil {
		g.Modified = mod
	}
	g.Date, g.DateFrom = dateOf(path, mod)
	if info != nil && c.fresh(g.File, info, &g) {
		return g
	}
	d, err := referee.ReadFileData(path)
	if err != nil {
		g.setErr(err)
		return g
	}
	var key fileKey
	if d.Whole() {
		key = c.key(d.Bytes, d.Info)
		if c.known(g.File, key, &g) {
			return g
		}
	}
	if summarize(&g, d) && d.Whole() {
		c.put(g.File, key, &g)
	}
	return g
}

// summarize plays the record's bytes (referee.ReadData, as referee.ReadFile plays the file) and fills g: its
// modules, players, scores, state, its cut-off last line, or its error. It reports whether the summary may be
// cached: the record was read with no error (not even one an entry under way does not show) and no cut-off line,
// so that g holds all there is of it (Game.CutOff and Game.Err hold errors the cache does not keep). The tile
// catalogue is loaded by the first record played: a listing through a warm cache does without it.
func summarize(g *Game, d *referee.FileData) bool {
	rd, err := referee.ReadData(d, engine.Standard())
	if rd == nil {
		g.setErr(err)
		return false
	}
	rec := rd.Record
	if rd.CutOff != nil {
		g.CutOff, g.CutOffLine = rd.CutOff, rd.CutOff.Line
	}
	g.Modules = append(g.Modules, rec.Setup.Expansions...)
	g.Entering = referee.IsEntry(rec)
	for _, p := range rec.Setup.Players {
		g.Players = append(g.Players, Player{Name: norm.NFC.String(p.Name), Colour: p.Colour})
	}
	if err != nil {
		if g.Entering {
			// An entry under way need not be a whole board yet (a tile apart, POS-1; no tile; goods that do not add
			// up yet, POS-11): it is listed as resume opens it, refused only at a line resume refuses (issue 31).
			err = referee.CheckEntry(d.Bytes, engine.Standard())
		}
		if err != nil {
			g.setErr(err)
		}
		if rd.Game != nil {
			// The scores up to the refused line, as replay prints them (issue 32).
			rd.Game.Settle()
			fill(g, rd.Game)
		}
		return false
	}
	rd.Game.Settle()
	fill(g, rd.Game)
	return rd.CutOff == nil
}

func (g *Game) setErr(err error) {
	g.Err = err
	g.ErrText = err.Error()
	var r *referee.Refusal
	var p *referee.ParseError
	switch {
	case errors.As(err, &r):
		g.Rule, g.Line = r.Rule, r.Line
	case errors.As(err, &p):
		g.Rule, g.Line = p.Rule(), p.Line
	}
}

// ModulesKnown reports whether the game's modules are known: its setup line could be read (a record whose setup
// cannot be read has no players either).
func (g *Game) ModulesKnown() bool { return !g.Broken() || len(g.Players) > 0 }

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
	for _, e := range rg.Events {
		if e.Player < 0 || e.Player >= len(g.Players) {
			continue
		}
		switch e.Key {
		case "ev.gift_opened":
			g.Players[e.Player].GiftsOpened++
		case "ev.gift_void", "ev.gift_void_card":
			g.Players[e.Player].GiftsVoid++
		}
	}
	for _, sc := range rg.ScoreLog() {
		c := categoryOf(rg, sc)
		for p := 0; p < rg.Players(); p++ {
			if n := sc.PointsFor(p); n != 0 { // a field's pig and pig herd bonuses too (TB-14, COMBO-12)
				f := sc.FairyFor(p) // the fairy's 3 points inside a feature's scoring count as the fairy's (PD-18)
				points[p][c] += n - f
				if f != 0 {
					points[p]["fairy"] += f
				}
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
	_, mod := stat(path)
	return dateOf(path, mod)
}

// stat returns the FileInfo of the record at path (nil if it cannot be followed) and the modification time it is
// dated by: the file's, else the link's own for a link that leads nowhere (or round in a circle), not year 1; the
// zero time if neither is known.
func stat(path string) (fs.FileInfo, time.Time) {
	if info, err := os.Stat(path); err == nil {
		return info, info.ModTime()
	}
	if li, err := os.Lstat(path); err == nil {
		return nil, li.ModTime()
	}
	return nil, time.Time{}
}

// dateOf is DateOf with the file's modification time already known (the zero time if it is not).
func dateOf(path string, mod time.Time) (time.Time, string) {
	if name := filepath.Base(path); len(name) >= len(nameLayout) {
		if t, err := time.ParseInLocation(nameLayout, name[:len(nameLayout)], time.Local); err == nil {
			return t, DateFromName
		}
	}
	return mod, DateFromMtime
}
