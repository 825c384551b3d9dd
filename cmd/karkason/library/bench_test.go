package library

import (
	"testing"
	"time"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/referee/storefs"
)

// benchLibrary writes a library of n finished games (randgame.WriteLibrary: ten random full games of different
// modules and players, copied under dated names) and returns its folder.
func benchLibrary(b *testing.B, n int) string {
	dir := b.TempDir()
	if _, err := randgame.WriteLibrary(dir, n); err != nil {
		b.Fatal(err)
	}
	return dir
}

// benchStats times the statistics of a library of n finished games: reading the folder, replaying every record
// through the referee, and the statistics.
func benchStats(b *testing.B, n int) {
	dir := benchLibrary(b, n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		games, err := List(dir)
		if err != nil || len(games) != n {
			b.Fatalf("%d games, %v", len(games), err)
		}
		if st := Compute(games, Filter{}); st.Games != n {
			b.Fatalf("%d games counted", st.Games)
		}
	}
}

// BenchmarkStats500 times the statistics of a library of 500 finished games, every record replayed.
func BenchmarkStats500(b *testing.B) { benchStats(b, 500) }

// BenchmarkStats10, 100, 1000: the same over 10, 100 and 1,000 records, without the cache (issue 23).
func BenchmarkStats10(b *testing.B)   { benchStats(b, 10) }
func BenchmarkStats100(b *testing.B)  { benchStats(b, 100) }
func BenchmarkStats1000(b *testing.B) { benchStats(b, 1000) }

// benchStatsCached times the statistics of a library of n finished games through a warm cache: reading the cache
// file, the folder and each record's state, the statistics. The records are as if written long ago (the cache's
// clock an hour ahead: see openSettled), as a library of past game nights is.
func benchStatsCached(b *testing.B, n int) {
	dir, state := benchLibrary(b, n), b.TempDir()
	list := func() *Cache {
		c := OpenCache(state, dir)
		c.now = func() time.Time { return time.Now().Add(time.Hour) }
		games, err := ListWith(storefs.OS{}, dir, c)
		if err != nil || len(games) != n {
			b.Fatalf("%d games, %v", len(games), err)
		}
		if st := Compute(games, Filter{}); st.Games != n {
			b.Fatalf("%d games counted", st.Games)
		}
		if err := c.Save(storefs.OS{}); err != nil {
			b.Fatal(err)
		}
		return c
	}
	list()
	if c := list(); c.statHits != n {
		b.Fatalf("warm cache: %d of %d records from the cache", c.statHits, n)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		list()
	}
}

// BenchmarkStatsCached10, 100, 1000: the same through a warm cache (issue 23: 1,000 within 3× of 10).
func BenchmarkStatsCached10(b *testing.B)   { benchStatsCached(b, 10) }
func BenchmarkStatsCached100(b *testing.B)  { benchStatsCached(b, 100) }
func BenchmarkStatsCached1000(b *testing.B) { benchStatsCached(b, 1000) }
