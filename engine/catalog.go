package engine

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The tile catalogue: every tile type of every set as data (engine/data/*.tiles), transcribed from the shared tile
// catalogue. Each record describes a tile in rotation 0, north up:
//
//	TILE   <id>                         start of a record; ids are lowercase, unique across sets
//	alias  <letter>...                  community letters (A–X base, A–L River)
//	count  <n> [notes]                  copies of this type in its set
//	edges  N:<t> E:<t> S:<t> W:<t>      terrain per edge: city, road, field, river ("-" inside a piece)
//	city   <name> <edge>... [pennant]   a city segment touching the listed edges
//	road   <name> <edge>...             a road segment (one edge: the road ends on this tile)
//	river  <name> <edge>... [spring|lake|fork]
//	field  <name> <half-edge>...|inner borders <city-name>...|-
//	centre monastery|shrine|garden
//	object <text>                       something printed on the tile. Which module makes it act:
//	         inn on <road-name>           inns-cathedrals: that road is an inn road (IC-7, IC-9); also the River II
//	                                      inn of r2-innroad (COMBO-11; without the module a plain road, RIV2-9)
//	         cathedral on <city-name>     inns-cathedrals: that city is a cathedral city (IC-8, IC-9)
//	         pigherd on <field-name>      traders-builders with farmers: the River II pig herd of r2-bendpigs, +1 per
//	                                      completed city to the field's owners (COMBO-12; otherwise nothing, RIV2-9)
//	         anything else                volcano, bridge: no effect with these rules (RIV2-9, COMBO-10)
//	goods  <wine|grain|cloth> on <city-name>
//	                                    traders-builders: one goods symbol of that kind printed in that city (TB-3:
//	                                    its token goes to the player who completes the city); the city comes first
//	start  <text>                       one copy of this type is a start piece
//	abbey                               the abbey of Abbey & Mayor (edges `abbey`; am.go, AM-4)
//	weight <n>                          cells the tile counts for (RIVER-3(b)); default 1
//	= <id> + centre garden              the record of <id> plus a garden
//
// A PIECE record (the City of Carcassonne, COUNT-2; a two-cell spring, RIVER-3(a)) lists `cell <id> <x>,<y>
// <edges>` lines and features whose ports are written <cell-suffix>.<PORT>; it is laid whole at the start, unrotated.
//
//go:embed data/*.tiles
var dataFS embed.FS

// Terrain is what an edge of a tile shows (BASE-4): field, road, city, river, or None for an edge inside a
// multi-cell piece (never matched).
type Terrain uint8

// Edge terrains.
const (
	Field Terrain = iota
	Road
	City
	River
	None
	// Abbey is an edge of the abbey tile (Abbey & Mayor, am.go): it matches every terrain and joins nothing
	// (AM-4, AM-5).
	Abbey
)

var terrainNames = [...]string{"field", "road", "city", "river", "-", "abbey"}

func (t Terrain) String() string { return terrainNames[t] }

// Kind is the kind of a segment and of the feature it belongs to (DEF-2).
type Kind uint8

// Segment kinds. Monastery, Shrine and Garden are centre features (3x3 block, DEF-10).
const (
	KRoad Kind = iota
	KCity
	KField
	KRiver
	KMonastery
	KShrine
	KGarden
)

var kindNames = [...]string{"road", "city", "field", "river", "monastery", "shrine", "garden"}

func (k Kind) String() string { return kindNames[k] }

// IsCentre reports whether k is a monastery, shrine or garden.
func (k Kind) IsCentre() bool { return k >= KMonastery }

// IsCloister reports whether k is a monastery or a shrine (a shrine is a monastery, SHRINE-2; a garden is not,
// ABBOT-2).
func (k Kind) IsCloister() bool { return k == KMonastery || k == KShrine }

// RiverEnd marks a river segment that is a spring, a lake or a fork.
type RiverEnd uint8

// River end kinds.
const (
	RiverPlain RiverEnd = iota
	Spring
	Lake
	Fork
)

// Edge indices (table or catalogue orientation): N, E, S, W, clockwise.
const (
	N = iota
	E
	S
	W
)

// EdgeNames are the edge names in index order.
var EdgeNames = [4]string{"N", "E", "S", "W"}

// HalfNames are the half-edge names in index order (clockwise from the west half of the north edge).
var HalfNames = [8]string{"NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"}

// MaxSegs is the most segments a tile type may have (a catalogue with more is refused): the engine keeps sets of a
// tile's segments as bit masks of 16 bits.
const MaxSegs = 16

// SegDef is one segment of a tile type as printed, in rotation 0.
type SegDef struct {
	Name        string
	Kind        Kind
	Edges       uint8 // bit e set: touches edge e (road, city, river)
	Halves      uint8 // bit h set: touches half-edge h (field)
	Pennants    uint8
	Borders     []int8 // fields: local indices of the city segments of this tile they border (FARM-6)
	BordersCity bool   // fields: borders the City of Carcassonne (COUNT-21)
	End         RiverEnd
	// Marks are the objects printed on the segment that change its scoring with their module (`object inn on`,
	// `object cathedral on`, `object pigherd on`); the State takes them over only when the module is in play
	// (State.Marks, activeMarks).
	Marks Mark
	// Goods are the goods symbols printed in a city segment (`goods <kind> on`, TB-1, TB-3); they act only with
	// traders-builders (State.CityGoods).
	Goods Goods
}

// Mark is a set of objects printed on a segment that act with a module: an inn on a road, a cathedral in a city
// (Inns & Cathedrals, IC-7, IC-8), the River II pig herd on a field (Traders & Builders with farmers, COMBO-12). A
// feature has the union of its segments' marks (IC-11).
type Mark uint8

// The marks.
const (
	MarkInn       Mark = 1 << iota // an inn beside this road (IC-7, IC-9; COMBO-11)
	MarkCathedral                  // a cathedral in this city (IC-8, IC-9)
	MarkPigHerd                    // the pig herd on this field (COMBO-12)
)

// Has reports whether every mark of o is in m.
func (m Mark) Has(o Mark) bool { return m&o == o && o != 0 }

// TileType is one type of tile (or one cell of a multi-cell piece) with its segments and the precomputed data of
// its four rotations.
type TileType struct {
	Index   int // position in Catalogue.Types
	ID      string
	Aliases []string
	Set     string // base, river, river2, city, shrines, newtiles, ic, tb
	Count   int    // copies in the set (the start copy included)
	Start   bool   // one copy is a start piece
	Edges   [4]Terrain
	Segs    []SegDef
	Centre  int8  // index of the centre segment, -1 if none
	Weight  uint8 // cells this tile counts for (RIVER-3(b))
	Objects []string
	Piece   *Piece // the piece this cell belongs to, nil for an ordinary tile
	Abbey   bool   // the abbey of Abbey & Mayor (`abbey` line): placed only into a hole, never drawn (AM-3, AM-4)
	PieceX  int    // the cell's position when Piece != nil
	PieceY  int

	rots [4]rotInfo
	// pdSym and pdCity are the tile's The Princess & the Dragon symbol and princess city, read from its objects once
	// (PDSymbol, pd.go).
	pdSym  PDSymbol
	pdCity int8
	// followable are the segments a figure may take whatever the options (not a river, a garden or a field: BASE-6,
	// RIVER-8, ABBOT-3), fields the fields (with farmers, FARM-2), as bit masks (bit i: segment i).
	followable, fields uint16
	roadsCities        uint16 // the roads and cities (Completed)
	// mayorSegs, wagonSegs: where the mayor (cities, AM-11) and the wagon (roads, cities, monasteries, shrines, AM-14)
	// may stand by kind, as bit masks (LegalMoves; none on the abbey's tile for the mayor: it has no city).
	mayorSegs, wagonSegs uint16
	// segInit are the segments as a State takes them when the tile is placed: open edge ports, pennants, marks and
	// the City's border as printed (placeRaw sets the rest).
	segInit  []segment
	riverEnd RiverEnd // RiverEndKind, for the rules that ask it at every placement
	// segEdges[k][i] are the edges at which segment i has a port in rotation k (bit e: table edge e, whole or half;
	// rotInfo.segPorts), kept apart from rots so that the tables every placement reads stay as they were.
	segEdges [4][MaxSegs]uint8
	// roadCityEdges[k] are the edges that show a road or city in rotation k (bit e: table edge e; GiftEarned).
	roadCityEdges [4]uint8
	// fit[0][T] is the set of distinct rotations (bit k: rotation k) whose table edges N and E show the terrains of
	// T (N in its low 4 bits, E in its high 4), fit[1][T] likewise for S and W; terrain 15 stands for an edge with no
	// neighbour, which every rotation matches. A frontier cell's matching rotations are the intersection of the two
	// (BASE-4), without trying each one (fittingRotations).
	fit [2][256]uint8
}

type rotInfo struct {
	edges   [4]Terrain // terrain at table edge e
	edgeSeg [4]int8    // segment at table edge e, -1 for a field edge
	halfSeg [8]int8    // field segment at table half-edge h, -1 if none
	// Ports: the 4 edges (port e) and 8 half-edges (port 4+h) where the tile meets its neighbours. portSeg is the
	// segment at each port (edgeSeg, halfSeg), ports those that have one, segPorts each segment's ports.
	portSeg  [12]int8
	ports    uint16
	segPorts [MaxSegs]uint16
	packed   uint16 // 4 bits per table edge
	distinct bool   // this rotation differs from every lower one (symmetric tiles)
	riverIn  uint8  // bit mask of table edges with river
}

// Piece is a multi-cell start piece: its cells (as tile types) and the features that span cells.
type Piece struct {
	ID    string
	Cells []*TileType
	// Joins lists, for each feature spanning several cells, the (cell index, segment index) pairs to join at set-up.
	Joins [][][2]int
}

// Catalogue holds every tile type of every set. It is immutable after loading.
type Catalogue struct {
	Types  []*TileType
	Pieces []*Piece
	byID   map[string]*TileType
	pieces map[string]*Piece
}

// Tile returns the tile type with the given id or alias ("b-rs", "U", "u"), case-insensitively; nil if unknown.
func (c *Catalogue) Tile(id string) *TileType { return c.byID[strings.ToLower(id)] }

// Piece returns the multi-cell piece with the given id ("coc"), nil if unknown.
func (c *Catalogue) Piece(id string) *Piece { return c.pieces[strings.ToLower(id)] }

// StartOf returns the start piece of a set as data gives it: the first cell of the set's PIECE (a two-cell spring,
// RIVER-3(a); the City of Carcassonne, COUNT-2), else the set's tile type marked `start` (the single-cell spring,
// RIVER-2; the River II spring, RIV2-2; the base start tile, BASE-2); nil if the set has neither. PlaceStart lays
// either kind, so a River set can be corrected in its data file without touching code (RULES.md OPEN-2).
func (c *Catalogue) StartOf(set string) *TileType {
	for _, p := range c.Pieces {
		if len(p.Cells) > 0 && p.Cells[0].Set == set {
			return p.Cells[0]
		}
	}
	for _, t := range c.Types {
		if t.Set == set && t.Start && t.Piece == nil {
			return t
		}
	}
	return nil
}

// Set returns the tile types of one set in catalogue order.
func (c *Catalogue) Set(set string) []*TileType {
	var out []*TileType
	for _, t := range c.Types {
		if t.Set == set && t.Piece == nil {
			out = append(out, t)
		}
	}
	return out
}

var (
	stdOnce sync.Once
	stdCat  *Catalogue
	stdErr  error
)

// Standard returns the catalogue embedded in the program (every set of tiles.md). It is parsed once and shared:
// it is read-only. It panics only if the embedded data is broken, which the tests rule out.
func Standard() *Catalogue {
	stdOnce.Do(func() { stdCat, stdErr = LoadCatalogue(dataFS, "data") })
	if stdErr != nil {
		panic(stdErr)
	}
	return stdCat
}

// LoadCatalogue parses every *.tiles file in dir of fsys; the set name is the file name without extension.
// Errors name the file, the line and what was expected.
func LoadCatalogue(fsys fs.FS, dir string) (*Catalogue, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	c := &Catalogue{byID: map[string]*TileType{}, pieces: map[string]*Piece{}}
	order := map[string]int{"base": 0, "river": 1, "river2": 2, "city": 3, "shrines": 4, "newtiles": 5, "ic": 6, "tb": 7,
		"am": 8} // Abbey & Mayor (its 12 land tiles and the abbey) after Traders & Builders
	sort.Slice(entries, func(i, j int) bool {
		a, b := strings.TrimSuffix(entries[i].Name(), ".tiles"), strings.TrimSuffix(entries[j].Name(), ".tiles")
		oa, oka := order[a]
		ob, okb := order[b]
		if oka != okb {
			return oka
		}
		if oa != ob {
			return oa < ob
		}
		return a < b
	})
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".tiles") {
			continue
		}
		data, err := fs.ReadFile(fsys, dir+"/"+e.Name())
		if err != nil {
			return nil, err
		}
		if err := c.parse(strings.TrimSuffix(e.Name(), ".tiles"), e.Name(), string(data)); err != nil {
			return nil, err
		}
	}
	for _, t := range c.Types {
		if err := t.markObjects(); err != nil {
			return nil, err
		}
		t.readPDSymbol() // pd.go
		if len(t.Segs) > MaxSegs {
			return nil, fmt.Errorf("tile %s: %d segments, at most %d", t.ID, len(t.Segs), MaxSegs)
		}
		t.prepare()
	}
	return c, nil
}

// markObjects reads the tile's `object inn on <road>`, `object cathedral on <city>` and `object pigherd on <field>`
// lines into the named segments' Marks (IC-7, IC-8, COMBO-11, COMBO-12); other objects have no effect. An inn,
// cathedral or pig herd that names no road, city or field of the tile is an error.
func (t *TileType) markObjects() error {
	for _, o := range t.Objects {
		w := strings.Fields(o)
		if len(w) != 3 || w[1] != "on" {
			continue
		}
		var mark Mark
		var kind Kind
		switch w[0] {
		case "inn":
			mark, kind = MarkInn, KRoad
		case "cathedral":
			mark, kind = MarkCathedral, KCity
		case "pigherd":
			mark, kind = MarkPigHerd, KField
		default:
			continue
		}
		found := false
		for i := range t.Segs {
			if t.Segs[i].Name == w[2] && t.Segs[i].Kind == kind {
				t.Segs[i].Marks |= mark
				found = true
			}
		}
		if !found {
			return fmt.Errorf("tile %s: object %q names no %s of the tile", t.ID, o, kind)
		}
	}
	return nil
}

// Marks returns the union of the marks printed on the tile's segments (an inn, a cathedral).
func (t *TileType) Marks() Mark {
	var m Mark
	for _, s := range t.Segs {
		m |= s.Marks
	}
	return m
}

func (c *Catalogue) add(t *TileType) error {
	if _, dup := c.byID[t.ID]; dup {
		return fmt.Errorf("duplicate tile id %q", t.ID)
	}
	t.Index = len(c.Types)
	c.Types = append(c.Types, t)
	c.byID[t.ID] = t
	return nil
}

func edgeIndex(s string) int { return slices.Index(EdgeNames[:], s) }

func halfIndex(s string) int { return slices.Index(HalfNames[:], s) }

func parseTerrain(s string) (Terrain, bool) {
	i := slices.Index(terrainNames[:], s)
	return Terrain(max(i, 0)), i >= 0
}

type pendingBorders struct {
	t     *TileType
	seg   int
	names []string
}

func (c *Catalogue) parse(set, file, text string) error {
	var cur *TileType
	var curPiece *Piece
	var borders []pendingBorders
	pieceCells := map[string]int{} // cell suffix -> index in curPiece.Cells
	lineNo := 0
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", file, lineNo, fmt.Sprintf(format, a...))
	}
	resolve := func() error {
		for _, b := range borders {
			for _, n := range b.names {
				if n == "CoC" {
					b.t.Segs[b.seg].BordersCity = true
					continue
				}
				found := false
				for i, s := range b.t.Segs {
					if s.Name == n && s.Kind == KCity {
						b.t.Segs[b.seg].Borders = append(b.t.Segs[b.seg].Borders, int8(i))
						found = true
					}
				}
				if !found && b.t.Piece == nil {
					return fmt.Errorf("%s: tile %s: field %s borders unknown city %q", file, b.t.ID, b.t.Segs[b.seg].Name, n)
				}
			}
		}
		borders = borders[:0]
		return nil
	}
	for _, raw := range strings.Split(text, "\n") {
		lineNo++
		if i := strings.IndexByte(raw, '#'); i >= 0 {
			raw = raw[:i]
		}
		w := strings.Fields(raw)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "TILE":
			if err := resolve(); err != nil {
				return err
			}
			curPiece = nil
			if len(w) != 2 {
				return fail("TILE takes one id")
			}
			cur = &TileType{ID: strings.ToLower(w[1]), Set: set, Centre: -1, Weight: 1}
			if err := c.add(cur); err != nil {
				return fail("%v", err)
			}
			continue
		case "PIECE":
			if err := resolve(); err != nil {
				return err
			}
			if len(w) != 2 {
				return fail("PIECE takes one id")
			}
			cur = nil
			curPiece = &Piece{ID: strings.ToLower(w[1])}
			c.Pieces = append(c.Pieces, curPiece)
			c.pieces[curPiece.ID] = curPiece
			pieceCells = map[string]int{}
			continue
		}
		if curPiece != nil {
			if err := c.parsePieceLine(set, curPiece, pieceCells, w, &borders); err != nil {
				return fail("%v", err)
			}
			continue
		}
		if cur == nil {
			return fail("%q before the first TILE", w[0])
		}
		switch w[0] {
		case "alias":
			cur.Aliases = append(cur.Aliases, w[1:]...)
			for _, a := range w[1:] {
				if _, dup := c.byID[strings.ToLower(a)]; !dup {
					c.byID[strings.ToLower(a)] = cur
				}
			}
		case "count":
			if len(w) < 2 {
				return fail("count needs a number")
			}
			n, err := strconv.Atoi(w[1])
			if err != nil || n < 0 {
				return fail("count %q is not a number", w[1])
			}
			cur.Count = n
		case "weight":
			n, err := strconv.Atoi(w[1])
			if err != nil || n < 1 || n > 9 {
				return fail("weight %q must be 1..9", w[1])
			}
			cur.Weight = uint8(n)
		case "start":
			cur.Start = true
		case "abbey":
			cur.Abbey = true // am.go: never in a stack, placed into a hole (AM-2..5)
		case "object":
			cur.Objects = append(cur.Objects, strings.Join(w[1:], " "))
		case "goods":
			// goods <kind> on <city-name>: one symbol in a city declared above (TB-1, TB-3)
			if len(w) != 4 || w[2] != "on" {
				return fail("expected 'goods <wine|grain|cloth> on <city>'")
			}
			g, ok := ParseGoods(w[1])
			if !ok {
				return fail("unknown goods %q", w[1])
			}
			i := slices.IndexFunc(cur.Segs, func(sd SegDef) bool { return sd.Name == w[3] && sd.Kind == KCity })
			if i < 0 {
				return fail("goods on %q: no city of that name above", w[3])
			}
			cur.Segs[i].Goods[g]++
		case "edges":
			if len(w) != 5 {
				return fail("edges needs N: E: S: W:")
			}
			for i, f := range w[1:] {
				want := EdgeNames[i] + ":"
				if !strings.HasPrefix(f, want) {
					return fail("expected %s<terrain>, got %q", want, f)
				}
				t, ok := parseTerrain(f[len(want):])
				if !ok {
					return fail("unknown terrain %q", f)
				}
				cur.Edges[i] = t
			}
		case "centre":
			if len(w) != 2 {
				return fail("centre takes one kind")
			}
			k := map[string]Kind{"monastery": KMonastery, "shrine": KShrine, "garden": KGarden}
			kind, ok := k[w[1]]
			if !ok {
				return fail("unknown centre %q", w[1])
			}
			cur.Centre = int8(len(cur.Segs))
			cur.Segs = append(cur.Segs, SegDef{Name: w[1], Kind: kind})
		case "=":
			// = <id> + centre garden
			if len(w) != 5 || w[2] != "+" || w[3] != "centre" || w[4] != "garden" {
				return fail("expected '= <id> + centre garden'")
			}
			base := c.byID[strings.ToLower(w[1])]
			if base == nil {
				return fail("unknown base tile %q", w[1])
			}
			cur.Edges = base.Edges
			cur.Objects = append(cur.Objects, base.Objects...)
			for _, s := range base.Segs {
				s.Borders = append([]int8(nil), s.Borders...)
				cur.Segs = append(cur.Segs, s)
			}
			cur.Centre = int8(len(cur.Segs))
			cur.Segs = append(cur.Segs, SegDef{Name: "garden", Kind: KGarden})
		case "city", "road", "river":
			s, err := parseEdgeSeg(w)
			if err != nil {
				return fail("%v", err)
			}
			cur.Segs = append(cur.Segs, s)
		case "field":
			s, names, err := parseFieldSeg(w)
			if err != nil {
				return fail("%v", err)
			}
			cur.Segs = append(cur.Segs, s)
			borders = append(borders, pendingBorders{cur, len(cur.Segs) - 1, names})
		default:
			return fail("unknown keyword %q", w[0])
		}
	}
	return resolve()
}

func parseEdgeSeg(w []string) (SegDef, error) {
	kind := map[string]Kind{"city": KCity, "road": KRoad, "river": KRiver}[w[0]]
	if len(w) < 3 {
		return SegDef{}, fmt.Errorf("%s needs a name and edges", w[0])
	}
	s := SegDef{Name: w[1], Kind: kind}
	for _, f := range w[2:] {
		switch {
		case f == "pennant" && kind == KCity:
			s.Pennants++
		case f == "spring" && kind == KRiver:
			s.End = Spring
		case f == "lake" && kind == KRiver:
			s.End = Lake
		case f == "fork" && kind == KRiver:
			s.End = Fork
		default:
			e := edgeIndex(f)
			if e < 0 {
				return s, fmt.Errorf("%s %s: unknown edge %q", w[0], w[1], f)
			}
			s.Edges |= 1 << e
		}
	}
	return s, nil
}

func parseFieldSeg(w []string) (SegDef, []string, error) {
	if len(w) < 4 {
		return SegDef{}, nil, fmt.Errorf("field needs a name, half-edges and borders")
	}
	s := SegDef{Name: w[1], Kind: KField}
	i := 2
	for ; i < len(w) && w[i] != "borders"; i++ {
		if w[i] == "inner" {
			continue
		}
		h := halfIndex(w[i])
		if h < 0 {
			return s, nil, fmt.Errorf("field %s: unknown half-edge %q", w[1], w[i])
		}
		s.Halves |= 1 << h
	}
	if i == len(w) {
		return s, nil, fmt.Errorf("field %s: missing 'borders'", w[1])
	}
	var names []string
	for _, n := range w[i+1:] {
		if n != "-" {
			names = append(names, n)
		}
	}
	return s, names, nil
}

// parsePieceLine handles `cell` lines and features of a PIECE record.
func (c *Catalogue) parsePieceLine(set string, p *Piece, cells map[string]int, w []string, borders *[]pendingBorders) error {
	switch w[0] {
	case "cell":
		if len(w) != 7 {
			return fmt.Errorf("cell needs <id> <x>,<y> N: E: S: W:")
		}
		var x, y int
		if _, err := fmt.Sscanf(w[2], "%d,%d", &x, &y); err != nil {
			return fmt.Errorf("cell %s: bad position %q", w[1], w[2])
		}
		t := &TileType{ID: strings.ToLower(w[1]), Set: set, Centre: -1, Weight: 1, Count: 1, Start: true, Piece: p, PieceX: x, PieceY: y}
		for i, f := range w[3:] {
			want := EdgeNames[i] + ":"
			if !strings.HasPrefix(f, want) {
				return fmt.Errorf("expected %s<terrain>, got %q", want, f)
			}
			tr, ok := parseTerrain(f[len(want):])
			if !ok {
				return fmt.Errorf("unknown terrain %q", f)
			}
			t.Edges[i] = tr
		}
		if err := c.add(t); err != nil {
			return err
		}
		suffix := t.ID
		if i := strings.IndexByte(suffix, '-'); i >= 0 {
			suffix = suffix[i+1:]
		}
		cells[suffix] = len(p.Cells)
		p.Cells = append(p.Cells, t)
	case "city", "road", "river", "field":
		if len(w) < 3 {
			return fmt.Errorf("%s needs a name and ports", w[0])
		}
		name := w[1]
		// Group the ports by cell, build one segment per cell.
		type part struct {
			cell  int
			ports []string
		}
		var parts []part
		var extra, borderNames []string
		inBorders := false
		for _, f := range w[2:] {
			if inBorders {
				if f != "-" {
					borderNames = append(borderNames, f)
				}
				continue
			}
			if f == "borders" {
				inBorders = true
				continue
			}
			dot := strings.IndexByte(f, '.')
			if dot < 0 {
				extra = append(extra, f)
				continue
			}
			ci, ok := cells[f[:dot]]
			if !ok {
				return fmt.Errorf("%s %s: unknown cell %q", w[0], name, f[:dot])
			}
			k := -1
			for j := range parts {
				if parts[j].cell == ci {
					k = j
				}
			}
			if k < 0 {
				parts = append(parts, part{cell: ci})
				k = len(parts) - 1
			}
			parts[k].ports = append(parts[k].ports, f[dot+1:])
		}
		var join [][2]int
		for _, pt := range parts {
			t := p.Cells[pt.cell]
			line := append([]string{w[0], name}, pt.ports...)
			var seg SegDef
			var err error
			if w[0] == "field" {
				var names []string
				seg, _, err = parseFieldSeg(append(line, "borders", "-"))
				for _, bn := range borderNames {
					if bn == "CoC" {
						seg.BordersCity = true
					} else {
						names = append(names, bn)
					}
				}
				if err == nil && len(names) > 0 {
					*borders = append(*borders, pendingBorders{t, len(t.Segs), names})
				}
			} else {
				seg, err = parseEdgeSeg(append(line, extra...))
			}
			if err != nil {
				return err
			}
			join = append(join, [2]int{pt.cell, len(t.Segs)})
			t.Segs = append(t.Segs, seg)
		}
		if len(join) > 1 {
			p.Joins = append(p.Joins, join)
		}
	default:
		return fmt.Errorf("unknown keyword %q in a PIECE", w[0])
	}
	return nil
}

// prepare precomputes the four rotations of a tile type.
func (t *TileType) prepare() {
	t.riverEnd = t.RiverEndKind()
	for k := 0; k < 4; k++ {
		r := &t.rots[k]
		for e := 0; e < 4; e++ {
			r.edgeSeg[e] = -1
		}
		for h := 0; h < 8; h++ {
			r.halfSeg[h] = -1
		}
		for e := 0; e < 4; e++ {
			te := (e + k) & 3
			r.edges[te] = t.Edges[e]
			r.packed |= uint16(t.Edges[e]) << (4 * te)
			if t.Edges[e] == River {
				r.riverIn |= 1 << te
			}
		}
		for i, s := range t.Segs {
			for e := 0; e < 4; e++ {
				if s.Edges&(1<<e) != 0 {
					r.edgeSeg[(e+k)&3] = int8(i)
				}
			}
			for h := 0; h < 8; h++ {
				if s.Halves&(1<<h) != 0 {
					r.halfSeg[(h+2*k)&7] = int8(i)
				}
			}
		}
		for p := 0; p < 12; p++ {
			seg := r.edgeSeg[p&3]
			if p >= 4 {
				seg = r.halfSeg[p-4]
			}
			r.portSeg[p] = seg
			if seg >= 0 {
				r.ports |= 1 << p
				r.segPorts[seg] |= 1 << p
				if p < 4 {
					t.segEdges[k][seg] |= 1 << p
				} else {
					t.segEdges[k][seg] |= 1 << ((p - 4) / 2)
				}
			}
		}
		for e := 0; e < 4; e++ {
			if a := r.edgeSeg[e]; a >= 0 && (t.Segs[a].Kind == KRoad || t.Segs[a].Kind == KCity) {
				t.roadCityEdges[k] |= 1 << e
			}
		}
		r.distinct = true
		for j := 0; j < k; j++ {
			if t.rots[j].packed == r.packed && t.sameFeatures(j, k) {
				r.distinct = false
			}
		}
	}
	for i, s := range t.Segs {
		t.segInit = append(t.segInit, segment{figHead: -1, open: int16(popcount4(s.Edges)), pennants: int16(s.Pennants),
			segLocal: int8(i), kind: s.Kind, marks: s.Marks, cityFlag: s.BordersCity})
		switch s.Kind {
		case KRoad, KCity, KMonastery, KShrine:
			t.wagonSegs |= 1 << i // AM-14
		}
		if s.Kind == KCity {
			t.mayorSegs |= 1 << i // AM-11
		}
		switch s.Kind {
		case KRoad, KCity:
			t.roadsCities |= 1 << i
			t.followable |= 1 << i
		case KField:
			t.fields |= 1 << i
		case KRiver, KGarden:
		default:
			t.followable |= 1 << i
		}
	}
	var fit [4][16]uint8 // by edge e and terrain T: the distinct rotations whose edge e shows T
	for k := 0; k < 4; k++ {
		if t.rots[k].distinct {
			for e := 0; e < 4; e++ {
				fit[e][t.rots[k].edges[e]] |= 1 << k
				fit[e][15] |= 1 << k // no neighbour on that edge: any terrain
			}
		}
	}
	for b := 0; b < 256; b++ {
		t.fit[0][b] = fit[0][b&0xF] & fit[1][b>>4]
		t.fit[1][b] = fit[2][b&0xF] & fit[3][b>>4]
	}
}

// fittingRotations returns the distinct rotations (bit k: rotation k) in which t's edges show the terrains a frontier
// cell demands (req: 4 bits per edge, mask: 0xF on the edges that have a neighbour), BASE-4's edge match. An edge
// with no neighbour reads as terrain 15, which every distinct rotation shows: no branch per edge, one table read per
// two edges (TileType.fit).
func (t *TileType) fittingRotations(req, mask uint16) uint8 {
	key := req | ^mask
	return t.fit[0][key&0xFF] & t.fit[1][key>>8]
}

// sameFeatures reports whether rotations a and b put the same features, with what is printed on them (pennants,
// inns, cathedrals, goods), on the same ports (so the two rotations are one and the same placement for every rule).
func (t *TileType) sameFeatures(a, b int) bool {
	ra, rb := &t.rots[a], &t.rots[b]
	// Map each segment to a canonical signature: kind + edges + halves in table orientation.
	sig := func(r *rotInfo) []string {
		out := make([]string, 0, len(t.Segs))
		for i, s := range t.Segs {
			var edges, halves uint8
			for e := 0; e < 4; e++ {
				if r.edgeSeg[e] == int8(i) {
					edges |= 1 << e
				}
			}
			for h := 0; h < 8; h++ {
				if r.halfSeg[h] == int8(i) {
					halves |= 1 << h
				}
			}
			// what is printed counts too: the wine city of tb-2corners-wine makes its half turn another placement
			out = append(out, fmt.Sprintf("%d/%d/%d/%d/%d/%v", s.Kind, edges, halves, s.Pennants, s.Marks, s.Goods))
		}
		sort.Strings(out)
		return out
	}
	x, y := sig(ra), sig(rb)
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// Rotated returns the terrain at table edge e when the tile lies at rotation rot (0..3 quarter turns clockwise).
func (t *TileType) Rotated(rot, e int) Terrain { return t.rots[rot&3].edges[e&3] }

// DistinctRotation reports whether rotation rot (0..3) is not the same placement as a lower rotation.
func (t *TileType) DistinctRotation(rot int) bool { return t.rots[rot&3].distinct }

// SegAtEdge returns the local segment at table edge e for rotation rot, -1 for a field edge.
func (t *TileType) SegAtEdge(rot, e int) int { return int(t.rots[rot&3].edgeSeg[e&3]) }

// SegAtHalf returns the local field segment at table half-edge h for rotation rot, -1 if none.
func (t *TileType) SegAtHalf(rot, h int) int { return int(t.rots[rot&3].halfSeg[h&7]) }

// HasRiver reports whether the tile shows a river.
func (t *TileType) HasRiver() bool {
	for _, e := range t.Edges {
		if e == River {
			return true
		}
	}
	return false
}

// HasKind reports whether the tile has a segment of kind k.
func (t *TileType) HasKind(k Kind) bool {
	for _, s := range t.Segs {
		if s.Kind == k {
			return true
		}
	}
	return false
}

// RiverEndKind returns the tile's river end kind (Spring, Lake, Fork) or RiverPlain.
func (t *TileType) RiverEndKind() RiverEnd {
	for _, s := range t.Segs {
		if s.Kind == KRiver {
			return s.End
		}
	}
	return RiverPlain
}
