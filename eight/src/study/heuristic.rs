//! IDA*'s heuristic as the study page shows it: the search's own value, and the same value worked
//! out tile by tile, to draw on a board.
//!
//! **Equals:** [`heuristic`] is [`crate::search::ida`]'s heuristic (Manhattan distance plus
//! linear conflict, from its tables); [`heuristic_parts`] is the same sum computed cell by cell
//! from the definition in the `ida` module's docs.
//! **Proved by:** `heuristic_parts_add_up_to_the_heuristic_on_every_board` (below, all 9!
//! boards), and `iterations_climb_by_two_from_the_heuristic_to_the_distance` (`race.rs`: the
//! heuristic is at most the distance and of its parity).

use crate::state::Board;

/// IDA*'s heuristic `h` of `board`, its first bound: Manhattan distance plus linear conflict
/// ([`crate::search::ida`]'s docs prove it admissible and of the distance's parity), from the search's
/// own tables.
///
/// # Complexity
/// Six table loads.
pub fn heuristic(board: &Board) -> u8 {
    crate::search::ida::heuristic(&board.cells())
}

/// IDA*'s [`heuristic`] taken apart tile by tile, to draw on a board: each tile's Manhattan
/// distance, the linear conflicts, and the tiles counted as leaving their line; the parts add up
/// to [`heuristic`] (`sum(manhattan) + sum(detours)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicParts {
    /// For each cell in reading order, how far its tile is from the tile's goal cell in rows
    /// plus columns (0 for the blank).
    pub manhattan: [u8; 9],
    /// The linear conflicts: pairs of cells `(a, b)`, `a` first along one row (or column), whose
    /// tiles both belong to that row (column) and stand in the reverse of their goal order.
    pub conflicts: Vec<(u8, u8)>,
    /// For each cell, 2 for each of its lines (row, column) its tile must leave and re-enter:
    /// in each line, the tiles that belong to it outside a longest run already in goal order
    /// (the first such run in reading order; any longest run gives the same count, which is
    /// all the heuristic uses).
    pub detours: [u8; 9],
}

/// [`HeuristicParts`] of `board`, worked out cell by cell, as the `ida` module's docs define the
/// heuristic (not from its tables, so a test can hold the two against each other).
///
/// # Complexity
/// O(9): six lines of three cells.
pub fn heuristic_parts(board: &Board) -> HeuristicParts {
    let cells = board.cells();
    let mut parts = HeuristicParts {
        manhattan: [0; 9],
        conflicts: Vec::new(),
        detours: [0; 9],
    };
    for (cell, &value) in cells.iter().enumerate() {
        if value < 8 {
            let (value, cell) = (usize::from(value), cell);
            parts.manhattan[cell] = ((value / 3).abs_diff(cell / 3) + (value % 3).abs_diff(cell % 3)) as u8;
        }
    }
    // Lines 0..3 are the rows, 3..6 the columns; `along` is a tile's goal place along its line.
    for line in 0..6 {
        let line_cells: Vec<usize> = (0..3)
            .map(|i| if line < 3 { 3 * line + i } else { 3 * i + line - 3 })
            .collect();
        let own: Vec<(usize, usize)> = line_cells
            .iter()
            .map(|&cell| (cell, usize::from(cells[cell])))
            .filter(|&(_, value)| {
                value < 8
                    && if line < 3 {
                        value / 3 == line
                    } else {
                        value % 3 == line - 3
                    }
            })
            .map(|(cell, value)| (cell, if line < 3 { value % 3 } else { value / 3 }))
            .collect();
        for (i, &(first, first_along)) in own.iter().enumerate() {
            for &(second, second_along) in &own[i + 1..] {
                if first_along > second_along {
                    parts.conflicts.push((first as u8, second as u8));
                }
            }
        }
        // The longest run in goal order: the largest subset (at most 3 tiles, 8 subsets) whose
        // goal places increase; the first found of the largest size is kept.
        let increasing = |mask: usize| {
            let kept: Vec<usize> = (0..own.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| own[i].1)
                .collect();
            kept.windows(2).all(|pair| pair[0] < pair[1])
        };
        let keep = (0..1usize << own.len())
            .filter(|&mask| increasing(mask))
            .fold(0usize, |best, mask| {
                if mask.count_ones() > best.count_ones() {
                    mask
                } else {
                    best
                }
            });
        for (i, &(cell, _)) in own.iter().enumerate() {
            if keep & (1 << i) == 0 {
                parts.detours[cell] += 2;
            }
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::board;

    #[test]
    fn heuristic_parts_add_up_to_the_heuristic_on_every_board() {
        // Every one of the 9! boards, solvable or not: the tile-by-tile parts sum to the tables'
        // total, a line with a detour has a conflict, and a conflict makes a detour.
        for board in crate::testkit::all_boards() {
            let parts = heuristic_parts(&board);
            let total: u32 = parts
                .manhattan
                .iter()
                .chain(&parts.detours)
                .map(|&part| u32::from(part))
                .sum();
            assert_eq!(total, u32::from(heuristic(&board)), "{:?}", board.cells());
            assert_eq!(
                parts.conflicts.is_empty(),
                parts.detours.iter().all(|&d| d == 0),
                "{:?}",
                board.cells()
            );
        }
        // By hand: 3 2 1 / 4 5 6 / 7 8 x: 3 and 1 two columns out, the top row's three tiles all
        // in reverse order (three conflicts), two of them leaving the row: h = 4 + 4.
        let parts = heuristic_parts(&board("321456 78x"));
        assert_eq!(parts.manhattan, [2, 0, 2, 0, 0, 0, 0, 0, 0]);
        assert_eq!(parts.conflicts, vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(parts.detours.iter().sum::<u8>(), 4);
        assert_eq!(heuristic(&board("321456 78x")), 8);
    }
}
