//! The study page's race on one board: plain breadth-first search, A*, IDA*'s iterations, each
//! counting the boards it expanded.
//!
//! **Equals:** every method's answer length is the board's distance in
//! [`plain`](crate::plain)'s table (the fast [`Solver`](crate::Solver) holds the same); IDA*'s
//! iterations are [`crate::search::ida`]'s own run, bound by bound.
//! **Proved by:** `every_method_of_the_race_finds_the_distance` and
//! `iterations_climb_by_two_from_the_heuristic_to_the_distance` (below, a spread of boards over
//! the 9!, odd and even).

use std::collections::VecDeque;

use super::heuristic::heuristic;
use crate::state::{Board, STATES};

/// One iteration of IDA* ([`crate::search::ida::solve_within`]): its bound on `g + h`, and the boards it
/// expanded (each call of the search, the root included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The bound: [`heuristic`] of the board first, then 2 more each time.
    pub bound: u8,
    /// The boards this iteration expanded.
    pub expansions: u64,
}

/// IDA*'s iterations on a solvable `board`, as a one-board run makes them: the last one found
/// the answer. `None` for an unsolvable board (no search is made: parity answers it) or one
/// whose search would expand more than `budget` boards.
///
/// # Complexity
/// The search itself: at most `budget` expansions.
pub fn iterations(board: &Board, budget: u64) -> Option<Vec<Iteration>> {
    if !board.is_solvable() {
        return None;
    }
    let mut found = Vec::new();
    let mut left = budget;
    let mut report = |bound, expansions| found.push(Iteration { bound, expansions });
    crate::search::ida::solve_reporting(&board.cells(), &mut left, &mut report).ok()?;
    Some(found)
}

/// One method's search on one board, for the study page's race: the length of the answer found
/// and the boards the search expanded (took from its queue or open list and tried the moves of).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The answer's length.
    pub moves: u8,
    /// The boards expanded.
    pub expansions: u64,
}

