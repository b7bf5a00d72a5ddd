//! Four ways to answer one board, raced: how much work each does before it knows the answer.
//!
//! - [`Racer::BreadthFirst`]: the plain breadth-first search from the board, moves tried in u, l,
//!   d, r order, until the goal is found. Its queue serves each layer in the dictionary order of
//!   the boards' first-found paths, so the goal's path is the smallest shortest string. Work: every
//!   board closer than the goal, and part of the goal's layer.
//! - [`Racer::AStar`]: best-first by `g + h`, with the fast tier's heuristic ([`ida::heuristic`]:
//!   Manhattan distance plus linear conflict, admissible). It finds a shortest path, not always
//!   the smallest string; what it shows is how few boards an informed search needs.
//! - [`Racer::Ida`]: the fast tier's IDA* ([`ida::iterations`]): a depth-first search per bound,
//!   repeated with the bound raised by 2, keeping no set of boards at all.
//! - [`Racer::Table`]: the plain distance table ([`plain::Table`]): one breadth-first search
//!   from the goal over all 181,440 boards, then a walk of one probe a move.
//!
//! Each run counts **expansions**: boards taken from a queue (or visited by the depth-first
//! search) and given their moves. The page times each run itself.
//!
//! # Complexity
//! Breadth-first: O(boards within the distance); A*: O(b log b) for the b boards it expands;
//! IDA*: see [`ida`]; the table: O(9!/2 · 4).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use common::perm::rank;

use crate::plain::{self, moved, GOAL};
use crate::search::ida;

/// The four methods of the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Racer {
    /// Breadth-first search from the board.
    BreadthFirst,
    /// A* with the IDA* heuristic.
    AStar,
    /// The fast tier's IDA*.
    Ida,
    /// The plain distance table, then its walk.
    Table,
}

/// What one method did for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The moves found (a shortest answer; the smallest one except for A*).
    pub answer: String,
    /// Boards expanded.
    pub expansions: u64,
    /// The work in stages, for a picture: expansions per distance from the board (breadth-first,
    /// and the table's per distance from the goal), per value of `g + h` (A*), per iteration
    /// (IDA*, whose bounds are [`Run::bounds`]).
    pub profile: Vec<u64>,
    /// IDA*'s bound of each iteration; empty for the others.
    pub bounds: Vec<u8>,
}

impl Racer {
    /// The four, in the order the page shows them.
    pub const ALL: [Racer; 4] = [Racer::BreadthFirst, Racer::AStar, Racer::Ida, Racer::Table];

    /// The method's name as the page writes it.
    pub fn name(self) -> &'static str {
        match self {
            Racer::BreadthFirst => "breadth-first search",
            Racer::AStar => "A*",
            Racer::Ida => "IDA*",
            Racer::Table => "distance table",
        }
    }

    /// This method's run on `board` (cells as [`plain`]'s, tile − 1, the blank 8), or `None` if
    /// the board is unsolvable (parity, [`plain::is_solvable`]).
    pub fn run(self, board: &[u8; 9]) -> Option<Run> {
        if !plain::is_solvable(board) {
            return None;
        }
        Some(match self {
            Racer::BreadthFirst => breadth_first(board),
            Racer::AStar => a_star(board),
            Racer::Ida => {
                let (iterations, answer) = ida::iterations(board);
                Run {
                    answer: letters(&answer),
                    expansions: iterations.iter().map(|i| i.expansions).sum(),
                    profile: iterations.iter().map(|i| i.expansions).collect(),
                    bounds: iterations.iter().map(|i| i.bound).collect(),
                }
            }
            Racer::Table => {
                let table = plain::Table::build();
                let answer = table.answer(board).expect("a solvable board has an answer");
                let layers: Vec<u64> = table.layer_sizes().iter().map(|&n| n as u64).collect();
                Run {
                    expansions: layers.iter().sum::<u64>() + answer.len() as u64,
                    answer,
                    profile: layers,
                    bounds: Vec::new(),
                }
            }
        })
    }
}

fn letters(moves: &[u8]) -> String {
    String::from_utf8_lossy(moves).into_owned()
}

/// The move letters in the order they are tried.
const LETTERS: [char; 4] = ['u', 'l', 'd', 'r'];

/// The path to `rank` in a map of parent links (the board's rank, the move into it).
fn path_to(parents: &HashMap<usize, (usize, usize)>, mut at: usize) -> String {
    let mut moves = Vec::new();
    while let Some(&(parent, step)) = parents.get(&at) {
        moves.push(LETTERS[step]);
        at = parent;
    }
    moves.iter().rev().collect()
}

