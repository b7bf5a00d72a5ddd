//! Reference 8-puzzle, written from the statement alone: a board is its nine characters, a move
//! swaps `x` with the tile at a row/column offset, and a breadth-first search from the goal fills
//! a std `HashMap` with every reachable board's distance.
//!
//! It shares no code and no method details with the `eight` crate: no permutation ranks, no rank
//! updates, no packed board words (the table's keys are the nine characters; only its hasher,
//! [`ShortKeyHasher`](super::ShortKeyHasher), folds them into a number to spread them over the
//! buckets). An answer is
//! judged against the distance table alone: it is a shortest answer exactly when every move
//! lowers the distance by one, and it is the smallest in u < l < d < r order exactly when no
//! earlier move at any step would also have lowered it (a smaller shortest string would differ
//! first at some step, with an earlier move that lowers the distance there).

use super::ShortKeyMap;
use crate::alloc::{self, OutOfMemory};
use std::collections::hash_map::Entry;
use std::collections::VecDeque;

/// A board: its nine characters row by row (`b'1'..=b'8'` and `b'x'`).
pub type Board = [u8; 9];

/// The goal, `1 2 3 4 5 6 7 8 x`.
pub const GOAL: Board = *b"12345678x";

/// The moves in the order that defines "smallest", with the row and column offset, from the
/// blank, of the tile that moves into it.
pub const MOVES: [(u8, i32, i32); 4] = [(b'u', -1, 0), (b'l', 0, -1), (b'd', 1, 0), (b'r', 0, 1)];

/// OEIS A089473: the number of 8-puzzle boards at each distance from the goal, 0 to 31, the
/// published shape [`Distances`] is checked against.
pub const A089473: [usize; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// The row and column offset of move `letter`'s tile from the blank (see [`MOVES`]), or `None`
/// for any other letter.
fn offsets(letter: u8) -> Option<(i32, i32)> {
    match letter {
        b'u' => Some((-1, 0)),
        b'l' => Some((0, -1)),
        b'd' => Some((1, 0)),
        b'r' => Some((0, 1)),
        _ => None,
    }
}

/// The board after moving the tile at (`row_offset`, `column_offset`) from the blank, which is at
/// `blank`, into it; `None` past the frame's edge.
fn slide(board: &Board, blank: usize, (row_offset, column_offset): (i32, i32)) -> Option<Board> {
    let (row, column) = (blank as i32 / 3 + row_offset, blank as i32 % 3 + column_offset);
    if !(0..3).contains(&row) || !(0..3).contains(&column) {
        return None;
    }
    let mut next = *board;
    next.swap(blank, (row * 3 + column) as usize);
    Some(next)
}

/// The board after move `letter` (`u`, `l`, `d` or `r`: the tile above, left of, below or right
/// of `x` swaps with it), or `None` at the frame's edge or for any other letter.
///
/// # Complexity
/// O(9).
pub fn apply(board: &Board, letter: u8) -> Option<Board> {
    let offsets = offsets(letter)?;
    let blank = board.iter().position(|&tile| tile == b'x')?;
    slide(board, blank, offsets)
}

/// Whether the tiles, `x` left out, are an even permutation (counted pair by pair).
///
/// # Complexity
/// O(9²).
pub fn is_even(board: &Board) -> bool {
    let tiles: Vec<u8> = board.iter().copied().filter(|&tile| tile != b'x').collect();
    let mut inversions = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            if tiles[i] > tiles[j] {
                inversions += 1;
            }
        }
    }
    inversions % 2 == 0
}

/// The table of [`Distances`]: a std `HashMap` keyed by the board's characters.
type Table = ShortKeyMap<Board, u8>;

/// Every board's distance to the goal, for the boards that can reach it.
#[derive(Clone, Debug)]
pub struct Distances {
    table: Table,
}

impl Default for Distances {
    fn default() -> Self {
        Self::new()
    }
}

/// What [`Distances::try_new`] names when its memory is refused.
pub const TABLE: &str = "the eight reference table";

impl Distances {
    /// Breadth-first search from the goal over whole boards.
    ///
    /// # Panics
    /// If the table's memory is refused (see [`try_new`](Self::try_new)).
    ///
    /// # Complexity
    /// O(9!/2 · 4 · 9) time and a hash map of 181,440 entries.
    pub fn new() -> Self {
        Self::try_new().unwrap_or_else(|refused| panic!("{refused}"))
    }

