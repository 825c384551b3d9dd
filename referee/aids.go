package referee

import "github.com/karkason/karkason/engine"

// Table aids (issue 10): what is at stake on the board, for every player, recomputed after every action. The
// numbers come from the engine (fits, projections, open cells, fields) and from the bag (what is left to draw); the
// views only show them. Computing them never changes the game or its record.

// AidCell is an empty cell and how many tiles left fit there in some rotation (BASE-4, the river and shrine
// limits): 0 is a dead spot; -1 (NotYet) is an open cell of a monastery, shrine or garden that does not touch the
// board yet, where no tile can be placed now and which is not dead.
type AidCell struct {
	Pos Pos
	Fit int
}

// NotYet is the Fit of a cell that does not touch the board yet.
const NotYet = -1

// FeatureAid is an open (incomplete, BASE-9) feature with figures on it.
type FeatureAid struct {
	Feature     FeatureRef
	Root        int32       // the feature's root segment on the board
	Kind        engine.Kind // road, city, monastery, shrine, garden
	Figures     [engine.MaxPlayers]int
	Owners      uint8 // bit p: seat p has the majority (DEF-6)
	IfCompleted int   // points to each owner if completed as it lies (BASE-10, BASE-11; IC-7, IC-8)
	IfEnded     int   // points to each owner if the game ended now (END-3; 0 for an inn road or cathedral city, IC-9)
	// Mark is the feature's inn (a road) or cathedral (a city) with inns-cathedrals: it doubles or triples the points
	// if completed (IC-7, IC-8) and makes them 0 if the game ends with it incomplete (IC-9). The rules of both
	// projections are CompletedRule and EndedRule (BASE-10(a) ... IC-9).
	Mark                     engine.Mark
	CompletedRule, EndedRule string
	Open                     []AidCell // the cells it needs (OpenCells), with their fit counts
	Dead                     bool      // an open cell no tile left fits: the feature can never be completed
	// Builders are the seats whose builder stands on the road or city (TB-5); DoubleTurn says that the player who
	// draws the next tile (Aids.NextPlayer) is one of them, in the first part of a turn: a tile of theirs that
	// extends it earns the second tile (TB-7).
	Builders   uint8
	DoubleTurn bool

	// Strength is the figures' weight in the majority: a large follower counts 2 (DEF-11, IC-5).
	Strength [engine.MaxPlayers]int
}

// FieldAid is a field with farmers on it and what it is worth now (FARM-5, COUNT-22(a)).
type FieldAid struct {
	Feature FeatureRef
	Root    int32
	Figures [engine.MaxPlayers]int
	Owners  uint8
	Cities  int // completed cities it borders now, the City of Carcassonne included on its flag side
	Worth   int // points to each owner if the game ended now (without the pig's bonus)
	// With traders-builders: Pigs are the seats whose pig lies on the field (TB-12), Herd that it holds the River II
	// pig herd (COMBO-12); Points are each seat's points if the game ended now, the pig's +1 per city (to an owner
	// whose pig is there, TB-14) and the herd's (to every owner) inside.
	Pigs   uint8
	Herd   bool
	Points [engine.MaxPlayers]int

	// Strength is the figures' weight in the majority: a large follower counts 2 (DEF-11, IC-5).
	Strength [engine.MaxPlayers]int
}

// GoodsAid are the goods at stake (traders-builders, TB-3, TB-4): the tokens each seat holds, who leads each kind
// now (10 points each at the end), the common supply, and the cities not yet completed that have goods symbols, each
// with the leaders if the player who draws the next tile completed it now.
type GoodsAid struct {
	Held    [engine.MaxPlayers]engine.Goods
	Leaders [engine.NumGoods]uint8 // bit p: seat p holds the most of that kind, at least one (TB-4)
	Supply  engine.Goods           // tokens left in the common supply (CFG-6)
	Cities  []GoodsCityAid
}

