//! A pull reader of JSON text (RFC 8259) for the trace validator and the readers of shared
//! puzzles (`crate::formats`). The caller asks for the value
//! it expects next (an object's fields, a list's items, a string, a whole number) and gets it, or
//! a [`CheckError`] saying what was found instead and where: the path from the top of the text
//! (the step, and the field inside it) and the line and column. Values nobody asks for are
//! skipped without being held. Nothing here recurses: the caller's code follows the trace's fixed
//! shape, and skipping keeps a stack of the open brackets, at most [`MAX_DEPTH`] deep.

use super::errors::{quote, CheckError, CheckKind, Fail};
use std::borrow::Cow;

/// The deepest nesting a skipped value may have.
pub(crate) const MAX_DEPTH: usize = 128;

/// One step of the path from the top of the text to a value.
enum Seg<'a> {
    Key(Cow<'a, str>),
    Index(usize),
}

/// What a JSON value is, from its first byte.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    Object,
    List,
    String,
    Number,
    Bool,
    Null,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Object => "an object",
            Kind::List => "a list",
            Kind::String => "a string",
            Kind::Number => "a number",
            Kind::Bool => "true or false",
            Kind::Null => "null",
        }
    }
}

/// What [`Reader::entries`] calls for each field: the reader on its value, and its key.
pub(crate) type Entry<'r, 'a> = dyn FnMut(&mut Reader<'a>, Cow<'a, str>) -> Result<(), Fail> + 'r;

