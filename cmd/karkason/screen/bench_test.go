package screen

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Benchmarks of the second screen (issue 27), in-process on 127.0.0.1, on a game 60 actions in (the City, the King
// and the Robber Baron, Traders & Builders; 3 players):
//
//	BenchmarkEventTo50Viewers   from a confirmed action (or undo) at the table to its event written to each of
//	                            50 viewers (17 en, 17 bg, 16 uk): the record read and replayed, the page's live
//	                            part rendered in 3 languages, 50 events written (ns/op); ms-read/op is until
//	                            the 50 in-process readers have read it
//	BenchmarkConfirm/viewers=N  the table's confirmation (Session.Do or Undo: checked, appended, synced, applied)
//	                            and its poke of the server, with no viewer and with 50 (25 reading, 25 that
//	                            connect and never read); between two confirmations, off the clock, the server
//	                            sends the change to the viewers and the process falls quiet, as it does
//	                            between two moves at a table (BenchmarkConfirmPaired measures the two side by
//	                            side, bench_paired_test.go)
//
//	go test ./cmd/karkason/screen -run '^$' -bench . -benchtime 300x -count 5 [-settle]

var (
	settle = flag.Bool("settle", false, "BenchmarkConfirm: collect the garbage between two confirmations, off the clock")
	gap    = flag.Duration("gap", 30*time.Millisecond, "BenchmarkConfirm: the time from one confirmation to the next, "+
		"off the clock, with or without viewers alike")
)

// midGame is a table 60 actions into a game, served.
func midGame(b testing.TB) *table {
	tb := newTable(b, cityTB, Options{})
	for range 60 {
		tb.move(b)
	}
	waitVersion(b, tb)
	return tb
}

// sseViewer connects to the event stream and sends the id of every event it reads whole on got; with stall it
// never reads at all.
func sseViewer(b testing.TB, tb *table, lang string, stall bool, got chan<- int) net.Conn {
	addr := strings.TrimPrefix(strings.TrimSuffix(tb.srv.URL(), tb.srv.prefix), "http://")
	d := net.Dialer{}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		b.Fatal(err)
	}
	if stall {
		_ = c.(*net.TCPConn).SetReadBuffer(4096)
	}
	b.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "GET %sevents?lang=%s HTTP/1.1\r\nHost: %s\r\n\r\n", tb.srv.prefix, lang, addr)
	if stall {
		return c
	}
	go func() {
		r := bufio.NewReaderSize(c, 64<<10)
		id := 0
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			switch {
			case strings.HasPrefix(line, "id: "):
				id, _ = strconv.Atoi(strings.TrimSpace(line[4:]))
			case line == "\n" && id > 0:
				got <- id
				id = 0
			}
		}
	}()
	return c
}

// toggle confirms the next action, or undoes the last one: the table's two kinds of change, in turn, so that
// the game stays 60 actions in however long the benchmark runs.
func (tb *table) toggle(b *testing.B, i int) {
	if i%2 == 0 {
		tb.move(b)
		return
	}
	if ok, err := tb.sess.Undo(); !ok || err != nil {
		b.Fatalf("undo: %v %v", ok, err)
	}
	tb.srv.Poke()
}

func BenchmarkEventTo50Viewers(b *testing.B) {
	tb := midGame(b)
	written := make(chan int, 1024)
	tb.srv.wrote = func(v int) { written <- v }
	got := make(chan int, 1024)
	langs := []string{"en", "bg", "uk"}
	for i := range 50 {
		sseViewer(b, tb, langs[i%3], false, got)
	}
	for n := 0; n < 50; n++ { // each reads the current state first
		<-got
	}
	for tb.srv.Viewers() < 50 {
		time.Sleep(time.Millisecond)
	}
	var read time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		want := tb.srv.current().version + 1
		var err error
		if i%2 == 0 {
			a := pickFor(tb)
			err = tb.sess.Do(a)
		} else {
			_, err = tb.sess.Undo()
		}
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		tb.srv.Poke() // the table pokes the server once the action is confirmed
		for n := 0; n < 50; {
			if v := <-written; v >= want {
				n++
			}
		}
		b.StopTimer()
		for n := 0; n < 50; {
			if id := <-got; id >= want {
				n++
			}
		}
		read += time.Since(start)
		b.StartTimer()
	}
	b.ReportMetric(float64(read.Microseconds())/1000/float64(b.N), "ms-read/op")
}

func BenchmarkConfirm(b *testing.B) {
	for _, viewers := range []int{0, 50} {
		b.Run(fmt.Sprintf("viewers=%d", viewers), func(b *testing.B) {
			tb := midGame(b)
			written := make(chan int, 1<<16)
			tb.srv.wrote = func(v int) { written <- v }
			got := make(chan int, 1<<16)
			for i := range viewers {
				sseViewer(b, tb, "en", i%2 == 1, got)
			}
			for tb.srv.Viewers() < viewers {
				time.Sleep(time.Millisecond)
			}
			gcs := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
			overlap := 0 // confirmations during which a garbage collection ran or began
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				want := tb.srv.current().version + 1
				metrics.Read(gcs)
				before, marking := gcs[0].Value.Uint64(), gcRunning()
				tb.toggle(b, i) // what the table does: confirm (checked, appended, synced, applied), then poke
				metrics.Read(gcs)
				if gcs[0].Value.Uint64() != before || marking || gcRunning() {
					overlap++
				}
				// A table's next action comes seconds later, when the second screen has long sent this one: wait for
				// it, off the clock, so that each confirmation meets the server as the table meets it.
				b.StopTimer()
				stopped := time.Now()
				for tb.srv.current().version < want {
					time.Sleep(100 * time.Microsecond)
				}
				for n := 0; n < viewers/2; {
					if v := <-written; v >= want {
						n++
					}
				}
				for n := 0; n < viewers/2; { // and read: the viewers are in this process, not on a phone
					if v := <-got; v >= want {
						n++
					}
				}
				if *settle {
					runtime.GC() // and its garbage collected, as seconds between two moves collect it
				}
				settleDown() // and the server's last writes done: nothing of the process runs (bench_paired_test.go)
				time.Sleep(*gap - time.Since(stopped))
				b.StartTimer()
			}
			b.ReportMetric(100*float64(overlap)/float64(b.N), "%gc")
		})
	}
}
