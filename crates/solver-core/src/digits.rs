//! A set of candidate digits for one box: a 9-bit mask, bit `d - 1` for digit `d`.

use serde::{Serialize, Serializer};
use std::fmt;

/// A digit 1..=9.
pub type Digit = u8;

/// The candidates of a box. `Digits::ALL` is an unknown box; one digit is a solved box;
/// an empty set is a contradiction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Digits(u16);

impl Digits {
    pub const ALL: Digits = Digits(0x1ff);
    pub const NONE: Digits = Digits(0);

    /// The set holding only `d` (1..=9).
    #[inline]
    pub const fn single(d: Digit) -> Digits {
        Digits(1 << (d - 1))
    }

    #[inline]
    pub const fn from_bits(bits: u16) -> Digits {
        Digits(bits & 0x1ff)
    }

    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    #[inline]
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << (d - 1)) != 0
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when exactly two candidates are left (without counting them all: without the
    /// lowest, exactly one is left).
    #[inline]
    pub const fn is_pair(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        (rest != 0) & (rest & rest.wrapping_sub(1) == 0) // `&`: no branch
    }

    /// The digit of a solved box, `None` unless exactly one candidate is left.
    #[inline]
    pub const fn solved(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as Digit + 1)
        } else {
            None
        }
    }

    #[inline]
    pub const fn without(self, other: Digits) -> Digits {
        Digits(self.0 & !other.0)
    }

    #[inline]
    pub const fn with(self, d: Digit) -> Digits {
        Digits(self.0 | (1 << (d - 1)))
    }

    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let d = bits.trailing_zeros() as Digit + 1;
                bits &= bits - 1;
                Some(d)
            }
        })
    }
}

impl Digits {
    /// The digits in ascending order as text, `"2379"`, written into `buf`: what `Display` and
    /// `Serialize` both write, without a `String`.
    fn text(self, buf: &mut [u8; 9]) -> &str {
        let mut n = 0;
        for d in self.iter() {
            buf[n] = b'0' + d;
            n += 1;
        }
        std::str::from_utf8(&buf[..n]).expect("digits are ASCII")
    }
}

/// Written as the course writes candidates: the digits in ascending order, `"2379"`.
impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.text(&mut [0; 9]))
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digits(\"{self}\")")
    }
}

impl Serialize for Digits {
    /// As `Display` writes it, `"2379"`, without the formatting machinery.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text(&mut [0; 9]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mask_serializes_as_it_displays() {
        for bits in 0..512u16 {
            let d = Digits::from_bits(bits);
            assert_eq!(serde_json::to_string(&d).unwrap(), format!("\"{d}\""));
        }
    }

    #[test]
    fn digits_basics() {
        let d = Digits::single(2).with(3).with(7).with(9);
        assert_eq!(d.to_string(), "2379");
        assert_eq!(d.len(), 4);
        assert!(d.contains(7) && !d.contains(1));
        assert_eq!(d.solved(), None);
        assert_eq!(Digits::single(4).solved(), Some(4));
        assert_eq!(Digits::NONE.solved(), None);
        for bits in 0..512 {
            let d = Digits::from_bits(bits);
            assert_eq!(d.is_pair(), d.len() == 2, "{d}");
        }
        assert_eq!(
            Digits::ALL.iter().collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
        assert_eq!(d.without(Digits::single(3)).to_string(), "279");
    }
}
