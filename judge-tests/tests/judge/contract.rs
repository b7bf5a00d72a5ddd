//! Promises of `judge` that a hostile round broke, each held here on real processes:
//! memory a program hides outside its resident set (a memfd, a file on tmpfs) counts against
//! `--memory-limit` and the tmpfs file does not outlive the run; `--jobs` above the core count
//! changes no verdict; a process limit that refuses threads is fewer jobs or one error line,
//! never a panic; `--keep` is checked before a stress run and its failure never costs the
//! report; a FIFO among the cases is skipped, never waited on.
//!
//! No assertion depends on how fast the machine is: limits are ten times and more away from the
//! work done, and a run that could hang is waited for with a generous deadline, then killed.

use judge_tests::stress::{self, Options, Whitespace};
use std::fs;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A fresh folder for one test's files, which every user may reach and write (a test runs `judge`
/// as `nobody`, and the workspace may lie in a folder only its owner can enter), in the temporary
/// folder: a confined program sees it read-only beneath its own /tmp.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-contract-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

/// The workspace's judge cases.
fn data() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data"))
}

/// A shell command that prints msquare/usaco-1's right answer, and burns no CPU doing it.
fn right_answer() -> String {
    format!("cat '{}'", data().join("msquare/usaco-1.out").display())
}

/// Runs `command` to its end, or kills it after `deadline` (then the test fails: it hung).
pub(crate) fn finish(mut command: Command, deadline: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let readers = (
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = out.read_to_end(&mut bytes);
            bytes
        }),
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = err.read_to_end(&mut bytes);
            bytes
        }),
    );
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {deadline:?}: it hung");
        }
        thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: readers.0.join().unwrap(),
        stderr: readers.1.join().unwrap(),
    }
}

/// `judge ARGS` with its temporary files in `tmp`.
fn judge(args: &[&str], tmp: &Path) -> Command {
    let mut judge = Command::new(judge_tests::binary_path("judge"));
    judge.args(args).env("TMPDIR", tmp);
    judge
}

#[test]
fn a_fifo_among_the_cases_is_skipped_with_one_line() {
    let dir = scratch("fifo");
    let cases = dir.join("data/msquare");
    fs::create_dir_all(&cases).unwrap();
    for file in ["usaco-1.in", "usaco-1.out"] {
        fs::copy(data().join("msquare").join(file), cases.join(file)).unwrap();
    }
    // A FIFO as a case's input, and one as another case's answer: either would block a read.
    nix::unistd::mkfifo(&cases.join("pipe.in"), nix::sys::stat::Mode::S_IRWXU).unwrap();
    fs::write(cases.join("answer-pipe.in"), "2 3 4 1 5 8 7 6\n").unwrap();
    nix::unistd::mkfifo(&cases.join("answer-pipe.out"), nix::sys::stat::Mode::S_IRWXU).unwrap();
    let data = dir.join("data");
    let command = right_answer();
    let args = [
        "run",
        "msquare",
        "--command",
        &command,
        "--data",
        data.to_str().unwrap(),
    ];
    let judged = finish(judge(&args, &dir), Duration::from_secs(120));
    let said = String::from_utf8_lossy(&judged.stdout);
    let skipped: Vec<&str> = said.lines().filter(|line| line.starts_with("skipped ")).collect();
    assert_eq!(skipped.len(), 2, "{said}");
    assert!(
        skipped[0].ends_with("answer-pipe.out: a FIFO, not a regular file")
            && skipped[1].ends_with("pipe.in: a FIFO, not a regular file"),
        "{said}"
    );
    assert!(
        said.contains("AC  msquare/usaco-1") && said.ends_with("1 passed, 0 failed\n"),
        "{said}"
    );
    assert_eq!(judged.status.code(), Some(0), "{said}");
    fs::remove_dir_all(&dir).unwrap();
}

/// `judge stress msquare` options with `command` as the program, a few cases.
fn stress_options(command: String, keep: PathBuf) -> Options {
    Options {
        puzzle: "msquare".to_string(),
        command,
        cases: 20,
        seed: 1,
        level: judge_oracle::checker::Level::Judge,
        keep: Some(keep),
        time_limit: Duration::from_secs(20),
        memory_limit: None,
        format: None,
        whitespace: Whitespace::Plain,
        generator: None,
        jobs: 1,
        ..Options::new("msquare", String::new())
    }
}

