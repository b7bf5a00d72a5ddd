//! UVa 704 "Colour Hash": two wheels that share three pieces; the shortest way back to the goal
//! in at most 16 turns, and among the shortest the one that reads as the smallest number.
//!
//! # The puzzle and its encoding
//! 24 numbers 0..=10: the left wheel from its bottom-right separator clockwise (numbers 1–12), then
//! the right wheel from its bottom-left separator counter-clockwise (numbers 13–24). Numbers
//! 10–12 and 22–24 are the same three physical pieces, so a configuration has 21 pieces: 11
//! separators (even numbers: six grey 0, one each of 2, 4, 6, 8, 10) in the even places of each
//! wheel and 10 triangles (odd numbers, two of each) in the odd places. The goal is
//! [`GOAL`]; the four moves ([`Move`]) turn one wheel by a triangle and a separator.
//!
//! A [`State`] packs the 21 pieces into one `u64`, 3 bits each: the piece `v` at place `i`
//! (places 0..21 are the first 21 numbers) is stored as `v / 2`, since the place already says
//! whether it holds a separator (`v` even, 0..=5 after halving) or a triangle (odd, 0..=4).
//! Fields 0..12 are the left wheel in clockwise order. Fields 9..21 read upwards are the right
//! wheel turned by nine places (its shared pieces 9, 10, 11, then 0..=8), again in wheel order.
//! So each wheel is one contiguous 36-bit window, and a move is a rotation of that window by
//! 6 bits: a shift, a mask and an or, with no unpacking.
//!
//! # Method: meet in the middle
//! Once per process, [`GoalTable`] runs a breadth-first search from the goal and records the
//! exact distance of every state within [`GOAL_DEPTH`] = G moves of it in an open-addressing hash
//! table keyed by the packed state ([`DistanceMap`]). Moves are invertible and the inverse of a
//! move is a move, so distance *from* the goal equals distance *to* it.
//!
//! Per configuration, [`Solver::solve`]:
//! 1. looks the start up: within G moves, the table gives its distance d, and the answer is the
//!    *greedy tail*: from each state take the smallest move that lowers the distance by one;
//! 2. otherwise runs iterative deepening over the total length L = G + 1, ..., 16: a depth-first
//!    search from the start, trying moves 1, 2, 3, 4 in that order, down to depth k = L − G, where
//!    it asks the table about the state reached. The first prefix whose end state is in the table
//!    is extended by the greedy tail;
//! 3. prints `NO SOLUTION WAS FOUND IN 16 STEPS` if no L up to 16 succeeds.
//!
//! **Why the meeting depth is bounded.** The leaf depth is k = L − G ≤ 16 − G, and a leaf is
//! accepted only if the table (which holds nothing beyond G) knows it, so no answer ever exceeds
//! (16 − G) + G = 16 moves. The classic bug of letting a 9-deep half meet an 8-deep half and
//! printing 17 moves cannot happen: a configuration at distance 17 has every state k moves
//! from it at distance ≥ 17 − k > G when k ≤ 16 − G, so no leaf is ever in the table.
//!
//! **Why the answer is the shortest.** Every L < the true distance D fails, since a solution of
//! length L would have its state after L − G moves at distance exactly G. When the search at
//! length L runs, every shorter length has failed, so D ≥ L, every leaf is at distance ≥ G from
//! the goal, and a leaf the table knows is at distance exactly G: the answer has length L = D.
//!
//! **Why the tie rule holds by construction.** All answers of one length compare as numbers the
//! way their digit strings compare, so "smallest number" is "lexicographically smallest". Let S*
//! be the smallest solution of length D and P* its first D − G moves. The depth-first search visits
//! prefixes of length D − G in lexicographic order, so the prefix P it accepts satisfies P ≤ P*.
//! P followed by the greedy tail is a solution of length D; were P < P*, it would be smaller than
//! S*. So P = P*, and the greedy tail is the smallest tail from there: any shortest tail's first
//! move lowers the distance by one, and the greedy one takes the smallest such move at every step.
//! Joining the first hits of two searches instead gives valid shortest answers that are not the
//! smallest (`444112` for the configuration whose answer is `222112`).
//!
//! The search skips move sequences that can never be part of the smallest shortest answer, which
//! keeps the argument intact since S* never contains them: a move followed by its inverse
//! (`13`, `31`, `24`, `42`: not shortest), four equal clockwise turns (`1111` is `33`: not
//! shortest) and three equal counter-clockwise turns (`333` turns the wheel half round like `111`,
//! which is smaller).
//!
//! # Choosing G (measured)
//! A configuration with no solution, the common case for random input (only 0.53% of all
//! 6,286,896,000 configurations lie within 16 moves), costs the whole search to depth 16 − G.
//! A deeper goal side costs more once per process and less per case. Measured on this machine
//! (2-core AMD EPYC, 2 MB L2, 32 MB L3, shared with other builds: best of 3 runs, each the best
//! of 5 table builds and 3 passes over the cases) with
//! `cargo run --release -p colour-hash --example gen -- 10000 704 > bench.in` and
//! `cargo run --release -p colour-hash --example measure_depth < bench.in`, solving the 10,000
//! configurations of the benchmark (half scrambles, half shuffles):
//!
//! | G  | table states | build   | 10,000 cases | table memory |
//! |----|-------------:|--------:|-------------:|-------------:|
//! | 8  |        9,489 |  0.1 ms |       649 ms |       0.3 MB |
//! | 9  |       26,649 |  0.2 ms |       303 ms |       0.6 MB |
//! | 10 |       74,555 |  0.9 ms |        94 ms |       2.4 MB |
//! | 11 |      208,121 |  3.2 ms |        44 ms |       4.7 MB |
//! | 12 |      578,783 |   25 ms |        34 ms |      18.9 MB |
//!
//! Each step of G should divide the per-case search by about 3 (the branching factor once inverse
//! moves are skipped); the measured gain shrinks (×2.1 from 10 to 11, ×1.3 from 11 to 12) as the
//! table outgrows the 2 MB L2 cache and lookups wait on memory, while the build grows ×3 and more.
//! G = 11 gives the smallest total (about 47 ms); G = 12 would spend most of the 30 ms the issue
//! allows on the table alone.
//!
//! # Study mode
//! [`main_with`] adds two flags to the judge behaviour. `--stats [--depth D]` counts the layers
//! around the goal with [`Layers`] (sorted vectors, not the solver's hash map, so depth 16 fits in
//! 363 MB) and derives the size of the whole space from the goal's pieces ([`write_space_size`]).
//! `--trace` answers as usual on stdout and draws every case's solution on stderr ([`draw`],
//! [`write_trace`]).
//!
//! # Complexity
//! Building the table: O(T) hash operations for the T = 208,121 states within 11 moves (4.7 MB).
//! Per configuration: at most 484 table lookups and 716 moves (the search trees to depths 1..=5
//! for L = 12..=16, branching 4 then 3), then at most 4 lookups per move of the tail.

