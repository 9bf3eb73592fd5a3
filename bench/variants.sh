#!/usr/bin/env bash
# Variant puzzles against the Interactive Sudoku Solver (issue 21's "Fast"): killer, jigsaw,
# windoku and anti-knight puzzles (bench/variants/puzzles.tsv, copied from ISS's examples and
# collections) proved unique, solutions counted to two, by
#   native  bench/src/bin/variant_time.rs  (solver-core's verdict engine, general path)
#   iss     bench/variants/iss_time.mjs    (ISS's own solver under Node: needs ../shared/bench/iss)
#   wasm    bench/variants/wasm_time.mjs   (the same engine in the page's wasm under Node)
# each pinned to one core, in alternating rounds (native, iss, wasm, native, ...), each timing
# itself in-process by CPU time (user + system) per puzzle; the per-puzzle figure is the median
# over the rounds, and the ratios are taken per puzzle.
#
#   bench/variants.sh              # from the workspace root; writes docs/benchmarks.md's section
#   bench/variants.sh --render     # only rewrite the section from target/bench/variants/
#   RUNS=5 PIN=1 MS=50 bench/variants.sh   # rounds (default 3), core (1), CPU ms per puzzle a round (50)
#   REPS=10000 bench/variants.sh   # at most this many runs per puzzle a round (default 10,000: the
#                                  # 20 µs puzzles are timed over the whole MS, not 1,000 runs)
#   NO_WASM=1 bench/variants.sh    # skip the wasm build and side
#
# Needs node (20+), taskset, python3 and, for ISS's side, ../shared/bench/iss (ISS_DIR to point
# elsewhere); without it the script stops and says so.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ISS_DIR=${ISS_DIR:-$ROOT/../shared/bench/iss}
RUNS=${RUNS:-3}
PIN=${PIN:-1}
MS=${MS:-50}
REPS=${REPS:-10000}
OUT="$ROOT/target/bench/variants"
SET="$ROOT/bench/variants/puzzles.tsv"
DIST="$ROOT/target/bench-dist"

if [ "${1:-}" != "--render" ]; then
if [ ! -f "$ISS_DIR/js/sudoku_parser.js" ]; then
    echo "bench/variants.sh: the Interactive Sudoku Solver is not at $ISS_DIR;" \
        "this benchmark measures against it (../shared/bench/iss, or ISS_DIR=...)" >&2
    exit 2
fi
export ISS_DIR
mkdir -p "$OUT"
rm -f "$OUT"/*.tsv
cargo build --quiet --release -p propagate-bench --bin variant_time --manifest-path "$ROOT/Cargo.toml"
SIDES="native iss"
if [ -z "${NO_WASM:-}" ]; then
    (cd "$ROOT" && trunk build --release --offline=true --features bench --dist "$DIST" > "$OUT/trunk.log" 2>&1) \
        || { echo "bench/variants.sh: trunk build failed (see $OUT/trunk.log)" >&2; exit 1; }
    SIDES="native iss wasm"
fi
uptime > "$OUT/load.txt"
git -C "$ROOT" rev-parse --short HEAD > "$OUT/commit.txt"
for round in $(seq 1 "$RUNS"); do
    for side in $SIDES; do
        case $side in
            native) cmd=("$ROOT/target/release/variant_time" "$MS" "$REPS") ;;
            iss) cmd=(node "$ROOT/bench/variants/iss_time.mjs" "$MS" "$REPS") ;;
            wasm) cmd=(env PROPAGATE_DIST="$DIST" node "$ROOT/bench/variants/wasm_time.mjs" "$MS" "$REPS") ;;
        esac
        echo "round $round: $side" >&2
        taskset -c "$PIN" "${cmd[@]}" < "$SET" > "$OUT/$side-$round.tsv"
    done
    uptime >> "$OUT/load.txt"
done
fi
python3 "$ROOT/bench/variants/report.py" "$SET" "$OUT" "$ROOT/docs/benchmarks.md"
