//! f-puzzles and SudokuPad links: read (after repairing what chat does to them) and written.
//!
//! Read: `https://www.f-puzzles.com/?load=DATA`, SudokuPad's `https://sudokupad.app/fpuzzlesDATA`
//! and `…/fpuzDATA` (also after `/sudoku/`, `?puzzleid=`, on `*.sudokupad.app`,
//! `app.crackingthecryptic.com` and `sudokupad://puzzle/`), and the bare data (`fpuzzlesDATA`,
//! or lz-string data of f-puzzles JSON, `N4Ig…`), where DATA is f-puzzles JSON compressed by
//! lz-string's `compressToBase64`. What chat does to a link is undone first: angle brackets,
//! quotes, brackets and punctuation around it, a missing `https://`, line breaks and spaces put
//! into it, `+` turned into a space or `%2B`, percent-encoding (twice over too). What cannot be
//! repaired is refused saying why: data cut short, characters base64 does not have, SudokuPad's
//! own formats (`scl…`, `ctc…`), short ids that only the site's server can open, another site.
//!
//! An Interactive Sudoku Solver link (`https://sigh.github.io/Interactive-Sudoku-Solver/?q=…`)
//! is read as the constraint string it carries (`iss.rs`).
//!
//! Written: [`fpuzzles_link`] and [`sudokupad_link`], the raw base64 as f-puzzles writes it.

use super::error::{FormatError, FormatKind};
use super::fpuzzles;
use super::lzstring::{self, LzError};
use crate::puzzle::Puzzle;

/// The start of an f-puzzles link; the data follows.
pub const FPUZZLES_PREFIX: &str = "https://www.f-puzzles.com/?load=";
/// The start of a SudokuPad link carrying f-puzzles data; the data follows.
pub const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// An f-puzzles link that opens `p` on f-puzzles.
#[inline(never)]
pub fn fpuzzles_link(p: &Puzzle) -> String {
    format!(
        "{FPUZZLES_PREFIX}{}",
        lzstring::compress_to_base64(&fpuzzles::write(p))
    )
}

/// A SudokuPad link that opens `p` on SudokuPad.
#[inline(never)]
pub fn sudokupad_link(p: &Puzzle) -> String {
    format!(
        "{SUDOKUPAD_PREFIX}{}",
        lzstring::compress_to_base64(&fpuzzles::write(p))
    )
}

/// Whether `text` (its leading spaces and brackets gone) is meant as a link or link data.
pub fn looks_like_link(text: &str) -> bool {
    let start: String = text.chars().take(60).collect();
    let lower = percent_decode(&start).to_ascii_lowercase();
    lower.contains("://")
        || lower.starts_with("www.")
        || lower.starts_with("f-puzzles.")
        || lower.starts_with("sudokupad.")
        || lower.contains(".sudokupad.app")
        || lower.starts_with("app.crackingthecryptic.")
        || lower.starts_with("sigh.github.io")
        || lower.starts_with("fpuz")
        || lower.starts_with("scl")
        || lower.starts_with("ctc")
        || text.starts_with("N4Ig")
}

fn refuse(detail: impl Into<String>) -> FormatError {
    FormatError::new(FormatKind::Link, detail)
}

/// Reads a link (or bare link data) to the puzzle it carries.
#[inline(never)]
pub fn read(text: &str) -> Result<Puzzle, FormatError> {
    // A link pasted as another link's parameter comes percent-encoded whole.
    let text = percent_decode(text);
    if let Some(q) = iss_query(&text) {
        return q;
    }
    let data = payload(&text)?;
    decode(&data)
}

/// The puzzle of an Interactive Sudoku Solver link (`https://sigh.github.io/…/?q=STRING`, the
/// string form-encoded: `+` for a space), if `text` is one.
fn iss_query(text: &str) -> Option<Result<Puzzle, FormatError>> {
    let lower = text.trim_start_matches(|c: char| c.is_whitespace() || "<\"'([".contains(c));
    let lower = lower.to_ascii_lowercase();
    let at = lower.find("sigh.github.io")?;
    if !(at == 0 || lower[..at].ends_with("://")) {
        return None;
    }
    let start = text.len() - lower.len() + at;
    let rest = &text[start..];
    let query = rest.split_once('?').map_or("", |(_, q)| q);
    let q = query
        .split(['&', '#'])
        .find_map(|p| p.strip_prefix("q="))
        .map(|q| q.replace('+', " "));
    Some(match q {
        Some(q) => super::iss::read(q.trim_end_matches(|c: char| ">)]}\"',;!?".contains(c))),
        None => Err(refuse(
            "an Interactive Sudoku Solver link without a puzzle: the link to share has ?q= and the puzzle's constraints",
        )),
    })
}

