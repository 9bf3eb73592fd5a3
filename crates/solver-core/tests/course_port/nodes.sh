#!/bin/sh
# Writes nodes.txt: the search calls of the seeds' Python code (seeds.py) per puzzle, for each
# set, variant and strategy set. Sets without eliminate search almost blindly, so they are
# capped at 200 nodes (the cap is part of each line; the port is held to it too).
cd "$(dirname "$0")"
for set in easy50 hardest top95; do
  for variant in standard diagonal; do
    for s in e eo en eon - o n on; do
      case $s in *e*) cap=10000000 ;; *) cap=200 ;; esac
      flag=; [ $variant = diagonal ] && flag=--diagonal
      strategies=$s; [ "$s" = - ] && strategies=
      printf '%s %s %s %s' $set $variant $s $cap
      python3 seeds.py $flag --strategies "$strategies" --max-nodes $cap < ../../../../puzzles/$set.txt |
        awk '$1 != "-" { printf " %s:%s", $1, substr($2, 1, 1) }'
      echo
    done
  done
done