use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};

use common::cli::{Args, Failure};
use common::scan::{IntegerError, Scanner};

/// The program's name, used in warnings and errors.
pub const PROGRAM: &str = "colour-hash";

/// Numbers describing one configuration.
pub const NUMBERS: usize = 24;

/// Distinct pieces (places) in a configuration: the last three numbers repeat numbers 10–12.
pub const PIECES: usize = 21;

/// The longest answer the judge accepts.
pub const MAX_MOVES: usize = 16;

/// How many moves deep the goal-side table reaches (G in the crate docs; chosen by measurement).
pub const GOAL_DEPTH: u8 = 11;

/// The solved configuration.
pub const GOAL: [u8; NUMBERS] = [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];

/// How many configurations lie at each distance 0..=16 from the goal (the published counts).
pub const LAYER_SIZES: [usize; 17] = [
    1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17160, 47906, 133566, 370662, 1025094, 2821590, 7719150, 20890010,
];

/// The answer line for the goal itself.
pub const ALREADY_SOLVED: &str = "PUZZLE ALREADY SOLVED";

/// The answer line when every solution is longer than [`MAX_MOVES`] (or there is none).
pub const NO_SOLUTION: &str = "NO SOLUTION WAS FOUND IN 16 STEPS";

/// One turn of one wheel, numbered as the judge prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// 1: the left wheel clockwise, `L' = L[10..12] ++ L[0..10]`.
    LeftClockwise = 1,
    /// 2: the right wheel clockwise, `R' = R[2..12] ++ R[0..2]`.
    RightClockwise = 2,
    /// 3: the left wheel counter-clockwise, `L' = L[2..12] ++ L[0..2]`.
    LeftCounterClockwise = 3,
    /// 4: the right wheel counter-clockwise, `R' = R[10..12] ++ R[0..10]`.
    RightCounterClockwise = 4,
}

impl Move {
    /// The four moves in the order that makes the printed number smallest.
    pub const ALL: [Move; 4] = [
        Move::LeftClockwise,
        Move::RightClockwise,
        Move::LeftCounterClockwise,
        Move::RightCounterClockwise,
    ];

    /// The judge's number for the move, 1..=4.
    ///
    /// # Complexity
    /// O(1).
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The move that undoes this one.
    ///
    /// # Complexity
    /// O(1).
    pub fn inverse(self) -> Move {
        match self {
            Move::LeftClockwise => Move::LeftCounterClockwise,
            Move::RightClockwise => Move::RightCounterClockwise,
            Move::LeftCounterClockwise => Move::LeftClockwise,
            Move::RightCounterClockwise => Move::RightClockwise,
        }
    }

    /// Whether the move turns the wheel clockwise (moves 1 and 2).
    ///
    /// # Complexity
    /// O(1).
    pub fn is_clockwise(self) -> bool {
        matches!(self, Move::LeftClockwise | Move::RightClockwise)
    }
}

/// Bits per piece in a packed state.
const FIELD_BITS: u32 = 3;

/// Bits of one wheel's window: 12 pieces.
const WHEEL_BITS: u32 = 12 * FIELD_BITS;

/// The low 36 bits.
const WHEEL_MASK: u64 = (1 << WHEEL_BITS) - 1;

/// One move turns a wheel by two places.
const TURN_BITS: u32 = 2 * FIELD_BITS;

/// Where the left wheel's window starts (fields 0..12).
const LEFT_WINDOW: u32 = 0;

/// Where the right wheel's window starts (fields 9..21: its shared pieces, then its own nine).
const RIGHT_WINDOW: u32 = 9 * FIELD_BITS;

/// Packs 24 numbers already known to be pieces in their right places; reads the first 21.
const fn pack(numbers: &[u8; NUMBERS]) -> u64 {
    let mut packed = 0u64;
    let mut place = 0;
    while place < PIECES {
        packed |= ((numbers[place] / 2) as u64) << (place as u32 * FIELD_BITS);
        place += 1;
    }
    packed
}

/// Turns the 36-bit window at `window` by two places: `up` moves the piece at field i to field
/// i + 2 (the last two wrap to the front).
#[inline(always)]
fn turn(packed: u64, window: u32, up: bool) -> u64 {
    let wheel = (packed >> window) & WHEEL_MASK;
    let turned = if up {
        ((wheel << TURN_BITS) | (wheel >> (WHEEL_BITS - TURN_BITS))) & WHEEL_MASK
    } else {
        (wheel >> TURN_BITS) | ((wheel << (WHEEL_BITS - TURN_BITS)) & WHEEL_MASK)
    };
    (packed & !(WHEEL_MASK << window)) | (turned << window)
}

/// Why 24 numbers are not a configuration of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Number `number` (1-based) is `value`, outside 0..=10.
    NotAPiece {
        /// Which of the 24 numbers, from 1.
        number: usize,
        /// What it is.
        value: u8,
    },
    /// Numbers `number` and `number + 12` name the same shared piece but differ.
    SharedDisagree {
        /// The first of the pair (10, 11 or 12).
        number: usize,
        /// Its value.
        value: u8,
        /// The value of number `number + 12`.
        other: u8,
    },
    /// A separator in a triangle's place or a triangle in a separator's place.
    WrongShape {
        /// Which of the 24 numbers, from 1.
        number: usize,
        /// What it is.
        value: u8,
    },
    /// A piece appears a different number of times than in the puzzle.
    WrongCount {
        /// The piece.
        value: u8,
        /// How often the configuration has it.
        found: usize,
        /// How often the puzzle has it.
        expected: usize,
    },
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = |value: u8| if value % 2 == 0 { "separator" } else { "triangle" };
        match *self {
            Invalid::NotAPiece { number, value } => write!(f, "number {number} is {value}, not a piece 0..10"),
            Invalid::SharedDisagree { number, value, other } => write!(
                f,
                "numbers {number} and {} are the same shared piece but read {value} and {other}",
                number + 12
            ),
            Invalid::WrongShape { number, value } => write!(
                f,
                "number {number} is {value}, a {}, in a {}'s place",
                shape(value),
                shape(value + 1)
            ),
            Invalid::WrongCount { value, found, expected } => {
                write!(f, "piece {value} appears {found} times; the puzzle has {expected}")
            }
        }
    }
}

/// A configuration packed into one integer (see the crate docs for the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State(u64);

impl State {
    /// The solved configuration, [`GOAL`].
    pub const GOAL: State = State(pack(&GOAL));

