//! lz-string's `compressToBase64` and `decompressFromBase64` (pieroxy's lz-string 1.x, the
//! compression of f-puzzles links and of SudokuPad's `fpuzzles` ids), bit for bit.
//!
//! The compressor is LZW over UTF-16 code units, its codes written low bit first, 6 bits to a
//! character of the base64 alphabet, with `=` padding to a multiple of four characters. Where
//! the JavaScript returns `""` or `null` for data it cannot read, [`decompress_from_base64`] says
//! what is wrong: a character outside the alphabet, data that ends before its end marker (a cut
//! link), a code the dictionary does not have yet, or text longer than [`MAX_TEXT`].

/// The base64 alphabet lz-string writes (`=` is also its padding).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The most UTF-16 code units a decompression gives: far more than any puzzle's JSON, and a
/// bound on the memory that data crafted to expand (LZW's output can grow with the square of
/// its input) takes.
pub const MAX_TEXT: usize = 1 << 20;

/// Why data does not decompress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LzError {
    /// The data is empty.
    Empty,
    /// A character that is not in lz-string's base64 alphabet, at this 0-based character index.
    Character { ch: char, index: usize },
    /// The data ends before its end marker: it was cut short.
    CutShort,
    /// A code the dictionary does not hold at that point: the data is not lz-string's, or it
    /// was changed.
    BadCode,
    /// The text would be longer than [`MAX_TEXT`] code units.
    TooLong,
    /// The code units are not text (a lone surrogate).
    NotText,
}

impl std::fmt::Display for LzError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LzError::Empty => write!(f, "the compressed data is empty"),
            LzError::Character { ch, index } => write!(
                f,
                "the compressed data holds {ch:?} at character {}, which base64 does not have",
                index + 1
            ),
            LzError::CutShort => write!(
                f,
                "the compressed data looks cut short: it ends before its end marker (copy the whole link)"
            ),
            LzError::BadCode => write!(
                f,
                "the compressed data is damaged: it does not decompress (lz-string base64)"
            ),
            LzError::TooLong => write!(
                f,
                "the compressed data expands past {MAX_TEXT} characters, more than any puzzle"
            ),
            LzError::NotText => write!(f, "the compressed data decompresses to something not text"),
        }
    }
}

impl std::error::Error for LzError {}

/// Writes codes low bit first, six bits to a character.
struct Bits {
    out: Vec<u8>,
    val: u8,
    pos: u32,
}

impl Bits {
    #[inline(never)]
    fn write(&mut self, mut value: u32, bits: u32) {
        for _ in 0..bits {
            self.val = (self.val << 1) | (value & 1) as u8;
            if self.pos == 5 {
                self.pos = 0;
                self.out.push(ALPHABET[self.val as usize]);
                self.val = 0;
            } else {
                self.pos += 1;
            }
            value >>= 1;
        }
    }
}

/// The encoder's state: the dictionary as a trie (single code units sorted for a binary search,
/// and each code's longer phrases as (unit, code) pairs), the code width and when it grows.
struct Encoder {
    bits: Bits,
    /// (unit, code, not written out as a literal yet), sorted by unit.
    singles: Vec<(u16, u32, bool)>,
    /// The phrases one unit longer than each code's: `children[code]`.
    children: Vec<Vec<(u16, u32)>>,
    dict_size: u32,
    num_bits: u32,
    enlarge_in: u32,
}

impl Encoder {
    fn shrink_enlarge(&mut self) {
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1 << self.num_bits;
            self.num_bits += 1;
        }
    }

    /// Writes the phrase `w` (its code, and its unit when it is a single one).
    #[inline(never)]
    fn emit(&mut self, code: u32, single: Option<u16>) {
        let fresh = single.and_then(|unit| {
            let i = self.singles.binary_search_by_key(&unit, |s| s.0).ok()?;
            std::mem::replace(&mut self.singles[i].2, false).then_some(unit)
        });
        match fresh {
            Some(unit) => {
                if unit < 256 {
                    self.bits.write(0, self.num_bits);
                    self.bits.write(u32::from(unit), 8);
                } else {
                    self.bits.write(1, self.num_bits);
                    self.bits.write(u32::from(unit), 16);
                }
                self.shrink_enlarge();
            }
            _ => self.bits.write(code, self.num_bits),
        }
        self.shrink_enlarge();
    }
}

