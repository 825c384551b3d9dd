package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// placeStep asks where the tile goes (BASE-4): the legal positions of the tile in the rotations typed, each with a
// key of its own, the nearest the last tile the shortest (menu.answerKeys: 1..9, 0, a letter, a letter and a second
// key), the same on the board and in the list; typing it lays the tile there, and so does a click on the board.
// The list begins with the place highlighted (the nearest), then the places the board does not show, then those it
// shows, each part nearest first (issue 30: late in a game at 80x24 the place a tile goes is often off the board
// even at F5, and the list is where its key is read; the board shows the others' keys). It is arranged so when the
// step opens and at each zoom (F5), the board showing as many places as it can around the highlight. The arrows do
// one thing: they move the highlight across the board to the nearest position in that direction (the list
// follows); PgUp and PgDn turn the list's pages; Enter lays the tile where the highlight is; Space turns it where a
// position takes it several ways; Esc or Backspace go back to the tile. The legend says so (ui.legend.place), and
// F1 (ui.help, ui.help.places).
type placeStep struct {
	answers
	tile  *engine.TileType
	spots []spot // in the list's order
	cur   int    // the spot highlighted
	// arranged: the list is ordered by what the board shows (arrange), at zoom level zoom; false for the abbey's
	// holes (step_abbey.go), listed nearest first, walked one a PgDn.
	arranged bool
	zoom     int
}

// spot is a legal position for the tile being placed and its legal rotations (quarter turns).
type spot struct {
	pos  engine.Pos
	rots []int
	rot  int // index into rots shown now
	// rank is the place's index nearest first (spotsOf), key its key (answerKeys by rank): kept however the list
	// is ordered.
	rank int
	key  string
}

// placeTile goes on from the tile step with tile t, typed in the rotations rots: the tile's legal positions in
// those rotations (if it fits nowhere so but in others, in every rotation), or the discard step if it fits nowhere
// (BASE-5). A tile that cannot be drawn now is refused with the referee's reason and the tile step stays.
func (e *entry) placeTile(t *engine.TileType, rots []int) {
	g, loc := e.g, e.t.u.loc
	if !slices.Contains(e.drawable(), t) {
		// Not in the stack now: the referee says why (CFG-5, RIVER-4, RIV2-3/7, COMBO-1).
		probe := g.Clone()
		err := probe.Apply(referee.Action{Colour: g.Colour(g.Active), Verb: referee.VerbDiscard, Tile: t.ID})
		var r *referee.Refusal
		if errors.As(err, &r) && r.Rule != "BASE-5" && r.Rule != "GIFT-10(d)" {
			e.t.refused(err)
			return
		}
	}
	if t.IsDragonTile() && g.S.Opts.PrincessDragon && !g.S.PD.DragonIn { // set aside, not placed (PD-5)
		e.enter(&asideStep{tileOffStep{answers: answers{e}, tile: t, rot: rots[0]}})
		return
	}
	places := g.S.LegalPlacements(t, nil)
	if len(places) == 0 {
		e.enter(&discardStep{tileOffStep{answers: answers{e}, tile: t, rot: rots[0]}})
		return
	}
	last := e.t.board.lastPos()
	spots := spotsOf(places, rots, last)
	if len(spots) == 0 {
		e.t.setStatus(loc.T("ui.not_this_way", map[string]any{"Tile": tileName(loc, t, rots[0])}), true)
		spots = spotsOf(places, []int{0, 1, 2, 3}, last)
	}
	e.enter(&placeStep{answers: answers{e}, tile: t, spots: spots})
}

func (s *placeStep) kind() step { return stepPlace }

func (s *placeStep) legend() string { return s.e.t.u.loc.T("ui.legend.place", nil) }

// show lists the positions (one legal position: the tile is laid at once).
func (s *placeStep) show() {
	e := s.e
	e.back = func() { e.enter(&tileStep{answers{e}}) }
	if len(s.spots) == 1 && len(s.spots[0].rots) == 1 {
		s.placeSpot()
		return
	}
	e.ask("ui.ask.place", map[string]any{"Tile": tileName(e.t.u.loc, s.tile, s.spots[s.cur].rots[s.spots[s.cur].rot]),
		"Count": len(s.spots)})
	if !s.arranged {
		keys := answerKeys(len(s.spots))
		for i := range s.spots { // (nearest first, as spotsOf sorts them)
			s.spots[i].rank, s.spots[i].key = i, keys[i]
		}
	}
	s.arrange()
	e.layout()
}

