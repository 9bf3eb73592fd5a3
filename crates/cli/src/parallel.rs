//! Answering a stream of puzzle lines on every core, in input order.
//!
//! The first [`PARALLEL_FROM`] puzzles are answered one by one as they are read, so a short or
//! interactive input gets each answer as soon as its line is read. Past them, a pipeline with
//! no barrier: this thread reads lines into chunks (up to [`CHUNK`] lines or [`CHUNK_BYTES`]
//! bytes of them, in one buffer), worker threads take the chunks from a queue as they become free (hard puzzles come in runs,
//! so fixed shares would leave threads idle) and answer each into its own buffer, and this
//! thread writes the buffers in input order as they come back, between reads. What is in
//! flight (queued, being answered, or answered and waiting for an earlier chunk) is bounded:
//! [`WINDOW`] chunks per worker and [`IN_FLIGHT_BYTES`] of lines; the reader waits for answers
//! past either. A line's error goes to standard error at its place in the output, after
//! standard output is flushed, as one by one.

use crate::input::{self, TooLong};
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

/// Puzzles answered one by one before threads start: below a few hundred, starting threads
/// costs more than it saves.
pub const PARALLEL_FROM: usize = 256;

/// Lines a chunk holds at most: a worker's unit of work.
const CHUNK: usize = 256;

/// Bytes of lines a chunk holds at most: a chunk also ends when its lines reach this much.
const CHUNK_BYTES: usize = 1 << 20;

/// Chunks in flight per worker.
const WINDOW: usize = 8;

/// Bytes of lines in flight at most (a chunk past it waits for answers, unless nothing else is
/// in flight): lines near the line bound (`MAX_INPUT`, and three times that once bytes that are
/// not UTF-8 are read as U+FFFD) are held a few dozen at a time.
const IN_FLIGHT_BYTES: usize = 16 << 20;

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

/// A line of a chunk: its number, and its range in the chunk's text (or that it was too long).
type LineAt = (usize, Result<(usize, usize), TooLong>);

/// A run of consecutive puzzle lines: their text in one buffer, and where each line is.
#[derive(Default)]
struct Chunk {
    seq: usize,
    text: String,
    lines: Vec<LineAt>,
}

impl Chunk {
    fn push(&mut self, number: usize, line: Result<&str, TooLong>) {
        let range = line.map(|l| {
            let start = self.text.len();
            self.text.push_str(l);
            (start, self.text.len())
        });
        self.lines.push((number, range));
    }

    fn full(&self) -> bool {
        self.lines.len() >= CHUNK || self.text.len() >= CHUNK_BYTES
    }

    fn answer<F>(&self, answer: &F) -> Answers
    where
        F: Fn(usize, Result<&str, TooLong>, &mut Vec<u8>) -> Result<(), String>,
    {
        let mut answers = Answers {
            out: Vec::with_capacity(self.lines.len() * 96),
            errors: Vec::new(),
        };
        for (number, range) in &self.lines {
            let line = range.map(|(a, b)| &self.text[a..b]);
            answers.add(*number, line, answer);
        }
        answers
    }
}

/// A chunk's answers as a worker sends them back (or the panic of `answer`, to pass on).
type Done = (usize, usize, std::thread::Result<Answers>);

/// The reader and writer's side of the pipeline.
struct Pipeline<'a, 'scope, 'env, W, F> {
    out: &'a mut W,
    threads: usize,
    answer: &'env F,
    scope: &'scope std::thread::Scope<'scope, 'env>,
    queue: &'env Mutex<mpsc::Receiver<Chunk>>,
    stop: &'env AtomicBool,
    work: Option<mpsc::Sender<Chunk>>,
    done_tx: mpsc::Sender<Done>,
    done: mpsc::Receiver<Done>,
    workers: usize,
    spawn_failed: bool,
    sent: usize,
    written: usize,
    in_flight: usize,
    in_flight_bytes: usize,
    waiting: BTreeMap<usize, Answers>,
    failed: bool,
}

