package referee

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/karkason/karkason/engine"
)

// Bounded input (issue 14): a record over MaxRecordBytes or with a line over MaxLineBytes is refused where the cap
// is passed, without reading the rest, from a file, a pipe or an endless stream; the record is played as it is
// read, so a refusal at line 3 comes at once; an error quotes at most MaxQuote characters of the offending text.

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// endless repeats a line forever, after a head.
type endless struct {
	head, line string
	off        int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if e.head != "" {
			k := copy(p[n:], e.head)
			e.head = e.head[k:]
			n += k
			continue
		}
		k := copy(p[n:], e.line[e.off:])
		e.off = (e.off + k) % len(e.line)
		n += k
	}
	return n, nil
}

// zeros is /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

const twoPlayers = "karkason-record 1\nsetup players=A:red,B:blue expansions=none\n"

// measure runs f and returns the peak of the heap above what it was before (sampled every millisecond, and at the
// end), its allocations in bytes, and its duration.
func measure(f func()) (peak, alloc uint64, d time.Duration) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	sampled := make(chan uint64)
	go func() {
		var top uint64
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			top = max(top, m.HeapAlloc)
			select {
			case <-done:
				sampled <- top
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	start := time.Now()
	f()
	d = time.Since(start)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	close(done)
	top := max(<-sampled, after.HeapAlloc)
	if top > before.HeapAlloc {
		peak = top - before.HeapAlloc
	}
	return peak, after.TotalAlloc - before.TotalAlloc, d
}

func TestReplayIsBounded(t *testing.T) {
	// A 50 MB record file (sparse: it costs no disk) whose line 3 is already wrong.
	big := filepath.Join(t.TempDir(), "big.rec")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(twoPlayers + "red pass\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()

	tests := []struct {
		name     string
		open     func() io.Reader
		key      string // a *ParseError's key, or "" for a *Refusal
		line     int
		maxBytes int64 // bytes read at most, -1 for a file (not counted)
	}{
		{"50 MB file", func() io.Reader {
			f, err := os.Open(big)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			return f
		}, KeyTooLarge, 1, -1},
		{"50 MB pipe, line 3 refused", func() io.Reader {
			return io.LimitReader(&endless{head: twoPlayers, line: "red pass\n"}, 50<<20)
		}, "", 3, 3 * MaxLineBytes},
		{"endless stream of actions, line 3 refused", func() io.Reader {
			return &endless{head: twoPlayers, line: "red pass\n"}
		}, "", 3, 3 * MaxLineBytes},
		{"/dev/zero", func() io.Reader { return zeros{} }, KeyLineTooLong, 1, 3 * MaxLineBytes},
		{"endless comments", func() io.Reader {
			return &endless{head: twoPlayers, line: "# a comment that goes on and on\n"}
		}, KeyTooLarge, 0, MaxRecordBytes + 3*MaxLineBytes},
		{"endless tiny comments", func() io.Reader {
			return &endless{head: twoPlayers, line: "#a\n"}
		}, KeyTooLarge, MaxLines + 1, 3*MaxLineBytes + 3*MaxLines},
		{"a 1 MB tile name", func() io.Reader {
			return strings.NewReader(twoPlayers + "red place " + strings.Repeat("x", 1<<20) + " 1,0 90\n")
		}, KeyLineTooLong, 3, 3 * MaxLineBytes},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.open()
			r := &countingReader{r: in}
			if _, ok := in.(*os.File); !ok {
				in = r // a file is read as it is: its size is known before reading
			}
			var g *Game
			var err error
			peak, alloc, d := measure(func() { g, err = Replay(in, true) })
			t.Logf("refused after %d bytes read, heap peak %d bytes, %d bytes allocated, %v: %v", r.n, peak, alloc,
				d, Quote(fmt.Sprint(err)))
			var pe *ParseError
			var re *Refusal
			switch {
			case tc.key != "":
				if !errors.As(err, &pe) || pe.Key != tc.key || (tc.line > 0 && pe.Line != tc.line) {
					t.Fatalf("error %v, want %s at line %d", err, tc.key, tc.line)
				}
			default:
				if !errors.As(err, &re) || re.Line != tc.line {
					t.Fatalf("error %v, want a refusal at line %d", err, tc.line)
				}
				if g == nil || len(g.Actions) != 0 {
					t.Fatalf("game %v, want the game before line %d", g, tc.line)
				}
			}
			if tc.maxBytes >= 0 && r.n > tc.maxBytes {
				t.Errorf("read %d bytes, want at most %d", r.n, tc.maxBytes)
			}
			if peak > 50<<20 {
				t.Errorf("the heap grew by %d bytes, want under 50 MB", peak)
			}
			// The issue asks for under 100 ms; the bound here is loose so that a busy machine does not fail it
			// (the bytes read above are the real measure).
			if d > 2*time.Second {
				t.Errorf("took %v", d)
			}
			if pe != nil && utf8.RuneCountInString(pe.Text) > MaxQuote+1 {
				t.Errorf("the error quotes %d characters", utf8.RuneCountInString(pe.Text))
			}
		})
	}
}