// GoodsCityAid is an incomplete city with goods symbols: its symbols, the tokens its completion gives (TB-3), and the
// leaders of each kind if the player who draws the next tile completed it now (IfNext; that player is
// Aids.NextPlayer, none when no tile is drawn any more).
type GoodsCityAid struct {
	Feature FeatureRef
	Root    int32
	Goods   engine.Goods
	IfNext  [engine.NumGoods]uint8
}

// TileChance is a tile type left in the stack drawn next and the chance it is the next tile drawn.
type TileChance struct {
	Tile   *engine.TileType
	Left   int
	Chance float64
}

// Aids are the table aids at one moment of a game.
type Aids struct {
	// Stack is the number of tiles left to draw, in the river and land stacks (discards taken out).
	Stack int
	// IfEndedNow are the scores by seat if the game ended now: end-of-game scoring applied to the board as it
	// lies, the market round left out (Final, END-2..7).
	IfEndedNow [engine.MaxPlayers]int
	// Frontier is every empty cell next to the board with the number of tiles of AidStack that fit it, in the
	// engine's frontier order.
	Frontier []AidCell
	Features []FeatureAid
	Fields   []FieldAid
	// NextPlayer is the seat of the player who draws the next tile (-1 once no tile is drawn any more: the
	// market round, the end); Next are the tile types of the stack drawn next (Bag.NextStack) with their chances,
	// NextStack their number; NextFit[i] is the chance that the next tile fits Frontier[i] in some rotation.
	NextPlayer int
	NextStack  int
	Next       []TileChance
	NextFit    []float64
	// Goods are the goods at stake, with traders-builders (nil otherwise).
	Goods *GoodsAid
	// AM are the aids of Abbey & Mayor, with abbey-mayor (nil otherwise; aids_am.go).
	AM *AMAid
}

// AidStack returns "the stack" whose tiles the frontier fit counts and dead spots count: copies left by
// Cat.Types index.
//
// Ruling (issue 10; RULES.md is silent): while the river stack is still being drawn (RIVER-4, RIV2-4), the stack
// is every tile left to draw in both stacks, river and land, each checked against the board as it lies now under
// the rules of its own kind (a river tile under RIVER-5/6 and RIV2-5, a land tile under BASE-4). A dead spot must
// mean that no tile left can ever fill the cell, and the land tiles will all be drawn after the river. The chance
// of the next tile (NextStack) is the other question and comes from the stack drawn next alone.
func (g *Game) AidStack() []int {
	out := make([]int, len(g.Cat.Types))
	for i, t := range g.Cat.Types {
		out[i] = g.Bag.Left(t)
	}
	return out
}

// NextStack returns the stack the next tile is drawn from, as copies left by Cat.Types index: the spring to be
// laid beside the City (COMBO-1/3), the River II fork (RIV2-3), the shuffled river tiles, the lakes or the volcano
// lake (RIVER-2, RIV2-7), and once the river is drawn, the land stack (RIVER-4, RIV2-4) — the order Bag.check
// enforces.
func (b *Bag) NextStack() []int {
	out := make([]int, len(b.Land))
	switch {
	case b.Spring != nil:
		out[b.Spring.Index] = 1
	case b.First != nil:
		out[b.First.Index] = 1
	case b.river > 0:
		copy(out, b.River)
	case len(b.Last) > 0:
		for _, t := range b.Last {
			out[t.Index]++
		}
	default:
		copy(out, b.Land)
	}
	return out
}

// nextDrawer returns the seat of the player who draws the next tile: the active player before the tile is placed,
// before the second part of a double turn (SEQ-7a) or after the volcano (RIV2-8), else the next in seating order; -1
// once no tile is drawn any more.
func (g *Game) nextDrawer() int {
	switch {
	case g.Phase == PhaseMarket || g.Phase == PhaseEnded || g.lastTurn:
		return -1
	case g.Phase == PhaseTile || g.extraTurn || g.secondPartDue():
		return g.Active
	}
	return g.next(g.Active)
}

