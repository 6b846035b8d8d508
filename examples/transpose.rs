//! A tiled transpose in CuTe's style: `out(i,j) = in(j,i)` for a 64×64 `f32`
//! matrix, as a copy between two layouts of one shape — the input row-major
//! `(64,64):(64,1)`, the output read as `(64,64):(1,64)` — tiled 8×8 with
//! `local_tile`, each tile split over 8 (simulated) threads with
//! `local_partition`. Checked against a naive loop.
//!
//! Run: `cargo run --release --example transpose`

use layout_algebra::typelevel::*;

fn main() {
    let input: Vec<f32> = (0..64 * 64).map(|x| x as f32).collect();
    let mut output = vec![0.0f32; 64 * 64];
    let src = make_tensor(&input[..], layout!((64,64):(64,1))).unwrap();
    let mut dst = make_tensor(&mut output[..], layout!((64,64):(1,64))).unwrap();
    let threads = layout!((8, 1));
    for bi in 0..8usize {
        for bj in 0..8usize {
            let s = local_tile(src, tile!(8, 8), (bi, bj));
            let mut d = local_tile(dst.view_mut(), tile!(8, 8), (bi, bj));
            for t in 0..8 {
                let mut mine = local_partition(d.view_mut(), threads, t); // row t of the tile
                copy(&local_partition(s, threads, t), &mut mine);
            }
        }
    }
    let bad = (0..64)
        .flat_map(|i| (0..64).map(move |j| (i, j)))
        .filter(|&(i, j)| output[i * 64 + j] != input[j * 64 + i])
        .count();
    println!("tiled transpose 64x64 through 8x8 tiles, 8 threads per tile: {bad} wrong elements");
    assert_eq!(bad, 0);
    println!("ok: out[i][j] == in[j][i] for all 4096 elements");
}
