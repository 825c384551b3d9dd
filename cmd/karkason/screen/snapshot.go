package screen

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"
	"sort"
	"strings"
	"sync"

	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/cmd/karkason/internal/words"
	"github.com/karkason/karkason/cmd/karkason/picture"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// A snapshot is one state of the record: its bytes, the game they replay to (as the table shows it) and,
// per language asked for, the page's parts rendered once and shared by every viewer of that language.
type snapshot struct {
	version  int
	path     string
	data     *referee.FileData
	openErr  error         // the file could not be opened (FileError)
	game     *referee.Game // the game after the last good line, as the table shows it (not settled); nil if none
	err      error         // the first refused line, or a read error; nil if none
	cut      *referee.CutOff
	log      *errlog.Log
	boardKey string  // changes when the board changes: the page fetches board.svg again
	boards   *boards // the board drawn in each language, shared with the snapshot before when the board is the same
	table    *Table  // what the table in this process said it is doing (SetTable), nil if nothing

	mu    sync.Mutex
	views map[string]*view
}

// boards are a board drawn in each language asked for.
type boards struct {
	mu sync.Mutex
	m  map[string]*blob
}

// blob is a response made once when first asked for, and kept gzipped too (a page's board is fetched by every
// viewer: compressed once, not once each).
type blob struct {
	once    sync.Once
	raw, gz []byte
	err     error
}

// get makes the blob with make the first time.
func (b *blob) get(make func() ([]byte, error)) *blob {
	b.once.Do(func() {
		b.raw, b.err = make()
		if b.err == nil && len(b.raw) > 1024 {
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
			_, _ = w.Write(b.raw)
			_ = w.Close()
			b.gz = z.Bytes()
		}
	})
	return b
}

// view is a snapshot in one language: the live part of the page, its event, the state, the pictures.
type view struct {
	once  sync.Once
	model *model
	live  []byte // the HTML of the live part
	event []byte // the server-sent event carrying it
	state blob   // state.json
	chart blob   // chart.svg
}

// newSnapshot plays the record's bytes (referee.ReadData: what ReadFile reads, line for line).
func newSnapshot(version int, path string, data *referee.FileData, openErr error, log *errlog.Log, prev *snapshot) *snapshot {
	s := &snapshot{version: version, path: path, data: data, openErr: openErr, log: log, views: map[string]*view{}}
	if openErr == nil {
		rd, err := referee.ReadData(data, engine.Standard())
		s.err = err
		if rd != nil {
			s.cut = rd.CutOff
			// The game as the table shows it: a decision pending is pending, and the turn is scored when the table
			// ends it (replay settles the record instead: the optional decisions declined, the turn scored).
			s.game = rd.Game
		}
	}
	s.boardKey = boardKey(s.game)
	if prev != nil && prev.boardKey == s.boardKey {
		s.boards = prev.boards // a scoring, a pass, a declined decision: the same board
	} else {
		s.boards = &boards{m: map[string]*blob{}}
	}
	return s
}

// sameAs tells whether the file read now is the one this snapshot was made of.
func (s *snapshot) sameAs(data *referee.FileData, openErr error) bool {
	if openErr != nil || s.openErr != nil {
		return openErr != nil && s.openErr != nil && openErr.Error() == s.openErr.Error()
	}
	return bytes.Equal(data.Bytes, s.data.Bytes) && data.Whole() == s.data.Whole()
}

// boardKey changes with the board: the tiles laid (the last one, its rotation) and every figure's place.
func boardKey(g *referee.Game) string {
	if g == nil {
		return "none"
	}
	h := fnv.New64a()
	n := len(g.S.Tiles)
	fmt.Fprint(h, n)
	if n > 0 {
		t := g.S.Tiles[n-1]
		fmt.Fprint(h, t.Type.ID, t.Pos, t.Rot)
	}
	fmt.Fprintf(h, "%v", g.S.Figures)
	fmt.Fprintf(h, "%v", g.S.City)
	return fmt.Sprintf("%x", h.Sum64())
}

// view returns the snapshot in lang, rendering it the first time.
func (s *snapshot) view(lang string) *view {
	s.mu.Lock()
	v := s.views[lang]
	if v == nil {
		v = &view{}
		s.views[lang] = v
	}
	s.mu.Unlock()
	v.once.Do(func() { s.render(v, lang) })
	return v
}

