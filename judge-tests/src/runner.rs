//! Runs a program as a separate process on one input, with an optional time limit, and turns
//! the result into an `oj test`-style verdict.

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::fmt;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What a finished (or killed) run produced.
#[derive(Debug)]
pub struct Run {
    /// Everything written to stdout.
    pub stdout: Vec<u8>,
    /// Everything written to stderr.
    pub stderr: Vec<u8>,
    /// The exit code; `None` if killed by a signal or by the time limit.
    pub code: Option<i32>,
    /// Wall time from spawn to exit.
    pub elapsed: Duration,
    /// Whether the time limit ran out and the process was killed.
    pub timed_out: bool,
}

/// Most bytes of stdout or stderr kept from one run; the rest is read and dropped, so a program
/// that floods its output neither blocks nor exhausts the judge's memory.
pub const MAX_CAPTURE: usize = 64 << 20;

/// Reads `source` to its end, keeping the first [`MAX_CAPTURE`] bytes.
fn capture(mut source: impl Read) -> io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        let read = match source.read(&mut chunk) {
            Ok(0) => return Ok(kept),
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        let room = MAX_CAPTURE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..read.min(room)]);
    }
}

/// Kills every process of the group led by `leader` (the program and anything it started).
fn kill_group(leader: u32) {
    // The group may already be gone; nothing else can be done about a failure here.
    let _ = killpg(Pid::from_raw(leader as i32), Signal::SIGKILL);
}

/// Runs `command` with `input` on stdin, collecting stdout and stderr; kills it after `limit`.
///
/// The program runs in a process group of its own, so a time limit kills everything it started
/// (a `sh -c` wrapper and its children alike), and whatever of the group outlives the program is
/// killed when it exits: no stray process can hold the output pipes open.
///
/// # Errors
/// If the process cannot be started or waited for.
pub fn run(command: &mut Command, input: &[u8], limit: Option<Duration>) -> io::Result<Run> {
    let start = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // Feed and drain on threads so a program that writes before reading all input never blocks.
    let feeder = thread::spawn(move || {
        // A program may exit without reading everything: a broken pipe here is not our error.
        let _ = stdin.write_all(&input);
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let out_reader = thread::spawn(move || capture(stdout));
    let err_reader = thread::spawn(move || capture(stderr));
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if limit.is_some_and(|limit| start.elapsed() > limit) {
            timed_out = true;
            kill_group(child.id());
            break child.wait()?;
        }
        thread::sleep(Duration::from_micros(200));
    };
    let elapsed = start.elapsed();
    kill_group(child.id());
    let _ = feeder.join();
    let stdout = out_reader.join().expect("stdout reader")?;
    let stderr = err_reader.join().expect("stderr reader")?;
    Ok(Run {
        stdout,
        stderr,
        code: if timed_out { None } else { status.code() },
        elapsed,
        timed_out,
    })
}

/// A judge's verdict on one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Accepted,
    /// Wrong answer.
    WrongAnswer,
    /// Presentation error: right tokens, wrong layout.
    PresentationError,
    /// Runtime error: a non-zero exit or a signal.
    RuntimeError,
    /// Time limit exceeded.
    TimeLimitExceeded,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
        })
    }
}

/// The verdict of exact comparison: TLE, then RE, then byte-for-byte equality.
pub fn exact_verdict(run: &Run, expected: &[u8]) -> Verdict {
    if run.timed_out {
        Verdict::TimeLimitExceeded
    } else if run.code != Some(0) {
        Verdict::RuntimeError
    } else if run.stdout == expected {
        Verdict::Accepted
    } else {
        Verdict::WrongAnswer
    }
}

/// A readable line diff of `expected` against `actual` (unified, 3 lines of context), with line
/// ends made visible so a missing final newline or a stray `\r` shows.
pub fn line_diff(expected: &[u8], actual: &[u8]) -> String {
    let visible = |bytes: &[u8]| String::from_utf8_lossy(bytes).replace('\r', "\\r").replace('\n', "⏎\n");
    let (expected, actual) = (visible(expected), visible(actual));
    similar::TextDiff::from_lines(&expected, &actual)
        .unified_diff()
        .context_radius(3)
        .header("expected", "actual")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_a_process_and_times_it_out() {
        let done = run(Command::new("cat").arg("-"), b"hello\n", None).unwrap();
        assert_eq!(done.stdout, b"hello\n");
        assert_eq!(done.code, Some(0));
        assert_eq!(exact_verdict(&done, b"hello\n"), Verdict::Accepted);
        assert_eq!(exact_verdict(&done, b"hello"), Verdict::WrongAnswer);
        let slow = run(Command::new("sleep").arg("5"), b"", Some(Duration::from_millis(100))).unwrap();
        assert!(slow.timed_out);
        assert_eq!(exact_verdict(&slow, b""), Verdict::TimeLimitExceeded);
        // The limit holds for what a shell starts too, and a flood of output is capped.
        let started = Instant::now();
        let shell = run(
            Command::new("sh").args(["-c", "sleep 5; echo late"]),
            b"",
            Some(Duration::from_millis(200)),
        )
        .unwrap();
        assert!(
            shell.timed_out && started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        let flood = run(
            Command::new("sh").args(["-c", "yes"]),
            b"",
            Some(Duration::from_millis(1500)),
        )
        .unwrap();
        assert!(flood.timed_out && flood.stdout.len() <= MAX_CAPTURE);
        let failing = run(Command::new("sh").args(["-c", "exit 3"]), b"", None).unwrap();
        assert_eq!(exact_verdict(&failing, b""), Verdict::RuntimeError);
    }

    #[test]
    fn diff_shows_the_changed_line_and_line_ends() {
        let diff = line_diff(b"7\nBCABCCB\n", b"7\nBCABCCA\n");
        assert!(diff.contains("-BCABCCB⏎"), "{diff}");
        assert!(diff.contains("+BCABCCA⏎"), "{diff}");
        assert!(line_diff(b"a\n", b"a\r\n").contains("\\r"));
    }
}
