// Pure: the size a puzzle's text may have, as the parser counts it. The parser
// (solver_core::parse::MAX_INPUT, docs/limits.md) refuses a text over 100,000 bytes of UTF-8
// before reading it; the page applies the same bound where the text has not reached the parser:
// whitespace that would otherwise count as an empty puzzle, and a link's p= (url.js), which is
// refused before it is put in the text box.

/** The parser's cap on a puzzle's text, in bytes of UTF-8. */
export const MAX_INPUT_BYTES = 100_000;

/** The bytes of `text` in UTF-8. */
export function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    // A surrogate pair: 4 bytes for the pair, 2 counted here and 2 for its low half.
    else if (c >= 0xd800 && c < 0xe000) n += 2;
    else n += 3;
  }
  return n;
}

/** True when `text` is over the parser's cap (a text that long in UTF-16 units is, without counting). */
export function overInputCap(text) {
  if (text.length <= MAX_INPUT_BYTES / 3) return false;
  if (text.length > MAX_INPUT_BYTES) return true;
  return utf8Length(text) > MAX_INPUT_BYTES;
}
