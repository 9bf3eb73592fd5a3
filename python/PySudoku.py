"""Propagate's drop-in for the AI course's visualizer: play your own solver's run on the page.

Copy this one file next to your ``solution.py`` (in place of the course's ``PySudoku.py``). It needs
nothing but Python 3.8 or later: no pygame.

The course's two ways of calling the visualizer both work unchanged:

- ``PySudoku.play(values, result, history)``: ``values`` is the puzzle you started from
  (``grid2values(grid)``), ``result`` what ``solve`` returned (a values dict, or ``False``), and
  ``history`` the dict that ``utils.assign_value`` fills in.
- ``visualize_assignments(assignments)``: the older template's list of values dicts, one copy per
  assignment. Its ``from visualize import visualize_assignments`` reads the course's
  ``visualize.py``, which calls ``PySudoku.play(list_of_values)``; this file accepts that
  one-argument form too, so keep the course's ``visualize.py`` or change the import to
  ``from PySudoku import visualize_assignments``.

Either turns what your code recorded into a trace (docs/trace-format.md, format 2: one ``assign``
step per recorded assignment, first assignment first), writes it to ``propagate-trace.json`` in the
current directory, and opens it on Propagate's page:

- if the built page is found (the ``dist`` argument, else the ``PROPAGATE_DIST`` environment
  variable, else ``dist/`` of the repository this file sits in), it serves that directory and the
  trace on 127.0.0.1 (a free port, with the page's Content-Security-Policy as a header, and
  ``frame-ancestors 'none'`` in it so that no other site frames the page), opens
  ``http://127.0.0.1:PORT/?trace=propagate-trace.json`` (the file's name percent-encoded) in the
  browser and serves until Ctrl-C;
- otherwise it prints the trace's path and how to open it with the page's "Open trace".

``trace_from_history(values, result, history)`` and ``trace_from_assignments(assignments)`` return
the trace as a dict without writing or serving anything.

Reading ``history``: ``assign_value`` stores, for each assignment that leaves one digit in a box,
``history[grid_after] = (grid_before, (box, digit))``, where a grid is the 81-character string of
``values2grid`` (solved digits, ``.`` elsewhere). The run that produced ``result`` is the chain
from ``values2grid(result)`` back through those entries to the grid of ``values``; reversed, it is
the order the assignments were made in. Only single-digit assignments are recorded, so the trace
places digits; the other boxes keep the candidates they have in ``values`` (where ``'.'``, the
course's empty box, means every digit).
"""

import html.parser
import http.server
import json
import os
import re
import sys
import threading
import urllib.parse
import warnings
import webbrowser

__all__ = [
    "play",
    "visualize_assignments",
    "trace_from_history",
    "trace_from_assignments",
    "open_trace",
    "TraceInputError",
    "UnrecordedChanges",
]

FORMAT = 2
DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = "123456789"
BOXES = [r + c for r in ROWS for c in COLS]
TRACE_NAME = "propagate-trace.json"
# Sent with the page's policy: a meta tag cannot carry it, and it keeps other sites from
# putting the page in a frame.
FRAME_ANCESTORS = "frame-ancestors 'none'"
VARIANTS = ("standard", "diagonal")


def _units(variant):
    """The variant's units as (name, boxes), in the course's order: rows, columns, squares, diagonals."""
    units = [("row " + r, [r + c for c in COLS]) for r in ROWS]
    units += [("column " + c, [r + c for r in ROWS]) for c in COLS]
    for rs in ("ABC", "DEF", "GHI"):
        for cs in ("123", "456", "789"):
            name = "square {}{}-{}{}".format(rs[0], cs[0], rs[2], cs[2])
            units.append((name, [r + c for r in rs for c in cs]))
    if variant == "diagonal":
        units.append(("diagonal A1-I9", [ROWS[i] + COLS[i] for i in range(9)]))
        units.append(("diagonal A9-I1", [ROWS[i] + COLS[8 - i] for i in range(9)]))
    return units


