//! Study mode, for a person rather than a judge: the whole state space as a table (`--stats`) and
//! a solution drawn board by board (`--trace`). Left out of bundles.
//!
//! The public items are the puzzle's rules as the study page uses them, so that the page keeps
//! no copy of its own: the move letters ([`MOVE_LETTERS`]), the basic state ([`BASIC_STATE`]), a
//! move ([`apply_move`]), a sequence played ([`replay`]), a board's rank ([`rank`]) worked out
//! ([`lehmer_digits`]), and the plain breadth-first search one board at a time ([`Stepper`]).

use std::io::{self, Write};

use common::cli::Failure;

use crate::search::Solver;
use crate::state::{apply, Board, BASIC, CELLS, MOVE_NAMES};

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

/// The Lehmer digits of `values` (a permutation of 0..n): for each position, how many later
/// values are smaller. The rank is their sum weighted by (n − 1 − position)!, which is how
/// [`common::perm::rank`] numbers the boards: the digits are the rank worked out.
pub fn lehmer_digits(values: &[u8]) -> Vec<u8> {
    common::perm::lehmer_digits(values)
}

/// A neighbour of the board an [`Expansion`] took from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The move's letter.
    pub letter: u8,
    /// The board the move leads to.
    pub board: Board,
    /// Whether the search saw it here first (it is queued, with the taken board as its parent),
    /// rather than before.
    pub new: bool,
    /// Its distance from the basic state, as the search knows it now.
    pub distance: u8,
}

/// One step of the breadth-first search: a board taken from the queue and its three neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// How many boards were taken before this one (0: the basic state).
    pub index: usize,
    /// The board taken.
    pub board: Board,
    /// Its distance from the basic state.
    pub distance: u8,
    /// The neighbours, by A, B, C.
    pub neighbours: [Neighbour; 3],
    /// The boards waiting in the queue once the new neighbours are added.
    pub queued: usize,
    /// The boards seen so far (taken or waiting).
    pub seen: usize,
}

/// [`plain`](crate::plain)'s breadth-first search from the basic state, one board at a time, for
/// the study page's stepper: each [`step`](Stepper::step) takes the next board from the queue,
/// tries A, B, C in that order and queues each neighbour not seen before, its distance one more.
/// So a board is first reached by the smallest move from the earliest board of the layer before:
/// the tie rule, visible step by step.
///
/// # Complexity
/// O(8) a step; 8! steps in all, 40 KB for the distances by rank.
#[derive(Clone, Debug)]
pub struct Stepper {
    queue: std::collections::VecDeque<Board>,
    distances: Vec<u8>,
    taken: usize,
    seen: usize,
}

impl Default for Stepper {
    fn default() -> Self {
        Self::new()
    }
}

impl Stepper {
    /// The search before its first step: the basic state queued and seen.
    pub fn new() -> Stepper {
        let mut distances = vec![u8::MAX; common::perm::FACTORIALS[CELLS]];
        distances[rank(&BASIC)] = 0;
        Stepper {
            queue: std::collections::VecDeque::from([BASIC]),
            distances,
            taken: 0,
            seen: 1,
        }
    }

    /// Takes the next board from the queue and expands it; `None` once the queue is empty.
    pub fn step(&mut self) -> Option<Expansion> {
        let board = self.queue.pop_front()?;
        let distance = self.distances[rank(&board)];
        let neighbours = [0, 1, 2].map(|step| {
            let next = apply(&board, step);
            let slot = &mut self.distances[rank(&next)];
            let new = *slot == u8::MAX;
            if new {
                *slot = distance + 1;
                self.queue.push_back(next);
                self.seen += 1;
            }
            Neighbour {
                letter: MOVE_NAMES[usize::from(step)],
                board: next,
                new,
                distance: *slot,
            }
        });
        let index = self.taken;
        self.taken += 1;
        Some(Expansion {
            index,
            board,
            distance,
            neighbours,
            queued: self.queue.len(),
            seen: self.seen,
        })
    }

    /// The boards waiting in the queue, the next one first.
    pub fn queue(&self) -> impl Iterator<Item = &Board> {
        self.queue.iter()
    }
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
    fn the_stepper_is_the_plain_search_board_by_board() {
        let plain = crate::plain::Plain::new();
        let mut stepper = Stepper::new();
        let mut taken = Vec::new();
        while let Some(expansion) = stepper.step() {
            assert_eq!(expansion.index, taken.len());
            assert_eq!(usize::from(expansion.distance), plain.distance(&expansion.board));
            for neighbour in expansion.neighbours {
                assert_eq!(usize::from(neighbour.distance), plain.distance(&neighbour.board));
                // A board found new here is first reached from this one: the plain search's
                // answer for it ends with this move.
                if neighbour.new {
                    assert_eq!(plain.sequence(&neighbour.board).last(), Some(&neighbour.letter));
                }
            }
            assert_eq!(expansion.seen, expansion.index + 1 + expansion.queued);
            taken.push(expansion.board);
        }
        // Every board once, layer by layer.
        assert_eq!(taken.len(), 40_320);
        assert!(taken
            .windows(2)
            .all(|pair| plain.distance(&pair[0]) <= plain.distance(&pair[1])));
        // The rank worked out: the digits weighted by factorials.
        for board in taken.iter().step_by(997) {
            let digits = lehmer_digits(board);
            let worked: usize = digits
                .iter()
                .enumerate()
                .map(|(at, &digit)| usize::from(digit) * common::perm::FACTORIALS[7 - at])
                .sum();
            assert_eq!(worked, rank(board));
        }
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