/// `LZString.compressToBase64(text)`.
#[inline(never)]
pub fn compress_to_base64(text: &str) -> String {
    let mut e = Encoder {
        bits: Bits {
            out: Vec::new(),
            val: 0,
            pos: 0,
        },
        singles: Vec::new(),
        children: vec![Vec::new(); 3],
        dict_size: 3,
        num_bits: 2,
        enlarge_in: 2,
    };
    // The phrase `w`: its code, and its unit when it is one unit long.
    let mut w: Option<(u32, Option<u16>)> = None;
    for unit in text.encode_utf16() {
        let single = match e.singles.binary_search_by_key(&unit, |s| s.0) {
            Ok(i) => e.singles[i].1,
            Err(i) => {
                e.singles.insert(i, (unit, e.dict_size, true));
                e.children.push(Vec::new());
                e.dict_size += 1;
                e.dict_size - 1
            }
        };
        w = Some(match w {
            None => (single, Some(unit)),
            Some((code, w_single)) => {
                let found = e.children[code as usize].iter().find(|c| c.0 == unit);
                match found {
                    Some(&(_, wc)) => (wc, None),
                    None => {
                        e.emit(code, w_single);
                        let new = e.dict_size;
                        e.children[code as usize].push((unit, new));
                        e.children.push(Vec::new());
                        e.dict_size += 1;
                        (single, Some(unit))
                    }
                }
            }
        });
    }
    if let Some((code, single)) = w {
        e.emit(code, single);
    }
    // The end marker, then the last character filled with zero bits (always one more step, as
    // the JavaScript does).
    e.bits.write(2, e.num_bits);
    loop {
        e.bits.val <<= 1;
        if e.bits.pos == 5 {
            e.bits.out.push(ALPHABET[e.bits.val as usize]);
            break;
        }
        e.bits.pos += 1;
    }
    let mut out = e.bits.out;
    while out.len() % 4 != 0 {
        out.push(b'=');
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Reads the data's bits, low bit first within each 6-bit character.
struct Reader<'a> {
    data: &'a [u8],
    /// The next character's index.
    index: usize,
    val: u32,
    /// The bit of `val` read next (32 down to 1).
    position: u32,
}

impl Reader<'_> {
    #[inline(never)]
    fn read(&mut self, bits: u32) -> Result<u32, LzError> {
        let mut out = 0;
        for k in 0..bits {
            if self.position == 0 {
                // The JavaScript reads past the end as zero bits and only notices at the next
                // code; data that runs out inside a code is cut short all the same.
                let Some(&c) = self.data.get(self.index) else {
                    return Err(LzError::CutShort);
                };
                self.val = value_of(c).ok_or(LzError::BadCode)?;
                self.index += 1;
                self.position = 32;
            }
            if self.val & self.position != 0 {
                out |= 1 << k;
            }
            self.position >>= 1;
        }
        Ok(out)
    }
}

/// A character's 6-bit value; `=` reads as 64, which contributes no bits, as in the JavaScript.
fn value_of(c: u8) -> Option<u32> {
    if c == b'=' {
        return Some(64);
    }
    ALPHABET.iter().position(|&a| a == c).map(|v| v as u32)
}

/// `LZString.decompressFromBase64(data)`, or why the data does not decompress.
#[inline(never)]
pub fn decompress_from_base64(data: &str) -> Result<String, LzError> {
    if data.is_empty() {
        return Err(LzError::Empty);
    }
    if let Some((index, ch)) = data
        .chars()
        .enumerate()
        .find(|&(_, c)| !c.is_ascii() || value_of(c as u8).is_none())
    {
        return Err(LzError::Character { ch, index });
    }
    let mut r = Reader {
        data: data.as_bytes(),
        index: 0,
        val: 0,
        position: 0,
    };
    // The text so far, and each dictionary entry as a range of it: an entry is always a phrase
    // just written followed by the first unit of the next, so it lies in the text.
    let mut out: Vec<u16> = Vec::new();
    // Entries 0..3 stand for the three special codes and are never looked up.
    let mut dict: Vec<(usize, usize)> = vec![(0, 0); 3];
    let mut enlarge_in: u32 = 4;
    let mut num_bits: u32 = 3;
    let first = match r.read(2)? {
        0 => r.read(8)? as u16,
        1 => r.read(16)? as u16,
        2 => return Ok(String::new()),
        _ => return Err(LzError::BadCode),
    };
    out.push(first);
    dict.push((0, 1));
    // The previous phrase, as a range of the text; it ends where the next one starts.
    let mut w = (0usize, 1usize);
    loop {
        let code = r.read(num_bits)? as usize;
        let start = out.len();
        let len = match code {
            0 | 1 => {
                let unit = if code == 0 { r.read(8)? } else { r.read(16)? } as u16;
                if out.len() >= MAX_TEXT {
                    return Err(LzError::TooLong);
                }
                out.push(unit);
                dict.push((start, 1));
                enlarge_in -= 1;
                if enlarge_in == 0 {
                    enlarge_in = 1 << num_bits;
                    num_bits += 1;
                }
                1
            }
            2 => return String::from_utf16(&out).map_err(|_| LzError::NotText),
            c if c < dict.len() => {
                let (from, len) = dict[c];
                if out.len() + len > MAX_TEXT {
                    return Err(LzError::TooLong);
                }
                out.extend_from_within(from..from + len);
                len
            }
            c if c == dict.len() => {
                // The phrase being defined: w and w's first unit.
                if out.len() + w.1 + 1 > MAX_TEXT {
                    return Err(LzError::TooLong);
                }
                out.extend_from_within(w.0..w.0 + w.1);
                out.push(out[w.0]);
                w.1 + 1
            }
            _ => return Err(LzError::BadCode),
        };
        // w and the first unit of this phrase lie together in the text.
        dict.push((w.0, w.1 + 1));
        enlarge_in -= 1;
        w = (start, len);
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}
