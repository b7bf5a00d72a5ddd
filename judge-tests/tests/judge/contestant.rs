//! `judge` as a contestant meets it (issue 48): their own solutions, in Python and C++ (g++), with
//! the habits that go wrong (`tests/fixtures/contestant/`), each judged with the verdict and the
//! message the real judge would give:
//!
//! - each judge's figures for the language class (HDU's Java/Others for Python), named on every
//!   TLE and MLE line with the switch for the other class; Luogu's comparison (no PE: trailing
//!   spaces and final newlines are AC, `07` for `7` is WA); `--judge` names in any case;
//! - processes by name: a segfault through `sh -c` is SIGSEGV, a command that cannot start is one
//!   error, a crash under a memory limit says whether the cap caused it;
//! - messages that name the first wrong line, layout hints under `--judge` but never under MLE or
//!   OLE, study links that open from anywhere (claims and Colour Hash's many cases too);
//! - USACO's file I/O in a fresh folder per run;
//! - stress that can be left running: a progress line while it shrinks, a WA preferred to the TLE
//!   it was found as, a time budget, and SIGTERM leaving the best failing input kept and said.
//!
//! Each case runs one named judge case or a few stress inputs: Python starts in tens of
//! milliseconds, the C++ fixture is compiled once per test run.

use super::python3;
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What one `judge` invocation gave: status, stdout, stderr.
#[derive(Debug)]
struct Outcome {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `judge ARGS` run from `folder` (the workspace when `None`).
fn judge_in(folder: Option<&Path>, args: &[&str]) -> Outcome {
    judge_with(folder, &[], args)
}

/// `judge ARGS` run from `folder` with `env` added to its environment.
fn judge_with(folder: Option<&Path>, env: &[(&str, &str)], args: &[&str]) -> Outcome {
    let mut command = Command::new(judge_tests::binary_path("judge"));
    command.args(args).envs(env.iter().copied()).stdin(Stdio::null());
    if let Some(folder) = folder {
        command.current_dir(folder);
    }
    let done = command.output().expect("judge runs");
    Outcome {
        status: done.status.code(),
        stdout: String::from_utf8_lossy(&done.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&done.stderr).into_owned(),
    }
}

fn judge(args: &[&str]) -> Outcome {
    judge_in(None, args)
}

/// The command that runs `fixtures/contestant/<name>.py` with the puzzle's shipped binary as its
/// solver and `habit` as its way of going wrong.
fn python(name: &str, puzzle: &str, habit: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/contestant/{name}.py"));
    format!(
        "'{}' -S '{}' '{}' {habit}",
        python3().display(),
        script.display(),
        judge_tests::binary_path(puzzle).display()
    )
}

/// `fixtures/contestant/crash.cpp`, compiled once per test run with `g++ -O2`, as a judge
/// compiles C++.
fn crash() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contestant/crash.cpp");
        let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("contestant-crash");
        let done = Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&binary)
            .arg(&source)
            .output()
            .expect("g++ runs");
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        binary
    })
}

fn crash_command(mode: &str) -> String {
    format!("'{}' {mode}", crash().display())
}

/// The lines of `text` that start with `prefix`.
fn lines_with<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.lines()
        .filter(|line| line.trim_start().starts_with(prefix))
        .collect()
}

