//! The rating's walk of every puzzle of standard input (one a line), as trace JSON, one line a
//! puzzle (`null` when the walk does not solve it): `bench/same-ratings.sh` compares these
//! before and after a change to the engine, step by step.

use solver_core::{parse, rating::walk_trace, Options};
use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let opts = Options::default();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in io::stdin().lock().lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Ok(grid) = parse(line, opts.variant) else {
            writeln!(out, "error")?;
            continue;
        };
        serde_json::to_writer(&mut out, &walk_trace(&grid, &opts)).map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
