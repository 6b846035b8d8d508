//! The instruction sets an atom is written for, and the proof that the CPU
//! runs them.
//!
//! An atom that uses AVX-512 or AVX2 + FMA instructions is made from a token
//! ([`Avx512`], [`Avx2Fma`]) that only exists where the CPU has the
//! instructions: [`Simd::detect`] asks the CPU at run time (the `std`
//! feature; matrixmultiply and faer do the same), [`Simd::from_build`] reads
//! the build's target features (`-C target-cpu=native`, or a `no_std`
//! build that names its CPU). So safe code never runs an instruction the CPU
//! lacks; the default build (x86-64's baseline, SSE2) still runs the widest
//! atom the machine has.
//!
//! ```
//! use layout_algebra::typelevel::*;
//! let simd = Simd::detect();
//! match simd {
//!     Simd::Avx512(_) => println!("AVX-512F"),
//!     Simd::Avx2Fma(_) => println!("AVX2 + FMA"),
//!     Simd::Portable => println!("portable"),
//! }
//! // What the build promises is never more than what the CPU has.
//! assert!(Simd::from_build().width() <= simd.width());
//! ```

/// A proof that the CPU runs AVX-512F: an atom made from it may use those
/// instructions. Made by [`Simd::detect`], [`Avx512::from_build`] or
/// (unsafe) [`Avx512::new_unchecked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512(());

/// A proof that the CPU runs AVX2 and FMA. Made by [`Simd::detect`],
/// [`Avx2Fma::from_build`] or (unsafe) [`Avx2Fma::new_unchecked`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Fma(());

impl Avx512 {
    /// The token, if the build's target features include `avx512f` (then
    /// every CPU the binary runs on has it).
    ///
    /// ```
    /// use layout_algebra::typelevel::Avx512;
    /// assert_eq!(Avx512::from_build().is_some(), cfg!(target_feature = "avx512f"));
    /// ```
    pub const fn from_build() -> Option<Self> {
        match cfg!(all(target_arch = "x86_64", target_feature = "avx512f")) {
            true => Some(Avx512(())),
            false => None,
        }
    }
    /// The token without a check.
    ///
    /// # Safety
    /// The CPU that runs the program has AVX-512F.
    pub const unsafe fn new_unchecked() -> Self {
        Avx512(())
    }
}

impl Avx2Fma {
    /// The token, if the build's target features include `avx2` and `fma`.
    ///
    /// ```
    /// use layout_algebra::typelevel::Avx2Fma;
    /// let both = cfg!(all(target_feature = "avx2", target_feature = "fma"));
    /// assert_eq!(Avx2Fma::from_build().is_some(), both);
    /// ```
    pub const fn from_build() -> Option<Self> {
        match cfg!(all(
            target_arch = "x86_64",
            target_feature = "avx2",
            target_feature = "fma"
        )) {
            true => Some(Avx2Fma(())),
            false => None,
        }
    }
    /// The token without a check.
    ///
    /// # Safety
    /// The CPU that runs the program has AVX2 and FMA.
    pub const unsafe fn new_unchecked() -> Self {
        Avx2Fma(())
    }
}

/// The widest instruction set an atom may use here, with its proof.
///
/// Ordered by width: `Portable` (plain Rust, any target) < `Avx2Fma` <
/// `Avx512`. An AVX-512 CPU has AVX2 and FMA too ([`Simd::avx2_fma`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    /// x86-64 with AVX-512F (and AVX2, FMA).
    Avx512(Avx512),
    /// x86-64 with AVX2 and FMA.
    Avx2Fma(Avx2Fma),
    /// Any target: atoms in plain Rust.
    Portable,
}

impl Simd {
    /// What the build's target features promise (no run-time check; `no_std`
    /// builds choose their atoms with it).
    ///
    /// ```
    /// use layout_algebra::typelevel::Simd;
    /// let s = Simd::from_build();
    /// assert_eq!(s.width() == 512, cfg!(target_feature = "avx512f"));
    /// ```
    pub const fn from_build() -> Self {
        match (Avx512::from_build(), Avx2Fma::from_build()) {
            (Some(t), _) => Simd::Avx512(t),
            (None, Some(t)) => Simd::Avx2Fma(t),
            (None, None) => Simd::Portable,
        }
    }

    /// The widest the CPU has, asked at run time (the answer is cached by
    /// `std`; one load and a test per call). Without the `std` feature, what
    /// the build promises.
    ///
    /// ```
    /// use layout_algebra::typelevel::Simd;
    /// let s = Simd::detect();
    /// assert_eq!(s, Simd::detect()); // the same every time
    /// ```
    #[inline]
    pub fn detect() -> Self {
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        {
            if std::is_x86_feature_detected!("avx512f") {
                // SAFETY: just detected.
                return Simd::Avx512(unsafe { Avx512::new_unchecked() });
            }
            if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
                // SAFETY: just detected.
                return Simd::Avx2Fma(unsafe { Avx2Fma::new_unchecked() });
            }
        }
        Self::from_build()
    }

    /// The vector width in bits: 512, 256, or 0 for portable code.
    ///
    /// ```
    /// use layout_algebra::typelevel::Simd;
    /// assert_eq!(Simd::Portable.width(), 0);
    /// ```
    pub const fn width(self) -> u32 {
        match self {
            Simd::Avx512(_) => 512,
            Simd::Avx2Fma(_) => 256,
            Simd::Portable => 0,
        }
    }

    /// The AVX2 + FMA token, where the CPU has those (every AVX-512 CPU
    /// this library detects does: x86-64 AVX-512 CPUs implement AVX2 and FMA).
    ///
    /// ```
    /// use layout_algebra::typelevel::Simd;
    /// assert!(Simd::Portable.avx2_fma().is_none());
    /// ```
    pub fn avx2_fma(self) -> Option<Avx2Fma> {
        match self {
            Simd::Avx512(_) => {
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
                    // SAFETY: just detected.
                    return Some(unsafe { Avx2Fma::new_unchecked() });
                }
                Avx2Fma::from_build()
            }
            Simd::Avx2Fma(t) => Some(t),
            Simd::Portable => None,
        }
    }
}
