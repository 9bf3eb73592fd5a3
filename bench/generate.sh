#!/usr/bin/env bash
# Regenerates the generator's section of docs/benchmarks.md: `propagate generate` against QQWing
# (../shared/bench/qqwing, built with g++) for unconstrained minimal puzzles, whole process, side
# by side in alternating runs, each pinned to one core; `propagate generate` on every core against
# `--threads 1`; and, per rung of the ladder, the time to make one puzzle that needs it.
#
#   bench/generate.sh              # from the workspace root; needs python3, g++ and taskset
#   bench/generate.sh --render     # only rewrite the doc from the last run's target/bench/
#   RUNS=10 bench/generate.sh      # alternating rounds (default 5)
#   PIN=0 bench/generate.sh        # the core the single-thread runs are pinned to (default 1)
#   NEEDS_N=15 bench/generate.sh   # puzzles made per rung for the medians (default 9)
#   STAGES="needs" bench/generate.sh   # only some stages (default "single cores needs"); the
#                                  # others' last results are rendered again
#
# QQWing's `--generate N --one-line` prints N minimal puzzles with one solution and rates none;
# `propagate generate --no-rating` is its like. `propagate generate` as it is by default (each
# puzzle rated by `compare::rate`) and QQWing with `--stats` (each puzzle rated by its solver)
# are measured too.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$(cd "$ROOT/../shared" && pwd)}
RUNS=${RUNS:-5}
PIN=${PIN:-1}
NEEDS_N=${NEEDS_N:-9}
# Tries per puzzle before --needs gives up (a rung no puzzle needs, such as one that only finds
# contradictions, gives up every time).
NEEDS_TRIES=${NEEDS_TRIES:-200000}
STAGES=" ${STAGES:-single cores needs} "
OUT="$ROOT/target/bench/generate"
DOC="$ROOT/docs/benchmarks.md"
MEASURE="$ROOT/bench/measure.py"
# Puzzles per run: each run takes a few seconds.
N_OURS=${N_OURS:-20000}
N_RATED=${N_RATED:-2000}
N_QQ=${N_QQ:-2000}
# The ladder's rungs, in registry order (`propagate --help` lists them); NEEDS_RUNGS="a b" for
# some only.
ALL_RUNGS="eliminate only-choice no-place pointing claiming naked-twins x-wing hidden-pairs finned-x-wing naked-triples swordfish hidden-triples xy-wing naked-quads"
read -r -a RUNGS <<< "${NEEDS_RUNGS:-$ALL_RUNGS}"

if [ "${1:-}" != "--render" ]; then
mkdir -p "$OUT"
cargo build --quiet --release -p propagate-cli --manifest-path "$ROOT/Cargo.toml"
OURS="$ROOT/target/release/propagate"
QQ="$OUT/qqwing"
"$SHARED/bench/qqwing/build.sh" "$QQ" > /dev/null

if [[ $STAGES == *" single "* ]]; then
# Same kind of puzzles? A sample of each, counted again: one solution, and minimal.
"$OURS" generate --no-rating --seed 1 --count 200 > "$OUT/ours.sample"
"$QQ" --generate 200 --one-line > "$OUT/qqwing.sample"
for who in ours qqwing; do
    python3 - "$OURS" "$OUT/$who.sample" > "$OUT/$who.checked" <<'PY'
import subprocess, sys
ours, path = sys.argv[1], sys.argv[2]
puzzles = [l.split()[0] for l in open(path) if l.strip()]
variants = []
for p in puzzles:
    variants.append(p)
    variants += [p[:i] + "." + p[i + 1:] for i, c in enumerate(p) if c != "."]
counts = subprocess.run([ours, "solve", "--count"], input="\n".join(variants) + "\n",
                        capture_output=True, text=True, check=True).stdout.split("\n")
k, unique, minimal = 0, 0, 0
for p in puzzles:
    n = 1 + sum(c != "." for c in p)
    got = [line.rsplit(" ", 1)[1] for line in counts[k:k + n]]
    k += n
    unique += got[0] == "1"
    minimal += all(g == "2" for g in got[1:])
