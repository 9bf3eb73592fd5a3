//! The real `propagate` binary, end to end: the seed documents' printed results come out of it
//! exactly as the seeds print them (fixtures shared with solver-core's golden tests), and the
//! line-by-line behaviour of `solve` on good, skipped and bad input.

mod common;

use common::propagate;
use std::process::Output;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const HARDER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY_382: &str =
    "483.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.382";
const DIAGONAL: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
const DIAGONAL_SOLUTION: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";
/// top95.txt line 21: 239 search nodes with all three strategies.
const DEEP: &str =
    ".98.1....2......6.............3.2.5..84.........6.........4.8.93..5...........1..";
/// Row A holds 1-8 and B9 is 9, so A9 has no candidate: no solution.
const NO_SOLUTION: &str =
    "12345678.........9...............................................................";
const COURSE: &str = "eliminate,only-choice";
/// The default strategies, given by name: `solve` then answers with the course's search.
const DEFAULT: &str = "eliminate,only-choice,naked-twins";

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Runs and expects success; returns stdout.
fn ok(args: &[&str], stdin: &str) -> String {
    let o = propagate(args, stdin);
    assert!(
        o.status.success(),
        "propagate {args:?} failed: {}",
        stderr(&o)
    );
    stdout(&o)
}

/// Runs `propagate` and checks it refuses its command line (exit status 2) with a message that
/// contains `needle`.
fn usage_error(args: &[&str], stdin: &str, needle: &str) {
    let o = propagate(args, stdin);
    assert_eq!(o.status.code(), Some(2), "propagate {args:?}");
    assert!(stderr(&o).contains(needle), "{}", stderr(&o));
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../solver-core/tests/golden/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn puzzles(name: &str) -> String {
    format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The course's `display` blocks in a fixture: 9 rows and 2 dash lines each, `\n`-terminated.
fn blocks(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains('|') || l.starts_with('-'))
        .collect();
    assert_eq!(lines.len() % 11, 0, "a fixture holds whole boards");
    lines
        .chunks(11)
        .map(|b| b.iter().map(|l| format!("{l}\n")).collect())
        .collect()
}

fn block(name: &str, i: usize) -> String {
    blocks(&fixture(name)).swap_remove(i)
}

/// The 81 digits of a printed solved board.
fn digits_of(board: &str) -> String {
    board.chars().filter(|c| c.is_ascii_digit()).collect()
}

// ---- apply: the seeds' printed boards -------------------------------------------------------

#[test]
fn seed_004_apply_eliminate_prints_the_second_board() {
    let want = block("004_display_grid_and_eliminate.txt", 1);
    assert_eq!(ok(&["apply", "eliminate", EASY_382], ""), want);
}

#[test]
fn seed_004_the_printed_grid_reads_back_and_chains() {
    // The first board is the candidate grid the seed printed for EASY_382 (`123456789` for an
    // empty box); fed back in on stdin it gives the seed's eliminate board, and that board fed
    // to only-choice gives the seed's next board.
    let shown = block("004_display_grid_and_eliminate.txt", 0);
    let eliminated = block("004_display_grid_and_eliminate.txt", 1);
    assert_eq!(ok(&["apply", "eliminate"], &shown), eliminated);
    let only_choice = block("004_display_eliminate_and_only_choice.txt", 1);
    assert_eq!(ok(&["apply", "only-choice"], &eliminated), only_choice);
}

#[test]
fn seed_002_apply_reduce_stalls_on_the_harder_grid() {
    let want = fixture("002_display_reduce_harder.txt");
    let want = blocks(&want).swap_remove(0);
    let got = ok(&["apply", "reduce", "--strategies", COURSE, HARDER], "");
    assert_eq!(got, want);
}

#[test]
fn seed_002_eliminate_twice_through_a_pipe_of_line_output() {
    let once = ok(&["apply", "eliminate", "--line", EASY], "");
    assert_eq!(once.lines().count(), 1);
    assert_eq!(once.split_whitespace().count(), 81);
    let twice = ok(&["apply", "eliminate"], &once);
    assert_eq!(twice, block("002_display_eliminate_twice.txt", 0));
}

#[test]
fn seed_000_reduce_solves_the_easy_grid() {
    let want = block("000_display_reduce_easy.txt", 0);
    assert_eq!(
        ok(&["apply", "reduce", "--strategies", COURSE, EASY], ""),
        want
    );
    // Naked twins (the default adds it) cannot change a solved board.
    assert_eq!(ok(&["apply", "reduce", EASY], ""), want);
}

#[test]
fn seed_004_reduce_of_the_display_layout_with_dots() {
    let shown = block("004_display_grid_and_reduce.txt", 0);
    let reduced = block("004_display_grid_and_reduce.txt", 1);
    assert_eq!(
        ok(&["apply", "reduce", "--strategies", COURSE], &shown),
        reduced
    );
}

#[test]
fn apply_line_and_display_hold_the_same_fields() {
    let display = ok(&["apply", "eliminate", EASY_382], "");
    let line = ok(&["apply", "eliminate", "--line", EASY_382], "");
    let from_display: Vec<&str> = display
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|f| !f.is_empty() && !f.starts_with('-'))
        .collect();
    let from_line: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(from_display, from_line);
    assert_eq!(from_line[0], "4");
    assert_eq!(from_line[5], "17");
}

