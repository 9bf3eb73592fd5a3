#!/usr/bin/env bash
# Regenerates the measured section of docs/benchmarks.md: `propagate solve` against the `sudoku`
# crate (../shared/bench/peer-sudoku-crate), tdoku (../shared/bench/tdoku, built with g++) and the
# course's Python solver (../shared/bench/course_solver.py), whole process, side by side in
# alternating runs, on every set in puzzles/: single thread (every solver pinned to one core)
# and on every core (`propagate solve` with its default threads against `--threads 1`); then
# `propagate bench` traced against untraced on top95.
#
#   bench/cli.sh              # from the workspace root; needs python3, g++ and taskset
#   bench/cli.sh --render     # only rewrite the doc from the last run's target/bench/
#   RUNS=10 bench/cli.sh      # alternating rounds per set (default 5)
#   PIN=0 bench/cli.sh        # the core the single-thread runs are pinned to (default 1)
#
# Small sets are repeated (REPEAT below) so that a run solves thousands of puzzles rather than
# timing process start. The Python solver is slow (about 1-50 puzzles/s here), so on the two big
# sets it runs on the first PY_SAMPLE_17 / PY_SAMPLE_MAGIC lines, and its ratio is taken against
# `propagate` on the same sample.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$(cd "$ROOT/../shared" && pwd)}
RUNS=${RUNS:-5}
PIN=${PIN:-1}
PY_SAMPLE_17=${PY_SAMPLE_17:-1000}
PY_SAMPLE_MAGIC=${PY_SAMPLE_MAGIC:-100}
OUT="$ROOT/target/bench"
DOC="$ROOT/docs/benchmarks.md"
MEASURE="$ROOT/bench/measure.py"
SETS=(17_clue_49158 magictour_top1465 top95 hardest easy50)
declare -A REPEAT=([17_clue_49158]=1 [magictour_top1465]=10 [top95]=100 [hardest]=500 [easy50]=200)

if [ "${1:-}" != "--render" ]; then
mkdir -p "$OUT"

cargo build --quiet --release -p propagate-cli --manifest-path "$ROOT/Cargo.toml"
OURS="$ROOT/target/release/propagate"
# The peers' directories may be read-only: build them into our target directory.
CARGO_TARGET_DIR="$OUT/peer-target" cargo build --quiet --release \
    --manifest-path "$SHARED/bench/peer-sudoku-crate/Cargo.toml"
PEER="$OUT/peer-target/release/peer-sudoku-crate"
TDOKU="$OUT/tdoku-solve"
"$SHARED/bench/tdoku/build.sh" "$TDOKU" > /dev/null
PY="$SHARED/bench/course_solver.py"

for set in "${SETS[@]}"; do
    file="$ROOT/puzzles/$set.txt"
    echo "== $set" >&2
    # Same answers? (Every set is solvable with one solution, so the outputs compare line by line.)
    "$OURS" solve < "$file" > "$OUT/$set.ours.out"
    "$PEER" < "$file" > "$OUT/$set.peer.out" 2> /dev/null
    "$TDOKU" < "$file" > "$OUT/$set.tdoku.out"
    if cmp -s "$OUT/$set.ours.out" "$OUT/$set.peer.out" && cmp -s "$OUT/$set.ours.out" "$OUT/$set.tdoku.out"; then
        echo same > "$OUT/$set.agree"
    else
        echo differ > "$OUT/$set.agree"
    fi
    big="$OUT/$set.x${REPEAT[$set]}.txt"
    for _ in $(seq "${REPEAT[$set]}"); do cat "$file"; done > "$big"
    echo "$big" > "$OUT/$set.input"
    uptime > "$OUT/$set.load"
    python3 "$MEASURE" --runs "$RUNS" --pin "$PIN" --out "$OUT/$set.single.json" "$big" \
        "ours=$OURS solve --threads 1" "peer=$PEER" "tdoku=$TDOKU" >&2
    uptime > "$OUT/$set.cores.load"
    python3 "$MEASURE" --runs "$RUNS" --out "$OUT/$set.cores.json" "$big" \
        "all=$OURS solve" "one=$OURS solve --threads 1" >&2

    case $set in
        17_clue_49158) sample=$PY_SAMPLE_17 ;;
        magictour_top1465) sample=$PY_SAMPLE_MAGIC ;;
        *) sample=0 ;;
    esac
    pyfile="$file"
    if [ "$sample" -gt 0 ]; then
        pyfile="$OUT/$set.sample.txt"
        head -n "$sample" "$file" > "$pyfile"
    fi
    grep -cv -e '^[[:space:]]*$' -e '^#' "$pyfile" > "$OUT/$set.pycount"
    # One run: whole-process wall and CPU time, and the solver's own summary line on stderr
    # ("course solver: N puzzles, N solved, X s, Y puzzles/s", timed after reading stdin).
    /usr/bin/time -f "%e %U %S" -o "$OUT/$set.python.time" \
        python3 "$PY" < "$pyfile" > /dev/null 2> "$OUT/$set.python.summary"
    "$OURS" bench "$pyfile" | awk 'NR>2 {print $3}' > "$OUT/$set.ours-sample.inproc"
    python3 "$MEASURE" --runs "$RUNS" --pin "$PIN" --out "$OUT/$set.ours-sample.json" "$pyfile" \
        "ours=$OURS solve --threads 1" >&2
