package tui

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/cmd/karkason/screen"
)

// The second screen from the table (issue 27) runs a real server on 127.0.0.1, whose goroutines wait on the
// network: synctest cannot wait for them, so these tests run the table's event loop on the real clock and read its
// state on its own goroutine (QueueUpdate), waiting for what they expect rather than for a fixed time.

// liveTable is the table running on a simulation screen outside synctest.
type liveTable struct {
	t    *testing.T
	u    *ui
	s    tcell.SimulationScreen
	done chan error
}

// startLive runs the table on a screen of w×h cells.
func startLive(t *testing.T, o Options, w, ht int) *liveTable {
	t.Helper()
	h := &liveTable{t: t, s: tcell.NewSimulationScreen("UTF-8"), done: make(chan error, 1)}
	h.u = newUI(o)
	if err := h.u.begin(); err != nil {
		t.Fatal(err)
	}
	h.u.app.SetScreen(h.s)
	h.s.SetSize(w, ht)
	go func() { h.done <- h.u.app.Run() }()
	h.on(func() {}) // the loop runs
	t.Cleanup(func() {
		h.on(func() { h.u.stopScreen() })
		h.u.app.Stop()
		<-h.done
		h.u.close()
	})
	return h
}

// on runs f on the table's goroutine and draws, and returns when it has.
func (h *liveTable) on(f func()) { h.u.app.QueueUpdateDraw(f) }

// key presses k (through the screen, as a keyboard does) and waits until the table has taken it.
func (h *liveTable) key(k tcell.Key) {
	h.s.InjectKey(k, 0, tcell.ModNone)
	time.Sleep(20 * time.Millisecond) // the key reaches the event loop through a goroutine of tcell's
	h.on(func() {})
}

// until waits (up to 5 s) until cond, read on the table's goroutine, holds.
func (h *liveTable) until(what string, cond func() bool) {
	h.t.Helper()
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(5 * time.Millisecond) {
		ok := false
		h.on(func() { ok = cond() })
		if ok {
			return
		}
	}
	h.t.Fatalf("%s: not within 5 s:\n%s", what, h.text())
}

// text is the screen as lines of text, drawn on the table's goroutine.
func (h *liveTable) text() string {
	var b strings.Builder
	h.on(func() {})
	h.on(func() { b.WriteString(screenText(h.s)) })
	return b.String()
}

// viewer opens the page's event stream and keeps it open (it reads the first event, then nothing).
func viewer(t *testing.T, url string) net.Conn {
	t.Helper()
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "GET /events HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	return c
}

