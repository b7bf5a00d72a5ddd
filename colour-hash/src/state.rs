//! The puzzle's terms and the fast encoding.
//!
//! **Equals:** [`State::apply`] equals [`crate::plain::apply_move`] on the judge's numbers.
//! **Proved by:** `packed_moves_match_plain_and_undo_each_other` (below), every move from every
//! state within six moves of the goal.
//!
//! - Shared by both tiers: the 24 numbers ([`NUMBERS`], [`GOAL`]), the four moves ([`Move`]),
//!   what a configuration gets ([`Answer`], [`Solution`]) and why 24 numbers may not be a
//!   configuration ([`Invalid`]).
//! - The fast tier's encoding: a [`State`] packs a configuration into one `u64` and a move is a
//!   rotation of one wheel's 36-bit window (the layout is in the crate docs). It equals
//!   [`crate::plain::apply_move`] on the judge's numbers: the test
//!   `packed_moves_match_plain_and_undo_each_other` checks every move from every state within six
//!   moves of the goal.

use std::fmt;

/// Numbers describing one configuration.
pub const NUMBERS: usize = 24;

/// Distinct pieces (places) in a configuration: the last three numbers repeat numbers 10–12.
pub const PIECES: usize = 21;

/// The solved configuration.
pub const GOAL: [u8; NUMBERS] = [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];

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
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The move that undoes this one.
    pub(crate) fn inverse(self) -> Move {
        match self {
            Move::LeftClockwise => Move::LeftCounterClockwise,
            Move::RightClockwise => Move::RightCounterClockwise,
            Move::LeftCounterClockwise => Move::LeftClockwise,
            Move::RightCounterClockwise => Move::RightClockwise,
        }
    }
}

/// The longest answer the judge accepts.
pub const MAX_MOVES: usize = 16;

/// The answer line for the goal itself.
pub(crate) const ALREADY_SOLVED: &str = "PUZZLE ALREADY SOLVED";

/// The answer line when every solution is longer than [`MAX_MOVES`] (or there is none).
pub(crate) const NO_SOLUTION: &str = "NO SOLUTION WAS FOUND IN 16 STEPS";

/// A sequence of at most 16 moves, stored inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves in `moves[..len]`; the fast search writes them in place.
    pub(crate) moves: [Move; MAX_MOVES],
    pub(crate) len: usize,
}

impl Solution {
    /// No moves yet.
    pub(crate) fn new() -> Self {
        Solution {
            moves: [Move::LeftClockwise; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends `step`.
    ///
    /// # Panics
    /// If the solution already has [`MAX_MOVES`] moves.
    pub(crate) fn push(&mut self, step: Move) {
        self.moves[self.len] = step;
        self.len += 1;
    }

    /// The moves, first to last.
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
    pub(crate) fn packed(self) -> u64 {
        self.0
    }

    /// The state whose packed integer is `packed` (a value [`State::packed`] returned).
    pub(crate) fn from_packed(packed: u64) -> State {
        State(packed)
    }

    /// The configuration after `step`.
    ///
    /// # Complexity
    /// One rotation of a 36-bit window: a shift, a mask and an or.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain;
    use crate::testkit::play;
    use std::collections::HashSet;

    #[test]
    fn moves_match_the_statement() {
        let turned = State::GOAL.apply(Move::LeftClockwise).numbers();
        assert_eq!(
            turned,
            [2, 1, 0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 5, 0, 1]
        );
        assert_eq!(State::GOAL.numbers(), GOAL);
        assert_eq!(State::from_numbers(&GOAL), Ok(State::GOAL));
    }

    #[test]
    fn packed_moves_match_plain_and_undo_each_other() {
        // Every state within six moves of the goal (1,189 of them), every move from each: the
        // layers 0..=6 are expanded, which reaches the states within seven.
        let mut seen = HashSet::from([State::GOAL]);
        let mut layer = vec![State::GOAL];
        let mut expanded = 0;
        for _ in 0..=6 {
            expanded += layer.len();
            let mut next = Vec::new();
            for &current in &layer {
                for step in Move::ALL {
                    let turned = current.apply(step);
                    assert_eq!(
                        turned.numbers(),
                        plain::apply_move(&current.numbers(), step.number()),
                        "{current:?} {step:?}"
                    );
                    assert_eq!(turned.apply(step.inverse()), current);
                    assert_eq!(State::from_numbers(&turned.numbers()), Ok(turned));
                    assert_eq!(turned.packed() >> 63, 0);
                    if seen.insert(turned) {
                        next.push(turned);
                    }
                }
            }
            layer = next;
        }
        assert_eq!(expanded, 1_189);
        assert_eq!(seen.len(), crate::search::LAYER_SIZES[..=7].iter().sum::<usize>());
        // Six turns bring a wheel round; three turns either way meet.
        assert_eq!(play(State::GOAL, "111111"), State::GOAL);
        assert_eq!(play(State::GOAL, "111"), play(State::GOAL, "333"));
        assert_eq!(play(State::GOAL, "1111"), play(State::GOAL, "33"));
        assert_eq!(play(State::GOAL, "2222"), play(State::GOAL, "44"));
    }

    #[test]
    fn invalid_numbers_name_the_first_reason() {
        let with = |changes: &[(usize, u8)]| {
            let mut numbers = GOAL;
            for &(place, value) in changes {
                numbers[place] = value;
            }
            State::from_numbers(&numbers).unwrap_err().to_string()
        };
        assert_eq!(with(&[(18, 11)]), "number 19 is 11, not a piece 0..10");
        assert_eq!(
            with(&[(23, 3)]),
            "numbers 12 and 24 are the same shared piece but read 1 and 3"
        );
        assert_eq!(
            with(&[(0, 3), (1, 0)]),
            "number 1 is 3, a triangle, in a separator's place"
        );
        assert_eq!(with(&[(18, 2)]), "piece 2 appears 2 times; the puzzle has 1");
        // Swapping two pieces of one shape keeps every count: a configuration.
        assert!(State::from_numbers(&{
            let mut numbers = GOAL;
            numbers.swap(1, 5);
            numbers
        })
        .is_ok());
    }
}
