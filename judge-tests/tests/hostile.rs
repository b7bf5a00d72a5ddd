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
        let run = runner::run(&mut Command::new(&binary), row.input, Some(Duration::from_secs(20)))
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

#[test]
fn msquare_closed_stdout_is_quiet() {
    // msquare's answer is two short lines; even so, closing after the first must stay quiet.
    closed_stdout_is_quiet("msquare", b"4 3 1 2 5 6 7 8".to_vec());
}
