package library

import (
	"crypto/sha256"
	"maps"
	"slices"

	"github.com/karkason/karkason/referee"
)

// The cache file's content: the records' keys and summaries by columns. encoding/gob decodes a slice of numbers in
// one go, and the same records as so many small structures with maps of points about four times slower: for a
// library of 1,000 games that is most of what a listing through a warm cache costs.
//
// Record i is Files[i] with the i-th value of each per-record column (Size ... Tiles, ModuleCount, PlayerCount;
// 32 bytes of Hash). Its modules are the next ModuleCount[i] values of Modules, its players the next PlayerCount[i]
// values of the per-player columns (PlayerName ... PlayerGiftsVoid), and a player's points the next PointCount[p] pairs
// of PointCategory and PointValue. Names, colours, modules and categories are indices into Strings, each string
// once. A file whose columns do not fit together this way is damaged (check).

// cacheFile is the cache file's content (encoding/gob).
type cacheFile struct {
	Format  int
	Program string
	Dir     string
	Strings []string

	Files                        []string
	Size, ModTime, Change, Check []int64
	Inode                        []uint64
	Hash                         []byte
	Flags                        []uint8 // flagHasID, flagFinished, flagEntering
	Turn, Tiles                  []int
	ModuleCount, PlayerCount     []int

	Modules []int

	PlayerName, PlayerColour, PlayerScore, PointCount []int
	PlayerWinner                                      []bool
	PlayerGiftsOpened, PlayerGiftsVoid                []int

	PointCategory, PointValue []int

	// Where each record's modules and players and each player's points begin (check fills them; not in the file).
	moduleAt, playerAt, pointAt []int
}

// Bits of cacheFile.Flags.
const (
	flagHasID uint8 = 1 << iota
	flagFinished
	flagEntering
)

// check reports whether the columns fit together (see above) and fills the offsets; false: the file is damaged.
func (f *cacheFile) check() bool {
	n := len(f.Files)
	for _, l := range []int{len(f.Size), len(f.ModTime), len(f.Change), len(f.Check), len(f.Inode), len(f.Flags),
		len(f.Turn), len(f.Tiles), len(f.ModuleCount), len(f.PlayerCount)} {
		if l != n {
			return false
		}
	}
	if len(f.Hash) != n*sha256.Size {
		return false
	}
	var ok bool
	if f.moduleAt, ok = runs(f.ModuleCount, len(f.Modules)); !ok {
		return false
	}
	if f.playerAt, ok = runs(f.PlayerCount, len(f.PlayerName)); !ok {
		return false
	}
	players := len(f.PlayerName)
	for _, l := range []int{len(f.PlayerColour), len(f.PlayerScore), len(f.PointCount), len(f.PlayerWinner),
		len(f.PlayerGiftsOpened), len(f.PlayerGiftsVoid)} {
		if l != players {
			return false
		}
	}
	if f.pointAt, ok = runs(f.PointCount, len(f.PointCategory)); !ok || len(f.PointValue) != len(f.PointCategory) {
		return false
	}
	for _, col := range [][]int{f.Modules, f.PlayerName, f.PlayerColour, f.PointCategory} {
		for _, s := range col {
			if s < 0 || s >= len(f.Strings) {
				return false
			}
		}
	}
	return true
}

// runs returns where each run of the given lengths begins in a column of total values (and total at the end);
// false if a length is negative or they do not add up to total.
func runs(lengths []int, total int) ([]int, bool) {
	at := make([]int, len(lengths)+1)
	for i, l := range lengths {
		if l < 0 || l > total-at[i] {
			return nil, false
		}
		at[i+1] = at[i] + l
	}
	return at, at[len(lengths)] == total
}

// key returns the key of record i.
func (f *cacheFile) key(i int) fileKey {
	k := fileKey{Size: f.Size[i], ModTime: f.ModTime[i], Change: f.Change[i], Inode: f.Inode[i],
		HasID: f.Flags[i]&flagHasID != 0, Checked: f.Check[i]}
	copy(k.Hash[:], f.Hash[i*sha256.Size:])
	return k
}

// summaryTo fills the summary fields of out (see Game.summaryTo) from record i.
func (f *cacheFile) summaryTo(i int, out *Game) {
	out.Modules = make([]string, 0, f.ModuleCount[i])
	for _, s := range f.Modules[f.moduleAt[i]:f.moduleAt[i+1]] {
		out.Modules = append(out.Modules, f.Strings[s])
	}
	out.Players = nil
	if n := f.PlayerCount[i]; n > 0 {
		out.Players = make([]Player, 0, n)
	}
	for p := f.playerAt[i]; p < f.playerAt[i+1]; p++ {
		pl := Player{Name: f.Strings[f.PlayerName[p]], Colour: referee.Colour(f.Strings[f.PlayerColour[p]]),
			Score: f.PlayerScore[p], Winner: f.PlayerWinner[p], Points: make(map[string]int, f.PointCount[p]),
			GiftsOpened: f.PlayerGiftsOpened[p], GiftsVoid: f.PlayerGiftsVoid[p]}
		for q := f.pointAt[p]; q < f.pointAt[p+1]; q++ {
			pl.Points[f.Strings[f.PointCategory[q]]] = f.PointValue[q]
		}
		out.Players = append(out.Players, pl)
	}
	out.Finished, out.Entering = f.Flags[i]&flagFinished != 0, f.Flags[i]&flagEntering != 0
	out.Turn, out.Tiles = f.Turn[i], f.Tiles[i]
	out.Err, out.ErrText = nil, ""
}

// add appends the record name with its key and the summary g; strings indexes Strings.
func (f *cacheFile) add(name string, k fileKey, g *Game, strings map[string]int) {
	str := func(s string) int {
		i, ok := strings[s]
		if !ok {
			i = len(f.Strings)
			f.Strings = append(f.Strings, s)
			strings[s] = i
		}
		return i
	}
	flags := uint8(0)
	if k.HasID {
		flags |= flagHasID
	}
	if g.Finished {
		flags |= flagFinished
	}
	if g.Entering {
		flags |= flagEntering
	}
	f.Files = append(f.Files, name)
	f.Size, f.ModTime, f.Change = append(f.Size, k.Size), append(f.ModTime, k.ModTime), append(f.Change, k.Change)
	f.Check, f.Inode = append(f.Check, k.Checked), append(f.Inode, k.Inode)
	f.Hash = append(f.Hash, k.Hash[:]...)
	f.Flags, f.Turn, f.Tiles = append(f.Flags, flags), append(f.Turn, g.Turn), append(f.Tiles, g.Tiles)
	f.ModuleCount, f.PlayerCount = append(f.ModuleCount, len(g.Modules)), append(f.PlayerCount, len(g.Players))
	for _, m := range g.Modules {
		f.Modules = append(f.Modules, str(m))
	}
	for _, p := range g.Players {
		f.PlayerName, f.PlayerColour = append(f.PlayerName, str(p.Name)), append(f.PlayerColour, str(string(p.Colour)))
		f.PlayerScore, f.PlayerWinner = append(f.PlayerScore, p.Score), append(f.PlayerWinner, p.Winner)
		f.PlayerGiftsOpened = append(f.PlayerGiftsOpened, p.GiftsOpened)
		f.PlayerGiftsVoid = append(f.PlayerGiftsVoid, p.GiftsVoid)
		f.PointCount = append(f.PointCount, len(p.Points))
		for _, c := range slices.Sorted(maps.Keys(p.Points)) {
			f.PointCategory, f.PointValue = append(f.PointCategory, str(c)), append(f.PointValue, p.Points[c])
		}
	}
}
