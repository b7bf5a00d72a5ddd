//! Property-based fuzzing of every binary as a process: random bytes and near-valid inputs (a
//! valid case with one token changed). Each run must end within a time bound with status 0 or 1,
//! never panic, print at most one stderr line on failure, and leave on stdout only complete,
//! well-formed answers. `make test` runs a modest count; `make fuzz` sets `PROPTEST_CASES` higher.

use judge_tests::runner;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use std::process::Command;
use std::time::Duration;

/// Cases per property unless `PROPTEST_CASES` says otherwise. Each case is a process started and
/// judged, and the seed is fixed, so every `make test` tries the same inputs: a modest count keeps
/// the six properties a small share of the suite's CPU, and `make fuzz` (5,000 a property) is the
/// search for new ones.
const DEFAULT_CASES: u32 = 64;

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A runner with a fixed seed: every `make test` tries the same inputs, and a failure reproduces.
fn seeded_runner() -> TestRunner {
    TestRunner::new_with_rng(config(), TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

/// Runs `program` on `input` and checks the contract common to every binary; returns the exit
/// status and stdout.
fn run_contract(program: &str, input: &[u8]) -> Result<(i32, String), TestCaseError> {
    let binary = judge_tests::binary_path(program);
    let run = runner::direct::run(&mut Command::new(&binary), input, Some(Duration::from_secs(10)))
        .map_err(|e| TestCaseError::fail(format!("cannot run {}: {e}", binary.display())))?;
    prop_assert!(!run.timed_out, "{program} ran over 10 s");
    let stderr = String::from_utf8_lossy(&run.stderr);
    prop_assert!(!stderr.contains("panicked"), "{program} panicked: {stderr}");
    let code = run
        .code
        .ok_or_else(|| TestCaseError::fail(format!("{program} killed by a signal")))?;
    prop_assert!(code == 0 || code == 1, "{program}: exit status {code}");
    // stderr: warnings (colour-hash names cases it cannot solve), then on failure exactly one
    // error line, last.
    prop_assert!(
        stderr.is_empty() || stderr.ends_with('\n'),
        "{program}: stderr {stderr:?}"
    );
    let lines: Vec<&str> = stderr.lines().collect();
    let warnings = if code == 1 {
        lines.len().saturating_sub(1)
    } else {
        lines.len()
    };
    let warning = format!("{program}: warning: ");
    prop_assert!(
        lines[..warnings].iter().all(|line| line.starts_with(&warning)),
        "{program}: stderr {stderr:?}"
    );
    if code == 1 {
        let error = format!("{program}: error: ");
        prop_assert!(
            lines.last().is_some_and(|line| line.starts_with(&error)),
            "{program}: stderr {stderr:?}"
        );
    }
    let stdout = String::from_utf8(run.stdout).map_err(|_| TestCaseError::fail("stdout is not UTF-8"))?;
    prop_assert!(
        stdout.is_empty() || stdout.ends_with('\n'),
        "{program}: partial line on stdout: {stdout:?}"
    );
    Ok((code, stdout))
}

/// Bytes that look like puzzle input often enough to get past the first token.
fn noisy_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        4 => prop::sample::select(b"0123456789 \n".to_vec()),
        1 => prop::sample::select(b"x-+\t\r\x00".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..80)
}

/// A whitespace-separated list of tokens with one of them replaced, removed or repeated.
fn near_valid(tokens: Vec<String>) -> impl Strategy<Value = Vec<u8>> {
    let len = tokens.len();
    let replacement = prop_oneof![
        Just(String::new()),
        "[0-9]{1,3}",
        "-[0-9]",
        "[a-z]",
        Just("99999999999999999999".to_string()),
        Just("\u{e9}".to_string()),
    ];
    (0..len.max(1), replacement, 0..3u8).prop_map(move |(at, replacement, how)| {
        let mut tokens = tokens.clone();
        if at < tokens.len() {
            match how {
                0 => tokens[at] = replacement,
                1 => {
                    tokens.remove(at);
                }
                _ => tokens.insert(at, replacement),
            }
        }
        tokens.join(" ").into_bytes()
    })
}

/// Well-formed msquare output: a length line, then that many letters A-C, 60 a line.
fn msquare_well_formed(stdout: &str) -> Result<(), TestCaseError> {
    let mut lines = stdout.split_terminator('\n');
    let length: usize = lines
        .next()
        .and_then(|l| l.parse().ok())
        .ok_or_else(|| TestCaseError::fail("no length line"))?;
    let rest: Vec<&str> = lines.collect();
    let joined = rest.concat();
    prop_assert_eq!(joined.len(), length);
    prop_assert!(joined.bytes().all(|b| b"ABC".contains(&b)));
    let expected_lines = if length == 0 { 1 } else { (length + 59) / 60 };
    prop_assert_eq!(rest.len(), expected_lines);
    Ok(())
}

#[test]
fn msquare_survives_random_bytes() {
    seeded_runner()
        .run(&noisy_bytes(), |input| {
            let (code, stdout) = run_contract("msquare", &input)?;
            if code == 0 {
                msquare_well_formed(&stdout)?;
            } else {
                prop_assert_eq!(stdout, "", "msquare prints nothing on bad input");
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn msquare_survives_near_valid_input() {
    let base = Just((1..=8).map(|n: u32| n.to_string()).collect::<Vec<_>>()).prop_shuffle();
    seeded_runner()
        .run(&base.prop_flat_map(near_valid), |input| {
            let (code, stdout) = run_contract("msquare", &input)?;
            if code == 0 {
                msquare_well_formed(&stdout)?;
            } else {
                prop_assert_eq!(stdout, "");
            }
            Ok(())
        })
        .unwrap();
}

/// Well-formed eight output: every line `unsolvable`, empty, or moves u/d/l/r of at most 31.
fn eight_well_formed(stdout: &str) -> Result<(), TestCaseError> {
    for line in stdout.split_terminator('\n') {
        let moves = line.len() <= 31 && line.bytes().all(|b| b"udlr".contains(&b));
        prop_assert!(line == "unsolvable" || moves, "eight printed {:?}", line);
    }
    Ok(())
}

/// Well-formed Colour Hash output: every line one of the two claims or 1 to 16 moves 1-4.
fn colour_hash_well_formed(stdout: &str) -> Result<(), TestCaseError> {
    for line in stdout.split_terminator('\n') {
        let moves = (1..=16).contains(&line.len()) && line.bytes().all(|b| (b'1'..=b'4').contains(&b));
        let claim = line == "PUZZLE ALREADY SOLVED" || line == "NO SOLUTION WAS FOUND IN 16 STEPS";
        prop_assert!(claim || moves, "colour-hash printed {:?}", line);
    }
    Ok(())
}

/// Tokens of valid eight input: two boards in HDU layout.
fn eight_tokens() -> impl Strategy<Value = Vec<String>> {
    let board = Just("12345678x".chars().map(String::from).collect::<Vec<_>>()).prop_shuffle();
    (board.clone(), board).prop_map(|(a, b)| a.into_iter().chain(b).collect())
}

/// Tokens of valid Colour Hash input: a count of 2, the goal and a scramble of it.
fn colour_hash_tokens() -> impl Strategy<Value = Vec<String>> {
    const GOAL: [u8; 24] = [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];
    prop::sample::select(vec![0usize, 2, 4, 6]).prop_map(|turn| {
        // A left-wheel turn by `turn` places, then the shared pieces copied across.
        let mut scrambled = GOAL;
        scrambled[..12].rotate_right(turn);
        let shared = [scrambled[9], scrambled[10], scrambled[11]];
        scrambled[21..24].copy_from_slice(&shared);
        std::iter::once("2".to_string())
            .chain(GOAL.iter().chain(&scrambled).map(u8::to_string))
            .collect()
    })
}

#[test]
fn eight_survives_random_bytes() {
    seeded_runner()
        .run(&noisy_bytes(), |input| {
            let (_, stdout) = run_contract("eight", &input)?;
            eight_well_formed(&stdout)
        })
        .unwrap();
}

#[test]
fn eight_survives_near_valid_input() {
    seeded_runner()
        .run(&eight_tokens().prop_flat_map(near_valid), |input| {
            let (_, stdout) = run_contract("eight", &input)?;
            eight_well_formed(&stdout)
        })
        .unwrap();
}

#[test]
fn colour_hash_survives_random_bytes() {
    seeded_runner()
        .run(&noisy_bytes(), |input| {
            let (_, stdout) = run_contract("colour-hash", &input)?;
            colour_hash_well_formed(&stdout)
        })
        .unwrap();
}

#[test]
fn colour_hash_survives_near_valid_input() {
    seeded_runner()
        .run(&colour_hash_tokens().prop_flat_map(near_valid), |input| {
            let (_, stdout) = run_contract("colour-hash", &input)?;
            colour_hash_well_formed(&stdout)
        })
        .unwrap();
}
