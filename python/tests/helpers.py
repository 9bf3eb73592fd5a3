"""Shared by the tests: import PySudoku from python/, and replay a trace the way the page does,
checking it as the core's validator would."""

import os
import sys

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE_PATH = os.path.join(PYTHON_DIR, "PySudoku.py")
if PYTHON_DIR not in sys.path:
    sys.path.insert(0, PYTHON_DIR)

import PySudoku  # noqa: E402

ROWS = "ABCDEFGHI"
COLS = "123456789"
BOXES = [r + c for r in ROWS for c in COLS]


def expected_units(diagonal):
    """The documented unit names and boxes, written out independently of the module."""
    units = [("row " + r, [r + c for c in COLS]) for r in ROWS]
    units += [("column " + c, [r + c for r in ROWS]) for c in COLS]
    for rs in ("ABC", "DEF", "GHI"):
        for cs in ("123", "456", "789"):
            units.append(("square %s%s-%s%s" % (rs[0], cs[0], rs[2], cs[2]),
                          [r + c for r in rs for c in cs]))
    if diagonal:
        units.append(("diagonal A1-I9", ["A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8", "I9"]))
        units.append(("diagonal A9-I1", ["A9", "B8", "C7", "D6", "E5", "F4", "G3", "H2", "I1"]))
    return [{"name": n, "boxes": b} for n, b in units]


def is_candidates(s):
    return isinstance(s, str) and all(ch in COLS for ch in s) and list(s) == sorted(set(s))


def replay(test, trace):
    """Checks the trace's shape and replays it from `initial`; returns the state (a dict box ->
    candidates) after each step. Every change's `before` must equal the replayed state."""
    test.assertEqual(trace["format"], 2)
    test.assertIn(trace["variant"], ("standard", "diagonal"))
    test.assertEqual(trace["strategies"], [])
    test.assertEqual(trace["units"], expected_units(trace["variant"] == "diagonal"))
    test.assertEqual(len(trace["initial"]), 81)
    for s in trace["initial"]:
        test.assertTrue(is_candidates(s), s)
    state = dict(zip(BOXES, trace["initial"]))
    states = []
    for i, step in enumerate(trace["steps"]):
        test.assertEqual(set(step), {"kind", "node", "depth", "changes"}, "step %d" % i)
        test.assertEqual((step["kind"], step["node"], step["depth"]), ("assign", 0, 0))
        test.assertTrue(step["changes"], "step %d changes something" % i)
        boxes = [c["box"] for c in step["changes"]]
        test.assertEqual(len(boxes), len(set(boxes)), "step %d: a box appears once" % i)
        for c in step["changes"]:
            test.assertEqual(set(c), {"box", "before", "after"})
            test.assertEqual(c["before"], state[c["box"]], "step %d, box %s" % (i, c["box"]))
            test.assertNotEqual(c["before"], c["after"])
            test.assertTrue(is_candidates(c["after"]), c)
            state[c["box"]] = c["after"]
        states.append(dict(state))
    stats = trace["stats"]
    test.assertEqual(stats["steps"], {"assign": len(trace["steps"])})
    test.assertEqual((stats["nodes"], stats["guesses"], stats["backtracks"], stats["max_depth"]),
                     (1, 0, 0, 0))
    return states


def grid_of(state):
    return "".join(state[b] if len(state[b]) == 1 else "." for b in BOXES)