#[test]
fn apply_naked_twins_removes_the_twins_digits_from_their_unit() {
    // Row A: A1 and A2 are twins on 12, so A3 loses 1 and 2; column 1 and the square lose them
    // too only where the twins share those units (the square A1-C3 here).
    let mut fields = vec!["."; 81];
    fields[0] = "12";
    fields[1] = "12";
    let grid = fields.join(" ");
    let out = ok(&["apply", "naked-twins", "--line", &grid], "");
    let got: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(&got[..3], ["12", "12", "3456789"]);
    assert_eq!(got[8], "3456789", "A9, in row A");
    assert_eq!(got[9], "3456789", "B1, in the square");
    assert_eq!(
        got[27], "123456789",
        "D1 shares only column 1 with one twin"
    );
}

#[test]
fn apply_reports_a_contradiction_and_fails() {
    // A2 can be 1 or 2, but A1 is 1 and A3 is 2: eliminate empties A2.
    let mut fields = vec!["."; 81];
    fields[0] = "1";
    fields[1] = "12";
    fields[2] = "2";
    let o = propagate(&["apply", "eliminate", &fields.join(" ")], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o).trim(),
        "error: eliminate: contradiction: A2 has no candidates left"
    );
    // No box of row A may hold 9: the no-place rung says so (the course's only choice passes
    // over it).
    let row_a = ["12345678"; 9].join(" ") + &" .".repeat(72);
    let o = propagate(&["apply", "no-place", &row_a], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        "error: no-place: contradiction: 9 fits nowhere in row A"
    );
    assert!(propagate(&["apply", "only-choice", &row_a], "")
        .status
        .success());
}

