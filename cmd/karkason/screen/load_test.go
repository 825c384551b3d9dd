package screen

import (
	"io"
	"net/http"
	"sync"
	"testing"
	"time"
)

// 200 page loads and 50 viewers at once on 127.0.0.1 hold: every load is answered whole, every viewer gets the
// next move.
func TestManyViewersAndLoads(t *testing.T) {
	tb := newTable(t, cityTB, Options{})
	for range 20 {
		tb.move(t)
	}
	waitVersion(t, tb)
	got := make(chan int, 1024)
	for range 50 {
		sseViewer(t, tb, "uk", false, got)
	}
	for n := 0; n < 50; n++ {
		<-got
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	sem := make(chan struct{}, MaxRequests/2) // a crowd of browsers, each waiting for its page
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			resp, err := http.Get(tb.srv.URL())
			if err == nil {
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			if err != nil || resp.StatusCode != 200 {
				mu.Lock()
				failed++
				mu.Unlock()
			}
		}()
	}
	want := tb.srv.current().version + 1
	tb.move(t)
	for n := 0; n < 50; {
		select {
		case id := <-got:
			if id >= want {
				n++
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%d of 50 viewers got the move", n)
		}
	}
	wg.Wait()
	if failed > 0 {
		t.Errorf("%d of 200 page loads failed", failed)
	}
	if tb.srv.Viewers() != 50 {
		t.Errorf("%d viewers, want 50", tb.srv.Viewers())
	}
}

// One viewer more than MaxViewers is refused, and the table is told (Limit).
func TestViewerCap(t *testing.T) {
	changed := make(chan struct{}, 1024)
	tb := newTable(t, cityTB, Options{Changed: func() { changed <- struct{}{} }})
	got := make(chan int, 1024)
	for range MaxViewers {
		sseViewer(t, tb, "en", true, got)
	}
	for tb.srv.Viewers() < MaxViewers {
		time.Sleep(time.Millisecond)
	}
	resp, err := http.Get(tb.srv.URL() + "events")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || tb.srv.Limit() != "viewers" {
		t.Errorf("viewer %d: %d, limit %q", MaxViewers+1, resp.StatusCode, tb.srv.Limit())
	}
}
