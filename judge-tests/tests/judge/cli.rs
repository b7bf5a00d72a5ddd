//! `judge` (and its `peak-rss` helper) as a user meets them: every help and mistake message with
//! its exact status and stderr, odd arguments, a full or closed stdout, and the limits of
//! `judge run` (a child that leaves the process group, Ctrl-C, a long wrong answer, memory, output).
//!
//! Time bounds are generous (the machine may be loaded): they tell a bounded wait from an
//! unbounded one, not fast from slow.

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use std::ffi::OsString;
use std::fs;
use std::io::Read;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What one `judge` invocation gave.
#[derive(Debug)]
struct Outcome {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

fn judge() -> Command {
    Command::new(judge_tests::binary_path("judge"))
}

/// Runs `command` to its end with stdout captured.
fn outcome(command: &mut Command) -> Outcome {
    let start = Instant::now();
    let output = command
        .stdin(Stdio::null())
        .output()
        .expect("judge runs (cargo build --release -p judge-tests)");
    Outcome {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed: start.elapsed(),
    }
}

/// A fresh folder of cases: `<puzzle>/<name>.in` and `.out` from `(path, contents)` pairs.
fn data(test: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-cli-{test}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, contents) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
    dir
}

/// `judge run eight --data DIR --command CMD --exact ARGS...` on one case `a` whose answer is
/// `ok\n` (not an eight input: `--exact` compares bytes, so the runner's verdicts are tested
/// apart from the checker). Every verdict, failing or not, goes to stdout: stderr stays empty.
fn run_command(dir: &Path, command: &str, args: &[&str]) -> Outcome {
    let done = outcome(
        judge()
            .args(["run", "eight", "--exact", "--data"])
            .arg(dir)
            .args(["--command", command])
            .args(args),
    );
    assert_eq!(done.stderr, "", "{command}: {done:?}");
    done
}

fn os(bytes: &[u8]) -> OsString {
    OsString::from_vec(bytes.to_vec())
}

#[test]
fn help_goes_to_stdout_with_status_0() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["run", "--help"],
        &["run", "-h"],
        &["run", "eight", "--time-limit", "5", "--help"],
        &["check", "--help"],
        &["check", "-h"],
        &["bundle", "--help"],
        &["stress", "--help"],
        &["stress", "eight", "-h"],
    ] {
        let done = outcome(judge().args(args));
        assert_eq!(done.status, Some(0), "{args:?}: {done:?}");
        assert!(done.stdout.starts_with("usage: judge"), "{args:?}: {done:?}");
        assert_eq!(done.stderr, "", "{args:?}");
    }
    // The overall usage names every verb, `stress` included.
    let usage = outcome(judge().arg("--help")).stdout;
    for verb in ["judge run", "judge check", "judge stress", "judge bundle"] {
        assert!(usage.contains(verb), "{usage}");
    }
    let bare = outcome(&mut judge());
    assert_eq!((bare.status, bare.stdout.as_str()), (Some(2), ""));
    assert_eq!(bare.stderr, usage);
}

