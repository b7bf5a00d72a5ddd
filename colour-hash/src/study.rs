//! Study mode, apart from the judge program (bundles leave this module out): `--stats` counts the
//! layers around the goal and derives the size of the whole space; `--stats --depth all` runs the
//! census of every configuration (`study/census.rs`); `--trace` draws each case's solution move by move.
//! The study page reaches the same two facts through the public items: [`GoalLayers`] (every
//! configuration's distance within some depth of the goal) and [`space_size`], and the census's
//! committed result through [`crate::CENSUS_TEXT`] and [`crate::census_layers`]; the moves
//! themselves are [`crate::plain::apply_move`]. The method's two sides can be watched as they
//! run: [`GoalSideStepper`] a configuration at a time, [`start_side`] a node at a time.

pub(crate) mod census;

pub mod meet;

use std::collections::{HashMap, VecDeque};
use std::io::{self, Write};

use common::cli::Failure;

use crate::plain::{apply_move, Config, MOVES};
use crate::state::{Answer, MAX_MOVES};
use crate::state::{Move, State, GOAL, PIECES};

/// The deepest `--stats --depth` accepts: the judge's limit.
pub(crate) const MAX_STATS_DEPTH: u8 = MAX_MOVES as u8;

/// The layers of the breadth-first search from the goal, counted to some depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layers {
    sizes: Vec<usize>,
    deepest: State,
}

impl Layers {
    /// Breadth-first search from the goal to `depth` moves, one sorted layer at a time.
    ///
    /// A move's inverse is a move, so a neighbour of a state at distance d is at distance d − 1,
    /// d or d + 1: layer d + 1 is the neighbours of layer d minus layers d and d − 1. Each layer is
    /// a sorted `Vec<u64>` of packed states; the neighbours are sorted, deduplicated and merged
    /// against the two previous layers, so no hash map of every state is kept. At depth 16 the
    /// peak is the 4 · 7,719,150 neighbours of layer 15 and layers 15 and 14, 8 bytes each
    /// (about 330 MB), where the solver's hash map of all 33,034,627 states would take 2^26 slots
    /// of 9 bytes (604 MB) for itself.
    ///
    /// # Complexity
    /// O(N log N) for the N = 4 · |layer depth − 1| neighbours of the last layer, the sort
    /// dominating; memory 8 bytes for each of those N and for each state of the last three
    /// layers (the README measures the time and the peak at depth 16).
    pub(crate) fn count(depth: u8) -> Layers {
        let mut previous: Vec<u64> = Vec::new();
        let mut current = vec![State::GOAL.packed()];
        let mut sizes = vec![1];
        for _ in 0..depth {
            let next = next_layer(&current, &previous);
            if next.is_empty() {
                break;
            }
            sizes.push(next.len());
            previous = std::mem::replace(&mut current, next);
        }
        Layers {
            sizes,
            deepest: State::from_packed(current[0]),
        }
    }

    /// How many states lie at each distance 0..=depth (fewer entries if the space ended first).
    pub(crate) fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The state with the smallest packed value in the deepest layer.
    pub(crate) fn deepest(&self) -> State {
        self.deepest
    }
}

/// The layer after `current`: its neighbours, sorted and without repeats, less `current` and
/// `previous` (the layer before it). A move's inverse is a move, so no neighbour lies nearer.
///
/// # Complexity
/// O(N log N) for the N = 4 · |`current`| neighbours.
fn next_layer(current: &[u64], previous: &[u64]) -> Vec<u64> {
    let mut next = Vec::with_capacity(current.len() * Move::ALL.len());
    for &packed in current {
        next.extend(
            Move::ALL
                .iter()
                .map(|&step| State::from_packed(packed).apply(step).packed()),
        );
    }
    next.sort_unstable();
    next.dedup();
    remove_sorted(&mut next, current);
    remove_sorted(&mut next, previous);
    next
}

/// The configurations within some depth of the goal with every layer kept, so that any
/// configuration's distance can be looked up: the histogram and the "why this answer" of the
/// study page. The layers are those `--stats` counts,, by the same sorted-layer search; kept whole,
/// 8 bytes a configuration (about 35 MB at 14 moves, 4.4 million configurations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalLayers {
    layers: Vec<Vec<u64>>,
}

