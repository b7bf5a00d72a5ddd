//! The error contract in hostile environments, for every puzzle binary: odd arguments,
//! stdout and stderr on `/dev/full` or a closed pipe (with and without `--trace`), numbers of any
//! length, endless input and a byte-order mark; and the odd descriptors: a stdout open read-only, a closed
//! stdin, non-blocking pipes, a file-size limit, numbers of thousands of digits anywhere in the
//! read buffer. Each row runs the release binary as a process and states the exact status,
//! stdout and stderr.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use judge_tests::runner;

/// The goal configuration of Colour Hash, as a case line.
const GOAL: &str = "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1";
/// msquare's first published example and its answer.
const MSQUARE_IN: &str = "2 6 8 4 5 7 3 1";
const MSQUARE_OUT: &str = "7\nBCABCCB\n";
/// An eight board and its answer.
const EIGHT_IN: &str = "2 3 4 1 5 x 7 6 8";
const EIGHT_OUT: &str = "ullddrurdllurdruldr\n";
/// What the kernel says about a write to `/dev/full`, as `Failure::Io` shows it.
const FULL: &str = "i/o: No space left on device (os error 28)";

/// The three binaries with the usage line their argument errors end in (`None`: eight's
/// `USAGE` is its whole help text, so only the start of its line is pinned).
const PROGRAMS: [(&str, Option<&str>); 3] = [
    ("msquare", Some(msquare::USAGE)),
    ("eight", None),
    ("colour-hash", Some(colour_hash::USAGE)),
];

/// One row: arguments and input, and exactly what must come out.
struct Row {
    name: &'static str,
    args: Vec<OsString>,
    input: Vec<u8>,
    status: i32,
    stdout: String,
    stderr: String,
}

fn row(name: &'static str, input: impl Into<Vec<u8>>, status: i32, stdout: &str, stderr: &str) -> Row {
    Row {
        name,
        args: Vec::new(),
        input: input.into(),
        status,
        stdout: stdout.to_string(),
        stderr: stderr.to_string(),
    }
}

