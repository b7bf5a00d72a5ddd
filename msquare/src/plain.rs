//! USACO 3.2 "Magic Squares" (Luogu P2730), the statement's method written to be read in one
//! sitting: one breadth-first search from the basic state over plain `[u8; 8]` boards, trying the
//! moves in the order A, B, C and keeping each board's **first** discovery. With [`io`] beside it
//! this is a whole judge program (`msquare --method plain`, and `dist/msquare-plain.rs`, the one
//! file `make bundle` assembles from these two files); the crate's fast tier gives exactly these
//! answers, and its tests compare the two on every one of the 8! boards.
//!
//! # The puzzle
//! A 2×4 board of the colours 1..8, read clockwise from the top-left corner, so the basic state
//! `1 2 3 4 / 8 7 6 5` is the sequence 1 2 3 4 5 6 7 8. Given a target, print the length of the
//! shortest move sequence from the basic state to it, then the smallest such sequence in the
//! order A < B < C, 60 moves a line.
//!
//! # The method
//! A board is an array of the eight colours minus one, clockwise from the top-left corner, and a
//! move is an index table ([`SOURCES`]): the board after move m holds, at position i, the colour
//! that was at `SOURCES[m][i]`:
//!
//! ```text
//! move   SOURCES[m]        the basic state 1 2 3 4 / 8 7 6 5 after it
//! A      7 6 5 4 3 2 1 0   8 7 6 5 / 1 2 3 4   (the rows swapped)
//! B      3 0 1 2 5 6 7 4   4 1 2 3 / 5 8 7 6   (the right column moved to the left)
//! C      0 6 1 3 4 2 5 7   1 7 2 4 / 8 6 3 5   (the centre four turned clockwise)
//! ```
//!
//! Every board gets a number 0..8! by its rank ([`rank`], below), so plain vectors indexed by rank
//! hold what the search learns about each board: its distance, and the board and move it was
//! first reached from.
//!
//! The search takes boards from the front of a queue ([`VecDeque`]) and appends their unseen
//! children, A then B then C. Each board is appended once, when first seen, and remembers its
//! parent and the move; the answer for a target is read back along those links, at most 22 of
//! them.
//!
//! # Boards as numbers: the Cantor expansion
//! A board's rank is its position among all 8! = 40,320 orderings of 0..8 in dictionary order.
//! For each cell, count the later cells holding a smaller value (the Lehmer code); the rank is
//! the sum of those counts, cell c's weighted by (7 − c)!. The sample target `2 6 8 4 5 7 3 1`
//! is the board `[1, 5, 7, 3, 4, 6, 2, 0]`:
//!
//! ```text
//! cell             0    1    2    3    4    5    6    7
//! value            1    5    7    3    4    6    2    0
//! smaller later    1    4    5    2    2    2    1    0
//! weight          7!   6!   5!   4!   3!   2!   1!   0!
//!
//! rank = 1·5040 + 4·720 + 5·120 + 2·24 + 2·6 + 2·2 + 1·1 = 8585
//! ```
//!
//! Two boards with the same rank have the same first value (the count of smaller values later
//! says which of the unused values it is), then the same second, and so on: the rank numbers the
//! boards without a gap or a clash, so a vector of 8! entries stands in for a hash map.
//!
//! # Why the first discovery is the smallest shortest sequence
//! Breadth-first search reaches every board first at its distance d, so the recorded sequence is
//! a shortest one. Claim: the queue holds each layer (the boards at distance d) in increasing
//! order of their recorded sequences, and each recorded sequence is the smallest of length d to
//! its board. Layer 0 is the basic state alone, with the empty sequence. Suppose the claim holds
//! for layer d, and let c be at distance d + 1. Every sequence of length d + 1 to c is s + m
//! where s leads to a board p at distance exactly d (were p nearer, so would c be), and s is at
//! least p's recorded sequence sₚ; so c's smallest sequence is the least sₚ + m over the parents
//! p in layer d and moves m with p·m = c. All the sₚ have length d, so sₚ + m orders like the
//! pair (sₚ, m), which is exactly the order in which expanding layer d, A then B then C for each
//! board, produces the pairs. The first pair to reach c is therefore its least, and the new
//! boards are appended in increasing order of their sequences: the claim holds for layer d + 1.
//!
//! The crate, not this file, checks the claim without trusting it: for every board, the recorded sequence is
//! the least sₚ + m over **all** its parents one layer nearer.
//!
//! # Complexity
//! O(8! · 3) moves and ranks, each rank O(8²) (the double loop above); about 40 bytes a board.
//! The search runs once per process, however the target lies.

use std::collections::{TryReserveError, VecDeque};

