//! `peak-rss [--memory-limit-kib N] [--cpu-limit-ms N] [--cgroup DIR] [--parent PID] OUT PROGRAM
//! [ARGS...]`: runs PROGRAM with this process's stdin, stdout and stderr, then writes
//! `<peak memory in KiB> <wall time in µs> <CPU time in µs> <cgroup|proc> exit <code>` (or
//! `signal <number>`) to the file OUT and exits with PROGRAM's status (128 + the signal number for
//! a signal).
//!
//! This is the supervisor of every program `judge` runs:
//! - It is a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`), so whatever PROGRAM starts stays
//!   its descendant even when the parent exits (`setsid`, double forks included). When PROGRAM
//!   exits, every descendant left is killed (SIGKILL, found by walking `/proc`'s parent links,
//!   again until none remains) and reaped before OUT is written; `judge` kills the tree the same
//!   way before this process when a limit ends the run.
//! - It lives no longer than its parent (`judge`, whose id `--parent` names; the parent at its
//!   start without it): a thread looks every few milliseconds whether the parent is still there,
//!   and once it is gone (killed by SIGKILL, say, which it cannot handle) kills the whole tree,
//!   removes OUT (nobody is left to read it) and exits. A parent-death signal would not do: the
//!   kernel sends it to this process only, and one this process could catch would need a signal
//!   handler (`unsafe`), or a mask that PROGRAM would inherit.
//! - PROGRAM starts with an empty signal mask (the one `judge` blocks for itself would otherwise
//!   be inherited) in a process group of its own, so that a `kill 0` in it spares this process.
//! - The peak is the larger of `getrusage(RUSAGE_CHILDREN)`'s (the largest single process of the
//!   tree, orphans included since this process reaps them) and, with `--memory-limit-kib N`, the
//!   largest total of the tree seen: the sum of each process's PSS (`/proc/<pid>/smaps_rollup`,
//!   so a page shared after a fork counts once), RSS where `smaps_rollup` is missing, read every
//!   millisecond (or, on a machine where that takes longer, once per reading time), the tree's
//!   members found anew every ten readings (from the processes started after this one: until
//!   process ids wrap around, only they can be its descendants). While the tree is one process holding no file, its
//!   RSS (`/proc/<pid>/status`, a count the kernel keeps, where PSS walks the page tables) stands
//!   for its PSS: it is at least the PSS and at most the peak getrusage reports, so the peak and
//!   the verdict are the same. Past N KiB the whole tree is killed, and the peak shows the overrun. Its address
//!   space is capped too (at 2·N + 256 MiB, set on this process and inherited), so that a burst
//!   faster than the polling cannot take the machine's memory; the slack is for what programs
//!   reserve without touching (thread stacks, allocator arenas, interpreters).
//!
//! - The memfds and tmpfs files any process of the tree holds open count in that total, each
//!   file once by its allocated blocks (pages no resident set shows), and a tmpfs file seen once
//!   counts while it exists; after the run the `/dev/shm` files the tree held are removed.
//! - With `--cgroup DIR` (a cgroup v2 parent `judge` prepared: `judge_tests::runner::cgroup`)
//!   and a memory limit, this process makes `DIR/run-<its id>` with `memory.max` just above N,
//!   enters it, then starts PROGRAM inside: the kernel's `memory.peak` counts every page of the
//!   tree and is the peak (an OOM kill there counts as over the limit). Its own OOM score is
//!   lowered so the kernel kills the program, not it. The report names the mode: `cgroup`, or
//!   `proc` when no cgroup could be made.
//! - With `--cpu-limit-ms N`, the tree's CPU time (what was reaped, from `getrusage`, and the
//!   living processes' own, from `/proc/<pid>/stat`) is looked at every few milliseconds and the
//!   tree killed past N; the report gives the CPU time of the whole tree.
//!
//! Errors of its own (bad arguments, PROGRAM cannot start, the limit cannot be set) are one
//! stderr line, `error <message>` written to OUT when it can be (so that `judge` reports them as
//! its own failure, never the program's), and exit status 125.

use judge_tests::runner::{cgroup, tree};
use nix::errno::Errno;
use nix::sys::prctl;
use nix::sys::resource::{getrusage, setrlimit, Resource, UsageWho};
use nix::sys::signal::{sigprocmask, SigSet, SigmaskHow};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::{getppid, Pid};
use std::ffi::OsString;
use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

