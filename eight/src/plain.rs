//! POJ 1077 / HDU 1043 / ZOJ 1217 / UVa 652 "Eight", the statement's method written to be read
//! in one sitting: a breadth-first search from the goal, then greedy walks. With [`io`] this is a
//! whole judge program (`eight --method plain`), the oracle of the crate's fast tier.
//!
//! # The board
//! A board is a `[u8; 9]`: its cells row by row, each holding its tile minus one, and the blank
//! `x` as 8. So `2 3 4 / 1 5 x / 7 6 8` is `[1, 2, 3, 0, 4, 8, 6, 5, 7]` and the goal
//! `1 2 3 / 4 5 6 / 7 8 x` is `[0, 1, 2, 3, 4, 5, 6, 7, 8]` ([`GOAL`]): a board is a permutation
//! of 0..9. A move swaps the blank with a neighbouring tile and is named by the way the blank
//! goes: `u` swaps it with the tile above (the blank moves up), `l` with the tile on its left,
//! `d` below, `r` right ([`moved`]). The answer is the shortest move string to the goal, and
//! among the shortest the smallest in the order u < l < d < r ([`LETTERS`]).
//!
//! # Boards as numbers: the Cantor expansion
//! A table of distances needs a board's index, and [`rank`] gives it: the board's position among
//! all 9! = 362,880 permutations in lexicographic order. For each cell, count the
//! later cells holding a smaller value (the Lehmer code); the rank is the sum of those counts,
//! cell `c`'s weighted by (8 − c)!. For the sample board above:
//!
//! ```text
//! cell             0    1    2    3    4    5    6    7    8
//! value            1    2    3    0    4    8    6    5    7
//! smaller later    1    1    1    0    0    3    1    0    0
//!   (which)        0    0    0              6,5,7 5
//! weight          8!   7!   6!   5!   4!   3!   2!   1!   0!
//!
//! rank = 1·8! + 1·7! + 1·6! + 3·3! + 1·2! = 40320 + 5040 + 720 + 18 + 2 = 46100
//! ```
//!
//! Two boards of the same rank have the same first value (its count of smaller values later
//! says which of the values left it is), then the same second, and so on: the ranks number the
//! boards without a gap or a clash, so a vector of 9! entries stands in for a hash map.
//!
//! # The method
//! 1. [`Table::try_build`]: a breadth-first search from the goal, a FIFO queue of boards and one byte
//!    per rank for the distance. The search reaches boards layer by layer, so the distance set
//!    when a board is first seen is exact. Every move is undone by its opposite (`u` by `d`, `l`
//!    by `r`), so a distance from the goal is the distance back.
//! 2. [`Table::answer`]: from the board, take the first move in u, l, d, r order that leads to a
//!    board one step closer to the goal, and repeat until the goal.
//! 3. A board the search never reaches is `unsolvable` ([`is_solvable`] tells them apart at once).
//!
//! # Why the greedy walk gives the smallest shortest string (the tie rule)
//! Let a board be at distance `n`. A move changes the distance by at most one (the move back
//! undoes it), so a string of `n` moves reaches the goal exactly when every move lowers the
//! distance by one. The smallest such string begins with the smallest letter that can begin
//! one, which is the smallest move that lowers the distance, as every such move continues into
//! a shortest string from where it leads; and the rest of the smallest string is the smallest
//! shortest string from there. By induction on `n` the greedy walk writes exactly that string.
//! (The breadth-first search's own tree would not do: it keeps each board's smallest path *from
//! the goal*, and reversed, such a path breaks ties on its last moves, not its first.)
//!
//! # Why parity decides which boards are solvable
//! Read the eight tiles row by row, blank left out, and count the inversions: pairs where the
//! larger tile comes first. A sideways move keeps that reading order, so it keeps the count. A
//! vertical move carries one tile past the two tiles between its old and new cell in reading
//! order, which changes the count by −2, 0 or +2. So the parity of the count never changes, and
//! the goal has none: a board with an odd count is never reached. The search reaches all
//! 9!/2 = 181,440 even ones, so even means solvable.
//!
//! # Complexity
//! [`Table::try_build`]: O(9!/2 · 4 · 9²), each of the 181,440 solvable boards dequeued once and
//! its at most four moves ranked ([`rank`]); 9! bytes and a queue of at most two layers.
//! [`Table::answer`]: O(31 · 4 · 9²) for the at most 31 moves of an answer.

