//! A process tree as `/proc` shows it: every process whose chain of parent links (the parent
//! field of `/proc/<pid>/stat`) leads to a root, how much memory the tree holds, and how to kill
//! all of it. The fallback mode's tools (docs/judge.md, "How a program runs"): a confined run
//! needs none of it, its namespace and cgroup holding the tree.
//!
//! The walk follows parent links from a full scan of `/proc`, not the `task/<tid>/children`
//! files, which exist only on kernels built with `CONFIG_PROC_CHILDREN`. A process that left its
//! parent is still found as long as it stays a descendant: the supervisor (`peak-rss`) is a
//! child subreaper, so an orphan is re-parented to it, not to init. Its periodic scans read only
//! the processes started after it ([`descendants_newer_than`]) until process ids wrap around;
//! every kill reads them all.
//!
//! A process is alive while any of its threads runs. When the main thread of a program exits
//! alone (`pthread_exit` in C), `/proc/<pid>/stat` shows the process as a zombie although its other
//! threads run on, it holds its memory, and `waitpid` reports it only once the last thread ends:
//! such a process is found alive from the states of `/proc/<pid>/task/*`, its memory is read
//! through a thread that runs, and SIGKILL sent to its id ends every thread.

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
    /// Its parent's process id.
    pub parent: i32,
    /// Whether every thread of it has exited and it waits to be reaped (a zombie holds no
    /// memory and cannot be killed). A process whose main thread exited while another thread
    /// runs is not a zombie here, although `/proc/<pid>/stat` says `Z`.
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

/// Whether state `state` (of `/proc/<pid>/stat`) is a thread that has ended: `Z` (zombie), `X`
/// (dead), or `x` (dead, on kernels before 4.14).
fn ended(state: u8) -> bool {
    matches!(state, b'Z' | b'X' | b'x')
}

/// The threads of process `pid` that have not ended, from `/proc/<pid>/task`.
///
/// # Complexity
/// One read of `/proc/<pid>/task/<tid>/stat` per thread.
fn running_threads(pid: i32) -> Vec<i32> {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| task.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&tid| {
            let stat = fs::read_to_string(format!("/proc/{pid}/task/{tid}/stat")).unwrap_or_default();
            let state = stat
                .rfind(')')
                .and_then(|end| stat[end + 1..].trim_start().bytes().next());
            state.is_some_and(|state| !ended(state))
        })
        .collect()
}

/// Whether process `pid`, whose `/proc/<pid>/stat` shows state `state`, has ended: its main
/// thread has and no other thread runs.
fn process_ended(pid: i32, state: u8) -> bool {
    // Only a leader that shows as ended can hide running threads: the look is paid for zombies.
    ended(state) && running_threads(pid).is_empty()
}

/// Every descendant of `root` (not `root` itself), from one scan of `/proc`.
///
/// # Complexity
/// One read of `/proc/<pid>/stat` per process of the system, then O(n²) in the tree's size at
/// worst (a small number: programs run a few processes).
pub fn descendants(root: i32) -> Vec<Process> {
    descendants_sparing(root, &[])
}

/// Every descendant of `root` but the processes `spared` and their own descendants, from one
/// scan of `/proc` (see [`descendants`]).
pub fn descendants_sparing(root: i32, spared: &[i32]) -> Vec<Process> {
    scan(root, spared, 0)
}

/// [`descendants`], for a `root` whose every descendant has an id above `oldest`: only their
/// `/proc/<pid>/stat` files are read. The kernel hands out process ids in increasing order until
/// they wrap around at `pid_max`, so a process that `oldest` was started before, and everything
/// started after it, have higher ids, as long as [`last_pid`] has not fallen below `oldest` since
/// (the caller looks, and scans everything from then on).
///
/// # Complexity
/// One read of `/proc/<pid>/stat` per process started after `oldest`, then as [`descendants`].
pub fn descendants_newer_than(root: i32, oldest: i32) -> Vec<Process> {
    scan(root, &[], oldest)
}

/// The id of the process (or thread) the kernel started last in this process's pid namespace
/// (the last field of `/proc/loadavg`); `None` if it cannot be read.
pub fn last_pid() -> Option<i32> {
    let text = fs::read_to_string("/proc/loadavg").ok()?;
    text.split_ascii_whitespace().nth(4)?.parse().ok()
}