#[test]
fn apply_refuses_bad_input_and_misplaced_flags() {
    let o = propagate(&["apply", "eliminate", "12x"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("error: invalid character 'x'"),
        "{}",
        stderr(&o)
    );
    usage_error(
        &["apply", "eliminate", "--strategies", "eliminate", EASY],
        "",
        "--strategies applies to `reduce` only",
    );
}

#[test]
fn apply_diagonal_eliminates_along_the_diagonals() {
    // A1 = 2; in diagonal mode F6 is its peer and loses 2 (no standard peer of F6 is a 2).
    let standard = ok(&["apply", "eliminate", "--line", DIAGONAL], "");
    let diagonal = ok(
        &["apply", "eliminate", "--line", "--diagonal", DIAGONAL],
        "",
    );
    let s: Vec<&str> = standard.split_whitespace().collect();
    let d: Vec<&str> = diagonal.split_whitespace().collect();
    assert!(
        s[50].contains('2'),
        "F6 keeps 2 in standard mode: {}",
        s[50]
    );
    assert!(
        !d[50].contains('2'),
        "F6 loses 2 in diagonal mode: {}",
        d[50]
    );
}

// ---- solve ----------------------------------------------------------------------------------

#[test]
fn solve_prints_the_seeds_solutions() {
    let easy = digits_of(&block("000_display_reduce_easy.txt", 0));
    assert_eq!(ok(&["solve", EASY], ""), format!("{easy}\n"));
    let harder = digits_of(&block("002_display_search_harder.txt", 0));
    assert_eq!(ok(&["solve", HARDER], ""), format!("{harder}\n"));
    // Seed 004's diagonal-free example, given in its display layout.
    let shown = block("004_display_grid_and_solution.txt", 0);
    let solution = digits_of(&block("004_display_grid_and_solution.txt", 1));
    assert_eq!(ok(&["solve", &shown], ""), format!("{solution}\n"));
}

#[test]
fn solve_diagonal_example() {
    let out = ok(&["solve", "--diagonal", DIAGONAL], "");
    assert_eq!(out, format!("{DIAGONAL_SOLUTION}\n"));
    // Without the diagonals the first solution found is another one.
    let standard = ok(&["solve", DIAGONAL], "");
    assert_eq!(standard.trim().len(), 81);
    assert_ne!(standard.trim(), DIAGONAL_SOLUTION);
    // With --count the diagonal solution is unique.
    assert_eq!(
        ok(&["solve", "--diagonal", "--count", DIAGONAL], ""),
        format!("{DIAGONAL_SOLUTION} 1\n")
    );
}

#[test]
fn solve_stdin_skips_blank_and_comment_lines_reports_bad_ones_and_goes_on() {
    let input = format!(
        "# a comment\n{EASY}\n\n{}\n  \n x{}\r\n{HARDER}\r\n   # indented comment\n",
        &EASY[..80],
        &EASY[1..]
    );
    let o = propagate(&["solve"], &input);
    assert_eq!(o.status.code(), Some(1), "a bad line makes the run fail");
    let harder = digits_of(&block("002_display_search_harder.txt", 0));
    assert_eq!(stdout(&o), format!("{EASY_SOLUTION}\n{harder}\n"));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_eq!(lines[0], "error: line 4: expected 81 boxes, found 80");
    assert!(
        lines[1].starts_with("error: line 6: invalid character 'x' at line 6, column 2 (box A1)"),
        "{}",
        lines[1]
    );
}

#[test]
fn solve_stdin_survives_huge_lines_unicode_and_control_characters() {
    let huge = ".".repeat(2_000_000);
    let unicode = format!("é{}", &EASY[1..]);
    let control = format!("{}\u{1}", &EASY[..80]);
    let input = format!("{huge}\n{unicode}\n{control}\n{EASY}");
    let o = propagate(&["solve"], &input);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        format!("{EASY_SOLUTION}\n"),
        "the good line still solves"
    );
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with("error: line 1: input is too long: more than 100000 bytes"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("error: line 2: invalid character 'é' at line 2, column 1 (box A1)"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2]
            .starts_with("error: line 3: invalid character '\\u{1}' at line 3, column 81 (box I9)"),
        "{}",
        lines[2]
    );
}

