//! One named test per judge case: runs the release binary of each puzzle on `<case>.in` and
//! compares stdout byte for byte with `<case>.out`, showing a line diff on failure (bytes, not
//! the checker: these cases pin the binaries' one canonical output).

use judge_tests::cases::{self, Case};
use judge_tests::runner::{self, Verdict};
use libtest_mimic::{Arguments, ColorSetting, Failed, Trial};
use std::fs;
use std::io::{self, IsTerminal};
use std::process::Command;

fn check(case: &Case) -> Result<(), Failed> {
    let input = fs::read(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
    let expected_path = case.expected.as_ref().ok_or("no .out file")?;
    let expected = fs::read(expected_path).map_err(|e| format!("{}: {e}", expected_path.display()))?;
    let binary = judge_tests::binary_path(&case.puzzle);
    let run = runner::run(&mut Command::new(&binary), &input, None)
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

/// This test binary run again on one case with stdout a pipe: its log has no colour codes.
fn log_is_plain_when_redirected() -> Result<(), Failed> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let done = Command::new(exe)
        .args(["--exact", "msquare/usaco-1"])
        .output()
        .map_err(|e| e.to_string())?;
    let log = String::from_utf8_lossy(&done.stdout);
    if !done.status.success() || !log.contains("msquare/usaco-1 ... ok") {
        return Err(format!("{:?}: {log}", done.status).into());
    }
    if log.contains('\x1b') {
        return Err(format!("colour codes in a redirected log: {log:?}").into());
    }
    Ok(())
}

fn main() {
    let mut args = Arguments::from_args();
    // libtest-mimic's `auto` colours even a log redirected to a file (termcolor does not look
    // at the terminal): plain text unless stdout is one, or `--color` says otherwise.
    if args.color.is_none() && !io::stdout().is_terminal() {
        args.color = Some(ColorSetting::Never);
    }
    let data = judge_tests::data_dir();
    let mut trials = Vec::new();
    for puzzle in cases::puzzles(&data).expect("judge-tests/data is readable") {
        for case in cases::discover(&data, &puzzle).expect("a puzzle folder is readable") {
            if case.expected.is_some() {
                trials.push(Trial::test(case.id(), move || check(&case)));
            }
        }
    }
    trials.push(Trial::test(
        "log is plain when redirected",
        log_is_plain_when_redirected,
    ));
    libtest_mimic::run(&args, trials).exit();
}