givens = sum(sum(c != "." for c in p) for p in puzzles) / len(puzzles)
print(len(puzzles), unique, minimal, f"{givens:.1f}")
PY
done

echo "== single thread, pinned to core $PIN" >&2
uptime > "$OUT/single.load"
python3 "$MEASURE" --runs "$RUNS" --pin "$PIN" --out "$OUT/single.json" /dev/null \
    "ours=$OURS generate --no-rating --threads 1 --seed 1 --count $N_OURS" \
    "qqwing=$QQ --generate $N_QQ --one-line" \
    "ours_rated=$OURS generate --threads 1 --seed 1 --count $N_RATED" \
    "qqwing_rated=$QQ --generate $N_QQ --one-line --stats" >&2
fi

if [[ $STAGES == *" cores "* ]]; then
echo "== every core against one thread" >&2
uptime > "$OUT/cores.load"
python3 "$MEASURE" --runs "$RUNS" --out "$OUT/cores.json" /dev/null \
    "all=$OURS generate --no-rating --seed 1 --count $N_OURS" \
    "one=$OURS generate --no-rating --threads 1 --seed 1 --count $N_OURS" >&2
fi

if [[ $STAGES == *" needs "* ]]; then
echo "== one puzzle per rung" >&2
uptime > "$OUT/needs.load"
: > "$OUT/needs.txt"
for rung in "${RUNGS[@]}"; do
    for seed in $(seq "$NEEDS_N"); do
        # One puzzle, one thread, pinned: wall and CPU seconds (user + system), the puzzle.
        if line=$(/usr/bin/time -f "%e %U %S" -o "$OUT/needs.time" taskset -c "$PIN" "$OURS" \
                  generate --threads 1 --seed "$seed" --needs "$rung" --max-tries "$NEEDS_TRIES" 2>/dev/null); then
            :
        else
            line="gave-up"
        fi
        # (a failed run's file starts with a line saying so; the times are the last line)
        read -r wall user sys < <(tail -n 1 "$OUT/needs.time")
        echo "$rung $seed $wall $(echo "$user + $sys" | bc) ${line// /_}" >> "$OUT/needs.txt"
    done
done
fi
fi

python3 - "$OUT" "$DOC" "$ROOT" "$N_OURS" "$N_RATED" "$N_QQ" <<'PY'
import json, subprocess, sys, statistics, datetime, os
out, doc, root = sys.argv[1], sys.argv[2], sys.argv[3]
n_ours, n_rated, n_qq = map(int, sys.argv[4:7])
med = statistics.median

def results(name):
    with open(f"{out}/{name}") as f:
        return json.load(f)["results"]

def load(name):
    return open(f"{out}/{name}").read().split("load average:")[1].split(",")[0].strip()

single, cores = results("single.json"), results("cores.json")
w = {k: med(v["wall"]) for k, v in single.items()}
c = {k: med(v["cpu"]) for k, v in single.items()}
runs = len(single["ours"]["wall"])
n = {"ours": n_ours, "qqwing": n_qq, "ours_rated": n_rated, "qqwing_rated": n_qq}
rate = {k: n[k] / w[k] for k in w}
rate_cpu = {k: n[k] / c[k] for k in c}
cpu_model = ""
for l in open("/proc/cpuinfo"):
    if l.startswith("model name"):
        cpu_model = l.split(":", 1)[1].strip(); break
commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
ncores = os.cpu_count()
L = []
L.append(f"Measured {datetime.date.today().isoformat()} at commit `{commit}` on {ncores} cores ({cpu_model}), by "
         f"`bench/generate.sh` (`bench/measure.py`: whole process, one warm-up round, then {runs} rounds, each running "
         f"every command once in turn; medians). The machine is shared: the 1-minute load average at the start is given, "
         f"and above {ncores} the programs waited for a core; CPU time (user + system) is disturbed less, so the ratios "
         f"are given by both.")