#[test]
fn solve_stdin_with_only_good_lines_succeeds() {
    let o = propagate(&["solve"], &format!("{EASY}\n{HARDER}"));
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().count(), 2);
    assert_eq!(stderr(&o), "");
    // Empty input: nothing to do, nothing wrong.
    let o = propagate(&["solve"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
}

#[test]
fn solve_a_bad_argument_fails_without_a_line_number() {
    let o = propagate(&["solve", "123"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim(), "error: expected 81 boxes, found 3");
    // A1 = 3 repeats A3's 3.
    let o = propagate(&["solve", &format!("3{}", &EASY[1..])], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o).trim(),
        "error: givens conflict: A1 and A3 are both 3 in row A"
    );
}

#[test]
fn solve_count_tells_unique_several_and_none() {
    let empty = ".".repeat(81);
    let input = format!("{EASY}\n{empty}\n{NO_SOLUTION}\n");
    let out = ok(&["solve", "--count"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], format!("{EASY_SOLUTION} 1"));
    let (grid, count) = lines[1].split_once(' ').unwrap();
    assert_eq!((grid.len(), count), (81, "2"));
    assert_eq!(lines[2], "no solution 0");
    // Without --count there is no suffix.
    let out = ok(&["solve"], &input);
    assert_eq!(out.lines().nth(2), Some("no solution"));
    assert_eq!(out.lines().next(), Some(EASY_SOLUTION));
}

#[test]
fn solve_stats_show_the_seed_003_instances_with_and_without_pruning() {
    // Seed 003: the easy solution with A7, B8, E6 and I9 emptied takes 1 search node with
    // pruning and 4227 without.
    let mut nearly: Vec<char> = EASY_SOLUTION.chars().collect();
    for i in [6, 16, 41, 80] {
        nearly[i] = '.';
    }
    let nearly: String = nearly.into_iter().collect();
    let pruned = ok(&["solve", "--stats", "--strategies", DEFAULT, &nearly], "");
    let (answer, stats) = pruned.trim_end().split_once('\t').unwrap();
    assert_eq!(answer, EASY_SOLUTION);
    assert!(
        stats.starts_with("nodes=1 guesses=0 backtracks=0 max_depth=0 "),
        "{stats}"
    );
    // --stats counts the steps each strategy made (on the traced path's code).
    assert!(!stats.contains(" eliminate=0 "), "{stats}");
    let pure = ok(&["solve", "--stats", "--strategies", "none", &nearly], "");
    let (answer, stats) = pure.trim_end().split_once('\t').unwrap();
    assert_eq!(answer, EASY_SOLUTION);
    assert!(stats.starts_with("nodes=4227 guesses=4226 "), "{stats}");
    assert!(
        stats.contains(" eliminate=0 only_choice=0 ")
            && stats.contains(" naked_twins=0 ")
            && stats.ends_with(" engine=course"),
        "{stats}"
    );
}

#[test]
fn solve_stats_fields_are_named_and_numeric() {
    let out = ok(
        &["solve", "--stats", "--count", "--strategies", DEFAULT, DEEP],
        "",
    );
    let (answer, stats) = out.trim_end().split_once('\t').unwrap();
    assert!(answer.ends_with(" 1"), "{answer}");
    let (counts, engine) = stats.rsplit_once(' ').unwrap();
    assert_eq!(engine, "engine=course");
    let keys: Vec<&str> = counts
        .split(' ')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            v.parse::<u64>().unwrap();
            k
        })
        .collect();
    // The search effort, then each registry strategy's steps.
    let registry = solver_core::registry::REGISTRY.iter().map(|s| s.id);
    let want: Vec<&str> = ["nodes", "guesses", "backtracks", "max_depth"]
        .into_iter()
        .chain(registry)
        .collect();
    assert_eq!(keys, want);
    assert_eq!(&keys[4..6], ["eliminate", "only_choice"]);
    assert!(stats.starts_with("nodes=421 "), "{stats}");
    // Without --strategies the verdict engine answers, with the same answer and fewer nodes.
    let out = ok(&["solve", "--stats", "--count", DEEP], "");
    let (verdict, stats) = out.trim_end().split_once('\t').unwrap();
    assert_eq!(verdict, answer);
    let nodes = stats.strip_prefix("nodes=").unwrap();
    let (nodes, engine) = nodes.split_once(' ').unwrap();
    assert!(nodes.parse::<u64>().unwrap() < 421, "{stats}");
    assert_eq!(engine, "engine=verdict");
}

