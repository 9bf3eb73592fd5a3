//! Bounds on what the CLI holds in memory, run on the real binary: the steps a trace keeps
//! (`--max-steps`, docs/limits.md "Trace memory"), and the length of a line or of standard
//! input, checked before the whole of it is held. The memory ones run under `ulimit -v`, where
//! reading an endless line or recording an unbounded trace aborts.

use std::fs::File;
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// Norvig's impossible puzzle: with eliminate alone, millions of steps before any verdict.
const NORVIG: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
/// The most steps a trace keeps (solver_core::Limits::MAX_STEPS).
const MAX_STEPS: usize = 1_000_000;
/// solver_core::parse::MAX_INPUT.
const MAX_INPUT: usize = 100_000;
/// Virtual memory (KiB) for the runs under `ulimit -v`: far below what an unbounded line or
/// trace takes, far above what a bounded run needs.
const ULIMIT_KB: u32 = 300_000;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_propagate")
}

/// `propagate ARGS` under `ulimit -v`, stdin from `stdin`, stdout piped through `filter` (a
/// shell command) if given; bash's `pipefail` keeps propagate's exit status.
fn limited(args: &[&str], stdin: Stdio, filter: Option<&str>) -> Output {
    let mut script = format!("set -o pipefail; ulimit -v {ULIMIT_KB}; \"$0\" \"$@\"");
    if let Some(f) = filter {
        script.push_str(" | ");
        script.push_str(f);
    }
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .arg(bin())
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run bash")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A sparse file: a line of `zeros` NUL bytes (no disk space used), then `rest`.
fn sparse_file(name: &str, zeros: u64, rest: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("propagate-bounds-{}-{name}", std::process::id()));
    let mut f = File::create(&path).unwrap();
    f.set_len(zeros).unwrap();
    f.seek(SeekFrom::End(0)).unwrap();
    f.write_all(rest.as_bytes()).unwrap();
    path
}

// ---- trace memory (--max-steps) -------------------------------------------------------------

#[test]
fn trace_refuses_max_steps_above_the_bound() {
    for n in ["1000001", "100000000", "18446744073709551615"] {
        let o = Command::new(bin())
            .args([
                "trace",
                "--strategies",
                "eliminate",
                "--max-steps",
                n,
                NORVIG,
            ])
            .output()
            .unwrap();
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "--max-steps {n}: {err}");
        assert!(o.stdout.is_empty(), "--max-steps {n}: no trace is written");
        assert!(
            err.contains("--max-steps") && err.contains(&format!("at most {MAX_STEPS}")),
            "--max-steps {n}: {err}"
        );
    }
}

#[test]
fn trace_at_the_bound_fits_in_bounded_memory() {
    // Eliminate alone on Norvig's puzzle reaches the cap long before a verdict.
    let max = MAX_STEPS.to_string();
    let o = limited(
        &[
            "trace",
            "--strategies",
            "eliminate",
            "--max-steps",
            &max,
            NORVIG,
        ],
        Stdio::null(),
        Some("tail -c 3000"),
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "exit {:?}: {err}", o.status.code());
    assert!(
        out.contains(&format!(
            "\"outcome\":{{\"verdict\":\"capped\",\"limit\":\"steps\",\"max\":{MAX_STEPS}}}"
        )),
        "{out}"
    );
}

// ---- line length on standard input and in files ----------------------------------------------

/// Runs `propagate solve` on /dev/zero (one endless line) under `ulimit -v` and returns its
/// first line on standard error, or None if it said nothing within `wait`; it must then still
/// be running, reading on in constant memory, and is killed.
fn solve_dev_zero(wait: Duration) -> (Option<String>, bool) {
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {ULIMIT_KB}; exec \"$0\" solve"))
        .arg(bin())
        .stdin(File::open("/dev/zero").unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stderr).read_line(&mut line);
        let _ = tx.send(line);
    });
    let first = rx.recv_timeout(wait).ok();
    // Give an abort time to happen before asking whether it is still running.
    std::thread::sleep(Duration::from_millis(500));
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    (first, running)
}

#[test]
fn solve_on_dev_zero_reports_line_1_at_once_in_constant_memory() {
    let (first, running) = solve_dev_zero(Duration::from_secs(20));
    let first = first.expect("an error on standard error");
    assert!(
        first.starts_with(&format!(
            "error: line 1: input is too long: more than {MAX_INPUT} bytes"
        )),
        "{first}"
    );
    assert!(
        running,
        "propagate solve stopped (aborted?) on /dev/zero: {first}"
    );
}

