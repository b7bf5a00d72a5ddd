//! Eight's whole space searched three times, each with its own way to remember the boards seen:
//! the three ways the 8-puzzle write-up this workspace grew from tried.
//!
//! **Equals:** [`plain`](crate::plain)'s breadth-first search from the goal, layer by layer: the
//! same 9!/2 = 181,440 boards and the same greatest distance, 31 (OEIS A089473).
//! **Proved by:** `every_way_of_remembering_reaches_the_same_space` (below), and
//! `stats_print_the_published_table_without_reading_input` (`stats.rs`) for the two figures.
//! What each set costs in bytes a board is the study page's to measure (`page/src/watch.rs`,
//! its counting allocator), which [`explore`] serves by handing the filled set back.

use std::collections::{BTreeSet, HashSet};

use crate::state::{Board, STATES};

/// How a breadth-first search remembers the boards it has seen: the three ways the 8-puzzle
/// write-up this workspace grew from tried, in the order it tried them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeenKind {
    /// An ordered set of the boards' cells (`BTreeSet`, C++'s `set`): O(log n) comparisons of
    /// 9-byte keys a lookup, a node allocation an insert.
    Ordered,
    /// A hash set of the boards' cells (`HashSet`): a hash of 9 bytes and a probe a lookup, the
    /// table grown by doubling.
    Hashed,
    /// An array of 9! flags indexed by the board's Cantor rank: one rank and one load a lookup,
    /// 362,880 bytes allocated once.
    Cantor,
}

impl SeenKind {
    /// The three, in the write-up's order.
    pub const ALL: [SeenKind; 3] = [SeenKind::Ordered, SeenKind::Hashed, SeenKind::Cantor];

    /// The name the page and the bench give it.
    pub fn name(self) -> &'static str {
        match self {
            SeenKind::Ordered => "BTreeSet",
            SeenKind::Hashed => "HashSet",
            SeenKind::Cantor => "Cantor",
        }
    }
}

/// A set of seen boards in one of the three forms.
enum Seen {
    Ordered(BTreeSet<[u8; 9]>),
    Hashed(HashSet<[u8; 9]>),
    Cantor(Vec<bool>),
}

impl Seen {
    /// Whether `board` is new, marking it seen.
    fn insert(&mut self, board: &Board) -> bool {
        match self {
            Seen::Ordered(set) => set.insert(board.cells()),
            Seen::Hashed(set) => set.insert(board.cells()),
            Seen::Cantor(flags) => !std::mem::replace(&mut flags[board.rank()], true),
        }
    }
}

/// The plain breadth-first search of the whole space from the goal, remembering the seen boards
/// the `kind` way: the number of boards reached and the greatest distance, 181,440 and 31 for
/// every kind (only the cost differs, which `make bench` and the study page measure).
///
/// # Complexity
/// 9!/2 expansions of up to 4 moves; each lookup as `kind` says.
pub fn whole_space(kind: SeenKind) -> (usize, u8) {
    let explored = explore(kind);
    (explored.boards, explored.depth)
}

/// What [`explore`] found, with the seen set it filled still held: a caller that counts the
/// bytes allocated (the study page's counting allocator) reads what the set alone costs, since
/// the search's layers are freed by the time this is returned and a seen set only grows.
pub struct Explored {
    /// The set, as the search left it (dropped with this value).
    seen: Seen,
    /// The boards reached, the goal's included: 181,440.
    pub boards: usize,
    /// The greatest distance from the goal: 31.
    pub depth: u8,
}

impl Explored {
    /// The kind of set the search remembered its boards in.
    pub fn kind(&self) -> SeenKind {
        match self.seen {
            Seen::Ordered(_) => SeenKind::Ordered,
            Seen::Hashed(_) => SeenKind::Hashed,
            Seen::Cantor(_) => SeenKind::Cantor,
        }
    }
}

/// [`whole_space`]'s search, returning its seen set alive beside the two figures.
///
/// # Complexity
/// As [`whole_space`].
pub fn explore(kind: SeenKind) -> Explored {
    let mut seen = match kind {
        SeenKind::Ordered => Seen::Ordered(BTreeSet::new()),
        SeenKind::Hashed => Seen::Hashed(HashSet::new()),
        SeenKind::Cantor => Seen::Cantor(vec![false; STATES]),
    };
    seen.insert(&Board::GOAL);
    let mut layer = vec![Board::GOAL];
    let (mut boards, mut depth) = (1, 0);
    loop {
        let mut next = Vec::new();
        for board in &layer {
            for step in 0..4 {
                if let Some(moved) = board.step(step) {
                    if seen.insert(&moved) {
                        next.push(moved);
                    }
                }
            }
        }
        if next.is_empty() {
            drop(layer);
            return Explored { seen, boards, depth };
        }
        boards += next.len();
        depth += 1;
        layer = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DIAMETER;
    use crate::testkit::SOLVABLE;

    #[test]
    fn every_way_of_remembering_reaches_the_same_space() {
        // One search a kind: `whole_space` is `explore`'s two figures, checked on the cheapest.
        for kind in SeenKind::ALL {
            let explored = explore(kind);
            assert_eq!(
                (explored.boards, explored.depth),
                (SOLVABLE, DIAMETER),
                "{}",
                kind.name()
            );
            assert_eq!(explored.kind(), kind);
        }
        assert_eq!(whole_space(SeenKind::Cantor), (SOLVABLE, DIAMETER));
    }
}
