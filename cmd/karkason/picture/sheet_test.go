package picture

import (
	"os"
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestWriteTileSheet writes every tile type of the catalogue (rotation 0, as tiles.md pictures them) with its id
// to KARKASON_TILE_SHEET (a PNG), to look at the drawing of each tile. Skipped otherwise.
func TestWriteTileSheet(t *testing.T) {
	out := os.Getenv("KARKASON_TILE_SHEET")
	if out == "" {
		t.Skip("KARKASON_TILE_SHEET not set")
	}
	types := engine.Standard().Types
	const cols = 12
	p := &Picture{Background: paper, W: cols * (T + 16), H: float64(len(types)/cols+1) * (T + 24)}
	for i, tt := range types {
		x, y := float64(i%cols)*(T+16)+8, float64(i/cols)*(T+24)+4
		g := Group{}
		drawTile(&g, tt, 0, x, y)
		g.add(text(Pt{x + T/2, y + T + 13}, 10, ink, tt.ID, Middle, false))
		p.Groups = append(p.Groups, g)
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := WritePNG(f, p, 1.5); err != nil {
		t.Fatal(err)
	}
}