class TraceInputError(ValueError):
    """What the course's code handed over cannot be turned into a trace; the message says where."""


class UnrecordedChanges(UserWarning):
    """The recorded assignments do not reach back to the puzzle: some boxes were set without
    ``assign_value``. The trace shows those boxes changing in one step of their own."""


# ---- Reading the course's data -----------------------------------------------------------------


def _candidates(text, where):
    """A box's value as the trace writes it: its digits in ascending order ('.' means all nine)."""
    if not isinstance(text, str):
        raise TraceInputError(
            "{} is {!r}: a box holds a string of the digits still possible, e.g. '2379'".format(
                where, text
            )
        )
    if text == ".":
        return DIGITS
    bad = [ch for ch in text if ch not in DIGITS]
    if bad:
        raise TraceInputError(
            "{} is {!r}: {!r} is not a digit 1-9 (a box holds the digits still possible, "
            "e.g. '2379', or '.' for all)".format(where, text, bad[0])
        )
    if len(set(text)) != len(text):
        raise TraceInputError("{} is {!r}: a digit appears twice".format(where, text))
    return "".join(sorted(text))


def _read_values(values, what):
    """A values dict checked box by box, as a dict box -> candidates string."""
    if not isinstance(values, dict):
        hint = " (use grid2values(grid) for a grid string)" if isinstance(values, str) else ""
        raise TraceInputError(
            "{} must be a dict {{'A1': '123456789', ...}}, not {}{}".format(
                what, type(values).__name__, hint
            )
        )
    for key in values:
        if key not in _BOX_SET:
            raise TraceInputError(
                "{} has the key {!r}, which is not a box (boxes are A1..I9)".format(what, key)
            )
    missing = [b for b in BOXES if b not in values]
    if missing:
        raise TraceInputError(
            "{} has no box {} ({} of 81 boxes missing)".format(what, missing[0], len(missing))
        )
    return {b: _candidates(values[b], "{}[{!r}]".format(what, b)) for b in BOXES}


_BOX_SET = frozenset(BOXES)
_GRID = re.compile(r"[1-9.]{81}\Z")


def _grid(state):
    """The course's values2grid: solved digits, '.' for every other box."""
    return "".join(state[b] if len(state[b]) == 1 else "." for b in BOXES)


def _check_puzzle(initial, what):
    """The puzzle's boxes each hold one candidate at least: a trace starts from a puzzle, and a
    box with none ('') is a contradiction before any step (the page would draw it open)."""
    for b in BOXES:
        if initial[b] == "":
            raise TraceInputError(
                "{}[{!r}] is '': a box of the puzzle holds one candidate at least ('.' or "
                "'123456789' when it is open)".format(what, b)
            )
    return initial


def _check_history(history):
    if not isinstance(history, dict):
        raise TraceInputError(
            "history must be the dict that assign_value fills in, not {}".format(
                type(history).__name__
            )
        )