impl<'scope, 'env, W, F> Pipeline<'_, 'scope, 'env, W, F>
where
    W: Write,
    F: Fn(usize, Result<&str, TooLong>, &mut Vec<u8>) -> Result<(), String> + Sync,
{
    /// Hands a chunk to the workers (starting one more if fewer than `threads` run), after
    /// making room for it; answers it here when no worker could start.
    fn send(&mut self, mut chunk: Chunk) -> io::Result<()> {
        if chunk.lines.is_empty() {
            return Ok(());
        }
        while self.in_flight > 0
            && (self.in_flight >= WINDOW * self.workers.max(1)
                || self.in_flight_bytes + chunk.text.len() > IN_FLIGHT_BYTES)
        {
            self.receive(true)?;
        }
        if self.workers < self.threads && !self.spawn_failed {
            self.spawn();
        }
        if self.workers == 0 {
            // A thread the system refuses (too many, or no memory for its stack) is done
            // without: with none started, this thread answers.
            let mut answers = chunk.answer(self.answer);
            self.failed |= answers.write(self.out)?;
            return Ok(());
        }
        chunk.seq = self.sent;
        self.sent += 1;
        self.in_flight += 1;
        self.in_flight_bytes += chunk.text.len();
        if let Some(work) = &self.work {
            // The queue's receiver lives as long as the workers' scope, so this cannot fail.
            let _ = work.send(chunk);
        }
        // Write what is ready, so that output streams and answers are not held.
        while self.in_flight > 0 && self.receive(false)? {}
        Ok(())
    }

    fn spawn(&mut self) {
        let (queue, stop, answer) = (self.queue, self.stop, self.answer);
        let done = self.done_tx.clone();
        let started = std::thread::Builder::new().spawn_scoped(self.scope, move || loop {
            // The lock is held only to take the next chunk.
            let next = queue.lock().map(|q| q.recv());
            let Ok(Ok(chunk)) = next else { return };
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let answers = panic::catch_unwind(AssertUnwindSafe(|| chunk.answer(answer)));
            let panicked = answers.is_err();
            if done.send((chunk.seq, chunk.text.len(), answers)).is_err() || panicked {
                return;
            }
        });
        match started {
            Ok(_) => self.workers += 1,
            Err(_) => self.spawn_failed = true,
        }
    }

    /// Takes one chunk's answers (waiting for them if `block`) and writes every chunk that is
    /// next in order. False when none was ready.
    fn receive(&mut self, block: bool) -> io::Result<bool> {
        let next = if block {
            self.done.recv().ok()
        } else {
            self.done.try_recv().ok()
        };
        let Some((seq, bytes, answers)) = next else {
            return Ok(false);
        };
        self.in_flight -= 1;
        self.in_flight_bytes -= bytes;
        // A worker only panics if `answer` does; pass it on.
        let answers = answers.unwrap_or_else(|p| panic::resume_unwind(p));
        self.waiting.insert(seq, answers);
        while let Some(mut answers) = self.waiting.remove(&self.written) {
            self.failed |= answers.write(self.out)?;
            self.written += 1;
        }
        Ok(true)
    }

    /// Sends the last chunk and writes every answer.
    fn finish(&mut self, last: Chunk) -> io::Result<()> {
        self.send(last)?;
        self.work = None;
        while self.in_flight > 0 {
            self.receive(true)?;
        }
        Ok(())
    }
}

/// Answers every puzzle line of `reader` (numbered, skipped and cut off when too long as
/// [`input::for_each_line`] does) with `answer(number, line, buffer)`, which appends the answer
/// line to the buffer or returns the error message to print. Uses up to `threads` threads
/// besides this one, which reads and writes. Returns true if any line failed.
pub fn answer_lines<R, W, F>(reader: R, out: &mut W, threads: usize, answer: F) -> io::Result<bool>
where
    R: BufRead,
    W: Write,
    F: Fn(usize, Result<&str, TooLong>, &mut Vec<u8>) -> Result<(), String> + Sync,
{
    let (work, queue) = mpsc::channel::<Chunk>();
    let queue = Mutex::new(queue);
    let stop = AtomicBool::new(false);
    let answer = &answer;
    let (queue, stop) = (&queue, &stop);
    std::thread::scope(|scope| {
        let (done_tx, done) = mpsc::channel();
        let mut p = Pipeline {
            out,
            threads,
            answer,
            scope,
            queue,
            stop,
            work: Some(work),
            done_tx,
            done,
            workers: 0,
            spawn_failed: false,
            sent: 0,
            written: 0,
            in_flight: 0,
            in_flight_bytes: 0,
            waiting: BTreeMap::new(),
            failed: false,
        };
        let mut seen = 0usize;
        let mut one = Answers::default();
        let mut chunk = Chunk::default();
        let read = input::for_each_line(reader, |number, line| {
            seen += 1;
            if threads <= 1 || seen <= PARALLEL_FROM {
                one.add(number, line, answer);
                p.failed |= one.write(p.out)?;
            } else {
                chunk.push(number, line);
                if chunk.full() {
                    p.send(std::mem::take(&mut chunk))?;
                }
            }
            Ok(())
        })
        .and_then(|()| p.finish(chunk));
        // On an error (the reader of standard output went away), the workers stop at their
        // next chunk; the scope waits for them.
        stop.store(true, Ordering::Relaxed);
        p.work = None;
        read.map(|()| p.failed)
    })
}

/// The number of threads `--threads` defaults to: every core the process may use.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echoes each line with its number, failing on lines that contain `x`; slow on lines that
    /// contain `slow`, so that later chunks are answered first.
    fn echo(number: usize, line: Result<&str, TooLong>, out: &mut Vec<u8>) -> Result<(), String> {
        let line = line.map_err(|e| e.to_string())?;
        if line.contains("slow") {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
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
        // Past the window of every thread count below, the last chunk partial.
        let n = PARALLEL_FROM + 40 * WINDOW * CHUNK + 7;
        let input: String = (0..n)
            .map(|i| {
                if i % 1000 == 5 {
                    "\n# comment\n".to_string()
                } else if i % 700 == 3 {
                    format!("slow{i}\n")
                } else {
                    format!("p{i}\n")
                }
            })
            .collect();
        let (one, failed) = run(&input, 1);
        assert!(!failed);
        assert_eq!(
            one.lines().count(),
            input
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .count()
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
