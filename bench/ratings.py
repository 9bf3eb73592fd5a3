#!/usr/bin/env python3
"""`propagate rate` against Sudoku Explainer's rater (SukakuExplainer's serate), puzzle by puzzle
(issue 22's "Fast"): the same puzzles rated by both in one run, each pinned to one core, timed by
CPU time (user + system of the whole process, JVM start included for SE); writes the per-puzzle
comparison to docs/ratings-vs-se.tsv and the summary into docs/ratings.md (between its markers).

    bench/ratings.py                 # from the workspace root (builds propagate-cli and SE)
    bench/ratings.py --render        # only rewrite the docs from target/bench/ratings/
    bench/ratings.py --reuse-se      # rate with propagate only; SE's ratings and times from the
                                     # last run (SE does not change; its times keep that run's load)
    bench/ratings.py --se-only       # rate with SE only (then --reuse-se adds propagate's side)
    PIN=1 SAMPLE_MAGIC=100 SAMPLE_17=200 SAMPLE_TOP95=95 PROP_RUNS=3 bench/ratings.py
    NO_BUILD=1 bench/ratings.py --reuse-se   # rate with target/release/propagate as it is

Sets (puzzles/): easy50, top95 and hardest whole; magictour_top1465 and the 17-clue set sampled
evenly (every k-th line, SAMPLE_MAGIC and SAMPLE_17 puzzles), as SE takes about a second a hard
puzzle. Needs a JDK (apt-get install -y default-jdk-headless) and ../shared/bench/sukaku-explainer
(SE_DIR to point elsewhere); without them the script stops and says so.
"""
import json, os, resource, shutil, statistics, subprocess, sys, time
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "target", "bench", "ratings")
SE_DIR = os.environ.get("SE_DIR", os.path.join(ROOT, "..", "shared", "bench", "sukaku-explainer"))
PIN = os.environ.get("PIN", "1")
PROP_RUNS = int(os.environ.get("PROP_RUNS", "3"))
SAMPLES = {"magictour_top1465": int(os.environ.get("SAMPLE_MAGIC", "100")),
           "17_clue_49158": int(os.environ.get("SAMPLE_17", "200")),
           "top95": int(os.environ.get("SAMPLE_TOP95", "95"))}
