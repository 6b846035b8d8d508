//! Partition an 8×8 tile over 32 threads with a thread-value layout, the way
//! a kernel does (001, section 3.3.4): compose the data layout with the TV
//! layout, then slice out one thread's values.
//!
//! Run: `cargo run --example tv_partition`

use layout_algebra::runtime::{composition, slice_and_offset, Layout, Result, SliceCoord};
use layout_algebra::typelevel::*;

fn main() -> Result<()> {
    // Ampere's accumulator TV layout: (thread, value) -> coordinate in the 8×8 tile.
    let tv: Layout = "((4,8),2):((16,1),8)".parse()?;
    for data in ["(8,8):(1,8)", "(8,8):(8,1)", "(8,8):(1,9)"] {
        let data: Layout = data.parse()?;
        // (thread, value) -> offset in memory for this data layout.
        let smem_tv = composition(&data, &tv)?;
        // Thread 5's values: fix the thread mode, keep the value mode.
        let thr: SliceCoord = "(5,_)".parse()?;
        let (values, offset) = slice_and_offset(&thr, &smem_tv)?;
        println!("{data:>14} o {tv} = {smem_tv:<30} thread 5: offset {offset} + {values}");
    }

    // The same row-major data layout as a static type: indexing folds to constants.
    let data = layout!((8,8):(8,1));
    let offsets: Vec<i64> = (0..4usize).map(|i| data.call((i, 2usize))).collect();
    println!("static {data}: column 2, rows 0-3 at offsets {offsets:?}");
    Ok(())
}
