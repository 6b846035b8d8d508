//! Stride leaves: integers or scaled-basis coordinate strides.
//!
//! A scaled basis `v·E<N0,N1,…>` is the coordinate with value `v` at the
//! hierarchical position `(N0,N1,…)` and zero elsewhere. CuTe writes it
//! innermost index first: `E<1,0>` with value 3 prints as `3@0@1`. Layouts
//! with basis strides map coordinates to coordinates: `(4,8):(1@0,1@1)` is the
//! identity layout of shape `(4,8)`.
//!
//! ```
//! use layout_algebra::runtime::{ScaledBasis, Stride};
//! let e = Stride::Basis(ScaledBasis::new(3, &[1, 0]).unwrap());
//! assert_eq!(e.to_string(), "3@0@1");
//! assert_eq!(Stride::Int(-2).to_string(), "-2");
//! ```

use super::error::{bail, LayoutError, Result};
use super::int_tuple::{add, mul, IntTuple};
use super::tuple::{Builder, HRef, HTuple};
use core::fmt;

/// Maximum depth of a basis index `E<N0,…>`.
pub const MAX_BASIS_DEPTH: usize = 4;

/// `value · E<modes…>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ScaledBasis {
    value: i64,
    /// Nonzero, so that a [`Stride`] fits in 16 bytes (its tag takes the zero).
    len: core::num::NonZeroU8,
    modes: [u8; MAX_BASIS_DEPTH],
}

impl ScaledBasis {
    /// `value · E<modes…>`, outermost index first. At least one and at most
    /// [`MAX_BASIS_DEPTH`] indices, each below 256.
    pub fn new(value: i64, modes: &[usize]) -> Result<Self> {
        if modes.is_empty() || modes.len() > MAX_BASIS_DEPTH || modes.iter().any(|&m| m > 255) {
            bail!(
                InvalidArgument,
                "ScaledBasis",
                "basis index {modes:?} must have 1 to {MAX_BASIS_DEPTH} entries below 256"
            );
        }
        let mut m = [0u8; MAX_BASIS_DEPTH];
        for (d, &s) in m.iter_mut().zip(modes) {
            *d = s as u8;
        }
        Ok(ScaledBasis {
            value,
            len: core::num::NonZeroU8::new(modes.len() as u8).expect("checked non-empty"),
            modes: m,
        })
    }
    /// The scale `v`.
    pub fn value(&self) -> i64 {
        self.value
    }
    /// The basis index, outermost first.
    pub fn modes(&self) -> impl Iterator<Item = usize> + '_ {
        self.modes[..self.len.get() as usize]
            .iter()
            .map(|&m| m as usize)
    }
    /// The same basis with another scale.
    pub fn with_value(self, value: i64) -> Self {
        ScaledBasis { value, ..self }
    }
}

/// A stride leaf.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stride {
    /// An integer stride.
    Int(i64),
    /// A scaled-basis (coordinate) stride.
    Basis(ScaledBasis),
}

impl Stride {
    /// The integer, if this is an integer stride.
    pub fn as_int(self) -> Option<i64> {
        match self {
            Stride::Int(v) => Some(v),
            Stride::Basis(_) => None,
        }
    }
    /// Whether the stride is zero (an integer 0 or a basis scaled by 0).
    pub fn is_zero(self) -> bool {
        self.scale() == 0
    }
    /// The integer value or the basis scale.
    pub fn scale(self) -> i64 {
        match self {
            Stride::Int(v) => v,
            Stride::Basis(b) => b.value,
        }
    }
    /// `self · k`, checked.
    pub fn mul(self, k: i64, op: &'static str) -> Result<Stride> {
        Ok(match self {
            Stride::Int(v) => Stride::Int(mul(v, k, op)?),
            Stride::Basis(b) => Stride::Basis(b.with_value(mul(b.value, k, op)?)),
        })
    }
    /// The same kind of stride with scale `v`.
    pub fn with_scale(self, v: i64) -> Stride {
        match self {
            Stride::Int(_) => Stride::Int(v),
            Stride::Basis(b) => Stride::Basis(b.with_value(v)),
        }
    }
}

impl From<i64> for Stride {
    fn from(v: i64) -> Self {
        Stride::Int(v)
    }
}

impl fmt::Display for Stride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stride::Int(v) => write!(f, "{v}"),
            Stride::Basis(b) => {
                write!(f, "{}", b.value)?;
                for m in b.modes[..b.len.get() as usize].iter().rev() {
                    write!(f, "@{m}")?;
                }
                Ok(())
            }
        }
    }
}

/// A hierarchical stride.
pub type StrideTuple = HTuple<Stride>;
/// A borrowed [`StrideTuple`].
pub type StrideRef<'a> = HRef<'a, Stride>;

impl StrideTuple {
    /// Integer strides from an [`IntTuple`].
    pub fn from_ints(t: &IntTuple) -> Self {
        t.map(Stride::Int)
    }
}