fn breadth_first(board: &[u8; 9]) -> Run {
    let goal = rank(&GOAL);
    let mut parents = HashMap::new();
    let mut distance = HashMap::from([(rank(board), 0usize)]);
    let mut queue = VecDeque::from([*board]);
    let mut profile = Vec::new();
    let mut expansions = 0;
    while let Some(here) = queue.pop_front() {
        let here_rank = rank(&here);
        let depth = distance[&here_rank];
        if here_rank == goal {
            break;
        }
        expansions += 1;
        if profile.len() <= depth {
            profile.push(0);
        }
        profile[depth] += 1;
        for (step, _) in LETTERS.iter().enumerate() {
            let Some(next) = moved(&here, step) else { continue };
            let next_rank = rank(&next);
            if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(next_rank) {
                entry.insert(depth + 1);
                parents.insert(next_rank, (here_rank, step));
                queue.push_back(next);
            }
        }
    }
    Run {
        answer: path_to(&parents, goal),
        expansions,
        profile,
        bounds: Vec::new(),
    }
}

fn a_star(board: &[u8; 9]) -> Run {
    let goal = rank(&GOAL);
    let mut parents = HashMap::new();
    let mut best = HashMap::from([(rank(board), 0u8)]);
    // Smallest g + h first; among equals, the larger g (deeper boards are nearer the goal), then
    // the order of arrival, so the run is the same every time.
    let mut open = BinaryHeap::new();
    let mut arrival = 0u64;
    open.push(Reverse((ida::heuristic(board), Reverse(0u8), arrival, *board)));
    let mut profile: Vec<u64> = Vec::new();
    let mut expansions = 0;
    while let Some(Reverse((f, Reverse(g), _, here))) = open.pop() {
        let here_rank = rank(&here);
        if best[&here_rank] < g {
            continue; // a stale entry: the board was reached more cheaply since
        }
        if here_rank == goal {
            break;
        }
        expansions += 1;
        let f = usize::from(f);
        if profile.len() <= f {
            profile.resize(f + 1, 0);
        }
        profile[f] += 1;
        for step in 0..4 {
            let Some(next) = moved(&here, step) else { continue };
            let next_rank = rank(&next);
            if best.get(&next_rank).map_or(true, |&known| g + 1 < known) {
                best.insert(next_rank, g + 1);
                parents.insert(next_rank, (here_rank, step));
                arrival += 1;
                open.push(Reverse((g + 1 + ida::heuristic(&next), Reverse(g + 1), arrival, next)));
            }
        }
    }
    Run {
        answer: path_to(&parents, goal),
        expansions,
        profile,
        bounds: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{plain_table, solvable_boards};

    #[test]
    fn every_method_finds_a_shortest_answer_and_all_but_a_star_the_smallest() {
        // Every 7,919th solvable board: 23 boards of distances spread over the space (the table
        // racer builds the whole table for each, so not many more).
        for board in solvable_boards().step_by(7_919) {
            let want = plain_table().answer(&board).unwrap();
            for racer in Racer::ALL {
                let run = racer.run(&board).unwrap();
                assert_eq!(run.answer.len(), want.len(), "{racer:?} {board:?}");
                if racer != Racer::AStar {
                    assert_eq!(run.answer, want, "{racer:?} {board:?}");
                }
                // A* answer reaches the goal.
                let end = run.answer.chars().fold(board, |b, c| {
                    moved(&b, LETTERS.iter().position(|&l| l == c).unwrap()).unwrap()
                });
                assert_eq!(end, GOAL);
                assert_eq!(
                    run.profile.iter().sum::<u64>() + u64::from(racer == Racer::Table) * want.len() as u64,
                    run.expansions
                );
            }
        }
    }

    #[test]
    fn informed_searches_expand_fewer_boards_on_the_farthest_board() {
        let far = [7, 5, 6, 1, 4, 3, 2, 8, 0]; // 8 6 7 / 2 5 4 / 3 x 1, 31 moves
        let runs: Vec<Run> = Racer::ALL.iter().map(|r| r.run(&far).unwrap()).collect();
        assert!(runs.iter().all(|run| run.answer.len() == 31));
        assert!(runs[1].expansions < runs[0].expansions);
        assert!(runs[2].expansions < runs[0].expansions);
        assert_eq!(runs[2].bounds.last(), Some(&31));
        assert_eq!(runs[3].expansions, 181_440 + 31);
        assert_eq!(Racer::Ida.run(&[1, 0, 2, 3, 4, 5, 6, 7, 8]), None);
    }
}