def _history_chain(start_grid, end_grid, history):
    """The recorded assignments from start_grid (or the earliest recorded state) to end_grid.

    Returns (earliest grid reached, [(box, digit, grid_after), ...] first assignment first).
    """
    chain = []
    seen = set()
    grid = end_grid
    while grid != start_grid and grid in history:
        if grid in seen:
            raise TraceInputError(
                "history loops: the state {} is reached twice walking back from result".format(grid)
            )
        seen.add(grid)
        where = "history[{!r}] ({} assignment(s) back from result)".format(grid, len(chain) + 1)
        entry = history[grid]
        if not (isinstance(entry, (tuple, list)) and len(entry) == 2):
            raise TraceInputError(
                "{} is {!r}: expected (previous_grid, (box, digit))".format(where, entry)
            )
        prev, step = entry
        if not (isinstance(step, (tuple, list)) and len(step) == 2):
            raise TraceInputError(
                "{} has the assignment {!r}: expected (box, digit)".format(where, step)
            )
        box, digit = step
        if not (isinstance(box, str) and box in _BOX_SET):
            raise TraceInputError(
                "{} assigns to {!r}, which is not a box (boxes are A1..I9)".format(where, box)
            )
        if not (isinstance(digit, str) and len(digit) == 1 and digit in DIGITS):
            raise TraceInputError(
                "{} assigns {!r} to {}: the course records single digits 1-9".format(
                    where, digit, box
                )
            )
        if not (isinstance(prev, str) and _GRID.match(prev)):
            raise TraceInputError(
                "{} has the previous grid {!r}: expected 81 characters 1-9 or '.'".format(
                    where, prev
                )
            )
        i = BOXES.index(box)
        if grid[i] != digit or prev[:i] + prev[i + 1 :] != grid[:i] + grid[i + 1 :]:
            raise TraceInputError(
                "{} does not match its key: assigning {} = {} to the previous grid {!r} "
                "does not give the key".format(where, box, digit, prev)
            )
        chain.append((box, digit, grid))
        grid = prev
    chain.reverse()
    return grid, chain


# ---- Building the trace -------------------------------------------------------------------------


def _variant(variant, final):
    """The variant asked for, or the one the final state shows: diagonal when it is complete and
    both diagonals hold nine different digits (a solution of the diagonal puzzle), else standard."""
    if variant is not None:
        if variant not in VARIANTS:
            raise TraceInputError(
                "variant is {!r}: expected 'standard', 'diagonal' or None (detected)".format(variant)
            )
        return variant
    if final is None or any(len(final[b]) != 1 for b in BOXES):
        return "standard"
    for _, boxes in _units("diagonal")[27:]:
        if len({final[b] for b in boxes}) != 9:
            return "standard"
    return "diagonal"


def _verdict(initial, final, units):
    """(outcome, why): solved when the final state is complete, every unit holds nine different
    digits and every box's digit was one of its candidates at the start; otherwise unsolved, with
    the reason in words (for the terminal, not the trace)."""
    if final is None:
        return {"verdict": "unsolved"}, "result is not a values dict, so no run ends there"
    for b in BOXES:
        if final[b] == "":
            return {"verdict": "unsolved"}, "{} has no candidate left".format(b)
    open_boxes = [b for b in BOXES if len(final[b]) != 1]
    if open_boxes:
        return {"verdict": "unsolved"}, "{} box(es) are not solved, e.g. {} = {}".format(
            len(open_boxes), open_boxes[0], final[open_boxes[0]]
        )
    for name, boxes in units:
        where = {}
        for b in boxes:
            if final[b] in where:
                return {"verdict": "unsolved"}, "{} holds {} twice ({} and {})".format(
                    name, final[b], where[final[b]], b
                )
            where[final[b]] = b
    for b in BOXES:
        if final[b] not in initial[b]:
            return {"verdict": "unsolved"}, "{} ends as {} but started as {}".format(
                b, final[b], initial[b]
            )
    solution = "".join(final[b] for b in BOXES)
    # This module does not search, so it cannot count solutions: 0 means "not counted".
    return {"verdict": "solved", "solution": solution, "solutions": 0}, None


def _trace(variant, initial, steps, final):
    units = _units(variant)
    outcome, why = _verdict(initial, final, units)
    trace = {
        "format": FORMAT,
        "variant": variant,
        "strategies": [],
        "units": [{"name": name, "boxes": boxes} for name, boxes in units],
        "initial": [initial[b] for b in BOXES],
        "steps": steps,
        "outcome": outcome,
        "stats": {
            "nodes": 1,
            "guesses": 0,
            "backtracks": 0,
            "max_depth": 0,
            "steps": {"assign": len(steps)},
        },
    }
    return trace, why


