package library

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// cacheLibrary writes a library of every kind of record: the golden library (finished, in progress, dated by its
// modification time, a line that does not parse, a line the referee refuses), random finished games with modules
// (randgame), a board as it lies still being entered, an entry under way whose tile lies apart (refused, POS-1, but
// not broken: IsEntry), a game played on from a position, an Inns & Cathedrals game with six players and every
// module, a game with void gifts, a line the referee refuses in the middle of a game, a name typed decomposed (NFC),
// a record with a torn last line that does not parse and one whose last line the referee refuses (both cut off,
// referee.CutOff), an empty file and one over the referee's size cap.
func cacheLibrary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(libDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		copyFile(t, filepath.Join(libDir, e.Name()), filepath.Join(dir, e.Name()))
	}
	texts, err := randgame.WriteLibrary(dir, 12)
	if err != nil {
		t.Fatal(err)
	}
	for golden, name := range map[string]string{
		"pos-river-full.rec":             "2026-11-14T2000-entering.rec",
		"pos-err-detached.rec":           "2026-11-14T2100-entering-apart.rec",
		"pos-gifts.rec":                  "2026-11-13T2000-position.rec",
		"ic-six-players-all-modules.rec": "2026-11-13T2100-ic.rec",
		"gift-cash-out-void.rec":         "2026-11-13T2200-void.rec",
		"ic-err-large-twice.rec":         "2026-11-13T2300-refused.rec",
	} {
		copyFile(t, "../../../testdata/golden/"+golden, filepath.Join(dir, name))
		if strings.Contains(name, "entering") {
			// An entry under way is marked as the table marks it (referee.IsEntry); a position without the mark is
			// a game going on from it (issue 32).
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Replace(string(b), "\nsetup ", "\n# karkason: a board as it lies, being entered\nsetup ", 1)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	torn := texts[1][:len(texts[1])-1] + "\nred pla"
	refusedLast := texts[2] + "red place b-rs 99,99 0" // after "end": refused, and without its line end
	zoe := "karkason-record 1\nsetup players=Zoe\u0308:red,Ана:blue expansions=none start=standard\n" +
		"red place b-rs 1,0 90\nred deploy follower E\nend\n"
	files := map[string]string{"2026-11-15T2000-torn.rec": torn, "2026-11-15T2100-cut.rec": refusedLast,
		"2026-11-15T2200-zoe.rec": zoe, "empty.rec": "", "big.rec": strings.Repeat("# far too long\n", 4<<20/15+10)}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// printed is what games and stats print of a listing, as text and as JSON, in English.
func printed(t *testing.T, dir string, games []Game) string {
	t.Helper()
	var b bytes.Buffer
	loc := locales.New("en")
	describe := func(err error) string { return err.Error() }
	for _, jsonOut := range []bool{false, true} {
		if err := PrintGames(&b, dir, games, loc, describe, jsonOut); err != nil {
			t.Fatal(err)
		}
		if err := PrintStats(&b, Compute(games, Filter{}), nil, loc, jsonOut); err != nil {
			t.Fatal(err)
		}
		if err := PrintStats(&b, Compute(games, Filter{Modules: []string{"farmers"}}), []string{"Ана", "Богдан"}, loc,
			jsonOut); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// openSettled opens the cache as OpenCache does, with a clock an hour ahead: every record written by the test is
// settled (its times well before the entries are made), so that the stat path is taken where it may be.
func openSettled(state, dir string) *Cache {
	c := OpenCache(state, dir)
	c.now = func() time.Time { return time.Now().Add(time.Hour) }
	return c
}

// listCached lists dir through the cache of state and saves it.
func listCached(t *testing.T, state, dir string) ([]Game, *Cache) {
	t.Helper()
	c := openSettled(state, dir)
	games, err := ListWith(storefs.OS{}, dir, c)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Save(storefs.OS{}); err != nil {
		t.Fatal(err)
	}
	return games, c
}

// The cache changes nothing of what games and stats print, whatever state the cache file is in: none, warm,
// damaged in any way, foreign. Each damaged or foreign cache is ignored (every usable record replayed) and written
// anew, after which the next listing takes every usable record from the cache.
func TestCacheChangesNothing(t *testing.T) {
	dir := cacheLibrary(t)
	want, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	wantText := printed(t, dir, want)
	// usable: the records the cache keeps, those read whole with no error and no cut-off line (summarize): not the
	// broken ones, nor an entry under way with a refused line, nor the two cut off.
	usable, notBroken, cut := 0, 0, 0
	for _, g := range want {
		if !g.Broken() {
			notBroken++
		}
		if g.CutOff != nil {
			cut++
		}
		if rd, err := referee.ReadFile(g.Path, engine.Standard()); err == nil && rd.CutOff == nil {
			usable++
		}
	}
	if usable != 21 || notBroken != 24 || cut != 2 || len(want) != 29 {
		t.Fatalf("the library has %d records, %d not broken, %d cut off, %d usable", len(want), notBroken, cut, usable)
	}
	state := t.TempDir()
	path := CachePath(state, dir)
	// a good cache file, and one with its entries changed as given, checksum and all.
	good := func() []byte {
		listCached(t, state, dir)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rewritten := func(change func(*cacheFile)) func() {
		return func() {
			b := good()
			var f cacheFile
			if err := gob.NewDecoder(bytes.NewReader(b[len(cacheMagic)+sha256.Size:])).Decode(&f); err != nil {
				t.Fatal(err)
			}
			change(&f)
			var payload bytes.Buffer
			if err := gob.NewEncoder(&payload).Encode(&f); err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(payload.Bytes())
			writeCache(t, path, slices.Concat([]byte(cacheMagic), sum[:], payload.Bytes()))
		}
	}
	scenarios := []struct {
		name    string
		prepare func()
		ignored bool // the cache file is ignored: every usable record replayed
	}{
		{"no cache", func() { os.Remove(path) }, true},
		{"warm", func() { good() }, false},
		{"empty file", func() { writeCache(t, path, nil) }, true},
		{"cut off", func() { b := good(); writeCache(t, path, b[:len(b)/2]) }, true},
		{"a byte changed", func() { b := good(); b[len(b)-40] ^= 1; writeCache(t, path, b) }, true},
		{"not a cache", func() { writeCache(t, path, []byte("karkason-record 1\nsetup players=A:red,B:blue\n")) }, true},
		{"magic only", func() { writeCache(t, path, []byte(cacheMagic)) }, true},
		{"another format", rewritten(func(f *cacheFile) { f.Format++ }), true},
		{"another program", rewritten(func(f *cacheFile) { f.Program += "x" }), true},
		{"another folder", rewritten(func(f *cacheFile) { f.Dir += "x" }), true},
		{"a record twice", rewritten(func(f *cacheFile) { f.Files[1] = f.Files[0] }), true},
		{"a path for a name", rewritten(func(f *cacheFile) { f.Files[0] = "../" + f.Files[0] }), true},
		{"a column short", rewritten(func(f *cacheFile) { f.PlayerScore = f.PlayerScore[1:] }), true},
		{"a count too many", rewritten(func(f *cacheFile) { f.PointCount[0]++ }), true},
		{"a count below zero", rewritten(func(f *cacheFile) {
			f.ModuleCount[0], f.ModuleCount[1] = -1, f.ModuleCount[1]+1
		}), true},
		{"a string that is not there", rewritten(func(f *cacheFile) { f.PlayerName[0] = len(f.Strings) }), true},
		// A record of bytes the file no longer holds is not used: it is replayed (the others are not).
		{"a stale hash", rewritten(func(f *cacheFile) { f.Hash[0] ^= 1; f.Size[0]++ }), false},
		{"a folder", func() { os.Remove(path); os.Mkdir(path, 0o755) }, true},
		{"a pipe", func() { os.RemoveAll(path); syscall.Mkfifo(path, 0o644) }, true},
		{"too large", func() {
			os.RemoveAll(path)
			writeCache(t, path, nil)
			os.Truncate(path, maxCacheBytes+1)
		}, true},
	}
	for _, sc := range scenarios {
		sc.prepare()
		c := openSettled(state, dir)
		got, err := ListWith(storefs.OS{}, dir, c)
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("%s: %s is\n%#v\nwithout the cache\n%#v", sc.name, got[i].File, got[i], want[i])
				}
			}
		}
		if text := printed(t, dir, got); text != wantText {
			t.Errorf("%s: printed\n%s\nwithout the cache\n%s", sc.name, text, wantText)
		}
		if hits := c.statHits + c.hashHits; sc.ignored && hits != 0 || !sc.ignored && hits < usable-1 {
			t.Errorf("%s: %d records from the cache (%d by their state, %d by their bytes), %d usable", sc.name,
				hits, c.statHits, c.hashHits, usable)
		}
		if sc.name == "a folder" || sc.name == "a pipe" {
			os.RemoveAll(path) // WriteWhole renames over a file, not over a folder; a pipe it replaces
		}
		if err := c.Save(storefs.OS{}); err != nil {
			t.Fatalf("%s: save: %v", sc.name, err)
		}
		// Written anew: the next listing takes every usable record from the cache, and still prints the same.
		again, c2 := listCached(t, state, dir)
		if c2.statHits != usable || !reflect.DeepEqual(again, want) {
			t.Errorf("%s: the cache written anew gave %d records by their state, %d usable; same list %v", sc.name,
				c2.statHits, usable, reflect.DeepEqual(again, want))
		}
	}
}

func writeCache(t *testing.T, path string, b []byte) {
	t.Helper()
	os.RemoveAll(path)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A record that changes is read again, whatever the change: new bytes of the same size with the modification time
// set back, an action added; the same bytes under another name are not replayed again; a record written moments
// ago is hashed, not trusted from its state; a record that cannot be used is not cached; a listing that changes
// nothing writes nothing; the entry of a record gone is dropped.
func TestCacheFollowsChanges(t *testing.T) {
	dir, state := t.TempDir(), t.TempDir()
	texts, err := randgame.WriteLibrary(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	name := entries[0].Name()
	path := filepath.Join(dir, name)
	old := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	os.Chtimes(path, old, old)
	games, c := listCached(t, state, dir)
	if c.statHits+c.hashHits != 0 || len(games) != 1 || !games[0].Finished {
		t.Fatalf("first listing: %d, %d from the cache; %v", c.statHits, c.hashHits, games)
	}
	if _, c := listCached(t, state, dir); c.statHits != 1 {
		t.Errorf("second listing: %d by state, %d by bytes", c.statHits, c.hashHits)
	}
	// The same size, the modification time set back: the change time tells.
	renamed := strings.Replace(texts[0], "Ана", "Аня", 1)
	if len(renamed) != len(texts[0]) || renamed == texts[0] {
		t.Fatal("the test's record has no Ана")
	}
	if err := os.WriteFile(path, []byte(renamed+"# copy 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(path, old, old)
	games, c = listCached(t, state, dir)
	names := []string{}
	for _, p := range games[0].Players {
		names = append(names, p.Name)
	}
	if c.statHits+c.hashHits != 0 || !slices.Contains(names, "Аня") {
		t.Errorf("a record changed in place: %d, %d from the cache; players %v", c.statHits, c.hashHits, names)
	}
	// A line added: the game is at its end already, so "end" again is refused: a record that cannot be used is
	// listed with its error and not cached.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("end\nend\n")
	f.Close()
	games, c = listCached(t, state, dir)
	if !games[0].Broken() || len(c.kept) != 0 {
		t.Errorf("a broken record: %v, %d kept", games[0], len(c.kept))
	}
	// The same bytes under two more names: replayed once.
	for _, n := range []string{"2026-02-01T1000-copy.rec", "2026-02-02T1000-copy.rec"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(texts[0]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(path)
	c = OpenCache(state, dir) // the real clock: the copies were written moments ago
	games, err = ListWith(storefs.OS{}, dir, c)
	if err != nil || len(games) != 2 || c.hashHits != 1 || c.statHits != 0 {
		t.Errorf("two copies: %v %v, %d by state, %d by bytes", games, err, c.statHits, c.hashHits)
	}
	c.Save(storefs.OS{})
	c = OpenCache(state, dir)
	if ListWith(storefs.OS{}, dir, c); c.statHits != 0 || c.hashHits != 2 {
		t.Errorf("records written moments ago: %d by state, %d by bytes, want all by bytes", c.statHits, c.hashHits)
	}
	if len(c.byName) != 2 {
		t.Errorf("the cache holds %d entries, want the 2 records there are", len(c.byName))
	}
	// Nothing changed: nothing written (a file system that fails every write would say so).
	_, c = listCached(t, state, dir) // settled now
	faulty := storefs.NewFaulty()
	faulty.Set(func(y *storefs.Faulty) { y.OpenErr = syscall.ENOSPC })
	c = openSettled(state, dir)
	if _, err := ListWith(faulty, dir, c); err != nil || c.statHits != 2 {
		t.Fatalf("settled: %v, %d by state", err, c.statHits)
	}
	if err := c.Save(faulty); err != nil {
		t.Errorf("a listing that changed nothing wrote the cache: %v", err)
	}
}

// A cache that cannot be written changes nothing of the listing: ListCached reports it to its record function
// only.
func TestCacheUnwritable(t *testing.T) {
	dir, state := t.TempDir(), t.TempDir()
	if _, err := randgame.WriteLibrary(dir, 2); err != nil {
		t.Fatal(err)
	}
	faulty := storefs.NewFaulty()
	faulty.Set(func(y *storefs.Faulty) { y.OpenErr = syscall.ENOSPC })
	var logged []string
	games, err := ListCached(faulty, dir, state, func(context string, err error) bool {
		logged = append(logged, context+": "+err.Error())
		return true
	})
	want, _ := List(dir)
	if err != nil || !reflect.DeepEqual(games, want) || len(logged) != 1 {
		t.Errorf("%v, same list %v, logged %q", err, reflect.DeepEqual(games, want), logged)
	}
	if _, err := os.Stat(CachePath(state, dir)); err == nil {
		t.Error("a cache file was written")
	}
}

// The cache keeps every field of a Game's summary: a field added to Game or Player must be added to the cache
// (cache_file.go: add and summaryTo; Game.summaryTo), to the fields it recomputes, or to those of records it never
// keeps (summarize), or the listing through the cache would lose it. TestCacheRoundTrip checks that the fields
// named cached here come back from the cache file.
func TestCacheKeepsEverySummaryField(t *testing.T) {
	fields := func(v any) []string {
		var out []string
		for f := range reflect.TypeOf(v).Fields() {
			out = append(out, f.Name)
		}
		slices.Sort(out)
		return out
	}
	game := []string{
		"Path", "File", "Date", "DateFrom", "Modified", // the file's own: recomputed by every listing
		"Players", "Modules", "Finished", "Entering", "Turn", "Tiles", // the summary: cached
		"Err", "ErrText", "Rule", "Line", // a record that cannot be used is never cached
		"CutOff", "CutOffLine", // nor one with a cut-off last line (the cache keeps no errors)
	}
	player := []string{"Name", "Colour", "Score", "Winner", "Points", "GiftsOpened", "GiftsVoid"} // cached
	slices.Sort(game)
	slices.Sort(player)
	if got := fields(Game{}); !slices.Equal(got, game) {
		t.Errorf("Game has the fields %v; the cache knows %v", got, game)
	}
	if got := fields(Player{}); !slices.Equal(got, player) {
		t.Errorf("Player has the fields %v; the cache knows %v", got, player)
	}
}

// Every field TestCacheKeepsEverySummaryField names cached comes back from the cache file as it went in, each set
// to a value of its own (a field the file's columns forget comes back zero), through encoding/gob as Save writes it.
func TestCacheRoundTrip(t *testing.T) {
	want := Game{Modules: []string{"farmers", "inns-cathedrals"}, Finished: true, Entering: true, Turn: 41, Tiles: 77,
		Players: []Player{
			{Name: "Zo\u00eb", Colour: "red", Score: 93, Winner: true, Points: map[string]int{"city": 40, "field": 53},
				GiftsOpened: 3, GiftsVoid: 1},
			{Name: "Ана", Colour: "pink", Score: 12, Points: map[string]int{}, GiftsOpened: 5, GiftsVoid: 2},
		}}
	var f cacheFile
	f.add("x.rec", fileKey{Size: 7, HasID: true}, &want, map[string]int{})
	var payload bytes.Buffer
	if err := gob.NewEncoder(&payload).Encode(&f); err != nil {
		t.Fatal(err)
	}
	var back cacheFile
	if err := gob.NewDecoder(&payload).Decode(&back); err != nil || !back.check() {
		t.Fatalf("decoded: %v, fits %v", err, back.check())
	}
	var got Game
	back.summaryTo(0, &got)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("from the cache file\n%#v\nwent in\n%#v", got, want)
	}
	var copied Game
	want.summaryTo(&copied)
	if !reflect.DeepEqual(copied, want) {
		t.Errorf("Game.summaryTo\n%#v\nof\n%#v", copied, want)
	}
}