    /// [`new`](Self::new), with every growth of the table and its queue asked for fallibly.
    ///
    /// # Errors
    /// If memory for the table or the queue is refused.
    ///
    /// # Complexity
    /// As [`new`](Self::new).
    pub fn try_new() -> Result<Self, OutOfMemory> {
        let mut table = Table::default();
        // Every board that reaches the goal: half of the 9! arrangements.
        alloc::reserve_entries(&mut table, 181_440, TABLE)?;
        table.insert(GOAL, 0u8);
        // Each board with its distance, so that a board is looked up once, when it is found, and
        // the move that found it: its opposite leads back to a board already in the table (every
        // lookup is a random access into a table larger than the caches, and that one is a third
        // of them).
        let mut queue = VecDeque::new();
        alloc::push_back(&mut queue, (GOAL, 0u8, None), "the eight reference table's queue")?;
        while let Some((board, distance, came_by)) = queue.pop_front() {
            let blank = board
                .iter()
                .position(|&tile| tile == b'x')
                .expect("every board of the search has a blank");
            for (index, &(_, row_offset, column_offset)) in MOVES.iter().enumerate() {
                // MOVES lists each move two places from its opposite: u, l, d, r.
                if came_by == Some((index + 2) % 4) {
                    continue;
                }
                let Some(next) = slide(&board, blank, (row_offset, column_offset)) else {
                    continue;
                };
                if table.len() >= table.capacity() {
                    let more = table.len();
                    alloc::reserve_entries(&mut table, more, TABLE)?;
                }
                // One lookup: the entry found is filled if it is new (room was made above).
                if let Entry::Vacant(entry) = table.entry(next) {
                    entry.insert(distance + 1);
                    let found = (next, distance + 1, Some(index));
                    alloc::push_back(&mut queue, found, "the eight reference table's queue")?;
                }
            }
        }
        Ok(Distances { table })
    }

    /// The table made by [`try_new`](Self::try_new) in another process, read back (see
    /// `checker::cache`, which checks it before it gets here).
    pub(crate) fn from_table(table: Table) -> Self {
        Distances { table }
    }