def _assign_step(changes):
    return {"kind": "assign", "node": 0, "depth": 0, "changes": changes}


def _step_to(state, target):
    """An assign step moving `state` to `target` (every box that differs, A1..I9), applied to
    `state`; None when they are equal."""
    changes = []
    for b in BOXES:
        if state[b] != target[b]:
            changes.append({"box": b, "before": state[b], "after": target[b]})
            state[b] = target[b]
    return _assign_step(changes) if changes else None


def _history_trace(values, result, history, variant):
    initial = _check_puzzle(_read_values(values, "values"), "values")
    final = None if result is None or result is False else _read_values(result, "result")
    _check_history(history)
    variant = _variant(variant, final)
    if final is None:
        return _trace(variant, initial, [], None)

    start_grid = _grid(initial)
    earliest, chain = _history_chain(start_grid, _grid(final), history)
    state = dict(initial)
    steps = []
    if earliest != start_grid:
        # The chain stops at a state the puzzle does not lead to by recorded assignments.
        target = dict(initial)
        for b, was, now in zip(BOXES, start_grid, earliest):
            if was == now:
                continue
            if now == ".":
                raise TraceInputError(
                    "history does not lead back to values: its earliest recorded state has {} "
                    "open where values holds {!r}".format(b, initial[b])
                )
            target[b] = now
        step = _step_to(state, target)
        boxes = [c["box"] for c in step["changes"]]
        warnings.warn(
            UnrecordedChanges(
                "history does not reach back to values: {} box(es) ({}) were set without "
                "assign_value (search's guess, for example); the trace sets them in its "
                "first step".format(len(boxes), ", ".join(boxes))
            ),
            stacklevel=3,
        )
        steps.append(step)
    for box, digit, _ in chain:
        steps.append(_assign_step([{"box": box, "before": state[box], "after": digit}]))
        state[box] = digit
    # The replayed state ends with result's solved digits; a box result leaves open keeps the
    # candidates of values, since history records single digits only.
    return _trace(variant, initial, steps, final)


def trace_from_history(values, result, history, variant=None):
    """The trace (a dict, docs/trace-format.md format 2) of the run recorded in ``history``.

    ``values``: the puzzle the run started from (``grid2values(grid)``); ``result``: what ``solve``
    returned (a values dict, or ``False`` when it found nothing: the trace then has no steps);
    ``history``: ``utils.history``. ``variant``: ``'standard'``, ``'diagonal'``, or ``None`` to
    detect it (diagonal when ``result`` is a solution of the diagonal puzzle).

    Raises TraceInputError naming the box, key or assignment at fault. Warns UnrecordedChanges
    when boxes were set without ``assign_value``.
    """
    trace, _ = _history_trace(values, result, history, variant)
    return trace


def _assignments_trace(assignments, values, variant):
    if not isinstance(assignments, (list, tuple)):
        raise TraceInputError(
            "assignments must be the list of values dicts assign_value appends to, not {}".format(
                type(assignments).__name__
            )
        )
    snapshots = [
        _read_values(a, "assignments[{}]".format(i)) for i, a in enumerate(assignments)
    ]
    if values is not None:
        initial = _check_puzzle(_read_values(values, "values"), "values")
    elif snapshots:
        # The list starts after the first assignment: that snapshot is the earliest state known.
        initial, snapshots = _check_puzzle(snapshots[0], "assignments[0]"), snapshots[1:]
    else:
        raise TraceInputError(
            "assignments is empty: nothing was recorded (does your code call assign_value?)"
        )
    state = dict(initial)
    steps = []
    for snapshot in snapshots:
        step = _step_to(state, snapshot)
        if step is not None:
            steps.append(step)
    variant = _variant(variant, state)
    return _trace(variant, initial, steps, state)