/// The descendants of `root` but `spared` and theirs, from a scan of `/proc` that reads the
/// parent links of the processes with ids above `oldest` only.
fn scan(root: i32, spared: &[i32], oldest: i32) -> Vec<Process> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut all: Vec<(i32, i32, bool)> = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<i32>().ok()) else {
            continue;
        };
        if pid <= oldest {
            continue;
        }
        if let Some((parent, state)) = parent_and_state(pid) {
            all.push((pid, parent, process_ended(pid, state)));
        }
    }
    let mut found: Vec<Process> = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for &(pid, _, zombie) in all.iter().filter(|&&(_, of, _)| of == parent) {
            if pid != root && !spared.contains(&pid) && !found.iter().any(|process| process.pid == pid) {
                found.push(Process { pid, parent, zombie });
                frontier.push(pid);
            }
        }
    }
    found
}

/// The memory process `pid` holds in KiB: its proportional set size (`Pss:` of
/// `/proc/<pid>/smaps_rollup`, where a page shared by k processes counts 1/k in each), or its
/// resident set size (`VmRSS:` of `/proc/<pid>/status`) where `smaps_rollup` is missing (kernels
/// before 4.14); `None` if the process is gone. When its main thread has exited while another
/// runs (its own files then show no memory), the memory is read through a running thread.
///
/// # Complexity
/// The kernel walks the process's page tables: time in proportion to its mapped memory.
pub fn memory_kib(pid: i32) -> Option<u64> {
    read_memory(pid, true)
}

/// The resident set of process `pid` in KiB (`VmRSS:` of `/proc/<pid>/status`), read as
/// [`memory_kib`] reads it; `None` if the process is gone. At least its PSS (a page counts whole,
/// however many share it), and at most the peak `getrusage` reports for it.
///
/// # Complexity
/// O(1): the kernel keeps the count.
pub fn resident_kib(pid: i32) -> Option<u64> {
    read_memory(pid, false)
}

/// [`memory_kib`] (`proportional`) or [`resident_kib`].
fn read_memory(pid: i32, proportional: bool) -> Option<u64> {
    let field = |path: String, name: &str| -> Option<u64> {
        let text = fs::read_to_string(path).ok()?;
        let line = text.lines().find(|line| line.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse().ok()
    };
    let of = |folder: String| {
        proportional
            .then(|| field(format!("{folder}/smaps_rollup"), "Pss:"))
            .flatten()
            .or_else(|| field(format!("{folder}/status"), "VmRSS:"))
    };
    of(format!("/proc/{pid}")).or_else(|| {
        // The threads share one address space: any running one tells its size.
        running_threads(pid)
            .into_iter()
            .find_map(|tid| of(format!("/proc/{pid}/task/{tid}")))
    })
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

/// The CPU time process `pid` has used, and its reaped children with it, in clock ticks (user +
/// system: fields 14 to 17 of `/proc/<pid>/stat`); `None` if it is gone.
pub fn cpu_ticks(pid: i32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After `) `: state is field 3, utime field 14, so utime is the 12th after the name.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_ascii_whitespace().collect();
    fields.get(11..15)?.iter().map(|field| field.parse::<u64>().ok()).sum()
}

/// A file whose pages belong to no process's resident set unless it is mapped: a memfd
/// (`memfd_create`) or a file on a tmpfs (`/dev/shm`), found held open by a process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenFile {
    /// Device and inode: the same file held by several processes counts once.
    pub id: (u64, u64),
    /// Where it is on a tmpfs, for removal; `None` for a memfd (it has no path) or an unlinked file.
    pub path: Option<std::path::PathBuf>,
    /// The memory it holds in KiB (its allocated blocks, not its length: a sparse file holds less).
    pub kib: u64,
}

/// The memfds and tmpfs files process `pid` holds open (`/proc/<pid>/fd`), each once, added to
/// `found` (already found ones are updated: a file grows). `tmpfs` lists the mount points of
/// tmpfs file systems (see [`tmpfs_mounts`]).
///
/// # Complexity
/// One `readlink` and one `stat` per open descriptor.
pub fn hidden_files(pid: i32, tmpfs: &[std::path::PathBuf], found: &mut Vec<HiddenFile>) {
    use std::os::unix::fs::MetadataExt;
    let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
        return;
    };
    for fd in fds.flatten() {
        let Ok(target) = fs::read_link(fd.path()) else { continue };
        let memfd = std::os::unix::ffi::OsStrExt::as_bytes(target.as_os_str()).starts_with(b"/memfd:");
        let on_tmpfs = !memfd && tmpfs.iter().any(|mount| target.starts_with(mount));
        if !memfd && !on_tmpfs {
            continue;
        }
        // `stat` through the descriptor's link reaches the file even when it has no path.
        let Ok(meta) = fs::metadata(fd.path()) else { continue };
        if !meta.is_file() {
            continue;
        }
        let id = (meta.dev(), meta.ino());
        let kib = meta.blocks() / 2;
        let unlinked = std::os::unix::ffi::OsStrExt::as_bytes(target.as_os_str()).ends_with(b" (deleted)");
        let path = (on_tmpfs && !unlinked).then_some(target);
        match found.iter_mut().find(|file| file.id == id) {
            Some(file) => file.kib = kib,
            None => found.push(HiddenFile { id, path, kib }),
        }
    }
}

