//! All 9! = 362,880 boards in one HDU-layout input through the `eight` binary, each answer judged
//! by the independent reference: `unsolvable` exactly for the odd boards, otherwise moves that
//! reach the goal, as few as possible, the smallest in u < l < d < r order; and the distances of
//! the solvable half must be OEIS A089473. The binary runs twice, with each board walked from
//! the table (`--method table`) and each found by IDA* (`--method search`, about 10 s in
//! release): the two outputs must be the same bytes.

use itertools::Itertools;
use judge_tests::reference::eight::{self as reference, Board, Distances};
use judge_tests::testkit::A089473;
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
    let search = answers_by(&input, "search");
    assert!(table == search, "--method search and --method table answer differently");
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
    let run = judge_tests::runner::run(&mut command, input, Some(Duration::from_secs(60))).unwrap_or_else(|error| {
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
