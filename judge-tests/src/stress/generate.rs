//! The built-in generator: seeded cases that cover every answer length and kind, small ones
//! first, in batches laid out as the puzzle's judges lay out their data.
//!
//! **Opening.** A growing run's first cases are one of each answer class ([`Generator::opening`]):
//! the goal, a case with no answer, the farthest, one move; a program wrong on any of them fails
//! within the first ten cases, in every layout (POJ's one board an input included).
//!
//! **Growing.** The kinds are ordered by size (the distance from the goal, then the cases with no
//! answer of that kind). As property-based testers grow the size of their cases, the first half of
//! a run (its ramp) draws case `i`'s kind among the first ⌈(i + 1)·k / ramp⌉ of the k kinds, so the
//! early cases are small and each small distance is drawn many times; the second half takes
//! every kind in turn. A bug that shows at a small distance is found at a small distance, and the
//! shrinker starts near the easiest failing case.
//!
//! - eight: a board at every distance 0 to 31, then an unsolvable board (an odd permutation);
//!   POJ's one board an input, HDU's batches of up to 64 boards a line each, UVa 652's batches
//!   of up to 64 with the count and the empty lines of its sample; all three in turn unless
//!   `--format` chooses one.
//! - colour-hash: a scramble of every length 0 to 16 (its answer is that long), a scramble of 17
//!   whose answer is `NO SOLUTION` (a distance-17 trap), two random configurations of the puzzle
//!   (a long random walk of moves: what a judge's data mostly holds), the goal, and, as a
//!   minority, a shuffle of all 24 numbers that is no configuration of the puzzle (the shared
//!   pieces disagree) under `--inputs hostile` only, since no judge sends one; batches of up
//!   to 8.
//! - msquare: a target at every distance 0 to 22; one target an input (the format has one).
//!
//! Whitespace is plain (single spaces, one case a line) unless `--inputs hostile` asks for
//! tabs, CRLF, one token a line, no spaces, `\v` and `\f`, or random runs of whitespace (and
//! for Colour Hash the shuffles that are no configuration of the puzzle).
//!
//! The same seed gives the same inputs on every machine: the generator is a SplitMix64 and the
//! candidate lists are sorted.

use super::Whitespace;
use crate::cases::Format;
use crate::input::{Batch, Item, Spacing, HOSTILE_SPACINGS};
use judge_oracle::checker::{self, colour_hash, eight, msquare};
use judge_oracle::reference::colour_hash as ch_reference;
use judge_oracle::rng::Rng;

/// The seeded case generator of one puzzle.
pub struct Generator {
    puzzle: String,
    rng: Rng,
    next: usize,
    batches: usize,
    /// How many cases grow in size before every kind is taken in turn (0: no growing).
    ramp: usize,
    whitespace: Whitespace,
    eight_groups: Vec<Vec<[u8; 9]>>,
    msquare_groups: Vec<Vec<[u8; 8]>>,
}

/// The eight layouts taken in turn when `--format` chooses none.
const EIGHT_FORMATS: [Format; 3] = [Format::Hdu, Format::Uva652, Format::Poj];

impl Generator {
    /// A generator for `puzzle` from `seed`.
    ///
    /// # Errors
    /// If the puzzle is unknown.
    pub fn new(puzzle: &str, seed: u64) -> Result<Self, String> {
        let mut generator = Generator {
            puzzle: puzzle.to_string(),
            rng: Rng::new(seed),
            next: 0,
            batches: 0,
            ramp: 0,
            whitespace: Whitespace::Plain,
            eight_groups: Vec::new(),
            msquare_groups: Vec::new(),
        };
        match puzzle {
            "eight" => generator.eight_groups = eight::distances().by_distance(),
            "msquare" => {
                let mut groups = vec![Vec::new(); 23];
                for (target, sequence) in msquare::all_targets() {
                    groups[sequence.len()].push(target);
                }
                generator.msquare_groups = groups;
            }
            "colour-hash" => {}
            other => {
                return Err(format!(
                    "no generator for '{other}' (known: {})",
                    checker::PUZZLES.join(", ")
                ))
            }
        }
        Ok(generator)
    }

    /// The same generator growing its cases over the first half of a run of `cases` (see the
    /// module docs).
    pub fn growing(mut self, cases: usize) -> Self {
        self.ramp = cases / 2;
        self
    }