def trace_from_assignments(assignments, values=None, variant=None):
    """The trace (a dict, docs/trace-format.md format 2) of the older template's ``assignments``,
    the list of values dicts ``assign_value`` appended after each single-digit assignment.

    Each snapshot is one ``assign`` step changing every box that differs from the snapshot before
    (a snapshot equal to the one before makes no step). The list begins after the first
    assignment, so the first snapshot is the start, unless ``values`` (the puzzle) is given. The
    trace ends at the last snapshot. ``variant`` as in ``trace_from_history``.
    """
    trace, _ = _assignments_trace(assignments, values, variant)
    return trace


# ---- Writing, serving and opening ---------------------------------------------------------------


def _write(trace, path):
    """Writes the trace as JSON, replacing `path` only once the whole file is written."""
    path = os.path.abspath(path)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(trace, f, separators=(",", ":"))
        f.write("\n")
    os.replace(tmp, path)
    return path


class _MetaCsp(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.csp = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if (
            tag == "meta"
            and self.csp is None
            and (a.get("http-equiv") or "").lower() == "content-security-policy"
        ):
            self.csp = " ".join((a.get("content") or "").split())


def page_csp(index_html):
    """The Content-Security-Policy of the page's meta tag (white space collapsed), or None."""
    parser = _MetaCsp()
    parser.feed(index_html)
    return parser.csp


def find_dist(dist=None):
    """The built page's directory: `dist`, else $PROPAGATE_DIST, else the repository's dist/
    (when this file is python/PySudoku.py of a built checkout). Returns (path or None, note):
    the note says why a directory that was named is not used."""
    named = dist if dist is not None else os.environ.get("PROPAGATE_DIST")
    if named:
        if os.path.isfile(os.path.join(named, "index.html")):
            return os.path.abspath(named), None
        source = "dist" if dist is not None else "PROPAGATE_DIST"
        return None, "{}={} holds no index.html (build the page with `trunk build --release`)".format(
            source, named
        )
    repo_dist = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "dist")
    if os.path.isfile(os.path.join(repo_dist, "index.html")):
        return os.path.abspath(repo_dist), None
    return None, None


_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}


def header_csp(meta_csp):
    """The Content-Security-Policy header for the page: its meta tag's policy (if any) and
    `frame-ancestors 'none'`, which only a header can give."""
    policy = (meta_csp or "").strip().rstrip(";").strip()
    return "{}; {}".format(policy, FRAME_ANCESTORS) if policy else FRAME_ANCESTORS


def trace_url(port, name):
    """The page's address opening the trace served at /<name>. The `trace` parameter is a path
    relative to the page (docs/trace-format.md), so the name is percent-encoded as a path (`#`,
    `?`, `%` and the rest kept as characters of the name), and that path encoded again as the
    parameter's value."""
    path = urllib.parse.quote(name, safe="")
    return "http://127.0.0.1:{}/?trace={}".format(port, urllib.parse.quote(path, safe=""))


class PageServer:
    """The built page and one trace file, served on 127.0.0.1 at a free port from a thread.

    Every response carries the page's Content-Security-Policy (from dist/index.html's meta tag)
    with `frame-ancestors 'none'` (header_csp). The trace is served at /<its file name>
    (percent-decoded from the request); nothing outside dist/ and that one file is served, and
    directories are not listed.
    """

    def __init__(self, dist, trace_path):
        self.dist = os.path.abspath(dist)
        self.trace_path = os.path.abspath(trace_path)
        self.trace_name = os.path.basename(self.trace_path)
        with open(os.path.join(self.dist, "index.html"), encoding="utf-8") as f:
            self.csp = header_csp(page_csp(f.read()))
        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self.url = trace_url(self.port, self.trace_name)
        self.thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self.thread.start()

    def _handler(self):
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **_TYPES)

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=server.dist, **kwargs)

            def translate_path(self, path):
                url_path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
                if url_path == "/" + server.trace_name:
                    return server.trace_path
                return super().translate_path(path)

            def list_directory(self, path):
                self.send_error(404, "Not found")
                return None

            def end_headers(self):
                self.send_header("Content-Security-Policy", server.csp)
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def log_message(self, format, *args):
                pass

        return Handler

    def wait(self):
        """Serves until the server is closed (open_trace closes it on Ctrl-C)."""
        while self.thread.is_alive():
            self.thread.join(0.5)

    def close(self):
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None


