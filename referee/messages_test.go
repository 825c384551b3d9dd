package referee_test

// Every message the rules code can produce has a translation, every translation is used, and every err/ev/cli/record
// message renders in en, bg and uk with the data the code actually gives it.
//
// The Go sources of engine, referee, config and cmd (not their tests) are read with go/parser: string literals that
// look like message ids are the ids the code uses; the calls refuse(RULE, KEY, k, v, ...), refusal(RULE, KEY, k, v,
// ...) and g.announce(PLAYER, RULE, KEY, k, v, ...), Event/Refusal literals and loc.T("cli...", map[string]any{...})
// tell which data each place gives its message. Ids built at run time come from the families below (ev.score.<cat>,
// cat.<cat>, colour.<colour>, the record parser's keys, the record words locales translates). This file lives in
// package referee_test because locales must not import engine or referee.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// sourceDirs are read for message ids, relative to this package.
var sourceDirs = []string{"../engine", ".", "../config", "../cmd"}

// msgIDRE matches a string literal that is a message id, or (ending in ".") the prefix of a family of ids built at
// run time ("ev.score." + category).
var msgIDRE = regexp.MustCompile(`^(err|ev|cat|cli|record|ui|term|colour|plural|config|flag|file|lib|export)\.[a-z0-9_.-]*$`)

// notMessageIDs are literals that look like message ids and are not.
var notMessageIDs = map[string]string{
	"config.toml": "config.FileName: the settings file's name",
}

// unusedAllowed are catalogue messages no code refers to yet, each with the reason it is kept.
var unusedAllowed = map[string]string{
	"term.pennant":     "glossary word (BASE-10) kept for the table's labels",
	"term.supply":      "glossary word (DEF-5) kept for the table's labels",
	"term.tile":        "glossary word (BASE-4) kept for the table's labels",
	"term.gift":        "glossary word (GIFT-2) kept for the table's labels",
	"plural.followers": "count of followers for the table's supply column (DEF-5)",
	"plural.gifts":     "count of unopened gifts for the table (GIFT-4)",
	"term.inn":         "glossary word (IC-7) kept for the table's labels of the inns on the board",
	"term.cathedral":   "glossary word (IC-8) kept for the table's labels of the cathedrals on the board",
	"term.abbey":       "glossary word (AM-3) kept for the table's labels of the abbeys on the board",
}

// wordPrefixes mirrors the record words locales translates in message data (locales.wordKeys): the value v of
// data key k shows as the message wordPrefixes[k]+v, "-" read as "_".
var wordPrefixes = map[string]string{
	"quarter": "term.quarter.", "want": "term.quarter.", "figure": "term.", "kind": "term.", "feature": "term.",
	"board": "term.", "terrain": "term.", "card": "term.gift.", "colour": "colour.", "edge": "term.edge.",
	"goods": "term.goods.",
}

// reprData is a representative value for every data key the code gives a message.
var reprData = map[string]any{
	// engine and referee (lower case)
	"edge": "N", "tile": "b-rs", "board": "city", "terrain": "road", "feature": "road", "figure": "abbot", "kind": "field", "larger": 6,
	"quarter": "palace", "want": "cathedral", "card": "road-sweeper", "colour": "red", "player": "Ана",
	"actor": "Богдан", "points": 4, "size": 5, "count": 2, "place": "NNE", "pos": engine.Pos{X: 2, Y: -1},
	"start": "river", "expansion": "river2",
	"n": -3, "deck": 21, "line": 5, "cells": "4,2 5,2", // position.go
	"winner": "-1,-3:shrine", "loser": "0,-3:monastery", "shrine": "-1,-3:shrine", "monastery": "0,-3:monastery",
	"corner": "NW",                         // am.go
	"from":   "3,0", "step": 2, "steps": 4, // pd.go
	"goods": "wine", "wine": 1, "grain": 0, "cloth": 2, "held": 3, "printed": 4, "box": 9, // tb.go
	// added by the renderer to events of a seated player
	"Player": "Віра",
	// cmd/karkason
	"Command": "frobnicate", "Rule": "BASE-4", "Msg": "(the message)", "Line": 7, "Text": "TEXT", "Path": "/tmp/x.rec",
	"Err": "no such file", "Expected": "EXPECTED-IN-ENGLISH", "Names": "Ана, Богдан",
	"Flags": "--data-dir --state-dir", "Vars": "KARKASON_DATA_DIR, KARKASON_STATE_DIR", // cli.no_home
	"Tiles": "46 tiles", // cli.aids.*: a count of tiles rendered with plural.tiles
}

