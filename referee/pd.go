package referee

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/karkason/karkason/engine"
)

// The Princess & the Dragon at the table (RULES-PD.md; the rules themselves are the engine's, engine/pd.go): the
// set-aside dragon tiles (PD-5, Bag.Aside), the volcano that puts the dragon in play (PD-6, COMBO-30), the dragon's
// movement as a round of its own (PhaseDragon, SEQ-5a: after the figure step, before the moving-out round and the
// scoring; six steps by the players clockwise from the active one, PD-9; ended early by a dead end, PD-11), the
// fairy's point at the start of a turn (SEQ-0, PD-17), and the figure step's new actions: the fairy (PD-14), the
// princess (PD-21) and a portal's placement on any tile (PD-23).
//
// Rulings kept here (the engine's are in engine/pd.go):
//
//   - OPEN-29: no fairy point in River II's volcano extra turn, nor in the second part of a double turn: beginTurn
//     calls fairyPoint only for a new turn that is not the volcano's extra turn.
//   - A record that ends while dragon steps are due (record format, P&D section 2): Settle ends the movement where
//     it stands (announced, PD-9) and scores the turn part as the board lies, so that `end` and `replay --final`
//     tally the game without the missing steps.
//   - The bag's count: set-aside tiles are in no stack (Bag.Aside); they go back into the land stack when the dragon
//     comes into play (PD-5); if the land stack runs out first, they are never played (PD-5(c)): a tile set aside
//     from the last tile of the stack ends the game as a discard of it would (END-1).
//   - The two garden variants of a piece (pd-dragoncap/pd-dragoncapg, pd-princesscorner/pd-princesscornerg) are one
//     piece: naming the variant whose count is 0 takes the piece's copy (gardenVariant).

// pdGame is what a game keeps of the dragon's movement in the current turn part (SEQ-5a).
type pdGame struct {
	due     bool         // the tile placed in this part has the dragon symbol and the dragon is in play (PD-8)
	steps   int          // steps made in the current or last movement (PD-9)
	visited []engine.Pos // the movement's start tile and every tile it entered (PD-10(b))
	over    string       // why the last movement of this part ended: "PD-9" six steps, "PD-11" a dead end, "" none
}

// DragonMover returns whose step of the dragon it is (PD-9: the active player first, then clockwise), -1 outside a
// movement.
func (g *Game) DragonMover() int {
	if g.Phase != PhaseDragon {
		return -1
	}
	return (g.Active + g.pd.steps) % g.Players()
}

// DragonSteps returns the steps made in the dragon's current movement (0..6).
func (g *Game) DragonSteps() int { return g.pd.steps }

// DragonVisited returns the tiles of the current movement: its start and every tile entered (PD-10(b)).
func (g *Game) DragonVisited() []engine.Pos { return g.pd.visited }

// DragonOpen returns the tiles the dragon may step onto now (PD-10), none outside a movement.
func (g *Game) DragonOpen() []engine.Pos {
	if g.Phase != PhaseDragon {
		return nil
	}
	return g.S.DragonOpen(g.pd.visited, nil)
}

// setAsideBack shuffles the set-aside dragon tiles back into the land stack (PD-5).
func (b *Bag) setAsideBack() int {
	n := len(b.Aside)
	for _, t := range b.Aside {
		b.Land[t.Index]++
		b.land++
	}
	b.Aside = nil
	return n
}

// gardenVariant returns the tile a player names as drawn, taking a piece of two printings (tiles-pd.md section 4
// item 4) by either of its ids: if t has no copy of its own and its variant with a garden ("<id>g") or without one
// has a copy left, that copy becomes t's.
func (g *Game) gardenVariant(t *engine.TileType) {
	if t.Set != "pd" || g.Bag.Land[t.Index] > 0 {
		return
	}
	other := g.Cat.Tile(t.ID + "g")
	if len(t.ID) > 1 && t.ID[len(t.ID)-1] == 'g' {
		if o := g.Cat.Tile(t.ID[:len(t.ID)-1]); o != nil && o.Set == "pd" {
			other = o
		}
	}
	if other != nil && other.Set == "pd" && g.Bag.Land[other.Index] > 0 {
		g.Bag.Land[other.Index]--
		g.Bag.Land[t.Index]++
	}
}

