//! The confined mode: each program runs as a judge's sandbox runs it (isolate's layout), with the
//! kernel counting its memory and CPU time.
//!
//! The supervisor ([`supervise`], outside every namespace, where the program cannot see it) makes
//! the run's cgroup ([`RunCgroup`]), enters a new PID namespace for its children and
//! starts itself again as that namespace's init ([`init`], pid 1). The init:
//! - enters new mount, IPC, network and UTS namespaces ([`enter`]): every mount read-only, a
//!   fresh `/proc` that shows only the run's processes, a private `/dev/shm` (tmpfs) and a private
//!   `/tmp` (an overlay whose writes go to the run's tmpfs, over the machine's `/tmp` read-only),
//!   a `/dev` of its own holding only `null`, `zero`, `full`, `random`, `urandom` and the `fd`
//!   links, and the run's working folder as the one writable place outside those;
//! - starts a launcher ([`launch`]), moves it into the run's cgroup and lets it become the
//!   program (`exec`): the program is in the cgroup from its first instruction, and neither the
//!   setup nor the init is charged to it (the init stays out of the memory cgroup, where the
//!   kernel's OOM killer could take it);
//! - so the program runs with no signal blocked, in the working folder, with `TMPDIR=/tmp`, and
//!   (when `judge` runs as root) under a uid and gid of its own, which cannot signal or trace the
//!   init, write the cgroup's files, or leave the cgroup; or, where only root may enter the folder
//!   the programs live in, as root's uid with no capability at all;
//! - reaps whatever ends, and when the program ends, writes how on a pipe to the supervisor and
//!   exits: the kernel then kills every process left in the namespace, and the IPC namespace's
//!   System V objects and the tmpfs mounts go with the last of them.
//!
//! The init dies with the supervisor (`PR_SET_PDEATHSIG`), and the supervisor with `judge` (its
//! parent-death signal is SIGTERM, on which it stops the run and cleans up): killing `judge` and
//! its supervisor together leaves no process, since the init's death empties the namespace.
//!
//! Built on `nix`'s safe `unshare`, `mount` and `prctl` rather than Debian's `bubblewrap`: no
//! package to install on the machine, no second process tree to supervise, and the same few
//! system calls bubblewrap makes. What this mode needs: root (`CAP_SYS_ADMIN`) and a writable
//! cgroup ([`super::cgroup::parents`]); `runner::sandbox` chooses it where both are there.

use super::cgroup::{Parents, RunCgroup};
use super::report::{Ending, Mode, Report, Stopped};
use nix::mount::{mount, MsFlags};
use nix::sched::{unshare, CloneFlags};
use nix::sys::signal::{kill, SigSet, SigmaskHow, Signal};
use nix::sys::wait::{waitid, waitpid, Id, WaitPidFlag, WaitStatus};
use nix::unistd::Pid;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The devices a program finds in its `/dev`.
pub const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// How often the supervisor looks at the run's CPU time and the wall clock: the most a program
/// can run past its limit.
const WATCH: Duration = Duration::from_millis(10);

fn failed(what: &str, error: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::Other, format!("{what}: {error}"))
}

