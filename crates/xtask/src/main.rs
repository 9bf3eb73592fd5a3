//! `cargo xtask run`: installs what is missing, builds the page with Trunk, serves it on
//! 127.0.0.1 and prints the address.
//! `cargo xtask test`: runs every test (native Rust, wasm in headless Chromium, the page's
//! modules under `node --test`, the Python drop-in under `unittest`, the end-to-end tests of the
//! built page), prints each runner's closing summary, and exits non-zero if any failed.
//!
//! Tools are installed only where missing or at another version: the wasm32 target (rustup),
//! wasm-bindgen-cli (cargo install, the version pinned in crates/solver-wasm), Trunk (cargo
//! install --locked), Chromium and chromedriver (Debian's apt), the e2e npm packages (npm ci).

use std::env;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;

mod wasm_size;

/// Must equal the `=` pin of wasm-bindgen in crates/solver-wasm/Cargo.toml and Trunk.toml.
const WASM_BINDGEN: &str = "0.2.130";
const TRUNK: &str = "0.21.14";
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("test") => test(&args[1..]),
        Some("install") => install_rust_tools(),
        Some("bench-browser") => bench_browser(&args[1..]),
        Some("strip-wasm") => wasm_size::strip_command(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <command>\n\n  run [--port N]   install what is missing, build, serve on 127.0.0.1\n  \
                 test             run every test: Rust, wasm in Chromium, page modules, end-to-end\n  \
                 install          install only the Rust-side tools (wasm32 target, wasm-bindgen-cli, Trunk)\n  \
                 bench-browser [--quick] [--write-docs] [--json FILE]\n                   build, then time the page in headless Chromium (bench/web/browser.js)\n  \
                 strip-wasm [DIR]  drop the name and producers sections of DIR's (Trunk's staging) .wasm files"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (this crate lives at crates/xtask).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/xtask is two levels down")
        .to_path_buf()
}

fn cargo() -> String {
    env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// Where `cargo install` puts binaries; put first on PATH so freshly installed tools are found.
fn cargo_bin() -> PathBuf {
    env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from(".cargo"))
        .join("bin")
}

fn path_with_cargo_bin() -> std::ffi::OsString {
    let mut paths = vec![cargo_bin()];
    if let Some(p) = env::var_os("PATH") {
        paths.extend(env::split_paths(&p));
    }
    env::join_paths(paths).expect("PATH entries without separators")
}

fn cmd(program: impl AsRef<OsStr>) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root()).env("PATH", path_with_cargo_bin());
    c
}

fn describe(c: &Command) -> String {
    let mut s = c.get_program().to_string_lossy().into_owned();
    for a in c.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs a command with inherited output; an error names it and its status.
fn status(c: &mut Command) -> Result {
    eprintln!("xtask: $ {}", describe(c));
    let st = c
        .status()
        .map_err(|e| format!("cannot start `{}`: {e}", describe(c)))?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({st})", describe(c)))
    }
}

/// The first line a command prints, if it runs and succeeds.
fn output_line(c: &mut Command) -> Option<String> {
    let out = c.stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    })
}

// ---- Installing what is missing -------------------------------------------------------------

/// True if `line` (a tool's `--version` output, e.g. "trunk 0.21.14") names version `want`.
fn is_version(line: Option<&str>, want: &str) -> bool {
    line.and_then(|l| l.split_whitespace().nth(1)) == Some(want)
}

fn install_rust_tools() -> Result {
    let installed = cmd("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map_err(|e| format!("rustup is needed to add the wasm32-unknown-unknown target: {e}"))?;
    if !String::from_utf8_lossy(&installed.stdout)
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        status(cmd("rustup").args(["target", "add", "wasm32-unknown-unknown"]))?;
    }
    if !is_version(
        output_line(cmd("wasm-bindgen").arg("--version")).as_deref(),
        WASM_BINDGEN,
    ) {
        // Not --locked: wasm-bindgen-cli's own lock file does not build on current toolchains.
        status(cmd(cargo()).args(["install", "wasm-bindgen-cli", "--version", WASM_BINDGEN]))?;
    }
    if !is_version(output_line(cmd("trunk").arg("--version")).as_deref(), TRUNK) {
        status(cmd(cargo()).args(["install", "trunk", "--version", TRUNK, "--locked"]))?;
    }
    // Trunk runs offline: every crate must already be in cargo's cache.
    status(cmd(cargo()).arg("fetch"))?;
    Ok(())
}