    /// The same generator with `whitespace`: the spacing of its batches, and for Colour Hash
    /// whether shuffles that are no configuration of the puzzle are among its kinds.
    pub fn with_whitespace(mut self, whitespace: Whitespace) -> Self {
        self.whitespace = whitespace;
        self
    }

    /// The kinds of case this puzzle cycles through, smallest first: eight's distances 0 to 31,
    /// then unsolvable (32); msquare's distances 0 to 22; Colour Hash's answer lengths 0 to 16,
    /// the trap (17), the random configurations (18, 19), the goal (20) and, under hostile
    /// whitespace, the shuffle (21).
    pub fn kinds(&self) -> usize {
        match self.puzzle.as_str() {
            "eight" => 33,
            "colour-hash" if self.whitespace == Whitespace::Hostile => 22,
            "colour-hash" => 21,
            _ => 23,
        }
    }

    /// The kinds a growing run opens with, before its ramp: each answer class a judge's data
    /// hold and a solution is most often wrong on, so that a program that loops on an unsolvable
    /// board or prints nothing for a solved one fails within the first few cases: the goal, a
    /// case with no answer (eight's unsolvable board, Colour Hash's distance-17 trap), the
    /// farthest cases (eight 31, msquare 22, Colour Hash 16), and one move.
    pub fn opening(&self) -> &'static [usize] {
        match self.puzzle.as_str() {
            "eight" => &[0, 32, 31, 1],
            "colour-hash" => &[0, 17, 16, 1],
            _ => &[0, 22, 1],
        }
    }

    /// The largest distance (answer length) the cases drawn so far may have, for the progress
    /// line: the ramp's reach while it grows (the opening's classes aside), the puzzle's farthest
    /// once it has grown.
    pub fn reach(&self) -> usize {
        let farthest = match self.puzzle.as_str() {
            "eight" => 31,
            "colour-hash" => 16,
            _ => 22,
        };
        if self.ramp == 0 || self.next >= self.ramp {
            return farthest;
        }
        let kinds = self.kinds();
        let reach = (self.next.max(1) * kinds + self.ramp - 1) / self.ramp;
        reach.saturating_sub(1).min(farthest)
    }

    /// The next case.
    pub fn item(&mut self) -> Item {
        let kinds = self.kinds();
        let opening = self.opening();
        let kind = if self.ramp > 0 && self.next < opening.len() {
            opening[self.next]
        } else if self.next < self.ramp {
            let reach = ((self.next + 1) * kinds + self.ramp - 1) / self.ramp;
            self.rng.below(reach.min(kinds))
        } else {
            (self.next - self.ramp) % kinds
        };
        self.next += 1;
        match self.puzzle.as_str() {
            "eight" if kind < 32 => Item::Board(*self.rng.pick(&self.eight_groups[kind])),
            "eight" => {
                // An odd permutation: any solvable board with two tiles (not the blank) swapped.
                let group = &self.eight_groups[self.rng.below(32)];
                let mut board = group[self.rng.below(group.len())];
                let tiles: Vec<usize> = (0..9).filter(|&cell| board[cell] != b'x').collect();
                let first = self.rng.below(8);
                let second = (first + 1 + self.rng.below(7)) % 8;
                board.swap(tiles[first], tiles[second]);
                Item::Board(board)
            }
            "colour-hash" => Item::Config(self.config(kind)),
            _ => Item::Target(*self.rng.pick(&self.msquare_groups[kind])),
        }
    }

    /// A Colour Hash configuration of kind `kind`: 0-16 one whose answer has exactly that many
    /// moves (a scramble, kept when the reference agrees on its length; rarely shorter), 17 a
    /// distance-17 trap (a scramble of 17 with no answer of 16 or fewer), 18 and 19 a random
    /// configuration of the puzzle, 20 the goal, 21 a shuffle of all 24 numbers (no
    /// configuration of the puzzle: the places the two wheels share disagree).
    fn config(&mut self, kind: usize) -> [u8; 24] {
        let answer_length = |config: &[u8; 24]| {
            let answer = colour_hash::expected_answer(config);
            if answer.bytes().all(|b| b.is_ascii_digit()) {
                answer.len()
            } else if answer.starts_with("PUZZLE") {
                0
            } else {
                17
            }
        };
        match kind {
            0..=17 => {
                let mut config = scramble(&mut self.rng, kind);
                for _ in 0..64 {
                    if answer_length(&config) == kind {
                        break;
                    }
                    config = scramble(&mut self.rng, kind);
                }
                config
            }
            // A walk of 64 to 127 moves: far past the 16 moves an answer may take, a nearly
            // uniform element of the puzzle's group.
            18 | 19 => {
                let length = 64 + self.rng.below(64);
                scramble(&mut self.rng, length)
            }
            20 => ch_reference::GOAL,
            _ => {
                let mut config = ch_reference::GOAL;
                self.rng.shuffle(&mut config);
                config
            }
        }
    }

    /// The next batch of at most `room` cases: in `format` (eight; all three in turn when
    /// `None`), with the generator's whitespace.
    pub fn batch(&mut self, room: usize, format: Option<Format>) -> Batch {
        let whitespace = self.whitespace;
        let format = match self.puzzle.as_str() {
            "eight" => Some(format.unwrap_or(EIGHT_FORMATS[self.batches % EIGHT_FORMATS.len()])),
            _ => None,
        };
        self.batches += 1;
        let size = match (self.puzzle.as_str(), format) {
            (_, Some(Format::Poj)) => 1,
            ("eight", _) => 64,
            ("colour-hash", _) => 8,
            _ => 1,
        };
        let items = (0..size.min(room)).map(|_| self.item()).collect();
        let mut batch = Batch::plain(items, format);
        if whitespace == Whitespace::Hostile {
            batch.spacing = if self.rng.below(6) == 0 {
                Spacing::Mixed(self.rng.next_u64())
            } else {
                *self.rng.pick(&HOSTILE_SPACINGS)
            };
            if format.is_none() && batch.spacing == Spacing::Packed {
                batch.spacing = Spacing::Tabs;
            }
            batch.separated = format == Some(Format::Uva652) && self.rng.below(3) != 0;
        }
        batch
    }
}

