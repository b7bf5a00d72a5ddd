//! Shrinking a failing input to the easiest failing case: one case (unless the failure needs
//! more), at the smallest distance from the goal at which the program could be made to fail.
//!
//! Four passes, repeated until none changes the input:
//! 1. Delta debugging (Zeller's ddmin) over the cases: the input cut into `n` chunks, first each
//!    chunk alone, then the input without each chunk; a failing candidate is kept and the chunks
//!    regrow from it; `n` doubles up to single cases when no candidate fails. It ends only when
//!    removing any single case makes the failure go away (1-minimal).
//! 2. Simpler cases: each case replaced by one closer to the goal on its own solution path (the
//!    goal first, then ever farther), the first that still fails kept.
//! 3. Plain spacing, and UVa 652's empty lines, if the input had other whitespace.
//! 4. Closer cases: once one case is left, at distance d (or with no distance: an unsolvable
//!    board, a configuration with no answer of 16 moves), the cases at each smaller distance
//!    0, 1, 2, ... in turn, in inputs of the failing one's layout: every case at that distance
//!    when there are at most [`LAYER_BUDGET`] (all of them up to msquare's distance 6, eight's 6,
//!    Colour Hash's 4), else a seeded sample of that many, leaving out the cases that already
//!    passed in this run. The first distance at which one fails gives the new case, and the
//!    passes start again from it. A bug that shows first at distance 6 in two of 92 targets is
//!    found at 6 however far the first failure was, which the path alone (pass 2) cannot do:
//!    the two targets need not lie on the failing case's path.
//!
//! A candidate counts as failing only if it fails the same way as the input it replaces (a wrong
//! answer, a crash, a time limit): a large candidate that runs out of time does not stand in for
//! a wrong answer. One exception goes the other way: while the failure is a time limit, a smaller
//! candidate with a wrong answer (or a presentation error) is taken, and the failure becomes that
//! wrong answer, the easier of the two to read. A candidate that runs out of time is kept only
//! once it runs out of time again run alone, with nothing of `judge`'s beside it, so the kept
//! input always fails (on a loaded machine parallel jobs pass limits a program keeps alone). Each
//! pass offers its candidates in a fixed order and keeps the first that fails, running up to
//! `--jobs` of them at once, so the result does not depend on `--jobs`.
//!
//! Each smaller failing input is handed to the run's [`Watch`]: the progress line shows it and
//! `--keep` holds it at once. When the time budget runs out, the shrinker stops where it is and
//! returns the smallest failing input found.
//!
//! The count of a UVa 652 or Colour Hash input is always written from its cases, so it stays
//! consistent. A user's generator's exact bytes are given up only for a rendering that fails too.
//!
//! # Complexity
//! ddmin runs the program O(k² + k log n) times for k cases left out of n in the worst case,
//! O(k log n) typically; each simpler-case pass at most 7 runs a case; the closer-case pass at
//! most [`LAYER_BUDGET`] cases a distance, one run for each of them where an input holds one
//! case (msquare, POJ 1077) and one run for up to 64 of them otherwise, and at most
//! [`CLOSER_RUNS`] runs in all.

use super::generate::scramble;
use super::progress::Watch;
use super::{alone, try_batch, FailedRun, Options};
use crate::cases::Format;
use crate::input::{Batch, Item, Spacing};
use crate::runner;
use judge_oracle::checker::{colour_hash, eight, msquare};
use judge_oracle::reference::colour_hash as ch_reference;
use judge_oracle::reference::eight as eight_reference;
use judge_oracle::reference::msquare as msquare_reference;
use judge_oracle::rng::Rng;
use std::collections::HashSet;
use std::io;
use std::sync::OnceLock;

/// Most cases tried at one distance by the closer-case pass.
pub const LAYER_BUDGET: usize = 128;

/// Most program runs of the closer-case pass in one shrink.
pub const CLOSER_RUNS: usize = 1024;

/// The smallest failing input reached from `batch` (which fails with `failure`), with its failure.
/// `passed` holds the cases that passed earlier in the run, which the closer-case pass skips.
///
/// # Errors
/// If the program cannot be started.
pub fn shrink(
    options: &Options,
    batch: Batch,
    failure: FailedRun,
    passed: &HashSet<Item>,
    watch: &mut Watch<'_>,
    kept: &mut io::Result<()>,
) -> io::Result<(Batch, FailedRun)> {
    let mut shrinker = Shrinker {
        options,
        batch,
        failure,
        passed,
        tried_below: 0,
        closer_runs: 0,
        runs: 0,
        watch,
        kept,
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
        let closer = shrinker.closer_cases()?;
        if shrinker.watch.over_budget() || (!simpler && !plainer && !closer) {
            return Ok((shrinker.batch, shrinker.failure));
        }
    }
}

