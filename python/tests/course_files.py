"""A learner's project as the course laid it out: utils.py (assign_value recording `history` and,
for the older template, `assignments`) and solution.py (grid2values, eliminate, only_choice,
naked_twins, reduce_puzzle, search, every change through assign_value), written to a directory
so the tests can import it or run it as `python3 solution.py` next to PySudoku.py.

`calls` in utils.py is the tests' own record: every assign_value call that changed a box, in call
order, so the trace can be checked against what really happened.
"""

import importlib
import os
import sys

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Seed 004's "search" example, a standard Sudoku that propagation alone does not solve.
SEARCH = "2.............62....1....7......8...3...9...7...6..4...4....8....52.............3"
# Seed 003's "harder puzzle", which its eliminate + only choice search solves in 54 nodes.
HARDER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# The course's diagonal example (the project's solution.py).
DIAGONAL = "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3"

UTILS_PY = '''
rows = 'ABCDEFGHI'
cols = '123456789'
history = {}
assignments = []
calls = []


def cross(a, b):
    return [s + t for s in a for t in b]


boxes = cross(rows, cols)


def values2grid(values):
    return ''.join(values[b] if len(values[b]) == 1 else '.' for b in boxes)


def grid2values(grid):
    assert len(grid) == 81
    return {b: ('123456789' if ch == '.' else ch) for b, ch in zip(boxes, grid)}


def assign_value(values, box, value):
    if values[box] == value:
        return values
    prev = values2grid(values)
    values[box] = value
    if len(value) == 1:
        history[values2grid(values)] = (prev, (box, value))
        assignments.append(values.copy())
    calls.append((box, value, values2grid(values), dict(values)))
    return values
'''

SOLUTION_PY = '''
from utils import *

DIAGONAL = {diagonal}
NAKED_TWINS = {naked_twins}
GUESS_THROUGH_ASSIGN = {guess_through_assign}
GRID = {grid!r}

row_units = [cross(r, cols) for r in rows]
column_units = [cross(rows, c) for c in cols]
square_units = [cross(rs, cs) for rs in ('ABC', 'DEF', 'GHI') for cs in ('123', '456', '789')]
unitlist = row_units + column_units + square_units
if DIAGONAL:
    unitlist = unitlist + [[rows[i] + cols[i] for i in range(9)],
                           [rows[i] + cols[::-1][i] for i in range(9)]]
units = dict((s, [u for u in unitlist if s in u]) for s in boxes)
peers = dict((s, set(sum(units[s], [])) - set([s])) for s in boxes)


def eliminate(values):
    solved = [box for box in values.keys() if len(values[box]) == 1]
    for box in solved:
        digit = values[box]
        for peer in peers[box]:
            assign_value(values, peer, values[peer].replace(digit, ''))
    return values


def only_choice(values):
    for unit in unitlist:
        for digit in '123456789':
            places = [box for box in unit if digit in values[box]]
            if len(places) == 1:
                assign_value(values, places[0], digit)
    return values


def naked_twins(values):
    for unit in unitlist:
        pairs = [box for box in unit if len(values[box]) == 2]
        for i, a in enumerate(pairs):
            for b in pairs[i + 1:]:
                if values[a] == values[b]:
                    for peer in unit:
                        if peer not in (a, b):
                            for digit in values[a]:
                                assign_value(values, peer, values[peer].replace(digit, ''))
    return values


def reduce_puzzle(values):
    stalled = False
    while not stalled:
        before = len([box for box in values.keys() if len(values[box]) == 1])
        values = eliminate(values)
        values = only_choice(values)
        if NAKED_TWINS:
            values = naked_twins(values)
        after = len([box for box in values.keys() if len(values[box]) == 1])
        stalled = before == after
        if len([box for box in values.keys() if len(values[box]) == 0]):
            return False
    return values


def search(values):
    values = reduce_puzzle(values)
    if values is False:
        return False
    if all(len(values[s]) == 1 for s in boxes):
        return values
    n, s = min((len(values[s]), s) for s in boxes if len(values[s]) > 1)
    for digit in values[s]:
        new_values = values.copy()
        if GUESS_THROUGH_ASSIGN:
            assign_value(new_values, s, digit)
        else:
            new_values[s] = digit
        attempt = search(new_values)
        if attempt:
            return attempt
    return False


def solve(grid):
    return search(grid2values(grid))


if __name__ == '__main__':
    result = solve(GRID)
    try:
        import PySudoku
        PySudoku.play(grid2values(GRID), result, history)
    except SystemExit:
        pass
    except:
        print('We could not visualize your board due to a pygame issue. Not a problem! It is not a requirement.')
'''


def write_project(directory, grid, diagonal=False, guess_through_assign=True, naked_twins=True):
    """Writes utils.py and solution.py for `grid` into `directory`."""
    with open(os.path.join(directory, "utils.py"), "w") as f:
        f.write(UTILS_PY)
    with open(os.path.join(directory, "solution.py"), "w") as f:
        f.write(
            SOLUTION_PY.format(
                diagonal=diagonal,
                guess_through_assign=guess_through_assign,
                naked_twins=naked_twins,
                grid=grid,
            )
        )


def load_project(directory, grid, diagonal=False, guess_through_assign=True, naked_twins=True):
    """Writes the project and imports it afresh; returns (utils, solution) modules."""
    write_project(directory, grid, diagonal, guess_through_assign, naked_twins)
    for name in ("utils", "solution"):
        sys.modules.pop(name, None)
    sys.path.insert(0, directory)
    try:
        utils = importlib.import_module("utils")
        solution = importlib.import_module("solution")
    finally:
        sys.path.remove(directory)
        for name in ("utils", "solution"):
            sys.modules.pop(name, None)
    return utils, solution