// F11 at the table: the second screen starts on the listen address and its panel shows the address, the QR code
// and the viewers (their number follows the pages that connect, in the panel and on the key line); the table says
// when the viewers' cap is reached; the tile in hand reaches the server as the table takes it; F11 again stops it
// (the address answers no more).
func TestF11SecondScreen(t *testing.T) {
	o := testOptions(t, "en")
	o.Resume = true
	o.File = writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord)
	o.Config.Listen = "127.0.0.1:0"
	h := startLive(t, o, 120, 30) // wide enough for F11 on the key line (F1 says it at every width)
	h.until("the table", func() bool { return h.u.table != nil && h.u.modal == "" })
	if !strings.Contains(h.text(), "F11 screen") {
		t.Errorf("the key line does not name F11:\n%s", h.text())
	}

	h.key(screenKey)
	var url string
	h.until("the second screen started", func() bool {
		if h.u.scr.st != nil {
			url = h.u.scr.st.srv.URL()
		}
		return url != "" && h.u.modal == "screen"
	})
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("address %q", url)
	}
	scr := h.text()
	for _, want := range []string{url, "Second screen", "0 viewers", "F11 stops the second screen"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the panel lacks %q:\n%s", want, scr)
		}
	}
	if strings.Count(scr, "▀")+strings.Count(scr, "▄")+strings.Count(scr, "█") < 100 {
		t.Errorf("no QR code on the screen:\n%s", scr)
	}
	if code, _ := httpGet(t, url); code != http.StatusOK {
		t.Fatalf("the page answers %d", code)
	}

	// Viewers connect: the panel counts them.
	viewer(t, url)
	viewer(t, url)
	h.until("2 viewers in the panel", func() bool { return strings.Contains(h.u.screenPanelText(), "2 viewers") })
	if !strings.Contains(h.text(), "2 viewers") {
		t.Errorf("the panel does not show 2 viewers:\n%s", h.text())
	}

	// Esc closes the panel; the key line keeps the viewers.
	h.key(tcell.KeyEscape)
	h.until("the panel closed", func() bool { return h.u.modal == "" })
	if !strings.Contains(h.text(), "F11 screen (2)") {
		t.Errorf("the key line does not count the viewers:\n%s", h.text())
	}

	// The tile in hand: the table takes a tile (the place step), the page draws it.
	tile := h.u.cat.Tile("b-c1")
	h.on(func() { h.u.table.entry.placeTile(tile, []int{0}) })
	h.until("the place step", func() bool { return h.u.table.entry.step == stepPlace })
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		_, body := httpGet(t, url+"state.json")
		if strings.Contains(body, `"in_hand": "b-c1"`) && strings.Contains(body, `"table_step": "place"`) {
			break
		}
		if time.Since(start) > 5*time.Second {
			t.Fatalf("the tile in hand did not reach the second screen:\n%s", body)
		}
	}
	h.on(func() { h.u.table.entry.start(h.u.table.view()) }) // back to the tile step, as Esc goes
	h.until("the tile step", func() bool { return h.u.table.entry.step == stepTile })
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		_, body := httpGet(t, url+"state.json")
		if !strings.Contains(body, `"in_hand"`) && strings.Contains(body, `"table_step": "tile"`) {
			break
		}
		if time.Since(start) > 5*time.Second {
			t.Fatalf("the tile step did not reach the second screen:\n%s", body)
		}
	}

	// The viewers' cap: one page more than MaxViewers is refused, and the table says so.
	for range screen.MaxViewers {
		viewer(t, url)
	}
	limit := fmt.Sprintf("The second screen is full: %d pages follow the game; more are refused.", screen.MaxViewers)
	h.until("the cap said on the table", func() bool { return strings.Contains(h.u.table.status.GetText(true), limit) })
	if !strings.Contains(h.text(), "The second screen is full") {
		t.Errorf("the status line does not say the cap:\n%s", h.text())
	}

	// F11 again stops it.
	h.key(screenKey)
	h.until("the second screen stopped", func() bool { return h.u.scr.st == nil })
	if !strings.Contains(h.text(), "The second screen is off.") || strings.Contains(h.text(), "F11 screen (") {
		t.Errorf("not said stopped:\n%s", h.text())
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the address still answers after F11 stopped the second screen")
	}
}

// F11 in Ukrainian, and F11 from the open panel stops it at once.
func TestF11FromThePanelStops(t *testing.T) {
	o := testOptions(t, "uk")
	o.Resume = true
	o.File = writeRecord(t, o.Config.DataDir, "g.rec", exampleRecord)
	o.Config.Listen = "127.0.0.1:0"
	h := startLive(t, o, 80, 24)
	h.until("the table", func() bool { return h.u.table != nil && h.u.modal == "" })
	h.key(screenKey)
	h.until("the panel", func() bool { return h.u.modal == "screen" })
	if scr := h.text(); !strings.Contains(scr, "0 глядачів") {
		t.Errorf("the panel is not in Ukrainian:\n%s", scr)
	}
	h.key(screenKey)
	h.until("stopped", func() bool { return h.u.scr.st == nil && h.u.modal == "" })
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(bufio.NewReader(io.LimitReader(resp.Body, 1<<20)))
	return resp.StatusCode, string(b)
}
