//! `--trace`: every answer drawn move by move, on stderr, beside the judge's answer on stdout;
//! and [`draw`], the 3×3 frames that `--stats` shares.
//!
//! **Equals:** [`plain::moved`](crate::plain::moved) played move by move: each frame is the one
//! before with the labelled move made, and the last is the goal.
//! **Proved by:** `trace_draws_every_answer_and_leaves_stdout_alone` (below: every frame checked
//! against the fast `Board::step`, over boards spread across the 9!) and
//! `trace_stops_at_bad_input_after_drawing_the_boards_before`.

use std::io::{self, Write};

use crate::plain::{moved, LETTERS};
use crate::state::{tile_char, Board};

/// Draws `boards` side by side, each in its 3×3 frame (blank as `x`), indented by two spaces:
///
/// ```text
///   +-------+  +-------+
///   | 2 3 4 |  | 2 3 x |
///   | 1 5 x |  | 1 5 4 |
///   | 7 6 8 |  | 7 6 8 |
///   +-------+  +-------+
/// ```
///
/// # Complexity
/// O(9 · number of boards).
pub(crate) fn draw(out: &mut dyn Write, boards: &[Board]) -> io::Result<()> {
    const BORDER: &str = "+-------+";
    for line in 0..5 {
        let frames: Vec<String> = boards
            .iter()
            .map(|board| match line {
                0 | 4 => BORDER.to_string(),
                row => {
                    let cells = board.cells();
                    let tile = |column: usize| tile_char(cells[3 * (row - 1) + column]);
                    format!("| {} {} {} |", tile(0), tile(1), tile(2))
                }
            })
            .collect();
        writeln!(out, "  {}", frames.join("  "))?;
    }
    Ok(())
}

/// What move `u`, `l`, `d`, `r` does, in the trace's words.
const MOVE_WORDS: [&str; 4] = [
    "above the blank slides down",
    "left of the blank slides right",
    "below the blank slides up",
    "right of the blank slides left",
];