use std::collections::{TryReserveError, VecDeque};

/// The goal `1 2 3 / 4 5 6 / 7 8 x`, rank 0.
pub const GOAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// The blank's value in a cell (tiles 1..8 are 0..7).
pub const BLANK: u8 = 8;

/// The moves' letters in the order that defines "smallest": move `m` is `LETTERS[m]`.
pub const LETTERS: [u8; 4] = *b"uldr";

/// Number of boards, solvable or not: 9!.
const BOARDS: usize = 362_880;

/// A distance the search has not set: the board is not reached (yet).
const UNREACHED: u8 = u8::MAX;

/// The board's rank, 0..9!: its Cantor expansion (module docs).
///
/// # Constraints
/// `board` is a permutation of 0..9; another array gives a meaningless number. O(9²).
pub fn rank(board: &[u8; 9]) -> usize {
    let mut rank = 0;
    // (8 − cell)!, built from the last cell backwards.
    let mut weight = 1;
    for cell in (0..9).rev() {
        let smaller_later = board[cell + 1..].iter().filter(|&&later| later < board[cell]).count();
        rank += smaller_later * weight;
        weight *= 9 - cell;
    }
    rank
}

/// The board after move `m` (0 = `u`, 1 = `l`, 2 = `d`, 3 = `r`): the blank swapped with the
/// tile above, left of, below or right of it; `None` at the frame's edge.
///
/// # Panics
/// If `board` has no blank or `m > 3`.
///
/// For `1 2 3 / 4 5 x / 7 8 6`, `d` swaps the blank with the 6 below it, giving the goal, and
/// `r` is `None`.
pub fn moved(board: &[u8; 9], m: usize) -> Option<[u8; 9]> {
    let blank = board
        .iter()
        .position(|&value| value == BLANK)
        .expect("a board has a blank");
    let (row, column) = (blank / 3, blank % 3);
    let tile = match m {
        0 if row > 0 => blank - 3,
        1 if column > 0 => blank - 1,
        2 if row < 2 => blank + 3,
        3 if column < 2 => blank + 1,
        0..=3 => return None,
        _ => panic!("a move is 0 (u), 1 (l), 2 (d) or 3 (r)"),
    };
    let mut next = *board;
    next.swap(blank, tile);
    Some(next)
}

/// Whether the goal can be reached: the tiles, read row by row with the blank left out, have an
/// even number of inversions (module docs). O(9²).
pub fn is_solvable(board: &[u8; 9]) -> bool {
    let tiles: Vec<u8> = board.iter().copied().filter(|&value| value != BLANK).collect();
    let mut inversions = 0;
    for (i, &tile) in tiles.iter().enumerate() {
        inversions += tiles[i + 1..].iter().filter(|&&later| later < tile).count();
    }
    inversions % 2 == 0
}

/// Every board's distance to the goal, by rank, from one breadth-first search.
#[derive(Clone, Debug)]
pub struct Table {
    /// `distances[rank(board)]`, [`UNREACHED`] for the unsolvable half.
    distances: Vec<u8>,
}

impl Table {
    /// [`Table::try_build`] for the callers that cannot go on without it (the tests).
    ///
    /// # Panics
    /// If the system refuses the memory.
    pub fn build() -> Table {
        Table::try_build().expect("memory for the table")
    }

    /// Searches breadth-first from the goal over all boards it reaches, in room reserved first
    /// ([`room`]).
    pub fn try_build() -> Result<Table, String> {
        let (mut distances, mut queue) = (Vec::new(), VecDeque::new());
        room(distances.try_reserve_exact(BOARDS), "the table")?;
        room(queue.try_reserve_exact(BOARDS / 2), "the queue")?;
        distances.resize(BOARDS, UNREACHED);
        distances[rank(&GOAL)] = 0;
        queue.push_back(GOAL);
        while let Some(board) = queue.pop_front() {
            let next_distance = distances[rank(&board)] + 1;
            for m in 0..4 {
                if let Some(next) = moved(&board, m) {
                    if distances[rank(&next)] == UNREACHED {
                        distances[rank(&next)] = next_distance;
                        queue.push_back(next);
                    }
                }
            }
        }
        Ok(Table { distances })
    }

    /// The number of moves from `board` to the goal, or `None` if it is unsolvable.
    ///
    /// # Panics
    /// If `board` is not a permutation of 0..9 (its rank may be out of range), or gives a
    /// meaningless distance.
    pub fn distance(&self, board: &[u8; 9]) -> Option<u8> {
        match self.distances[rank(board)] {
            UNREACHED => None,
            distance => Some(distance),
        }
    }