    /// Checks 24 numbers and packs them.
    ///
    /// # Errors
    /// The first reason, in the order of [`Invalid`]'s variants, why they are not a
    /// configuration: a number outside 0..=10, shared numbers that disagree, a piece of the wrong
    /// shape for its place, or pieces in the wrong numbers.
    ///
    /// # Complexity
    /// O(24).
    pub fn from_numbers(numbers: &[u8; NUMBERS]) -> Result<State, Invalid> {
        if let Some(place) = numbers.iter().position(|&value| value > 10) {
            return Err(Invalid::NotAPiece {
                number: place + 1,
                value: numbers[place],
            });
        }
        for place in 9..12 {
            if numbers[place] != numbers[place + 12] {
                return Err(Invalid::SharedDisagree {
                    number: place + 1,
                    value: numbers[place],
                    other: numbers[place + 12],
                });
            }
        }
        // Places alternate separator, triangle around each wheel; both wheels start with a separator.
        if let Some(place) = (0..NUMBERS).find(|&place| numbers[place] % 2 != (place % 12 % 2) as u8) {
            return Err(Invalid::WrongShape {
                number: place + 1,
                value: numbers[place],
            });
        }
        let mut found = [0usize; 11];
        for &value in &numbers[..PIECES] {
            found[usize::from(value)] += 1;
        }
        let mut expected = [0usize; 11];
        for &value in &GOAL[..PIECES] {
            expected[usize::from(value)] += 1;
        }
        if let Some(value) = (0..11).find(|&value| found[value] != expected[value]) {
            return Err(Invalid::WrongCount {
                value: value as u8,
                found: found[value],
                expected: expected[value],
            });
        }
        Ok(State(pack(numbers)))
    }

    /// The 24 numbers of the configuration.
    ///
    /// # Complexity
    /// O(24).
    pub fn numbers(self) -> [u8; NUMBERS] {
        let mut numbers = [0u8; NUMBERS];
        for (place, number) in numbers.iter_mut().enumerate() {
            let field = if place < PIECES { place } else { place - 12 };
            let half = (self.0 >> (field as u32 * FIELD_BITS)) & 0b111;
            // Odd places within a wheel hold triangles, the odd numbers.
            *number = 2 * half as u8 + (field % 2) as u8;
        }
        numbers
    }

    /// The packed integer: 63 bits, so `u64::MAX` is never a state.
    ///
    /// # Complexity
    /// O(1).
    pub fn packed(self) -> u64 {
        self.0
    }

    /// The configuration after `step`.
    ///
    /// # Complexity
    /// O(1): a rotation of one 36-bit window.
    #[inline]
    pub fn apply(self, step: Move) -> State {
        State(match step {
            Move::LeftClockwise => turn(self.0, LEFT_WINDOW, true),
            Move::LeftCounterClockwise => turn(self.0, LEFT_WINDOW, false),
            // The right wheel's window runs R9, R10, R11, R0, ..., R8: R' = R[2..12] ++ R[0..2]
            // moves the piece at R(i + 2) to R(i), down the window.
            Move::RightClockwise => turn(self.0, RIGHT_WINDOW, false),
            Move::RightCounterClockwise => turn(self.0, RIGHT_WINDOW, true),
        })
    }
}

/// Marks an empty slot: no packed state has bit 63 set.
const VACANT: u64 = u64::MAX;

/// A hash map from states to distances: open addressing with linear probing, the packed state as
/// the key, multiplicative (Fibonacci) hashing, at most half full.
///
/// Keys and distances live in two arrays so that a miss, the common case in the search, reads
/// one cache line of keys only.
#[derive(Clone, Debug)]
pub struct DistanceMap {
    keys: Vec<u64>,
    distances: Vec<u8>,
    shift: u32,
    len: usize,
}

impl DistanceMap {
    /// An empty map with room for `expected` states before it grows.
    ///
    /// # Complexity
    /// O(capacity): 18 bytes per expected state, rounded up to a power of two.
    pub fn with_capacity(expected: usize) -> Self {
        let slots = (expected.max(4) * 2).next_power_of_two();
        DistanceMap {
            keys: vec![VACANT; slots],
            distances: vec![0; slots],
            shift: u64::BITS - slots.trailing_zeros(),
            len: 0,
        }
    }

