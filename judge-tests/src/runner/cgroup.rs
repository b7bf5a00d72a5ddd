//! A memory and CPU cgroup of each run's own, written through the kernel's files directly: the
//! kernel counts and caps every page the program's tree causes (anonymous memory, page cache,
//! shmem and tmpfs, System V segments, kernel memory such as pipe buffers) and its CPU time, so
//! nothing is chased process by process.
//!
//! Both versions, as found in `/proc/self/mountinfo` and `/proc/self/cgroup`:
//! - **v1** (separate hierarchies per controller, as on this workspace's test machine and CI):
//!   the run's cgroup is made under `judge`'s own `memory` cgroup and its own `cpuacct` cgroup;
//!   `memory.limit_in_bytes` (and `memory.memsw.limit_in_bytes`, so swap is no way round)
//!   caps, `memory.max_usage_in_bytes` is the peak, `memory.oom_control`'s `oom_kill` says the
//!   kernel stopped it, and `cpuacct.usage` is the CPU time. Kernel memory is charged to the
//!   same counter (`memory.kmem.*` only splits it out; its own limit is deprecated since Linux
//!   5.16, so none is set).
//! - **v2** (one hierarchy): `memory.max`, `memory.swap.max`, `memory.peak` (Linux 5.19),
//!   `memory.events`' `oom_kill` and `cpu.stat`'s `usage_usec`. The parent must have `memory`
//!   enabled for its children: `judge`'s own cgroup when it is alone in it (it moves itself into
//!   a leaf `judge-<pid>` beside the runs' cgroups and enables the controller) or the root.
//!
//! Chosen over the `cgroups-rs` crate: the handful of files above is all a run needs, and
//! the crate would add a dependency tree for them (and `unsafe` code that this workspace
//! forbids in its own crates does not stop, but does not need either).
//!
//! Who may do this: whoever may write `judge`'s cgroup: root, or a user whose cgroup v2 is
//! delegated (`systemd-run --user -p Delegate=yes`). [`parents`] finds out once per process.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// The cgroup interface the kernel offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// One hierarchy per controller (`memory`, `cpuacct`).
    V1,
    /// The unified hierarchy.
    V2,
}

impl Version {
    /// `1` or `2`, as a supervisor's argument and a summary show it.
    pub fn number(self) -> u32 {
        match self {
            Version::V1 => 1,
            Version::V2 => 2,
        }
    }
}

/// The cgroups under which each run gets one of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parents {
    /// Which interface.
    pub version: Version,
    /// Where the run's memory cgroup is made.
    pub memory: PathBuf,
    /// Where the run's CPU-accounting cgroup is made (the same folder on v2).
    pub cpu: PathBuf,
    /// Where the run's task-counting cgroup is made (v1's `pids` controller; the same folder
    /// on v2 when `pids` is enabled there), if there is one.
    pub pids: Option<PathBuf>,
}

/// The mount points of the cgroup file systems: `(type, super options, mount point)`.
fn mounts() -> Vec<(String, String, PathBuf)> {
    let info = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    info.lines()
        .filter_map(|line| {
            // `id parent major:minor root mount-point options ... - type source super-options`
            let (before, after) = line.split_once(" - ")?;
            let point = before.split_ascii_whitespace().nth(4)?;
            let mut after = after.split_ascii_whitespace();
            let kind = after.next()?;
            let options = after.nth(1).unwrap_or("");
            let usable = kind.starts_with("cgroup") && !point.contains('\\');
            usable.then(|| (kind.to_string(), options.to_string(), PathBuf::from(point)))
        })
        .collect()
}

/// The folder of this process's cgroup in the v1 hierarchy of `controller`.
fn own_v1(controller: &str) -> Option<PathBuf> {
    let point = mounts().into_iter().find_map(|(kind, options, point)| {
        (kind == "cgroup" && options.split(',').any(|option| option == controller)).then_some(point)
    })?;
    let groups = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = groups.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers.split(',').any(|name| name == controller).then_some(path)
    })?;
    Some(point.join(path.trim_start_matches('/')))
}

/// The mount point of the cgroup v2 file system.
fn v2_mount() -> Option<PathBuf> {
    mounts()
        .into_iter()
        .find_map(|(kind, _, point)| (kind == "cgroup2").then_some(point))
}

/// The folder of this process's cgroup v2.
fn own_v2() -> Option<PathBuf> {
    let groups = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = groups.lines().find_map(|line| line.strip_prefix("0::"))?;
    Some(v2_mount()?.join(path.trim_start_matches('/')))
}

