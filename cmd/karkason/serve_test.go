package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe to read while serve writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// karkason serve prints the page's address as its first line and serves the record until interrupted (exit 0); a
// record that cannot be opened, a taken address, no last game: said in the user's language, exit 1.
func TestServe(t *testing.T) {
	env := tempHome(t)
	stop := make(chan os.Signal, 1)
	old := serveInterrupted
	serveInterrupted = func() (<-chan os.Signal, func()) { return stop, func() {} }
	defer func() { serveInterrupted = old }()
	var so, se syncBuffer
	done := make(chan int)
	go func() {
		done <- run([]string{"serve", "../../testdata/export/city-river.rec", "--listen", "127.0.0.1:0", "--lang", "uk"},
			env, &so, &se)
	}()
	var url string
	for start := time.Now(); url == "" && time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
		if line, err := bufio.NewReader(strings.NewReader(so.String())).ReadString('\n'); err == nil {
			url = strings.TrimSpace(line)
		}
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("first line %q", url)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), `data-score=`) {
		t.Errorf("the page: %d", resp.StatusCode)
	}
	// A second serve on the same address: taken.
	var so2, se2 bytes.Buffer
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	if code := run([]string{"serve", "../../testdata/export/city-river.rec", "--listen", addr, "--lang", "en"}, env,
		&so2, &se2); code != 1 || !strings.Contains(se2.String(), "another program uses that address") {
		t.Errorf("a taken address: exit %d %q", code, se2.String())
	}
	stop <- os.Interrupt
	if code := <-done; code != 0 {
		t.Errorf("exit %d, stderr %q", code, se.String())
	}
	var so3, se3 bytes.Buffer
	if code := run([]string{"serve", "no-such.rec", "--lang", "en"}, env, &so3, &se3); code != 1 || so3.Len() != 0 {
		t.Errorf("a missing record: exit %d %q %q", code, so3.String(), se3.String())
	}
	se3.Reset()
	if code := run([]string{"serve", "--lang", "en"}, env, &so3, &se3); code != 1 ||
		!strings.Contains(se3.String(), "no last game") {
		t.Errorf("no last game: exit %d %q", code, se3.String())
	}
}
