//! Runs a program as a separate process on one input under a time, memory and output limit, and
//! turns the result into an `oj test`-style verdict.
//!
//! The limits hold whatever the program does: it runs in a process group of its own, its pipes
//! are read only until it exits or a limit passes (a child it left behind, even one that called
//! `setsid` and still holds the pipes, cannot keep the judge waiting), and then the whole group is
//! killed. [`stop_programs_on_interrupt`] makes Ctrl-C kill the running programs' groups too.
//!
//! Memory is measured and limited through the `peak-rss` helper binary (built beside `judge`):
//! it reads the program's peak resident set size from `getrusage` after waiting for it, caps its
//! address space, and stops it once its resident memory passes the limit. That keeps this crate
//! free of `unsafe` (no `pre_exec`, no raw `wait4`).

mod compare;

pub use compare::{compare, Difference, REPORT_LIMIT};

use nix::fcntl::{fcntl, FcntlArg, OFlag};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{killpg, SigSet, Signal};
use nix::unistd::Pid;
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// What a finished (or killed) run produced.
#[derive(Debug, Default)]
pub struct Run {
    /// What was written to stdout, at most [`Limits::output`] bytes.
    pub stdout: Vec<u8>,
    /// What was written to stderr, at most [`MAX_STDERR`] bytes.
    pub stderr: Vec<u8>,
    /// The exit code; `None` if killed by a signal or by a limit.
    pub code: Option<i32>,
    /// The signal that ended the program, if one did (`SIGKILL` for a limit).
    pub signal: Option<i32>,
    /// Wall time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// Whether the time limit ran out and the program was killed.
    pub timed_out: bool,
    /// Whether stdout passed [`Limits::output`] and the program was killed.
    pub output_limit_exceeded: bool,
    /// Whether the peak resident memory passed [`Limits::memory`].
    pub memory_limit_exceeded: bool,
    /// The peak resident set size in bytes, when memory was measured and the program ended by
    /// itself or by the memory limit.
    pub peak_memory: Option<u64>,
}

impl Run {
    /// How the program ended when it did not exit with status 0: `exit 3`, `SIGSEGV`; `None`
    /// for a clean exit.
    pub fn failure(&self) -> Option<String> {
        match (self.code, self.signal) {
            (Some(0), _) => None,
            (Some(code), _) => Some(format!("exit {code}")),
            (None, Some(signal)) => Some(match Signal::try_from(signal) {
                Ok(signal) => signal.as_str().to_string(),
                Err(_) => format!("signal {signal}"),
            }),
            (None, None) => Some("killed".to_string()),
        }
    }
}

/// Most bytes of stdout kept by default; a program that writes more is stopped with
/// [`Verdict::OutputLimitExceeded`].
pub const MAX_CAPTURE: usize = 64 << 20;

/// Most bytes of stderr kept; the rest is read and dropped.
pub const MAX_STDERR: usize = 1 << 20;

/// The limits of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time; `None` waits for ever.
    pub time: Option<Duration>,
    /// Peak resident memory in bytes; implies [`Limits::measure_memory`].
    pub memory: Option<u64>,
    /// Measure the peak resident memory (through the `peak-rss` helper) even without a limit.
    pub measure_memory: bool,
    /// Most bytes of stdout.
    pub output: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: None,
            memory: None,
            measure_memory: false,
            output: MAX_CAPTURE,
        }
    }
}

impl Limits {
    /// A time limit alone (what [`run`] takes).
    pub fn time(limit: Option<Duration>) -> Self {
        Limits {
            time: limit,
            ..Limits::default()
        }
    }
}

/// The process groups of the programs running now, killed on Ctrl-C.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Kills every process of the group led by `leader` (the program and anything it started).
fn kill_group(leader: i32) {
    // The group may already be gone; nothing else can be done about a failure here.
    let _ = killpg(Pid::from_raw(leader), Signal::SIGKILL);
}

/// Makes SIGINT, SIGTERM and SIGHUP kill the process group of every program [`run`] is running,
/// then end this process with status 128 + the signal number.
///
/// Call it first thing in `main`, before any thread starts: it blocks those signals in the
/// calling thread (threads started later inherit the mask; programs started by
/// [`std::process::Command`] do not) and waits for them on a thread of its own.
///
/// # Errors
/// If the signal mask cannot be set or the thread cannot start.
pub fn stop_programs_on_interrupt() -> io::Result<()> {
    let mut signals = SigSet::empty();
    for signal in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        signals.add(signal);
    }
    signals.thread_block().map_err(io::Error::from)?;
    thread::Builder::new().name("interrupt".into()).spawn(move || {
        let Ok(signal) = signals.wait() else { return };
        // Holding the lock until exit: no program can start after the groups are killed.
        let running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for &group in running.iter() {
            kill_group(group);
        }
        let stopped = if running.is_empty() {
            ""
        } else {
            ": the judged program was stopped"
        };
        let line = format!("judge: interrupted by {}{stopped}\n", signal.as_str());
        let _ = io::stderr().write_all(line.as_bytes());
        std::process::exit(128 + signal as i32);
    })?;
    Ok(())
}

