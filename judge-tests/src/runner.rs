//! Runs a program as a separate process on one input under a time, memory and output limit, and
//! turns the result into an `oj test`-style verdict.
//!
//! The limits hold whatever the program does. Every program runs under the `peak-rss` helper
//! binary (built beside `judge`), the supervisor: a child subreaper in a process group of its
//! own, so everything the program starts stays the supervisor's descendant, even a process that
//! called `setsid` or `setpgid` or whose parent exited. The program's pipes are read only until
//! the supervisor exits or a limit passes (a process left behind that still holds the pipes cannot
//! keep the judge waiting); then every descendant of the supervisor is killed (found by walking
//! `/proc`'s parent links, again until none is left: [`tree`]), and the supervisor last. When the
//! program exits by itself the supervisor kills and reaps what it left before it exits.
//! [`stop_programs_on_interrupt`] makes Ctrl-C kill the running programs' trees the same way.
//!
//! Nothing the program does ends that: if it kills its supervisor, what it started is re-parented
//! to the nearest child subreaper above, which [`adopt_orphans`] makes `judge`, and `judge` kills
//! every process of its own tree that no living supervisor holds once that run ends. If `judge`
//! itself dies by a signal it cannot handle (SIGKILL), the supervisor sees its parent gone within
//! milliseconds, kills the tree, removes its report and exits. A process whose main thread exited
//! while its other threads run is alive to all of this (see [`tree`]): it is polled, killed and
//! timed until its last thread ends, when the kernel, and so the verdict, says it has exited.
//!
//! What can still escape: a process started after `judge` died and before its supervisor looked
//! (a few milliseconds), or one that kills `judge` itself and its supervisor at once. Only a
//! container (a PID namespace or a cgroup, which need privileges) stops those.
//!
//! The program starts with an empty signal mask (the supervisor clears the one `judge` blocks for
//! itself) and SIGPIPE at its default action; other dispositions are `judge`'s own (setting them
//! would take `unsafe` code, which the workspace forbids).
//!
//! Memory: the supervisor reads the peak from `getrusage` after reaping the whole tree (the
//! largest single process), and with a limit polls the tree every millisecond, summing each
//! process's PSS (a page shared after a fork counts once; RSS where `/proc/<pid>/smaps_rollup` is
//! missing, or while the tree is one process holding no file, whose RSS lies between its PSS and
//! the `getrusage` peak) and the memfds and tmpfs files the tree holds open (pages in no resident set, each
//! file once, [`tree::hidden_files`]); the peak is the larger of the two. Where `judge` can have a
//! cgroup v2 ([`cgroup`]), the program runs in one of its own and the kernel's `memory.peak`
//! counts every page instead ([`MemoryMode`]). It caps the address space and stops the tree
//! once it passes the limit, then removes the `/dev/shm` files the tree held. That keeps this
//! crate free of `unsafe` (no `pre_exec`, no raw `wait4`).
//!
//! Time: [`Limits::time`] bounds the CPU time of the whole tree (the supervisor looks every few
//! milliseconds and stops it past the limit), so that waiting for a core (`--jobs` above the
//! cores) never costs a verdict; the wall clock is bounded at [`wall_limit`] of it, for programs
//! that sleep.
//!
//! The supervisor's own failures (it is missing, the temporary folder for its report is not
//! writable, the program cannot be started: not found on `PATH`, not executable) are an
//! [`io::Error`] from [`run_with`] naming the cause, never a verdict on the program.

pub mod cgroup;
mod compare;
pub mod tree;

pub use compare::{compare, Difference, REPORT_LIMIT};

