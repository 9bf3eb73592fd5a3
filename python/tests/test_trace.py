"""The trace PySudoku makes from a course-style solution's recorded run, on the seeds' grids."""

import json
import tempfile
import unittest

from helpers import BOXES, PySudoku, grid_of, replay
import course_files
from course_files import DIAGONAL, EASY, HARDER, SEARCH

DIAGONAL_SOLUTION = (
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923"
)


class CourseRun:
    """Runs the course-style solution on a grid and keeps what it recorded."""

    def __init__(self, grid, diagonal=False, guess_through_assign=True, solve=True, naked_twins=True):
        self._dir = tempfile.TemporaryDirectory()
        self.utils, self.solution = course_files.load_project(
            self._dir.name, grid, diagonal, guess_through_assign, naked_twins
        )
        self.values = self.utils.grid2values(grid)
        if solve:
            self.result = self.solution.solve(grid)
        else:
            self.result = self.solution.reduce_puzzle(self.utils.grid2values(grid))
        self._dir.cleanup()

    @property
    def recorded(self):
        """Every single-digit assignment (what history records), in call order."""
        return [(box, value, grid) for box, value, grid, _ in self.utils.calls if len(value) == 1]


class HistoryTraceTest(unittest.TestCase):
    def check_path(self, run, trace):
        """The steps are recorded assignments, first first, in call order; each replayed state
        is the one the learner's code had after that assignment; the end is `result`."""
        states = replay(self, trace)
        self.assertEqual(trace["initial"], [run.values[b] for b in BOXES])
        recorded = run.recorded
        self.assertEqual(
            (trace["steps"][0]["changes"][0]["box"], trace["steps"][0]["changes"][0]["after"]),
            recorded[0][:2],
            "the first assignment made is the first step",
        )
        i = 0
        for n, (step, state) in enumerate(zip(trace["steps"], states)):
            self.assertEqual(len(step["changes"]), 1)
            change = step["changes"][0]
            while i < len(recorded) and not (
                recorded[i][:2] == (change["box"], change["after"]) and recorded[i][2] == grid_of(state)
            ):
                i += 1
            self.assertLess(i, len(recorded), "step %d is a recorded assignment, in order" % n)
            i += 1
        self.assertEqual(states[-1], run.result, "the replay ends at result")
        return states

    def test_easy_grid_every_assignment_in_order(self):
        run = CourseRun(EASY)
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        self.assertEqual(trace["variant"], "standard")
        self.check_path(run, trace)
        # Propagation alone: every recorded assignment is on the way to the result.
        self.assertEqual(
            [(s["changes"][0]["box"], s["changes"][0]["after"]) for s in trace["steps"]],
            [r[:2] for r in run.recorded],
        )
        solution = "".join(run.result[b] for b in BOXES)
        self.assertEqual(solution[:9], "483921657")
        self.assertEqual(trace["outcome"], {"verdict": "solved", "solution": solution, "solutions": 0})

    def test_search_follows_the_branch_that_solved_it(self):
        # Seed 003's solver: eliminate and only choice, 54 search nodes, many dead ends.
        run = CourseRun(HARDER, naked_twins=False)
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        self.assertEqual(trace["variant"], "standard")
        self.check_path(run, trace)
        self.assertEqual(len(trace["steps"]), HARDER.count("."), "one step per box filled")
        self.assertGreater(len(run.recorded), 4 * len(trace["steps"]), "dead branches are left out")
        # Seed 003's printed solution.
        self.assertEqual(trace["outcome"]["solution"][:18], "417369825632158947")

    def test_seed_004_search_example(self):
        run = CourseRun(SEARCH)
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        self.assertEqual(trace["variant"], "standard")
        self.check_path(run, trace)
        self.assertEqual(trace["outcome"]["verdict"], "solved")
        # The seed's printed solution (004, "display(solve(example))").
        self.assertEqual(trace["outcome"]["solution"][:18], "296347158537816249")

    def test_diagonal_grid_is_detected(self):
        run = CourseRun(DIAGONAL, diagonal=True)
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        self.assertEqual(trace["variant"], "diagonal")
        self.assertEqual(len(trace["units"]), 29)
        self.check_path(run, trace)
        self.assertEqual(trace["outcome"]["solution"], DIAGONAL_SOLUTION)
        forced = PySudoku.trace_from_history(run.values, run.result, run.utils.history, variant="standard")
        self.assertEqual((forced["variant"], len(forced["units"])), ("standard", 27))
        self.assertEqual(forced["steps"], trace["steps"])

    def test_a_guess_made_without_assign_value_becomes_one_step(self):
        run = CourseRun(HARDER, guess_through_assign=False, naked_twins=False)
        with self.assertWarns(PySudoku.UnrecordedChanges) as w:
            trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        states = replay(self, trace)
        first = trace["steps"][0]["changes"]
        self.assertGreater(len(first), 1)
        self.assertIn(", ".join(c["box"] for c in first), str(w.warning))
        self.assertEqual(states[-1], run.result)
        self.assertEqual(trace["outcome"]["verdict"], "solved")

    def test_json_round_trip(self):
        run = CourseRun(EASY)
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        self.assertEqual(json.loads(json.dumps(trace)), trace)

    def test_no_result_gives_an_unsolved_trace_without_steps(self):
        broken = "11" + EASY[2:]
        run = CourseRun(broken)
        self.assertIs(run.result, False)
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        self.assertEqual(replay(self, trace), [])
        self.assertEqual(trace["outcome"], {"verdict": "unsolved"})
        self.assertEqual(trace["initial"][:2], ["1", "1"])

    def test_a_stalled_result_is_unsolved_and_ends_with_its_digits(self):
        run = CourseRun(HARDER, solve=False)
        self.assertTrue(any(len(v) > 1 for v in run.result.values()))
        trace = PySudoku.trace_from_history(run.values, run.result, run.utils.history)
        states = replay(self, trace)
        self.assertEqual(len(states), 3)
        for b in BOXES:
            if len(run.result[b]) > 1:
                self.assertEqual(states[-1][b], run.values[b], "open boxes keep their start")
        self.assertEqual(grid_of(states[-1]), grid_of(run.result))
        self.assertEqual(trace["outcome"], {"verdict": "unsolved"})
        self.assertEqual(trace["variant"], "standard")

    def test_a_complete_but_wrong_result_is_unsolved(self):
        run = CourseRun(EASY)
        wrong = dict(run.result)
        wrong["A1"], wrong["A2"] = wrong["A2"], wrong["A1"]
        with self.assertWarns(PySudoku.UnrecordedChanges):
            trace = PySudoku.trace_from_history(run.values, wrong, {})
        states = replay(self, trace)
        self.assertEqual(states[-1], wrong)
        self.assertEqual(trace["outcome"], {"verdict": "unsolved"})


