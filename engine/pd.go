package engine

import "strings"

// The Princess & the Dragon (RULES-PD.md: PD-1..28, SEQ-0/1/3/5/5a/6 amended, DEF-14..17, CFG-7, COMBO-30..41),
// with the module Options.PrincessDragon. Where each rule lives:
//
//   - the tiles are data (data/pd.tiles): `object volcano`, `object dragon`, `object portal` and `object princess on
//     <city>` are read by TileType.PDSymbol; they act only with the module (River II's r2-lakevolcano is a volcano
//     with it, COMBO-30; without it a plain lake, RIV2-9);
//   - the dragon and the fairy are neutral figures (DEF-14): State.PD, never in Figures, never in a supply; the
//     dragon stands on a tile (PDState.Dragon, DragonIn from the first volcano on, DEF-17), the fairy on a tile and
//     assigned to at most one follower there (PDState.Fairy, FairyFig, PD-15);
//   - the volcano puts the dragon on it (LandDragon, PD-6, COMBO-30); no figure goes onto the dragon's tile by any
//     route (dragonRefusal, from deployable, CanSynod, CanChangePosition, CanMoveOut, CanMoveFromMarket, CanStand:
//     PD-6, PD-7, COMBO-33(b), COMBO-37(d), POS-13);
//   - the dragon's movement (PD-8..13): DragonOpen / CanDragonStep / DragonStep, one step at a time; the referee
//     keeps the movement's round (whose step, the visited tiles, the six steps: referee/pd.go);
//   - the fairy (PD-14..19): CanMoveFairy / MoveFairy (the figure step's action), FairyTurnPoint (SEQ-0, PD-17),
//     the 3 points of PD-18 as Score.Fairy, added where a feature's Score is worked out (tally, FieldScore) so that
//     every scoring of a feature gives it (the end, Road Sweeper) and nothing else does (the abbot's return, Cash
//     Out, a lost challenge, being eaten: none of them is a tally); toSupply leaves the fairy unassigned on its tile
//     (PD-15); ChangePosition keeps it (PD-15, COMBO-37(d));
//   - the princess (PD-21): CanPrincess / Princess;
//   - the magic portal (PD-23..25): CanDeployThrough / DeployThrough.
//
// # Rulings
//
// Where RULES-PD.md leaves a point open (its OPEN section) the program applies its stated ruling, each kept in the
// one place named:
//
//   - OPEN-23: the 2nd edition (C2, 2016) only; no edition switch: this file and data/pd.tiles.
//   - OPEN-24: no figure on the dragon's tile by any route, not only the volcano's: dragonRefusal.
//   - OPEN-25: River II's volcano lake keeps RIV2-8's "no other action": no fairy either: CanMoveFairy (Turn.Volcano).
//   - OPEN-26: the fairy goes only to a follower, large follower or abbot, never a builder or pig: CanMoveFairy.
//   - OPEN-27: the whole 12-cell City of Carcassonne is closed to the dragon, the fairy and the portal: isCityCell,
//     used by CanDragonStep, CanMoveFairy and CanDeployThrough.
//   - OPEN-28: the fairy's 3 points and its turn point are points gained in the turn for the City test (COMBO-33(c),
//     (d)): the 3 points go to Turn.FeatureGained of their player (ScoreTurn) and both to Turn.Gained (credit).
//   - OPEN-29: no fairy point in River II's volcano extra turn: the referee's beginTurn (referee/pd.go, fairyPoint).
//   - OPEN-30: a farmer may go through the portal onto any unoccupied field: CanDeployThrough (fields are never
//     complete).
//   - OPEN-31: the abbot may go through the portal: CanDeployThrough.
//   - OPEN-32: a builder eaten in the first part of a double turn keeps the second part: the referee notes the
//     second tile at the placement (referee noteSecondTile), which eating does not undo.
//   - The fairy's turn point in the second part of a double turn: none (SEQ-0, SEQ-10): referee beginTurn only.
//   - A princess tile's figure step: the knight removed must stand on a city segment of the princess's city as it is
//     after the placement (PD-21(a)); a large follower is one knight (PD-21(b)): CanPrincess.