SETS = ["easy50", "top95", "hardest", "magictour_top1465", "17_clue_49158"]
PROPAGATE = os.path.join(ROOT, "target", "release", "propagate")
SE_CLASSES = os.path.join(OUT, "se", "classes")
# serate with the hardest step's technique besides the rating (build.sh's script prints the rating only).
SE = ["java", "-Xmx500m", "-cp", SE_CLASSES, "diuf.sudoku.test.serate", "--threads=1", "--format=%g%t%r%t%R", "--input=-"]
args = sys.argv[1:]


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def timed(argv, stdin_path):
    """Runs argv pinned, stdin from a file; returns (stdout, wall s, CPU s)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    with open(stdin_path, "rb") as f:
        p = subprocess.run(["taskset", "-c", PIN] + argv, stdin=f, capture_output=True, check=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p.stdout.decode(), wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load():
    return open("/proc/loadavg").read().split()[0]


def measure():
    os.makedirs(os.path.join(OUT, "sets"), exist_ok=True)
    se_only = "--se-only" in args
    if not se_only and not os.environ.get("NO_BUILD"):
        sh(["cargo", "build", "--quiet", "--release", "-p", "propagate-cli", "--manifest-path", os.path.join(ROOT, "Cargo.toml")])
    reuse = "--reuse-se" in args
    if not reuse and not os.path.exists(os.path.join(SE_CLASSES, "diuf")):
        if not shutil.which("javac"):
            sys.exit("bench/ratings.py: no JDK (apt-get install -y default-jdk-headless)")
        if not os.path.exists(os.path.join(SE_DIR, "build.sh")):
            sys.exit(f"bench/ratings.py: Sudoku Explainer is not at {SE_DIR}: this benchmark measures "
                     "against it (../shared/bench/sukaku-explainer, or SE_DIR=...)")
        sh([os.path.join(SE_DIR, "build.sh"), os.path.join(OUT, "se")], stdout=subprocess.DEVNULL)
    old = json.load(open(os.path.join(OUT, "run.json"))) if reuse else None
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    run = {"commit": commit, "pin": PIN, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "sets": {},
           "se_from": old["se_from"] if reuse else None}
    if not reuse:
        run["se_from"] = {"commit": commit, "date": run["date"]}
    for name in SETS:
        if reuse and name not in old["sets"]:
            continue
        lines = [l.strip() for l in open(os.path.join(ROOT, "puzzles", name + ".txt")) if l.strip() and not l.startswith("#")]
        n = SAMPLES.get(name)
        if reuse:
            # The puzzles SE rated in that run, whatever the sample sizes now.
            lines, n = old["sets"][name]["lines"], len(old["sets"][name]["lines"])
        elif n and n < len(lines):
            step = len(lines) // n
            lines = lines[::step][:n]
        path = os.path.join(OUT, "sets", name + ".txt")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        s = {"puzzles": len(lines), "whole": n is None or n >= len(lines), "load_start": load()}
        prop_cpu, prop_wall = [], []
        se_out = None
        out = ""
        for i in range(1 if se_only else PROP_RUNS):
            if not se_only:
                out, wall, cpu = timed([PROPAGATE, "rate"], path)
                prop_cpu.append(cpu); prop_wall.append(wall)
            if i == 0 and not reuse:
                # SE once, between propagate's runs (it takes seconds to minutes a set).
                se_out, se_wall, se_cpu = timed(SE, path)
                s.update(se_cpu=se_cpu, se_wall=se_wall, se_load=load())
        s.update(prop=out.splitlines(), prop_cpu=prop_cpu, prop_wall=prop_wall)
        if reuse:
            o = old["sets"][name]
            s.update(se=o["se"], se_cpu=o["se_cpu"], se_wall=o["se_wall"], se_load=o["se_load"])
        else:
            s["se"] = se_out.splitlines()
        s["load_end"] = load()
        s["lines"] = lines
        run["sets"][name] = s
        print(f"{name}: {len(lines)} puzzles, propagate {statistics.median(prop_cpu) if prop_cpu else 0:.3f} s CPU, SE {s['se_cpu']:.1f} s CPU", file=sys.stderr)
        json.dump(run, open(os.path.join(OUT, "run.json"), "w"), indent=1)
    json.dump(run, open(os.path.join(OUT, "run.json"), "w"), indent=1)


def reason(se_tech, ptech, same):
    """Why the two ratings differ, from SE's hardest technique (serate's %R) and propagate's: the
    reasons docs/ratings.md ("Why the ratings still differ") explains. The SE techniques named
    were each checked on a puzzle against SE's path (serate --after='%r%t%s')."""
    if same:
        return ""
    if ptech == "search":
        return "stalls: no rung of the rating's walk applies (SE: a forcing chain or net)"
    if "Forcing Chains" in se_tech and "forcing" in ptech:
        return "forcing chains: another forcing technique or length than SE's"
    if "Forcing Chains" in se_tech:
        return "forcing chains: SE needs one where the ladder's chain does (groups, not in SE)"
    if se_tech.split(" ")[0] in ("WXYZ-Wing", "VWXYZ-Wing", "UVWXYZ-Wing", "TUVWXYZ-Wing"):
        return "wings: SE's path meets a technique the ladder lacks before its wing (a unique loop)"
    if "Strong links" in se_tech or se_tech.startswith("Grouped") or "Skyscrapers" in se_tech:
        return "strong links: the strong-link rungs take another chain than SE's"
    if "Forcing Chain" in se_tech or "Cycle" in se_tech:
        return "chains: the paths part after a technique the ladder lacks, or a chain's length"
    return "path: the two walks part (see the puzzle's paths)"