use judge_oracle::checker;
use nix::fcntl::{fcntl, FcntlArg, OFlag};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::prctl;
use nix::sys::signal::{kill, killpg, SigSet, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag};
use nix::unistd::Pid;
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// What a finished (or killed) run produced.
#[derive(Debug, Default)]
pub struct Run {
    /// What was written to stdout, at most [`Limits::output`] bytes.
    pub stdout: Vec<u8>,
    /// What was written to stderr: its last [`MAX_STDERR`] bytes when there was more (the end
    /// holds the cause of a crash); [`Run::stderr_tail`] is the part to show.
    pub stderr: Vec<u8>,
    /// The exit code; `None` if killed by a signal or by a limit.
    pub code: Option<i32>,
    /// The signal that ended the program, if one did (`SIGKILL` for a limit).
    pub signal: Option<i32>,
    /// Wall time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// The CPU time (user + system) of the program's whole tree, when the supervisor reported
    /// it (the program ended by itself or by a limit the supervisor enforces).
    pub cpu: Option<Duration>,
    /// Whether the time limit ran out and the program was killed: its CPU time passed
    /// [`Limits::time`], or the wall clock passed [`wall_limit`] of it (a program that sleeps).
    pub timed_out: bool,
    /// How memory was counted ([`MemoryMode`]), when the supervisor reported it.
    pub memory_mode: Option<MemoryMode>,
    /// Whether stdout passed [`Limits::output`] and the program was killed.
    pub output_limit_exceeded: bool,
    /// Whether the peak resident memory passed [`Limits::memory`].
    pub memory_limit_exceeded: bool,
    /// The peak memory in bytes (see the module docs: the largest process's resident set, or
    /// with a memory limit the largest sum of the tree's PSS if that is more), when the program
    /// ended by itself or by the memory limit.
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

    /// The end of stderr to show under a failing verdict: [`crate::stderr_tail`] of what was
    /// kept (its last lines, at most [`crate::STDERR_SHOWN`] bytes, escaped).
    pub fn stderr_tail(&self) -> String {
        crate::stderr_tail(&self.stderr)
    }
}

/// How the supervisor counted a program's memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryMode {
    /// The program ran in a cgroup v2 of its own: the kernel's `memory.peak` counts every page
    /// its tree caused (memfds and tmpfs files included), and `memory.max` stops it.
    Cgroup,
    /// No cgroup could be had ([`cgroup::memory_parent`]): the tree's resident sets, plus the
    /// memfds and tmpfs files its processes were seen holding, polled every millisecond.
    Proc,
}

impl MemoryMode {
    /// How a verdict line names the mode: `cgroup`, `/proc`.
    pub fn name(self) -> &'static str {
        match self {
            MemoryMode::Cgroup => "cgroup",
            MemoryMode::Proc => "/proc",
        }
    }
}

/// Most bytes of stdout kept by default; a program that writes more is stopped with
/// [`Verdict::OutputLimitExceeded`].
pub const MAX_CAPTURE: usize = 64 << 20;

/// Most bytes of stderr kept: the last ones; what comes before is read and dropped.
pub const MAX_STDERR: usize = 1 << 20;

/// The limits of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system of the program's whole tree), as judges count it, so that a
    /// program waiting for a core (`--jobs` above the core count, a busy machine) is not charged
    /// for the wait; the wall clock is limited too, at [`wall_limit`] of it, for a program that
    /// sleeps. `None` waits for ever.
    pub time: Option<Duration>,
    /// Peak memory in bytes (see the module docs).
    pub memory: Option<u64>,
    /// Kept for the callers that set it: every run is supervised and measured now, with or
    /// without it.
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

/// How many programs [`in_order`] runs at once now (1 outside it), which [`wall_limit`] allows
/// for.
static JOBS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(1);

/// The wall-clock limit of a run whose CPU-time limit is `time`: three times it (judges allow
/// two to three) for every core's worth of programs running at once (`--jobs` 16 on 2 cores
/// gives each a core an eighth of the time), plus a second for the start of an interpreter.
/// Far above what a program that computes needs, so it is only ever reached by one that waits.
pub fn wall_limit(time: Duration) -> Duration {
    let jobs = JOBS.load(Ordering::SeqCst).max(1);
    let cores = default_jobs().max(1);
    let share = ((jobs + cores - 1) / cores).max(1) as u32;
    time.saturating_mul(3 * share).saturating_add(Duration::from_secs(1))
}

/// The supervisors of the programs running now, whose trees are killed on Ctrl-C.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Whether this process is a child subreaper ([`adopt_orphans`]), whose own tree holds what an
/// escaped program left.
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// How long [`stop`] keeps killing a tree that will not die (a process stuck in the kernel)
/// before it kills the supervisor anyway.
const KILL_PATIENCE: Duration = Duration::from_secs(5);

/// How long the supervisor may take to reap its killed tree and exit by itself.
const SUPERVISOR_GRACE: Duration = Duration::from_secs(2);

