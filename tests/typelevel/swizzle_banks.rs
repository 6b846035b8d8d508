//! The compile-time bank verdict (`SmemAccess`) against the runtime's
//! `bank_conflicts`: the known answers, then every combination of a few static
//! tiles (plain, swizzled, offset), thread-value layouts and widths, both
//! directions: per instruction the same wavefronts, ideal, degree and packing,
//! and an error exactly where the runtime refuses the access.

use layout_algebra::runtime::banks::{bank_conflicts, SmemTile};
use layout_algebra::typelevel::*;

/// The runtime's tile for a static shared-memory layout.
trait RuntimeTile {
    fn tile(&self, elem_bytes: u32) -> SmemTile;
}

impl<S, D> RuntimeTile for Layout<S, D>
where
    Layout<S, D>: ToDynamic<Output = layout_algebra::runtime::Layout>,
{
    fn tile(&self, elem_bytes: u32) -> SmemTile {
        SmemTile::new(self.to_dynamic(), elem_bytes)
    }
}

impl<const B: u32, const M: u32, const S: i32, O: IntLeaf, L> RuntimeTile
    for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    L: ToDynamic<Output = layout_algebra::runtime::Layout>,
{
    fn tile(&self, elem_bytes: u32) -> SmemTile {
        SmemTile {
            offset: self.offset().value(),
            swizzle: Some(self.outer().to_dynamic()),
            ..SmemTile::new(self.inner().to_dynamic(), elem_bytes)
        }
    }
}

/// One direction: the verdict and every instruction equal the runtime's.
fn same<Tile, Tv, const EB: u32, const VB: u32, Op>(tile: &Tile, tv: &Tv) -> bool
where
    Tile: SmemLayout + RuntimeTile,
    Tv: TvLayout + ToDynamic<Output = layout_algebra::runtime::Layout>,
    Op: SmemDirection,
{
    let rt = bank_conflicts(&tile.tile(EB), &tv.to_dynamic(), VB, Op::OP);
    let ct = SmemAccess::<Tile, Tv, EB, VB, Op>::VERDICT;
    let what = format!(
        "{} through {} ({VB}/{EB} bytes, {:?})",
        tile.tile(EB).layout,
        tv.to_dynamic(),
        Op::OP
    );
    match (rt, ct) {
        (Ok(r), Ok(v)) => {
            assert_eq!(r.len(), v.instructions as usize, "{what}");
            for (i, w) in r.iter().enumerate() {
                assert_eq!(
                    SmemAccess::<Tile, Tv, EB, VB, Op>::instruction(i as u32),
                    Ok(*w),
                    "{what}: {i}"
                );
            }
            let worst = r.iter().map(|w| w.conflicts()).max().unwrap();
            assert_eq!(v.worst.conflicts(), worst, "{what}");
            assert_eq!(r[v.worst_instruction as usize], v.worst, "{what}");
            assert_eq!(
                v.wavefronts,
                r.iter().map(|w| w.wavefronts).sum::<u32>(),
                "{what}"
            );
            assert_eq!(v.ideal, r.iter().map(|w| w.ideal).sum::<u32>(), "{what}");
            true
        }
        (Err(_), Err(_)) => false,
        (r, c) => panic!("{what}: runtime {r:?}, compile time {c:?}"),
    }
}

/// Both directions; whether the access is legal.
fn agree<Tile, Tv, const EB: u32, const VB: u32>(tile: Tile, tv: Tv) -> bool
where
    Tile: SmemLayout + RuntimeTile,
    Tv: TvLayout + ToDynamic<Output = layout_algebra::runtime::Layout>,
{
    let load = same::<Tile, Tv, EB, VB, SmemLoad>(&tile, &tv);
    assert_eq!(load, same::<Tile, Tv, EB, VB, SmemStore>(&tile, &tv));
    load
}

