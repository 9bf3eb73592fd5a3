#!/usr/bin/env node
// The Interactive Sudoku Solver's side of bench/variants.sh: its own solver (plain JavaScript,
// ../shared/bench/iss, or ISS_DIR) proving each puzzle unique (solutions counted to 2, no
// backtrack cap), timed in-process by CPU time (process.cpuUsage: user + system).
//
//   taskset -c 1 node bench/variants/iss_time.mjs [MS] [REPS] < bench/variants/puzzles.tsv
//
// Reads `name<TAB>kind<TAB>ISS string` lines. Per puzzle: one untimed run (V8 warms up), then
// runs until MS milliseconds of CPU time (default 50) or at most REPS runs (default 1000); each
// run parses the string, builds the solver (SudokuBuilder.build, ISS's preprocessing of the
// constraints) and counts, as tools/lib/solver_analysis.js's runSolve does. Prints
// `name<TAB>solutions<TAB>guesses<TAB>runs<TAB>CPU ms per run<TAB>first solution` per puzzle,
// and a second CPU figure for the search alone (`internal.run`, the build excluded) as a
// seventh column.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ISS = resolve(process.env.ISS_DIR || join(here, '..', '..', '..', 'shared', 'bench', 'iss'));
if (!existsSync(join(ISS, 'js', 'sudoku_parser.js'))) {
  console.error(`iss_time: the Interactive Sudoku Solver is not at ${ISS}: this benchmark needs the peer ` +
    `(../shared/bench/iss beside the repository, or ISS_DIR=/path/to/iss)`);
  process.exit(2);
}
const url = (p) => pathToFileURL(join(ISS, p)).href;
const { ensureGlobalEnvironment } = await import(url('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(url('js/sudoku_parser.js') + self.VERSION_PARAM);
const { SudokuBuilder } = await import(url('js/solver/sudoku_builder.js') + self.VERSION_PARAM);

const [budgetMs = 50, maxReps = 1000] = process.argv.slice(2).map(Number);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** One run: parse, build, count to 2; the search's own CPU time besides. */
function run(text) {
  const constraint = SudokuParser.parseText(text);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const internal = solver._internalSolver;
  let first = null;
  const t0 = cpuMs();
  internal.run({ maxSolutions: 2 }, (grid) => {
    if (!first) first = Array.from(grid.slice(0, 81), (v) => 32 - Math.clz32(v)).join('');
  });
  const searchMs = cpuMs() - t0;
  return { solutions: internal.counters.solutions, guesses: internal.counters.guesses, first, searchMs };
}

const lines = readFileSync(0, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
for (const line of lines) {
  const [name, , text] = line.split('\t');
  let r;
  try {
    r = run(text);
  } catch (e) {
    console.log([name, 'refused', 0, 0, 0, String(e.message).slice(0, 80), 0].join('\t'));
    continue;
  }
  let runs = 0;
  let search = 0;
  const t0 = cpuMs();
  while (runs < maxReps && cpuMs() - t0 < budgetMs) {
    search += run(text).searchMs;
    runs++;
  }
  const ms = (cpuMs() - t0) / runs;
  console.log([name, r.solutions, r.guesses, runs, ms.toFixed(4), r.first ?? '-', (search / runs).toFixed(4)].join('\t'));
}
