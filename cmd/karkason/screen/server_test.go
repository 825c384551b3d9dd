package screen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, url string, hdr map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	return resp.StatusCode, string(b)
}

// rawGet sends a request line as it is (no cleaning of the path by the client).
func rawGet(t *testing.T, addr, path, host string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func sum(t *testing.T, path string) [32]byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// Read-only and private (issue 27): only the server's own paths, for its one game; a token on a LAN address; the
// Host header checked; the record byte for byte as it was.
func TestOnlyItsOwnPaths(t *testing.T) {
	for _, token := range []bool{false, true} {
		tb := newTable(t, cityTB, Options{Token: token})
		for range 5 {
			tb.move(t)
		}
		before := sum(t, tb.path)
		url := tb.srv.URL()
		addr := strings.TrimPrefix(strings.TrimSuffix(url, tb.srv.prefix), "http://")
		for _, p := range []string{"", "state.json", "board.svg", "chart.svg", "app.js", "app.css"} {
			if code, _ := get(t, url+p, nil); code != 200 {
				t.Errorf("token %v: %s: %d, want 200", token, p, code)
			}
		}
		bad := []string{"/x", "/index.html", "/../etc/passwd", "/%2e%2e/etc/passwd", "/..%2fgame.rec", "/game.rec",
			tb.srv.prefix + "../game.rec", tb.srv.prefix + "..", tb.srv.prefix + "%2e%2e/", tb.srv.prefix + "state.json/",
			tb.srv.prefix + "assets/app.js", tb.srv.prefix + "events/../state.json"}
		if token {
			bad = append(bad, "/", "/state.json", "/events", "/wrongtoken/", "/"+tb.srv.token[:10]+"/",
				"/"+tb.srv.token+"x/state.json")
		}
		for _, p := range bad {
			if code := rawGet(t, addr, p, addr); code != 404 && code != 400 {
				t.Errorf("token %v: %s: %d, want 404 or 400", token, p, code)
			}
		}
		for _, h := range []string{"evil.example", "evil.example:" + strings.Split(addr, ":")[1], "127.0.0.1.nip.io", ""} {
			if code := rawGet(t, addr, tb.srv.prefix, h); code != 400 {
				t.Errorf("token %v: Host %q: %d, want 400", token, h, code)
			}
		}
		for _, h := range []string{addr, "localhost:" + strings.Split(addr, ":")[1]} {
			if code := rawGet(t, addr, tb.srv.prefix, h); code != 200 {
				t.Errorf("token %v: Host %q: %d, want 200", token, h, code)
			}
		}
		req, _ := http.NewRequest("POST", url, strings.NewReader("action=end"))
		if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 405 {
			t.Errorf("POST: %v %v", resp, err)
		}
		if after := sum(t, tb.path); after != before {
			t.Errorf("token %v: the record changed", token)
		}
		_, page := get(t, url, nil)
		if !strings.Contains(page, `data-player="red"`) {
			t.Errorf("the page lacks the players")
		}
	}
}

func TestHeaders(t *testing.T) {
	tb := newTable(t, cityTB, Options{})
	resp, err := http.Get(tb.srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe") {
		t.Errorf("CSP %q allows unsafe", csp)
	}
	_, page := get(t, tb.srv.URL(), nil)
	for _, no := range []string{"http://", "https://", "<script>", " style="} {
		if i := strings.Index(page, no); i >= 0 && !strings.Contains(page[i:min(len(page), i+40)], "www.w3.org/2000/svg") {
			t.Errorf("the page has %q: %s", no, page[i:min(len(page), i+60)])
		}
	}
}

// state.json is the summary replay --json gives, and what else the page shows.
func TestStateJSON(t *testing.T) {
	tb := newTable(t, cityTB, Options{})
	for range 12 {
		tb.move(t)
	}
	waitVersion(t, tb)
	_, body := get(t, tb.srv.URL()+"state.json", nil)
	var st struct {
		Version int            `json:"version"`
		Scores  map[string]int `json:"scores"`
		Turn    int            `json:"turn"`
		Players []struct {
			Colour string         `json:"colour"`
			Score  int            `json:"score"`
			Supply map[string]int `json:"supply"`
		} `json:"players"`
		Breakdown []json.RawMessage `json:"breakdown"`
	}
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err, body)
	}
	g := tb.shown()
	sum := g.Summary()
	want, _ := json.Marshal(sum.Scores)
	got, _ := json.Marshal(st.Scores)
	if !bytes.Equal(want, got) || st.Turn != sum.Turn || len(st.Breakdown) != len(sum.Breakdown) {
		t.Errorf("state.json %s turn %d, %d scorings; replay --json %s turn %d, %d", got, st.Turn, len(st.Breakdown),
			want, sum.Turn, len(sum.Breakdown))
	}
	if len(st.Players) != 3 || st.Players[0].Supply["builder"] != g.S.InSupplyCount(0, 3) {
		t.Errorf("players %+v", st.Players)
	}
}

// waitVersion waits until the server has read the record as it is now.
func waitVersion(t testing.TB, tb *table) {
	t.Helper()
	want, _ := os.ReadFile(tb.path)
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(5 * time.Millisecond) {
		if s := tb.srv.current(); s.data != nil && bytes.Equal(s.data.Bytes, want) {
			return
		}
	}
	t.Fatal("the server did not read the record")
}