// nextIsFirstPart reports whether the next tile drawn is the tile of a first turn part, which may earn the builder's
// second tile (TB-7), not the second tile itself (TB-8).
func (g *Game) nextIsFirstPart() bool {
	if g.Phase == PhaseTile {
		return g.part.no == 1
	}
	return !g.secondPartDue()
}

// ifEndedNow returns the scores if the game ended now, as Final().S.Scores (END-2..7, the market round left out),
// from a lighter copy (clone without its logs): ending a game only reads the record and appends events, scorings
// and a line of history.
func (g *Game) ifEndedNow() [engine.MaxPlayers]int {
	c := g.clone(false)
	_ = c.end()
	return c.S.Scores
}

// Aids computes the table aids for the game as it is now (see Aids). The game is not changed.
func (g *Game) Aids() *Aids {
	s := g.S
	a := &Aids{Stack: g.Bag.LandLeft() + g.Bag.RiverLeft(), NextPlayer: g.nextDrawer()}
	a.IfEndedNow = g.ifEndedNow()
	fits := s.FitCounts(g.AidStack(), make([]engine.CellFit, 0, 128))
	a.Frontier = make([]AidCell, len(fits))
	byPos := make(map[engine.Pos]int, len(fits))
	for i, f := range fits {
		a.Frontier[i] = AidCell{Pos{f.Pos.X, f.Pos.Y}, f.N}
		byPos[f.Pos] = f.N
	}
	var roots [64]int32
	var cells [16]engine.Pos
	for _, r := range s.OpenFeatures(roots[:0]) {
		done, ended := s.Projection(r)
		fa := FeatureAid{Feature: g.segRef(r), Root: r, Kind: s.SegKind(r), Owners: ended.Owners,
			IfCompleted: done.Points, IfEnded: ended.Points, Mark: s.Marks(r), CompletedRule: done.Rule,
			EndedRule: ended.Rule}
		if s.Opts.TradersBuilders && (fa.Kind == engine.KRoad || fa.Kind == engine.KCity) {
			fa.Builders = s.BuildersOn(r)
			fa.DoubleTurn = a.NextPlayer >= 0 && fa.Builders&(1<<a.NextPlayer) != 0 && g.nextIsFirstPart()
		}
		for p := range fa.Figures {
			fa.Figures[p], fa.Strength[p] = int(ended.Figures[p]), int(ended.Strength[p])
		}
		for _, c := range s.OpenCells(r, cells[:0]) {
			n, ok := byPos[c]
			if !ok {
				n = NotYet
			}
			fa.Open = append(fa.Open, AidCell{Pos{c.X, c.Y}, n})
			fa.Dead = fa.Dead || n == 0
		}
		a.Features = append(a.Features, fa)
	}
	if s.Opts.Farmers {
		for _, r := range s.Fields(roots[:0]) {
			if s.Opts.AbbeyMayor && s.BarnsOn(r) != 0 && s.Occupied(r) == 0 {
				continue // a barn's field: AM.Barns (AM-27)
			}
			sc := s.FieldScore(r)
			fa := FieldAid{Feature: g.segRef(r), Root: r, Owners: sc.Owners, Cities: sc.Cities, Worth: sc.Points}
			for p := range fa.Figures {
				fa.Figures[p], fa.Strength[p] = int(sc.Figures[p]), int(sc.Strength[p])
				fa.Points[p] = sc.PointsFor(p)
			}
			if s.Opts.TradersBuilders {
				fa.Pigs, fa.Herd = s.PigsOn(r), s.Marks(r).Has(engine.MarkPigHerd)
			}
			a.Fields = append(a.Fields, fa)
		}
	}
	if s.Opts.TradersBuilders {
		a.Goods = g.goodsAid(a.NextPlayer)
	}
	a.AM = g.amAid() // aids_am.go
	if a.NextPlayer >= 0 {
		next := g.Bag.NextStack()
		for i, n := range next {
			a.NextStack += n
			if n > 0 {
				a.Next = append(a.Next, TileChance{Tile: g.Cat.Types[i], Left: n})
			}
		}
		if a.NextStack > 0 {
			total := float64(a.NextStack)
			for i := range a.Next {
				a.Next[i].Chance = float64(a.Next[i].Left) / total
			}
			a.NextFit = make([]float64, len(fits))
			for i, f := range s.FitCounts(next, fits[:0]) {
				a.NextFit[i] = float64(f.N) / total
			}
		}
	}
	return a
}