// FairyBonus is the fairy's points when its follower's feature is scored (PD-18); FairyTurnPoints the points at the
// start of its owner's turn (PD-17); DragonSteps the steps of one movement (PD-9).
const (
	FairyBonus      = 3
	FairyTurnPoints = 1
	DragonSteps     = 6
)

// PDSymbol is the symbol of a tile of The Princess & the Dragon (PD-1): none, a volcano, a dragon, a magic portal
// or a princess; no tile has two.
type PDSymbol uint8

// The symbols.
const (
	NoSymbol PDSymbol = iota
	SymVolcano
	SymDragon
	SymPortal
	SymPrincess
)

var symbolNames = [...]string{"", "volcano", "dragon", "portal", "princess"}

func (y PDSymbol) String() string { return symbolNames[y] }

// PDSymbol returns the tile's symbol as printed (`object volcano|dragon|portal|princess on <city>`) and, for a
// princess, the index of the city segment she stands in (-1 otherwise). River II's volcano lake is a volcano. The
// symbol acts only with princess-dragon (State.Symbol).
func (t *TileType) PDSymbol() (PDSymbol, int) { return t.pdSym, int(t.pdCity) }

// readPDSymbol reads the tile's symbol from its objects into pdSym, pdCity (LoadCatalogue).
func (t *TileType) readPDSymbol() {
	y, c := t.symbolOfObjects()
	t.pdSym, t.pdCity = y, int8(c)
}

// symbolOfObjects finds the symbol among the tile's `object` lines.
func (t *TileType) symbolOfObjects() (PDSymbol, int) {
	for _, o := range t.Objects {
		w := strings.Fields(o)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "volcano":
			return SymVolcano, -1
		case "dragon":
			return SymDragon, -1
		case "portal":
			return SymPortal, -1
		case "princess":
			for i, sg := range t.Segs {
				if len(w) == 3 && sg.Name == w[2] && sg.Kind == KCity {
					return SymPrincess, i
				}
			}
			return SymPrincess, -1
		}
	}
	return NoSymbol, -1
}

// IsDragonTile reports whether the tile type has the dragon symbol (PD-8; set aside while the dragon is not in play,
// PD-5).
func (t *TileType) IsDragonTile() bool {
	y, _ := t.PDSymbol()
	return y == SymDragon
}

// PDState is where the two neutral figures are (DEF-14, CFG-7): the dragon on a tile once in play (DEF-17), the
// fairy on a tile, assigned to one follower there or to nobody (PD-15). Both lie beside the board at the start.
type PDState struct {
	DragonIn bool // the dragon is in play (DEF-17)
	Dragon   Pos  // its tile, when DragonIn
	FairyOn  bool // the fairy stands on the board
	Fairy    Pos  // its tile, when FairyOn
	FairyFig int  // the figure (index in Figures) the fairy is assigned to, -1 for nobody
}

func (p *PDState) init() { *p = PDState{FairyFig: -1} }

// Symbol returns the symbol of the tile at index tile as it acts in this game: none without princess-dragon.
func (s *State) Symbol(tile int) (PDSymbol, int) {
	if !s.Opts.PrincessDragon || tile < 0 || tile >= len(s.Tiles) {
		return NoSymbol, -1
	}
	return s.Tiles[tile].Type.PDSymbol()
}

// IsVolcano reports whether the tile type is a volcano in this game (PD-6; River II's lake, COMBO-30).
func (s *State) IsVolcano(t *TileType) bool {
	y, _ := t.PDSymbol()
	return s.Opts.PrincessDragon && y == SymVolcano
}

// isCityCell reports whether the tile at index ti is a cell of the City of Carcassonne (COMBO-32, OPEN-27).
func (s *State) isCityCell(ti int) bool { return ti >= 0 && s.Tiles[ti].Type.Set == "city" }

// OnDragon reports whether the tile at index ti is where the dragon stands (PD-7).
func (s *State) OnDragon(ti int) bool {
	return s.PD.DragonIn && ti >= 0 && s.Tiles[ti].Pos == s.PD.Dragon
}

// dragonRefusal returns why no figure may be put on the tile at index ti: the volcano just placed (PD-6) or any
// tile the dragon stands on (PD-7, OPEN-24); nil when it may.
func (s *State) dragonRefusal(ti int) *RuleError {
	if !s.OnDragon(ti) {
		return nil
	}
	if ti == s.Turn.Tile && s.IsVolcano(s.Tiles[ti].Type) {
		return refuse("PD-6", "err.pd_volcano_no_figure")
	}
	return refuse("PD-7", "err.pd_dragon_tile", "pos", s.PD.Dragon.String())
}

