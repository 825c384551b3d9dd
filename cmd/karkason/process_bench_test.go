package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/referee"
)

// The commands as a process (issue 23): the binary is built once per benchmark (go build, from the build cache
// after the first) and run as a user runs it, with a private HOME, data and state folder, in Bulgarian (a
// catalogue other than the default's). ns/op is one whole run: exec, the runtime's start, package init, the
// command, exit. GODEBUG=inittrace=1 on the same binary shows what init costs alone.

// benchBinary builds karkason into a temporary folder (or takes the binary named by $KARKASON_BENCH_BIN, to
// compare two builds) and returns its path and an environment for it with private folders under that folder.
func benchBinary(b *testing.B) (string, []string) {
	b.Helper()
	dir := b.TempDir()
	bin := filepath.Join(dir, "karkason")
	if given := os.Getenv("KARKASON_BENCH_BIN"); given != "" {
		if err := os.Symlink(given, bin); err != nil {
			b.Fatal(err)
		}
	} else {
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
	}
	home := filepath.Join(dir, "home")
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"KARKASON_DATA_DIR=" + filepath.Join(home, "games"), "KARKASON_STATE_DIR=" + filepath.Join(home, "state"),
		"LANG=bg_BG.UTF-8", "PATH=" + os.Getenv("PATH")}
	return bin, env
}

// benchRun runs bin with args b.N times; every run must exit 0. (The benchmark's own allocations are not the
// process's: none are reported.)
func benchRun(b *testing.B, bin string, env []string, args ...string) {
	b.Helper()
	b.ResetTimer()
	for b.Loop() {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("karkason %v: %v\n%s", args, err, out)
		}
	}
}

// BenchmarkProcessVersion: `karkason --version`, the start-up alone.
func BenchmarkProcessVersion(b *testing.B) {
	bin, env := benchBinary(b)
	benchRun(b, bin, env, "--version")
}

// BenchmarkProcessReplayPosition: `karkason replay --final` of a 71-tile position (a random base game with
// farmers taken as it lies before its last tile, as position lines): a short replay, start-up and all.
func BenchmarkProcessReplayPosition(b *testing.B) {
	bin, env := benchBinary(b)
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}}, Expansions: []string{referee.ExpansionFarmers}}
	g, err := randgame.Play(setup, 1, 71)
	if err != nil {
		b.Fatal(err)
	}
	lines, err := g.PositionLines()
	if err != nil || len(lines) < 70 {
		b.Fatalf("%d position lines: %v", len(lines), err)
	}
	var buf bytes.Buffer
	if err := referee.WriteRecord(&buf, &referee.Record{Setup: setup, Position: lines}); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "position.rec")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	benchRun(b, bin, env, "replay", "--final", path)
}

// benchProcessStats: `karkason stats` over a library of n finished games (randgame.WriteLibrary), with a warm
// cache of their summaries in the state folder (the records written over 2 seconds before the cache was made, as
// a library of past game nights is: see library.Cache), or cold: the cache removed before every run, so that
// every record is replayed and the cache written anew (what a run of a binary from before the cache does, plus
// the writing).
func benchProcessStats(b *testing.B, n int, warm bool) {
	bin, env := benchBinary(b)
	home := filepath.Join(filepath.Dir(bin), "home")
	games := filepath.Join(home, "games")
	if err := os.MkdirAll(games, 0o755); err != nil {
		b.Fatal(err)
	}
	if _, err := randgame.WriteLibrary(games, n); err != nil {
		b.Fatal(err)
	}
	state := filepath.Join(home, "state")
	run := func() {
		cmd := exec.Command(bin, "stats")
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("karkason stats: %v\n%s", err, out)
		}
	}
	if warm {
		time.Sleep(2100 * time.Millisecond)
		run()
	}
	b.ResetTimer()
	for b.Loop() {
		if !warm {
			os.RemoveAll(state)
		}
		run()
	}
}

func BenchmarkProcessStats10(b *testing.B)       { benchProcessStats(b, 10, false) }
func BenchmarkProcessStats1000(b *testing.B)     { benchProcessStats(b, 1000, false) }
func BenchmarkProcessStatsWarm10(b *testing.B)   { benchProcessStats(b, 10, true) }
func BenchmarkProcessStatsWarm1000(b *testing.B) { benchProcessStats(b, 1000, true) }
