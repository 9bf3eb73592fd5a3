"""Writing the trace and opening it: the server on 127.0.0.1 over a fake dist/, play() in
process, and a learner's `python3 solution.py` run in a directory of its own."""

import http.client
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
import urllib.error
import urllib.parse
import urllib.request
from unittest import mock

from helpers import BOXES, MODULE_PATH, PySudoku, replay
import course_files
from course_files import DIAGONAL, EASY

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self'; connect-src 'self'; object-src 'none'"
)
# What PySudoku's server sends: the meta tag's policy and the directive a meta tag cannot carry,
# which keeps other sites from framing the page.
HEADER_CSP = CSP + "; frame-ancestors 'none'"
INDEX = textwrap.dedent(
    """\
    <!doctype html>
    <html><head>
      <meta charset="utf-8" />
      <meta http-equiv="Content-Security-Policy"
            content="{}" />
    </head><body>fake page</body></html>
    """
).format(CSP.replace("; ", ";\n                     "))


def make_dist(parent):
    """A fake built page: index.html with a multi-line CSP meta tag, a module, a wasm file and a
    folder, plus a file beside dist/ that must not be served."""
    dist = os.path.join(parent, "dist")
    os.makedirs(os.path.join(dist, "www", "app"))
    with open(os.path.join(dist, "index.html"), "w") as f:
        f.write(INDEX)
    with open(os.path.join(dist, "www", "app", "main.js"), "w") as f:
        f.write("export {};\n")
    with open(os.path.join(dist, "solver-wasm_bg.wasm"), "wb") as f:
        f.write(b"\0asm\1\0\0\0")
    with open(os.path.join(parent, "secret.txt"), "w") as f:
        f.write("not for the page\n")
    return dist


def easy_run(directory):
    utils, solution = course_files.load_project(directory, EASY)
    return utils.grid2values(EASY), solution.solve(EASY), utils.history


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.headers, r.read()


def browser_join(page, reference):
    """The address a browser resolves `reference` to against `page` (the WHATWG URL parser:
    characters a path cannot hold as they are, such as a space, `"`, `<` or letters beyond ASCII,
    are percent-encoded; a `%` is kept as it is)."""
    parts = urllib.parse.urlsplit(urllib.parse.urljoin(page, reference))
    path = urllib.parse.quote(parts.path, safe="!$%&'()*+,-./:;=@[]^_|~")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


class ServerTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dist = make_dist(self.tmp.name)
        values, result, history = easy_run(self.tmp.name)
        self.trace = PySudoku.trace_from_history(values, result, history)
        self.trace_path = os.path.join(self.tmp.name, "my trace.json")

    def tearDown(self):
        self.tmp.cleanup()

    def test_the_csp_of_the_meta_tag(self):
        self.assertEqual(PySudoku.page_csp(INDEX), CSP)
        with open(os.path.join(os.path.dirname(os.path.dirname(MODULE_PATH)), "index.html")) as f:
            repo_csp = PySudoku.page_csp(f.read())
        self.assertIn("default-src 'self'", repo_csp)
        self.assertIsNone(PySudoku.page_csp("<html><head></head></html>"))

    def test_serves_the_page_and_the_trace_on_127_0_0_1(self):
        out = io.StringIO()
        server = PySudoku.open_trace(
            self.trace, trace_path=self.trace_path, dist=self.dist, browser=False, wait=False, out=out
        )
        try:
            url = urllib.parse.urlsplit(server.url)
            self.assertEqual(url.hostname, "127.0.0.1")
            self.assertNotEqual(url.port, 0)
            self.assertEqual(url.path, "/")
            # The parameter is the trace's path, percent-encoded as a path (docs/trace-format.md).
            self.assertEqual(urllib.parse.parse_qs(url.query), {"trace": ["my%20trace.json"]})
            self.assertIn(server.url, out.getvalue())

            status, headers, body = fetch(server.url)
            self.assertEqual(status, 200)
            self.assertEqual(body.decode(), INDEX)
            self.assertEqual(headers["Content-Security-Policy"], HEADER_CSP)
            self.assertTrue(headers["Content-Type"].startswith("text/html"))

            trace_url = urllib.parse.urljoin(server.url, urllib.parse.quote("my trace.json"))
            status, headers, body = fetch(trace_url)
            self.assertEqual(json.loads(body), self.trace)
            self.assertEqual(headers["Content-Type"], "application/json")
            self.assertEqual(headers["Content-Security-Policy"], HEADER_CSP)

            base = "http://127.0.0.1:%d" % server.port
            self.assertEqual(fetch(base + "/www/app/main.js")[1]["Content-Type"], "text/javascript; charset=utf-8")
            self.assertEqual(fetch(base + "/solver-wasm_bg.wasm")[1]["Content-Type"], "application/wasm")
            for path in ("/www/", "/missing.json"):
                with self.subTest(path=path), self.assertRaises(urllib.error.HTTPError) as cm:
                    fetch(base + path)
                self.assertEqual(cm.exception.code, 404)
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            for path in ("/../secret.txt", "/%2e%2e/secret.txt"):
                conn.request("GET", path)
                response = conn.getresponse()
                self.assertNotIn(b"not for the page", response.read())
                self.assertEqual(response.status, 404, path)
            conn.close()
        finally:
            server.close()
        with self.assertRaises(OSError):
            fetch(server.url)

    def test_names_that_need_encoding_reach_the_trace(self):
        # The page reads `?trace=` as a path relative to itself and resolves it as a browser
        # does (www/app/open-trace.js, `new URL(param, page)`): a name with `%`, `#`, `?`, `&`, `+`
        # or letters beyond ASCII must survive both the query and the path.
        for name in ("run 100%.json", "my#run?.json", "a&b=c+d;e.json", "r\u00e9sum\u00e9 %41.json"):
            with self.subTest(name=name):
                path = os.path.join(self.tmp.name, name)
                server = PySudoku.open_trace(
                    self.trace, trace_path=path, dist=self.dist, browser=False, wait=False,
                    out=io.StringIO(),
                )
                try:
                    param = urllib.parse.parse_qs(urllib.parse.urlsplit(server.url).query)["trace"]
                    self.assertEqual(len(param), 1, server.url)
                    status, headers, body = fetch(browser_join(server.url, param[0]))
                    self.assertEqual(status, 200)
                    self.assertEqual(json.loads(body), self.trace)
                finally:
                    server.close()

    def test_a_page_without_a_policy_is_still_not_framed(self):
        with open(os.path.join(self.dist, "index.html"), "w") as f:
            f.write("<!doctype html><title>no policy</title>")
        server = PySudoku.open_trace(
            self.trace, trace_path=self.trace_path, dist=self.dist, browser=False, wait=False,
            out=io.StringIO(),
        )
        try:
            self.assertEqual(fetch(server.url)[1]["Content-Security-Policy"], "frame-ancestors 'none'")
        finally:
            server.close()

    def test_play_opens_the_browser_on_the_trace(self):
        values, result, history = easy_run(self.tmp.name)
        seen = {}

        def browser(url):
            seen["url"] = url
            seen["page"] = fetch(url)
            seen["trace"] = json.loads(fetch(urllib.parse.urljoin(url, "propagate-trace.json"))[2])
            return True

        cwd = os.getcwd()
        os.chdir(self.tmp.name)
        out = io.StringIO()
        try:
            with mock.patch.dict(os.environ, {"PROPAGATE_DIST": self.dist}), mock.patch.object(
                PySudoku.webbrowser, "open", browser
            ), mock.patch.object(PySudoku.PageServer, "wait", PySudoku.PageServer.close), mock.patch.object(
                sys, "stdout", out
            ):
                PySudoku.play(values, result, history)
        finally:
            os.chdir(cwd)
        self.assertRegex(seen["url"], r"^http://127\.0\.0\.1:\d+/\?trace=propagate-trace\.json$")
        self.assertEqual(seen["page"][1]["Content-Security-Policy"], HEADER_CSP)
        self.assertEqual(seen["trace"], PySudoku.trace_from_history(values, result, history))
        self.assertIn(" at %s; press Ctrl-C to stop." % seen["url"], out.getvalue())
        self.assertNotIn("open that address", out.getvalue())
        with open(os.path.join(self.tmp.name, "propagate-trace.json")) as f:
            self.assertEqual(json.load(f), seen["trace"])

    def test_a_named_dist_without_the_page_is_reported(self):
        out = io.StringIO()
        missing = os.path.join(self.tmp.name, "nowhere")
        with mock.patch.dict(os.environ, {"PROPAGATE_DIST": missing}):
            self.assertIsNone(PySudoku.open_trace(self.trace, trace_path=self.trace_path, out=out))
        self.assertIn("PROPAGATE_DIST=%s holds no index.html" % missing, out.getvalue())
        self.assertIn('"Open trace"', out.getvalue())
        with open(self.trace_path) as f:
            self.assertEqual(json.load(f), self.trace)


