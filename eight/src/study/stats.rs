//! `--stats`: the distance table of the whole space, the diameter's boards, and the unreachable
//! half with the reason.
//!
//! **Equals:** [`plain`](crate::plain)'s layers (`Table::layer_sizes`), read from the fast
//! [`Solver`]'s table, and the published counts, OEIS A089473.
//! **Proved by:** `stats_print_the_published_table_without_reading_input` (below: every row
//! against A089473, both farthest boards 31 moves away, the unreachable example odd).

use std::io::{self, Write};

use super::trace::draw;
use crate::search::Solver;
use crate::state::{Board, STATES};

/// Examples shown at the maximum depth.
const FARTHEST_SHOWN: usize = 2;

/// The whole state space as a table: for each distance from the goal the number of boards and
/// the running total (OEIS A089473), the maximum distance with its boards (two, both listed and
/// drawn; were there more, the first two would be shown), and the unreachable boards with the
/// reason.
///
/// # Complexity
/// O(9!) for the scans of the table (the table itself is [`Solver::new`]'s).
pub(crate) fn write_stats(out: &mut dyn Write, solver: &Solver) -> io::Result<()> {
    let sizes = solver.layer_sizes();
    writeln!(
        out,
        "eight: distances to the goal 1 2 3 / 4 5 6 / 7 8 x, one move = the blank swaps with a neighbour"
    )?;
    let total = common::stats::write_layer_table(&mut &mut *out, "boards", &sizes)?;
    writeln!(
        out,
        "solvable: {total} boards (9!/2), all reached by one breadth-first search from the goal (OEIS A089473)"
    )?;
    let deepest = sizes.len() - 1;
    let farthest: Vec<Board> = solver.boards_at(deepest as u8).take(FARTHEST_SHOWN).collect();
    let listed: Vec<String> = farthest.iter().map(Board::to_string).collect();
    writeln!(
        out,
        "maximum depth {deepest} (the diameter): {} board{}, {}{}",
        sizes[deepest],
        if sizes[deepest] == 1 { "" } else { "s" },
        if sizes[deepest] > farthest.len() { "e.g. " } else { "" },
        listed.join(" and ")
    )?;
    draw(out, &farthest)?;
    let unreached = STATES - total;
    let example = (0..STATES)
        .map(Board::from_rank)
        .find(|board| solver.distance(board).is_none());
    write!(out, "unreachable: {unreached} boards (9! - 9!/2)")?;
    if let Some(example) = example {
        write!(out, ", e.g. {example}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "  why: their tiles 1-8, read row by row without the blank, have an odd number of inversions;\n  \
         a sideways move keeps that reading order and a vertical one carries one tile past two others,\n  \
         so no move changes the parity, and the goal has 0; eight answers them `unsolvable` at once"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::DIAMETER;
    use crate::testkit::{board, main_output, Unreadable, A089473, SOLVABLE};

    /// OEIS A089473: the number of 8-puzzle boards at each distance from the goal.
    #[test]
    fn stats_print_the_published_table_without_reading_input() {
        let (text, diagnostics) = main_output(&["--stats"], Unreadable).unwrap();
        assert_eq!(diagnostics, "");
        // The rows: every line of three numbers, depth, boards, running total.
        let rows: Vec<[usize; 3]> = text
            .lines()
            .filter_map(|line| {
                let numbers: Vec<usize> = line
                    .split_whitespace()
                    .map(|word| word.parse().ok())
                    .collect::<Option<_>>()?;
                numbers.try_into().ok()
            })
            .collect();
        let mut total = 0;
        assert_eq!(rows.len(), A089473.len(), "{text}");
        for (depth, (row, &count)) in rows.iter().zip(&A089473).enumerate() {
            total += count;
            assert_eq!(*row, [depth, count, total], "{text}");
        }
        assert_eq!(total, SOLVABLE);
        assert!(text.contains("\n   31       2  181440\n"), "{text}");
        assert!(text.contains("\nsolvable: 181440 boards (9!/2)"), "{text}");
        // Both boards at the maximum depth, named and drawn, truly 31 moves away.
        let farthest = "maximum depth 31 (the diameter): 2 boards, 6 4 7 8 5 x 3 2 1 and 8 6 7 2 5 4 3 x 1\n";
        assert!(text.contains(farthest), "{text}");
        assert!(
            text.contains("\n  | 6 4 7 |  | 8 6 7 |\n  | 8 5 x |  | 2 5 4 |\n  | 3 2 1 |  | 3 x 1 |\n"),
            "{text}"
        );
        let solver = Solver::new();
        for example in ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"] {
            assert_eq!(solver.distance(&board(example)), Some(DIAMETER));
        }
        // The other half, with an example that is indeed odd and unanswerable.
        let unreachable = "\nunreachable: 181440 boards (9! - 9!/2), e.g. 1 2 3 4 5 6 8 7 x\n";
        assert!(text.contains(unreachable), "{text}");
        assert!(text.contains("odd number of inversions"), "{text}");
        assert_eq!(board("1 2 3 4 5 6 8 7 x").inversions(), 1);
        assert_eq!(main_output(&[], &b"1 2 3 4 5 6 8 7 x"[..]).unwrap().0, "unsolvable\n");
        // --format has nothing to read and --trace nothing to draw: the same table, stderr empty.
        for args in [&["--stats", "--format", "uva652"][..], &["--trace", "--stats"][..]] {
            assert_eq!(
                main_output(args, Unreadable).unwrap(),
                (text.clone(), String::new()),
                "{args:?}"
            );
        }
    }
}
