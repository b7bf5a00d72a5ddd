//! The plain breadth-first search, one expansion at a time, for a reader to watch: which state
//! is taken from the queue, which neighbours it has, which of them are new, and how long the
//! queue has grown. The study page steps through it; no judge program uses it.
//!
//! It is the plain tiers' search (a FIFO queue, a flag per rank, moves tried in their order and
//! each state kept at its **first** discovery), exposed as an iterator of [`Expansion`]s instead of
//! run to the end. So the tie rule can be watched: a state is first reached by the smallest move
//! of the earliest state that reaches it, and every later arrival is marked seen.
//!
//! # Complexity
//! Each expansion: at most `moves` applications and ranks, O(1) amortised besides. Memory: the
//! states found so far, a parent link each, and one byte per rank of the space.

/// One state reached by one move from the state being expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbour<S> {
    /// The move's index (0 is the first move tried).
    pub step: u8,
    /// The state it leads to.
    pub state: S,
    /// That state's rank (its cell in the visited table).
    pub rank: usize,
    /// Whether this expansion found it first (`false`: it was already seen, and keeps the
    /// parent it was first found from).
    pub new: bool,
}

/// One state taken from the queue, and what became of its neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion<S> {
    /// How many states were taken before this one: 0 for the start.
    pub index: usize,
    /// The state taken.
    pub state: S,
    /// Its rank.
    pub rank: usize,
    /// Its distance from the start.
    pub distance: usize,
    /// The expansion that first found it and the move from there (`None` for the start).
    pub parent: Option<(usize, u8)>,
    /// Its neighbours in move order; moves that do not apply (an edge of the frame) are absent.
    pub neighbours: Vec<Neighbour<S>>,
    /// The queue's length once this expansion has added its new neighbours.
    pub queue_len: usize,
}

/// The search in progress: an iterator of [`Expansion`]s in the order the queue serves them.
pub struct Steps<S, Apply, Rank> {
    /// Every state found, in the order found: the queue is the part from `next` on.
    found: Vec<S>,
    /// For each found state, by position in `found`: its distance and its parent link.
    links: Vec<(usize, Option<(usize, u8)>)>,
    /// One flag per rank: found yet?
    seen: Vec<bool>,
    /// The position in `found` of the next state to take from the queue.
    next: usize,
    moves: u8,
    apply: Apply,
    rank: Rank,
}

impl<S, Apply, Rank> Steps<S, Apply, Rank>
where
    S: Clone,
    Apply: Fn(&S, u8) -> Option<S>,
    Rank: Fn(&S) -> usize,
{
    /// The search from `start` over a space of `space` ranks, trying moves `0..moves` in order;
    /// `apply` gives a move's result (`None` where it does not apply) and `rank` a state's rank.
    ///
    /// # Panics
    /// If a rank is `space` or more.
    pub fn new(start: S, space: usize, moves: u8, apply: Apply, rank: Rank) -> Self {
        let mut seen = vec![false; space];
        seen[rank(&start)] = true;
        Steps {
            found: vec![start],
            links: vec![(0, None)],
            seen,
            next: 0,
            moves,
            apply,
            rank,
        }
    }

    /// Whether the state of this rank has been found (queued or expanded) so far.
    pub fn is_seen(&self, rank: usize) -> bool {
        self.seen[rank]
    }

    /// How many states have been found so far, the start included.
    pub fn found(&self) -> usize {
        self.found.len()
    }
}

impl<S, Apply, Rank> Iterator for Steps<S, Apply, Rank>
where
    S: Clone,
    Apply: Fn(&S, u8) -> Option<S>,
    Rank: Fn(&S) -> usize,
{
    type Item = Expansion<S>;

    fn next(&mut self) -> Option<Expansion<S>> {
        let index = self.next;
        let state = self.found.get(index)?.clone();
        self.next += 1;
        let (distance, parent) = self.links[index];
        let mut neighbours = Vec::new();
        for step in 0..self.moves {
            let Some(next) = (self.apply)(&state, step) else {
                continue;
            };
            let rank = (self.rank)(&next);
            let new = !self.seen[rank];
            if new {
                self.seen[rank] = true;
                self.found.push(next.clone());
                self.links.push((distance + 1, Some((index, step))));
            }
            neighbours.push(Neighbour {
                step,
                state: next,
                rank,
                new,
            });
        }
        Some(Expansion {
            index,
            rank: (self.rank)(&state),
            state,
            distance,
            parent,
            neighbours,
            queue_len: self.found.len() - self.next,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers below 30 from 1 by "+3" (move 0) and "*2" (move 1), ranked as themselves.
    fn numbers() -> Steps<u32, impl Fn(&u32, u8) -> Option<u32>, impl Fn(&u32) -> usize> {
        let apply = |&n: &u32, step: u8| {
            let next = if step == 0 { n + 3 } else { n * 2 };
            (next < 30).then_some(next)
        };
        Steps::new(1u32, 30, 2, apply, |&n: &u32| n as usize)
    }

    #[test]
    fn the_start_then_first_discovery_in_move_order() {
        let mut steps = numbers();
        let start = steps.next().unwrap();
        assert_eq!(
            (start.index, start.state, start.distance, start.parent),
            (0, 1, 0, None)
        );
        assert_eq!(
            start.neighbours.iter().map(|n| (n.state, n.new)).collect::<Vec<_>>(),
            [(4, true), (2, true)]
        );
        assert_eq!(start.queue_len, 2);
        // 4 is taken before 2: found first, by the smaller move.
        let four = steps.next().unwrap();
        assert_eq!((four.state, four.distance, four.parent), (4, 1, Some((0, 0))));
        // 4 + 3 = 7 new, 4 * 2 = 8 new.
        assert_eq!(four.queue_len, 3);
        let two = steps.next().unwrap();
        // 2 + 3 = 5 new; 2 * 2 = 4 already seen: it keeps its parent (the start by "+3").
        assert_eq!(
            two.neighbours.iter().map(|n| (n.state, n.new)).collect::<Vec<_>>(),
            [(5, true), (4, false)]
        );
        assert!(steps.is_seen(4) && !steps.is_seen(3));
    }

    #[test]
    fn distances_match_a_plain_queue_and_every_state_is_taken_once() {
        let expansions: Vec<Expansion<u32>> = numbers().collect();
        let mut distance = [usize::MAX; 30];
        distance[1] = 0;
        let mut queue = std::collections::VecDeque::from([1u32]);
        let mut order = Vec::new();
        while let Some(n) = queue.pop_front() {
            order.push(n);
            for next in [n + 3, n * 2] {
                if next < 30 && distance[next as usize] == usize::MAX {
                    distance[next as usize] = distance[n as usize] + 1;
                    queue.push_back(next);
                }
            }
        }
        assert_eq!(expansions.iter().map(|e| e.state).collect::<Vec<_>>(), order);
        for expansion in &expansions {
            assert_eq!(expansion.distance, distance[expansion.state as usize]);
            if let Some((parent, _)) = expansion.parent {
                assert_eq!(expansions[parent].distance + 1, expansion.distance);
            }
        }
        assert_eq!(expansions.last().unwrap().queue_len, 0);
    }
}