/// Runs `command` with `input` on stdin, collecting stdout and stderr; kills it after `limit`.
///
/// The same as [`run_with`] under [`Limits::time`]`(limit)`.
///
/// # Errors
/// If the process cannot be started or waited for.
pub fn run(command: &mut Command, input: &[u8], limit: Option<Duration>) -> io::Result<Run> {
    run_with(command, input, &Limits::time(limit))
}

/// The `peak-rss` helper's path: beside the running executable (see [`crate::binary_path`]).
fn helper_path() -> PathBuf {
    crate::binary_path("peak-rss")
}

/// A unique file name for one helper report.
fn report_path() -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let serial = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("judge-peak-{}-{serial}", std::process::id()))
}

/// `command` run under the `peak-rss` helper, which writes its report to `report`.
fn measured(command: &Command, memory: Option<u64>, report: &PathBuf) -> io::Result<Command> {
    let helper = helper_path();
    if !helper.exists() {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "the memory helper {} is missing (build it: cargo build --release -p judge-tests)",
                helper.display()
            ),
        ));
    }
    let mut wrapped = Command::new(helper);
    if let Some(bytes) = memory {
        wrapped.arg("--memory-limit-kib").arg((bytes / 1024).to_string());
    }
    wrapped.arg(report).arg(command.get_program()).args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => wrapped.env(key, value),
            None => wrapped.env_remove(key),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        wrapped.current_dir(dir);
    }
    Ok(wrapped)
}

/// What the helper reported: peak KiB, wall µs, and `exit N` or `signal N`.
fn read_report(report: &PathBuf) -> Option<(u64, Duration, Option<i32>, Option<i32>)> {
    let text = fs::read_to_string(report).ok()?;
    let _ = fs::remove_file(report);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let peak = fields.first()?.parse().ok()?;
    let wall = Duration::from_micros(fields.get(1)?.parse().ok()?);
    let number = fields.get(3).and_then(|n| n.parse().ok());
    match fields.get(2) {
        Some(&"signal") => Some((peak, wall, None, number)),
        _ => Some((peak, wall, number, None)),
    }
}

/// One of the program's pipes, read without blocking.
struct Drain<R> {
    pipe: Option<R>,
    kept: Vec<u8>,
    limit: usize,
    overflow: bool,
}

impl<R: Read + AsFd> Drain<R> {
    fn new(pipe: R, limit: usize) -> io::Result<Self> {
        set_nonblocking(&pipe)?;
        Ok(Drain {
            pipe: Some(pipe),
            kept: Vec::new(),
            limit,
            overflow: false,
        })
    }