fn check_table(program: &str, table: &[Row]) {
    let binary = judge_tests::binary_path(program);
    let mut failures = Vec::new();
    for row in table {
        let run = runner::direct::run(
            Command::new(&binary).args(&row.args),
            &row.input,
            Some(Duration::from_secs(20)),
        )
        .unwrap_or_else(|e| panic!("cannot run {}: {e} (build it: cargo build --release)", binary.display()));
        let (stdout, stderr) = (
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr),
        );
        if run.code != Some(row.status) || stdout != row.stdout || stderr != row.stderr {
            failures.push(format!(
                "{program} / {}: got status {:?}, stdout {:.200?}, stderr {:.300?}; want status {}, stdout {:.200?}, stderr {:.300?}",
                row.name, run.code, stdout, stderr, row.status, row.stdout, row.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn spawn(program: &str, args: &[&str], stdin: Stdio, stdout: Stdio, stderr: Stdio) -> Child {
    let binary = judge_tests::binary_path(program);
    Command::new(&binary)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e} (build it: cargo build --release)", binary.display()))
}

/// Feeds `input` to the child's stdin from a thread, so that neither side blocks the other.
fn feed(child: &mut Child, input: Vec<u8>) -> std::thread::JoinHandle<()> {
    let mut stdin = child.stdin.take().expect("stdin piped");
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    })
}

fn dev_full() -> Stdio {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists")
        .into()
}

/// A valid input for `program` with `cases` answers, and its expected stdout.
fn valid(program: &str, cases: usize) -> (Vec<u8>, String) {
    match program {
        "msquare" => (MSQUARE_IN.into(), MSQUARE_OUT.into()),
        "eight" => (format!("{EIGHT_IN}\n").repeat(cases).into(), EIGHT_OUT.repeat(cases)),
        _ => (
            format!("{cases}\n{}", format!("{GOAL}\n").repeat(cases)).into(),
            "PUZZLE ALREADY SOLVED\n".repeat(cases),
        ),
    }
}

/// A bad input for `program` that has answers before its fault, those answers, and the error.
fn bad(program: &str) -> (&'static [u8], &'static str, &'static str) {
    match program {
        "msquare" => (
            b"2 6 8 4 5 7 3 9",
            "",
            "msquare: error: line 1, column 15: 9 is not in 1..8\n",
        ),
        "eight" => (
            b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 9\n",
            EIGHT_OUT,
            "eight: error: board 2: tile '9' is not 1-8 or x\n",
        ),
        _ => (
            b"2\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 x",
            "PUZZLE ALREADY SOLVED\n",
            "colour-hash: error: case 2: line 3, column 5: 'x' is not an integer\n",
        ),
    }
}

#[test]
fn odd_arguments_are_one_escaped_line() {
    let rows = [
        ("non-UTF-8", OsString::from_vec(b"-\xff\xfe".to_vec()), "-\\xff\\xfe"),
        ("newline", OsString::from("a\nb"), "a\\nb"),
        (
            "escape and UTF-8",
            OsString::from("\u{1b}[2J\u{e9}"),
            "\\u{1b}[2J\u{e9}",
        ),
    ];
    for (program, usage) in PROGRAMS {
        let binary = judge_tests::binary_path(program);
        for (name, arg, shown) in &rows {
            let run = runner::direct::run(
                Command::new(&binary).arg(arg),
                &valid(program, 1).0,
                Some(Duration::from_secs(20)),
            )
            .unwrap();
            let stderr = String::from_utf8_lossy(&run.stderr);
            let start = format!("{program}: error: unknown argument '{shown}'; usage: ");
            assert_eq!(
                (run.code, run.stdout.as_slice()),
                (Some(1), &b""[..]),
                "{program} / {name}"
            );
            match usage {
                Some(usage) => assert_eq!(stderr, format!("{start}{usage}\n"), "{program} / {name}"),
                None => assert!(
                    stderr.starts_with(&format!("{start}{program} "))
                        && stderr.lines().count() == 1
                        && stderr.ends_with('\n'),
                    "{program} / {name}: {stderr:?}"
                ),
            }
        }
    }
}

#[test]
fn stdout_on_dev_full_is_one_error_line() {
    for (program, _) in PROGRAMS {
        let mut child = spawn(program, &[], Stdio::piped(), dev_full(), Stdio::piped());
        let feeder = feed(&mut child, valid(program, 3).0);
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(
            (output.status.code(), String::from_utf8_lossy(&output.stderr).as_ref()),
            (Some(1), format!("{program}: error: {FULL}\n").as_str()),
            "{program}"
        );
    }
}

#[test]
fn stderr_on_dev_full_changes_nothing_but_the_missing_line() {
    for (program, _) in PROGRAMS {
        // The error path: the answers before the fault, status 1, no panic.
        let (input, answers, _) = bad(program);
        let mut child = spawn(program, &[], Stdio::piped(), Stdio::piped(), dev_full());
        let feeder = feed(&mut child, input.to_vec());
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(output.status.code(), Some(1), "{program} error path");
        assert_eq!(String::from_utf8_lossy(&output.stdout), answers, "{program} error path");
        // The trace after every answer: every answer, status 0.
        let (input, answers) = valid(program, 20);
        let mut child = spawn(program, &["--trace"], Stdio::piped(), Stdio::piped(), dev_full());
        let feeder = feed(&mut child, input);
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(output.status.code(), Some(0), "{program} --trace");
        assert_eq!(String::from_utf8_lossy(&output.stdout), answers, "{program} --trace");
    }
}

#[test]
fn trace_into_a_closed_stderr_pipe_keeps_every_answer() {
    // `program --trace < input 2>&1 >answers | head -1`, with the reader gone at once.
    let dir = std::env::temp_dir().join(format!("errors-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (program, _) in PROGRAMS {
        let (input, answers) = valid(program, 300);
        let path = dir.join(program);
        let file = File::create(&path).unwrap();
        let mut child = spawn(program, &["--trace"], Stdio::piped(), file.into(), Stdio::piped());
        drop(child.stderr.take());
        let feeder = feed(&mut child, input);
        let status = child.wait().unwrap();
        feeder.join().unwrap();
        assert_eq!(status.code(), Some(0), "{program}");
        assert!(
            std::fs::read_to_string(&path).unwrap() == answers,
            "{program}: every answer in the file"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stdout_closed_before_the_first_answer_is_quiet() {
    for (program, _) in PROGRAMS {
        let mut child = spawn(program, &[], Stdio::piped(), Stdio::piped(), Stdio::piped());
        drop(child.stdout.take());
        let feeder = feed(&mut child, valid(program, 300).0);
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(
            (output.status.code(), String::from_utf8_lossy(&output.stderr).as_ref()),
            (Some(0), ""),
            "{program}"
        );
    }
}

/// `count` zeros.
fn zeros(count: usize) -> String {
    "0".repeat(count)
}

#[test]
fn msquare_numbers_by_value_and_a_bom() {
    check_table(
        "msquare",
        &[
            row("33 digits", format!("{}2 6 8 4 5 7 3 1", zeros(32)), 0, MSQUARE_OUT, ""),
            row(
                "100,000 digits",
                format!("2 6 8 4 5 7 3 {}1", zeros(99_999)),
                0,
                MSQUARE_OUT,
                "",
            ),
            row("+1", "+2 +6 8 4 5 7 3 +1", 0, MSQUARE_OUT, ""),
            row(
                "-0",
                "2 6 8 4 -0 7 3 1",
                1,
                "",
                "msquare: error: line 1, column 9: 0 is not in 1..8\n",
            ),
            row(
                "100,000 digits out of range",
                format!("2 6 8 4 5 7 3 {}10", zeros(99_998)),
                1,
                "",
                "msquare: error: line 1, column 15: 10 is not in 1..8\n",
            ),
            row("a byte-order mark", format!("\u{feff}{MSQUARE_IN}"), 0, MSQUARE_OUT, ""),
            row(
                "a byte-order mark later",
                format!("2 \u{feff}{MSQUARE_IN}"),
                1,
                "",
                "msquare: error: line 1, column 3: '\\xef\\xbb\\xbf2' is not an integer\n",
            ),
        ],
    );
}

#[test]
fn colour_hash_numbers_by_value_and_a_bom() {
    const SOLVED: &str = "PUZZLE ALREADY SOLVED\n";
    check_table(
        "colour-hash",
        &[
            // Once a bug: the goal with its first piece as 33 zeros was answered NO SOLUTION.
            row("33 digits", format!("1\n{}{GOAL}\n", zeros(32)), 0, SOLVED, ""),
            row("100,000 digits", format!("1\n{}{GOAL}\n", zeros(99_999)), 0, SOLVED, ""),
            row(
                "100,000-digit count",
                format!("{}1\n{GOAL}\n", zeros(99_999)),
                0,
                SOLVED,
                "",
            ),
            row("+1", format!("+1\n{}\n", GOAL.replacen('3', "+3", 1)), 0, SOLVED, ""),
            row("-0", format!("1\n-0{}\n", &GOAL[1..]), 0, SOLVED, ""),
            row("-0 cases", "-0\n", 0, "", ""),
            row("a byte-order mark", format!("\u{feff}1\n{GOAL}\n"), 0, SOLVED, ""),
        ],
    );
}

#[test]
fn eight_numbers_by_value_and_a_bom() {
    // eight's count is digits only (its grammar gives signs no meaning).
    check_table(
        "eight",
        &[
            row(
                "33-digit count",
                format!("{}1\n\n1 2 3 4 5 6 7 8 x\n", zeros(32)),
                0,
                "\n",
                "",
            ),
            row(
                "100,000-digit count",
                format!("{}1\n\n{EIGHT_IN}\n", zeros(99_999)),
                0,
                EIGHT_OUT,
                "",
            ),
            row("a byte-order mark", format!("\u{feff}{EIGHT_IN}\n"), 0, EIGHT_OUT, ""),
        ],
    );
}

/// Runs `program` on an endless stdin (`/dev/zero`, or `byte` written forever by a thread);
/// returns its status and stderr, failing if it runs for 10 seconds.
fn endless(program: &str, byte: Option<u8>) -> (ExitStatus, String) {
    let stdin = match byte {
        None => File::open("/dev/zero").expect("/dev/zero exists").into(),
        Some(_) => Stdio::piped(),
    };
    let mut child = spawn(program, &[], stdin, Stdio::null(), Stdio::piped());
    let writer = byte.map(|byte| {
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let chunk = [byte; 1 << 16];
            while stdin.write_all(&chunk).is_ok() {}
        })
    });
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} still reading its endless input after 10 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    (status, stderr)
}

#[test]
fn endless_input_ends_at_once_with_one_line() {
    let nuls = "\\x00".repeat(32);
    let ones = "1".repeat(32);
    let table = [
        (
            "msquare",
            None,
            format!("msquare: error: line 1, column 1: '{nuls}...' is not an integer\n"),
        ),
        (
            "msquare",
            Some(b'1'),
            format!("msquare: error: line 1, column 1: '{ones}...' is not in 1..8\n"),
        ),
        (
            "colour-hash",
            None,
            format!("colour-hash: error: line 1, column 1: the case count '{nuls}...' is not an integer\n"),
        ),
        (
            "colour-hash",
            Some(b'1'),
            format!("colour-hash: error: line 1, column 1: the case count '{ones}...' is too large\n"),
        ),
        (
            "eight",
            None,
            "eight: error: board 1: tile '\\x00' is not 1-8 or x\n".to_string(),
        ),
    ];
    for (program, byte, expected) in table {
        let (status, stderr) = endless(program, byte);
        assert_eq!((status.code(), stderr), (Some(1), expected), "{program} {byte:?}");
    }
}

#[test]
fn eight_endless_count_ends_at_once_with_one_line() {
    // eight's message for an endless count is its own; the contract is one line and status 1.
    let (status, stderr) = endless("eight", Some(b'1'));
    assert_eq!(status.code(), Some(1), "eight endless 111...: {stderr}");
    assert!(
        stderr.starts_with("eight: error: ") && stderr.ends_with('\n') && stderr.lines().count() == 1,
        "eight endless 111...: {stderr:?}"
    );
}

// stdout and stdin the way odd environments hand them over.

/// `program`'s whole output for `input` read from a pipe, when nothing goes wrong.
fn normal_run(program: &str, args: &[&str], input: &[u8]) -> Vec<u8> {
    let run = runner::direct::run(
        Command::new(judge_tests::binary_path(program)).args(args),
        input,
        Some(Duration::from_secs(20)),
    )
    .unwrap();
    assert_eq!(run.code, Some(0), "{program} {args:?}");
    run.stdout
}

#[test]
fn stdout_open_read_only_is_one_error_line() {
    // `program 1</dev/null`: every write fails with EBADF, which std's own stdout takes for success.
    for (program, _) in PROGRAMS {
        let read_only = File::open("/dev/null").unwrap();
        let mut child = spawn(program, &[], Stdio::piped(), read_only.into(), Stdio::piped());
        let feeder = feed(&mut child, valid(program, 3).0);
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(
            (output.status.code(), String::from_utf8_lossy(&output.stderr).as_ref()),
            (
                Some(1),
                format!("{program}: error: i/o: Bad file descriptor (os error 9)\n").as_str()
            ),
            "{program}"
        );
    }
}

#[test]
fn a_closed_stdin_is_an_unreadable_input() {
    for (program, _) in PROGRAMS {
        let binary = judge_tests::binary_path(program);
        let output = Command::new("sh")
            .args(["-c", "exec \"$0\" <&-"])
            .arg(&binary)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).as_ref(),
                output.stdout.len()
            ),
            (Some(1), format!("{program}: error: i/o: stdin is closed\n").as_str(), 0),
            "{program} <&-"
        );
        // An empty file is an empty input, as before (only msquare wants numbers).
        let empty = std::env::temp_dir().join(format!("errors-empty-{program}-{}", std::process::id()));
        File::create(&empty).unwrap();
        let output = Command::new(&binary)
            .stdin(File::open(&empty).unwrap())
            .output()
            .unwrap();
        std::fs::remove_file(&empty).unwrap();
        let empty_is_fine = program != "msquare";
        assert_eq!(output.status.success(), empty_is_fine, "{program} < empty file");
        // So is a closed stdin where nothing is read.
        let output = Command::new("sh")
            .args(["-c", "exec \"$0\" --stats <&-"])
            .arg(&binary)
            .output()
            .unwrap();
        assert!(output.status.success(), "{program} --stats <&-");
    }
}