def render():
    run = json.load(open(os.path.join(OUT, "run.json")))
    rows = []
    sets = [n for n in SETS if n in run["sets"]]
    for name in sets:
        s = run["sets"][name]
        se = {}
        for l in s["se"]:
            f = l.split("\t")
            se[f[0]] = (f[1], f[2] if len(f) > 2 else "")
        assert len(s["prop"]) == len(s["lines"]), f"{name}: {len(s['prop'])} ratings for {len(s['lines'])} puzzles"
        for puzzle, p in zip(s["lines"], s["prop"]):
            pf = p.split()
            ser, setech = se.get(puzzle, ("?", "?"))
            if pf[0] == "search":
                ptech, pscore, pstep = "search", None, ""
            else:
                ptech, pscore, pstep = pf[0], float(pf[1]), (pf[3] if len(pf) > 3 else "")
            try:
                sescore = float(ser)
            except ValueError:
                sescore = None
            same = pscore is not None and sescore is not None and abs(pscore - sescore) < 0.05
            if same:
                why = "same"
            elif ptech == "search":
                why = "propagate stalls (no rung applies)"
            elif sescore is None:
                why = "SE gave no rating"
            elif abs(pscore - sescore) < 0.15:
                why = "within 0.1, propagate " + ("higher" if pscore > sescore else "lower")
            elif pscore > sescore:
                why = "propagate higher"
            else:
                why = "propagate lower"
            rows.append((name, puzzle, ser, setech, ptech, "" if pscore is None else f"{pscore:.1f}", pstep, "yes" if same else "no", why,
                         reason(setech, ptech, same)))
    with open(os.path.join(ROOT, "docs", "ratings-vs-se.tsv"), "w") as f:
        f.write("# bench/ratings.py: each puzzle rated by Sudoku Explainer (serate: ER, hardest technique) and by "
                f"`propagate rate` (technique, score, step) at commit {run['commit']}, {run['date']}\n")
        f.write("set\tpuzzle\tSE rating\tSE hardest technique\tpropagate technique\tpropagate score\tpropagate step\tsame rating\twhy not\treason\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    L = []
    L.append(f"Measured {run['date']} at commit `{run['commit']}` by `bench/ratings.py` (per-puzzle table: "
             "[ratings-vs-se.tsv](ratings-vs-se.tsv)); each side pinned to core " + run["pin"] + ", CPU time (user + system) of "
             "the whole process (SE: one JVM a set, its start included; propagate: the median of "
             f"{len(run['sets']['top95']['prop_cpu'])} runs, taken before and after SE's).")
    if run["se_from"]["commit"] != run["commit"]:
        L.append(f"SE's ratings and times are from its run at `{run['se_from']['commit']}` ({run['se_from']['date']}); SE does not change between runs.")
    L.append("")
    L.append("| set | puzzles | same rating | within 0.1 (higher / lower) | propagate stalls | propagate higher (more) | propagate lower (more) | SE (s CPU) | propagate (s CPU) | **speed-up** (CPU) | load at SE / propagate |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    tot = Counter()
    for name in sets:
        s = run["sets"][name]
        c = Counter(r[8] for r in rows if r[0] == name)
        n = s["puzzles"]
        pc = statistics.median(s["prop_cpu"])
        tot.update(c); tot["n"] += n; tot["se"] += s["se_cpu"]; tot["prop"] += pc
        label = name if s["whole"] else f"{name} (every {len(open(os.path.join(ROOT, 'puzzles', name + '.txt')).readlines()) // n}th: {n})"
        near = c['within 0.1, propagate higher'] + c['within 0.1, propagate lower']
        L.append(f"| {label} | {n} | {c['same']} ({100 * c['same'] / n:.0f}%) | {near} ({c['within 0.1, propagate higher']} / {c['within 0.1, propagate lower']}) | {c['propagate stalls (no rung applies)']} | "
                 f"{c['propagate higher']} | {c['propagate lower']} | {s['se_cpu']:.1f} | {pc:.3f} | **{s['se_cpu'] / pc:,.0f}×** | "
                 f"{s['se_load']} / {s['load_start']}–{s['load_end']} |")
    near = tot['within 0.1, propagate higher'] + tot['within 0.1, propagate lower']
    L.append(f"| all | {tot['n']} | {tot['same']} ({100 * tot['same'] / tot['n']:.0f}%) | {near} ({tot['within 0.1, propagate higher']} / {tot['within 0.1, propagate lower']}) | {tot['propagate stalls (no rung applies)']} | "
             f"{tot['propagate higher']} | {tot['propagate lower']} | {tot['se']:.1f} | {tot['prop']:.3f} | **{tot['se'] / tot['prop']:,.0f}×** | |")
    L.append("")
    L.append("Where they differ, by SE's hardest technique and propagate's (puzzles):")
    L.append("")
    L.append("| SE's hardest technique | propagate's hardest | puzzles | SE ratings | propagate ratings |")
    L.append("|---|---|---:|---|---|")
    pairs = defaultdict(list)
    for r in rows:
        if r[7] == "no":
            pairs[(r[3], r[4])].append(r)
    for (se_t, p_t), rs in sorted(pairs.items(), key=lambda kv: -len(kv[1])):
        ser = sorted({r[2] for r in rs}); pr = sorted({r[5] or "—" for r in rs})
        def span(v):
            return v[0] if len(v) == 1 else f"{v[0]}–{v[-1]}"
        L.append(f"| {se_t} | {p_t} | {len(rs)} | {span(ser)} | {span(pr)} |")
    L.append("")
    L.append("By reason (docs/ratings.md, \"Why the ratings still differ\"; each puzzle's in the table's last column):")
    L.append("")
    L.append("| reason | puzzles | within 0.1 |")
    L.append("|---|---:|---:|")
    by = Counter(r[9] for r in rows if r[7] == "no")
    near = Counter(r[9] for r in rows if r[8].startswith("within"))
    for why, n in by.most_common():
        L.append(f"| {why} | {n} | {near[why]} |")
    section = "\n".join(L)
    doc = os.path.join(ROOT, "docs", "ratings.md")
    text = open(doc).read()
    begin, end = "<!-- bench/ratings.py:begin -->", "<!-- bench/ratings.py:end -->"
    if begin in text:
        a, b = text.index(begin), text.index(end) + len(end)
        text = text[:a] + f"{begin}\n{section}\n{end}" + text[b:]
    else:
        text += f"\n## Against Sudoku Explainer, puzzle by puzzle\n\n{begin}\n{section}\n{end}\n"
    open(doc, "w").write(text)
    print(section)


if "--render" not in args:
    measure()
if "--se-only" not in args:
    render()
