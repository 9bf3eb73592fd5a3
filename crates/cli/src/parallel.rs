//! Answering a stream of puzzle lines on every core, in input order.
//!
//! The first [`PARALLEL_FROM`] puzzles are answered one by one as they are read, so a short or
//! interactive input streams as before. Past them, lines are read in batches of [`BATCH`]; the
//! threads take chunks of [`CHUNK`] lines from a shared counter (hard puzzles come in runs, so
//! fixed shares would leave threads idle), each chunk's answers go to its own buffer, and the
//! buffers are written in order. A line's error goes to standard error at its place in the
//! output, after standard output is flushed, as one by one.

use crate::input::{self, TooLong};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Puzzles answered one by one before threads start: below a few hundred, starting threads
/// costs more than it saves.
pub const PARALLEL_FROM: usize = 256;

/// Lines read per batch past the first ones.
const BATCH: usize = 16_384;

/// Lines a thread takes at a time.
const CHUNK: usize = 64;

/// The answers of a run of lines: the bytes for standard output and, at their offsets in
/// them, the error messages for standard error.
#[derive(Default)]
struct Answers {
    out: Vec<u8>,
    errors: Vec<(usize, String)>,
}

impl Answers {
    fn add<F>(&mut self, number: usize, line: Result<&str, TooLong>, answer: &F)
    where
        F: Fn(usize, Result<&str, TooLong>, &mut Vec<u8>) -> Result<(), String>,
    {
        let start = self.out.len();
        if let Err(e) = answer(number, line, &mut self.out) {
            self.out.truncate(start);
            self.errors.push((start, e));
        }
    }

    /// Writes the answers; true if any line failed.
    fn write(&mut self, out: &mut impl Write) -> io::Result<bool> {
        let failed = !self.errors.is_empty();
        let mut from = 0;
        for (at, e) in self.errors.drain(..) {
            out.write_all(&self.out[from..at])?;
            from = at;
            // Keep stdout and stderr in input order when both go to one terminal.
            out.flush()?;
            eprintln!("{e}");
        }
        out.write_all(&self.out[from..])?;
        self.out.clear();
        Ok(failed)
    }
}

/// Answers every puzzle line of `reader` (numbered, skipped and cut off when too long as
/// [`input::for_each_line`] does) with `answer(number, line, buffer)`, which appends the answer
/// line to the buffer or returns the error message to print. Uses up to `threads` threads. Returns true if any line
/// failed.
pub fn answer_lines<R, W, F>(reader: R, out: &mut W, threads: usize, answer: F) -> io::Result<bool>
where
    R: BufRead,
    W: Write,
    F: Fn(usize, Result<&str, TooLong>, &mut Vec<u8>) -> Result<(), String> + Sync,
{
    let mut failed = false;
    let mut seen = 0usize;
    let mut one = Answers::default();
    let mut batch: Vec<(usize, Result<String, TooLong>)> = Vec::new();
    input::for_each_line(reader, |number, line| {
        seen += 1;
        if threads <= 1 || seen <= PARALLEL_FROM {
            one.add(number, line, &answer);
            failed |= one.write(out)?;
        } else {
            batch.push((number, line.map(str::to_string)));
            if batch.len() == BATCH {
                failed |= answer_batch(&batch, out, threads, &answer)?;
                batch.clear();
            }
        }
        Ok(())
    })?;
    failed |= answer_batch(&batch, out, threads, &answer)?;
    Ok(failed)
}

/// Answers a batch on `threads` threads (the calling one included) and writes it in order.
fn answer_batch<W, F>(
    batch: &[(usize, Result<String, TooLong>)],
    out: &mut W,
    threads: usize,
    answer: &F,
) -> io::Result<bool>
where
    W: Write,
    F: Fn(usize, Result<&str, TooLong>, &mut Vec<u8>) -> Result<(), String> + Sync,
{
    if batch.is_empty() {
        return Ok(false);
    }
    let chunks = batch.len().div_ceil(CHUNK);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done: Vec<(usize, Answers)> = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= chunks {
                return done;
            }
            let mut answers = Answers::default();
            for (number, line) in &batch[i * CHUNK..((i + 1) * CHUNK).min(batch.len())] {
                answers.add(*number, line.as_deref().map_err(|e| *e), answer);
            }
            done.push((i, answers));
        }
    };
    let mut all: Vec<(usize, Answers)> = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads.min(chunks)).map(|_| s.spawn(work)).collect();
        let mut all = work();
        for h in helpers {
            // A worker only panics if `answer` does; pass it on.
            all.extend(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        all
    });
    all.sort_unstable_by_key(|(i, _)| *i);
    let mut failed = false;
    for (_, mut answers) in all {
        failed |= answers.write(out)?;
    }
    Ok(failed)
}

/// The number of threads `--threads` defaults to: every core the process may use.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echoes each line with its number, failing on lines that contain `x`.
    fn echo(number: usize, line: Result<&str, TooLong>, out: &mut Vec<u8>) -> Result<(), String> {
        let line = line.map_err(|e| e.to_string())?;
        if line.contains('x') {
            out.extend_from_slice(b"partial"); // dropped with the error
            return Err(format!("error: line {number}"));
        }
        writeln!(out, "{number} {line}").unwrap();
        Ok(())
    }

    fn run(input: &str, threads: usize) -> (String, bool) {
        let mut out = Vec::new();
        let failed = answer_lines(input.as_bytes(), &mut out, threads, echo).unwrap();
        (String::from_utf8(out).unwrap(), failed)
    }

    #[test]
    fn every_thread_count_answers_in_input_order() {
        let n = PARALLEL_FROM + BATCH + 3 * CHUNK + 7; // two batches, the last one partial
        let input: String = (0..n)
            .map(|i| {
                if i % 1000 == 5 {
                    "\n# comment\n".to_string()
                } else {
                    format!("p{i}\n")
                }
            })
            .collect();
        let (one, failed) = run(&input, 1);
        assert!(!failed);
        assert_eq!(
            one.lines().count(),
            input.lines().filter(|l| l.starts_with('p')).count()
        );
        for threads in [2, 3, 8] {
            assert_eq!(
                run(&input, threads),
                (one.clone(), false),
                "{threads} threads"
            );
        }
    }

    #[test]
    fn errors_drop_their_line_and_are_reported() {
        let input: String = (0..PARALLEL_FROM + 500)
            .map(|i| {
                if i % 97 == 0 {
                    format!("x{i}\n")
                } else {
                    format!("p{i}\n")
                }
            })
            .collect();
        let (one, failed) = run(&input, 1);
        assert!(failed);
        assert!(!one.contains('x') && !one.contains("partial"));
        assert_eq!(run(&input, 4), (one, true));
    }
}
