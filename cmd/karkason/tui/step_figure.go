package tui

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// figureStep asks for the figure (SEQ-5): a follower or the abbot onto a place of the tile just laid, no figure, or the
// abbot back (ABBOT-6), as the referee lists them. The order: the features of the tile in its order, each with its
// followers' answers (then the large follower's, the builder's and the pig's, kindLetters), then the abbot's, no
// figure, the abbot back. A feature of the tile no figure may go on (an occupied city this tile completes, BASE-7; the
// river, RIVER-8) stays in the list greyed with the referee's reason (Game.Check of a follower there), so that each
// feature of the tile has its key whether or not it can take a figure, and F3 explains it; without farmers the fields
// are not in play and are not listed. Enter takes "no figure" (at the table Enter means "nothing more"): it is
// highlighted first, and a figure is one key or a click on the tile away (issue 9). When "no figure" is the only answer
// that can be taken (no figure in the supply, or every place of the tile taken) and the tile was just laid through the
// entry, it is recorded at once, as a tile with one legal place is laid at once, and the status line says so; after an
// undo the step asks again (or Ctrl-Z could never go back past it).
type figureStep struct{ answers }

func (s *figureStep) kind() step { return stepFigure }

// legend: Enter (or the next tile's edges, key) for no figure, a figure by its key or a click.
func (s *figureStep) legend() string { return s.e.t.u.loc.T("ui.legend.figure_next", nil) }

func (s *figureStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	ti := len(g.S.Tiles) - 1
	var deploys, rest []choice
	onSeg := map[int]bool{} // the tile's features with an answer
	for _, a := range e.legal() {
		a := a
		switch a.Verb {
		case referee.VerbDeploy:
			if a.Barn { // at a corner of the tile (AM-21): an answer of its own (step_abbey.go)
				rest = append(rest, e.barnChoice(&a))
				continue
			}
			if !a.Target.IsZero() { // through a magic portal (PD-23, step_figure_pd.go)
				if c, ok := s.portalChoice(&a); ok {
					deploys = append(deploys, c)
				}
				continue
			}
			l, err := g.S.SegByPlace(ti, a.Place)
			if err != nil {
				continue
			}
			onSeg[l] = true
			seg := g.S.Tiles[ti].Seg(l)
			c := choice{label: s.deployLabel(a), act: &a, preview: e.showFigure(seg, a.FigureKind()),
				seg: seg, hasSeg: true, figure: a.FigureKind(), target: segTarget(seg)}
			switch {
			case c.figure == engine.Follower:
				c.short = e.segShort(seg) // (a follower is what its feature makes it: a farmer on a field)
			case kindLetters[c.figure] != "": // its key is the follower's on that feature with its letter
				c.short = e.figureWord(c.figure, g.S.SegKind(seg))
			}
			deploys = append(deploys, c)
		case referee.VerbFairy, referee.VerbPrincess: // step_figure_pd.go
			if c, ok := s.pdChoice(&a); ok {
				rest = append(rest, c)
			}
		case referee.VerbPass:
			rest = append([]choice{{label: loc.T("ui.opt.pass", nil), act: &a}}, rest...)
		case referee.VerbReturnAbbot:
			seg := s.abbotAt(a.Pos)
			rest = append(rest, choice{label: loc.T("ui.opt.return_abbot", map[string]any{"Feature": e.segWhere(seg)}),
				act: &a, preview: e.showFigure(seg, engine.Abbot)})
		}
	}
	// A feature of the tile with no answer: greyed, with why a follower may not go there (the referee's refusal).
	t := &g.S.Tiles[ti]
	for l, sd := range t.Type.Segs {
		if onSeg[l] || (sd.Kind == engine.KField && !g.S.Opts.Farmers) {
			continue
		}
		a := referee.Action{Colour: g.Colour(e.who), Verb: referee.VerbDeploy, Place: g.S.PlaceName(ti, l)}
		if why := g.Check(a); why != nil {
			seg := t.Seg(l)
			deploys = append(deploys, e.refused(choice{label: e.segName(seg), short: e.segShort(seg), seg: seg,
				hasSeg: true, target: segTarget(seg)}, why))
		}
	}
	// In the tile's order of its features; on each, the follower first (kindLetters: then the large follower, who
	// shares its key), the abbot's answers after all of them.
	slices.SortStableFunc(deploys, func(a, b choice) int {
		if d := figureOrder(a.figure) - figureOrder(b.figure); d != 0 && (a.figure == engine.Abbot || b.figure == engine.Abbot) {
			return d
		}
		if d := s.segOrder(a.seg) - s.segOrder(b.seg); d != 0 {
			return d
		}
		return figureOrder(a.figure) - figureOrder(b.figure)
	})
	deploys = e.withBase(deploys, func(a referee.Action) (referee.Action, string, string) {
		a.Large, a.Builder, a.Pig = false, false, false
		if !a.Target.IsZero() { // through a magic portal (PD-23)
			seg, _ := e.refSeg(a.Target)
			return a, s.deployLabel(a), e.segWhere(seg)
		}
		l, _ := g.S.SegByPlace(ti, a.Place)
		return a, s.deployLabel(a), e.segShort(g.S.Tiles[ti].Seg(l))
	})
	e.foldFigures(deploys)
	// Where the answers do not all fit, the question is short: the tile just laid is on the board, under the cursor.
	e.askCompact("ui.ask.figure", "ui.figlist.ask_figure",
		map[string]any{"Tile": tileName(loc, g.S.Tiles[ti].Type, int(g.S.Tiles[ti].Rot))})
	choices := append(deploys, rest...)
	pass := slices.IndexFunc(choices, func(c choice) bool { return c.act != nil && c.act.Verb == referee.VerbPass })
	if e.justPlaced && pass >= 0 && !slices.ContainsFunc(choices, func(c choice) bool {
		return c.why == nil && c.act != nil && c.act.Verb != referee.VerbPass
	}) {
		tile := tileName(loc, g.S.Tiles[ti].Type, int(g.S.Tiles[ti].Rot))
		if e.t.do(*choices[pass].act) {
			e.t.setStatus(loc.T("ui.figure_none", map[string]any{"Tile": tile}), false)
			return
		}
		e.t.passUnsaved(tile)
	}
	e.offer(choices)
	if pass >= 0 {
		e.menu.setCurrent(pass) // Enter: no figure
		// The list shows its top, the tile's features, even when no figure (last) is below the fold (issue 30: at
		// 80x24 the first answers were scrolled away); Enter still takes it, the arrows or PgDn show it.
		e.menu.offset, e.menu.pinned = 0, true
	}
}

