#!/usr/bin/env python3
"""Renders bench/variants.sh's runs into docs/benchmarks.md (between its markers).

    report.py PUZZLES.tsv OUT_DIR DOC.md

OUT_DIR holds SIDE-ROUND.tsv files (variant_time.rs, iss_time.mjs, wasm_time.mjs output:
name, solutions, nodes or guesses, runs, CPU ms per run, first solution), load.txt, commit.txt.
Per puzzle and side: the median over the rounds. Ratios per puzzle: ISS / native (above 1x
Propagate is faster) and wasm / native; per kind, their geometric means and the sums of the
medians. Exits non-zero when a side's answer disagrees with the others'."""
import glob, math, os, re, statistics, sys

set_path, out, doc = sys.argv[1:4]
puzzles = []
for line in open(set_path):
    f = line.rstrip("\n").split("\t")
    if len(f) == 3 and not line.startswith("#"):
        puzzles.append((f[0], f[1]))

runs = {}  # side -> name -> [rows]
for path in sorted(glob.glob(os.path.join(out, "*-*.tsv"))):
    side = os.path.basename(path).rsplit("-", 1)[0]
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        runs.setdefault(side, {}).setdefault(f[0], []).append(f)
sides = [s for s in ("native", "iss", "wasm") if s in runs]
rounds = max(len(v) for v in runs["native"].values())
load = [l.split("load average:")[1].strip() for l in open(os.path.join(out, "load.txt")) if "load average" in l]
commit = open(os.path.join(out, "commit.txt")).read().strip()

bad = []
rows = []
for name, kind in puzzles:
    r = {}
    for s in sides:
        got = runs[s].get(name)
        if not got:
            continue
        sols = got[0][1]
        ms = statistics.median(float(g[4]) for g in got) if sols != "refused" else None
        r[s] = {"sols": sols, "work": got[0][2], "ms": ms, "first": got[0][5] if len(got[0]) > 5 else "-",
                "search": statistics.median(float(g[6]) for g in got) if s == "iss" and sols != "refused" else None}
    answers = {r[s]["sols"] for s in r if r[s]["sols"] != "refused"}
    if len(answers) > 1:
        bad.append(f"{name}: solutions {', '.join(s + ' ' + r[s]['sols'] for s in r)}")
    if "native" in r and "iss" in r and r["native"]["sols"] == "1" and r["iss"]["sols"] == "1" \
            and r["native"]["first"] != r["iss"]["first"]:
        bad.append(f"{name}: different solutions")
    rows.append((name, kind, r))

def fmt_ms(x):
    return "—" if x is None else (f"{x:.3f}" if x < 10 else f"{x:,.1f}")

def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b

def fmt_ratio(x):
    return "—" if x is None else f"{x:.2f}×"

groups = {}
for name, kind, r in rows:
    base = kind.split("+")[0]
    g = groups.setdefault(base, {"n": 0, "iss": [], "wasm": [], "sum": {s: 0.0 for s in sides}, "refused": 0, "search": 0.0})
    if any(r.get(s, {}).get("ms") is None for s in sides):
        g["refused"] += 1
        continue
    g["n"] += 1
    for s in sides:
        g["sum"][s] += r[s]["ms"]
    g["search"] += r["iss"]["search"] or 0.0
    g["iss"].append(ratio(r["iss"]["ms"], r["native"]["ms"]) if "iss" in r else None)
    if "wasm" in r:
        g["wasm"].append(ratio(r["wasm"]["ms"], r["native"]["ms"]))

def gmean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None

# The 1-minute loads after each round: above 1.5 on 2 cores, something besides the benchmark ran.
loaded = max((float(x.split(",")[0]) for x in load[1:]), default=0.0) > 1.5
busy = ("The machine (2 cores) was shared with other work (1-minute load above 1.5), so absolute times are "
        "inflated; the ratios come from the same rounds." if loaded else
        "The 1-minute load stayed near 1 (the benchmark's own process): the machine was otherwise quiet.")