#[test]
fn known_answers() {
    type Rows = Layout![(8,64):(64,1)];
    type Cols = Layout![((8,4),8):((1,64),8)];
    let v = SmemAccess::<Rows, Cols, 2, 16>::VERDICT.unwrap();
    assert_eq!(
        (v.worst.wavefronts, v.worst.ideal, v.worst.degree),
        (32, 4, 8)
    );
    assert!(!v.conflict_free());
    type Sw = ComposedLayout<Swizzle<3, 3, 3>, Z0, Rows>;
    let v = SmemAccess::<Sw, Cols, 2, 16>::VERDICT.unwrap();
    assert_eq!(
        (v.worst.wavefronts, v.worst.ideal, v.worst.degree),
        (4, 4, 1)
    );
    const { assert_conflict_free(SmemAccess::<Sw, Cols, 2, 16>::VERDICT) };
    type ByColumn = Layout![(32,32):(1,32)];
    let v = SmemAccess::<Layout![(32,32):(32,1)], ByColumn, 4, 4>::VERDICT.unwrap();
    assert_eq!(
        (
            v.instructions,
            v.worst.wavefronts,
            v.worst.degree,
            v.wavefronts
        ),
        (32, 32, 32, 1024)
    );
    let v = SmemAccess::<Layout![(32,32):(33,1)], ByColumn, 4, 4>::VERDICT.unwrap();
    assert_eq!(
        (v.worst.wavefronts, v.worst.degree, v.wavefronts),
        (1, 1, 32)
    );
    const {
        assert_conflict_free(
            SmemAccess::<Layout![(32,32):(33,1)], ByColumn, 4, 4, SmemStore>::VERDICT,
        )
    };
}

#[test]
fn errors_name_the_thread_and_the_instruction() {
    type Tile = Layout![(8,64):(64,1)];
    let e = SmemAccess::<Tile, Layout![(32,32):(1,32)], 2, 2>::VERDICT.unwrap_err();
    assert_eq!(e, SmemAccessError::OutsideTile(0, 16, 512));
    assert!(
        e.to_string().contains("tile index 512 is outside the tile"),
        "{e}"
    );
    let e = SmemAccess::<Tile, Layout![(32,32):(1,32)], 2, 4>::VERDICT.unwrap_err();
    assert_eq!(e, SmemAccessError::NotContiguous(0, 0));
    let e = SmemAccess::<Tile, Layout![(32,8):(8,1)], 2, 12>::VERDICT.unwrap_err();
    assert_eq!(
        e.to_string(),
        "SmemAccess: access width 12 bytes: must be 1, 2, 4, 8 or 16"
    );
    let e = SmemAccess::<Tile, Layout![(64,8):(8,1)], 2, 16>::VERDICT.unwrap_err();
    assert_eq!(e, SmemAccessError::Threads(64));
    let e = SmemAccess::<Tile, Layout![(32,4):(4,1)], 2, 16>::VERDICT.unwrap_err();
    assert_eq!(e, SmemAccessError::Values(4, 8));
}

macro_rules! widths {
    ($tile:expr, $tv:expr) => {
        [
            agree::<_, _, 2, 16>($tile, $tv),
            agree::<_, _, 2, 4>($tile, $tv),
            agree::<_, _, 2, 2>($tile, $tv),
            agree::<_, _, 4, 4>($tile, $tv),
            agree::<_, _, 4, 8>($tile, $tv),
            agree::<_, _, 4, 16>($tile, $tv),
            agree::<_, _, 1, 8>($tile, $tv),
        ]
        .iter()
        .filter(|legal| **legal)
        .count()
    };
}

macro_rules! tvs {
    ($tile:expr) => {
        widths!($tile, layout!(((8,4),8):((1,64),8)))
            + widths!($tile, layout!(((8,4),8):((64,1),8)))
            + widths!($tile, layout!((32,16):(16,1)))
            + widths!($tile, layout!((32,8):(8,1)))
            + widths!($tile, layout!((32,16):(1,32)))
            + widths!($tile, layout!((16,8):(1,64)))
            + widths!($tile, layout!(((4,8),(2,4)):((128,1),(64,8))))
            + widths!($tile, layout!((32,32):(1,32)))
    };
}

#[test]
fn the_compile_time_verdict_equals_the_runtime_on_every_combination() {
    let rows = layout!((8,64):(64,1));
    let wide = layout!((32,32):(32,1));
    let legal = tvs!(rows)
        + tvs!(composition(Swizzle::<3, 3, 3>::new(), rows))
        + tvs!(composition(Swizzle::<2, 3, 3>::new(), rows))
        + tvs!(make_composed_layout(Swizzle::<3, 4, 3>::new(), _64, rows))
        + tvs!(composition(Swizzle::<2, 1, -3>::new(), rows))
        + tvs!(wide)
        + tvs!(layout!((32,32):(33,1)))
        + tvs!(composition(Swizzle::<5, 0, 5>::new(), wide))
        + tvs!(layout!((32,32):(1,32)));
    // 9 tiles x 8 accesses x 7 widths: a good share are legal.
    assert!(legal > 100, "{legal} legal accesses");
}
