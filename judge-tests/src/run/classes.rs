//! The answer classes a set of judge cases covers: the sample, an already solved case, a case
//! with no answer (an unsolvable eight board; a Colour Hash configuration more than 16 moves
//! away), the farthest cases (eight's 31, msquare's 22, Colour Hash's 16 and its distance-17
//! trap), a 1-move case, and an input of many cases. A solution that loops forever on an
//! unsolvable board, or prints nothing for a solved one, fails one of these at once; `judge run`
//! names the classes its cases covered, and a test holds every default set to all of them.
//!
//! A case's classes are read from its input through the oracle's references
//! ([`Item::distance`]), never from its name, except the sample, which is the judge's own
//! statement's input and is known by its case name.

use crate::cases::Format;
use crate::input::{self, Item};
use std::fmt;

/// One answer class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The statement's sample input.
    Sample,
    /// A case already at the goal (its answer is empty, `0`, or `PUZZLE ALREADY SOLVED`).
    Solved,
    /// A case with no answer: eight's `unsolvable`, Colour Hash's `NO SOLUTION WAS FOUND IN 16
    /// STEPS`. msquare has none: every target is reachable.
    NoAnswer,
    /// A case at the puzzle's greatest distance: eight 31, msquare 22, Colour Hash 16.
    Farthest,
    /// Colour Hash only: a configuration 17 moves away, one past what an answer may take.
    Distance17,
    /// A case one move from the goal.
    OneMove,
    /// An input holding [`MANY`] cases or more.
    ManyCases,
}

/// How many cases make an input a many-case input.
pub const MANY: usize = 10;

/// The sample cases: the input of each judge's statement, by puzzle and case name.
const SAMPLES: [(&str, &str); 4] = [
    ("eight", "poj1077-sample"),
    ("eight", "uva652-sample"),
    ("msquare", "usaco-1"),
    ("colour-hash", "uva704-sample"),
];

impl Class {
    /// The class as the summary names it.
    pub fn name(self, puzzle: &str) -> &'static str {
        match (self, puzzle) {
            (Class::Sample, _) => "sample",
            (Class::Solved, _) => "solved",
            (Class::NoAnswer, "eight") => "unsolvable",
            (Class::NoAnswer, _) => "no solution in 16",
            (Class::Farthest, "eight") => "farthest (31)",
            (Class::Farthest, "msquare") => "farthest (22)",
            (Class::Farthest, _) => "farthest (16)",
            (Class::Distance17, _) => "distance 17",
            (Class::OneMove, _) => "1 move",
            (Class::ManyCases, _) => "many cases",
        }
    }

    /// The classes a default set of `puzzle` in `format` must cover: all but those its layout
    /// cannot hold (POJ 1077 and msquare read one case an input; msquare has no unanswerable
    /// target).
    pub fn required(puzzle: &str, format: Option<Format>) -> Vec<Class> {
        let mut classes = vec![Class::Sample, Class::Solved];
        if puzzle != "msquare" {
            classes.push(Class::NoAnswer);
        }
        classes.push(Class::Farthest);
        if puzzle == "colour-hash" {
            classes.push(Class::Distance17);
        }
        classes.push(Class::OneMove);
        if puzzle != "msquare" && format != Some(Format::Poj) {
            classes.push(Class::ManyCases);
        }
        classes
    }
}

/// The greatest distance of an answer: eight 31, msquare 22, Colour Hash 16.
fn farthest(puzzle: &str) -> usize {
    match puzzle {
        "eight" => 31,
        "msquare" => 22,
        _ => 16,
    }
}

/// The cases of an input as the checker reads them, or `None` for an input that is not the
/// puzzle's (an empty eight input, a bad count).
pub fn items(puzzle: &str, input: &[u8]) -> Option<Vec<Item>> {
    input::parse(puzzle, input, None).ok().map(|batch| batch.items)
}