#[test]
fn apply_and_trace_refuse_endless_standard_input_at_once() {
    for args in [
        &["apply", "eliminate"][..],
        &["trace"][..],
        &["apply", "reduce"][..],
    ] {
        let o = limited(args, File::open("/dev/zero").unwrap().into(), None);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(
            err.trim_end(),
            format!(
                "error: standard input is too long: more than {MAX_INPUT} bytes (at most \
                 {MAX_INPUT}); a grid has 81 boxes"
            ),
            "{args:?}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_huge_line_is_reported_by_number_and_the_next_lines_still_solve() {
    // 400 MB of NUL bytes on line 1 (more than ULIMIT_KB), then a comment and a puzzle.
    let path = sparse_file("solve", 400_000_000, &format!("\n# next\n{EASY}\n"));
    let o = limited(&["solve"], File::open(&path).unwrap().into(), None);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(out, format!("{EASY_SOLUTION}\n"));
    assert_eq!(
        err,
        format!(
            "error: line 1: input is too long: more than {MAX_INPUT} bytes (at most {MAX_INPUT}); \
             a grid has 81 boxes\n"
        )
    );

    let b = limited(&["bench", path.to_str().unwrap()], Stdio::null(), None);
    let (out, err) = (text(&b.stdout), text(&b.stderr));
    assert_eq!(b.status.code(), Some(1), "{err}");
    let row = out
        .lines()
        .find(|l| l.contains("propagate-bounds"))
        .unwrap_or_else(|| panic!("{out}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!((cols[1], cols[6]), ("1", "1/1"), "{row}");
    assert!(
        err.contains(&format!(
            ": line 1: input is too long: more than {MAX_INPUT} bytes"
        )),
        "{err}"
    );
    std::fs::remove_file(path).unwrap();
}

/// `propagate ARGS` with `input` on standard input (written from a thread, since the binary
/// may answer before reading all of it).
fn run(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    o
}

#[test]
fn line_length_is_checked_at_the_bound_with_and_without_a_newline() {
    // (the line, what line 1's error starts with)
    let too_long = format!("error: line 1: input is too long: more than {MAX_INPUT} bytes");
    let cases = [
        // Exactly MAX_INPUT bytes (CRLF not counted): read, and the parser answers.
        (
            ".".repeat(MAX_INPUT) + "\r\n",
            format!("error: line 1: expected 81 boxes, found {MAX_INPUT}"),
        ),
        (
            ".".repeat(MAX_INPUT),
            format!("error: line 1: expected 81 boxes, found {MAX_INPUT}"),
        ),
        // One byte over, with a newline, with CRLF, at the end of the input.
        (".".repeat(MAX_INPUT + 1) + "\n", too_long.clone()),
        (".".repeat(MAX_INPUT + 1) + "\r\n", too_long.clone()),
        (".".repeat(MAX_INPUT + 1), too_long.clone()),
        // No newline at all: the end of the input ends the line.
        ("7".repeat(3_000_000), too_long.clone()),
    ];
    for (line, want) in cases {
        let o = run(&["solve"], format!("{EASY}\n{line}").into_bytes());
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{} bytes: {err}", line.len());
        assert_eq!(text(&o.stdout), format!("{EASY_SOLUTION}\n"));
        let want = want.replace("line 1", "line 2");
        assert!(err.starts_with(&want), "{} bytes: {err}", line.len());
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn standard_input_as_one_grid_is_checked_at_the_bound() {
    // apply and trace read all of standard input as one grid: MAX_INPUT bytes are read and
    // parsed, one more is refused before the rest is read.
    let grid = format!("{EASY}\n");
    let padded = format!("{grid}{}", " ".repeat(MAX_INPUT - grid.len()));
    assert_eq!(padded.len(), MAX_INPUT);
    let o = run(&["trace"], padded.clone().into_bytes());
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = run(&["trace"], format!("{padded} ").into_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with(&format!(
        "error: standard input is too long: more than {MAX_INPUT} bytes"
    )));
    let mut long = padded.into_bytes();
    long.extend(std::iter::repeat_n(b' ', 5_000_000));
    let o = run(&["apply", "eliminate"], long);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with(&format!(
        "error: standard input is too long: more than {MAX_INPUT} bytes"
    )));
}

#[test]
fn the_parallel_solve_holds_a_bounded_batch_of_long_lines() {
    // Past its first 256 puzzles `solve` reads standard input in batches for its threads. 2,000
    // lines just under the line bound, of bytes that are not UTF-8 (each read as U+FFFD, three
    // times the bytes: 600 MB if a batch held them all), must still be answered line by line
    // under `ulimit -v`, then the puzzle after them.
    let path = std::env::temp_dir().join(format!("propagate-bounds-{}-batch", std::process::id()));
    {
        let mut f = std::io::BufWriter::new(File::create(&path).unwrap());
        for _ in 0..256 {
            writeln!(f, "{EASY}").unwrap();
        }
        let bad = vec![0xFFu8; MAX_INPUT];
        for _ in 0..2_000 {
            f.write_all(&bad).unwrap();
            f.write_all(b"\n").unwrap();
        }
        writeln!(f, "{EASY}").unwrap();
    }
    for threads in ["2", "64"] {
        let o = limited(
            &["solve", "--threads", threads],
            File::open(&path).unwrap().into(),
            None,
        );
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert_eq!(
            o.status.code(),
            Some(1),
            "--threads {threads}: {}",
            &err[..err.len().min(300)]
        );
        assert_eq!(
            out,
            format!("{EASY_SOLUTION}\n").repeat(257),
            "--threads {threads}"
        );
        let errors: Vec<&str> = err.lines().collect();
        assert_eq!(errors.len(), 2_000, "--threads {threads}");
        assert!(errors[0].starts_with("error: line 257: "), "{}", errors[0]);
        assert!(
            errors[1999].starts_with("error: line 2256: "),
            "{}",
            errors[1999]
        );
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn threads_the_system_refuses_are_done_without() {
    // --threads far above the cores and above what `ulimit -v` leaves room for (a stack each):
    // at most one thread a core starts, and every line is answered, in order.
    let input = format!("{EASY}\n").repeat(20_000);
    let path =
        std::env::temp_dir().join(format!("propagate-bounds-{}-threads", std::process::id()));
    std::fs::write(&path, input).unwrap();
    let o = limited(
        &["solve", "--threads", "1000"],
        File::open(&path).unwrap().into(),
        None,
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        &err[..err.len().min(300)]
    );
    assert_eq!(out, format!("{EASY_SOLUTION}\n").repeat(20_000));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn check_reads_a_hostile_file_in_bounded_memory() {
    // 100 MB files under the default byte cap whose shape once took many times their size: a
    // format that is a long array, a long list of strategies, a long list of short steps.
    let path = std::env::temp_dir().join(format!("propagate-bounds-{}-check", std::process::id()));
    let head = r#"{"format":2,"variant":"standard","strategies":[],"units":[],"initial":[],"#;
    let step = r#"{"kind":"","node":0,"depth":0,"changes":[]},"#;
    let n_steps = 100_000_000 / step.len();
    for (what, body, said) in [
        (
            "format",
            format!("{{\"format\":[{}0]}}", "0,".repeat(50_000_000)),
            "format: is not a version number".to_string(),
        ),
        (
            "strategies",
            format!(
                "{{\"format\":2,\"strategies\":[{}\"\"]}}",
                "\"\",".repeat(33_000_000)
            ),
            "strategies: lists more than".to_string(),
        ),
        (
            "steps",
            format!("{head}\"steps\":[{}{{}}]}}", step.repeat(n_steps)),
            format!(
                "steps: {} steps: a trace is read up to 500000 steps",
                n_steps + 1
            ),
        ),
    ] {
        std::fs::write(&path, body).unwrap();
        let o = limited(&["check", path.to_str().unwrap()], Stdio::null(), None);
        let err = text(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(1),
            "{what}: {}",
            &err[..err.len().min(300)]
        );
        assert!(err.contains(&said), "{what}: {err}");
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn check_refuses_dev_zero_at_its_first_byte() {
    // A NUL byte can be nowhere in JSON: reading stops there, on standard input as in a file
    // the size of which says nothing (a character device).
    for args in [&["check", "-"][..], &["check", "/dev/zero"][..]] {
        let o = limited(args, File::open("/dev/zero").unwrap().into(), None);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains(
                "not a JSON trace: byte 0 is the control character U+0000, which JSON allows \
                 nowhere (line 1, column 1)"
            ),
            "{args:?}: {err}"
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

/// `propagate check - ARGS` under `ulimit -v` on an endless stream of text that could start a
/// trace: `{` and then white space forever.
fn check_endless(args: &[&str]) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ULIMIT_KB}; {{ printf '{{'; yes ' '; }} | \"$0\" check - \"$@\""
        ))
        .arg(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run bash")
}

#[test]
fn check_refuses_an_endless_stream_at_its_byte_cap() {
    let o = check_endless(&["--max-bytes", "100000000"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        err,
        "error: -: the input is too large: more than 100000000 bytes (a trace is read up to \
         100000000 bytes)\n"
    );
    // The default cap (513 MB) is more than `ulimit -v` leaves: a clear error all the same,
    // not an abort.
    let o = check_endless(&[]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: -: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