/// Kills everything the supervisor `supervisor` runs (the program and every process it started,
/// wherever they moved), then the supervisor and its process group.
fn stop(supervisor: i32) {
    tree::kill_descendants(supervisor, KILL_PATIENCE);
    // Either may already be gone; nothing else can be done about a failure here.
    let _ = killpg(Pid::from_raw(supervisor), Signal::SIGKILL);
    let _ = kill(Pid::from_raw(supervisor), Signal::SIGKILL);
}

/// Makes SIGINT, SIGTERM and SIGHUP kill the process tree of every program [`run`] is running,
/// then end this process with status 128 + the signal number.
///
/// Call it first thing in `main`, before any thread starts: it blocks those signals in the
/// calling thread (threads started later inherit the mask, and so would the processes they
/// start, but the supervisor clears it before it starts a program) and waits for them on a
/// thread of its own.
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
        // Holding the lock until exit: no program can start after the trees are killed.
        let running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for &supervisor in running.iter() {
            stop(supervisor);
        }
        kill_orphans(&running);
        let stopped = if running.is_empty() {
            ""
        } else {
            ": the judged program was stopped"
        };
        let mut line = format!("judge: interrupted by {}{stopped}\n", signal.as_str());
        line.push_str(&crate::on_interrupt_text());
        let _ = io::stderr().write_all(line.as_bytes());
        std::process::exit(128 + signal as i32);
    })?;
    Ok(())
}

/// Makes this process a child subreaper: a process whose parent dies is re-parented to it (or to
/// a subreaper below it) rather than to init, so a program that kills its supervisor leaves what
/// it started inside this process's tree, where [`run_with`] kills it.
///
/// Only for a process that starts every child through [`run_with`] (`judge`): after a run whose
/// supervisor was killed, each process of this one's tree that no running supervisor holds is
/// taken for the program's and killed.
///
/// # Errors
/// If the kernel refuses (`prctl(PR_SET_CHILD_SUBREAPER)` needs Linux 3.4).
pub fn adopt_orphans() -> io::Result<()> {
    prctl::set_child_subreaper(true).map_err(io::Error::from)?;
    ADOPTING.store(true, Ordering::SeqCst);
    Ok(())
}