// foldFigures gives the answers for a figure with a key of its own (kindLetters: the large follower, the builder,
// the pig, the mayor, the wagon) that follow an answer on the same target their words on that answer's line
// (choice.fold), for where the answers do not all fit (issue 30: at 80x24 each feature took two to four lines and a
// usual tile's answers two pages): "4 field around the city · D4 large · Z4 pig". Their keys stay the target's with
// the figure's letter. The figure step, the City's question, the moving-out and the market rounds.
func (e *entry) foldFigures(choices []choice) {
	loc := e.t.u.loc
	for i := 1; i < len(choices); i++ {
		c, before := &choices[i], choices[i-1]
		if foldWords[c.figure] != "" && c.target != "" && before.target == c.target && before.figure != engine.Abbot {
			c.fold = loc.T(foldWords[c.figure], nil)
		}
	}
}

// foldWords are the messages of the words of an answer folded onto its feature's line (fold), by its figure.
var foldWords = map[engine.FigureKind]string{engine.Large: "ui.figlist.fold_large", engine.Builder: "ui.figlist.fold_builder",
	engine.Pig: "ui.figlist.fold_pig", engine.Mayor: "ui.figlist.fold_mayor", engine.Wagon: "ui.figlist.fold_wagon"}

// segOrder is the index of segment seg among the segments of the tile just laid.
func (s *figureStep) segOrder(seg int32) int {
	t := &s.e.g.S.Tiles[len(s.e.g.S.Tiles)-1]
	for l := range t.Type.Segs {
		if t.Seg(l) == seg {
			return l
		}
	}
	return len(t.Type.Segs)
}

// deployLabel is "large follower onto city (north)": a deploy answer in words.
func (s *figureStep) deployLabel(a referee.Action) string {
	e := s.e
	if w := s.portalLabel(a); w != "" {
		return w // through a magic portal (PD-23, step_figure_pd.go)
	}
	ti := len(e.g.S.Tiles) - 1
	l, err := e.g.S.SegByPlace(ti, a.Place)
	if err != nil {
		return a.Place
	}
	seg := e.g.S.Tiles[ti].Seg(l)
	return e.t.u.loc.T("ui.opt.deploy", map[string]any{"Figure": e.figureWord(a.FigureKind(), e.g.S.SegKind(seg)),
		"Feature": e.segName(seg)})
}

// figureOrder orders the answers of a list by figure: followers first, then the figures with a key of their own
// (kindLetters), the abbot last.
func figureOrder(k engine.FigureKind) int {
	switch {
	case k == engine.Abbot:
		return 2
	case kindLetters[k] != "":
		return 1
	}
	return 0
}

// segTarget is the target (choice.target) of the answers that act on segment seg.
func segTarget(seg int32) string { return "s" + strconv.Itoa(int(seg)) }

