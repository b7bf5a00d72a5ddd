//! Hostile input: every binary, fed bad bytes, prints the answers it could compute, then one
//! stderr line `<binary>: error: ...`, and exits with status 1; valid oddities (CRLF, tabs) are
//! accepted; a closed stdout ends the run quietly. Each case runs the release binary as a process.

use judge_tests::runner;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// One row of the table: what goes in, and exactly what must come out.
struct Expect {
    name: &'static str,
    input: &'static [u8],
    stdout: &'static str,
    status: i32,
    /// The whole of stderr; empty when none is allowed.
    stderr: &'static str,
}

fn check_table(program: &str, table: &[Expect]) {
    let binary = judge_tests::binary_path(program);
    let mut failures = Vec::new();
    for row in table {
        let run = runner::direct::run(&mut Command::new(&binary), row.input, Some(Duration::from_secs(20)))
            .unwrap_or_else(|e| panic!("cannot run {}: {e} (build it: cargo build --release)", binary.display()));
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        if run.code != Some(row.status) || stdout != row.stdout || stderr != row.stderr {
            failures.push(format!(
                "{program} / {}: got status {:?}, stdout {stdout:?}, stderr {stderr:?}; want status {}, stdout {:?}, stderr {:?}",
                row.name, run.code, row.status, row.stdout, row.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn msquare_bad_input_table() {
    const FOUND_0: &str = "msquare: error: expected 8 distinct integers 1..8, found 0\n";
    check_table(
        "msquare",
        &[
            Expect {
                name: "empty input",
                input: b"",
                stdout: "",
                status: 1,
                stderr: FOUND_0,
            },
            Expect {
                name: "only whitespace",
                input: b" \n\t\r\n ",
                stdout: "",
                status: 1,
                stderr: FOUND_0,
            },
            Expect {
                name: "truncated",
                input: b"2 6 8 4 5 7 3",
                stdout: "",
                status: 1,
                stderr: "msquare: error: expected 8 distinct integers 1..8, found 7\n",
            },
            Expect {
                name: "non-ASCII bytes",
                input: "2 6 8 4 5 7 3 é".as_bytes(),
                stdout: "",
                status: 1,
                stderr: "msquare: error: line 1, column 15: '\\xc3\\xa9' is not an integer\n",
            },
            Expect {
                name: "NUL byte",
                input: b"2 6 8\x00 4 5 7 3 1",
                stdout: "",
                status: 1,
                stderr: "msquare: error: line 1, column 5: '8\\x00' is not an integer\n",
            },
            Expect {
                name: "huge integer",
                input: b"99999999999999999999 6 8 4 5 7 3 1",
                stdout: "",
                status: 1,
                stderr: "msquare: error: line 1, column 1: '99999999999999999999' is not in 1..8\n",
            },
            Expect {
                name: "negative number",
                input: b"2 -6 8 4 5 7 3 1",
                stdout: "",
                status: 1,
                stderr: "msquare: error: line 1, column 3: -6 is not in 1..8\n",
            },
            Expect {
                name: "repeated value",
                input: b"2 6 8 4 5 7 3 3",
                stdout: "",
                status: 1,
                stderr: "msquare: error: line 1, column 15: 3 appears twice; expected 8 distinct integers 1..8\n",
            },
            Expect {
                name: "a token after the eighth number",
                input: b"2 6 8 4 5 7 3 1\n4",
                stdout: "",
                status: 1,
                stderr: "msquare: error: line 2, column 1: unexpected '4' after the eighth number\n",
            },
            Expect {
                name: "CRLF line ends",
                input: b"2 6 8 4\r\n5 7 3 1\r\n",
                stdout: "7\nBCABCCB\n",
                status: 0,
                stderr: "",
            },
            Expect {
                name: "tabs",
                input: b"2\t6\t8\t4\t5\t7\t3\t1\t",
                stdout: "7\nBCABCCB\n",
                status: 0,
                stderr: "",
            },
        ],
    );
}

#[test]
fn eight_bad_input_table() {
    check_table(
        "eight",
        &[
            Expect { name: "empty input", input: b"", stdout: "", status: 0, stderr: "" },
            Expect { name: "only whitespace", input: b" \n\t\r\n ", stdout: "", status: 0, stderr: "" },
            Expect {
                name: "truncated last board",
                input: b"1 2 3 4 5 6 7 8 x\n2 3 4",
                stdout: "\n",
                status: 1,
                stderr: "eight: error: board 2: the input ends after 3 of its 9 tiles\n",
            },
            Expect {
                name: "non-ASCII bytes",
                input: "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 \u{e9}".as_bytes(),
                stdout: "\n",
                status: 1,
                stderr: "eight: error: board 2: tile '\\xc3' is not 1-8 or x\n",
            },
            Expect {
                name: "NUL byte",
                input: b"1 2 3 4 5 6 7 8 x\n1 2 3\x00 4 5 6 7 8 x",
                stdout: "\n",
                status: 1,
                stderr: "eight: error: board 2: tile '\\x00' is not 1-8 or x\n",
            },
            Expect {
                name: "huge integer as the count",
                input: b"99999999999999999999\n\n1 2 3 4 5 6 7 8 x\n",
                stdout: "",
                status: 1,
                stderr: "eight: error: line 1, column 1: the board count '99999999999999999999' is too large\n",
            },
            Expect {
                name: "negative number",
                input: b"-1\n\n1 2 3 4 5 6 7 8 x\n",
                stdout: "",
                status: 1,
                stderr: "eight: error: board 1: tile '-' is not 1-8 or x\n",
            },
            Expect {
                name: "a tile out of range",
                input: b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 9\n",
                stdout: "ullddrurdllurdruldr\n",
                status: 1,
                stderr: "eight: error: board 2: tile '9' is not 1-8 or x\n",
            },
            Expect {
                name: "a repeated tile",
                input: b"1 1 3 4 5 6 7 8 x\n",
                stdout: "",
                status: 1,
                stderr: "eight: error: board 1: tile '1' appears twice\n",
            },
            Expect {
                name: "count larger than the boards",
                input: b"02\n\n1 2 3 4 5 6 7 8 x\n",
                stdout: "\n",
                status: 1,
                stderr: "eight: error: board 2: missing: the count says 2 boards, the input ends after 1 (a lone number on the first line is read as the UVa 652 board count; --format hdu reads it as tiles)\n",
            },
            Expect {
                name: "count smaller than the boards",
                input: b"01\n\n1 2 3 4 5 6 7 8 x\n\n1 2 3 4 5 6 7 8 x\n",
                stdout: "\n",
                status: 1,
                stderr: "eight: error: board 2: more boards than the count 1 (a lone number on the first line is read as the UVa 652 board count; --format hdu reads it as tiles)\n",
            },
            Expect {
                name: "CRLF line ends",
                input: b"1 2 3 4 5 6 7 8 x\r\n2 3 4 1 5 x 7 6 8\r\n",
                stdout: "\nullddrurdllurdruldr\n",
                status: 0,
                stderr: "",
            },
            Expect { name: "tabs", input: b"2\t3\t4\t1\t5\tx\t7\t6\t8\t", stdout: "ullddrurdllurdruldr\n", status: 0, stderr: "" },
        ],
    );
}

#[test]
fn colour_hash_bad_input_table() {
    check_table(
        "colour-hash",
        &[
            Expect {
                name: "empty input",
                input: b"",
                stdout: "",
                status: 0,
                stderr: "",
            },
            Expect {
                name: "only whitespace",
                input: b" \n\t\r\n ",
                stdout: "",
                status: 0,
                stderr: "",
            },
            Expect {
                name: "truncated last case",
                input: b"2\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4",
                stdout: "PUZZLE ALREADY SOLVED\n",
                status: 1,
                stderr: "colour-hash: error: case 2: the input ends after 3 of its 24 numbers\n",
            },
            Expect {
                name: "non-ASCII bytes",
                input: "2\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4 \u{e9}".as_bytes(),
                stdout: "PUZZLE ALREADY SOLVED\n",
                status: 1,
                stderr: "colour-hash: error: case 2: line 3, column 7: '\\xc3\\xa9' is not an integer\n",
            },
            Expect {
                name: "NUL byte",
                input: b"2\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3\x00 4",
                stdout: "PUZZLE ALREADY SOLVED\n",
                status: 1,
                stderr: "colour-hash: error: case 2: line 3, column 3: '3\\x00' is not an integer\n",
            },
            Expect {
                name: "huge integer in a case: not a piece, so no solution",
                input: b"1\n99999999999999999999 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n",
                stdout: "NO SOLUTION WAS FOUND IN 16 STEPS\n",
                status: 0,
                stderr: "colour-hash: warning: case 1: number 1 is 99999999999999999999, not a piece 0..10\n",
            },
            Expect {
                name: "huge integer as the count",
                input: b"99999999999999999999\n",
                stdout: "",
                status: 1,
                stderr: "colour-hash: error: line 1, column 1: the case count '99999999999999999999' is too large\n",
            },
            Expect {
                name: "negative count",
                input: b"-2\n",
                stdout: "",
                status: 1,
                stderr: "colour-hash: error: line 1, column 1: the case count -2 is negative\n",
            },
            Expect {
                name: "negative number in a case",
                input: b"1\n-1 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n",
                stdout: "NO SOLUTION WAS FOUND IN 16 STEPS\n",
                status: 0,
                stderr: "colour-hash: warning: case 1: number 1 is -1, not a piece 0..10\n",
            },
            Expect {
                name: "count larger than the cases",
                input: b"3\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n",
                stdout: "PUZZLE ALREADY SOLVED\n",
                status: 1,
                stderr: "colour-hash: error: case 2: missing: the count announced 3 cases but the input ends after 1\n",
            },
            Expect {
                name: "count smaller than the cases",
                input: b"1\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3\n",
                stdout: "PUZZLE ALREADY SOLVED\n",
                status: 1,
                stderr: "colour-hash: error: line 3, column 1: unexpected '0' after the 1 case the count announced\n",
            },
            Expect {
                name: "CRLF line ends",
                input: b"1\r\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\r\n",
                stdout: "PUZZLE ALREADY SOLVED\n",
                status: 0,
                stderr: "",
            },
            Expect {
                name: "tabs",
                input: b"1\t0\t3\t4\t5\t0\t3\t6\t5\t0\t1\t2\t1\t0\t7\t8\t7\t0\t9\t10\t9\t0\t1\t2\t1\t",
                stdout: "1434332334332323\n",
                status: 0,
                stderr: "",
            },
        ],
    );
}

/// Reads one line of a long output, closes the pipe, and expects a quiet exit.
fn closed_stdout_is_quiet(program: &str, input: Vec<u8>) {
    let binary = judge_tests::binary_path(program);
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the program's next writes hit a closed pipe.
    let output = child.wait_with_output().unwrap();
    let _ = feeder.join();
    assert!(!first.is_empty(), "{program}: no first line");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "{program}: stderr on a closed stdout"
    );
    assert_eq!(output.status.code(), Some(0), "{program}: status on a closed stdout");
}

/// `data/<puzzle>/<case>` repeated `times`, the cases (after an optional count line) and
/// the expected answers each repeated: (input, expected output).
fn repeated_case(puzzle: &str, case: &str, times: usize, counted: bool) -> (Vec<u8>, Vec<u8>) {
    let dir = judge_tests::data_dir().join(puzzle);
    let input = std::fs::read_to_string(dir.join(format!("{case}.in"))).unwrap();
    let output = std::fs::read(dir.join(format!("{case}.out"))).unwrap();
    let (count, body) = if counted {
        let (count, body) = input.split_once('\n').unwrap();
        (count.trim().parse::<usize>().unwrap(), body)
    } else {
        (input.lines().count(), input.as_str())
    };
    let mut big = Vec::with_capacity(body.len() * times + 16);
    if counted {
        big.extend_from_slice(format!("{}\n", count * times).as_bytes());
    }
    for _ in 0..times {
        big.extend_from_slice(body.as_bytes());
        if !body.ends_with('\n') {
            big.push(b'\n');
        }
    }
    (big, output.repeat(times))
}

/// Runs `program` on `input` under `peak-rss`; returns (stdout, peak KiB).
fn run_measured(program: &str, input: &[u8]) -> (Vec<u8>, u64) {
    let dir = std::env::temp_dir().join(format!("hostile-{program}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input_path, report) = (dir.join("input"), dir.join("peak"));
    std::fs::write(&input_path, input).unwrap();
    let output = Command::new(judge_tests::binary_path("peak-rss"))
        .arg(&report)
        .arg(judge_tests::binary_path(program))
        .stdin(std::fs::File::open(&input_path).unwrap())
        .output()
        .expect("peak-rss runs (cargo build --release --workspace)");
    assert!(
        output.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&report).unwrap();
    let peak = judge_tests::runner::report::Report::parse(&text).unwrap().peak_kib;
    std::fs::remove_dir_all(&dir).unwrap();
    (output.stdout, peak)
}

#[test]
fn eight_streams_two_million_boards_in_flat_memory() {
    // 50 boards, 40,000 times: 2,000,000 boards, about 36 MB.
    let (input, expected) = repeated_case("eight", "boards-50", 40_000, false);
    assert!(input.len() > 30 << 20);
    let (stdout, peak_kib) = run_measured("eight", &input);
    assert!(stdout == expected, "2,000,000 answers out, in order");
    assert!(peak_kib < 32 * 1024, "peak {peak_kib} KiB");
}

#[test]
fn colour_hash_streams_200_000_cases_in_flat_memory() {
    let (input, expected) = repeated_case("colour-hash", "scrambles-200", 1_000, true);
    let (stdout, peak_kib) = run_measured("colour-hash", &input);
    assert!(stdout == expected, "200,000 answers out, in order");
    assert!(peak_kib < 32 * 1024, "peak {peak_kib} KiB");
}

#[test]
fn eight_closed_stdout_is_quiet() {
    closed_stdout_is_quiet("eight", repeated_case("eight", "boards-50", 2_000, false).0);
}

#[test]
fn colour_hash_closed_stdout_is_quiet() {
    closed_stdout_is_quiet("colour-hash", repeated_case("colour-hash", "scrambles-200", 50, true).0);
}

#[test]
fn msquare_closed_stdout_is_quiet() {
    // msquare's answer is two short lines; even so, closing after the first must stay quiet.
    closed_stdout_is_quiet("msquare", b"4 3 1 2 5 6 7 8".to_vec());
}

/// `-h` and `--help` print the usage and one line per switch on stdout and exit 0, reading no
/// input; an unknown argument is one stderr line ending in the usage, exit 1, nothing on stdout.
fn help_is_usage_on_stdout(program: &str, switches: &[&str]) {
    let binary = judge_tests::binary_path(program);
    let limit = Some(Duration::from_secs(20));
    for flag in ["-h", "--help"] {
        let run = runner::direct::run(Command::new(&binary).arg(flag), b"not an input", limit).unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert_eq!(
            (run.code, run.stderr.as_slice()),
            (Some(0), &b""[..]),
            "{program} {flag}"
        );
        assert!(
            stdout.starts_with(&format!("usage: {program} ")),
            "{program} {flag}: {stdout}"
        );
        for switch in switches.iter().chain(&["-h, --help"]) {
            let line = stdout.lines().find(|line| line.trim_start().starts_with(switch));
            assert!(line.is_some(), "{program} {flag}: no line for {switch}: {stdout}");
        }
        assert!(stdout.ends_with('\n'), "{program} {flag}");
    }
    let run = runner::direct::run(Command::new(&binary).arg("--bogus"), b"", limit).unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(
        (run.code, run.stdout.as_slice()),
        (Some(1), &b""[..]),
        "{program} --bogus"
    );
    assert!(
        stderr.starts_with(&format!(
            "{program}: error: unknown argument '--bogus'; usage: {program} "
        )),
        "{program} --bogus: {stderr}"
    );
}

#[test]
fn msquare_help_is_usage_on_stdout() {
    help_is_usage_on_stdout("msquare", &["--stats", "--trace"]);
}
