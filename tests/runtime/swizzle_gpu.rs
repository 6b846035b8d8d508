//! The bank-conflict model against the hardware: `benches/gpu/patterns.csv`
//! (written by `cargo run --example gpu_patterns`) and the Nsight Compute
//! measurements `benches/gpu/measured.csv` (written by `benches/gpu/run.sh`).

use layout_algebra::runtime::banks::warp_wavefronts;
use std::collections::HashMap;

type Pattern = (u32, Vec<Option<i64>>);

fn patterns() -> HashMap<(String, String), Pattern> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/gpu/patterns.csv"
    ))
    .expect("benches/gpu/patterns.csv is committed");
    let mut map = HashMap::new();
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), 35, "{line}");
        let width: u32 = cells[2].parse().unwrap();
        let addrs = cells[3..]
            .iter()
            .map(|c| c.parse::<i64>().unwrap())
            .map(|a| (a >= 0).then_some(a))
            .collect();
        let key = (cells[0].to_string(), cells[1].to_string());
        assert!(
            map.insert(key, (width, addrs)).is_none(),
            "duplicate pattern {line}"
        );
    }
    map
}

#[test]
fn the_suite_has_at_least_200_legal_patterns() {
    let p = patterns();
    assert!(p.len() >= 200, "{} patterns", p.len());
    let mut conflicted = 0;
    for ((name, op), (w, addrs)) in &p {
        let r = warp_wavefronts(addrs, *w).unwrap_or_else(|e| panic!("{name} {op}: {e}"));
        assert!(r.wavefronts >= r.ideal && r.ideal >= 1, "{name}: {r:?}");
        conflicted += usize::from(r.degree > 1);
    }
    // The suite must exercise both conflict-free and conflicting accesses.
    assert!(
        conflicted > 20 && conflicted < p.len() - 20,
        "{conflicted} conflicting"
    );
}

#[test]
fn the_model_matches_the_hardware_measurements() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/gpu/measured.csv");
    let Ok(text) = std::fs::read_to_string(path) else {
        println!(
            "skipped: {path} is absent (run benches/gpu/run.sh on a CUDA machine and commit it)"
        );
        return;
    };
    let p = patterns();
    let mut wrong = Vec::new();
    let mut n = 0;
    for line in text.lines().skip(1) {
        let c: Vec<&str> = line.split(',').collect();
        let (width, addrs) = &p[&(c[0].to_string(), c[1].to_string())];
        let measured_waves: u32 = c[3].parse().unwrap();
        let measured_conflicts: u32 = c[4].parse().unwrap();
        let r = warp_wavefronts(addrs, *width).unwrap();
        if (r.wavefronts, r.wavefronts - r.ideal) != (measured_waves, measured_conflicts) {
            wrong.push(format!(
                "{} {}: model {} wavefronts ({} conflicts), hardware {measured_waves} ({measured_conflicts})",
                c[0], c[1], r.wavefronts, r.wavefronts - r.ideal
            ));
        }
        n += 1;
    }
    assert_eq!(n, p.len(), "every pattern is measured");
    assert!(
        wrong.is_empty(),
        "{} of {n} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