fn is_root() -> bool {
    output_line(Command::new("id").arg("-u").stdout(Stdio::piped())).as_deref() == Some("0")
}

/// Debian's Chromium and chromedriver, for the wasm tests and the end-to-end tests.
fn install_chromium() -> Result {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    let sudo = if is_root() { None } else { Some("sudo") };
    let apt = |args: &[&str]| -> Result {
        let mut c = match sudo {
            Some(s) => {
                let mut c = cmd(s);
                c.arg("apt-get");
                c
            }
            None => cmd("apt-get"),
        };
        status(c.args(args).env("DEBIAN_FRONTEND", "noninteractive"))
    };
    apt(&["update"])?;
    apt(&[
        "install",
        "-y",
        "--no-install-recommends",
        "chromium",
        "chromium-driver",
    ])
}

// ---- cargo xtask run ------------------------------------------------------------------------

fn run(args: &[String]) -> Result {
    let mut port = "8080".to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => port = it.next().ok_or("--port needs a number")?.clone(),
            other => return Err(format!("unknown option {other:?} (expected --port N)")),
        }
    }
    install_rust_tools()?;
    println!("xtask: building, then serving Propagate at http://127.0.0.1:{port}/ (Ctrl-C stops)");
    status(cmd("trunk").args([
        "serve",
        "--release",
        "--offline=true",
        "--address",
        "127.0.0.1",
        "--port",
        &port,
    ]))
}

// ---- cargo xtask test -----------------------------------------------------------------------

/// One test suite's result: its name, whether it passed, and its runner's closing lines.
struct Suite {
    name: &'static str,
    passed: bool,
    summary: Vec<String>,
}

/// Runs a command, streaming its output, and keeps the lines that summarise a test run.
fn run_suite(name: &'static str, c: &mut Command) -> Suite {
    eprintln!("\nxtask: == {name} ==\nxtask: $ {}", describe(c));
    let child = c.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    let mut child = match child {
        Ok(ch) => ch,
        Err(e) => {
            return Suite {
                name,
                passed: false,
                summary: vec![format!("cannot start: {e}")],
            }
        }
    };
    let keep = |line: &str| {
        let l = line.trim_start();
        l.starts_with("test result:")
            || l.starts_with("Running ")
            || ["# tests", "# pass", "# fail", "# cancelled", "# skipped"]
                .iter()
                .any(|p| l.starts_with(p))
            || l.starts_with("error: test failed")
            || l.starts_with("error[")
            || is_unittest_summary(l)
    };
    // Both streams feed one list in arrival order, so each "Running" line (stderr) stays next
    // to its binary's "test result" line (stdout).
    let summary = Arc::new(Mutex::new(Vec::new()));
    let stderr = child.stderr.take().expect("piped");
    let kept = Arc::clone(&summary);
    let err_thread = thread::spawn(move || {
        for line in BufReader::new(stderr)
            .lines()
            .map_while(std::result::Result::ok)
        {
            eprintln!("{line}");
            if keep(&line) {
                kept.lock().expect("not poisoned").push(line);
            }
        }
    });
    for line in BufReader::new(child.stdout.take().expect("piped"))
        .lines()
        .map_while(std::result::Result::ok)
    {
        println!("{line}");
        if keep(&line) {
            summary.lock().expect("not poisoned").push(line);
        }
    }
    let _ = err_thread.join();
    let summary = std::mem::take(&mut *summary.lock().expect("not poisoned"));
    let passed = child.wait().map(|s| s.success()).unwrap_or(false);
    Suite {
        name,
        passed,
        summary,
    }
}

