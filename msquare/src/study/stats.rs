//! `--stats`: the whole state space as a table, boards at each distance from the basic state.
//!
//! **Equals:** [`Plain::layer_sizes`](crate::plain::Plain::layer_sizes) and
//! [`Plain::farthest`](crate::plain::Plain::farthest), read from the fast [`Solver`]'s tables.
//! **Proved by:** `stats_show_the_whole_table` (below: every row against plain's layers, the
//! example board solved in 22 moves).

use std::io::Write;

use common::cli::Failure;

use crate::search::Solver;

/// The whole state space as a table: boards at each distance from the basic state, the running
/// total, and the maximum distance with an example board.
///
/// # Errors
/// If writing fails, or the search's tables cannot be allocated.
///
/// # Complexity
/// O(8!): one search.
pub(crate) fn write_stats(out: &mut impl Write) -> Result<(), Failure> {
    let solver = Solver::try_new()?;
    let sizes = solver.layer_sizes();
    writeln!(
        out,
        "msquare: distances from the basic state 1 2 3 4 / 8 7 6 5 by moves A, B, C"
    )?;
    let total = common::stats::write_layer_table(out, "boards", &sizes)?;
    let farthest = solver.farthest().map(|c| (c + 1).to_string()).join(" ");
    writeln!(out, "all {total} boards (8!) reachable")?;
    writeln!(
        out,
        "maximum depth {}: {} boards, e.g. {farthest}",
        sizes.len() - 1,
        sizes[sizes.len() - 1]
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_show_the_whole_table() {
        let mut out = Vec::new();
        write_stats(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\n    0       1       1\n"), "{text}");
        assert!(text.contains("\n   21     328   40315\n"), "{text}");
        assert!(text.contains("\n   22       5   40320\n"), "{text}");
        assert!(text.contains("maximum depth 22: 5 boards, e.g. "), "{text}");
        // Every row is plain's layer: depth, boards, running total.
        let plain = crate::plain::Plain::new();
        let mut total = 0;
        for (depth, &boards) in plain.layer_sizes().iter().enumerate() {
            total += boards;
            let row = format!("\n{depth:>5} {boards:>7} {total:>7}\n");
            assert!(text.contains(&row), "{row}{text}");
        }
        // The example is truly 22 moves away.
        let example: Vec<u8> = text
            .trim_end()
            .rsplit("e.g. ")
            .next()
            .unwrap()
            .split(' ')
            .map(|c| c.parse::<u8>().unwrap() - 1)
            .collect();
        let mut moves = Vec::new();
        Solver::new().solve(&example.try_into().unwrap(), &mut moves);
        assert_eq!(moves.len(), 22);
    }
}
