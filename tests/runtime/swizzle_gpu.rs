//! The bank-conflict model against the hardware: `benches/gpu/patterns.csv`
//! (written by `cargo run --example gpu_patterns`) and the Nsight Compute
//! measurements `benches/gpu/measured.csv` (written by `benches/gpu/run.sh` on
//! an H100, see `benches/gpu/README.md`). Every measured row must equal the
//! model: wavefronts, and bank conflicts = wavefronts − ideal.

use layout_algebra::runtime::banks::{warp_wavefronts, SmemOp};
use std::collections::BTreeMap;

type Pattern = (u32, Vec<Option<i64>>);

fn read(file: &str) -> String {
    let path = format!("{}/benches/gpu/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn op(name: &str) -> SmemOp {
    match name {
        "ld" => SmemOp::Load,
        "st" => SmemOp::Store,
        _ => panic!("op {name}: ld or st"),
    }
}

/// `(name, op) → (width, addresses)`, one entry per row of patterns.csv.
fn patterns() -> BTreeMap<(String, String), Pattern> {
    let mut map = BTreeMap::new();
    for line in read("patterns.csv").lines().skip(1) {
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
    for ((name, o), (w, addrs)) in &p {
        let r = warp_wavefronts(addrs, *w, op(o)).unwrap_or_else(|e| panic!("{name} {o}: {e}"));
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
fn the_model_matches_every_hardware_measurement() {
    let p = patterns();
    let text = read("measured.csv");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("name,op,width,wavefronts,bank_conflicts")
    );
    let mut wrong = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for line in lines {
        let c: Vec<&str> = line.split(',').collect();
        assert_eq!(c.len(), 5, "{line}");
        let key = (c[0].to_string(), c[1].to_string());
        let (width, addrs) = p
            .get(&key)
            .unwrap_or_else(|| panic!("{line}: no such pattern"));
        assert_eq!(c[2].parse::<u32>().unwrap(), *width, "{line}");
        let measured: (u32, u32) = (c[3].parse().unwrap(), c[4].parse().unwrap());
        let r = warp_wavefronts(addrs, *width, op(c[1])).unwrap();
        if (r.wavefronts, r.conflicts()) != measured {
            wrong.push(format!(
                "{} {}: model {} wavefronts ({} conflicts), hardware {} ({})",
                c[0],
                c[1],
                r.wavefronts,
                r.conflicts(),
                measured.0,
                measured.1
            ));
        }
        assert!(seen.insert(key), "{line}: measured twice");
    }
    assert_eq!(seen.len(), p.len(), "every pattern is measured");
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        seen.len(),
        wrong.join("\n")
    );
}