    /// The first move of `board`'s answer: the first in u, l, d, r order whose board is one step
    /// closer to the goal; `None` for the goal and for an unsolvable board. O(4 · 9²).
    pub fn first_move(&self, board: &[u8; 9]) -> Option<usize> {
        let distance = self.distance(board)?;
        if distance == 0 {
            return None;
        }
        (0..4).find(|&m| moved(board, m).is_some_and(|next| self.distance(&next) == Some(distance - 1)))
    }

    /// The answer to `board`: the smallest shortest move string, empty for the goal, or `None`
    /// if the board is unsolvable (by parity, [`is_solvable`]).
    ///
    /// The sample `2 3 4 / 1 5 x / 7 6 8` gives `ullddrurdllurdruldr`; the goal with 7 and 8
    /// swapped gives `None`.
    pub fn answer(&self, board: &[u8; 9]) -> Option<String> {
        if !is_solvable(board) {
            return None;
        }
        let mut at = *board;
        let mut answer = String::new();
        while let Some(m) = self.first_move(&at) {
            answer.push(char::from(LETTERS[m]));
            at = moved(&at, m).expect("a first move stays in the frame");
        }
        Some(answer)
    }

    /// How many boards lie at each distance from the goal: entry `d` counts distance `d`.
    ///
    /// # Complexity
    /// O(9!).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for &distance in self.distances.iter().filter(|&&distance| distance != UNREACHED) {
            let distance = usize::from(distance);
            if sizes.len() <= distance {
                sizes.resize(distance + 1, 0);
            }
            sizes[distance] += 1;
        }
        sizes
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
    use crate::testkit::A089473;
    use std::collections::HashMap;

    #[test]
    fn the_sample_is_ranked_by_hand_and_every_board_like_common_perm() {
        // The module docs' worked Cantor expansion, digit by digit.
        let sample = [1, 2, 3, 0, 4, 8, 6, 5, 7];
        assert_eq!(rank(&sample), 40_320 + 5_040 + 720 + 3 * 6 + 2);
        assert_eq!(rank(&sample), 46_100);
        let mut board = GOAL;
        for expected in 0..BOARDS {
            common::perm::unrank(expected, &mut board);
            assert_eq!(rank(&board), expected, "{board:?}");
        }
    }

    #[test]
    fn parity_is_exactly_reachability_and_the_layers_are_oeis_a089473() {
        let table = Table::build();
        assert_eq!(table.layer_sizes(), A089473);
        let mut board = GOAL;
        for r in 0..BOARDS {
            common::perm::unrank(r, &mut board);
            assert_eq!(is_solvable(&board), table.distance(&board).is_some(), "{board:?}");
        }
    }

    #[test]
    fn the_documented_examples() {
        let table = Table::build();
        let sample = [1, 2, 3, 0, 4, 8, 6, 5, 7];
        assert_eq!(table.answer(&sample).as_deref(), Some("ullddrurdllurdruldr"));
        assert_eq!(table.answer(&[0, 1, 2, 3, 4, 5, 7, 6, 8]), None);
        let board = [0, 1, 2, 3, 4, 8, 6, 7, 5];
        assert_eq!(moved(&board, 2), Some(GOAL));
        assert_eq!(moved(&board, 3), None);
    }

    #[test]
    fn moves_follow_the_statement() {
        // The blank at the centre of 1 2 3 / 4 x 5 / 6 7 8: u swaps it with the 2 above it.
        let centre = [0, 1, 2, 3, 8, 4, 5, 6, 7];
        assert_eq!(moved(&centre, 0), Some([0, 8, 2, 3, 1, 4, 5, 6, 7]));
        assert_eq!(moved(&centre, 1), Some([0, 1, 2, 8, 3, 4, 5, 6, 7]));
        assert_eq!(moved(&centre, 2), Some([0, 1, 2, 3, 6, 4, 5, 8, 7]));
        assert_eq!(moved(&centre, 3), Some([0, 1, 2, 3, 4, 8, 5, 6, 7]));
        assert_eq!(moved(&GOAL, 2), None);
        assert_eq!(moved(&GOAL, 3), None);
    }

    /// The definition itself: breadth-first from the board with moves tried in u, l, d, r
    /// order, each board's path the one it was first reached by (the queue holds each layer in
    /// the order of its smallest strings), up to the goal.
    fn definition(board: &[u8; 9]) -> String {
        // Room for every board a search from one board can reach (the half of its parity): the
        // map never grows and rehashes, in the searches that cross the whole space.
        let mut parent: HashMap<[u8; 9], Option<([u8; 9], u8)>> = HashMap::with_capacity(BOARDS / 2);
        let mut queue = VecDeque::from([*board]);
        parent.insert(*board, None);
        while let Some(at) = queue.pop_front() {
            if at == GOAL {
                let mut answer = Vec::new();
                let mut walk = at;
                while let Some((previous, letter)) = parent[&walk] {
                    answer.push(letter);
                    walk = previous;
                }
                answer.reverse();
                return String::from_utf8(answer).unwrap();
            }
            for (m, &letter) in LETTERS.iter().enumerate() {
                if let Some(next) = moved(&at, m) {
                    parent.entry(next).or_insert_with(|| {
                        queue.push_back(next);
                        Some((at, letter))
                    });
                }
            }
        }
        panic!("{board:?} does not reach the goal")
    }

    #[test]
    fn the_greedy_walk_is_the_definition_at_every_distance() {
        // The first board of each distance in rank order, up to 18 in debug builds, where the
        // definition's hash map is slow, every distance in release; and both 31-move boards.
        let table = Table::build();
        let deepest: u8 = if cfg!(debug_assertions) { 18 } else { 31 };
        let mut boards = vec![[7, 5, 6, 1, 4, 3, 2, 8, 0], [5, 3, 6, 7, 4, 8, 2, 1, 0]];
        // One walk through the ranks finds the first board of every distance.
        let mut first = vec![None; usize::from(deepest) + 1];
        let mut board = GOAL;
        for r in 0..BOARDS {
            common::perm::unrank(r, &mut board);
            if let Some(slot) = table.distance(&board).and_then(|d| first.get_mut(usize::from(d))) {
                slot.get_or_insert(board);
            }
        }
        for board in first {
            let board = board.expect("every distance to the deepest");
            // The first 31-move board is one of the two above: its search is not done twice.
            if !boards.contains(&board) {
                boards.push(board);
            }
        }
        assert_eq!(boards.len(), usize::from(deepest) + 3 - usize::from(deepest == 31));
        for board in &boards {
            assert_eq!(table.answer(board).unwrap(), definition(board), "{board:?}");
        }
        assert_eq!(table.distance(&boards[0]), Some(31));
        assert_eq!(table.distance(&boards[1]), Some(31));
    }

    /// The smallest shortest string by brute force: every string of the board's distance, in
    /// u < l < d < r order, until one reaches the goal. Strings where a move undoes the one
    /// before (`ud`, `du`, `lr`, `rl`) are skipped: such a string of the board's distance would
    /// reach the goal in two moves fewer, shorter than the distance, so none of them reaches it.
    fn smallest_by_enumeration(start: &[u8; 9], length: usize) -> String {
        fn search(at: [u8; 9], left: usize, path: &mut Vec<u8>) -> bool {
            if left == 0 {
                return at == GOAL;
            }
            // The letter that would undo the last move: u by d, l by r, and back.
            let undo = path.last().map(|&last| match last {
                b'u' => b'd',
                b'd' => b'u',
                b'l' => b'r',
                _ => b'l',
            });
            for (m, &letter) in LETTERS.iter().enumerate() {
                if Some(letter) == undo {
                    continue;
                }
                if let Some(next) = moved(&at, m) {
                    path.push(letter);
                    if search(next, left - 1, path) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        let mut path = Vec::new();
        assert!(
            search(*start, length, &mut path),
            "{start:?}: nothing of length {length}"
        );
        String::from_utf8(path).unwrap()
    }

    #[test]
    fn the_greedy_walk_is_brute_force_within_11_moves() {
        let table = Table::build();
        let mut checked = 0;
        let mut board = GOAL;
        // Every board within 11 moves; brute force tries at most 4^11 strings each.
        for r in 0..BOARDS {
            common::perm::unrank(r, &mut board);
            if let Some(distance) = table.distance(&board).filter(|&d| d <= 11) {
                let answer = table.answer(&board).unwrap();
                assert_eq!(
                    answer,
                    smallest_by_enumeration(&board, usize::from(distance)),
                    "{board:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, A089473[..=11].iter().sum::<usize>());
    }
}