#[test]
fn hdu_judges_python_by_its_java_and_others_figures_and_says_which() {
    // A correct Python solution holding 40 MB: within HDU's 64 MB for Java/Others, read from the
    // command; the summary names the figures and the switch for the others.
    let command = python("eight_hdu", "eight", "hold");
    let done = judge(&["run", "eight", "few-moves", "--judge", "HDU", "--command", &command]);
    assert_eq!(done.status, Some(0), "{done:?}");
    assert!(done.stdout.starts_with("AC  eight/few-moves"), "{}", done.stdout);
    assert!(
        done.stdout.contains(
            "limits: 10000 ms, 64 MB, as HDU 1043 states them for Java/Others (--judge hdu; --lang c++ gives 5000 ms, 32 MB, its C/C++ figures)"
        ),
        "{}",
        done.stdout
    );
    // The same program under C/C++'s figures: MLE, and the line names the figure and the switch.
    let done = judge(&[
        "run",
        "eight",
        "few-moves",
        "--judge",
        "hdu",
        "--lang",
        "c++",
        "--command",
        &command,
    ]);
    assert_eq!(done.status, Some(1), "{done:?}");
    let verdict = done.stdout.lines().next().unwrap();
    assert!(verdict.starts_with("MLE eight/few-moves"), "{verdict}");
    assert!(
        verdict.contains("(limit 32 MB: HDU 1043's figure for C/C++; --lang other gives its Java/Others figure, 64 MB"),
        "{verdict}"
    );
    // MLE gets no layout hint: judge cut the program off, its output says nothing of its reading.
    assert!(lines_with(&done.stdout, "hint:").is_empty(), "{}", done.stdout);
    // A C++ program holding 40 MB is C/C++ by its command: MLE on HDU, read from --command.
    let done = judge(&[
        "run",
        "eight",
        "few-moves",
        "--judge",
        "hdu",
        "--command",
        &crash_command("hold"),
    ]);
    let verdict = done.stdout.lines().next().unwrap();
    assert!(
        verdict.starts_with("MLE")
            && verdict.contains("HDU 1043's figure for C/C++, read from --command; --lang other"),
        "{verdict}"
    );
    // One figure for every language: POJ's, named so; a TLE line says whose time limit it is
    // (a program that waits: it costs no CPU, and the wall limit stops it).
    let done = judge(&[
        "run",
        "eight",
        "poj1077-sample",
        "--judge",
        "POJ",
        "--command",
        "sleep 60",
    ]);
    let verdict = done.stdout.lines().next().unwrap();
    assert!(
        verdict.starts_with("TLE")
            && verdict.contains("(limit 1000 ms: POJ 1077's figure, the same for every language"),
        "{verdict}"
    );
}