// arrange shows as many places on the board as it can around the highlighted one (boardView.showMost), and lists
// them: the highlighted first, then those the board does not show (off its view, or at the overview's zoom, which
// draws no keys), then those it shows, each part by rank.
func (s *placeStep) arrange() {
	e := s.e
	b := e.t.board
	s.arranged, s.zoom = true, b.zoom
	ps := make([]engine.Pos, len(s.spots))
	for i, sp := range s.spots {
		ps[i] = sp.pos
	}
	b.showMost(ps, s.cur)
	v, ok := b.view()
	shown := func(p engine.Pos) bool { return ok && !v.half && v.in(p) }
	order := []spot{s.spots[s.cur]}
	var on []spot
	for i, sp := range s.spots {
		switch {
		case i == s.cur:
		case shown(sp.pos):
			on = append(on, sp)
		default:
			order = append(order, sp)
		}
	}
	slices.SortFunc(order[1:], func(a, b spot) int { return a.rank - b.rank })
	slices.SortFunc(on, func(a, b spot) int { return a.rank - b.rank })
	s.spots, s.cur = append(order, on...), 0
	choices := make([]choice, len(s.spots))
	for i := range s.spots {
		choices[i] = choice{label: s.spotLabel(i), flow: len(s.spots[i].rots) == 1}
	}
	e.offer(choices)
	for i := range s.spots {
		if i < e.menu.count() {
			e.menu.items[i].key = s.spots[i].key // the place's own key, wherever it is listed
		}
	}
	e.menu.current = s.cur
	s.previewSpot()
	cols, rows := b.grid()
	b.gridAt = [2]int{cols, rows}
	b.regrid = func() {
		if e.placeStep == s && e.now != nil && e.now.kind() == stepPlace {
			s.arrange()
		}
	}
}

func (s *placeStep) highlight(i int) {
	s.cur = i
	s.previewSpot()
}

func (s *placeStep) choose(i int) {
	s.cur = i
	s.placeSpot()
}

// key: the arrows move to the nearest position that way on the board, PgUp PgDn turn the list's pages (the
// abbey's holes: walk them), Space turns, Backspace goes back.
func (s *placeStep) key(ev *tcell.EventKey) *tcell.EventKey {
	e := s.e
	switch ev.Key() {
	case tcell.KeyLeft, tcell.KeyRight, tcell.KeyUp, tcell.KeyDown:
		if ev.Modifiers()&tcell.ModShift == 0 {
			d := arrowDir[ev.Key()]
			s.moveSpot(d[0], d[1])
			return nil
		}
	case tcell.KeyPgDn, tcell.KeyPgUp:
		if s.arranged {
			return ev // the list turns its pages (menu.pageDown), the highlight on the first place of the page
		}
		if len(s.spots) > 0 { // the abbey's holes: one a key
			d := 1
			if ev.Key() == tcell.KeyPgUp {
				d = len(s.spots) - 1
			}
			e.menu.setCurrent((s.cur + d) % len(s.spots))
			return nil
		}
	case tcell.KeyRune:
		if ev.Rune() == ' ' {
			s.turn(1)
			return nil
		}
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		e.goBack()
		return nil
	}
	return ev
}

// click: a click on a legal position lays the tile there.
func (s *placeStep) click(p engine.Pos, _, _ int) {
	for i, sp := range s.spots {
		if sp.pos == p {
			s.cur = i
			s.e.menu.current = i
			s.placeSpot()
			return
		}
	}
}

// arrowDir is the board direction of each arrow key.
var arrowDir = map[tcell.Key][2]int{tcell.KeyLeft: {-1, 0}, tcell.KeyRight: {1, 0}, tcell.KeyUp: {0, -1},
	tcell.KeyDown: {0, 1}}

// spotsOf groups the placements in rotations rots by position, nearest the last tile first (where the players
// look, and where the next tile usually goes), then north to south, west to east: the order of the keys on the
// board.
func spotsOf(places []engine.Placement, rots []int, last engine.Pos) []spot {
	var spots []spot
	idx := map[engine.Pos]int{}
	for _, p := range places {
		if !slices.Contains(rots, p.Rot) {
			continue
		}
		if i, ok := idx[p.Pos]; ok {
			spots[i].rots = append(spots[i].rots, p.Rot)
			continue
		}
		idx[p.Pos] = len(spots)
		spots = append(spots, spot{pos: p.Pos, rots: []int{p.Rot}})
	}
	slices.SortFunc(spots, func(a, b spot) int {
		if d := dist(a.pos, last) - dist(b.pos, last); d != 0 {
			return d
		}
		if a.pos.Y != b.pos.Y {
			return a.pos.Y - b.pos.Y
		}
		return a.pos.X - b.pos.X
	})
	return spots
}

