//! Golden cases generated from pycute and CuTe C++ (tests/golden/generate.py)
//! and committed as data: every case's expression is evaluated by the runtime
//! layer and must print the expected result, or fail with the expected rule.

use layout_algebra::calc::evaluate;
use std::path::Path;

/// One golden case: an expression and its expected result text or error kind.
struct Case {
    file: String,
    line: usize,
    expr: String,
    expect: Result<String, String>,
}

fn load() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/data");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("golden data directory")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
    {
        let text = std::fs::read_to_string(path).unwrap();
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let v: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
            let field = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
            let expect = match (field("expect"), field("error")) {
                (Some(e), None) => Ok(e),
                (None, Some(k)) => Err(k),
                _ => panic!(
                    "{}:{}: needs exactly one of expect/error",
                    path.display(),
                    i + 1
                ),
            };
            cases.push(Case {
                file: path.file_name().unwrap().to_string_lossy().into_owned(),
                line: i + 1,
                expr: field("expr").expect("expr"),
                expect,
            });
        }
    }
    cases
}

#[test]
fn golden_cases_match() {
    let cases = load();
    assert!(cases.len() >= 1000, "only {} golden cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let got = evaluate(&c.expr)
            .map(|v| v.to_string())
            .map_err(|e| e.kind().name().to_string());
        if got != c.expect {
            failures.push(format!(
                "{}:{}: {}\n    expected {:?}\n    got      {:?}",
                c.file, c.line, c.expr, c.expect, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_error_kind_in_the_data_is_reported_with_its_rule() {
    for c in load().iter().filter(|c| c.expect.is_err()).take(200) {
        if let Err(e) = evaluate(&c.expr) {
            let msg = e.to_string();
            assert!(
                msg.contains(e.kind().rule()),
                "{}: message {msg:?} does not name the rule",
                c.expr
            );
        }
    }
}