#[test]
fn solve_reports_a_cap_not_a_verdict() {
    // The course's search, capped at 10 of its 239 nodes.
    let course = ["solve", "--strategies", DEFAULT, "--max-nodes", "10"];
    let o = propagate(&[&course[..], &[DEEP]].concat(), "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "capped: nodes 10\n");
    let o = propagate(
        &[&course[..], &["--count"]].concat(),
        &format!("{DEEP}\n{EASY}\n"),
    );
    assert_eq!(stdout(&o), format!("capped: nodes 10\n{EASY_SOLUTION} 1\n"));
    // The verdict engine needs more than one node for DEEP; the empty grid's count needs more
    // nodes than its first solution.
    let o = propagate(&["solve", "--max-nodes", "1", DEEP], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "capped: nodes 1\n");
    let empty = ".".repeat(81);
    let first = ok(&["solve", "--stats", &empty], "");
    let nodes = first
        .split("nodes=")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let o = propagate(&["solve", "--count", "--max-nodes", nodes, &empty], "");
    let (grid, rest) = stdout(&o)
        .split_once(' ')
        .map(|(g, r)| (g.to_string(), r.to_string()))
        .unwrap();
    assert_eq!(grid.len(), 81);
    assert_eq!(rest, format!("capped: nodes {nodes}\n"));
}

#[test]
fn solve_max_nodes_0_still_visits_the_root() {
    // docs/limits.md: the root is always visited, so a puzzle that propagation alone solves or
    // refutes gets its verdict under either engine, even with --max-nodes 0.
    for engine in [&[][..], &["--strategies", DEFAULT][..]] {
        let args = |grid| {
            [
                &["solve", "--count", "--max-nodes", "0"][..],
                engine,
                &[grid],
            ]
            .concat()
        };
        let o = propagate(&args(EASY), "");
        assert_eq!(stdout(&o), format!("{EASY_SOLUTION} 1\n"), "{engine:?}");
        let o = propagate(&args(NO_SOLUTION), "");
        assert_eq!(stdout(&o), "no solution 0\n", "{engine:?}");
        // A puzzle that needs a guess is capped.
        let o = propagate(&args(DEEP), "");
        assert_eq!(stdout(&o), "capped: nodes 0\n", "{engine:?}");
    }
}

#[test]
fn solve_engines_agree_on_the_puzzle_sets() {
    for set in ["top95.txt", "hardest.txt", "easy50.txt"] {
        let input = std::fs::read_to_string(puzzles(set)).unwrap();
        let verdict = ok(&["solve", "--count"], &input);
        let course = ok(&["solve", "--count", "--strategies", DEFAULT], &input);
        assert_eq!(verdict, course, "{set}");
        assert!(verdict.lines().all(|l| l.ends_with(" 1")), "{set}");
    }
}

#[test]
fn solve_on_every_core_keeps_input_order_and_per_line_errors() {
    // More lines than are answered one by one before threads start, with bad ones among them.
    let mut input = String::new();
    let magictour = std::fs::read_to_string(puzzles("magictour_top1465.txt")).unwrap();
    for (i, line) in magictour.lines().enumerate() {
        input.push_str(line);
        input.push('\n');
        if i % 500 == 250 {
            input.push_str(&line[..80]);
            input.push('\n');
        }
    }
    let one = propagate(&["solve", "--count", "--threads", "1"], &input);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(stdout(&one).lines().count(), 1465);
    assert_eq!(stderr(&one).lines().count(), 3, "{}", stderr(&one));
    for threads in [&["--threads", "2"][..], &["--threads", "3"][..], &[][..]] {
        let many = propagate(&[&["solve", "--count"][..], threads].concat(), &input);
        assert_eq!(many.status.code(), Some(1));
        assert_eq!(stdout(&many), stdout(&one), "{threads:?}");
        assert_eq!(stderr(&many), stderr(&one), "{threads:?}");
    }
    let o = propagate(&["solve", "--threads", "0", EASY], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn solve_refuses_unknown_strategies() {
    usage_error(
        &["solve", "--strategies", "kraken", EASY],
        "",
        "unknown strategy 'kraken'",
    );
}

// ---- trace ----------------------------------------------------------------------------------

fn trace_json(args: &[&str], stdin: &str) -> serde_json::Value {
    serde_json::from_str(&ok(args, stdin)).expect("the trace is JSON")
}

#[test]
fn trace_has_the_documented_top_level_fields() {
    let t = trace_json(&["trace", EASY], "");
    let obj = t.as_object().unwrap();
    for field in [
        "format",
        "variant",
        "strategies",
        "units",
        "initial",
        "steps",
        "outcome",
        "stats",
    ] {
        assert!(obj.contains_key(field), "missing {field}");
    }
    assert_eq!(t["format"], 4);
    assert_eq!(t["variant"], "standard");
    assert_eq!(t["units"].as_array().unwrap().len(), 27);
    assert_eq!(t["initial"].as_array().unwrap().len(), 81);
    assert_eq!(t["outcome"]["verdict"], "solved");
    assert_eq!(t["outcome"]["solution"], EASY_SOLUTION);
    assert_eq!(t["outcome"]["solutions"], 1);
    assert_eq!(
        t["strategies"],
        serde_json::json!(["eliminate", "only_choice", "naked_twins"])
    );
    assert!(!t["steps"].as_array().unwrap().is_empty());
}

#[test]
fn trace_follows_the_flags_and_stdin() {
    let t = trace_json(
        &[
            "trace",
            "--diagonal",
            "--strategies",
            "eliminate",
            "--pretty",
        ],
        DIAGONAL,
    );
    assert_eq!(t["variant"], "diagonal");
    assert_eq!(t["units"].as_array().unwrap().len(), 29);
    assert_eq!(t["strategies"], serde_json::json!(["eliminate"]));
    assert_eq!(t["outcome"]["solution"], DIAGONAL_SOLUTION);
    let steps = t["steps"].as_array().unwrap();
    assert!(steps.iter().all(
        |s| ["eliminate", "stop", "guess", "backtrack"].contains(&s["kind"].as_str().unwrap())
    ));
    // The trace's search effort is the untraced solve's.
    let solved = ok(
        &[
            "solve",
            "--stats",
            "--diagonal",
            "--strategies",
            "eliminate",
            DIAGONAL,
        ],
        "",
    );
    let nodes = t["stats"]["nodes"].as_u64().unwrap();
    assert!(
        solved.contains(&format!("\tnodes={nodes} ")),
        "{solved} vs {nodes}"
    );
}

#[test]
fn trace_of_no_solution_and_of_bad_input() {
    let t = trace_json(&["trace", NO_SOLUTION], "");
    assert_eq!(t["outcome"]["verdict"], "no_solution");
    let o = propagate(&["trace", "1234"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o).trim(), "error: expected 81 boxes, found 4");
}

// ---- bench ----------------------------------------------------------------------------------

#[test]
fn bench_easy50_checks_all_50() {
    let out = ok(&["bench", &puzzles("easy50.txt")], "");
    let row = out
        .lines()
        .find(|l| l.contains("easy50.txt"))
        .unwrap_or_else(|| panic!("no row for the file: {out}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols.len(), 7, "{row}");
    assert_eq!(cols[1], "50");
    assert!(cols[2].parse::<f64>().unwrap() > 0.0, "{row}");
    let nodes: f64 = cols[5].parse().unwrap();
    assert!(nodes >= 1.0, "{row}");
    assert_eq!(cols[6], "50/50");
}

#[test]
fn bench_traced_and_several_files() {
    let out = ok(
        &[
            "bench",
            "--traced",
            &puzzles("easy50.txt"),
            &puzzles("hardest.txt"),
        ],
        "",
    );
    assert!(
        out.starts_with("# propagate bench: traced, standard,"),
        "{out}"
    );
    let rows: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[1].ends_with(" 11/11"), "{}", rows[1]);
}

#[test]
fn bench_reports_failures_and_fails() {
    let path = format!("{}/bench_failures.txt", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        &path,
        format!("{EASY}\n# skip\n{NO_SOLUTION}\n{}\n{DEEP}\n", &EASY[..9]),
    )
    .unwrap();
    let o = propagate(&["bench", "--max-nodes", "10", &path], "");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let row = out
        .lines()
        .find(|l| l.contains("bench_failures.txt"))
        .unwrap();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols[1], "3", "three puzzles parsed: {row}");
    assert_eq!(cols[6], "1/3", "{row}");
    let err = stderr(&o);
    assert!(err.contains("line 3: no solution found"), "{err}");
    assert!(err.contains("line 4: expected 81 boxes, found 9"), "{err}");
    assert!(err.contains("line 5: capped (nodes)"), "{err}");
    // A missing file is reported, and the others still run.
    let o = propagate(
        &["bench", "/nonexistent/puzzles.txt", &puzzles("easy50.txt")],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("/nonexistent/puzzles.txt"));
    assert!(stdout(&o).contains("50/50"));
}

// ---- help -----------------------------------------------------------------------------------

#[test]
fn help_documents_commands_formats_and_defaults() {
    let help = ok(&["--help"], "");
    for needle in [
        "solve",
        "apply",
        "trace",
        "bench",
        "Input formats",
        "candidate grid",
        "display layout",
        "Examples:",
        "eliminate,only-choice,naked-twins",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}");
    }
    let solve = ok(&["help", "solve"], "");
    for needle in [
        "--count",
        "--stats",
        "no solution 0",
        "capped: nodes",
        "[default: eliminate,only-choice,naked-twins]",
    ] {
        assert!(solve.contains(needle), "help solve lacks {needle:?}");
    }
}

#[test]
fn rate_gives_the_hardest_easiest_step_line_by_line() {
    let input = "\
..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3
# a comment
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56
12x
";
    let o = propagate(&["rate"], input);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    // Seed 003's easy puzzle and easy50's 2nd: hidden singles in squares; seed 003's harder
    // puzzle: a pointing is the hardest of its easiest steps.
    assert!(
        lines[0].starts_with("hidden_single_square 1.2 step "),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("hidden_single_square 1.2 step "),
        "{lines:?}"
    );
    let (technique, step) = lines[2].split_once(" step ").unwrap();
    assert_eq!(technique, "pointing 2.6");
    assert!(step.parse::<u32>().unwrap() > 0);
    // top95's 20th needs a forcing rung, the ladder's last resort (7.5 or more).
    let (technique, step) = lines[3].split_once(" step ").unwrap();
    let (id, score) = technique.split_once(' ').unwrap();
    assert!(
        id.ends_with("_forcing_chains") || id.ends_with("forcing_nets"),
        "{lines:?}"
    );
    assert!(score.parse::<f32>().unwrap() >= 7.5, "{lines:?}");
    assert!(step.parse::<u32>().unwrap() > 0);
    assert_eq!(lines.len(), 4);
    assert!(stderr(&o).starts_with("error: line 6: "), "{}", stderr(&o));
}

#[test]
fn rate_walks_with_the_strategies_asked_for() {
    // top95's 4th: Sudoku Explainer's techniques need a WXYZ-wing (5.5); with every rung, the
    // W-wing (a technique Sudoku Explainer lacks) steps first and the hardest is 4.4.
    let top95_4 =
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
    let se = ok(&["rate", top95_4], "");
    assert!(se.starts_with("wxyz_wing 5.5 step "), "{se}");
    let all = ok(&["rate", "--strategies", "all", top95_4], "");
    assert!(all.starts_with("w_wing 4.4 step "), "{all}");
    // The course's rungs stall on it: the search under every strategy rates it.
    let course = ok(
        &["rate", "-s", "eliminate,only-choice,naked-twins", top95_4],
        "",
    );
    assert!(course.starts_with("search "), "{course}");
    // easy50's 2nd needs hidden singles only; with no strategy the walk takes no step.
    let easy = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3";
    let singles = ok(&["rate", "-s", "eliminate,only-choice", easy], "");
    assert!(
        singles.starts_with("hidden_single_square 1.2 step "),
        "{singles}"
    );
    assert_eq!(ok(&["rate", "-s", "none", easy], ""), "search 1\n");
    usage_error(
        &["rate", "-s", "quantum-twins", easy],
        "",
        "unknown strategy 'quantum-twins'",
    );
}

#[test]
fn hint_prints_three_levels_then_the_grid_after_the_step() {
    let o = propagate(&["hint", EASY], "");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "Look for: Hidden single in a square",
            "Where: square A1-C3, digit 6",
            "Only choice: in square A1-C3, 6 fits only in B2, so B2 is 6",
        ]
    );
    // --apply: the grid after the step, in the display layout, which hint reads back.
    let applied = ok(&["hint", "--apply", EASY], "");
    let grid: String = applied.lines().skip(3).map(|l| format!("{l}\n")).collect();
    let b2 = grid
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    assert_eq!(b2, "6");
    let next = ok(&["hint"], &grid);
    assert!(next.starts_with("Look for: "), "{next}");
    assert_ne!(next, out);
}

#[test]
fn hint_points_out_mistakes_before_any_hint() {
    // A1 is 4 in the solution: 5 there is wrong.
    let wrong = format!("5{}", &EASY[1..]);
    let with_givens = ok(&["hint", "--givens", EASY, &wrong], "");
    assert_eq!(
        with_givens,
        "Mistake: A1 disagrees with the puzzle's solution\n"
    );
    let alone = propagate(&["hint", &wrong], "");
    assert_eq!(alone.status.code(), Some(1));
    assert!(stdout(&alone).starts_with("No hint: this grid has no solution"));
    let solved = ok(&["hint", EASY_SOLUTION], "");
    assert_eq!(solved, "Solved: every box holds its digit\n");
}
