//! `--stats` and `--stats --depth all`: the layers around the goal as a table, the deepest layer
//! with an example, and the size of the whole space; or the census's report.
//!
//! **Equals:** [`Layers::count`]'s layers (the published sizes, `search::LAYER_SIZES`) and
//! [`space_size`](super::space_size); the census's committed report (`census.txt`).
//! **Proved by:** `stats_print_the_layers_to_depth_twelve` and
//! `the_census_report_reprints_the_published_census` (below).

use std::io::{self, Write};

use common::cli::Failure;

use super::census;
use super::layers::Layers;
use super::space::{grouped, write_space_size};
use crate::state::{GOAL, MAX_MOVES};

/// `--stats`: the configurations at each distance 0..=`depth` from the goal with the running
/// total, the deepest layer with an example, and the size of the whole space with its derivation.
///
/// # Complexity
/// As [`Layers::count`].
pub(crate) fn write_stats(out: &mut impl Write, depth: u8) -> Result<(), Failure> {
    let layers = Layers::count(depth)?;
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
    )?;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Solver, LAYER_SIZES};
    use crate::state::{Answer, State};

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
}
