//! What the CLI's test files share: running the built `propagate`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the built binary with `args`, `stdin` written to its standard input.
pub fn propagate(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_propagate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run propagate");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
