//! The runner's promises, tested on real processes under the `peak-rss` supervisor: the limits
//! hold, the program and everything it started are killed wherever they moved, every descendant's
//! memory is counted (shared pages once), the program starts with no signal blocked, judge's own
//! failures are errors rather than verdicts, and a crash keeps the end of its stderr.
//!
//! No assertion depends on how fast the machine is: time limits are far from the work done, and
//! waits for an effect poll with a generous deadline.

use judge_tests::runner::{self, exact_verdict, tree, Limits, Sandbox, Verdict, WorkingFolder};
use nix::sys::signal::{SigSet, Signal};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-limits-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `sh -c script`.
fn shell(script: &str) -> Command {
    let mut command = Command::new("sh");
    command.arg("-c").arg(script);
    command
}

/// Whether process `pid` is still running (a zombie is not: it has exited).
fn alive(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat[stat.rfind(')').unwrap() + 1..].trim_start().starts_with('Z'),
        Err(_) => false,
    }
}

/// Asserts that none of `pids` is running: they were killed before the run returned (a short
/// poll only in case the kernel is slow to mark them), and kills any survivor (this test started
/// it) so that a failure leaves nothing behind.
fn assert_all_dead(pids: &[i32]) {
    assert!(!pids.is_empty(), "the program wrote no process ids");
    let deadline = Instant::now() + Duration::from_secs(10);
    while pids.iter().any(|&pid| alive(pid)) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    let survivors: Vec<i32> = pids.iter().copied().filter(|&pid| alive(pid)).collect();
    for &pid in &survivors {
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
    }
    assert!(survivors.is_empty(), "outlived the run: {survivors:?}");
}

/// The modes every promise below is held to: the one `judge` chooses here (confined where it
/// can be had) and the /proc fallback.
fn modes() -> Vec<Sandbox> {
    let mut modes = vec![runner::sandbox().clone()];
    if !matches!(modes[0], Sandbox::Fallback { .. }) {
        modes.push(Sandbox::Fallback {
            why: "forced by the test".into(),
        });
    }
    modes
}

/// A number no other process's command line holds: a test's processes carry it as their sleep's
/// length (`sleep <tag>1`), so that they are found in any PID namespace.
fn tag(test: u32) -> String {
    format!("9{test}{:07}", std::process::id())
}

/// The processes whose last argument starts with `tag` (the sleeps and the Python program, not
/// the shells, supervisors and `judge` whose scripts name it).
fn tagged(tag: &str) -> Vec<i32> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| {
            let line = fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let last = line
                .strip_suffix(b"\0")
                .unwrap_or(&line)
                .rsplit(|&byte| byte == 0)
                .next();
            last.is_some_and(|last| last.starts_with(tag.as_bytes())) && alive(pid)
        })
        .collect()
}

/// Asserts that no process carries `tag` (a short poll in case the kernel is slow to end a
/// namespace), killing any survivor so that a failure leaves nothing behind.
fn assert_none_tagged(tag: &str, mode: &Sandbox) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !tagged(tag).is_empty() && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    let survivors = tagged(tag);
    for &pid in &survivors {
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
    }
    assert!(survivors.is_empty(), "{mode:?}: outlived the run: {survivors:?}");
}

/// `command` run in `mode` in a working folder of its own, which is returned for reading.
fn run_in(mode: &Sandbox, command: &mut Command, limits: &Limits) -> (runner::Run, WorkingFolder) {
    let folder = WorkingFolder::new().unwrap();
    let run = runner::run_in_sandbox(command, b"", limits, &folder, mode).unwrap();
    (run, folder)
}

