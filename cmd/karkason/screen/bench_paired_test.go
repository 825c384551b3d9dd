package screen

import (
	"runtime"
	"runtime/metrics"
	"sort"
	"testing"
	"time"
)

// BenchmarkConfirmPaired is the table's confirmation with 0 and with 50 viewers measured side by side: two tables
// 60 actions into a game, one served to no viewer, one to 50 (25 reading, 25 that connect and never read), whose
// confirmations (checked, appended, synced, applied, then the poke) alternate, the order swapped every round. On a
// machine whose load and disk come and go (fsync is most of a confirmation), a change of load then falls on both
// alike, which two benchmarks run one after the other cannot promise. Before each timed confirmation, off the
// clock, the process is let fall quiet: the server has published the last change and its viewers have read it, and
// no goroutine runs or waits to run (runtime/metrics), as seconds between two moves at a table leave it.
//
//	ms-0/op, ms-50/op   the mean confirmation with no viewer and with 50
//	p50-0, p50-50       their medians (ms)
//	%slower-50          the share of rounds in which the one with 50 viewers took longer (50: no difference)
//	server-KB/change    what the server with 50 viewers allocates for one change (read, replay, render, write)
//
//	go test ./cmd/karkason/screen -run '^$' -bench ConfirmPaired -benchtime 200x -count 10
func BenchmarkConfirmPaired(b *testing.B) {
	quiet, served := midGame(b), midGame(b)
	written := make(chan int, 1<<16)
	served.srv.wrote = func(v int) { written <- v }
	got := make(chan int, 1<<16)
	for i := range 50 {
		sseViewer(b, served, "en", i%2 == 1, got)
	}
	for served.srv.Viewers() < 50 {
		time.Sleep(time.Millisecond)
	}
	var d [2][]float64 // ms: [0] no viewer, [1] 50 viewers
	var alloc uint64
	var ms runtime.MemStats
	b.ResetTimer()
	b.StopTimer()
	for i := 0; i < b.N; i++ {
		for k := range 2 {
			which := (i + k) % 2 // the order swapped every round
			tb := []*table{quiet, served}[which]
			want := tb.srv.current().version + 1
			settleDown()
			b.StartTimer()
			start := time.Now()
			tb.toggle(b, i)
			d[which] = append(d[which], float64(time.Since(start).Microseconds())/1000)
			b.StopTimer()
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			for tb.srv.current().version < want {
				time.Sleep(50 * time.Microsecond)
			}
			if which == 1 {
				for n := 0; n < 25; {
					if v := <-got; v >= want {
						n++
					}
				}
				settleDown()
				runtime.ReadMemStats(&ms)
				alloc += ms.TotalAlloc - before
			}
		}
	}
	slower := 0 // rounds in which the confirmation with 50 viewers took longer than the one without
	for i := range d[0] {
		if d[1][i] > d[0][i] {
			slower++
		}
	}
	for which, name := range []string{"0", "50"} {
		mean, med := stats(d[which])
		b.ReportMetric(mean, "ms-"+name+"/op")
		b.ReportMetric(med, "p50-"+name)
	}
	b.ReportMetric(100*float64(slower)/float64(len(d[0])), "%slower-50")
	b.ReportMetric(float64(alloc)/1024/float64(b.N), "server-KB/change")
	b.ReportMetric(0, "ns/op") // two confirmations an op: the metrics above say each
}

// settleDown waits (up to 50 ms) until no goroutine of the process runs but this one and none waits to run.
func settleDown() {
	s := []metrics.Sample{{Name: "/sched/goroutines/runnable:goroutines"}, {Name: "/sched/goroutines/running:goroutines"}}
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; time.Sleep(100 * time.Microsecond) {
		metrics.Read(s)
		if s[0].Value.Kind() != metrics.KindUint64 || s[0].Value.Uint64() == 0 && s[1].Value.Uint64() <= 1 {
			return
		}
	}
}

func stats(xs []float64) (mean, median float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	for _, x := range s {
		mean += x
	}
	return mean / float64(len(s)), s[len(s)/2]
}

// gcRunning reports whether a garbage collection is marking now (the GC's mark workers' CPU is counting up).
func gcRunning() bool {
	s := []metrics.Sample{{Name: "/cpu/classes/gc/mark/dedicated:cpu-seconds"}, {Name: "/cpu/classes/gc/mark/idle:cpu-seconds"}}
	metrics.Read(s)
	a := s[0].Value.Float64() + s[1].Value.Float64()
	time.Sleep(0)
	metrics.Read(s)
	return s[0].Value.Float64()+s[1].Value.Float64() != a
}
