package library

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/karkason/karkason/referee/storefs"
)

// The cache of the records' summaries (issue 23). Listing the library replays every record, about 0.3 ms a game: a
// table that keeps years of game nights would wait longer every month; through a warm cache a record costs a few
// microseconds (the state of its file). The cache keeps, in the state folder, the
// summary of each record that can be used (its Game without the file's own name, dates and path: players, points
// by category, modules, state), keyed by what the record was when it was summarised: its size, modification time
// and change time, its inode, and the SHA-256 of its bytes. It is only ever a shortcut to what a replay gives:
//
//   - A record whose size, modification and change time and inode are those of its entry, and whose times were
//     more than settleTime before the entry was made, is not read again (a write changes the change time, which no
//     program can set back; one within the same clock tick as the entry was made is why a fresh entry is not
//     trusted this way). Where the system gives no change time or inode, every record is read and hashed.
//   - Any other record is read, as every command reads a record file (referee.ReadFileData: a regular file only,
//     within the referee's caps), and hashed: if some entry summarises those very bytes (the same record touched,
//     copied, renamed or restored from a backup), its summary is used; else the bytes are played by the reader of
//     every command (referee.ReadData, the code of referee.ReadFile), and the summary kept if the record can be
//     used. A record that cannot be used (a file error, a line that does not
//     parse or that the referee refuses) is never cached: it is read again every time, so its error is the one of
//     the moment. Nor is a record whose reading met an error its summary does not show (an entry under way with a
//     refused line) or whose last line was cut off (Game.CutOff): the cache keeps no errors.
//   - The cache file (library-HASH.cache, CachePath) is read within maxCacheBytes, from a regular file only (a
//     pipe in its place is not waited on), and its checksum checked. A file that cannot be read or decoded,
//     damaged, of another format, written by another build of the program (its executable's path, size and
//     modification time: another build may summarise differently) or for another data folder is ignored: the
//     listing replays what it needs and the cache is written anew. The file is written whole or not at all
//     (storefs.WriteWhole), only when something changed, with the entries of the records listed. Its layout is in
//     cache_file.go.
//
// A damaged cache therefore costs time, never a wrong figure: the listing with the cache is the listing without it,
// record for record (TestCacheChangesNothing).

// cacheMagic begins the cache file; the SHA-256 of the rest follows it, then cacheFile in encoding/gob, so that a
// cache damaged anywhere (a bit flipped in a score) is detected rather than believed.
const cacheMagic = "karkason library cache\n"

const (
	cacheFormat   = 2        // the layout of cacheFile; another value is a foreign cache (2: the players' gifts)
	maxCacheBytes = 64 << 20 // a cache larger than this is damaged (a summary is a few hundred bytes)
	// settleTime: an entry is trusted from the file's state alone once the file's times are this much older than
	// the moment the entry was made.
	settleTime = 2 * time.Second
)

// Cache is the cache of the summaries of one data folder's records, kept in the state folder. A nil *Cache is no
// cache: every method does nothing. A Cache is used by one listing at a time.
type Cache struct {
	path    string // the cache file
	program string // the running executable: path, size, modification time
	dir     string // the data folder, absolute
	now     func() time.Time
	old     *cacheFile                       // the file as read (an empty one if it was missing, damaged or foreign)
	byName  map[string]int                   // its records by file name
	byHash  map[[sha256.Size]byte]summarySrc // its records, and those summarised by this listing, by their bytes
	kept    map[string]keptEntry             // the records listed, by file name: what Save writes
	changed bool                             // kept differs from what the file holds
	// statHits and hashHits count the records summarised from the cache without reading them (fresh) and without
	// replaying them (known), for the tests and benchmarks.
	statHits, hashHits int
}

// summarySrc is where a summary is: record at of the file read, or game (a record summarised by this listing).
type summarySrc struct {
	at   int
	game *Game
}

// summaryTo fills the summary fields of out from the source.
func (s summarySrc) summaryTo(c *Cache, out *Game) {
	if s.game != nil {
		s.game.summaryTo(out)
		return
	}
	c.old.summaryTo(s.at, out)
}