#[test]
fn an_unusable_keep_path_is_refused_before_anything_runs() {
    let dir = scratch("keep-early");
    let ran = dir.join("ran");
    let command = format!("touch '{}'; exit 1", ran.display());
    let fifo = dir.join("fifo");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    for (keep, why) in [
        (dir.clone(), "is a folder"),
        (fifo, "is a FIFO"),
        (dir.join("missing/kept.in"), "No such file or directory"),
    ] {
        let mut report = Vec::new();
        let outcome = stress::run(&stress_options(command.clone(), keep.clone()), &mut report, None);
        let Err(error @ stress::Error::Keep(..)) = outcome else {
            panic!("--keep {} was not refused: {outcome:?}", keep.display());
        };
        assert!(error.to_string().contains(why), "{error}");
        assert!(
            report.is_empty() && !ran.exists(),
            "the program ran before --keep was refused"
        );
    }
    // A path that can be written is created at once, empty.
    let keep = dir.join("kept.in");
    let mut report = Vec::new();
    let passed = stress::run(&stress_options(right_answer(), keep.clone()), &mut report, None);
    assert!(keep.exists(), "{passed:?}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_keep_file_that_fails_later_still_leaves_the_report() {
    // Where a confined program sees it (read-only): not below /tmp, which is its own.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("judge-contract-keep-late-{}", std::process::id()));
    let folder = dir.join("kept");
    fs::create_dir_all(&folder).unwrap();
    // The folder --keep writes into goes while the first run waits (this test removes it once
    // the program has marked its working folder), then the program fails: the failure is found
    // and shrunk, and only then does writing the kept input fail.
    let marker = format!("keep-late-started-{}", std::process::id());
    let command = format!(
        "touch {marker}; while [ -d '{}' ]; do sleep 0.01; done; exit 1",
        folder.display()
    );
    let watcher = {
        let folder = folder.clone();
        super::when_a_run_marks(marker, move || fs::remove_dir_all(&folder).unwrap())
    };
    let mut report = Vec::new();
    let outcome = stress::run(&stress_options(command, folder.join("input")), &mut report, None);
    watcher.join().unwrap();
    let report = String::from_utf8(report).unwrap();
    assert!(matches!(outcome, Err(stress::Error::Keep(..))), "{outcome:?}");
    assert!(
        report.starts_with("FAIL on ") && report.contains("received:"),
        "{report}"
    );
    assert!(
        report.ends_with(" failed\n") && !report.contains("input kept in"),
        "{report}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_process_limit_is_fewer_jobs_or_one_error_line_never_a_panic() {
    // RLIMIT_NPROC binds every user but root: as root, judge runs as `nobody`.
    let root = std::os::unix::fs::MetadataExt::uid(&fs::metadata("/proc/self").unwrap()) == 0;
    let dir = scratch("nproc");
    // `nobody` may be unable to reach the build or the data (a clone in a folder only its owner
    // can enter, as `mktemp -d` gives): judge, its helper and msquare's cases are copied into the
    // scratch folder, which every user can.
    let tools = dir.join("bin");
    fs::create_dir(&tools).unwrap();
    for tool in ["judge", "peak-rss"] {
        let copy = tools.join(tool);
        fs::copy(judge_tests::binary_path(tool), &copy).unwrap();
        fs::set_permissions(&copy, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let judge_path = tools.join("judge");
    let data = dir.join("data");
    fs::create_dir_all(data.join("msquare")).unwrap();
    for case in fs::read_dir(self::data().join("msquare")).unwrap() {
        let case = case.unwrap().path();
        let copy = data.join("msquare").join(case.file_name().unwrap());
        fs::copy(&case, &copy).unwrap();
        fs::set_permissions(&copy, fs::Permissions::from_mode(0o644)).unwrap();
    }
    for folder in [&tools, &data, &data.join("msquare")] {
        fs::set_permissions(folder, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let command = format!("cat '{}'", data.join("msquare/usaco-1.out").display());
    // From a limit that refuses judge's first thread up to one that lets a few jobs start.
    let mut reports = 0;
    for limit in [1, 2, 3, 4, 6, 8, 1024] {
        let mut shell = if root {
            let mut setpriv = Command::new("setpriv");
            setpriv.args(["--reuid=65534", "--regid=65534", "--clear-groups", "bash"]);
            setpriv
        } else {
            Command::new("bash")
        };
        shell
            .arg("-c")
            .arg(format!("ulimit -u {limit} && exec \"$0\" \"$@\""))
            .arg(&judge_path)
            .args([
                "run",
                "msquare",
                "--jobs",
                "8",
                "--time-limit",
                "60000",
                "--command",
                &command,
            ])
            .arg("--data")
            .arg(&data)
            .current_dir(&dir)
            .env("JUDGE_BIN_DIR", &tools)
            .env("TMPDIR", &dir);
        let judged = finish(shell, Duration::from_secs(120));
        let said = String::from_utf8_lossy(&judged.stdout);
        let stderr = String::from_utf8_lossy(&judged.stderr);
        let code = judged.status.code();
        assert!(
            code == Some(0) || code == Some(1) || code == Some(2),
            "limit {limit}: status {:?}\n{said}{stderr}",
            judged.status
        );
        // A warning that Ctrl-C cannot stop the program (its thread was refused) may come first.
        let errors = stderr
            .lines()
            .filter(|line| !line.starts_with("judge: warning: "))
            .count();
        assert!(!stderr.contains("panicked") && errors <= 1, "limit {limit}: {stderr}");
        eprintln!("limit {limit}: {code:?} {}", stderr.trim_end());
        // Either the whole report or one line. In the report each case is WA (the answer is
        // usaco-1's alone), or RE where the program's own shell could not fork under the limit
        // (judge's threads and the program's processes share it, and which of them ends first
        // depends on the machine's load).
        if said.ends_with(" failed\n") {
            let usaco_2 = said.contains("WA  msquare/usaco-2") || said.contains("RE  msquare/usaco-2");
            let re_is_fork =
                said.lines().filter(|line| line.starts_with("RE ")).count() <= said.matches("Cannot fork").count();
            assert!(usaco_2 && re_is_fork && errors == 0, "{said}{stderr}");
            reports += 1;
        } else {
            assert!(
                code != Some(0) && stderr.starts_with("judge: "),
                "limit {limit}: {said}{stderr}"
            );
        }
    }
    assert!(reports > 0, "no limit let judge report");
    fs::remove_dir_all(&dir).unwrap();
}

/// Runs `script` (Python, std modules only) as the program under `--memory-limit 100` on msquare/usaco-1.
fn judged_with_memory_limit(script: &str, tmp: &Path) -> String {
    let program = tmp.join("program.py");
    fs::write(&program, script).unwrap();
    let command = format!("'{}' -S '{}'", super::python3().display(), program.display());
    let data = data();
    let args = [
        "run",
        "msquare",
        "usaco-1",
        "--memory-limit",
        "100",
        "--time-limit",
        "60000",
        "--command",
        &command,
        "--data",
        data.to_str().unwrap(),
    ];
    let judged = finish(judge(&args, tmp), Duration::from_secs(120));
    String::from_utf8_lossy(&judged.stdout).into_owned()
}

#[test]
fn memory_in_a_memfd_counts_against_the_limit() {
    let dir = scratch("memfd");
    // 400 MiB in a memfd, written a MiB at a time and never mapped: in no process's RSS.
    let said = judged_with_memory_limit(
        "import os\nfd = os.memfd_create('hoard')\nchunk = b'x' * (1 << 20)\n\
         for _ in range(400):\n    os.write(fd, chunk)\nprint(open(0).read() and '')\n",
        &dir,
    );
    assert!(
        said.starts_with("MLE msquare/usaco-1") && said.contains("(limit 100 MB"),
        "{said}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn memory_in_a_dev_shm_file_counts_and_the_file_is_removed() {
    let dir = scratch("shm");
    let hoard = PathBuf::from(format!("/dev/shm/judge-contract-hoard-{}", std::process::id()));
    // 300 MB in a file on tmpfs, written a MiB at a time, then kept open while it waits.
    let said = judged_with_memory_limit(
        &format!(
            "f = open('{}', 'wb')\nchunk = b'x' * (1 << 20)\n\
             for _ in range(300):\n    f.write(chunk)\n    f.flush()\nimport time\ntime.sleep(30)\n",
            hoard.display()
        ),
        &dir,
    );
    let left = hoard.exists();
    let _ = fs::remove_file(&hoard);
    assert!(
        said.starts_with("MLE msquare/usaco-1") && said.contains("(limit 100 MB"),
        "{said}"
    );
    assert!(!left, "{} outlived the run", hoard.display());
    // Without a memory limit too: a right answer, and a file left in /dev/shm that is removed.
    let program = dir.join("leaves.py");
    fs::write(
        &program,
        format!(
            "import time\nf = open('{}', 'wb')\nf.write(b'x' * (1 << 20))\nf.flush()\ntime.sleep(0.3)\n\
             f.close()\nprint(open('{}').read(), end='')\n",
            hoard.display(),
            data().join("msquare/usaco-1.out").display()
        ),
    )
    .unwrap();
    let command = format!("'{}' -S '{}'", super::python3().display(), program.display());
    let data = data();
    let args = [
        "run",
        "msquare",
        "usaco-1",
        "--command",
        &command,
        "--data",
        data.to_str().unwrap(),
    ];
    let judged = finish(judge(&args, &dir), Duration::from_secs(120));
    let said = String::from_utf8_lossy(&judged.stdout);
    let left = hoard.exists();
    let _ = fs::remove_file(&hoard);
    assert!(said.starts_with("AC  msquare/usaco-1"), "{said}");
    assert!(!left, "{} outlived the run", hoard.display());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn more_jobs_than_cores_keep_a_computing_program_accepted() {
    let dir = scratch("jobs");
    // usaco-1's answer after well under 0.01 s of CPU, under a limit of 100 ms, ten times that
    // and more: sixteen programs a core share the cores, so each waits for one longer than its
    // limit, and far longer than it computes (a limit on the wall clock turned all of them into
    // TLE). The ratios are what the point needs, not the sizes: a longer loop under a longer limit
    // proves the same at several times the CPU (the loops, and every supervisor's polling while
    // they wait).
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let copies = 16 * cores;
    // Each case is usaco-1 under another name.
    let cases = dir.join("data/msquare");
    fs::create_dir_all(&cases).unwrap();
    for copy in 0..copies {
        for end in ["in", "out"] {
            let from = data().join(format!("msquare/usaco-1.{end}"));
            fs::copy(from, cases.join(format!("copy-{copy}.{end}"))).unwrap();
        }
    }
    let answer = data().join("msquare/usaco-1.out");
    // A shell's own loop: no interpreter to start, all of it CPU.
    let command = format!(
        "i=0; while [ $i -lt 4000 ]; do i=$((i+1)); done; cat '{}'",
        answer.display()
    );
    let jobs = copies.to_string();
    let data = dir.join("data");
    let args = [
        "run",
        "msquare",
        "--jobs",
        &jobs,
        "--time-limit",
        "100",
        "--command",
        &command,
        "--data",
        data.to_str().unwrap(),
    ];
    let judged = finish(judge(&args, &dir), Duration::from_secs(300));
    let said = String::from_utf8_lossy(&judged.stdout);
    let accepted = said
        .lines()
        .filter(|line| line.starts_with("AC  msquare/copy-"))
        .count();
    assert_eq!(accepted, copies, "{said}");
    assert_eq!(judged.status.code(), Some(0), "{said}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn computing_past_the_cpu_limit_is_tle_and_waiting_past_the_wall_limit_says_so() {
    let dir = scratch("cpu");
    let data = data();
    // The loop runs in a grandchild: the whole tree's CPU time counts.
    for (command, detail) in [
        ("sh -c 'while :; do :; done'; sleep 100", "(limit 200 ms)\n"),
        ("sleep 100", "(limit 200 ms, wall limit "),
    ] {
        let args = [
            "run",
            "msquare",
            "usaco-1",
            "--time-limit",
            "200",
            "--command",
            command,
            "--data",
            data.to_str().unwrap(),
        ];
        let judged = finish(judge(&args, &dir), Duration::from_secs(120));
        let said = String::from_utf8_lossy(&judged.stdout);
        assert!(
            said.starts_with("TLE msquare/usaco-1") && said.contains(detail),
            "{command}: {said}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}
