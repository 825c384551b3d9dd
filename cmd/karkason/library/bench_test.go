package library

import (
	"testing"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
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

// BenchmarkStats10, 100, 1000: the same over 10, 100 and 1,000 records (issue 23).
func BenchmarkStats10(b *testing.B)   { benchStats(b, 10) }
func BenchmarkStats100(b *testing.B)  { benchStats(b, 100) }
func BenchmarkStats1000(b *testing.B) { benchStats(b, 1000) }
