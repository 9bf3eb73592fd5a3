//! Reads one puzzle a line (81 characters, `.` or `0` for an empty box) on standard input and
//! prints the verdict engine's first solution, or `no solution`, one line each: the contract of
//! the peers' drivers, for timing against them.
//!
//!   cargo run --release -p propagate-bench --bin verdict_drive -- [--diagonal] [--count] [--nodes] < FILE
use solver_core::verdict::verdict_of_masks;
use solver_core::Variant;
use std::io::{self, BufRead, BufWriter, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = if args.iter().any(|a| a == "--diagonal") {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let count = args.iter().any(|a| a == "--count");
    let nodes = args.iter().any(|a| a == "--nodes");
    let stdin = io::stdin();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = Vec::new();
    let mut input = io::BufReader::with_capacity(1 << 16, stdin.lock());
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).unwrap() == 0 {
            break;
        }
        let bytes = line.trim_ascii_end();
        if bytes.len() < 81 || bytes[0] == b'#' {
            continue;
        }
        let mut cells = [0x1ffu16; 81];
        for (c, &b) in cells.iter_mut().zip(bytes) {
            if (b'1'..=b'9').contains(&b) {
                *c = 1 << (b - b'1');
            }
        }
        let v = verdict_of_masks(&cells, variant, if count { 2 } else { 1 }, 10_000_000);
        match v.first {
            Some(g) => out.write_all(g.as_bytes()).unwrap(),
            None if v.capped => out.write_all(b"capped").unwrap(),
            None => out.write_all(b"no solution").unwrap(),
        }
        if count {
            write!(out, " {}", v.solutions).unwrap();
        }
        if nodes {
            write!(out, " nodes={}", v.nodes).unwrap();
        }
        out.write_all(b"\n").unwrap();
    }
}