// render makes the live part, its event and the state of the snapshot in lang.
func (s *snapshot) render(v *view, lang string) {
	loc := locales.New(lang)
	m := s.modelOf(loc)
	v.model = m
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, "live", m); err != nil {
		b.Reset()
		template.HTMLEscape(&b, []byte(err.Error()))
	}
	v.live = b.Bytes()
	ev, _ := json.Marshal(map[string]any{"v": s.version, "html": string(v.live), "board": s.boardKey})
	v.event = []byte(fmt.Sprintf("id: %d\nevent: state\ndata: %s\n\n", s.version, ev))
}

// stateBlob is state.json in lang.
func (s *snapshot) stateBlob(lang string) *blob {
	v := s.view(lang)
	return v.state.get(func() ([]byte, error) { return json.MarshalIndent(s.stateOf(v.model), "", "  ") })
}

// emptySVG is the picture of a record without a game.
var emptySVG = []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"></svg>`)

// board is board.svg in lang: the board as export draws it (package picture), the last tile marked.
func (s *snapshot) board(lang string) *blob {
	s.boards.mu.Lock()
	b := s.boards.m[lang]
	if b == nil {
		b = &blob{}
		s.boards.m[lang] = b
	}
	s.boards.mu.Unlock()
	return b.get(func() ([]byte, error) {
		if s.game == nil {
			return emptySVG, nil
		}
		var w bytes.Buffer
		err := picture.WriteSVG(&w, picture.Board(s.game, locales.New(lang)))
		return w.Bytes(), err
	})
}

// chart is chart.svg in lang: the scores panel of export, the points of each player turn by turn.
func (s *snapshot) chart(lang string) *blob {
	return s.view(lang).chart.get(func() ([]byte, error) {
		if s.game == nil {
			return emptySVG, nil
		}
		var w bytes.Buffer
		err := picture.WriteSVG(&w, picture.Chart(s.game, locales.New(lang)))
		return w.Bytes(), err
	})
}

// model is what the templates show.
type model struct {
	Lang     string
	Langs    []langLink
	V        int
	BoardKey string
	Title    string
	Error    string
	Note     string // a cut-off last line left out
	Head     string // turn and tiles left
	Now      string // whose decision and what
	NowC     string // the colour of who decides
	// The table's step and the tile in its hand (table.go), when the table in this process said them.
	TableStep string
	Hand      string        // the tile's id
	HandTitle string        // "Tile in hand"
	HandSVG   template.HTML // the tile drawn
	Players   []playerRow
	Recent    []eventRow // the scorings of the last turns
	NoRecent  string
	Ended     bool
	Tally     []eventRow
	Winners   string
	Notes     []string
	T         map[string]string // the page's words
	game      *referee.Game
	deciding  int
}

type langLink struct {
	Code, Name string
	Current    bool
}

type playerRow struct {
	Colour, ColourName, Name string
	Score                    int
	Active                   bool
	Supply                   []figureCount
	Tags                     []string
	Goods                    []figureCount
}

type figureCount struct {
	Kind, Name string
	Count      int
}

type eventRow struct {
	Rule, Who, Text string
	Turn            int
	Colours         []string
}

// autonyms are the languages' own names, for the switch.
var autonyms = map[string]string{"en": "English", "bg": "Български", "uk": "Українська"}

// recentTurns is how many turns back the page lists scorings.
const recentTurns = 3