fn test(args: &[String]) -> Result {
    if let Some(a) = args.first() {
        return Err(format!("unknown option {a:?}: cargo xtask test takes none"));
    }
    install_rust_tools()?;
    install_chromium()?;
    let root = root();
    let mut suites = Vec::new();

    suites.push(run_suite(
        "Rust (native): cargo test --workspace",
        cmd(cargo()).args(["test", "--workspace"]),
    ));

    // The workspace builds the facade with its `full` feature; its first module's code alone
    // (crates/solver-wasm-first: the facade without `full`) has tests of its own.
    suites.push(run_suite(
        "the facade's first module (native): cargo test -p solver-wasm --no-default-features --lib",
        cmd(cargo()).args([
            "test",
            "-p",
            "solver-wasm",
            "--no-default-features",
            "--lib",
        ]),
    ));

    suites.push(run_suite(
        "wasm facade in headless Chromium",
        cmd(cargo())
            .args([
                "test",
                "-p",
                "solver-wasm",
                "--target",
                "wasm32-unknown-unknown",
            ])
            .env("CHROMEDRIVER", CHROMEDRIVER)
            // The runner gives the whole suite 20 s by default (one webdriver poll waits that
            // long while a test runs); the debug wasm's 23 tests take 17 s on a quiet machine.
            .env("WASM_BINDGEN_TEST_TIMEOUT", "300"),
    ));

    let unit_files: Vec<String> = test_files(&root.join("www/tests"))?
        .into_iter()
        .map(|n| format!("www/tests/{n}"))
        .collect();
    suites.push(run_suite(
        "page modules: node --test",
        cmd("node").arg("--test").args(&unit_files),
    ));

    suites.push(run_suite(
        "Python drop-in: python3 -m unittest discover python/tests",
        cmd("python3").args(["-m", "unittest", "discover", "python/tests"]),
    ));

    let built = status(cmd("trunk").args(["build", "--release", "--offline=true"]));
    let e2e = root.join("e2e");
    let e2e_files = test_files(&e2e)?;
    let deps = status(
        cmd("npm")
            .arg("ci")
            .arg("--no-audit")
            .arg("--no-fund")
            .current_dir(&e2e),
    );
    match (built, deps) {
        (Ok(()), Ok(())) => {
            suites.push(wasm_budget(&root.join("dist")));
            suites.push(run_suite(
                "end-to-end: the built page in Chromium",
                cmd("node")
                    // Every end-to-end file (e2e/*.test.js), one at a time: each starts its own
                    // Chromium and server.
                    .args(["--test", "--test-concurrency=1"])
                    .args(&e2e_files)
                    .current_dir(&e2e)
                    .env("PROPAGATE_DIST", root.join("dist"))
                    .env("CHROMIUM", CHROMIUM),
            ));
        }
        (b, d) => suites.push(Suite {
            name: "end-to-end: the built page in Chromium",
            passed: false,
            summary: [b.err(), d.err()].into_iter().flatten().collect(),
        }),
    }

    println!("\nxtask: ===== summary =====");
    for s in &suites {
        println!("{} {}", if s.passed { "PASS" } else { "FAIL" }, s.name);
        for l in &s.summary {
            println!("    {}", l.trim());
        }
    }
    let (passed_tests, failed_tests) = count_tests(&suites);
    let failed: Vec<_> = suites
        .iter()
        .filter(|s| !s.passed)
        .map(|s| s.name)
        .collect();
    // One closing line over every runner, in the plain form CI reads.
    println!("xtask: {passed_tests} passed, {failed_tests} failed");
    if failed.is_empty() {
        println!("xtask: every suite passed");
        Ok(())
    } else {
        Err(format!(
            "{} suite(s) failed: {}",
            failed.len(),
            failed.join("; ")
        ))
    }
}

/// Python unittest's closing lines: `Ran N tests in 0.5s`, then `OK`, `OK (skipped=1)` or
/// `FAILED (failures=1, errors=2)`.
fn is_unittest_summary(line: &str) -> bool {
    (line.starts_with("Ran ") && line.contains(" test"))
        || line == "OK"
        || line.starts_with("OK (")
        || line.starts_with("FAILED (")
}