impl<'a> StrideRef<'a> {
    /// The strides as integers, or a [`BasisStride`](super::ErrorKind::BasisStride) error.
    pub fn to_ints(self, op: &'static str) -> Result<IntTuple> {
        self.try_map(|s| match s {
            Stride::Int(v) => Ok(v),
            Stride::Basis(_) => Err(LayoutError::new(
                super::ErrorKind::BasisStride,
                op,
                alloc::format!("stride {self} has scaled-basis leaves"),
            )),
        })
    }
    /// Whether every leaf is an integer.
    pub fn is_integral(self) -> bool {
        self.leaves().all(|s| s.as_int().is_some())
    }
}

/// The value of a layout at a coordinate: an integer offset, or a coordinate
/// when the strides are scaled bases.
#[derive(Clone, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)] // tuples are stored inline on purpose
pub enum Offset {
    /// An integer offset.
    Int(i64),
    /// A coordinate (sum of scaled bases).
    Coord(IntTuple),
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(v) => write!(f, "{v}"),
            Offset::Coord(c) => write!(f, "{c}"),
        }
    }
}

/// Accumulates `Σ cᵢ·dᵢ` over integer and basis strides.
#[derive(Default)]
pub(crate) struct OffsetSum {
    int: i64,
    /// The basis terms `cᵢ·dᵢ`, one per basis stride added (merged by path in `finish`).
    terms: smallvec::SmallVec<[ScaledBasis; 16]>,
}

/// The most nodes of a coordinate an evaluation may build (scaled bases
/// pad it with zeros: one `1@255@255@255@255` alone gives 1,024 nodes).
pub const MAX_COORD_NODES: usize = 1 << 16;

impl OffsetSum {
    pub(crate) fn add(&mut self, c: i64, d: Stride, op: &'static str) -> Result<()> {
        match d {
            Stride::Int(v) => self.int = add(self.int, mul(c, v, op)?, op)?,
            Stride::Basis(b) => self.terms.push(b.with_value(mul(c, b.value, op)?)),
        }
        Ok(())
    }

    /// The integer offset, or the coordinate `Σ vᵢ·E<pathᵢ>` padded with zeros.
    pub(crate) fn finish(mut self, op: &'static str) -> Result<Offset> {
        if self.terms.is_empty() {
            return Ok(Offset::Int(self.int));
        }
        if self.int != 0 {
            bail!(
                InvalidArgument,
                op,
                "layout mixes integer and scaled-basis strides"
            );
        }
        // Sorted by path (a path before its extensions), equal paths summed.
        self.terms.sort_unstable_by(|x, y| x.modes().cmp(y.modes()));
        let mut merged: smallvec::SmallVec<[ScaledBasis; 16]> = smallvec::SmallVec::new();
        for t in self.terms {
            match merged.last_mut() {
                Some(m) if m.modes().eq(t.modes()) => m.value = add(m.value, t.value, op)?,
                _ => merged.push(t),
            }
        }
        let mut b = Builder::new();
        let mut room = MAX_COORD_NODES;
        build_coord(&merged, 0, &mut b, &mut room, op)?;
        Ok(Offset::Coord(b.finish()))
    }
}

/// Build the coordinate tuple of the basis terms `terms`, sorted by path,
/// distinct, and sharing their first `depth` indices; at most `room` more nodes.
///
/// The terms must address one coordinate tree: a path that is a proper
/// prefix of another (`E<0>` beside `E<0,1>`) would make one mode both an
/// integer and a tuple, which CuTe C++ refuses too (no `int + ArithmeticTuple`).
fn build_coord(
    terms: &[ScaledBasis],
    depth: usize,
    out: &mut Builder<i64>,
    room: &mut usize,
    op: &'static str,
) -> Result<()> {
    if *room == 0 {
        bail!(
            Limit,
            op,
            "the coordinate would have more than {MAX_COORD_NODES} nodes"
        );
    }
    *room -= 1;
    // A path of length `depth` sorts before its extensions.
    let (here, below) = match terms.first() {
        Some(t) if t.len.get() as usize == depth => (Some(t), &terms[1..]),
        _ => (None, terms),
    };
    let Some(last) = below.last() else {
        out.leaf(here.map_or(0, |t| t.value));
        return Ok(());
    };
    if let Some(t) = here {
        bail!(
            InvalidArgument,
            op,
            "scaled-basis strides must address one coordinate tree: {} makes a mode an integer and {} makes it a tuple",
            Stride::Basis(*t),
            Stride::Basis(below[0])
        );
    }
    out.open();
    let mut rest = below;
    for i in 0..=last.modes[depth] {
        let n = rest.iter().take_while(|t| t.modes[depth] == i).count();
        build_coord(&rest[..n], depth + 1, out, room, op)?;
        rest = &rest[n..];
    }
    out.close();
    Ok(())
}