const USAGE: &str =
    "usage: peak-rss [--memory-limit-kib N] [--cpu-limit-ms N] [--cgroup DIR] [--parent PID] OUT PROGRAM [ARGS...]";

/// How often the watch looks whether the parent is still there: the longest the tree outlives it.
const PARENT_WATCH: Duration = Duration::from_millis(10);

/// Held while the report is written, and for ever once the parent is gone: a report is never
/// written after the watch has removed it.
static REPORT: Mutex<()> = Mutex::new(());

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

/// Writes `message` as this helper's one error line, and as `error <message>` to `report` when
/// there is one; an unwritable stderr loses only the line.
fn fail(report: Option<&OsString>, message: &str) -> ExitCode {
    let _ = io::stderr().write_all(format!("peak-rss: error: {message}\n").as_bytes());
    if let Some(report) = report {
        let _ = std::fs::write(report, format!("error {message}\n"));
    }
    ExitCode::from(125)
}

/// How the program ended: `exit N` or `signal N`.
#[derive(Clone, Copy)]
enum Ending {
    Exit(i32),
    Signal(i32),
}

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
    /// The mount points of the tmpfs file systems, whose files the tree holds count as memory.
    tmpfs: Vec<PathBuf>,
    /// The program's own cgroup, whose `memory.peak` counts everything (see [`Cgroup`]).
    cgroup: Option<Cgroup>,
}

