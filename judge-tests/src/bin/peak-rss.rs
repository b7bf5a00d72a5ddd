//! `peak-rss [--memory-limit-kib N] [--cpu-limit-ms N] [--wall-limit-ms N] [--parent PID]
//! [--workdir DIR] [--confine 1|2 --memory-cgroup DIR --cpu-cgroup DIR [--pids-cgroup DIR] [--uid N]]
//! (--report-fd N | OUT) PROGRAM [ARGS...]`: the supervisor of every program `judge` runs. It runs
//! PROGRAM with this process's stdin, stdout and stderr, then writes its report
//! (`judge_tests::runner::report`: named `key:value` lines) to the inherited descriptor N, or to
//! the file OUT when run by hand, and exits with PROGRAM's status (128 + the signal number for a
//! signal).
//!
//! Two modes, chosen by `judge` (`judge_tests::runner::sandbox`):
//! - **confined** (`--confine`): `judge_tests::runner::confine`. Namespaces and a cgroup of the
//!   run's own; the kernel counts and caps memory and CPU, and the end of the namespace ends
//!   every process.
//! - **fallback** (without it), where no cgroup can be had: this file.
//!   - It is a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`), so whatever PROGRAM starts
//!     stays its descendant even when the parent exits (`setsid`, double forks included). When
//!     PROGRAM exits, every descendant left is killed (SIGKILL, found by walking `/proc`'s
//!     parent links, again until none remains) and reaped before the report is written.
//!   - PROGRAM starts with an empty signal mask in a process group of its own, so that a
//!     `kill 0` in it spares this process, from a thread kept until it is reaped (a
//!     parent-death signal PROGRAM arms follows the thread that started it, not this process).
//!   - The peak is the larger of `getrusage(RUSAGE_CHILDREN)`'s (the largest single process of
//!     the tree) and, with `--memory-limit-kib N`, the largest total of the tree seen: the sum of
//!     each process's PSS (`/proc/<pid>/smaps_rollup`, so a page shared after a fork counts
//!     once), RSS where `smaps_rollup` is missing, read every millisecond, the tree's members
//!     found anew every ten readings. While the tree is one process holding no file, its RSS
//!     (`/proc/<pid>/status`) stands for its PSS: it is at least the PSS and at most the peak
//!     getrusage reports, so the peak and the verdict are the same. Past N KiB the whole tree is
//!     killed. Its address space is capped too (at 2·N + 256 MiB), so that a burst faster than
//!     the polling cannot take the machine's memory.
//!   - The memfds and files on a tmpfs (`/dev/shm`, devtmpfs' `/dev`) any process of the tree
//!     holds open count in that total, each file once by its allocated blocks, and a tmpfs file
//!     seen once counts while it exists; after the run the files under `/dev` the tree held are
//!     removed.
//!   - With `--cpu-limit-ms N`, the tree's CPU time (what was reaped, from `getrusage`, and the
//!     living processes' own, from `/proc/<pid>/stat`) is looked at every few milliseconds and
//!     the tree killed past N.
//!
//! In both modes it lives no longer than `judge`: its parent-death signal is SIGTERM (`--parent`
//! names the parent, checked once the signal is armed), and SIGTERM, SIGINT or SIGHUP (`judge`
//! asking it to stop: the output limit, Ctrl-C) stop the program and end the run with a report;
//! `--wall-limit-ms` stops a program that waits. Only the report descriptor survives from what
//! it inherited (others are closed at once), and nothing PROGRAM starts inherits it.
//!
//! Errors of its own (bad arguments, PROGRAM cannot start, a namespace or cgroup refused) are
//! one stderr line, `error:<message>` as the report when there is one (so that `judge` reports
//! them as its own failure, never the program's), and exit status 125.