#[test]
fn mistakes_are_one_line_with_status_2() {
    let eight_cases = judge_tests::cases::discover(&judge_tests::data_dir(), "eight").unwrap();
    let names: Vec<&str> = eight_cases.iter().map(|case| case.name.as_str()).collect();
    let listed = names.join(", ");
    let missing = judge_tests::binary_path("nonesuch");
    let lonely = data("missing-program", &[("nonesuch/a.in", b"1\n")]);
    let rows: Vec<(Vec<OsString>, String)> = vec![
        (
            vec!["run".into(), "nonesuch".into()],
            "unknown puzzle 'nonesuch' (puzzles: colour-hash, eight, msquare)".into(),
        ),
        (
            vec!["run".into(), "../../../x".into()],
            "unknown puzzle '../../../x' (puzzles: colour-hash, eight, msquare)".into(),
        ),
        (
            vec!["run".into(), "eight".into(), "nope".into()],
            format!("eight has no case 'nope' (cases: {listed})"),
        ),
        (
            vec![
                "run".into(),
                "eight".into(),
                "solved".into(),
                "nope".into(),
                "empty".into(),
            ],
            format!("eight has no case 'nope' (cases: {listed})"),
        ),
        (
            vec!["run".into(), "eight".into(), "--fast".into()],
            "unknown option --fast (see judge run --help)".into(),
        ),
        (vec!["run".into()], "which puzzle? (see judge run --help)".into()),
        (
            vec!["run".into(), "eight".into(), "--time-limit".into()],
            "--time-limit needs a value (see judge run --help)".into(),
        ),
        (
            vec!["run".into(), "eight".into(), "--time-limit".into(), "soon".into()],
            "--time-limit: 'soon' is not a number of ms".into(),
        ),
        (
            vec!["run".into(), "eight".into(), "--memory-limit".into(), "0".into()],
            "--memory-limit: 0 MB is out of range".into(),
        ),
        (
            vec!["run".into(), "eight".into(), "--memory-limit".into(), os(b"1\xff")],
            "--memory-limit: '1\\xff' is not a number of MB".into(),
        ),
        (
            vec!["run".into(), "eight".into(), "a\nb".into()],
            "argument 'a\\nb' is not a one-line UTF-8 text".into(),
        ),
        (
            vec!["run".into(), os(b"eight\xe9")],
            "argument 'eight\\xe9' is not a one-line UTF-8 text".into(),
        ),
        (
            vec![os(b"r\xffn")],
            "unknown verb 'r\\xffn' (verbs: run, check, stress, bundle; see judge --help)".into(),
        ),
        (
            vec!["run".into(), "eight".into(), "--data".into(), "/nonexistent".into()],
            "--data /nonexistent: not a folder".into(),
        ),
        (
            vec!["run".into(), "nonesuch".into(), "--data".into(), lonely.clone().into()],
            format!(
                "no program at {}: build it with `cargo build --release` (or pass --command CMD)",
                missing.display()
            ),
        ),
        (
            vec!["bundle".into(), "--zip".into()],
            "unknown option --zip (see judge bundle --help)".into(),
        ),
    ];
    for (args, message) in rows {
        let done = outcome(judge().args(&args));
        assert_eq!(done.status, Some(2), "{args:?}: {done:?}");
        assert_eq!(done.stderr, format!("judge: error: {message}\n"), "{args:?}");
        assert_eq!(done.stdout, "", "{args:?}");
    }
    fs::remove_dir_all(lonely).unwrap();
}

#[test]
fn check_keeps_testlib_statuses_for_odd_arguments() {
    let solved = judge_tests::data_dir().join("eight").join("solved.in");
    let rows: Vec<(Vec<OsString>, &str)> = vec![
        (
            vec!["eight".into(), os(b"latin1-\xe9.in"), "out".into()],
            "FAIL latin1-\\xe9.in: No such file or directory (os error 2)\n",
        ),
        (
            vec!["eight".into(), "line\nbreak.in".into(), "out".into()],
            "FAIL line\\nbreak.in: No such file or directory (os error 2)\n",
        ),
        (
            vec!["eight".into(), solved.clone().into(), os(b"out\xff")],
            "wrong answer cannot read the output: out\\xff: No such file or directory (os error 2)\n",
        ),
        (
            vec!["nine".into(), "a".into(), "b".into()],
            "FAIL unknown puzzle 'nine' (puzzles: msquare, eight, colour-hash)\n",
        ),
        (
            vec!["eight".into(), "a".into()],
            "FAIL bad arguments: want <puzzle> <input> <output> [<answer>] (see judge check --help)\n",
        ),
        (
            vec!["eight".into(), "a".into(), "b".into(), "--lenient".into()],
            "FAIL unknown option --lenient (see judge check --help)\n",
        ),
    ];
    for (args, line) in rows {
        let done = outcome(judge().arg("check").args(&args));
        let want = if line.starts_with("wrong") { 1 } else { 3 };
        assert_eq!(done.status, Some(want), "{args:?}: {done:?}");
        assert_eq!((done.stdout.as_str(), done.stderr.as_str()), (line, ""), "{args:?}");
    }
}

