package picture

import (
	"os"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestWriteTileSheet writes every tile type of the catalogue (rotation 0, as tiles.md pictures them) with its id
// to KARKASON_TILE_SHEET (a PNG), to look at the drawing of each tile; with KARKASON_TILE_SHEET_IDS (a comma-
// separated list of tile ids) those tiles in their four rotations, larger (docs/pictures/capture.sh). Skipped
// otherwise.
func TestWriteTileSheet(t *testing.T) {
	out := os.Getenv("KARKASON_TILE_SHEET")
	if out == "" {
		t.Skip("KARKASON_TILE_SHEET not set")
	}
	cat := engine.Standard()
	var p *Picture
	scale := 1.5
	if ids := os.Getenv("KARKASON_TILE_SHEET_IDS"); ids != "" {
		list := strings.Split(ids, ",")
		scale = 3
		p = &Picture{Background: paper, W: 4*(T+16) + 8, H: float64(len(list)) * (T + 24)}
		for i, id := range list {
			tt := cat.Tile(id)
			if tt == nil {
				t.Fatalf("no tile %q", id)
			}
			for rot := 0; rot < 4; rot++ {
				x, y := float64(rot)*(T+16)+8, float64(i)*(T+24)+4
				g := Group{}
				drawTile(&g, tt, rot, x, y)
				g.add(text(Pt{x + T/2, y + T + 13}, 9, ink, tt.ID+" "+[]string{"0°", "90°", "180°", "270°"}[rot],
					Middle, false))
				p.Groups = append(p.Groups, g)
			}
		}
	} else {
		types := cat.Types
		const cols = 12
		p = &Picture{Background: paper, W: cols * (T + 16), H: float64(len(types)/cols+1) * (T + 24)}
		for i, tt := range types {
			x, y := float64(i%cols)*(T+16)+8, float64(i/cols)*(T+24)+4
			g := Group{}
			drawTile(&g, tt, 0, x, y)
			g.add(text(Pt{x + T/2, y + T + 13}, 10, ink, tt.ID, Middle, false))
			p.Groups = append(p.Groups, g)
		}
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := WritePNG(f, p, scale); err != nil {
		t.Fatal(err)
	}
}