// segDragonRefusal is dragonRefusal for the tile of segment seg.
func (s *State) segDragonRefusal(seg int32) *RuleError {
	if seg < 0 || int(seg) >= len(s.segs) {
		return nil
	}
	return s.dragonRefusal(int(s.segs[seg].segTile))
}

// LandDragon puts the dragon on the volcano at tile index ti (PD-6, COMBO-30): from beside the board (it comes into
// play, DEF-17) or from wherever it stood; nothing is eaten. It reports whether the dragon came into play now.
func (s *State) LandDragon(ti int) bool {
	first := !s.PD.DragonIn
	s.PD.DragonIn, s.PD.Dragon = true, s.Tiles[ti].Pos
	return first
}

// PlaceDragon puts the dragon on the tile at p without the volcano's rule, for a position (POS-13); the caller
// checks CanPlaceDragon.
func (s *State) PlaceDragon(p Pos) { s.PD.DragonIn, s.PD.Dragon = true, p }

// CanPlaceDragon checks the dragon's tile of a position (POS-13): a tile of the board, not a City cell, not the
// fairy's tile, with no figure on it.
func (s *State) CanPlaceDragon(p Pos) error {
	ti := s.TileIndex(p)
	switch {
	case ti < 0:
		return refuse("POS-13", "err.pd_pos_dragon_empty", "pos", p.String())
	case s.isCityCell(ti):
		return refuse("POS-13", "err.pd_dragon_city", "pos", p.String())
	case s.PD.FairyOn && s.PD.Fairy == p:
		return refuse("POS-13", "err.pd_dragon_fairy", "pos", p.String())
	case s.figuresOnTile(ti) > 0:
		return refuse("POS-13", "err.pd_pos_dragon_figure", "pos", p.String())
	}
	return nil
}

// figuresOnTile returns how many figures of any player stand on the tile at index ti.
func (s *State) figuresOnTile(ti int) int {
	n := 0
	for i := range s.Figures {
		// The barn stands on a point, on no tile (DEF-19): never on the dragon's tile, never eaten (COMBO-55(d)).
		if f := &s.Figures[i]; f.Where == OnBoard && f.Kind != Barn && int(s.segs[f.Seg].segTile) == ti {
			n++
		}
	}
	return n
}

// FiguresOnTile appends to buf the indices of the figures standing on the tile at p (what the dragon would eat
// there, PD-12), in ascending order.
func (s *State) FiguresOnTile(p Pos, buf []int) []int {
	ti := s.TileIndex(p)
	if ti < 0 {
		return buf
	}
	for i := range s.Figures {
		// The barn stands on a point, on no tile (DEF-19): never on the dragon's tile, never eaten (COMBO-55(d)).
		if f := &s.Figures[i]; f.Where == OnBoard && f.Kind != Barn && int(s.segs[f.Seg].segTile) == ti {
			buf = append(buf, i)
		}
	}
	return buf
}

// CanDragonStep checks one step of the dragon from its tile onto the tile at p (PD-10): orthogonally adjacent, a
// placed tile, not visited in this movement (visited: the start tile and each tile stepped on), not the fairy's
// tile, not a City cell (COMBO-32).
func (s *State) CanDragonStep(p Pos, visited []Pos) error {
	switch s.dragonStepRule(p, visited) {
	case "PD-8":
		return refuse("PD-8", "err.pd_no_dragon_move")
	case "PD-10":
		return refuse("PD-10", "err.pd_dragon_not_adjacent", "pos", p.String(), "from", s.PD.Dragon.String())
	case "PD-10(a)":
		return refuse("PD-10(a)", "err.pd_dragon_empty", "pos", p.String())
	case "PD-10(d)":
		return refuse("PD-10(d)", "err.pd_dragon_city", "pos", p.String())
	case "PD-10(c)":
		return refuse("PD-10(c)", "err.pd_dragon_fairy", "pos", p.String())
	case "PD-10(b)":
		return refuse("PD-10(b)", "err.pd_dragon_visited", "pos", p.String())
	}
	return nil
}