#[test]
fn peak_rss_reports_odd_arguments_on_one_line() {
    let report = std::env::temp_dir().join(format!("judge-cli-peak-{}", std::process::id()));
    let rows: Vec<(Vec<OsString>, &str)> = vec![
        (
            vec![report.clone().into(), os(b"prog\xff")],
            "peak-rss: error: cannot run prog\\xff: No such file or directory (os error 2) (not found on PATH)\n",
        ),
        (
            vec![
                "--memory-limit-kib".into(),
                "1\n2".into(),
                report.clone().into(),
                "true".into(),
            ],
            "peak-rss: error: --memory-limit-kib needs a positive number, not '1\\n2'\n",
        ),
        (
            vec!["--parent".into(), "-3".into(), report.clone().into(), "true".into()],
            "peak-rss: error: --parent needs a process id, not '-3'\n",
        ),
        (
            vec![report.clone().into()],
            "peak-rss: error: usage: peak-rss [--memory-limit-kib N] [--cpu-limit-ms N] [--wall-limit-ms N] [--parent PID] \
             [--workdir DIR] [--confine 1|2 --memory-cgroup DIR --cpu-cgroup DIR [--pids-cgroup DIR] [--uid N]] (--report-fd N | OUT) PROGRAM [ARGS...]\n",
        ),
    ];
    for (args, line) in rows {
        let done = outcome(Command::new(judge_tests::binary_path("peak-rss")).args(&args));
        assert_eq!((done.status, done.stderr.as_str()), (Some(125), line), "{args:?}");
    }
    let done = outcome(Command::new(judge_tests::binary_path("peak-rss")).args([&report, Path::new("false")]));
    assert_eq!(done.status, Some(1));
    let written = fs::read_to_string(&report).unwrap();
    let report_read = judge_tests::runner::report::Report::parse(&written).unwrap();
    assert_eq!(
        report_read.ending,
        judge_tests::runner::report::Ending::Exit(1),
        "{written}"
    );
    fs::remove_file(report).unwrap();
}