// site is a place in the code that raises a message.
type site struct {
	pos    string
	id     string
	data   []string // data keys given; nil with known == false when the code passes a map it built elsewhere
	known  bool
	player bool // an event with a seat: the renderer adds "Player"
}

type scan struct {
	ids      map[string][]string // message id -> positions of the literals
	prefixes map[string][]string // "ev.score." -> positions
	sites    []site
	problems []string
}

func scanSources(t *testing.T) *scan {
	t.Helper()
	s := &scan{ids: map[string][]string{}, prefixes: map[string][]string{}}
	fset := token.NewFileSet()
	for _, dir := range sourceDirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			s.file(fset, f)
			return nil
		})
		if err != nil {
			t.Fatalf("reading %s: %v", dir, err)
		}
	}
	if len(s.ids) == 0 || len(s.sites) == 0 {
		t.Fatalf("no message ids found in %v: is the test run from the referee directory?", sourceDirs)
	}
	return s
}

func stringLit(e ast.Expr) (string, bool) {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
		v, err := strconv.Unquote(b.Value)
		return v, err == nil
	}
	return "", false
}

func isMinusOne(e ast.Expr) bool {
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.SUB {
		return false
	}
	b, ok := u.X.(*ast.BasicLit)
	return ok && b.Value == "1"
}

func (s *scan) file(fset *token.FileSet, f *ast.File) {
	consts := map[string]string{} // package-level string constants of this file
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if v, ok := stringLit(vs.Values[i]); ok {
							consts[n.Name] = v
						}
					}
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BasicLit); ok {
			if v, ok := stringLit(b); ok && msgIDRE.MatchString(v) {
				if _, skip := notMessageIDs[v]; !skip {
					p := fset.Position(b.Pos()).String()
					if strings.HasSuffix(v, ".") {
						s.prefixes[v] = append(s.prefixes[v], p)
					} else {
						s.ids[v] = append(s.ids[v], p)
					}
				}
			}
		}
		return true
	})
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		// The string literals assigned to each local variable: key := "ev.king_moves"; key = "ev.king_kept".
		assigned := map[string][]string{}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == len(a.Rhs) {
				for i, l := range a.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if v, ok := stringLit(a.Rhs[i]); ok {
							assigned[id.Name] = append(assigned[id.Name], v)
						}
					}
				}
			}
			return true
		})
		resolve := func(e ast.Expr) []string {
			if v, ok := stringLit(e); ok {
				return []string{v}
			}
			if id, ok := e.(*ast.Ident); ok {
				if v, ok := consts[id.Name]; ok {
					return []string{v}
				}
				return assigned[id.Name]
			}
			return nil
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				s.call(fset, n, resolve)
			case *ast.CompositeLit:
				s.composite(fset, n)
			}
			return true
		})
	}
}

// call records refuse/refusal/announce and loc.T calls.
func (s *scan) call(fset *token.FileSet, c *ast.CallExpr, resolve func(ast.Expr) []string) {
	name := ""
	switch f := c.Fun.(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	pos := fset.Position(c.Pos()).String()
	keyAt := -1
	switch name {
	case "refuse", "refusal":
		keyAt = 1
	case "announce":
		keyAt = 2
	case "T", "Render":
		if len(c.Args) >= 2 {
			if id, ok := stringLit(c.Args[0]); ok && (strings.HasPrefix(id, "cli.") || strings.HasPrefix(id, "err.") ||
				strings.HasPrefix(id, "ev.")) {
				st := site{pos: pos, id: id}
				st.data, st.known = mapKeys(c.Args[1])
				s.sites = append(s.sites, st)
			}
		}
		return
	default:
		return
	}
	if len(c.Args) <= keyAt {
		return
	}
	ids := resolve(c.Args[keyAt])
	if len(ids) == 0 {
		s.problems = append(s.problems, pos+": "+name+": the message id is not a literal, a constant or a local "+
			"variable set from literals; this test cannot see which message it raises")
		return
	}
	kv := c.Args[keyAt+1:]
	var data []string
	if c.Ellipsis.IsValid() || len(kv)%2 != 0 {
		s.problems = append(s.problems, pos+": "+name+": the data is not written as key, value pairs")
		return
	}
	for i := 0; i < len(kv); i += 2 {
		k, ok := stringLit(kv[i])
		if !ok {
			s.problems = append(s.problems, pos+": "+name+": a data key is not a string literal")
			return
		}
		data = append(data, k)
	}
	for _, id := range ids {
		s.sites = append(s.sites, site{pos: pos, id: id, data: data, known: true,
			player: name == "announce" && !isMinusOne(c.Args[0])})
	}
}

// mapKeys returns the keys of a map[string]any{...} literal (known), none for nil.
func mapKeys(e ast.Expr) ([]string, bool) {
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		return nil, true
	}
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var keys []string
	for _, el := range cl.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		k, ok := stringLit(kv.Key)
		if !ok {
			return nil, false
		}
		keys = append(keys, k)
	}
	return keys, true
}