/// The configuration a walk of `length` random moves from the goal reaches, a walk that never
/// undoes its last move (1 and 3, 2 and 4 are inverses).
pub(super) fn scramble(rng: &mut Rng, length: usize) -> [u8; 24] {
    let mut moves: Vec<u8> = Vec::with_capacity(length);
    while moves.len() < length {
        let step = b'1' + rng.below(4) as u8;
        if moves.last().map_or(true, |&last| (last - b'1' + 2) % 4 != step - b'1') {
            moves.push(step);
        }
    }
    ch_reference::replay(&ch_reference::GOAL, &moves).expect("moves 1-4")
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_oracle::checker::Level;

    #[test]
    fn the_reach_grows_to_the_farthest_over_the_ramp() {
        let mut generator = Generator::new("msquare", 1).unwrap().growing(200);
        let mut reaches = Vec::new();
        for _ in 0..200 {
            reaches.push(generator.reach());
            generator.item();
        }
        assert!(reaches.windows(2).all(|pair| pair[0] <= pair[1]), "{reaches:?}");
        assert_eq!((reaches[10], reaches[199]), (2, 22));
        assert_eq!(Generator::new("eight", 1).unwrap().reach(), 31);
    }

    #[test]
    fn generators_are_seeded_and_valid() {
        for puzzle in checker::PUZZLES {
            for whitespace in [Whitespace::Plain, Whitespace::Hostile] {
                let mut first = Generator::new(puzzle, 7)
                    .unwrap()
                    .with_whitespace(whitespace)
                    .growing(60);
                let mut second = Generator::new(puzzle, 7)
                    .unwrap()
                    .with_whitespace(whitespace)
                    .growing(60);
                for _ in 0..12 {
                    let batch = first.batch(5, None);
                    assert_eq!(batch, second.batch(5, None));
                    if whitespace == Whitespace::Plain {
                        assert_eq!(batch.hostile(), None, "{puzzle}: {batch:?}");
                    }
                    let input = batch.render();
                    let verdict = checker::check_at(puzzle, &input[..], &batch.expected_output(), None, Level::Strict);
                    assert_eq!(verdict.exit_code(), 0, "{puzzle}: {verdict}: {}", input.escape_ascii());
                    if let Some(format) = batch.format {
                        assert!(format.holds(&input), "{format}: {}", input.escape_ascii());
                    }
                }
            }
        }
    }

    #[test]
    fn every_colour_hash_answer_length_and_valid_random_configurations() {
        let mut generator = Generator::new("colour-hash", 5)
            .unwrap()
            .with_whitespace(Whitespace::Hostile);
        let mut seen = [0; 18];
        let mut not_the_puzzle = 0;
        for _ in 0..22 {
            let Item::Config(config) = generator.item() else {
                panic!("a configuration")
            };
            if config[9..12] != config[21..24] {
                not_the_puzzle += 1;
                continue;
            }
            let answer = colour_hash::expected_answer(&config);
            let kind = match answer.as_str() {
                "PUZZLE ALREADY SOLVED" => 0,
                _ if answer.starts_with("NO") => 17,
                _ => answer.len(),
            };
            seen[kind] += 1;
        }
        // Lengths 0 to 16, the goal twice, the trap and the two random configurations (which
        // are all but surely more than 16 moves away); one shuffle that is not the puzzle.
        assert!(seen[1..17].iter().all(|&count| count == 1), "{seen:?}");
        assert_eq!((seen[0], seen[17], not_the_puzzle), (2, 3, 1), "{seen:?}");
    }

    #[test]
    fn every_eight_distance_and_unsolvable() {
        let mut generator = Generator::new("eight", 3).unwrap();
        let mut seen = [false; 33];
        for _ in 0..33 {
            let Item::Board(board) = generator.item() else {
                panic!("a board")
            };
            let distance = eight::distances().get(&board).map_or(32, usize::from);
            seen[distance] = true;
        }
        assert!(seen.iter().all(|&seen| seen), "{seen:?}");
    }

    #[test]
    fn a_growing_run_starts_small_and_reaches_every_kind() {
        let cases = 400;
        let mut generator = Generator::new("msquare", 2).unwrap().growing(cases);
        let distances: Vec<usize> = (0..cases)
            .map(|_| match generator.item() {
                Item::Target(target) => msquare::expected_sequence(&target).len(),
                _ => panic!("a target"),
            })
            .collect();
        // The run opens with the goal, the farthest and one move; then the cases are near the
        // goal, every distance is drawn, the small ones most.
        assert_eq!(distances[..3], [0, 22, 1]);
        assert!(distances[3..10].iter().all(|&distance| distance <= 2), "{distances:?}");
        let count = |distance: usize| distances.iter().filter(|&&d| d == distance).count();
        assert!((0..=22).all(|distance| count(distance) > 0), "{distances:?}");
        assert!(count(3) > count(20), "{distances:?}");
        // Without --inputs hostile, every Colour Hash case is a configuration of the puzzle.
        let mut plain = Generator::new("colour-hash", 4).unwrap().growing(100);
        assert!((0..100).all(|_| plain.item().is_the_puzzles()));
    }

    #[test]
    fn a_growing_run_opens_with_every_answer_class() {
        let mut eight = Generator::new("eight", 9).unwrap().growing(1000);
        let first: Vec<Option<usize>> = (0..4)
            .map(|_| match eight.item() {
                Item::Board(board) => eight::distances().get(&board).map(usize::from),
                _ => panic!("a board"),
            })
            .collect();
        assert_eq!(first, [Some(0), None, Some(31), Some(1)]);
        // In POJ's layout too: one board an input, the unsolvable one second.
        let mut poj = Generator::new("eight", 9).unwrap().growing(1000);
        let second = (0..2).map(|_| poj.batch(1000, Some(Format::Poj))).last().unwrap();
        assert_eq!(second.items[0].distance(), None);
        let mut colour_hash = Generator::new("colour-hash", 9).unwrap().growing(1000);
        let lengths: Vec<Option<usize>> = (0..4).map(|_| colour_hash.item().distance()).collect();
        assert_eq!(lengths, [Some(0), None, Some(16), Some(1)]);
    }

    #[test]
    fn each_format_alone_and_all_in_turn() {
        let mut generator = Generator::new("eight", 1).unwrap();
        let formats: Vec<_> = (0..3)
            .map(|_| generator.batch(100, None))
            .map(|batch| (batch.format, batch.items.len()))
            .collect();
        assert_eq!(
            formats,
            [
                (Some(Format::Hdu), 64),
                (Some(Format::Uva652), 64),
                (Some(Format::Poj), 1)
            ]
        );
        let poj = generator.batch(100, Some(Format::Poj));
        assert_eq!(poj.items.len(), 1);
        assert!(Format::Poj.holds(&poj.render()));
    }
}
