//! One board's answer by a lexicographically ordered IDA*, for runs too short to pay for the
//! distance table.
//!
//! **Equals:** [`plain::Table::answer`](crate::plain::Table::answer), byte for byte, on every
//! solvable board. **Proved by:** the argument below, and the tests at the end of this file
//! (`every_solvable_board_gets_plains_answer` in release builds; in unoptimised builds, which
//! leave it out, every board within 16 moves and a seeded sample of every distance).
//!
//! # Input
//! A board is `[u8; 9]`: the cells in reading order, tile `1`..`8` as 0..=7 and the blank `x`
//! as 8 (the cells of [`Board::cells`](crate::Board::cells), the boards of [`plain`](crate::plain)). The caller has already answered
//! `unsolvable` by parity: this search is only for the 181,440 boards that reach the goal
//! (an unsolvable board would only ever end as [`Exhausted`]). The answer is the move letters
//! (`uldr`): `u` swaps the blank with the tile above it, so the blank moves up;
//! `l`, `d`, `r` likewise.
//!
//! # Method
//! Iterative deepening A* (Korf 1985). Each iteration is a depth-first search from the board
//! that tries the blank's moves in the order u, l, d, r, never the move that undoes the one just
//! made, and abandons a board when `g + h > bound`, where `g` is its depth and `h` the heuristic
//! below. The first bound is `h` of the board, then it grows by 2 until an iteration reaches the
//! goal; that iteration's first path is the answer.
//!
//! The heuristic is Manhattan distance plus linear conflict, read from tables: the vertical part
//! of the Manhattan distance depends only on which tiles a row holds, the horizontal part only on
//! which a column holds, and so does each line's conflict term. So `h` is the sum of six
//! per-line costs, each one table load keyed by the line's three cells. The search keeps the
//! board twice, as 4-bit cells in reading order and in column order, so that each line's key is
//! one shift and mask; a vertical move changes only rows' costs and a horizontal one only
//! columns', so a move recomputes three loads, and the blank's cell and the forbidden move are
//! compile-time constants of each search function (33 of them), so the frame's edges cost nothing.
//!
//! # Why the first path found is the answer (the same string as the table walk)
//! *The heuristic is admissible and has the distance's parity.* Write `d(s)` for the distance of
//! `s` to the goal. Every move carries one tile one step, so a path's length is the sum over the
//! tiles of the vertical and the horizontal steps each makes. A tile makes at least its Manhattan
//! distance of them; so the sum `M(s) ≤ d(s)`, and as every move changes `M` by exactly 1 and
//! `M` is 0 at the goal, `M(s) ≡ d(s) (mod 2)`. Linear conflict: take the tiles that are in their
//! goal row. Two that never leave the row never pass each other, so those that stay are in the
//! order of their goal columns already: at most a longest increasing run of them, and each of
//! the others makes two vertical steps (out and back) where `M` counts none for it. Columns
//! likewise, with horizontal steps. A tile is in one row and one column, and a row's extra steps
//! are vertical while a column's are horizontal, so no step is counted twice:
//! `h = M + 2·(tiles that must leave their line) ≤ d`, and `h ≡ d (mod 2)`.
//!
//! *The last bound is the distance `d*` of the board.* Every board on a path from the start has
//! `g + h ≡ g + d ≡ d* (mod 2)` (a move changes `d` by ±1), so bounds stay `≡ d*`; the first is
//! `h ≤ d*`. An iteration with bound `b` only reaches the goal at some depth `g ≤ b`, along a path
//! of length `g ≥ d*`, so bounds below `d*` find nothing and the bound reaches `d*` exactly. There,
//! along any shortest path every board has `g + h ≤ g + d = d*`: nothing on it is abandoned, and
//! it never makes a move and its inverse in a row (dropping the pair would be shorter), so the
//! parent rule keeps it too. The iteration at `d*` therefore visits every shortest path.
//!
//! *The first one it visits is the smallest.* Without pruning, a depth-first search that tries
//! children in u < l < d < r order visits the paths of its tree in preorder, and among paths of
//! the same length preorder is lexicographic order of their strings. Abandoning a board or a
//! move back only cuts subtrees: the paths that remain are visited in the same relative order,
//! and every shortest path remains (above). Every path that reaches the goal in this iteration
//! has length `d*` (at least `d*` as a path to the goal, at most the bound), so the first one to
//! reach it, where the search stops, is the smallest string among the shortest: the string the
//! greedy table walk writes, byte for byte.
//!
//! # Budget
//! A search counts the boards it expands (each call of the search, including each iteration's
//! root) and gives up with [`Exhausted`] when it would expand one more than its budget, so a
//! caller can stop searching and build the table instead. An expansion, with the children it
//! prices, is a few dozen instructions; the table costs O(9!/2 · 4) moves of about as many, some
//! hundreds of thousands of expansions' worth, while a single board needs far fewer (the
//! hardest some tens of thousands; `examples/ida_one.rs --all` counts every board's). So a
//! run-wide budget between the two, spent through [`solve_within`], never builds the table for
//! one board and spends a fraction of the table's cost before building it for a long run.
//!
//! # Complexity
//! Worst case exponential in the distance (at most 31 for this puzzle), in practice bounded by
//! the budget. Memory: the recursion, at most 32 frames, and 24 KiB of static tables built at
//! compile time, so a search costs no set-up at run time.