#[test]
fn luogu_has_no_pe_and_compares_the_text_as_its_manual_says() {
    for habit in ["trailing-spaces", "no-final-newline", "extra-blank-line", "right"] {
        let done = judge(&[
            "run",
            "msquare",
            "usaco-1",
            "--judge",
            "luogu",
            "--command",
            &python("msquare", "msquare", habit),
        ]);
        assert_eq!(done.status, Some(0), "{habit}: {done:?}");
        assert!(
            done.stdout.starts_with("AC  msquare/usaco-1"),
            "{habit}: {}",
            done.stdout
        );
    }
    let done = judge(&[
        "run",
        "msquare",
        "usaco-1",
        "--judge",
        "luogu",
        "--command",
        &python("msquare", "msquare", "zero-padded"),
    ]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(done.stdout.starts_with("WA  msquare/usaco-1"), "{}", done.stdout);
    assert!(done.stdout.contains("\"07\""), "{}", done.stdout);
    // Without Luogu's rules the same trailing spaces are the checker's presentation error.
    let done = judge(&[
        "run",
        "msquare",
        "usaco-1",
        "--command",
        &python("msquare", "msquare", "trailing-spaces"),
    ]);
    assert!(done.stdout.starts_with("PE  msquare/usaco-1"), "{}", done.stdout);
}

#[test]
fn processes_are_reported_by_name() {
    // A segfault through the shell, reported by the shell as exit 139: SIGSEGV.
    let through_shell = format!("{}; exit $?", crash_command("segv"));
    let done = judge(&["run", "eight", "poj1077-sample", "--command", &through_shell]);
    let verdict = done.stdout.lines().next().unwrap();
    assert!(
        verdict.starts_with("RE") && verdict.ends_with("(SIGSEGV (sh's exit 139))"),
        "{verdict}"
    );
    // A command that cannot start: one error, status 2, no verdict per case (C++ and Python).
    for (command, said) in [
        ("./no-such-solution", "./no-such-solution: not found (exit 127)"),
        ("python3 -S /nonexistent/mine.py", "can't open file"),
    ] {
        let done = judge(&["run", "eight", "--command", command]);
        assert_eq!(
            (done.status, done.stdout.as_str()),
            (Some(2), ""),
            "{command}: {done:?}"
        );
        assert_eq!(done.stderr.lines().count(), 1, "{command}: {}", done.stderr);
        assert!(
            done.stderr
                .starts_with("judge: error: --command cannot start its program:")
                && done.stderr.contains(said),
            "{command}: {}",
            done.stderr
        );
        let done = judge(&["stress", "msquare", "--command", command, "--cases", "3"]);
        assert_eq!(done.status, Some(2), "{command}: {done:?}");
        assert!(
            done.stderr.contains("--command cannot start its program"),
            "{}",
            done.stderr
        );
    }
    // A crash under a memory limit says whether the cap caused it.
    let done = judge(&[
        "run",
        "eight",
        "poj1077-sample",
        "--memory-limit",
        "64",
        "--command",
        &crash_command("reserve"),
    ]);
    // Under today's supervisor the limit brings an address-space cap (docs/judge.md), which
    // refuses the 600 MB: the crash is the cap's. A supervisor that limits memory without one
    // lets the program end, and then there is no crash to explain.
    if done.stdout.starts_with("RE") {
        assert!(
            done.stdout.contains("hint: the address-space cap caused the SIGSEGV"),
            "{}",
            done.stdout
        );
    } else {
        assert!(!done.stdout.contains("address-space cap"), "{}", done.stdout);
    }
    let done = judge(&[
        "run",
        "eight",
        "poj1077-sample",
        "--memory-limit",
        "64",
        "--command",
        &crash_command("segv"),
    ]);
    assert!(
        done.stdout
            .contains("hint: not the memory limit: run again without it, it ends the same way (SIGSEGV"),
        "{}",
        done.stdout
    );
}

#[test]
fn a_message_names_the_first_wrong_line_and_the_layout_hint_stays_under_judge() {
    // Read only the first board: board 2 has no answer, and the hint says the program read the
    // input as POJ's, under --judge hdu as without it.
    let done = judge(&[
        "run",
        "eight",
        "few-moves",
        "--judge",
        "hdu",
        "--command",
        &python("eight_hdu", "eight", "first-only"),
    ]);
    assert!(done.stdout.starts_with("WA  eight/few-moves"), "{}", done.stdout);
    assert!(
        done.stdout.contains(
            "wrong answer board 2: no answer: the output ends after line 1; in all, found 1 answer for 4 boards"
        ),
        "{}",
        done.stdout
    );
    assert!(
        done.stdout
            .contains("hint: the output answers this input read as a POJ 1077 program reads it"),
        "{}",
        done.stdout
    );
    // The goal's empty line for an unsolvable board.
    let done = judge(&[
        "run",
        "eight",
        "parity",
        "--judge",
        "hdu",
        "--command",
        &python("eight_hdu", "eight", "empty-unsolvable"),
    ]);
    assert!(
        done.stdout
            .contains("wrong answer board 1: an empty line (the goal's answer) for an unsolvable board"),
        "{}",
        done.stdout
    );
    // OLE gets no layout hint either.
    let done = judge(&["run", "eight", "few-moves", "--judge", "hdu", "--command", "yes r"]);
    assert!(done.stdout.starts_with("OLE"), "{}", done.stdout);
    assert!(lines_with(&done.stdout, "hint:").is_empty(), "{}", done.stdout);
}

#[test]
fn study_links_open_from_anywhere_for_claims_and_many_cases_too() {
    let page = judge_tests::workspace_root().join("target/page/study.html");
    let elsewhere = std::env::temp_dir();
    let check = |stdout: &str, fragment: &str| {
        let study = lines_with(stdout, "study:");
        assert_eq!(study.len(), 1, "{stdout}");
        let line = study[0].trim_start().strip_prefix("study: ").unwrap();
        // A URL: a space in the workspace's path is written %20.
        let url = format!("file://{}{fragment}", page.display().to_string().replace(' ', "%20"));
        if page.is_file() {
            assert_eq!(line, url);
        } else {
            assert_eq!(
                line,
                format!("{url} (the page is not built yet: run `make page` in the workspace)")
            );
        }
    };
    // A claim where moves were due: the empty answer beside the right one.
    let done = judge_in(
        Some(&elsewhere),
        &["run", "eight", "poj1077-sample", "--command", "echo unsolvable"],
    );
    check(&done.stdout, "#eight=2,3,4,1,5,x,7,6,8&yours=");
    // Colour Hash, three configurations, the second answered wrong.
    let wrong = "printf 'PUZZLE ALREADY SOLVED\\n1111\\nNO SOLUTION WAS FOUND IN 16 STEPS\\n'";
    let done = judge_in(
        Some(&elsewhere),
        &["run", "colour-hash", "uva704-sample", "--command", wrong],
    );
    assert!(done.stdout.contains("case 2:"), "{}", done.stdout);
    check(
        &done.stdout,
        "#colour-hash=0,3,4,5,0,3,6,5,0,1,2,1,0,7,8,7,0,9,10,9,0,1,2,1&yours=1111",
    );
}

#[test]
fn usaco_runs_each_program_in_a_fresh_folder_with_its_files() {
    let here = std::env::temp_dir().join(format!("contestant-usaco-{}", std::process::id()));
    fs::create_dir_all(&here).unwrap();
    let done = judge_in(
        Some(&here),
        &[
            "run",
            "msquare",
            "usaco-1",
            "usaco-2",
            "--judge",
            "usaco",
            "--jobs",
            "2",
            "--command",
            &python("msquare", "msquare", "usaco"),
        ],
    );
    assert_eq!(done.status, Some(0), "{done:?}");
    assert_eq!(lines_with(&done.stdout, "AC ").len(), 2, "{}", done.stdout);
    // Nothing left in the folder it ran from.
    assert_eq!(fs::read_dir(&here).unwrap().count(), 0);
    // Stdout is not where USACO reads the answer: WA, and the hint says why.
    let done = judge(&[
        "run",
        "msquare",
        "usaco-1",
        "--judge",
        "usaco",
        "--command",
        &python("msquare", "msquare", "stdout-only"),
    ]);
    assert!(done.stdout.starts_with("WA  msquare/usaco-1"), "{}", done.stdout);
    assert!(
        done.stdout
            .contains("hint: it wrote no msquare.out but printed 10 bytes on stdout: under --file-io msquare (USACO)"),
        "{}",
        done.stdout
    );
    // Without --judge usaco, --file-io alone does the same.
    let done = judge(&[
        "run",
        "msquare",
        "usaco-1",
        "--file-io",
        "msquare",
        "--command",
        &python("msquare", "msquare", "usaco"),
    ]);
    assert_eq!(done.status, Some(0), "{done:?}");
    fs::remove_dir_all(here).unwrap();
}

#[test]
fn a_command_and_a_generator_name_files_in_the_folder_judge_is_run_from() {
    // As the README types them (`--command ./mine`, `--generator 'sh gen.sh'`), though each
    // program runs in a fresh folder of its own, which is its current folder.
    let here = std::env::temp_dir().join(format!("contestant-relative-{}", std::process::id()));
    fs::create_dir_all(&here).unwrap();
    fs::copy(judge_tests::binary_path("msquare"), here.join("mine")).unwrap();
    fs::write(here.join("gen.sh"), "echo 2 6 8 4 5 7 3 1\n").unwrap();
    let done = judge_in(Some(&here), &["run", "msquare", "usaco-1", "--command", "./mine"]);
    assert_eq!(done.status, Some(0), "{done:?}");
    assert!(done.stdout.starts_with("AC  msquare/usaco-1"), "{}", done.stdout);
    let done = judge_in(
        Some(&here),
        &[
            "stress",
            "msquare",
            "--command",
            "./mine",
            "--generator",
            "sh gen.sh",
            "--cases",
            "2",
        ],
    );
    assert_eq!(done.status, Some(0), "{done:?}");
    assert!(done.stdout.contains("2 passed, 0 failed"), "{}", done.stdout);
    fs::remove_dir_all(here).unwrap();
}

#[test]
fn stress_prefers_the_wrong_answer_to_the_time_limit_and_shows_its_progress() {
    // Wrong from distance 3 (the count, then A that many times), endless from 10: the run meets
    // the farthest target first (a TLE), and shrinking takes the wrong answer on a closer target
    // when it meets one. In sh around the shipped binary: a run costs a few milliseconds.
    let keep = std::env::temp_dir().join(format!("contestant-stress-{}.in", std::process::id()));
    let keep_arg = keep.display().to_string();
    let program = format!(
        "answer=$('{msquare}'; echo x); answer=${{answer%x}}; n=$(echo \"$answer\" | head -n 1); \
         if [ \"$n\" -ge 10 ]; then while :; do :; done; fi; \
         if [ \"$n\" -ge 3 ]; then echo \"$n\"; printf '%*s\\n' \"$n\" '' | tr ' ' A; else printf '%s' \"$answer\"; fi",
        msquare = judge_tests::binary_path("msquare").display()
    );
    let done = judge(&[
        "stress",
        "msquare",
        "--command",
        &program,
        "--cases",
        "4",
        "--time-limit",
        "200",
        "--jobs",
        "1",
        "--keep",
        &keep_arg,
    ]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(done.stdout.contains(": wrong answer target 1:"), "{}", done.stdout);
    assert!(
        done.stdout.contains("input (1 target at distance 3, shrunk from 1)"),
        "{}",
        done.stdout
    );
    // The progress line, a line a step when stderr is no terminal: the TLE found, then the WA.
    assert!(
        done.stderr.contains("shrinking a TLE: 1 case at distance 22, 0 runs"),
        "{}",
        done.stderr
    );
    assert!(
        done.stderr.contains("shrinking a WA: 1 case at distance 3"),
        "{}",
        done.stderr
    );
    let kept = fs::read_to_string(&keep).unwrap();
    assert_eq!(kept.split_whitespace().count(), 8, "{kept}");
    fs::remove_file(&keep).unwrap();
}

#[test]
fn a_time_budget_or_sigterm_stops_stress_with_the_best_failing_input_kept() {
    // Each run takes a second, the budget one: the first failure is kept, shrinking stops at once.
    let keep = std::env::temp_dir().join(format!("contestant-budget-{}.in", std::process::id()));
    let keep_arg = keep.display().to_string();
    let slow_wrong = "sleep 1; echo 1; echo A";
    let done = judge(&[
        "stress",
        "msquare",
        "--command",
        slow_wrong,
        "--cases",
        "3",
        "--jobs",
        "1",
        "--time-budget",
        "1",
        "--keep",
        &keep_arg,
    ]);
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(
        done.stdout
            .contains("shrinking stopped early (the time budget of 1 s ran out)"),
        "{}",
        done.stdout
    );
    assert!(
        done.stdout.contains(&format!("input kept in {keep_arg}")),
        "{}",
        done.stdout
    );
    assert!(!fs::read_to_string(&keep).unwrap().is_empty());
    // SIGTERM while shrinking: judge stops, and says where the best failing input so far is.
    // The run's first input, 64 boards, fails at once; the shrinker's smaller candidates wait
    // (using no CPU) until judge is stopped, so shrinking is still going when SIGTERM comes.
    fs::write(&keep, "").unwrap();
    let program = "n=$(grep -c .); if [ \"$n\" -gt 40 ]; then echo wrong; else sleep 1000; fi";
    let child = Command::new(judge_tests::binary_path("judge"))
        .args([
            "stress",
            "eight",
            "--format",
            "hdu",
            "--command",
            program,
            "--cases",
            "200",
            "--jobs",
            "1",
        ])
        .args(["--time-limit", "20000", "--keep", &keep_arg])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while fs::read_to_string(&keep).unwrap().is_empty() {
        assert!(start.elapsed() < Duration::from_secs(120), "no failing input kept");
        std::thread::sleep(Duration::from_millis(20));
    }
    kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM).unwrap();
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(128 + 15), "{stderr}");
    assert!(
        stderr.contains(&format!(") is kept in {keep_arg}"))
            && stderr.contains("judge: stress: the best failing input so far (WA: "),
        "{stderr}"
    );
    let kept = fs::read_to_string(&keep).unwrap();
    assert!(
        kept.lines().filter(|line| !line.trim().is_empty()).count() > 1,
        "{kept}"
    );
    fs::remove_file(&keep).unwrap();
}