impl Default for GoalLayers {
    fn default() -> Self {
        Self::new()
    }
}

impl GoalLayers {
    /// The goal alone: depth 0.
    pub fn new() -> GoalLayers {
        GoalLayers {
            layers: vec![vec![State::GOAL.packed()]],
        }
    }

    /// How many moves from the goal the layers reach.
    pub fn depth(&self) -> u8 {
        (self.layers.len() - 1) as u8
    }

    /// Adds layers until they reach `depth` moves (at most [`MAX_MOVES`]).
    ///
    /// # Complexity
    /// O(N log N) for each layer added, N = 4 · |the layer before|; the memory of every layer kept.
    pub fn extend_to(&mut self, depth: u8) {
        while self.depth() < depth.min(MAX_STATS_DEPTH) {
            let count = self.layers.len();
            let previous: &[u64] = if count > 1 { &self.layers[count - 2] } else { &[] };
            let next = next_layer(&self.layers[count - 1], previous);
            self.layers.push(next);
        }
    }

    /// How many configurations lie at each distance 0..=[`depth`](Self::depth).
    pub fn sizes(&self) -> Vec<usize> {
        self.layers.iter().map(Vec::len).collect()
    }

    /// The distance of `state` to the goal, if it is within [`depth`](Self::depth) moves.
    ///
    /// # Complexity
    /// A binary search in each layer: O(depth · log size).
    pub fn distance(&self, state: State) -> Option<u8> {
        let packed = state.packed();
        self.layers
            .iter()
            .position(|layer| layer.binary_search(&packed).is_ok())
            .map(|depth| depth as u8)
    }
}

/// A neighbour of the configuration a [`GoalSideStep`] took from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalSideNeighbour {
    /// The move, 1-4.
    pub step: u8,
    /// The configuration it leads to.
    pub numbers: Config,
    /// Whether the search saw it here first (it is queued, one move farther) rather than before.
    pub new: bool,
    /// Its distance from the goal, as the search knows it now.
    pub distance: u8,
}

/// One step of the goal side's breadth-first search: a configuration taken and its neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSideStep {
    /// How many configurations were taken before this one (0: the goal).
    pub index: usize,
    /// The configuration taken.
    pub numbers: Config,
    /// Its distance from the goal.
    pub distance: u8,
    /// The neighbours, by moves 1, 2, 3, 4.
    pub neighbours: [GoalSideNeighbour; 4],
    /// The configurations waiting in the queue once the new neighbours are added.
    pub queued: usize,
    /// The configurations seen so far.
    pub seen: usize,
}

/// The goal side of [`plain`](crate::plain)'s method, one configuration at a time, for the study
/// page's stepper: a breadth-first search from the goal over the 24 numbers, moves 1, 2, 3, 4
/// in order, each configuration remembered in a hash map with its distance (the space has 6.3
/// billion, so no array by rank as for the other puzzles).
///
/// # Complexity
/// Four moves and four hash lookups a step.
#[derive(Clone, Debug)]
pub struct GoalSideStepper {
    queue: VecDeque<Config>,
    distances: HashMap<Config, u8>,
    taken: usize,
}

impl Default for GoalSideStepper {
    fn default() -> Self {
        Self::new()
    }
}

impl GoalSideStepper {
    /// The search before its first step: the goal queued and seen.
    pub fn new() -> GoalSideStepper {
        GoalSideStepper {
            queue: VecDeque::from([GOAL]),
            distances: HashMap::from([(GOAL, 0)]),
            taken: 0,
        }
    }

    /// Takes the next configuration from the queue and expands it; `None` once it is empty
    /// (which takes the whole space: a page stops long before).
    pub fn step(&mut self) -> Option<GoalSideStep> {
        let numbers = self.queue.pop_front()?;
        let distance = self.distances[&numbers];
        let neighbours = MOVES.map(|step| {
            let next = apply_move(&numbers, step);
            let known = self.distances.get(&next).copied();
            if known.is_none() {
                self.distances.insert(next, distance + 1);
                self.queue.push_back(next);
            }
            GoalSideNeighbour {
                step,
                numbers: next,
                new: known.is_none(),
                distance: known.unwrap_or(distance + 1),
            }
        });
        let index = self.taken;
        self.taken += 1;
        Some(GoalSideStep {
            index,
            numbers,
            distance,
            neighbours,
            queued: self.queue.len(),
            seen: self.distances.len(),
        })
    }