#[test]
fn runs_a_process_and_times_it_out() {
    let done = runner::run(Command::new("cat").arg("-"), b"hello\n", None).unwrap();
    assert_eq!(done.stdout, b"hello\n");
    assert_eq!(done.code, Some(0));
    assert!(done.peak_memory.is_some_and(|bytes| bytes > 0), "{done:?}");
    assert_eq!(exact_verdict(&done, b"hello\n"), Verdict::Accepted);
    assert_eq!(exact_verdict(&done, b"hello"), Verdict::WrongAnswer);
    let slow = runner::run(Command::new("sleep").arg("30"), b"", Some(Duration::from_millis(100))).unwrap();
    assert!(slow.timed_out);
    assert_eq!(exact_verdict(&slow, b""), Verdict::TimeLimitExceeded);
    // The limit holds for what a shell starts too.
    let started = Instant::now();
    let shell_run = runner::run(&mut shell("sleep 30; echo late"), b"", Some(Duration::from_millis(200))).unwrap();
    assert!(
        shell_run.timed_out && started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let failing = runner::run(&mut shell("exit 3"), b"", None).unwrap();
    assert_eq!(exact_verdict(&failing, b""), Verdict::RuntimeError);
    assert_eq!(failing.failure().as_deref(), Some("exit 3"));
    let crashing = runner::run(&mut shell("kill -SEGV $$"), b"", None).unwrap();
    assert_eq!(crashing.failure().as_deref(), Some("SIGSEGV"));
}

#[test]
fn a_flood_of_output_is_stopped_at_the_output_limit() {
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        output: 1 << 20,
        ..Limits::default()
    };
    let flood = runner::run_with(Command::new("yes").arg("flood"), b"", &limits).unwrap();
    assert!(flood.output_limit_exceeded && !flood.timed_out, "{flood:?}");
    assert_eq!(flood.stdout.len(), 1 << 20);
    assert_eq!(exact_verdict(&flood, b""), Verdict::OutputLimitExceeded);
}

#[test]
fn a_large_input_and_output_pass_through_without_deadlock() {
    let input: Vec<u8> = (0..4_000_000u32).map(|i| b'a' + (i % 26) as u8).collect();
    let done = runner::run(&mut Command::new("cat"), &input, Some(Duration::from_secs(120))).unwrap();
    assert!(done.stdout == input, "{} bytes back", done.stdout.len());
}

#[test]
fn a_child_that_leaves_the_group_does_not_hold_the_verdict() {
    let started = Instant::now();
    let done = runner::run(
        &mut shell("setsid sleep 60 & echo done"),
        b"",
        Some(Duration::from_secs(30)),
    )
    .unwrap();
    assert_eq!(done.stdout, b"done\n");
    assert!(!done.timed_out);
    assert!(started.elapsed() < Duration::from_secs(25), "{:?}", started.elapsed());
}

#[test]
fn what_the_program_started_is_killed_when_it_exits() {
    let tag = tag(1);
    for mode in modes() {
        // A new session, and an orphan whose parent (the subshell) exits at once; each marks
        // the working folder once it runs.
        let script = format!("setsid sh -c 'touch a; exec sleep {tag}1' & (sh -c 'touch b; exec sleep {tag}2' &); while [ ! -e a ] || [ ! -e b ]; do sleep 0.01; done; echo done");
        let (done, folder) = run_in(&mode, &mut shell(&script), &Limits::time(Some(Duration::from_secs(30))));
        assert_eq!(done.stdout, b"done\n", "{mode:?}: {done:?}");
        assert!(folder.read("a").is_ok() && folder.read("b").is_ok(), "{mode:?}");
        assert_none_tagged(&tag, &mode);
    }
}

#[test]
fn what_the_program_started_is_killed_after_a_time_limit() {
    let tag = tag(2);
    for mode in modes() {
        // A new session whose shell starts a child, and an orphan; then the program waits until
        // both run and sleeps past the limit. A sleeper ends at the wall limit (a few times the
        // CPU limit): a second of CPU is far more than the start needs, and keeps the watch short.
        let script = format!(
            "setsid sh -c 'sh -c \"touch a; exec sleep {tag}1\" & exec sleep {tag}2' & (sh -c 'touch b; exec sleep {tag}3' &); \
             while [ ! -e a ] || [ ! -e b ]; do sleep 0.01; done; exec sleep {tag}4"
        );
        let (done, folder) = run_in(&mode, &mut shell(&script), &Limits::time(Some(Duration::from_secs(1))));
        assert!(done.timed_out, "{mode:?}: {done:?}");
        assert!(
            folder.read("a").is_ok() && folder.read("b").is_ok(),
            "{mode:?}: both started before the limit"
        );
        assert_none_tagged(&tag, &mode);
    }
}