// The line cap: MaxLineBytes bytes is a line (with "\n" or "\r\n"), one more is refused; a refused line is quoted
// cut to MaxQuote characters and "…"; the record cap: MaxRecordBytes is a record, one more byte is refused.
func TestCaps(t *testing.T) {
	comment := func(n int) string { return "#" + strings.Repeat("c", n-1) }
	for _, tc := range []struct {
		name, text string
		key        string
	}{
		{"longest line", twoPlayers + comment(MaxLineBytes) + "\n", ""},
		{"longest line, CRLF", twoPlayers + comment(MaxLineBytes) + "\r\n", ""},
		{"longest line, last", twoPlayers + comment(MaxLineBytes), ""},
		{"a byte too long", twoPlayers + comment(MaxLineBytes+1) + "\n", KeyLineTooLong},
		{"a byte too long, last", twoPlayers + comment(MaxLineBytes+1), KeyLineTooLong},
		{"a byte too long, CRLF", twoPlayers + comment(MaxLineBytes+1) + "\r\n", KeyLineTooLong},
		{"largest record", twoPlayers + strings.Repeat(comment(1023)+"\n", (MaxRecordBytes-len(twoPlayers))/1024) +
			comment((MaxRecordBytes-len(twoPlayers))%1024), ""},
		{"most lines", strings.Repeat("\n", MaxLines-2) + twoPlayers[:len(twoPlayers)-1], ""},
		{"a line too many", strings.Repeat("\n", MaxLines-1) + twoPlayers[:len(twoPlayers)-1], KeyTooLarge},
		{"a byte too large", twoPlayers + strings.Repeat(comment(1023)+"\n", (MaxRecordBytes-len(twoPlayers))/1024) +
			comment((MaxRecordBytes-len(twoPlayers))%1024+1), KeyTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRecord(strings.NewReader(tc.text))
			// The same text streamed (read through the buffer, not whole from memory) gives the same error.
			_, serr := ParseRecord(struct{ io.Reader }{strings.NewReader(tc.text)})
			if fmt.Sprint(err) != fmt.Sprint(serr) {
				t.Fatalf("in memory: %v; streamed: %v", err, serr)
			}
			var pe *ParseError
			switch {
			case tc.key == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.key != "" && (!errors.As(err, &pe) || pe.Key != tc.key):
				t.Fatalf("error %v, want %s", err, tc.key)
			}
		})
	}
	_, err := ParseRecord(strings.NewReader(twoPlayers + "red place " + strings.Repeat("я", 200) + " 1,0 90\n"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Key != KeyBadTile {
		t.Fatalf("a 200-letter tile name: %v", err)
	}
	if want := strings.Repeat("я", MaxQuote) + "…"; pe.Text != want || pe.Data["Text"] != want {
		t.Fatalf("quoted %q, want %q", pe.Text, want)
	}
	if len(pe.Error()) > 300 {
		t.Fatalf("the error is %d bytes long", len(pe.Error()))
	}
}

// A set-up whose line would be longer than MaxLineBytes (names of thousands of letters) is refused: karkason never
// writes a line it would not read back.
func TestSetupLineIsBounded(t *testing.T) {
	s := Setup{Players: []PlayerSpec{{strings.Repeat("Ана", 1000), Red}, {"Богдан", Blue}}}
	var pe *ParseError
	if err := s.Validate(); !errors.As(err, &pe) || pe.Key != KeyLineTooLong {
		t.Fatalf("a 6000-byte name: %v", err)
	}
	if _, err := Create(filepath.Join(t.TempDir(), "g.rec"), s); err == nil {
		t.Fatal("a record with an unreadable setup line was created")
	}
}

// Resume refuses a record file over the cap before reading it, and plays the record as it reads it; a refused
// record is refused whole, with no session to append after the refused line.
func TestResumeIsBounded(t *testing.T) {
	dir := t.TempDir()
	big := writeFile(t, dir, "big.rec", twoPlayers)
	if err := os.Truncate(big, 50<<20); err != nil {
		t.Fatal(err)
	}
	var pe *ParseError
	if _, err := Resume(big, engine.Standard()); !errors.As(err, &pe) || pe.Key != KeyTooLarge {
		t.Fatalf("resume of 50 MB: %v", err)
	}
	if fi, _ := os.Stat(big); fi.Size() != 50<<20 {
		t.Fatal("the file changed")
	}
	// Line 3 refused, line 4 malformed: the refusal at line 3 is the error.
	bad := writeFile(t, dir, "bad.rec", twoPlayers+"red pass\nthis is not a line\n")
	s, err := Resume(bad, engine.Standard())
	var re *Refusal
	if !errors.As(err, &re) || re.Line != 3 {
		t.Fatalf("resume: %v, want the refusal of line 3", err)
	}
	if s != nil {
		t.Fatal("a session for a record refused at line 3: the next action would follow the refused line")
	}
	// Refused as it is: not changed, and not locked (opening again gives the same refusal).
	if got := readFile(t, bad); got != twoPlayers+"red pass\nthis is not a line\n" {
		t.Fatalf("the refused record changed: %q", got)
	}
	if _, err := Resume(bad, engine.Standard()); !errors.As(err, &re) || re.Line != 3 {
		t.Fatalf("resume again: %v", err)
	}
}

// A refusal quotes at most MaxQuote characters of a text from the record: a 3000-letter tile id, within the line
// cap, is refused (CFG-5) with its first 60 letters and "…".
func TestRefusalQuotesAreCut(t *testing.T) {
	_, err := Replay(strings.NewReader(twoPlayers+"red place b-"+strings.Repeat("x", 3000)+" 1,0 90\n"), false)
	var re *Refusal
	if !errors.As(err, &re) || re.Line != 3 {
		t.Fatalf("error %v, want a refusal at line 3", err)
	}
	for k, v := range re.Data {
		if s, ok := v.(string); ok && utf8.RuneCountInString(s) > MaxQuote+1 {
			t.Errorf("data %s holds %d characters", k, utf8.RuneCountInString(s))
		}
	}
	if !strings.Contains(fmt.Sprint(re.Data), "…") {
		t.Errorf("no cut text in %v", re.Data)
	}
}

// BenchmarkReplayRefusesEndless: how long replay takes to refuse what is not a record: /dev/zero (line 1, the line
// cap), an endless stream of actions refused by the rules at line 3, an endless stream of comment lines (the line
// count cap).
func BenchmarkReplayRefusesEndless(b *testing.B) {
	for _, bc := range []struct {
		name string
		r    func() io.Reader
	}{
		{"dev-zero", func() io.Reader { return zeros{} }},
		{"actions", func() io.Reader { return &endless{head: twoPlayers, line: "red pass\n"} }},
		{"comments", func() io.Reader { return &endless{head: twoPlayers, line: "# a comment that goes on\n"} }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Replay(bc.r(), false); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
