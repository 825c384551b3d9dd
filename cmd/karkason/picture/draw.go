package picture

import (
	"fmt"
	"math"
	"slices"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Translator renders a message of the locales catalogs (a *locales.Localizer).
type Translator interface {
	T(id string, data map[string]any) string
}

// Sizes in picture units.
const (
	T      = 64.0 // a tile's side
	margin = 24.0 // around everything
	titleH = 56.0 // the title band
	// titleSize is the title's font size.
	titleSize = 22.0
	panelW    = 340.0 // the scores and the chart, right of the board
	chartH    = 200.0
	depth     = 0.28 * T // the field strip round the City of Carcassonne, inside its walls
)

// The palette: the table's colours (fields green, cities brown, roads pale, river blue) and the six players'.
var (
	white      = rgb(0xffffff)
	ink        = rgb(0x1f1f1f)
	paper      = rgb(0xf7f3ea)
	grid       = rgb(0xd8d0bf)
	fieldCol   = rgb(0x8dbf5a)
	fieldEdge  = rgb(0x6f9a45)
	cityCol    = rgb(0xc99a5b)
	cityEdge   = rgb(0x7a5528)
	roadCol    = rgb(0xf3ecd6)
	roadEdge   = rgb(0x6d6250)
	riverCol   = rgb(0x3d8fd6)
	riverEdge  = rgb(0x1f5f99)
	lakeCol    = rgb(0x5aa7e6)
	pennantCol = rgb(0x2a56b0)
	stone      = rgb(0xb9ad97)
	wall       = rgb(0x5e5446)
	roofCol    = rgb(0xb5412b)
	chapelCol  = rgb(0xeadfc4)
	shrineRoof = rgb(0x5b3a7a)
	gardenCol  = rgb(0x2f7d32)
	gardenLeaf = rgb(0x57a55a)
	countCol   = rgb(0x7b3fa0)
	gold       = rgb(0xe0b020)
	grey       = rgb(0x7a7a7a)
)

// PlayerColour is the colour of a player's figures.
func PlayerColour(c referee.Colour) Colour {
	switch c {
	case referee.Red:
		return rgb(0xd32f2f)
	case referee.Blue:
		return rgb(0x1e5fc6)
	case referee.Green:
		return rgb(0x1b8a2e)
	case referee.Yellow:
		return rgb(0xf2c200)
	case referee.Black:
		return rgb(0x222222)
	case referee.Pink: // the sixth colour (IC-13)
		return rgb(0xf06aa8)
	}
	return grey
}

func outlineFor(c referee.Colour) Colour {
	if c == referee.Black {
		return white
	}
	return ink
}

// Build draws g as it lies: the board, the figures, the City's quarters and the Count, the players with their
// scores (final ones, and the winners, once the game has ended) and the chart of the scores over the turns.
// title is the line on top (the caller says which game and which moment).
func Build(g *referee.Game, loc Translator, title string) *Picture {
	s := g.S
	minX, minY, maxX, maxY := bounds(g)
	boardW := float64(maxX-minX+1) * T
	boardH := float64(maxY-minY+1) * T
	panelH := 40 + float64(g.Players())*34 + 30 + chartH + 40
	p := &Picture{Background: paper}
	p.W = margin + boardW + margin + panelW + margin
	// A narrow picture (a small board) is made as wide as its title, so that the title is never cut (issue 30).
	p.W = max(p.W, margin+1.05*textWidth(title, titleSize, true)+margin)
	p.H = titleH + max(boardH, panelH) + margin
	ox, oy := margin-float64(minX)*T, titleH-float64(minY)*T
	at := func(pos engine.Pos) (float64, float64) { return ox + float64(pos.X)*T, oy + float64(pos.Y)*T }

	head := Group{Attrs: [][2]string{{"class", "title"}}}
	head.add(text(Pt{margin, 36}, titleSize, ink, title, Start, true))
	p.Groups = append(p.Groups, head)

	// Figures on the board, by tile.
	onTile := map[int][]engine.Figure{}
	for _, f := range s.Figures {
		if f.Where == engine.OnBoard {
			ti, _ := s.SegTile(f.Seg)
			onTile[ti] = append(onTile[ti], f)
		}
	}
	for i := range s.Tiles {
		t := &s.Tiles[i]
		x, y := at(t.Pos)
		grp := Group{Attrs: [][2]string{{"data-tile", t.Type.ID}, {"data-pos", t.Pos.String()}}}
		drawTile(&grp, t.Type, int(t.Rot), x, y)
		drawFigures(&grp, g, i, onTile[i], x, y)
		p.Groups = append(p.Groups, grp)
	}
	p.Groups = append(p.Groups, drawAM(g, at)) // abbeys' walls, barns (am.go)
	p.Groups = append(p.Groups, drawPD(g, at)) // the dragon and the fairy (pd.go)
	if s.City.Placed {
		p.Groups = append(p.Groups, drawCity(g, loc, at))
	}
	p.Groups = append(p.Groups, drawScores(g, loc, margin+boardW+margin, titleH))
	return p
}

// Tile geometry in tile units (0..T), table orientation.
var cornerPts = [4]Pt{{0, 0}, {T, 0}, {T, T}, {0, T}} // NW NE SE SW: corner e starts edge e

func mid(e int) Pt {
	a, b := cornerPts[e], cornerPts[(e+1)%4]
	return Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
}

var centre = Pt{T / 2, T / 2}

func lerp(a, b Pt, t float64) Pt { return Pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }

// quad samples the quadratic Bézier a-c-b (without a).
func quad(a, c, b Pt, n int) []Pt {
	out := make([]Pt, 0, n)
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		out = append(out, lerp(lerp(a, c, t), lerp(c, b, t), t))
	}
	return out
}