#[test]
fn the_program_starts_with_no_signal_blocked() {
    // judge blocks these for itself (stop_programs_on_interrupt); so does this thread here.
    let mut signals = SigSet::empty();
    for signal in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        signals.add(signal);
    }
    signals.thread_block().unwrap();
    let done = runner::run(Command::new("grep").args(["^SigBlk", "/proc/self/status"]), b"", None);
    signals.thread_unblock().unwrap();
    let done = done.unwrap();
    assert_eq!(String::from_utf8_lossy(&done.stdout), "SigBlk:\t0000000000000000\n");
    // So a program's own `kill` works on what it started.
    let killed = runner::run(
        &mut shell("sleep 60 & kill $!; wait $!; echo $?"),
        b"",
        Some(Duration::from_secs(30)),
    )
    .unwrap();
    assert_eq!(killed.stdout, b"143\n", "{killed:?}");
}

#[test]
fn a_kill_0_in_the_program_spares_its_supervisor() {
    // The program's group is its own: the supervisor lives on to reap and report.
    let done = runner::run(&mut shell("sleep 30 & kill 0"), b"", Some(Duration::from_secs(30))).unwrap();
    assert_eq!(done.failure().as_deref(), Some("SIGTERM"), "{done:?}");
    assert!(done.peak_memory.is_some(), "no report: {done:?}");
}

#[test]
fn an_orphan_grandchild_counts_against_the_memory_limit() {
    let hog = judge_tests::binary_path("memory-hog");
    // The subshell exits at once, so the hog's parent is gone while it fills 150 MB.
    let script = format!("('{}' 150 > /dev/null &); sleep 2; echo", hog.display());
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        memory: Some(100 << 20),
        ..Limits::default()
    };
    let done = runner::run_with(&mut shell(&script), b"", &limits).unwrap();
    assert!(done.memory_limit_exceeded, "{done:?}");
    assert!(done.peak_memory.is_some_and(|peak| peak > 100 << 20), "{done:?}");
}

#[test]
fn pages_shared_by_a_forking_program_count_once() {
    // Thirty processes that share their program's and libc's pages: their PSS sum is far below
    // the sum of their resident sets, which counts every shared page thirty times.
    let mut forks = shell("for i in $(seq 30); do sleep 30 & done; wait").spawn().unwrap();
    let root = forks.id() as i32;
    let deadline = Instant::now() + Duration::from_secs(30);
    let living = || {
        tree::descendants(root)
            .into_iter()
            .filter(|process| !process.zombie)
            .count()
    };
    while living() < 30 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    let rss_kib = |pid: i32| -> u64 {
        let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let line = status
            .lines()
            .find(|line| line.starts_with("VmRSS:"))
            .unwrap_or("VmRSS: 0");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let processes = tree::descendants(root);
    let resident: u64 = processes.iter().map(|process| rss_kib(process.pid)).sum();
    let counted = tree::tree_memory_kib(root);
    tree::kill_descendants(root, Duration::from_secs(10));
    let _ = forks.kill();
    let _ = forks.wait();
    assert!(processes.len() >= 30, "{} processes", processes.len());
    assert!(
        counted > 0 && counted * 2 < resident,
        "PSS sum {counted} KiB, RSS sum {resident} KiB"
    );
    // So the same tree fits a limit that the sum of its resident sets would pass.
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        memory: Some((resident * 1024).min(64 << 20) / 2),
        ..Limits::default()
    };
    let script = "for i in $(seq 30); do sleep 1 & done; wait; echo";
    let done = runner::run_with(&mut shell(script), b"", &limits).unwrap();
    assert!(
        !done.memory_limit_exceeded && done.code == Some(0),
        "{done:?} under {limits:?}"
    );
}

