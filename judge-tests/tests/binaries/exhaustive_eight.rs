//! All 9! = 362,880 boards in one HDU-layout input through the `eight` binary, each answer judged
//! by the independent reference: `unsolvable` exactly for the odd boards, otherwise moves that
//! reach the goal, as few as possible, the smallest in u < l < d < r order; and the distances of
//! the solvable half must be OEIS A089473. The binary runs once per method: each board walked
//! from the table (`--method table`), each answered by the textbook solver (`--method plain`) and
//! the judges' default: the outputs must be the same bytes. IDA* (`--method search`) answers every
//! 37th board (9,808 boards, about half of them unsolvable), the same bytes again: the search itself is proved
//! on every solvable board in process (`eight::search::ida`'s unit tests), so the binary's run
//! needs only to show that the switch reaches it, and all 9! would triple this test's time.
//!
//! And under an address-space limit (`ulimit -v`, as judges set one) the binary either answers
//! everything or stops with the one error line after whole answer lines, never an abort.

use itertools::Itertools;
use judge_oracle::reference::eight::A089473;
use judge_oracle::reference::eight::{self as reference, Board, Distances};
use std::process::Command;
use std::time::Duration;

#[test]
fn every_board_through_the_binary() {
    let boards: Vec<Board> = b"12345678x"
        .iter()
        .copied()
        .permutations(9)
        .map(|tiles| tiles.try_into().expect("nine tiles"))
        .collect();
    assert_eq!(boards.len(), 362_880);
    // One board a line, tiles spaced as the judges write them: "1 2 3 4 5 6 7 8 x".
    let mut input = Vec::with_capacity(boards.len() * 18);
    for board in &boards {
        for (i, &tile) in board.iter().enumerate() {
            input.push(tile);
            input.push(if i == 8 { b'\n' } else { b' ' });
        }
    }
    let table = answers_by(&input, "table");
    for method in ["plain", "auto"] {
        assert!(
            answers_by(&input, method) == table,
            "--method {method} and --method table answer differently"
        );
    }
    const SEARCH_EVERY: usize = 37;
    let sampled = |text: &[u8]| -> Vec<u8> {
        text.split_inclusive(|&byte| byte == b'\n')
            .step_by(SEARCH_EVERY)
            .flatten()
            .copied()
            .collect()
    };
    let searched = answers_by(&sampled(&input), "search");
    assert!(
        searched.as_bytes() == sampled(table.as_bytes()),
        "--method search and --method table answer differently on every {SEARCH_EVERY}th board"
    );
    let output = table;
    let answers = output
        .strip_suffix('\n')
        .expect("the output ends in a newline")
        .split('\n')
        .collect_vec();
    assert_eq!(answers.len(), boards.len(), "one answer line per board");

    let distances = Distances::new();
    let mut histogram = vec![0usize; A089473.len()];
    let mut unsolvable = 0;
    for (board, answer) in boards.iter().zip(&answers) {
        let shown = String::from_utf8_lossy(board);
        if let Err(why) = distances.check(board, answer) {
            panic!("{shown}: {answer:?}: {why}");
        }
        // `check` trusts the reference's table for solvability; parity is the statement's test.
        assert_eq!(
            *answer == "unsolvable",
            !reference::is_even(board),
            "{shown}: {answer:?}"
        );
        if *answer == "unsolvable" {
            unsolvable += 1;
        } else {
            histogram[answer.len()] += 1;
        }
    }
    assert_eq!(unsolvable, 181_440);
    assert_eq!(histogram, A089473);
}

/// The binary's output on `input` with `--method method`, checked to be a clean run.
fn answers_by(input: &[u8], method: &str) -> String {
    let binary = judge_tests::binary_path("eight");
    let mut command = Command::new(&binary);
    command.args(["--method", method]);
    let run =
        judge_tests::runner::direct::run(&mut command, input, Some(Duration::from_secs(60))).unwrap_or_else(|error| {
            panic!(
                "cannot run {}: {error} (build it: cargo build --release -p eight)",
                binary.display()
            )
        });
    assert!(!run.timed_out, "--method {method}: no answer within 60 s");
    assert_eq!(
        run.code,
        Some(0),
        "--method {method}: stderr: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.stderr.is_empty(),
        "--method {method}: stderr: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).expect("the answers are ASCII")
}

/// Runs the binary on `input` under `ulimit -v kilobytes`: its exit code, stdout and stderr.
fn limited_run(input: &[u8], kilobytes: u32) -> (Option<i32>, String, String) {
    let binary = judge_tests::binary_path("eight");
    let mut command = Command::new("sh");
    command.args(["-c", "ulimit -v \"$0\" && exec \"$1\""]);
    command.arg(kilobytes.to_string()).arg(&binary);
    let run = judge_tests::runner::direct::run(&mut command, input, Some(Duration::from_secs(60)))
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", binary.display()));
    assert!(!run.timed_out, "ulimit -v {kilobytes}: no answer within 60 s");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("ASCII");
    (run.code, text(run.stdout), text(run.stderr))
}

#[test]
fn a_refused_table_is_one_error_line_after_whole_answers() {
    // The sample first (answered by IDA*, no table), then enough boards that the run spends its
    // search budget and builds the table.
    let mut input = b"2 3 4 1 5 x 7 6 8\n".to_vec();
    for (n, tiles) in b"12345678x".iter().copied().permutations(9).enumerate() {
        if n % 181 == 0 {
            input.extend(tiles.iter().flat_map(|&tile| [tile, b' ']));
            input.push(b'\n');
        }
    }
    let (code, full, stderr) = limited_run(&input, 1 << 20);
    assert_eq!((code, stderr.as_str()), (Some(0), ""), "unlimited");
    assert_eq!(full.lines().count(), 2 + 362_880 / 181);
    let mut refused = 0;
    for kilobytes in (3_000..=8_000).step_by(200).chain([9_000, 11_000, 13_000]) {
        let (code, stdout, stderr) = limited_run(&input, kilobytes);
        if code == Some(0) {
            assert_eq!(
                (stdout.as_str(), stderr.as_str()),
                (full.as_str(), ""),
                "ulimit -v {kilobytes}"
            );
        } else if stderr.starts_with("eight: error:") {
            assert_eq!(code, Some(1), "ulimit -v {kilobytes}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "ulimit -v {kilobytes}: {stderr}");
            assert!(
                stderr.starts_with("eight: error: out of memory: cannot allocate "),
                "{stderr}"
            );
            assert!(
                stdout.is_empty() || stdout.ends_with('\n'),
                "ulimit -v {kilobytes}: a cut line"
            );
            assert!(
                full.starts_with(&stdout),
                "ulimit -v {kilobytes}: answers not the unlimited run's"
            );
            refused += 1;
        } else {
            // Too little to start the process at all (the loader's own message), which only the
            // smallest limits may be.
            assert!(kilobytes < 9_000, "ulimit -v {kilobytes}: {code:?} {stderr}");
            assert!(stdout.is_empty(), "ulimit -v {kilobytes}");
        }
    }
    assert!(refused > 0, "no limit between 3 and 8 MB refused the table");
}
