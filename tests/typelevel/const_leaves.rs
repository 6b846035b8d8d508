//! Const leaves: an upper-case identifier in `layout!`, `Layout!` and `tile!`
//! is the static `Int<N>` of a `const` item or const generic parameter, the
//! same type as the literal it stands for, with the compact strides CuTe
//! derives for a static extent (a const extent 1 gets stride 0).

use layout_algebra::typelevel::*;

const MR: usize = 8;
const NR: usize = 6;
const ONE: usize = 1;

/// A const generic parameter: rustc does not see `M`, so the function names
/// what it uses of the layout's type (its value and its printing), proved
/// for each `M` where it is called. (A compact `(M,3)` would also need its
/// stride's choice, 0 if `M` is 1, proved: `UnitStride`.)
fn generic<const M: usize>() -> String
where
    typenum::Const<M>: typenum::ToUInt<Output: typenum::Unsigned + typenum::NonZero>,
    Layout![(M, 3):(1, M)]: Default + core::fmt::Display,
{
    let l: Layout![(M, 3):(1, M)] = Default::default();
    l.to_string()
}

#[test]
fn a_const_leaf_is_the_literal_it_names() {
    assert_eq!(layout!((MR, NR):(1, MR)), layout!((8, 6):(1, 8)));
    assert_eq!(layout!(MR:NR), layout!(8:6));
    assert_eq!(layout!((MR, NR):(-1, -MR)), layout!((8, 6):(-1, -8)));
    let t: Layout![(MR, (2, NR)):(NR, (1, 12))] = layout!((8, (2, 6)):(6, (1, 12)));
    assert_eq!(t.to_string(), "(8,(2,6)):(6,(1,12))");
    assert_eq!(generic::<4>(), "(4,3):(1,4)");
    assert_eq!(generic::<1>(), "(1,3):(1,1)");
}

#[test]
fn compact_strides_over_const_extents_are_cute_s() {
    assert_eq!(layout!((MR, NR)), layout!((8, 6)));
    assert_eq!(layout!((MR, 2, NR)), layout!((8, 2, 6)));
    assert_eq!(
        layout!((MR, (2, NR)):row_major),
        layout!((8, (2, 6)):row_major)
    );
    // A const extent 1 gets stride 0, as a literal 1 does.
    assert_eq!(layout!((ONE, NR)), layout!((1, 6)));
    assert_eq!(layout!((NR, ONE, MR)), layout!((6, 1, 8)));
    assert_eq!(layout!((ONE, NR)).to_string(), "(1,6):(0,1)");
}

#[test]
fn const_and_dynamic_leaves_together() {
    let k = 5;
    let a: Layout![(MR, {_}):(1, MR)] = layout!((MR, {k}):(1, MR)).unwrap();
    assert_eq!(a.to_string(), "(8,5):(1,8)");
    // Compact strides over both: dynamic products times const extents.
    let b = layout!(({ k }, MR, NR)).unwrap();
    assert_eq!(b, layout!(({ k }, 8, 6)).unwrap());
    assert_eq!(b.to_string(), "(5,8,6):(1,5,40)");
    let c = layout!((MR, {k}, NR, ONE):row_major).unwrap();
    assert_eq!(c, layout!((8, {k}, 6, 1):row_major).unwrap());
    // A const extent 1 after a dynamic one: stride 0 still.
    let d = layout!(({ k }, ONE, NR)).unwrap();
    assert_eq!(d.to_string(), "(5,1,6):(1,0,5)");
    assert_eq!(d, layout!(({ k }, 1, 6)).unwrap());
    // The dynamic leaves are checked as ever.
    assert!(layout!((MR, { k - 5 })).is_err());
}

#[test]
fn tiles_of_const_sizes() {
    assert_eq!(tile!(MR, NR), tile!(8, 6));
    assert_eq!(tile!(MR:1, (2, NR)), tile!(8:1, (2, 6)));
    let k = 4;
    let t = tile!(MR, { k }).unwrap();
    assert_eq!(t.to_string(), tile!(8, { k }).unwrap().to_string());
    let data: Vec<i32> = (0..96).collect();
    let g = make_tensor(&data[..], layout!((16, NR))).unwrap();
    let blk = local_tile(g, tile!(MR, NR), (1usize, 0usize));
    assert_eq!(blk.layout().to_string(), "(8,6):(1,16)");
    assert_eq!(blk[(0usize, 1usize)], 24);
}

#[test]
fn register_fragments_of_const_sizes() {
    let mut acc = make_fragment::<f32, _, _>(layout!((MR, NR)));
    assert_eq!(acc.data().len(), MR * NR);
    acc[(7usize, 5usize)] = 1.0;
    assert_eq!(acc.data()[7 + 8 * 5], 1.0);
}