/// Adds up the runners' own closing lines: cargo's `test result: ok. N passed; M failed; …`,
/// node's `# pass N` / `# fail N`, and unittest's `Ran N tests` with the `OK (…)` or `FAILED (…)`
/// line after it (failures and errors failed, skipped neither passed nor failed).
fn count_tests(suites: &[Suite]) -> (u64, u64) {
    let (mut passed, mut failed) = (0, 0);
    let number = |s: &str| s.trim().parse::<u64>().unwrap_or(0);
    let mut ran = 0;
    for line in suites.iter().flat_map(|s| &s.summary).map(|l| l.trim()) {
        if let Some(rest) = line.strip_prefix("Ran ") {
            ran = number(rest.split(' ').next().unwrap_or(""));
            continue;
        }
        if line == "OK" || line.starts_with("OK (") || line.starts_with("FAILED (") {
            let counts = line
                .split_once('(')
                .map_or("", |(_, c)| c.trim_end_matches(')'));
            let (mut bad, mut skipped) = (0, 0);
            for part in counts.split(',') {
                match part.trim().split_once('=') {
                    Some(("failures" | "errors", n)) => bad += number(n),
                    Some(("skipped", n)) => skipped += number(n),
                    _ => {}
                }
            }
            passed += ran.saturating_sub(bad + skipped);
            failed += bad;
            ran = 0;
            continue;
        }
        if let Some(rest) = line.strip_prefix("test result: ") {
            for part in rest.split(';') {
                let part = part
                    .trim()
                    .trim_start_matches("ok. ")
                    .trim_start_matches("FAILED. ");
                if let Some(n) = part.strip_suffix(" passed") {
                    passed += number(n);
                } else if let Some(n) = part.strip_suffix(" failed") {
                    failed += number(n);
                }
            }
        } else if let Some(n) = line.strip_prefix("# pass ") {
            passed += number(n);
        } else if let Some(n) = line.strip_prefix("# fail ") {
            failed += number(n);
        }
    }
    (passed, failed)
}

/// The `*.test.js` files under `dir`, in its folders at any depth (the page's tests mirror its
/// folders), as paths relative to `dir` with `/`, sorted: node --test reads a bare directory as a
/// pattern, so every file is named. `node_modules` (the e2e tests' dependencies) is not entered.
fn test_files(dir: &Path) -> Result<Vec<String>> {
    fn walk(dir: &Path, prefix: &str, names: &mut Vec<String>) -> Result {
        for e in std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok())
        {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = format!("{prefix}{name}");
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                if name != "node_modules" {
                    walk(&e.path(), &format!("{path}/"), names)?;
                }
            } else if name.ends_with(".test.js") {
                names.push(path);
            }
        }
        Ok(())
    }
    let mut names = Vec::new();
    walk(dir, "", &mut names)?;
    names.sort();
    Ok(names)
}

// ---- cargo xtask bench-browser ---------------------------------------------------------------

/// Where `bench-browser` builds the page with solver-wasm's `bench` feature (the benchmarks'
/// calls, crates/solver-wasm/src/bench.rs), apart from dist/, which stays the page as shipped.
const BENCH_DIST: &str = "target/bench-dist";

