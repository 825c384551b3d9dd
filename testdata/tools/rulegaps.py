#!/usr/bin/env python3
"""Lists the rules of a rules file that no golden record names: every rule ID ("**ID" heading) and worked example
(EX-*) of shared/rules/RULES-PD.md, RULES-AM.md and COMBO-PD-AM.md, with the golden records (testdata/golden/*.rec)
whose text cites it (the ID itself, or a sub-point of it: "COMBO-39(b)" cites COMBO-39).

    python3 testdata/tools/rulegaps.py [--rules DIR] [--all] [FILE.md ...]

Without --all only the IDs no record cites are printed. DIR defaults to ../shared/rules (or ../../shared/rules) from the module root (the
project stands alone: without it the script says so and stops). A cited ID is not proof that a record checks the rule:
read the record.
"""
import glob
import os
import re
import sys

HEAD = re.compile(r"^(- )?\*\*([A-Z][A-Z0-9]*-[A-Z]{0,2}[0-9]+[a-z]?)\b")


def heads(path):
    out, prev = [], ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = HEAD.match(line)
            if m and (prev.strip() == "" or m.group(1)) and m.group(2) not in out:
                out.append(m.group(2))
            prev = line
    return out


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rules, show_all, files = None, False, []
    for up in (os.path.join(root, ".."), os.path.join(root, "..", "..")):  # a worktree sits one level deeper
        if rules is None and os.path.isdir(os.path.join(up, "shared", "rules")):
            rules = os.path.join(up, "shared", "rules")
    rules = rules or os.path.join(root, "..", "shared", "rules")
    it = iter(argv)
    for a in it:
        if a == "--rules":
            rules = next(it)
        elif a == "--all":
            show_all = True
        else:
            files.append(a)
    files = files or ["RULES-PD.md", "RULES-AM.md", "COMBO-PD-AM.md"]
    if not os.path.isdir(rules):
        print(f"no rules folder at {rules}: nothing to check")
        return 0
    records = {}
    for p in sorted(glob.glob(os.path.join(root, "testdata", "golden", "*.rec"))):
        with open(p, encoding="utf-8") as f:
            records[os.path.basename(p)] = f.read()
    missing = 0
    for name in files:
        ids = heads(os.path.join(rules, name))
        print(f"{name}: {len(ids)} ids")
        for rid in ids:
            cite = re.compile(re.escape(rid) + r"(?![0-9a-z])")
            by = [r for r, text in records.items() if cite.search(text)]
            if not by:
                missing += 1
                print(f"  MISSING {rid}")
            elif show_all:
                print(f"  {rid}: {', '.join(by[:4])}{' …' if len(by) > 4 else ''}")
    print(f"{missing} ids no golden record names")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