// AidsJSON is the "aids" object of `replay FILE --json --aids` (issue 10), the contract tests and scripts rely on:
// colours and "x,y" cells as keys, features named x,y:PLACE as in the record. Next is an addition to the contract:
// the next tile's chances.
type AidsJSON struct {
	Stack      int              `json:"stack"`
	IfEndedNow map[Colour]int   `json:"if_ended_now"`
	Frontier   map[string]int   `json:"frontier"`
	Features   []FeatureAidJSON `json:"features"`
	Fields     []FieldAidJSON   `json:"fields"`
	Next       *NextTileAidJSON `json:"next,omitempty"`
	// Goods are the goods at stake, only with traders-builders.
	Goods *GoodsAidJSON `json:"goods,omitempty"`
	// AbbeyMayor are the aids of Abbey & Mayor, only with abbey-mayor (aids_am.go).
	AbbeyMayor *AMAidJSON `json:"abbey_mayor,omitempty"`
	// Dragon and Fairy are The Princess & the Dragon's aids (pd.go), when on the board.
	Dragon *DragonAidJSON `json:"dragon,omitempty"`
	Fairy  *FairyAidJSON  `json:"fairy,omitempty"`
}

// GoodsAidJSON is the goods at stake in AidsJSON (TB-3, TB-4): tokens held per colour and kind, the leaders of each
// kind (10 points each at the end), the common supply, and the incomplete cities with goods symbols.
type GoodsAidJSON struct {
	Held    map[Colour]map[string]int `json:"held"`
	Leaders map[string][]Colour       `json:"leaders"`
	Supply  map[string]int            `json:"supply"`
	Cities  []GoodsCityAidJSON        `json:"cities"`
}

// GoodsCityAidJSON is an incomplete city with goods symbols: the goods its completion gives (TB-3) and the leaders of
// each kind if the player who draws the next tile completed it now.
type GoodsCityAidJSON struct {
	Feature       string              `json:"feature"`
	Goods         map[string]int      `json:"goods"`
	LeadersIfNext map[string][]Colour `json:"leaders_if_next,omitempty"`
}

// FeatureAidJSON is one open feature with figures in AidsJSON.
type FeatureAidJSON struct {
	Feature        string         `json:"feature"`
	Kind           string         `json:"kind"`
	Figures        map[Colour]int `json:"figures"`
	Owners         []Colour       `json:"owners"`
	IfCompletedNow int            `json:"if_completed_now"`
	IfEndedNow     int            `json:"if_ended_now"`
	// Mark is "inn" for a road with an inn, "cathedral" for a city with a cathedral (inns-cathedrals), with the
	// rules of the two projections: IC-7 or IC-8 if completed, IC-9 (0 points) if the game ended now. All three are
	// left out for any other feature.
	Mark            string   `json:"mark,omitempty"`
	RuleIfCompleted string   `json:"rule_if_completed,omitempty"`
	RuleIfEnded     string   `json:"rule_if_ended,omitempty"`
	OpenCells       []string `json:"open_cells"`
	Dead            bool     `json:"dead"`
	// Builders are the colours whose builder stands on it (traders-builders, TB-5); double_turn that a tile of the
	// player who draws next that extends it earns a second tile (TB-7).
	Builders   []Colour `json:"builders,omitempty"`
	DoubleTurn bool     `json:"double_turn,omitempty"`
}

