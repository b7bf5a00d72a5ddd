//! Which of the two supervisor modes `judge` runs, chosen once per process, and what each one
//! promises: the line every run's summary ends with.
//!
//! - **confined** ([`super::confine`]), wherever `judge` can have it: root with `CAP_SYS_ADMIN`,
//!   and a cgroup it may write ([`cgroup::parents`]: v1 or v2).
//! - **fallback** (`peak-rss`'s `/proc` polling) everywhere else: not root, a container without
//!   `CAP_SYS_ADMIN` or without a writable cgroup (Docker's defaults). `JUDGE_SANDBOX=fallback`
//!   forces it (to compare, or to test it); `JUDGE_SANDBOX=confined` refuses to run without
//!   confinement.

use super::cgroup::{self, Parents};
use std::sync::OnceLock;

/// The environment variable that forces a mode: `fallback` or `confined`.
pub const FORCE: &str = "JUDGE_SANDBOX";

/// The mode the runs of this process use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sandbox {
    /// Namespaces and a cgroup: see [`super::confine`].
    Confined {
        /// Where the runs' cgroups are made.
        parents: Parents,
        /// Whether each program gets a uid of its own (`judge` is root).
        own_uid: bool,
    },
    /// `/proc` polling, and why confinement could not be had.
    Fallback {
        /// Why: `JUDGE_SANDBOX=fallback`, not root, no writable cgroup...
        why: String,
    },
    /// `JUDGE_SANDBOX=confined` where confinement cannot be had: every run is refused.
    Refused {
        /// Why confinement cannot be had.
        why: String,
    },
}

/// Whether this process holds `CAP_SYS_ADMIN` (bit 21 of `CapEff:` in `/proc/self/status`),
/// which new mount namespaces and mounts need.
fn may_mount() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("CapEff:"))
        .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok())
        .is_some_and(|caps| caps & (1 << 21) != 0)
}

/// Why confinement cannot be had here, or the cgroups it would use.
fn confinement() -> Result<Parents, String> {
    if !nix::unistd::geteuid().is_root() {
        return Err("judge is not root (confinement needs root: namespaces and a cgroup of each run's own)".into());
    }
    if !may_mount() {
        return Err("no CAP_SYS_ADMIN (a container's default), so no namespaces".into());
    }
    cgroup::parents()
        .ok_or_else(|| "no cgroup judge may write (v1 memory and cpuacct, or v2 with the memory controller)".into())
}

/// Whether a user other than root may enter every folder above `judge`'s binary and above the
/// current folder: where the programs judged live (the workspace's binaries beside `judge`, a
/// `--command`'s files here). Where one is open to root alone (a clone in a 0700 folder, as
/// `mktemp -d` makes), a uid of the program's own could not run them, so it runs as root's uid
/// with no capability instead (confine's launcher), and the summary says so.
fn others_may_enter_here() -> bool {
    use std::os::unix::fs::PermissionsExt;
    let enterable = |path: &std::path::Path| {
        path.ancestors()
            .skip(1)
            .all(|dir| std::fs::metadata(dir).is_ok_and(|meta| meta.permissions().mode() & 0o001 != 0))
    };
    let exe = std::env::current_exe().ok();
    let here = std::env::current_dir().ok();
    exe.as_deref().is_some_and(enterable) && here.is_some_and(|here| enterable(&here.join("x")))
}

/// The mode of this process's runs, chosen at the first call.
pub fn sandbox() -> &'static Sandbox {
    static MODE: OnceLock<Sandbox> = OnceLock::new();
    MODE.get_or_init(|| {
        let forced = std::env::var(FORCE).unwrap_or_default();
        match (forced.as_str(), confinement()) {
            ("fallback", _) => Sandbox::Fallback {
                why: format!("{FORCE}=fallback"),
            },
            (_, Ok(parents)) => Sandbox::Confined {
                parents,
                own_uid: others_may_enter_here(),
            },
            ("confined", Err(why)) => Sandbox::Refused { why },
            (_, Err(why)) => Sandbox::Fallback { why },
        }
    })
}

impl Sandbox {
    /// The summary's line: the mode that ran and what it does not guarantee.
    pub fn summary(&self) -> String {
        match self {
            Sandbox::Confined { parents, own_uid } => format!(
                "sandbox: confined (PID, mount, IPC and network namespaces, {}, cgroup v{} \
                 memory and CPU{}): every page and CPU second of the program's tree counted by the kernel",
                if *own_uid {
                    "a uid of its own"
                } else {
                    "root's uid with no capability, as judge's folder is open to root alone"
                },
                parents.version.number(),
                match parents.pids {
                    Some(_) => format!(", at most {} tasks", cgroup::MAX_TASKS),
                    None => String::new(),
                }
            ),
            Sandbox::Fallback { why } | Sandbox::Refused { why } => format!(
                "sandbox: fallback, memory polled from /proc ({why}): not counted are System V shared memory, \
                 pipe buffers and files made and closed between two looks; the program can see and signal \
                 judge's processes, write where judge's user may and start processes without a cap; a \
                 process it starts may outlive a judge killed together with its supervisor"
            ),
        }
    }
}
