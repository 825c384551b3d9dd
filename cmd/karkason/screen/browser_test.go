package screen

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The second screen in a real browser: Debian's headless Chromium driven through the DevTools protocol
// (chromedp). Without Chromium the tests skip, saying so; under CI (CI set, .ci/run installs chromium) they fail.

var screens = flag.Bool("screens", false, "write the phone and TV screenshots to docs/screens/")

var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	browserStop = func() {} // ends the browser and removes its profile
)

func TestMain(m *testing.M) {
	code := m.Run()
	browserStop()
	os.Exit(code)
}

// chromium is the browser of the tests: one process for the package, a fresh profile.
func chromium(t *testing.T) context.Context {
	t.Helper()
	browserOnce.Do(func() {
		path := ""
		for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
			if lp, err := exec.LookPath(p); err == nil {
				path = lp
				break
			}
		}
		if path == "" {
			browserErr = fmt.Errorf("no chromium installed (apt-get install chromium)")
			return
		}
		dir, err := os.MkdirTemp("", "karkason-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
			chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-quic", true),
			chromedp.Flag("no-first-run", true), chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
			chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 800)}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		browserStop = func() {
			cancelBrowser()
			cancelAlloc()
			os.RemoveAll(dir)
		}
		if _, err := chromedp.Run(bctx, chromedp.Navigate("about:blank")); err != nil {
			browserErr = fmt.Errorf("chromium does not start: %w", err)
			return
		}
		browserCtx = bctx
	})
	if browserErr != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the browser tests are required under CI: %v", browserErr)
		}
		t.Skipf("browser test skipped: %v", browserErr)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancel2)
	return ctx
}

func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pageShows is a JavaScript predicate: the page shows g (every player's score, the board's tiles, the scorings
// of the last turns, whose decision it is) and the board of the server's snapshot.
func pageShows(g *referee.Game, boardKey string) string {
	var conds []string
	for p := 0; p < g.Players(); p++ {
		conds = append(conds, fmt.Sprintf(`(document.querySelector('[data-player=%q]')||{}).dataset?.score === "%d"`,
			string(g.Colour(p)), g.S.Scores[p]))
	}
	recent := 0
	for _, e := range g.Events {
		if e.Score != nil && !e.Score.Final && e.Turn > g.TurnNo-recentTurns {
			recent++
		}
	}
	conds = append(conds,
		fmt.Sprintf(`document.querySelectorAll('#board g[data-tile]').length === %d`, len(g.S.Tiles)),
		fmt.Sprintf(`document.querySelectorAll('#scorings li').length === %d`, recent),
		fmt.Sprintf(`document.body.dataset.board === %q`, boardKey))
	if d := g.Deciding(); d >= 0 {
		conds = append(conds, fmt.Sprintf(`!!document.querySelector('tr.active[data-player=%q]')`, string(g.Colour(d))))
	}
	return strings.Join(conds, " && ")
}

// waitShows waits until the page shows the table's game; it returns how long that took from since.
func waitShows(t *testing.T, ctx context.Context, tb *table, since time.Time, what string) time.Duration {
	t.Helper()
	waitVersion(t, tb)
	g := tb.shown()
	snap := tb.srv.current()
	// The live part first (the event), then the board (fetched after it when it changed): both logged.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.body.dataset.v === "%d"`, snap.version),
		chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("%s: the event of version %d did not come: %v", what, snap.version, err)
	}
	t.Logf("%s: the event after %v", what, time.Since(since))
	pred := pageShows(g, snap.boardKey)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](pred, chromedp.WithPollingInterval(5*time.Millisecond),
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		html, _ := chromedp.Run(ctx, chromedp.OuterHTML("#live"))
		t.Fatalf("%s: the page does not show the game (%v):\n%s\n%s", what, err, pred, html)
	}
	return time.Since(since)
}

// Moves at the table reach the page without a reload: the first moves, a builder's double turn (TB-7..10), a
// moving-out round from the City (COUNT-13..18), an undo; the board, the scores, the scorings and whose
// decision it is, after each. The time from the confirmed action to the page showing it is logged (the issue's
// bound is 300 ms; the benchmarks measure the server's part).
func TestLiveMoves(t *testing.T) {
	ctx := chromium(t)
	tb := newTable(t, cityTB, Options{})
	run(t, ctx, chromedp.Navigate(tb.srv.URL()))
	waitShows(t, ctx, tb, time.Now(), "the first load")
	run(t, ctx, chromedp.Evaluate[any](`window.karkasonLoaded = 1`)) // gone if the page reloads
	var worst time.Duration
	check := func(what string) {
		d := waitShows(t, ctx, tb, time.Now(), what)
		worst = max(worst, d)
	}
	step := func(what string) {
		start := time.Now()
		tb.move(t)
		d := waitShows(t, ctx, tb, start, what)
		t.Logf("%s: %v", what, d)
		worst = max(worst, d)
	}
	for i := range 3 {
		step(fmt.Sprintf("move %d", i+1))
	}
	double, round := false, false
	for i := 0; i < 400 && !(double && round); i++ {
		g := tb.sess.Game
		switch {
		case !double && g.Phase == referee.PhaseTile && g.Part() == 2:
			step("the builder's second tile")
			double = true
		case !round && g.Phase == referee.PhaseMoving:
			step("a move in the City's moving-out round")
			round = true
		case g.Phase == referee.PhaseEnded:
			t.Fatal("the game ended before a double turn and a City round")
		default:
			tb.move(t)
		}
	}
	if !double || !round {
		t.Fatalf("no double turn (%v) or no City round (%v) in 400 actions", double, round)
	}
	check("after the double turn and the round")
	start := time.Now()
	if ok, err := tb.sess.Undo(); !ok || err != nil {
		t.Fatalf("undo: %v %v", ok, err)
	}
	tb.srv.Poke()
	worst = max(worst, waitShows(t, ctx, tb, start, "the undo"))
	if v := run(t, ctx, chromedp.Evaluate[any](`window.karkasonLoaded`)); v == nil {
		t.Error("the page reloaded")
	}
	t.Logf("the slowest change took %v from the confirmed action to the page showing it", worst)
}

