//! Runs a program as a separate process on one input under a time, memory and output limit, and
//! turns the result into an `oj test`-style verdict.
//!
//! The limits hold whatever the program does. Every program runs under the `peak-rss` supervisor
//! (built beside `judge`) in the mode [`sandbox()`] chooses once per process: **confined**
//! ([`confine`]: PID, mount, IPC and network namespaces, a uid of its own, a cgroup of its own
//! whose kernel counters are its memory and CPU time, [`cgroup`]) wherever `judge` can have it,
//! else the **fallback** (`/proc` polling, in `peak-rss.rs`), which every summary names with what
//! it does not guarantee. docs/judge.md ("How a program runs: the sandbox") tells each mechanism
//! once; this module is `judge`'s side of it:
//! - each run has its own [`WorkingFolder`], the program's current folder, where the caller may
//!   put files before the run and read what the program wrote after it ([`run_in`]);
//! - stdin is the input as a sealed memfd: a regular file, seekable and mappable, as a judge's
//!   `./prog < file` gives it;
//! - the supervisor enforces the time, wall-clock and memory limits and reports through a pipe
//!   it inherited ([`report`]: named `key:value` lines), read only once it exited by itself;
//!   `judge` counts the output and asks the supervisor to stop (SIGTERM) past its limit;
//! - a supervisor that was stopped, killed, stuck past its limits or reported nothing readable is
//!   `judge`'s own failure, an [`io::Error`] naming it, never a verdict; so are a program that
//!   cannot be started (not found on `PATH`, not executable) and an unwritable `TMPDIR`;
//! - [`stop_programs_on_interrupt`] makes Ctrl-C stop every run and remove every working folder;
//!   the supervisor dies with `judge` (its parent-death signal) and cleans up the same way.
//!
//! Time: [`Limits::time`] bounds the CPU time of the whole tree, so that waiting for a core
//! (`--jobs` above the cores) never costs a verdict; the wall clock is bounded at [`wall_limit`]
//! of it, for programs that sleep.

pub mod cgroup;
mod compare;
pub mod confine;
pub mod direct;
mod folder;
pub mod report;
pub mod sandbox;
pub mod tree;

pub use compare::{compare, Difference, REPORT_LIMIT};
pub use folder::{WorkingFolder, MAX_READ};
pub use sandbox::{sandbox, Sandbox};

use judge_oracle::checker;
use nix::fcntl::{fcntl, FcntlArg, FdFlag, OFlag};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::prctl;
use nix::sys::signal::{kill, killpg, SigSet, Signal};
use nix::sys::wait::{waitid, waitpid, Id, WaitPidFlag, WaitStatus};
use nix::unistd::Pid;
use report::Report;
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
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
    /// The CPU time (user + system) of the program's whole tree; `None` when the wall limit
    /// stopped it (it waited: the wall time is the one to show).
    pub cpu: Option<Duration>,
    /// Whether the time limit ran out and the program was killed: its CPU time passed
    /// [`Limits::time`], or the wall clock passed [`wall_limit`] of it (a program that sleeps).
    pub timed_out: bool,
    /// How memory was counted ([`MemoryMode`]), when the supervisor reported it.
    pub memory_mode: Option<MemoryMode>,
    /// Whether stdout passed [`Limits::output`] and the program was killed.
    pub output_limit_exceeded: bool,
    /// Whether the peak memory passed [`Limits::memory`] (or the kernel stopped the tree there).
    pub memory_limit_exceeded: bool,
    /// The peak memory of the whole tree in bytes, as the mode that ran counts it
    /// ([`MemoryMode`]).
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

/// How the supervisor counted a program's memory: the mode that ran ([`sandbox()`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryMode {
    /// Confined: the program's own cgroup (v1 or v2), whose kernel counters hold every page its
    /// tree caused (shmem, tmpfs, kernel memory included), and whose limit stops it.
    Cgroup,
    /// The fallback: the tree's resident sets, plus the memfds and tmpfs files its processes
    /// were seen holding, polled every millisecond.
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
    /// Peak memory in bytes of the program's whole tree ([`MemoryMode`]).
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