// abbotAt returns the segment of the deciding player's abbot on the tile at p.
func (s *figureStep) abbotAt(p referee.Pos) int32 {
	e := s.e
	st := e.g.S
	for i := range st.Figures {
		f := &st.Figures[i]
		if int(f.Player) != e.who || f.Kind != engine.Abbot || f.Where != engine.OnBoard {
			continue
		}
		ti, _ := st.SegTile(f.Seg)
		if q := st.Tiles[ti].Pos; q.X == p.X && q.Y == p.Y {
			return f.Seg
		}
	}
	return -1
}

// passUnsaved says what a failed write of the automatic "no figure" line means (issue 32: it said that nothing was
// saved): the tile's line is saved, the pass after it is not, and Enter writes it once the problem is solved (the
// step offers "no figure", chosen). The problem and its remedy are the file system's message (a full disk: free
// some space); a store that stopped says so too.
func (t *table) passUnsaved(tile string) {
	msgs, ok := referee.FileMessages(t.lastErr)
	if !ok {
		return // a refusal, shown as it is
	}
	parts := []string{t.u.loc.T(msgs[0].Key, msgs[0].Data)}
	for _, m := range msgs[2:] {
		parts = append(parts, t.u.loc.T(m.Key, m.Data))
	}
	t.setStatus(t.u.loc.T("ui.figure_none_unsaved", map[string]any{"Tile": tile, "Problem": strings.Join(parts, " ")}),
		true)
	t.statusLines = 4
}

// key: the first edge of the next tile typed instead of an answer (a letter of the edge code, F R C W on any layout,
// which is never an answer's key, answerKey) means "no figure" (issue 30: at the table the next player has drawn;
// typing their tile says that nothing more happens this turn), when no figure is the one answer Enter takes and the
// game then asks for the next tile (SEQ-1): no figure is recorded and the key begins the tile's edge code. The
// status line says so; Ctrl-Z undoes it. Any other key goes to the list.
func (s *figureStep) key(ev *tcell.EventKey) *tcell.EventKey {
	e := s.e
	if ev.Key() != tcell.KeyRune || e.menu.pending != "" || !unicode.IsLetter(ev.Rune()) {
		return ev
	}
	r := ev.Rune()
	if answerKey(e.t.u.loc.Lang(), r) != 0 {
		return ev
	}
	if code, ok := parseEdgeCode(e.t.u.loc.Lang(), string(r)); !ok || len(code.edges) != 1 {
		return ev
	}
	pass := slices.IndexFunc(e.choices, func(c choice) bool {
		return c.act != nil && c.act.Verb == referee.VerbPass && c.why == nil
	})
	if pass < 0 {
		return ev
	}
	a := *e.choices[pass].act
	a.Colour = e.g.Colour(e.who)
	probe := e.g.Clone()
	if probe.Apply(a) != nil || probe.Phase != referee.PhaseTile {
		return ev // something else is asked first (the City, the Count, a wagon): the answers say what
	}
	g, loc := e.g, e.t.u.loc
	ti := len(g.S.Tiles) - 1
	tile := tileName(loc, g.S.Tiles[ti].Type, int(g.S.Tiles[ti].Rot))
	if !e.t.do(*e.choices[pass].act) {
		return nil
	}
	e.t.setStatus(loc.T("ui.figure_none_typed", map[string]any{"Tile": tile}), false)
	if n := e.t.u.table.entry; n.step == stepTile && n.typing() {
		n.input.SetText(string(r)) // (typed: the tile step lists the tiles that begin so)
	}
	return nil
}

// segShort names segment seg as segName does, with the sides of the tile in the compass letters the board's border
// shows (shortSides): the figure step's answers where they do not all fit.
func (e *entry) segShort(seg int32) string {
	return featureName(e.g, shortSides{e.t.u.loc}, seg, false)
}

// shortSides names the sides of a tile by the compass letters of the board's border ("ЮЗ" for south-west, compass)
// and a field by its side so ("поляна ЮЗ от пътя", ui.figlist.feat_field): issue 30, at 80x24 "поляна на югозапад от
// пътя" took a line of its own and the large follower's answer on it (step_figure.go, fold) another.
type shortSides struct{ translator }

func (s shortSides) T(id string, data map[string]any) string {
	switch {
	case strings.HasPrefix(id, "ui.side."):
		c := compass(s.translator)
		var b strings.Builder
		for _, r := range strings.TrimPrefix(id, "ui.side.") {
			if i := strings.IndexRune("nesw", r); i >= 0 {
				b.WriteString(c[i])
			}
		}
		return b.String()
	case id == "ui.feat.field":
		id = "ui.figlist.feat_field"
	}
	return s.translator.T(id, data)
}