/// A mount point of `/proc/self/mountinfo`, its octal escapes (`\040` for a space) undone.
fn unescape(field: &str) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let octal = bytes
            .get(at + 1..at + 4)
            .filter(|digits| digits.iter().all(|d| (b'0'..=b'7').contains(d)));
        match (bytes[at], octal) {
            (b'\\', Some(digits)) => {
                out.push(digits.iter().fold(0u8, |value, d| value.wrapping_mul(8) + (d - b'0')));
                at += 4;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    PathBuf::from(OsString::from_vec(out))
}

/// Remounts every mount of this (private) mount namespace read-only, keeping each one's
/// `nosuid`, `nodev`, `noexec` and access-time flags.
fn read_only_everywhere() -> io::Result<()> {
    let info = fs::read_to_string("/proc/self/mountinfo")?;
    let mut done: Vec<PathBuf> = Vec::new();
    for line in info.lines() {
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        let (Some(point), Some(options)) = (fields.get(4), fields.get(5)) else {
            continue;
        };
        let point = unescape(point);
        // A point mounted over twice: the path reaches the top mount only, the one below is hidden.
        if done.contains(&point) {
            continue;
        }
        let mut flags = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY;
        for option in options.split(',') {
            flags |= match option {
                "nosuid" => MsFlags::MS_NOSUID,
                "nodev" => MsFlags::MS_NODEV,
                "noexec" => MsFlags::MS_NOEXEC,
                "noatime" => MsFlags::MS_NOATIME,
                "nodiratime" => MsFlags::MS_NODIRATIME,
                "relatime" => MsFlags::MS_RELATIME,
                _ => MsFlags::empty(),
            };
        }
        mount(None::<&str>, &point, None::<&str>, flags, None::<&str>)
            .map_err(|error| failed(&format!("cannot make {} read-only", point.display()), error))?;
        done.push(point);
    }
    Ok(())
}

fn mount_tmpfs(at: &str, flags: MsFlags, mode: &str) -> io::Result<()> {
    mount(Some("tmpfs"), at, Some("tmpfs"), flags, Some(mode))
        .map_err(|error| failed(&format!("cannot mount a tmpfs on {at}"), error))
}

fn bind(from: &Path, to: &Path) -> io::Result<()> {
    mount(Some(from), to, None::<&str>, MsFlags::MS_BIND, None::<&str>)
        .map_err(|error| failed(&format!("cannot bind {} to {}", from.display(), to.display()), error))
}

/// Enters new mount, IPC, network and UTS namespaces and lays out the program's view of the
/// machine (see the module docs); `workdir` stays writable, at the same path, and becomes the
/// current folder.
///
/// # Errors
/// A namespace or mount the kernel refuses, named.
pub fn enter(workdir: &Path) -> io::Result<()> {
    let flags =
        CloneFlags::CLONE_NEWNS | CloneFlags::CLONE_NEWIPC | CloneFlags::CLONE_NEWNET | CloneFlags::CLONE_NEWUTS;
    unshare(flags).map_err(|error| failed("cannot make new namespaces", error))?;
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        None::<&str>,
    )
    .map_err(|error| failed("cannot make the mounts private", error))?;
    // Held open: the folder may be hidden below the new /tmp, and is bound back from here.
    let work = fs::File::open(workdir).map_err(|error| failed(&format!("cannot open {}", workdir.display()), error))?;
    read_only_everywhere()?;
    let quiet = MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC;
    mount(Some("proc"), "/proc", Some("proc"), quiet, None::<&str>)
        .map_err(|error| failed("cannot mount /proc", error))?;
    // The machine's /tmp, held open: the program's /tmp shows it beneath its own writes (below).
    let machine_tmp = fs::File::open("/tmp").map_err(|error| failed("cannot open /tmp", error))?;
    // The new /dev is laid out in a tmpfs on /tmp (the old /dev still visible to bind its
    // devices from), then moved over /dev; /tmp keeps the tmpfs as its own, emptied.
    mount_tmpfs("/tmp", MsFlags::MS_NOSUID | MsFlags::MS_NODEV, "mode=755")?;
    fs::create_dir("/tmp/dev")?;
    mount_tmpfs("/tmp/dev", MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC, "mode=755")?;
    let dev = Path::new("/tmp/dev");
    for device in DEVICES {
        fs::File::create(dev.join(device))?;
        bind(&Path::new("/dev").join(device), &dev.join(device))?;
    }
    for (link, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        std::os::unix::fs::symlink(target, dev.join(link))?;
    }
    fs::create_dir(dev.join("shm"))?;
    mount(Some(dev), "/dev", None::<&str>, MsFlags::MS_MOVE, None::<&str>)
        .map_err(|error| failed("cannot move the new /dev", error))?;
    mount_tmpfs("/dev/shm", MsFlags::MS_NOSUID | MsFlags::MS_NODEV, "mode=1777")?;
    let read_only =
        MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID | MsFlags::MS_NOEXEC;
    mount(None::<&str>, "/dev", None::<&str>, read_only, None::<&str>)
        .map_err(|error| failed("cannot make /dev read-only", error))?;
    fs::remove_dir("/tmp/dev")?;
    // The program's /tmp: the machine's, read-only, beneath an overlay whose writes land in this
    // run's tmpfs and go with it. What it writes is its own, and a program or a workspace that
    // lives under /tmp (a clone made in `mktemp -d`) can still be run.
    fs::create_dir("/tmp/.upper")?;
    fs::set_permissions("/tmp/.upper", fs::Permissions::from_mode(0o1777))?;
    fs::create_dir("/tmp/.work")?;
    let layers = format!(
        "lowerdir=/proc/self/fd/{},upperdir=/tmp/.upper,workdir=/tmp/.work",
        machine_tmp.as_raw_fd()
    );
    mount(
        Some("overlay"),
        "/tmp",
        Some("overlay"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some(layers.as_str()),
    )
    .map_err(|error| failed("cannot mount the program's /tmp (an overlay on the machine's)", error))?;
    drop(machine_tmp);
    // The working folder, bound back from the descriptor (it may be below /tmp), writable.
    if !workdir.exists() {
        fs::create_dir_all(workdir)?;
    }
    bind(&PathBuf::from(format!("/proc/self/fd/{}", work.as_raw_fd())), workdir)?;
    let writable = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_NOSUID | MsFlags::MS_NODEV;
    mount(None::<&str>, workdir, None::<&str>, writable, None::<&str>)
        .map_err(|error| failed("cannot make the working folder writable", error))?;
    std::env::set_current_dir(workdir)?;
    Ok(())
}

/// What [`supervise`] needs to run one program confined.
pub struct Confined<'a> {
    /// Where the run's cgroup is made.
    pub parents: Parents,
    /// The memory limit in bytes.
    pub memory_limit: Option<u64>,
    /// The CPU-time limit of the whole tree.
    pub cpu_limit: Option<Duration>,
    /// The wall-clock limit.
    pub wall_limit: Option<Duration>,
    /// The program's own uid and gid (when `judge` is root).
    pub uid: Option<u32>,
    /// The run's working folder.
    pub workdir: PathBuf,
    /// The program and its arguments.
    pub program: &'a [OsString],
}