// FieldAidJSON is one field with farmers in AidsJSON.
type FieldAidJSON struct {
	Feature string         `json:"feature"`
	Figures map[Colour]int `json:"figures"`
	Owners  []Colour       `json:"owners"`
	Cities  int            `json:"cities"`
	Worth   int            `json:"worth"`
	// With traders-builders: the colours whose pig lies there (TB-12), whether the River II pig herd is there
	// (COMBO-12), and each owner's points if the game ended now with the pig's and the herd's bonuses (TB-14).
	Pigs    []Colour       `json:"pigs,omitempty"`
	PigHerd bool           `json:"pig_herd,omitempty"`
	Points  map[Colour]int `json:"points,omitempty"`
}

// NextTileAidJSON is the next tile in AidsJSON: who draws it, the stack it comes from, each tile type's chance and,
// per empty cell next to the board, the chance that the tile fits there.
type NextTileAidJSON struct {
	Player Colour             `json:"player"`
	Stack  int                `json:"stack"`
	Tiles  []TileChanceJSON   `json:"tiles"`
	Fits   map[string]float64 `json:"fits"`
}

// TileChanceJSON is a tile type of the stack drawn next, its copies left and the chance it is drawn next.
type TileChanceJSON struct {
	Tile   string  `json:"tile"`
	Left   int     `json:"left"`
	Chance float64 `json:"chance"`
}

// markWord names a feature's mark as the aids' JSON does: "inn", "cathedral" or "".
func markWord(m engine.Mark) string {
	switch {
	case m.Has(engine.MarkInn):
		return "inn"
	case m.Has(engine.MarkCathedral):
		return "cathedral"
	}
	return ""
}

// goodsAid works out the goods at stake (GoodsAid) for the player who draws the next tile (-1: nobody).
func (g *Game) goodsAid(next int) *GoodsAid {
	s := g.S
	out := &GoodsAid{Supply: s.GoodsLeft()}
	copy(out.Held[:], s.Goods[:])
	out.Leaders, _ = s.GoodsLeaders()
	var roots [32]int32
	for _, r := range s.OpenGoodsCities(roots[:0]) {
		c := GoodsCityAid{Feature: g.segRef(r), Root: r, Goods: s.CityGoods(r)}
		if next >= 0 {
			c.IfNext, _ = s.GoodsLeadersIf(next, c.Goods)
		}
		out.Cities = append(out.Cities, c)
	}
	return out
}

