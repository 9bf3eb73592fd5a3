//! The text of a trace file, from its bytes: what `propagate check` and the wasm facade's
//! `openTrace` both read a file through, so that they take and refuse the same files.
//!
//! A trace is JSON, which is UTF-8 (RFC 8259, section 8.1). A UTF-8 byte order mark at the start
//! is skipped (the RFC lets a reader ignore it; Windows editors write it). UTF-16 and UTF-32 are
//! refused by name (found by their byte order mark or, without one, by the zero bytes of the
//! first ASCII characters, RFC 4627 section 3), and so are the first byte that is not UTF-8 and
//! the first control character JSON allows nowhere (below U+0020 but tab, line feed and
//! carriage return). These are found as the bytes arrive: a stream of zeros is refused at its
//! first byte, not once its size cap is read.

use super::{CheckError, CheckKind, CheckLimits, Fail};
use std::io::{self, Read};

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The text of a whole file's bytes, its byte order mark left out (module doc).
pub fn text_of(bytes: &[u8]) -> Result<&str, CheckError> {
    let start = start(bytes, true).map_err(|e| *e)?.unwrap_or(0);
    scan(bytes, start, start, true).map_err(|e| *e)?;
    Ok(std::str::from_utf8(&bytes[start..]).expect("checked to be UTF-8"))
}

/// Reads the text of a trace from `input` as [`text_of`] reads a file's bytes, up to
/// `limits.max_bytes` bytes. `size` is the input's size when it is known in advance (a regular
/// file's): over the cap it is refused before anything is read ([`super::check_size`]), else
/// the memory for it is taken at once. Without it (standard input, a pipe, a device), one byte
/// over the cap ends the reading: *"the input is too large: more than N bytes"*. Reading stops
/// at the first byte the text cannot hold (module doc). What is held is the bytes read so far;
/// memory the system refuses for them is an error of kind [`io::ErrorKind::OutOfMemory`], not
/// an abort.
pub fn read_text<R: Read>(
    mut input: R,
    size: Option<u64>,
    limits: &CheckLimits,
) -> io::Result<Result<String, CheckError>> {
    let mut bytes: Vec<u8> = Vec::new();
    if let Some(size) = size {
        if let Err(e) = super::check_size(size, limits) {
            return Ok(Err(e));
        }
        reserve(&mut bytes, size.min(limits.max_bytes) as usize, true)?;
    }
    let mut chunk = vec![0u8; 1 << 16];
    let mut begin: Option<usize> = None;
    let mut checked = 0;
    let outcome = loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        // The bytes up to the cap are kept and checked; one more is enough to refuse.
        let room = limits.max_bytes.saturating_sub(bytes.len() as u64);
        let keep = n.min(usize::try_from(room).unwrap_or(usize::MAX));
        reserve(&mut bytes, keep, false)?;
        bytes.extend_from_slice(&chunk[..keep]);
        if begin.is_none() {
            match start(&bytes, false) {
                Ok(b) => begin = b,
                Err(e) => break Err(e),
            }
        }
        if let Some(b) = begin {
            match scan(&bytes, b, checked.max(b), false) {
                Ok(upto) => checked = upto,
                Err(e) => break Err(e),
            }
        }
        if keep < n {
            break Err(CheckError::new(
                CheckKind::TooLarge,
                format!(
                    "the input is too large: more than {max} bytes (a trace is read up to {max} \
                     bytes)",
                    max = limits.max_bytes
                ),
            ));
        }
    };
    let begin = match (outcome, begin) {
        (Err(e), _) => return Ok(Err(*e)),
        (Ok(()), Some(b)) => b,
        (Ok(()), None) => match start(&bytes, true) {
            Ok(b) => b.unwrap_or(0),
            Err(e) => return Ok(Err(*e)),
        },
    };
    if let Err(e) = scan(&bytes, begin, checked.max(begin), true) {
        return Ok(Err(*e));
    }
    bytes.drain(..begin);
    Ok(Ok(String::from_utf8(bytes).expect("checked to be UTF-8")))
}

/// Makes room for `more` bytes, or says that the system refused the memory.
fn reserve(bytes: &mut Vec<u8>, more: usize, exact: bool) -> io::Result<()> {
    let taken = if exact {
        bytes.try_reserve_exact(more)
    } else {
        bytes.try_reserve(more)
    };
    taken.map_err(|_| {
        io::Error::new(
            io::ErrorKind::OutOfMemory,
            format!(
                "out of memory: the system refused the memory to hold {} bytes of the trace",
                bytes.len().saturating_add(more)
            ),
        )
    })
}

/// Where the text starts in `bytes`: after a UTF-8 byte order mark, else at 0; `None` while
/// too few bytes have arrived to tell (`whole`: no more will). UTF-16 and UTF-32 are an error.
fn start(bytes: &[u8], whole: bool) -> Result<Option<usize>, Fail> {
    if bytes.len() < 4 && !whole {
        return Ok(None);
    }
    if bytes.starts_with(BOM) {
        return Ok(Some(BOM.len()));
    }
    // By the byte order mark, else by where the zero bytes of a first character (an ASCII one,
    // not NUL) fall.
    let encoding = match *bytes {
        [0, 0, 0xfe, 0xff, ..] => "UTF-32 (big-endian)",
        [0xff, 0xfe, 0, 0, ..] => "UTF-32 (little-endian)",
        [0xfe, 0xff, ..] => "UTF-16 (big-endian)",
        [0xff, 0xfe, ..] => "UTF-16 (little-endian)",
        [0, 0, 0, c, ..] if c != 0 => "UTF-32 (big-endian)",
        [0, c, ..] if c != 0 => "UTF-16 (big-endian)",
        [c, 0, 0, 0, ..] if c != 0 => "UTF-32 (little-endian)",
        [c, 0, ..] if c != 0 => "UTF-16 (little-endian)",
        _ => return Ok(Some(0)),
    };
    Err(CheckError::new(
        CheckKind::Json,
        format!(
            "not a JSON trace: the text is {encoding}; a trace is UTF-8 (RFC 8259): save it as \
             UTF-8"
        ),
    ))
}