func tableHalves(sd *engine.SegDef, rot int) uint8 {
	var m uint8
	for h := 0; h < 8; h++ {
		if sd.Halves&(1<<h) != 0 {
			m |= 1 << ((h + 2*rot) % 8)
		}
	}
	return m
}

func edgesOf(m uint8) []int {
	var out []int
	for e := 0; e < 4; e++ {
		if m&(1<<e) != 0 {
			out = append(out, e)
		}
	}
	return out
}

func shift(pts []Pt, x, y float64) []Pt {
	out := make([]Pt, len(pts))
	for i, p := range pts {
		out[i] = Pt{p.X + x, p.Y + y}
	}
	return out
}

// drawTile draws tile type t at rotation rot with its north-west corner at x, y from its layout (layout.go): the
// field as the ground, then the cities, the rivers with their springs and lakes, the roads with their bridges, the
// bridges of cities, the village, the volcano, the monastery, shrine or garden, the pennants. A cell of the City of
// Carcassonne is the City itself (stone) with a strip of field along its outer edges.
func drawTile(grp *Group, t *engine.TileType, rot int, x, y float64) {
	a := artOf(t)
	at := func(pts []Pt) []Pt { return shift(rotPts(pts, rot), x, y) }
	grp.add(rect(x, y, T, T, fieldCol, fieldEdge, 0.8))
	if t.Abbey {
		grp.add(rect(x, y, T, T, abbeyCourt, wall, 0.8)) // the abbey's courtyard: no field (am.go)
	}
	if a.stone != nil {
		grp.add(poly(stone, wall, 1, at(a.stone)...))
	}
	kinds := func(k engine.Kind, over bool, draw func(f *featureArt, r region)) {
		for i := range a.feats {
			f := &a.feats[i]
			if f.kind != k {
				continue
			}
			for _, r := range f.regions {
				if r.over == over {
					draw(f, r)
				}
			}
		}
	}
	kinds(engine.KCity, false, func(_ *featureArt, r region) { grp.add(poly(cityCol, cityEdge, 1.5, at(r.pts)...)) })
	// Rivers and roads: every part's outline first, then the fills over them, so that the parts of one feature
	// join without a seam.
	for _, k := range []engine.Kind{engine.KRiver, engine.KRoad} {
		col, edge := riverCol, riverEdge
		if k == engine.KRoad {
			col, edge = roadCol, roadEdge
		}
		kinds(k, false, func(_ *featureArt, r region) { grp.add(poly(edge, edge, 2.4, at(r.pts)...)) })
		kinds(k, false, func(_ *featureArt, r region) { grp.add(poly(col, Colour{}, 0, at(r.pts)...)) })
		if k == engine.KRiver {
			for i := range a.feats {
				if f := &a.feats[i]; f.kind == engine.KRiver && f.end != 0 {
					drawRiverEnd(grp, engine.RiverEnd(f.end), rotPt(f.endC, rot), f.endR, x, y)
				}
			}
		}
	}
	// A road's bridge: a stone deck with parapets where it crosses a river.
	for i := range a.feats {
		f := &a.feats[i]
		if f.kind != engine.KRoad || len(f.crosses) == 0 {
			continue
		}
		if f.tunnel != [2]int{} {
			drawTunnel(grp, f, at) // under a city band (layout_tunnel.go)
			continue
		}
		first, last := -1, -1
		for k, p := range f.path {
			for _, j := range f.crosses {
				for _, r := range a.feats[j].regions {
					if inPoly(p, r.pts) {
						if first < 0 {
							first = k
						}
						last = k
					}
				}
			}
		}
		if first < 0 || last == first {
			continue
		}
		if slices.ContainsFunc(f.crosses, func(j int) bool { return a.feats[j].kind == engine.KRoad }) {
			// Over a road (tb-bridge, tb-capbridge): the deck a little longer than the road under it is wide, its
			// parapets two dark lines along its sides, the road under it shaded at the deck's edges.
			k := int(0.06 * T / max(dist(f.path[0], f.path[1]), 1e-9))
			first, last = max(0, first-k), min(len(f.path)-1, last+k)
			deck := f.path[first : last+1]
			grp.add(poly(rgb(0x9a8e78), Colour{}, 0, at(band(deck, roadW+0.1*T))...))
			grp.add(poly(roadCol, Colour{}, 0, at(band(deck, roadW))...))
			left, right := sides(deck, roadW+0.06*T)
			grp.add(line(ink, 2, at(left)...))
			grp.add(line(ink, 2, at(right)...))
			continue
		}
		deck := f.path[first : last+1]
		grp.add(poly(stone, ink, 1.2, at(band(deck, roadW+0.07*T))...))
		grp.add(poly(roadCol, Colour{}, 0, at(band(deck, roadW))...))
	}
	kinds(engine.KCity, true, func(_ *featureArt, r region) { // a city's bridge: walled, with an arch line
		grp.add(poly(cityCol, cityEdge, 2, at(r.pts)...))
	})
	if a.village != nil {
		grp.add(poly(roofCol, ink, 1, at(a.village)...))
	}
	if a.volcano != nil {
		drawVolcano(grp, at(a.volcano))
	}
	// The monastery, shrine or garden and the pennants turn with the tile, as they do on the table.
	var top Group
	if t.Centre >= 0 {
		f := &a.feats[t.Centre]
		drawCentre(&top, f.kind, f.at.X, f.at.Y, f.centreS)
	}
	for i, p := range a.pennants {
		if t.Segs[i].Kind == engine.KCity && t.Segs[i].Pennants > 0 {
			drawPennant(&top, p)
		}
	}
	for i, p := range a.marks {
		switch m := t.Segs[i].Marks; {
		case m.Has(engine.MarkInn):
			drawInn(&top, p)
		case m.Has(engine.MarkCathedral):
			top.add(poly(chapelCol, ink, 1.2, cathedralShape(p)...)) // a cathedral: a tall grey church, a cross
			top.add(line(ink, 1.8, Pt{p.X, p.Y - 0.19*T}, Pt{p.X, p.Y - 0.27*T}))
			top.add(line(ink, 1.8, Pt{p.X - 0.03*T, p.Y - 0.245*T}, Pt{p.X + 0.03*T, p.Y - 0.245*T}))
			top.add(rect(p.X-0.025*T, p.Y-0.06*T, 0.05*T, 0.06*T, ink, Colour{}, 0))
		}
	}
	for i, p := range a.goods {
		if k, ok := t.Segs[i].Goods.First(); ok {
			drawGoods(&top, k, p)
		}
	}
	for i := range t.Segs {
		if t.Segs[i].Kind == engine.KField && t.Segs[i].Marks.Has(engine.MarkPigHerd) {
			drawHerd(&top, a.herdSpot(i))
		}
	}
	if y, _ := t.PDSymbol(); y == engine.SymDragon || y == engine.SymPortal || y == engine.SymPrincess {
		drawSymbol(&top, t, a.symbol, a.symbolS) // pd.go
	}
	for _, sh := range top.Shapes {
		sh.Points = at(sh.Points)
		if sh.Circle {
			sh.C = at([]Pt{sh.C})[0]
		}
		grp.add(sh)
	}
}

