// `#[for_sizes(..)]`: one entry of sizes per instance, as many as the
// function has const parameters; a signature that does not name a size.
use layout_algebra::typelevel::for_sizes;

#[for_sizes((4, 4), (8, 8))]
fn fixed_signature<const MR: usize, const NR: usize>(a: [f32; MR]) -> f32 {
    a[0]
}

#[for_sizes(4, 8)]
fn no_size(a: &[f32]) -> f32 {
    a[0]
}

#[for_sizes((4, 4), 8)]
fn arity<const MR: usize, const NR: usize>() {}

#[for_sizes((4, 4), (4, 4))]
fn twice<const MR: usize, const NR: usize>() {}

#[for_sizes(4, x)]
fn not_a_size<const N: usize>() {}

fn main() {
    let _ = fixed_signature::<4, 4>;
    let _ = arity::<4, 4>;
}
