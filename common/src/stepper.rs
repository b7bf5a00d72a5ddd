//! The plain breadth-first search of a ranked puzzle, one state at a time: what the study page's
//! stepper shows for msquare and eight. Study mode only, so bundles never carry it.
//!
//! **Equals:** the puzzle's plain breadth-first search (msquare's `plain::Plain::new`, eight's
//! `plain::Table::build`) state by state: the same start, the same moves tried in the same order,
//! a state queued the first time it is reached, its distance one more than its parent's.
//! **Proved by:** `steps_reach_every_state_at_its_breadth_first_distance` (below, a small puzzle
//! against a map-based search: the same states in the same order, the same parents), and in the
//! puzzles `the_stepper_is_the_plain_search_board_by_board` (msquare: every board's distance and
//! its answer against plain's; eight: every board's distance, its moves and the layers against
//! plain's table). [`queue_pushes`] equals a queue and sets marked where each rule says:
//! `marking_on_take_queues_the_second_arrivals_too` (below), and in the puzzles
//! `the_queue_pushes_under_each_marking_are_an_independent_search_s`.
//!
//! One stepper serves both ranked puzzles: only the board type, its moves, its rank and the
//! move letters differ, and each puzzle passes its own from its `plain` module, so no rule is
//! written twice. (Colour Hash's goal side has no rank, and keeps its own stepper over a map.)

use std::collections::VecDeque;

/// A distance the search has not set yet.
const UNSEEN: u8 = u8::MAX;

/// A neighbour of the state an [`Expansion`] took from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour<B> {
    /// The move's letter.
    pub letter: u8,
    /// The state the move leads to.
    pub board: B,
    /// Whether the search saw it here first (it is queued, with the taken state as its parent),
    /// rather than before.
    pub new: bool,
    /// Its distance from the start, as the search knows it now.
    pub distance: u8,
}

/// One step of the breadth-first search: a state taken from the queue and its neighbours, in
/// move order (the moves that exist from it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion<B> {
    /// How many states were taken before this one (0: the start).
    pub index: usize,
    /// The state taken.
    pub board: B,
    /// Its distance from the start.
    pub distance: u8,
    /// The neighbours, in move order.
    pub neighbours: Vec<Neighbour<B>>,
    /// The states waiting in the queue once the new neighbours are added.
    pub queued: usize,
    /// The states seen so far (taken or waiting).
    pub seen: usize,
}

/// The moves of a ranked puzzle as the stepper needs them: the letters in the order that breaks
/// ties, move `m` (`None` where it does not exist), and the rank that numbers the states.
#[derive(Clone, Copy, Debug)]
pub struct Rules<B> {
    /// Move `m`'s letter is `letters[m]`; moves are tried in this order.
    pub letters: &'static [u8],
    /// The state after move `m`, or `None` where the move does not exist.
    pub moved: fn(&B, usize) -> Option<B>,
    /// A state's rank, below `states`.
    pub rank: fn(&B) -> usize,
    /// How many ranks there are.
    pub states: usize,
}

/// Breadth-first search from a start state, one state at a time: each [`step`](Stepper::step)
/// takes the next state from the queue, tries the moves in letter order and queues each
/// neighbour not seen before, its distance one more. So a state is first reached by the smallest
/// move from the earliest state of the layer before: the tie rule, visible step by step.
///
/// # Complexity
/// O(moves · rank) a step; one step per reachable state; one byte per rank for the distances.
#[derive(Clone, Debug)]
pub struct Stepper<B> {
    rules: Rules<B>,
    queue: VecDeque<B>,
    distances: Vec<u8>,
    taken: usize,
    seen: usize,
}

impl<B: Copy> Stepper<B> {
    /// The search before its first step: `start` queued and seen.
    ///
    /// # Panics
    /// If `start`'s rank is not below `rules.states`.
    pub fn new(start: B, rules: Rules<B>) -> Stepper<B> {
        let mut distances = vec![UNSEEN; rules.states];
        distances[(rules.rank)(&start)] = 0;
        Stepper {
            rules,
            queue: VecDeque::from([start]),
            distances,
            taken: 0,
            seen: 1,
        }
    }

    /// Takes the next state from the queue and expands it; `None` once the queue is empty.
    pub fn step(&mut self) -> Option<Expansion<B>> {
        let board = self.queue.pop_front()?;
        let distance = self.distances[(self.rules.rank)(&board)];
        let mut neighbours = Vec::with_capacity(self.rules.letters.len());
        for (step, &letter) in self.rules.letters.iter().enumerate() {
            let Some(next) = (self.rules.moved)(&board, step) else {
                continue;
            };
            let slot = &mut self.distances[(self.rules.rank)(&next)];
            let new = *slot == UNSEEN;
            if new {
                *slot = distance + 1;
                self.queue.push_back(next);
                self.seen += 1;
            }
            neighbours.push(Neighbour {
                letter,
                board: next,
                new,
                distance: *slot,
            });
        }
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

    /// The states waiting in the queue, the next one first.
    pub fn queue(&self) -> impl Iterator<Item = &B> {
        self.queue.iter()
    }
}

/// When a breadth-first search marks a state as seen: as it is queued (what [`Stepper`] does), or
/// only once it is taken from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marking {
    /// Marked when queued: a state is queued at most once.
    OnQueue,
    /// Marked when taken: a state reached again before its first copy is taken is queued again.
    OnTake,
}

