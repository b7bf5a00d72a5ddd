//! `judge stress` against deliberately broken solvers (each the release binary with its output
//! bent by a one-line filter, wrong only on one kind of case), which must be caught and shrunk to
//! one case, and against the workspace's own release binaries, which must pass.

use judge_tests::checker::Level;
use judge_tests::stress::{self, Options};
use std::time::Duration;

fn options(puzzle: &str, command: String, cases: usize) -> Options {
    Options {
        puzzle: puzzle.to_string(),
        command,
        cases,
        seed: 1,
        level: Level::Judge,
        keep: None,
        time_limit: Duration::from_secs(20),
        memory_limit: None,
        mixed_spacing: true,
    }
}

fn binary(puzzle: &str) -> String {
    judge_tests::binary_path(puzzle).display().to_string()
}

/// Runs a stress test; returns whether it passed, the report and the kept input.
fn stress(mut options: Options) -> (bool, String, Vec<u8>) {
    let keep = std::env::temp_dir().join(format!("stress-kept-{}-{}", options.puzzle, std::process::id()));
    let _ = std::fs::remove_file(&keep);
    options.keep = Some(keep.clone());
    let mut report = Vec::new();
    let passed = stress::run(&options, &mut report, None).expect("the stress run goes through");
    let kept = std::fs::read(&keep).unwrap_or_default();
    let _ = std::fs::remove_file(&keep);
    (passed, String::from_utf8(report).unwrap(), kept)
}

/// The failure is caught, shrunk to one case, reported with both outputs, and kept.
fn assert_caught_and_shrunk(puzzle: &str, filter: &str, noun: &str) -> String {
    let command = format!("{} | {filter}", binary(puzzle));
    let (passed, report, kept) = stress(options(puzzle, command, 2000));
    assert!(!passed, "{report}");
    assert!(report.contains(&format!("input (1 {noun}, shrunk from")), "{report}");
    assert!(
        report.contains("expected (the reference's answer):") && report.contains("received:"),
        "{report}"
    );
    assert!(report.ends_with("passed, 1 failed\n"), "{report}");
    assert!(!kept.is_empty(), "{report}");
    report
}

#[test]
fn eight_wrong_only_on_long_answers_is_caught() {
    let report = assert_caught_and_shrunk(
        "eight",
        "awk '{ if (length($0) > 24 && $0 != \"unsolvable\") print substr($0, 2); else print }'",
        "board",
    );
    assert!(report.contains("wrong answer board 1"), "{report}");
}

#[test]
fn eight_wrong_only_on_unsolvable_boards_is_caught() {
    let report = assert_caught_and_shrunk("eight", "sed 's/^unsolvable$/ud/'", "board");
    assert!(report.contains("for an unsolvable board"), "{report}");
}

#[test]
fn colour_hash_wrong_only_at_distance_16_is_caught() {
    let report = assert_caught_and_shrunk(
        "colour-hash",
        "awk '{ if ($0 ~ /^[1-4]+$/ && length($0) == 16) print substr($0, 2) \"1\"; else print }'",
        "configuration",
    );
    assert!(report.contains("case 1:"), "{report}");
}

#[test]
fn a_longer_eight_answer_passes_the_judges_rule_but_not_shortest() {
    // One detour (u then d, where u is possible) in front of every answer that can take it.
    let filter = "awk '{ if (substr($0, 1, 1) == \"u\" && $0 != \"unsolvable\") print \"ud\" $0; else print }'";
    let command = format!("{} | {filter}", binary("eight"));
    let (passed, report, _) = stress(options("eight", command.clone(), 500));
    assert!(passed, "{report}");
    let mut shortest = options("eight", command, 500);
    shortest.level = Level::Shortest;
    let (passed, report, _) = stress(shortest);
    assert!(!passed && report.contains("moves where"), "{report}");
}

#[test]
fn own_binaries_pass() {
    for (puzzle, cases) in [("eight", 3000), ("colour-hash", 200), ("msquare", 230)] {
        let mut options = options(puzzle, binary(puzzle), cases);
        options.level = Level::Strict;
        let (passed, report, _) = stress(options);
        assert!(passed, "{puzzle}: {report}");
        assert!(report.ends_with(&format!("{cases} passed, 0 failed\n")), "{report}");
    }
}

#[test]
fn own_eight_passes_with_random_whitespace() {
    let (passed, report, _) = stress(options("eight", binary("eight"), 3000));
    assert!(passed, "{report}");
}

#[test]
fn a_program_over_the_memory_limit_is_mle() {
    let hog = judge_tests::binary_path("memory-hog").display().to_string();
    let mut limited = options("msquare", format!("{hog} 300"), 1);
    limited.memory_limit = Some(100 << 20);
    let (passed, report, _) = stress(limited);
    assert!(!passed, "{report}");
    assert!(report.contains("MLE peak"), "{report}");
}

#[test]
fn arguments() {
    let args = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
    let parsed = stress::parse(&args("eight --command cat --cases 5 --seed 9 --shortest --keep k")).unwrap();
    assert_eq!((parsed.cases, parsed.seed, parsed.level), (5, 9, Level::Shortest));
    let parsed = stress::parse(&args("msquare --command cat --checker-level strict")).unwrap();
    assert_eq!(parsed.level, Level::Strict);
    assert!(stress::parse(&args("eight")).unwrap_err().contains("--command"));
    assert!(stress::parse(&args("nine --command cat"))
        .unwrap_err()
        .contains("known: msquare, eight, colour-hash"));
    assert!(stress::parse(&args("eight --command cat --checker-level lax")).is_err());
    // The progress line goes where it is asked to, and the report stays clean.
    let mut options = options("msquare", binary("msquare"), 3);
    options.level = Level::Strict;
    let (mut report, mut progress) = (Vec::new(), Vec::new());
    assert!(stress::run(&options, &mut report, Some(&mut progress)).unwrap());
    assert_eq!(String::from_utf8(report).unwrap(), "3 passed, 0 failed\n");
    assert!(String::from_utf8(progress).unwrap().contains("\r3/3 cases passed"));
}

#[test]
fn the_judge_command_runs_it() {
    let judge = |args: &[&str]| {
        let run = std::process::Command::new(judge_tests::binary_path("judge"))
            .arg("stress")
            .args(args)
            .output()
            .expect("judge runs");
        (run.status.code(), String::from_utf8_lossy(&run.stdout).into_owned())
    };
    let colour_hash = binary("colour-hash");
    let (code, stdout) = judge(&["colour-hash", "--command", &colour_hash, "--cases", "40", "--seed", "3"]);
    assert_eq!((code, stdout.as_str()), (Some(0), "40 passed, 0 failed\n"));
    let broken = format!("{colour_hash} | sed 's/^PUZZLE ALREADY SOLVED$/1/'");
    let (code, stdout) = judge(&["colour-hash", "--command", &broken, "--cases", "40"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("input (1 configuration, shrunk from") && stdout.ends_with("1 failed\n"),
        "{stdout}"
    );
    let (code, _) = judge(&["colour-hash"]);
    assert_eq!(code, Some(2));
}