// dragonStepRule is CanDragonStep without building the refusal: the rule the step breaks, "" when it is open
// (DragonOpen asks it of four tiles at every step).
func (s *State) dragonStepRule(p Pos, visited []Pos) string {
	if !s.PD.DragonIn {
		return "PD-8"
	}
	d := s.PD.Dragon
	dx, dy := p.X-d.X, p.Y-d.Y
	if dx*dx+dy*dy != 1 {
		return "PD-10"
	}
	ti := s.TileIndex(p)
	switch {
	case ti < 0:
		return "PD-10(a)"
	case s.isCityCell(ti):
		return "PD-10(d)"
	case s.PD.FairyOn && s.PD.Fairy == p:
		return "PD-10(c)"
	}
	for _, v := range visited {
		if v == p {
			return "PD-10(b)"
		}
	}
	return ""
}

// DragonOpen appends to buf the tiles the dragon may step onto now (PD-10), N, E, S, W of it; none is a dead end
// (PD-11).
func (s *State) DragonOpen(visited []Pos, buf []Pos) []Pos {
	if !s.PD.DragonIn {
		return buf
	}
	for e := 0; e < 4; e++ {
		if p := s.PD.Dragon.Neighbour(e); s.dragonStepRule(p, visited) == "" {
			buf = append(buf, p)
		}
	}
	return buf
}

// DragonStep moves the dragon onto the tile at p after CanDragonStep and eats every figure there (PD-12): each goes
// back to its owner's supply; a builder or pig whose owner has no follower left on its feature goes back too
// (PD-13(a)). It returns the figures eaten and those sent back with them (indices in Figures), appended to buf.
func (s *State) DragonStep(p Pos, visited []Pos, buf []int) ([]int, error) {
	if err := s.CanDragonStep(p, visited); err != nil {
		return buf, err
	}
	s.PD.Dragon = p
	from := len(buf)
	buf = s.FiguresOnTile(p, buf)
	var room [16]int32
	segs := room[:0]
	for _, fi := range buf[from:] {
		segs = append(segs, s.Figures[fi].Seg)
		s.toSupply(fi)
	}
	for i, fi := range buf[from : from+len(segs)] {
		if f := &s.Figures[fi]; f.Kind.IsFollower() {
			if lone := s.returnLonely(int(f.Player), segs[i]); lone >= 0 {
				buf = append(buf, lone)
			}
		}
	}
	return buf, nil
}

// CanMoveFairy checks the fairy's move in the figure step (PD-14): next to the player's own follower, large
// follower or abbot fi on the board (PD-14(b), OPEN-26), not in the same figure step as a placement, the abbot's
// return or the princess (PD-14(a), PD-20; the referee checks the princess), not on River II's volcano lake turn
// (COMBO-30, OPEN-25), not to the follower it is assigned to already (PD-14(c)), never onto the dragon's tile (the
// dragon eats what stands there: a follower never does) nor a City cell (COMBO-32).
func (s *State) CanMoveFairy(player, fi int) error {
	switch {
	case !s.Opts.PrincessDragon:
		return refuse("CFG-3", "err.pd_no_module")
	case s.Turn.Volcano:
		return refuse("COMBO-30", "err.pd_fairy_volcano_lake")
	case s.Turn.Deployed:
		return refuse("PD-14(a)", "err.pd_fairy_with_placement")
	case s.Turn.AbbotReturned:
		return refuse("PD-14(a)", "err.pd_fairy_with_abbot")
	case fi < 0 || fi >= len(s.Figures) || s.Figures[fi].Where != OnBoard:
		return refuse("PD-14", "err.pd_fairy_no_follower")
	}
	f := &s.Figures[fi]
	if r := fairyBarnRefusal(f.Kind); r != nil { // COMBO-58(a), combo.go
		return r
	}
	switch {
	case f.Kind.IsSpecial():
		return refuse("PD-14(b)", "err.pd_fairy_special", "figure", f.Kind.String())
	case int(f.Player) != player:
		return refuse("PD-14", "err.pd_fairy_not_own")
	case s.PD.FairyFig == fi:
		return refuse("PD-14(c)", "err.pd_fairy_same")
	case s.isCityCell(int(s.segs[f.Seg].segTile)):
		return refuse("COMBO-32", "err.pd_fairy_city")
	}
	return nil
}

