//! Where a cgroup v2 lets `judge` count a program's memory as the kernel does: `memory.peak`
//! counts every page the program's tree causes, memfds and tmpfs files included, which no
//! process's resident set shows.
//!
//! A run gets a cgroup of its own (`<parent>/run-<supervisor id>`, made by `peak-rss`) under a
//! parent with the memory controller enabled for its children. [`memory_parent`] finds that
//! parent once: `judge`'s own cgroup, when the memory controller is available there and either
//! already enabled for its children (the root cgroup) or `judge` is alone in it, in which case
//! `judge` moves itself into a leaf `judge-<pid>` beside the runs' cgroups and enables it (a
//! cgroup whose children use a controller can hold no process itself). That needs write access
//! to the cgroup: root, or a delegated one (`systemd-run --user -p Delegate=yes`). Anywhere else
//! (cgroup v1, no memory controller, no write access, other processes in the cgroup) there is
//! none, and memory is counted from `/proc` (see `peak-rss`).

use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The mount point of the cgroup v2 file system, from `/proc/self/mountinfo`.
pub fn mount_point() -> Option<PathBuf> {
    let info = fs::read_to_string("/proc/self/mountinfo").ok()?;
    info.lines().find_map(|line| {
        // `id parent major:minor root mount-point options ... - type source options`
        let (before, after) = line.split_once(" - ")?;
        let point = before.split_ascii_whitespace().nth(4)?;
        (after.split_ascii_whitespace().next()? == "cgroup2" && !point.contains('\\')).then(|| PathBuf::from(point))
    })
}

/// The folder of this process's cgroup v2 (`0::<path>` of `/proc/self/cgroup` under the mount
/// point).
pub fn own() -> Option<PathBuf> {
    let groups = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = groups.lines().find_map(|line| line.strip_prefix("0::"))?;
    Some(mount_point()?.join(path.trim_start_matches('/')))
}

/// Whether the whitespace-separated list in file `name` of `dir` names `memory`.
fn lists_memory(dir: &std::path::Path, name: &str) -> bool {
    fs::read_to_string(dir.join(name)).is_ok_and(|text| text.split_ascii_whitespace().any(|word| word == "memory"))
}

/// The cgroup under which each run gets one of its own, found (and, where `judge` is alone in
/// its cgroup, prepared) once per process; `None` where there is none (see the module docs).
pub fn memory_parent() -> Option<PathBuf> {
    static PARENT: OnceLock<Option<PathBuf>> = OnceLock::new();
    PARENT.get_or_init(prepare).clone()
}

fn prepare() -> Option<PathBuf> {
    let dir = own()?;
    if !lists_memory(&dir, "cgroup.controllers") {
        return None;
    }
    if lists_memory(&dir, "cgroup.subtree_control") {
        // Only the root cgroup holds processes and enables controllers for its children.
        return (dir == mount_point()?).then_some(dir);
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
    if fs::write(dir.join("cgroup.subtree_control"), "+memory").is_err() {
        let _ = fs::write(dir.join("cgroup.procs"), &me);
        let _ = fs::remove_dir(&leaf);
        return None;
    }
    Some(dir)
}
