//! The plain tier's allocations and streams as docs/error-contract.md states them: `--method
//! plain` and the plain bundles (`dist/<puzzle>-plain.rs`, compiled here with rustc) under every
//! address-space limit of a scan, on endless input, on a closed pipe, a read-only stdout and a
//! closed stdin; and `colour-hash --stats` under a few limits. (The census, which needs 1.57 GB,
//! is held to the same in its own unit test, `study::census::tests`.)

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use judge_tests::bundle;

const PUZZLES: [&str; 3] = ["msquare", "eight", "colour-hash"];

/// A small judge input of each puzzle.
fn input(puzzle: &str) -> &'static [u8] {
    match puzzle {
        "msquare" => b"2 6 8 4 5 7 3 1\n",
        "eight" => b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n",
        _ => b"2\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n",
    }
}

/// The plain bundles, made as `make bundle` makes them into `target/fallible/` and compiled as
/// judges compile them (rustc `--edition 2021 -O`): the binaries, in the order of [`PUZZLES`].
/// `tests/judged` compiles the same sources with the same flags in its bundle matrix, so the two
/// share one compile ([`bundle::compile()`]), whichever runs first.
fn plain_binaries() -> &'static [PathBuf] {
    static BINARIES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    BINARIES.get_or_init(|| {
        let root = judge_tests::workspace_root();
        let target = judge_tests::target_dir();
        let builds = target.join("bundle").join("builds");
        PUZZLES
            .iter()
            .map(|puzzle| {
                let made = bundle::plain_bundle(&root, puzzle).unwrap();
                let source = bundle::write(&made, &target.join("fallible")).unwrap();
                let name = format!("{puzzle}-plain");
                bundle::compile("stable", &["--edition", "2021", "-O"], &source, &name, &builds)
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect()
    })
}

/// What a run did.
#[derive(Debug)]
struct Run {
    status: Option<i32>,
    signal: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `binary args` through `sh -c "<setup> && exec ..."` (limits, redirections) with `input` on
/// stdin (`None`: stdin as `setup` leaves it).
fn run(binary: &Path, args: &[&str], setup: &str, input: Option<&[u8]>) -> Run {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{setup} exec \"$0\" \"$@\""))
        .arg(binary)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::inherit()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = input {
        let _ = child.stdin.take().unwrap().write_all(input);
    }
    let done = child.wait_with_output().unwrap();
    Run {
        status: done.status.code(),
        signal: done.status.signal(),
        stdout: done.stdout,
        stderr: String::from_utf8_lossy(&done.stderr).into_owned(),
    }
}

/// Whether `run` is one the contract allows under an address-space limit: the answer; one
/// out-of-memory line after a prefix of the answer, status 1; or a failure before `main` (the
/// loader, libc or Rust's runtime start-up). Rust's abort on an allocation (status 134 with
/// `memory allocation of N bytes failed`) is none of these.
fn allowed(run: &Run, program: &str, answer: &[u8]) -> Option<bool> {
    if run.status == Some(0) && run.stdout == answer && run.stderr.is_empty() {
        return Some(true);
    }
    let one_line = run.stderr.ends_with('\n') && run.stderr.lines().count() == 1;
    let refused = run.status == Some(1)
        && answer.starts_with(&run.stdout)
        && one_line
        && run
            .stderr
            .starts_with(&format!("{program}: error: out of memory: cannot allocate "));
    let before_main = matches!((run.status, run.signal), (Some(127), _) | (None, Some(11)))
        || (run.signal == Some(6) && run.stderr.contains("failed to allocate an alternative stack"));
    (refused || before_main).then_some(false)
}

/// Scans `ulimit -v` from 1,024 KiB in steps of `step` until 512 KiB past the first answer: every
/// run is [`allowed`].
fn scan(binary: &Path, args: &[&str], program: &str, input: &[u8], step: u64) {
    let answer = run(binary, args, "", Some(input)).stdout;
    let (mut kib, mut answered_at) = (1024, None);
    while answered_at.map_or(true, |at| kib < at + 512) {
        assert!(kib < 64 << 10, "{}: no answer within 64 MiB", binary.display());
        let limited = run(binary, args, &format!("ulimit -v {kib} &&"), Some(input));
        match allowed(&limited, program, &answer) {
            Some(true) => {
                answered_at.get_or_insert(kib);
            }
            Some(false) => {}
            None => panic!("{} {args:?} under ulimit -v {kib}: {limited:?}", binary.display()),
        }
        kib += step;
    }
}