// MoveFairy moves the fairy next to figure fi after CanMoveFairy (PD-14): onto its tile, assigned to it (PD-15).
// It is the figure step's action: no placement may follow in this turn part.
func (s *State) MoveFairy(player, fi int) error {
	if err := s.CanMoveFairy(player, fi); err != nil {
		return err
	}
	s.PD.FairyOn, s.PD.Fairy, s.PD.FairyFig = true, s.Tiles[s.segs[s.Figures[fi].Seg].segTile].Pos, fi
	s.Turn.Deployed = true // the figure step's one action is taken (PD-14(a)): no abbot return after it
	return nil
}

// SetFairy puts the fairy for a position (POS-14): on the tile at p, assigned to figure fi (-1 for nobody). The
// caller checks CanSetFairy.
func (s *State) SetFairy(p Pos, fi int) { s.PD.FairyOn, s.PD.Fairy, s.PD.FairyFig = true, p, fi }

// CanSetFairy checks the fairy of a position (POS-14): on a tile of the board, not a City cell, not the dragon's;
// its figure, if any, a follower, large follower or abbot standing on that tile.
func (s *State) CanSetFairy(p Pos, fi int) error {
	ti := s.TileIndex(p)
	switch {
	case ti < 0:
		return refuse("POS-14", "err.pd_pos_fairy_empty", "pos", p.String())
	case s.isCityCell(ti):
		return refuse("COMBO-32", "err.pd_fairy_city")
	case s.PD.DragonIn && s.PD.Dragon == p:
		return refuse("POS-14", "err.pd_dragon_fairy", "pos", p.String())
	}
	if fi >= 0 {
		f := &s.Figures[fi]
		if f.Where != OnBoard || int(s.segs[f.Seg].segTile) != ti {
			return refuse("POS-14", "err.pd_fairy_no_follower")
		}
		if r := fairyBarnRefusal(f.Kind); r != nil { // COMBO-58(a), combo.go
			return r
		}
		if f.Kind.IsSpecial() {
			return refuse("PD-14(b)", "err.pd_fairy_special", "figure", f.Kind.String())
		}
	}
	return nil
}

// FairyOwner returns the player whose follower the fairy is assigned to, -1 for nobody (PD-15).
func (s *State) FairyOwner() int {
	if fi := s.PD.FairyFig; fi >= 0 && s.Figures[fi].Where == OnBoard {
		return int(s.Figures[fi].Player)
	}
	return -1
}

// FairyTurnPoint scores the fairy's point at the start of the active player's turn (SEQ-0, PD-17): 1 point if the
// fairy is assigned to one of their followers. It is a gain of the turn (COMBO-33(d), OPEN-28). The Score (category
// CatFairy, rule PD-17) is appended to log.
func (s *State) FairyTurnPoint(log []Score) []Score {
	p := s.FairyOwner()
	if p < 0 || p != s.Turn.Active {
		return log
	}
	sc := Score{Rule: "PD-17", Cat: CatFairy, Feature: s.Figures[s.PD.FairyFig].Seg, Points: FairyTurnPoints,
		Owners: 1 << p}
	s.credit(&sc)
	return append(log, sc)
}

// fairyBonus notes on a feature's Score the fairy's 3 points (PD-18) when the fairy is assigned to a figure on that
// feature: Score.Fairy is its owner + 1.
func (s *State) fairyBonus(sc *Score, seg int32) {
	if fi := s.PD.FairyFig; fi >= 0 {
		if f := &s.Figures[fi]; f.Where == OnBoard && s.find(f.Seg) == s.find(seg) {
			sc.Fairy = f.Player + 1
		}
	}
}