// keptEntry is a record of the listing with the key its summary is valid for.
type keptEntry struct {
	key fileKey
	src summarySrc
}

// fileKey is what a record file was when it was summarised.
type fileKey struct {
	Size    int64
	ModTime int64  // Unix nanoseconds
	Change  int64  // the change time (ctime), Unix nanoseconds, if HasID
	Inode   uint64 // if HasID
	HasID   bool   // the system gave the change time and the inode
	Hash    [sha256.Size]byte
	Checked int64 // when the bytes were read, Unix nanoseconds
}

// sameFile reports whether k and the file's state now (from its FileInfo) describe the same file unchanged.
func (k fileKey) sameFile(now fileKey) bool {
	return k.HasID && now.HasID && k.Size == now.Size && k.ModTime == now.ModTime && k.Change == now.Change &&
		k.Inode == now.Inode
}

// settled reports whether the file's times were well before the entry was made (see settleTime).
func (k fileKey) settled() bool {
	return k.HasID && max(k.ModTime, k.Change) < k.Checked-int64(settleTime)
}

// statKey is the part of a fileKey that a FileInfo gives (fileid_*.go add the change time and inode).
func statKey(fi fs.FileInfo) fileKey {
	k := fileKey{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}
	k.Change, k.Inode, k.HasID = fileID(fi)
	return k
}

// CachePath returns the file of the cache of the data folder dir in the state folder stateDir:
// library-HASH.cache, HASH the first 16 hexadecimal digits of the SHA-256 of dir's absolute path, so that each
// data folder (--data-dir) has its own.
func CachePath(stateDir, dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	h := sha256.Sum256([]byte(dir))
	return filepath.Join(stateDir, "library-"+hex.EncodeToString(h[:8])+".cache")
}

// OpenCache returns the cache of the data folder dir kept in the state folder stateDir, read from its file; nil
// (no cache) when stateDir is "" or the running program cannot be identified. A missing, damaged or foreign cache
// file gives an empty cache, written anew by Save: OpenCache never fails.
func OpenCache(stateDir, dir string) *Cache {
	program := programID()
	if stateDir == "" || program == "" {
		return nil
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	c := &Cache{path: CachePath(stateDir, dir), program: program, dir: dir, now: time.Now, old: &cacheFile{},
		byName: map[string]int{}, byHash: map[[sha256.Size]byte]summarySrc{}, kept: map[string]keptEntry{}}
	if f, ok := c.load(); ok {
		c.old = f
		c.byName, c.byHash = make(map[string]int, len(f.Files)), make(map[[sha256.Size]byte]summarySrc, len(f.Files))
		for i, name := range f.Files {
			if _, dup := c.byName[name]; dup || name == "" || name != filepath.Base(name) {
				c.old, c.byName, c.byHash = &cacheFile{}, map[string]int{}, map[[sha256.Size]byte]summarySrc{}
				break // not what Save writes: damaged
			}
			c.byName[name] = i
			c.byHash[f.key(i).Hash] = summarySrc{at: i}
		}
	}
	return c
}

// load reads and decodes the cache file; false if it is missing, cannot be read, is damaged or foreign.
func (c *Cache) load() (f *cacheFile, ok bool) {
	data, err := storefs.ReadRegular(c.path, maxCacheBytes) // not waited on if a pipe is put in its place
	if err != nil {
		return nil, false
	}
	payload, found := bytes.CutPrefix(data, []byte(cacheMagic))
	if !found || len(payload) < sha256.Size {
		return nil, false
	}
	sum, payload := payload[:sha256.Size], payload[sha256.Size:]
	if h := sha256.Sum256(payload); !bytes.Equal(h[:], sum) {
		return nil, false
	}
	defer func() {
		if recover() != nil { // a file must not stop the listing, whatever the decoder makes of it
			f, ok = nil, false
		}
	}()
	f = &cacheFile{}
	if err := gob.NewDecoder(bytes.NewReader(payload)).Decode(f); err != nil {
		return nil, false
	}
	if f.Format != cacheFormat || f.Program != c.program || f.Dir != c.dir || !f.check() {
		return nil, false
	}
	return f, true
}

// programID identifies the running executable by its path, size and modification time; "" if it cannot.
func programID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
}