/// The classes case `name` of `puzzle` covers, its input being `input`; sorted.
///
/// # Complexity
/// A reference lookup per case (Colour Hash: a reference search per configuration).
pub fn classes_of(puzzle: &str, name: &str, input: &[u8]) -> Vec<Class> {
    let mut classes = Vec::new();
    if SAMPLES.contains(&(puzzle, name)) {
        classes.push(Class::Sample);
    }
    let items = items(puzzle, input).unwrap_or_default();
    if items.len() >= MANY {
        classes.push(Class::ManyCases);
    }
    for item in &items {
        let class = match item.distance() {
            Some(0) => Class::Solved,
            Some(1) => Class::OneMove,
            Some(distance) if distance == farthest(puzzle) => Class::Farthest,
            Some(_) => continue,
            None if !item.is_the_puzzles() => continue,
            // A Colour Hash configuration with no answer of 16 or fewer moves that is 17 away.
            None if puzzle == "colour-hash" && seventeen_away(item) => {
                classes.push(Class::Distance17);
                Class::NoAnswer
            }
            None => Class::NoAnswer,
        };
        classes.push(class);
    }
    classes.sort_unstable();
    classes.dedup();
    classes
}

/// Whether a Colour Hash configuration with no answer within 16 moves is 17 moves away: one of
/// its four moves reaches a configuration 16 away.
fn seventeen_away(item: &Item) -> bool {
    let Item::Config(config) = item else {
        return false;
    };
    (b'1'..=b'4').any(|step| {
        judge_oracle::reference::colour_hash::replay(config, &[step])
            .is_some_and(|next| Item::Config(next).distance() == Some(16))
    })
}

/// The classes a run covered, for its summary: `sample, solved, unsolvable, ...`.
pub struct Covered<'a> {
    /// The puzzle, for the classes' names.
    pub puzzle: &'a str,
    /// The classes, sorted.
    pub classes: Vec<Class>,
}

impl fmt::Display for Covered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.classes.iter().map(|class| class.name(self.puzzle)).collect();
        f.write_str(&names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases;
    use std::collections::BTreeSet;
    use std::fs;

    /// Every default set (the cases `judge run` takes without switches, and for eight with each
    /// `--format`) covers every class its layout can hold, and holds no input twice.
    #[test]
    fn every_default_set_covers_every_answer_class_once() {
        let data = crate::data_dir();
        for puzzle in judge_oracle::checker::PUZZLES {
            let formats: Vec<Option<Format>> = if puzzle == "eight" {
                vec![None, Some(Format::Poj), Some(Format::Hdu), Some(Format::Uva652)]
            } else {
                vec![None]
            };
            let all = cases::discover(&data, puzzle).unwrap();
            for format in formats {
                let mut covered = BTreeSet::new();
                let mut seen: Vec<((bool, Vec<Item>), &str)> = Vec::new();
                for case in all.iter().filter(|case| case.hostile.is_none()) {
                    let bytes = fs::read(&case.input).unwrap();
                    if format.is_some_and(|format| !format.holds(&bytes)) {
                        continue;
                    }
                    covered.extend(classes_of(puzzle, &case.name, &bytes));
                    // The same cases in another layout (a count first) are another input.
                    let key = (Format::Uva652.holds(&bytes), items(puzzle, &bytes).unwrap_or_default());
                    if let Some((_, twin)) = seen.iter().find(|(seen, _)| *seen == key) {
                        panic!("{puzzle}: {} and {twin} are the same input", case.name);
                    }
                    seen.push((key, &case.name));
                }
                let missing: Vec<Class> = Class::required(puzzle, format)
                    .into_iter()
                    .filter(|class| !covered.contains(class))
                    .collect();
                assert!(missing.is_empty(), "{puzzle} {format:?}: no case of {missing:?}");
            }
        }
        // The rule has teeth: a set without its unsolvable board misses a class.
        let solved = classes_of("eight", "x", b"1 2 3 4 5 6 7 8 x\n");
        assert_eq!(solved, [Class::Solved]);
        assert!(Class::required("eight", Some(Format::Poj)).contains(&Class::NoAnswer));
        assert_eq!(classes_of("eight", "x", b"1 2 3 4 5 6 8 7 x\n"), [Class::NoAnswer]);
    }

    #[test]
    fn classes_are_read_from_the_input() {
        assert_eq!(
            classes_of("eight", "poj1077-sample", b"2 3 4 1 5 x 7 6 8\n"),
            [Class::Sample]
        );
        assert_eq!(classes_of("eight", "a", b"8 6 7 2 5 4 3 x 1\n"), [Class::Farthest]);
        assert_eq!(classes_of("msquare", "a", b"8 7 6 5 4 3 2 1\n"), [Class::OneMove]);
        let covered = Covered {
            puzzle: "colour-hash",
            classes: vec![Class::NoAnswer, Class::Distance17],
        };
        assert_eq!(covered.to_string(), "no solution in 16, distance 17");
    }
}