/// The init's process id while it may be signalled (0 before it runs and once it has ended):
/// what a stop request kills. Locked by the kill and by the reaping, so that a kill never comes
/// after the init is reaped, when its id may already be another process's.
static INIT: Mutex<i32> = Mutex::new(0);

/// Stops the run: kills the init, whose death empties the namespace. Before the init has
/// started, it is killed as soon as it starts (see [`supervise`]).
pub fn stop() {
    let init = INIT.lock().unwrap_or_else(PoisonError::into_inner);
    if *init > 0 {
        let _ = kill(Pid::from_raw(*init), Signal::SIGKILL);
    }
}

/// The slack above the memory limit at which the kernel stops the tree: the peak then shows the
/// overrun, and the verdict is MLE.
const OVERRUN: u64 = 1 << 20;

/// Runs `run.program` confined and measures it; `stop_asked` says whether `judge` asked for a
/// stop (it is looked at every 10 ms).
///
/// # Errors
/// The supervisor's own failures (a cgroup, namespace or mount refused, the program cannot
/// start): `judge`'s failure, never a verdict.
pub fn supervise(run: &Confined, stop_asked: &dyn Fn() -> bool) -> io::Result<Report> {
    let name = format!("judge-run-{}", std::process::id());
    let cgroup = RunCgroup::create(&run.parents, &name, run.memory_limit.map(|limit| limit + OVERRUN))?;
    let outcome = supervise_in(run, &cgroup, stop_asked);
    let removed = cgroup.remove();
    let report = outcome?;
    removed?;
    Ok(report)
}