    /// The slot where the search for `key` starts.
    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        // The product's top bits depend on every key bit; the xor folds the high bits down first,
        // since a key's top bits would otherwise reach only the product's top few.
        ((key ^ (key >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The distance stored for `state`, if any.
    ///
    /// # Complexity
    /// Expected O(1): at most half the slots are used.
    #[inline]
    pub fn get(&self, state: State) -> Option<u8> {
        let mask = self.keys.len() - 1;
        let mut slot = self.home(state.0);
        loop {
            let key = self.keys[slot];
            if key == state.0 {
                return Some(self.distances[slot]);
            }
            if key == VACANT {
                return None;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores `distance` for `state` unless it is already there; returns whether it was new.
    ///
    /// # Complexity
    /// Expected amortised O(1).
    pub fn insert(&mut self, state: State, distance: u8) -> bool {
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut slot = self.home(state.0);
        loop {
            let key = self.keys[slot];
            if key == state.0 {
                return false;
            }
            if key == VACANT {
                self.keys[slot] = state.0;
                self.distances[slot] = distance;
                self.len += 1;
                return true;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let mut bigger = DistanceMap::with_capacity(self.keys.len());
        for (&key, &distance) in self.keys.iter().zip(&self.distances) {
            if key != VACANT {
                bigger.insert(State(key), distance);
            }
        }
        *self = bigger;
    }

    /// How many states are stored.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no state is stored.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the two arrays.
    ///
    /// # Complexity
    /// O(1).
    pub fn heap_bytes(&self) -> usize {
        self.keys.len() * (std::mem::size_of::<u64>() + 1)
    }
}

/// Exact distances to the goal of every state within `depth` moves of it.
#[derive(Clone, Debug)]
pub struct GoalTable {
    distances: DistanceMap,
    depth: u8,
    layer_sizes: Vec<usize>,
    deepest: State,
}

impl GoalTable {
    /// Breadth-first search from the goal, layer by layer, to `depth` moves.
    ///
    /// A plain pair of layer vectors serves as the queue: the answer's tail is rebuilt from the
    /// distances ([`Solver`]), so the search keeps no parent links.
    ///
    /// # Panics
    /// If `depth > 254` (distances are bytes).
    ///
    /// # Complexity
    /// O(T) expected time for the T states within `depth` (208,121 for depth 11; 33,034,627 for
    /// 16), 18 bytes each in the map plus 8 bytes per state of the two largest layers while it runs.
    pub fn build(depth: u8) -> GoalTable {
        assert!(depth < u8::MAX, "GoalTable::build: depth {depth} is over 254");
        let expected = LAYER_SIZES.iter().take(usize::from(depth) + 1).sum();
        let mut distances = DistanceMap::with_capacity(expected);
        distances.insert(State::GOAL, 0);
        let mut layer = vec![State::GOAL];
        let mut next = Vec::new();
        let mut layer_sizes = vec![1];
        for distance in 1..=depth {
            next.clear();
            for &state in &layer {
                for step in Move::ALL {
                    let neighbour = state.apply(step);
                    if distances.insert(neighbour, distance) {
                        next.push(neighbour);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            layer_sizes.push(next.len());
            std::mem::swap(&mut layer, &mut next);
        }
        GoalTable {
            distances,
            depth,
            layer_sizes,
            deepest: layer[0],
        }
    }

    /// The distance of `state` to the goal, if at most [`depth`](Self::depth).
    ///
    /// # Complexity
    /// Expected O(1).
    #[inline]
    pub fn distance(&self, state: State) -> Option<u8> {
        self.distances.get(state)
    }

    /// How deep the table reaches.
    ///
    /// # Complexity
    /// O(1).
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// How many states lie at each distance 0..=depth.
    ///
    /// # Complexity
    /// O(1).
    pub fn layer_sizes(&self) -> &[usize] {
        &self.layer_sizes
    }

    /// A state at the greatest distance the table holds (the first one found there).
    ///
    /// # Complexity
    /// O(1).
    pub fn deepest(&self) -> State {
        self.deepest
    }

    /// How many states the table holds.
    ///
    /// # Complexity
    /// O(1).
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Always `false`: the goal is always there.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// Bytes held by the hash map.
    ///
    /// # Complexity
    /// O(1).
    pub fn heap_bytes(&self) -> usize {
        self.distances.heap_bytes()
    }
}

/// A sequence of at most [`MAX_MOVES`] moves, stored inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Solution {
    fn new() -> Self {
        Solution {
            moves: [Move::LeftClockwise; MAX_MOVES],
            len: 0,
        }
    }

    fn push(&mut self, step: Move) {
        self.moves[self.len] = step;
        self.len += 1;
    }

    /// The moves, first to last.
    ///
    /// # Complexity
    /// O(1).
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Display for Solution {
    /// The judge's digits, e.g. `1434332334332323`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.moves().iter().try_for_each(|step| write!(f, "{}", step.number()))
    }
}

/// What the judge wants printed for one configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The configuration is the goal.
    AlreadySolved,
    /// The smallest-number shortest solution, 1 to 16 moves.
    Moves(Solution),
    /// Every solution is longer than 16 moves, or the configuration is not the puzzle's.
    NoSolution,
}

impl fmt::Display for Answer {
    /// The answer line without its line feed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::AlreadySolved => f.write_str(ALREADY_SOLVED),
            Answer::Moves(solution) => solution.fmt(f),
            Answer::NoSolution => f.write_str(NO_SOLUTION),
        }
    }
}

/// Writes `answer` and a line feed in one call, so a write error never leaves half a line.
///
/// # Complexity
/// O(length of the line).
pub fn write_answer(out: &mut impl Write, answer: &Answer) -> io::Result<()> {
    match answer {
        Answer::AlreadySolved => out.write_all(b"PUZZLE ALREADY SOLVED\n"),
        Answer::NoSolution => out.write_all(b"NO SOLUTION WAS FOUND IN 16 STEPS\n"),
        Answer::Moves(solution) => {
            let mut line = [b'\n'; MAX_MOVES + 1];
            for (digit, step) in line.iter_mut().zip(solution.moves()) {
                *digit = b'0' + step.number();
            }
            out.write_all(&line[..=solution.moves().len()])
        }
    }
}

/// Whether `step` after `prefix` makes a sequence that is never the smallest shortest solution:
/// undoing the last move, a fourth equal clockwise turn (`1111` = `33`), or a third equal
/// counter-clockwise turn (`333` = `111`, which is smaller).
#[inline]
fn never_smallest(prefix: &[Move], step: Move) -> bool {
    let Some(&last) = prefix.last() else {
        return false;
    };
    if last == step.inverse() {
        return true;
    }
    let limit = if step.is_clockwise() { 3 } else { 2 };
    prefix.len() >= limit && prefix[prefix.len() - limit..].iter().all(|&earlier| earlier == step)
}

/// Answers configurations with a goal-side table and a bounded search from the start side.
#[derive(Clone, Debug)]
pub struct Solver {
    table: GoalTable,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver whose table reaches [`GOAL_DEPTH`] moves.
    ///
    /// # Complexity
    /// As [`GoalTable::build`] for depth 11: about 10 ms and 4.7 MB.
    pub fn new() -> Self {
        Self::with_goal_depth(GOAL_DEPTH)
    }

    /// A solver whose table reaches `depth` moves (any depth gives the same answers; the
    /// [crate docs](crate) compare their costs).
    ///
    /// # Panics
    /// If `depth > 254`.
    ///
    /// # Complexity
    /// As [`GoalTable::build`].
    pub fn with_goal_depth(depth: u8) -> Self {
        Solver {
            table: GoalTable::build(depth),
        }
    }

    /// The goal-side table.
    ///
    /// # Complexity
    /// O(1).
    pub fn table(&self) -> &GoalTable {
        &self.table
    }

    /// The shortest solution of at most 16 moves with the smallest number, if any.
    ///
    /// # Complexity
    /// O(4 · 3^(15 − G)) moves and table lookups at worst (no solution), O(16 · 4) for the tail.
    pub fn solve(&self, start: State) -> Answer {
        let mut solution = Solution::new();
        if let Some(distance) = self.table.distance(start) {
            if distance == 0 {
                return Answer::AlreadySolved;
            }
            self.append_tail(start, distance, &mut solution);
            return Answer::Moves(solution);
        }
        let goal_depth = usize::from(self.table.depth());
        for leaf_depth in 1..=MAX_MOVES.saturating_sub(goal_depth) {
            if let Some(leaf) = self.descend(start, leaf_depth, &mut solution) {
                self.append_tail(leaf, self.table.depth(), &mut solution);
                return Answer::Moves(solution);
            }
        }
        Answer::NoSolution
    }

    /// Depth-first search in move order from `state`, the end of `path`, for the first state
    /// `leaf_depth` moves from the start that the table knows; `path` ends holding the moves to it.
    fn descend(&self, state: State, leaf_depth: usize, path: &mut Solution) -> Option<State> {
        if path.len == leaf_depth {
            // Every shorter total length has failed, so this state is at distance >= G; being
            // in the table, it is at distance exactly G.
            return self.table.distance(state).map(|_| state);
        }
        for step in Move::ALL {
            if never_smallest(path.moves(), step) {
                continue;
            }
            path.push(step);
            if let Some(leaf) = self.descend(state.apply(step), leaf_depth, path) {
                return Some(leaf);
            }
            path.len -= 1;
        }
        None
    }

    /// Appends the smallest shortest way from `state`, `distance` moves from the goal: at every
    /// step the smallest move that lowers the distance by one.
    fn append_tail(&self, mut state: State, distance: u8, solution: &mut Solution) {
        for remaining in (0..distance).rev() {
            let (step, next) = Move::ALL
                .iter()
                .map(|&step| (step, state.apply(step)))
                .find(|&(_, next)| self.table.distance(next) == Some(remaining))
                .expect("breadth-first search gives each state at distance d > 0 a neighbour at d - 1");
            solution.push(step);
            state = next;
        }
    }
}

/// The deepest `--stats --depth` accepts: the judge's limit, and 363 MB of layers.
pub const MAX_STATS_DEPTH: u8 = MAX_MOVES as u8;

/// The layers of the breadth-first search from the goal, counted to some depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layers {
    sizes: Vec<usize>,
    deepest: State,
}

impl Layers {
    /// Breadth-first search from the goal to `depth` moves, one sorted layer at a time.
    ///
    /// A move's inverse is a move, so a neighbour of a state at distance d is at distance d − 1,
    /// d or d + 1: layer d + 1 is the neighbours of layer d minus layers d and d − 1. Each layer is
    /// a sorted `Vec<u64>` of packed states; the neighbours are sorted, deduplicated and merged
    /// against the two previous layers, so no hash map of every state is kept. That is what
    /// makes depth 16 (33,034,627 states) fit in 363 MB where [`GoalTable`] would need
    /// 600 MB for its map alone.
    ///
    /// # Complexity
    /// O(N log N) for the N = 4 · |layer depth − 1| neighbours of the last layer, the sort
    /// dominating; memory 8 bytes for each of those N and for each state of the last three
    /// layers (depth 16: 1.6-2.0 s and 363 MB peak, measured in the README).
    pub fn count(depth: u8) -> Layers {
        let mut previous: Vec<u64> = Vec::new();
        let mut current = vec![State::GOAL.0];
        let mut sizes = vec![1];
        for _ in 0..depth {
            let mut next = Vec::with_capacity(current.len() * Move::ALL.len());
            for &packed in &current {
                next.extend(Move::ALL.iter().map(|&step| State(packed).apply(step).0));
            }
            next.sort_unstable();
            next.dedup();
            remove_sorted(&mut next, &current);
            remove_sorted(&mut next, &previous);
            if next.is_empty() {
                break;
            }
            sizes.push(next.len());
            previous = std::mem::replace(&mut current, next);
        }
        Layers {
            sizes,
            deepest: State(current[0]),
        }
    }

    /// How many states lie at each distance 0..=depth (fewer entries if the space ended first).
    ///
    /// # Complexity
    /// O(1).
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The state with the smallest packed value in the deepest layer.
    ///
    /// # Complexity
    /// O(1).
    pub fn deepest(&self) -> State {
        self.deepest
    }
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

/// How many ways `counts[v]` copies of each kind v fill `Σ counts` places: (Σ counts)! / Π counts[v]!.
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
/// # Complexity
/// O(21).
pub fn write_space_size(out: &mut impl Write) -> io::Result<u64> {
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
pub fn write_stats(out: &mut impl Write, depth: u8) -> io::Result<()> {
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
///
/// # Complexity
/// O(1).
pub fn draw(out: &mut (impl Write + ?Sized), state: State) -> io::Result<()> {
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
///
/// # Complexity
/// O(1).
pub fn move_name(step: Move) -> &'static str {
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
/// # Complexity
/// O(moves).
pub fn write_trace(
    out: &mut (impl Write + ?Sized),
    case: u64,
    start: Option<State>,
    answer: &Answer,
) -> io::Result<()> {
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

/// "1 case", "3 cases".
fn cases(count: u64) -> String {
    format!("{count} case{}", if count == 1 { "" } else { "s" })
}

/// Reads the case count: `None` for empty input.
fn read_count<R: BufRead>(scanner: &mut Scanner<R>) -> Result<Option<u64>, Failure> {
    let Some(token) = scanner.next_token()? else {
        return Ok(None);
    };
    let at = token.position();
    match token.parse_i64() {
        Ok(count) if count >= 0 => Ok(Some(count as u64)),
        Ok(count) => Err(Failure::Input(format!("{at}: the case count {count} is negative"))),
        Err(IntegerError::OutOfRange) => Err(Failure::Input(format!("{at}: the case count '{token}' is too large"))),
        Err(IntegerError::NotInteger) => Err(Failure::Input(format!(
            "{at}: the case count '{token}' is not an integer"
        ))),
    }
}

/// Reads case number `case` of `count`: its 24 numbers, or the first reason they are not a
/// configuration (a number outside 0..=10 is named here, the rest by [`State::from_numbers`]).
fn read_case<R: BufRead>(
    scanner: &mut Scanner<R>,
    case: u64,
    count: u64,
) -> Result<Result<[u8; NUMBERS], String>, Failure> {
    let mut numbers = [0u8; NUMBERS];
    let mut not_a_piece = None;
    for (place, number) in numbers.iter_mut().enumerate() {
        let Some(token) = scanner.next_token()? else {
            return Err(Failure::Input(if place == 0 {
                format!(
                    "case {case}: missing: the count announced {} but the input ends after {}",
                    cases(count),
                    case - 1
                )
            } else {
                format!("case {case}: the input ends after {place} of its 24 numbers")
            }));
        };
        match token.parse_i64() {
            Ok(value) if (0..=10).contains(&value) => *number = value as u8,
            // Well-formed but not a piece: the configuration is invalid, the input is not broken.
            Ok(_) | Err(IntegerError::OutOfRange) => {
                if not_a_piece.is_none() {
                    not_a_piece = Some(format!("number {} is {token}, not a piece 0..10", place + 1));
                }
            }
            Err(IntegerError::NotInteger) => {
                return Err(Failure::Input(format!(
                    "case {case}: {}: '{token}' is not an integer",
                    token.position()
                )))
            }
        }
    }
    Ok(match not_a_piece {
        Some(reason) => Err(reason),
        None => Ok(numbers),
    })
}

/// The whole program: reads N and N configurations from `input`, writes one answer line per
/// configuration to `output`, case by case, and one warning line per invalid configuration to
/// `warnings` (`colour-hash: warning: case 3: ...`); errors writing warnings are ignored.
///
/// - Empty (or all-whitespace) input: no output, `Ok`.
/// - A configuration that is well formed but cannot be the puzzle (a number outside 0..=10,
///   however large, shared numbers that disagree, a piece of the wrong shape for its place, the
///   wrong pieces): `NO SOLUTION WAS FOUND IN 16 STEPS` and a warning.
/// - A count that is negative, not an integer or beyond `i64`: an error before any output.
///   A large count is taken at its word: cases are answered as they come, and if the input
///   ends first that is an error after the answers.
/// - Anything after the N cases: an error after the N answers (the count and the cases disagree).
///
/// Memory stays flat however long the input: one case is read, answered and buffered at a time,
/// and the table is built once, at the first configuration that needs it.
///
/// # Errors
/// [`Failure::Input`] naming the case (or position) and the problem, after every answer before
/// it has been written and flushed; [`Failure::Io`] if reading or writing fails.
///
/// # Complexity
/// The table once, then [`Solver::solve`] per configuration; O(1) memory besides the table.
pub fn run_with_warnings(input: impl BufRead, output: impl Write, mut warnings: impl Write) -> Result<(), Failure> {
    run_traced(input, output, &mut warnings, false)
}

/// [`run_with_warnings`] with the warnings on `diagnostics`, and when `trace` is set, each case's
/// solution drawn there too ([`write_trace`]), case by case as the answers are written.
///
/// # Errors
/// As [`run_with_warnings`]; [`Failure::Io`] also if writing the trace fails.
///
/// # Complexity
/// As [`run_with_warnings`], plus O(moves) per case for the trace.
pub fn run_traced(
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut (impl Write + ?Sized),
    trace: bool,
) -> Result<(), Failure> {
    let mut out = BufWriter::new(output);
    let answered = answer_cases(input, &mut out, diagnostics, trace);
    // The answers before a bad case are printed even when the run fails.
    let flushed = out.flush();
    answered?;
    flushed?;
    Ok(())
}

/// [`run_with_warnings`] with warnings on stderr.
///
/// # Errors
/// As [`run_with_warnings`].
///
/// # Complexity
/// As [`run_with_warnings`].
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), Failure> {
    run_with_warnings(input, output, io::stderr())
}

fn answer_cases<R: BufRead, W: Write, E: Write + ?Sized>(
    input: R,
    out: &mut W,
    warnings: &mut E,
    trace: bool,
) -> Result<(), Failure> {
    let mut scanner = Scanner::new(input);
    let Some(count) = read_count(&mut scanner)? else {
        return Ok(());
    };
    let mut solver: Option<Solver> = None;
    for case in 1..=count {
        let checked = read_case(&mut scanner, case, count)?
            .and_then(|numbers| State::from_numbers(&numbers).map_err(|invalid| invalid.to_string()));
        let answer = match checked {
            Ok(start) => solver.get_or_insert_with(Solver::new).solve(start),
            Err(ref reason) => {
                let _ = writeln!(warnings, "{PROGRAM}: warning: case {case}: {reason}");
                Answer::NoSolution
            }
        };
        write_answer(out, &answer)?;
        if trace {
            // Stderr is unbuffered: one write per case instead of one per line.
            let mut drawing = Vec::new();
            write_trace(&mut drawing, case, checked.ok(), &answer)?;
            warnings.write_all(&drawing)?;
        }
    }
    if let Some(token) = scanner.next_token()? {
        return Err(Failure::Input(format!(
            "{}: unexpected '{token}' after the {} the count announced",
            token.position(),
            cases(count)
        )));
    }
    Ok(())
}

/// Usage line for the binary.
pub const USAGE: &str = "colour-hash [--trace] < cases | colour-hash --stats [--depth D]";

/// The binary: the judge answers by default; `--stats [--depth D]` prints the layers around the
/// goal to depth D (default 12, at most 16) and the size of the whole space instead, reading no
/// input; `--trace` also draws every case's solution on `diagnostics` (stderr); `--help` prints
/// the usage.
///
/// # Errors
/// An unknown argument, a `--depth` that is not a number 0..=16 or comes without `--stats`, or as
/// [`run_with_warnings`].
///
/// # Complexity
/// As [`run_traced`], or [`Layers::count`] for `--stats`.
pub fn main_with(
    args: impl IntoIterator<Item = std::ffi::OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut (impl Write + ?Sized),
) -> Result<(), Failure> {
    let args = Args::parse(args, &["--stats", "--trace", "--help"], &["--depth"], USAGE)?;
    if args.help() {
        let mut out = BufWriter::new(output);
        writeln!(out, "usage: {USAGE}")?;
        out.flush()?;
        return Ok(());
    }
    let depth = match args.value("--depth") {
        None => 12,
        Some(_) if !args.switch("--stats") => {
            return Err(Failure::Input(format!(
                "option '--depth' goes with --stats; usage: {USAGE}"
            )))
        }
        Some(text) => match text.parse::<u8>() {
            Ok(depth) if depth <= MAX_STATS_DEPTH => depth,
            _ => {
                return Err(Failure::Input(format!(
                    "option '--depth' takes a depth 0..{MAX_STATS_DEPTH}, not '{text}'; usage: {USAGE}"
                )))
            }
        },
    };
    if args.switch("--stats") {
        let mut out = BufWriter::new(output);
        write_stats(&mut out, depth)?;
        out.flush()?;
        return Ok(());
    }
    run_traced(input, output, diagnostics, args.switch("--trace"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(numbers: [u8; NUMBERS]) -> State {
        State::from_numbers(&numbers).unwrap()
    }

    fn play(mut state: State, digits: &str) -> State {
        for digit in digits.bytes() {
            state = state.apply(Move::ALL[usize::from(digit - b'1')]);
        }
        state
    }

    /// The moves exactly as the statement defines them, on 24 plain numbers.
    fn naive_apply(numbers: &[u8; NUMBERS], step: Move) -> [u8; NUMBERS] {
        let (mut left, mut right) = (numbers[..12].to_vec(), numbers[12..].to_vec());
        match step {
            Move::LeftClockwise => left.rotate_right(2),
            Move::LeftCounterClockwise => left.rotate_left(2),
            Move::RightClockwise => right.rotate_left(2),
            Move::RightCounterClockwise => right.rotate_right(2),
        }
        if matches!(step, Move::LeftClockwise | Move::LeftCounterClockwise) {
            right[9..].copy_from_slice(&left[9..]);
        } else {
            left[9..].copy_from_slice(&right[9..]);
        }
        let mut next = [0; NUMBERS];
        next[..12].copy_from_slice(&left);
        next[12..].copy_from_slice(&right);
        next
    }

    /// splitmix64: a fixed-seed generator for the random checks.
    struct Random(u64);

    impl Random {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn below(&mut self, bound: usize) -> usize {
            (self.next() % bound as u64) as usize
        }
    }

    fn answer(input: &str) -> (Result<String, String>, String) {
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        let outcome = run_with_warnings(input.as_bytes(), &mut out, &mut warnings);
        let out = String::from_utf8(out).unwrap();
        let warnings = String::from_utf8(warnings).unwrap();
        (
            outcome
                .map(|()| out.clone())
                .map_err(|failure| format!("{out}|{failure}")),
            warnings,
        )
    }

    /// The first sequence of the smallest length (at most `limit`) in move order that reaches the
    /// goal: the definition of the answer, by brute force.
    fn brute_force(start: State, limit: usize) -> Option<String> {
        fn first(state: State, left: usize, path: &mut String) -> bool {
            if left == 0 {
                return state == State::GOAL;
            }
            for step in Move::ALL {
                path.push(char::from(b'0' + step.number()));
                if first(state.apply(step), left - 1, path) {
                    return true;
                }
                path.pop();
            }
            false
        }
        (0..=limit).find_map(|length| {
            let mut path = String::new();
            first(start, length, &mut path).then_some(path)
        })
    }

    #[test]
    fn moves_match_the_statement() {
        let turned = State::GOAL.apply(Move::LeftClockwise).numbers();
        assert_eq!(
            turned,
            [2, 1, 0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 5, 0, 1]
        );
        assert_eq!(State::GOAL.numbers(), GOAL);
        assert_eq!(state(GOAL), State::GOAL);
    }

    #[test]
    fn packed_moves_match_the_definition_and_undo_each_other() {
        let mut random = Random(1);
        let mut current = State::GOAL;
        for _ in 0..2000 {
            let step = Move::ALL[random.below(4)];
            let next = current.apply(step);
            assert_eq!(
                next.numbers(),
                naive_apply(&current.numbers(), step),
                "{current:?} {step:?}"
            );
            assert_eq!(next.apply(step.inverse()), current);
            assert_eq!(state(next.numbers()), next);
            assert!(next.packed() >> 63 == 0);
            current = next;
        }
        // Six turns bring a wheel round; three turns either way meet.
        assert_eq!(play(State::GOAL, "111111"), State::GOAL);
        assert_eq!(play(State::GOAL, "111"), play(State::GOAL, "333"));
        assert_eq!(play(State::GOAL, "1111"), play(State::GOAL, "33"));
    }

    #[test]
    fn goal_table_layers_match_the_published_counts() {
        let table = GoalTable::build(11);
        assert_eq!(
            table.layer_sizes(),
            [1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17160, 47906, 133566]
        );
        assert_eq!(table.len(), 208_121);
        assert_eq!(table.distance(table.deepest()), Some(11));
        assert_eq!(table.distance(State::GOAL), Some(0));
        assert_eq!(GoalTable::build(8).len(), 9_489);
    }

    #[test]
    fn distance_map_grows_and_keeps_first_values() {
        let mut map = DistanceMap::with_capacity(1);
        for key in 0..1000u64 {
            assert!(map.insert(State(key * 0x1_0000_0001), (key % 200) as u8));
        }
        assert!(!map.insert(State(0), 99));
        assert_eq!(map.len(), 1000);
        for key in 0..1000u64 {
            assert_eq!(map.get(State(key * 0x1_0000_0001)), Some((key % 200) as u8));
        }
        assert_eq!(map.get(State(7)), None);
    }

    #[test]
    fn official_sample() {
        let input = "3\n\
            0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
            0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
            0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n";
        let (outcome, warnings) = answer(input);
        assert_eq!(
            outcome.unwrap(),
            "PUZZLE ALREADY SOLVED\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n"
        );
        assert_eq!(warnings, "");
    }

    #[test]
    fn ties_go_to_the_smallest_number() {
        // 222112 and 444112 both solve it in six moves (222 and 444 both turn the right wheel
        // half round); a search joining two first hits prints 444112.
        let start = play(State::GOAL, "433444");
        assert_eq!(play(start, "222112"), State::GOAL);
        assert_eq!(play(start, "444112"), State::GOAL);
        let answer = Solver::new().solve(start);
        assert_eq!(answer.to_string(), "222112");
        assert_eq!(brute_force(start, 6).unwrap(), "222112");
    }

    #[test]
    fn distance_seventeen_has_no_solution() {
        // Case 103 of the cross-checked scrambles: exactly 17 moves from the goal.
        let start = state([10, 9, 8, 7, 2, 1, 0, 3, 0, 1, 0, 5, 0, 7, 0, 9, 0, 3, 4, 5, 6, 1, 0, 5]);
        let solver = Solver::new();
        assert_eq!(solver.solve(start), Answer::NoSolution);
        // Some neighbour is 16 moves away, so the distance is exactly 17.
        let near = Move::ALL
            .iter()
            .filter_map(|&step| match solver.solve(start.apply(step)) {
                Answer::Moves(solution) => Some(solution.moves().len()),
                _ => None,
            });
        assert_eq!(near.min(), Some(16));
    }

    #[test]
    fn agrees_with_brute_force_and_every_goal_depth() {
        let solvers: Vec<Solver> = [3, 6, 11].iter().map(|&depth| Solver::with_goal_depth(depth)).collect();
        let mut random = Random(704);
        for round in 0..60 {
            let length = round % 10;
            let mut start = State::GOAL;
            for _ in 0..length {
                start = start.apply(Move::ALL[random.below(4)]);
            }
            let answers: Vec<String> = solvers.iter().map(|solver| solver.solve(start).to_string()).collect();
            let expected = match brute_force(start, 7) {
                Some(path) if path.is_empty() => ALREADY_SOLVED.to_string(),
                Some(path) => path,
                None => continue,
            };
            assert!(
                answers.iter().all(|answer| *answer == expected),
                "{start:?}: {answers:?} vs {expected}"
            );
        }
        // Long scrambles: the three splits must agree, NO SOLUTION included.
        for _ in 0..30 {
            let mut start = State::GOAL;
            for _ in 0..12 + random.below(10) {
                start = start.apply(Move::ALL[random.below(4)]);
            }
            let answers: Vec<Answer> = solvers[1..].iter().map(|solver| solver.solve(start)).collect();
            assert_eq!(answers[0], answers[1], "{start:?}");
            if let Answer::Moves(solution) = answers[0] {
                assert_eq!(
                    solution.moves().iter().fold(start, |at, &step| at.apply(step)),
                    State::GOAL
                );
            }
        }
    }

    #[test]
    fn invalid_configurations_warn_and_answer_no_solution() {
        let cases = [
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 11 9 0 1 2 1",
                "number 19 is 11, not a piece 0..10",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 -1",
                "number 24 is -1, not a piece 0..10",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 99999999999999999999",
                "number 24 is 99999999999999999999, not a piece 0..10",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 3",
                "numbers 12 and 24 are the same shared piece but read 1 and 3",
            ),
            (
                "3 0 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1",
                "number 1 is 3, a triangle, in a separator's place",
            ),
            (
                "0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 2 9 0 1 2 1",
                "piece 2 appears 2 times; the puzzle has 1",
            ),
        ];
        for (number, (numbers, reason)) in cases.iter().enumerate() {
            let (outcome, warnings) = answer(&format!("2\n{}\n{numbers}\n", GOAL.map(|n| n.to_string()).join(" ")));
            assert_eq!(
                outcome.unwrap(),
                "PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\n",
                "{number}"
            );
            assert_eq!(warnings, format!("colour-hash: warning: case 2: {reason}\n"));
        }
    }

    #[test]
    fn malformed_input_keeps_earlier_answers_and_names_the_case() {
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let solved = "PUZZLE ALREADY SOLVED\n";
        assert_eq!(answer("").0.unwrap(), "");
        assert_eq!(answer(" \n\t\r\n").0.unwrap(), "");
        assert_eq!(answer("0\n").0.unwrap(), "");
        assert_eq!(
            answer(&format!("1\r\n{}\r\n", goal.replace(' ', "\t"))).0.unwrap(),
            solved
        );
        assert_eq!(
            answer(&format!("3\n{goal}\n{goal}\n0 3 x")).0.unwrap_err(),
            format!("{solved}{solved}|case 3: line 4, column 5: 'x' is not an integer")
        );
        assert_eq!(
            answer(&format!("3\n{goal}\n0 3 4")).0.unwrap_err(),
            format!("{solved}|case 2: the input ends after 3 of its 24 numbers")
        );
        assert_eq!(
            answer(&format!("3\n{goal}\n")).0.unwrap_err(),
            format!("{solved}|case 2: missing: the count announced 3 cases but the input ends after 1")
        );
        assert_eq!(
            answer(&format!("1\n{goal}\n{goal}")).0.unwrap_err(),
            format!("{solved}|line 3, column 1: unexpected '0' after the 1 case the count announced")
        );
        assert_eq!(
            answer("-2\n").0.unwrap_err(),
            "|line 1, column 1: the case count -2 is negative"
        );
        assert_eq!(
            answer("99999999999999999999\n").0.unwrap_err(),
            "|line 1, column 1: the case count '99999999999999999999' is too large"
        );
        assert_eq!(
            answer("two\n").0.unwrap_err(),
            "|line 1, column 1: the case count 'two' is not an integer"
        );
        assert_eq!(
            answer("1000000000000\n").0.unwrap_err(),
            "|case 1: missing: the count announced 1000000000000 cases but the input ends after 0"
        );
    }

    fn main_output(args: &[&str], input: &str) -> (Result<String, String>, String) {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        let outcome = main_with(
            args.iter().map(std::ffi::OsString::from),
            input.as_bytes(),
            &mut out,
            &mut diagnostics,
        );
        let out = String::from_utf8(out).unwrap();
        (
            outcome.map(|()| out).map_err(|failure| failure.to_string()),
            String::from_utf8(diagnostics).unwrap(),
        )
    }

    #[test]
    fn sorted_layers_match_the_published_counts_and_the_hash_table() {
        // All 17 published layers (33 million configurations, about 2 s and 360 MB) in release
        // builds, as `make test` runs; an unoptimised build stops at 14 to stay quick.
        let depth = if cfg!(debug_assertions) { 14 } else { 16 };
        let layers = Layers::count(depth);
        assert_eq!(layers.sizes(), &LAYER_SIZES[..=usize::from(depth)]);
        // The hash-map search is independent of the merge-based one.
        assert_eq!(Layers::count(11).sizes(), GoalTable::build(11).layer_sizes());
        assert_eq!(GoalTable::build(12).distance(Layers::count(12).deepest()), Some(12));
        assert_eq!(Layers::count(0).sizes(), [1]);
        assert_eq!(Layers::count(0).deepest(), State::GOAL);
    }

    #[test]
    fn remove_sorted_agrees_with_a_naive_filter() {
        let mut random = Random(5);
        for _ in 0..200 {
            let mut values: Vec<u64> = (0..random.below(40)).map(|_| random.below(60) as u64).collect();
            let mut other: Vec<u64> = (0..random.below(40)).map(|_| random.below(60) as u64).collect();
            values.sort_unstable();
            values.dedup();
            other.sort_unstable();
            let expected: Vec<u64> = values.iter().copied().filter(|value| !other.contains(value)).collect();
            remove_sorted(&mut values, &other);
            assert_eq!(values, expected);
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
        let (outcome, diagnostics) = main_output(&["--stats"], "not read");
        let text = outcome.unwrap();
        assert_eq!(diagnostics, "");
        let rows: Vec<Vec<usize>> = text
            .lines()
            .filter(|line| line.starts_with("    ") || line.starts_with("   1"))
            .map(|line| line.split_whitespace().map(|field| field.parse().unwrap()).collect())
            .collect();
        let expected = [1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17160, 47906, 133566, 370662];
        assert_eq!(rows.len(), expected.len(), "{text}");
        let mut total = 0;
        for (depth, (row, &count)) in rows.iter().zip(&expected).enumerate() {
            total += count;
            assert_eq!(*row, [depth, count, total], "{text}");
        }
        assert!(text.contains("\n   12         370662         578783\n"), "{text}");
        assert!(text.contains("6,286,896,000 configurations\n"), "{text}");
        assert!(text.ends_with("within 12 moves: 578,783 of 6,286,896,000 configurations (0.0092%)\n"));
        // The example really is 12 moves from the goal.
        let example = text.split("e.g. ").nth(1).unwrap().lines().next().unwrap();
        let numbers: Vec<u8> = example.split(' ').map(|number| number.parse().unwrap()).collect();
        let start = state(numbers.try_into().unwrap());
        match Solver::new().solve(start) {
            Answer::Moves(solution) => assert_eq!(solution.moves().len(), 12),
            other => panic!("{other:?}"),
        }
        assert!(
            text.contains("maximum depth 12: 370662 configurations, e.g. "),
            "{text}"
        );
        let shallow = main_output(&["--stats", "--depth=3"], "").0.unwrap();
        assert!(
            shallow.contains("\n    3             34             51\nmaximum depth 3: 34 "),
            "{shallow}"
        );
    }

    #[test]
    fn bad_arguments_are_one_line_errors() {
        let usage = format!("; usage: {USAGE}");
        for depth in ["17", "x", "-1", "", "300"] {
            assert_eq!(
                main_output(&["--stats", "--depth", depth], "").0.unwrap_err(),
                format!("option '--depth' takes a depth 0..16, not '{depth}'{usage}")
            );
        }
        assert_eq!(
            main_output(&["--depth", "3"], "").0.unwrap_err(),
            format!("option '--depth' goes with --stats{usage}")
        );
        assert_eq!(
            main_output(&["--stats", "--depth"], "").0.unwrap_err(),
            format!("option '--depth' needs a value{usage}")
        );
        assert_eq!(
            main_output(&["--verbose"], "").0.unwrap_err(),
            format!("unknown argument '--verbose'{usage}")
        );
    }

    #[test]
    fn trace_draws_every_move_and_leaves_stdout_alone() {
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let input = format!(
            "4\n{goal}\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
             0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n\
             0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 3\n"
        );
        let (plain, warnings) = main_output(&[], &input);
        let (traced, trace) = main_output(&["--trace"], &input);
        assert_eq!(traced.unwrap(), plain.unwrap());
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
        let start = state(numbers);
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