// CanPrincess checks the princess's action (PD-21): on the princess tile just placed (tile index tile), the
// player sends figure fi, a knight (a follower or large follower on a city segment, DEF-16) of the princess's city,
// back to its owner's supply. It is the figure step's one action (PD-20, PD-21(c)).
func (s *State) CanPrincess(player, tile, fi int) error {
	y, city := s.Symbol(tile)
	switch {
	case !s.Opts.PrincessDragon:
		return refuse("CFG-3", "err.pd_no_module")
	case tile < 0 || y != SymPrincess || city < 0:
		return refuse("PD-21", "err.pd_no_princess")
	case s.Turn.Deployed:
		return refuse("PD-21(c)", "err.pd_princess_with_placement")
	case s.Turn.AbbotReturned:
		return refuse("PD-21(c)", "err.pd_princess_with_abbot")
	case fi < 0 || fi >= len(s.Figures) || s.Figures[fi].Where != OnBoard:
		return refuse("PD-21", "err.pd_princess_no_knight")
	}
	f := &s.Figures[fi]
	switch {
	case !f.Kind.IsFollower() || s.SegKind(f.Seg) != KCity:
		return refuse("PD-21(f)", "err.pd_princess_not_knight", "figure", f.Kind.String())
	case s.find(f.Seg) != s.find(s.Tiles[tile].Seg(city)):
		return refuse("PD-21(a)", "err.pd_princess_other_city")
	}
	return nil
}

// Princess sends knight fi back to its owner's supply after CanPrincess (PD-21); a builder of that owner left
// without a follower in the city goes back too (PD-21(b), TB-11(b)). It returns the figures sent back, appended to
// buf.
func (s *State) Princess(player, tile, fi int, buf []int) ([]int, error) {
	if err := s.CanPrincess(player, tile, fi); err != nil {
		return buf, err
	}
	f := &s.Figures[fi]
	seg := f.Seg
	s.toSupply(fi)
	buf = append(buf, fi)
	if lone := s.returnLonely(int(f.Player), seg); lone >= 0 {
		buf = append(buf, lone)
	}
	s.Turn.Deployed = true // the figure step's one action (PD-21(c))
	return buf, nil
}

// PrincessKnights appends to buf the knights the princess of the tile just placed may send back (PD-21): every
// follower and large follower on a segment of her city; none without a princess.
func (s *State) PrincessKnights(tile int, buf []int) []int {
	y, city := s.Symbol(tile)
	if y != SymPrincess || city < 0 {
		return buf
	}
	for i := s.firstFigure(s.Tiles[tile].Seg(city)); i >= 0; i = s.nextFigure(i) {
		if f := &s.Figures[i]; f.Kind.IsFollower() && s.SegKind(f.Seg) == KCity {
			buf = append(buf, int(i))
		}
	}
	return buf
}

// CanDeployThrough checks a figure placed through the magic portal of the tile just placed (PD-23, PD-24) onto
// local segment local of the tile at index tile (another tile than the portal's; the portal tile itself takes the
// ordinary placement, CanDeploy): a follower, large follower or abbot (never a builder or pig, PD-23(a)) from the
// supply, onto a feature that is unoccupied (PD-24(a)), not completed (PD-24(b); a field never is, OPEN-30), not on
// the dragon's tile (PD-24(c)), not on a City cell (PD-24(d), OPEN-27), by the figure's own rules (PD-24(e)).
func (s *State) CanDeployThrough(player int, kind FigureKind, tile, local int) error {
	_, err := s.portalDeployable(player, kind, tile, local)
	return err
}

