#!/usr/bin/env python3
"""The course's solver as the seed documents print it, counting search calls.

The functions below are the seeds' own (seed 002 and 004: `eliminate` over the boxes solved at
the start of the pass, `only_choice`, `reduce_puzzle` with its stall rule, `search` on the box
with the fewest candidates), with three things added, each a switch:
- a strategy set (`e`, `o`, `n`: eliminate, only choice, naked twins) for `reduce_puzzle`;
- `naked_twins`, which the seeds print in one student's form (seed 001); `aind` is the project's
  specification (every pair of twins of the input found first, then removed from the rest of
  their unit), `seed001` the printed form (removes from the peers both twins share, only from
  boxes with more than two candidates), `bench` the form of /work/shared/bench/course_solver.py
  (unit by unit, seeing its own changes);
- a complete grid is accepted only when every unit holds nine different digits (seed 003's
  search without pruning needs it; with eliminate on it never rejects one).
`search` counts its calls, as seed 003 counts "instances", and stops (capped) when a guess
would make a call past `--max-nodes`, as Propagate's node cap does.

usage: seeds.py [--diagonal] [--strategies eon] [--twins aind|seed001|bench]
                [--eliminate seed002|seed000] [--stall solved|changes] [--max-nodes N]
                < puzzles
prints, per puzzle, the count of search calls and `solved`, `none` or `capped`.
"""
import argparse
import sys

rows = 'ABCDEFGHI'
cols = '123456789'
cols_rev = cols[::-1]


def cross(a, b):
    return [s + t for s in a for t in b]


boxes = cross(rows, cols)


def tables(diagonal):
    row_units = [cross(r, cols) for r in rows]
    column_units = [cross(rows, c) for c in cols]
    square_units = [cross(rs, cs) for rs in ('ABC', 'DEF', 'GHI') for cs in ('123', '456', '789')]
    unitlist = row_units + column_units + square_units
    if diagonal:
        unitlist += [[rows[i] + cols[i] for i in range(9)], [rows[i] + cols_rev[i] for i in range(9)]]
    units = dict((s, [u for u in unitlist if s in u]) for s in boxes)
    peers = dict((s, set(sum(units[s], [])) - set([s])) for s in boxes)
    return unitlist, units, peers


class Capped(Exception):
    pass


def make(diagonal, strategies, twins, elim_form, stall_rule, max_nodes):
    unitlist, units, peers = tables(diagonal)
    counter = [0]

    def grid_values(grid):
        values = []
        for c in grid:
            if c in '.0':
                values.append('123456789')
            elif c in '123456789':
                values.append(c)
        assert len(values) == 81
        return dict(zip(boxes, values))

    def eliminate(values):  # seed 002 / 004
        solved_values = [box for box in values.keys() if len(values[box]) == 1]
        for box in solved_values:
            digit = values[box]
            for peer in peers[box]:
                values[peer] = values[peer].replace(digit, '')
        return values

    def eliminate_000(values):  # seed 000: sees the boxes it solves during the pass
        for key, val in values.items():
            if len(val) == 1:
                for peer in peers[key]:
                    values[peer] = values[peer].replace(val, '')
        return values

    def only_choice(values):  # seeds 000, 002, 004
        for unit in unitlist:
            for digit in '123456789':
                dplaces = [box for box in unit if digit in values[box]]
                if len(dplaces) == 1:
                    values[dplaces[0]] = digit
        return values

    def naked_twins_aind(values):
        found = []
        for unit in unitlist:
            pairs = [b for b in unit if len(values[b]) == 2]
            for i, a in enumerate(pairs):
                for b in pairs[i + 1:]:
                    if values[a] == values[b]:
                        found.append((unit, a, b, values[a]))
        for unit, a, b, digits in found:
            for other in unit:
                if other not in (a, b):
                    for d in digits:
                        values[other] = values[other].replace(d, '')
        return values

    def naked_twins_seed001(values):  # seed 001, verbatim but for assign_value
        potential_twins = [box for box in values.keys() if len(values[box]) == 2]
        naked_twins = [[box1, box2] for box1 in potential_twins
                       for box2 in peers[box1]
                       if set(values[box1]) == set(values[box2])]
        for i in range(len(naked_twins)):
            box1 = naked_twins[i][0]
            box2 = naked_twins[i][1]
            peers_intersection = set(peers[box1]) & set(peers[box2])
            for peer_value in peers_intersection:
                if len(values[peer_value]) > 2:
                    for remove_value in values[box1]:
                        values[peer_value] = values[peer_value].replace(remove_value, '')
        return values

    def naked_twins_bench(values):  # /work/shared/bench/course_solver.py
        for unit in unitlist:
            pairs = [b for b in unit if len(values[b]) == 2]
            for i, a in enumerate(pairs):
                for b in pairs[i + 1:]:
                    if values[a] == values[b]:
                        for other in unit:
                            if other not in (a, b):
                                for d in values[a]:
                                    values[other] = values[other].replace(d, '')
        return values

    naked_twins = {'aind': naked_twins_aind, 'seed001': naked_twins_seed001,
                   'bench': naked_twins_bench}[twins]
    elim = {'seed002': eliminate, 'seed000': eliminate_000}[elim_form]

    def reduce_puzzle(values):  # seeds 000, 002, 004, with the strategy set
        stalled = False
        while not stalled:
            solved_values_before = len([box for box in values.keys() if len(values[box]) == 1])
            total_before = sum(len(v) for v in values.values())
            if 'e' in strategies:
                values = elim(values)
            if 'o' in strategies:
                values = only_choice(values)
            if 'n' in strategies:
                values = naked_twins(values)
            solved_values_after = len([box for box in values.keys() if len(values[box]) == 1])
            if stall_rule == 'solved':
                stalled = solved_values_before == solved_values_after
            else:
                stalled = total_before == sum(len(v) for v in values.values())
            if len([box for box in values.keys() if len(values[box]) == 0]):
                return False
        return values

    def search(values):  # seeds 002, 004, counting its calls
        counter[0] += 1
        values = reduce_puzzle(values)
        if values is False:
            return False
        if all(len(values[s]) == 1 for s in boxes):
            if all(len({values[b] for b in u}) == 9 for u in unitlist):
                return values
            return False
        n, s = min((len(values[s]), s) for s in boxes if len(values[s]) > 1)
        for value in values[s]:
            if counter[0] >= max_nodes:
                raise Capped()
            new_sudoku = values.copy()
            new_sudoku[s] = value
            attempt = search(new_sudoku)
            if attempt:
                return attempt
        return False

    def solve(grid):
        counter[0] = 0
        try:
            result = search(grid_values(grid))
        except Capped:
            return counter[0], 'capped'
        return counter[0], result

    return solve


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--diagonal', action='store_true')
    p.add_argument('--strategies', default='eon')
    p.add_argument('--twins', default='aind', choices=['aind', 'seed001', 'bench'])
    p.add_argument('--eliminate', default='seed002', choices=['seed002', 'seed000'])
    p.add_argument('--max-nodes', type=int, default=10_000_000)
    p.add_argument('--stall', default='solved', choices=['solved', 'changes'])
    a = p.parse_args()
    solve = make(a.diagonal, a.strategies, a.twins, a.eliminate, a.stall, a.max_nodes)
    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith('#'):
            print('-')
            continue
        nodes, result = solve(line[:81])
        verdict = 'capped' if result == 'capped' else 'solved' if result else 'none'
        print(nodes, verdict, flush=True)


if __name__ == '__main__':
    main()