/// Whether this process may make folders in `dir` (and so cgroups under it).
fn writable(dir: &Path) -> bool {
    nix::unistd::access(dir, nix::unistd::AccessFlags::W_OK).is_ok()
}

/// The parents of the runs' cgroups, found (and on v2 prepared) once per process; `None` where
/// this process cannot have them (see the module docs).
pub fn parents() -> Option<Parents> {
    static PARENTS: OnceLock<Option<Parents>> = OnceLock::new();
    PARENTS.get_or_init(find).clone()
}

fn find() -> Option<Parents> {
    let parents = find_v1().or_else(|| {
        let dir = prepare_v2()?;
        let pids = fs::read_to_string(dir.join("cgroup.subtree_control"))
            .is_ok_and(|text| text.split_ascii_whitespace().any(|word| word == "pids"));
        Some(Parents {
            version: Version::V2,
            memory: dir.clone(),
            cpu: dir.clone(),
            pids: pids.then_some(dir),
        })
    })?;
    sweep(&parents);
    Some(parents)
}

fn find_v1() -> Option<Parents> {
    let (memory, cpu) = (own_v1("memory")?, own_v1("cpuacct")?);
    let usable = writable(&memory) && writable(&cpu) && memory.join("memory.max_usage_in_bytes").exists();
    let pids = own_v1("pids").filter(|dir| writable(dir));
    usable.then_some(Parents {
        version: Version::V1,
        memory,
        cpu,
        pids,
    })
}

/// Removes the runs' cgroups that a supervisor killed by SIGKILL (which nothing can catch) left:
/// `judge-run-<pid>` whose supervisor `<pid>` is gone. The kernel refuses to remove one that
/// still holds a process, so a living run's is never taken.
fn sweep(parents: &Parents) {
    for parent in [Some(&parents.memory), Some(&parents.cpu), parents.pids.as_ref()]
        .into_iter()
        .flatten()
    {
        let Ok(entries) = fs::read_dir(parent) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let pid = name
                .to_str()
                .and_then(|name| name.strip_prefix("judge-run-")?.parse::<u32>().ok());
            if pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
                let _ = fs::remove_dir(entry.path());
            }
        }
    }
}

/// Whether the whitespace-separated list in file `name` of `dir` names `memory`.
fn lists_memory(dir: &Path, name: &str) -> bool {
    fs::read_to_string(dir.join(name)).is_ok_and(|text| text.split_ascii_whitespace().any(|word| word == "memory"))
}

/// A v2 cgroup whose children may use the memory controller (see the module docs).
fn prepare_v2() -> Option<PathBuf> {
    let dir = own_v2()?;
    if !lists_memory(&dir, "cgroup.controllers") || !writable(&dir) {
        return None;
    }
    if lists_memory(&dir, "cgroup.subtree_control") {
        // Only the root cgroup holds processes and enables controllers for its children.
        return (dir == v2_mount()?).then_some(dir);
    }
    let me = std::process::id().to_string();
    let procs = fs::read_to_string(dir.join("cgroup.procs")).ok()?;
    if procs.split_ascii_whitespace().ne([me.as_str()]) {
        return None;
    }
    let leaf = dir.join(format!("judge-{me}"));
    fs::create_dir(&leaf).ok()?;
    if fs::write(leaf.join("cgroup.procs"), &me).is_err() {
        let _ = fs::remove_dir(&leaf);
        return None;
    }
    // The task count too where the kernel offers it; memory is what must be there.
    let _ = fs::write(dir.join("cgroup.subtree_control"), "+pids");
    if fs::write(dir.join("cgroup.subtree_control"), "+memory").is_err() {
        let _ = fs::write(dir.join("cgroup.procs"), &me);
        let _ = fs::remove_dir(&leaf);
        return None;
    }
    Some(dir)
}

/// One run's cgroup (two folders on v1: memory and cpuacct), made by the supervisor before the
/// program starts and removed after every process in it has gone.
#[derive(Debug)]
pub struct RunCgroup {
    version: Version,
    memory: PathBuf,
    cpu: PathBuf,
    /// The v1 `pids` folder, when it is another.
    pids: Option<PathBuf>,
}

/// Most tasks (processes and threads) a run may have at once, where a `pids` controller is
/// there: far above what a solution uses (judges allow one process, or a few threads), far
/// below what would take the machine's process table, so a fork bomb fails its forks (usually
/// an RE) instead of filling the machine.
pub const MAX_TASKS: u32 = 512;

