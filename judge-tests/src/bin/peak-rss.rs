//! `peak-rss [--memory-limit-kib N] [--parent PID] OUT PROGRAM [ARGS...]`: runs PROGRAM with this process's
//! stdin, stdout and stderr, then writes `<peak memory in KiB> <wall time in µs> exit <code>` (or
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
//!   members found anew every ten readings. Past N KiB the whole tree is killed, and the peak shows the overrun. Its address
//!   space is capped too (at 2·N + 256 MiB, set on this process and inherited), so that a burst
//!   faster than the polling cannot take the machine's memory; the slack is for what programs
//!   reserve without touching (thread stacks, allocator arenas, interpreters).
//!
//! Errors of its own (bad arguments, PROGRAM cannot start, the limit cannot be set) are one
//! stderr line, `error <message>` written to OUT when it can be (so that `judge` reports them as
//! its own failure, never the program's), and exit status 125.

use judge_tests::runner::tree;
use nix::errno::Errno;
use nix::sys::prctl;
use nix::sys::resource::{getrusage, setrlimit, Resource, UsageWho};
use nix::sys::signal::{sigprocmask, SigSet, SigmaskHow};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::{getppid, Pid};
use std::ffi::OsString;
use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: peak-rss [--memory-limit-kib N] [--parent PID] OUT PROGRAM [ARGS...]";

/// How often the watch looks whether the parent is still there: the longest the tree outlives it.
const PARENT_WATCH: Duration = Duration::from_millis(10);

/// Held while the report is written, and for ever once the parent is gone: a report is never
/// written after the watch has removed it.
static REPORT: Mutex<()> = Mutex::new(());

/// How many memory polls (one a millisecond) share one scan of `/proc` for the tree's members.
const SCAN_EVERY: u32 = 10;

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

/// Waits for the program, reaping the orphans that end meanwhile; with a limit, polls the tree's
/// memory every millisecond and kills the whole tree once it passes `limit` KiB. Returns the
/// program's ending and the largest tree total seen.
fn wait_for(program: Pid, limit: Option<u64>) -> io::Result<(Ending, u64)> {
    let me = std::process::id() as i32;
    let mut most = 0;
    let mut ending = None;
    // The tree's members, from a scan of /proc every few polls (the scan costs more than reading
    // the members' memory); a process started meanwhile is counted from the next scan.
    let mut members: Vec<i32> = Vec::new();
    let mut polls = 0u32;
    loop {
        match limit {
            // Without a limit, a blocking wait: the wall time stays exact.
            None => match waitpid(Pid::from_raw(-1), None) {
                Ok(WaitStatus::Exited(pid, code)) if pid == program => ending = Some(Ending::Exit(code)),
                Ok(WaitStatus::Signaled(pid, signal, _)) if pid == program => {
                    ending = Some(Ending::Signal(signal as i32))
                }
                Ok(_) | Err(Errno::EINTR) => {}
                Err(error) => return Err(error.into()),
            },
            Some(limit) => {
                if !reap(program, &mut ending)? && ending.is_none() {
                    return Err(io::Error::new(io::ErrorKind::Other, "the program was reaped elsewhere"));
                }
                if ending.is_none() {
                    let polled = Instant::now();
                    if polls % SCAN_EVERY == 0 {
                        members = tree::descendants(me)
                            .into_iter()
                            .filter(|process| !process.zombie)
                            .map(|process| process.pid)
                            .collect();
                    }
                    polls = polls.wrapping_add(1);
                    let total: u64 = members.iter().filter_map(|&pid| tree::memory_kib(pid)).sum();
                    most = most.max(total);
                    if total > limit {
                        tree::kill_descendants(me, Duration::ZERO);
                    }
                    // On a machine with many processes a poll is slow: sleep at least as long as
                    // it took, so that the watch takes at most half a core.
                    thread::sleep(polled.elapsed().max(Duration::from_millis(1)));
                }
            }
        }
        if let Some(ending) = ending {
            return Ok((ending, most));
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
    let mut parent = None;
    while let Some(flag) = args
        .first()
        .filter(|arg| *arg == "--memory-limit-kib" || *arg == "--parent")
        .cloned()
    {
        let value = args.get(1).cloned().unwrap_or_default();
        let number = value
            .to_str()
            .and_then(|text| text.parse::<u64>().ok())
            .filter(|&n| n > 0);
        let Some(number) = number.filter(|&n| flag == "--memory-limit-kib" || i32::try_from(n).is_ok()) else {
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
    let start = Instant::now();
    let program = match Command::new(&args[1]).args(&args[2..]).process_group(0).spawn() {
        Ok(child) => Pid::from_raw(child.id() as i32),
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
    let waited = wait_for(program, limit_kib);
    let wall = start.elapsed();
    let cleaned = clean_up();
    let (ending, tree_peak_kib) = match waited.and_then(|waited| cleaned.map(|()| waited)) {
        Ok(waited) => waited,
        Err(error) => return fail(Some(report), &format!("cannot wait for the program: {error}")),
    };
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map(|usage| usage.max_rss())
        .unwrap_or(-1)
        .max(tree_peak_kib as i64);
    let text = match ending {
        Ending::Exit(code) => format!("exit {code}"),
        Ending::Signal(signal) => format!("signal {signal}"),
    };
    let line = format!("{peak_kib} {} {text}\n", wall.as_micros());
    let _held = REPORT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Err(error) = std::fs::write(report, line) {
        return fail(None, &format!("cannot write {}: {error}", judge_oracle::escape(report)));
    }
    match ending {
        Ending::Exit(code) => ExitCode::from(code as u8),
        Ending::Signal(signal) => ExitCode::from(128u8.wrapping_add(signal as u8)),
    }
}