// drawRiverEnd draws a spring (a pool in grey rocks) or a lake (a wide water with a lighter shore) at c (tile
// units, turned), radius r, on the tile at x, y.
func drawRiverEnd(grp *Group, k engine.RiverEnd, c Pt, r float64, x, y float64) {
	c = Pt{x + c.X, y + c.Y}
	pts := endShape(k, Pt{}, r)
	if k == engine.Lake {
		grp.add(poly(lakeCol, riverEdge, 1.5, shift(pts, c.X, c.Y)...))
		grp.add(line(rgb(0xbfe3ff), 1.5, Pt{c.X - 0.45*r, c.Y - 0.2*r}, Pt{c.X + 0.1*r, c.Y - 0.3*r}))
		grp.add(line(rgb(0xbfe3ff), 1.5, Pt{c.X - 0.1*r, c.Y + 0.25*r}, Pt{c.X + 0.45*r, c.Y + 0.15*r}))
		return
	}
	grp.add(circle(c, r, riverCol, stone, 2.5))
	for k := 0; k < 6; k++ { // rocks round the pool
		a := float64(k) * math.Pi / 3
		grp.add(circle(Pt{c.X + 0.8*r*math.Cos(a), c.Y + 0.8*r*math.Sin(a)}, 0.22*r, stone, wall, 0.8))
	}
}