/// What [`wait_for`] saw: the program's ending, the largest tree total in KiB (the resident
/// sets and the hidden files together), and the hidden files the tree held.
struct Watched {
    ending: Ending,
    most_kib: u64,
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
    loop {
        if watch.limit_kib.is_none() && watch.cpu_limit.is_none() {
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
                    }
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
                    let total = match &watch.cgroup {
                        // The kernel counts every page, and `memory.max` stops the tree itself.
                        Some(cgroup) => cgroup.current_kib(),
                        None => {
                            let resident: u64 = match members.as_slice() {
                                // A lone process: its resident set, a count the kernel keeps,
                                // instead of a walk of its page tables. It is at least its PSS
                                // (a stop past the limit comes no later) and at most its peak
                                // resident set, which getrusage adds to the peak anyway: the
                                // same peak and verdict. Not with files held, which add to it.
                                [lone] if hidden.is_empty() => tree::resident_kib(*lone).unwrap_or(0),
                                _ => members.iter().filter_map(|&pid| tree::memory_kib(pid)).sum(),
                            };
                            // A closed file on a tmpfs still holds its pages while it exists.
                            for file in &mut hidden {
                                if let Some(path) = &file.path {
                                    file.kib = held_kib(path, file.id);
                                }
                            }
                            resident + hidden.iter().map(|file| file.kib).sum::<u64>()
                        }
                    };
                    most = most.max(total);
                    if total > limit {
                        tree::kill_descendants(me, Duration::ZERO);
                    }
                }
                // On a machine with many processes a poll is slow: sleep at least as long as
                // it took, so that the watch takes at most half a core.
                let pause = if watch.limit_kib.is_some() { 1 } else { CPU_WATCH_MS };
                thread::sleep(polled.elapsed().max(Duration::from_millis(pause)));
            }
        }
        if let Some(ending) = ending {
            return Ok(Watched {
                ending,
                most_kib: most,
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

/// Removes the files on `/dev/shm` that the program's tree held and left behind (the run's
/// memory must not outlive it); other tmpfs files are the user's to keep.
fn remove_left_in_shm(hidden: &[tree::HiddenFile]) {
    for file in hidden {
        if let Some(path) = file.path.as_deref().filter(|path| path.starts_with("/dev/shm")) {
            if held_kib(path, file.id) > 0 || std::fs::symlink_metadata(path).is_ok() {
                let _ = std::fs::remove_file(path);
            }
        }
    }
}

/// A cgroup v2 of the program's own (`<parent>/run-<supervisor's id>`), made where `judge` found
/// one it may use (see `judge_tests::runner`): its `memory.max` is the limit and its
/// `memory.peak` the peak, which count every page the program's tree causes, memfds and tmpfs
/// files included, as real judges' sandboxes count.
struct Cgroup {
    dir: PathBuf,
}

impl Cgroup {
    /// Makes the cgroup under `parent` with `limit_kib` as its `memory.max` (and no swap);
    /// `None` if the kernel refuses any of it (then memory is counted from `/proc`).
    fn make(parent: &Path, limit_kib: u64) -> Option<Cgroup> {
        let dir = parent.join(format!("run-{}", std::process::id()));
        std::fs::create_dir(&dir).ok()?;
        let cgroup = Cgroup { dir };
        // A little over the limit: the peak then shows the overrun, and the verdict is MLE.
        let max = limit_kib.saturating_add(1024).saturating_mul(1024);
        let made = std::fs::write(cgroup.dir.join("memory.max"), max.to_string()).is_ok()
            && cgroup.dir.join("memory.peak").exists();
        let _ = std::fs::write(cgroup.dir.join("memory.swap.max"), "0");
        made.then_some(cgroup)
    }

    /// A `memory.*` file's first number, in KiB.
    fn read_kib(&self, name: &str) -> u64 {
        let text = std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
        text.split_whitespace()
            .next()
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
            / 1024
    }

    fn current_kib(&self) -> u64 {
        self.read_kib("memory.current")
    }

    /// The peak of the program's whole tree, in KiB; over the limit when the kernel's OOM
    /// killer stopped it at `memory.max`.
    fn peak_kib(&self, limit_kib: u64) -> u64 {
        let events = std::fs::read_to_string(self.dir.join("memory.events")).unwrap_or_default();
        let killed = events
            .lines()
            .any(|line| line.strip_prefix("oom_kill ").is_some_and(|n| n.trim() != "0"));
        let peak = self.read_kib("memory.peak");
        if killed {
            peak.max(limit_kib + 1)
        } else {
            peak
        }
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // Every process is gone by now (killed and reaped); a cgroup still charged with tmpfs
        // pages is removed all the same (the kernel keeps it until they are freed).
        let _ = std::fs::write(self.dir.join("cgroup.kill"), "1");
        for _ in 0..100 {
            if std::fs::remove_dir(&self.dir).is_ok() {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Starts the watch over the parent `parent`: once this process's parent is another (the parent
/// died and this one was re-parented), it kills the whole tree, removes `report` and exits.
fn watch_parent(parent: i32, report: OsString) -> io::Result<()> {
    let me = std::process::id() as i32;
    thread::Builder::new()
        .name("parent".into())
        .stack_size(64 << 10)
        .spawn(move || loop {
            if getppid().as_raw() != parent {
                // Taken for good: the main thread cannot write the report from now on.
                let _held = REPORT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                tree::kill_descendants(me, CLEAN_UP_PATIENCE);
                let _ = std::fs::remove_file(&report);
                std::process::exit(125);
            }
            thread::sleep(PARENT_WATCH);
        })?;
    Ok(())
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

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|arg| arg == "-h" || arg == "--help") {
        let _ = io::stdout().write_all(format!("{USAGE}\n").as_bytes());
        return ExitCode::SUCCESS;
    }
    let mut limit_kib = None;
    let mut cpu_limit = None;
    let mut parent = None;
    let mut cgroup_parent = None;
    const FLAGS: [&str; 4] = ["--memory-limit-kib", "--cpu-limit-ms", "--parent", "--cgroup"];
    while let Some(flag) = args
        .first()
        .filter(|arg| FLAGS.iter().any(|flag| *arg == *flag))
        .cloned()
    {
        let value = args.get(1).cloned().unwrap_or_default();
        if flag == "--cgroup" {
            cgroup_parent = Some(PathBuf::from(value));
            args.drain(..2);
            continue;
        }
        let number = value
            .to_str()
            .and_then(|text| text.parse::<u64>().ok())
            .filter(|&n| n > 0);
        let Some(number) = number.filter(|&n| flag != "--parent" || i32::try_from(n).is_ok()) else {
            let report = args.get(2);
            let what = if flag == "--parent" {
                "a process id"
            } else {
                "a positive number"
            };
            return fail(
                report,
                &format!(
                    "{} needs {what}, not '{}'",
                    judge_oracle::escape(&flag),
                    judge_oracle::escape(&value)
                ),
            );
        };
        if flag == "--parent" {
            parent = Some(number as i32);
        } else if flag == "--cpu-limit-ms" {
            cpu_limit = Some(Duration::from_millis(number));
        } else {
            limit_kib = Some(number);
        }
        args.drain(..2);
    }
    if args.len() < 2 {
        return fail(args.first(), USAGE);
    }
    let report = &args[0];
    // Before anything runs: a parent already gone is seen at the first look.
    let parent = parent.unwrap_or_else(|| getppid().as_raw());
    if let Err(error) = watch_parent(parent, report.clone()) {
        return fail(Some(report), &format!("cannot watch the parent process: {error}"));
    }
    // The signals `judge` blocks for itself are blocked here too (a mask survives fork and exec);
    // the program must start with none blocked, as under a real judge.
    if let Err(error) = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None) {
        return fail(Some(report), &format!("cannot clear the signal mask: {error}"));
    }
    if let Err(error) = prctl::set_child_subreaper(true) {
        return fail(Some(report), &format!("cannot become a child subreaper: {error}"));
    }
    if let Some(kib) = limit_kib {
        let cap = kib.saturating_mul(2 * 1024).saturating_add(256 << 20);
        if let Err(error) = setrlimit(Resource::RLIMIT_AS, cap, cap) {
            return fail(Some(report), &format!("cannot cap the address space: {error}"));
        }
    }
    // The program's cgroup: this process enters it first, so that the program and everything
    // it starts are born inside (what this process had charged before stays outside).
    let home = cgroup::own();
    let cgroup = match (limit_kib, &cgroup_parent) {
        (Some(kib), Some(parent)) => Cgroup::make(parent, kib)
            .filter(|made| std::fs::write(made.dir.join("cgroup.procs"), std::process::id().to_string()).is_ok()),
        _ => None,
    };
    let mode = if cgroup.is_some() { "cgroup" } else { "proc" };
    let watch = Watch {
        limit_kib,
        cpu_limit,
        tmpfs: tree::tmpfs_mounts(),
        cgroup,
    };
    let start = Instant::now();
    let program = match Command::new(&args[1]).args(&args[2..]).process_group(0).spawn() {
        Ok(child) => {
            if watch.cgroup.is_some() {
                // At `memory.max` the kernel kills the largest process of the cgroup; never this
                // one, which must report (set after the program started: it would inherit it).
                let _ = std::fs::write("/proc/self/oom_score_adj", "-1000");
            }
            Pid::from_raw(child.id() as i32)
        }
        Err(error) => {
            let why = format!("cannot run {}: {error}", judge_oracle::escape(&args[1]));
            let status = fail(None, &why);
            // For judge's message: a bare name is looked up on PATH, so say where it was sought.
            let bare = !Path::new(&args[1]).as_os_str().to_string_lossy().contains('/');
            let hint = if error.kind() == io::ErrorKind::NotFound && bare {
                " (not found on PATH)"
            } else {
                ""
            };
            let _ = std::fs::write(report, format!("error {why}{hint}\n"));
            return status;
        }
    };
    let waited = wait_for(program, &watch);
    let wall = start.elapsed();
    let cleaned = clean_up();
    let watched = match waited.and_then(|waited| cleaned.map(|()| waited)) {
        Ok(waited) => waited,
        Err(error) => return fail(Some(report), &format!("cannot wait for the program: {error}")),
    };
    remove_left_in_shm(&watched.hidden);
    let cpu = reaped_cpu();
    let mut peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map(|usage| usage.max_rss())
        .unwrap_or(-1)
        .max(watched.most_kib as i64);
    if let (Some(cgroup), Some(kib)) = (&watch.cgroup, limit_kib) {
        peak_kib = peak_kib.max(cgroup.peak_kib(kib) as i64);
        // Out again, so that the cgroup can be removed.
        if let Some(home) = &home {
            let _ = std::fs::write(home.join("cgroup.procs"), std::process::id().to_string());
        }
    }
    drop(watch);
    let text = match watched.ending {
        Ending::Exit(code) => format!("exit {code}"),
        Ending::Signal(signal) => format!("signal {signal}"),
    };
    let line = format!("{peak_kib} {} {} {mode} {text}\n", wall.as_micros(), cpu.as_micros());
    let _held = REPORT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Err(error) = std::fs::write(report, line) {
        return fail(None, &format!("cannot write {}: {error}", judge_oracle::escape(report)));
    }
    match watched.ending {
        Ending::Exit(code) => ExitCode::from(code as u8),
        Ending::Signal(signal) => ExitCode::from(128u8.wrapping_add(signal as u8)),
    }
}