/// A pipe whose write end (`non_blocking_end` 1) or read end (0) is set `O_NONBLOCK`.
fn pipe_with_non_blocking_end(non_blocking_end: usize) -> (File, File) {
    use nix::fcntl::{fcntl, FcntlArg, OFlag};
    use std::os::fd::AsRawFd;
    // Close-on-exec, so that no child (of this test or one running beside it) holds an end open.
    let (read, write) = nix::unistd::pipe2(OFlag::O_CLOEXEC).unwrap();
    let end = if non_blocking_end == 0 { &read } else { &write };
    fcntl(end.as_raw_fd(), FcntlArg::F_SETFL(OFlag::O_NONBLOCK)).unwrap();
    (File::from(read), File::from(write))
}

#[test]
fn a_non_blocking_stdout_is_waited_for() {
    for (program, _) in PROGRAMS {
        let (input, answers) = valid(program, 2000);
        let (mut read, mut write) = pipe_with_non_blocking_end(1);
        // The pipe is full before the program writes its first byte, and its reader is slow.
        let mut filler = 0;
        while write.write(&[b'#'; 512]).is_ok_and(|taken| taken > 0) {
            filler += 512;
        }
        let mut child = spawn(program, &[], Stdio::piped(), write.into(), Stdio::piped());
        let feeder = feed(&mut child, input);
        let mut received = Vec::new();
        let mut chunk = [0; 4096];
        loop {
            std::thread::sleep(Duration::from_millis(1));
            match read.read(&mut chunk) {
                Ok(0) => break,
                Ok(size) => received.extend_from_slice(&chunk[..size]),
                Err(error) => panic!("{program}: reading its stdout: {error}"),
            }
        }
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert_eq!(
            (output.status.code(), String::from_utf8_lossy(&output.stderr).as_ref()),
            (Some(0), ""),
            "{program}"
        );
        assert!(received[..filler].iter().all(|&byte| byte == b'#'), "{program}");
        assert!(
            received[filler..] == *answers.as_bytes(),
            "{program}: every answer, in order"
        );
    }
}

