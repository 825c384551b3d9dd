package picture

import (
	"fmt"
	"testing"

	"github.com/karkason/karkason/engine"
)

// r2-bendpigs draws its pig herd on its large field (COMBO-12), tb-mon3roads its three roads ending at the
// monastery with no village, and the three goods tokens differ in shape (issue 30, item 8).
func TestHerdMonasteryGoodsDrawn(t *testing.T) {
	cat := engine.Standard()
	var g Group
	drawTile(&g, cat.Tile("r2-bendpigs"), 0, 0, 0)
	pigs := 0
	for _, sh := range g.Shapes {
		if sh.Fill == rgb(0xf2a7b8) {
			pigs++
		}
	}
	if pigs < 3 {
		t.Errorf("r2-bendpigs draws %d pigs, want its herd of 3", pigs)
	}
	if a := artOf(cat.Tile("tb-mon3roads")); a.village != nil {
		t.Error("tb-mon3roads draws a village: its roads end at the monastery")
	}
	shapes := map[string]bool{}
	for k := range engine.NumGoods {
		var tok Group
		drawGoods(&tok, k, Pt{T / 2, T / 2})
		shapes[fmt.Sprint(tok.Shapes[0].Points)] = true
	}
	if len(shapes) != int(engine.NumGoods) {
		t.Errorf("the goods tokens share their outline: %v", shapes)
	}
}