L.append("")
checked = {}
for who in ("ours", "qqwing"):
    total, unique, minimal, givens = open(f"{out}/{who}.checked").read().split()
    checked[who] = (int(total), int(unique), int(minimal), givens)
L.append(f"### Single thread: unconstrained minimal puzzles against QQWing, each pinned to one core (load {load('single.load')})")
L.append("")
L.append("| command | puzzles | wall (s) | CPU (s) | puzzles/s (wall) | puzzles/s (CPU) | **propagate / QQWing** (wall) | by CPU |")
L.append("|---|---:|---:|---:|---:|---:|---:|---:|")
rows = [("ours", "`propagate generate --no-rating --threads 1`", "qqwing"),
        ("qqwing", "`qqwing --generate N --one-line`", None),
        ("ours_rated", "`propagate generate --threads 1` (each puzzle rated)", "qqwing_rated"),
        ("qqwing_rated", "`qqwing --generate N --one-line --stats` (each puzzle rated)", None)]
for k, label, peer in rows:
    ratio = f"**{rate[k] / rate[peer]:.1f}×** | {rate_cpu[k] / rate_cpu[peer]:.1f}×" if peer else " | "
    L.append(f"| {label} | {n[k]:,} | {w[k]:.3f} | {c[k]:.3f} | {rate[k]:,.0f} | {rate_cpu[k]:,.0f} | {ratio} |")
L.append("")
for who, name in (("ours", "propagate"), ("qqwing", "QQWing")):
    total, unique, minimal, givens = checked[who]
    L.append(f"- {name}: of {total} puzzles counted again by `propagate solve --count` (each puzzle, and each with one "
             f"given taken away), {unique} have one solution and {minimal} are minimal; {givens} givens on average.")
L.append("")
up = med(cores["one"]["wall"]) / med(cores["all"]["wall"])
L.append(f"### Every core: `propagate generate --no-rating` (default threads: {ncores}) against `--threads 1`, unpinned (load {load('cores.load')})")
L.append("")
L.append("| threads | puzzles | wall (s) | CPU (s) | puzzles/s | **speed-up** |")
L.append("|---|---:|---:|---:|---:|---:|")
for k, label in (("one", "1"), ("all", f"{ncores} (default)")):
    L.append(f"| {label} | {n_ours:,} | {med(cores[k]['wall']):.3f} | {med(cores[k]['cpu']):.3f} | {n_ours / med(cores[k]['wall']):,.0f} | "
             + (f"**{up:.2f}×** |" if k == "all" else "1.00× |"))
L.append("")
L.append(f"### A puzzle that needs a rung: `propagate generate --needs ID --seed S --threads 1`, pinned, one puzzle per seed (load {load('needs.load')})")
L.append("")
L.append("| rung | seeds | median wall (s) | median CPU (s) | slowest CPU (s) | gave up |")
L.append("|---|---:|---:|---:|---:|---:|")
by = {}
for l in open(f"{out}/needs.txt"):
    rung, seed, wall, cpu, line = l.split(" ", 4)
    by.setdefault(rung, []).append((float(wall), float(cpu), line.strip()))
for rung, runs_ in by.items():
    walls, cpus = [r[0] for r in runs_], [r[1] for r in runs_]
    gave = sum(r[2] == "gave-up" for r in runs_)
    L.append(f"| {rung} | {len(runs_)} | {med(walls):.3f} | {med(cpus):.3f} | {max(cpus):.3f} | {gave} |")
L.append("")
L.append("Whole process, one thread; each seed's first puzzle that needs the rung (the rule: `propagate generate --help`). "
         "A puzzle is made again until one passes, so the time is that of the tries it took.")
text = open(doc).read()
begin, end = "<!-- bench/generate.sh:begin -->", "<!-- bench/generate.sh:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open(doc, "w").write(text[:i] + "\n" + "\n".join(L) + "\n" + text[j:])
print("\n".join(L))
PY