/// Draws board `number`'s answer: a heading with the board and its answer, the board in its
/// frame, then after each move the board it leads to, labelled with the move; the last drawing
/// is the goal. `moves` is `None` for an unsolvable board, which gets one line saying so and
/// why. An empty line separates a board from the one before (`number > 1`).
///
/// # Panics
/// If `moves` holds a letter other than u, l, d, r, or a move off the frame's edge.
///
/// # Complexity
/// O(9 · length of `moves`).
pub(crate) fn write_trace(out: &mut dyn Write, number: u64, board: &Board, moves: Option<&[u8]>) -> io::Result<()> {
    if number > 1 {
        writeln!(out)?;
    }
    let Some(moves) = moves else {
        let inversions = board.inversions();
        return writeln!(
            out,
            "board {number}: {board}: unsolvable: its tiles 1-8, read row by row without the blank, have \
             {inversions} inversion{}, an odd number, and no move changes that parity (the goal has 0)",
            if inversions == 1 { "" } else { "s" }
        );
    };
    match moves.len() {
        0 => writeln!(out, "board {number}: {board}: the goal itself, 0 moves")?,
        length => writeln!(
            out,
            "board {number}: {board}: {length} move{}, {}",
            if length == 1 { "" } else { "s" },
            moves.escape_ascii()
        )?,
    }
    writeln!(out, "start:")?;
    draw(out, &[*board])?;
    let mut at = *board;
    for (done, &letter) in moves.iter().enumerate() {
        let step = LETTERS
            .iter()
            .position(|&name| name == letter)
            .expect("moves are u, l, d or r");
        let cells = moved(&at.cells(), step).expect("an answer's moves stay inside the frame");
        // The tile that moved is the one now where the blank was.
        let tile = tile_char(cells[at.blank()]);
        at = Board::from_cells(cells).expect("a move keeps the board a permutation");
        writeln!(
            out,
            "move {} of {}: {} (the {tile} {}):",
            done + 1,
            moves.len(),
            letter as char,
            MOVE_WORDS[step]
        )?;
        draw(out, &[at])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::STATES;
    use crate::testkit::{board, main_output};

    /// One board's drawing in a trace: its heading, the move labels, and the boards drawn.
    struct Drawing {
        heading: String,
        labels: Vec<String>,
        boards: Vec<Board>,
    }

    /// Splits a trace into its boards' drawings (separated by empty lines).
    fn drawings(trace: &str) -> Vec<Drawing> {
        trace
            .split("\n\n")
            .map(|block| {
                let lines: Vec<&str> = block.lines().collect();
                let rows: Vec<&str> = lines.iter().filter(|line| line.starts_with("  | ")).copied().collect();
                let boards = rows
                    .chunks(3)
                    .map(|frame| board(&frame.concat().replace('|', "")))
                    .collect();
                Drawing {
                    heading: lines[0].to_string(),
                    labels: lines
                        .iter()
                        .filter(|line| line.starts_with("move "))
                        .map(|l| l.to_string())
                        .collect(),
                    boards,
                }
            })
            .collect()
    }

    /// Checks that `trace` draws, for each board of `boards` with its `answers`, one frame per
    /// move, each the result of its labelled move, ending at the goal.
    fn assert_trace_draws(trace: &str, boards: &[Board], answers: &[&str]) {
        let drawings = drawings(trace);
        assert_eq!(drawings.len(), boards.len(), "{trace}");
        for (index, ((drawing, start), answer)) in drawings.iter().zip(boards).zip(answers).enumerate() {
            let number = index + 1;
            assert!(
                drawing.heading.starts_with(&format!("board {number}: {start}: ")),
                "{}",
                drawing.heading
            );
            if *answer == "unsolvable" {
                assert!(drawing.heading.contains(": unsolvable: "), "{}", drawing.heading);
                assert!(drawing.heading.contains("odd"), "{}", drawing.heading);
                assert!(drawing.labels.is_empty() && drawing.boards.is_empty(), "board {number}");
                continue;
            }
            assert_eq!(
                drawing.labels.len(),
                answer.len(),
                "board {number}: one drawing per move"
            );
            assert_eq!(
                drawing.boards.len(),
                answer.len() + 1,
                "board {number}: the start, then each move"
            );
            assert_eq!(drawing.boards[0], *start);
            assert_eq!(
                drawing.boards.last(),
                Some(&Board::GOAL),
                "board {number} ends at the goal"
            );
            for (step, (label, letter)) in drawing.labels.iter().zip(answer.bytes()).enumerate() {
                let want = format!("move {} of {}: {} (the ", step + 1, answer.len(), letter as char);
                assert!(label.starts_with(&want), "{label}");
                let index = LETTERS.iter().position(|&name| name == letter).unwrap() as u8;
                assert_eq!(
                    drawing.boards[step].step(index),
                    Some(drawing.boards[step + 1]),
                    "{label}"
                );
            }
        }
    }

    #[test]
    fn trace_draws_every_answer_and_leaves_stdout_alone() {
        // Boards spread over the whole space, odd and even, the goal, and both farthest boards.
        let mut boards: Vec<Board> = (0..STATES).step_by(9_973).map(Board::from_rank).collect();
        boards.extend(["1 2 3 4 5 6 7 8 x", "8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"].map(board));
        assert!(boards.iter().any(|b| !b.is_solvable()) && boards.iter().any(Board::is_solvable));
        let lines: String = boards.iter().map(|b| format!("{b}\n")).collect();
        let counted = format!("{}\n\n{}", boards.len(), lines.replace('\n', "\n\n"));
        for (args, input) in [
            (&["--trace"][..], &lines),
            (&["--trace", "--format", "hdu"][..], &lines),
            (&["--format=uva652", "--trace"][..], &counted),
            (&["--trace"][..], &counted),
        ] {
            let (out, trace) = main_output(args, input.as_bytes()).unwrap();
            let untraced: Vec<&str> = args.iter().filter(|&&arg| arg != "--trace").copied().collect();
            let (plain, nothing) = main_output(&untraced, input.as_bytes()).unwrap();
            assert_eq!(nothing, "", "{args:?}");
            assert_eq!(out, plain, "{args:?}: stdout is the judge answer, byte for byte");
            // One line per board (the goal's empty), UVa's with an empty line between.
            let lines = out.split_terminator('\n');
            let answers: Vec<&str> = if input == &counted {
                lines.step_by(2).collect()
            } else {
                lines.collect()
            };
            assert_eq!(answers.len(), boards.len(), "{args:?}");
            assert_trace_draws(&trace, &boards, &answers);
        }
    }

    #[test]
    fn trace_stops_at_bad_input_after_drawing_the_boards_before() {
        let input = "2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n9 3 4 1 5 x 7 6 8\n";
        let (mut out, mut trace) = (Vec::new(), Vec::new());
        let outcome = crate::main_with(
            vec![std::ffi::OsString::from("--trace")],
            input.as_bytes(),
            &mut out,
            &mut trace,
        );
        assert_eq!(outcome.unwrap_err().to_string(), "board 3: tile '9' is not 1-8 or x");
        assert_eq!(out, b"ullddrurdllurdruldr\nunsolvable\n");
        let trace = String::from_utf8(trace).unwrap();
        assert_trace_draws(
            &trace,
            &[board("2 3 4 1 5 x 7 6 8"), board("2 1 3 4 5 6 7 8 x")],
            &["ullddrurdllurdruldr", "unsolvable"],
        );
        // The goal: its heading and a single frame, no moves.
        let (out, trace) = main_output(&["--trace"], &b"1 2 3 4 5 6 7 8 x\n"[..]).unwrap();
        assert_eq!(out, "\n");
        assert_eq!(
            trace,
            "board 1: 1 2 3 4 5 6 7 8 x: the goal itself, 0 moves\nstart:\n  +-------+\n  | 1 2 3 |\n  | 4 5 6 |\n  \
             | 7 8 x |\n  +-------+\n"
        );
    }
}