/// Kills every process of this one's tree that no supervisor in `running` holds (what a program
/// that killed its supervisor left, re-parented here), and reaps the ones that are this
/// process's children, supervisors aside (they are reaped by their runs). Nothing without
/// [`adopt_orphans`].
fn kill_orphans(running: &[i32]) {
    if !ADOPTING.load(Ordering::SeqCst) {
        return;
    }
    let me = std::process::id() as i32;
    tree::kill_descendants_sparing(me, running, KILL_PATIENCE);
    // Their zombies: a killed orphan's children come here too when it dies, so reap until none
    // is left (each pass is bounded by the tree, which no longer grows).
    let start = Instant::now();
    loop {
        let mut waited = false;
        for process in tree::descendants_sparing(me, running) {
            if process.parent == me {
                let _ = waitpid(Pid::from_raw(process.pid), Some(WaitPidFlag::WNOHANG));
                waited = true;
            }
        }
        if !waited || start.elapsed() > KILL_PATIENCE {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
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

/// A new, empty file for one supervisor report, in the temporary folder.
///
/// # Errors
/// If the temporary folder (`TMPDIR`, else `/tmp`) cannot hold it: judge's failure, named so.
fn create_report() -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut folder = std::env::temp_dir();
    // The supervisor may run in another folder (`current_dir`): a relative TMPDIR is made whole.
    if folder.is_relative() {
        folder = std::env::current_dir()?.join(folder);
    }
    loop {
        let serial = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = folder.join(format!("judge-peak-{}-{serial}", std::process::id()));
        match fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(_) => return Ok(path),
            // Left by an earlier process of the same id: take the next name.
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => {
                return Err(io::Error::new(
                    error.kind(),
                    format!(
                        "cannot create a file in the temporary folder {} (set TMPDIR to a writable folder): {error}",
                        judge_oracle::escape(folder.as_os_str())
                    ),
                ))
            }
        }
    }
}

/// `command` run under the `peak-rss` helper, which writes its report to `report`.
fn measured(command: &Command, limits: &Limits, report: &Path) -> io::Result<Command> {
    let helper = helper_path();
    if !helper.exists() {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "the supervisor {} is missing (build it: cargo build --release -p judge-tests)",
                helper.display()
            ),
        ));
    }
    let mut wrapped = Command::new(helper);
    wrapped.arg("--parent").arg(std::process::id().to_string());
    if let Some(bytes) = limits.memory {
        wrapped.arg("--memory-limit-kib").arg((bytes / 1024).max(1).to_string());
        if let Some(parent) = cgroup::memory_parent() {
            wrapped.arg("--cgroup").arg(parent);
        }
    }
    if let Some(time) = limits.time {
        wrapped.arg("--cpu-limit-ms").arg(time.as_millis().max(1).to_string());
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

/// What the supervisor reported; `None` from [`read_report`] if it wrote nothing (it was killed).
struct Report {
    peak_kib: u64,
    wall: Duration,
    code: Option<i32>,
    signal: Option<i32>,
    cpu: Duration,
    mode: MemoryMode,
}

/// Reads and removes the supervisor's report.
///
/// # Errors
/// The supervisor's own failure (`error <message>`), or a report it could not have written.
fn read_report(report: &Path) -> io::Result<Option<Report>> {
    let text = fs::read_to_string(report);
    let _ = fs::remove_file(report);
    let text = text?;
    if let Some(message) = text.strip_prefix("error ") {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!("peak-rss: {}", message.trim_end()),
        ));
    }
    if text.is_empty() {
        return Ok(None);
    }
    let garbled = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("peak-rss wrote a garbled report {text:?}"),
        )
    };
    let fields: Vec<&str> = text.split_whitespace().collect();
    let number = |at: usize| fields.get(at).and_then(|field| field.parse::<u64>().ok());
    let (Some(peak), Some(wall)) = (number(0), number(1)) else {
        return Err(garbled());
    };
    let wall = Duration::from_micros(wall);
    let (Some(cpu), Some(mode)) = (number(2), fields.get(3)) else {
        return Err(garbled());
    };
    let status = fields.get(5).and_then(|n| n.parse().ok());
    let (code, signal) = match fields.get(4) {
        Some(&"signal") => (None, status),
        Some(&"exit") => (status, None),
        _ => return Err(garbled()),
    };
    let mode = if *mode == "cgroup" {
        MemoryMode::Cgroup
    } else {
        MemoryMode::Proc
    };
    Ok(Some(Report {
        peak_kib: peak,
        wall,
        code,
        signal,
        cpu: Duration::from_micros(cpu),
        mode,
    }))
}

/// One of the program's pipes, read without blocking.
struct Drain<R> {
    pipe: Option<R>,
    kept: Vec<u8>,
    limit: usize,
    overflow: bool,
    /// Keep the last `limit` bytes rather than the first (stderr: the cause of a crash is at the
    /// end).
    keep_end: bool,
}

impl<R: Read + AsFd> Drain<R> {
    fn new(pipe: R, limit: usize, keep_end: bool) -> io::Result<Self> {
        set_nonblocking(&pipe)?;
        Ok(Drain {
            pipe: Some(pipe),
            kept: Vec::new(),
            limit,
            overflow: false,
            keep_end,
        })
    }

    /// What was kept: the first or the last `limit` bytes.
    fn into_kept(mut self) -> Vec<u8> {
        if self.keep_end && self.kept.len() > self.limit {
            self.kept.drain(..self.kept.len() - self.limit);
        }
        self.kept
    }