/// The compressed data a link carries, found and cleaned of what chat wraps it in.
fn payload(text: &str) -> Result<String, FormatError> {
    let mut t = text.trim();
    // Slack's `<link|label>` and `<link>`, quotes and brackets around a link.
    if let Some(rest) = t.strip_prefix('<') {
        t = rest.split(['>', '|']).next().unwrap_or(rest);
    }
    t = t.trim_matches(|c: char| c.is_whitespace() || "\"'`([{".contains(c));
    let lower = t.to_ascii_lowercase();
    let (lower, t) = match lower.find("://") {
        Some(i) => {
            let scheme = &lower[..i];
            let after = &t[i + 3..];
            if scheme == "sudokupad" {
                let id = after.get(..7).filter(|p| p.eq_ignore_ascii_case("puzzle/"));
                return sudokupad_id(if id.is_some() { &after[7..] } else { after });
            }
            if scheme != "http" && scheme != "https" {
                return Err(refuse(format!(
                    "a {scheme}: link: Propagate opens f-puzzles and SudokuPad links"
                )));
            }
            (lower[i + 3..].to_string(), after)
        }
        None => {
            // Bare data: an id with its prefix, or f-puzzles' compressed JSON.
            if t.starts_with("N4Ig") {
                return Ok(t.to_string());
            }
            if ["fpuz", "scl", "ctc"].iter().any(|p| lower.starts_with(p)) {
                return sudokupad_id(t);
            }
            (lower.clone(), t)
        }
    };
    let host_end = t.find(['/', '?', '#']).unwrap_or(t.len());
    let host = &lower[..host_end];
    let after_host = &t[host_end..];
    let host_plain = host.strip_prefix("www.").unwrap_or(host);
    if host_plain == "f-puzzles.com" {
        return fpuzzles_query(after_host);
    }
    if host_plain == "sudokupad.app"
        || host_plain.ends_with(".sudokupad.app")
        || host_plain == "app.crackingthecryptic.com"
    {
        return sudokupad_path(after_host);
    }
    let shown: String = host.chars().take(60).collect();
    Err(refuse(format!(
        "a link to {shown}: Propagate opens f-puzzles and SudokuPad links that carry the puzzle"
    )))
}

/// The value of `load=` in an f-puzzles link's query.
fn fpuzzles_query(after_host: &str) -> Result<String, FormatError> {
    let query = after_host.split_once('?').map_or("", |(_, q)| q);
    for part in query.split('&') {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        match key.trim() {
            "load" => return Ok(value.to_string()),
            "id" => {
                return Err(refuse(
                    "an f-puzzles short link (?id=): the puzzle is kept on f-puzzles' server, which Propagate does not ask; open it on f-puzzles and share the link with the puzzle in it (?load=)",
                ))
            }
            _ => {}
        }
    }
    Err(refuse(
        "an f-puzzles link without a puzzle: the link to share has ?load= and the puzzle's data",
    ))
}

/// The puzzle id in a SudokuPad link's path or `puzzleid=`.
fn sudokupad_path(after_host: &str) -> Result<String, FormatError> {
    let (path, query) = after_host.split_once('?').unwrap_or((after_host, ""));
    for part in query.split('&') {
        if let Some(id) = part.strip_prefix("puzzleid=") {
            return sudokupad_id(id);
        }
    }
    let path = path
        .split('#')
        .next()
        .unwrap_or(path)
        .trim_start_matches('/');
    let id = ["sudoku.html", "sudoku/", "sudoku", "puzzle/"]
        .iter()
        .find_map(|p| path.strip_prefix(p))
        .unwrap_or(path)
        .trim_start_matches('/');
    sudokupad_id(id)
}