#[test]
fn the_plain_tier_answers_or_gives_one_line_under_any_address_space_limit() {
    for (puzzle, bundled) in PUZZLES.iter().zip(plain_binaries()) {
        scan(
            &judge_tests::binary_path(puzzle),
            &["--method", "plain"],
            puzzle,
            input(puzzle),
            64,
        );
        scan(bundled, &[], puzzle, input(puzzle), 128);
    }
}

#[test]
fn colour_hash_stats_answer_or_give_one_line_under_address_space_limits() {
    let binary = judge_tests::binary_path("colour-hash");
    let answer = run(&binary, &["--stats", "--depth", "11"], "", Some(b"")).stdout;
    // From the start's room to past the layers of depth 11 (a few MB of neighbours): some
    // limits refuse a layer (Rust's abort before its allocation was fallible), the last answer.
    let mut seen = Vec::new();
    for kib in [2560, 3072, 3584, 4096, 8192] {
        let limited = run(
            &binary,
            &["--stats", "--depth", "11"],
            &format!("ulimit -v {kib} &&"),
            Some(b""),
        );
        let outcome = allowed(&limited, "colour-hash", &answer);
        assert!(outcome.is_some(), "ulimit -v {kib}: {limited:?}");
        seen.push(outcome);
    }
    assert!(
        seen.contains(&Some(false)) && seen.last() == Some(&Some(true)),
        "{seen:?}"
    );
}

#[test]
fn endless_input_ends_at_once_in_one_line_in_both_plain_programs() {
    for (puzzle, bundled) in PUZZLES.iter().zip(plain_binaries()) {
        let want = format!("{puzzle}: error: the input is longer than 67108864 bytes\n");
        for (binary, args) in [
            (judge_tests::binary_path(puzzle), &["--method", "plain"][..]),
            (bundled.clone(), &[]),
        ] {
            let endless = run(&binary, args, "exec < /dev/zero;", None);
            assert_eq!(
                (endless.status, endless.stdout.len(), &endless.stderr),
                (Some(1), 0, &want),
                "{binary:?}"
            );
        }
    }
}

#[test]
fn the_plain_bundles_keep_the_stream_contract_where_the_docs_say() {
    for (puzzle, bundled) in PUZZLES.iter().zip(plain_binaries()) {
        // A closed pipe: the reader took what it wanted, so no error line and status 0.
        let mut child = Command::new(bundled)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        child.stdin.take().unwrap().write_all(input(puzzle)).unwrap();
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        assert_eq!(
            (child.wait().unwrap().code(), stderr.as_str()),
            (Some(0), ""),
            "{puzzle}"
        );
        // A read-only stdout (whose EBADF std's stdout takes for success): one line, status 1.
        let read_only = run(bundled, &[], "exec 1< /dev/null;", Some(input(puzzle)));
        assert_eq!(
            (read_only.status, read_only.stderr.as_str()),
            (
                Some(1),
                format!("{puzzle}: error: i/o: Bad file descriptor (os error 9)\n").as_str()
            ),
            "{puzzle}"
        );
        // A closed stdin: the documented difference, read as empty input (`--method plain`
        // refuses it).
        let closed = run(bundled, &[], "exec <&-;", None);
        let empty = run(bundled, &[], "exec < /dev/null;", None);
        assert_eq!(
            (closed.status, &closed.stdout, &closed.stderr),
            (empty.status, &empty.stdout, &empty.stderr)
        );
        let method = run(
            &judge_tests::binary_path(puzzle),
            &["--method", "plain"],
            "exec <&-;",
            None,
        );
        assert_eq!(
            (method.status, method.stderr),
            (Some(1), format!("{puzzle}: error: i/o: stdin is closed\n"))
        );
    }
}
