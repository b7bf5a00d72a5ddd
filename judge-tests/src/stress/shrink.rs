//! Shrinking a failing input until every case in it matters.
//!
//! Three passes, repeated until none changes the input:
//! 1. Delta debugging (Zeller's ddmin) over the cases: the input cut into `n` chunks, first each
//!    chunk alone, then the input without each chunk; a failing candidate is kept and the chunks
//!    regrow from it; `n` doubles up to single cases when no candidate fails. It ends only when
//!    removing any single case makes the failure go away (1-minimal).
//! 2. Simpler cases: each case replaced by one closer to the goal on its own solution path (the
//!    goal first, then ever farther), the first that still fails kept.
//! 3. Plain spacing, and UVa 652's empty lines, if the input had other whitespace.
//!
//! The count of a UVa 652 or Colour Hash input is always written from its cases, so it stays
//! consistent. A user's generator's exact bytes are given up only for a rendering that fails too.
//!
//! # Complexity
//! ddmin runs the program O(k² + k log n) times for k cases left out of n in the worst case,
//! O(k log n) typically; each simpler-case pass at most 7 runs a case.

use super::input::{Batch, Item, Spacing};
use super::{try_batch, FailedRun, Options};
use crate::cases::Format;
use crate::checker::{colour_hash, eight, msquare};
use crate::reference::colour_hash as ch_reference;
use crate::reference::eight as eight_reference;
use crate::reference::msquare as msquare_reference;
use std::io;

/// The smallest failing input reached from `batch` (which fails with `failure`), with its failure.
///
/// # Errors
/// If the program cannot be started.
pub fn shrink(options: &Options, batch: Batch, failure: FailedRun) -> io::Result<(Batch, FailedRun)> {
    let mut shrinker = Shrinker {
        options,
        batch,
        failure,
    };
    if shrinker.batch.raw.is_some() {
        // A generator's bytes: the items re-rendered must fail too before anything is cut.
        let rendered = Batch {
            raw: None,
            ..shrinker.batch.clone()
        };
        if !shrinker.attempt(rendered)? {
            return Ok((shrinker.batch, shrinker.failure));
        }
    }
    loop {
        shrinker.delta_debug()?;
        let simpler = shrinker.simplify()?;
        let plainer = shrinker.plain_spacing()?;
        if !simpler && !plainer {
            return Ok((shrinker.batch, shrinker.failure));
        }
    }
}

struct Shrinker<'a> {
    options: &'a Options,
    batch: Batch,
    failure: FailedRun,
}

impl Shrinker<'_> {
    /// Runs `candidate`; keeps it if it fails too.
    fn attempt(&mut self, candidate: Batch) -> io::Result<bool> {
        Ok(match try_batch(self.options, &candidate)? {
            Some(failure) => {
                self.batch = candidate;
                self.failure = failure;
                true
            }
            None => false,
        })
    }

    /// The batch with `items` instead of its own.
    fn with_items(&self, items: Vec<Item>) -> Batch {
        Batch {
            items,
            ..self.batch.clone()
        }
    }

    /// ddmin over the cases, down to a 1-minimal input of at least one case.
    fn delta_debug(&mut self) -> io::Result<()> {
        let mut chunks = 2;
        while self.batch.items.len() > 1 {
            let length = self.batch.items.len();
            chunks = chunks.min(length);
            let size = (length + chunks - 1) / chunks;
            let ranges: Vec<(usize, usize)> = (0..length)
                .step_by(size)
                .map(|start| (start, (start + size).min(length)))
                .collect();
            let mut reduced = false;
            // Each chunk alone (when there are more than two: with two, a chunk alone is the
            // other's complement, tried next).
            if ranges.len() > 2 {
                for &(start, end) in &ranges {
                    if self.attempt(self.with_items(self.batch.items[start..end].to_vec()))? {
                        chunks = 2;
                        reduced = true;
                        break;
                    }
                }
            }
            if !reduced {
                for &(start, end) in &ranges {
                    let mut rest = self.batch.items[..start].to_vec();
                    rest.extend_from_slice(&self.batch.items[end..]);
                    if self.attempt(self.with_items(rest))? {
                        chunks = (chunks - 1).max(2);
                        reduced = true;
                        break;
                    }
                }
            }
            if !reduced {
                if chunks >= length {
                    // No single case can go: 1-minimal.
                    return Ok(());
                }
                chunks = (chunks * 2).min(length);
            }
        }
        Ok(())
    }

    /// Replaces each case by the simplest one that still fails; whether any was replaced.
    fn simplify(&mut self) -> io::Result<bool> {
        let mut changed = false;
        for index in 0..self.batch.items.len() {
            for simpler in simpler_items(&self.batch.items[index]) {
                let mut items = self.batch.items.clone();
                items[index] = simpler;
                if self.attempt(self.with_items(items))? {
                    changed = true;
                    break;
                }
            }
        }
        Ok(changed)
    }

    /// Plain spacing (and UVa 652's empty lines) if it still fails; whether it changed.
    fn plain_spacing(&mut self) -> io::Result<bool> {
        let separated = self.batch.format == Some(Format::Uva652);
        if self.batch.spacing == Spacing::Plain && self.batch.separated == separated {
            return Ok(false);
        }
        let candidate = Batch {
            spacing: Spacing::Plain,
            separated,
            ..self.batch.clone()
        };
        self.attempt(candidate)
    }
}