def open_trace(trace, trace_path=TRACE_NAME, dist=None, browser=True, wait=True, out=None):
    """Writes `trace` to `trace_path` and opens it on the page.

    With the built page found (see find_dist), serves it and opens the trace's address in the
    browser (unless `browser` is false); with `wait`, serves until Ctrl-C and returns None,
    otherwise returns the running PageServer (close it when done). Without the page, prints the
    trace's path and how to open it, and returns None.
    """
    out = out or sys.stdout

    def say(text):
        print("Propagate: " + text, file=out, flush=True)

    path = _write(trace, trace_path)
    say("wrote the trace of your run ({} steps) to {}".format(len(trace["steps"]), path))
    where, note = find_dist(dist)
    if where is None:
        if note:
            say(note)
        say(
            "to play it, open Propagate's page (`cargo xtask run` in the repository serves it at "
            "http://127.0.0.1:8080/) and choose \"Open trace\" with that file, or drop the file "
            "on the board. To have it opened for you, set PROPAGATE_DIST to the built page's "
            "directory (the repository's dist/) and run again."
        )
        return None
    server = PageServer(where, path)
    try:
        say(
            "serving the page from {} at {}{}".format(
                where, server.url, "; press Ctrl-C to stop." if wait else ""
            )
        )
        if not (browser and webbrowser.open(server.url)):
            say("open that address in a browser to play your run.")
        if not wait:
            return server
        server.wait()
    except KeyboardInterrupt:
        say("stopped.")
    finally:
        if wait:
            server.close()
    return None


def _show(build, trace_path=TRACE_NAME, dist=None):
    """Builds the trace, reports problems in the terminal, and opens it. The course's solution.py
    calls the visualizer inside `try: ... except: print(<a pygame message>)`, which hides any
    error, so errors are printed here before they are raised."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnrecordedChanges)
            trace, why = build()
    except TraceInputError as e:
        print("Propagate: cannot make a trace: {}".format(e), file=sys.stderr, flush=True)
        raise
    for w in caught:
        print("Propagate: note: {}".format(w.message), file=sys.stderr, flush=True)
    if why:
        print("Propagate: the run does not end in a solution: {}".format(why), flush=True)
    try:
        open_trace(trace, trace_path=trace_path, dist=dist)
    except Exception as e:
        print("Propagate: {}: {}".format(type(e).__name__, e), file=sys.stderr, flush=True)
        raise


_MISSING = object()


def play(values, result=_MISSING, history=_MISSING, variant=None, dist=None, trace_path=TRACE_NAME):
    """The course's ``PySudoku.play(values, result, history)``: plays the run recorded in
    ``history`` on Propagate's page (see the module's docstring).

    ``play(list_of_values)``, the older form the course's ``visualize.py`` calls, plays a list of
    values dicts as ``visualize_assignments`` does.
    """
    if result is _MISSING and history is _MISSING and isinstance(values, (list, tuple)):
        return visualize_assignments(values, variant=variant, dist=dist, trace_path=trace_path)
    if result is _MISSING or history is _MISSING:
        raise TypeError("play(values, result, history) takes three arguments")
    _show(lambda: _history_trace(values, result, history, variant), trace_path, dist)


def visualize_assignments(assignments, values=None, variant=None, dist=None, trace_path=TRACE_NAME):
    """The older template's ``visualize_assignments(assignments)``: plays the list of values dicts
    on Propagate's page (see ``trace_from_assignments``)."""
    _show(lambda: _assignments_trace(assignments, values, variant), trace_path, dist)
