#!/usr/bin/env bash
# Regenerates the measured section of docs/benchmarks.md: `propagate solve` against the `sudoku`
# crate (../shared/bench/peer-sudoku-crate) and the course's Python solver
# (../shared/bench/course_solver.py), whole process, side by side in one run, on every set in
# puzzles/; then `propagate bench` traced against untraced on top95.
#
#   crates/cli/bench.sh              # from the workspace root; needs hyperfine and python3
#   crates/cli/bench.sh --render     # only rewrite the doc from the last run's target/bench/
#   RUNS=10 crates/cli/bench.sh      # runs per command on the two big sets (default 5; 30 on
#                                    # the small ones, RUNS_SMALL, where startup dominates)
#
# The Python solver is slow (about 1-50 puzzles/s here), so on the two big sets it runs on the
# first PY_SAMPLE_17 / PY_SAMPLE_MAGIC lines, and its ratio is taken against `propagate` on the
# same sample. Everything else runs on whole files.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$(cd "$ROOT/../shared" && pwd)}
RUNS=${RUNS:-5}
RUNS_SMALL=${RUNS_SMALL:-30}
PY_SAMPLE_17=${PY_SAMPLE_17:-1000}
PY_SAMPLE_MAGIC=${PY_SAMPLE_MAGIC:-100}
OUT="$ROOT/target/bench"
DOC="$ROOT/docs/benchmarks.md"
SETS=(17_clue_49158 magictour_top1465 top95 hardest easy50)

if [ "${1:-}" != "--render" ]; then
command -v hyperfine >/dev/null || { echo "bench.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
mkdir -p "$OUT"

cargo build --quiet --release -p propagate-cli --manifest-path "$ROOT/Cargo.toml"
OURS="$ROOT/target/release/propagate"
# The peer's directory may be read-only: build it into our target directory.
CARGO_TARGET_DIR="$OUT/peer-target" cargo build --quiet --release \
    --manifest-path "$SHARED/bench/peer-sudoku-crate/Cargo.toml"
PEER="$OUT/peer-target/release/peer-sudoku-crate"
PY="$SHARED/bench/course_solver.py"

for set in "${SETS[@]}"; do
    file="$ROOT/puzzles/$set.txt"
    echo "== $set" >&2
    # Same answers? (Every set is solvable, so the two outputs are comparable line by line.)
    "$OURS" solve < "$file" > "$OUT/$set.ours.out"
    "$PEER" < "$file" > "$OUT/$set.peer.out" 2> /dev/null
    if cmp -s "$OUT/$set.ours.out" "$OUT/$set.peer.out"; then echo same > "$OUT/$set.agree"; else echo differ > "$OUT/$set.agree"; fi
    case $set in
        17_clue_49158 | magictour_top1465) runs=$RUNS ;;
        *) runs=$RUNS_SMALL ;;
    esac
    uptime > "$OUT/$set.load"
    hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$OUT/$set.native.json" \
        -n ours "$OURS solve < $file > /dev/null" \
        -n peer "$PEER < $file > /dev/null 2>&1" >&2

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
    hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$OUT/$set.ours-sample.json" \
        -n ours "$OURS solve < $pyfile > /dev/null" >&2

    # In-process: propagate bench's solve-only rate against the peer's own summary line
    # ("peer sudoku-crate: N puzzles, N solved, X s, Y puzzles/s", timed after reading stdin).
    : > "$OUT/$set.inproc"
    for _ in 1 2 3; do
        "$OURS" bench "$file" | awk 'NR>2 {print "ours", $3}' >> "$OUT/$set.inproc"
        "$PEER" < "$file" 2>&1 > /dev/null | awk '{print "peer", $(NF-1)}' >> "$OUT/$set.inproc"
    done
done

# Traced against untraced, in-process solve time (propagate bench), three alternating rounds.
: > "$OUT/traced.txt"
for _ in 1 2 3; do
    "$OURS" bench "$ROOT/puzzles/top95.txt" | awk -v m=untraced 'NR>2 {print m, $3, $6}' >> "$OUT/traced.txt"
    "$OURS" bench --traced "$ROOT/puzzles/top95.txt" | awk -v m=traced 'NR>2 {print m, $3, $6}' >> "$OUT/traced.txt"