#[test]
fn judges_own_failures_are_errors_not_verdicts() {
    let missing = runner::run(&mut Command::new("no-such-program-for-judge"), b"", None).unwrap_err();
    // Named as judge's own, and told apart from judge's other failures.
    assert!(
        missing.get_ref().is_some_and(|inner| inner.is::<runner::CannotStart>()),
        "{missing:?}"
    );
    assert!(missing.to_string().contains("not found on PATH"), "{missing}");
    let no_shell = runner::run(shell("true").env("PATH", "/nonexistent"), b"", None).unwrap_err();
    assert!(
        no_shell
            .to_string()
            .contains("cannot run sh: No such file or directory (os error 2) (not found on PATH)"),
        "{no_shell}"
    );
    let dir = scratch("noexec");
    // Outside /tmp, which a confined program does not see: there, a hint says so.
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("judge-limits-noexec-{}", std::process::id()));
    fs::write(&file, "#!/bin/sh\necho hi\n").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    let refused = runner::run(&mut Command::new(&file), b"", None).unwrap_err();
    fs::remove_file(&file).unwrap();
    assert!(refused.to_string().contains("ermission denied"), "{refused}");
    if matches!(runner::sandbox(), Sandbox::Confined { .. }) {
        let in_tmp = dir.join("program");
        fs::write(&in_tmp, "#!/bin/sh\necho hi\n").unwrap();
        fs::set_permissions(&in_tmp, fs::Permissions::from_mode(0o755)).unwrap();
        // The machine's /tmp shows beneath the program's own: a program there still runs.
        let ran = runner::run(&mut Command::new(&in_tmp), b"", None).unwrap();
        assert_eq!(ran.stdout, b"hi\n", "{ran:?}");
    }
    // An unusable TMPDIR: `judge run` says so and exits 2, with no verdict line.
    let data = dir.join("data");
    fs::create_dir_all(data.join("eight")).unwrap();
    fs::write(data.join("eight/solved.in"), "1 2 3 4 5 6 7 8 x\n").unwrap();
    fs::write(data.join("eight/solved.out"), "\n").unwrap();
    let judged = Command::new(judge_tests::binary_path("judge"))
        .args(["run", "eight", "--data"])
        .arg(&data)
        .args(["--command", "echo"])
        .env("TMPDIR", dir.join("no-such-folder"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&judged.stderr);
    assert_eq!(judged.status.code(), Some(2), "{said}");
    assert!(said.contains("TMPDIR") && judged.stdout.is_empty(), "{said}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_crash_keeps_the_end_of_its_stderr() {
    let script = "i=0; while [ $i -lt 3000 ]; do echo \"  frame $i\" >&2; i=$((i+1)); done; echo 'ValueError: the cause' >&2; exit 1";
    let done = runner::run(&mut shell(script), b"", Some(Duration::from_secs(120))).unwrap();
    assert_eq!(done.failure().as_deref(), Some("exit 1"));
    let tail = done.stderr_tail();
    assert!(tail.ends_with("ValueError: the cause"), "{tail}");
    assert!(
        tail.len() <= judge_tests::STDERR_SHOWN && tail.starts_with("  frame "),
        "{tail}"
    );
}

/// A Python program carrying `tag` on its command line that starts a thread running `thread`
/// (Python statements, `time` imported) and ends its main thread alone (`pthread_exit`).
fn main_thread_exits(tag: &str, thread: &str) -> Command {
    let program = format!(
        "import ctypes, threading, time\n\
         def helper():\n    {thread}\n\
         threading.Thread(target=helper).start()\n\
         ctypes.CDLL(None).pthread_exit(None)\n"
    );
    let mut command = Command::new(super::python3());
    command.args(["-S", "-c"]).arg(program).arg(tag);
    command
}

#[test]
fn a_program_whose_main_thread_exits_stays_under_its_limits() {
    let tag = tag(3);
    for mode in modes() {
        // A thread that outlives main runs on until the time limit, and is killed then (a
        // sleeper: at the wall limit, a few times the CPU limit, far above Python's start).
        let limits = Limits::time(Some(Duration::from_secs(1)));
        let (sleeper, _) = run_in(&mode, &mut main_thread_exits(&tag, "time.sleep(300)"), &limits);
        assert!(sleeper.timed_out, "{mode:?}: {sleeper:?}");
        assert_none_tagged(&tag, &mode);
        // Its memory counts: 150 MiB, filled after main has gone, against a 50 MiB limit.
        let limits = Limits {
            time: Some(Duration::from_secs(60)),
            memory: Some(50 << 20),
            ..Limits::default()
        };
        let hog = "time.sleep(0.5); data = b'1' * (150 << 20); time.sleep(300)";
        let (hogging, _) = run_in(&mode, &mut main_thread_exits(&tag, hog), &limits);
        assert!(
            hogging.memory_limit_exceeded && !hogging.timed_out,
            "{mode:?}: {hogging:?}"
        );
        assert_none_tagged(&tag, &mode);
        // A thread that ends by itself ends the program, with the status the kernel gives it.
        let limits = Limits::time(Some(Duration::from_secs(60)));
        let late = "time.sleep(0.5); print('late', flush=True)";
        let (finishing, _) = run_in(&mode, &mut main_thread_exits(&tag, late), &limits);
        assert_eq!(
            (finishing.stdout.as_slice(), finishing.code),
            (&b"late\n"[..], Some(0)),
            "{mode:?}: {finishing:?}"
        );
    }
}

/// `judge run msquare usaco-1 --command CMD` on the workspace's own case, started in `tmp`, in
/// `mode` (`JUDGE_SANDBOX`: empty for the mode `judge` chooses, or `fallback`).
fn judge_run(command: &str, tmp: &std::path::Path, time_limit: &str, mode: &str) -> Command {
    let mut judge = Command::new(judge_tests::binary_path("judge"));
    judge
        .args(["run", "msquare", "usaco-1", "--time-limit", time_limit, "--data"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/data"))
        .args(["--command", command])
        .env("TMPDIR", tmp)
        .env(runner::sandbox::FORCE, mode)
        .stdin(std::process::Stdio::null());
    judge
}

/// The working folders in `dir`.
fn working_folders(dir: &Path) -> usize {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with("judge-run-"))
        .count()
}

#[test]
fn a_program_that_kills_its_supervisor_is_judges_failure_or_cannot() {
    let tag = tag(4);
    for mode in ["", "fallback"] {
        let dir = scratch(&format!("supervisor-{mode}"));
        // A child, then the program kills its parent (the fallback's supervisor; the confined
        // init, whose uid differs: refused) and becomes a long sleep.
        let script = format!("sleep {tag}1 & kill -9 $PPID; exec sleep {tag}2");
        let started = Instant::now();
        let judged = judge_run(&script, &dir, "1000", mode).output().unwrap();
        let said = String::from_utf8_lossy(&judged.stdout);
        let stderr = String::from_utf8_lossy(&judged.stderr);
        let confined = mode.is_empty() && matches!(runner::sandbox(), Sandbox::Confined { .. });
        if confined {
            assert!(said.starts_with("TLE msquare/usaco-1"), "{said}{stderr}");
        } else {
            // Never a verdict read from what a killed supervisor left: judge's own failure.
            assert_eq!(judged.status.code(), Some(2), "{said}{stderr}");
            assert!(
                stderr.contains("the supervisor was killed by SIGKILL") && said.is_empty(),
                "{said}{stderr}"
            );
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{:?}", started.elapsed());
        assert_none_tagged(&tag, runner::sandbox());
        assert_eq!(working_folders(&dir), 0, "{mode}: a working folder is left in TMPDIR");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn nothing_outlives_a_judge_killed_by_a_signal_it_cannot_handle() {
    let tag = tag(5);
    for mode in ["", "fallback"] {
        for signal in [Signal::SIGKILL, Signal::SIGUSR1] {
            let dir = scratch(&format!("killed-{mode}-{}", signal as i32));
            let script = format!("sleep {tag}1 & exec sleep {tag}2");
            let mut judge = judge_run(&script, &dir, "60000", mode).spawn().unwrap();
            let deadline = Instant::now() + Duration::from_secs(30);
            while tagged(&tag).len() < 2 && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(10));
            }
            assert_eq!(tagged(&tag).len(), 2, "{mode}: the program did not start");
            // The supervisor (and the confined init) too.
            let supervisors: Vec<i32> = tree::descendants(judge.id() as i32)
                .iter()
                .map(|process| process.pid)
                .collect();
            assert_eq!(
                working_folders(&dir),
                1,
                "{mode}: the run's working folder is in TMPDIR"
            );
            nix::sys::signal::kill(nix::unistd::Pid::from_raw(judge.id() as i32), signal).unwrap();
            let _ = judge.wait();
            assert_none_tagged(&tag, runner::sandbox());
            assert_all_dead(&supervisors);
            // The working folder is gone with them (the supervisor removes it when judge is gone).
            while working_folders(&dir) > 0 && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(10));
            }
            assert_eq!(
                working_folders(&dir),
                0,
                "{mode} {signal}: a working folder is left in TMPDIR"
            );
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn killing_judge_and_its_supervisor_together_leaves_no_process_when_confined() {
    if !matches!(runner::sandbox(), Sandbox::Confined { .. }) {
        return;
    }
    let tag = tag(6);
    let dir = scratch("killed-together");
    // What the fallback cannot promise: a program's child started after both are gone lives on.
    let script = format!("sleep {tag}1 & exec sleep {tag}2");
    let mut judge = judge_run(&script, &dir, "60000", "").spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while tagged(&tag).len() < 2 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(tagged(&tag).len(), 2, "the program did not start");
    let me = judge.id() as i32;
    let supervisor = tree::descendants(me)
        .into_iter()
        .find(|process| process.parent == me)
        .unwrap();
    // At once: the supervisor cannot clean up, and the init's parent-death signal ends the
    // namespace, and every process in it.
    for pid in [me, supervisor.pid] {
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL).unwrap();
    }
    let _ = judge.wait();
    assert_none_tagged(&tag, runner::sandbox());
    // The working folder is left (nothing of judge's lives to remove it); the cgroup is removed
    // by the next judge that starts.
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkers_own_failure_is_never_a_verdict_on_the_output() {
    let judge = judge_tests::binary_path("judge");
    let input = concat!(env!("CARGO_MANIFEST_DIR"), "/data/eight/boards-50.in");
    let answer = concat!(env!("CARGO_MANIFEST_DIR"), "/data/eight/boards-50.out");
    // `ulimit -v` (KiB) in a shell that then becomes `judge check`.
    let check = |limit_kib: u32, output: &str| {
        let script = format!("ulimit -v {limit_kib} && exec \"$0\" check eight \"$1\" \"$2\"");
        let done = Command::new("sh")
            .args(["-c", &script])
            .arg(&judge)
            .args([input, output])
            .output()
            .unwrap();
        (done.status.code(), String::from_utf8_lossy(&done.stdout).into_owned())
    };
    // An endless output ends in the checker's own failure to hold it, whatever memory it has.
    for limit_kib in [20 << 10, 100 << 10] {
        let (status, said) = check(limit_kib, "/dev/zero");
        assert_eq!(status, Some(3), "{said}");
        assert!(
            said.starts_with("FAIL cannot hold the output: /dev/zero: out of memory"),
            "{said}"
        );
    }
    // The same memory judges a right output right.
    let (status, said) = check(20 << 10, answer);
    assert_eq!(status, Some(0), "{said}");
    // An output that is not there is the program's: a wrong answer.
    let (status, said) = check(20 << 10, "/nonexistent/output");
    assert_eq!(status, Some(1), "{said}");
}

/// `judge check PUZZLE INPUT OUTPUT` under `ulimit -v limit_kib`, in a shell that becomes it:
/// its status (128 + the signal's number if a signal ended it, as a shell says), stdout and
/// stderr.
fn check_under(limit_kib: u32, puzzle: &str, input: &Path, output: &Path) -> (Option<i32>, String, String) {
    let script = format!("ulimit -v {limit_kib} && exec \"$0\" check {puzzle} \"$1\" \"$2\"");
    let done = shell(&script)
        .arg(judge_tests::binary_path("judge"))
        .args([input, output])
        .output()
        .unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let status = done.status.code().or(done.status.signal().map(|signal| 128 + signal));
    (status, text(&done.stdout), text(&done.stderr))
}

/// The least `ulimit -v` (KiB, to within 16) at which `judge check` accepts `output`, found by
/// bisection from 1 GiB down (where it must be accepted).
fn least_accepting_limit(puzzle: &str, input: &Path, output: &Path) -> u32 {
    let accepts = |limit_kib| check_under(limit_kib, puzzle, input, output).0 == Some(0);
    let (mut refused, mut accepted) = (1024, 1 << 20);
    assert!(accepts(accepted), "{puzzle}: {output:?} is not accepted with 1 GiB");
    while accepted - refused > 16 {
        let middle = (refused + accepted) / 2;
        if accepts(middle) {
            accepted = middle;
        } else {
            refused = middle;
        }
    }
    accepted
}

#[test]
fn a_checker_without_memory_for_its_reference_table_fails_and_never_aborts() {
    let dir = scratch("reference-memory");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    // A solved board needs no table: the least memory at which the checker judges anything.
    let (solved_in, solved_out) = (dir.join("solved.in"), dir.join("solved.out"));
    fs::write(&solved_in, "1 2 3 4 5 6 7 8 x\n").unwrap();
    fs::write(&solved_out, "\n").unwrap();
    let floor = least_accepting_limit("eight", &solved_in, &solved_out);
    let (input, output) = (data.join("eight/boards-50.in"), data.join("eight/boards-50.out"));
    // Below that, down to where `judge` cannot start: the dynamic loader (status 127) and Rust's
    // runtime (its alternative signal stack, status 134) fail before `main`; from `main` on it is
    // the checker's own failure in one line, never Rust's abort on an allocation.
    for limit_kib in (floor.saturating_sub(1024)..floor).step_by(16) {
        let (status, said, stderr) = check_under(limit_kib, "eight", &input, &output);
        let what = format!("eight under {limit_kib} KiB: status {status:?}, {said:?}, {stderr:?}");
        match status {
            Some(3) => assert!(
                said.starts_with("FAIL out of memory: cannot allocate ") && said.lines().count() == 1,
                "{what}"
            ),
            Some(127) => assert!(
                stderr.contains("error while loading shared libraries") || stderr.contains("cannot allocate TLS"),
                "{what}"
            ),
            Some(134) => assert!(stderr.contains("failed to allocate an alternative stack"), "{what}"),
            Some(139) => assert!(said.is_empty(), "{what}"),
            _ => panic!("{what}"),
        }
    }
    // Every limit from there to past what the right output needs: accepted, or the checker's own
    // failure in one line; never Rust's abort (status 134), never a verdict on the output. The
    // steps land on each allocation's edge differently from run to run (the layout of the
    // address space is random); finer steps cost time and found nothing more.
    let cases = [
        ("eight", "boards-50", 64),
        ("colour-hash", "scrambles-200", 128),
        ("msquare", "usaco-1", 128),
    ];
    for (puzzle, case, step) in cases {
        let input = data.join(puzzle).join(format!("{case}.in"));
        let output = data.join(puzzle).join(format!("{case}.out"));
        let ceiling = least_accepting_limit(puzzle, &input, &output);
        assert!(
            ceiling > floor + 512,
            "{puzzle}: {floor} KiB to judge a solved board, {ceiling} KiB for {case}"
        );
        let table = format!("cannot allocate the {puzzle} reference table");
        let mut refused_the_table = 0;
        for limit_kib in (floor..ceiling + 256).step_by(step) {
            let (status, said, stderr) = check_under(limit_kib, puzzle, &input, &output);
            let what = format!("{puzzle}/{case} under {limit_kib} KiB: status {status:?}, {said:?}, {stderr:?}");
            assert!(stderr.is_empty(), "{what}");
            assert!(said.ends_with('\n') && said.lines().count() == 1, "{what}");
            match status {
                Some(0) => assert!(said.starts_with("ok "), "{what}"),
                Some(3) => {
                    assert!(said.starts_with("FAIL out of memory: cannot allocate "), "{what}");
                    refused_the_table += usize::from(said.contains(&table));
                }
                _ => panic!("{what}"),
            }
        }
        assert!(
            refused_the_table > 0,
            "{puzzle}: no limit from {floor} to {ceiling} KiB refused the table"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}