/// Builds the CLI (the native side of the comparison), the page as `test` does (its wasm's size
/// is the one reported) and the page with the benchmarks' calls in [`BENCH_DIST`], then runs
/// bench/web/browser.js on the latter with the options given (`--quick`, `--write-docs`,
/// `--json FILE`).
fn bench_browser(args: &[String]) -> Result {
    install_rust_tools()?;
    install_chromium()?;
    let root = root();
    status(cmd(cargo()).args(["build", "--release", "-p", "propagate-cli"]))?;
    status(cmd("trunk").args(["build", "--release", "--offline=true"]))?;
    status(cmd("trunk").args([
        "build",
        "--release",
        "--offline=true",
        "--features",
        "bench",
        "--dist",
        BENCH_DIST,
    ]))?;
    let e2e = root.join("e2e");
    status(
        cmd("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&e2e),
    )?;
    // Printed for the record; the budget is `test`'s to enforce.
    wasm_budget(&root.join("dist"));
    status(
        cmd("node")
            .arg("bench/web/browser.js")
            .args(args)
            .env("PROPAGATE_DIST", root.join(BENCH_DIST))
            .env("PROPAGATE_PAGE_DIST", root.join("dist"))
            .env("PROPAGATE_BIN", root.join("target/release/propagate"))
            .env("CHROMIUM", CHROMIUM),
    )
}

/// The page's wasm modules against their budgets ([`wasm_size::BUDGETS`], gzip -9): a suite of
/// its own, failed when a module in `dist` is over its budget, when a `.wasm` there has no budget,
/// or when a module of the list is missing. Prints each file's size, raw and gzipped.
fn wasm_budget(dist: &Path) -> Suite {
    let name = "wasm size: each module in dist/ within its budget gzipped (the first at 120 KB)";
    let mut summary = Vec::new();
    let mut passed = true;
    let files: Vec<PathBuf> = std::fs::read_dir(dist)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension() == Some(OsStr::new("wasm")))
        .collect();
    for b in wasm_size::BUDGETS {
        if !files
            .iter()
            .any(|p| p.file_name() == Some(OsStr::new(b.file)))
        {
            passed = false;
            summary.push(format!(
                "{}: missing ({})",
                dist.join(b.file).display(),
                b.holds
            ));
        }
    }
    for p in files {
        let raw = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
        let file = p.file_name().and_then(OsStr::to_str).unwrap_or("");
        let Some(budget) = wasm_size::budget_of(file) else {
            passed = false;
            summary.push(format!(
                "{}: a module without a budget (crates/xtask/src/wasm_size.rs)",
                p.display()
            ));
            continue;
        };
        match wasm_size::gzipped(&p) {
            Ok(gz) => {
                let ok = gz <= budget.bytes;
                passed &= ok;
                summary.push(format!(
                    "{}, {}: {raw} bytes, {gz} bytes gzipped ({} the budget of {})",
                    p.display(),
                    budget.holds,
                    if ok { "within" } else { "OVER" },
                    budget.bytes
                ));
            }
            Err(e) => {
                passed = false;
                summary.push(e);
            }
        }
    }
    for l in &summary {
        println!("xtask: {l}");
    }
    Suite {
        name,
        passed,
        summary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_the_second_word() {
        assert!(is_version(Some("trunk 0.21.14"), "0.21.14"));
        assert!(is_version(Some("wasm-bindgen 0.2.130"), "0.2.130"));
        assert!(!is_version(Some("wasm-bindgen 0.2.100"), "0.2.130"));
        assert!(!is_version(None, "0.2.130"));
    }

    #[test]
    fn test_counts_add_up_cargo_node_and_unittest_lines() {
        let suite = |summary: &[&str]| Suite {
            name: "s",
            passed: true,
            summary: summary.iter().map(|s| s.to_string()).collect(),
        };
        let suites = [
            suite(&[
                "    test result: ok. 11 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s",
                "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out",
            ]),
            suite(&["# tests 20", "# pass 19", "# fail 1", "# cancelled 0"]),
            suite(&["Ran 23 tests in 4.676s", "OK (skipped=1)"]),
            suite(&["Ran 10 tests in 0.1s", "FAILED (failures=2, errors=1, skipped=1)"]),
        ];
        assert_eq!(count_tests(&suites), (33 + 22 + 6, 3 + 3));
        assert!(is_unittest_summary("Ran 1 test in 0.001s"));
        assert!(!is_unittest_summary("Running tests/golden.rs"));
    }

    #[test]
    fn test_files_lists_the_page_tests_in_their_folders_and_skips_node_modules() {
        let page = test_files(&root().join("www/tests")).unwrap();
        for f in [
            "strategy-names.test.js",
            "trace/packed.test.js",
            "app/session.test.js",
        ] {
            assert!(page.iter().any(|n| n == f), "{f} in {page:?}");
        }
        assert!(page.iter().all(|n| n.ends_with(".test.js")));

        let dir = std::env::temp_dir().join(format!("xtask-test-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in [
            "b.test.js",
            "a/c.test.js",
            "a/helpers.js",
            "node_modules/x/d.test.js",
        ] {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "").unwrap();
        }
        let found = test_files(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found.unwrap(), ["a/c.test.js", "b.test.js"]);
    }

    #[test]
    fn the_root_holds_the_workspace_manifest() {
        assert!(root().join("Cargo.toml").exists());
        assert!(root().join("crates/xtask").is_dir());
    }
}