/// The supervisors of the programs running now, which Ctrl-C stops.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Whether this process is a child subreaper ([`adopt_orphans`]), whose own tree holds what an
/// escaped program left (the fallback mode only: a confined program cannot reach its
/// supervisor).
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// How long a fallback-mode clean-up keeps killing a tree that will not die.
const KILL_PATIENCE: Duration = Duration::from_secs(5);

/// How long a supervisor asked to stop (or past its wall limit) may take to stop the program,
/// clean up and report before `judge` kills it and calls the run its own failure.
const SUPERVISOR_GRACE: Duration = Duration::from_secs(10);

/// Asks the supervisor `supervisor` to stop its program and report (SIGTERM; it cleans up
/// after itself, namespaces and cgroup included).
fn ask_to_stop(supervisor: i32) {
    let _ = kill(Pid::from_raw(supervisor), Signal::SIGTERM);
}

/// Whether process `pid` has ended (gone, or a zombie waiting for its run to reap it).
fn ended(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rfind(')')
            .map_or(true, |end| stat[end + 1..].trim_start().starts_with('Z')),
        Err(_) => true,
    }
}

/// Makes SIGINT, SIGTERM and SIGHUP stop every program [`run`] is running (each supervisor is
/// asked to stop and waited for), remove every [`WorkingFolder`], then end this process with
/// status 128 + the signal number: nothing is left running or in `TMPDIR`.
///
/// Call it first thing in `main`, before any thread starts: it blocks those signals in the
/// calling thread (threads started later inherit the mask, and so do the supervisors, which
/// wait for them the same way; the program starts with none blocked) and waits for them on a
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
        // Holding the lock until exit: no program can start after this.
        let running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for &supervisor in running.iter() {
            ask_to_stop(supervisor);
        }
        let asked = Instant::now();
        while running.iter().any(|&supervisor| !ended(supervisor)) && asked.elapsed() < SUPERVISOR_GRACE {
            thread::sleep(Duration::from_millis(1));
        }
        for &supervisor in running.iter() {
            let _ = killpg(Pid::from_raw(supervisor), Signal::SIGKILL);
        }
        kill_orphans(&running);
        folder::remove_all();
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

/// Makes this process a child subreaper: in the fallback mode, a program that kills its
/// supervisor leaves what it started inside this process's tree, where [`run_in`] kills it.
///
/// Only for a process that starts every child through [`run_in`] (`judge`): after a run whose
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

/// Kills every process of this one's tree that no supervisor in `running` holds (what a
/// fallback program that killed its supervisor left, re-parented here), and reaps the ones
/// that are this process's children, supervisors aside. Nothing without [`adopt_orphans`].
fn kill_orphans(running: &[i32]) {
    if !ADOPTING.load(Ordering::SeqCst) {
        return;
    }
    let me = std::process::id() as i32;
    tree::kill_descendants_sparing(me, running, KILL_PATIENCE);
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

/// The program could not be started (not found, on `PATH` or at its path; not executable; an
/// interpreter its uid may not run): the error inside the [`io::Error`] [`run_in`] returns then,
/// for a caller that tells this failure of `judge`'s apart from the others
/// (`error.get_ref().is_some_and(|inner| inner.is::<CannotStart>())`). Its text names the
/// program and the cause.
#[derive(Debug)]
pub struct CannotStart(pub String);

impl fmt::Display for CannotStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CannotStart {}

/// The `peak-rss` helper's path: beside the running executable (see [`crate::binary_path`]).
fn helper_path() -> PathBuf {
    crate::binary_path("peak-rss")
}

/// The program's uid and gid in the confined mode when `judge` is root: one of a range no
/// account uses (as isolate's 60000 + box), a different one for each run at once.
fn program_uid() -> u32 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    61_000 + (NEXT.fetch_add(1, Ordering::Relaxed) % 1000) as u32
}

