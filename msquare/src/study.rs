//! Study mode, for a person rather than a judge: the whole state space as a table (`--stats`) and
//! a solution drawn board by board (`--trace`). Left out of bundles.
//!
//! The public items are the puzzle's rules as the study page uses them, so that the page keeps
//! no copy of its own: the move letters ([`MOVE_LETTERS`]), the basic state ([`BASIC_STATE`]), a
//! move ([`apply_move`]), a sequence played ([`replay`]) and a board's rank ([`rank`]).

use std::io::{self, Write};

use common::cli::Failure;

use crate::search::Solver;
use crate::state::{apply, Board, BASIC, MOVE_NAMES};

/// The move letters in the judge's order, A < B < C: move `m` of [`apply_move`] is
/// `MOVE_LETTERS[m]`.
pub const MOVE_LETTERS: [u8; 3] = MOVE_NAMES;

/// The basic state 1 2 3 4 / 8 7 6 5, where every answer starts: position `i` holds colour
/// `i + 1` (stored as `i`).
pub const BASIC_STATE: Board = BASIC;

/// The board after move `step` (0 = A swaps the rows, 1 = B moves the right column to the
/// left, 2 = C turns the centre four clockwise), or `None` for another `step`.
pub fn apply_move(board: &Board, step: usize) -> Option<Board> {
    (step < MOVE_LETTERS.len()).then(|| apply(board, step as u8))
}

/// The boards `moves` (letters A, B, C) pass through from `start`, `start` first; `Err` with
/// the first byte that is not a move.
///
/// # Complexity
/// O(8 · moves).
pub fn replay(start: &Board, moves: &[u8]) -> Result<Vec<Board>, u8> {
    let mut boards = vec![*start];
    for &letter in moves {
        let step = MOVE_LETTERS.iter().position(|&name| name == letter).ok_or(letter)?;
        boards.push(apply(&boards[boards.len() - 1], step as u8));
    }
    Ok(boards)
}

/// The board's lexicographic rank among the 8! boards, 0 for the basic state: the index of
/// its distance in the search's tables ([`common::perm::rank`]).
pub fn rank(board: &Board) -> usize {
    common::perm::rank(board)
}

/// What each move does, in [`MOVE_NAMES`] order.
const MOVE_EFFECTS: [&str; 3] = ["swap the rows", "right column to the left", "centre clockwise"];

/// Draws `board` as the puzzle shows it: the top row, then the bottom row, left to right.
fn draw(out: &mut dyn Write, board: &Board) -> io::Result<()> {
    let colour = |position: usize| board[position] + 1;
    writeln!(out, "  {} {} {} {}", colour(0), colour(1), colour(2), colour(3))?;
    writeln!(out, "  {} {} {} {}", colour(7), colour(6), colour(5), colour(4))
}

/// The whole state space as a table: boards at each distance from the basic state, the running
/// total, and the maximum distance with an example board.
///
/// # Errors
/// If writing fails, or the search's tables cannot be allocated.
///
/// # Complexity
/// O(8!): one search.
pub(crate) fn write_stats(out: &mut impl Write) -> Result<(), Failure> {
    let solver = Solver::try_new()?;
    let sizes = solver.layer_sizes();
    writeln!(
        out,
        "msquare: distances from the basic state 1 2 3 4 / 8 7 6 5 by moves A, B, C"
    )?;
    let total = common::stats::write_layer_table(out, "boards", &sizes)?;
    let farthest = solver.farthest().map(|c| (c + 1).to_string()).join(" ");
    writeln!(out, "all {total} boards (8!) reachable")?;
    writeln!(
        out,
        "maximum depth {}: {} boards, e.g. {farthest}",
        sizes.len() - 1,
        sizes[sizes.len() - 1]
    )?;
    Ok(())
}

/// Replays `moves` (letters A, B, C) from the basic state, drawing every board on `out`, each
/// labelled with the move that led to it. A [`crate::Tracer`].
///
/// # Panics
/// If a move is not A, B or C.
pub(crate) fn write_trace(out: &mut dyn Write, moves: &[u8]) -> io::Result<()> {
    let mut board = BASIC;
    writeln!(out, "start (the basic state):")?;
    draw(out, &board)?;
    for (number, &letter) in moves.iter().enumerate() {
        let step = MOVE_NAMES
            .iter()
            .position(|&name| name == letter)
            .expect("moves are A, B or C");
        board = apply(&board, step as u8);
        writeln!(
            out,
            "move {} of {}: {} ({}):",
            number + 1,
            moves.len(),
            letter as char,
            MOVE_EFFECTS[step]
        )?;
        draw(out, &board)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_show_the_whole_table() {
        let mut out = Vec::new();
        write_stats(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\n    0       1       1\n"), "{text}");
        assert!(text.contains("\n   21     328   40315\n"), "{text}");
        assert!(text.contains("\n   22       5   40320\n"), "{text}");
        assert!(text.contains("maximum depth 22: 5 boards, e.g. "), "{text}");
        // The example is truly 22 moves away.
        let example: Vec<u8> = text
            .trim_end()
            .rsplit("e.g. ")
            .next()
            .unwrap()
            .split(' ')
            .map(|c| c.parse::<u8>().unwrap() - 1)
            .collect();
        let mut moves = Vec::new();
        Solver::new().solve(&example.try_into().unwrap(), &mut moves);
        assert_eq!(moves.len(), 22);
    }

    #[test]
    fn replay_plays_the_solvers_answers_to_their_targets() {
        let solver = Solver::new();
        let mut target = BASIC;
        for board_rank in (0..40_320).step_by(211) {
            common::perm::unrank(board_rank, &mut target);
            assert_eq!(rank(&target), board_rank);
            let mut moves = Vec::new();
            solver.solve(&target, &mut moves);
            let boards = replay(&BASIC_STATE, &moves).unwrap();
            assert_eq!(boards.len(), moves.len() + 1);
            assert_eq!(boards[moves.len()], target);
        }
        // The statement's pictures of A, B and C from the basic state.
        let one = |step| apply_move(&BASIC_STATE, step).unwrap();
        assert_eq!(one(0), [7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(one(1), [3, 0, 1, 2, 5, 6, 7, 4]);
        assert_eq!(one(2), [0, 6, 1, 3, 4, 2, 5, 7]);
        assert_eq!(apply_move(&BASIC_STATE, 3), None);
        assert_eq!(replay(&BASIC_STATE, b"AD"), Err(b'D'));
    }

    #[test]
    fn trace_draws_every_step() {
        let mut trace = Vec::new();
        write_trace(&mut trace, b"BCABCCB").unwrap();
        let trace = String::from_utf8(trace).unwrap();
        assert_eq!(trace.matches("move ").count(), 7);
        assert!(
            trace.starts_with("start (the basic state):\n  1 2 3 4\n  8 7 6 5\nmove 1 of 7: B (right column to the left):\n  4 1 2 3\n  5 8 7 6\n"),
            "{trace}"
        );
        // The last board is the target the sequence solves, 2 6 8 4 5 7 3 1.
        assert!(
            trace.ends_with("move 7 of 7: B (right column to the left):\n  2 6 8 4\n  1 3 7 5\n"),
            "{trace}"
        );
    }
}
