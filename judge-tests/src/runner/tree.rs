//! A process tree as `/proc` shows it: every process whose chain of parent links (the parent
//! field of `/proc/<pid>/stat`) leads to a root, how much memory the tree holds, and how to kill
//! all of it.
//!
//! The walk follows parent links from a full scan of `/proc`, not the `task/<tid>/children`
//! files, which exist only on kernels built with `CONFIG_PROC_CHILDREN`. A process that left its
//! parent is still found as long as it stays a descendant: the supervisor (`peak-rss`) is a
//! child subreaper, so an orphan is re-parented to it, not to init.

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use std::fs;
use std::thread;
use std::time::{Duration, Instant};

/// One process of a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Process {
    /// Its process id.
    pub pid: i32,
    /// Whether it has exited and waits to be reaped (a zombie holds no memory and cannot be
    /// killed).
    pub zombie: bool,
}

/// The parent id and state of process `pid`, from `/proc/<pid>/stat`; `None` if it is gone.
fn parent_and_state(pid: i32) -> Option<(i32, u8)> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (comm) state ppid ...`: the command name may hold spaces and parentheses, so the
    // fields are counted from the last `)`.
    let after = &stat[stat.rfind(')')? + 1..];
    let mut fields = after.split_ascii_whitespace();
    let state = *fields.next()?.as_bytes().first()?;
    let parent = fields.next()?.parse().ok()?;
    Some((parent, state))
}

/// Every descendant of `root` (not `root` itself), from one scan of `/proc`.
///
/// # Complexity
/// One read of `/proc/<pid>/stat` per process of the system, then O(n²) in the tree's size at
/// worst (a small number: programs run a few processes).
pub fn descendants(root: i32) -> Vec<Process> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut all: Vec<(i32, i32, bool)> = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<i32>().ok()) else {
            continue;
        };
        if let Some((parent, state)) = parent_and_state(pid) {
            all.push((pid, parent, state == b'Z'));
        }
    }
    let mut found: Vec<Process> = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for &(pid, _, zombie) in all.iter().filter(|&&(_, of, _)| of == parent) {
            if pid != root && !found.iter().any(|process| process.pid == pid) {
                found.push(Process { pid, zombie });
                frontier.push(pid);
            }
        }
    }
    found
}

/// The memory process `pid` holds in KiB: its proportional set size (`Pss:` of
/// `/proc/<pid>/smaps_rollup`, where a page shared by k processes counts 1/k in each), or its
/// resident set size (`VmRSS:` of `/proc/<pid>/status`) where `smaps_rollup` is missing (kernels
/// before 4.14); `None` if the process is gone.
pub fn memory_kib(pid: i32) -> Option<u64> {
    let field = |path: String, name: &str| -> Option<u64> {
        let text = fs::read_to_string(path).ok()?;
        let line = text.lines().find(|line| line.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse().ok()
    };
    field(format!("/proc/{pid}/smaps_rollup"), "Pss:").or_else(|| field(format!("/proc/{pid}/status"), "VmRSS:"))
}

/// The memory of every living descendant of `root` in KiB (see [`memory_kib`]): pages shared by
/// a forking program's processes are counted once in all.
pub fn tree_memory_kib(root: i32) -> u64 {
    descendants(root)
        .iter()
        .filter(|process| !process.zombie)
        .filter_map(|process| memory_kib(process.pid))
        .sum()
}

/// Sends SIGKILL to every living descendant of `root`, again and again (a process may fork
/// between the scan and the kill) until none is left alive or `patience` has passed; `true` if
/// none is left. Zombies are left for their parent (or the subreaper) to reap.
pub fn kill_descendants(root: i32, patience: Duration) -> bool {
    let start = Instant::now();
    loop {
        let living: Vec<Process> = descendants(root)
            .into_iter()
            .filter(|process| !process.zombie)
            .collect();
        if living.is_empty() {
            return true;
        }
        for process in &living {
            // It may have exited since the scan: nothing to do then.
            let _ = kill(Pid::from_raw(process.pid), Signal::SIGKILL);
        }
        if start.elapsed() > patience {
            return false;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_a_parent_and_memory() {
        let me = std::process::id() as i32;
        let (parent, state) = parent_and_state(me).expect("this process is in /proc");
        assert!(parent > 0 && state != b'Z');
        assert!(descendants(parent).iter().any(|process| process.pid == me));
        assert!(memory_kib(me).is_some_and(|kib| kib > 0));
        assert!(!descendants(me).iter().any(|process| process.pid == me));
    }
}