pub(crate) struct Reader<'a> {
    text: &'a str,
    pos: usize,
    path: Vec<Seg<'a>>,
    /// What the text should be, as its syntax errors say: `a JSON trace`.
    subject: &'static str,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(text: &'a str) -> Reader<'a> {
        Reader::of(text, "a JSON trace")
    }

    /// A reader of `text` whose syntax errors say it is not `subject` (`f-puzzles JSON`).
    pub(crate) fn of(text: &'a str, subject: &'static str) -> Reader<'a> {
        Reader {
            text,
            pos: 0,
            path: Vec::new(),
            subject,
        }
    }

    fn byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.byte() {
            self.pos += 1;
        }
    }

    /// An error of `kind` at the current position and path. `extra` is one more field below
    /// the path (a missing field's name).
    fn error(&self, kind: CheckKind, extra: Option<&str>, detail: String) -> Fail {
        let (step, rest) = match self.path.as_slice() {
            [Seg::Key(k), Seg::Index(i), rest @ ..] if k == "steps" => (Some(*i), rest),
            all => (None, all),
        };
        let mut field = String::new();
        for seg in rest {
            match seg {
                Seg::Key(k) => {
                    if !field.is_empty() {
                        field.push('.');
                    }
                    field.push_str(k);
                }
                Seg::Index(i) => field.push_str(&format!("[{i}]")),
            }
        }
        if let Some(k) = extra {
            if !field.is_empty() {
                field.push('.');
            }
            field.push_str(k);
        }
        let before = &self.text[..self.pos.min(self.text.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let mut e = CheckError::new(kind, detail);
        e.step = step;
        e.field = (!field.is_empty()).then_some(field);
        e.line = Some(before.bytes().filter(|&b| b == b'\n').count() + 1);
        e.column = Some(before[line_start..].chars().count() + 1);
        e
    }

    /// A value of the wrong type or with a value the format does not allow, here.
    pub(crate) fn fail(&self, detail: String) -> Fail {
        self.error(CheckKind::Field, None, detail)
    }

    /// Text that is not JSON, here.
    fn syntax(&self, detail: &str) -> Fail {
        self.error(
            CheckKind::Json,
            None,
            format!("not {}: {detail}", self.subject),
        )
    }

    /// The kind of the next value, white space skipped.
    pub(crate) fn peek(&mut self) -> Result<Kind, Fail> {
        self.ws();
        Ok(match self.byte() {
            Some(b'{') => Kind::Object,
            Some(b'[') => Kind::List,
            Some(b'"') => Kind::String,
            Some(b'-' | b'0'..=b'9') => Kind::Number,
            Some(b't' | b'f') => Kind::Bool,
            Some(b'n') => Kind::Null,
            Some(_) => {
                let c = self.text[self.pos..].chars().next().unwrap_or(' ');
                return Err(self.syntax(&format!("expected a value, found {:?}", c)));
            }
            None => return Err(self.syntax("the text ends where a value is expected")),
        })
    }

    /// The next value is of `kind`, or the error says what it is instead of `what`.
    fn expect(&mut self, kind: Kind, what: &str) -> Result<(), Fail> {
        let found = self.peek()?;
        if found == kind {
            return Ok(());
        }
        if matches!(found, Kind::Bool | Kind::Null) {
            // Text that only starts like a literal (`nan`) is not JSON at all.
            self.literal()?;
        }
        Err(self.fail(format!("expected {what}, found {}", found.name())))
    }

    /// `true`, `false` or `null`, whichever the next value starts as.
    fn literal(&mut self) -> Result<(), Fail> {
        self.ws();
        let word = match self.byte() {
            Some(b't') => "true",
            Some(b'f') => "false",
            _ => "null",
        };
        if self.text[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.syntax(&format!("expected {word}")))
        }
    }

    /// Whether the next value is `null`, read if it is (an optional field given as null is
    /// absent).
    pub(crate) fn null(&mut self) -> Result<bool, Fail> {
        if self.peek()? == Kind::Null {
            self.literal()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// `true` or `false`.
    pub(crate) fn boolean(&mut self) -> Result<bool, Fail> {
        self.expect(Kind::Bool, "true or false")?;
        let value = self.byte() == Some(b't');
        self.literal()?;
        Ok(value)
    }

    /// A string, its escapes decoded (borrowed from the text when it has none).
    pub(crate) fn string(&mut self, what: &str) -> Result<Cow<'a, str>, Fail> {
        self.expect(Kind::String, what)?;
        self.pos += 1;
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let mut out: Option<String> = None;
        loop {
            let run = self.pos;
            while let Some(&b) = bytes.get(self.pos) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            if let Some(s) = &mut out {
                s.push_str(&self.text[run..self.pos]);
            }
            match self.byte() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(match out {
                        Some(s) => Cow::Owned(s),
                        None => Cow::Borrowed(&self.text[start..self.pos - 1]),
                    });
                }
                Some(b'\\') => {
                    let s = out.get_or_insert_with(|| self.text[start..self.pos].to_string());
                    self.pos += 1;
                    let c = match self.byte() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            s.push(self.unicode_escape()?);
                            continue;
                        }
                        _ => {
                            return Err(self.syntax("an escape in a string that JSON does not have"))
                        }
                    };
                    s.push(c);
                    self.pos += 1;
                }
                Some(_) => return Err(self.syntax("a control character inside a string")),
                None => return Err(self.syntax("the text ends inside a string")),
            }
        }
    }

    /// The character of a `\uXXXX` escape (two of them for a surrogate pair), the reader on its
    /// `u`; leaves the reader after it.
    fn unicode_escape(&mut self) -> Result<char, Fail> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !self.text[self.pos..].starts_with("\\u") {
                    return Err(self.syntax("a lone surrogate in a \\u escape"));
                }
                self.pos += 1;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.syntax("a lone surrogate in a \\u escape"));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.syntax("a lone surrogate in a \\u escape")),
            c => c,
        };
        char::from_u32(code).ok_or_else(|| self.syntax("an invalid \\u escape"))
    }

    /// The four hex digits after the `u` the reader is on.
    fn hex4(&mut self) -> Result<u32, Fail> {
        let digits = self.text.get(self.pos + 1..self.pos + 5).unwrap_or("");
        match u32::from_str_radix(digits, 16) {
            Ok(n) if digits.bytes().all(|b| b.is_ascii_hexdigit()) => {
                self.pos += 5;
                Ok(n)
            }
            _ => Err(self.syntax("a \\u escape needs four hex digits")),
        }
    }

    /// A number's text, checked against JSON's grammar.
    pub(crate) fn number(&mut self) -> Result<&'a str, Fail> {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let digits = |pos: &mut usize| {
            let from = *pos;
            while bytes.get(*pos).is_some_and(u8::is_ascii_digit) {
                *pos += 1;
            }
            *pos > from
        };
        let mut pos = self.pos;
        if bytes.get(pos) == Some(&b'-') {
            pos += 1;
        }
        let int_start = pos;
        let mut ok = digits(&mut pos) && (bytes[int_start] != b'0' || pos == int_start + 1);
        if ok && bytes.get(pos) == Some(&b'.') {
            pos += 1;
            ok = digits(&mut pos);
        }
        if ok && matches!(bytes.get(pos), Some(b'e' | b'E')) {
            pos += 1;
            if matches!(bytes.get(pos), Some(b'+' | b'-')) {
                pos += 1;
            }
            ok = digits(&mut pos);
        }
        self.pos = pos;
        if !ok {
            return Err(self.syntax("a number JSON does not allow"));
        }
        Ok(&self.text[start..pos])
    }

    /// A whole number from 0 to `max`.
    pub(crate) fn uint(&mut self, max: u64) -> Result<u64, Fail> {
        self.expect(Kind::Number, "a whole number")?;
        let text = self.number()?;
        whole(text, max).ok_or_else(|| {
            let mut shown: String = text.chars().take(40).collect();
            if shown.len() < text.len() {
                shown.push('…');
            }
            self.fail(format!(
                "is {shown}: expected a whole number from 0 to {max}"
            ))
        })
    }

    /// An object's fields in file order: `each` is given each key, the reader on its value, and
    /// reads the value (or fails).
    pub(crate) fn entries(&mut self, what: &str, each: &mut Entry<'_, 'a>) -> Result<(), Fail> {
        self.expect(Kind::Object, what)?;
        self.pos += 1;
        self.ws();
        if self.byte() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            let key = self.key()?;
            each(self, key)?;
            self.ws();
            match self.byte() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return Err(self.syntax("expected `,` or `}` after a field")),
            }
        }
    }

    /// A field's name and its `:`.
    fn key(&mut self) -> Result<Cow<'a, str>, Fail> {
        self.ws();
        if self.byte() != Some(b'"') {
            return Err(self.syntax("expected a field name in double quotes"));
        }
        let key = self.string("")?;
        self.ws();
        if self.byte() != Some(b':') {
            return Err(self.syntax("expected `:` after a field name"));
        }
        self.pos += 1;
        Ok(key)
    }

    /// An object of the fields `names`, each at most once and no other: `value(reader, k)` reads
    /// the value of `names[k]`, except that a field of the `optional` ones (bit `k` for
    /// `names[k]`) given as `null` is left out. Returns the fields given a value, bit `k` for
    /// `names[k]` (the typed layer over this is `raw::object`).
    pub(crate) fn object(
        &mut self,
        what: &str,
        names: &[&'static str],
        optional: u32,
        value: &mut dyn FnMut(&mut Self, usize) -> Result<(), Fail>,
    ) -> Result<u32, Fail> {
        let mut seen = 0u32;
        let mut given = 0u32;
        self.entries(what, &mut |r, key| {
            let Some(k) = names.iter().position(|n| *n == key) else {
                return Err(r.fail(format!(
                    "unknown field {}: {what} has the fields {}",
                    quote(&key),
                    names.join(", ")
                )));
            };
            if seen & 1 << k != 0 {
                return Err(r.fail(format!("duplicate field {}", quote(&key))));
            }
            seen |= 1 << k;
            r.path.push(Seg::Key(Cow::Borrowed(names[k])));
            if optional & 1 << k == 0 || !r.null()? {
                value(r, k)?;
                given |= 1 << k;
            }
            r.path.pop();
            Ok(())
        })?;
        Ok(given)
    }

    /// The first of the fields `required` (bits, as [`Self::object`] returns them; none of them
    /// optional) that is not in `given`, as an error at the object's end.
    pub(crate) fn require(
        &self,
        what: &str,
        names: &[&'static str],
        given: u32,
        required: u32,
    ) -> Result<(), Fail> {
        match (0..names.len()).find(|&k| required & !given & 1 << k != 0) {
            Some(k) => Err(self.error(
                CheckKind::Field,
                Some(names[k]),
                format!("missing: {what} has a field {}", names[k]),
            )),
            None => Ok(()),
        }
    }

    /// Goes down into the field `key` (a key of `stats.steps`, which [`Self::object`] does not
    /// read).
    pub(crate) fn path_push(&mut self, key: Cow<'a, str>) {
        self.path.push(Seg::Key(key));
    }

    pub(crate) fn path_pop(&mut self) {
        self.path.pop();
    }

    /// A list of at most `max` items: `item(reader, i)` reads item `i`. One more is an error
    /// before it is read. Returns the number of items.
    pub(crate) fn list(
        &mut self,
        what: &str,
        max: usize,
        item: &mut dyn FnMut(&mut Self, usize) -> Result<(), Fail>,
    ) -> Result<usize, Fail> {
        self.expect(Kind::List, what)?;
        self.pos += 1;
        self.ws();
        if self.byte() == Some(b']') {
            self.pos += 1;
            return Ok(0);
        }
        let mut n = 0;
        loop {
            if n == max {
                return Err(self.fail(format!(
                    "lists more than {max} items: this list has at most {max}"
                )));
            }
            self.path.push(Seg::Index(n));
            item(self, n)?;
            self.path.pop();
            n += 1;
            self.ws();
            match self.byte() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(n);
                }
                _ => return Err(self.syntax("expected `,` or `]` after an item")),
            }
        }
    }

    /// Skips the next value, whatever it is, holding nothing but the brackets open in it.
    pub(crate) fn skip(&mut self) -> Result<(), Fail> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            match self.peek()? {
                Kind::Object | Kind::List => {
                    let (close, is_object) = match self.byte() {
                        Some(b'{') => (b'}', true),
                        _ => (b']', false),
                    };
                    self.pos += 1;
                    self.ws();
                    if self.byte() == Some(close) {
                        self.pos += 1;
                    } else {
                        if open.len() == MAX_DEPTH {
                            return Err(self.syntax(&format!("nested more than {MAX_DEPTH} deep")));
                        }
                        open.push(close);
                        if is_object {
                            self.key()?;
                        }
                        continue;
                    }
                }
                Kind::String => {
                    self.string("")?;
                }
                Kind::Number => {
                    self.number()?;
                }
                Kind::Bool | Kind::Null => self.literal()?,
            }
            // After a value: the next item or field, or the end of the brackets it closes.
            loop {
                let Some(&close) = open.last() else {
                    return Ok(());
                };
                self.ws();
                match self.byte() {
                    Some(b',') => {
                        self.pos += 1;
                        if close == b'}' {
                            self.key()?;
                        }
                        break;
                    }
                    Some(c) if c == close => {
                        self.pos += 1;
                        open.pop();
                    }
                    _ => {
                        return Err(self.syntax(if close == b'}' {
                            "expected `,` or `}` after a field"
                        } else {
                            "expected `,` or `]` after an item"
                        }))
                    }
                }
            }
        }
    }

    /// Nothing but white space is left.
    pub(crate) fn end(&mut self) -> Result<(), Fail> {
        self.ws();
        if self.pos < self.text.len() {
            return Err(self.syntax("trailing characters after the end"));
        }
        Ok(())
    }
}

/// The whole number `text` is (JSON number text), if it is one from 0 to `max`.
pub(crate) fn whole(text: &str, max: u64) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.bytes().try_fold(0u64, |n, b| {
        n.checked_mul(10)?
            .checked_add(u64::from(b - b'0'))
            .filter(|&n| n <= max)
    })
}