/// Squares on the board.
pub const CELLS: usize = 8;

/// A board: the colour minus one (0..8) in each position, clockwise from the top-left corner.
pub type Board = [u8; CELLS];

/// The basic state, 1 2 3 4 / 8 7 6 5.
pub const BASIC: Board = [0, 1, 2, 3, 4, 5, 6, 7];

/// The moves' letters, in the order that defines "smallest": move `m` is `MOVE_NAMES[m]`.
pub const MOVE_NAMES: [u8; 3] = *b"ABC";

/// `SOURCES[m][i]` is the position whose colour lands in position `i` under move `m` (module
/// docs: A swaps the rows, B moves the right column to the left, C turns the centre clockwise).
pub const SOURCES: [[usize; CELLS]; 3] = [
    [7, 6, 5, 4, 3, 2, 1, 0],
    [3, 0, 1, 2, 5, 6, 7, 4],
    [0, 6, 1, 3, 4, 2, 5, 7],
];

/// The board after move `step` (0 = A, 1 = B, 2 = C).
///
/// # Panics
/// If `step > 2`.
pub fn apply(board: &Board, step: usize) -> Board {
    let mut next = [0; CELLS];
    for (cell, &source) in next.iter_mut().zip(SOURCES[step].iter()) {
        *cell = board[source];
    }
    next
}

/// The board's rank, 0..8!: its Cantor expansion (module docs).
///
/// # Constraints
/// `board` is a permutation of 0..8; another array gives a meaningless number.
///
/// # Complexity
/// O(8²): the textbook double loop.
pub fn rank(board: &Board) -> usize {
    let mut rank = 0;
    // (7 − cell)!, built from the last cell backwards.
    let mut weight = 1;
    for cell in (0..CELLS).rev() {
        let smaller_later = board[cell + 1..].iter().filter(|&&later| later < board[cell]).count();
        rank += smaller_later * weight;
        weight *= CELLS - cell;
    }
    rank
}

/// The number of boards, 8!.
const BOARDS: usize = 40_320;

/// Every board's distance and smallest shortest sequence from the basic state.
#[derive(Clone, Debug)]
pub struct Plain {
    /// For each board, by rank: its distance from the basic state (`None`: not reached yet).
    distances: Vec<Option<usize>>,
    /// For each board, by rank: the board it was first reached from and the move's letter
    /// (`None` for the basic state, which is reached by no move).
    reached_from: Vec<Option<(Board, u8)>>,
    /// The boards in the order the search found them, the last one of the farthest; the judge
    /// program never reads them.
    #[allow(dead_code)]
    found: Vec<Board>,
}

impl Default for Plain {
    fn default() -> Self {
        Self::new()
    }
}

impl Plain {
    /// [`Plain::try_new`] for the callers that cannot go on without it (the tests, the page).
    ///
    /// # Panics
    /// If the system refuses the memory.
    pub fn new() -> Plain {
        Plain::try_new().expect("memory for the search")
    }

    /// The breadth-first search from the basic state over all 8! boards, in room reserved first
    /// ([`room`]).
    ///
    /// # Complexity
    /// O(8! · 3) moves and ranks.
    pub fn try_new() -> Result<Plain, String> {
        let (mut distances, mut reached_from, mut found) = (Vec::new(), Vec::new(), Vec::new());
        let mut queue = VecDeque::new();
        room(distances.try_reserve_exact(BOARDS), "the distances")?;
        room(reached_from.try_reserve_exact(BOARDS), "the links")?;
        room(found.try_reserve_exact(BOARDS), "the boards found")?;
        room(queue.try_reserve_exact(BOARDS), "the queue")?;
        distances.resize(BOARDS, None);
        reached_from.resize(BOARDS, None);
        distances[rank(&BASIC)] = Some(0);
        queue.push_back(BASIC);
        while let Some(board) = queue.pop_front() {
            found.push(board);
            let distance = distances[rank(&board)].expect("a queued board has its distance");
            for (step, &letter) in MOVE_NAMES.iter().enumerate() {
                let child = apply(&board, step);
                let child_rank = rank(&child);
                if distances[child_rank].is_none() {
                    distances[child_rank] = Some(distance + 1);
                    reached_from[child_rank] = Some((board, letter));
                    queue.push_back(child);
                }
            }
        }
        Ok(Plain {
            distances,
            reached_from,
            found,
        })
    }

