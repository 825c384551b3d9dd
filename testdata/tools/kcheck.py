#!/usr/bin/env python3
"""Independent checker for karkason base-game records (base game + farmers), NOT using the Go engine.

Reads the tile data from the shared tile catalogue (tiles.md, section 2; falls back to engine/data/base.tiles when
the shared folder is absent), replays a game record (spec/record-format.md: place, discard, deploy follower|abbot,
return-abbot, pass, end) with its own small model of RULES.md (BASE-4..13, FARM-1..6, ABBOT-1..9, END-1..3) and prints
the board, every scoring with the rule it applies, and the totals. The Go test TestRandomBaseGamesAgreeWithKcheck (cmd/karkason/internal/randgame)
checks 20 random games against it. Used to recompute testdata/golden/base-full-game.rec independently:

    python3 testdata/tools/kcheck.py testdata/golden/base-full-game.rec --board

Options: --final (score as if the game ended now), --board (print the board map), --tiles PATH.
Out of scope: every other expansion (river, City, King/Robber, shrines, gifts).
"""
import os
import re
import sys
from collections import defaultdict

EDGES = ["N", "E", "S", "W"]
HALVES = ["NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"]
DELTA = [(0, -1), (1, 0), (0, 1), (-1, 0)]


def parse_tiles(path):
    text = open(path, encoding="utf-8").read()
    # tiles.md: section 2 only (base game); engine/data/base.tiles: the whole file
    sec = text.split("## 2. Base game")[1].split("## 3.")[0] if "## 2. Base game" in text else text
    tiles = {}
    cur = None
    for line in sec.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "TILE":
            cur = {"id": w[1], "count": 0, "edges": {}, "segs": [], "start": False}
            tiles[w[1]] = cur
        elif cur is None:
            continue
        elif w[0] == "count":
            cur["count"] = int(w[1])
        elif w[0] == "edges":
            for p in w[1:]:
                e, t = p.split(":")
                cur["edges"][e] = t
        elif w[0] in ("city", "road"):
            pen = "pennant" in w
            eds = [x for x in w[2:] if x in EDGES]
            cur["segs"].append({"kind": w[0], "name": w[1], "edges": eds, "pennant": pen})
        elif w[0] == "field":
            i = w.index("borders")
            halves = w[2:i]
            borders = [] if w[i + 1] == "-" else w[i + 1:]
            cur["segs"].append({"kind": "field", "name": w[1], "halves": halves, "borders": borders})
        elif w[0] == "centre":
            cur["segs"].append({"kind": w[1], "name": w[1]})
        elif w[0] == "start":
            cur["start"] = True
        elif w[0] == "=":
            base = tiles[w[1]]
            cur["edges"] = dict(base["edges"])
            cur["segs"] = [dict(s) for s in base["segs"]] + [{"kind": w[4], "name": w[4]}]
    return tiles


def centre_code(t):
    """one character for the centre of a tile in the board map"""
    segs = t["segs"]
    kinds = [x["kind"] for x in segs]
    if "monastery" in kinds:
        return "M"
    roads = [x for x in segs if x["kind"] == "road"]
    cities = [x for x in segs if x["kind"] == "city"]
    pennant = any(x.get("pennant") for x in cities)
    if len(roads) >= 3:
        return "x"  # roads end at a village
    if len(roads) == 1 and len(roads[0]["edges"]) == 1 and cities:
        return "O" if pennant else "o"  # road stub ending at the city gate
    if len(cities) >= 2:
        return "="  # separate city caps
    if pennant:
        return "p"
    return "+"