/// The mount points of the tmpfs file systems (`/dev/shm`, often `/run`, sometimes `/tmp`), from
/// `/proc/self/mounts`; pages of files there are memory.
pub fn tmpfs_mounts() -> Vec<std::path::PathBuf> {
    let mounts = fs::read_to_string("/proc/self/mounts").unwrap_or_default();
    mounts
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_ascii_whitespace();
            let (point, kind) = (fields.nth(1)?, fields.next()?);
            // `\040` and the like: the kernel escapes spaces in mount points.
            // devtmpfs (`/dev`) is a tmpfs too, where root may write a file.
            (matches!(kind, "tmpfs" | "devtmpfs") && !point.contains('\\')).then(|| std::path::PathBuf::from(point))
        })
        .collect()
}

/// Sends SIGKILL to every living descendant of `root`, again and again (a process may fork
/// between the scan and the kill) until none is left alive or `patience` has passed; `true` if
/// none is left. Zombies are left for their parent (or the subreaper) to reap.
pub fn kill_descendants(root: i32, patience: Duration) -> bool {
    kill_descendants_sparing(root, &[], patience)
}

/// [`kill_descendants`], sparing the processes `spared` and their descendants.
pub fn kill_descendants_sparing(root: i32, spared: &[i32], patience: Duration) -> bool {
    let start = Instant::now();
    loop {
        let living: Vec<Process> = descendants_sparing(root, spared)
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
        // A page this process shares with another counts whole in its resident set.
        assert!(resident_kib(me).is_some_and(|kib| kib >= memory_kib(me).unwrap_or(0)));
        assert!(!descendants(me).iter().any(|process| process.pid == me));
        assert!(cpu_ticks(me).is_some());
    }

    #[test]
    fn a_scan_from_an_id_finds_the_children_started_after_it() {
        let me = std::process::id() as i32;
        let mut child = std::process::Command::new("sleep").arg("10").spawn().unwrap();
        let pid = child.id() as i32;
        let found = |oldest| {
            descendants_newer_than(me, oldest)
                .iter()
                .any(|process| process.pid == pid)
        };
        let (from_me, from_child) = (found(me), found(pid));
        let all = descendants(me).iter().any(|process| process.pid == pid);
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(last_pid().is_some());
        // The ids wrap around only after pid_max processes: never between two lines here.
        assert!(pid > me && from_me && all, "{pid} {me}");
        assert!(!from_child);
    }

    #[test]
    fn a_memfd_held_open_is_found_with_its_size() {
        // `/proc/self/fd` of a child that holds a 4 MiB memfd: python3 is on every machine that
        // runs these tests (the stress tests' generators use it).
        let mut child = std::process::Command::new("python3")
            .args([
                "-c",
                "import os,sys\nfd=os.memfd_create('hoard')\nos.write(fd,b'x'*(4<<20))\nprint(1,flush=True)\nsys.stdin.read()",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
        let mut found = Vec::new();
        hidden_files(child.id() as i32, &tmpfs_mounts(), &mut found);
        drop(child.stdin.take());
        child.wait().unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].kib >= 4096 && found[0].path.is_none(), "{found:?}");
    }
}
