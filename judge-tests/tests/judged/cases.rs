//! One named test per judge case: runs the release binary of each puzzle on `<case>.in` and
//! compares stdout byte for byte with `<case>.out`, showing a line diff on failure (bytes, not
//! the checker: these cases pin the binaries' one canonical output).

use crate::trial::{Failed, Trial};
use judge_tests::cases::{self, Case};
use judge_tests::runner::{self, Verdict};
use std::fs;
use std::process::Command;

fn check(case: &Case) -> Result<(), Failed> {
    let input = fs::read(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
    let expected_path = case.expected.as_ref().ok_or("no .out file")?;
    let expected = fs::read(expected_path).map_err(|e| format!("{}: {e}", expected_path.display()))?;
    let binary = judge_tests::binary_path(&case.puzzle);
    let run = runner::direct::run(&mut Command::new(&binary), &input, None)
        .map_err(|e| format!("cannot run {}: {e} (build it: cargo build --release)", binary.display()))?;
    match runner::exact_verdict(&run, &expected) {
        Verdict::Accepted => Ok(()),
        verdict => Err(format!(
            "{verdict}: exit {:?}, stderr: {}\n{}",
            run.code,
            String::from_utf8_lossy(&run.stderr).trim_end(),
            runner::line_diff(&expected, &run.stdout)
        )
        .into()),
    }
}

/// Every trial of this part, for the one `judged` run in `main.rs`.
pub fn trials() -> Vec<Trial> {
    let data = judge_tests::data_dir();
    let mut trials = Vec::new();
    for puzzle in cases::puzzles(&data).expect("judge-tests/data is readable") {
        for case in cases::discover(&data, &puzzle).expect("a puzzle folder is readable") {
            if case.expected.is_some() {
                trials.push(Trial::test(case.id(), move || check(&case)));
            }
        }
    }
    trials
}