// drawVolcano draws the volcano's cone (pts: its four corners) with its glowing crater.
func drawVolcano(grp *Group, pts []Pt) {
	grp.add(poly(rgb(0x6b5a4a), ink, 1, pts...))
	a, b := pts[1], pts[2]
	grp.add(poly(rgb(0xe0531f), ink, 0.8, a, b, lerp(lerp(a, b, 0.5), lerp(pts[0], pts[3], 0.5), 0.25)))
}

// drawHerd draws the pig herd printed on a field (River II, COMBO-12): three pink pigs side on, about p.
func drawHerd(grp *Group, p Pt) {
	for _, d := range []Pt{{-0.09, -0.03}, {0.09, -0.05}, {0, 0.07}} {
		c := Pt{p.X + d.X*T, p.Y + d.Y*T}
		grp.add(figure(engine.Pig, c, 0.13*T, false, rgb(0xf2a7b8), ink))
	}
}

// herdSpot is where the pig herd on field i is drawn (unturned tile units): the field's roomiest point away from
// where a farmer on it stands.
func (a *tileArt) herdSpot(i int) Pt {
	r := a.rasterize(0, 32)
	m := r.member(a, i)
	anchor := a.feats[i].anchor
	px := T / float64(r.n)
	for q := range m {
		c := Pt{(float64(q%r.n) + 0.5) * px, (float64(q/r.n) + 0.5) * px}
		if dist(c, anchor) < 0.25*T {
			m[q] = false
		}
	}
	return r.pole(m)
}

