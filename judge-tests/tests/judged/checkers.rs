//! The checkers, judged: every deliberately wrong output in `judge-tests/checks/<puzzle>/` gets
//! its expected verdict from `judge check` (run as a process, exit status as testlib's), and every
//! puzzle binary's output on every judge case in `judge-tests/data` is accepted by its checker,
//! with the case's `.out` as the jury's answer. Inputs, outputs and answers may be pipes (each
//! file is read once), and the checker's memory stays bounded on a large output.

use crate::trial::{Failed, Trial};
use judge_oracle::checker;
use judge_tests::{cases, runner};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One `checks/<puzzle>/<name>.expect`: one line per checker level to try, each `ok`, `wa`, `pe`
/// or `fail`, optionally followed by the level `shortest` or `strict` (none: the judges' rule).
fn check_expectation(puzzle: &str, stem: &Path) -> Result<(), Failed> {
    let expect = fs::read_to_string(stem.with_extension("expect"))?;
    for line in expect.lines().filter(|line| !line.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let (want_code, want_word) = match words.next() {
            Some("ok") => (0, "ok"),
            Some("wa") => (1, "wrong answer"),
            Some("pe") => (2, "presentation error"),
            Some("fail") => (3, "FAIL"),
            other => return Err(format!("bad .expect: {other:?}").into()),
        };
        let mut command = Command::new(judge_tests::binary_path("judge"));
        command
            .arg("check")
            .arg(puzzle)
            .arg(stem.with_extension("in"))
            .arg(stem.with_extension("out"));
        let answer = stem.with_extension("ans");
        if answer.exists() {
            command.arg(answer);
        }
        match words.next() {
            None => {}
            Some(level @ ("strict" | "shortest")) => {
                command.arg("--checker-level").arg(level);
            }
            Some(other) => return Err(format!("bad level in .expect: {other}").into()),
        }
        let run = runner::direct::run(&mut command, b"", None)?;
        let stdout = String::from_utf8_lossy(&run.stdout);
        if run.code != Some(want_code) || !stdout.starts_with(want_word) || stdout.lines().count() != 1 {
            return Err(format!(
                "{line}: judge check said {stdout:?} (status {:?}); want '{want_word}' (status {want_code})",
                run.code
            )
            .into());
        }
    }
    Ok(())
}

/// The puzzle binary's output on a judge case passes the checker (strictly, for eight).
fn binary_passes_checker(case: &cases::Case) -> Result<(), Failed> {
    let input = fs::read(&case.input)?;
    let answer = match &case.expected {
        Some(path) => Some(fs::read(path)?),
        None => None,
    };
    let run = runner::direct::run(&mut Command::new(judge_tests::binary_path(&case.puzzle)), &input, None)?;
    if run.code != Some(0) {
        return Err(format!("{} exited with {:?}", case.puzzle, run.code).into());
    }
    match checker::check(&case.puzzle, &input, &run.stdout, answer.as_deref(), true) {
        checker::Verdict::Ok(_) => Ok(()),
        verdict => Err(verdict.to_string().into()),
    }
}

/// `command` run by the runner in its fallback mode: a test of the checker, whose files (an
/// input in TMPDIR, FIFOs only root may open) a confined program, under a uid of its own with a
/// /tmp of its own, could not reach.
fn unconfined(command: &mut Command, limit: Option<std::time::Duration>) -> std::io::Result<runner::Run> {
    let folder = runner::WorkingFolder::new()?;
    let fallback = runner::Sandbox::Fallback {
        why: "a checker's test".into(),
    };
    runner::run_in_sandbox(command, b"", &runner::Limits::time(limit), &folder, &fallback)
}

/// `judge check` on a large output of short lines (16 MB of `unsolvable`, 1.45 million boards)
/// peaks, as `peak-rss` measures it, under twice the output's size plus 32 MB: the input is
/// streamed and the output judged in place.
fn checker_memory_is_bounded() -> Result<(), Failed> {
    let dir = std::env::temp_dir().join(format!("checker-memory-{}", std::process::id()));
    fs::create_dir_all(&dir)?;
    let boards = 1_450_000;
    let (input, output, rss) = (dir.join("big.in"), dir.join("big.out"), dir.join("rss"));
    fs::write(&input, "2 1 3 4 5 6 7 8 x\n".repeat(boards))?;
    fs::write(&output, "unsolvable\n".repeat(boards))?;
    let run = unconfined(
        Command::new(judge_tests::binary_path("peak-rss"))
            .arg(&rss)
            .arg(judge_tests::binary_path("judge"))
            .args(["check", "eight"])
            .args([&input, &output]),
        None,
    )?;
    let measured = fs::read_to_string(&rss)?;
    fs::remove_dir_all(&dir)?;
    let peak_bytes = judge_tests::runner::report::Report::parse(&measured)?.peak_kib * 1024;
    let limit = 2 * 11 * boards as u64 + (32 << 20);
    if run.code != Some(0) || peak_bytes > limit {
        return Err(format!(
            "judge check: status {:?}, {}, peak {peak_bytes} bytes (limit {limit})",
            run.code,
            String::from_utf8_lossy(&run.stdout).trim()
        )
        .into());
    }
    Ok(())
}