#[test]
fn a_non_blocking_stdin_is_waited_for() {
    for (program, _) in PROGRAMS {
        let (input, answers) = valid(program, 5);
        let (read, mut write) = pipe_with_non_blocking_end(0);
        let child = spawn(program, &[], read.into(), Stdio::piped(), Stdio::piped());
        // The input comes late and in two parts: each read before a part finds the pipe empty.
        let writer = std::thread::spawn(move || {
            let (first, second) = input.split_at(input.len() / 2);
            for part in [first, second] {
                std::thread::sleep(Duration::from_millis(150));
                write.write_all(part).unwrap();
            }
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(
            (
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).as_ref(),
                String::from_utf8_lossy(&output.stdout).as_ref()
            ),
            (Some(0), "", answers.as_str()),
            "{program}"
        );
    }
}

/// Runs `program args` under a 512-byte file-size limit (`ulimit -f 1` in `sh`), stdout to a
/// file, SIGXFSZ ignored or not; returns the status, stderr and the file.
fn under_a_file_size_limit(
    program: &str,
    args: &[&str],
    input: &[u8],
    ignore_sigxfsz: bool,
) -> (ExitStatus, String, Vec<u8>) {
    let path = std::env::temp_dir().join(format!(
        "errors-fsize-{program}-{}-{ignore_sigxfsz}",
        std::process::id()
    ));
    let trap = if ignore_sigxfsz { "trap '' XFSZ; " } else { "" };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -f 1; {trap}exec \"$0\" \"$@\" > \"$OUT\""))
        .arg(judge_tests::binary_path(program))
        .args(args)
        .env("OUT", &path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let feeder = feed(&mut child, input.to_vec());
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let file = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
        file,
    )
}

