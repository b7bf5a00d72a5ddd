//! A second msquare, written from the statement's pictures rather than from the solver's index
//! tables: the board is two rows of four, the moves act on rows and columns, and the smallest
//! shortest sequence of every board comes from a dynamic programme over BFS layers (the minimum
//! over all shortest predecessors), not from first discovery.

use super::ShortKeyMap;
use crate::alloc::{self, OutOfMemory};

/// Two rows of four colours, as drawn: `rows[0]` is the top row left to right, `rows[1]` the
/// bottom row left to right.
pub type Grid = [[u8; 4]; 2];

/// The basic state 1 2 3 4 / 8 7 6 5.
pub const BASIC: Grid = [[1, 2, 3, 4], [8, 7, 6, 5]];

/// The grid for colours listed clockwise from the top-left corner.
pub fn grid_from_clockwise(colours: &[u8; 8]) -> Grid {
    let c = colours;
    [[c[0], c[1], c[2], c[3]], [c[7], c[6], c[5], c[4]]]
}

/// Move `letter` (`A`, `B` or `C`) applied to `grid`; `None` for any other letter.
pub fn apply(grid: &Grid, letter: u8) -> Option<Grid> {
    let mut next = *grid;
    match letter {
        b'A' => next = [grid[1], grid[0]],
        b'B' => {
            for row in next.iter_mut() {
                row.rotate_right(1);
            }
        }
        b'C' => {
            // The centre square (top 1, top 2, bottom 2, bottom 1) turns clockwise.
            next[0][1] = grid[1][1];
            next[0][2] = grid[0][1];
            next[1][2] = grid[0][2];
            next[1][1] = grid[1][2];
        }
        _ => return None,
    }
    Some(next)
}

/// What [`try_smallest_shortest_sequences`] names when its memory is refused.
pub const TABLE: &str = "the msquare reference table";

/// For every board, the lexicographically smallest of its shortest sequences from the basic
/// state.
///
/// # Panics
/// If the table's memory is refused (see [`try_smallest_shortest_sequences`]).
pub fn smallest_shortest_sequences() -> ShortKeyMap<Grid, String> {
    try_smallest_shortest_sequences().unwrap_or_else(|refused| panic!("{refused}"))
}

/// [`smallest_shortest_sequences`], with every table, layer and sequence asked for fallibly.
///
/// # Errors
/// If memory for any of them is refused.
pub fn try_smallest_shortest_sequences() -> Result<ShortKeyMap<Grid, String>, OutOfMemory> {
    let mut best: ShortKeyMap<Grid, String> = ShortKeyMap::default();
    // Every board is reached: the eight colours' 8! arrangements.
    alloc::reserve_entries(&mut best, 40_320, TABLE)?;
    alloc::insert_new(&mut best, BASIC, String::new(), TABLE)?;
    let mut layer = alloc::vec_with_capacity(1, TABLE)?;
    layer.push(BASIC);
    while !layer.is_empty() {
        let mut candidates: ShortKeyMap<Grid, String> = ShortKeyMap::default();
        for grid in &layer {
            let prefix = &best[grid];
            for letter in *b"ABC" {
                let next = apply(grid, letter).expect("a valid letter");
                if best.contains_key(&next) {
                    continue;
                }
                let mut sequence = alloc::string_with_capacity(prefix.len() + 1, TABLE)?;
                sequence.push_str(prefix);
                sequence.push(letter as char);
                match candidates.get_mut(&next) {
                    Some(kept) if sequence < *kept => *kept = sequence,
                    Some(_) => {}
                    None => alloc::insert_new(&mut candidates, next, sequence, TABLE)?,
                }
            }
        }
        layer = alloc::vec_with_capacity(candidates.len(), TABLE)?;
        layer.extend(candidates.keys().copied());
        // With the room made first, extending moves the entries without allocating.
        alloc::reserve_entries(&mut best, candidates.len(), TABLE)?;
        best.extend(candidates);
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_examples() {
        let all = smallest_shortest_sequences();
        assert_eq!(all.len(), 40_320);
        assert_eq!(all[&grid_from_clockwise(&[2, 6, 8, 4, 5, 7, 3, 1])], "BCABCCB");
        assert_eq!(all[&BASIC], "");
        assert_eq!(all.values().map(String::len).max(), Some(22));
    }
}