func dist(a, b engine.Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

func (p *placeStep) spotLabel(i int) string {
	s := p.spots[i]
	label := fmt.Sprintf("%d,%d", s.pos.X, s.pos.Y)
	if len(s.rots) > 1 {
		label += "  " + rotWords(p.e.t.u.loc, p.tile, s.rots, s.rot) + "  " +
			p.e.t.u.loc.N("plural.rotations", len(s.rots), nil)
	}
	return label
}

// rotWords tells rotation rots[k] of tile t from its other rotations rots as the table shows it (issue 30: not by
// degrees from a catalogue drawing nobody sees): its edge code where the codes differ, else the edges each of its
// roads, cities and rivers joins, in the user's compass letters (ic-2bends: "С+З, И+Ю" or "С+И, Ю+З").
func rotWords(loc translator, t *engine.TileType, rots []int, k int) string {
	same := true
	for _, r := range rots {
		same = same && codeOf(t, r) == codeOf(t, rots[k])
	}
	if !same {
		return codeOf(t, rots[k])
	}
	return joinWords(loc, t, rots[k])
}

// joinWords are the edges each road, city and river of tile t lying in rotation rot joins, in the user's compass
// letters, a city's pennant after its edges ("С+З, И+Ю"; "С+Ю ◆, И+З"); "" if none joins two.
func joinWords(loc translator, t *engine.TileType, rot int) string {
	var parts []string
	for l, sd := range t.Segs {
		if sd.Kind != engine.KRoad && sd.Kind != engine.KCity && sd.Kind != engine.KRiver {
			continue
		}
		var edges []string
		for e := 0; e < 4; e++ {
			if t.SegAtEdge(rot, e) == l {
				edges = append(edges, engine.EdgeNames[e])
			}
		}
		if len(edges) > 1 {
			part := localPlace(loc, strings.Join(edges, "+"))
			if sd.Pennants > 0 { // (which of two cities has the pennant: am-bridgecross's ways)
				part += " ◆"
			}
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, ", ")
}

// previewSpot shows the tile at the highlighted position, every position with its key; at a new zoom (F5) the
// list is arranged anew (arrange).
func (p *placeStep) previewSpot() {
	if p.cur < 0 || p.cur >= len(p.spots) {
		return
	}
	if p.arranged && p.zoom != p.e.t.board.zoom {
		p.arrange()
		return
	}
	s := p.spots[p.cur]
	e := p.e
	b := e.t.board
	b.clearPreview()
	b.pvTile, b.pvPos, b.pvRot = p.tile, s.pos, s.rots[s.rot]
	for i, o := range p.spots {
		b.marks = append(b.marks, o.pos)
		if i < e.menu.count() {
			b.keys = append(b.keys, e.menu.items[i].key) // the same key on the board as in the list
		}
	}
	b.typed = e.menu.pending
	e.pic.t, e.pic.rot = p.tile, s.rots[s.rot]
	if b.typed == "" { // (the first key of a key of two read off the board: the board stays, its second key shown)
		b.showAll(b.marks, p.cur)
	}
}

// moveSpot moves the highlight to the nearest position in direction dx, dy.
func (p *placeStep) moveSpot(dx, dy int) {
	if i := p.spotToward(dx, dy); i >= 0 {
		p.e.menu.setCurrent(i)
	}
}

// spotToward returns the nearest position from the highlighted one in direction dx, dy: of the positions ahead
// (further that way), the one with the least distance ahead plus twice the distance sideways; -1 if none.
func (p *placeStep) spotToward(dx, dy int) int {
	if len(p.spots) == 0 {
		return -1
	}
	from := p.spots[p.cur].pos
	best, bestD := -1, 0
	for i, s := range p.spots {
		ax, ay := s.pos.X-from.X, s.pos.Y-from.Y
		along, across := ax*dx+ay*dy, ax*dy+ay*dx
		if along <= 0 {
			continue
		}
		if across < 0 {
			across = -across
		}
		d := along + 2*across
		if best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// turn shows the next (or previous) legal rotation at the highlighted position, and turns the tile so at every
// other position where it may lie so: the tile in hand is turned, then laid by a place's key (a tile whose edge
// code shows the same edges in several rotations, like tb-2corners-wine's CCCC: Space, then the key).
func (p *placeStep) turn(d int) {
	if p.cur < 0 || p.cur >= len(p.spots) {
		return
	}
	s := &p.spots[p.cur]
	s.rot = (s.rot + d + len(s.rots)) % len(s.rots)
	r := s.rots[s.rot]
	for i := range p.spots {
		if k := slices.Index(p.spots[i].rots, r); k >= 0 {
			p.spots[i].rot = k
		}
		if i < p.e.menu.count() {
			p.e.menu.items[i].label = p.spotLabel(i)
		}
		if i < len(p.e.choices) {
			p.e.choices[i].label = p.spotLabel(i) // (what a new layout shows)
		}
	}
	// The prompt names the tile as it lies now (its edges turned: tb-corner2caps-cloth, issue 30).
	p.e.ask("ui.ask.place", map[string]any{"Tile": tileName(p.e.t.u.loc, p.tile, r), "Count": len(p.spots)})
	p.previewSpot()
}

// placeSpot lays the tile at the highlighted position in the rotation shown.
func (p *placeStep) placeSpot() {
	if p.cur < 0 || p.cur >= len(p.spots) {
		return
	}
	s := p.spots[p.cur]
	e := p.e
	// The tile typed is done with once it lies (the next tile step, maybe reached at once, starts empty); kept if
	// the referee refuses.
	typed := e.typed
	e.typed = ""
	e.justPlaced = true // the figure step may record "no figure" at once if it is the only answer
	ok := e.t.do(referee.Action{Verb: referee.VerbPlace, Tile: p.tile.ID, Pos: referee.Pos{X: s.pos.X, Y: s.pos.Y},
		Rot: s.rots[s.rot] * 90})
	e.justPlaced = false
	if !ok {
		e.typed = typed
	}
}