#[test]
fn a_file_size_limit_cuts_the_output_at_a_line_end() {
    use std::os::unix::process::ExitStatusExt;
    for (program, _) in PROGRAMS {
        // Outputs of a few hundred lines; msquare's one answer is too short, its table is not.
        let (args, input): (&[&str], Vec<u8>) = match program {
            "msquare" => (&["--stats"], Vec::new()),
            _ => (&[], valid(program, 300).0),
        };
        let whole = normal_run(program, args, &input);
        assert!(whole.len() > 512, "{program}: the output outgrows the limit");
        for ignore_sigxfsz in [true, false] {
            let (status, stderr, file) = under_a_file_size_limit(program, args, &input, ignore_sigxfsz);
            let context = format!("{program}, SIGXFSZ ignored: {ignore_sigxfsz}");
            if ignore_sigxfsz {
                assert_eq!(
                    (status.code(), stderr.as_str()),
                    (
                        Some(1),
                        format!("{program}: error: i/o: File too large (os error 27)\n").as_str()
                    ),
                    "{context}"
                );
            } else {
                // The judge's output limit: the kill it looks for, SIGXFSZ.
                assert_eq!(status.signal(), Some(nix::libc::SIGXFSZ), "{context}: {stderr}");
            }
            assert!(whole.starts_with(&file), "{context}: a prefix of the whole output");
            assert!(
                file.ends_with(b"\n") && file.len() <= 512,
                "{context}: {} bytes",
                file.len()
            );
            // Every line that fitted is there.
            let next_line = whole[file.len()..].iter().position(|&byte| byte == b'\n').unwrap();
            assert!(file.len() + next_line + 1 > 512, "{context}: a whole line is missing");
        }
    }
}