// JSON returns the aids in the form of AidsJSON for game g.
func (a *Aids) JSON(g *Game) *AidsJSON {
	out := &AidsJSON{Stack: a.Stack, IfEndedNow: map[Colour]int{}, Frontier: map[string]int{},
		Features: []FeatureAidJSON{}, Fields: []FieldAidJSON{}, AbbeyMayor: a.AM.amJSON(g)}
	colours := func(figs [engine.MaxPlayers]int, owners uint8) (map[Colour]int, []Colour) {
		m, o := map[Colour]int{}, []Colour{}
		for p := 0; p < g.Players(); p++ {
			if figs[p] > 0 {
				m[g.Colour(p)] = figs[p]
			}
			if owners&(1<<p) != 0 {
				o = append(o, g.Colour(p))
			}
		}
		return m, o
	}
	for p := 0; p < g.Players(); p++ {
		out.IfEndedNow[g.Colour(p)] = a.IfEndedNow[p]
	}
	for _, c := range a.Frontier {
		out.Frontier[c.Pos.String()] = c.Fit
	}
	for _, f := range a.Features {
		fj := FeatureAidJSON{Feature: f.Feature.String(), Kind: f.Kind.String(), IfCompletedNow: f.IfCompleted,
			IfEndedNow: f.IfEnded, OpenCells: []string{}, Dead: f.Dead, Mark: markWord(f.Mark)}
		if fj.Mark != "" {
			fj.RuleIfCompleted, fj.RuleIfEnded = f.CompletedRule, f.EndedRule
		}
		fj.Figures, fj.Owners = colours(f.Figures, f.Owners)
		fj.Builders, fj.DoubleTurn = g.coloursOf(f.Builders), f.DoubleTurn
		for _, c := range f.Open {
			fj.OpenCells = append(fj.OpenCells, c.Pos.String())
		}
		out.Features = append(out.Features, fj)
	}
	for _, f := range a.Fields {
		fj := FieldAidJSON{Feature: f.Feature.String(), Cities: f.Cities, Worth: f.Worth}
		fj.Figures, fj.Owners = colours(f.Figures, f.Owners)
		if g.S.Opts.TradersBuilders {
			fj.Pigs, fj.PigHerd, fj.Points = g.coloursOf(f.Pigs), f.Herd, map[Colour]int{}
			for p := 0; p < g.Players(); p++ {
				if f.Points[p] > 0 {
					fj.Points[g.Colour(p)] = f.Points[p]
				}
			}
		}
		out.Fields = append(out.Fields, fj)
	}
	if ga := a.Goods; ga != nil {
		gj := &GoodsAidJSON{Held: map[Colour]map[string]int{}, Leaders: map[string][]Colour{}, Supply: goodsMap(ga.Supply),
			Cities: []GoodsCityAidJSON{}}
		for p := 0; p < g.Players(); p++ {
			gj.Held[g.Colour(p)] = goodsMap(ga.Held[p])
		}
		for k := engine.GoodsKind(0); k < engine.NumGoods; k++ {
			gj.Leaders[k.String()] = append([]Colour{}, g.coloursOf(ga.Leaders[k])...)
		}
		for _, c := range ga.Cities {
			cj := GoodsCityAidJSON{Feature: c.Feature.String(), Goods: goodsMap(c.Goods)}
			if a.NextPlayer >= 0 {
				cj.LeadersIfNext = map[string][]Colour{}
				for k := engine.GoodsKind(0); k < engine.NumGoods; k++ {
					cj.LeadersIfNext[k.String()] = append([]Colour{}, g.coloursOf(c.IfNext[k])...)
				}
			}
			gj.Cities = append(gj.Cities, cj)
		}
		out.Goods = gj
	}
	out.Dragon, out.Fairy = g.pdAids() // pd.go
	if a.NextPlayer >= 0 && a.NextStack > 0 {
		n := &NextTileAidJSON{Player: g.Colour(a.NextPlayer), Stack: a.NextStack, Tiles: []TileChanceJSON{},
			Fits: map[string]float64{}}
		for _, t := range a.Next {
			n.Tiles = append(n.Tiles, TileChanceJSON{Tile: t.Tile.ID, Left: t.Left, Chance: t.Chance})
		}
		for i, c := range a.Frontier {
			n.Fits[c.Pos.String()] = a.NextFit[i]
		}
		out.Next = n
	}
	return out
}

// coloursOf returns the colours of the seats in a bit mask (bit p: seat p), in seating order; nil for none (so that a
// JSON field with omitempty leaves it out).
func (g *Game) coloursOf(mask uint8) []Colour {
	var out []Colour
	for p := 0; p < g.Players(); p++ {
		if mask&(1<<p) != 0 {
			out = append(out, g.Colour(p))
		}
	}
	return out
}

// goodsMap writes goods by kind as the JSON output does: {"wine": n, "grain": n, "cloth": n}.
func goodsMap(gd engine.Goods) map[string]int {
	m := make(map[string]int, engine.NumGoods)
	for k := engine.GoodsKind(0); k < engine.NumGoods; k++ {
		m[k.String()] = gd[k]
	}
	return m
}