// composite records Event{Key: ..., Data: map...} and Refusal{...} literals with a literal id or an id family
// ("ev.score." + category).
func (s *scan) composite(fset *token.FileSet, cl *ast.CompositeLit) {
	typeName := ""
	switch t := cl.Type.(type) {
	case *ast.Ident:
		typeName = t.Name
	case *ast.SelectorExpr:
		typeName = t.Sel.Name
	}
	if typeName != "Event" && typeName != "Refusal" && typeName != "RuleError" {
		return
	}
	var key, data, player ast.Expr
	for _, el := range cl.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch kv.Key.(*ast.Ident).Name {
		case "Key":
			key = kv.Value
		case "Data":
			data = kv.Value
		case "Player":
			player = kv.Value
		}
	}
	var ids []string
	if v, ok := stringLit(key); ok {
		ids = []string{v}
	} else if b, ok := key.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		if prefix, ok := stringLit(b.X); ok {
			for _, id := range family(prefix) {
				ids = append(ids, id)
			}
			if len(ids) == 0 {
				s.problems = append(s.problems, fset.Position(cl.Pos()).String()+": the id family "+
					strconv.Quote(prefix)+" is not known to this test: add it to family()")
			}
		}
	}
	if len(ids) == 0 {
		return // an id passed along (asRefusal), checked where it is raised
	}
	st := site{pos: fset.Position(cl.Pos()).String(), known: true}
	if data != nil {
		st.data, st.known = mapKeys(data)
	}
	st.player = typeName == "Event" && player != nil && !isMinusOne(player)
	for _, id := range ids {
		st.id = id
		s.sites = append(s.sites, st)
	}
}

func categories() []string {
	var out []string
	for c := range engine.NumCategories {
		out = append(out, engine.Category(c).String())
	}
	return out
}

// family returns the ids of a family built at run time from a prefix and an engine or record name; nil for a
// prefix this test does not know.
func family(prefix string) []string {
	var names []string
	switch prefix {
	case "ev.score.", "cat.":
		names = categories()
	case "colour.":
		for _, c := range referee.AllColours() {
			names = append(names, string(c))
		}
	case "term.quarter.":
		names = engine.QuarterNames[:]
	case "term.edge.":
		names = engine.EdgeNames[:]
	case "term.gift.":
		for _, g := range engine.GiftNames {
			names = append(names, strings.ReplaceAll(g, "-", "_"))
		}
	case "term.":
		// The record words of the data keys figure, kind, feature and board (locales.wordKeys).
		names = nil
		for k := engine.FigureKind(0); k < engine.NumFigureKinds; k++ {
			names = append(names, k.String())
		}
		for k := engine.KRoad; k <= engine.KGarden; k++ {
			names = append(names, k.String())
		}
		for tr := engine.Field; tr <= engine.River; tr++ {
			names = append(names, tr.String())
		}
	default:
		return nil
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, prefix+n)
	}
	return out
}

// dynamicIDs are the ids the code builds at run time or takes from a list: every one must have a message.
func dynamicIDs() map[string]string {
	out := map[string]string{}
	for _, prefix := range []string{"ev.score.", "cat.", "colour.", "term.quarter.", "term.gift.", "term.edge.", "term."} {
		for _, id := range family(prefix) {
			out[id] = "the family " + strconv.Quote(prefix)
		}
	}
	for _, id := range referee.ParseErrorKeys() {
		out[id] = "referee.ParseErrorKeys"
	}
	for _, id := range referee.FileMessageKeys() {
		out[id] = "referee.FileMessageKeys"
	}
	return out
}

func catalogue() map[string]bool {
	out := map[string]bool{}
	for _, id := range locales.Keys() {
		out[id] = true
	}
	return out
}

