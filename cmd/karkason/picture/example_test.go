package picture

import (
	"os"
	"strconv"
	"testing"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/referee"
)

// exampleSetup is the game of the README's picture: the City of Carcassonne with the Count, the River, the King
// and the Robber Baron, abbots and gardens, shrines, farmers; Cyrillic names.
var exampleSetup = referee.Setup{
	Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red}, {Name: "Богдан", Colour: referee.Blue},
		{Name: "Віра", Colour: referee.Green}},
	Expansions: []string{"farmers", "abbot", "river", "count", "king-robber", "shrines"},
	Start:      referee.StartCity, Followers: 7,
}

// TestWriteExampleRecord writes a random finished game of exampleSetup to KARKASON_WRITE_EXAMPLE (a file), seed
// KARKASON_SEED: how testdata/export/city-river.rec was made. Skipped otherwise.
func TestWriteExampleRecord(t *testing.T) {
	out := os.Getenv("KARKASON_WRITE_EXAMPLE")
	if out == "" {
		t.Skip("KARKASON_WRITE_EXAMPLE not set")
	}
	seed, _ := strconv.ParseUint(os.Getenv("KARKASON_SEED"), 10, 64)
	g, err := randgame.Play(exampleSetup, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := referee.WriteRecord(f, g.Record()); err != nil {
		t.Fatal(err)
	}
	t.Logf("phase %s, %d tiles, scores %v", g.Phase, len(g.S.Tiles), g.S.Scores)
}