struct Shrinker<'a, 'w> {
    options: &'a Options,
    batch: Batch,
    failure: FailedRun,
    passed: &'a HashSet<Item>,
    /// Every distance below this one was tried by the closer-case pass, and nothing failed there.
    tried_below: usize,
    /// Runs the closer-case pass has made.
    closer_runs: usize,
    /// Runs the shrinker has made, for the progress line.
    runs: usize,
    /// The run's clock, progress line and `--keep` file.
    watch: &'a mut Watch<'w>,
    /// How writing the latest smaller input to `--keep` went.
    kept: &'a mut io::Result<()>,
}

impl Shrinker<'_, '_> {
    /// Whether `failure`, a candidate's, may replace the current one: the same kind and cause,
    /// or a wrong answer (or presentation error) in place of a time limit.
    fn replaces(&self, failure: &FailedRun) -> bool {
        (failure.kind == self.failure.kind && failure.cause == self.failure.cause)
            || (self.failure.kind == "TLE" && matches!(failure.kind, "WA" | "PE"))
    }

    /// Runs the candidates, up to `--jobs` at once, and keeps the first in order that fails the
    /// same way as the input it would replace ([`Shrinker::replaces`]; a time limit only if it
    /// passes the limit again alone); whether one did. Nothing runs once the budget is spent.
    fn first_failing(&mut self, mut candidates: Vec<Batch>) -> io::Result<bool> {
        while !candidates.is_empty() && !self.watch.over_budget() {
            let mut found: Option<io::Result<(usize, FailedRun)>> = None;
            let mut ran = 0;
            runner::in_order(
                candidates.len(),
                self.options.jobs,
                |at| try_batch(self.options, &candidates[at]),
                |at, tried| {
                    ran = at + 1;
                    match tried {
                        Err(error) => {
                            found = Some(Err(error));
                            false
                        }
                        Ok(Some(failure)) if self.replaces(&failure) => {
                            found = Some(Ok((at, failure)));
                            false
                        }
                        Ok(_) => true,
                    }
                },
            );
            self.runs += ran;
            match found {
                None => return Ok(false),
                Some(Err(error)) => return Err(error),
                Some(Ok((at, failure))) => {
                    let rest = candidates.split_off(at + 1);
                    let candidate = candidates.pop().expect("the failing candidate");
                    if failure.kind == "TLE" {
                        self.runs += 1;
                        if !alone(self.options, &candidate)?.0 {
                            // Only under load: the next candidates in order are tried.
                            candidates = rest;
                            continue;
                        }
                    }
                    self.batch = candidate;
                    self.failure = failure;
                    *self.kept = self.watch.better(&self.batch, &self.failure, self.runs);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Runs `candidate`; keeps it if it fails too.
    fn attempt(&mut self, candidate: Batch) -> io::Result<bool> {
        self.first_failing(vec![candidate])
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
            // Each chunk alone (when there are more than two: with two, a chunk alone is the
            // other's complement, tried next).
            let mut reduced = false;
            if ranges.len() > 2 {
                let alone = ranges
                    .iter()
                    .map(|&(start, end)| self.with_items(self.batch.items[start..end].to_vec()))
                    .collect();
                if self.first_failing(alone)? {
                    chunks = 2;
                    reduced = true;
                }
            }
            if !reduced {
                let complements = ranges
                    .iter()
                    .map(|&(start, end)| {
                        let mut rest = self.batch.items[..start].to_vec();
                        rest.extend_from_slice(&self.batch.items[end..]);
                        self.with_items(rest)
                    })
                    .collect();
                if self.first_failing(complements)? {
                    chunks = (chunks - 1).max(2);
                    reduced = true;
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
            let candidates = simpler_items(&self.batch.items[index])
                .into_iter()
                .map(|simpler| {
                    let mut items = self.batch.items.clone();
                    items[index] = simpler;
                    self.with_items(items)
                })
                .collect();
            changed |= self.first_failing(candidates)?;
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

    /// For a single failing case, a failing case at a smaller distance, the smallest found (see
    /// the module docs); whether one was.
    fn closer_cases(&mut self) -> io::Result<bool> {
        let [item] = self.batch.items[..] else {
            return Ok(false);
        };
        let puzzle = self.options.puzzle.as_str();
        // A time limit on a case with no answer (an unsolvable board, a configuration past 16
        // moves) is the search that never proves there is none: a closer case running out of
        // time would be another cause, and trying every distance would cost a run per case.
        if item.distance().is_none() && self.failure.kind == "TLE" {
            return Ok(false);
        }
        let below = item.distance().unwrap_or(farthest(puzzle) + 1);
        // One case an input where the layout holds one (msquare, POJ 1077), else up to 64.
        let per_input = match (puzzle, self.batch.format) {
            ("msquare", _) | (_, Some(Format::Poj)) => 1,
            _ => 64,
        };
        while self.tried_below < below && self.closer_runs < CLOSER_RUNS {
            let distance = self.tried_below;
            let mut rng = Rng::new(self.options.seed ^ (distance as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut cases: Vec<Item> = layer(puzzle, distance, &mut rng)
                .into_iter()
                .filter(|case| !self.passed.contains(case))
                .collect();
            if cases.len() > LAYER_BUDGET {
                rng.shuffle(&mut cases);
                cases.truncate(LAYER_BUDGET);
            }
            let room = CLOSER_RUNS - self.closer_runs;
            let candidates: Vec<Batch> = cases
                .chunks(per_input)
                .take(room)
                .map(|chunk| self.with_items(chunk.to_vec()))
                .collect();
            self.closer_runs += candidates.len();
            if self.first_failing(candidates)? {
                // Every distance below this one passed; ddmin takes the input down to one case
                // at this distance, and the next round starts here.
                return Ok(true);
            }
            self.tried_below += 1;
        }
        Ok(false)
    }
}

/// The largest distance a case of the puzzle can have (an answer's most moves).
fn farthest(puzzle: &str) -> usize {
    match puzzle {
        "eight" => 31,
        "colour-hash" => ch_reference::LIMIT,
        _ => 22,
    }
}

/// The Colour Hash configurations within this many moves are enumerated; farther ones sampled.
const COLOUR_HASH_LAYERS: usize = 8;

/// The cases at `distance` from the goal, in a fixed order: every one for eight and msquare and
/// for Colour Hash up to [`COLOUR_HASH_LAYERS`] moves; beyond that, configurations reached by
/// scrambles of that length whose answer has that length (up to 32 tries, from `rng`).
///
/// # Complexity
/// The layers are built once per process (eight's and msquare's whole spaces from the checker's
/// tables, Colour Hash's 9,489 configurations within 8 moves by breadth-first search); then a
/// copy of one layer, or 32 scrambles checked by the reference's search.
fn layer(puzzle: &str, distance: usize, rng: &mut Rng) -> Vec<Item> {
    static EIGHT: OnceLock<Vec<Vec<[u8; 9]>>> = OnceLock::new();
    static MSQUARE: OnceLock<Vec<Vec<[u8; 8]>>> = OnceLock::new();
    static COLOUR_HASH: OnceLock<Vec<Vec<[u8; 24]>>> = OnceLock::new();
    match puzzle {
        "eight" => {
            let layers = EIGHT.get_or_init(|| eight::distances().by_distance());
            layers.get(distance).map_or_else(Vec::new, |layer| {
                layer.iter().map(|&board| Item::Board(board)).collect()
            })
        }
        "msquare" => {
            let layers = MSQUARE.get_or_init(|| {
                let mut layers = vec![Vec::new(); 23];
                for (target, sequence) in msquare::all_targets() {
                    layers[sequence.len()].push(target);
                }
                layers
            });
            layers.get(distance).map_or_else(Vec::new, |layer| {
                layer.iter().map(|&target| Item::Target(target)).collect()
            })
        }
        _ if distance <= COLOUR_HASH_LAYERS => {
            let layers = COLOUR_HASH.get_or_init(colour_hash_layers);
            layers[distance].iter().map(|&config| Item::Config(config)).collect()
        }
        _ => {
            let mut found = Vec::new();
            for _ in 0..32 {
                let config = scramble(rng, distance);
                let answer = colour_hash::expected_answer(&config);
                if answer.len() == distance
                    && answer.bytes().all(|b| b.is_ascii_digit())
                    && !found.contains(&Item::Config(config))
                {
                    found.push(Item::Config(config));
                }
            }
            found
        }
    }
}

/// Colour Hash's configurations by distance up to [`COLOUR_HASH_LAYERS`]: a breadth-first search
/// from the goal with the reference's moves (each move has an inverse, so a configuration's
/// depth is its distance), each layer sorted.
fn colour_hash_layers() -> Vec<Vec<[u8; 24]>> {
    let mut seen = HashSet::from([ch_reference::GOAL]);
    let mut layers = vec![vec![ch_reference::GOAL]];
    while layers.len() <= COLOUR_HASH_LAYERS {
        let mut next = Vec::new();
        for config in layers.last().expect("a layer") {
            for step in 1..=4 {
                let turned = ch_reference::turn(config, step);
                if seen.insert(turned) {
                    next.push(turned);
                }
            }
        }
        next.sort_unstable();
        layers.push(next);
    }
    layers
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
    fn layers_hold_the_cases_at_their_distance() {
        let mut rng = Rng::new(1);
        for (puzzle, distance, size) in [("msquare", 6, 92), ("eight", 6, 39), ("colour-hash", 3, 34)] {
            let cases = layer(puzzle, distance, &mut rng);
            assert_eq!(cases.len(), size, "{puzzle}");
            assert!(cases.iter().all(|case| case.distance() == Some(distance)), "{puzzle}");
        }
        let deep = layer("colour-hash", 12, &mut rng);
        assert!(!deep.is_empty() && deep.iter().all(|case| case.distance() == Some(12)));
        assert!(layer("eight", 32, &mut rng).is_empty());
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