// drawGoods draws a goods symbol centred on p (Traders & Builders, TB-1), on a pale token whose outline is the
// kind's too, so that the kinds differ by more than colour even small: wine a bunch of purple grapes on a round
// token, grain a golden sheaf on a diamond, cloth a blue bolt on a square.
func drawGoods(grp *Group, k engine.GoodsKind, p Pt) {
	u := 0.1 * T
	token := rgb(0xf4ecd8)
	switch k {
	case engine.Wine:
		grp.add(circle(p, u, token, ink, 1))
	case engine.Grain:
		grp.add(poly(token, ink, 1, Pt{p.X, p.Y - 1.2*u}, Pt{p.X + 1.2*u, p.Y}, Pt{p.X, p.Y + 1.2*u},
			Pt{p.X - 1.2*u, p.Y}))
	case engine.Cloth:
		grp.add(rect(p.X-0.95*u, p.Y-0.95*u, 1.9*u, 1.9*u, token, ink, 1))
	}
	switch k {
	case engine.Wine:
		for _, d := range []Pt{{-0.32, -0.3}, {0.32, -0.3}, {0, -0.3}, {-0.16, 0.02}, {0.16, 0.02}, {0, 0.32}} {
			grp.add(circle(Pt{p.X + d.X*u, p.Y + d.Y*u}, 0.2*u, rgb(0x6a2a8a), ink, 0.6))
		}
		grp.add(line(rgb(0x2f7d32), 1.2, Pt{p.X, p.Y - 0.5*u}, Pt{p.X + 0.2*u, p.Y - 0.75*u}))
	case engine.Grain:
		for _, dx := range []float64{-0.3, 0, 0.3} {
			grp.add(line(rgb(0xb08a10), 1.4, Pt{p.X + dx*0.4*u, p.Y + 0.65*u}, Pt{p.X + dx*u, p.Y - 0.35*u}))
			grp.add(poly(gold, rgb(0x8a6d00), 0.6, Pt{p.X + dx*u, p.Y - 0.75*u}, Pt{p.X + dx*u + 0.14*u, p.Y - 0.35*u},
				Pt{p.X + dx*u, p.Y - 0.15*u}, Pt{p.X + dx*u - 0.14*u, p.Y - 0.35*u}))
		}
		grp.add(line(rgb(0x7a5528), 1.6, Pt{p.X - 0.25*u, p.Y + 0.15*u}, Pt{p.X + 0.25*u, p.Y + 0.15*u}))
	case engine.Cloth:
		grp.add(rect(p.X-0.6*u, p.Y-0.35*u, 1.2*u, 0.7*u, rgb(0x2a6fb0), ink, 0.8))
		grp.add(circle(Pt{p.X + 0.6*u, p.Y}, 0.35*u, rgb(0x4f93d1), ink, 0.8))
		grp.add(line(rgb(0xbfe3ff), 1, Pt{p.X - 0.5*u, p.Y - 0.1*u}, Pt{p.X + 0.45*u, p.Y - 0.1*u}))
	}
}

// drawInn draws an inn (a timbered house with a yellow sign) standing at p (its foot's middle).
func drawInn(grp *Group, p Pt) {
	w, h := 0.08*T, 0.07*T
	grp.add(rect(p.X-w, p.Y-h, 2*w, h, rgb(0xe8d2a6), ink, 1))
	grp.add(poly(rgb(0x7a4a2a), ink, 1, Pt{p.X - w - 0.01*T, p.Y - h}, Pt{p.X, p.Y - h - 0.07*T},
		Pt{p.X + w + 0.01*T, p.Y - h}))
	grp.add(rect(p.X+w, p.Y-h+0.005*T, 0.035*T, 0.03*T, gold, ink, 0.8)) // the sign
}

func drawPennant(grp *Group, p Pt) {
	grp.add(poly(pennantCol, white, 1.2, pennantShape(p)...))
}

// drawCentre draws a monastery (a chapel with a red roof), a shrine (a chapel with a purple dome roof and a cross)
// or a garden (a round hedge with trees) centred on x, y, at scale s (the layout's: smaller where room is short).
func drawCentre(grp *Group, k engine.Kind, x, y, s float64) {
	switch k {
	case engine.KGarden:
		grp.add(circle(Pt{x, y}, gardenR*s, gardenCol, ink, 1))
		for _, d := range []Pt{{-0.08, -0.06}, {0.08, -0.06}, {0, 0.08}} {
			grp.add(circle(Pt{x + d.X*T*s, y + d.Y*T*s}, 0.065*T*s, gardenLeaf, gardenCol, 0.8))
		}
	default:
		w, h, rh := chapelW*s, chapelH*s, roofH*s
		roof := roofCol
		if k == engine.KShrine {
			roof = shrineRoof
		}
		grp.add(rect(x-w/2, y-h/4, w, h, chapelCol, ink, 1))
		grp.add(poly(roof, ink, 1, Pt{x - w/2 - 2*s, y - h/4}, Pt{x, y - h/4 - rh}, Pt{x + w/2 + 2*s, y - h/4}))
		grp.add(rect(x-0.03*T*s, y+0.02*T*s, 0.06*T*s, h*0.55, ink, Colour{}, 0)) // the door
		if k == engine.KShrine {
			top := y - h/4 - rh
			grp.add(line(ink, 1.5, Pt{x, top}, Pt{x, top - 0.1*T*s}))
			grp.add(line(ink, 1.5, Pt{x - 0.04*T*s, top - 0.065*T*s}, Pt{x + 0.04*T*s, top - 0.065*T*s}))
		}
	}
}