func (s *State) portalDeployable(player int, kind FigureKind, tile, local int) (int, error) {
	if y, _ := s.Symbol(s.Turn.Tile); y != SymPortal {
		return -1, refuse("PD-23", "err.pd_no_portal")
	}
	if err := s.moduleRefusal(kind); err != nil {
		return -1, err
	}
	if kind.IsSpecial() {
		return -1, refuse("PD-23(a)", "err.pd_portal_special", "figure", kind.String())
	}
	if kind == Barn { // only at a corner of the tile just placed (AM-21), portal or not
		return -1, refuse("COMBO-59(b)", "err.combo.portal_barn")
	}
	if s.Turn.AbbotReturned {
		return -1, refuse("ABBOT-6(a)", "err.abbot_after_deploy")
	}
	if tile < 0 || tile >= len(s.Tiles) {
		return -1, refuse("BASE-6", "err.no_such_place")
	}
	t := &s.Tiles[tile]
	if local < 0 || local >= len(t.Type.Segs) {
		return -1, refuse("BASE-6", "err.no_such_place")
	}
	fi := s.fromSupply(player, kind)
	if fi < 0 {
		if kind == Large {
			return -1, refuse("DEF-5", "err.large_not_in_supply")
		}
		return -1, refuse("BASE-6", "err.supply_empty", "figure", kind.String())
	}
	seg := t.Seg(local)
	switch {
	case s.isCityCell(tile):
		return -1, refuse("PD-24(d)", "err.pd_portal_city")
	case s.OnDragon(tile):
		return -1, amDragonRule(kind, refuse("PD-24(c)", "err.pd_dragon_tile", "pos", s.PD.Dragon.String()),
			"COMBO-56(a)")
	}
	if err := s.canStandOn(kind, t.Type.Segs[local].Kind, "PD-24(e)"); err != nil {
		return -1, err
	}
	// The figure's own rules (PD-24(e)) with Abbey & Mayor: the mayor only on a city, the wagon on a road, city,
	// monastery, abbey or shrine, nothing else on an abbey (AM-7, AM-11, AM-14, COMBO-59(a)); no farmer onto a
	// field with a barn (AM-24).
	if err := s.amStandRefusal(kind, t.Type.Segs[local].Kind, t.Type); err != nil {
		return -1, err
	}
	if err := s.barnClosed(kind, seg); err != nil {
		return -1, err
	}
	switch {
	case s.segs[s.find(seg)].occ > 0:
		return -1, refuse("PD-24(a)", "err.occupied", "feature", t.Type.Segs[local].Kind.String())
	case s.IsComplete(seg):
		return -1, refuse("PD-24(b)", "err.pd_portal_completed", "feature", t.Type.Segs[local].Kind.String())
	}
	return fi, nil
}

// DeployThrough places the figure through the portal after CanDeployThrough (PD-23) and returns its index.
func (s *State) DeployThrough(player int, kind FigureKind, tile, local int) (int, error) {
	fi, err := s.portalDeployable(player, kind, tile, local)
	if err != nil {
		return -1, err
	}
	s.putOnBoard(fi, s.Tiles[tile].Seg(local))
	s.Turn.Deployed = true
	return fi, nil
}

// featureOffDragon reports whether the feature of seg has a segment on a tile other than the dragon's: a figure
// moved out of the City can reach it (COMBO-33(b)).
func (s *State) featureOffDragon(seg int32) bool {
	if !s.PD.DragonIn {
		return true
	}
	off := false
	s.Members(seg, func(m int32) {
		if !s.OnDragon(int(s.segs[m].segTile)) {
			off = true
		}
	})
	return off
}

// SegOffDragon returns a segment of the feature of seg that is not on the dragon's tile (seg itself when it is not),
// -1 when the whole feature lies on it: where a figure moved out of the City may stand (COMBO-33(b), COMBO-56(d)),
// so that a list of moves names a place the move may take.
func (s *State) SegOffDragon(seg int32) int32 {
	if !s.PD.DragonIn || !s.OnDragon(int(s.segs[seg].segTile)) {
		return seg
	}
	out := int32(-1)
	s.Members(seg, func(m int32) {
		if out < 0 && !s.OnDragon(int(s.segs[m].segTile)) {
			out = m
		}
	})
	return out
}

// DragonReach appends to buf the tiles the dragon could enter in its next movement (PD-9..11): every tile at the end
// of some path of at most six steps from its tile, each step onto a placed tile not visited before in that path,
// never the fairy's tile nor a City cell; in the order first found. None while the dragon is not in play.
func (s *State) DragonReach(buf []Pos) []Pos {
	if !s.PD.DragonIn {
		return buf
	}
	from := len(buf)
	var path [DragonSteps + 1]Pos
	path[0] = s.PD.Dragon
	var walk func(depth int)
	walk = func(depth int) {
		if depth == DragonSteps {
			return
		}
		for e := 0; e < 4; e++ {
			p := path[depth].Neighbour(e)
			ti := s.TileIndex(p)
			if ti < 0 || s.isCityCell(ti) || s.PD.FairyOn && s.PD.Fairy == p {
				continue
			}
			seen := false
			for _, v := range path[:depth+1] {
				seen = seen || v == p
			}
			if seen {
				continue
			}
			known := false
			for _, q := range buf[from:] {
				known = known || q == p
			}
			if !known {
				buf = append(buf, p)
			}
			path[depth+1] = p
			walk(depth + 1)
		}
	}
	walk(0)
	return buf
}