// aside handles "aside" (PD-5): the active player drew a dragon tile while the dragon is not in play; it is set
// aside and another tile is drawn in the same turn part.
func (g *Game) aside(a Action) error {
	if !g.S.Opts.PrincessDragon {
		return refusal("CFG-3", "err.pd_no_module")
	}
	if t := g.Cat.Tile(a.Tile); t != nil { // the rule of the aside itself first, then whether it can be drawn
		switch {
		case !t.IsDragonTile():
			return refusal("PD-5", "err.pd_aside_not_dragon", "tile", t.ID)
		case g.S.PD.DragonIn:
			return refusal("PD-5", "err.pd_aside_dragon_in_play", "tile", t.ID)
		}
	}
	t, err := g.drawn(a.Tile)
	if err != nil {
		return err
	}
	g.Bag.take(t)
	g.Bag.Aside = append(slices.Clone(g.Bag.Aside), t)
	g.part.begun = true
	g.part.drew = true // a tile was drawn: no abbey instead any more (AM-3(a))
	g.announce(g.Active, "PD-5", "ev.pd_set_aside", "tile", t.ID)
	g.pdTwoChoicesAside() // COMBO-37(e), pd_twochoices.go
	if g.Bag.Spring == nil && !g.Bag.InRiverPhase() && g.Bag.LandLeft() == 0 {
		g.lastTurn = true
		g.endPart() // nothing left to draw: the game ends (PD-5(c), END-1)
	}
	return nil
}

// pdPlaced applies the symbols of tile idx just placed (SEQ-3): a volcano puts the dragon on it and, if that brings
// the dragon into play, the set-aside tiles go back (PD-5, PD-6, COMBO-30); a dragon tile makes the dragon move after
// the figure step (PD-8).
func (g *Game) pdPlaced(idx int) {
	g.pd = pdGame{}
	y, _ := g.S.Symbol(idx)
	switch y {
	case engine.SymVolcano:
		first := g.S.LandDragon(idx)
		p := g.S.Tiles[idx].Pos
		g.announce(g.Active, g.volcanoRule(idx), "ev.pd_dragon_lands", "pos", Pos{p.X, p.Y}.String())
		if n := len(g.Bag.Aside); first && n > 0 {
			g.Bag.setAsideBack()
			g.announce(-1, "PD-5", "ev.pd_aside_back", "count", n)
		}
	case engine.SymDragon:
		g.pd.due = true
	}
}

// volcanoRule is the rule that puts the dragon on the volcano at tile idx: PD-6, COMBO-30 for River II's lake.
func (g *Game) volcanoRule(idx int) string {
	if g.S.Tiles[idx].Type.Set == "river2" {
		return "COMBO-30"
	}
	return "PD-6"
}

// beginDragon begins the dragon's movement (SEQ-5a, PD-8): the dragon's tile is its start, visited (PD-10(b)); a
// dragon with no open tile does not move (PD-11).
func (g *Game) beginDragon() {
	g.pd.due = false
	g.pd.steps = 0
	g.pd.visited = append(g.pd.visited[:0:0], g.S.PD.Dragon)
	g.Phase = PhaseDragon
	g.announce(-1, "PD-8", "ev.pd_dragon_moves")
	g.nextDragonStep()
}

// nextDragonStep announces the next step's mover, or ends the movement after six steps (PD-9) or at a dead end
// (PD-11) and goes on to the scoring step.
func (g *Game) nextDragonStep() {
	switch {
	case g.pd.steps >= engine.DragonSteps:
		g.pd.over = "PD-9"
		g.announce(-1, "PD-9", "ev.pd_dragon_done")
	case len(g.S.DragonOpen(g.pd.visited, nil)) == 0:
		g.pd.over = "PD-11"
		g.announce(-1, "PD-11", "ev.pd_dragon_dead_end", "steps", g.pd.steps)
	default:
		g.announce(g.DragonMover(), "PD-9", "ev.pd_dragon_go", "step", g.pd.steps+1)
		return
	}
	g.Phase = PhaseFigure // left by startScoring at once
	g.startScoring()
}