// fresh fills g from the entry of the record file name if the file, as info describes it now, is the one the
// entry was made from and the entry is settled; it reports whether it did.
func (c *Cache) fresh(name string, info fs.FileInfo, g *Game) bool {
	if c == nil {
		return false
	}
	i, ok := c.byName[name]
	if !ok {
		return false
	}
	k := c.old.key(i)
	if !k.settled() || !k.sameFile(statKey(info)) {
		return false
	}
	c.old.summaryTo(i, g)
	c.kept[name] = keptEntry{key: k, src: summarySrc{at: i}}
	c.statHits++
	return true
}

// key returns the key of a record read now: its bytes and the FileInfo of the open file (nil if unknown).
func (c *Cache) key(data []byte, info fs.FileInfo) fileKey {
	if c == nil {
		return fileKey{}
	}
	var k fileKey
	if info != nil {
		k = statKey(info)
	}
	k.Hash = sha256.Sum256(data)
	k.Checked = c.now().UnixNano()
	return k
}

// known fills g from a summary of the same bytes (key.Hash), under whatever name, and keeps it for the record file
// name with its key now; it reports whether it did.
func (c *Cache) known(name string, key fileKey, g *Game) bool {
	if c == nil {
		return false
	}
	src, ok := c.byHash[key.Hash]
	if !ok {
		return false
	}
	src.summaryTo(c, g)
	c.kept[name] = keptEntry{key: key, src: src}
	c.changed = true
	c.hashHits++
	return true
}

// put keeps the summary of a record just read (g, if the record can be used) for the record file name.
func (c *Cache) put(name string, key fileKey, g *Game) {
	if c == nil || g.Err != nil {
		return
	}
	src := summarySrc{game: &Game{}}
	g.summaryTo(src.game)
	c.kept[name] = keptEntry{key: key, src: src}
	c.byHash[key.Hash] = src // a copy of the same bytes later in the listing is not replayed again
	c.changed = true
}

// Save writes the cache file if anything changed: the entries of the records listed since OpenCache (those of
// records gone from the folder are dropped). The file is written whole or not at all, in the state folder
// (created if missing). The error says what failed; the listing itself is complete without the cache.
func (c *Cache) Save(fsys storefs.FS) error {
	if c == nil {
		return nil
	}
	if !c.changed && len(c.kept) == len(c.byName) {
		return nil // every record of the file was listed as it was: the file holds what it should
	}
	f := cacheFile{Format: cacheFormat, Program: c.program, Dir: c.dir}
	strings := map[string]int{}
	var g Game
	for _, name := range slices.Sorted(maps.Keys(c.kept)) {
		e := c.kept[name]
		e.src.summaryTo(c, &g)
		f.add(name, e.key, &g, strings)
	}
	var payload bytes.Buffer
	if err := gob.NewEncoder(&payload).Encode(&f); err != nil {
		return err
	}
	sum := sha256.Sum256(payload.Bytes())
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	return storefs.WriteWhole(fsys, c.path, func(w io.Writer) error {
		_, err := w.Write(slices.Concat([]byte(cacheMagic), sum[:], payload.Bytes()))
		return err
	})
}

// summaryTo copies the summary fields of g (all but the file's own: Path, File, Date, DateFrom, Modified) into
// out, which gets slices and maps of its own. Empty slices and maps come out as a replay makes them (Modules
// never nil, every player's Points a map), so that a summary that went through the cache file is the same Game.
func (g *Game) summaryTo(out *Game) {
	out.Players = nil
	for _, p := range g.Players {
		p.Points = maps.Clone(p.Points)
		if p.Points == nil {
			p.Points = map[string]int{}
		}
		out.Players = append(out.Players, p)
	}
	out.Modules = append([]string{}, g.Modules...)
	out.Finished, out.Entering, out.Turn, out.Tiles = g.Finished, g.Entering, g.Turn, g.Tiles
	out.Err, out.ErrText = g.Err, g.ErrText
}
