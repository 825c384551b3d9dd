package screen

import (
	"bytes"
	"compress/gzip"
	"crypto/subtle"
	"embed"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/language"

	"github.com/karkason/karkason/locales"
)

//go:embed assets
var assets embed.FS

// pages are the page's templates: "page" (the whole page) and "live" (the part the events replace).
var pages = template.Must(template.New("").ParseFS(assets, "assets/*.html"))

// pageWords are the catalogue's words the templates use, as .T.<id without "ui.web.">.
var pageWords = []string{"ui.web.board", "ui.web.chart", "ui.web.fit", "ui.web.language", "ui.web.live", "ui.web.no_game",
	"ui.web.offline", "ui.web.players", "ui.web.points", "ui.web.scorings", "ui.web.supply", "ui.web.tally", "ui.web.zoom_in",
	"ui.web.zoom_out"}

// csp is the page's Content-Security-Policy: its own script and style only, nothing from anywhere else, no
// inline script, no frames, no forms.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// ServeHTTP answers the server's few paths (see the package doc); everything else is 404, a foreign Host 400.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer") // the token is in the address
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
	if !s.hostAllowed(r.Host) {
		http.Error(w, "400 bad host", http.StatusBadRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.ContentLength != 0 || len(r.TransferEncoding) > 0 {
		http.Error(w, "413 no body", http.StatusRequestEntityTooLarge)
		return
	}
	name, ok := s.route(r.URL.Path)
	if !ok || r.URL.RawPath != "" {
		http.NotFound(w, r)
		return
	}
	if name == "events" {
		s.events(w, r)
		return
	}
	select {
	case s.reqs <- struct{}{}:
		defer func() { <-s.reqs }()
	default:
		s.reached("requests")
		http.Error(w, "503 busy", http.StatusServiceUnavailable)
		return
	}
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(WriteTimeout))
	snap := s.current()
	lang := s.langOf(r)
	switch name {
	case "":
		s.page(w, r, snap, lang)
	case "state.json":
		sendBlob(w, r, "application/json; charset=utf-8", snap.stateBlob(lang))
	case "board.svg":
		h.Set("X-Board", snap.boardKey)
		sendBlob(w, r, "image/svg+xml", snap.board(lang))
	case "chart.svg":
		sendBlob(w, r, "image/svg+xml", snap.chart(lang))
	case "app.js":
		h.Set("Cache-Control", "max-age=3600")
		b, _ := assets.ReadFile("assets/app.js")
		send(w, r, "text/javascript; charset=utf-8", b)
	case "app.css":
		h.Set("Cache-Control", "max-age=3600")
		b, _ := assets.ReadFile("assets/app.css")
		send(w, r, "text/css; charset=utf-8", b)
	default:
		http.NotFound(w, r)
	}
}

// route is the name of a path under the server's prefix ("" the page, "state.json" ...); false when the path is not
// under it: without the token, or with another (compared in constant time).
func (s *Server) route(path string) (string, bool) {
	if s.token == "" {
		return strings.CutPrefix(path, "/")
	}
	seg, rest, found := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if !found || !strings.HasPrefix(path, "/") || subtle.ConstantTimeCompare([]byte(seg), []byte(s.token)) != 1 {
		return "", false
	}
	return rest, true
}

// page writes the whole page: the live part and the board inline.
func (s *Server) page(w http.ResponseWriter, r *http.Request, snap *snapshot, lang string) {
	v := snap.view(lang)
	board := snap.board(lang)
	if board.err != nil {
		http.Error(w, "500 board", http.StatusInternalServerError)
		return
	}
	data := struct {
		*model
		Live  template.HTML
		Board template.HTML
	}{v.model, template.HTML(v.live), template.HTML(board.raw)}
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, "page", data); err != nil {
		http.Error(w, "500 page", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Language", lang)
	send(w, r, "text/html; charset=utf-8", b.Bytes())
}

// sendBlob writes a blob made once, gzipped once.
func sendBlob(w http.ResponseWriter, r *http.Request, ctype string, b *blob) {
	if b.err != nil {
		http.Error(w, "500 "+ctype, http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Add("Vary", "Accept-Encoding")
	body := b.raw
	if b.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		body = b.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// send writes body, gzipped when the browser takes it.
func send(w http.ResponseWriter, r *http.Request, ctype string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Add("Vary", "Accept-Encoding")
	if len(body) > 1024 && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		var b bytes.Buffer
		z, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
		_, _ = z.Write(body)
		_ = z.Close()
		body = b.Bytes()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// matcher matches a browser's languages to the catalogues'.
var matcher = func() language.Matcher {
	var tags []language.Tag
	for _, l := range locales.Languages() {
		tags = append(tags, language.Make(l))
	}
	return language.NewMatcher(tags)
}()

// langOf is the viewer's language: ?lang= (the page's switch), else the best of Accept-Language among bg, uk, en,
// else the table's.
func (s *Server) langOf(r *http.Request) string {
	langs := locales.Languages()
	if l := r.URL.Query().Get("lang"); l != "" {
		for _, k := range langs {
			if k == l {
				return l
			}
		}
	}
	if al := r.Header.Get("Accept-Language"); al != "" && len(al) < 512 {
		tags, _, err := language.ParseAcceptLanguage(al)
		if err == nil && len(tags) > 0 {
			_, i, conf := matcher.Match(tags...)
			if conf != language.No {
				return langs[i]
			}
		}
	}
	return s.o.Lang
}

// events is the event stream of one viewer: the current state at once unless the viewer has it (Last-Event-ID,
// or ?since= on the first connection: the catch-up after a lost connection), then every new state as it comes.
// A write that does not finish within WriteTimeout ends the stream; the viewer's mailbox holds one state.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	if s.nViewers.Add(1) > MaxViewers {
		s.nViewers.Add(-1)
		s.reached("viewers")
		http.Error(w, "503 too many viewers", http.StatusServiceUnavailable)
		return
	}
	v := &viewer{lang: s.langOf(r), box: make(chan *snapshot, 1), gone: make(chan struct{})}
	s.mu.Lock()
	s.viewers[v] = struct{}{}
	snap := s.snap
	s.mu.Unlock()
	s.changed()
	defer func() {
		s.mu.Lock()
		delete(s.viewers, v)
		s.mu.Unlock()
		s.nViewers.Add(-1)
		s.changed()
	}()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	// The stream outlives the server's ReadTimeout, whose end would cancel it: a viewer sends nothing more, and
	// the write deadlines and the keep-alive comments tell a dead one.
	_ = rc.SetReadDeadline(time.Time{})
	write := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(WriteTimeout))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	if !write([]byte("retry: 1000\n\n")) {
		return
	}
	seen := r.Header.Get("Last-Event-ID")
	if seen == "" {
		seen = r.URL.Query().Get("since")
	}
	if seen != strconv.Itoa(snap.version) && !write(snap.view(v.lang).event) {
		return
	}
	ping := time.NewTicker(keepAlive)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		case <-v.gone:
			return
		case <-ping.C:
			if !write([]byte(": ping\n\n")) {
				return
			}
		case snap := <-v.box:
			if !write(snap.view(v.lang).event) {
				return
			}
			if s.wrote != nil {
				s.wrote(snap.version)
			}
		}
	}
}

func (s *Server) changed() {
	if s.o.Changed != nil {
		s.o.Changed()
	}
}