// dragonStep handles "dragon" during the movement: the mover's step onto an open tile (PD-9, PD-10), eating every
// figure there (PD-12, PD-13).
func (g *Game) dragonStep(a Action, who int) error {
	if m := g.DragonMover(); who != m {
		return refusal("PD-9", "err.pd_dragon_not_your_step", "player", g.Name(m), "colour", string(g.Colour(m)))
	}
	p := engine.Pos{X: a.Pos.X, Y: a.Pos.Y}
	before := g.S.Pairs()
	specials := g.specialsOnBoard()
	var buf [16]int
	n := len(g.S.FiguresOnTile(p, buf[:0]))
	eaten, err := g.S.DragonStep(p, g.pd.visited, buf[:0])
	if err != nil {
		return err
	}
	g.pd.steps++
	g.pd.visited = append(g.pd.visited, p)
	g.announce(who, "PD-9", "ev.pd_dragon_stepped", "pos", a.Pos.String(), "step", g.pd.steps)
	for i, fi := range eaten {
		f := &g.S.Figures[fi]
		if i >= n {
			break // the builders and pigs that went back with them: announceSpecialsBack says so
		}
		g.announce(int(f.Player), "PD-12", "ev.pd_eaten", "colour", string(g.Colour(int(f.Player))),
			"figure", f.Kind.String(), "pos", a.Pos.String())
	}
	g.announceSpecialsBack(specials) // PD-13(a)
	g.announceEndedChallenges(who, before)
	g.nextDragonStep()
	return nil
}

// dragonLineRefusal refuses a dragon line outside a movement, until the next tile is placed: a seventh step (PD-9), a
// step after a dead end (the tile it names is closed, PD-10; PD-11), a step without a dragon tile (PD-8).
func (g *Game) dragonLineRefusal(a Action) error {
	switch g.pd.over {
	case "PD-9":
		return refusal("PD-9", "err.pd_dragon_seventh")
	case "PD-11": // every tile is closed to the dragon: the line names one, and why (PD-10)
		if err := g.S.CanDragonStep(engine.Pos{X: a.Pos.X, Y: a.Pos.Y}, g.pd.visited); err != nil {
			return err
		}
		return refusal("PD-11", "err.pd_dragon_ended")
	}
	return refusal("PD-8", "err.pd_no_dragon_move")
}

// pdDragonDue refuses any other line while a dragon step is due (PD-9(a)).
func (g *Game) pdDragonDue() *Refusal {
	m := g.DragonMover()
	return refusal("PD-9(a)", "err.pd_dragon_step_due", "player", g.Name(m), "colour", string(g.Colour(m)))
}

// fairyPoint scores the fairy's point at the start of the active player's turn (SEQ-0, PD-17).
func (g *Game) fairyPoint() {
	if !g.S.Opts.PrincessDragon {
		return
	}
	from, events, before := len(g.scoreLog), len(g.Events), g.S.Scores
	g.scoreLog = g.S.FairyTurnPoint(g.scoreLog)
	g.announceLogged(from)
	f := fairyStart{turn: g.TurnNo, actions: len(g.Actions), log: from, events: events}
	if g.applying {
		f.actions++ // (the action being applied, which began this turn, joins the record once accepted)
	}
	for p := range f.points {
		f.points[p] = g.S.Scores[p] - before[p]
	}
	g.fairyStart = f
}

// fairyStart is the fairy's point at the start of a turn (PD-17): the turn, the record's actions then, where the
// score log and the events stood before it, and the points given.
type fairyStart struct {
	turn, actions, log, events int
	points                     [engine.MaxPlayers]int
}

// takeBackFairyPoint takes back the fairy's point given at the start of the current turn when the game ends before
// anything of that turn was entered (`end` between turns, or the aids' "if the game ended now"): that turn is never
// played, and PD-26 gives no fairy point after the last turn.
func (g *Game) takeBackFairyPoint() {
	f := g.fairyStart
	if f.turn != g.TurnNo || f.actions != len(g.Actions) || g.Phase != PhaseTile || g.part.no != 1 ||
		f.points == [engine.MaxPlayers]int{} {
		return
	}
	for p, n := range f.points {
		g.S.Scores[p] -= n
		g.S.Turn.Gained[p] -= n
	}
	if f.log < len(g.scoreLog) && f.events <= len(g.Events) { // (a copy without its logs has neither, clone)
		g.scoreLog, g.Events = g.scoreLog[:f.log], g.Events[:f.events]
	}
	g.fairyStart = fairyStart{}
}

