package referee

import (
	"slices"

	"github.com/karkason/karkason/engine"
)

// The draw stacks (CFG-5): the program does not deal tiles, the players draw and enter what they drew; the bag
// counts what is left of each type so that an entered tile can be checked, and orders the river stack: the spring
// laid next to the City first (COMBO-1/3), the River II fork first (RIV2-3), the lakes or the volcano lake last
// (RIVER-2, RIV2-7), every river tile before the land stack (RIVER-4, RIV2-4).

// Bag is what is left to draw. Land and River are read by other packages, changed only by the Bag's own
// methods; code of this package that sets them directly (the set-up, a position) calls recount after.
type Bag struct {
	Land   []int              // by TileType.Index: copies left in the land stack
	River  []int              // by TileType.Index: shuffled river tiles left
	First  *engine.TileType   // a river tile that must come before the shuffled ones (the fork), nil if none
	Last   []*engine.TileType // river tiles that come after the shuffled ones (the lakes, the volcano lake)
	Spring *engine.TileType   // the spring still to be laid next to the City (COMBO-1/3), nil if none
	// Aside are the dragon tiles set aside while the dragon is not in play (PD-5): in no stack until the first volcano
	// (pd.go).
	Aside []*engine.TileType
	// land and river are the totals of Land and River, kept as tiles are taken (take, discardRiver), so that the
	// checks of every action do not add up every tile type of the catalogue.
	land, river int
}

func newBag(cat *engine.Catalogue) Bag {
	return Bag{Land: make([]int, len(cat.Types)), River: make([]int, len(cat.Types))}
}

func (b *Bag) clone() Bag {
	c := *b
	c.Land = append([]int(nil), b.Land...)
	c.River = append([]int(nil), b.River...)
	c.Last = append([]*engine.TileType(nil), b.Last...)
	c.Aside = append([]*engine.TileType(nil), b.Aside...)
	return c
}

// room is the tiles the box holds, and their segments, for sizing a new board (engine.NewSized): the
// stacks, the river's last tiles, every start piece's cells (the City of Carcassonne's), and room for a start
// tile, the river's first tile and its spring besides.
func (b *Bag) room(cat *engine.Catalogue) (tiles, segs int) {
	for i, t := range cat.Types {
		n := b.Land[i] + b.River[i]
		tiles += n
		segs += n * len(t.Segs)
	}
	for _, t := range b.Last {
		tiles, segs = tiles+1, segs+len(t.Segs)
	}
	for _, p := range cat.Pieces { // the start piece is one of them, or one tile
		for _, t := range p.Cells {
			tiles, segs = tiles+1, segs+len(t.Segs)
		}
	}
	const startTiles, startSegs = 4, 32 // the start tile, the river's first tile, a spring
	return tiles + startTiles, segs + startSegs
}

// sum adds up copies left by type (four at a time).
func sum(v []int) int {
	var a, b, c, d int
	for len(v) >= 4 {
		a, b, c, d = a+v[0], b+v[1], c+v[2], d+v[3]
		v = v[4:]
	}
	for _, x := range v {
		a += x
	}
	return a + b + c + d
}

// LandLeft returns the number of tiles left in the land stack.
func (b *Bag) LandLeft() int { return b.land }

// recount works out the totals of Land and River again, after they were set directly.
func (b *Bag) recount() { b.land, b.river = sum(b.Land), sum(b.River) }

// RiverLeft returns the number of river tiles still to be drawn (the spring to lay, the fork and the lakes
// included).
func (b *Bag) RiverLeft() int {
	n := b.river + len(b.Last)
	if b.First != nil {
		n++
	}
	if b.Spring != nil {
		n++
	}
	return n
}

// Left returns how many copies of t are left to draw, in either stack.
func (b *Bag) Left(t *engine.TileType) int {
	n := b.Land[t.Index] + b.River[t.Index]
	if b.First == t || b.Spring == t {
		n++
	}
	for _, l := range b.Last {
		if l == t {
			n++
		}
	}
	return n
}

// InRiverPhase reports whether river tiles are still to be drawn (RIVER-4).
func (b *Bag) InRiverPhase() bool { return b.RiverLeft() > 0 }

