// A tensor of run-time size partitioned by a static thread layout that is not
// a bijection: (4,2):(1,2) gives threads 2 and 3 two coordinates each. With
// static strides the rule is decided at compile time, as for local_partition
// (with dynamic strides try_local_partition returns NotBijective).
use layout_algebra::typelevel::frunk_core::hlist;
use layout_algebra::typelevel::*;

fn main() {
    let data = [0i32; 64];
    let l = Layout::try_new(hlist![Dyn(8), Dyn(8)], hlist![_1, Dyn(8)]).unwrap();
    let a = make_tensor(&data[..], l).unwrap();
    let _ = try_local_partition(a, layout!((4,2):(1,2)), 0);
}