// fairy handles "fairy" as the figure step's action (PD-14): the fairy next to the player's own follower named.
func (g *Game) fairy(a *Action, who int) error {
	g.lastFigure = figureStep{player: who, kind: a.FigureKind(), pd: "PD-14(a)"}
	if r := comboFairyRefusal(a); r != nil { // COMBO-58(a), combo.go
		return r
	}
	seg, err := g.S.FeatureAt(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}, a.Target.Place)
	if err != nil {
		return err
	}
	kind := a.FigureKind()
	fi := g.S.FigureAt(who, kind, seg)
	if fi >= 0 && fi == g.S.PD.FairyFig {
		// Two figures of the player's alike on that feature (two monks, Synod): the line names the one the fairy is
		// not next to (PD-14(c) lets it move to another of the player's followers on the same tile), as Legal lists.
		for i := range g.S.Figures {
			if f := &g.S.Figures[i]; i != fi && f.Where == engine.OnBoard && int(f.Player) == who && f.Kind == kind &&
				f.Seg == seg {
				fi = i
				break
			}
		}
	}
	if fi < 0 {
		if kind.IsSpecial() {
			return refusal("PD-14(b)", "err.pd_fairy_special", "figure", kind.String())
		}
		for p := range g.Players() {
			if g.S.FigureAt(p, kind, seg) >= 0 {
				return refusal("PD-14", "err.pd_fairy_not_own")
			}
		}
		return refusal("PD-14", "err.pd_fairy_no_follower")
	}
	if err := g.S.MoveFairy(who, fi); err != nil {
		return err
	}
	g.announce(who, "PD-14", "ev.pd_fairy_moved", "pos", a.Target.String())
	g.startScoring()
	return nil
}

// princess handles "princess" as the figure step's action (PD-21): a knight of the princess's city goes back.
func (g *Game) princess(a *Action, who int) error {
	g.lastFigure = figureStep{player: who, kind: a.FigureKind(), pd: "PD-21(c)"}
	victim := g.Player(a.Victim)
	if victim < 0 {
		return refusal("CFG-1", "err.colour_not_seated", "colour", string(a.Victim))
	}
	if y, _ := g.S.Symbol(g.part.tile); y != engine.SymPrincess {
		return refusal("PD-21", "err.pd_no_princess")
	}
	seg, err := g.S.FeatureAt(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}, a.Target.Place)
	if err != nil {
		return err
	}
	kind := a.FigureKind()
	fi := g.S.FigureAt(victim, kind, seg)
	if fi < 0 {
		if kind.IsSpecial() {
			return refusal("PD-21(f)", "err.pd_princess_not_knight", "figure", kind.String())
		}
		return refusal("PD-21", "err.pd_princess_no_knight")
	}
	specials := g.specialsOnBoard()
	if _, err := g.S.Princess(who, g.part.tile, fi, nil); err != nil {
		return err
	}
	g.announce(victim, "PD-21", "ev.pd_princess_removed", "colour", string(a.Victim), "figure", kind.String(),
		"pos", a.Target.String())
	g.announceSpecialsBack(specials) // PD-21(b)
	g.startScoring()
	return nil
}

// portalDeploy handles "deploy <figure> x,y:place" (PD-23): on the tile just placed it is the ordinary placement;
// on any other tile it needs the portal of the tile just placed (else BASE-6, record format P&D section 2).
func (g *Game) portalDeploy(a *Action, who int) error {
	if ok, err := g.comboPortalBarn(a, who); ok { // COMBO-59(b), combo.go
		return err
	}
	p := engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}
	ti := g.S.TileIndex(p)
	if ti == g.part.tile {
		b := *a
		b.Place, b.Target = a.Target.Place, FeatureRef{}
		return g.figure(&b, who)
	}
	g.lastFigure = figureStep{player: who, kind: a.FigureKind(), deploy: true}
	if y, _ := g.S.Symbol(g.part.tile); y != engine.SymPortal {
		return refusal("BASE-6", "err.pd_not_this_tile", "pos", a.Target.Pos.String())
	}
	if ti < 0 {
		return refusal("BASE-6", "err.no_tile_there", "pos", a.Target.Pos.String())
	}
	local, err := g.S.SegByPlace(ti, a.Target.Place)
	if err != nil {
		return err
	}
	if _, err := g.S.DeployThrough(who, a.FigureKind(), ti, local); err != nil {
		return err
	}
	g.announce(who, "PD-23", "ev.pd_portal", "pos", a.Target.String())
	if seg := g.S.Tiles[ti].Seg(local); g.S.SegKind(seg).IsCloister() {
		g.announceStarted(who, seg) // COMBO-35
	}
	g.startScoring()
	return nil
}