    /// Reads what is there now, at most `budget` bytes; closes the pipe on end of file.
    fn read_available(&mut self, buffer: &mut [u8], mut budget: usize) -> io::Result<()> {
        while let Some(pipe) = &mut self.pipe {
            match pipe.read(buffer) {
                Ok(0) => self.pipe = None,
                Ok(read) if self.keep_end => {
                    self.kept.extend_from_slice(&buffer[..read]);
                    // Amortised: drop the front only once twice the limit is held.
                    if self.kept.len() > 2 * self.limit {
                        self.kept.drain(..self.kept.len() - self.limit);
                    }
                    budget = budget.saturating_sub(read);
                    if budget == 0 {
                        return Ok(());
                    }
                }
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

/// Starts the supervisor `command` in a process group of its own, registered for
/// [`stop_programs_on_interrupt`].
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

/// Runs `command` with `input` on stdin under `limits`, collecting stdout and stderr.
///
/// One thread feeds stdin and reads both outputs without blocking (so a program that writes
/// before reading all its input never deadlocks), until the supervisor exits or a limit passes.
/// Then what is already in the pipes is taken, the program's whole tree and its supervisor are
/// killed, and the pipes are closed: nothing the program left behind can delay the verdict.
///
/// The program runs under the `peak-rss` supervisor (environment and working folder carried
/// over; an `env_clear` is not).
///
/// # Errors
/// Judge's own failures, never the program's: the supervisor is missing or cannot start, the
/// temporary folder cannot hold its report, the program cannot be started (not found on `PATH`,
/// not executable), or the pipes fail; each message names the cause.
pub fn run_with(command: &mut Command, input: &[u8], limits: &Limits) -> io::Result<Run> {
    let report = create_report()?;
    let outcome = run_supervised(command, input, limits, &report);
    let _ = fs::remove_file(&report);
    outcome
}

/// [`run_with`] once the report file exists.
fn run_supervised(command: &mut Command, input: &[u8], limits: &Limits, report: &Path) -> io::Result<Run> {
    let mut wrapped = measured(command, limits, report)?;
    let start = Instant::now();
    let mut child = spawn(&mut wrapped)?;
    let supervisor = child.id() as i32;
    let outcome = supervise(&mut child, input, limits, start);
    // Kill the tree first and give the supervisor a moment to reap it and exit (a busy machine
    // may take a while); the supervisor is killed in any case.
    tree::kill_descendants(supervisor, KILL_PATIENCE);
    let grace = Instant::now();
    while matches!(child.try_wait(), Ok(None)) && grace.elapsed() < SUPERVISOR_GRACE {
        thread::sleep(Duration::from_millis(1));
    }
    stop(supervisor);
    let mut elapsed = start.elapsed();
    // Registered until reaped, so that no other run's clean-up reaps it first.
    let status = child.wait();
    {
        let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        running.retain(|&running| running != supervisor);
        // A supervisor that did not exit by itself may have been killed by its program, whose
        // processes then live on outside its tree.
        if status.as_ref().map_or(true, |status| status.signal().is_some()) {
            kill_orphans(&running);
        }
    }
    let status = status?;
    let (stdout, stderr, timed_out, output_limit_exceeded) = outcome?;
    let mut run = Run {
        stdout,
        stderr,
        code: status.code(),
        signal: status.signal(),
        timed_out,
        output_limit_exceeded,
        ..Run::default()
    };
    // Read even after a limit: an `error` report means the program never started.
    let reported = read_report(report)?;
    if timed_out || output_limit_exceeded {
        run.code = None;
    } else if let Some(report) = reported {
        let peak = report.peak_kib * 1024;
        run.peak_memory = Some(peak);
        run.memory_limit_exceeded = limits.memory.is_some_and(|limit| peak > limit);
        (run.code, run.signal) = (report.code, report.signal);
        run.cpu = Some(report.cpu);
        run.memory_mode = Some(report.mode);
        // The supervisor stops a tree over its CPU time; one that ended by itself just over
        // it is over it all the same.
        if limits.time.is_some_and(|limit| report.cpu > limit) {
            run.timed_out = true;
            run.code = None;
        }
        elapsed = report.wall;
    } else if run.code.is_some() {
        // The supervisor exited without a word: it was not the program that failed.
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!("peak-rss ended with {status} without a report"),
        ));
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
    let mut out = Drain::new(child.stdout.take().expect("stdout is piped"), limits.output, false)?;
    let mut err = Drain::new(child.stderr.take().expect("stderr is piped"), MAX_STDERR, true)?;
    let mut buffer = vec![0u8; 64 << 10];
    let mut fed = 0;
    loop {
        if child.try_wait()?.is_some() {
            // Everything the program wrote is in the pipes now; a child it left behind may still
            // write, so take at most a pipe's worth more.
            out.read_available(&mut buffer, 1 << 20)?;
            err.read_available(&mut buffer, 1 << 20)?;
            let overflow = out.overflow;
            return Ok((out.into_kept(), err.into_kept(), false, overflow));
        }
        if out.overflow {
            return Ok((out.into_kept(), err.into_kept(), false, true));
        }
        if limits.time.is_some_and(|limit| start.elapsed() > wall_limit(limit)) {
            return Ok((out.into_kept(), err.into_kept(), true, false));
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

/// The number of programs to run at once by default: the machine's cores (1 if unknown).
pub fn default_jobs() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// Does `work(0)`, `work(1)`, ... `work(count - 1)` on up to `jobs` threads and hands each result
/// to `take` on the calling thread in index order, as soon as it and every one before it are done.
/// Once `take` returns `false` no further work starts and the results after that index are
/// dropped: what `take` sees, and in what order, is the same for every `jobs`, so verdicts and
/// output do not depend on it (work under way when `take` stops finishes first).
///
/// A thread the system refuses (a process or thread limit, no memory for its stack) means fewer
/// jobs, never a panic: the threads that started share the work, and with none the calling
/// thread does it alone.
///
/// Each `work` call here runs a whole program ([`run_with`] is safe to call from several threads:
/// each run has its own supervisor, report file and pipes, and Ctrl-C stops all of them).
///
/// # Complexity
/// `count` calls of `work` at most, `jobs` at a time; O(jobs) results held waiting for their turn
/// in the usual case.
pub fn in_order<T: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> T + Sync,
    take: impl FnMut(usize, T) -> bool,
) {
    in_order_with(count, jobs, thread::Builder::new, work, take)
}

/// [`in_order`] with each worker thread made from `builder()`, so that a test can make the
/// system refuse them.
fn in_order_with<T: Send>(
    count: usize,
    jobs: usize,
    builder: impl Fn() -> thread::Builder,
    work: impl Fn(usize) -> T + Sync,
    mut take: impl FnMut(usize, T) -> bool,
) {
    let serially = |take: &mut dyn FnMut(usize, T) -> bool| {
        for index in 0..count {
            if !take(index, work(index)) {
                return;
            }
        }
    };
    if jobs <= 1 || count <= 1 {
        return serially(&mut take);
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let stopped = std::sync::atomic::AtomicBool::new(false);
    let (sender, receiver) = std::sync::mpsc::channel::<(usize, T)>();
    let started = thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..jobs.min(count) {
            let sender = sender.clone();
            let (next, stopped, work) = (&next, &stopped, &work);
            let spawned = builder().spawn_scoped(scope, move || loop {
                if stopped.load(Ordering::SeqCst) {
                    return;
                }
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index >= count || sender.send((index, work(index))).is_err() {
                    return;
                }
            });
            match spawned {
                Ok(_) => started += 1,
                // Refused: the threads already running take its share.
                Err(_) => break,
            }
        }
        drop(sender);
        let before = JOBS.swap(started.max(1), Ordering::SeqCst);
        if started == 0 {
            return 0;
        }
        let mut waiting = std::collections::BTreeMap::new();
        let mut expected = 0;
        let mut taking = true;
        // Every result arrives (the loop ends when the last worker has hung up); after `take`
        // stops they are only drained.
        for (index, result) in receiver {
            if !taking {
                continue;
            }
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&expected) {
                if !take(expected, result) {
                    taking = false;
                    stopped.store(true, Ordering::SeqCst);
                    waiting.clear();
                    break;
                }
                expected += 1;
            }
        }
        JOBS.store(before, Ordering::SeqCst);
        started
    });
    if started == 0 {
        // Not one thread: no work was taken from `next`, so all of it is done here.
        serially(&mut take);
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
    /// Memory limit exceeded: the peak memory passed the limit. The peak is the larger of the
    /// largest single process's peak resident set (`getrusage`, every descendant included) and
    /// the largest total of the whole process tree, polled every millisecond, in which each
    /// process counts by its PSS (`Pss:` of `/proc/<pid>/smaps_rollup`: a page shared by k
    /// processes counts 1/k in each, so a forking program's shared pages count once) or by its
    /// RSS where `smaps_rollup` is missing (kernels before 4.14), and every memfd and tmpfs file
    /// the tree holds counts once; in a cgroup ([`MemoryMode::Cgroup`]), the kernel's peak.
    MemoryLimitExceeded,
    /// Output limit exceeded: more stdout than the limit.
    OutputLimitExceeded,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so that `{verdict:<3}` lines verdicts up.
        f.pad(self.code())
    }
}

impl Verdict {
    /// The verdict's short name, as judges print it: `AC`, `WA`, `PE`, `RE`, `TLE`, `MLE`, `OLE`.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
        }
    }

    /// The verdict of a checker's judgement on an output (testlib's ok, wrong answer,
    /// presentation error), the one mapping `judge run` and `judge stress` share; a checker's
    /// `FAIL` is no verdict on the program (the input or the jury's answer is bad) and is
    /// returned as its message.
    ///
    /// # Errors
    /// The checker's message when it failed.
    pub fn of_check(judged: &checker::Verdict) -> Result<Verdict, &str> {
        match judged {
            checker::Verdict::Ok(_) => Ok(Verdict::Accepted),
            checker::Verdict::WrongAnswer(_) => Ok(Verdict::WrongAnswer),
            checker::Verdict::PresentationError(_) => Ok(Verdict::PresentationError),
            checker::Verdict::Fail(why) => Err(why),
        }
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
        .map(|word| judge_oracle::escape(word))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    // The runs themselves are tested in tests/judge/limits.rs, where cargo builds the supervisor.

    #[test]
    fn in_order_hands_results_over_in_order_and_stops_alike() {
        for jobs in [1, 2, 5] {
            let mut seen = Vec::new();
            in_order(
                20,
                jobs,
                |index| {
                    // Later indices finish first: the order must not follow the finishing order.
                    thread::sleep(Duration::from_millis(((20 - index) % 4) as u64));
                    index * 10
                },
                |index, result| {
                    seen.push((index, result));
                    index < 12
                },
            );
            let wanted: Vec<(usize, usize)> = (0..=12).map(|index| (index, index * 10)).collect();
            assert_eq!(seen, wanted, "jobs {jobs}");
        }
        let mut none = 0;
        in_order(
            0,
            3,
            |index| index,
            |_, _| {
                none += 1;
                true
            },
        );
        assert_eq!(none, 0);
    }

    #[test]
    fn in_order_without_threads_does_the_work_itself() {
        // A stack no system can map: every worker thread is refused, as under a thread limit.
        let refused = || thread::Builder::new().stack_size(usize::MAX / 2);
        let mut seen = Vec::new();
        in_order_with(
            6,
            4,
            refused,
            |index| index * 3,
            |index, result| {
                seen.push((index, result));
                index < 4
            },
        );
        assert_eq!(seen, (0..=4).map(|index| (index, index * 3)).collect::<Vec<_>>());
        // Some threads start, later ones are refused: the ones that started do all the work.
        let made = std::sync::atomic::AtomicUsize::new(0);
        let some = || {
            if made.fetch_add(1, Ordering::SeqCst) < 2 {
                thread::Builder::new()
            } else {
                thread::Builder::new().stack_size(usize::MAX / 2)
            }
        };
        let mut seen = Vec::new();
        in_order_with(
            9,
            5,
            some,
            |index| index + 1,
            |index, result| {
                seen.push((index, result));
                true
            },
        );
        assert_eq!(seen, (0..9).map(|index| (index, index + 1)).collect::<Vec<_>>());
        assert_eq!(made.load(Ordering::SeqCst), 3, "stops asking after the first refusal");
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

    #[test]
    fn the_stderr_tail_is_the_last_lines() {
        let run = |stderr: Vec<u8>| Run {
            stderr,
            ..Run::default()
        };
        assert_eq!(
            run(b"Traceback\n  line 1\nValueError: x\n".to_vec()).stderr_tail(),
            "Traceback\n  line 1\nValueError: x"
        );
        let long: Vec<u8> = (0..1000)
            .flat_map(|i| format!("frame {i}\n").into_bytes())
            .chain(b"Error: the cause\n".to_vec())
            .collect();
        let tail = run(long).stderr_tail();
        assert!(
            tail.len() <= crate::STDERR_SHOWN && tail.ends_with("Error: the cause"),
            "{tail}"
        );
        assert!(tail.starts_with("frame "), "cut at a line start: {tail}");
        assert_eq!(run(Vec::new()).stderr_tail(), "");
    }

    #[test]
    fn a_drain_of_stderr_keeps_the_end() {
        let (reader, mut writer) = std::os::unix::net::UnixStream::pair().unwrap();
        let mut drain = Drain::new(reader, 10, true).unwrap();
        let mut buffer = vec![0; 4];
        for chunk in [&b"0123456789"[..], b"abcdefghij", b"KLMNO"] {
            writer.write_all(chunk).unwrap();
            drain.read_available(&mut buffer, 1 << 20).unwrap();
        }
        assert_eq!(drain.into_kept(), b"fghijKLMNO");
    }
}
