//! The attacks of a hostile round on the supervisor, each held in both modes (`judge`'s own
//! choice, confined where it can be had, and the fallback forced with `JUDGE_SANDBOX=fallback`):
//!
//! - System V shared memory and pipe buffers are MLE when confined, and nothing is left (`ipcs`);
//!   the fallback, which cannot count them, says so in its summary;
//! - a file hoarded under `/dev` is MLE in both modes and is gone after the run;
//! - a program that stops or kills its supervisor and forges its report gets its true verdict
//!   (confined: it cannot reach the supervisor) or `judge`'s own error (fallback), never AC and
//!   never a hang;
//! - a program that plants FIFOs and links where `judge` makes its files changes nothing;
//! - a program that maps its stdin by its `fstat` size is AC;
//! - Ctrl-C and SIGTERM leave nothing in `TMPDIR`;
//! - a fork bomb is capped when confined (the fallback says it has no cap);
//! - a program that arms a parent-death signal is not sent it while its supervisor lives.
//!
//! The hostile programs are small C files (`tests/fixtures/hostile/`), compiled once with gcc;
//! their work is a few dozen MiB, against limits of 32 MB.

use super::contract::{finish, scratch};
use judge_tests::runner::{self, Sandbox};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// `tests/fixtures/hostile/<name>.c`, compiled once per test run.
fn hostile(name: &str) -> PathBuf {
    static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/hostile/{name}.c"));
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}"));
    let done = Command::new("gcc")
        .args(["-O1", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("gcc runs");
    assert!(
        done.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&done.stderr)
    );
    built.insert(name.to_string(), binary.clone());
    binary
}

/// The two modes, as `JUDGE_SANDBOX` sets them: `judge`'s own choice, and the fallback.
const MODES: [&str; 2] = ["", "fallback"];

/// Whether `mode` runs confined on this machine.
fn confined(mode: &str) -> bool {
    mode.is_empty() && matches!(runner::sandbox(), Sandbox::Confined { .. })
}

/// msquare/usaco-1's right answer, which the hostile programs print.
fn answer() -> String {
    judge_tests::data_dir()
        .join("msquare/usaco-1.out")
        .display()
        .to_string()
}

/// `judge run msquare CASES --memory-limit 32 --command COMMAND` in `mode`, its temporary files
/// in `tmp`; a hang fails the test.
fn judged(mode: &str, command: &str, cases: &[&str], tmp: &Path) -> Output {
    judged_under(mode, command, cases, tmp, &["--memory-limit", "32"])
}

/// [`judged`] with `limits` (switches) instead of `--memory-limit 32`.
fn judged_under(mode: &str, command: &str, cases: &[&str], tmp: &Path, limits: &[&str]) -> Output {
    let mut judge = Command::new(judge_tests::binary_path("judge"));
    judge
        .args(["run", "msquare"])
        .args(cases)
        .args(limits)
        .args(["--time-limit", "10000", "--command", command, "--data"])
        .arg(judge_tests::data_dir())
        .env("TMPDIR", tmp)
        .env(runner::sandbox::FORCE, mode);
    finish(judge, Duration::from_secs(120))
}

/// The working folders left in `dir`.
fn left_in(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("judge-"))
        .collect()
}

/// The ids of the System V shared memory segments that exist now.
fn segments() -> Vec<String> {
    let table = fs::read_to_string("/proc/sysvipc/shm").unwrap_or_default();
    table
        .lines()
        .skip(1)
        .filter_map(|line| line.split_whitespace().nth(1).map(str::to_string))
        .collect()
}