L = []
L.append(f"Measured at commit `{commit}` by `bench/variants.sh`: {len(rows)} puzzles, {rounds} alternating rounds "
         f"(native, ISS, wasm), each side pinned to one core (`taskset -c`), each timing itself in-process by CPU time "
         f"(user + system) per puzzle; medians over the rounds. Load (1, 5, 15 min) at the start and after each round: "
         + "; ".join(load) + ". " + busy)
L.append("")
L.append("A run is what a user's solve does: read the ISS string, build the model (Propagate: the topology and the "
         "cage tables; ISS: `SudokuBuilder.build`), count solutions to two. ISS's side is its own solver "
         "(`internal.run({maxSolutions: 2})`, no backtrack cap); Propagate's is `verdict_in` under the default node cap.")
L.append("")
hdr = "| kind | puzzles | native (ms, sum) | ISS (ms, sum) |" + (" wasm (ms, sum) |" if "wasm" in sides else "") + \
      " **ISS / native** (geo. mean per puzzle) | by sums | ISS search alone (ms, sum) |" + (" **wasm / native** (geo. mean) |" if "wasm" in sides else "")
L.append(hdr)
L.append("|---|---:|---:|---:|" + ("---:|" if "wasm" in sides else "") + "---:|---:|---:|" + ("---:|" if "wasm" in sides else ""))
for base, g in groups.items():
    line = f"| {base} | {g['n']} | {fmt_ms(g['sum']['native'])} | {fmt_ms(g['sum']['iss'])} |"
    if "wasm" in sides:
        line += f" {fmt_ms(g['sum']['wasm'])} |"
    line += f" **{fmt_ratio(gmean(g['iss']))}** | {fmt_ratio(ratio(g['sum']['iss'], g['sum']['native']))} | {fmt_ms(g['search'])} |"
    if "wasm" in sides:
        line += f" **{fmt_ratio(gmean(g['wasm']))}** |"
    L.append(line)
L.append("")
L.append("Above 1× in ISS / native, Propagate is faster; wasm / native is the wasm build's cost (the aim: within 1.5×), warm: each puzzle run untimed first for 100 ms of CPU, the first 400 ms, "
         "so that V8's tier-up is over (`wasm_time.mjs`, `WARM_MS`). "
         "ISS search alone leaves out its parse and build (`SudokuBuilder.build`), which are most of its time on the easy puzzles; "
         "a puzzle Propagate refuses is left out of its kind's sums and means.")
L.append("")
L.append("<details><summary>Per puzzle</summary>")
L.append("")
L.append("| puzzle | kind | solutions | Propagate nodes | ISS guesses | native (ms) | ISS (ms) |" + (" wasm (ms) |" if "wasm" in sides else "") + " ISS / native |" + (" wasm / native |" if "wasm" in sides else ""))
L.append("|---|---|---:|---:|---:|---:|---:|" + ("---:|" if "wasm" in sides else "") + "---:|" + ("---:|" if "wasm" in sides else ""))
for name, kind, r in rows:
    n, i, w = r.get("native", {}), r.get("iss", {}), r.get("wasm", {})
    line = f"| {name} | {kind} | {n.get('sols', '—')} | {n.get('work', '—')} | {i.get('work', '—')} | {fmt_ms(n.get('ms'))} | {fmt_ms(i.get('ms'))} |"
    if "wasm" in sides:
        line += f" {fmt_ms(w.get('ms'))} |"
    line += f" {fmt_ratio(ratio(i.get('ms'), n.get('ms')))} |"
    if "wasm" in sides:
        line += f" {fmt_ratio(ratio(w.get('ms'), n.get('ms')))} |"
    L.append(line)
L.append("")
L.append("</details>")
if bad:
    L.append("")
    L.append("**Answers that disagree:** " + "; ".join(bad))
section = "\n".join(L)

begin, end = "<!-- bench/variants.sh:begin -->", "<!-- bench/variants.sh:end -->"
text = open(doc).read()
if begin in text:
    text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: f"{begin}\n{section}\n{end}", text, flags=re.S)
else:
    text += f"\n## Variants against the Interactive Sudoku Solver\n\n{begin}\n{section}\n{end}\n"
open(doc, "w").write(text)
print(section)
sys.exit(1 if bad else 0)