// The figures: a follower (the meeple) and an abbot (a monk's robe), in unit size (height 1, centred).
var (
	meeple = []Pt{{-0.12, -0.5}, {0.12, -0.5}, {0.19, -0.4}, {0.19, -0.3}, {0.12, -0.22}, {0.5, -0.1}, {0.5, 0.04},
		{0.2, 0.04}, {0.36, 0.5}, {0.08, 0.5}, {0, 0.32}, {-0.08, 0.5}, {-0.36, 0.5}, {-0.2, 0.04}, {-0.5, 0.04},
		{-0.5, -0.1}, {-0.12, -0.22}, {-0.19, -0.3}, {-0.19, -0.4}}
	abbot = []Pt{{-0.1, -0.5}, {0.1, -0.5}, {0.17, -0.38}, {0.11, -0.27}, {0.3, -0.14}, {0.38, 0.5}, {-0.38, 0.5},
		{-0.3, -0.14}, {-0.11, -0.27}, {-0.17, -0.38}}
	// The builder (Traders & Builders, TB-5): a tall, narrow figure with a square hat.
	builder = []Pt{{-0.14, -0.5}, {0.14, -0.5}, {0.14, -0.4}, {0.2, -0.4}, {0.2, -0.34}, {0.12, -0.26}, {0.34, -0.12},
		{0.34, 0.02}, {0.16, 0.02}, {0.26, 0.5}, {0.05, 0.5}, {0, 0.3}, {-0.05, 0.5}, {-0.26, 0.5}, {-0.16, 0.02},
		{-0.34, 0.02}, {-0.34, -0.12}, {-0.12, -0.26}, {-0.2, -0.34}, {-0.2, -0.4}, {-0.14, -0.4}}
	// The pig (TB-12): standing side on, facing east: snout, ear, four legs.
	pig = []Pt{{-0.5, -0.02}, {-0.42, -0.2}, {-0.22, -0.28}, {0.16, -0.28}, {0.24, -0.42}, {0.32, -0.26}, {0.42, -0.2},
		{0.56, -0.14}, {0.56, 0.04}, {0.44, 0.08}, {0.38, 0.2}, {0.34, 0.34}, {0.22, 0.34}, {0.2, 0.22}, {-0.2, 0.22},
		{-0.22, 0.34}, {-0.34, 0.34}, {-0.36, 0.18}, {-0.46, 0.1}}
)

// figure returns the shape of a figure of height h at c, lying (turned a quarter) when lying; the large follower
// (IC-4) a third taller than h; the builder a little taller (TB-5); the pig standing side on, never lying (TB-12).
func figure(kind engine.FigureKind, c Pt, h float64, lying bool, fill, stroke Colour) Shape {
	src := meeple
	switch kind {
	case engine.Large:
		h *= 1.35
	case engine.Abbot:
		src = abbot
	case engine.Builder:
		src, h = builder, h*1.15
	case engine.Pig:
		src, lying = pig, false
	default:
		if pts, upright := amShape(kind); pts != nil { // the mayor, the wagon, the barn (am.go)
			src, lying = pts, lying && !upright
		}
	}
	pts := make([]Pt, len(src))
	for i, p := range src {
		if lying {
			p = Pt{p.Y, -p.X}
		}
		pts[i] = Pt{c.X + p.X*h, c.Y + p.Y*h}
	}
	return poly(fill, stroke, 1.3, pts...)
}

// drawBuilderHat draws the builder's hat (a figure of height h at c, figure) in the outline's colour: a dark square
// hat with a brim on the head, which no follower has, so that the builder is told from a follower at normal size.
func drawBuilderHat(grp *Group, c Pt, h float64, col Colour) {
	h *= 1.15 // the builder's height (figure)
	at := func(x, y float64) Pt { return Pt{c.X + x*h, c.Y + y*h} }
	grp.add(poly(col, col, 0.8, at(-0.14, -0.56), at(0.14, -0.56), at(0.14, -0.42), at(0.24, -0.42), at(0.24, -0.36),
		at(-0.24, -0.36), at(-0.24, -0.42), at(-0.14, -0.42)))
}