#[test]
fn hidden_kernel_memory_is_mle_confined_and_named_by_the_fallback() {
    for (program, what) in [("sysv_shm", "System V shared memory"), ("pipe_hoard", "pipe buffers")] {
        for mode in MODES {
            let dir = scratch(&format!("{program}-{mode}"));
            let before = segments();
            let command = format!("'{}' '{}'", hostile(program).display(), answer());
            let done = judged(mode, &command, &["usaco-1"], &dir);
            let said = String::from_utf8_lossy(&done.stdout);
            let new: Vec<String> = segments().into_iter().filter(|id| !before.contains(id)).collect();
            for id in &new {
                let _ = Command::new("ipcrm").args(["-m", id]).status();
            }
            if confined(mode) {
                assert!(said.starts_with("MLE msquare/usaco-1"), "{program}: {said}");
                assert!(new.is_empty(), "{program}: segments {new:?} outlived the run");
            } else {
                // What the fallback cannot see, it says it does not count.
                let summary = said
                    .lines()
                    .find(|line| line.starts_with("sandbox: fallback"))
                    .unwrap_or("");
                assert!(summary.contains(what), "{program}: {said}");
            }
            assert_eq!(left_in(&dir), Vec::<String>::new(), "{program} {mode}: left in TMPDIR");
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn a_file_hoarded_under_dev_is_mle_and_gone() {
    for mode in MODES {
        let dir = scratch(&format!("dev-hoard-{mode}"));
        let name = format!("judge-hoard-{}", std::process::id());
        let command = format!("'{}' '{}' {name}", hostile("dev_hoard").display(), answer());
        let done = judged(mode, &command, &["usaco-1"], &dir);
        let said = String::from_utf8_lossy(&done.stdout);
        let left: Vec<PathBuf> = ["/dev", "/dev/shm"]
            .iter()
            .map(|folder| Path::new(folder).join(&name))
            .filter(|path| path.exists())
            .collect();
        for path in &left {
            let _ = fs::remove_file(path);
        }
        assert!(said.starts_with("MLE msquare/usaco-1"), "{mode}: {said}");
        assert!(left.is_empty(), "{mode}: {left:?} outlived the run");
        assert_eq!(left_in(&dir), Vec::<String>::new(), "{mode}: left in TMPDIR");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_forged_report_is_never_read() {
    for ending in ["stop", "kill"] {
        for mode in MODES {
            let dir = scratch(&format!("forger-{ending}-{mode}"));
            let command = format!("'{}' '{}' {ending}", hostile("forger").display(), answer());
            let done = judged(mode, &command, &["usaco-1"], &dir);
            let said = String::from_utf8_lossy(&done.stdout);
            let stderr = String::from_utf8_lossy(&done.stderr);
            if confined(mode) {
                // It cannot see its supervisor: its 64 MiB are its true verdict.
                assert!(said.starts_with("MLE msquare/usaco-1"), "{ending}: {said}{stderr}");
            } else {
                // A supervisor stopped or killed is judge's own failure, named (the one that is
                // killed is stopped first, and judge may see either).
                let named = stderr.contains("the supervisor was stopped by SIGSTOP")
                    || (ending == "kill" && stderr.contains("the supervisor was killed by SIGKILL"));
                assert_eq!(done.status.code(), Some(2), "{ending}: {said}{stderr}");
                assert!(named && !said.contains("AC "), "{ending}: {said}{stderr}");
            }
            assert_eq!(left_in(&dir), Vec::<String>::new(), "{ending} {mode}: left in TMPDIR");
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn traps_where_judge_makes_its_files_change_nothing() {
    let solver = judge_tests::binary_path("msquare");
    for mode in MODES {
        let dir = scratch(&format!("traps-{mode}"));
        let precious = dir.join("precious");
        fs::write(&precious, "the user's own\n").unwrap();
        // Beside its working folder (in TMPDIR), under every name judge's next files could take
        // (the old report files, the next working folders): FIFOs, a link to /dev/zero and a
        // link to the user's file. Refused when confined: TMPDIR is read-only there.
        let script = format!(
            "J=$(cut -d' ' -f4 /proc/$PPID/stat); for n in 0 1 2 3 4 5; do \
             mkfifo ../judge-peak-$J-$n ../judge-peak-$PPID-$n; ln -s /dev/zero ../judge-run-$J-$((n+1)); \
             ln -s '{}' ../judge-run-$J-$((n+7)); done 2>/dev/null; exec '{}'",
            precious.display(),
            solver.display()
        );
        let done = judged(mode, &script, &["usaco-1", "usaco-2"], &dir);
        let said = String::from_utf8_lossy(&done.stdout);
        assert!(
            said.starts_with("AC  msquare/usaco-1") && said.contains("\nAC  msquare/usaco-2"),
            "{mode}: {said}{}",
            String::from_utf8_lossy(&done.stderr)
        );
        assert_eq!(fs::read_to_string(&precious).unwrap(), "the user's own\n", "{mode}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_program_that_maps_its_stdin_is_accepted() {
    let command = format!(
        "'{}' '{}'",
        hostile("mmap_reader").display(),
        judge_tests::binary_path("msquare").display()
    );
    for mode in MODES {
        let dir = scratch(&format!("mmap-{mode}"));
        let done = judged(mode, &command, &["usaco-1", "usaco-2"], &dir);
        let said = String::from_utf8_lossy(&done.stdout);
        assert!(said.contains("2 passed, 0 failed"), "{mode}: {said}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn an_interrupt_leaves_nothing_in_tmpdir() {
    for signal in [nix::sys::signal::Signal::SIGINT, nix::sys::signal::Signal::SIGTERM] {
        for mode in MODES {
            let dir = scratch(&format!("interrupt-{mode}-{}", signal as i32));
            let mut judge = Command::new(judge_tests::binary_path("judge"));
            judge
                .args([
                    "run",
                    "msquare",
                    "usaco-1",
                    "--command",
                    "touch started; exec sleep 600",
                    "--data",
                ])
                .arg(judge_tests::data_dir())
                .env("TMPDIR", &dir)
                .env(runner::sandbox::FORCE, mode)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null());
            let mut child = judge.spawn().unwrap();
            let started = || {
                fs::read_dir(&dir)
                    .unwrap()
                    .flatten()
                    .any(|entry| entry.path().join("started").exists())
            };
            let deadline = Instant::now() + Duration::from_secs(60);
            while !started() && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(10));
            }
            assert!(started(), "{mode}: the program did not start");
            nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), signal).unwrap();
            let status = child.wait().unwrap();
            assert_eq!(status.code(), Some(128 + signal as i32), "{mode} {signal}");
            assert_eq!(left_in(&dir), Vec::<String>::new(), "{mode} {signal}: left in TMPDIR");
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn a_fork_bomb_is_capped_when_confined() {
    // The fallback has no such cap (its summary says the program may do what judge's user may):
    // only the confined mode is held to it.
    if !confined("") {
        return;
    }
    let dir = scratch("fork-bomb");
    let command = format!("'{}'; exit 1", hostile("fork_bomb").display());
    // No memory limit, which would stop it first.
    let done = judged_under("", &command, &["usaco-1"], &dir, &[]);
    let said = String::from_utf8_lossy(&done.stdout);
    let started: u32 = said
        .lines()
        .find_map(|line| line.trim().strip_prefix("started "))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    // The shell and the program are tasks of the run too.
    assert!(started + 2 <= runner::cgroup::MAX_TASKS, "{said}");
    assert!(said.starts_with("RE  msquare/usaco-1"), "{said}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The kernel sends a parent-death signal (`prctl(PR_SET_PDEATHSIG)`) when the *thread* that
/// started a process ends, not its process. The fallback's `peak-rss` starts the program from a
/// thread of its own (the program must start with no signal blocked), so that thread stays until
/// the program is reaped: a program that arms the signal, as `peak-rss` itself does when a test
/// measures `judge check` under it, is never sent it by a supervisor that lives. When the thread
/// ended at once, a program that had armed the signal by then was stopped at random, more often
/// on a busy machine. The program here lists its parent's threads as it starts and again a
/// moment later (a starter that ended soon after the start would be gone by then, whatever the
/// machine's speed: the thread must outlive the program). (The confined mode's program is started
/// by the init's only thread.)
#[test]
fn a_program_is_never_sent_its_parent_death_signal_while_this_process_lives() {
    let dir = scratch("parent-death");
    let report = dir.join("report");
    let done = finish(
        {
            let mut supervisor = Command::new(judge_tests::binary_path("peak-rss"));
            supervisor.arg(&report).args([
                "sh",
                "-c",
                "cat /proc/$PPID/task/*/comm; sleep 0.3; cat /proc/$PPID/task/*/comm",
            ]);
            supervisor
        },
        Duration::from_secs(60),
    );
    let threads = String::from_utf8_lossy(&done.stdout);
    assert!(done.status.success(), "{done:?}");
    assert_eq!(
        threads.lines().filter(|&name| name == "starter").count(),
        2,
        "{threads}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