use crate::state::{BLANK, DIAMETER, MOVE_NAMES, NEIGHBOURS, NO_CELL};

/// A search's `BACK` at the root: no move is forbidden (moves are 0..4).
const NO_BACK: usize = 4;

/// Where `cell` (reading order) sits in column order: column by column, top to bottom.
const fn transposed(cell: usize) -> usize {
    cell % 3 * 3 + cell / 3
}

/// The cost of one line: lines 0..3 are the rows top to bottom, 3..6 the columns left to right;
/// `values` are its three cells in order along the line (left to right in a row, top to bottom
/// in a column).
///
/// For a row: the vertical Manhattan distance of its tiles plus 2 for each of its goal-row tiles
/// outside a longest run in goal-column order (the linear conflict); a column the same way
/// across.
const fn line_cost(line: usize, values: [usize; 3]) -> u8 {
    let index = line % 3;
    let mut cost = 0;
    // Goal positions along the line of the tiles that belong to it, in their present order.
    let mut along = [0usize; 3];
    let mut count = 0;
    let mut i = 0;
    while i < 3 {
        let value = values[i];
        if value < 8 {
            let (goal_across, goal_along) = if line < 3 {
                (value / 3, value % 3)
            } else {
                (value % 3, value / 3)
            };
            cost += goal_across.abs_diff(index);
            if goal_across == index {
                along[count] = goal_along;
                count += 1;
            }
        }
        i += 1;
    }
    // Longest increasing subsequence of along[..count]: longest[i] ends at i.
    let mut longest = [1usize; 3];
    let mut best = 0;
    let mut i = 0;
    while i < count {
        let mut j = 0;
        while j < i {
            if along[j] < along[i] && longest[j] + 1 > longest[i] {
                longest[i] = longest[j] + 1;
            }
            j += 1;
        }
        if longest[i] > best {
            best = longest[i];
        }
        i += 1;
    }
    (cost + 2 * (count - best)) as u8
}

/// `LINE_COST[line][key]`, [`line_cost`] for every key: the line's three cells as 4-bit fields,
/// the first along the line lowest. Keys that are not three distinct values 0..=8 stay 0.
static LINE_COST: [[u8; 4096]; 6] = {
    let mut table = [[0; 4096]; 6];
    let mut line = 0;
    while line < 6 {
        let mut key = 0;
        while key < 9 * 9 * 9 {
            let values = [key % 9, key / 9 % 9, key / 81];
            let packed = values[0] | values[1] << 4 | values[2] << 8;
            table[line][packed] = line_cost(line, values);
            key += 1;
        }
        line += 1;
    }
    table
};