fn supervise_in(run: &Confined, cgroup: &RunCgroup, stop_asked: &dyn Fn() -> bool) -> io::Result<Report> {
    let (status, status_end) = nix::unistd::pipe()?;
    nix::fcntl::fcntl(
        status.as_raw_fd(),
        nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::FD_CLOEXEC),
    )?;
    unshare(CloneFlags::CLONE_NEWPID).map_err(|error| failed("cannot make a PID namespace", error))?;
    let mut init = Command::new(std::env::current_exe()?);
    init.arg("--init")
        .arg("--status-fd")
        .arg(status_end.as_raw_fd().to_string());
    init.arg("--workdir").arg(&run.workdir);
    if let Some(uid) = run.uid {
        init.arg("--uid").arg(uid.to_string());
    }
    for file in cgroup.procs_files() {
        init.arg("--enter").arg(file);
    }
    init.arg("--").args(run.program);
    let start = Instant::now();
    let child = init
        .spawn()
        .map_err(|error| failed("cannot start the sandbox's init", error))?;
    drop(status_end);
    let pid = Pid::from_raw(child.id() as i32);
    *INIT.lock().unwrap_or_else(PoisonError::into_inner) = pid.as_raw();
    let mut stopped = None;
    let ended_by = loop {
        // Seen ended without reaping (`WNOWAIT`): the init keeps its id, so a stop request
        // racing with its end kills nothing else, until `INIT` is cleared.
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        match waitid(Id::Pid(pid), flags) {
            Ok(WaitStatus::StillAlive) | Err(nix::errno::Errno::EINTR) => {}
            Ok(_) => {
                *INIT.lock().unwrap_or_else(PoisonError::into_inner) = 0;
                match waitpid(pid, None)? {
                    WaitStatus::Exited(_, code) => break Ending::Exit(code),
                    WaitStatus::Signaled(_, signal, _) => break Ending::Signal(signal as i32),
                    _ => {}
                }
            }
            Err(error) => return Err(error.into()),
        }
        if stopped.is_none() {
            stopped = if stop_asked() {
                Some(Stopped::Judge)
            } else if run.cpu_limit.is_some_and(|limit| cgroup.cpu() > limit) {
                Some(Stopped::Cpu)
            } else if run.wall_limit.is_some_and(|limit| start.elapsed() > limit) {
                Some(Stopped::Wall)
            } else {
                None
            };
            if stopped.is_some() {
                stop();
            }
        }
        // Short runs are the common case: a look soon after the start, then every WATCH.
        thread::sleep((start.elapsed() / 8).clamp(Duration::from_millis(1), WATCH));
    };
    let wall = start.elapsed();
    // The stop request's own kill may have ended the init before the loop looked.
    if stopped.is_none() && stop_asked() {
        stopped = Some(Stopped::Judge);
    }
    let mut said = String::new();
    // The init wrote before it exited; a killed one wrote nothing, or a part.
    let _ = fs::File::from(status).take(4096).read_to_string(&mut said);
    let ending = match said.lines().next().and_then(|line| line.split_once(':')) {
        Some(("error", why)) => return Err(io::Error::new(io::ErrorKind::Other, why.to_string())),
        Some(("exit", code)) => code.parse().map(Ending::Exit).unwrap_or(ended_by),
        Some(("signal", signal)) => signal.parse().map(Ending::Signal).unwrap_or(ended_by),
        _ if stopped.is_some() => Ending::Signal(Signal::SIGKILL as i32),
        _ => {
            return Err(failed(
                "the sandbox's init ended without a word",
                format!("{ended_by:?}"),
            ))
        }
    };
    let memory_killed = cgroup.oom_killed();
    let peak = cgroup.peak();
    Ok(Report {
        mode: Mode::Confined,
        peak_kib: peak / 1024,
        cpu: cgroup.cpu(),
        wall,
        ending,
        memory_killed,
        stopped,
    })
}

/// The init's and the launcher's arguments: `--status-fd N --workdir DIR [--uid U]
/// [--enter FILE]... -- PROGRAM ARGS` (init), `--go-fd N --error-fd N [--uid U] -- PROGRAM ARGS`
/// (launcher).
#[derive(Default)]
struct InternalArgs {
    status_fd: Option<i32>,
    go_fd: Option<i32>,
    error_fd: Option<i32>,
    workdir: PathBuf,
    uid: Option<u32>,
    enter: Vec<PathBuf>,
    program: Vec<OsString>,
}

fn internal_args(args: &[OsString]) -> Option<InternalArgs> {
    let mut parsed = InternalArgs::default();
    let mut at = 0;
    while at < args.len() {
        let value = args.get(at + 1);
        let number = || value?.to_str()?.parse::<i32>().ok();
        match args[at].to_str()? {
            "--" => {
                parsed.program = args[at + 1..].to_vec();
                break;
            }
            "--status-fd" => parsed.status_fd = Some(number()?),
            "--go-fd" => parsed.go_fd = Some(number()?),
            "--error-fd" => parsed.error_fd = Some(number()?),
            "--workdir" => parsed.workdir = PathBuf::from(value?),
            "--uid" => parsed.uid = Some(u32::try_from(number()?).ok()?),
            "--enter" => parsed.enter.push(PathBuf::from(value?)),
            _ => return None,
        }
        at += 2;
    }
    (!parsed.program.is_empty()).then_some(parsed)
}