class Board:
    def __init__(self, tiles, players, farmers, followers, abbot=False):
        self.T = tiles
        self.players = players  # colours in seat order
        self.farmers = farmers
        self.abbots = {c: 1 if abbot else 0 for c in players}  # ABBOT-1: one abbot a player, in supply
        self.cells = {}  # (x,y) -> (tileid, rot, idx)
        self.placed = []  # list of (tileid, x, y, rot)
        self.parent = {}
        self.supply = {c: followers for c in players}
        self.figs = []  # list of dicts {colour, seg, farmer}
        self.score = {c: 0 for c in players}
        self.log = []
        self.log_lines = []
        self.log_segs = []
        self.bag = {}
        for tid, t in tiles.items():
            n = t["count"] - (1 if t["start"] else 0)
            self.bag[tid] = n

    # --- geometry ---
    def rot_edges(self, tid, rot):
        k = rot // 90
        t = self.T[tid]
        out = {}
        for e, terr in t["edges"].items():
            out[EDGES[(EDGES.index(e) + k) % 4]] = terr
        return out

    def seg_ports(self, tid, rot, si):
        """table-orientation edges/halves of segment si"""
        k = rot // 90
        s = self.T[tid]["segs"][si]
        if s["kind"] in ("city", "road"):
            return [EDGES[(EDGES.index(e) + k) % 4] for e in s["edges"]]
        if s["kind"] == "field":
            return [HALVES[(HALVES.index(h) + 2 * k) % 8] for h in s["halves"]]
        return []

    def can_place(self, tid, x, y, rot):
        if (x, y) in self.cells:
            return False
        ed = self.rot_edges(tid, rot)
        adj = False
        for i, (dx, dy) in enumerate(DELTA):
            n = self.cells.get((x + dx, y + dy))
            if n is None:
                continue
            adj = True
            ned = self.rot_edges(n[0], n[1])
            if ed[EDGES[i]] != ned[EDGES[(i + 2) % 4]]:
                return False
        return adj

    def placements(self, tid):
        cand = set()
        for (x, y) in self.cells:
            for dx, dy in DELTA:
                if (x + dx, y + dy) not in self.cells:
                    cand.add((x + dx, y + dy))
        out = []
        for (x, y) in sorted(cand):
            for rot in (0, 90, 180, 270):
                if self.can_place(tid, x, y, rot):
                    out.append((x, y, rot))
        return out

    # --- union-find over (tileidx, segidx) ---
    def find(self, a):
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a, b):
        a, b = self.find(a), self.find(b)
        if a != b:
            self.parent[b] = a

    def seg_at_port(self, idx, port):
        tid, x, y, rot = self.placed[idx]
        for si, s in enumerate(self.T[tid]["segs"]):
            if port in self.seg_ports(tid, rot, si):
                return si
        return None

    def place(self, tid, x, y, rot, start=False):
        if not start:
            assert self.can_place(tid, x, y, rot), f"illegal placement {tid} {x},{y} {rot}"
            assert self.bag.get(tid, 0) > 0, f"tile {tid} not in bag"
            self.bag[tid] -= 1
        idx = len(self.placed)
        self.placed.append((tid, x, y, rot))
        self.cells[(x, y)] = (tid, rot, idx)
        for si in range(len(self.T[tid]["segs"])):
            self.parent[(idx, si)] = (idx, si)
        for i, (dx, dy) in enumerate(DELTA):
            n = self.cells.get((x + dx, y + dy))
            if n is None:
                continue
            nidx = n[2]
            e, oe = EDGES[i], EDGES[(i + 2) % 4]
            a, b = self.seg_at_port(idx, e), self.seg_at_port(nidx, oe)
            if a is not None and b is not None:
                self.union((idx, a), (nidx, b))
            for j in (0, 1):
                h = HALVES[2 * i + j]
                oh = HALVES[2 * ((i + 2) % 4) + (1 - j)]
                a, b = self.seg_at_port(idx, h), self.seg_at_port(nidx, oh)
                if a is not None and b is not None:
                    self.union((idx, a), (nidx, b))
        return idx

    def kind(self, seg):
        return self.T[self.placed[seg[0]][0]]["segs"][seg[1]]["kind"]

    def members(self, seg):
        r = self.find(seg)
        return [s for s in self.parent if self.find(s) == r]

    def open_ports(self, seg):
        n = 0
        for (idx, si) in self.members(seg):
            tid, x, y, rot = self.placed[idx]
            for e in self.seg_ports(tid, rot, si):
                i = EDGES.index(e)
                if (x + DELTA[i][0], y + DELTA[i][1]) not in self.cells:
                    n += 1
        return n

    def size(self, seg):
        return len({self.placed[idx][1:3] for idx, _ in self.members(seg)})

    def pennants(self, seg):
        return sum(1 for idx, si in self.members(seg) if self.T[self.placed[idx][0]]["segs"][si].get("pennant"))

    def block(self, idx):
        _, x, y, _ = self.placed[idx]
        return sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (x + dx, y + dy) in self.cells)

    def figures_on(self, seg):
        r = self.find(seg)
        return [f for f in self.figs if self.find(f["seg"]) == r]

    def owners(self, seg):
        cnt = defaultdict(int)
        for f in self.figures_on(seg):
            cnt[f["colour"]] += 1
        if not cnt:
            return [], {}
        top = max(cnt.values())
        return [c for c in self.players if cnt.get(c) == top], dict(cnt)

    def place_seg(self, idx, place):
        tid, x, y, rot = self.placed[idx]
        segs = self.T[tid]["segs"]
        if place.startswith("#"):
            for si, s in enumerate(segs):
                if s["name"] == place[1:]:
                    return si
        if place in EDGES:
            si = self.seg_at_port(idx, place)
            if si is not None:
                return si
            i = EDGES.index(place)
            a, b = self.seg_at_port(idx, HALVES[2 * i]), self.seg_at_port(idx, HALVES[2 * i + 1])
            if a is not None and a == b:
                return a
            raise ValueError("no place " + place)
        if place in HALVES:
            si = self.seg_at_port(idx, place)
            if si is None:
                raise ValueError("no place " + place)
            return si
        for si, s in enumerate(segs):
            if s["kind"] == place:
                return si
        raise ValueError("no place " + place)

    def deploy(self, colour, idx, place, abbot=False):
        si = self.place_seg(idx, place)
        seg = (idx, si)
        k = self.kind(seg)
        assert not self.figures_on(seg), f"occupied feature {place}"
        if abbot:  # ABBOT-3, ABBOT-4: on the tile's monastery or garden only
            assert k in ("monastery", "garden"), f"abbot on a {k}"
            assert self.abbots[colour] > 0, "abbot not in supply"
            self.abbots[colour] -= 1
            self.figs.append({"colour": colour, "seg": seg, "farmer": False, "abbot": True})
            return
        assert k != "garden", "follower on a garden"
        assert self.supply[colour] > 0, "empty supply"
        assert k != "field" or self.farmers, "farmer without farmers"
        self.supply[colour] -= 1
        self.figs.append({"colour": colour, "seg": seg, "farmer": k == "field"})

    def home(self, f):
        """a figure back to its owner's supply"""
        if f.get("abbot"):
            self.abbots[f["colour"]] += 1
        else:
            self.supply[f["colour"]] += 1

    def return_abbot(self, colour, x, y):
        """ABBOT-6, ABBOT-7: the abbot back from its incomplete monastery or garden at x,y; its owner alone scores
        the 3x3 block's tiles (its own cell and the neighbours laid), the other figures stay"""
        idx = self.cells[(x, y)][2]
        for f in self.figs:
            if f.get("abbot") and f["colour"] == colour and f["seg"][0] == idx:
                b = self.block(idx)
                assert b < 9, "early return from a complete feature (ABBOT-6(b))"
                self.score[colour] += b
                self.log.append(("ABBOT-6", f"early return block {b}", self.name(f["seg"]), b, [colour],
                                 {colour: 1}))
                self.log_lines.append(getattr(self, "turn_line", 0))
                self.log_segs.append(self.find(f["seg"]))
                self.figs.remove(f)
                self.home(f)
                return
        raise AssertionError(f"no abbot of {colour} at {x},{y}")

    def name(self, seg):
        idx, si = seg
        tid, x, y, rot = self.placed[idx]
        ports = self.seg_ports(tid, rot, si)
        nm = ports[0] if ports else self.T[tid]["segs"][si]["kind"]
        return f"{x},{y}:{nm}"

    def cells_of(self, seg):
        return sorted({self.placed[idx][1:3] for idx, _ in self.members(seg)}, key=lambda p: (p[1], p[0]))

    def award(self, seg, pts, rule, what):
        own, cnt = self.owners(seg)
        for c in own:
            self.score[c] += pts
        self.log.append((rule, what, self.name(seg), pts, own, cnt))
        self.log_lines.append(getattr(self, "turn_line", 0))
        self.log_segs.append(self.find(seg))

    def score_turn(self, idx):
        done = set()
        tid, x, y, rot = self.placed[idx]
        scored = []
        for si, s in enumerate(self.T[tid]["segs"]):
            if s["kind"] in ("road", "city"):
                r = self.find((idx, si))
                if r in done:
                    continue
                done.add(r)
                if self.open_ports((idx, si)) == 0:
                    if s["kind"] == "road":
                        pts = self.size(r)
                        self.award(r, pts, "BASE-10(a)", f"road size {pts} cells {self.cells_of(r)}")
                    else:
                        sz, pn = self.size(r), self.pennants(r)
                        pts = 2 * sz + 2 * pn
                        self.award(r, pts, "BASE-10(b)", f"city size {sz} pennants {pn} cells {self.cells_of(r)}")
                    scored.append(r)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = self.cells.get((x + dx, y + dy))
                if n is None:
                    continue
                for si, s in enumerate(self.T[n[0]]["segs"]):
                    if s["kind"] in ("monastery", "garden") and self.block(n[2]) == 9:  # ABBOT-2: a garden too
                        self.award((n[2], si), 9, "BASE-10(c)", s["kind"])
                        scored.append(self.find((n[2], si)))
        for r in scored:
            keep = []
            for f in self.figs:
                if not f["farmer"] and self.find(f["seg"]) == r:
                    self.home(f)
                else:
                    keep.append(f)
            self.figs = keep

    def final(self):
        seen = set()
        for f in list(self.figs):
            if f["farmer"]:
                continue
            r = self.find(f["seg"])
            if r in seen:
                continue
            seen.add(r)
            k = self.kind(r)
            if k == "road":
                pts = self.size(r)
                self.award(r, pts, "END-3(a)", f"road size {pts} cells {self.cells_of(r)}")
            elif k == "city":
                sz, pn = self.size(r), self.pennants(r)
                self.award(r, sz + pn, "END-3(b)", f"city size {sz} pennants {pn} cells {self.cells_of(r)}")
            elif k in ("monastery", "garden"):  # ABBOT-9: an abbot scores like a monk
                b = self.block(r[0])
                self.award(r, b, "END-3(c)", f"{k} block {b}")
        if not self.farmers:
            return
        for f in list(self.figs):
            if not f["farmer"]:
                continue
            r = self.find(f["seg"])
            if r in seen:
                continue
            seen.add(r)
            cities = set()
            for (idx, si) in self.members(r):
                tid = self.placed[idx][0]
                segs = self.T[tid]["segs"]
                for b in segs[si]["borders"]:
                    bi = [j for j, s in enumerate(segs) if s["name"] == b][0]
                    cities.add(self.find((idx, bi)))
            done = sorted(c for c in cities if self.open_ports(c) == 0)
            desc = ", ".join(f"{self.name(c)}{self.cells_of(c)}" for c in done)
            self.award(r, 3 * len(done), "FARM-5", f"field {len(done)} completed cities: {desc}; "
                       f"{len(cities) - len(done)} incomplete")

    def render(self):
        xs = [p[0] for p in self.cells]
        ys = [p[1] for p in self.cells]
        lines = ["     " + "".join(f"{x:^5}" for x in range(min(xs), max(xs) + 1))]
        for y in range(min(ys), max(ys) + 1):
            rows = ["", "", ""]
            for x in range(min(xs), max(xs) + 1):
                c = self.cells.get((x, y))
                if c is None:
                    rows[0] += "     "
                    rows[1] += "  .  "
                    rows[2] += "     "
                    continue
                ed = self.rot_edges(c[0], c[1])
                ch = {"city": "C", "road": "r", "field": " "}
                mid = centre_code(self.T[c[0]])
                rows[0] += f"[ {ch[ed['N']]} ]"
                rows[1] += f"[{ch[ed['W']]}{mid}{ch[ed['E']]}]"
                rows[2] += f"[ {ch[ed['S']]} ]"
            lines.append(f"{y:>4} " + rows[0])
            lines.append("     " + rows[1])
            lines.append("     " + rows[2])
        return "\n".join(lines)