/// `error` with the file it concerns.
fn about(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

fn write(path: &Path, text: &str) -> io::Result<()> {
    fs::write(path, text).map_err(|error| about(path, error))
}

impl RunCgroup {
    /// Makes the cgroup `name` under `parents`, capped at `limit` bytes of memory (and no swap)
    /// when there is a limit.
    ///
    /// # Errors
    /// Where the kernel refuses a folder or a limit: the supervisor's failure, never a verdict.
    pub fn create(parents: &Parents, name: &str, limit: Option<u64>) -> io::Result<RunCgroup> {
        let memory = parents.memory.join(name);
        let cpu = parents.cpu.join(name);
        fs::create_dir(&memory).map_err(|error| about(&memory, error))?;
        let pids = parents.pids.as_ref().map(|parent| parent.join(name));
        let cgroup = RunCgroup {
            version: parents.version,
            memory: memory.clone(),
            cpu,
            pids: pids.clone().filter(|pids| *pids != memory),
        };
        if cgroup.cpu != cgroup.memory {
            fs::create_dir(&cgroup.cpu).map_err(|error| about(&cgroup.cpu, error))?;
        }
        if let Some(dir) = &cgroup.pids {
            fs::create_dir(dir).map_err(|error| about(dir, error))?;
        }
        if let Some(dir) = &pids {
            write(&dir.join("pids.max"), &MAX_TASKS.to_string())?;
        }
        if let Some(limit) = limit {
            let bytes = limit.to_string();
            match cgroup.version {
                Version::V1 => {
                    write(&cgroup.memory.join("memory.limit_in_bytes"), &bytes)?;
                    let memsw = cgroup.memory.join("memory.memsw.limit_in_bytes");
                    // Only where the kernel accounts swap (`swapaccount`).
                    if memsw.exists() {
                        write(&memsw, &bytes)?;
                    }
                }
                Version::V2 => {
                    write(&cgroup.memory.join("memory.max"), &bytes)?;
                    let swap = cgroup.memory.join("memory.swap.max");
                    if swap.exists() {
                        write(&swap, "0")?;
                    }
                }
            }
        }
        Ok(cgroup)
    }

    /// The `cgroup.procs` files a process writes `0` into to enter the run's cgroup.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        let mut files = vec![self.memory.join("cgroup.procs")];
        if self.cpu != self.memory {
            files.push(self.cpu.join("cgroup.procs"));
        }
        files.extend(self.pids.iter().map(|dir| dir.join("cgroup.procs")));
        files
    }

    /// The first number in file `name` of `dir`.
    fn number(dir: &Path, name: &str) -> u64 {
        fs::read_to_string(dir.join(name))
            .unwrap_or_default()
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// The number after `key ` in the flat-keyed file `name` of `dir`.
    fn keyed(dir: &Path, name: &str, key: &str) -> u64 {
        let text = fs::read_to_string(dir.join(name)).unwrap_or_default();
        text.lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(' ')?.trim().parse().ok())
            .unwrap_or(0)
    }

    /// The CPU time (user + system) of every process that was ever in the cgroup.
    pub fn cpu(&self) -> Duration {
        match self.version {
            Version::V1 => Duration::from_nanos(Self::number(&self.cpu, "cpuacct.usage")),
            Version::V2 => Duration::from_micros(Self::keyed(&self.cpu, "cpu.stat", "usage_usec")),
        }
    }

    /// The most memory the cgroup held at once, in bytes.
    pub fn peak(&self) -> u64 {
        match self.version {
            Version::V1 => Self::number(&self.memory, "memory.max_usage_in_bytes"),
            Version::V2 => Self::number(&self.memory, "memory.peak"),
        }
    }

    /// Whether the kernel killed a process of the cgroup for passing its memory limit.
    pub fn oom_killed(&self) -> bool {
        match self.version {
            Version::V1 => Self::keyed(&self.memory, "memory.oom_control", "oom_kill") > 0,
            Version::V2 => Self::keyed(&self.memory, "memory.events", "oom_kill") > 0,
        }
    }

    /// Removes the cgroup's folders once its last process is gone (the kernel frees a removed
    /// cgroup when the pages still charged to it are freed).
    ///
    /// # Errors
    /// If a folder cannot be removed within a second (a process still in it).
    pub fn remove(&self) -> io::Result<()> {
        for dir in [Some(&self.memory), Some(&self.cpu), self.pids.as_ref()]
            .into_iter()
            .flatten()
        {
            let mut tries = 0;
            loop {
                match fs::remove_dir(dir) {
                    Ok(()) => break,
                    Err(error) if error.kind() == io::ErrorKind::NotFound => break,
                    // A process being reaped still counts for a moment.
                    Err(_) if tries < 1000 => {
                        tries += 1;
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    Err(error) => return Err(about(dir, error)),
                }
            }
        }
        Ok(())
    }
}
