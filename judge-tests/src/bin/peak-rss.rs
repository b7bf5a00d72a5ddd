//! `peak-rss [--memory-limit-kib N] OUT PROGRAM [ARGS...]`: runs PROGRAM with this process's
//! stdin, stdout and stderr, then writes `<peak resident set size in KiB> <wall time in µs>
//! exit <code>` (or `signal <number>`) to the file OUT and exits with PROGRAM's status (128 + the
//! signal number for a signal).
//!
//! The peak comes from `getrusage(RUSAGE_CHILDREN)`, which reports the largest child this process
//! has waited for; running exactly one child per `peak-rss` makes that the program's own peak.
//!
//! With `--memory-limit-kib N` the program is stopped (SIGKILL) as soon as the resident memory of
//! its process tree, read from `/proc` every millisecond, passes N KiB, and the peak reported is
//! the larger of `getrusage`'s and the largest tree total seen, so it shows the overrun. Killing
//! the program alone is enough: the judge kills its whole process group after this helper exits. Its address
//! space is capped too (at 2·N + 256 MiB, set on this process and inherited), so that a burst
//! faster than the polling cannot take the machine's memory; the slack is for what programs
//! reserve without touching (thread stacks, allocator arenas, interpreters).
//!
//! Errors of its own (bad arguments, PROGRAM cannot start, OUT cannot be written) are one
//! stderr line and exit status 125.

use nix::sys::resource::{getrusage, setrlimit, Resource, UsageWho};
use std::ffi::OsString;
use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitCode};
use std::thread;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: peak-rss [--memory-limit-kib N] OUT PROGRAM [ARGS...]";

/// Writes `message` as this helper's one error line; an unwritable stderr loses only the line.
fn fail(message: &str) -> ExitCode {
    let _ = std::io::stderr().write_all(format!("peak-rss: error: {message}\n").as_bytes());
    ExitCode::from(125)
}

/// The resident memory of process `pid` in KiB, from the `VmRSS:` line of `/proc/<pid>/status`.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The resident memory of process `pid` and all its descendants in KiB (a `sh -c` wrapper's
/// program is its child), following `/proc/<pid>/task/<tid>/children`.
fn tree_resident_kib(pid: u32) -> u64 {
    let mut total = 0;
    let mut pending = vec![pid];
    // A bound on the walk: a fork bomb must not stall the watch.
    let mut budget = 256;
    while let Some(pid) = pending.pop() {
        total += resident_kib(pid).unwrap_or(0);
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            for child in children.split_whitespace().filter_map(|child| child.parse().ok()) {
                if budget > 0 {
                    budget -= 1;
                    pending.push(child);
                }
            }
        }
    }
    total
}

/// Waits for `child`, killing it as soon as the resident memory of its process tree passes
/// `limit` KiB; returns its status and the largest tree total seen.
fn watch(child: &mut std::process::Child, limit: u64) -> std::io::Result<(std::process::ExitStatus, u64)> {
    let mut most = 0;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok((status, most));
        }
        let resident = tree_resident_kib(child.id());
        most = most.max(resident);
        if resident > limit {
            let _ = child.kill();
        }
        thread::sleep(Duration::from_millis(1));
    }
}

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|arg| arg == "-h" || arg == "--help") {
        let _ = std::io::stdout().write_all(format!("{USAGE}\n").as_bytes());
        return ExitCode::SUCCESS;
    }
    let mut limit_kib = None;
    if args.first().is_some_and(|arg| arg == "--memory-limit-kib") {
        let value = args.get(1).cloned().unwrap_or_default();
        match value.to_str().and_then(|text| text.parse::<u64>().ok()) {
            Some(kib) if kib > 0 => limit_kib = Some(kib),
            _ => {
                return fail(&format!(
                    "--memory-limit-kib needs a positive number, not '{}'",
                    judge_tests::escape(&value)
                ))
            }
        }
        args.drain(..2);
    }
    if args.len() < 2 {
        return fail(USAGE);
    }
    if let Some(kib) = limit_kib {
        let cap = kib.saturating_mul(2 * 1024).saturating_add(256 << 20);
        if let Err(error) = setrlimit(Resource::RLIMIT_AS, cap, cap) {
            return fail(&format!("cannot cap the address space: {error}"));
        }
    }
    let start = Instant::now();
    let mut child = match Command::new(&args[1]).args(&args[2..]).spawn() {
        Ok(child) => child,
        Err(error) => return fail(&format!("cannot run {}: {error}", judge_tests::escape(&args[1]))),
    };
    // Without a limit, a plain wait: the wall time stays exact.
    let waited = match limit_kib {
        None => child.wait().map(|status| (status, 0)),
        Some(limit) => watch(&mut child, limit),
    };
    let (status, tree_peak_kib) = match waited {
        Ok(waited) => waited,
        Err(error) => return fail(&format!("cannot wait for the program: {error}")),
    };
    let wall = start.elapsed();
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map(|usage| usage.max_rss())
        .unwrap_or(-1)
        .max(tree_peak_kib as i64);
    let ending = match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit {code}"),
        (None, Some(signal)) => format!("signal {signal}"),
        (None, None) => "signal 0".to_string(),
    };
    let line = format!("{peak_kib} {} {ending}\n", wall.as_micros());
    if let Err(error) = std::fs::write(&args[0], line) {
        return fail(&format!("cannot write {}: {error}", judge_tests::escape(&args[0])));
    }
    match (status.code(), status.signal()) {
        (Some(code), _) => ExitCode::from(code as u8),
        (None, signal) => ExitCode::from(128u8.wrapping_add(signal.unwrap_or(0) as u8)),
    }
}
