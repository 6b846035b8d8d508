//! Why an access has no verdict, and the messages of compile errors: text
//! and decimal numbers written into a buffer in constants.

use core::fmt;

/// Why an access has no verdict: the runtime's errors for the same operands.
///
/// ```
/// use layout_algebra::typelevel::*;
/// type Tile = Layout![(8,64):(64,1)];
/// type Tv = Layout![((8,4),8):((1,64),8)];
/// assert_eq!(SmemAccess::<Tile, Tv, 2, 3>::VERDICT.unwrap_err(), SmemAccessError::Width(3));
/// type Wide = Layout![(64,1):(1,1)]; // 64 threads: more than a warp
/// assert_eq!(SmemAccess::<Layout![64:1], Wide, 4, 4>::VERDICT.unwrap_err(), SmemAccessError::Threads(64));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmemAccessError {
    /// The vector is not 1, 2, 4, 8 or 16 bytes.
    Width(u32),
    /// The vector is not a whole number of elements: `(vector, element)` bytes.
    NotWhole(u32, u32),
    /// More threads than a warp's 32.
    Threads(i64),
    /// Values per thread not a multiple of the vector's elements: `(values, vector)`.
    Values(i64, i64),
    /// `Tv` sends `(thread, instruction)` to an index outside the tile.
    OutsideTile(i64, u32, i64),
    /// A vector of `(thread, instruction)` is not contiguous in shared memory.
    NotContiguous(i64, u32),
    /// A vector of `(thread, instruction)` starts at a byte address that is
    /// negative or not aligned to the vector.
    Address(i64, u32, i64),
    /// A byte address overflows `i64`.
    Overflow,
}

/// A message written in a constant (numbers in decimal).
pub(super) struct Msg {
    buf: [u8; 384],
    len: usize,
}

impl Msg {
    pub(super) const fn new() -> Msg {
        Msg {
            buf: [0; 384],
            len: 0,
        }
    }

    pub(super) const fn str(mut self, s: &str) -> Msg {
        let (s, mut k) = (s.as_bytes(), 0);
        while k < s.len() && self.len < self.buf.len() {
            self.buf[self.len] = s[k];
            (self.len, k) = (self.len + 1, k + 1);
        }
        self
    }

    pub(super) const fn num(self, n: i64) -> Msg {
        let (mut digits, mut k, mut v) = ([0u8; 20], 20, n.unsigned_abs());
        loop {
            k -= 1;
            digits[k] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        let this = if n < 0 { self.str("-") } else { self };
        match core::str::from_utf8(digits.split_at(k).1) {
            Ok(s) => this.str(s),
            Err(_) => this,
        }
    }

    pub(super) const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => s,
            Err(_) => "",
        }
    }
}

impl SmemAccessError {
    /// The message, written in a constant for compile errors.
    pub(super) const fn message(self) -> Msg {
        let m = Msg::new().str("SmemAccess: ");
        match self {
            SmemAccessError::Width(w) => m
                .str("access width ")
                .num(w as i64)
                .str(" bytes: must be 1, 2, 4, 8 or 16"),
            SmemAccessError::NotWhole(v, e) => m
                .str("a vector of ")
                .num(v as i64)
                .str(" bytes is not a whole number of ")
                .num(e as i64)
                .str("-byte elements"),
            SmemAccessError::Threads(t) => m
                .str("the thread-value layout has ")
                .num(t)
                .str(" threads: a warp has at most 32"),
            SmemAccessError::Values(v, n) => m
                .str("the thread-value layout has ")
                .num(v)
                .str(" values per thread, not a multiple of the ")
                .num(n)
                .str("-element vector"),
            SmemAccessError::OutsideTile(t, i, x) => m
                .str("thread ")
                .num(t)
                .str(", instruction ")
                .num(i as i64)
                .str(": tile index ")
                .num(x)
                .str(" is outside the tile"),
            SmemAccessError::NotContiguous(t, i) => m
                .str("thread ")
                .num(t)
                .str(", instruction ")
                .num(i as i64)
                .str(": the vector's elements are not contiguous in shared memory"),
            SmemAccessError::Address(t, i, a) => m
                .str("thread ")
                .num(t)
                .str(", instruction ")
                .num(i as i64)
                .str(": byte address ")
                .num(a)
                .str(" is negative or not aligned to the vector"),
            SmemAccessError::Overflow => m.str("a byte address overflows i64"),
        }
    }
}

impl fmt::Display for SmemAccessError {
    /// ```
    /// use layout_algebra::typelevel::*;
    /// let e = SmemAccess::<Layout![(4,8):(8,1)], Layout![(8,4):(4,1)], 4, 16>::VERDICT;
    /// assert_eq!(e.unwrap_err().to_string(), "SmemAccess: thread 0, instruction 0: \
    ///            the vector's elements are not contiguous in shared memory");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message().as_str())
    }
}