/// Plain breadth-first search from `board` until the goal is taken from the queue, calling
/// `expanded` with each board it expands (the study page paints them); `None` for an unsolvable
/// board.
///
/// # Complexity
/// Up to 9!/2 expansions, 9! bytes of distances.
pub fn breadth_first(board: &Board, expanded: &mut dyn FnMut(&Board)) -> Option<Run> {
    if !board.is_solvable() {
        return None;
    }
    let mut distances = vec![u8::MAX; STATES];
    distances[board.rank()] = 0;
    let mut queue = VecDeque::from([*board]);
    let mut expansions = 0;
    while let Some(at) = queue.pop_front() {
        expansions += 1;
        expanded(&at);
        let distance = distances[at.rank()];
        if at == Board::GOAL {
            return Some(Run {
                moves: distance,
                expansions,
            });
        }
        for step in 0..4 {
            if let Some(next) = at.step(step) {
                if distances[next.rank()] == u8::MAX {
                    distances[next.rank()] = distance + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// A* from `board` with [`heuristic`], until the goal is taken from the open list, calling
/// `visit` with each board it expands; `None` for an unsolvable board. Its tie order: of the
/// boards of the smallest g + h, the one of the smaller g (moves so far), then the smaller rank;
/// [`a_star_deeper_first`] takes the larger g first instead. The heuristic is consistent (a move changes it by at most 1, as it changes
/// one tile's line by one), so a board is expanded at most once and the first time the goal is
/// taken its depth is the distance.
///
/// # Complexity
/// O(E log E) for the E boards expanded; 9! bytes of depths.
pub fn a_star(board: &Board, visit: &mut dyn FnMut(&Board)) -> Option<Run> {
    a_star_ordered(board, false, visit)
}

/// [`a_star`] with the other tie order: of the boards of the smallest g + h, the one of the
/// larger g first (then the smaller rank): the same answer length, another count of expansions
/// (the study page shows both).
pub fn a_star_deeper_first(board: &Board) -> Option<Run> {
    a_star_ordered(board, true, &mut |_| {})
}

/// A* with ties in g + h broken by the smaller g, or the larger when `deeper_first`.
fn a_star_ordered(board: &Board, deeper_first: bool, visit: &mut dyn FnMut(&Board)) -> Option<Run> {
    use std::cmp::Reverse;
    // The heap's key breaks ties by this number, smallest first: g itself, or 255 − g.
    let tie = |depth: u8| if deeper_first { u8::MAX - depth } else { depth };
    use std::collections::BinaryHeap;
    if !board.is_solvable() {
        return None;
    }
    let mut depths = vec![u8::MAX; STATES];
    let mut expanded = vec![false; STATES];
    depths[board.rank()] = 0;
    let mut open = BinaryHeap::from([Reverse((heuristic(board), tie(0), board.rank()))]);
    let mut expansions = 0;
    while let Some(Reverse((_, tied, rank))) = open.pop() {
        let depth = tie(tied);
        if expanded[rank] || depth > depths[rank] {
            continue;
        }
        expanded[rank] = true;
        expansions += 1;
        let at = Board::from_rank(rank);
        visit(&at);
        if at == Board::GOAL {
            return Some(Run {
                moves: depth,
                expansions,
            });
        }
        for step in 0..4 {
            if let Some(next) = at.step(step) {
                if depth + 1 < depths[next.rank()] {
                    depths[next.rank()] = depth + 1;
                    open.push(Reverse((depth + 1 + heuristic(&next), tie(depth + 1), next.rank())));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Solver;
    use crate::testkit::board;

    #[test]
    fn iterations_climb_by_two_from_the_heuristic_to_the_distance() {
        let solver = Solver::new();
        // A seeded sample of solvable boards, every distance up to the diameter among them.
        for rank in (0..STATES).step_by(2_017) {
            let board = Board::from_rank(rank);
            let Some(distance) = solver.distance(&board) else {
                assert_eq!(iterations(&board, u64::MAX), None);
                continue;
            };
            let h = heuristic(&board);
            assert!(h <= distance && h % 2 == distance % 2, "{board}");
            let found = iterations(&board, u64::MAX).unwrap();
            let bounds: Vec<u8> = found.iter().map(|iteration| iteration.bound).collect();
            let expected: Vec<u8> = (h..=distance).step_by(2).collect();
            assert_eq!(bounds, expected, "{board}");
            // The expansions add up to what the search's budget lost.
            let mut budget = u64::MAX;
            crate::search::ida::solve_within(&board.cells(), &mut budget).unwrap();
            let spent: u64 = found.iter().map(|iteration| iteration.expansions).sum();
            assert_eq!(spent, u64::MAX - budget, "{board}");
            assert!(found.iter().all(|iteration| iteration.expansions > 0));
            // One expansion less and the search gives up.
            assert_eq!(iterations(&board, spent - 1), None, "{board}");
        }
        // 1 2 3 / 4 5 6 / 8 7 x: 8 and 7 in their goal row, in the wrong order: 2 + 2.
        assert_eq!(heuristic(&board("1 2 3 4 5 6 8 7 x")), 4);
    }

    #[test]
    fn every_method_of_the_race_finds_the_distance() {
        let solver = Solver::new();
        for rank in (0..STATES).step_by(4_999) {
            let board = Board::from_rank(rank);
            let distance = solver.distance(&board);
            let mut seen = Vec::new();
            let breadth = breadth_first(&board, &mut |at| seen.push(at.rank()));
            let mut starred = Vec::new();
            let star = a_star(&board, &mut |at| starred.push(at.rank()));
            if let (Some(breadth), Some(star)) = (breadth, star) {
                // Each board once, the start first.
                assert_eq!(seen.len() as u64, breadth.expansions);
                assert_eq!(seen[0], rank);
                assert_eq!(starred.len() as u64, star.expansions);
                starred.sort_unstable();
                starred.dedup();
                assert_eq!(starred.len() as u64, star.expansions);
            }
            assert_eq!(breadth.map(|run| run.moves), distance, "{board}");
            assert_eq!(star.map(|run| run.moves), distance, "{board}");
            assert_eq!(a_star_deeper_first(&board).map(|run| run.moves), distance, "{board}");
            if let (Some(breadth), Some(star)) = (breadth, star) {
                // The heuristic only ever saves work.
                assert!(star.expansions <= breadth.expansions, "{board}");
            }
        }
        assert_eq!(
            breadth_first(&Board::GOAL, &mut |_| {}),
            Some(Run {
                moves: 0,
                expansions: 1
            })
        );
    }
}