/// The inherited descriptor `fd` as a file (reopened through `/proc/self/fd`: the workspace
/// takes no raw descriptor), the raw one closed.
fn inherited(fd: i32, write: bool) -> io::Result<fs::File> {
    let file = fs::OpenOptions::new()
        .read(!write)
        .write(write)
        .open(format!("/proc/self/fd/{fd}"))?;
    let _ = nix::unistd::close(fd);
    Ok(file)
}

/// A pipe whose end `keep` (0 read, 1 write) stays in this process only, and whose other end a
/// child inherits.
fn pipe_for_child(keep: usize) -> io::Result<(fs::File, std::os::fd::OwnedFd)> {
    let (read, write) = nix::unistd::pipe()?;
    let (kept, given) = if keep == 0 { (read, write) } else { (write, read) };
    nix::fcntl::fcntl(
        kept.as_raw_fd(),
        nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::FD_CLOEXEC),
    )?;
    Ok((fs::File::from(kept), given))
}

/// The sandbox's init (`peak-rss --init ...`, started by [`supervise`] as pid 1 of the new PID
/// namespace): sets the namespaces up, starts the program through the launcher ([`launch`]),
/// moves it into the run's cgroup before it runs, reaps, and reports the program's ending on the
/// status pipe. The init itself stays out of the memory cgroup: the kernel's OOM killer, which
/// it cannot be shielded from without `CAP_SYS_RESOURCE`, finds only the program's processes
/// there, and what tmpfs still holds after them cannot stop the report. Returns its exit status.
pub fn init(args: &[OsString]) -> u8 {
    // Gone with the supervisor, whatever kills it.
    let _ = nix::sys::prctl::set_pdeathsig(Signal::SIGKILL);
    let Some(args) = internal_args(args) else {
        let _ = io::stderr().write_all(b"peak-rss: error: --init takes --status-fd N --workdir DIR -- PROGRAM\n");
        return 125;
    };
    let Some(Ok(mut status)) = args.status_fd.map(|fd| inherited(fd, true)) else {
        return 125;
    };
    let mut tell = |line: String| {
        let _ = status.write_all(line.as_bytes());
    };
    // Opened before every mount is made read-only.
    let cgroups: io::Result<Vec<fs::File>> = args
        .enter
        .iter()
        .map(|file| fs::OpenOptions::new().write(true).open(file))
        .collect();
    // This binary, opened before the new /tmp may hide it (a workspace cloned under /tmp): the
    // launcher is started from the descriptor (an ELF binary runs from /proc/self/fd even though
    // the descriptor closes on exec).
    let this = std::env::current_exe().and_then(fs::File::open);
    let started = cgroups.and_then(|cgroups| {
        let this = this?;
        enter(&args.workdir)?;
        let (mut go, go_end) = pipe_for_child(1)?;
        let (mut error, error_end) = pipe_for_child(0)?;
        SigSet::empty().thread_set_mask()?;
        let mut launcher = Command::new(format!("/proc/self/fd/{}", this.as_raw_fd()));
        launcher
            .arg("--launch")
            .arg("--go-fd")
            .arg(go_end.as_raw_fd().to_string());
        launcher.arg("--error-fd").arg(error_end.as_raw_fd().to_string());
        if let Some(uid) = args.uid {
            launcher.arg("--uid").arg(uid.to_string());
        }
        let child = launcher.arg("--").args(&args.program).spawn()?;
        drop((go_end, error_end));
        for mut cgroup in cgroups {
            cgroup.write_all(child.id().to_string().as_bytes())?;
        }
        go.write_all(b"g")?;
        drop(go);
        let mut said = String::new();
        error.read_to_string(&mut said)?;
        Ok((Pid::from_raw(child.id() as i32), said))
    });
    let program = match started {
        Ok((program, said)) if said.is_empty() => program,
        Ok((program, said)) => {
            let _ = waitpid(program, None);
            tell(said);
            return 125;
        }
        Err(error) => {
            tell(format!("error:cannot confine the program: {error}\n"));
            return 125;
        }
    };
    loop {
        match waitpid(Pid::from_raw(-1), None) {
            Ok(WaitStatus::Exited(pid, code)) if pid == program => {
                tell(format!("exit:{code}\n"));
                return 0;
            }
            Ok(WaitStatus::Signaled(pid, signal, _)) if pid == program => {
                tell(format!("signal:{}\n", signal as i32));
                return 0;
            }
            Ok(_) | Err(nix::errno::Errno::EINTR) => {}
            Err(_) => return 0,
        }
    }
}

