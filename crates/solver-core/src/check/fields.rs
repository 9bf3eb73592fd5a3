//! An object's fields by name: each kind of object in a trace (the trace, a unit, a step, a
//! change, a contradiction, an outcome, the stats) has an enum of its fields, declared with
//! [`fields!`], and sets of them are [`FieldSet`]s. The reader looks a key up among the names
//! and hands back the field, so what a field is read into, which fields are required and which
//! ones a step kind has are all said by name: reordering a declaration changes only the order
//! in which errors list the fields.

use super::errors::{quote, CheckError, CheckKind, Fail};
use std::marker::PhantomData;

/// The fields of one kind of object.
pub(super) trait Field: Copy + 'static {
    /// The object, for messages (`a step`).
    const WHAT: &'static str;
    /// The field names, in the format's order: the order errors list and look for them in.
    const NAMES: &'static [&'static str];
    /// The fields, in the order of [`Self::NAMES`].
    const ALL: &'static [Self];
    /// The fields every such object has. Every other one may be absent, or `null` for absent.
    const REQUIRED: FieldSet<Self>;
    /// The field's place in [`Self::NAMES`] and [`Self::ALL`] (its bit in a [`FieldSet`]).
    fn index(self) -> usize;
}

/// Declares an enum of an object's fields and its [`Field`] impl: the variants and their
/// names in the format's order, and the required ones by name.
macro_rules! fields {
    (
        $(#[$doc:meta])*
        $name:ident ($what:literal) {
            $($field:ident = $key:literal,)+
        }
        required: [$($required:ident),*]
    ) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub(super) enum $name {
            $($field,)+
        }

        impl $crate::check::fields::Field for $name {
            const WHAT: &'static str = $what;
            const NAMES: &'static [&'static str] = &[$($key,)+];
            const ALL: &'static [Self] = &[$(Self::$field,)+];
            const REQUIRED: $crate::check::fields::FieldSet<Self> =
                Self::set(&[$(Self::$required),*]);
            fn index(self) -> usize {
                self as usize
            }
        }

        impl $name {
            /// These fields, as a set.
            pub(super) const fn set(fields: &[Self]) -> $crate::check::fields::FieldSet<Self> {
                let mut bits = 0;
                let mut i = 0;
                while i < fields.len() {
                    bits |= 1 << fields[i] as u32;
                    i += 1;
                }
                $crate::check::fields::FieldSet::from_bits(bits)
            }
        }
    };
}
pub(super) use fields;

/// A set of an object's fields.
pub(super) struct FieldSet<F> {
    bits: u32,
    of: PhantomData<F>,
}

impl<F> Clone for FieldSet<F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F> Copy for FieldSet<F> {}

impl<F> Default for FieldSet<F> {
    /// No field.
    fn default() -> Self {
        FieldSet::from_bits(0)
    }
}

impl<F> PartialEq for FieldSet<F> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<F> std::fmt::Debug for FieldSet<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FieldSet({:#b})", self.bits)
    }
}

impl<F> FieldSet<F> {
    /// The set of bits `bits`, bit `k` for the `k`th name (what the reader counts in, and
    /// what a declaration's `set` builds).
    pub(super) const fn from_bits(bits: u32) -> Self {
        FieldSet {
            bits,
            of: PhantomData,
        }
    }

    /// As the reader counts them, bit `k` for the `k`th name.
    pub(super) fn bits(self) -> u32 {
        self.bits
    }
}

impl<F: Field> FieldSet<F> {
    pub(super) fn contains(self, field: F) -> bool {
        self.bits & 1 << field.index() != 0
    }

    /// The fields not required: those that depend on the object's kind, and may be `null`.
    pub(super) fn optional() -> Self {
        FieldSet::from_bits(((1 << F::NAMES.len()) - 1) & !F::REQUIRED.bits)
    }
}

/// Which of an object's optional fields it has, for its kind: those in `required` must be
/// `given`, every other optional one must not. `what` and `kind` name it in the message
/// (`a step of kind`, `"guess"`); the field named is the first wrong one in `F::NAMES` order.
pub(super) fn of_kind<F: Field>(
    what: &str,
    kind: &str,
    given: FieldSet<F>,
    required: FieldSet<F>,
) -> Result<(), Fail> {
    kind_fields(
        what,
        kind,
        F::NAMES,
        FieldSet::<F>::optional().bits,
        given.bits,
        required.bits,
    )
}

/// [`of_kind`] on bits, bit `k` for `names[k]`.
#[inline(never)]
fn kind_fields(
    what: &str,
    kind: &str,
    names: &[&'static str],
    optional: u32,
    given: u32,
    required: u32,
) -> Result<(), Fail> {
    for (k, name) in names.iter().enumerate() {
        if optional & 1 << k == 0 {
            continue;
        }
        let needed = required & 1 << k != 0;
        if needed != (given & 1 << k != 0) {
            let detail = if needed {
                format!("missing: {what} {} has a field {name}", quote(kind))
            } else {
                format!("{what} {} has no field {name}", quote(kind))
            };
            return Err(CheckError::new(CheckKind::Field, detail).field(*name));
        }
    }
    Ok(())
}
