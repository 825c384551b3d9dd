package tui

import (
	"strconv"
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Abbey & Mayor in the entry of a board as it lies (POS-3 amended, POS-16; position.go, step_board.go,
// step_posfig.go, step_tokens.go): the abbey is typed as one key (abbeyKey, 0) on the cell of its hole in the board
// step (the referee lays it after every other tile, POS-16); the mayor and the wagon are answers of the figures
// step on the features they may stand on (kindLetters: K, T and the feature's key); the barn's answers are the
// corners of the tile under the cursor that are barn points, each player's barn one key, shown at its corner on
// the board (cornerKeys); and the tokens step has whether each player still holds an abbey.

// posLayAbbey lays an abbey on the cell under the cursor of the board step (POS-16): it asks whose abbey it is (a
// player who holds one, in seating order: one key), and enters that player's abbey as no longer held with the tile
// line `am-abbey` on the cell, one step (Ctrl-Z takes both back); the cursor moves on to the right.
func (s *boardStep) posLayAbbey() bool {
	e := s.e
	g := e.g
	if !g.S.Opts.AbbeyMayor || strings.TrimSpace(e.input.GetText()) != "" {
		return false
	}
	pos := e.t.u.pos
	cur := pos.cur
	tile := referee.PositionLine{Kind: referee.PosTile, Tile: referee.TileAbbey, Pos: referee.Pos{X: cur.X, Y: cur.Y}}
	var list []choice
	for p := 0; p < g.Players(); p++ {
		held := referee.PositionLine{Kind: referee.PosAbbey, Colour: g.Colour(p)}
		c := choice{label: e.t.names.who(p), next: func() {
			e.t.posDo(func(st posSteps) error {
				n := len(pos.draft().Lines())
				i, err := st.Set(held)
				if err != nil {
					return err
				}
				if err := st.Add(tile); err != nil {
					if len(pos.draft().Lines()) > n {
						st.Remove(i) // the abbey's holder as it was
					} else {
						held.N = 1
						st.Set(held)
					}
					return err
				}
				return nil
			}, func() {
				laid := cur
				pos.last = &laid
				pos.cur = engine.Pos{X: cur.X + 1, Y: cur.Y}
			})
		}}
		if !g.S.Abbeys[p] {
			c = e.refused(c, errAbbeyNotHeld())
		}
		list = append(list, c)
	}
	e.enter(&pickStep{answers: answers{e}, prompt: "ui.pos.am.ask_abbey_whose",
		data: map[string]any{"Cell": cur.String()}, list: list, back: e.t.refresh})
	e.focus()
	return true
}

// errAbbeyNotHeld is the refusal of a second abbey of a player in a position (POS-16: one abbey a player).
func errAbbeyNotHeld() error {
	return &referee.Refusal{Rule: "POS-16", Key: "err.am.abbey_placed"}
}

// posAMKinds are the figures of Abbey & Mayor a feature of the figures step may take: the mayor and the wagon
// (their answers left out where the referee refuses them, as the large follower's are: AM-11, AM-14).
func (e *entry) posAMKinds() []engine.FigureKind {
	if !e.g.S.Opts.AbbeyMayor {
		return nil
	}
	return []engine.FigureKind{engine.Mayor, engine.Wagon}
}

// posAMSupplied reports whether a feature no follower may stand on for why may still take a mayor or a wagon, who
// are not followers of the supply (CFG-2 amended, AM-2): the followers used up.
func (e *entry) posAMSupplied(why error) bool {
	return e.g.S.Opts.AbbeyMayor && ruleOf(why) == "CFG-2"
}

// posBarnChoices are the barn's answers on the tile at cur: at each of its corners that is a barn point (DEF-19),
// each player's barn (the referee refuses it on the way in where it may not stand: one barn a player, POS-3; a
// field with a farmer, AM-24), then the barns standing at its corners, to take off.
func (e *entry) posBarnChoices(cur engine.Pos) []choice {
	g, loc := e.g, e.t.u.loc
	if !g.S.Opts.AbbeyMayor || !g.S.Opts.Farmers || g.S.TileIndex(cur) < 0 {
		return nil
	}
	d := e.t.u.pos.draft()
	var out, off []choice
	for c := 0; c < 4; c++ {
		seg, se := g.S.BarnPoint(cur, c)
		if seg < 0 {
			continue
		}
		corner := engine.CornerNames[c]
		for p := 0; p < g.Players(); p++ {
			l := referee.PositionLine{Kind: referee.PosBarn, Colour: g.Colour(p),
				Target: referee.FeatureRef{Pos: referee.Pos{X: cur.X, Y: cur.Y}, Place: corner}}
			// (the referee says on the way in whether it may stand: one barn a player, no farmer on its field)
			out = append(out, choice{label: loc.T("ui.am.barn_at", map[string]any{"Corner": localPlace(loc, corner)}) +
				" — " + e.t.names.badge(p) + " " + e.t.names.plain(p), figure: engine.Barn,
				target: "barn " + corner + " p" + strconv.Itoa(p),
				next:   func() { e.t.posDo(func(st posSteps) error { return st.Add(l) }, nil) }})
		}
		for i, fl := range d.Lines() { // a barn at this point, whichever tile its line names
			k, ok := engine.ParseCorner(fl.Target.Place)
			if fl.Kind != referee.PosBarn || !ok {
				continue
			}
			if s2, se2 := g.S.BarnPoint(engine.Pos{X: fl.Target.Pos.X, Y: fl.Target.Pos.Y}, k); s2 < 0 || se2 != se {
				continue
			}
			i, p := i, g.Player(fl.Colour)
			off = append(off, choice{label: loc.T("ui.pos.take_off", map[string]any{
				"Figure": e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + loc.T("term.barn", nil) + ", " +
					localPlace(loc, corner)}),
				next: func() { e.t.posDo(func(st posSteps) error { return st.Remove(i) }, nil) }})
		}
	}
	return append(out, off...)
}

// barnTarget returns the corner (engine.CornerNames index) an answer's target names, for the barn ("barn NW", or
// "barn NW p1" in the entry of a position); false for any other answer.
func barnTarget(target string) (int, bool) {
	f := strings.Fields(target)
	if len(f) < 2 || f[0] != "barn" {
		return 0, false
	}
	return engine.ParseCorner(f[1])
}

// posAbbeyChoice is the tokens step's answer for the abbeys still held (POS-16): each player's 0 or 1; choosing it
// asks which player's to turn over.
func (s *tokenStep) posAbbeyChoice() []choice {
	e := s.e
	g, loc := e.g, e.t.u.loc
	if !g.S.Opts.AbbeyMayor {
		return nil
	}
	held := func(p int) int { return b2i(g.S.Abbeys[p]) }
	return []choice{{label: loc.T("ui.pos.am.opt_abbeys", map[string]any{"List": s.perPlayer(held)}), next: func() {
		var list []choice
		for p := 0; p < g.Players(); p++ {
			l := referee.PositionLine{Kind: referee.PosAbbey, Colour: g.Colour(p), N: 1 - held(p)}
			list = append(list, choice{label: loc.T("ui.pos.am.abbey_held", map[string]any{"Player": e.t.names.who(p),
				"N": held(p), "New": 1 - held(p)}), next: s.set(l)})
		}
		s.pick("ui.pos.am.ask_abbey", nil, list)
	}}}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