/// The f-puzzles data of a SudokuPad puzzle id, or why Propagate does not open it.
fn sudokupad_id(id: &str) -> Result<String, FormatError> {
    let id = id.trim();
    let lower = id.to_ascii_lowercase();
    if lower.starts_with("fpuzzles") {
        return Ok(id["fpuzzles".len()..].to_string());
    }
    if lower.starts_with("fpuz") {
        return Ok(id["fpuz".len()..].to_string());
    }
    if lower.starts_with("scl") || lower.starts_with("ctc") {
        return Err(refuse(format!(
            "SudokuPad's own format ({}): Propagate opens SudokuPad links that carry f-puzzles data (fpuzzles…); export the puzzle from f-puzzles",
            &lower[..3]
        )));
    }
    if id.is_empty() {
        return Err(refuse("a SudokuPad link without a puzzle"));
    }
    let shown: String = id.chars().take(40).collect();
    Err(refuse(format!(
        "a SudokuPad short id ({shown:?}): the puzzle is kept on SudokuPad's server, which Propagate does not ask; open it in SudokuPad and share an f-puzzles link"
    )))
}

/// Undoes percent-encoding, up to three times over (a link encoded twice), leaving a `%` that
/// starts no escape as it is.
fn percent_decode(text: &str) -> String {
    let mut s = text.to_string();
    for _ in 0..3 {
        if !s.contains('%') {
            break;
        }
        let b = s.as_bytes();
        let mut out = Vec::with_capacity(b.len());
        let mut i = 0;
        let mut changed = false;
        while i < b.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if b[i] == b'%' && i + 2 < b.len() {
                if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    changed = true;
                    continue;
                }
            }
            out.push(b[i]);
            i += 1;
        }
        s = String::from_utf8_lossy(&out).into_owned();
        if !changed {
            break;
        }
    }
    s
}

/// The puzzle in a link's data, after the repairs chat calls for.
fn decode(raw: &str) -> Result<Puzzle, FormatError> {
    let decoded = percent_decode(raw);
    // Cut at what ends a value in a link (`&`, `#`), then drop what is not base64 at the end
    // (a full stop, a closing bracket or `>` after the link).
    let cut = decoded.split(['&', '#']).next().unwrap_or("");
    let is_b64 = |c: char| c.is_ascii_alphanumeric() || "+/=".contains(c);
    let trimmed = cut.trim_end_matches(|c: char| !is_b64(c));
    if trimmed.trim().is_empty() {
        return Err(FormatError::new(
            FormatKind::Data,
            "the link holds no puzzle data after its prefix",
        ));
    }
    // Line breaks and tabs were put in; a space was put in or was a `+`: try both.
    let joined: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '\t'))
        .collect();
    let mut candidates = vec![joined.replace(' ', "+")];
    if joined.contains(' ') {
        candidates.push(joined.replace(' ', ""));
    }
    let mut first_error = None;
    for data in &candidates {
        match lzstring::decompress_from_base64(data) {
            Ok(json) => match fpuzzles::read(&json) {
                Ok(p) => return Ok(p),
                Err(e) => {
                    let e = if e.kind == FormatKind::Json {
                        FormatError::new(
                            FormatKind::Data,
                            format!("the link's data is not f-puzzles JSON: {}", e.detail),
                        )
                    } else {
                        e
                    };
                    first_error.get_or_insert(e);
                }
            },
            Err(e) => {
                first_error.get_or_insert(data_error(&e));
            }
        }
    }
    Err(first_error.unwrap_or_else(|| FormatError::new(FormatKind::Data, "no puzzle data")))
}

fn data_error(e: &LzError) -> FormatError {
    let detail = match e {
        LzError::Character { ch, index } => format!(
            "the link's data holds {ch:?} at character {}, which base64 does not have: a link a chat app shortened for display (…) is cut short; copy the link itself",
            index + 1
        ),
        LzError::CutShort => {
            "the link looks cut short: its data ends before its end marker; copy the whole link"
                .to_string()
        }
        other => format!("the link's data: {other}"),
    };
    FormatError::new(FormatKind::Data, detail)
}
