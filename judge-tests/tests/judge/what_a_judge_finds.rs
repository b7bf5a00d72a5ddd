//! `judge` finds what a real judge would, at once: a POJ solution without the parity check fails
//! `judge run --judge poj` on the default set's unsolvable board and `judge stress` within its
//! first ten cases, its TLE confirmed alone; a TLE that does not reproduce alone says so; a UVa
//! 652 solution without its empty lines is a presentation error in run and stress alike, kept on
//! 2 boards; hints say only what the output shows; `--data` takes a puzzle's folder or its
//! parent; each failure links the study page's case. Time limits are short and the cases few:
//! the looping fixture spins until the limit.

use super::python_fixture;
use judge_oracle::checker::Level;
use judge_tests::cases::Format;
use judge_tests::stress::{self, Options, Whitespace};
use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

/// `judge ARGS`: status, stdout and stderr.
fn judge(args: &[&str]) -> (Option<i32>, String, String) {
    let done = Command::new(judge_tests::binary_path("judge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("judge runs");
    (
        done.status.code(),
        String::from_utf8_lossy(&done.stdout).into_owned(),
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

fn options(puzzle: &str, command: String, cases: usize, time_limit: Duration) -> Options {
    Options {
        puzzle: puzzle.to_string(),
        command,
        cases,
        seed: 1,
        level: Level::Judge,
        keep: None,
        time_limit,
        memory_limit: None,
        format: None,
        whitespace: Whitespace::Plain,
        generator: None,
        jobs: 1,
        ..Options::new("msquare", String::new())
    }
}

fn stressed(options: &Options) -> (bool, String) {
    let mut report = Vec::new();
    let passed = stress::run(options, &mut report, None).expect("the stress run goes through");
    (passed, String::from_utf8(report).unwrap())
}

#[test]
fn a_poj_solution_without_the_parity_check_fails_at_once_in_run_and_stress() {
    let command = python_fixture("eight_poj_no_parity");
    let (status, stdout, _) = judge(&["run", "eight", "--judge", "poj", "--jobs", "1", "--command", &command]);
    assert_eq!(status, Some(1), "{stdout}");
    // The other cases' times depend on the machine's load; the unsolvable board never ends.
    assert!(
        stdout.contains("TLE eight/poj-unsolvable ")
            && stdout.contains("(limit 1000 ms: POJ 1077's figure, the same for every language)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("/target/page/study.html#eight=1,2,3,4,5,6,8,7,x"),
        "{stdout}"
    );
    assert!(
        stdout.contains("answer classes covered: sample, solved, unsolvable, farthest (31), 1 move\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("limits: 1000 ms, 64 MB, as POJ 1077 states them (--judge poj)\n"),
        "{stdout}"
    );
    // Stress, in POJ's layout: the unsolvable board is the second input, and the TLE holds alone.
    let mut poj = options("eight", command, 1000, Duration::from_millis(500));
    poj.format = Some(Format::Poj);
    let (passed, report) = stressed(&poj);
    assert!(!passed);
    let first = report.lines().next().unwrap_or_default();
    let case: usize = first
        .strip_prefix("FAIL on case ")
        .and_then(|rest| rest.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    assert!(case <= 10, "{report}");
    assert!(first.contains("TLE after 500 ms; confirmed alone"), "{report}");
    assert!(
        report.contains("input (1 board unsolvable, shrunk from 1):"),
        "{report}"
    );
}

#[test]
fn a_time_limit_that_does_not_hold_alone_says_so() {
    // The first run spins past the limit; every later run, the one alone included, is quick.
    // The flag that tells them apart is made by this test once the first run has marked its
    // working folder (a confined program can write nowhere else), and the first run spins only
    // once the flag is there.
    let flag = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("slow-once-{}", std::process::id()));
    let _ = fs::remove_file(&flag);
    let marker = format!("slow-once-started-{}", std::process::id());
    let command = format!(
        "if [ -e {flag} ]; then {msquare}; else touch {marker}; until [ -e {flag} ]; do sleep 0.01; done; while :; do :; done; fi",
        flag = super::quoted(&flag),
        msquare = super::quoted(&judge_tests::binary_path("msquare"))
    );
    let watcher = {
        let flag = flag.clone();
        super::when_a_run_marks(marker, move || fs::write(&flag, "").unwrap())
    };
    // 300 ms: the msquare binary alone answers well within it.
    let (passed, report) = stressed(&options("msquare", command, 2, Duration::from_millis(300)));
    watcher.join().unwrap();
    let _ = fs::remove_file(&flag);
    assert!(!passed);
    assert!(
        report.starts_with("FAIL on case 1 of 2 (seed 1): TLE after 300 ms; not reproduced alone:"),
        "{report}"
    );
    assert!(report.contains("against the 300 ms limit"), "{report}");
    let _ = fs::remove_file(&flag);
}

#[test]
fn a_uva_solution_without_its_empty_lines_is_a_presentation_error_in_run_and_stress() {
    let command = python_fixture("eight_uva652_no_blank_lines");
    let (status, stdout, _) = judge(&["run", "eight", "--judge", "uva", "--jobs", "1", "--command", &command]);
    assert_eq!(status, Some(1), "{stdout}");
    // On 2 boards as on 50 (where solved boards' empty answers are among the others): PE.
    for case in ["uva652-few-moves", "uva652-boards-50"] {
        assert!(stdout.contains(&format!("PE  eight/{case} ")), "{stdout}");
    }
    assert!(!stdout.contains("WA "), "{stdout}");
    assert!(stdout.contains("an empty line is missing"), "{stdout}");
    let mut uva = options("eight", command, 64, Duration::from_secs(20));
    uva.format = Some(Format::Uva652);
    let (passed, report) = stressed(&uva);
    assert!(!passed);
    let first = report.lines().next().unwrap_or_default();
    assert!(
        first.contains("presentation error") && first.contains("an empty line is missing"),
        "{report}"
    );
    assert!(report.contains("input (2 boards, shrunk from 64):"), "{report}");
}

#[test]
fn hints_say_only_what_the_output_shows() {
    let eight = super::quoted(&judge_tests::binary_path("eight"));
    // Right answers, a failing exit status: said so, and no layout named.
    let failing_exit = format!("{eight}; exit 1");
    let (_, stdout, _) = judge(&["run", "eight", "boards-50", "uva652-sample", "--command", &failing_exit]);
    assert_eq!(stdout.matches("hint: answers right, exit 1").count(), 2, "{stdout}");
    assert!(!stdout.contains("--format"), "{stdout}");
    // A case no judge sends: said so under a wrong answer, and no tile of an empty input.
    let (_, stdout, _) = judge(&["run", "eight", "empty", "--command", "echo oops"]);
    assert!(stdout.starts_with("WA  eight/empty "), "{stdout}");
    assert!(
        stdout.contains("hint: no judge sends this input (an empty input)"),
        "{stdout}"
    );
    assert!(!stdout.contains("tile"), "{stdout}");
    // Without a preset the limits are said to be no judge's.
    let (status, stdout, _) = judge(&["run", "msquare", "usaco-2"]);
    assert_eq!(status, Some(0), "{stdout}");
    assert!(
        stdout.contains("limits: 10000 ms, no memory limit: not any judge's"),
        "{stdout}"
    );
}

#[test]
fn data_takes_a_puzzles_folder_or_its_parent() {
    let data = judge_tests::data_dir();
    let folder = data.join("msquare");
    for dir in [&data, &folder] {
        let (status, stdout, stderr) = judge(&["run", "msquare", "usaco-2", "--data", &dir.display().to_string()]);
        assert_eq!(status, Some(0), "{stdout}{stderr}");
        assert!(stdout.starts_with("AC  msquare/usaco-2 "), "{stdout}");
    }
    // Another puzzle's folder, or a folder of no cases: which layout --data expects.
    let eight = data.join("eight").display().to_string();
    let (status, _, stderr) = judge(&["run", "msquare", "--data", &eight]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("no msquare/ folder and no <case>.in file in it: give the folder of msquare's cases"),
        "{stderr}"
    );
    let empty = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-cases");
    fs::create_dir_all(&empty).unwrap();
    let (status, _, stderr) = judge(&["run", "eight", "--data", &empty.display().to_string()]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("or the folder that holds eight/"), "{stderr}");
}
