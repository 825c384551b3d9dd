package tui

import (
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/karkason/karkason/referee"
)

// Traders & Builders at the table (issue 19).

// tbSetup is three players with farmers and Traders & Builders, the standard start: the game of the keys test.
func tbSetup() referee.Setup {
	return referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
		Start: referee.StartStandard, Followers: 7, Expansions: []string{"farmers", "traders-builders"}}
}

// Issue 19: a turn part of a builder's double turn is entered in the same keys as a plain turn (six or fewer): over
// random games with Traders & Builders (3 players, farmers) entered through the simulation screen as in
// TestKeysPerTurn, the mean keys of a turn part of a double turn (either part), beside a plain turn's. Six games in
// a plain run (about 20 double turns); KARKASON_KEYS_GAMES=20 for the figure reported:
//
//	KARKASON_KEYS_GAMES=20 RUNEWIDTH_EASTASIAN=0 go test ./cmd/karkason/tui -run TestKeysPerTurnPart -v
func TestKeysPerTurnPart(t *testing.T) {
	games := 6
	if n, err := strconv.Atoi(os.Getenv("KARKASON_KEYS_GAMES")); err == nil && n > 0 {
		games = n
	}
	var plain, first, second []int
	for seed := int64(1); seed <= int64(games); seed++ {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			for _, p := range playPartsThroughTable(t, tbSetup(), []string{"en", "bg", "uk"}[seed%3],
				[]string{"place"}, 200+seed) {
				switch {
				case !p.double:
					plain = append(plain, p.n)
				case p.part == 1:
					first = append(first, p.n)
				default:
					second = append(second, p.n)
				}
			}
		})
	}
	parts := append(append([]int{}, first...), second...)
	if len(parts) == 0 {
		t.Fatal("no double turn")
	}
	t.Logf("%d games: %d plain turns, mean %.2f keys (worst %d); %d double turns: a part %.2f keys on average "+
		"(the first %.2f, the second %.2f; worst %d)", games, len(plain), mean(plain), maxOf(plain), len(second),
		mean(parts), mean(first), mean(second), maxOf(parts))
	if m := mean(parts); m > 6 {
		t.Errorf("a turn part of a double turn takes %.2f keys on average, want 6 or fewer", m)
	}
}

func maxOf(xs []int) int {
	m := 0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