/// The rows' share of `h`: the cells in reading order, 4 bits each.
#[inline(always)]
fn row_costs(rows: u64) -> u8 {
    LINE_COST[0][(rows & 0xfff) as usize]
        + LINE_COST[1][(rows >> 12 & 0xfff) as usize]
        + LINE_COST[2][(rows >> 24 & 0xfff) as usize]
}

/// The columns' share of `h`: the cells in column order, 4 bits each.
#[inline(always)]
fn column_costs(columns: u64) -> u8 {
    LINE_COST[3][(columns & 0xfff) as usize]
        + LINE_COST[4][(columns >> 12 & 0xfff) as usize]
        + LINE_COST[5][(columns >> 24 & 0xfff) as usize]
}

/// The search gave up: it would have expanded more boards than its budget allowed (or the board
/// was unsolvable, which the caller rules out by parity first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted;

/// The smallest shortest answer for a solvable `board`, as move letters, or [`Exhausted`] if
/// finding it would expand more boards than `budget` holds; `budget` is left holding what the
/// search did not use (0 after [`Exhausted`]), so one budget can span the boards of a run.
///
/// # Constraints
/// `board` is a permutation of 0..=8 (8 the blank) with an even number of inversions among the
/// tiles; the caller answers the other half `unsolvable` without calling.
///
/// # Example
/// ```
/// let sample = [1, 2, 3, 0, 4, 8, 6, 5, 7]; // 2 3 4 / 1 5 x / 7 6 8
/// let mut budget = u64::MAX;
/// let answer = eight::ida::solve_within(&sample, &mut budget).unwrap();
/// assert_eq!(answer, b"ullddrurdllurdruldr");
/// let mut short = 10;
/// assert_eq!(eight::ida::solve_within(&sample, &mut short), Err(eight::ida::Exhausted));
/// ```
///
/// # Complexity
/// At most `budget` expansions of a few dozen instructions each (see the module docs).
pub fn solve_within(board: &[u8; 9], budget: &mut u64) -> Result<Vec<u8>, Exhausted> {
    solve_reporting(board, budget, &mut |_, _| {})
}

/// [`solve_within`], calling `report(bound, expansions)` after each iteration with its bound and
/// the boards it expanded: what the study page shows of the search (`crate::study::iterations`).
pub(crate) fn solve_reporting(
    board: &[u8; 9],
    budget: &mut u64,
    report: &mut dyn FnMut(u8, u64),
) -> Result<Vec<u8>, Exhausted> {
    debug_assert!(is_permutation(board), "{board:?} is not a board");
    let mut rows = 0;
    let mut columns = 0;
    let mut blank = 0;
    for (cell, &value) in board.iter().enumerate() {
        rows |= u64::from(value) << (4 * cell);
        columns |= u64::from(value) << (4 * transposed(cell));
        if value == BLANK {
            blank = cell;
        }
    }
    let (row_cost, column_cost) = (row_costs(rows), column_costs(columns));
    let mut search = Search {
        left: *budget,
        bound: row_cost + column_cost,
        path: [0; DIAMETER as usize],
    };
    loop {
        let bound = search.bound;
        let before = search.left;
        let flow = enter(blank, NO_BACK, &mut search, rows, columns, row_cost, column_cost, bound);
        *budget = search.left;
        report(bound, before - search.left);
        match flow {
            Flow::Found => return Ok(search.path[..usize::from(bound)].to_vec()),
            Flow::Exhausted => return Err(Exhausted),
            // Bounds keep the distance's parity (module docs), so the next useful one is 2 up.
            Flow::Deeper if bound + 2 > DIAMETER => return Err(Exhausted),
            Flow::Deeper => search.bound += 2,
        }
    }
}

/// The heuristic `h` of `board` (module docs: Manhattan distance plus linear conflict), read from
/// the same per-line tables the search uses: the first bound of its iterations.
pub(crate) fn heuristic(board: &[u8; 9]) -> u8 {
    let mut rows = 0;
    let mut columns = 0;
    for (cell, &value) in board.iter().enumerate() {
        rows |= u64::from(value) << (4 * cell);
        columns |= u64::from(value) << (4 * transposed(cell));
    }
    row_costs(rows) + column_costs(columns)
}

