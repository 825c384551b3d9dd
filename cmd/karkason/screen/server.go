// Package screen is the second screen (issue 27): the game of one record file live in a browser, on a TV or on
// every player's phone. It is read-only: it reads the record as every command does (referee.ReadFileData and
// ReadData), never writes it, and answers only its own few paths:
//
//	/             the page (Go templates, the board SVG inline, in the viewer's language)
//	/events       server-sent events: the live part of the page after every change of the record
//	/state.json   what the page shows, as `replay --json` gives it (plus the players' figures and the turn)
//	/board.svg    the board as `export` draws it (package picture), the last tile marked
//	/chart.svg    the scores panel of export: the points of each player turn by turn
//	/app.js, /app.css   the page's script (live updates, pan and zoom) and style, embedded
//
// With a token (a LAN address), every path is under /<token>/ and anything else is 404. The Host header must be an
// IP address or localhost (DNS rebinding: 400), the method GET or HEAD, the request small (headers within
// MaxHeaderBytes, no body). Nothing the server does makes the table wait: the record is looked at by a goroutine of
// its own, each viewer has a mailbox of one state (a slow viewer skips states, it never queues them), every write
// has a deadline, and the viewers and the requests in flight are capped; a cap reached is reported (Limit) for the
// table to say.
package screen

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/karkason/karkason/cmd/karkason/errlog"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// Limits of the server.
const (
	// MaxViewers is how many pages may follow the game at once (event streams); one more gets 503.
	MaxViewers = 64
	// MaxRequests is how many other requests may be answered at once; one more gets 503.
	MaxRequests = 32
	// MaxHeaderBytes bounds a request's line and headers (431 beyond); no request may have a body (413).
	MaxHeaderBytes = 8 << 10
	// WriteTimeout is the deadline of each write to a viewer: a viewer that does not read is dropped.
	WriteTimeout = 5 * time.Second
	// Poll is how often the record file is looked at when nobody pokes the server (serve following a table of
	// another process): a change reaches the pages within Poll and a replay.
	Poll = 100 * time.Millisecond
	// keepAlive is the interval of the comment lines that keep an idle event stream open through proxies and
	// tell a dead viewer apart.
	keepAlive = 20 * time.Second
)

// Options are what a Server serves and how.
type Options struct {
	Path   string      // the record file
	Listen string      // host:port; a host that is not a loopback address means a token
	Lang   string      // the table's language: the page's when the browser asks for none of bg, uk, en
	Log    *errlog.Log // where the OS's texts go (nil: nowhere)
	// Changed, if set, is called (on a goroutine of the server) when the number of viewers changes or a cap is
	// reached: the table redraws its panel. It must not block.
	Changed func()
	// Poll overrides the interval the file is looked at (0: Poll).
	Poll time.Duration
	// Token forces a token even on a loopback address (tests).
	Token bool
}

// Server serves one record file. Start it with Start, stop it with Stop.
type Server struct {
	o      Options
	ln     net.Listener
	srv    *http.Server
	token  string
	prefix string // "/" or "/<token>/"
	url    string

	mu      sync.Mutex
	snap    *snapshot
	viewers map[*viewer]struct{}

	nViewers atomic.Int32
	// limit is the last cap reached: "viewers" or "requests", "" if none. Atomic, like nViewers: the table's
	// goroutine reads both and never takes a lock of the server's.
	limit atomic.Pointer[string]
	reqs  chan struct{} // the semaphore of requests in flight
	poke  chan struct{}
	// table is the table's latest step (SetTable, table.go), tablePoke its news for the watch goroutine.
	table     atomic.Pointer[Table]
	tablePoke chan struct{}
	stop      chan struct{}
	done      chan struct{}
	version   int
	lastStat  fileStat
	// wrote, if set, is called after an event of that version is written to a viewer (the benchmarks).
	wrote func(version int)
}

// viewer is one open event stream: a mailbox of one snapshot, the latest.
type viewer struct {
	lang string
	box  chan *snapshot
	gone chan struct{} // closed to drop the viewer (dropViewers)
}

// ErrListen wraps the error of a listen address that cannot be used (taken, not this machine's, malformed).
var ErrListen = errors.New("cannot listen")

// ListenError is the error of Start when the address cannot be listened on.
type ListenError struct {
	Addr string
	Err  error
}

func (e *ListenError) Error() string { return "listen " + e.Addr + ": " + e.Err.Error() }
func (e *ListenError) Unwrap() []error {
	return []error{ErrListen, e.Err}
}

// InUse reports whether the address is taken by another program.
func (e *ListenError) InUse() bool { return errors.Is(e.Err, syscall.EADDRINUSE) }