// Every message id in the code, every id of the run-time families and every record parser key is in the
// catalogues (and so in all three, which the locales tests check).
func TestMessageIDsHaveMessages(t *testing.T) {
	s := scanSources(t)
	have := catalogue()
	for _, p := range s.problems {
		t.Error(p)
	}
	for _, id := range slices.Sorted(maps.Keys(s.ids)) {
		if !have[id] {
			t.Errorf("%s: message %q is in no catalogue: add it to locales/en.toml, bg.toml and uk.toml",
				s.ids[id][0], id)
		}
	}
	dyn := dynamicIDs()
	for _, id := range slices.Sorted(maps.Keys(dyn)) {
		if !have[id] {
			t.Errorf("message %q (from %s) is in no catalogue", id, dyn[id])
		}
	}
	for _, st := range s.sites {
		if !have[st.id] {
			t.Errorf("%s: message %q is in no catalogue", st.pos, st.id)
		}
	}
}

// Every message in the catalogues is used by some code, or is in unusedAllowed with a reason.
func TestEveryMessageIsUsed(t *testing.T) {
	s := scanSources(t)
	have := catalogue()
	used := map[string]bool{}
	for id := range s.ids {
		used[id] = true
	}
	for id := range dynamicIDs() {
		used[id] = true
	}
	for _, st := range s.sites {
		used[st.id] = true
	}
	// Families the code builds from a prefix this test does not enumerate (the table's "ui.exp." + expansion):
	// every message under such a prefix counts as used.
	var open []string
	for prefix := range s.prefixes {
		if family(prefix) == nil {
			open = append(open, prefix)
		}
	}
	for _, id := range locales.Keys() {
		for _, prefix := range open {
			if strings.HasPrefix(id, prefix) {
				used[id] = true
			}
		}
	}
	for _, id := range locales.Keys() {
		if used[id] {
			if _, ok := unusedAllowed[id]; ok {
				t.Logf("%q is used now: it may leave unusedAllowed", id)
			}
			continue
		}
		if _, ok := unusedAllowed[id]; !ok {
			t.Errorf("message %q is used by no code in %v: remove it, or add it to unusedAllowed with a reason", id,
				sourceDirs)
		}
	}
	for id, reason := range unusedAllowed {
		if !have[id] {
			t.Errorf("unusedAllowed names %q (%s), which is in no catalogue", id, reason)
		}
		if strings.TrimSpace(reason) == "" {
			t.Errorf("unusedAllowed[%q] gives no reason", id)
		}
	}
}

var rawIDRE = regexp.MustCompile(`\b(err|ev|cat|cli|record|term|colour)\.[a-z_]+`)

// renderProblems checks one rendering: no "<no value>", no raw id, no template or fmt debris.
func renderProblems(id, s string) []string {
	var out []string
	switch {
	case s == "" || s == id:
		out = append(out, "renders as its id")
	case strings.Contains(s, "<no value>"):
		out = append(out, "renders <no value> (a data key the code does not give)")
	case strings.Contains(s, "{{") || strings.Contains(s, "%!"):
		out = append(out, "renders template or fmt debris")
	case rawIDRE.MatchString(s):
		out = append(out, "shows a raw message id: "+rawIDRE.FindString(s))
	}
	return out
}

// Every err/ev/cli message renders in every language with the data of every place that raises it (and "Player"
// for an event of a seated player): never "<no value>" nor a raw id; each language shows the same data keys; a
// record word in the data shows translated.
func TestMessagesRenderWithTheirData(t *testing.T) {
	s := scanSources(t)
	seen := map[string]bool{}
	for _, st := range s.sites {
		if !st.known {
			continue
		}
		data := map[string]any{}
		for _, k := range st.data {
			v, ok := reprData[k]
			if !ok {
				t.Errorf("%s: %q gives data key %q: add a representative value to reprData", st.pos, st.id, k)
				continue
			}
			data[k] = v
		}
		if st.player {
			data["Player"] = reprData["Player"]
		}
		sig := st.id + "|" + strings.Join(slices.Sorted(maps.Keys(data)), ",")
		if seen[sig] {
			continue
		}
		seen[sig] = true
		var shown map[string]bool
		for _, lang := range locales.Languages() {
			l := locales.New(lang)
			out := l.T(st.id, data)
			for _, p := range renderProblems(st.id, out) {
				t.Errorf("%s: %s %q %s: %q", st.pos, lang, st.id, p, out)
			}
			// Which data keys the message shows: rendering changes when the value does.
			keys := map[string]bool{}
			for k := range data {
				alt := maps.Clone(data)
				alt[k] = "QQQ"
				if l.T(st.id, alt) != out {
					keys[k] = true
				}
				if prefix, ok := wordPrefixes[k]; ok && keys[k] {
					word := l.T(prefix+strings.ReplaceAll(data[k].(string), "-", "_"), nil)
					if !strings.Contains(out, word) {
						t.Errorf("%s: %s %q shows %s=%v not as %q: %q", st.pos, lang, st.id, k, data[k], word, out)
					}
				}
			}
			if shown == nil {
				shown = keys
			} else if !maps.Equal(shown, keys) {
				t.Errorf("%s: %s %q shows the data %v, en shows %v", st.pos, lang, st.id,
					slices.Sorted(maps.Keys(keys)), slices.Sorted(maps.Keys(shown)))
			}
		}
	}
}