/// The launcher (`peak-rss --launch ...`, started by [`init`]): waits until the init has moved
/// it into the run's cgroup, then becomes the program (`exec`) under its own uid and gid, with
/// `TMPDIR=/tmp`. If the program cannot start, says why on the error pipe (which the program
/// never inherits) and returns 125.
pub fn launch(args: &[OsString]) -> u8 {
    let Some(args) = internal_args(args) else {
        return 125;
    };
    let (Some(go), Some(error)) = (args.go_fd, args.error_fd) else {
        return 125;
    };
    let (Ok(mut go), Ok(mut error)) = (inherited(go, false), inherited(error, true)) else {
        return 125;
    };
    let mut byte = [0u8];
    if !matches!(go.read(&mut byte), Ok(1)) {
        return 125;
    }
    drop(go);
    let mut program = Command::new(&args.program[0]);
    // A process group of its own: a `kill 0` in the program reaches what it started, never the
    // init (which a program under root's uid could otherwise signal).
    program.args(&args.program[1..]).env("TMPDIR", "/tmp").process_group(0);
    if let Some(uid) = args.uid {
        program.uid(uid).gid(uid);
    } else if let Err(failure) = without_capabilities() {
        let _ = error.write_all(format!("error:cannot drop the program's capabilities: {failure}\n").as_bytes());
        return 125;
    }
    let failure = program.exec();
    let bare = !args.program[0].to_string_lossy().contains('/');
    // A folder of PATH the program's uid may not search (one under /root) makes a missing name
    // EACCES rather than ENOENT: found nowhere, it is not found.
    let nowhere = || {
        let path = std::env::var_os("PATH").unwrap_or_default();
        !std::env::split_paths(&path).any(|dir| dir.join(&args.program[0]).exists())
    };
    let private = ["/dev"].iter().any(|dir| Path::new(&args.program[0]).starts_with(dir));
    let hint = if bare && (failure.kind() == io::ErrorKind::NotFound || nowhere()) {
        " (not found on PATH)"
    } else if private && failure.kind() == io::ErrorKind::NotFound {
        " (a confined program's /dev is its own: put the program elsewhere, or run with JUDGE_SANDBOX=fallback)"
    } else {
        ""
    };
    let name = judge_oracle::escape(&args.program[0]);
    let _ = error.write_all(format!("error:cannot run {name}: {failure}{hint}\n").as_bytes());
    125
}

/// Empties this process's capability bounding, inheritable and ambient sets, so that the program
/// it becomes runs as root's uid with no capability at all (an `exec` gives root the bounding set
/// and nothing beyond it): it cannot remount, leave its cgroup, trace or read past a file's mode,
/// where the folder it must run from is open to root alone (a workspace in a 0700 folder).
fn without_capabilities() -> Result<(), caps::errors::CapsError> {
    caps::clear(None, caps::CapSet::Ambient)?;
    caps::clear(None, caps::CapSet::Inheritable)?;
    caps::clear(None, caps::CapSet::Bounding)
}

/// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread (and the threads it starts) and
/// starts a thread that waits for them and calls `on_signal`: the supervisor's stop request
/// (`judge` sends SIGTERM; the parent-death signal is SIGTERM too).
///
/// # Errors
/// If the mask cannot be set or the thread cannot start.
pub fn on_stop_request(on_signal: fn()) -> io::Result<()> {
    let mut signals = SigSet::empty();
    for signal in [Signal::SIGTERM, Signal::SIGINT, Signal::SIGHUP] {
        signals.add(signal);
    }
    nix::sys::signal::sigprocmask(SigmaskHow::SIG_BLOCK, Some(&signals), None)?;
    thread::Builder::new()
        .name("stop".into())
        .stack_size(64 << 10)
        .spawn(move || loop {
            if signals.wait().is_ok() {
                on_signal();
            }
        })?;
    Ok(())
}