/// `command` run under the supervisor, which reports on descriptor `report_fd`, in `folder`.
fn measured(
    command: &Command,
    limits: &Limits,
    report_fd: i32,
    folder: &WorkingFolder,
    mode: &Sandbox,
) -> io::Result<Command> {
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
    wrapped.arg("--report-fd").arg(report_fd.to_string());
    wrapped.arg("--workdir").arg(folder.path());
    match mode {
        Sandbox::Confined { parents, own_uid } => {
            wrapped.arg("--confine").arg(parents.version.number().to_string());
            wrapped.arg("--memory-cgroup").arg(&parents.memory);
            wrapped.arg("--cpu-cgroup").arg(&parents.cpu);
            if let Some(pids) = &parents.pids {
                wrapped.arg("--pids-cgroup").arg(pids);
            }
            if *own_uid {
                let uid = program_uid();
                folder.give_to(uid)?;
                wrapped.arg("--uid").arg(uid.to_string());
            }
        }
        Sandbox::Refused { why } => {
            return Err(io::Error::new(
                io::ErrorKind::Other,
                format!("{}=confined, but confinement cannot be had here: {why}", sandbox::FORCE),
            ))
        }
        Sandbox::Fallback { .. } => {}
    }
    if let Some(bytes) = limits.memory {
        wrapped.arg("--memory-limit-kib").arg((bytes / 1024).max(1).to_string());
    }
    if let Some(time) = limits.time {
        wrapped.arg("--cpu-limit-ms").arg(time.as_millis().max(1).to_string());
        wrapped
            .arg("--wall-limit-ms")
            .arg(wall_limit(time).as_millis().max(1).to_string());
    }
    wrapped.arg(command.get_program()).args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => wrapped.env(key, value),
            None => wrapped.env_remove(key),
        };
    }
    Ok(wrapped)
}

/// The program's stdin: `input` in a sealed memfd, a regular file the program can seek in and
/// map (`fstat` gives its size), as a judge's `./prog < file` gives it, and cannot change. Its
/// pages are `judge`'s, not the program's.
fn input_file(input: &[u8]) -> io::Result<fs::File> {
    let name = std::ffi::CStr::from_bytes_with_nul(b"judge-input\0")
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, error))?;
    use nix::fcntl::SealFlag;
    use nix::sys::memfd::{memfd_create, MemFdCreateFlag};
    let flags = MemFdCreateFlag::MFD_CLOEXEC | MemFdCreateFlag::MFD_ALLOW_SEALING;
    let mut file = fs::File::from(memfd_create(name, flags)?);
    file.write_all(input)?;
    let seals = SealFlag::F_SEAL_WRITE | SealFlag::F_SEAL_GROW | SealFlag::F_SEAL_SHRINK | SealFlag::F_SEAL_SEAL;
    fcntl(file.as_raw_fd(), FcntlArg::F_ADD_SEALS(seals))?;
    io::Seek::rewind(&mut file)?;
    Ok(file)
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
/// [`stop_programs_on_interrupt`]; `report` is the write end of its report pipe, closed here
/// once the supervisor holds it.
fn spawn(command: &mut Command, report: OwnedFd) -> io::Result<Child> {
    // Under the lock: no other run's supervisor starts meanwhile and inherits this run's pipe.
    let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    drop(report);
    running.push(child.id() as i32);
    Ok(child)
}

/// Runs `command` with `input` on stdin under `limits` in a working folder of its own (made and
/// removed here), collecting stdout and stderr: [`run_in`].
///
/// # Errors
/// As [`run_in`], and a temporary folder that cannot hold the working folder.
pub fn run_with(command: &mut Command, input: &[u8], limits: &Limits) -> io::Result<Run> {
    let folder = WorkingFolder::new()?;
    run_in(command, input, limits, &folder)
}