/// How many times a breadth-first search from `start` under `rules` puts a state in its queue
/// (the start included) when it marks states as seen at `marking`. Marking on queue puts each
/// reachable state in once; marking on take also puts in every second arrival at a state that
/// is still waiting, the duplicates the study page counts to show why the mark comes first.
///
/// # Complexity
/// One push per count, each O(moves · rank); one byte per rank for the marks.
pub fn queue_pushes<B: Copy>(start: B, rules: Rules<B>, marking: Marking) -> usize {
    let mut marked = vec![false; rules.states];
    let mut queue = VecDeque::from([start]);
    let mut pushes = 1;
    if marking == Marking::OnQueue {
        marked[(rules.rank)(&start)] = true;
    }
    while let Some(board) = queue.pop_front() {
        if marking == Marking::OnTake {
            let mark = &mut marked[(rules.rank)(&board)];
            if *mark {
                continue;
            }
            *mark = true;
        }
        for step in 0..rules.letters.len() {
            let Some(next) = (rules.moved)(&board, step) else {
                continue;
            };
            let mark = &mut marked[(rules.rank)(&next)];
            if !*mark {
                if marking == Marking::OnQueue {
                    *mark = true;
                }
                queue.push_back(next);
                pushes += 1;
            }
        }
    }
    pushes
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A small puzzle: permutations of 0..5, moves "s" (swap the first two, only when the first
    /// is smaller) and "r" (rotate left by one).
    fn moved(board: &[u8; 5], step: usize) -> Option<[u8; 5]> {
        let mut next = *board;
        match step {
            0 if board[0] < board[1] => next.swap(0, 1),
            0 => return None,
            _ => next.rotate_left(1),
        }
        Some(next)
    }

    /// What the map-based search knows of a state: its distance, and its parent and move.
    type Found = (u8, Option<([u8; 5], u8)>);

    fn rank(board: &[u8; 5]) -> usize {
        crate::perm::rank(board)
    }

    #[test]
    fn steps_reach_every_state_at_its_breadth_first_distance() {
        let rules = Rules {
            letters: b"sr",
            moved,
            rank,
            states: 120,
        };
        // The independent search: distances in a map, the first discovery's parent and move.
        let start = [0, 1, 2, 3, 4];
        let mut expected: HashMap<[u8; 5], Found> = HashMap::new();
        expected.insert(start, (0, None));
        let mut order = vec![start];
        let mut at = 0;
        while at < order.len() {
            let board = order[at];
            let distance = expected[&board].0;
            for (step, &letter) in b"sr".iter().enumerate() {
                if let Some(next) = moved(&board, step) {
                    expected.entry(next).or_insert_with(|| {
                        order.push(next);
                        (distance + 1, Some((board, letter)))
                    });
                }
            }
            at += 1;
        }
        let mut stepper = Stepper::new(start, rules);
        let mut taken = Vec::new();
        while let Some(expansion) = stepper.step() {
            assert_eq!(expansion.index, taken.len());
            assert_eq!(expansion.distance, expected[&expansion.board].0);
            let letters: Vec<u8> = expansion.neighbours.iter().map(|n| n.letter).collect();
            let possible: Vec<u8> = (0..2)
                .filter(|&step| moved(&expansion.board, step).is_some())
                .map(|step| b"sr"[step])
                .collect();
            assert_eq!(letters, possible);
            for neighbour in &expansion.neighbours {
                let (distance, parent) = expected[&neighbour.board];
                assert_eq!(neighbour.distance, distance);
                assert_eq!(neighbour.new, parent == Some((expansion.board, neighbour.letter)));
            }
            assert_eq!(expansion.seen, expansion.index + 1 + expansion.queued);
            taken.push(expansion.board);
        }
        // The same states in the same order as the map-based search.
        assert_eq!(taken, order);
        assert!(order.len() > 60, "the toy puzzle reaches more than its start");
    }

    #[test]
    fn marking_on_take_queues_the_second_arrivals_too() {
        let rules = Rules {
            letters: b"sr",
            moved,
            rank,
            states: 120,
        };
        let start = [0, 1, 2, 3, 4];
        // Independently: a queue of paths' ends and a set, marked where each rule says.
        let count = |on_take: bool| {
            let mut seen = std::collections::HashSet::from([start]);
            let mut taken = std::collections::HashSet::new();
            let mut queue = vec![start];
            let mut at = 0;
            while at < queue.len() {
                let board = queue[at];
                at += 1;
                if on_take && !taken.insert(board) {
                    continue;
                }
                for step in 0..2 {
                    let Some(next) = moved(&board, step) else { continue };
                    let fresh = if on_take {
                        !taken.contains(&next)
                    } else {
                        seen.insert(next)
                    };
                    if fresh {
                        queue.push(next);
                    }
                }
            }
            (queue.len(), seen.len().max(taken.len()))
        };
        let (on_queue, reached) = count(false);
        let (on_take, _) = count(true);
        assert_eq!(queue_pushes(start, rules, Marking::OnQueue), on_queue);
        assert_eq!(on_queue, reached);
        assert_eq!(queue_pushes(start, rules, Marking::OnTake), on_take);
        assert!(on_take > on_queue, "{on_take} pushes on take, {on_queue} on queue");
    }
}