// pdFigureRefusal refuses a figure-step line (deploy, return-abbot, pass, fairy, princess) after the fairy or the
// princess took the figure step (PD-14(a), PD-21(c)), or a fairy or princess line after another figure-step action
// (PD-14(a), PD-21(c), PD-20); nil otherwise.
func (g *Game) pdFigureRefusal(a Action, who int) *Refusal {
	f := g.lastFigure
	if f.player != who || !g.S.Opts.PrincessDragon {
		return nil
	}
	switch {
	case f.pd != "":
		return refusal(f.pd, "err.pd_figure_step_once")
	case a.Verb == VerbFairy:
		return refusal("PD-14(a)", "err.pd_figure_step_once")
	case a.Verb == VerbPrincess:
		return refusal("PD-21(c)", "err.pd_figure_step_once")
	}
	return nil
}

// legalPDFigure appends the figure step's P&D actions (PD-14, PD-21, PD-23): the fairy next to each of the active
// player's followers it may go to, each knight the princess may send back, each portal placement.
func (g *Game) legalPDFigure(out []Action) []Action {
	s, who, c := g.S, g.Active, g.Colour(g.Active)
	if !s.Opts.PrincessDragon || g.part.tile < 0 {
		return out
	}
	type named struct { // one action per figure as the record names it (two monks of one colour: Synod)
		seg    int32
		kind   engine.FigureKind
		player int8
	}
	seen := map[named]bool{}
	once := func(f *engine.Figure) bool {
		k := named{f.Seg, f.Kind, f.Player}
		if seen[k] {
			return false
		}
		seen[k] = true
		return true
	}
	for i := range s.Figures {
		f := &s.Figures[i]
		if int(f.Player) == who && f.Where == engine.OnBoard && s.CanMoveFairy(who, i) == nil && once(f) {
			out = append(out, naming(Action{Colour: c, Verb: VerbFairy, Target: g.exactRef(f.Seg)}, f.Kind))
		}
	}
	clear(seen)
	for _, fi := range s.PrincessKnights(g.part.tile, nil) {
		if f := &s.Figures[fi]; s.CanPrincess(who, g.part.tile, fi) == nil && once(f) {
			out = append(out, naming(Action{Colour: c, Verb: VerbPrincess, Victim: g.Colour(int(f.Player)),
				Target: g.exactRef(f.Seg)}, f.Kind))
		}
	}
	if y, _ := s.Symbol(g.part.tile); y == engine.SymPortal {
		for ti := range s.Tiles {
			if ti == g.part.tile {
				continue
			}
			for l := range s.Tiles[ti].Type.Segs {
				for _, kind := range append([]engine.FigureKind{engine.Follower, engine.Large, engine.Abbot},
					g.comboPortalKinds()...) { // the mayor and the wagon: COMBO-59(a)
					if s.CanDeployThrough(who, kind, ti, l) == nil {
						p := s.Tiles[ti].Pos
						out = append(out, naming(Action{Colour: c, Verb: VerbDeploy,
							Target: FeatureRef{Pos{p.X, p.Y}, s.PlaceName(ti, l)}}, kind))
					}
				}
			}
		}
	}
	return out
}

// exactRef names segment seg itself (not its feature's root): the place a figure stands on.
func (g *Game) exactRef(seg int32) FeatureRef {
	ti, l := g.S.SegTile(seg)
	p := g.S.Tiles[ti].Pos
	return FeatureRef{Pos{p.X, p.Y}, g.S.PlaceName(ti, l)}
}

// legalDragon lists the mover's steps (PD-9, PD-10).
func (g *Game) legalDragon() []Action {
	m := g.DragonMover()
	if m < 0 {
		return nil
	}
	var out []Action
	for _, p := range g.DragonOpen() {
		out = append(out, Action{Colour: g.Colour(m), Verb: VerbDragon, Pos: Pos{p.X, p.Y}})
	}
	return out
}