// modelOf works out what the page shows: every number and word from the referee's game and the catalogues.
func (s *snapshot) modelOf(loc *locales.Localizer) *model {
	lang := loc.Lang()
	m := &model{Lang: lang, V: s.version, BoardKey: s.boardKey, deciding: -1, T: map[string]string{}}
	for _, l := range locales.Languages() {
		m.Langs = append(m.Langs, langLink{Code: l, Name: autonyms[l], Current: l == lang})
	}
	for _, id := range pageWords {
		m.T[strings.TrimPrefix(id, "ui.web.")] = loc.T(id, nil)
	}
	m.Title = loc.T("ui.web.title", nil)
	if msg := s.errorText(loc); msg != "" {
		m.Error = msg
	}
	if s.cut != nil {
		m.Note = errlog.Describe(loc, s.log, s.cut)
	}
	g := s.game
	if g == nil {
		return m
	}
	m.game = g
	var names []string
	for i := 0; i < g.Players(); i++ {
		names = append(names, g.Name(i))
	}
	m.Title = loc.T("ui.web.title_game", map[string]any{"Players": strings.Join(names, ", ")})
	left := g.Bag.LandLeft() + g.Bag.RiverLeft()
	m.Head = loc.T("ui.turn", map[string]any{"Turn": g.TurnNo}) + " · " + loc.N("plural.tiles", left, nil) + " " +
		loc.T("ui.left", nil)
	m.deciding = g.Deciding()
	if m.deciding < 0 {
		m.Now = loc.T("ui.phase.ended", nil)
	} else {
		phase := "ui.phase." + g.Phase.String()
		if g.Phase == referee.PhaseTile && g.Part() == 2 {
			phase = "ui.phase.second_tile" // the builder's second tile (SEQ-7a, TB-7)
		}
		m.Now = g.Name(m.deciding) + " " + loc.T(phase, nil)
		m.NowC = string(g.Colour(m.deciding))
	}
	s.handOf(m, loc)
	var leaders [engine.NumGoods]uint8
	if g.S.Opts.TradersBuilders {
		leaders, _ = g.S.GoodsLeaders()
	}
	for p := 0; p < g.Players(); p++ {
		c := g.Colour(p)
		row := playerRow{Colour: string(c), ColourName: loc.T("colour."+string(c), nil), Name: g.Name(p),
			Score: g.S.Scores[p], Active: p == m.deciding}
		for k := engine.FigureKind(0); k < engine.NumFigureKinds; k++ {
			if g.S.Supplied(k) == 0 {
				continue
			}
			row.Supply = append(row.Supply, figureCount{Kind: k.String(), Name: word(loc, "term."+k.String(), k.String()),
				Count: g.S.InSupplyCount(p, k)})
		}
		if g.S.Opts.King && g.S.King.Player == p {
			row.Tags = append(row.Tags, loc.T("term.king", nil))
		}
		if g.S.Opts.King && g.S.Baron.Player == p {
			row.Tags = append(row.Tags, loc.T("term.robber_baron", nil))
		}
		if g.S.Opts.TradersBuilders { // the goods tokens held (TB-3(e): public), the most of a kind marked (TB-4)
			for k := range engine.NumGoods {
				fc := figureCount{Kind: k.String(), Name: loc.T("term.goods."+k.String(), nil), Count: g.S.Goods[p][k]}
				if leaders[k]&(1<<p) != 0 {
					fc.Kind += " lead"
				}
				row.Goods = append(row.Goods, fc)
			}
		}
		m.Players = append(m.Players, row)
	}
	// The scorings of the last turns, the latest first, in the words of the log and F3 (ev.* messages).
	for i := len(g.Events) - 1; i >= 0; i-- {
		e := g.Events[i]
		if e.Score == nil || e.Score.Final {
			continue
		}
		if e.Turn <= g.TurnNo-recentTurns {
			break
		}
		m.Recent = append(m.Recent, eventRowOf(g, loc, e))
	}
	if len(m.Recent) == 0 {
		m.NoRecent = loc.T("ui.web.no_scorings", map[string]any{"Turns": recentTurns})
	}
	if g.Phase == referee.PhaseEnded {
		m.Ended = true
		for _, e := range g.Events {
			if e.Score != nil && e.Score.Final {
				m.Tally = append(m.Tally, eventRowOf(g, loc, e))
			}
		}
		sum := g.Summary()
		var won []string
		for _, c := range sum.Winners {
			won = append(won, g.Name(g.Player(c)))
		}
		switch {
		case len(won) == 1:
			m.Winners = loc.T("cli.winner", map[string]any{"Names": won[0]})
		case len(won) > 1:
			m.Winners = loc.T("cli.winners", map[string]any{"Names": strings.Join(won, ", ")})
		}
		for _, e := range g.Events {
			if e.Key == "ev.market_left" {
				m.Notes = append(m.Notes, loc.T(e.Key, e.Data()))
			}
		}
	}
	return m
}

// word is the catalogue's text of id, or fallback when the catalogue has none.
func word(loc *locales.Localizer, id, fallback string) string {
	if t := loc.T(id, nil); t != id {
		return t
	}
	return fallback
}

