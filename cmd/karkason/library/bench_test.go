package library

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/referee"
)

// BenchmarkStats500 times the statistics of a library of 500 finished games: reading the folder, replaying every
// record through the referee, and the statistics. The library is ten random full games of different modules and
// players (randgame), each copied fifty times under dated names.
func BenchmarkStats500(b *testing.B) {
	dir := b.TempDir()
	names := []string{"Ана", "Богдан", "Віра", "Гліб", "Ана"}
	colours := referee.Colours()
	exps := [][]string{{"farmers"}, {"farmers", "abbot", "river"}, {"count", "king-robber"},
		{"farmers", "shrines", "newtiles"}, {"farmers", "abbot", "river", "count", "king-robber", "shrines"}}
	n := 0
	for i := 0; i < 10; i++ {
		var ps []referee.PlayerSpec
		for p := 0; p < 2+i%3; p++ {
			ps = append(ps, referee.PlayerSpec{Name: names[(i+p)%4], Colour: colours[(i+2*p)%5]})
		}
		setup := referee.Setup{Players: ps, Expansions: exps[i%len(exps)]}
		g, err := randgame.Play(setup, uint64(i+1), 0)
		if err != nil || g.Phase != referee.PhaseEnded {
			b.Fatalf("game %d: %v %s", i, err, g.Phase)
		}
		f, err := os.CreateTemp(dir, "tmp")
		if err != nil {
			b.Fatal(err)
		}
		if err := referee.WriteRecord(f, g.Record()); err != nil {
			b.Fatal(err)
		}
		f.Close()
		data, _ := os.ReadFile(f.Name())
		os.Remove(f.Name())
		for k := 0; k < 50; k++ {
			name := fmt.Sprintf("2026-%02d-%02dT%02d%02d-%d.rec", 1+n%12, 1+n%28, n%24, n%60, n)
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		games, err := List(dir)
		if err != nil || len(games) != 500 {
			b.Fatalf("%d games, %v", len(games), err)
		}
		st := Compute(games, Filter{})
		if st.Games != 500 {
			b.Fatalf("%d games counted", st.Games)
		}
	}
}