def run(path, final, tilespath):
    T = parse_tiles(tilespath)
    lines = open(path, encoding="utf-8").read().splitlines()
    body = []
    for n, l in enumerate(lines, 1):
        l = l.split("#")[0].strip()
        if l:
            body.append((n, l.split()))
    assert body[0][1] == ["karkason-record", "1"]
    setup = dict(w.split("=", 1) for w in body[1][1][1:])
    players = [p.split(":")[1] for p in setup["players"].split(",")]
    exps = setup.get("expansions", "none").split(",")
    b = Board(T, players, "farmers" in exps, int(setup.get("followers", 7)), "abbot" in exps)
    b.place("b-c1rs", 0, 0, 0, start=True)
    active = 0
    last = None  # index of the tile placed this turn, waiting for step 2
    deployed = False
    ended = False

    def finish():
        nonlocal last, active, deployed
        if last is not None:
            b.score_turn(last)
            last = None
            deployed = False
            active = (active + 1) % len(players)

    for n, w in body[2:]:
        if w[0] == "end":
            finish()
            ended = True
            break
        col, verb = w[0], w[1]
        if verb in ("place", "discard"):
            finish()
            assert col == players[active], f"line {n}: not {col}'s turn"
            assert sum(b.bag.values()) > 0, f"line {n}: bag empty"
            if verb == "place":
                x, y = map(int, w[3].split(","))
                last = b.place(w[2], x, y, int(w[4]))
                b.turn_line = n
            else:
                assert b.bag.get(w[2], 0) > 0
                assert not b.placements(w[2]), f"line {n}: discard of a placeable tile"
                b.bag[w[2]] -= 1
                if sum(b.bag.values()) == 0:
                    active = (active + 1) % len(players)
        elif verb == "deploy":
            assert col == players[active] and last is not None and not deployed, f"line {n}: deploy out of turn"
            assert w[2] in ("follower", "abbot"), f"line {n}: unsupported figure {w[2]}"
            b.deploy(col, last, w[3], abbot=w[2] == "abbot")
            deployed = True
        elif verb == "return-abbot":  # ABBOT-6(a): instead of a figure in step 2
            assert col == players[active] and last is not None and not deployed, f"line {n}: return out of turn"
            x, y = map(int, w[2].split(","))
            b.return_abbot(col, x, y)
            deployed = True
        elif verb == "pass":
            assert col == players[active] and last is not None and not deployed
            deployed = True
        else:
            raise SystemExit(f"line {n}: unsupported verb {verb}")
    finish()
    if sum(b.bag.values()) == 0:
        ended = True
    b.turn_line = 0
    if final or ended:
        b.final()
    return b, ended


def main():
    args = sys.argv[1:]
    tilespath = "/work/shared/rules/tiles.md"
    if not os.path.exists(tilespath):  # the shared catalogue is not part of the repo: use the transcription
        tilespath = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "data",
                                 "base.tiles")
    if "--tiles" in args:
        i = args.index("--tiles")
        tilespath = args[i + 1]
        del args[i:i + 2]
    final = "--final" in args
    board = "--board" in args
    path = [a for a in args if not a.startswith("--")][0]
    b, ended = run(path, final, tilespath)
    if board:
        print(b.render())
    for rule, what, feat, pts, own, cnt in b.log:
        print(f"{rule:11} {feat:12} {pts:3} -> {','.join(own) or '-':12} figs={cnt} {what}")
    print("tiles left:", sum(b.bag.values()), "ended:", ended)
    print("scores:", " ".join(f"{c}={s}" for c, s in b.score.items()))


if __name__ == "__main__":
    main()