    /// Every solvable board with its distance, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (&Board, u8)> {
        self.table.iter().map(|(board, &distance)| (board, distance))
    }

    /// The distance of `board` to the goal, or `None` if the goal cannot be reached.
    ///
    /// # Complexity
    /// O(1) expected.
    pub fn get(&self, board: &Board) -> Option<u8> {
        self.table.get(board).copied()
    }

    /// How many boards lie at each distance.
    ///
    /// # Complexity
    /// O(181,440).
    pub fn histogram(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for &distance in self.table.values() {
            let distance = usize::from(distance);
            if sizes.len() <= distance {
                sizes.resize(distance + 1, 0);
            }
            sizes[distance] += 1;
        }
        sizes
    }

    /// Every solvable board, grouped by its distance to the goal (index = distance), each group
    /// sorted, so that a seeded pick is the same on every run.
    ///
    /// # Complexity
    /// O(181,440 · log).
    pub fn by_distance(&self) -> Vec<Vec<Board>> {
        let mut groups = vec![Vec::new(); self.histogram().len()];
        for (board, &distance) in &self.table {
            groups[usize::from(distance)].push(*board);
        }
        groups.iter_mut().for_each(|group| group.sort_unstable());
        groups
    }

    /// The smallest shortest answer for `board` in u < l < d < r order (each step the first move
    /// that comes one closer), or `None` if it is unsolvable.
    ///
    /// # Complexity
    /// O(4 · distance) table lookups.
    pub fn smallest_answer(&self, board: &Board) -> Option<String> {
        let mut distance = self.get(board)?;
        let (mut at, mut answer) = (*board, String::new());
        while distance > 0 {
            let (letter, next) = MOVES
                .iter()
                .find_map(|&(name, _, _)| {
                    apply(&at, name)
                        .filter(|next| self.get(next) == Some(distance - 1))
                        .map(|next| (name, next))
                })
                .expect("a solvable board has a move one closer");
            answer.push(letter as char);
            (at, distance) = (next, distance - 1);
        }
        Some(answer)
    }

    /// Judges `answer` for `board`: `unsolvable` exactly when the goal cannot be reached, else
    /// moves that reach the goal, as few as possible, each the first in u, l, d, r order that
    /// comes one step closer. `Err` says what is wrong.
    ///
    /// # Complexity
    /// O(4 · answer length) table lookups.
    pub fn check(&self, board: &Board, answer: &str) -> Result<(), String> {
        let Some(mut distance) = self.get(board) else {
            return if answer == "unsolvable" {
                Ok(())
            } else {
                Err(format!("unsolvable, but the answer is {answer:?}"))
            };
        };
        if answer.len() != usize::from(distance) {
            return Err(format!("{} moves, but the shortest has {distance}", answer.len()));
        }
        let mut at = *board;
        for (index, letter) in answer.bytes().enumerate() {
            let next =
                apply(&at, letter).ok_or_else(|| format!("move {} '{}' is not possible", index + 1, letter as char))?;
            if self.get(&next) != Some(distance - 1) {
                return Err(format!("move {} '{}' does not come closer", index + 1, letter as char));
            }
            let earlier = MOVES
                .iter()
                .map(|&(name, _, _)| name)
                .take_while(|&name| name != letter);
            for name in earlier {
                if apply(&at, name).and_then(|n| self.get(&n)) == Some(distance - 1) {
                    return Err(format!(
                        "move {} '{}': '{}' comes first and also comes closer",
                        index + 1,
                        letter as char,
                        name as char
                    ));
                }
            }
            at = next;
            distance -= 1;
        }
        if at == GOAL {
            Ok(())
        } else {
            Err("the moves do not end at the goal".to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a089473_counts_half_of_nine_factorial() {
        let nine_factorial: usize = (1..=9).product();
        assert_eq!(A089473.iter().sum::<usize>(), nine_factorial / 2);
    }

    #[test]
    fn moves_follow_the_statement() {
        let centre = *b"1234x5678";
        assert_eq!(apply(&centre, b'u'), Some(*b"1x3425678"));
        assert_eq!(apply(&centre, b'l'), Some(*b"123x45678"));
        assert_eq!(apply(&centre, b'd'), Some(*b"1234756x8"));
        assert_eq!(apply(&centre, b'r'), Some(*b"12345x678"));
        assert_eq!(apply(&GOAL, b'd'), None);
        assert_eq!(apply(&GOAL, b'r'), None);
        assert_eq!(apply(&GOAL, b'q'), None);
        // `apply`'s letters and the order that defines "smallest" are one table, in which each
        // move is two places from its opposite (the search skips the way back by that).
        for (index, &(letter, row_offset, column_offset)) in MOVES.iter().enumerate() {
            assert_eq!(offsets(letter), Some((row_offset, column_offset)));
            let (_, back_row, back_column) = MOVES[(index + 2) % 4];
            assert_eq!((back_row, back_column), (-row_offset, -column_offset));
        }
    }

    #[test]
    fn the_table_has_the_published_shape() {
        let distances = Distances::new();
        assert_eq!(distances.histogram(), A089473);
        assert_eq!(distances.get(b"21345678x"), None);
        assert_eq!(distances.get(b"8672543x1"), Some(31));
        assert_eq!(distances.get(b"64785x321"), Some(31));
    }

    #[test]
    fn judges_the_published_sample_and_rejects_near_misses() {
        let distances = Distances::new();
        let sample = *b"23415x768";
        assert_eq!(distances.check(&sample, "ullddrurdllurdruldr"), Ok(()));
        // The other three shortest answers (found by enumeration), none the smallest.
        for other in ["ullddrurdllurrdlurd", "ldruullddrurdllurrd", "dlurullddrurdllurdr"] {
            let verdict = distances.check(&sample, other);
            assert!(
                verdict.as_ref().is_err_and(|why| why.contains("comes first")),
                "{other}: {verdict:?}"
            );
        }
        assert!(distances.check(&sample, "ullddrurdllurdruld").is_err());
        assert!(distances.check(&sample, "unsolvable").is_err());
        assert_eq!(distances.check(&GOAL, ""), Ok(()));
        assert_eq!(
            distances.smallest_answer(&sample).as_deref(),
            Some("ullddrurdllurdruldr")
        );
        assert_eq!(distances.smallest_answer(b"21345678x"), None);
        let groups = distances.by_distance();
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), A089473);
        assert_eq!(distances.check(b"21345678x", "unsolvable"), Ok(()));
        assert!(distances.check(b"21345678x", "").is_err());
        assert!(!is_even(b"21345678x"));
        assert!(is_even(b"87654321x"));
    }
}
