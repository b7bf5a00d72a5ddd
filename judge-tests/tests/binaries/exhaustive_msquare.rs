//! All 40,320 msquare targets: the solver's answer must be exactly the reference's smallest
//! shortest sequence, laid out as the judge wants, and exactly the plain tier's
//! (`msquare::plain`); a sample also goes through the binary, by default and with
//! `--method plain`. Last, the binary under small address-space limits (`ulimit -v`): the answer
//! or one error line, never an abort.

use itertools::Itertools;
use judge_oracle::reference::msquare as reference;
use std::io::Write;
use std::process::{Command, Stdio};

/// The judge output for a sequence, built independently of msquare's writer.
fn expected_output(sequence: &str) -> String {
    let lines = if sequence.is_empty() {
        String::from("\n")
    } else {
        sequence
            .as_bytes()
            .chunks(60)
            .map(|line| format!("{}\n", std::str::from_utf8(line).unwrap()))
            .join("")
    };
    format!("{}\n{lines}", sequence.len())
}

#[test]
fn every_target_gets_the_smallest_shortest_sequence() {
    let truth = reference::smallest_shortest_sequences();
    let solver = msquare::Solver::new();
    let plain = msquare::plain::Plain::new();
    let mut moves = Vec::new();
    let mut checked = 0;
    for colours in (1..=8u8).permutations(8) {
        let colours: [u8; 8] = colours.try_into().unwrap();
        let target = colours.map(|c| c - 1);
        solver.solve(&target, &mut moves);
        let mut output = Vec::new();
        msquare::write_answer(&mut output, &moves).unwrap();
        let want = &truth[&reference::grid_from_clockwise(&colours)];
        // Replay the answer with the reference's own moves: it must reach the target.
        let reached = moves
            .iter()
            .try_fold(reference::BASIC, |grid, &letter| reference::apply(&grid, letter));
        assert_eq!(
            reached,
            Some(reference::grid_from_clockwise(&colours)),
            "{colours:?}: {moves:?}"
        );
        let output = String::from_utf8(output).unwrap();
        assert_eq!(output, expected_output(want), "target {colours:?}");
        assert_eq!(plain.answer_text(&target), output, "plain, target {colours:?}");
        checked += 1;
    }
    assert_eq!(checked, 40_320);
}

/// The release binary's exit status, stdout and stderr on `input`, with `args`.
fn run_binary(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let binary = judge_tests::binary_path("msquare");
    let run = judge_tests::runner::direct::run(Command::new(&binary).args(args), input.as_bytes(), None)
        .unwrap_or_else(|error| {
            panic!(
                "cannot run {}: {error} (build it: cargo build --release)",
                binary.display()
            )
        });
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (run.code, text(&run.stdout), text(&run.stderr))
}

#[test]
fn the_binary_agrees_on_a_sample_of_targets_with_either_method() {
    let truth = reference::smallest_shortest_sequences();
    // Every 401st permutation: about 100 targets, spread over the whole space, each answered by
    // two processes (one process answers one target; all 8! are compared in process above).
    for colours in (1..=8u8).permutations(8).step_by(401) {
        let input = format!("{}\n", colours.iter().join(" "));
        let colours: [u8; 8] = colours.try_into().unwrap();
        let want = expected_output(&truth[&reference::grid_from_clockwise(&colours)]);
        for args in [&[][..], &["--method", "plain"]] {
            assert_eq!(
                run_binary(args, &input),
                (Some(0), want.clone(), String::new()),
                "{args:?} {input}"
            );
        }
    }
}

/// The binary's exit status, stdout and stderr under an address-space limit of `kilobytes`.
fn run_limited(kilobytes: u64, input: &str) -> (Option<i32>, String, String) {
    let binary = judge_tests::binary_path("msquare");
    let mut child = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v {kilobytes} && exec \"$0\""),
            &binary.to_string_lossy(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    // The input is a few bytes: it fits in the pipe, so no writer thread is needed.
    let mut stdin = child.stdin.take().expect("piped stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("the binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code(), text(&output.stdout), text(&output.stderr))
}

#[test]
fn small_address_space_limits_give_the_answer_or_one_error_line() {
    let input = "4 3 1 2 5 6 7 8\n";
    let full = run_binary(&[], input);
    assert_eq!(full.0, Some(0));
    // The smallest limit (in steps of 100 KB) at which the program itself starts: an empty
    // input gets its usual error line. Below that the loader or Rust's runtime fails, before
    // any of msquare's code runs.
    let empty = "msquare: error: expected 8 distinct integers 1..8, found 0\n";
    let start = (10..=640u64)
        .map(|hundreds| hundreds * 100)
        .find(|&limit| run_limited(limit, "") == (Some(1), String::new(), empty.into()))
        .expect("msquare starts within 64 MB");
    let (mut refused, mut answered) = (0, 0);
    for limit in (start..start + 2_000).step_by(50) {
        let (code, stdout, stderr) = run_limited(limit, input);
        if code == Some(0) {
            assert_eq!((stdout, stderr), (full.1.clone(), String::new()), "ulimit -v {limit}");
            answered += 1;
        } else {
            // One error line naming the table, nothing on stdout (the answer is one unit).
            assert_eq!((code, stdout.as_str()), (Some(1), ""), "ulimit -v {limit}: {stderr}");
            assert!(
                stderr.starts_with("msquare: error: out of memory: cannot allocate ")
                    && stderr.ends_with('\n')
                    && stderr.lines().count() == 1,
                "ulimit -v {limit}: {stderr}"
            );
            refused += 1;
        }
    }
    // The search's half megabyte did not fit at the smallest limits, and did at the largest.
    assert!(
        refused > 0 && answered > 0,
        "{refused} refused, {answered} answered from {start} KB"
    );
}