// Drawable returns the tile types that may be drawn now, in catalogue order.
func (b *Bag) Drawable(cat *engine.Catalogue) []*engine.TileType {
	switch {
	case b.Spring != nil:
		return []*engine.TileType{b.Spring}
	case b.First != nil:
		return []*engine.TileType{b.First}
	case b.river > 0:
		var out []*engine.TileType
		for _, t := range cat.Types {
			if b.River[t.Index] > 0 {
				out = append(out, t)
			}
		}
		return out
	case len(b.Last) > 0:
		var out []*engine.TileType // the lakes lie under the stack in random order (RIVER-2)
		for _, t := range b.Last {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
		return out
	}
	var out []*engine.TileType
	for _, t := range cat.Types {
		if b.Land[t.Index] > 0 {
			out = append(out, t)
		}
	}
	return out
}

// DrawableCopies returns the copies of the Drawable types left: how many tiles a draw chooses from now.
func (b *Bag) DrawableCopies(cat *engine.Catalogue) int {
	n := 0
	for _, t := range b.Drawable(cat) {
		n += b.Left(t)
	}
	return n
}

// DrawnAt returns the type of the n-th of the DrawableCopies (0 <= n < DrawableCopies, the copies of each
// Drawable type in its order): with n uniformly random, a draw as from the stacks (the random players of the
// tests and benchmarks); nil for n out of range.
func (b *Bag) DrawnAt(cat *engine.Catalogue, n int) *engine.TileType {
	if n < 0 {
		return nil
	}
	for _, t := range b.Drawable(cat) {
		if n -= b.Left(t); n < 0 {
			return t
		}
	}
	return nil
}

// SecondTile reports whether Two Choices can draw a second tile now, from the stack the tile just drawn (still
// counted in the bag) comes from (GIFT-10(a)): the river stack while river tiles are drawn (GIFT-10(b); the
// 3rd-edition lakes lie at its bottom, RIVER-2, the River II volcano lake lies aside, RIV2-2), else the land stack.
// False: the stack holds no other tile and the action is void (GIFT-10(c)).
func (b *Bag) SecondTile() bool {
	if !b.InRiverPhase() {
		return b.LandLeft() >= 2
	}
	n := b.river
	for _, t := range b.Last {
		if t.Set == "river" {
			n++
		}
	}
	if b.Spring != nil || b.First != nil { // the tile drawn is set aside, not from the stack (COMBO-1/3, RIV2-3)
		return n >= 1
	}
	return n >= 2
}

// setModule is the expansion that puts each set of tiles into a game (CFG-3, CFG-5); "" for the base game's.
var setModule = map[string]string{"base": "", "river": ExpansionRiver, "river2": ExpansionRiver2, "city": ExpansionCount,
	"shrines": ExpansionShrines, "newtiles": ExpansionNewTiles, "ic": ExpansionInnsCathedrals,
	"tb": ExpansionTradersBuilders, "pd": ExpansionPrincessDragon, "am": ExpansionAbbeyMayor}

// SetExpansion returns the expansion (an Expansion* name) that puts the tiles of set (engine.TileType.Set) into a
// game (CFG-3, CFG-5): "ic" Inns & Cathedrals, "city" the Count, and so on; "" for the base game's set; false for
// a set no expansion has.
func SetExpansion(set string) (string, bool) {
	m, ok := setModule[set]
	return m, ok
}

// TileInGame reports whether tile type t belongs to this game's box: the base game, or a set whose expansion is in
// play (CFG-3; the City of Carcassonne also as a start, CFG-4). Whether a copy is left to draw is Bag's.
func (g *Game) TileInGame(t *engine.TileType) bool {
	m, ok := SetExpansion(t.Set)
	switch {
	case !ok:
		return false
	case t.Set == "city":
		return g.S.City.Placed
	}
	return m == "" || g.Setup.HasExpansion(m)
}

// TilesInGame returns the tile types of this game's box (TileInGame) that are drawn, not start pieces of several
// cells, in catalogue order.
func (g *Game) TilesInGame() []*engine.TileType {
	var out []*engine.TileType
	for _, t := range g.Cat.Types {
		if t.Piece == nil && !t.Abbey && g.TileInGame(t) { // the abbey is held, never drawn (AM-2)
			out = append(out, t)
		}
	}
	return out
}

// check says whether t can be the tile drawn now; the error cites the rule that orders the stacks.
func (b *Bag) check(t *engine.TileType) error {
	if b.Left(t) == 0 {
		return refusal("CFG-5", "err.tile_not_in_bag", "tile", t.ID)
	}
	switch {
	case b.Spring != nil:
		if t != b.Spring {
			return refusal(springRule(b.Spring), "err.spring_first", "tile", b.Spring.ID)
		}
	case b.First != nil:
		if t != b.First {
			return refusal("RIV2-3", "err.fork_first", "tile", b.First.ID)
		}
	case b.river > 0:
		if b.River[t.Index] == 0 {
			for _, l := range b.Last {
				if l == t {
					if t.Set == "river2" {
						return refusal("RIV2-7", "err.lake_last", "tile", t.ID)
					}
					return refusal("RIVER-2", "err.lake_last", "tile", t.ID)
				}
			}
			return refusal("RIVER-4", "err.river_first", "tile", t.ID)
		}
	case len(b.Last) > 0:
		if !slices.Contains(b.Last, t) { // any of the lakes: they lie in random order (RIVER-2)
			return refusal("RIVER-4", "err.river_first", "tile", t.ID)
		}
	}
	return nil
}

// take removes one copy of t (after check).
func (b *Bag) take(t *engine.TileType) {
	switch {
	case b.Spring == t:
		b.Spring = nil
	case b.First == t:
		b.First = nil
	case b.River[t.Index] > 0:
		b.River[t.Index]--
		b.river--
	case slices.Contains(b.Last, t):
		i := slices.Index(b.Last, t)
		b.Last = slices.Delete(slices.Clone(b.Last), i, i+1)
	default:
		b.Land[t.Index]--
		b.land--
	}
}

// discardRiver puts every river tile still to be drawn back into the box (RIVER-10).
func (b *Bag) discardRiver() {
	for i := range b.River {
		b.River[i] = 0
	}
	b.river = 0
	b.First, b.Last, b.Spring = nil, nil, nil
}