/// Runs `command` with `input` on stdin under `limits`, in `folder`: the program's current
/// folder, where the caller may have put files it reads and finds the files it wrote
/// ([`WorkingFolder::read`]) once this returns.
///
/// The program runs under the supervisor (`peak-rss`) in the mode [`sandbox()`] chose, with its
/// environment carried over (an `env_clear` is not) and its own `current_dir` ignored. stdin is
/// `input` as a regular file; stdout and stderr are read without blocking until the supervisor
/// exits (a process the program left that still holds a pipe cannot delay the verdict). The
/// supervisor enforces every limit but the output's, which `judge` counts and for which it asks
/// the supervisor to stop; then the verdict's figures come from the supervisor's report.
///
/// # Errors
/// Judge's own failures, never the program's, each naming the cause: the supervisor is missing
/// or cannot start, it cannot confine the program or start it (not found on `PATH`, not
/// executable), it was stopped or killed (by the program, in the fallback mode, or by anyone
/// else), it did not stop the program within ten seconds of a limit, or its report is
/// missing or garbled.
pub fn run_in(command: &mut Command, input: &[u8], limits: &Limits, folder: &WorkingFolder) -> io::Result<Run> {
    run_in_sandbox(command, input, limits, folder, sandbox())
}

/// [`run_in`] in the mode `mode` rather than the one [`sandbox()`] chose: for tests that hold
/// both modes to the same promises.
///
/// # Errors
/// As [`run_in`].
pub fn run_in_sandbox(
    command: &mut Command,
    input: &[u8],
    limits: &Limits,
    folder: &WorkingFolder,
    mode: &Sandbox,
) -> io::Result<Run> {
    let stdin = input_file(input)?;
    let (report, report_end) = nix::unistd::pipe()?;
    fcntl(report.as_raw_fd(), FcntlArg::F_SETFD(FdFlag::FD_CLOEXEC))?;
    set_nonblocking(&report)?;
    let mut wrapped = measured(command, limits, report_end.as_raw_fd(), folder, mode)?;
    wrapped.stdin(Stdio::from(stdin));
    let start = Instant::now();
    let mut child = spawn(&mut wrapped, report_end)?;
    let supervisor = child.id() as i32;
    let outcome = supervise(&mut child, limits, start);
    if outcome.is_err() {
        // Stopped, killed or stuck: the supervisor and its group go, and in the fallback mode
        // what its program started (re-parented here).
        let _ = killpg(Pid::from_raw(supervisor), Signal::SIGKILL);
        let _ = kill(Pid::from_raw(supervisor), Signal::SIGKILL);
        let _ = waitpid(Pid::from_raw(supervisor), None);
    }
    {
        let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        running.retain(|&running| running != supervisor);
        if outcome.is_err() {
            kill_orphans(&running);
        }
    }
    let (stdout, stderr, output_limit_exceeded) = outcome?;
    let mut text = Vec::new();
    let _ = fs::File::from(report)
        .take(report::MAX_REPORT as u64 + 1)
        .read_to_end(&mut text);
    let text = String::from_utf8_lossy(&text);
    if let Some(why) = text.strip_prefix("error:") {
        let message = format!("peak-rss: {}", why.trim_end());
        return Err(if why.starts_with("cannot run ") {
            io::Error::new(io::ErrorKind::Other, CannotStart(message))
        } else {
            io::Error::new(io::ErrorKind::Other, message)
        });
    }
    let report = Report::parse(&text).map_err(|why| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("peak-rss wrote a garbled report ({why}): {text:?}"),
        )
    })?;
    let mut run = Run {
        stdout,
        stderr,
        elapsed: report.wall,
        cpu: Some(report.cpu),
        memory_mode: Some(match report.mode {
            report::Mode::Confined => MemoryMode::Cgroup,
            report::Mode::Fallback => MemoryMode::Proc,
        }),
        output_limit_exceeded,
        peak_memory: Some(report.peak_kib * 1024),
        ..Run::default()
    };
    (run.code, run.signal) = match report.ending {
        report::Ending::Exit(code) => (Some(code), None),
        report::Ending::Signal(signal) => (None, Some(signal)),
    };
    run.memory_limit_exceeded = limits
        .memory
        .is_some_and(|limit| report.memory_killed || report.peak_kib * 1024 > limit);
    // A tree that ended by itself just over its CPU time is over it all the same.
    let over_cpu = limits.time.is_some_and(|limit| report.cpu > limit);
    match report.stopped {
        // No CPU time on the verdict line: the wall clock stopped a program that waited.
        Some(report::Stopped::Wall) => (run.timed_out, run.cpu) = (true, None),
        Some(report::Stopped::Cpu) => run.timed_out = true,
        _ => run.timed_out = over_cpu,
    }
    if run.timed_out || run.output_limit_exceeded {
        run.code = None;
    }
    Ok(run)
}