#[test]
fn a_full_or_closed_stdout_never_panics() {
    let full = || fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let solved = judge_tests::data_dir().join("eight").join("solved");
    let no_space = "judge: error: cannot write to stdout: No space left on device (os error 28)\n";
    let rows: Vec<(Vec<OsString>, i32)> = vec![
        (vec!["run".into(), "msquare".into()], 2),
        (vec!["--help".into()], 2),
        (vec!["run".into(), "--help".into()], 2),
        (
            vec![
                "check".into(),
                "eight".into(),
                solved.with_extension("in").into(),
                solved.with_extension("out").into(),
            ],
            3,
        ),
        (vec!["check".into(), "--help".into()], 3),
    ];
    for (args, status) in rows {
        let done = outcome(judge().args(&args).stdout(full()));
        assert_eq!(
            (done.status, done.stderr.as_str()),
            (Some(status), no_space),
            "{args:?}"
        );
    }
    // `judge run eight | head -c 10`: quiet, status 0.
    let mut child = judge()
        .args(["run", "eight"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let done = child.wait_with_output().unwrap();
    assert_eq!(done.status.code(), Some(0), "{done:?}");
    assert_eq!(String::from_utf8_lossy(&done.stderr), "");
}

#[test]
fn verdict_lines_say_why_a_run_failed() {
    let dir = data("verdicts", &[("eight/a.in", b"1\n"), ("eight/a.out", b"ok\n")]);
    let rows = [
        ("echo ok", "AC  eight/a", ""),
        ("echo no", "WA  eight/a", "    -       1 ok⏎\n    +       1 no⏎\n"),
        ("exit 3", "RE  eight/a", "(exit 3)"),
        ("kill -SEGV $$", "RE  eight/a", "(SIGSEGV)"),
        (
            "echo oops >&2; exit 1",
            "RE  eight/a",
            "    stderr (its last lines):\n        oops\n",
        ),
        ("sleep 60", "TLE eight/a", "(limit 200 ms, wall limit "),
        ("yes", "OLE eight/a", "(over 67108864 bytes)"),
    ];
    for (command, start, detail) in rows {
        // Margins that hold on a machine ten times slower: the TLE program sleeps 300 times its
        // limit, the others get 30 s for a few milliseconds of work. The TLE limit is short: a
        // sleeper ends at the wall limit, a few times it, and judge watches it all that time.
        let limit = if start.starts_with("TLE") { "200" } else { "30000" };
        let done = run_command(&dir, command, &["--time-limit", limit]);
        let passed = start.starts_with("AC");
        assert_eq!(done.status, Some(if passed { 0 } else { 1 }), "{command}: {done:?}");
        assert!(done.stdout.starts_with(start), "{command}: {}", done.stdout);
        assert!(done.stdout.contains(detail), "{command}: {}", done.stdout);
        let summary = if passed {
            "1 passed, 0 failed\n"
        } else {
            "0 passed, 1 failed\n"
        };
        assert!(done.stdout.ends_with(summary), "{command}: {}", done.stdout);
        // Every verdict line shows its time; a run that ended by itself shows its peak memory.
        let line = done.stdout.lines().next().unwrap();
        assert!(line.contains(" ms "), "{line}");
        if !start.starts_with("TLE") && !start.starts_with("OLE") {
            assert!(line.contains(" MB"), "{line}");
        }
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_child_that_leaves_the_group_cannot_hold_the_verdict() {
    let dir = data("setsid", &[("eight/a.in", b"1\n"), ("eight/a.out", b"ok\n")]);
    let pids = dir.join("pids");
    // The program answers and exits, or runs past its limit, leaving a `setsid` child that holds
    // the output pipes for 300 s. The margins hold on a machine ten times slower: the answering
    // program gets 30 s for a shell's few milliseconds, the sleeping one sleeps 300 s past a
    // 200 ms limit (which it reaches at the wall limit, a few times that), and a judge that waited
    // for the child would take 300 s, five times the 60 s allowed.
    for (tail, start, limit) in [("echo ok", "AC ", "30000"), ("sleep 300", "TLE", "200")] {
        let command = format!("setsid sleep 300 & echo $! >> {}; {tail}", pids.display());
        let done = run_command(&dir, &command, &["--time-limit", limit]);
        assert!(done.stdout.starts_with(start), "{done:?}");
        assert!(done.elapsed < Duration::from_secs(60), "{:?}", done.elapsed);
    }
    // Written in the fallback mode only: a confined program cannot write there, and its child
    // goes with its PID namespace.
    for pid in fs::read_to_string(&pids).unwrap_or_default().split_whitespace() {
        let _ = kill(Pid::from_raw(pid.parse().unwrap()), Signal::SIGKILL);
    }
    fs::remove_dir_all(dir).unwrap();
}

/// Whether process `pid` is gone (a zombie waiting for its new parent counts as gone).
fn gone(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

#[test]
fn ctrl_c_kills_the_judged_program() {
    let dir = data("sigint", &[("eight/a.in", b"1\n"), ("eight/a.out", b"ok\n")]);
    // Found by its command line in any PID namespace: `sleep <tag>`.
    let tag = format!("97{:07}", std::process::id());
    let command = format!("touch started; exec sleep {tag}");
    let child = judge()
        .args(["run", "eight", "--data"])
        .arg(&dir)
        .args(["--command", &command])
        .env("TMPDIR", &dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let sleeping = || {
        fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            let line = fs::read(entry.path().join("cmdline")).unwrap_or_default();
            line == format!("sleep\0{tag}\0").as_bytes()
                && entry
                    .file_name()
                    .to_str()
                    .and_then(|pid| pid.parse().ok())
                    .is_some_and(|pid| !gone(pid))
        })
    };
    let start = Instant::now();
    while !sleeping() {
        assert!(start.elapsed() < Duration::from_secs(30), "the program never started");
        thread::sleep(Duration::from_millis(20));
    }
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let done = child.wait_with_output().unwrap();
    assert_eq!(done.status.code(), Some(130), "{done:?}");
    assert_eq!(
        String::from_utf8_lossy(&done.stderr),
        "judge: interrupted by SIGINT: the judged program was stopped\n"
    );
    let start = Instant::now();
    while sleeping() {
        assert!(start.elapsed() < Duration::from_secs(30), "the program outlived judge");
        thread::sleep(Duration::from_millis(20));
    }
    assert!(done.status.signal().is_none());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_long_wrong_answer_is_judged_promptly_with_a_bounded_report() {
    let expected: String = (1..=160_000).map(|line| format!("{line}\n")).collect();
    let dir = data("long", &[("eight/a.in", b"1\n"), ("eight/a.out", expected.as_bytes())]);
    // "Promptly": well within a minute, where comparing every line with every other would take
    // hours; a limit that holds on a machine ten times slower than any the test has run on.
    let done = run_command(&dir, "seq 2 160001", &["--time-limit", "60000"]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(done.stdout.starts_with("WA  eight/a"), "{}", done.stdout);
    assert!(
        done.stdout.contains("    -       1 1⏎\n    +       1 2⏎\n"),
        "{}",
        done.stdout
    );
    assert!(done
        .stdout
        .contains("    160000 of 160000 lines differ, the first at line 1 (expected 160000 lines, got 160000)\n"));
    assert!(done.stdout.len() < 6000, "{} bytes", done.stdout.len());
    assert!(done.elapsed < Duration::from_secs(60), "{:?}", done.elapsed);
    fs::remove_dir_all(dir).unwrap();
}

/// The peak memory a verdict line shows, in MB.
fn peak_mb(line: &str) -> f64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|word| *word == "MB").expect("a peak in MB");
    words[at - 1].parse().unwrap()
}

#[test]
fn memory_limit_gives_mle_with_the_peak() {
    let dir = data("memory", &[("eight/a.in", b"1\n"), ("eight/a.out", b"300\n")]);
    let hog = judge_tests::binary_path("memory-hog");
    let command = format!("{} 300", super::quoted(&hog));
    let limited = run_command(&dir, &command, &["--memory-limit", "100", "--time-limit", "30000"]);
    assert_eq!(limited.status, Some(1), "{limited:?}");
    let line = limited.stdout.lines().next().unwrap();
    assert!(
        line.starts_with("MLE eight/a") && line.contains("(limit 100 MB"),
        "{line}"
    );
    // Over the limit, though one decimal may round it down to the limit itself.
    assert!(peak_mb(line) >= 100.0, "{line}");
    let roomy = run_command(&dir, &command, &["--memory-limit", "1000", "--time-limit", "30000"]);
    let line = roomy.stdout.lines().next().unwrap();
    assert!(line.starts_with("AC  eight/a"), "{roomy:?}");
    assert!(peak_mb(line) >= 300.0, "{line}");
    // Without a limit the peak is still measured.
    let unlimited = run_command(&dir, &command, &["--time-limit", "30000"]);
    assert!(
        peak_mb(unlimited.stdout.lines().next().unwrap()) >= 300.0,
        "{unlimited:?}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn cases_come_from_the_workspace_judge_runs_in() {
    // A workspace elsewhere (a moved clone): its cases, not the ones judge was built beside.
    let dir = data(
        "moved",
        &[
            ("Cargo.toml", b"[workspace]\nmembers = []\n"),
            ("judge-tests/data/eight/only-here.in", b"1\n"),
            ("judge-tests/data/eight/only-here.out", b"ok\n"),
        ],
    );
    let inner = dir.join("judge-tests");
    let done = outcome(
        judge()
            .args(["run", "eight", "--exact", "--command", "echo ok"])
            .current_dir(&inner),
    );
    assert_eq!(done.status, Some(0), "{done:?}");
    assert!(done.stdout.starts_with("AC  eight/only-here"), "{}", done.stdout);
    assert!(done.stdout.ends_with("1 passed, 0 failed\n"), "{}", done.stdout);
    fs::remove_dir_all(dir).unwrap();
}

/// `judge run eight ARGS...` on the workspace's cases.
fn run_eight(args: &[&str]) -> Outcome {
    outcome(judge().args(["run", "eight"]).args(args))
}

#[test]
fn run_judges_as_the_judges_do_and_exact_compares_bytes() {
    // A detour (u then d) in front of the canonical answer: valid, not canonical.
    let longer = "echo udullddrurdllurdruldr";
    let done = run_eight(&["poj1077-sample", "--command", longer]);
    assert_eq!(done.status, Some(0), "{done:?}");
    assert!(done.stdout.starts_with("AC  eight/poj1077-sample"), "{}", done.stdout);
    // --checker-level shortest: the detour is two moves too many.
    let done = run_eight(&["poj1077-sample", "--command", longer, "--checker-level", "shortest"]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(done.stdout.contains("21 moves where 19 suffice"), "{}", done.stdout);
    // --exact: a WA that says the judges would accept it.
    let done = run_eight(&["poj1077-sample", "--command", longer, "--exact"]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(done.stdout.starts_with("WA  eight/poj1077-sample"), "{}", done.stdout);
    assert!(
        done.stdout
            .contains("    the output differs from poj1077-sample.out (--exact compares bytes):\n")
            && done.stdout.contains("    +       1 udullddrurdllurdruldr⏎\n")
            && done
                .stdout
                .contains("    the judges' rule would accept this output (judge run without --exact)\n"),
        "{}",
        done.stdout
    );
    // A wrong answer names the rule it broke, under either.
    let done = run_eight(&["poj1077-sample", "--command", "echo ulldd"]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(
        done.stdout
            .contains("\"ulldd\" does not reach the goal (rule: any move sequence that reaches the goal"),
        "{}",
        done.stdout
    );
    let done = run_eight(&["poj1077-sample", "--command", "echo ulldd", "--exact"]);
    assert!(
        done.stdout
            .contains("    the judges' rule would not accept it either: wrong answer board 1:"),
        "{}",
        done.stdout
    );
    // The workspace's binary passes both ways; the Makefile's demo runs the default.
    for args in [&[][..], &["--exact"]] {
        let done = run_eight(args);
        assert_eq!(done.status, Some(0), "{args:?}: {done:?}");
        assert!(done.stdout.ends_with(" passed, 0 failed\n"), "{}", done.stdout);
    }
    let done = run_eight(&["poj1077-sample", "--command", longer, "--checker-level", "shortest"]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert_eq!(run_eight(&["solved", "--checker-level", "strict"]).status, Some(0));
}

/// The cases `judge run eight --format F` runs.
fn cases_in(format: &str) -> Vec<String> {
    let done = run_eight(&["--format", format]);
    assert_eq!(done.status, Some(0), "{done:?}");
    done.stdout
        .lines()
        .filter(|line| line.starts_with("AC "))
        .map(|line| line.split_whitespace().nth(1).unwrap().to_string())
        .collect()
}

#[test]
fn format_runs_one_judges_cases() {
    let poj = cases_in("poj");
    let hdu = cases_in("hdu");
    let uva = cases_in("uva652");
    assert!(poj.contains(&"eight/poj1077-sample".to_string()), "{poj:?}");
    assert!(!poj.contains(&"eight/boards-50".to_string()), "{poj:?}");
    assert!(hdu.contains(&"eight/boards-50".to_string()) && hdu.contains(&"eight/poj-unsolvable".to_string()));
    assert!(uva.iter().all(|name| name.starts_with("eight/uva652-")), "{uva:?}");
    assert!(uva.contains(&"eight/uva652-sample".to_string()) && uva.contains(&"eight/uva652-zero".to_string()));
    assert!(
        poj.iter().chain(&hdu).all(|name| !uva.contains(name)),
        "{poj:?} {hdu:?}"
    );
    let all = run_eight(&[])
        .stdout
        .lines()
        .filter(|line| line.starts_with("AC "))
        .count();
    assert_eq!(hdu.len() + uva.len(), all, "every case is HDU's or UVa 652's");
    // A named case outside the layout is left out; none left is a mistake.
    let done = run_eight(&["--format", "poj", "uva652-sample"]);
    assert_eq!(done.status, Some(2), "{done:?}");
    assert_eq!(
        done.stderr,
        "judge: error: none of the cases named is in the poj layout (see judge run --help)\n"
    );
    let done = outcome(judge().args(["run", "msquare", "--format", "poj"]));
    assert_eq!(done.status, Some(2), "{done:?}");
}

#[test]
fn a_crash_shows_the_end_of_stderr() {
    let dir = data("stderr-end", &[("eight/a.in", b"1\n"), ("eight/a.out", b"ok\n")]);
    let command = "echo 'Traceback (most recent call last):' >&2; \
                   i=0; while [ $i -lt 400 ]; do echo \"  File x, line $i\" >&2; i=$((i+1)); done; \
                   echo 'ZeroDivisionError: division by zero' >&2; exit 1";
    let done = run_command(&dir, command, &[]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(done.stdout.starts_with("RE  eight/a"), "{}", done.stdout);
    assert!(
        done.stdout
            .contains("        ZeroDivisionError: division by zero\nlimits: "),
        "{}",
        done.stdout
    );
    assert!(
        !done.stdout.contains("Traceback"),
        "the start is past 4 KB: {}",
        done.stdout
    );
    // At most 4 KB of stderr, and its indentation.
    assert!(done.stdout.len() < 2 * 4096, "{} bytes", done.stdout.len());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn case_names_are_escaped_on_their_verdict_line() {
    let dir = data(
        "names",
        &[
            ("eight/new\nline.in", b"1\n"),
            ("eight/new\nline.out", b"ok\n"),
            ("eight/\x1b[31mred.in", b"1\n"),
            ("eight/\x1b[31mred.out", b"ok\n"),
        ],
    );
    let done = run_command(&dir, "echo ok", &[]);
    assert_eq!(done.status, Some(0), "{done:?}");
    let lines: Vec<&str> = done.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", done.stdout);
    assert!(lines[3].starts_with("sandbox: "), "{}", done.stdout);
    assert!(lines[2].starts_with("limits: "), "{}", done.stdout);
    assert!(lines[0].starts_with("AC  eight/'\\u{1b}[31mred'"), "{}", done.stdout);
    assert!(lines[1].starts_with("AC  eight/'new\\nline'"), "{}", done.stdout);
    assert!(!done.stdout.contains('\x1b'), "{}", done.stdout);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_dangling_answer_link_is_an_unreadable_answer() {
    let dir = data("dangling", &[("eight/a.in", b"1 2 3 4 5 6 7 8 x\n")]);
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("eight/a.out")).unwrap();
    let done = outcome(judge().args(["run", "eight", "--command", "echo", "--data"]).arg(&dir));
    assert_eq!(done.status, Some(2), "{done:?}");
    assert_eq!(
        done.stderr,
        format!(
            "judge: error: cannot read {}: No such file or directory (os error 2)\n",
            dir.join("eight/a.out").display()
        )
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_empty_puzzle_folder_is_said_plainly() {
    let dir = data("empty-folder", &[("eight/notes.txt", b"no cases yet\n")]);
    for args in [&[][..], &["a"]] {
        let done = outcome(
            judge()
                .args(["run", "eight", "--command", "echo", "--data"])
                .arg(&dir)
                .args(args),
        );
        assert_eq!(done.status, Some(2), "{done:?}");
        assert_eq!(
            done.stderr,
            format!(
                "judge: error: eight has no cases: no <case>.in file in {}\n",
                dir.join("eight").display()
            )
        );
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_verb_shares_one_parser_and_its_mistakes() {
    let rows: Vec<(&[&str], &str)> = vec![
        (
            &["run", "eight", "--exact", "--checker-level", "strict"],
            "--exact compares bytes: --checker-level strict is a checker level (see judge run --help)",
        ),
        (
            &["run", "eight", "--checker"],
            "unknown option --checker (see judge run --help)",
        ),
        (
            &["run", "eight", "--exact", "--checker-level", "shortest"],
            "--exact compares bytes: --checker-level shortest is a checker level (see judge run --help)",
        ),
        (
            &["run", "eight", "--jobs", "0"],
            "--jobs: 0 is out of range (1 to 1024)",
        ),
        // The old aliases are gone (docs/judge.md's release note).
        (
            &["run", "eight", "--strict"],
            "unknown option --strict (see judge run --help)",
        ),
        (
            &["stress", "eight", "--command", "cat", "--whitespace", "hostile"],
            "unknown option --whitespace (see judge stress --help)",
        ),
        (
            &["run", "../../../../tmp"],
            "unknown puzzle '../../../../tmp' (puzzles: colour-hash, eight, msquare)",
        ),
        (
            &["run", "eight", "--format", "zoj"],
            "--format: unknown format 'zoj' (poj, hdu, uva652)",
        ),
        (
            &["run", "eight", "--exact=yes"],
            "--exact takes no value (see judge run --help)",
        ),
        (
            &["stress", "eight", "--command"],
            "--command needs a value (see judge stress --help)",
        ),
        (
            &["stress", "eight", "--command", "cat", "--fast"],
            "unknown option --fast (see judge stress --help)",
        ),
        (
            &["stress", "eight", "nine", "--command", "cat"],
            "unexpected argument 'nine': stress takes one puzzle (see judge stress --help)",
        ),
        (
            &["stress", "eight", "--command", "cat", "--inputs", "odd"],
            "--inputs: 'odd' is not judges or hostile",
        ),
        (&["bundle"], "which puzzle? (see judge bundle --help)"),
        (
            &["bundle", "eight", "--out"],
            "--out needs a folder (see judge bundle --help)",
        ),
        (&["bundle", "eight", "msquare"], "more than one puzzle needs --out DIR"),
    ];
    for (args, message) in rows {
        let done = outcome(judge().args(args));
        assert_eq!(
            (done.status, done.stdout.as_str(), done.stderr.as_str()),
            (Some(2), "", format!("judge: error: {message}\n").as_str()),
            "{args:?}"
        );
    }
    // check's mistakes are testlib FAIL lines, status 3.
    let done = outcome(judge().args(["check", "eight", "a", "b", "--strict"]));
    assert_eq!(done.status, Some(3));
    assert_eq!(done.stdout, "FAIL unknown option --strict (see judge check --help)\n");
    // Each verb's help names its switches.
    for (verb, switches) in [
        (
            "run",
            &[
                "--exact",
                "--format",
                "--command",
                "--data",
                "--inputs",
                "--judge",
                "--lang",
                "--file-io",
                "--checker-level",
                "--jobs",
            ][..],
        ),
        (
            "stress",
            &[
                "--generator",
                "--format",
                "--inputs",
                "--keep",
                "--time-budget",
                "--checker-level",
                "--jobs",
            ],
        ),
        ("check", &["--checker-level"]),
        ("bundle", &["--out"]),
    ] {
        let help = outcome(judge().args([verb, "--help"])).stdout;
        for switch in switches {
            assert!(help.contains(switch), "{verb}: {switch}: {help}");
        }
    }
}

#[test]
fn a_puzzle_folder_may_be_a_symbolic_link() {
    let dir = data(
        "linked",
        &[("real/cases/a.in", b"1 2 3 4 5 6 7 8 x\n"), ("real/cases/a.out", b"\n")],
    );
    let data = dir.join("data");
    fs::create_dir_all(&data).unwrap();
    std::os::unix::fs::symlink(dir.join("real/cases"), data.join("eight")).unwrap();
    // A link to nothing is no puzzle, and no error.
    std::os::unix::fs::symlink(dir.join("nowhere"), data.join("msquare")).unwrap();
    let done = outcome(judge().args(["run", "eight", "--command", "echo", "--data"]).arg(&data));
    assert_eq!(done.status, Some(0), "{done:?}");
    assert!(done.stdout.starts_with("AC  eight/a"), "{done:?}");
    let unknown = outcome(judge().args(["run", "msquare", "--data"]).arg(&data));
    assert_eq!(unknown.status, Some(2), "{unknown:?}");
    assert!(
        unknown.stderr.starts_with(&format!(
            "judge: error: --data {}: no msquare/ folder and no <case>.in file in it",
            data.display()
        )) && unknown.stderr.ends_with("; it holds eight/\n"),
        "{unknown:?}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