/// The distances, below `distance`, tried for a simpler case: the goal, then doubling, then one
/// step closer; ascending, so the first that fails is the simplest tried.
fn closer(distance: usize) -> Vec<usize> {
    let mut distances: Vec<usize> = std::iter::once(0)
        .chain((0..).map(|power| 1 << power).take_while(|&d| d < distance))
        .chain(distance.checked_sub(1))
        .filter(|&d| d < distance)
        .collect();
    distances.dedup();
    distances
}

/// Cases simpler than `item`, simplest first: states on its own solution path at the distances
/// [`closer`] gives (the goal first). An unsolvable eight board is offered the goal with two
/// tiles swapped; a Colour Hash configuration with no answer of 16 moves is offered the goal.
fn simpler_items(item: &Item) -> Vec<Item> {
    match item {
        Item::Board(board) => match eight::distances().smallest_answer(board) {
            Some(answer) => {
                let moves = answer.as_bytes();
                closer(moves.len())
                    .into_iter()
                    .map(|left| {
                        let mut at = *board;
                        for &letter in &moves[..moves.len() - left] {
                            at = eight_reference::apply(&at, letter).expect("the answer's moves");
                        }
                        Item::Board(at)
                    })
                    .collect()
            }
            None if board != b"21345678x" => vec![Item::Board(*b"21345678x")],
            None => Vec::new(),
        },
        Item::Config(config) => {
            let answer = colour_hash::expected_answer(config);
            if answer.starts_with("PUZZLE") {
                Vec::new()
            } else if answer.bytes().all(|b| b.is_ascii_digit()) {
                let moves = answer.as_bytes();
                closer(moves.len())
                    .into_iter()
                    .filter_map(|left| ch_reference::replay(config, &moves[..moves.len() - left]))
                    .map(Item::Config)
                    .collect()
            } else {
                vec![Item::Config(ch_reference::GOAL)]
            }
        }
        Item::Target(target) => {
            let sequence = msquare::expected_sequence(target);
            closer(sequence.len())
                .into_iter()
                .map(|distance| {
                    let mut grid = msquare_reference::BASIC;
                    for &letter in &sequence.as_bytes()[..distance] {
                        grid = msquare_reference::apply(&grid, letter).expect("A, B or C");
                    }
                    let [top, bottom] = grid;
                    Item::Target([
                        top[0], top[1], top[2], top[3], bottom[3], bottom[2], bottom[1], bottom[0],
                    ])
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closer_distances_ascend_from_the_goal() {
        assert_eq!(closer(0), Vec::<usize>::new());
        assert_eq!(closer(1), [0]);
        assert_eq!(closer(5), [0, 1, 2, 4]);
        assert_eq!(closer(20), [0, 1, 2, 4, 8, 16, 19]);
    }

    #[test]
    fn simpler_cases_are_closer_to_the_goal() {
        let board = *b"23415x768";
        let simpler = simpler_items(&Item::Board(board));
        let distances: Vec<Option<u8>> = simpler
            .iter()
            .map(|item| match item {
                Item::Board(board) => eight::distances().get(board),
                _ => None,
            })
            .collect();
        assert_eq!(distances, [0, 1, 2, 4, 8, 16, 18].map(Some));
        let target = [2, 3, 4, 1, 5, 8, 7, 6];
        let length = msquare::expected_sequence(&target).len();
        for item in simpler_items(&Item::Target(target)) {
            let Item::Target(closer) = item else { panic!("a target") };
            assert!(msquare::expected_sequence(&closer).len() < length);
        }
    }
}