/// The reading loop of [`run_in`]: (stdout, stderr, output over its limit), once the supervisor
/// has exited and been reaped.
///
/// A supervisor that ends any other way is left unreaped (`WNOWAIT`): the caller kills its
/// process group by the supervisor's process id, which the kernel cannot hand to another process
/// (and so to another run's group) until that zombie is reaped, after the kill.
///
/// # Errors
/// A supervisor that was stopped or killed by a signal, or did not end in time.
fn supervise(child: &mut Child, limits: &Limits, start: Instant) -> io::Result<(Vec<u8>, Vec<u8>, bool)> {
    let pid = Pid::from_raw(child.id() as i32);
    let mut out = Drain::new(child.stdout.take().expect("stdout is piped"), limits.output, false)?;
    let mut err = Drain::new(child.stderr.take().expect("stderr is piped"), MAX_STDERR, true)?;
    let mut buffer = vec![0u8; 64 << 10];
    // When `judge` asked the supervisor to stop (the output limit).
    let mut asked: Option<Instant> = None;
    let own_failure =
        |what: String| io::Error::new(io::ErrorKind::Other, format!("{what}: judge's own failure, no verdict"));
    loop {
        let ended = WaitPidFlag::WEXITED | WaitPidFlag::WSTOPPED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        match waitid(Id::Pid(pid), ended) {
            Ok(WaitStatus::StillAlive) | Err(nix::errno::Errno::EINTR) => {}
            Ok(WaitStatus::Exited(..)) => {
                waitpid(pid, None)?;
                // Everything the program wrote is in the pipes now; a process it left behind
                // may still write, so take at most a pipe's worth more.
                out.read_available(&mut buffer, 1 << 20)?;
                err.read_available(&mut buffer, 1 << 20)?;
                let overflow = out.overflow;
                return Ok((out.into_kept(), err.into_kept(), overflow));
            }
            Ok(WaitStatus::Signaled(_, signal, _)) => {
                return Err(own_failure(format!("the supervisor was killed by {}", signal.as_str())))
            }
            Ok(WaitStatus::Stopped(_, signal)) => {
                return Err(own_failure(format!(
                    "the supervisor was stopped by {}",
                    signal.as_str()
                )))
            }
            Ok(_) => {}
            Err(error) => return Err(error.into()),
        }
        if out.overflow && asked.is_none() {
            ask_to_stop(pid.as_raw());
            asked = Some(Instant::now());
        }
        // The supervisor stops the program at its limits; one that has not, well after, is stuck.
        let overdue = asked.is_some_and(|asked| asked.elapsed() > SUPERVISOR_GRACE)
            || limits
                .time
                .is_some_and(|limit| start.elapsed() > wall_limit(limit) + SUPERVISOR_GRACE);
        if overdue {
            return Err(own_failure(
                "the supervisor did not stop the program at its limit".to_string(),
            ));
        }
        // Wait up to a millisecond for a pipe to be ready, then look at the supervisor again.
        let mut fds = Vec::with_capacity(2);
        if let Some(pipe) = &out.pipe {
            fds.push(PollFd::new(pipe.as_fd(), PollFlags::POLLIN));
        }
        if let Some(pipe) = &err.pipe {
            fds.push(PollFd::new(pipe.as_fd(), PollFlags::POLLIN));
        }
        match poll(&mut fds, PollTimeout::from(1u8)) {
            Ok(_) | Err(nix::errno::Errno::EINTR) => {}
            Err(error) => return Err(error.into()),
        }
        drop(fds);
        out.read_available(&mut buffer, 1 << 20)?;
        err.read_available(&mut buffer, 1 << 20)?;
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
/// each run has its own supervisor, working folder, report pipe and output pipes, and Ctrl-C
/// stops all of them).
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
    /// Memory limit exceeded: the peak memory of the program's whole tree passed the limit, as
    /// the mode that ran counts it ([`MemoryMode`]; docs/judge.md tells how).
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