#[test]
fn a_time_limit_is_shrunk_only_to_inputs_that_fail_alone() {
    // The program's second and third runs spin; every other run answers. The second run is the
    // unsolvable board (a TLE); the shrinker's one candidate for it, another unsolvable board,
    // is the third run: a TLE beside nothing else's load too, but run alone it passes, so it is
    // not kept, and the report keeps the board that failed.
    // The runs count themselves in a file they share, which only the fallback's programs can
    // write (a confined program writes only in its own working folder): this test is of the
    // shrinker, not of the sandbox.
    let counter = std::env::temp_dir().join(format!("contestant-runs-{}", std::process::id()));
    let _ = fs::remove_file(&counter);
    let program = format!(
        "n=$(cat '{counter}' 2>/dev/null || echo 0); echo $((n + 1)) > '{counter}'; \
         if [ \"$n\" = 1 ] || [ \"$n\" = 2 ]; then while :; do :; done; fi; exec '{eight}'",
        counter = counter.display(),
        eight = judge_tests::binary_path("eight").display()
    );
    let done = judge_with(
        None,
        &[("JUDGE_SANDBOX", "fallback")],
        &[
            "stress",
            "eight",
            "--format",
            "poj",
            "--cases",
            "2",
            "--jobs",
            "1",
            "--time-limit",
            "300",
            "--command",
            &program,
        ],
    );
    assert_eq!(done.status, Some(1), "{done:?}");
    assert!(
        done.stdout
            .starts_with("FAIL on case 2 of 2 (seed 1): TLE after 300 ms; not reproduced alone"),
        "{}",
        done.stdout
    );
    assert!(
        done.stdout.contains("input (1 board unsolvable, shrunk from 1)"),
        "{}",
        done.stdout
    );
    assert!(!done.stdout.contains("2 1 3 4 5 6 7 8 x"), "{}", done.stdout);
    // The candidate was run, twice (in its batch, then alone), and never kept.
    assert_eq!(fs::read_to_string(&counter).unwrap().trim(), "5");
    assert_eq!(lines_with(&done.stderr, "shrinking a ").len(), 1, "{}", done.stderr);
    fs::remove_file(&counter).unwrap();
}