/// Checks `bytes[from..]` (the text starts at `begin`): UTF-8, and no control character JSON
/// allows nowhere. Unless `whole`, a character cut by the end of the bytes is left for when more
/// have arrived. Returns how far the bytes are checked.
fn scan(bytes: &[u8], begin: usize, from: usize, whole: bool) -> Result<usize, Fail> {
    let (valid, bad) = match std::str::from_utf8(&bytes[from..]) {
        Ok(_) => (bytes.len(), None),
        Err(e) => (from + e.valid_up_to(), Some(e.error_len())),
    };
    // Below 0x80 a byte of UTF-8 is the ASCII character itself.
    let control = bytes[from..valid]
        .iter()
        .position(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'));
    if let Some(i) = control {
        let at = from + i;
        return Err(placed(
            format!(
                "not a JSON trace: byte {at} is the control character U+{:04X}, which JSON \
                 allows nowhere",
                bytes[at]
            ),
            bytes,
            begin,
            at,
        ));
    }
    match bad {
        None => Ok(valid),
        Some(None) if !whole => Ok(valid),
        Some(_) => Err(placed(
            format!(
                "not a JSON trace: byte {valid} (0x{:02x}) is not UTF-8; a trace is UTF-8 text",
                bytes[valid]
            ),
            bytes,
            begin,
            valid,
        )),
    }
}

/// A JSON error at byte `at`, with its line and column in the text (which starts at `begin`
/// and is UTF-8 up to `at`), as the JSON reader gives them.
fn placed(detail: String, bytes: &[u8], begin: usize, at: usize) -> Fail {
    // Bytes `begin..at` are UTF-8: a character starts at every byte that is not a continuation
    // byte (0b10xx_xxxx). A loop of its own: `str`'s line and character counts cost the page's
    // wasm more than they do here.
    let (mut line, mut column) = (1, 1);
    for &b in &bytes[begin..at] {
        if b == b'\n' {
            (line, column) = (line + 1, 1);
        } else if b & 0xc0 != 0x80 {
            column += 1;
        }
    }
    let mut e = CheckError::new(CheckKind::Json, detail);
    e.line = Some(line);
    e.column = Some(column);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `read_text` on `bytes` arriving `n` at a time, as a pipe may deliver them.
    fn read_in(bytes: &[u8], n: usize, max_bytes: u64) -> Result<String, CheckError> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let k = self.0.len().min(self.1).min(buf.len());
                buf[..k].copy_from_slice(&self.0[..k]);
                self.0 = &self.0[k..];
                Ok(k)
            }
        }
        let limits = CheckLimits {
            max_bytes,
            max_steps: 10,
        };
        read_text(Trickle(bytes, n), None, &limits).unwrap()
    }

    #[test]
    fn a_stream_and_the_whole_bytes_give_one_answer() {
        let cases: [&[u8]; 12] = [
            b"{\"a\": \"\xc3\xa9t\xc3\xa9\"}",
            b"\xef\xbb\xbf{}",
            b"\xef\xbb\xbf",
            b"",
            b"{",
            b"\x00",
            b"{\n  \"a\": \"x\x01\"}",
            b"{\"a\": \"\xe9\"}",
            b"{\"a\": \"\xc3",
            b"\xff\xfe{\x00}\x00",
            b"{\x00}\x00",
            b"\x00{",
        ];
        for bytes in cases {
            let whole = text_of(bytes).map(str::to_string);
            for n in [1, 2, 3, 5, 64] {
                assert_eq!(read_in(bytes, n, 1000), whole, "{bytes:?} {n} at a time");
            }
        }
        assert_eq!(text_of(b"\xef\xbb\xbf{}").unwrap(), "{}");
        let e = text_of(b"{\n  \"a\": \"x\x01\"}").unwrap_err();
        assert_eq!(
            e.to_string(),
            "not a JSON trace: byte 11 is the control character U+0001, which JSON allows \
             nowhere (line 2, column 10)"
        );
        // The column counts characters, not bytes: "é" is two bytes, one column.
        let e = text_of(b"{\n\"\xc3\xa9\x02\"}").unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let e = text_of(b"{\"a\": \"\xc3").unwrap_err();
        assert!(e
            .to_string()
            .starts_with("not a JSON trace: byte 7 (0xc3) is not UTF-8"));
        assert!(text_of(b"\x00{")
            .unwrap_err()
            .to_string()
            .contains("UTF-16 (big-endian)"));
    }

    #[test]
    fn a_stream_over_the_cap_is_refused_after_its_last_byte_allowed() {
        assert_eq!(read_in(b"{}  ", 3, 4).unwrap(), "{}  ");
        let e = read_in(b"{}   ", 3, 4).unwrap_err();
        assert_eq!(e.kind, CheckKind::TooLarge);
        assert_eq!(
            e.to_string(),
            "the input is too large: more than 4 bytes (a trace is read up to 4 bytes)"
        );
        // A byte refused within the cap is named first.
        let e = read_in(b"{\x00   ", 64, 4).unwrap_err();
        assert_eq!(e.kind, CheckKind::Json);
    }
}