// drawFigures draws the figures on tile ti at their segments: standing, and lying on fields (farmers, FARM-2).
func drawFigures(grp *Group, g *referee.Game, ti int, figs []engine.Figure, x, y float64) {
	s := g.S
	t := &s.Tiles[ti]
	seen := map[int32]int{}
	for _, f := range figs {
		if f.Kind == engine.Barn {
			continue // at its point, over the tiles (drawAM, am.go)
		}
		_, l := s.SegTile(f.Seg)
		sd := &t.Type.Segs[l]
		c := segAnchor(t.Type, l, int(t.Rot))
		k := seen[f.Seg]
		seen[f.Seg]++
		c = Pt{x + c.X + float64(k)*0.2*T, y + c.Y + float64(k)*0.05*T}
		col := g.Colour(int(f.Player))
		grp.add(figure(f.Kind, c, 0.3*T, sd.Kind == engine.KField, PlayerColour(col), outlineFor(col)))
		if f.Kind == engine.Builder {
			drawBuilderHat(grp, c, 0.3*T, outlineFor(col))
		}
	}
}

// segAnchor is where a figure on segment l of t at rotation rot stands, in tile units: the layout's place for it.
func segAnchor(t *engine.TileType, l, rot int) Pt {
	return rotPt(artOf(t).feats[l].anchor, rot)
}

// drawCity draws the City of Carcassonne over its cells: the walls and, flag side up, its four quarters with the
// figures in them and the Count (COUNT-2).
func drawCity(g *referee.Game, loc Translator, at func(engine.Pos) (float64, float64)) Group {
	s := g.S
	grp := Group{Attrs: [][2]string{{"data-piece", "coc"}}}
	var x0, y0, x1, y1 float64
	first := true
	for _, t := range s.Tiles {
		if t.Type.Piece == nil {
			continue
		}
		x, y := at(t.Pos)
		if first || x < x0 {
			x0 = x
		}
		if first || y < y0 {
			y0 = y
		}
		if first || x+T > x1 {
			x1 = x + T
		}
		if first || y+T > y1 {
			y1 = y + T
		}
		first = false
	}
	if first {
		return grp
	}
	x0, y0, x1, y1 = x0+depth, y0+depth, x1-depth, y1-depth
	grp.add(rect(x0, y0, x1-x0, y1-y0, Colour{}, wall, 4))
	if !s.City.Active {
		return grp
	}
	qw, qh := (x1-x0)/2, (y1-y0)/2
	tints := [engine.NumQuarters]Colour{rgb(0xd6c9ae), rgb(0xcfc0a0), rgb(0xc8b995), rgb(0xddd2bb)}
	cells := [engine.NumQuarters][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} // palace, market, smithy, cathedral
	for q := engine.Quarter(0); q < engine.NumQuarters; q++ {
		qx, qy := x0+float64(cells[q][0])*qw, y0+float64(cells[q][1])*qh
		grp.add(rect(qx+3, qy+3, qw-6, qh-6, tints[q], wall, 1.2))
		grp.add(text(Pt{qx + qw/2, qy + 18}, 13, wall, loc.T("term.quarter."+q.String(), nil), Middle, true))
		n := 0
		for _, f := range s.Figures {
			if f.Where != engine.InCity || f.Quarter != q {
				continue
			}
			col := g.Colour(int(f.Player))
			grp.add(figure(f.Kind, Pt{qx + 16 + float64(n)*20, qy + qh - 20}, 0.3*T, false, PlayerColour(col),
				outlineFor(col)))
			n++
		}
		if s.City.Count == q {
			c := Pt{qx + qw - 22, qy + qh/2 + 2}
			grp.add(figure(engine.Follower, c, 0.4*T, false, countCol, gold))
			grp.add(text(Pt{c.X, qy + qh - 6}, 10, wall, loc.T("term.count", nil), Middle, true))
		}
	}
	return grp
}