    /// Reads what is there now, at most `budget` bytes; closes the pipe on end of file.
    fn read_available(&mut self, buffer: &mut [u8], mut budget: usize) -> io::Result<()> {
        while let Some(pipe) = &mut self.pipe {
            match pipe.read(buffer) {
                Ok(0) => self.pipe = None,
                Ok(read) => {
                    let room = self.limit.saturating_sub(self.kept.len());
                    self.kept.extend_from_slice(&buffer[..read.min(room)]);
                    self.overflow |= read > room;
                    budget = budget.saturating_sub(read);
                    if budget == 0 {
                        return Ok(());
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return Ok(()),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
        Ok(())
    }
}

fn set_nonblocking(pipe: &impl AsFd) -> io::Result<()> {
    let fd = pipe.as_fd().as_raw_fd();
    let flags = OFlag::from_bits_truncate(fcntl(fd, FcntlArg::F_GETFL)?);
    fcntl(fd, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
    Ok(())
}

/// Starts `command` in a process group of its own, registered for [`stop_programs_on_interrupt`].
fn spawn(command: &mut Command) -> io::Result<Child> {
    let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    running.push(child.id() as i32);
    Ok(child)
}

fn unregister(group: i32) {
    let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    running.retain(|&running| running != group);
}

/// Runs `command` with `input` on stdin under `limits`, collecting stdout and stderr.
///
/// One thread feeds stdin and reads both outputs without blocking (so a program that writes
/// before reading all its input never deadlocks), until the program exits or a limit passes.
/// Then what is already in the pipes is taken, the program's process group is killed, and the
/// pipes are closed: nothing the program left behind can delay the verdict.
///
/// With a memory limit or [`Limits::measure_memory`] the program runs under the `peak-rss`
/// helper (environment and working folder carried over; an `env_clear` is not).
///
/// # Errors
/// If the process (or the helper) cannot be started or waited for.
pub fn run_with(command: &mut Command, input: &[u8], limits: &Limits) -> io::Result<Run> {
    let report = (limits.memory.is_some() || limits.measure_memory).then(report_path);
    let mut wrapped;
    let command = match &report {
        Some(report) => {
            wrapped = measured(command, limits.memory, report)?;
            &mut wrapped
        }
        None => command,
    };
    let start = Instant::now();
    let mut child = spawn(command)?;
    let group = child.id() as i32;
    let outcome = supervise(&mut child, input, limits, start);
    kill_group(group);
    unregister(group);
    let (stdout, stderr, timed_out, output_limit_exceeded) = outcome?;
    let mut elapsed = start.elapsed();
    let status = child.wait()?;
    let mut run = Run {
        stdout,
        stderr,
        code: status.code(),
        signal: status.signal(),
        timed_out,
        output_limit_exceeded,
        ..Run::default()
    };
    if timed_out || output_limit_exceeded {
        run.code = None;
    }
    if let Some(report) = &report {
        let reported = read_report(report);
        if let (Some((peak_kib, wall, code, signal)), false) = (reported, timed_out || output_limit_exceeded) {
            let peak = peak_kib * 1024;
            run.peak_memory = Some(peak);
            run.memory_limit_exceeded = limits.memory.is_some_and(|limit| peak > limit);
            (run.code, run.signal) = (code, signal);
            elapsed = wall;
        }
    }
    run.elapsed = elapsed;
    Ok(run)
}

/// The feeding and reading loop of [`run_with`]: (stdout, stderr, timed out, output over limit).
fn supervise(
    child: &mut Child,
    input: &[u8],
    limits: &Limits,
    start: Instant,
) -> io::Result<(Vec<u8>, Vec<u8>, bool, bool)> {
    let mut stdin = child.stdin.take();
    if let Some(pipe) = &stdin {
        set_nonblocking(pipe)?;
    }
    if input.is_empty() {
        stdin = None;
    }
    let mut out = Drain::new(child.stdout.take().expect("stdout is piped"), limits.output)?;
    let mut err = Drain::new(child.stderr.take().expect("stderr is piped"), MAX_STDERR)?;
    let mut buffer = vec![0u8; 64 << 10];
    let mut fed = 0;
    loop {
        if child.try_wait()?.is_some() {
            // Everything the program wrote is in the pipes now; a child it left behind may still
            // write, so take at most a pipe's worth more.
            out.read_available(&mut buffer, 1 << 20)?;
            err.read_available(&mut buffer, 1 << 20)?;
            return Ok((out.kept, err.kept, false, out.overflow));
        }
        if out.overflow {
            return Ok((out.kept, err.kept, false, true));
        }
        if limits.time.is_some_and(|limit| start.elapsed() > limit) {
            return Ok((out.kept, err.kept, true, false));
        }
        // Wait up to a millisecond for a pipe to be ready, then look at the program again.
        let (ready_in, ready_out, ready_err) = {
            let mut fds = Vec::with_capacity(3);
            let watch = PollFlags::POLLIN;
            if let Some(pipe) = &stdin {
                fds.push((0, PollFd::new(pipe.as_fd(), PollFlags::POLLOUT)));
            }
            if let Some(pipe) = &out.pipe {
                fds.push((1, PollFd::new(pipe.as_fd(), watch)));
            }
            if let Some(pipe) = &err.pipe {
                fds.push((2, PollFd::new(pipe.as_fd(), watch)));
            }
            let mut polled: Vec<PollFd> = fds.iter().map(|(_, fd)| *fd).collect();
            match poll(&mut polled, PollTimeout::from(1u8)) {
                Ok(_) | Err(nix::errno::Errno::EINTR) => {}
                Err(error) => return Err(error.into()),
            }
            let mut ready = [false; 3];
            for ((which, _), fd) in fds.iter().zip(&polled) {
                ready[*which] = fd.revents().is_some_and(|events| !events.is_empty());
            }
            (ready[0], ready[1], ready[2])
        };
        if ready_in {
            if let Some(pipe) = &mut stdin {
                match pipe.write(&input[fed..]) {
                    Ok(written) => fed += written,
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    // A program may exit without reading everything: not our error.
                    Err(_) => fed = input.len(),
                }
                if fed == input.len() {
                    stdin = None;
                }
            }
        }
        if ready_out {
            out.read_available(&mut buffer, 1 << 20)?;
        }
        if ready_err {
            err.read_available(&mut buffer, 1 << 20)?;
        }
    }
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
    /// Memory limit exceeded: the peak resident memory passed the limit.
    MemoryLimitExceeded,
    /// Output limit exceeded: more stdout than the limit.
    OutputLimitExceeded,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so that `{verdict:<3}` lines verdicts up.
        f.pad(match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
        })
    }
}

/// The verdict a run earns before its output is looked at: TLE, MLE, OLE, RE in that order, or
/// `None` if the program exited with status 0 within its limits.
pub fn limit_verdict(run: &Run) -> Option<Verdict> {
    if run.timed_out {
        Some(Verdict::TimeLimitExceeded)
    } else if run.memory_limit_exceeded {
        Some(Verdict::MemoryLimitExceeded)
    } else if run.output_limit_exceeded {
        Some(Verdict::OutputLimitExceeded)
    } else if run.code != Some(0) {
        Some(Verdict::RuntimeError)
    } else {
        None
    }
}

/// The verdict of exact comparison: [`limit_verdict`], then byte-for-byte equality.
pub fn exact_verdict(run: &Run, expected: &[u8]) -> Verdict {
    match limit_verdict(run) {
        Some(verdict) => verdict,
        None if run.stdout == expected => Verdict::Accepted,
        None => Verdict::WrongAnswer,
    }
}

/// A bounded report of the first difference between `expected` and `actual` (see [`compare`]),
/// with line ends made visible so a missing final newline or a stray `\r` shows; empty if they
/// are equal.
pub fn line_diff(expected: &[u8], actual: &[u8]) -> String {
    compare(expected, actual)
        .map(|difference| difference.report)
        .unwrap_or_default()
}

/// `bytes` as a verdict line shows memory: `2.1 MB` (MB = 2^20 bytes, as judges count).
pub fn format_memory(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / f64::from(1 << 20))
}

/// The arguments of `command` joined for messages, escaped.
pub fn describe(command: &Command) -> String {
    let mut words: Vec<OsString> = vec![command.get_program().to_os_string()];
    words.extend(command.get_args().map(|arg| arg.to_os_string()));
    words
        .iter()
        .map(|word| crate::escape(word))
        .collect::<Vec<_>>()
        .join(" ")
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
        // The limit holds for what a shell starts too.
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
        let failing = run(Command::new("sh").args(["-c", "exit 3"]), b"", None).unwrap();
        assert_eq!(exact_verdict(&failing, b""), Verdict::RuntimeError);
        assert_eq!(failing.failure().as_deref(), Some("exit 3"));
        let crashing = run(Command::new("sh").args(["-c", "kill -SEGV $$"]), b"", None).unwrap();
        assert_eq!(crashing.failure().as_deref(), Some("SIGSEGV"));
    }

    #[test]
    fn a_flood_of_output_is_stopped_at_the_output_limit() {
        let limits = Limits {
            time: Some(Duration::from_secs(20)),
            output: 1 << 20,
            ..Limits::default()
        };
        let flood = run_with(Command::new("yes").arg("flood"), b"", &limits).unwrap();
        assert!(flood.output_limit_exceeded && !flood.timed_out, "{flood:?}");
        assert_eq!(flood.stdout.len(), 1 << 20);
        assert_eq!(exact_verdict(&flood, b""), Verdict::OutputLimitExceeded);
    }

    #[test]
    fn a_large_input_and_output_pass_through_without_deadlock() {
        let input: Vec<u8> = (0..4_000_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let done = run(&mut Command::new("cat"), &input, Some(Duration::from_secs(60))).unwrap();
        assert!(done.stdout == input, "{} bytes back", done.stdout.len());
    }

    #[test]
    fn a_child_that_leaves_the_group_does_not_hold_the_verdict() {
        let started = Instant::now();
        let done = run(
            Command::new("sh").args(["-c", "setsid sleep 12 & echo done"]),
            b"",
            Some(Duration::from_secs(5)),
        )
        .unwrap();
        assert_eq!(done.stdout, b"done\n");
        assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    }

    #[test]
    fn diff_shows_the_changed_line_and_line_ends() {
        let diff = line_diff(b"7\nBCABCCB\n", b"7\nBCABCCA\n");
        assert!(diff.contains("-       2 BCABCCB⏎"), "{diff}");
        assert!(diff.contains("+       2 BCABCCA⏎"), "{diff}");
        assert!(line_diff(b"a\n", b"a\r\n").contains("\\r"));
        assert_eq!(line_diff(b"a\n", b"a\n"), "");
        assert_eq!(format_memory(2_202_010), "2.1 MB");
    }
}
