//! Atoms: the instructions a kernel is built from, CuTe's `MMA_Atom` and
//! `Copy_Atom` for a CPU core, and the instruction sets they need.
//!
//! - [`MmaAtom`]: a register micro-kernel `C[MR×NR] = α·A·B + β·C` over packed
//!   panels, with fused multiply-adds ([`MmaAvx512F32`], [`MmaAvx2F64`], ...,
//!   [`MmaPortable`]), and its thread-value layouts ([`MmaALayout`],
//!   [`MmaBLayout`], [`MmaCLayout`]);
//! - [`GemmScalar`]: the element types they compute in;
//! - [`Simd`]: which instruction set the CPU has ([`Simd::detect`] at run
//!   time, [`Simd::from_build`] from the build), and the tokens that prove it
//!   ([`Avx512`], [`Avx2Fma`]), from which the x86 atoms are made.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! // The widest f32 atom this CPU runs.
//! let (mr, nr) = match Simd::detect() {
//!     Simd::Avx512(_) => (MmaAvx512F32::MR, MmaAvx512F32::NR),
//!     Simd::Avx2Fma(_) => (MmaAvx2F32::MR, MmaAvx2F32::NR),
//!     Simd::Portable => (MmaPortable::<f32>::MR, MmaPortable::<f32>::NR),
//! };
//! assert!(mr * nr >= 32);
//! ```

mod copy;
mod isa;
mod mma;
#[cfg(target_arch = "x86_64")]
mod mma_x86;
mod scalar;
mod tiled_copy;
mod tiled_mma;
mod tiling;

pub use copy::{CopyAtom, UniversalCopy};
pub use isa::{Avx2Fma, Avx512, Simd};
pub(crate) use mma::update;
pub use mma::{MmaALayout, MmaAtom, MmaBLayout, MmaCLayout, MmaPortable};
#[cfg(target_arch = "x86_64")]
pub use mma_x86::{MmaAvx2F32, MmaAvx2F64, MmaAvx512F32, MmaAvx512F32M16, MmaAvx512F64};
pub use scalar::GemmScalar;
pub use tiled_copy::{make_tiled_copy, CopyTiling, ThrCopy, TiledCopy};
pub use tiled_mma::{make_tiled_mma, MmaTiling, ThrMma, TiledMma};

/// The recursion helpers of this layer's traits: public only because public
/// bounds name them; kept out of `typelevel::*`.
#[doc(hidden)]
pub mod helpers {
    pub use super::{
        tiled_copy::{
            AtomRuns, CopyOperand, CopyPart, Retile, RetileOf, RunShow, RunShown, RunStride,
            RunVerdict, RunsConsecutive, UnitRun, WidthVerdict,
        },
        tiled_mma::{FragmentLayout, MmaPart, RoleA, RoleB, RoleC},
        tiling::{CoordPair, Repeats, TilesShow},
    };
}