use judge_tests::runner::cgroup::{Parents, Version};
use judge_tests::runner::confine::{self, Confined};
use judge_tests::runner::report::{Ending, Mode, Report, Stopped};
use judge_tests::runner::tree;
use nix::errno::Errno;
use nix::sys::prctl;
use nix::sys::resource::{getrusage, setrlimit, Resource, UsageWho};
use nix::sys::signal::{SigSet, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::{getppid, Pid};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: peak-rss [--memory-limit-kib N] [--cpu-limit-ms N] [--wall-limit-ms N] [--parent PID] \
[--workdir DIR] [--confine 1|2 --memory-cgroup DIR --cpu-cgroup DIR [--pids-cgroup DIR] [--uid N]] (--report-fd N | OUT) PROGRAM [ARGS...]";

/// Whether a stop was asked for (SIGTERM, SIGINT, SIGHUP; `judge` gone).
static STOP: AtomicBool = AtomicBool::new(false);

/// Whether this run is confined: what a stop request kills.
static CONFINED: AtomicBool = AtomicBool::new(false);

/// `judge`'s process id and the run's working folder, once known: what a stop request after
/// `judge`'s death removes.
static OWNER: std::sync::OnceLock<(i32, PathBuf)> = std::sync::OnceLock::new();

/// The stop request: the confined init, or the fallback's whole tree. When `judge` is gone
/// (the request is the parent-death signal), the working folder goes at once too: nobody else
/// removes it, and what this process does after may be cut short (an init that reaps orphans
/// may kill them).
fn stop_requested() {
    STOP.store(true, Ordering::SeqCst);
    if CONFINED.load(Ordering::SeqCst) {
        confine::stop();
    } else {
        tree::kill_descendants(std::process::id() as i32, Duration::ZERO);
    }
    if let Some((parent, workdir)) = OWNER.get() {
        if getppid().as_raw() != *parent {
            let _ = std::fs::remove_dir_all(workdir);
        }
    }
}

/// Where the report goes.
enum Sink {
    /// The pipe `judge` handed down (reopened through `/proc/self/fd`).
    Pipe(File),
    /// A file named on the command line (a person measuring a program).
    Path(OsString),
    /// Nowhere yet (the arguments did not say).
    Nowhere,
}

impl Sink {
    fn write(&mut self, text: &str) -> io::Result<()> {
        match self {
            Sink::Pipe(file) => file.write_all(text.as_bytes()),
            Sink::Path(path) => std::fs::write(path, text),
            Sink::Nowhere => Ok(()),
        }
    }
}

/// Writes `message` as this helper's one error line, and as `error:<message>` to the report;
/// an unwritable stderr loses only the line.
fn fail(report: &mut Sink, message: &str) -> ExitCode {
    let _ = io::stderr().write_all(format!("peak-rss: error: {message}\n").as_bytes());
    let _ = report.write(&format!("error:{}\n", message.replace('\n', " ")));
    ExitCode::from(125)
}

/// Closes every inherited descriptor but 0, 1, 2 and `keep` (another run's report pipe, caught
/// by a spawn that happened at the same time in `judge`).
fn close_strays(keep: &[i32]) {
    let open: Vec<i32> = std::fs::read_dir("/proc/self/fd")
        .map(|dir| {
            dir.flatten()
                .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    for fd in open {
        if fd > 2 && !keep.contains(&fd) {
            // The directory's own descriptor is among them, closed already: EBADF.
            let _ = nix::unistd::close(fd);
        }
    }
}

/// How many polls (one a millisecond with a memory limit, one every [`CPU_WATCH_MS`] without)
/// share one scan of `/proc` for the tree's members.
const SCAN_EVERY: u32 = 10;

/// How often, in milliseconds, the CPU time of a tree without a memory limit is looked at (and
/// whether the program ended): the most it can run past its CPU limit, and a few dozen
/// `/proc` reads each time.
const CPU_WATCH_MS: u64 = 10;

/// How long the final clean-up keeps killing a tree that will not die (a process stuck in the
/// kernel) before it gives up and reports anyway.
const CLEAN_UP_PATIENCE: Duration = Duration::from_secs(10);

/// Reaps every child that has ended, without blocking; returns the program's ending if it was
/// among them, and whether any child is left.
fn reap(program: Pid, ending: &mut Option<Ending>) -> io::Result<bool> {
    loop {
        match waitpid(Pid::from_raw(-1), Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => return Ok(true),
            Ok(WaitStatus::Exited(pid, code)) if pid == program => *ending = Some(Ending::Exit(code)),
            Ok(WaitStatus::Signaled(pid, signal, _)) if pid == program => *ending = Some(Ending::Signal(signal as i32)),
            Ok(_) | Err(Errno::EINTR) => {}
            Err(Errno::ECHILD) => return Ok(false),
            Err(error) => return Err(error.into()),
        }
    }
}

/// What [`wait_for`] watches and enforces while the program runs.
struct Watch {
    /// The memory limit in KiB, if any.
    limit_kib: Option<u64>,
    /// The CPU-time limit (user + system of the whole tree), if any.
    cpu_limit: Option<Duration>,
    /// The wall-clock limit, if any.
    wall_limit: Option<Duration>,
    /// The mount points of the tmpfs file systems, whose files the tree holds count as memory.
    tmpfs: Vec<PathBuf>,
}

/// What [`wait_for`] saw: the program's ending, the largest tree total in KiB (the resident
/// sets and the hidden files together), and the hidden files the tree held.
struct Watched {
    ending: Ending,
    most_kib: u64,
    /// Whether the tree was stopped past the memory limit.
    memory_killed: bool,
    /// Whether it was stopped at another limit, or on request.
    stopped: Option<Stopped>,
    hidden: Vec<tree::HiddenFile>,
}

/// The CPU time (user + system) of every child this process has reaped, and theirs.
fn reaped_cpu() -> Duration {
    getrusage(UsageWho::RUSAGE_CHILDREN).map_or(Duration::ZERO, |usage| {
        let time =
            |t: nix::sys::time::TimeVal| Duration::new(t.tv_sec().max(0) as u64, t.tv_usec().max(0) as u32 * 1000);
        time(usage.user_time()) + time(usage.system_time())
    })
}

/// The CPU time of the whole tree: what was reaped, and what each of `members` (the tree as
/// last scanned) has used, its reaped children with it. A process started since the scan counts
/// from the next one, or once it is reaped.
fn tree_cpu(members: &[i32], ticks_per_second: u64) -> Duration {
    let ticks: u64 = members.iter().filter_map(|&pid| tree::cpu_ticks(pid)).sum();
    reaped_cpu() + Duration::from_millis(ticks.saturating_mul(1000) / ticks_per_second.max(1))
}

/// Waits for the program, reaping the orphans that end meanwhile. With a memory limit, polls the
/// tree's memory every millisecond (each process's PSS, and the memfds and tmpfs files any of
/// them holds, each file once) and kills the whole tree once it passes the limit; with a CPU
/// limit, kills the tree once its CPU time passes it (looked at every few milliseconds).
fn wait_for(program: Pid, watch: &Watch) -> io::Result<Watched> {
    let me = std::process::id() as i32;
    let mut most = 0;
    let mut ending = None;
    let mut hidden: Vec<tree::HiddenFile> = Vec::new();
    // `/proc` counts in USER_HZ, which is 100 on every architecture this runs on (x86, ARM,
    // RISC-V); only Alpha and IA-64 differ.
    let ticks_per_second = 100;
    // The tree's members, from a scan of /proc every few polls (the scan costs more than reading
    // the members' memory); a process started meanwhile is counted from the next scan.
    let mut members: Vec<i32> = Vec::new();
    let mut polls = 0u32;
    let mut wrapped = false;
    let (mut memory_killed, mut stopped) = (false, None);
    let start = Instant::now();
    loop {
        if watch.limit_kib.is_none() && watch.cpu_limit.is_none() && watch.wall_limit.is_none() {
            // A stop request kills the tree, which ends this wait.
            // Without a limit, a blocking wait: the wall time stays exact.
            match waitpid(Pid::from_raw(-1), None) {
                Ok(WaitStatus::Exited(pid, code)) if pid == program => ending = Some(Ending::Exit(code)),
                Ok(WaitStatus::Signaled(pid, signal, _)) if pid == program => {
                    ending = Some(Ending::Signal(signal as i32))
                }
                Ok(_) | Err(Errno::EINTR) => {}
                Err(error) => return Err(error.into()),
            }
        } else {
            if !reap(program, &mut ending)? && ending.is_none() {
                return Err(io::Error::new(io::ErrorKind::Other, "the program was reaped elsewhere"));
            }
            if ending.is_none() {
                let polled = Instant::now();
                if polls % SCAN_EVERY == 0 {
                    // Every process of the tree was started after this one, so has a higher id
                    // until the ids wrap around: only theirs are read, and every one once the
                    // last id given out is lower than this process's (for good: it may climb
                    // past it again).
                    wrapped |= tree::last_pid().map_or(true, |last| last < me);
                    let scanned = if wrapped {
                        tree::descendants(me)
                    } else {
                        tree::descendants_newer_than(me, me)
                    };
                    members = scanned
                        .into_iter()
                        .filter(|process| !process.zombie)
                        .map(|process| process.pid)
                        .collect();
                }
                // Without a memory limit a poll comes every few milliseconds, with one every
                // millisecond: the CPU time is looked at every few milliseconds either way.
                let cpu_due = watch.limit_kib.is_none() || polls % SCAN_EVERY == 0;
                if let (Some(limit), true) = (watch.cpu_limit, cpu_due) {
                    if tree_cpu(&members, ticks_per_second) > limit {
                        tree::kill_descendants(me, Duration::ZERO);
                        stopped = stopped.or(Some(Stopped::Cpu));
                    }
                }
                if watch.wall_limit.is_some_and(|limit| start.elapsed() > limit) {
                    tree::kill_descendants(me, Duration::ZERO);
                    stopped = stopped.or(Some(Stopped::Wall));
                }
                polls = polls.wrapping_add(1);
                // Found in every mode, with a memory limit or without: what the tree left in
                // /dev/shm is removed after the run, and a memfd shows in the peak.
                for &pid in &members {
                    tree::hidden_files(pid, &watch.tmpfs, &mut hidden);
                }
                if watch.limit_kib.is_none() {
                    most = most.max(hidden.iter().map(|file| file.kib).sum::<u64>());
                }
                if let Some(limit) = watch.limit_kib {
                    let resident: u64 = match members.as_slice() {
                        // A lone process: its resident set, a count the kernel keeps, instead of
                        // a walk of its page tables. It is at least its PSS (a stop past the
                        // limit comes no later) and at most its peak resident set, which
                        // getrusage adds to the peak anyway: the same peak and verdict. Not with
                        // files held, which add to it.
                        [lone] if hidden.is_empty() => tree::resident_kib(*lone).unwrap_or(0),
                        _ => members.iter().filter_map(|&pid| tree::memory_kib(pid)).sum(),
                    };
                    // A closed file on a tmpfs still holds its pages while it exists.
                    for file in &mut hidden {
                        if let Some(path) = &file.path {
                            file.kib = held_kib(path, file.id);
                        }
                    }
                    let total = resident + hidden.iter().map(|file| file.kib).sum::<u64>();
                    most = most.max(total);
                    if total > limit {
                        tree::kill_descendants(me, Duration::ZERO);
                        memory_killed = true;
                    }
                }
                // On a machine with many processes a poll is slow: sleep at least as long as
                // it took, so that the watch takes at most half a core.
                let pause = if watch.limit_kib.is_some() { 1 } else { CPU_WATCH_MS };
                thread::sleep(polled.elapsed().max(Duration::from_millis(pause)));
            }
        }
        if let Some(ending) = ending {
            if STOP.load(Ordering::SeqCst) {
                stopped = Some(Stopped::Judge);
            }
            return Ok(Watched {
                ending,
                most_kib: most,
                memory_killed,
                stopped,
                hidden,
            });
        }
    }
}

/// The KiB the file at `path` holds if it is still the file `id` (device, inode); 0 once it is
/// gone or replaced.
fn held_kib(path: &Path, id: (u64, u64)) -> u64 {
    use std::os::unix::fs::MetadataExt;
    match std::fs::symlink_metadata(path) {
        Ok(meta) if (meta.dev(), meta.ino()) == id => meta.blocks() / 2,
        _ => 0,
    }
}

/// Removes the files under `/dev` (`/dev/shm`, devtmpfs) that the program's tree held and left
/// behind (the run's memory must not outlive it); other tmpfs files are the user's to keep.
fn remove_left_in_dev(hidden: &[tree::HiddenFile]) {
    for file in hidden {
        if let Some(path) = file.path.as_deref().filter(|path| path.starts_with("/dev")) {
            if held_kib(path, file.id) > 0 || std::fs::symlink_metadata(path).is_ok() {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}

/// Kills and reaps every descendant left, until this process has no child at all.
fn clean_up() -> io::Result<()> {
    let me = std::process::id() as i32;
    let start = Instant::now();
    let mut ending = None;
    loop {
        tree::kill_descendants(me, Duration::ZERO);
        if !reap(Pid::from_raw(0), &mut ending)? || start.elapsed() > CLEAN_UP_PATIENCE {
            return Ok(());
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The command line, parsed.
#[derive(Default)]
struct Args {
    limit_kib: Option<u64>,
    cpu_limit: Option<Duration>,
    wall_limit: Option<Duration>,
    parent: Option<i32>,
    report_fd: Option<i32>,
    workdir: Option<PathBuf>,
    confine: Option<Version>,
    memory_cgroup: Option<PathBuf>,
    cpu_cgroup: Option<PathBuf>,
    pids_cgroup: Option<PathBuf>,
    uid: Option<u32>,
    /// OUT (without `--report-fd`), PROGRAM and its arguments.
    rest: Vec<OsString>,
}

/// Reads the switches; an error names the bad one.
fn parse(mut args: Vec<OsString>) -> Result<Args, String> {
    const NUMBERS: [&str; 7] = [
        "--memory-limit-kib",
        "--cpu-limit-ms",
        "--wall-limit-ms",
        "--parent",
        "--report-fd",
        "--confine",
        "--uid",
    ];
    const PATHS: [&str; 4] = ["--workdir", "--memory-cgroup", "--cpu-cgroup", "--pids-cgroup"];
    let mut parsed = Args::default();
    while let Some(flag) = args.first().and_then(|arg| arg.to_str()).map(str::to_string) {
        let (is_number, is_path) = (NUMBERS.contains(&flag.as_str()), PATHS.contains(&flag.as_str()));
        if !is_number && !is_path {
            break;
        }
        let value = args.get(1).cloned().unwrap_or_default();
        args.drain(..2.min(args.len()));
        if is_path {
            let path = Some(PathBuf::from(value));
            match flag.as_str() {
                "--workdir" => parsed.workdir = path,
                "--memory-cgroup" => parsed.memory_cgroup = path,
                "--pids-cgroup" => parsed.pids_cgroup = path,
                _ => parsed.cpu_cgroup = path,
            }
            continue;
        }
        let number = value.to_str().and_then(|text| text.parse::<u64>().ok());
        let small = number.filter(|&n| i32::try_from(n).is_ok());
        let bad = |what: &str| {
            format!(
                "{} needs {what}, not '{}'",
                judge_oracle::escape(flag.as_ref()),
                judge_oracle::escape(&value)
            )
        };
        match flag.as_str() {
            "--parent" => parsed.parent = Some(small.filter(|&n| n > 0).ok_or_else(|| bad("a process id"))? as i32),
            "--report-fd" => {
                parsed.report_fd = Some(small.filter(|&n| n > 2).ok_or_else(|| bad("a descriptor above 2"))? as i32)
            }
            "--confine" => {
                parsed.confine = Some(match number {
                    Some(1) => Version::V1,
                    Some(2) => Version::V2,
                    _ => return Err(bad("a cgroup version, 1 or 2")),
                })
            }
            "--uid" => parsed.uid = Some(small.ok_or_else(|| bad("a uid"))? as u32),
            _ => {
                let number = number.filter(|&n| n > 0).ok_or_else(|| bad("a positive number"))?;
                match flag.as_str() {
                    "--memory-limit-kib" => parsed.limit_kib = Some(number),
                    "--cpu-limit-ms" => parsed.cpu_limit = Some(Duration::from_millis(number)),
                    _ => parsed.wall_limit = Some(Duration::from_millis(number)),
                }
            }
        }
    }
    parsed.rest = args;
    Ok(parsed)
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|arg| arg == "--init") {
        return ExitCode::from(confine::init(&args[1..]));
    }
    if args.first().is_some_and(|arg| arg == "--launch") {
        return ExitCode::from(confine::launch(&args[1..]));
    }
    if args.first().is_some_and(|arg| arg == "-h" || arg == "--help") {
        let _ = io::stdout().write_all(format!("{USAGE}\n").as_bytes());
        return ExitCode::SUCCESS;
    }
    // The report channel first, so that every later error reaches `judge`.
    let fd = args
        .windows(2)
        .find(|pair| pair[0] == "--report-fd")
        .and_then(|pair| pair[1].to_str()?.parse::<i32>().ok())
        .filter(|&fd| fd > 2);
    let mut report = match fd {
        // Reopened through /proc (the workspace takes no raw descriptor), the raw one closed.
        Some(fd) => match std::fs::OpenOptions::new()
            .write(true)
            .open(format!("/proc/self/fd/{fd}"))
        {
            Ok(file) => {
                close_strays(&[std::os::fd::AsRawFd::as_raw_fd(&file)]);
                Sink::Pipe(file)
            }
            Err(error) => {
                return fail(
                    &mut Sink::Nowhere,
                    &format!("cannot open the report descriptor {fd}: {error}"),
                )
            }
        },
        None => Sink::Nowhere,
    };
    let mut args = match parse(args) {
        Ok(args) => args,
        Err(message) => {
            return fail(&mut report, &message);
        }
    };
    if args.report_fd.is_none() {
        if args.rest.is_empty() {
            return fail(&mut report, USAGE);
        }
        report = Sink::Path(args.rest.remove(0));
    }
    if args.rest.is_empty() {
        return fail(&mut report, USAGE);
    }
    let measured = run(&args);
    // `judge` gone (killed by a signal it cannot handle): nobody removes the working folder but
    // this process.
    if let (Some(parent), Some(workdir)) = (args.parent, &args.workdir) {
        if getppid().as_raw() != parent {
            let _ = std::fs::remove_dir_all(workdir);
        }
    }
    match measured {
        Ok(measured) => {
            if let Err(error) = report.write(&measured.render()) {
                return fail(&mut Sink::Nowhere, &format!("cannot write the report: {error}"));
            }
            match measured.ending {
                Ending::Exit(code) => ExitCode::from(code as u8),
                Ending::Signal(signal) => ExitCode::from(128u8.wrapping_add(signal as u8)),
            }
        }
        Err(error) => fail(&mut report, &error.to_string()),
    }
}

/// Sets up what both modes share (the stop request, the parent's death), then runs the program.
fn run(args: &Args) -> io::Result<Report> {
    let program = &args.rest;
    if let (Some(parent), Some(workdir)) = (args.parent, &args.workdir) {
        let _ = OWNER.set((parent, workdir.clone()));
    }
    confine::on_stop_request(stop_requested)
        .map_err(|error| io::Error::new(error.kind(), format!("cannot watch for a stop request: {error}")))?;
    // Armed, then checked: a parent already gone is seen here.
    prctl::set_pdeathsig(Signal::SIGTERM)?;
    if args.parent.is_some_and(|parent| getppid().as_raw() != parent) {
        return Err(io::Error::new(io::ErrorKind::Other, "judge is gone"));
    }
    if let Some(version) = args.confine {
        let (Some(memory), Some(cpu), Some(workdir)) = (&args.memory_cgroup, &args.cpu_cgroup, &args.workdir) else {
            return Err(io::Error::new(
                io::ErrorKind::Other,
                "--confine needs --memory-cgroup, --cpu-cgroup and --workdir",
            ));
        };
        CONFINED.store(true, Ordering::SeqCst);
        let confined = Confined {
            parents: Parents {
                version,
                memory: memory.clone(),
                cpu: cpu.clone(),
                pids: args.pids_cgroup.clone(),
            },
            memory_limit: args.limit_kib.map(|kib| kib.saturating_mul(1024)),
            cpu_limit: args.cpu_limit,
            wall_limit: args.wall_limit,
            uid: args.uid,
            workdir: workdir.clone(),
            program,
        };
        return confine::supervise(&confined, &|| STOP.load(Ordering::SeqCst));
    }
    fallback(args)
}

/// Starts `command` from a thread of its own, with no signal blocked (the program inherits the
/// mask of the thread that starts it; the others here block the stop signals for the stop
/// thread), and keeps that thread until `may_end` hangs up. Returns the program's process id.
///
/// Why the thread stays: the kernel sends a parent-death signal (`prctl(PR_SET_PDEATHSIG)`)
/// when the *thread* that started a process ends, not when its process does. A program that
/// arms one (`peak-rss` itself does, and so may a program under test) would be sent it the
/// moment a short-lived starter ended, if it had armed it by then: a race that a busy machine
/// loses now and then, and that stopped `peak-rss` runs of `judge check` under `tests/judged`
/// (`a_program_is_never_sent_its_parent_death_signal_while_this_process_lives` in
/// tests/judge/sandbox.rs holds the thread to staying).
///
/// # Errors
/// The program cannot start (the caller names it), or the thread cannot.
fn start_and_keep_thread(mut command: Command, may_end: mpsc::Receiver<()>) -> io::Result<Pid> {
    let (started, pid) = mpsc::channel();
    thread::Builder::new()
        .name("starter".into())
        .stack_size(64 << 10)
        .spawn(move || {
            let blocked = SigSet::thread_get_mask();
            let spawned = SigSet::empty()
                .thread_set_mask()
                .map_err(io::Error::from)
                .and_then(|()| command.spawn());
            // From here the stop signals go to the stop thread only. While the program starts
            // (until its exec) this thread leaves them unblocked, and one that came then would
            // end the process by its default action, without a report: a window of about a
            // millisecond that only a program of the workspace's own could close (a child's
            // mask set between fork and exec takes `pre_exec`, which is `unsafe`). `judge`
            // then reports its supervisor's death as its own failure, and reaps the program
            // (its subreaper).
            if let Ok(blocked) = blocked {
                let _ = blocked.thread_set_mask();
            }
            let _ = started.send(spawned.map(|child| Pid::from_raw(child.id() as i32)));
            // Returns when the sender is dropped: the program has been reaped.
            let _ = may_end.recv();
        })?;
    pid.recv()
        .unwrap_or_else(|_| Err(io::Error::new(io::ErrorKind::Other, "the starting thread ended")))
}

/// The fallback mode (see the module docs).
fn fallback(args: &Args) -> io::Result<Report> {
    let program = &args.rest;
    let failed = |what: &str, error: nix::Error| io::Error::new(io::ErrorKind::Other, format!("{what}: {error}"));
    prctl::set_child_subreaper(true).map_err(|error| failed("cannot become a child subreaper", error))?;
    if let Some(kib) = args.limit_kib {
        let cap = kib.saturating_mul(2 * 1024).saturating_add(256 << 20);
        setrlimit(Resource::RLIMIT_AS, cap, cap).map_err(|error| failed("cannot cap the address space", error))?;
    }
    let watch = Watch {
        limit_kib: args.limit_kib,
        cpu_limit: args.cpu_limit,
        wall_limit: args.wall_limit,
        tmpfs: tree::tmpfs_mounts(),
    };
    let mut command = Command::new(&program[0]);
    command.args(&program[1..]).process_group(0);
    if let Some(dir) = &args.workdir {
        command.current_dir(dir);
    }
    let start = Instant::now();
    // Dropped once the program is reaped (or this function returns early): the starter's cue
    // to end.
    let (reaped, starter_may_end) = mpsc::channel::<()>();
    let spawned = start_and_keep_thread(command, starter_may_end);
    let program = match spawned {
        Ok(pid) => pid,
        Err(error) => {
            let bare = !program[0].to_string_lossy().contains('/');
            let hint = if error.kind() == io::ErrorKind::NotFound && bare {
                " (not found on PATH)"
            } else {
                ""
            };
            let why = format!("cannot run {}: {error}{hint}", judge_oracle::escape(&program[0]));
            return Err(io::Error::new(error.kind(), why));
        }
    };
    let waited = wait_for(program, &watch);
    drop(reaped);
    let wall = start.elapsed();
    let cleaned = clean_up();
    let watched = waited.and_then(|waited| cleaned.map(|()| waited))?;
    remove_left_in_dev(&watched.hidden);
    let cpu = reaped_cpu();
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map(|usage| usage.max_rss().max(0) as u64)
        .unwrap_or(0)
        .max(watched.most_kib);
    Ok(Report {
        mode: Mode::Fallback,
        peak_kib,
        cpu,
        wall,
        ending: watched.ending,
        memory_killed: watched.memory_killed,
        stopped: watched.stopped,
    })
}