done
# The trace of top95's hardest puzzle (most search nodes): its JSON size.
hardest=$("$OURS" solve --stats < "$ROOT/puzzles/top95.txt" | awk -F'\t' '{split($2, a, /[= ]/); print a[2], NR}' | sort -n | tail -1)
echo "$hardest" > "$OUT/trace-hardest.txt"
"$OURS" trace "$(sed -n "${hardest#* }p" "$ROOT/puzzles/top95.txt")" | wc -c > "$OUT/trace-bytes.txt"
fi

python3 - "$OUT" "$DOC" "$ROOT" "${SETS[@]}" <<'PY'
import json, subprocess, sys, statistics, datetime, os, re
out, doc, root, sets = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def load(name):
    with open(f"{out}/{name}") as f:
        return {r["command"]: r for r in json.load(f)["results"]}

def count(path):
    with open(path) as f:
        return sum(1 for l in f if l.strip() and not l.strip().startswith("#"))

def cpu(r):
    return r["user"] + r["system"]

rows = []
for s in sets:
    n = count(f"{root}/puzzles/{s}.txt")
    nat = load(f"{s}.native.json")
    ours, peer = nat["ours"], nat["peer"]
    wall, user, system = map(float, open(f"{out}/{s}.python.time").read().split())
    py = {"mean": wall, "user": user, "system": system}
    m = re.search(r"([0-9.]+) s, [0-9.]+ puzzles/s", open(f"{out}/{s}.python.summary").read())
    py_inproc_s = float(m.group(1))
    ours_sample_inproc = float(open(f"{out}/{s}.ours-sample.inproc").read())
    ours_sample = load(f"{s}.ours-sample.json")["ours"]
    pyn = int(open(f"{out}/{s}.pycount").read())
    agree = open(f"{out}/{s}.agree").read().strip()
    inproc = {"ours": [], "peer": []}
    for l in open(f"{out}/{s}.inproc"):
        who, rate = l.split()
        inproc[who].append(float(rate))
    loadavg = open(f"{out}/{s}.load").read().split("load average:")[1].split(",")[0].strip()
    rows.append(dict(
        set=s, n=n, agree=agree,
        ours_s=ours["mean"], ours_sd=ours["stddev"] or 0.0, peer_s=peer["mean"], peer_sd=peer["stddev"] or 0.0,
        ours_cpu=cpu(ours), peer_cpu=cpu(peer),
        pyn=pyn, py_s=py["mean"], ours_sample_s=ours_sample["mean"],
        py_cpu=cpu(py), ours_sample_cpu=cpu(ours_sample),
        py_inproc=pyn / py_inproc_s, ours_sample_inproc=ours_sample_inproc,
        runs=len(ours["times"]), load=loadavg,
        in_ours=statistics.median(inproc["ours"]), in_peer=statistics.median(inproc["peer"]),
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
lines.append(f"Measured {datetime.date.today().isoformat()} at commit `{commit}` on {os.cpu_count()} cores ({cpu_model}), "
             f"by `crates/cli/bench.sh` (hyperfine, one warm-up run, then the runs given per set). "
             f"The machine is shared: the 1-minute load average at the start of each set is listed, and on 2 cores "
             f"anything above 2 means the solvers waited for a core, which inflates wall times (CPU times less so).")
lines.append("")
lines.append("### Native: `propagate solve < FILE` against the `sudoku` crate, whole process")
lines.append("")
lines.append("| set | puzzles | runs | load | propagate (s) | peer (s) | propagate puzzles/s | peer puzzles/s | **ratio propagate/peer** (throughput, wall) | ratio by CPU time | same answers |")
lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for r in rows:
    lines.append(
        f"| {r['set']} | {r['n']} | {r['runs']} | {r['load']} | {r['ours_s']:.4f} ± {r['ours_sd']:.4f} | {r['peer_s']:.4f} ± {r['peer_sd']:.4f} "
        f"| {r['n']/r['ours_s']:,.0f} | {r['n']/r['peer_s']:,.0f} | **{r['peer_s']/r['ours_s']:.2f}×** "
        f"| {r['peer_cpu']/max(r['ours_cpu'],1e-9):.2f}× | {r['agree']} |")
lines.append("")
lines.append("On hardest (11 puzzles) and easy50 a whole run takes a few milliseconds, mostly process start and "
             "hyperfine's shell; their whole-process ratios say little. The in-process rates below compare the solving itself.")
lines.append("")
lines.append("### Native, in-process: `propagate bench FILE` against the peer's own summary (median of 3)")
lines.append("")
lines.append("`propagate bench` times each solve alone; the peer times its loop over the puzzles it has read "
             "(parsing, solving and printing). Both exclude process start and reading the file.")
lines.append("")
lines.append("| set | propagate puzzles/s | peer puzzles/s | **ratio propagate/peer** |")
lines.append("|---|---:|---:|---:|")
for r in rows:
    lines.append(f"| {r['set']} | {r['in_ours']:,.0f} | {r['in_peer']:,.0f} | **{r['in_ours']/r['in_peer']:.2f}×** |")
lines.append("")
lines.append("### Against the course's Python solver (`course_solver.py`), whole process")
lines.append("")
lines.append("| set | puzzles run | Python (s) | Python puzzles/s | propagate on the same puzzles (s) | **ratio propagate/Python** (whole process, wall) | ratio by CPU time | in-process ratio |")
lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    sample = f"first {r['pyn']}" if r["pyn"] != r["n"] else f"all {r['n']}"
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
begin, end = "<!-- bench.sh:begin -->", "<!-- bench.sh:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open(doc, "w").write(text[:i] + "\n" + "\n".join(lines) + "\n" + text[j:])
print("\n".join(lines))
PY
