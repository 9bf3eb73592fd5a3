#!/bin/sh
# Whether a change to the rating's engine left every rating and every walk as it was: rates the
# puzzles bench/ratings.py compares with Sudoku Explainer (target/bench/ratings/sets/, written by
# its run; or SETS=dir) and some grids of several solutions (the search under every strategy),
# and writes each walk's trace (crates/cli/examples/walk_traces.rs), then compares with a saved
# copy.
#
#   bench/same-ratings.sh save     # before the change: keep the outputs in $OUT
#   bench/same-ratings.sh check    # after: byte-identical to the saved outputs, or it says where
#
# OUT defaults to target/same-ratings; NO_BUILD=1 uses target/release as it is.
set -eu
cd "$(dirname "$0")/.."
mode=${1:?save or check}
SETS=${SETS:-target/bench/ratings/sets}
OUT=${OUT:-target/same-ratings}
if [ -z "${NO_BUILD:-}" ]; then
    cargo build --quiet --release -p propagate-cli --bin propagate --example walk_traces
fi
now=$(mktemp -d)
trap 'rm -rf "$now"' EXIT
for f in "$SETS"/*.txt; do
    name=$(basename "$f" .txt)
    target/release/propagate rate < "$f" > "$now/$name.rate"
    target/release/examples/walk_traces < "$f" > "$now/$name.walks"
done
# Grids of several solutions: the search's node counts under every strategy.
{
    printf '%81s\n' '' | tr ' ' '.'
    echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....9'
    echo '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9.........'
} > "$now/several.txt"
target/release/propagate rate < "$now/several.txt" > "$now/several.rate"
rm "$now/several.txt"
case $mode in
save)
    rm -rf "$OUT"; mkdir -p "$OUT"; cp "$now"/* "$OUT"/
    wc -l "$OUT"/*.rate | tail -1
    ;;
check)
    status=0
    for f in "$OUT"/*; do
        if ! cmp -s "$f" "$now/$(basename "$f")"; then
            echo "DIFFERENT: $(basename "$f")"
            diff "$f" "$now/$(basename "$f")" | cut -c1-200 | head -10
            status=1
        fi
    done
    [ $status = 0 ] && echo "same: $(ls "$OUT" | wc -l) files"
    exit $status
    ;;
esac
