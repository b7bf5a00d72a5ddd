//! `--trace`: a solution drawn board by board, and [`replay`], the boards a move string passes
//! through (the study page's playback).
//!
//! **Equals:** [`plain::apply`](crate::plain::apply) played move by move: the boards replayed
//! and drawn are plain's, and the last is the target the answer solves.
//! **Proved by:** `replay_plays_the_solvers_answers_to_their_targets` (below: the solver's
//! answers replayed to their targets, the statement's pictures of A, B, C) and
//! `trace_draws_every_step`.

use std::io::{self, Write};

use crate::plain::{apply, Board, BASIC, MOVE_NAMES};

/// The boards `moves` (letters A, B, C) pass through from `start`, `start` first; `Err` with
/// the first byte that is not a move.
///
/// # Complexity
/// O(8 · moves).
pub fn replay(start: &Board, moves: &[u8]) -> Result<Vec<Board>, u8> {
    let mut boards = vec![*start];
    for &letter in moves {
        let step = MOVE_NAMES.iter().position(|&name| name == letter).ok_or(letter)?;
        boards.push(apply(&boards[boards.len() - 1], step));
    }
    Ok(boards)
}

/// What each move does, in [`MOVE_NAMES`] order.
const MOVE_EFFECTS: [&str; 3] = ["swap the rows", "right column to the left", "centre clockwise"];

/// Draws `board` as the puzzle shows it: the top row, then the bottom row, left to right.
fn draw(out: &mut dyn Write, board: &Board) -> io::Result<()> {
    let colour = |position: usize| board[position] + 1;
    writeln!(out, "  {} {} {} {}", colour(0), colour(1), colour(2), colour(3))?;
    writeln!(out, "  {} {} {} {}", colour(7), colour(6), colour(5), colour(4))
}

/// Replays `moves` (letters A, B, C) from the basic state, drawing every board on `out`, each
/// labelled with the move that led to it. A [`crate::Tracer`].
///
/// # Panics
/// If a move is not A, B or C.
pub(crate) fn write_trace(out: &mut dyn Write, moves: &[u8]) -> io::Result<()> {
    let boards = replay(&BASIC, moves).expect("moves are A, B or C");
    writeln!(out, "start (the basic state):")?;
    draw(out, &boards[0])?;
    for (number, (&letter, board)) in moves.iter().zip(&boards[1..]).enumerate() {
        let step = MOVE_NAMES.iter().position(|&name| name == letter).unwrap_or(0);
        writeln!(
            out,
            "move {} of {}: {} ({}):",
            number + 1,
            moves.len(),
            letter as char,
            MOVE_EFFECTS[step]
        )?;
        draw(out, board)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Solver;

    #[test]
    fn replay_plays_the_solvers_answers_to_their_targets() {
        let solver = Solver::new();
        let mut target = BASIC;
        for board_rank in (0..40_320).step_by(211) {
            common::perm::unrank(board_rank, &mut target);
            let mut moves = Vec::new();
            solver.solve(&target, &mut moves);
            let boards = replay(&BASIC, &moves).unwrap();
            assert_eq!(boards.len(), moves.len() + 1);
            assert_eq!(boards[moves.len()], target);
        }
        // The statement's pictures of A, B and C from the basic state.
        assert_eq!(replay(&BASIC, b"A").unwrap()[1], [7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(replay(&BASIC, b"B").unwrap()[1], [3, 0, 1, 2, 5, 6, 7, 4]);
        assert_eq!(replay(&BASIC, b"C").unwrap()[1], [0, 6, 1, 3, 4, 2, 5, 7]);
        assert_eq!(replay(&BASIC, b"AD"), Err(b'D'));
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
