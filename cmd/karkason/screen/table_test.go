package screen

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/karkason/karkason/referee"
)

// toTileStep moves the table on until a player is to lay a tile.
func toTileStep(t testing.TB, tb *table) {
	t.Helper()
	for range 50 {
		if tb.sess.Game.Phase == referee.PhaseTile {
			waitVersion(t, tb)
			return
		}
		tb.move(t)
	}
	t.Fatal("no tile step in 50 actions")
}

// waitTable waits until the server shows the table's step tb.
func waitTable(t testing.TB, tb *table, want Table) {
	t.Helper()
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(2 * time.Millisecond) {
		if s := tb.srv.current(); s.table != nil && *s.table == want {
			return
		}
	}
	t.Fatalf("the server did not take the table's step %+v", want)
}

// The table tells its step and the tile in hand (the record has no line for it): the page says the step and draws
// the tile, state.json names it; a step said of another state of the record (the table moved on, the record not
// yet read) is not shown; a record followed without a table says the phase only.
func TestTableInHand(t *testing.T) {
	tb := newTable(t, cityTB, Options{})
	toTileStep(t, tb)
	_, page := get(t, tb.srv.URL()+"?lang=en", nil)
	if strings.Contains(page, `class="hand"`) || !strings.Contains(page, "places a tile") {
		t.Fatalf("without a table the page says the phase only:\n%s", page)
	}
	g := tb.sess.Game
	hand := g.TilesInGame()[0].ID
	for _, c := range []struct {
		step, words, tile string
	}{
		{"tile", "draws a tile", ""},
		{"place", "lays the tile in hand", hand},
		{"discard", "cannot lay the tile in hand anywhere (BASE-5)", hand},
	} {
		want := Table{Actions: len(g.Actions), Step: c.step, Tile: c.tile}
		tb.srv.SetTable(want)
		waitTable(t, tb, want)
		_, page := get(t, tb.srv.URL()+"?lang=en", nil)
		if !strings.Contains(page, g.Name(g.Deciding())+" "+c.words) {
			t.Errorf("%s: the page does not say %q", c.step, c.words)
		}
		drawn := fmt.Sprintf(`<figure class="hand" data-tile="%s"><svg`, c.tile)
		if (c.tile != "") != strings.Contains(page, drawn) || (c.tile == "" && strings.Contains(page, `class="hand"`)) {
			t.Errorf("%s: the tile in hand %q drawn: %v", c.step, c.tile, strings.Contains(page, `class="hand"`))
		}
		_, body := get(t, tb.srv.URL()+"state.json", nil)
		var st struct {
			Step   string `json:"table_step"`
			InHand string `json:"in_hand"`
		}
		if err := json.Unmarshal([]byte(body), &st); err != nil || st.Step != c.step || st.InHand != c.tile {
			t.Errorf("%s: state.json says %+v (%v)", c.step, st, err)
		}
	}
	_, uk := get(t, tb.srv.URL(), map[string]string{"Accept-Language": "uk"})
	if !strings.Contains(uk, "Плитка в руці") {
		t.Error("the tile in hand is not said in Ukrainian")
	}
	// A step said of the state before (one action fewer): the page says the phase.
	stale := Table{Actions: len(g.Actions) - 1, Step: "place", Tile: hand}
	tb.srv.SetTable(stale)
	waitTable(t, tb, stale)
	if _, page := get(t, tb.srv.URL()+"?lang=en", nil); strings.Contains(page, `class="hand"`) {
		t.Error("a step said of another state of the record is shown")
	}
}

// SetTable never blocks, however many times it is called while the server is busy: the latest value wins.
func TestSetTableLatestWins(t *testing.T) {
	tb := newTable(t, cityTB, Options{})
	toTileStep(t, tb)
	g := tb.sess.Game
	var last Table
	for i := range 10000 {
		last = Table{Actions: len(g.Actions), Step: "place", Tile: g.TilesInGame()[i%len(g.TilesInGame())].ID}
		tb.srv.SetTable(last)
	}
	waitTable(t, tb, last)
}

// In a real browser the tile in hand appears without a reload when the table takes it, and goes when it is laid.
func TestBrowserTileInHand(t *testing.T) {
	ctx := chromium(t)
	tb := newTable(t, cityTB, Options{})
	toTileStep(t, tb)
	run(t, ctx, chromedp.Navigate(tb.srv.URL()))
	waitShows(t, ctx, tb, time.Now(), "the first load")
	run(t, ctx, chromedp.Evaluate[any](`window.karkasonLoaded = 1`))
	g := tb.sess.Game
	hand := g.TilesInGame()[0].ID
	tb.srv.SetTable(Table{Actions: len(g.Actions), Step: "place", Tile: hand})
	start := time.Now()
	poll := func(js string) {
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(5*time.Millisecond),
			chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			html, _ := chromedp.Run(ctx, chromedp.OuterHTML("#live"))
			t.Fatalf("%s: %v\n%s", js, err, html)
		}
	}
	poll(fmt.Sprintf(`!!document.querySelector('#now figure.hand[data-tile=%q] svg g[data-tile]')`, hand))
	t.Logf("the tile in hand on the page after %v", time.Since(start))
	tb.move(t)
	waitShows(t, ctx, tb, time.Now(), "the tile laid")
	poll(`!document.querySelector('#now figure.hand')`)
	if v := run(t, ctx, chromedp.Evaluate[any](`window.karkasonLoaded`)); v == nil {
		t.Error("the page reloaded")
	}
}