// eventRowOf is an event as the table's log and F3 word it: its rule, the players who scored (of a lost shrine
// challenge, those whose figures went back: SHRINE-6), the message of its Key with its data, a goods scoring with
// its kind and tokens (TB-4), a field's pig and pig herd bonuses (TB-14, COMBO-12).
func eventRowOf(g *referee.Game, loc *locales.Localizer, e referee.Event) eventRow {
	data := map[string]any{}
	for k, v := range e.Data() {
		data[k] = v
	}
	row := eventRow{Rule: e.Rule, Turn: e.Turn}
	if e.Player >= 0 && e.Player < g.Players() {
		data["Player"] = g.Name(e.Player)
	}
	key := e.Key
	if sc := e.Score; sc != nil {
		players := sc.Named() // its owners; of a lost challenge, whose figures went back (SHRINE-6)
		var who []string
		for p := 0; p < g.Players(); p++ {
			if players&(1<<p) != 0 {
				who = append(who, g.Name(p))
				row.Colours = append(row.Colours, string(g.Colour(p)))
			}
		}
		row.Who = strings.Join(who, ", ")
		if sc.Cat == engine.CatGoods {
			key = "ev.score.goods_kind"
			data["Goods"], data["Count"] = loc.T("term.goods."+sc.Goods.String(), nil), sc.Cities
		}
	}
	msg := loc.T(key, data)
	if sc := e.Score; sc != nil && sc.Cat == engine.CatField {
		if extra := words.Bonuses(g, loc, sc); len(extra) > 0 {
			msg += " " + strings.Join(extra, "; ")
		}
	}
	if msg == key { // a message the catalogues lack: its id and data, so that nothing is hidden
		msg = strings.TrimPrefix(e.Key, "ev.")
		keys := make([]string, 0, len(data))
		for k := range data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			msg += fmt.Sprintf(" %s=%v", k, data[k])
		}
	}
	row.Text = msg
	return row
}

// errorText is the record's problem in loc's language, as the table and the commands say it; "" if none.
func (s *snapshot) errorText(loc *locales.Localizer) string {
	switch {
	case s.openErr != nil:
		return errlog.Describe(loc, s.log, s.openErr)
	case s.err != nil:
		return errlog.Describe(loc, s.log, s.err)
	}
	return ""
}

// stateJSON is state.json: the summary as `replay --json` gives it, and what else the page shows.
type stateJSON struct {
	Version int `json:"version"`
	referee.Summary
	Players  []playerJSON `json:"players"`
	Deciding string       `json:"deciding,omitempty"`
	Step     string       `json:"step,omitempty"`
	LastTile string       `json:"last_tile,omitempty"`
	// TableStep and InHand are what the table in this process is doing (issue 27): its entry's step and the
	// tile in its hand; absent when the record is followed without the table.
	TableStep string `json:"table_step,omitempty"`
	InHand    string `json:"in_hand,omitempty"`
	Error     string `json:"error,omitempty"`
}

type playerJSON struct {
	Name   string         `json:"name"`
	Colour string         `json:"colour"`
	Score  int            `json:"score"`
	Supply map[string]int `json:"supply"`
	King   bool           `json:"king,omitempty"`
	Baron  bool           `json:"robber_baron,omitempty"`
}

func (s *snapshot) stateOf(m *model) stateJSON {
	st := stateJSON{Version: s.version, Players: []playerJSON{}, Error: m.Error}
	g := s.game
	if g == nil {
		st.Summary.Breakdown = []referee.ScoreEntry{}
		return st
	}
	st.Summary = g.Summary()
	for p := 0; p < g.Players(); p++ {
		pj := playerJSON{Name: g.Name(p), Colour: string(g.Colour(p)), Score: g.S.Scores[p], Supply: map[string]int{},
			King: g.S.Opts.King && g.S.King.Player == p, Baron: g.S.Opts.King && g.S.Baron.Player == p}
		for k := engine.FigureKind(0); k < engine.NumFigureKinds; k++ {
			if g.S.Supplied(k) > 0 {
				pj.Supply[k.String()] = g.S.InSupplyCount(p, k)
			}
		}
		st.Players = append(st.Players, pj)
	}
	if m.deciding >= 0 {
		st.Deciding = string(g.Colour(m.deciding))
		st.Step = g.Phase.String()
		if g.Phase == referee.PhaseTile && g.Part() == 2 {
			st.Step = "second_tile"
		}
	}
	st.TableStep, st.InHand = m.TableStep, m.Hand
	if n := len(g.S.Tiles); n > 0 {
		st.LastTile = g.S.Tiles[n-1].Pos.String()
	}
	return st
}