// A page that lost its connection catches up by itself when the server is back: here the stream is cut (the
// server drops every viewer) while moves are made.
func TestCatchUp(t *testing.T) {
	ctx := chromium(t)
	tb := newTable(t, cityTB, Options{})
	run(t, ctx, chromedp.Navigate(tb.srv.URL()))
	waitShows(t, ctx, tb, time.Now(), "the first load")
	tb.srv.dropViewers() // cut every stream: the page's EventSource reconnects
	for range 6 {
		tb.move(t)
	}
	waitShows(t, ctx, tb, time.Now(), "after the connection came back")
}

// The language: Accept-Language picks it, the page's switch changes it, the live part follows.
func TestLanguage(t *testing.T) {
	ctx := chromium(t)
	tb := newTable(t, cityTB, Options{Lang: "bg"})
	run(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{
			Headers: network.Headers{"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.5"}})
		return err
	}))
	run(t, ctx, chromedp.Navigate(tb.srv.URL()))
	if l := run(t, ctx, chromedp.Evaluate[string](`document.documentElement.lang`)); l != "uk" {
		t.Fatalf("Accept-Language uk: the page is in %q", l)
	}
	if txt := run(t, ctx, chromedp.Text("#players h2")); txt != "Гравці" {
		t.Errorf("uk: players heading %q", txt)
	}
	run(t, ctx, chromedp.Evaluate[any](`document.querySelector('nav a[hreflang="en"]').click()`))
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) { // the switch loads the page again
		l, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState === "complete" ? document.documentElement.lang : ""`))
		if err == nil && l == "en" {
			break
		}
		if time.Since(start) > 5*time.Second {
			t.Fatalf("the switch to English: %q %v", l, err)
		}
	}
	tb.move(t)
	waitShows(t, ctx, tb, time.Now(), "a move after the switch")
	if txt := run(t, ctx, chromedp.Text("#players h2")); txt != "Players" {
		t.Errorf("en: players heading %q", txt)
	}
	if txt := run(t, ctx, chromedp.Text("#now .head")); !strings.HasPrefix(txt, "Turn ") {
		t.Errorf("en after a live update: %q", txt)
	}
}

// A phone held upright and a TV show the whole page without horizontal scrolling; the page of a finished 6-player
// game with every module shows the tally and the chart, and its first load is under 300 KB.
func TestLayoutsFinishedGame(t *testing.T) {
	ctx := chromium(t)
	path := finishedRecord(t)
	srv, err := Start(Options{Path: path, Listen: "127.0.0.1:0", Lang: "bg"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	for _, size := range []struct {
		name string
		w, h int64
		lang string
	}{{"phone", 360, 640, "uk"}, {"tv", 1920, 1080, "bg"}} {
		run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
		run(t, ctx, chromedp.Navigate(srv.URL()+"?lang="+size.lang))
		run(t, ctx, chromedp.Poll[bool](`document.readyState === "complete" && document.getElementById('chart').complete`,
			chromedp.WithPollingTimeout(10*time.Second)))
		if n := run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('#tally li').length`)); n == 0 {
			t.Errorf("%s: no tally", size.name)
		}
		if w := run(t, ctx, chromedp.Evaluate[int](`document.getElementById('chart').naturalWidth`)); w == 0 {
			t.Errorf("%s: no chart", size.name)
		}
		sw := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
		cw := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.clientWidth`))
		if sw > cw {
			t.Errorf("%s: scrolls horizontally: %d > %d", size.name, sw, cw)
		}
		wide := run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll('#live *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length`))
		if wide > 0 {
			t.Errorf("%s: %d elements reach past the right edge", size.name, wide)
		}
		bytes := run(t, ctx, chromedp.Evaluate[int](`performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((s, e) => s + e.transferSize, 0)`))
		t.Logf("%s: first load %d bytes", size.name, bytes)
		if bytes <= 0 || bytes >= 300<<10 {
			t.Errorf("%s: the first load is %d bytes, want under 300 KB", size.name, bytes)
		}
		png := run(t, ctx, chromedp.FullScreenshot(90))
		out := filepath.Join(t.TempDir(), size.name+".png")
		if *screens {
			out = filepath.Join("..", "..", "..", "docs", "screens", "second-screen-"+size.name+".png")
			run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
			png = run(t, ctx, chromedp.CaptureScreenshot())
		}
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The page of a record that cannot be read says so in its language, as the table says it.
func TestRecordRefused(t *testing.T) {
	ctx := chromium(t)
	path := filepath.Join(t.TempDir(), "bad.rec")
	rec := "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard\nred place b-zz 0,1 0\n"
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, err := Start(Options{Path: path, Listen: "127.0.0.1:0", Lang: "uk"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	run(t, ctx, chromedp.Navigate(srv.URL()))
	msg := run(t, ctx, chromedp.Text(".error"))
	if !strings.Contains(msg, "3") || msg == "" {
		t.Errorf("the refused line is not said: %q", msg)
	}
	_ = engine.Standard
}