#[test]
fn numbers_of_thousands_of_digits_anywhere_in_the_buffer() {
    // colour-hash: a piece number far out of range is a warning and NO SOLUTION, however long
    // and wherever the read buffer cuts it; msquare: a long token after the eighth number is
    // that extra token.
    let mut rows = Vec::new();
    let mut msquare_rows = Vec::new();
    for digits in [4_000, 5_000, 8_192, 10_000, 100_000] {
        for shift in [0, 4_090, 8_150, 8_191, 8_192] {
            let nines = "9".repeat(digits);
            let padding = " ".repeat(shift);
            rows.push(row(
                "a long piece number",
                format!("2\n{padding}{nines} {}\n{GOAL}\n", &GOAL[2..]),
                0,
                "NO SOLUTION WAS FOUND IN 16 STEPS\nPUZZLE ALREADY SOLVED\n",
                &format!(
                    "colour-hash: warning: case 1: number 1 is {}..., not a piece 0..10\n",
                    "9".repeat(32)
                ),
            ));
            msquare_rows.push(row(
                "a long token after the eighth number",
                format!("{padding}{MSQUARE_IN}\n{nines}"),
                1,
                "",
                &format!(
                    "msquare: error: line 2, column 1: unexpected '{}...' after the eighth number\n",
                    "9".repeat(32)
                ),
            ));
        }
    }
    check_table("colour-hash", &rows);
    check_table("msquare", &msquare_rows);
}

/// Runs `program` with a terminal (a pseudo-terminal in canonical mode) as stdin, on which
/// `typed` is typed and then Ctrl-D pressed once; its status and stdout, or `None` if it still
/// waits for input ten seconds later (it is then killed).
fn typed_at_a_terminal(program: &str, typed: &[u8]) -> Option<(ExitStatus, Vec<u8>)> {
    let pty = nix::pty::openpty(None, None).unwrap();
    let mut child = spawn(program, &[], Stdio::from(pty.slave), Stdio::piped(), Stdio::null());
    let mut keyboard = File::from(pty.master);
    keyboard.write_all(typed).unwrap();
    keyboard.write_all(b"\x04").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    if child.try_wait().unwrap().is_none() {
        let _ = child.kill();
        let _ = child.wait();
        return None;
    }
    let mut stdout = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut stdout).unwrap();
    Some((child.wait().unwrap(), stdout))
}

#[test]
fn one_ctrl_d_at_a_terminal_ends_the_input() {
    // Empty input, a blank line, counts, whole cases; each ends with the same status and output
    // as the same bytes from a pipe.
    let typings: [(&str, &[&str]); 3] = [
        ("msquare", &["", "\n", "2 6 8 4 5 7 3 1\n"]),
        (
            "eight",
            &[
                "",
                "\n",
                "0\n",
                "11\n",
                "1\n\n1 2 3 4 5 6 7 8 x\n",
                "1 2 3 4 5 6 7 8 x\n",
            ],
        ),
        ("colour-hash", &["", "\n", "0\n", "1\n"]),
    ];
    for (program, inputs) in typings {
        for typed in inputs {
            let piped = runner::direct::run(
                &mut Command::new(judge_tests::binary_path(program)),
                typed.as_bytes(),
                Some(Duration::from_secs(20)),
            )
            .unwrap();
            let Some((status, stdout)) = typed_at_a_terminal(program, typed.as_bytes()) else {
                panic!("{program} still waits after {typed:?} and one Ctrl-D");
            };
            assert_eq!(
                (status.code(), String::from_utf8_lossy(&stdout)),
                (piped.code, String::from_utf8_lossy(&piped.stdout)),
                "{program} on {typed:?} at a terminal and from a pipe"
            );
        }
    }
}

