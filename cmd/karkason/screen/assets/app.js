// karkason's second screen: live updates by server-sent events (with catch-up after a lost connection) and the
// board's pan and zoom by fingers, mouse and buttons. No framework, no build step.
(function () {
  'use strict';
  var body = document.body, board = document.getElementById('board'), box = document.getElementById('board-box');
  var conn = document.getElementById('conn'), lang = body.dataset.lang, es = null, retry = null;
  var view = {x: 0, y: 0, s: 1}, wanted = body.dataset.board;

  function status(up) {
    conn.classList.toggle('offline', !up);
    conn.textContent = up ? conn.dataset.live : conn.dataset.offline;
  }
  function apply(d) {
    document.getElementById('live').innerHTML = d.html;
    body.dataset.v = String(d.v);
    wanted = d.board;
    if (d.board !== body.dataset.board) { fetchBoard(); }
  }
  // fetchBoard loads the board the server has now (its key in the X-Board header). Boards fetched in a row may
  // land out of order: one older than the board shown is dropped (seq), and a failed fetch is tried again.
  var seq = 0, shown = 0;
  function fetchBoard() {
    var n = ++seq;
    fetch('board.svg?lang=' + lang + '&b=' + wanted, {cache: 'no-store'}).then(function (r) {
      return r.ok ? r.text().then(function (t) { return [r.headers.get('X-Board'), t]; }) : Promise.reject(r.status);
    }).then(function (kt) {
      if (n < shown) { return; }
      shown = n;
      board.innerHTML = kt[1];
      body.dataset.board = kt[0];
    }).catch(function () {
      setTimeout(function () { if (wanted !== body.dataset.board) { fetchBoard(); } }, 1000);
    });
  }
  function connect() {
    clearTimeout(retry);
    if (es) { es.close(); }
    es = new EventSource('events?lang=' + lang + '&since=' + body.dataset.v);
    es.addEventListener('state', function (e) { apply(JSON.parse(e.data)); });
    es.onopen = function () { status(true); };
    es.onerror = function () {
      status(false);
      if (es.readyState === 2) { retry = setTimeout(connect, 2000); }
    };
  }
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden && (!es || es.readyState === 2)) { connect(); }
  });
  window.addEventListener('online', function () { if (!es || es.readyState !== 1) { connect(); } });

  function draw() { board.style.transform = 'translate(' + view.x + 'px,' + view.y + 'px) scale(' + view.s + ')'; }
  function zoomAt(f, cx, cy) {
    var s = Math.min(12, Math.max(0.5, view.s * f));
    f = s / view.s;
    view.x = cx - (cx - view.x) * f;
    view.y = cy - (cy - view.y) * f;
    view.s = s;
    draw();
  }
  var pts = {}, last = null;
  function centre() {
    var ks = Object.keys(pts), x = 0, y = 0;
    ks.forEach(function (k) { x += pts[k].x; y += pts[k].y; });
    return {x: x / ks.length, y: y / ks.length, n: ks.length,
      d: ks.length > 1 ? Math.hypot(pts[ks[0]].x - pts[ks[1]].x, pts[ks[0]].y - pts[ks[1]].y) : 0};
  }
  box.addEventListener('pointerdown', function (e) {
    if (e.target.closest('#zoom')) { return; }
    box.setPointerCapture(e.pointerId);
    pts[e.pointerId] = {x: e.clientX, y: e.clientY};
    last = centre();
  });
  box.addEventListener('pointermove', function (e) {
    if (!pts[e.pointerId]) { return; }
    pts[e.pointerId] = {x: e.clientX, y: e.clientY};
    var c = centre(), r = box.getBoundingClientRect();
    if (last && c.n === last.n) {
      view.x += c.x - last.x;
      view.y += c.y - last.y;
      if (c.n > 1 && last.d > 0) { zoomAt(c.d / last.d, c.x - r.left, c.y - r.top); }
      draw();
    }
    last = c;
  });
  function up(e) { delete pts[e.pointerId]; last = Object.keys(pts).length ? centre() : null; }
  box.addEventListener('pointerup', up);
  box.addEventListener('pointercancel', up);
  box.addEventListener('wheel', function (e) {
    e.preventDefault();
    var r = box.getBoundingClientRect();
    zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
  }, {passive: false});
  document.getElementById('zoom').addEventListener('click', function (e) {
    var b = e.target.closest('button');
    if (!b) { return; }
    var r = box.getBoundingClientRect();
    if (b.dataset.zoom === 'fit') { view = {x: 0, y: 0, s: 1}; draw(); return; }
    zoomAt(b.dataset.zoom === 'in' ? 1.4 : 1 / 1.4, r.width / 2, r.height / 2);
  });
  if (window.EventSource) { connect(); }
})();