done

# Traced against untraced, in-process solve time (propagate bench), three alternating rounds.
: > "$OUT/traced.txt"
for _ in 1 2 3; do
    "$OURS" bench "$ROOT/puzzles/top95.txt" | awk -v m=untraced 'NR>2 {print m, $3, $6}' >> "$OUT/traced.txt"
    "$OURS" bench --traced "$ROOT/puzzles/top95.txt" | awk -v m=traced 'NR>2 {print m, $3, $6}' >> "$OUT/traced.txt"
done
# The trace of top95's hardest puzzle (most search nodes): its JSON size.
hardest=$("$OURS" solve --strategies eliminate,only-choice,naked-twins --stats < "$ROOT/puzzles/top95.txt" | awk -F'\t' '{split($2, a, /[= ]/); print a[2], NR}' | sort -n | tail -1)
echo "$hardest" > "$OUT/trace-hardest.txt"
"$OURS" trace "$(sed -n "${hardest#* }p" "$ROOT/puzzles/top95.txt")" | wc -c > "$OUT/trace-bytes.txt"
fi

python3 - "$OUT" "$DOC" "$ROOT" "${SETS[@]}" <<'PY'
import json, subprocess, sys, statistics, datetime, os, re
out, doc, root, sets = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def count(path):
    with open(path) as f:
        return sum(1 for l in f if l.strip() and not l.strip().startswith("#"))

def med(xs):
    return statistics.median(xs)

def measured(name):
    with open(f"{out}/{name}") as f:
        return json.load(f)["results"]

rows = []
for s in sets:
    n = count(open(f"{out}/{s}.input").read().strip())
    single, cores = measured(f"{s}.single.json"), measured(f"{s}.cores.json")
    wall, user, system = map(float, open(f"{out}/{s}.python.time").read().split())
    m = re.search(r"([0-9.]+) s, [0-9.]+ puzzles/s", open(f"{out}/{s}.python.summary").read())
    sample = measured(f"{s}.ours-sample.json")["ours"]
    loadavg = open(f"{out}/{s}.load").read().split("load average:")[1].split(",")[0].strip()
    cores_load = open(f"{out}/{s}.cores.load").read().split("load average:")[1].split(",")[0].strip()
    rows.append(dict(
        set=s, n=n, base=count(f"{root}/puzzles/{s}.txt"), agree=open(f"{out}/{s}.agree").read().strip(),
        runs=len(single["ours"]["wall"]), load=loadavg, cores_load=cores_load,
        wall={k: med(v["wall"]) for k, v in single.items()},
        cpu={k: med(v["cpu"]) for k, v in single.items()},
        all_wall=med(cores["all"]["wall"]), one_wall=med(cores["one"]["wall"]),
        all_cpu=med(cores["all"]["cpu"]), one_cpu=med(cores["one"]["cpu"]),
        pyn=int(open(f"{out}/{s}.pycount").read()), py_s=wall, py_cpu=user + system,
        py_inproc=int(open(f"{out}/{s}.pycount").read()) / float(m.group(1)),
        ours_sample_s=med(sample["wall"]), ours_sample_cpu=med(sample["cpu"]),
        ours_sample_inproc=float(open(f"{out}/{s}.ours-sample.inproc").read()),
    ))

lines = []
cpu_model = ""
try:
    for l in open("/proc/cpuinfo"):
        if l.startswith("model name"):
            cpu_model = l.split(":", 1)[1].strip(); break
except OSError:
    pass
commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
cores = os.cpu_count()
lines.append(f"Measured {datetime.date.today().isoformat()} at commit `{commit}` on {cores} cores ({cpu_model}), "
             f"by `bench/cli.sh` (`bench/measure.py`: one warm-up round, then the rounds given per set, "
             f"each round running every command once in turn; medians). "
             f"The machine is shared: the 1-minute load average at the start of each set is listed, and on {cores} cores "
             f"anything above {cores} means the solvers waited for a core, which inflates wall times; CPU time "
             f"(user + system) is disturbed less, so the ratios are given by both.")
lines.append("")
lines.append("### Single thread: `propagate solve --threads 1` against the `sudoku` crate and tdoku, whole process, each pinned to one core")
lines.append("")
lines.append("| set | puzzles | rounds | load | propagate (s) | sudoku crate (s) | tdoku (s) | propagate puzzles/s | **propagate / sudoku crate** (wall) | by CPU | **propagate / tdoku** (wall) | by CPU | same answers |")
lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for r in rows:
    w, c = r["wall"], r["cpu"]
    rep = "" if r["n"] == r["base"] else f" ×{r['n'] // r['base']}"
    lines.append(
        f"| {r['set']}{rep} | {r['n']:,} | {r['runs']} | {r['load']} | {w['ours']:.4f} | {w['peer']:.4f} | {w['tdoku']:.4f} "
        f"| {r['n']/w['ours']:,.0f} | **{w['peer']/w['ours']:.2f}×** | {c['peer']/max(c['ours'],1e-9):.2f}× "
        f"| **{w['tdoku']/w['ours']:.2f}×** | {c['tdoku']/max(c['ours'],1e-9):.2f}× | {r['agree']} |")
lines.append("")
lines.append("Ratios are of throughputs (puzzles per second): above 1× propagate is faster. The peers' drivers read "
             "every line, solve it and print the first solution, as `propagate solve` does.")
lines.append("")
lines.append(f"### Every core: `propagate solve` (default threads: {cores}) against `propagate solve --threads 1`, whole process, unpinned")
lines.append("")
lines.append("| set | puzzles | load | all cores (s) | one thread (s) | all cores puzzles/s | **speed-up** (wall) | **per core** | CPU all / one |")
lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    rep = "" if r["n"] == r["base"] else f" ×{r['n'] // r['base']}"
    up = r["one_wall"] / r["all_wall"]
    lines.append(
        f"| {r['set']}{rep} | {r['n']:,} | {r['cores_load']} | {r['all_wall']:.4f} | {r['one_wall']:.4f} | {r['n']/r['all_wall']:,.0f} "
        f"| **{up:.2f}×** | **{up/cores:.2f}** | {r['all_cpu']/max(r['one_cpu'],1e-9):.2f} |")
lines.append("")
lines.append("Per core is the speed-up divided by the cores; 1.00 would be every core as fast as one thread alone. "
             "The peers' drivers are single-threaded, so they have no column here.")
lines.append("")
lines.append("### Against the course's Python solver (`course_solver.py`), whole process")
lines.append("")
lines.append("| set | puzzles run | Python (s) | Python puzzles/s | propagate on the same puzzles (s) | **ratio propagate/Python** (whole process, wall) | ratio by CPU time | in-process ratio |")
lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    sample = f"first {r['pyn']}" if r["pyn"] != r["base"] else f"all {r['base']}"
    lines.append(
        f"| {r['set']} | {sample} | {r['py_s']:.2f} | {r['pyn']/r['py_s']:,.1f} | {r['ours_sample_s']:.4f} "
        f"| **{r['py_s']/r['ours_sample_s']:,.0f}×** | {r['py_cpu']/max(r['ours_sample_cpu'],1e-9):,.0f}× "
        f"| {r['ours_sample_inproc']/r['py_inproc']:,.0f}× |")
lines.append("")
lines.append("The Python solver runs once per set (`/usr/bin/time`; it takes up to a minute). On the small sets "
             "propagate's whole-process time is mostly process start (about 1 ms), so those ratios understate the "
             "solving speed-up; the in-process ratio compares `propagate bench` on the same puzzles with the "
             "Python solver's own summary (its solving loop, after Python has started and read its input).")
lines.append("")
tr = {"untraced": [], "traced": []}
nodes = {}
for l in open(f"{out}/traced.txt"):
    mode, per_s, n = l.split()
    tr[mode].append(float(per_s)); nodes[mode] = n
u, t = statistics.median(tr["untraced"]), statistics.median(tr["traced"])
size = int(open(f"{out}/trace-bytes.txt").read())
lines.append("### Traced against untraced: `propagate bench [--traced] puzzles/top95.txt` (in-process solve time, median of 3)")
lines.append("")
lines.append("| mode | puzzles/s | nodes/puzzle |")
lines.append("|---|---:|---:|")
lines.append(f"| untraced | {u:,.0f} | {nodes['untraced']} |")
lines.append(f"| traced (full trace kept, plus the count of solutions up to 2) | {t:,.0f} | {nodes['traced']} |")
lines.append(f"| **ratio traced/untraced** | **{t/u:.1%}** | |")
lines.append("")
hn, hl = open(f"{out}/trace-hardest.txt").read().split()
lines.append(f"The JSON trace (`propagate trace`) of top95.txt's hardest puzzle for this solver (line {hl}, {hn} search nodes) is {size:,} bytes.")

text = open(doc).read()
begin, end = "<!-- bench/cli.sh:begin -->", "<!-- bench/cli.sh:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open(doc, "w").write(text[:i] + "\n" + "\n".join(lines) + "\n" + text[j:])
print("\n".join(lines))
PY