// drawScores draws the players (figure in their colour, name, points, a star for a winner, the King and the
// Robber Baron, with Traders & Builders the goods tokens held) and the chart of the scores after each turn, at x, y.
func drawScores(g *referee.Game, loc Translator, x, y float64) Group {
	grp := Group{Attrs: [][2]string{{"class", "scores"}}}
	sum := g.Summary()
	yy := y + 6
	for p := 0; p < g.Players(); p++ {
		col := g.Colour(p)
		yy += 34
		grp.add(figure(engine.Follower, Pt{x + 14, yy - 8}, 24, false, PlayerColour(col), outlineFor(col)))
		grp.add(text(Pt{x + 36, yy}, 18, ink, g.Name(p), Start, false))
		grp.add(text(Pt{x + panelW - 40, yy}, 20, ink, fmt.Sprint(g.S.Scores[p]), End, true))
		for _, w := range sum.Winners {
			if w == col {
				grp.add(star(Pt{x + panelW - 22, yy - 7}, 10))
			}
		}
		var tags []string
		if g.S.King.Player == p {
			tags = append(tags, loc.T("term.king", nil))
		}
		if g.S.Baron.Player == p {
			tags = append(tags, loc.T("term.robber_baron", nil))
		}
		if len(tags) > 0 {
			grp.add(text(Pt{x + 36, yy + 13}, 11, grey, join(tags), Start, false))
		}
		if g.S.Opts.TradersBuilders { // the goods tokens held (TB-3), the most of a kind in bold (TB-4)
			leaders, _ := g.S.GoodsLeaders()
			for k := range engine.NumGoods {
				gx := x + 160 + float64(k)*40
				drawGoods(&grp, k, Pt{gx, yy - 6})
				grp.add(text(Pt{gx + 9, yy}, 14, ink, fmt.Sprint(g.S.Goods[p][k]), Start, leaders[k]&(1<<p) != 0))
			}
		}
	}
	// The chart: the scores after each turn (referee Game.History), one line a player, from the points the game
	// began with (a position's score track, POS-7; 0 otherwise) at turn 0.
	start := g.StartScores()
	cy := yy + 40
	grp.add(text(Pt{x, cy}, 14, ink, loc.T("ui.chart", map[string]any{"Turns": len(g.History)}), Start, true))
	cx0, cy0, cw, ch := x+30, cy+12, panelW-40, chartH-30
	grp.add(rect(cx0, cy0, cw, ch, white, grid, 1))
	top := 1
	for p := 0; p < g.Players(); p++ {
		top = max(top, start[p])
	}
	for _, row := range g.History {
		for p := 0; p < g.Players(); p++ {
			top = max(top, row[p])
		}
	}
	grp.add(text(Pt{cx0 - 4, cy0 + 0.08*ch + 4}, 10, grey, fmt.Sprint(top), End, false))
	grp.add(text(Pt{cx0 - 4, cy0 + ch}, 10, grey, "0", End, false))
	grp.add(text(Pt{cx0 + cw, cy0 + ch + 13}, 10, grey, fmt.Sprint(len(g.History)), End, false))
	yOf := func(points int) float64 { return cy0 + ch - 0.92*ch*float64(points)/float64(top) }
	if len(g.History) == 0 { // turn 0: each player's starting points, a dot
		for p := 0; p < g.Players(); p++ {
			grp.add(circle(Pt{cx0, yOf(start[p])}, 3.5, PlayerColour(g.Colour(p)), outlineFor(g.Colour(p)), 1))
		}
	}
	if n := len(g.History); n > 0 {
		for p := 0; p < g.Players(); p++ {
			// Steps: the points change at the end of a turn and hold until the next.
			pts := []Pt{{cx0, yOf(start[p])}}
			for i, row := range g.History {
				x, y := cx0+cw*float64(i+1)/float64(n), yOf(row[p])
				pts = append(pts, Pt{x, pts[len(pts)-1].Y}, Pt{x, y})
			}
			col := PlayerColour(g.Colour(p))
			if g.Colour(p) == referee.Yellow {
				dark := line(rgb(0x8a6d00), 3.5, pts...)
				dark.RoundCap = true
				grp.add(dark)
			}
			l := line(col, 2.2, pts...)
			l.RoundCap = true
			grp.add(l)
		}
	}
	return grp
}

func join(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += " · "
		}
		out += s
	}
	return out
}

func star(c Pt, r float64) Shape {
	pts := make([]Pt, 10)
	for i := range pts {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = Pt{c.X + rr*math.Cos(a), c.Y + rr*math.Sin(a)}
	}
	return poly(gold, rgb(0x8a6d00), 1, pts...)
}