/// How a run under an address-space limit ended, by who ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Limited {
    /// The answer, as without a limit.
    Answered,
    /// The binary's own out-of-memory line, status 1.
    Refused,
    /// Before the binary's `main`: the loader or libc (status 127, or SIGSEGV), or Rust's runtime
    /// (its start-up panic, then SIGABRT).
    BeforeMain,
}

/// Runs `binary` on `input` under `ulimit -v kib` and says which [`Limited`] it was, or what
/// else it did.
fn run_under_limit(binary: &std::path::Path, kib: u64, input: &[u8], answer: &[u8]) -> Result<Limited, String> {
    let mut child = Command::new("sh")
        .args([
            "-c",
            &format!("ulimit -v {kib} && exec \"$0\""),
            &binary.to_string_lossy(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    let program = binary.file_name().unwrap().to_string_lossy();
    use std::os::unix::process::ExitStatusExt;
    match (done.status.code(), done.status.signal()) {
        (Some(0), _) if done.stdout == answer && stderr.is_empty() => Ok(Limited::Answered),
        (Some(1), _)
            if done.stdout.is_empty()
                && stderr.starts_with(&format!("{program}: error: out of memory: cannot allocate "))
                && stderr.lines().count() == 1
                && stderr.ends_with('\n') =>
        {
            Ok(Limited::Refused)
        }
        (Some(127), _) | (None, Some(11)) => Ok(Limited::BeforeMain),
        (None, Some(6)) if stderr.contains("failed to allocate an alternative stack") => Ok(Limited::BeforeMain),
        _ => Err(format!(
            "ulimit -v {kib}: {} stdout {:?} stderr {stderr:?}",
            done.status,
            String::from_utf8_lossy(&done.stdout)
        )),
    }
}

#[test]
fn under_any_address_space_limit_main_answers_or_gives_one_line() {
    let cases: [(&str, &[u8]); 3] = [
        ("msquare", b"2 6 8 4 5 7 3 1\n"),
        ("eight", b"2 3 4 1 5 x 7 6 8\n"),
        ("colour-hash", b"1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n"),
    ];
    for (program, input) in cases {
        // The static build the tests run, and the dynamically linked one `make test` builds beside
        // `judge` (its loader and libc take more room before `main`).
        let dynamic = judge_tests::binary_path("judge").with_file_name(program);
        assert!(
            dynamic.is_file(),
            "{} is missing: cargo build --profile test-release --bins",
            dynamic.display()
        );
        for binary in [judge_tests::binary_path(program), dynamic] {
            let answer = Command::new(&binary)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .and_then(|mut child| {
                    child.stdin.take().unwrap().write_all(input)?;
                    child.wait_with_output()
                })
                .unwrap()
                .stdout;
            // From far below the runtime's own start to well past the first answer, every 8 KiB:
            // whatever runs of `main` answers or refuses in one line (never Rust's abort on an
            // allocation), and once the start succeeds, it does at every larger limit but for
            // the runtime's own start-up failure.
            let (mut kib, mut answered_at) = (1024, None);
            let mut seen = Vec::new();
            while answered_at.map_or(true, |at| kib < at + 256) {
                assert!(
                    kib < 64 << 10,
                    "{}: no answer within 64 MiB: {seen:?}",
                    binary.display()
                );
                let limited = run_under_limit(&binary, kib, input, &answer)
                    .unwrap_or_else(|e| panic!("{}: {e}", binary.display()));
                if limited == Limited::Answered {
                    answered_at.get_or_insert(kib);
                } else {
                    assert!(
                        answered_at.is_none(),
                        "{}: {limited:?} at {kib} KiB, after an answer at {answered_at:?}",
                        binary.display()
                    );
                }
                if seen.last().map_or(true, |&(_, last)| last != limited) {
                    seen.push((kib, limited));
                }
                kib += 8;
            }
        }
    }
}