// legalAside lists "aside" for each dragon tile that can be drawn while the dragon is not in play (PD-5).
func (g *Game) legalAside(out []Action) []Action {
	if !g.S.Opts.PrincessDragon || g.S.PD.DragonIn || g.part.tile >= 0 {
		return out
	}
	// After Two Choices' first aside only the second (COMBO-37(e)).
	pair := g.pdTwoChoicesPair() != nil
	out = slices.DeleteFunc(out, func(a Action) bool { // a dragon tile is set aside, not placed (PD-5)
		t := g.Cat.Tile(a.Tile)
		return (a.Verb == VerbPlace || a.Verb == VerbDiscard) && (pair || t != nil && t.IsDragonTile())
	})
	for _, t := range g.Bag.Drawable(g.Cat) {
		if t.IsDragonTile() {
			out = append(out, Action{Colour: g.Colour(g.Active), Verb: VerbAside, Tile: t.ID})
		}
	}
	return out
}

// pdSummary adds the dragon's and the fairy's places and the tiles set aside to a replay summary (record format, P&D
// section 4), only with the module.
func (g *Game) pdSummary(s *Summary) {
	if !g.S.Opts.PrincessDragon {
		return
	}
	raw := func(v any) *json.RawMessage {
		b, _ := json.Marshal(v)
		m := json.RawMessage(b)
		return &m
	}
	pd := &g.S.PD
	s.Dragon, s.Fairy = raw(nil), raw(nil)
	if pd.DragonIn {
		s.Dragon = raw([2]int{pd.Dragon.X, pd.Dragon.Y})
	}
	if pd.FairyOn {
		f := struct {
			At     [2]int `json:"at"`
			Colour Colour `json:"colour,omitempty"`
			Place  string `json:"place,omitempty"`
		}{At: [2]int{pd.Fairy.X, pd.Fairy.Y}}
		if p := g.S.FairyOwner(); p >= 0 {
			f.Colour, f.Place = g.Colour(p), g.exactRef(g.S.Figures[pd.FairyFig].Seg).Place
		}
		s.Fairy = raw(f)
	}
	for _, t := range g.Bag.Aside {
		s.Aside = append(s.Aside, t.ID)
	}
	for _, ev := range g.Events { // every figure eaten, in the breakdown's notes (record format, P&D section 4)
		if ev.Key == "ev.pd_eaten" {
			d := ev.Data()
			s.Notes = append(s.Notes, fmt.Sprintf("PD-12: %v %v eaten by the dragon at %v (turn %d)", d["colour"],
				d["figure"], d["pos"], ev.Turn))
		}
	}
}

// DragonAidJSON is the dragon's aid (issue 28): where it stands, and the tiles it could enter in its next movement
// with the figures standing on them (what a dragon tile drawn now would put at risk, PD-9..12).
type DragonAidJSON struct {
	At    [2]int         `json:"at"`
	Reach []ReachAidJSON `json:"reach"`
}

// ReachAidJSON is one tile the dragon could enter next: its place and the figures on it ("red follower E").
type ReachAidJSON struct {
	At      [2]int   `json:"at"`
	Figures []string `json:"figures,omitempty"`
}

// FairyAidJSON is what the fairy is worth to its owner (PD-17, PD-18): 1 point at the start of each of their turns
// and 3 when its follower's feature is scored (at the latest at the end).
type FairyAidJSON struct {
	Colour    Colour `json:"colour"`
	Feature   string `json:"feature"`
	PerTurn   int    `json:"per_turn"`
	AtScoring int    `json:"at_scoring"`
}

// pdAids returns the dragon's and the fairy's aids, nil for either that is not on the board (or without the module).
func (g *Game) pdAids() (*DragonAidJSON, *FairyAidJSON) {
	s := g.S
	var d *DragonAidJSON
	var f *FairyAidJSON
	if s.PD.DragonIn {
		d = &DragonAidJSON{At: [2]int{s.PD.Dragon.X, s.PD.Dragon.Y}, Reach: []ReachAidJSON{}}
		for _, p := range s.DragonReach(nil) {
			r := ReachAidJSON{At: [2]int{p.X, p.Y}}
			for _, fi := range s.FiguresOnTile(p, nil) {
				fig := &s.Figures[fi]
				r.Figures = append(r.Figures, string(g.Colour(int(fig.Player)))+" "+fig.Kind.String()+" "+
					g.exactRef(fig.Seg).Place)
			}
			d.Reach = append(d.Reach, r)
		}
	}
	if p := s.FairyOwner(); p >= 0 {
		f = &FairyAidJSON{Colour: g.Colour(p), Feature: g.exactRef(s.Figures[s.PD.FairyFig].Seg).String(),
			PerTurn: engine.FairyTurnPoints, AtScoring: engine.FairyBonus}
	}
	return d, f
}