class AssignmentsTraceTest(unittest.TestCase):
    def test_snapshots_replay_in_order(self):
        for grid, diagonal, twins in ((EASY, False, True), (HARDER, False, False), (DIAGONAL, True, True)):
            with self.subTest(grid=grid):
                run = CourseRun(grid, diagonal=diagonal, naked_twins=twins)
                snaps = run.utils.assignments
                trace = PySudoku.trace_from_assignments(snaps)
                states = replay(self, trace)
                self.assertEqual(trace["initial"], [snaps[0][b] for b in BOXES])
                self.assertEqual(states, snaps[1:])
                self.assertEqual(states[-1], run.result)
                self.assertEqual(trace["variant"], "diagonal" if diagonal else "standard")
                self.assertEqual(trace["outcome"]["verdict"], "solved")

    def test_with_the_puzzle_the_first_assignment_is_a_step(self):
        run = CourseRun(EASY)
        snaps = run.utils.assignments
        trace = PySudoku.trace_from_assignments(snaps, values=run.values)
        states = replay(self, trace)
        self.assertEqual(trace["initial"], [run.values[b] for b in BOXES])
        self.assertEqual(states, snaps)
        first_box = run.recorded[0][0]
        self.assertIn(first_box, [c["box"] for c in trace["steps"][0]["changes"]])

    def test_repeated_snapshots_make_no_step(self):
        run = CourseRun(EASY)
        snaps = run.utils.assignments
        doubled = [s for s in snaps for _ in (0, 1)]
        self.assertEqual(PySudoku.trace_from_assignments(doubled), PySudoku.trace_from_assignments(snaps))


class InputErrorTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.course = CourseRun(EASY)

    def error(self, fn, *args, **kwargs):
        with self.assertRaises(PySudoku.TraceInputError) as cm:
            fn(*args, **kwargs)
        return str(cm.exception)

    def test_values(self):
        r = self.course
        v = dict(r.values)
        del v["E5"]
        self.assertIn("no box E5", self.error(PySudoku.trace_from_history, v, r.result, r.utils.history))
        v = dict(r.values, A1="12x")
        self.assertIn("values['A1'] is '12x'", self.error(PySudoku.trace_from_history, v, r.result, {}))
        v = dict(r.values, A1="11")
        self.assertIn("twice", self.error(PySudoku.trace_from_history, v, r.result, {}))
        v = dict(r.values, J1="1")
        self.assertIn("'J1'", self.error(PySudoku.trace_from_history, v, r.result, {}))
        self.assertIn("grid2values", self.error(PySudoku.trace_from_history, EASY, r.result, {}))
        bad = dict(r.result, C3=3)
        self.assertIn("result['C3'] is 3", self.error(PySudoku.trace_from_history, r.values, bad, {}))
        self.assertIn("history must be", self.error(PySudoku.trace_from_history, r.values, r.result, []))
        self.assertIn("variant", self.error(PySudoku.trace_from_history, r.values, r.result, {}, variant="x"))
        self.assertIn("variant", self.error(PySudoku.trace_from_history, r.values, r.result, {}, variant=["x"]))

    def test_a_box_of_the_puzzle_with_no_candidate(self):
        # A trace's `initial` never holds "" (the core refuses it: every box starts with a
        # candidate at least), so the puzzle's boxes are checked here, by name.
        r = self.course
        v = dict(r.values, E5="")
        self.assertIn(
            "values['E5'] is '': a box of the puzzle holds one candidate at least",
            self.error(PySudoku.trace_from_history, v, r.result, r.utils.history),
        )
        self.assertIn(
            "values['E5'] is ''",
            self.error(PySudoku.trace_from_assignments, r.utils.assignments, values=v),
        )
        snaps = [dict(s) for s in r.utils.assignments]
        snaps[0]["E5"] = ""
        self.assertIn(
            "assignments[0]['E5'] is ''", self.error(PySudoku.trace_from_assignments, snaps)
        )
        # A box emptied later in the run is a change like any other, and the run is unsolved.
        snaps = [dict(s) for s in r.utils.assignments]
        snaps[-1]["E5"] = ""
        trace = PySudoku.trace_from_assignments(snaps)
        self.assertEqual(trace["outcome"], {"verdict": "unsolved"})

    def corrupted(self, entry):
        """History with the entry of the state two assignments before the result replaced."""
        history = dict(self.course.utils.history)
        key = history[history[grid_of(self.course.result)][0]][0]
        history[key] = entry(history[key])
        return history, key

    def test_history_entries(self):
        r = self.course
        cases = [
            (lambda e: "junk", "expected (previous_grid, (box, digit))"),
            (lambda e: (e[0], ("J1", "5")), "'J1', which is not a box"),
            (lambda e: (e[0], (["A1"], "5")), "['A1'], which is not a box"),
            (lambda e: (e[0], ({"A1": 1}, "5")), "{'A1': 1}, which is not a box"),
            (lambda e: (e[0], (e[1][0], ["5"])), "assigns ['5']"),
            (lambda e: (e[0], (e[1][0], "12")), "assigns '12'"),
            (lambda e: (e[0][:80], e[1]), "previous grid"),
            (lambda e: (e[0], (e[1][0], str(int(e[1][1]) % 9 + 1))), "does not match its key"),
        ]
        for entry, words in cases:
            with self.subTest(words=words):
                history, key = self.corrupted(entry)
                message = self.error(PySudoku.trace_from_history, r.values, r.result, history)
                self.assertIn(words, message)
                self.assertIn("history[%r] (3 assignment(s) back from result)" % key, message)

    def test_history_loop(self):
        r = self.course
        end = grid_of(r.result)
        i = BOXES.index("A1")
        other = end[:i] + ("1" if end[i] != "1" else "2") + end[i + 1:]
        history = {end: (other, ("A1", end[i])), other: (end, ("A1", other[i]))}
        self.assertIn("loops", self.error(PySudoku.trace_from_history, r.values, r.result, history))

    def test_assignments(self):
        r = self.course
        snaps = [dict(s) for s in r.utils.assignments]
        self.assertIn("not dict", self.error(PySudoku.trace_from_assignments, snaps[0]))
        broken = list(snaps)
        broken[3] = dict(broken[3])
        del broken[3]["I9"]
        self.assertIn("assignments[3] has no box I9", self.error(PySudoku.trace_from_assignments, broken))
        broken[3] = None
        self.assertIn("assignments[3] must be a dict", self.error(PySudoku.trace_from_assignments, broken))
        self.assertIn("empty", self.error(PySudoku.trace_from_assignments, []))


if __name__ == "__main__":
    unittest.main()