# The older template's visualize.py: keeps the snapshots that add a solved box, then calls
# PySudoku.play with that one list.
VISUALIZE_PY = """
from PySudoku import play

def visualize_assignments(assignments):
    last = None
    kept = []
    for values in assignments:
        if last:
            before = set((b, v) for b, v in last.items() if len(v) == 1)
            now = set((b, v) for b, v in values.items() if len(v) == 1)
            if len(before & now) < len(now):
                kept.append(values)
        last = values
    play(kept)
"""


class OlderTemplateTest(unittest.TestCase):
    def test_the_course_visualize_py_calls_play_with_one_list(self):
        with tempfile.TemporaryDirectory() as d:
            utils, solution = course_files.load_project(d, EASY)
            solution.solve(EASY)
            with open(os.path.join(d, "visualize.py"), "w") as f:
                f.write(VISUALIZE_PY)
            sys.path.insert(0, d)
            cwd = os.getcwd()
            os.chdir(d)
            out = io.StringIO()
            try:
                sys.modules.pop("visualize", None)
                import visualize
                with mock.patch.dict(os.environ, {"PROPAGATE_DIST": os.path.join(d, "none")}), \
                        mock.patch.object(sys, "stdout", out):
                    visualize.visualize_assignments(utils.assignments)
                    with open("propagate-trace.json") as f:
                        via_course = json.load(f)
                    PySudoku.visualize_assignments(utils.assignments)
                    with open("propagate-trace.json") as f:
                        direct = json.load(f)
            finally:
                os.chdir(cwd)
                sys.path.remove(d)
                sys.modules.pop("visualize", None)
            states = replay(self, via_course)
            self.assertEqual(states[-1], utils.assignments[-1])
            self.assertEqual(direct, PySudoku.trace_from_assignments(utils.assignments))
            self.assertEqual(states[-1], dict(zip(BOXES, via_course["outcome"]["solution"])))
            self.assertEqual(out.getvalue().count('"Open trace"'), 2)
        with self.assertRaises(TypeError):
            PySudoku.play({}, None)