/// Whether `board` holds each of 0..=8 once.
fn is_permutation(board: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for &value in board {
        seen |= 1 << value.min(15);
    }
    seen == 0x1ff
}

/// What a search below a board reports.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// No path to the goal within the bound: the next iteration must go deeper.
    Deeper,
    /// The goal: the path is in [`Search::path`].
    Found,
    /// The budget ran out.
    Exhausted,
}

/// One iteration's shared state.
struct Search {
    /// Expansions still allowed.
    left: u64,
    /// The iteration's bound on `g + h`.
    bound: u8,
    /// The moves of the path found, written as the search returns from it.
    path: [u8; DIAMETER as usize],
}

/// Expands a board with the blank in cell `B`, reached by the inverse of move `BACK` (or the
/// start, `BACK` = [`NO_BACK`]); `room` is the bound minus the board's depth, and `h = row_cost +
/// column_cost <= room`.
fn visit<const B: usize, const BACK: usize>(
    search: &mut Search,
    rows: u64,
    columns: u64,
    row_cost: u8,
    column_cost: u8,
    room: u8,
) -> Flow {
    if search.left == 0 {
        return Flow::Exhausted;
    }
    search.left -= 1;
    if row_cost + column_cost == 0 {
        return Flow::Found;
    }
    // u, l, d, r: the order that makes the first path found the smallest (module docs).
    let flow = descend::<B, BACK, 0>(search, rows, columns, row_cost, column_cost, room);
    if flow != Flow::Deeper {
        return flow;
    }
    let flow = descend::<B, BACK, 1>(search, rows, columns, row_cost, column_cost, room);
    if flow != Flow::Deeper {
        return flow;
    }
    let flow = descend::<B, BACK, 2>(search, rows, columns, row_cost, column_cost, room);
    if flow != Flow::Deeper {
        return flow;
    }
    descend::<B, BACK, 3>(search, rows, columns, row_cost, column_cost, room)
}

/// Tries move `M` from a board [`visit`] is expanding: nothing at the frame's edge or for the
/// move that undoes the last one, nothing if the child's `h` exceeds the room left, else the
/// search below the child; on the way back from the goal it writes its letter into the path.
#[inline(always)]
fn descend<const B: usize, const BACK: usize, const M: usize>(
    search: &mut Search,
    rows: u64,
    columns: u64,
    row_cost: u8,
    column_cost: u8,
    room: u8,
) -> Flow {
    let target = NEIGHBOURS[B][M];
    if target == NO_CELL || M == BACK {
        return Flow::Deeper;
    }
    let target = usize::from(target);
    // The blank's cell gets the tile and the tile's cell the blank: flip both by tile ^ blank.
    let flip = (rows >> (4 * target) & 0xf) ^ u64::from(BLANK);
    let rows = rows ^ (flip * (1 << (4 * B) | 1 << (4 * target)));
    let columns = columns ^ (flip * (1 << (4 * transposed(B)) | 1 << (4 * transposed(target))));
    // A vertical move keeps every column's tiles and their order, a sideways one every row's.
    let (row_cost, column_cost) = if M % 2 == 0 {
        (row_costs(rows), column_cost)
    } else {
        (row_cost, column_costs(columns))
    };
    // The child's g + h exceeds the bound exactly when its h is at least the room left here.
    if row_cost + column_cost >= room {
        return Flow::Deeper;
    }
    // u and d undo each other, and l and r: the inverse of move m is m ^ 2.
    let flow = enter(target, M ^ 2, search, rows, columns, row_cost, column_cost, room - 1);
    if flow == Flow::Found {
        search.path[usize::from(search.bound - room)] = MOVE_NAMES[M];
    }
    flow
}