    /// The configurations waiting in the queue, the next one first.
    pub fn queue(&self) -> impl Iterator<Item = &Config> {
        self.queue.iter()
    }
}

/// One node of the start side's search, for the study page: the moves tried so far from the
/// case, and at full length whether the configuration reached lies exactly G from the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    /// The length the search is trying (1, 2, … up to 16 − G).
    pub length: u8,
    /// The moves from the case to this node.
    pub path: Vec<u8>,
    /// At full length, whether the configuration lies exactly G moves from the goal (`None`
    /// above the bottom).
    pub meets: Option<bool>,
}

/// The start side of [`plain`](crate::plain)'s method from `start`, node by node: for lengths
/// 1, 2, … up to 16 − `goal_depth`, a depth-first search trying moves 1, 2, 3, 4 in order that
/// asks `layers` at the bottom whether the configuration is exactly `goal_depth` from the goal,
/// stopping at the first that is. Returns the first `limit` visits, then the meeting one if the
/// search meets later, and whether it met at all. `layers` must reach `goal_depth`.
///
/// # Complexity
/// Up to 4 + 4² + … + 4^(16 − G) nodes, each a move (and at the bottom a lookup).
pub fn start_side(start: &Config, layers: &GoalLayers, goal_depth: u8, limit: usize) -> (Vec<Visit>, bool) {
    fn search(
        config: &Config,
        length: u8,
        path: &mut Vec<u8>,
        layers: &GoalLayers,
        goal_depth: u8,
        limit: usize,
        visits: &mut Vec<Visit>,
    ) -> bool {
        for step in MOVES {
            path.push(step);
            let next = apply_move(config, step);
            let bottom = path.len() == usize::from(length);
            let meets = bottom
                .then(|| State::from_numbers(&next).ok().and_then(|state| layers.distance(state)) == Some(goal_depth));
            if visits.len() < limit || meets == Some(true) {
                visits.push(Visit {
                    length,
                    path: path.clone(),
                    meets,
                });
            }
            if meets == Some(true) || (!bottom && search(&next, length, path, layers, goal_depth, limit, visits)) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut visits = Vec::new();
    let longest = (MAX_MOVES as u8).saturating_sub(goal_depth);
    for length in 1..=longest {
        if search(start, length, &mut Vec::new(), layers, goal_depth, limit, &mut visits) {
            return (visits, true);
        }
    }
    (visits, false)
}

/// The number of configurations, 6,286,896,000, derived from the goal's pieces as `--stats`
/// writes it: a move turns one separator and one triangle into each other's old places, so the
/// separators and the triangles are each arranged among their own places, and the space is the
/// product of the two multinomial coefficients.
pub fn space_size() -> u64 {
    [0, 1]
        .iter()
        .map(|&parity| multinomial(&piece_counts(parity)))
        .product()
}

/// How many pieces of each kind (number) of one shape the goal holds: separators (`parity` 0,
/// even numbers) or triangles (1, odd numbers), by increasing number.
fn piece_counts(parity: usize) -> Vec<u64> {
    let mut counts = [0u64; 11];
    for &value in &GOAL[..PIECES] {
        counts[usize::from(value)] += 1;
    }
    (parity..11).step_by(2).map(|value| counts[value]).collect()
}

/// Removes from the sorted, duplicate-free `values` every value in the sorted `other`.
fn remove_sorted(values: &mut Vec<u64>, other: &[u64]) {
    let mut cursor = 0;
    // `retain` visits the values once each, in order, so one cursor walks `other` alongside.
    values.retain(|&value| {
        while cursor < other.len() && other[cursor] < value {
            cursor += 1;
        }
        cursor == other.len() || other[cursor] != value
    });
}

/// n!, for the small n of the space-size derivation.
fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// How many ways `counts[v]` copies of each kind v fill `Σ counts` places: `(Σ counts)! / Π counts[v]!`.
fn multinomial(counts: &[u64]) -> u64 {
    factorial(counts.iter().sum()) / counts.iter().map(|&count| factorial(count)).product::<u64>()
}

/// `6286896000` as `6,286,896,000`.
fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Derives the number of configurations from the goal's pieces and writes the derivation; returns
/// the number, 6,286,896,000.
///
/// The 21 distinct pieces are counted in [`GOAL`]: separators (even numbers) can only sit in
/// separator places and triangles in triangle places, since every move turns a wheel by one
/// triangle and one separator, so the space is (arrangements of the separators) × (arrangements
/// of the triangles), each a multinomial coefficient.
///
fn write_space_size(out: &mut impl Write) -> io::Result<u64> {
    let mut counts = [0u64; 11];
    for &value in &GOAL[..PIECES] {
        counts[usize::from(value)] += 1;
    }
    writeln!(
        out,
        "whole space: the {PIECES} distinct pieces (numbers 1-21; 22-24 repeat 10-12), counted in the goal:"
    )?;
    let mut total = 1;
    for (shape, parity) in [("separators", 0), ("triangles", 1)] {
        let kinds: Vec<(usize, u64)> = (parity..11).step_by(2).map(|value| (value, counts[value])).collect();
        let sizes: Vec<u64> = kinds.iter().map(|&(_, count)| count).collect();
        let pieces: u64 = sizes.iter().sum();
        let arrangements = multinomial(&sizes);
        let listed: Vec<String> = kinds
            .iter()
            .map(|&(value, count)| format!("{value} x{count}"))
            .collect();
        let below: Vec<String> = sizes.iter().map(|&count| format!("{count}!")).collect();
        writeln!(
            out,
            "  {pieces} {shape} ({}) in {pieces} places: {pieces}! / ({}) = {}",
            listed.join(", "),
            below.join(" "),
            grouped(arrangements)
        )?;
        total *= arrangements;
    }
    writeln!(out, "  separators x triangles = {} configurations", grouped(total))?;
    Ok(total)
}

/// `--stats`: the configurations at each distance 0..=`depth` from the goal with the running
/// total, the deepest layer with an example, and the size of the whole space with its derivation.
///
/// # Complexity
/// As [`Layers::count`].
pub(crate) fn write_stats(out: &mut impl Write, depth: u8) -> io::Result<()> {
    let layers = Layers::count(depth);
    let goal = GOAL.map(|number| number.to_string()).join(" ");
    writeln!(out, "colour-hash: configurations by distance from the goal {goal}")?;
    writeln!(out, "(moves 1-4, searched to depth {depth})")?;
    let total = common::stats::write_layer_table(out, "configurations", layers.sizes())?;
    let deepest = layers.sizes().len() - 1;
    let example = layers.deepest().numbers().map(|number| number.to_string()).join(" ");
    writeln!(
        out,
        "maximum depth {deepest}: {} configurations, e.g. {example}",
        layers.sizes()[deepest]
    )?;
    let space = write_space_size(out)?;
    writeln!(
        out,
        "within {deepest} moves: {} of {} configurations ({:.4}%)",
        grouped(total as u64),
        grouped(space),
        100.0 * total as f64 / space as f64
    )
}

/// `--stats --depth all`: runs the census ([`census::census`], on every core) with its progress
/// on `progress`, a line a layer, then writes its report ([`write_census_report`]).
///
/// # Errors
/// As [`census::census`]: the table cannot be allocated, or a write fails.
///
/// # Complexity
/// As [`census::census`].
pub(crate) fn write_census(out: &mut impl Write, progress: &mut dyn Write) -> Result<(), Failure> {
    let threads = std::thread::available_parallelism().map_or(2, |threads| threads.get());
    let census = census::census(None, threads, progress)?;
    Ok(write_census_report(out, &census)?)
}

/// The census's report, in `--stats`' format: the layers to the last with the running total,
/// the maximum depth with an example, the size of the whole space with its derivation, how many
/// configurations no move sequence reaches, and how many lie more than 16 moves away (the judge
/// prints `NO SOLUTION WAS FOUND IN 16 STEPS` for them).
fn write_census_report(out: &mut impl Write, census: &census::Census) -> io::Result<()> {
    let goal = GOAL.map(|number| number.to_string()).join(" ");
    writeln!(out, "colour-hash: configurations by distance from the goal {goal}")?;
    writeln!(
        out,
        "(moves 1-4, searched to the last layer: the census of every configuration)"
    )?;
    let sizes: Vec<usize> = census.layers.iter().map(|&size| size as usize).collect();
    let total = common::stats::write_layer_table(out, "configurations", &sizes)?;
    let deepest = sizes.len() - 1;
    let example = census.deepest.numbers().map(|number| number.to_string()).join(" ");
    writeln!(
        out,
        "maximum depth {deepest}: {} configurations, e.g. {example}",
        sizes[deepest]
    )?;
    let space = write_space_size(out)?;
    writeln!(
        out,
        "within {deepest} moves: {} of {} configurations ({:.4}%)",
        grouped(total as u64),
        grouped(space),
        100.0 * total as f64 / space as f64
    )?;
    writeln!(out, "unreachable: {} configurations", grouped(census.unreachable()))?;
    let beyond = census.beyond_judge_limit();
    writeln!(
        out,
        "more than {MAX_MOVES} moves away (the judge prints NO SOLUTION WAS FOUND IN {MAX_MOVES} STEPS): {} configurations ({:.4}%)",
        grouped(beyond),
        100.0 * beyond as f64 / space as f64
    )
}

/// The drawing's grid cell (row, column) of each clock hour 0..12 on a wheel whose 12 o'clock
/// is in column 0: a hexagon, hours 2-4 and 8-10 on its upright sides.
const HOUR_CELLS: [(usize, isize); 12] = [
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 2),
    (4, 2),
    (5, 1),
    (6, 0),
    (5, -1),
    (4, -2),
    (3, -2),
    (2, -2),
    (1, -1),
];

/// Draws `state` as two wheels side by side: a heading, 7 rows of text, then its 24 numbers.
///
/// Place L*i* of the left wheel sits at hour 5 + *i* (L0 at 5 o'clock, clockwise), place R*j*
/// of the right wheel at hour 7 − *j* (R0 at 7 o'clock, counter-clockwise), so the left wheel's
/// hours 2, 3, 4 and the right wheel's hours 10, 9, 8 are one column: the shared pieces
/// L9 = R9, L10 = R10, L11 = R11. Separators are bracketed, `[ 0]`; triangles are bare, ` 3 `.
fn draw(out: &mut (impl Write + ?Sized), state: State) -> io::Result<()> {
    const COLUMNS: usize = 9;
    let numbers = state.numbers();
    let mut grid = [[None::<u8>; COLUMNS]; 7];
    let mut place = |hour: usize, centre: isize, number: u8| {
        let (row, offset) = HOUR_CELLS[hour % 12];
        grid[row][(centre + offset) as usize] = Some(number);
    };
    for index in 0..12 {
        place(5 + index, 2, numbers[index]);
        place(12 + 7 - index, 6, numbers[12 + index]);
    }
    writeln!(out, "      left wheel     right wheel")?;
    for row in grid {
        let mut line = String::from(" ");
        for (column, cell) in row.into_iter().enumerate() {
            line.push_str(&match cell {
                Some(number) if number % 2 == 0 => format!("[{number:>2}]"),
                Some(number) => format!(" {number:>2} "),
                // A guide through the shared column, above and below its three pieces.
                None if column == 4 => "  : ".to_string(),
                None => "    ".to_string(),
            });
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    let (left, right) = numbers.split_at(12);
    let text = |wheel: &[u8]| wheel.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    writeln!(out, "  {} | {}", text(left), text(right))
}

/// What a move does, for the trace: `left wheel clockwise`.
fn move_name(step: Move) -> &'static str {
    match step {
        Move::LeftClockwise => "left wheel clockwise",
        Move::RightClockwise => "right wheel clockwise",
        Move::LeftCounterClockwise => "left wheel counter-clockwise",
        Move::RightCounterClockwise => "right wheel counter-clockwise",
    }
}

/// `--trace` for one case: a line with the case and its answer, then (for a valid configuration)
/// the start drawn and, for a solution, the configuration after each move, labelled with the move;
/// the last drawing is the goal.
///
pub(crate) fn write_trace(out: &mut dyn Write, case: u64, start: Option<State>, answer: &Answer) -> io::Result<()> {
    let Some(start) = start else {
        return writeln!(out, "case {case}: {answer} (not a configuration of the puzzle)");
    };
    match answer {
        Answer::Moves(solution) => {
            let count = solution.moves().len();
            writeln!(
                out,
                "case {case}: {answer} ({count} move{})",
                if count == 1 { "" } else { "s" }
            )?
        }
        _ => writeln!(out, "case {case}: {answer}")?,
    }
    writeln!(
        out,
        "start ([n] separator, n triangle; the middle column is shared, numbers 10-12 = 22-24):"
    )?;
    draw(out, start)?;
    if let Answer::Moves(solution) = answer {
        let mut state = start;
        for (index, &step) in solution.moves().iter().enumerate() {
            state = state.apply(step);
            writeln!(
                out,
                "move {} of {}, {}: {}",
                index + 1,
                solution.moves().len(),
                step.number(),
                move_name(step)
            )?;
            draw(out, state)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Solver, LAYER_SIZES};
    use crate::{run, Options};

    #[test]
    fn sorted_layers_match_the_published_counts() {
        // All 17 published layers (33 million configurations) in release builds, as `make test`
        // runs; an unoptimised build stops at 14 to stay quick.
        let depth = if cfg!(debug_assertions) { 14 } else { 16 };
        let layers = Layers::count(depth);
        assert_eq!(layers.sizes(), &LAYER_SIZES[..=usize::from(depth)]);
        // The solver, built on a hash map instead, puts the deepest state where the layers do.
        match Solver::new().solve(Layers::count(12).deepest()) {
            Answer::Moves(solution) => assert_eq!(solution.moves().len(), 12),
            other => panic!("{other:?}"),
        }
        assert_eq!(Layers::count(0).sizes(), [1]);
        assert_eq!(Layers::count(0).deepest(), State::GOAL);
    }

    #[test]
    fn goal_layers_keep_what_stats_counts() {
        let mut kept = GoalLayers::new();
        kept.extend_to(9);
        assert_eq!(kept.depth(), 9);
        assert_eq!(kept.sizes(), Layers::count(9).sizes());
        // Every scramble's distance is what the crate's solver answers, where the layers reach.
        let solver = Solver::new();
        let mut start = GOAL;
        for (index, &step) in [1u8, 4, 4, 2, 3, 1, 1, 2, 4, 3, 3, 1].iter().enumerate() {
            start = crate::plain::apply_move(&start, step);
            let state = State::from_numbers(&start).unwrap();
            let solved = match solver.solve(state) {
                Answer::AlreadySolved => 0,
                Answer::Moves(solution) => solution.moves().len() as u8,
                Answer::NoSolution => u8::MAX,
            };
            let known = kept.distance(state);
            assert_eq!(known, Some(solved).filter(|&length| length <= 9), "after {index} moves");
        }
        assert_eq!(space_size(), write_space_size(&mut io::sink()).unwrap());
    }

    #[test]
    fn the_two_sides_step_as_the_plain_method_runs() {
        // The goal side: distances as the counted layers say, layer by layer.
        let mut kept = GoalLayers::new();
        kept.extend_to(8);
        let mut stepper = GoalSideStepper::new();
        let mut last = 0;
        for index in 0..9_489 {
            let step = stepper.step().unwrap();
            assert_eq!(step.index, index);
            let state = State::from_numbers(&step.numbers).unwrap();
            assert_eq!(kept.distance(state), Some(step.distance));
            assert!(step.distance >= last);
            last = step.distance;
            for neighbour in step.neighbours {
                if neighbour.new {
                    assert_eq!(neighbour.distance, step.distance + 1);
                }
            }
        }
        // The start side with the plain tier's G = 8 meets where the plain tier's prefix ends.
        let plain = crate::plain::Plain::new();
        let start = [0, 3, 4, 5, 0, 3, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];
        let meeting = plain.meet(&start).unwrap();
        let (visits, met) = start_side(&start, &kept, crate::plain::TABLE_DEPTH, 30);
        assert!(met);
        let last = visits.last().unwrap();
        assert_eq!(last.path, meeting.prefix);
        assert_eq!(last.meets, Some(true));
        assert_eq!(
            visits[0],
            Visit {
                length: 1,
                path: vec![1],
                meets: Some(false)
            }
        );
        // 17 moves away: no length meets.
        let far = [10, 9, 8, 7, 2, 1, 0, 3, 0, 1, 0, 5, 0, 7, 0, 9, 0, 3, 4, 5, 6, 1, 0, 5];
        kept.extend_to(11);
        assert!(!start_side(&far, &kept, 11, 10).1);
    }

    #[test]
    fn remove_sorted_agrees_with_a_naive_filter() {
        // Every pair of subsets of 0..8.
        let subset = |mask: u32| -> Vec<u64> { (0..8).filter(|bit| mask >> bit & 1 == 1).collect() };
        for kept in 0..256 {
            for removed in 0..256 {
                let mut values = subset(kept);
                remove_sorted(&mut values, &subset(removed));
                assert_eq!(values, subset(kept & !removed));
            }
        }
    }

    #[test]
    fn whole_space_is_derived_from_the_goal() {
        let mut text = Vec::new();
        let space = write_space_size(&mut text).unwrap();
        // 11! / 6! separator arrangements times 10! / 2!^5 triangle arrangements.
        assert_eq!(space, 39_916_800 / 720 * (3_628_800 / 32));
        assert_eq!(space, 6_286_896_000);
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("11! / (6! 1! 1! 1! 1! 1!) = 55,440\n"), "{text}");
        assert!(text.contains("10! / (2! 2! 2! 2! 2!) = 113,400\n"), "{text}");
        assert!(
            text.ends_with("separators x triangles = 6,286,896,000 configurations\n"),
            "{text}"
        );
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }

    #[test]
    fn stats_print_the_layers_to_depth_twelve() {
        let mut text = Vec::new();
        write_stats(&mut text, 12).unwrap();
        let text = String::from_utf8(text).unwrap();
        let rows: Vec<Vec<usize>> = text
            .lines()
            .filter(|line| line.starts_with("    ") || line.starts_with("   1"))
            .map(|line| line.split_whitespace().map(|field| field.parse().unwrap()).collect())
            .collect();
        assert_eq!(rows.len(), 13, "{text}");
        let mut total = 0;
        for (depth, (row, &count)) in rows.iter().zip(&LAYER_SIZES).enumerate() {
            total += count;
            assert_eq!(*row, [depth, count, total], "{text}");
        }
        assert!(text.contains("\n   12         370662         578783\n"), "{text}");
        assert!(text.contains("6,286,896,000 configurations\n"), "{text}");
        assert!(text.ends_with("within 12 moves: 578,783 of 6,286,896,000 configurations (0.0092%)\n"));
        // The example really is 12 moves from the goal.
        let example = text.split("e.g. ").nth(1).unwrap().lines().next().unwrap();
        let numbers: Vec<u8> = example.split(' ').map(|number| number.parse().unwrap()).collect();
        let start = State::from_numbers(&numbers.try_into().unwrap()).unwrap();
        match Solver::new().solve(start) {
            Answer::Moves(solution) => assert_eq!(solution.moves().len(), 12),
            other => panic!("{other:?}"),
        }
        assert!(
            text.contains("maximum depth 12: 370662 configurations, e.g. "),
            "{text}"
        );
        let mut shallow = Vec::new();
        write_stats(&mut shallow, 3).unwrap();
        let shallow = String::from_utf8(shallow).unwrap();
        assert!(
            shallow.contains("\n    3             34             51\nmaximum depth 3: 34 "),
            "{shallow}"
        );
    }

    #[test]
    fn the_census_report_reprints_the_published_census() {
        // The committed output of `--stats --depth all`, reprinted from its own layers and
        // example: the totals, the space, the unreachable and beyond-16 counts all follow.
        let text = census::CENSUS_TEXT;
        let example = text.split("e.g. ").nth(1).unwrap().lines().next().unwrap();
        let numbers: Vec<u8> = example.split(' ').map(|number| number.parse().unwrap()).collect();
        let deepest = State::from_numbers(&numbers.try_into().unwrap()).unwrap();
        let published = census::Census {
            layers: census::census_layers(),
            deepest,
            complete: true,
        };
        let mut report = Vec::new();
        write_census_report(&mut report, &published).unwrap();
        assert_eq!(String::from_utf8(report).unwrap(), text);
        assert_eq!(published.unreachable(), 0);
        assert!(text.ends_with(
            "\nunreachable: 0 configurations\nmore than 16 moves away (the judge prints NO SOLUTION \
             WAS FOUND IN 16 STEPS): 6,253,861,373 configurations (99.4745%)\n"
        ));
        assert_eq!(published.beyond_judge_limit(), 6_286_896_000 - 33_034_627);
        // The example is more than 16 moves away, as the judge's solver confirms.
        assert_eq!(Solver::new().solve(deepest), Answer::NoSolution);
    }

    #[test]
    fn trace_draws_every_move_and_leaves_stdout_alone() {
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let input = format!(
            "4\n{goal}\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
             0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n\
             0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 3\n"
        );
        let answers = |options: &Options| {
            let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
            run(input.as_bytes(), &mut out, &mut diagnostics, options).unwrap();
            (String::from_utf8(out).unwrap(), String::from_utf8(diagnostics).unwrap())
        };
        let (plain, warnings) = answers(&Options::default());
        let (traced, trace) = answers(&Options {
            trace: Some(write_trace),
            ..Options::default()
        });
        assert_eq!(traced, plain);
        let warning = "colour-hash: warning: case 4: numbers 12 and 24 are the same shared piece but read 1 and 3\n";
        assert_eq!(warnings, warning);
        let mut goal_drawing = Vec::new();
        draw(&mut goal_drawing, State::GOAL).unwrap();
        let goal_drawing = String::from_utf8(goal_drawing).unwrap();
        assert!(trace.starts_with("case 1: PUZZLE ALREADY SOLVED\nstart ([n] separator"));
        let second = trace
            .split("case 2: ")
            .nth(1)
            .unwrap()
            .split("case 3: ")
            .next()
            .unwrap();
        assert!(second.starts_with("1434332334332323 (16 moves)\n"), "{second}");
        assert_eq!(second.matches("\nmove ").count(), 16, "{second}");
        assert_eq!(second.matches("      left wheel     right wheel\n").count(), 17);
        assert!(second.contains("\nmove 1 of 16, 1: left wheel clockwise\n"), "{second}");
        assert!(
            second.contains("\nmove 2 of 16, 4: right wheel counter-clockwise\n"),
            "{second}"
        );
        assert!(
            second.ends_with(&format!(
                "move 16 of 16, 3: left wheel counter-clockwise\n{goal_drawing}"
            )),
            "{second}"
        );
        assert!(
            trace.contains("case 3: NO SOLUTION WAS FOUND IN 16 STEPS\nstart "),
            "{trace}"
        );
        assert!(trace.ends_with(&format!(
            "{warning}case 4: NO SOLUTION WAS FOUND IN 16 STEPS (not a configuration of the puzzle)\n"
        )));
        assert_eq!(
            goal_drawing,
            "      left wheel     right wheel\n           \
             5       :       9\n     \
             [ 6]    [ 0]  : [ 0]    [10]\n   \
             5               1               9\n \
             [ 0]            [ 2]            [ 0]\n   \
             3               1               7\n     \
             [ 4]    [ 0]  : [ 0]    [ 8]\n           \
             3       :       7\n  \
             0 3 4 3 0 5 6 5 0 1 2 1 | 0 7 8 7 0 9 10 9 0 1 2 1\n"
        );
    }

    #[test]
    fn drawing_puts_each_place_where_its_move_turns_it() {
        // Move 1 carries L0 (5 o'clock) to L2 (7 o'clock): clockwise on the drawing.
        let mut numbers = GOAL;
        numbers[0] = 10;
        numbers[18] = 0;
        let start = State::from_numbers(&numbers).unwrap();
        let mut before = Vec::new();
        draw(&mut before, start).unwrap();
        let before = String::from_utf8(before).unwrap();
        assert!(
            before.lines().nth(6).unwrap().starts_with("     [ 4]    [10]"),
            "{before}"
        );
        let mut after = Vec::new();
        draw(&mut after, start.apply(Move::LeftClockwise)).unwrap();
        let after = String::from_utf8(after).unwrap();
        assert!(after.lines().nth(6).unwrap().starts_with("     [10]"), "{after}");
    }
}