// Start reads the record, listens on o.Listen and serves until Stop. The first state is read before Start
// returns, so that the first page shows the game. Errors: a *ListenError.
func Start(o Options) (*Server, error) {
	if o.Poll <= 0 {
		o.Poll = Poll
	}
	if locales.Match(o.Lang) != o.Lang {
		o.Lang = locales.Match(o.Lang)
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return nil, &ListenError{Addr: o.Listen, Err: err}
	}
	s := &Server{o: o, ln: ln, prefix: "/", viewers: map[*viewer]struct{}{},
		reqs: make(chan struct{}, MaxRequests), poke: make(chan struct{}, 1), tablePoke: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{})}
	host, _, _ := net.SplitHostPort(o.Listen)
	if o.Token || !isLoopback(host) {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		s.token = base64.RawURLEncoding.EncodeToString(b)
		s.prefix = "/" + s.token + "/"
	}
	s.url = "http://" + net.JoinHostPort(shownHost(host), portOf(ln.Addr())) + s.prefix
	s.reload(true)
	s.srv = &http.Server{Handler: s, MaxHeaderBytes: MaxHeaderBytes, ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, IdleTimeout: 60 * time.Second,
		ErrorLog: log.New(io.Discard, "", 0)} // never on the table's terminal
	go s.watch()
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// URL is the page's address, with the token when there is one: what the table shows and serve prints.
func (s *Server) URL() string { return s.url }

// Viewers is the number of pages following the game now.
func (s *Server) Viewers() int { return int(s.nViewers.Load()) }

// Limit is the last cap reached ("viewers": MaxViewers pages; "requests": MaxRequests requests at once), "" if none
// since the server started.
func (s *Server) Limit() string {
	if l := s.limit.Load(); l != nil {
		return *l
	}
	return ""
}

// Poke tells the server that the record has changed (the table confirmed an action, an undo): it reads it at once
// rather than at its next look. It never blocks.
func (s *Server) Poke() {
	select {
	case s.poke <- struct{}{}:
	default:
	}
}

// Stop closes the listener and every connection and stops the server at once; the record is left as it is.
func (s *Server) Stop() {
	select {
	case <-s.stop:
		return
	default:
	}
	close(s.stop)
	_ = s.srv.Close() // at once: the table waits for nothing (the pages say they lost the connection)
	<-s.done
}

// watch looks at the record file every Poll and whenever poked, and publishes a new state when its bytes changed.
func (s *Server) watch() {
	defer close(s.done)
	t := time.NewTicker(s.o.Poll)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-s.poke:
			s.reload(true)
		case <-s.tablePoke:
			s.retable()
		case <-t.C:
			s.reload(false)
		}
	}
}

// fileStat is what tells a changed file without reading it: size, time, inode (an undo renames a new file in).
type fileStat struct {
	size  int64
	mtime time.Time
	ino   uint64
	err   bool
}

func statOf(path string) fileStat {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStat{err: true}
	}
	st := fileStat{size: fi.Size(), mtime: fi.ModTime()}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.ino = sys.Ino
	}
	return st
}

// reload reads the record (always when forced, else only when its size, time or inode changed) and publishes a
// new snapshot if its bytes differ from the last one's.
func (s *Server) reload(force bool) {
	st := statOf(s.o.Path)
	if !force && st == s.lastStat && s.snap != nil {
		return
	}
	s.lastStat = st
	data, rerr := referee.ReadFileData(s.o.Path)
	if s.snap != nil && s.snap.sameAs(data, rerr) {
		return
	}
	s.version++
	snap := newSnapshot(s.version, s.o.Path, data, rerr, s.o.Log, s.snap)
	snap.table = s.table.Load()
	s.publish(snap)
}

// publish makes snap the current state and puts it in every viewer's mailbox, replacing one not yet written.
func (s *Server) publish(snap *snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.snap = snap
	for v := range s.viewers {
		select {
		case v.box <- snap:
		default:
			select { // the mailbox holds an older state: the newer one replaces it
			case <-v.box:
			default:
			}
			select {
			case v.box <- snap:
			default:
			}
		}
	}
}

// dropViewers ends every event stream (the pages reconnect and catch up): what a lost Wi-Fi does, for the tests.
func (s *Server) dropViewers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for v := range s.viewers {
		close(v.gone)
		delete(s.viewers, v)
	}
}

func (s *Server) current() *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snap
}

func (s *Server) reached(what string) {
	old := s.limit.Swap(&what)
	if (old == nil || *old != what) && s.o.Changed != nil {
		s.o.Changed()
	}
}

// isLoopback tells a host of this machine only: 127.0.0.0/8, ::1, localhost. An empty host (":8047") is every
// address, not a loopback one.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// shownHost is the host of the address shown: the listen host, or for every address (0.0.0.0, ::, "") this
// machine's first LAN address, which a phone can reach.
func shownHost(host string) string {
	ip := net.ParseIP(host)
	if host != "" && (ip == nil || !ip.IsUnspecified()) {
		return host
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	return "127.0.0.1"
}

func portOf(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return fmt.Sprint(t.Port)
	}
	_, p, _ := net.SplitHostPort(a.String())
	return p
}

// hostAllowed is the DNS-rebinding check: the Host header names this server by an IP address or localhost (a
// name a rebinding attack controls is refused), or by the very host of the listen address.
func (s *Server) hostAllowed(h string) bool {
	host := h
	if hh, _, err := net.SplitHostPort(h); err == nil {
		host = hh
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil || strings.EqualFold(host, "localhost") {
		return true
	}
	lh, _, _ := net.SplitHostPort(s.o.Listen)
	return lh != "" && strings.EqualFold(host, lh)
}