/// Calls the [`visit`] made for blank cell `cell` and forbidden move `back`; where both are
/// constants (every call but the root's) this folds to one direct call.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn enter(
    cell: usize,
    back: usize,
    search: &mut Search,
    rows: u64,
    columns: u64,
    row_cost: u8,
    column_cost: u8,
    room: u8,
) -> Flow {
    macro_rules! dispatch {
        ($(($c:literal, $b:literal)),* $(,)?) => {
            match (cell, back) {
                $(($c, $b) => visit::<$c, $b>(search, rows, columns, row_cost, column_cost, room),)*
                _ => unreachable!("blank cell {cell}, back move {back}"),
            }
        };
    }
    // Every cell with no forbidden move (the root), then each move that can lead into it.
    dispatch!(
        (0, 4),
        (1, 4),
        (2, 4),
        (3, 4),
        (4, 4),
        (5, 4),
        (6, 4),
        (7, 4),
        (8, 4),
        (0, 2),
        (0, 3),
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 1),
        (2, 2),
        (3, 0),
        (3, 2),
        (3, 3),
        (4, 0),
        (4, 1),
        (4, 2),
        (4, 3),
        (5, 0),
        (5, 1),
        (5, 2),
        (6, 0),
        (6, 3),
        (7, 0),
        (7, 1),
        (7, 3),
        (8, 0),
        (8, 1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plain::{self, GOAL};
    use crate::testkit::{ida_solve as solve, plain_answer, plain_table, solvable_boards};

    fn parse(text: &str) -> [u8; 9] {
        crate::testkit::board(text).cells()
    }

    fn text(moves: &[u8]) -> &str {
        std::str::from_utf8(moves).unwrap()
    }

    /// `h` of `board`, from its two packings.
    fn heuristic(board: &[u8; 9]) -> u8 {
        let (mut rows, mut columns) = (0u64, 0u64);
        for (cell, &v) in board.iter().enumerate() {
            rows |= u64::from(v) << (4 * cell);
            columns |= u64::from(v) << (4 * transposed(cell));
        }
        row_costs(rows) + column_costs(columns)
    }

    /// A seeded sample of every layer: up to `per_layer` boards of each distance 0..=31, in a
    /// shuffled order (both 31-move boards, as that layer has only two).
    #[cfg(debug_assertions)]
    fn sample(per_layer: usize) -> Vec<[u8; 9]> {
        let mut layers = vec![Vec::new(); usize::from(DIAMETER) + 1];
        for board in solvable_boards() {
            layers[usize::from(plain_table().distance(&board).unwrap())].push(board);
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut boards = Vec::new();
        for layer in &mut layers {
            for _ in 0..per_layer.min(layer.len()) {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let pick = (seed >> 33) as usize % layer.len();
                boards.push(layer.swap_remove(pick));
            }
        }
        boards
    }

    /// Every one of `boards` gets plain's answer.
    fn assert_plain_answers(boards: impl IntoIterator<Item = [u8; 9]>) -> usize {
        let mut checked = 0;
        for board in boards {
            let answer = solve(&board, u64::MAX).unwrap();
            assert_eq!(Some(text(&answer)), plain_answer(&board), "{board:?}");
            checked += 1;
        }
        checked
    }

    #[test]
    fn moves_follow_the_statement() {
        // u swaps the blank with the tile above it: the blank moves up.
        assert_eq!(solve(&parse("1 2 3 4 5 x 7 8 6"), 10), Ok(b"d".to_vec()));
        assert_eq!(solve(&parse("1 2 3 4 5 6 7 x 8"), 10), Ok(b"r".to_vec()));
        assert_eq!(solve(&GOAL, 1), Ok(Vec::new()));
        // Published answers (POJ 1077's sample; a 31-move board).
        let sample = solve(&parse("2 3 4 1 5 x 7 6 8"), u64::MAX).unwrap();
        assert_eq!(text(&sample), "ullddrurdllurdruldr");
        let far = solve(&parse("8 6 7 2 5 4 3 x 1"), u64::MAX).unwrap();
        assert_eq!(text(&far), "uulddrruuldldrruuldldrruullddrr");
    }

    #[test]
    fn line_costs_are_manhattan_plus_linear_conflict_by_hand() {
        // Row 0 holding 3 2 1 (values 2 1 0): in place vertically, one longest run of 1, so two
        // tiles must leave: 4. Its columns then hold one misplaced tile each.
        let row = |values: [usize; 3]| line_cost(0, values);
        assert_eq!(row([2, 1, 0]), 4);
        assert_eq!(row([0, 1, 2]), 0);
        assert_eq!(row([1, 0, 8]), 2);
        // Row 0 holding 7 x 4 (values 6, blank, 3): two rows down, one row down, no conflict.
        assert_eq!(row([6, 8, 3]), 3);
        // Column 0 holding 7 4 1 (values 6 3 0): reversed, 4 extra horizontal moves.
        assert_eq!(line_cost(3, [6, 3, 0]), 4);
        assert_eq!(line_cost(5, [2, 5, 8]), 0);
        // h of the 31-move board is admissible: at most 31 and odd like 31.
        let h = heuristic(&parse("8 6 7 2 5 4 3 x 1"));
        assert!(h <= 31 && h % 2 == 1, "h = {h}");
    }

    #[test]
    fn heuristic_is_admissible_with_the_distances_parity_on_every_board() {
        for board in solvable_boards() {
            let (h, d) = (heuristic(&board), plain_table().distance(&board).unwrap());
            assert!(h <= d && (d - h) % 2 == 0, "{board:?}: h {h}, distance {d}");
        }
    }

    // The two tests below check parts of what `every_solvable_board_gets_plains_answer` checks
    // whole: they are for unoptimised builds, which leave that one out.
    #[test]
    #[cfg(debug_assertions)]
    fn every_board_within_16_moves_gets_plains_answer() {
        let near = solvable_boards().filter(|board| plain_table().distance(board).unwrap() <= 16);
        // A089473: boards at distances 0..=16.
        assert_eq!(
            assert_plain_answers(near),
            1 + 2 + 4 + 8 + 16 + 20 + 39 + 62 + 116 + 152 + 286 + 396 + 748 + 1024 + 1893 + 2512 + 4485
        );
    }

    #[test]
    #[cfg(debug_assertions)]
    fn a_seeded_sample_of_every_distance_gets_plains_answer() {
        let boards = sample(10);
        assert!(boards.contains(&parse("8 6 7 2 5 4 3 x 1")));
        assert!(boards.contains(&parse("6 4 7 8 5 x 3 2 1")));
        assert_plain_answers(boards);
    }

    /// Every solvable board: release only (`cargo test --release -p eight ida`), as it takes
    /// some hundred million expansions.
    #[test]
    #[cfg(not(debug_assertions))]
    fn every_solvable_board_gets_plains_answer() {
        assert_eq!(assert_plain_answers(solvable_boards()), 181_440);
    }

    #[test]
    fn the_budget_is_counted_exactly() {
        for board in [parse("8 6 7 2 5 4 3 x 1"), parse("2 3 4 1 5 x 7 6 8")] {
            let mut left = u64::MAX;
            let answer = solve_within(&board, &mut left).unwrap();
            let needed = u64::MAX - left;
            assert!(needed > 1);
            assert_eq!(solve(&board, needed), Ok(answer));
            assert_eq!(solve(&board, needed - 1), Err(Exhausted));
            assert_eq!(solve(&board, 0), Err(Exhausted));
            let mut short = needed - 1;
            assert_eq!(solve_within(&board, &mut short), Err(Exhausted));
            assert_eq!(short, 0);
        }
        // The goal is one expansion, nothing less.
        assert_eq!(solve(&GOAL, 0), Err(Exhausted));
    }

    #[test]
    fn an_unsolvable_board_ends_exhausted() {
        // Swapping two tiles of the goal: odd, never reached. Bounded, the search gives up.
        let board = parse("2 1 3 4 5 6 7 8 x");
        assert!(!plain::is_solvable(&board));
        assert_eq!(solve(&board, 100_000), Err(Exhausted));
    }
}