    /// The smallest shortest sequence from the basic state to `target`, as the letters A, B, C.
    ///
    /// # Constraints
    /// `target` is a permutation of 0..8 (every one is reachable); another array gives a
    /// meaningless sequence or panics.
    ///
    /// # Complexity
    /// O(length of the answer), at most 22, times a rank.
    pub fn sequence(&self, target: &Board) -> Vec<u8> {
        let mut moves = Vec::new();
        let mut board = *target;
        while let Some((parent, letter)) = self.reached_from[rank(&board)] {
            moves.push(letter);
            board = parent;
        }
        moves.reverse();
        moves
    }

    /// The judge's answer for `target`: the length, then the moves 60 a line (what the binary
    /// prints).
    ///
    /// # Constraints
    /// As [`Plain::sequence`].
    pub fn answer_text(&self, target: &Board) -> String {
        let mut text = String::new();
        io::write_answer(&mut text, self.distance(target), &self.sequence(target));
        text
    }

    /// The number of moves from the basic state to `target`.
    ///
    /// # Constraints
    /// As [`Plain::sequence`].
    pub fn distance(&self, target: &Board) -> usize {
        self.distances[rank(target)].expect("every permutation is reachable")
    }

    /// The number of boards at each distance from the basic state.
    ///
    /// # Complexity
    /// O(8!).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for distance in self.distances.iter().flatten() {
            if sizes.len() <= *distance {
                sizes.resize(distance + 1, 0);
            }
            sizes[*distance] += 1;
        }
        sizes
    }

    /// A board at the greatest distance: the last one the search found.
    pub fn farthest(&self) -> Board {
        self.found[self.found.len() - 1]
    }
}

/// The error line's words for a refused `try_reserve` (where `vec!` would abort).
pub fn room(reserved: Result<(), TryReserveError>, what: &str) -> Result<(), String> {
    reserved.map_err(|_| format!("out of memory: cannot allocate {}", what))
}

pub mod io;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn published_examples() {
        let plain = Plain::new();
        let board = |colours: [u8; 8]| colours.map(|colour| colour - 1);
        assert_eq!(plain.sequence(&board([2, 6, 8, 4, 5, 7, 3, 1])), b"BCABCCB");
        assert_eq!(
            plain.answer_text(&board([4, 3, 1, 2, 5, 6, 7, 8])),
            "22\nABBBCABBBCBBBCBCABCBBB\n"
        );
        assert_eq!(plain.answer_text(&BASIC), "0\n\n");
        assert_eq!(plain.distance(&plain.farthest()), 22);
    }

    #[test]
    fn first_discovery_is_the_least_over_all_parents() {
        // The claim of the module docs, checked without the first-discovery argument: for every
        // board c at distance d + 1, its sequence is the least s(p) + m over every board p at
        // distance d and move m with p·m = c.
        let plain = Plain::new();
        let mut least: HashMap<Board, Vec<u8>> = HashMap::new();
        for parent in &plain.found {
            for (step, &letter) in MOVE_NAMES.iter().enumerate() {
                let child = apply(parent, step);
                if plain.distance(&child) != plain.distance(parent) + 1 {
                    continue;
                }
                let mut sequence = plain.sequence(parent);
                sequence.push(letter);
                let best = least.entry(child).or_insert_with(|| sequence.clone());
                if sequence < *best {
                    *best = sequence;
                }
            }
        }
        assert_eq!(least.len(), BOARDS - 1, "every board but the basic state");
        for (child, sequence) in &least {
            assert_eq!(plain.sequence(child), *sequence, "{child:?}");
        }
    }

    #[test]
    fn the_sample_is_ranked_by_hand_and_every_board_like_common_perm() {
        // The module docs' worked Cantor expansion, digit by digit.
        assert_eq!(
            rank(&[1, 5, 7, 3, 4, 6, 2, 0]),
            5040 + 4 * 720 + 5 * 120 + 2 * 24 + 2 * 6 + 2 * 2 + 1
        );
        assert_eq!(rank(&[1, 5, 7, 3, 4, 6, 2, 0]), 8585);
        let mut board = BASIC;
        for expected in 0..BOARDS {
            common::perm::unrank(expected, &mut board);
            assert_eq!(rank(&board), expected, "{board:?}");
            for step in 0..3 {
                // The fast tier's moves are the same index tables.
                assert_eq!(
                    apply(&board, step),
                    crate::state::unpack(crate::state::apply_packed(crate::state::pack(&board), step as u8)),
                    "{board:?} {step}"
                );
            }
        }
    }

    #[test]
    fn whole_space_has_the_known_layers() {
        assert_eq!(
            Plain::new().layer_sizes(),
            [
                1, 3, 7, 14, 26, 51, 92, 159, 274, 453, 720, 1115, 1727, 2603, 3701, 4729, 5620, 6240, 5840, 4492,
                2120, 328, 5
            ]
        );
    }
}