/// `judge check` with the input, the output and the jury's answer given as named pipes, each
/// written once by its own writer, as `judge check p <(...) <(...)` does: every file must be
/// opened and read once (a second open of a FIFO waits for a writer that never comes). A hang is
/// caught by a generous time limit.
fn named_pipes_are_read_once(puzzle: &str) -> Result<(), Failed> {
    let stem = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("checks")
        .join(puzzle)
        .join("right");
    let dir = std::env::temp_dir().join(format!("checker-fifo-{puzzle}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir)?;
    let output = fs::read(stem.with_extension("out"))?;
    let files = [
        ("in", fs::read(stem.with_extension("in"))?),
        ("out", output.clone()),
        ("ans", output),
    ];
    for (name, bytes) in files {
        let fifo = dir.join(name);
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU)?;
        // Blocks until judge opens the pipe; left behind (with the process) if it never does.
        std::thread::spawn(move || fs::write(fifo, bytes));
    }
    let run = unconfined(
        Command::new(judge_tests::binary_path("judge"))
            .args(["check", puzzle])
            .args([dir.join("in"), dir.join("out"), dir.join("ans")]),
        Some(std::time::Duration::from_secs(60)),
    )?;
    let _ = fs::remove_dir_all(&dir);
    let said = String::from_utf8_lossy(&run.stdout);
    if run.timed_out || run.code != Some(0) || !said.starts_with("ok ") {
        return Err(format!(
            "judge check {puzzle} on named pipes: {said:?}, status {:?}, timed out: {}",
            run.code, run.timed_out
        )
        .into());
    }
    Ok(())
}

/// `judge check p /dev/stdin OUT` with the input through a pipe: every pass sees all of it.
fn an_input_through_a_pipe_is_read_once(puzzle: &str) -> Result<(), Failed> {
    let stem = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("checks")
        .join(puzzle)
        .join("right");
    let input = fs::read(stem.with_extension("in"))?;
    let run = runner::direct::run(
        Command::new(judge_tests::binary_path("judge"))
            .args(["check", puzzle, "/dev/stdin"])
            .arg(stem.with_extension("out")),
        &input,
        Some(std::time::Duration::from_secs(60)),
    )?;
    let said = String::from_utf8_lossy(&run.stdout);
    if run.code != Some(0) || !said.starts_with("ok ") {
        return Err(format!("judge check {puzzle} /dev/stdin: {said:?}, status {:?}", run.code).into());
    }
    Ok(())
}

/// Every trial of this part, for the one `judged` run in `main.rs`.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    let checks = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("checks");
    for puzzle in cases::puzzles(&checks).expect("judge-tests/checks is readable") {
        let mut stems: Vec<PathBuf> = fs::read_dir(checks.join(&puzzle))
            .expect("a checks folder is readable")
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "expect"))
            .map(|path| path.with_extension(""))
            .collect();
        stems.sort();
        for stem in stems {
            let name = format!("check/{puzzle}/{}", stem.file_name().unwrap().to_string_lossy());
            let puzzle = puzzle.clone();
            trials.push(Trial::test(name, move || check_expectation(&puzzle, &stem)));
        }
    }
    let data = judge_tests::data_dir();
    for puzzle in cases::puzzles(&data).expect("judge-tests/data is readable") {
        for case in cases::discover(&data, &puzzle).expect("a data folder is readable") {
            trials.push(Trial::test(format!("accepted/{}", case.id()), move || {
                binary_passes_checker(&case)
            }));
        }
    }
    trials.push(Trial::test("memory/eight-16MB-output", checker_memory_is_bounded));
    for puzzle in checker::PUZZLES {
        trials.push(Trial::test(format!("pipes/{puzzle}/named"), move || {
            named_pipes_are_read_once(puzzle)
        }));
        trials.push(Trial::test(format!("pipes/{puzzle}/stdin"), move || {
            an_input_through_a_pipe_is_read_once(puzzle)
        }));
    }
    trials
}