class LearnerRunTest(unittest.TestCase):
    """`python3 solution.py` in a learner's directory holding the course's files and this one."""

    def run_solution(self, directory, env_extra=None, grid=DIAGONAL, diagonal=True):
        # The project sits one level down, so the dist/ beside it (PySudoku's own guess for a
        # checkout) is the temporary directory's, which holds no page.
        directory = os.path.join(directory, "project")
        os.mkdir(directory)
        course_files.write_project(directory, grid, diagonal=diagonal)
        shutil.copy(MODULE_PATH, directory)
        env = {k: v for k, v in os.environ.items() if k not in ("PROPAGATE_DIST", "BROWSER")}
        env.update(env_extra or {})
        done = subprocess.run(
            [sys.executable, "solution.py"], cwd=directory, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120,
        )
        return directory, done

    def test_without_the_page_it_prints_the_path_and_how_to_open_it(self):
        with tempfile.TemporaryDirectory() as d:
            project, done = self.run_solution(d)
            self.assertEqual(done.returncode, 0, done.stderr)
            path = os.path.join(os.path.realpath(project), "propagate-trace.json")
            self.assertIn("to " + path, done.stdout)
            self.assertIn('"Open trace"', done.stdout)
            self.assertNotIn("pygame", done.stdout)
            with open(path) as f:
                trace = json.load(f)
            states = replay(self, trace)
            self.assertEqual(trace["variant"], "diagonal")
            self.assertEqual("".join(states[-1][b] for b in BOXES), trace["outcome"]["solution"])

    def test_with_the_page_it_serves_until_interrupted(self):
        # BROWSER names the command webbrowser runs: a script that fetches the page and the trace
        # as a browser would, writes what it got (or the error of a fetch that failed), and then,
        # in every case, presses Ctrl-C on the learner's process, so that a failed fetch ends
        # the run at once with its error instead of leaving the server to the test's timeout.
        with tempfile.TemporaryDirectory() as d:
            dist = make_dist(d)
            fetcher = os.path.join(d, "fake_browser.py")
            with open(fetcher, "w") as f:
                f.write(textwrap.dedent(
                    """\
                    import os, signal, sys, traceback, urllib.parse, urllib.request
                    url, seen = sys.argv[1], sys.argv[2]
                    result = b"error\\nthe fetches did not finish"
                    try:
                        page = urllib.request.urlopen(url, timeout=40)
                        page.read()
                        name = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["trace"][0]
                        address = urllib.parse.urljoin(url, name)
                        trace = urllib.request.urlopen(address, timeout=40).read()
                        result = b"ok\\n" + page.headers["Content-Security-Policy"].encode() + b"\\n" + trace
                    except BaseException:
                        result = b"error\\n" + traceback.format_exc().encode()
                    finally:
                        with open(seen, "wb") as out:
                            out.write(result)
                        os.kill(os.getppid(), signal.SIGINT)
                    """
                ))
            seen = os.path.join(d, "seen.txt")
            browser = "%s %s %%s %s" % (sys.executable, fetcher, seen)
            project, done = self.run_solution(d, {"PROPAGATE_DIST": dist, "BROWSER": browser})
            with open(seen, "rb") as f:
                status, got = f.read().split(b"\n", 1)
            self.assertEqual(status, b"ok", "the fake browser's fetches failed: " + got.decode())
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("press Ctrl-C to stop.", done.stdout)
            self.assertIn("Propagate: stopped.", done.stdout)
            self.assertNotIn("pygame", done.stdout)
            csp, trace = got.split(b"\n", 1)
            self.assertEqual(csp.decode(), HEADER_CSP)
            with open(os.path.join(project, "propagate-trace.json"), "rb") as f:
                self.assertEqual(json.loads(trace), json.load(f))

    def test_a_bad_history_is_reported_before_the_course_hides_it(self):
        with tempfile.TemporaryDirectory() as d:
            course_files.write_project(d, EASY)
            with open(os.path.join(d, "solution.py"), "a") as f:
                f.write("\n")
            with open(os.path.join(d, "solution.py")) as f:
                text = f.read()
            text = text.replace(
                "PySudoku.play(grid2values(GRID), result, history)",
                "PySudoku.play(grid2values(GRID), result, {k: (v[0], ('Z9', '1')) for k, v in history.items()})",
            )
            with open(os.path.join(d, "solution.py"), "w") as f:
                f.write(text)
            shutil.copy(MODULE_PATH, d)
            done = subprocess.run(
                [sys.executable, "solution.py"], cwd=d, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, universal_newlines=True, timeout=120,
            )
            self.assertIn("Propagate: cannot make a trace: history[", done.stderr)
            self.assertIn("assigns to 'Z9', which is not a box", done.stderr)
            self.assertFalse(os.path.exists(os.path.join(d, "propagate-trace.json")))


if __name__ == "__main__":
    unittest.main()