// Every record parser message renders in every language with the data a ParseError carries, with and without
// Missing and at the end of the record (Text ""), and never shows Expected (English text).
func TestRecordMessagesRender(t *testing.T) {
	variants := []map[string]any{
		{"Line": 3, "Text": "bogus", "Expected": reprData["Expected"], "Missing": false},
		{"Line": 3, "Text": "red place", "Expected": reprData["Expected"], "Missing": true},
		{"Line": 0, "Text": "", "Expected": reprData["Expected"], "Missing": false},
	}
	for _, id := range referee.ParseErrorKeys() {
		for _, lang := range locales.Languages() {
			l := locales.New(lang)
			for _, data := range variants {
				out := l.T(id, data)
				for _, p := range renderProblems(id, out) {
					t.Errorf("%s %q %v: %s: %q", lang, id, data, p, out)
				}
				if strings.Contains(out, reprData["Expected"].(string)) {
					t.Errorf("%s %q shows Expected, which is English: %q", lang, id, out)
				}
			}
		}
	}
	// The parser's own errors carry what the messages use.
	_, err := referee.ParseRecord(strings.NewReader("karkason-record 1\nsetup players=A:red,B:blue\nred place b-rs 1,0 45\n"))
	pe, ok := err.(*referee.ParseError)
	if !ok {
		t.Fatalf("ParseRecord: %v, want a *ParseError", err)
	}
	for _, lang := range locales.Languages() {
		out := locales.New(lang).T(pe.Key, pe.Data)
		if !strings.Contains(out, "45") || len(renderProblems(pe.Key, out)) > 0 {
			t.Errorf("%s %q: %q", lang, pe.Key, out)
		}
	}
}

// A few renderings by hand: the words the table hears.
func TestMessageExamples(t *testing.T) {
	tests := []struct {
		lang, id string
		data     map[string]any
		want     string
	}{
		{"en", "err.count_blocks", map[string]any{"quarter": "smithy"}, "The Count stands in the smithy quarter: no figure may leave it."},
		{"bg", "err.count_blocks", map[string]any{"quarter": "smithy"}, "Графът е в зона „ковачница“: от нея не може да излиза фигурка."},
		{"uk", "err.count_blocks", map[string]any{"quarter": "smithy"}, "Граф стоїть у кварталі «кузня»: звідти фігурки не виходять."},
		{"bg", "err.occupied", map[string]any{"feature": "city"}, "Този обект (крепост) вече е зает: не може да се добави фигурка."},
		{"uk", "err.supply_empty", map[string]any{"figure": "follower"}, "У вашому запасі не лишилося такої фігурки: підданець."},
		{"en", "err.no_such_place", nil, "There is no feature at that place on the tile."},
		{"en", "err.no_such_place", map[string]any{"place": "NNE"}, "There is no feature at that place on the tile (NNE)."},
		{"uk", "err.no_tile_there", map[string]any{"pos": engine.Pos{X: 3, Y: -2}}, "У позиції 3,-2 немає плитки."},
		{"bg", "ev.gift_opened", map[string]any{"card": "cash-out", "Player": "Ана"}, "Ана отваря дара „Осребряване“."},
		{"en", "ev.score.robber-baron", map[string]any{"points": 3}, "The Robber Baron: +3 for the completed roads."},
		{"uk", "record.bad_rotation", map[string]any{"Text": "45", "Missing": false}, "«45» не є поворотом: 0, 90, 180 або 270."},
		{"uk", "record.bad_rotation", map[string]any{"Text": "red place b-rs 1,0", "Missing": true}, "Бракує повороту: 0, 90, 180 або 270."},
	}
	for _, tt := range tests {
		if got := locales.New(tt.lang).T(tt.id, tt.data); got != tt.want {
			t.Errorf("%s %q %v = %q, want %q", tt.lang, tt.id, tt.data, got, tt.want)
		}
	}
}
