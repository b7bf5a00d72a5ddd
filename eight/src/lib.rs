//! POJ 1077 / HDU 1043 / ZOJ 1217 / UVa 652 "Eight": the 8-puzzle, every answer walked from one
//! distance table.
//!
//! A 3×3 frame holds the tiles 1..8 and a blank `x`, read row by row; the goal is
//!
//! ```text
//! 1 2 3
//! 4 5 6
//! 7 8 x
//! ```
//!
//! A move swaps `x` with a neighbour, named by where that neighbour is: `u` the tile above the
//! blank, `l` left, `d` below, `r` right. For each board the answer is `unsolvable`, an empty line
//! for the goal itself, or the shortest move string, and among the shortest the smallest in the
//! order u < l < d < r.
//!
//! # Encoding
//! A [`Board`] is the permutation of 0..9 that lists, cell by cell, the tile minus one, with the
//! blank as 8. Its lexicographic rank ([`common::perm`]) is a perfect hash into 0..9!, the goal
//! is rank 0, and a plain array indexed by rank replaces a hash map. A move swaps the blank with
//! one cell, which changes the Lehmer code only at the two cells and the (at most two) cells
//! between them, and the change is linear in which cells hold values smaller than the moving
//! tile; so [`Board::step`] updates the rank with a few word operations from a table of 24
//! rules, without ranking the new board.
//!
//! # Method
//! One breadth-first search from the goal (`distance_table`, eight's own, specialised to the
//! blank's cell and the move it came by) gives the exact distance to the goal of every board it
//! reaches: 181,440 of them, the boards whose tiles (blank left out, in reading order) form an
//! even permutation. The other 181,440 are never reached: a sideways move keeps the tiles'
//! reading order, a vertical one carries one tile past two others, so the parity of the
//! inversions never changes, and the goal has none.
//!
//! A board's answer is then walked from the table in O(answer length ≤ 31), with no search per
//! board: from the board, take the first move in u, l, d, r order whose result is one step closer
//! to the goal, until the goal. This yields the required answer. A string of `d` moves from a
//! board at distance `d` is shortest exactly when every move lowers the distance by one (a move
//! changes it by at most one). The smallest shortest string must therefore begin with the smallest
//! move that lowers the distance, and continue with the smallest shortest string from where that
//! move leads; by induction on `d` the greedy walk writes exactly that string. (The search tree of
//! the same BFS would not do: it keeps the smallest path *from the goal*, and reversed, that path
//! breaks ties on its last moves, not its first.)
//!
//! # Input
//! Every non-whitespace byte is one tile (`1`..`8` or `x`) and nine tiles make a board, so boards
//! may be written with any spacing, one tile a line, or with no spaces at all; CRLF line ends and
//! tabs are whitespace. The input is read and answered board by board, so memory stays flat
//! however long it is. Two layouts ([`Format`]):
//! - POJ 1077 / HDU 1043 / ZOJ 1217: boards until the end of input, one answer line each.
//! - UVa 652: a count `N` on the first non-blank line, then `N` boards; the answers are separated
//!   by one empty line.
//!
//! Unless `--format` says which, the layout is told from a look at most 11 tiles ahead (see
//! [`detect_layout`] for the rule and why it reads no further).
//!
//! # Study mode
//! [`main_with`] adds two switches to the judge behaviour: `--stats` prints the distance table
//! ([`write_stats`]: boards per depth, the diameter 31 and its two boards, the odd half) and reads
//! no input; `--trace` answers as usual and draws every answer step by step on stderr
//! ([`write_trace`]), leaving stdout byte for byte the judge answer.
//!
//! # Complexity
//! The table: O(9! · 4) time and about 1.8 MB (8 bytes a reachable board, 1 a rank), built once
//! per run and only if a board needs it. Each board: O(9) to read and check, O(answer length) to
//! answer.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};
use std::str::FromStr;

use common::cli::Failure;
use common::perm::FACTORIALS;
use common::scan::{Position, Scanner};

mod ida;

/// Distance recorded for a board the search never reaches: the unsolvable half. The same marker
/// as `common::queue::UNREACHED` (a test compares this table with `bfs_distances`'s byte for
/// byte), defined here so that a single-file submission need not carry the queue module.
pub const UNREACHED: u8 = u8::MAX;

/// Cells in the frame.
pub const CELLS: usize = 9;

/// The value of the blank in a [`Board`]'s cells (tiles 1..8 are 0..7).
pub const BLANK: u8 = 8;

/// Number of boards, solvable or not: 9!.
pub const STATES: usize = 362_880;

/// Number of boards from which the goal can be reached: 9! / 2.
pub const SOLVABLE: usize = 181_440;

/// The moves' letters, in the order that defines "smallest"; a move's number is its index here.
pub const MOVE_NAMES: [u8; 4] = *b"uldr";

/// The longest shortest answer: two boards need 31 moves.
pub const DIAMETER: u8 = 31;

/// Marks "no such cell" in [`NEIGHBOURS`].
const NO_CELL: u8 = u8::MAX;

/// `NEIGHBOURS[cell][m]` is the cell whose tile move `m` (u, l, d, r) swaps with a blank in `cell`,
/// or [`NO_CELL`] at the frame's edge.
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[NO_CELL; 4]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, column) = (cell / 3, cell % 3);
        if row > 0 {
            table[cell][0] = (cell - 3) as u8;
        }
        if column > 0 {
            table[cell][1] = (cell - 1) as u8;
        }
        if row < 2 {
            table[cell][2] = (cell + 3) as u8;
        }
        if column < 2 {
            table[cell][3] = (cell + 1) as u8;
        }
        cell += 1;
    }
    table
};

/// Bits per cell in a [`Board`]'s word: values 0..8 need four, and a fifth, always zero in a
/// board, guards the lane against borrows, so one subtraction compares all nine cells with a tile.
const LANE: usize = 5;

/// Where the rank starts in a [`Board`]'s word, above the nine lanes; 9! < 2^19 fits the rest.
const RANK_SHIFT: usize = LANE * CELLS;

/// A one in the lowest bit of each of the nine lanes.
const LANE_ONES: u64 = {
    let mut ones = 0;
    let mut cell = 0;
    while cell < CELLS {
        ones |= 1 << (LANE * cell);
        cell += 1;
    }
    ones
};

/// The guard bit (bit 4) of each lane.
const LANE_GUARDS: u64 = LANE_ONES << (LANE - 1);

/// Bit 3 of each lane: set only in the blank's lane, as 8 is the only value that has it.
const LANE_BLANK_BITS: u64 = LANE_ONES << 3;

/// How one move changes a board's rank: by `base`, plus `after_weight` for each cell in `after`
/// holding a value smaller than the tile that moves, plus `weight` for each `(cell, weight)` in
/// `between` whose cell holds a smaller value.
#[derive(Clone, Copy, Debug)]
struct Rule {
    /// The cell whose tile moves into the blank, or [`NO_CELL`].
    target: u8,
    /// The part of the change that does not depend on the board.
    base: i32,
    /// Guard bits of the cells after both cells of the move.
    after: u64,
    /// What each smaller value there adds.
    after_weight: i32,
    /// The (at most two) cells between the two cells of a vertical move, with their weights;
    /// weight 0 where there is none.
    between: [(u8, i32); 2],
}

/// `RULES[blank][m]`: how move `m` changes the rank of a board with the blank in cell `blank`.
///
/// Why a move's rank change is linear in "cell `c` holds a smaller value than the tile `t`": say
/// the blank goes forward from cell `lo` to cell `hi` (moves r, d) and `t` back from `hi` to
/// `lo`; write `f(c) = (8 - c)!` for the weight of cell `c`'s Lehmer digit (the count of later
/// cells holding smaller values). Only the digits in `lo..=hi` change: cells after `hi` see the
/// same later values, and cells before `lo` the same set of them.
/// - At `lo` the digit goes from the blank's `8 - lo` (the blank is larger than every tile) to
///   `t`'s count of smaller later values: `+f(lo)` for every smaller value after `lo`.
/// - At `hi` it goes from `t`'s count of smaller values after `hi` to the blank's `8 - hi`:
///   `-f(hi)` for every smaller value after `hi`.
/// - A cell `c` between loses `t` as a later value, which counted if `t` was smaller, that is if
///   the cell's value is not: `-f(c) + f(c)·[smaller]`.
///
/// A backward move (u, l) is the inverse of a forward one, so its change is the negation.
const RULES: [[Rule; 4]; CELLS] = {
    let none = Rule {
        target: NO_CELL,
        base: 0,
        after: 0,
        after_weight: 0,
        between: [(0, 0); 2],
    };
    let mut table = [[none; 4]; CELLS];
    let mut blank = 0;
    while blank < CELLS {
        let mut step = 0;
        while step < 4 {
            let target = NEIGHBOURS[blank][step];
            if target != NO_CELL {
                let target = target as usize;
                let (low, high) = if blank < target {
                    (blank, target)
                } else {
                    (target, blank)
                };
                let sign = if blank < target { 1 } else { -1 };
                let weight_low = FACTORIALS[CELLS - 1 - low] as i32;
                let weight_high = FACTORIALS[CELLS - 1 - high] as i32;
                let last = (CELLS - 1) as i32;
                let mut base = weight_high * (last - high as i32) - weight_low * (last - low as i32);
                let mut between = [(0u8, 0i32); 2];
                let mut cell = low + 1;
                while cell < high {
                    let weight = FACTORIALS[CELLS - 1 - cell] as i32;
                    base -= weight;
                    between[cell - low - 1] = (cell as u8, sign * (weight_low + weight));
                    cell += 1;
                }
                let mut after = 0;
                let mut cell = high + 1;
                while cell < CELLS {
                    after |= 1 << (LANE * cell + LANE - 1);
                    cell += 1;
                }
                table[blank][step] = Rule {
                    target: target as u8,
                    base: sign * base,
                    after,
                    after_weight: sign * (weight_low - weight_high),
                    between,
                };
            }
            step += 1;
        }
        blank += 1;
    }
    table
};

/// A tile's character as written in the input and output (`1`..`8`, `x`).
fn tile_char(tile: u8) -> char {
    if tile == BLANK {
        'x'
    } else {
        char::from(b'1' + tile)
    }
}

/// A board: its cells row by row (tile minus one, the blank as [`BLANK`]) and their
/// lexicographic rank, in one 64-bit word, so a move is a few register operations and needs no
/// re-ranking, and the BFS queue holds 16 bytes a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Cell `c` in bits `5c..5c + 5` ([`LANE`]), the rank in bits 45..64 ([`RANK_SHIFT`]).
    word: u64,
}

impl Board {
    /// The goal, `1 2 3 4 5 6 7 8 x`: rank 0.
    pub const GOAL: Board = Board {
        word: {
            let mut word = 0;
            let mut cell = 0;
            while cell < CELLS {
                word |= (cell as u64) << (LANE * cell);
                cell += 1;
            }
            word
        },
    };

    /// The board with these cells and rank; the caller has checked they are a permutation.
    fn assemble(cells: &[u8; CELLS], rank: usize) -> Board {
        let mut word = (rank as u64) << RANK_SHIFT;
        for (cell, &value) in cells.iter().enumerate() {
            word |= u64::from(value) << (LANE * cell);
        }
        Board { word }
    }

    /// The board with these cells, or `None` if they are not a permutation of 0..9.
    ///
    /// # Complexity
    /// O(9).
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Board> {
        let mut seen = 0u16;
        for &cell in &cells {
            if usize::from(cell) >= CELLS || seen & (1 << cell) != 0 {
                return None;
            }
            seen |= 1 << cell;
        }
        Some(Board::assemble(&cells, common::perm::rank(&cells)))
    }

    /// The board with this rank.
    ///
    /// # Panics
    /// If `rank >= 9!`.
    ///
    /// # Complexity
    /// O(9).
    pub fn from_rank(rank: usize) -> Board {
        let mut cells = [0u8; CELLS];
        common::perm::unrank(rank, &mut cells);
        Board::assemble(&cells, rank)
    }

    /// The value in `cell`: tile minus one, or [`BLANK`].
    fn cell(&self, cell: usize) -> u8 {
        (self.word >> (LANE * cell)) as u8 & 0xf
    }

    /// The cells row by row: tile minus one, the blank as [`BLANK`].
    ///
    /// # Complexity
    /// O(9).
    pub fn cells(&self) -> [u8; CELLS] {
        let mut cells = [0; CELLS];
        for (cell, value) in cells.iter_mut().enumerate() {
            *value = self.cell(cell);
        }
        cells
    }

    /// The lexicographic rank of the cells, in 0..9!.
    ///
    /// # Complexity
    /// O(1).
    pub fn rank(&self) -> usize {
        (self.word >> RANK_SHIFT) as usize
    }

    /// The blank's cell, 0..9 row by row.
    ///
    /// # Complexity
    /// O(1).
    pub fn blank(&self) -> usize {
        (self.word & LANE_BLANK_BITS).trailing_zeros() as usize / LANE
    }

    /// The number of inversions of the tiles read row by row with the blank left out: pairs of
    /// tiles where the larger comes first. The goal has none, and no move changes its parity.
    ///
    /// # Complexity
    /// O(9²) comparisons (36).
    pub fn inversions(&self) -> usize {
        let cells = self.cells();
        let mut inversions = 0;
        for (i, &tile) in cells.iter().enumerate() {
            if tile != BLANK {
                // The blank is the largest value, so it never counts as a smaller later tile.
                inversions += cells[i + 1..].iter().filter(|&&later| later < tile).count();
            }
        }
        inversions
    }

    /// Whether the goal can be reached: the tiles, blank left out, form an even permutation.
    ///
    /// # Complexity
    /// O(9²) comparisons (36).
    pub fn is_solvable(&self) -> bool {
        self.inversions() % 2 == 0
    }

    /// The board after move `step` (0 = u, 1 = l, 2 = d, 3 = r), or `None` if the blank is at
    /// that edge of the frame.
    ///
    /// The rank is updated from a table of rules (`RULES`, in the source), not recomputed: one subtraction compares every cell
    /// with the moving tile, one multiplication counts the smaller ones after the move's cells,
    /// and at most two masked adds account for the cells between; no branches on the board.
    ///
    /// # Panics
    /// If `step > 3`.
    ///
    /// # Complexity
    /// O(9).
    pub fn step(&self, step: u8) -> Option<Board> {
        let blank = self.blank();
        let rule = &RULES[blank][usize::from(step)];
        if rule.target == NO_CELL {
            return None;
        }
        let target = usize::from(rule.target);
        let tile = self.cell(target);
        // The guard bit of each lane holding a value smaller than the tile: (value | 16) - tile
        // keeps the guard exactly when value >= tile, and never borrows from the next lane.
        let smaller = !((self.word | LANE_GUARDS) - u64::from(tile) * LANE_ONES) & LANE_GUARDS;
        // Multiplying one bit per lane by LANE_ONES sums the lanes into the top one (at most 9,
        // so no lane carries into the next); the mask drops what spills into bit 63.
        let smaller_after =
            ((smaller & rule.after) >> (LANE - 1)).wrapping_mul(LANE_ONES) >> (LANE * (CELLS - 1)) & 0x1f;
        let mut change = rule.base + rule.after_weight * smaller_after as i32;
        for &(cell, weight) in &rule.between {
            let is_smaller = (smaller >> (LANE * usize::from(cell) + LANE - 1)) & 1;
            change += weight & -(is_smaller as i32);
        }
        // The blank's cell gets the tile and the tile's cell the blank: flip both by tile ^ blank.
        let flip = u64::from(tile ^ BLANK);
        let cells = self.word ^ flip << (LANE * blank) ^ flip << (LANE * target);
        Some(Board {
            word: cells.wrapping_add((i64::from(change) as u64) << RANK_SHIFT),
        })
    }
}

impl fmt::Display for Board {
    /// The judges' form: the nine tiles row by row, space-separated (`2 3 4 1 5 x 7 6 8`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &tile) in self.cells().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", tile_char(tile))?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = String;

    /// One board in any spacing the input accepts (`"2 3 4 1 5 x 7 6 8"`, `"23415x768"`), and
    /// nothing after it.
    fn from_str(text: &str) -> Result<Board, String> {
        let mut tiles = Tiles::new(text.as_bytes());
        match read_board(&mut tiles, 1) {
            Ok(Some(board)) => match tiles.next_tile() {
                Ok(None) => Ok(board),
                _ => Err("more than 9 tiles".to_string()),
            },
            Ok(None) => Err("no tiles".to_string()),
            Err(failure) => Err(failure.to_string()),
        }
    }
}

/// Solvable boards with the blank in any one cell: for each of the 9 cells, half of the 8!
/// orders of the tiles in the other cells.
const PER_BLANK: usize = SOLVABLE / CELLS;

/// Slots in each region of [`Build::queue`]: a power of two above [`PER_BLANK`], so that a
/// masked index needs no bounds check. Only the slots used are ever touched, so the unused
/// ones cost address space, not memory.
const REGION: usize = 1 << 15;

// A region holds boards with one blank cell, at most `PER_BLANK`, and one more slot is written
// past its end (see `Build::try_move`).
const _: () = assert!(PER_BLANK < REGION);

/// Region classes: blank cell × move not to try; class `4b + m` for the 24 legal pairs, and
/// [`ROOT_CLASS`] for the goal, which has no parent.
const CLASSES: usize = 4 * CELLS + 1;

/// The goal's class: blank in cell 8, every move tried.
const ROOT_CLASS: usize = 4 * CELLS;

/// The search's table has a slot for every value a rank field can hold (19 bits), so that a
/// rank read from a word indexes it with no bounds check; slots past 9! are never touched.
const RANK_SLOTS: usize = 1 << (64 - RANK_SHIFT);

/// The guard bit of `cell`'s lane in a [`Board`]'s word.
const fn guard(cell: usize) -> u64 {
    1 << (LANE * cell + LANE - 1)
}

/// Ones 5 bits apart, twelve of them: multiplying guard bits (bit 4 of a lane) by this adds them
/// all up in bits 59..63, as 59 = 5 · 11 + 4; each partial sum is at most 9 < 16, so none
/// carries into the next.
const SUM_INTO_TOP: u64 = {
    let mut ones = 0;
    let mut slot = 0;
    while slot < 12 {
        ones |= 1 << (LANE * slot);
        slot += 1;
    }
    ones
};

/// What [`distance_table`] works on.
struct Build {
    /// The queue, one region of [`REGION`] slots per class (see [`distance_table`]), each
    /// filled in discovery order. A queued word is a [`Board`]'s with every guard bit set.
    queue: Box<[u64; CLASSES * REGION]>,
    /// The boards queued so far in each region.
    tails: [usize; CLASSES],
    /// Distances by rank, [`UNREACHED`] until a board is reached.
    distances: Box<[u8; RANK_SLOTS]>,
}

impl Build {
    /// Tries move `M` on `word`, a queued board with the blank in cell `B`, unless `M` is
    /// `SKIP`, and records and queues the result at `distance` if it is new. All three are
    /// constants, so the rule folds into the code: no table look-up, no edge test, and the rank
    /// update is only the terms this move has.
    ///
    /// The rank update is [`Board::step`]'s, with the change kept shifted to the rank's bits so
    /// that each term is one multiplication; and as `word` has every guard bit set, the lane-wise
    /// subtraction needs no masking, and leaves a lane's guard set where its value is *not*
    /// smaller than the tile, so the terms count those, against constants adjusted to match.
    ///
    /// # Complexity
    /// O(1): about 30 word operations and no branch.
    #[inline(always)]
    fn try_move<const B: usize, const SKIP: usize, const M: usize>(&mut self, word: u64, distance: u8) {
        let rule = RULES[B][M];
        if rule.target == NO_CELL || M == SKIP {
            return;
        }
        let target = usize::from(rule.target);
        let tile = word >> (LANE * target) & 0xf;
        // Guard bit of lane c set: cell c holds a value not smaller than the tile.
        let not_smaller = word - tile * LANE_ONES;
        let to_rank = |weight: i64| (weight as u64) << RANK_SHIFT;
        // rule.base + Σ weight · [smaller], with [smaller] = 1 - [not smaller].
        let after_cells = i64::from(rule.after.count_ones());
        let mut base = i64::from(rule.base) + i64::from(rule.after_weight) * after_cells;
        let mut change = 0u64;
        if rule.after != 0 {
            let not_smaller_after = (not_smaller & rule.after).wrapping_mul(SUM_INTO_TOP) >> 59;
            change = not_smaller_after.wrapping_mul(to_rank(-i64::from(rule.after_weight)));
        }
        for (cell, weight) in rule.between {
            if weight != 0 {
                let cell = usize::from(cell);
                base += i64::from(weight);
                let term = (-i64::from(weight) as u64) << (RANK_SHIFT - LANE * cell - (LANE - 1));
                change = change.wrapping_add((not_smaller & guard(cell)).wrapping_mul(term));
            }
        }
        // The blank's cell gets the tile and the tile's cell the blank: flip both by tile ^ 8.
        let flip = (tile ^ u64::from(BLANK)) * (1 << (LANE * B) | 1 << (LANE * target));
        let child = (word ^ flip).wrapping_add(change).wrapping_add(to_rank(base));
        let rank = (child >> RANK_SHIFT) as usize;
        // No branch on whether the child is new (it is about 3 times in 5, at random): its
        // neighbour one layer up puts it at `distance` - 2, `distance` or unreached, so the
        // minimum is right in all three cases; and it is written past the region's end
        // anyway, where only a new child moves the end over it. Its class is its blank's
        // cell and the move back to `B`, the opposite of `M`.
        let old = self.distances[rank];
        self.distances[rank] = old.min(distance);
        let class = 4 * target + (M ^ 2);
        self.queue[class * REGION + self.tails[class] % REGION] = child;
        self.tails[class] += usize::from(old == UNREACHED);
    }

    /// Expands the queued boards `first..end` of class (`B`, `SKIP`), queueing their new
    /// children at `distance`.
    ///
    /// # Complexity
    /// O(end - first).
    fn expand<const B: usize, const SKIP: usize>(&mut self, first: usize, end: usize, distance: u8) {
        let class = if SKIP < 4 { 4 * B + SKIP } else { ROOT_CLASS };
        for slot in first..end {
            let word = self.queue[class * REGION + slot % REGION];
            self.try_move::<B, SKIP, 0>(word, distance);
            self.try_move::<B, SKIP, 1>(word, distance);
            self.try_move::<B, SKIP, 2>(word, distance);
            self.try_move::<B, SKIP, 3>(word, distance);
        }
    }
}

/// Expands one layer: every class's boards from `firsts` to `ends`, each class with its own
/// code. The 24 (blank cell, move back) pairs are the legal moves of the table in the README.
macro_rules! expand_classes {
    ($build:expr, $firsts:expr, $ends:expr, $distance:expr; $(($blank:literal, $skip:literal)),*) => {
        $($build.expand::<$blank, $skip>(
            $firsts[4 * $blank + $skip],
            $ends[4 * $blank + $skip],
            $distance,
        );)*
    };
}

/// Every board's distance to the goal by rank, [`UNREACHED`] for the unsolvable half: a
/// breadth-first search from the goal, layer by layer.
///
/// It computes what `common::queue::bfs_distances` with [`Board::step`] does (a unit test
/// compares the two) in well under half the instructions:
/// - The queue is split into classes by the blank's cell and the move that would lead back to
///   the parent, and each layer expands one class at a time with code made for it
///   ([`Build::try_move`]): its moves and their rank rules are constants, so there is no search
///   for the blank, no rule table, no edge test, and the move back, which 1 in 2.67 times
///   leads to the parent (always already seen), is not even generated.
/// - The distance byte is the visited mark, and neither it nor the queue is bounds-checked
///   (both are indexed within fixed sizes) nor branched on.
///
/// Order within a layer differs from a FIFO's, which changes nothing: a board's distance is the
/// layer in which it is first reached.
///
/// # Complexity
/// O(9! / 2 · 4) time; 9! bytes of table and 8 bytes per solvable board of queue touched.
fn distance_table() -> Vec<u8> {
    let mut distances = vec![0; RANK_SLOTS];
    distances[..STATES].fill(UNREACHED);
    let mut build = Build {
        queue: vec![0; CLASSES * REGION]
            .into_boxed_slice()
            .try_into()
            .expect("CLASSES · REGION slots"),
        tails: [0; CLASSES],
        distances: distances.into_boxed_slice().try_into().expect("RANK_SLOTS slots"),
    };
    let goal = Board::GOAL;
    build.distances[goal.rank()] = 0;
    build.queue[ROOT_CLASS * REGION] = goal.word | LANE_GUARDS;
    build.tails[ROOT_CLASS] = 1;
    debug_assert_eq!(goal.blank(), 8);
    build.expand::<8, 4>(0, 1, 1);
    let mut firsts = [0; CLASSES];
    firsts[ROOT_CLASS] = 1;
    let mut distance = 1;
    while firsts != build.tails {
        distance += 1;
        // The layer is what was queued before it started; what it queues lies past `ends`.
        let ends = build.tails;
        expand_classes!(build, firsts, ends, distance;
            (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 0), (3, 2), (3, 3),
            (4, 0), (4, 1), (4, 2), (4, 3), (5, 0), (5, 1), (5, 2), (6, 0), (6, 3), (7, 0),
            (7, 1), (7, 3), (8, 0), (8, 1));
        firsts = ends;
    }
    let mut distances = Vec::from(build.distances as Box<[u8]>);
    distances.truncate(STATES);
    distances
}

/// Every board's distance to the goal, from one breadth-first search; answers are walked from it.
#[derive(Clone, Debug)]
pub struct Solver {
    /// Each board's distance to the goal by rank, [`UNREACHED`] for the unsolvable ones.
    distances: Vec<u8>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// Searches the whole space from the goal.
    ///
    /// # Complexity
    /// O(9! · 4) time (a move is O(1) word operations); about 2 MB.
    pub fn new() -> Self {
        // Answers are walked from distances, so no search tree is kept: a queue of bare boards
        // touches a third of the memory, and page faults are much of a one-board run.
        Solver {
            distances: distance_table(),
        }
    }

    /// The number of moves from `board` to the goal, or `None` if it is unsolvable.
    ///
    /// # Complexity
    /// O(1).
    pub fn distance(&self, board: &Board) -> Option<u8> {
        match self.distances[board.rank()] {
            UNREACHED => None,
            distance => Some(distance),
        }
    }

    /// Writes into `moves` (cleared first) the shortest move string from `board` to the goal that
    /// is smallest in u < l < d < r order, as letters; returns `false`, with `moves` empty, if
    /// the board is unsolvable.
    ///
    /// # Panics
    /// Never: the distances are exact, so every board at distance `d > 0` has a neighbour at
    /// `d - 1` (the `expect` states that invariant).
    ///
    /// # Complexity
    /// O(length of the answer), at most 4 · 31 rank updates.
    pub fn solve(&self, board: &Board, moves: &mut Vec<u8>) -> bool {
        moves.clear();
        let Some(mut distance) = self.distance(board) else {
            return false;
        };
        let mut at = *board;
        while distance > 0 {
            // The first move, in u, l, d, r order, that comes one step closer (crate docs: why).
            let (step, next) = (0..MOVE_NAMES.len() as u8)
                .filter_map(|step| at.step(step).map(|next| (step, next)))
                .find(|(_, next)| self.distances[next.rank()] == distance - 1)
                .expect("exact BFS distances: a board at distance d > 0 has a neighbour at d - 1");
            moves.push(MOVE_NAMES[usize::from(step)]);
            at = next;
            distance -= 1;
        }
        true
    }

    /// How many boards lie at each distance from the goal: entry `d` counts distance `d`
    /// (OEIS A089473). The unsolvable boards, [`STATES`] minus the sum, are not counted.
    ///
    /// # Complexity
    /// O(9!).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for &distance in self.distances.iter().filter(|&&d| d != UNREACHED) {
            let depth = usize::from(distance);
            if sizes.len() <= depth {
                sizes.resize(depth + 1, 0);
            }
            sizes[depth] += 1;
        }
        sizes
    }

    /// The boards at exactly `distance` moves from the goal, in rank order.
    ///
    /// # Complexity
    /// O(9!) to walk the whole table, O(9) per board yielded.
    pub fn boards_at(&self, distance: u8) -> impl Iterator<Item = Board> + '_ {
        self.distances
            .iter()
            .enumerate()
            .filter(move |&(_, &d)| d == distance && d != UNREACHED)
            .map(|(rank, _)| Board::from_rank(rank))
    }
}

/// The input layout, as forced by `--format` or left to [`detect_layout`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Tell the layout from the start of the input.
    #[default]
    Auto,
    /// POJ 1077 (one board) or ZOJ 1217: boards until the end of input, one answer line each.
    Poj,
    /// HDU 1043: the same layout as POJ.
    Hdu,
    /// UVa 652: a board count, then the boards; answers separated by an empty line.
    Uva652,
}

/// The two layouts the formats come down to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Boards until the end of input; one answer line each (POJ, HDU, ZOJ).
    Boards,
    /// A count `N`, then exactly `N` boards; an empty line between answers (UVa 652).
    Counted,
}

/// What the command line asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The input layout.
    pub format: Format,
}

/// What `main` should do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Answer the boards on stdin.
    Solve(Options),
    /// Answer the boards on stdin, and draw each answer step by step on stderr ([`write_trace`]).
    Trace(Options),
    /// Print the distance table ([`write_stats`]); no input is read.
    Stats,
    /// Print [`USAGE`] and exit 0.
    Help,
}

/// The help text.
pub const USAGE: &str = "usage: eight [--format auto|poj|hdu|uva652] [--trace]    or    eight --stats
Reads 8-puzzle boards (tiles 1-8 and x, row by row) on stdin; prints for each the shortest move
string (u l d r: the tile that moves into the blank; the smallest in u<l<d<r order among the
shortest), an empty line for the goal 1 2 3 4 5 6 7 8 x, or `unsolvable`.
--format  poj, hdu: boards until the end of input, one answer line each;
          uva652: a board count first, answers separated by an empty line;
          auto (default): uva652 if the first line is a lone count, see the crate docs.
--trace   also draw each answer on stderr, board by board in its 3x3 frame, each step labelled
          with its move; stdout stays exactly the judge answer.
--stats   print the distance table of the 181440 solvable boards instead (for each depth the
          count and running total, the two boards at the maximum depth 31, the 181440
          unsolvable ones); reads no input, so --format and --trace do not apply.
";

/// The tail of every argument error: the judge usage, as it has always read.
const ARGUMENT_USAGE: &str = "usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats";

/// Reads the arguments after the program name. `--help` answers at once; otherwise every
/// argument is checked, and `--stats` (which reads no input) wins over `--trace`.
///
/// # Errors
/// [`Failure::Input`] for an unknown argument or format, or a missing format.
///
/// # Complexity
/// O(total length of the arguments).
pub fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Command, Failure> {
    let usage_error = |what: String| Failure::Input(format!("{what}; {ARGUMENT_USAGE}"));
    let mut options = Options::default();
    let (mut stats, mut trace) = (false, false);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        let value = if text == "--help" || text == "-h" {
            return Ok(Command::Help);
        } else if text == "--stats" {
            stats = true;
            continue;
        } else if text == "--trace" {
            trace = true;
            continue;
        } else if text == "--format" {
            match args.next() {
                Some(value) => value.to_string_lossy().into_owned(),
                None => return Err(usage_error("--format needs a value".to_string())),
            }
        } else if let Some(value) = text.strip_prefix("--format=") {
            value.to_string()
        } else {
            return Err(usage_error(format!("unknown argument '{text}'")));
        };
        options.format = match value.as_str() {
            "auto" => Format::Auto,
            "poj" => Format::Poj,
            "hdu" => Format::Hdu,
            "uva652" => Format::Uva652,
            _ => return Err(usage_error(format!("unknown format '{value}'"))),
        };
    }
    // The table needs no input, so there is nothing to trace and no layout to read.
    Ok(if stats {
        Command::Stats
    } else if trace {
        Command::Trace(options)
    } else {
        Command::Solve(options)
    })
}

/// Non-whitespace bytes of the input with their positions, with a small look-ahead queue so the
/// layout can be told before any board is read.
#[derive(Debug)]
pub struct Tiles<R> {
    scanner: Scanner<R>,
    /// Bytes already pulled from the scanner (by [`Tiles::peek`]) and not yet consumed.
    held: VecDeque<(u8, Position)>,
}

impl<R: BufRead> Tiles<R> {
    /// Tiles from the start of `reader`.
    ///
    /// # Complexity
    /// O(1).
    pub fn new(reader: R) -> Self {
        Tiles {
            scanner: Scanner::new(reader),
            held: VecDeque::new(),
        }
    }

    /// The next non-whitespace byte and its position, or `None` at the end of input.
    ///
    /// # Complexity
    /// O(whitespace skipped + 1).
    pub fn next_tile(&mut self) -> io::Result<Option<(u8, Position)>> {
        match self.held.pop_front() {
            Some(held) => Ok(Some(held)),
            None => self.scanner.next_byte(),
        }
    }

    /// The byte `ahead` places after the next one (0 = the next), without consuming anything.
    ///
    /// # Complexity
    /// O(bytes read to get there); keeps `ahead + 1` bytes.
    pub fn peek(&mut self, ahead: usize) -> io::Result<Option<(u8, Position)>> {
        while self.held.len() <= ahead {
            match self.scanner.next_byte()? {
                Some(byte) => self.held.push_back(byte),
                None => return Ok(None),
            }
        }
        Ok(Some(self.held[ahead]))
    }

    /// Puts back a byte just taken by [`Tiles::next_tile`].
    ///
    /// # Complexity
    /// O(1).
    pub fn unread(&mut self, byte: (u8, Position)) {
        self.held.push_front(byte);
    }
}

/// Whether `next` directly follows `previous` on the same line (no whitespace between).
fn adjacent(previous: Position, next: Position) -> bool {
    next.line == previous.line && next.column == previous.column + 1
}

/// Tells UVa 652's counted layout from the POJ / HDU one, looking at most 11 bytes ahead (or, in
/// the one undecided case below, over an input of up to 1,024 boards) and consuming nothing.
///
/// Let the first word be the first run of non-whitespace bytes. The input is read as UVa 652
/// when the first word is all decimal digits and
/// 1. it has 9 or more digits, or it holds a 0, a 9 or a repeated digit: it cannot begin a
///    board, so it can only be a count (when it is alone on its line, or 9+ digits long); or
/// 2. it is alone on its line, and the next line is blank or missing, or its first two tiles
///    are separated by whitespace.
///
/// Otherwise the input is boards (POJ / HDU / ZOJ). The ambiguity is real: `2` alone on the
/// first line is a count in `2⏎⏎2 3 4 1 5 x 7 6 8⏎…` but the first tile in the one-tile-a-line
/// HDU board `2⏎3⏎4⏎1⏎…`, and `123⏎456⏎78x` is a board written three tiles a line. The only
/// certain test, whether the tiles after the first line number 9·N, needs the whole input,
/// which a streaming reader does not keep. Rule 2 looks where the layouts differ in practice:
/// UVa puts a blank line after the count (or the board, spaced, on the next line), while a board
/// split over lines puts another lone word on the next line. What that cannot tell apart (a
/// count followed by a board without spaces, `1⏎23415x768`), the certain test decides when the
/// whole input is at most 1,024 boards; a longer input of that shape reads as boards, and fails
/// as such; `--format uva652` reads it right.
///
/// # Errors
/// If reading fails.
///
/// # Complexity
/// O(bytes up to the 11th tile), or up to 9,217 tiles in the undecided case.
pub fn detect_layout<R: BufRead>(tiles: &mut Tiles<R>) -> io::Result<Layout> {
    let Some((_, start)) = tiles.peek(0)? else {
        return Ok(Layout::Boards);
    };
    let mut length = 0;
    let mut digits_seen = 0u16;
    let mut could_begin_board = true;
    let mut last = start;
    while let Some((byte, at)) = tiles.peek(length)? {
        if length > 0 && !adjacent(last, at) {
            break;
        }
        if !byte.is_ascii_digit() {
            return Ok(Layout::Boards);
        }
        let digit = byte - b'0';
        could_begin_board &= (1..=8).contains(&digit) && digits_seen & (1 << digit) == 0;
        digits_seen |= 1 << digit;
        length += 1;
        last = at;
        if length == CELLS {
            // Nine digit tiles cannot be a board (no blank): a count, however it goes on.
            return Ok(Layout::Counted);
        }
    }
    let Some((_, next)) = tiles.peek(length)? else {
        return Ok(Layout::Counted);
    };
    if next.line == start.line {
        return Ok(Layout::Boards);
    }
    if !could_begin_board || next.line > start.line + 1 {
        return Ok(Layout::Counted);
    }
    if let Some((_, after)) = tiles.peek(length + 1)? {
        if after.line == next.line && !adjacent(next, after) {
            return Ok(Layout::Counted);
        }
    }
    // Still undecided: a lone number that could begin a board, then a line that starts like a
    // board written without spaces. Where the input is short enough to see whole, the certain
    // test decides: UVa 652 exactly when 9·N tiles follow the count N. A POJ/HDU input holds a
    // multiple of 9 tiles and a counted one 9·N + the count's digits, so they never both fit.
    let mut count = 0;
    for ahead in 0..length {
        let (digit, _) = tiles.peek(ahead)?.expect("the first word was peeked");
        count = count * 10 + usize::from(digit - b'0');
    }
    if count <= WHOLE_INPUT_BOARDS {
        let tiles_if_counted = length + CELLS * count;
        if tiles.peek(tiles_if_counted - 1)?.is_some() && tiles.peek(tiles_if_counted)?.is_none() {
            return Ok(Layout::Counted);
        }
    }
    Ok(Layout::Boards)
}

/// The most boards [`detect_layout`] will look ahead over to apply the certain test (about 9,000
/// tiles held, 200 KB).
const WHOLE_INPUT_BOARDS: usize = 1024;

/// Bytes of a bad count kept for its error message.
const COUNT_SHOWN: usize = 24;

/// Reads UVa 652's board count: the first word, which must be decimal digits. `None` for an
/// input that is empty or all whitespace.
///
/// # Errors
/// [`Failure::Input`] if the word is not a number or does not fit in a `u64`; [`Failure::Io`].
///
/// # Complexity
/// O(length of the word).
pub fn read_count<R: BufRead>(tiles: &mut Tiles<R>) -> Result<Option<u64>, Failure> {
    let Some((mut byte, start)) = tiles.next_tile()? else {
        return Ok(None);
    };
    let mut shown = Vec::new();
    let mut length = 0usize;
    let mut value = Some(0u64);
    let mut digits_only = true;
    let mut last = start;
    loop {
        if shown.len() < COUNT_SHOWN {
            shown.push(byte);
        }
        length += 1;
        digits_only &= byte.is_ascii_digit();
        if digits_only {
            value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(byte - b'0')));
        }
        match tiles.next_tile()? {
            Some((next, at)) if adjacent(last, at) => {
                byte = next;
                last = at;
            }
            Some(other) => {
                tiles.unread(other);
                break;
            }
            None => break,
        }
    }
    let word = format!(
        "{}{}",
        shown.escape_ascii(),
        if length > shown.len() { "..." } else { "" }
    );
    match value {
        _ if !digits_only => Err(Failure::Input(format!(
            "{start}: the board count '{word}' is not a number"
        ))),
        None => Err(Failure::Input(format!(
            "{start}: the board count '{word}' is too large"
        ))),
        Some(count) => Ok(Some(count)),
    }
}

/// Reads board number `number` (counted from 1, for error messages): nine tiles. `None` when
/// the input ends before its first tile.
///
/// # Errors
/// [`Failure::Input`] naming the board and the fault: a byte that is not a tile, a repeated tile
/// (and so a missing one), or the input ending inside the board; [`Failure::Io`].
///
/// # Complexity
/// O(9 + whitespace skipped).
pub fn read_board<R: BufRead>(tiles: &mut Tiles<R>, number: u64) -> Result<Option<Board>, Failure> {
    let mut cells = [0u8; CELLS];
    let mut seen = 0u16;
    for (count, cell) in cells.iter_mut().enumerate() {
        let Some((byte, _)) = tiles.next_tile()? else {
            if count == 0 {
                return Ok(None);
            }
            return Err(Failure::Input(format!(
                "board {number}: the input ends after {count} of its 9 tiles"
            )));
        };
        let tile = match byte {
            b'1'..=b'8' => byte - b'1',
            b'x' => BLANK,
            _ => {
                return Err(Failure::Input(format!(
                    "board {number}: tile '{}' is not 1-8 or x",
                    byte.escape_ascii()
                )))
            }
        };
        if seen & (1 << tile) != 0 {
            return Err(Failure::Input(format!(
                "board {number}: tile '{}' appears twice",
                tile_char(tile)
            )));
        }
        seen |= 1 << tile;
        *cell = tile;
    }
    Ok(Some(Board::assemble(&cells, common::perm::rank(&cells))))
}

/// Answers boards one at a time into complete lines; builds the [`Solver`] at the first board
/// that needs it, so unsolvable boards, the goal and bad input cost no search.
#[derive(Debug, Default)]
pub struct Answerer {
    solver: Option<Solver>,
    moves: Vec<u8>,
}

impl Answerer {
    /// An answerer with no table yet.
    ///
    /// # Complexity
    /// O(1).
    pub fn new() -> Self {
        Self::default()
    }

    /// The answer to `board`: the move letters, empty for the goal, or `unsolvable`.
    ///
    /// # Complexity
    /// O(answer length), plus [`Solver::new`] the first time a board needs the table.
    pub fn answer(&mut self, board: &Board) -> &[u8] {
        if !board.is_solvable() {
            return b"unsolvable";
        }
        let solver = self.solver.get_or_insert_with(Solver::new);
        let solved = solver.solve(board, &mut self.moves);
        debug_assert!(solved, "even boards are reachable: {board}");
        &self.moves
    }

    /// Writes the answer to `board` as one line, after an empty line if `separate` (UVa 652),
    /// in a single `write_all` so that output cut short never ends in half a line.
    ///
    /// # Complexity
    /// As [`Answerer::answer`].
    pub fn write(&mut self, out: &mut impl Write, board: &Board, separate: bool) -> io::Result<()> {
        let mut line = [0u8; DIAMETER as usize + 2];
        let mut length = 0;
        if separate {
            line[0] = b'\n';
            length = 1;
        }
        let answer = self.answer(board);
        line[length..length + answer.len()].copy_from_slice(answer);
        length += answer.len();
        line[length] = b'\n';
        out.write_all(&line[..=length])
    }
}

/// Writes board `number`'s answer, and with a `trace`, flushes it and draws the answer there.
fn answer_one(
    answerer: &mut Answerer,
    out: &mut impl Write,
    trace: &mut Option<&mut dyn Write>,
    (number, board): (u64, &Board),
    separate: bool,
) -> io::Result<()> {
    answerer.write(out, board, separate)?;
    if let Some(trace) = trace {
        // Flushed board by board, so on a terminal each drawing follows its answer line.
        out.flush()?;
        let moves = board.is_solvable().then_some(answerer.moves.as_slice());
        write_trace(&mut **trace, number, board, moves)?;
        trace.flush()?;
    }
    Ok(())
}

/// Reads the boards from `tiles` and writes their answers, stopping at the first bad one; with a
/// `trace`, draws each answer there after writing it.
fn answer_all<R: BufRead>(
    tiles: &mut Tiles<R>,
    out: &mut impl Write,
    options: &Options,
    mut trace: Option<&mut dyn Write>,
) -> Result<(), Failure> {
    let (layout, detected) = match options.format {
        Format::Auto => (detect_layout(tiles)?, true),
        Format::Poj | Format::Hdu => (Layout::Boards, false),
        Format::Uva652 => (Layout::Counted, false),
    };
    let mut answerer = Answerer::new();
    match layout {
        Layout::Boards => {
            let mut number = 1;
            while let Some(board) = read_board(tiles, number)? {
                answer_one(&mut answerer, out, &mut trace, (number, &board), false)?;
                number += 1;
            }
        }
        Layout::Counted => {
            let Some(count) = read_count(tiles)? else {
                return Ok(());
            };
            let hint = if detected {
                " (a lone number on the first line is read as the UVa 652 board count; --format hdu reads it as tiles)"
            } else {
                ""
            };
            for number in 1..=count {
                let Some(board) = read_board(tiles, number)? else {
                    return Err(Failure::Input(format!(
                        "board {number}: missing: the count says {count} boards, the input ends after {}{hint}",
                        number - 1
                    )));
                };
                answer_one(&mut answerer, out, &mut trace, (number, &board), number > 1)?;
            }
            if tiles.next_tile()?.is_some() {
                return Err(Failure::Input(format!(
                    "board {}: more boards than the count {count}{hint}",
                    count + 1
                )));
            }
        }
    }
    Ok(())
}

/// The whole program: reads boards from `input` and writes their answers to `output` through
/// one buffered writer, board by board.
///
/// On bad input the answers to the boards before it are written and flushed, then the fault is
/// returned; stdout never ends in half a line.
///
/// # Errors
/// [`Failure::Input`] as [`read_board`] and [`read_count`], or when a UVa 652 count does not
/// match the boards; [`Failure::Io`] if reading or writing fails.
///
/// # Complexity
/// O(input length + total answer length), plus [`Solver::new`] once if any board needs it;
/// memory does not grow with the input.
pub fn run(input: impl BufRead, output: impl Write, options: &Options) -> Result<(), Failure> {
    run_traced(input, output, options, None)
}

/// [`run`], and when `trace` is given, each answer drawn step by step on it ([`write_trace`])
/// right after its line is written and flushed. The output is byte for byte that of [`run`].
///
/// # Errors
/// As [`run`], or [`Failure::Io`] if writing the trace fails. On bad input the boards before
/// it are answered and drawn, and both writers flushed, before the fault is returned.
///
/// # Complexity
/// As [`run`], plus O(9 · answer length) per board for the drawing.
pub fn run_traced(
    input: impl BufRead,
    output: impl Write,
    options: &Options,
    trace: Option<&mut dyn Write>,
) -> Result<(), Failure> {
    let mut out = BufWriter::with_capacity(1 << 16, output);
    let mut trace = trace.map(BufWriter::new);
    let outcome = answer_all(
        &mut Tiles::new(input),
        &mut out,
        options,
        trace.as_mut().map(|trace| trace as &mut dyn Write),
    );
    let flushed = out.flush();
    let trace_flushed = trace.as_mut().map_or(Ok(()), |trace| trace.flush());
    // The input's fault is the one to report; a failed flush matters only if there is none.
    outcome?;
    flushed?;
    trace_flushed?;
    Ok(())
}

/// The binary: answers the boards on `input` as the judges want (`run`); `--trace` also draws
/// them on `diagnostics` (stderr); `--stats` prints the distance table instead, reading nothing;
/// `--help` prints [`USAGE`].
///
/// # Errors
/// As [`parse_args`], [`run_traced`], or [`Failure::Io`] if writing fails.
///
/// # Complexity
/// As [`run_traced`]; `--stats` as [`write_stats`].
pub fn main_with(
    args: impl IntoIterator<Item = OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure> {
    match parse_args(args)? {
        Command::Solve(options) => run(input, output, &options),
        Command::Trace(options) => run_traced(input, output, &options, Some(diagnostics)),
        Command::Stats => {
            let mut out = BufWriter::new(output);
            write_stats(&mut out, &Solver::new())?;
            out.flush()?;
            Ok(())
        }
        Command::Help => {
            let mut output = output;
            output.write_all(USAGE.as_bytes())?;
            output.flush()?;
            Ok(())
        }
    }
}

/// Draws `boards` side by side, each in its 3×3 frame (blank as `x`), indented by two spaces:
///
/// ```text
///   +-------+  +-------+
///   | 2 3 4 |  | 2 3 x |
///   | 1 5 x |  | 1 5 4 |
///   | 7 6 8 |  | 7 6 8 |
///   +-------+  +-------+
/// ```
///
/// # Complexity
/// O(9 · number of boards).
pub fn draw(out: &mut (impl Write + ?Sized), boards: &[Board]) -> io::Result<()> {
    const BORDER: &str = "+-------+";
    for line in 0..5 {
        let frames: Vec<String> = boards
            .iter()
            .map(|board| match line {
                0 | 4 => BORDER.to_string(),
                row => {
                    let cells = board.cells();
                    let tile = |column: usize| tile_char(cells[3 * (row - 1) + column]);
                    format!("| {} {} {} |", tile(0), tile(1), tile(2))
                }
            })
            .collect();
        writeln!(out, "  {}", frames.join("  "))?;
    }
    Ok(())
}

/// What move `u`, `l`, `d`, `r` does, in the trace's words.
const MOVE_WORDS: [&str; 4] = [
    "above the blank slides down",
    "left of the blank slides right",
    "below the blank slides up",
    "right of the blank slides left",
];

/// Draws board `number`'s answer: a heading with the board and its answer, the board in its
/// frame, then after each move the board it leads to, labelled with the move; the last drawing
/// is the goal. `moves` is `None` for an unsolvable board, which gets one line saying so and
/// why. An empty line separates a board from the one before (`number > 1`).
///
/// # Panics
/// If `moves` holds a letter other than u, l, d, r, or a move off the frame's edge.
///
/// # Complexity
/// O(9 · length of `moves`).
pub fn write_trace(
    out: &mut (impl Write + ?Sized),
    number: u64,
    board: &Board,
    moves: Option<&[u8]>,
) -> io::Result<()> {
    if number > 1 {
        writeln!(out)?;
    }
    let Some(moves) = moves else {
        let inversions = board.inversions();
        return writeln!(
            out,
            "board {number}: {board}: unsolvable: its tiles 1-8, read row by row without the blank, have \
             {inversions} inversion{}, an odd number, and no move changes that parity (the goal has 0)",
            if inversions == 1 { "" } else { "s" }
        );
    };
    match moves.len() {
        0 => writeln!(out, "board {number}: {board}: the goal itself, 0 moves")?,
        length => writeln!(
            out,
            "board {number}: {board}: {length} move{}, {}",
            if length == 1 { "" } else { "s" },
            moves.escape_ascii()
        )?,
    }
    writeln!(out, "start:")?;
    draw(out, &[*board])?;
    let mut at = *board;
    for (done, &letter) in moves.iter().enumerate() {
        let step = MOVE_NAMES
            .iter()
            .position(|&name| name == letter)
            .expect("moves are u, l, d or r");
        let tile = tile_char(at.cell(usize::from(NEIGHBOURS[at.blank()][step])));
        at = at.step(step as u8).expect("an answer's moves stay inside the frame");
        writeln!(
            out,
            "move {} of {}: {} (the {tile} {}):",
            done + 1,
            moves.len(),
            letter as char,
            MOVE_WORDS[step]
        )?;
        draw(out, &[at])?;
    }
    Ok(())
}

/// Examples shown at the maximum depth.
const FARTHEST_SHOWN: usize = 2;

/// The whole state space as a table: for each distance from the goal the number of boards and
/// the running total (OEIS A089473), the maximum distance with its boards (two, both listed and
/// drawn; were there more, the first two would be shown), and the unreachable boards with the
/// reason.
///
/// # Complexity
/// O(9!) for the scans of the table (the table itself is [`Solver::new`]'s).
pub fn write_stats(out: &mut impl Write, solver: &Solver) -> io::Result<()> {
    let sizes = solver.layer_sizes();
    writeln!(
        out,
        "eight: distances to the goal 1 2 3 / 4 5 6 / 7 8 x, one move = the blank swaps with a neighbour"
    )?;
    let total = common::stats::write_layer_table(out, "boards", &sizes)?;
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

    fn board(text: &str) -> Board {
        text.parse().unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    fn output(input: &str, format: Format) -> Result<String, (String, String)> {
        let mut out = Vec::new();
        let outcome = run(input.as_bytes(), &mut out, &Options { format });
        let text = String::from_utf8(out).unwrap();
        match outcome {
            Ok(()) => Ok(text),
            Err(failure) => Err((text, failure.to_string())),
        }
    }

    fn answer(input: &str) -> String {
        output(input, Format::Auto).unwrap_or_else(|(_, error)| panic!("{input:?}: {error}"))
    }

    fn failure(input: &str, format: Format) -> (String, String) {
        match output(input, format) {
            Ok(text) => panic!("{input:?} was accepted: {text:?}"),
            Err(failed) => failed,
        }
    }

    /// Every board of 9!, in rank order.
    fn all_boards() -> impl Iterator<Item = Board> {
        (0..STATES).map(Board::from_rank)
    }

    #[test]
    fn moves_follow_the_statement() {
        // The blank at the centre of 1 2 3 / 4 x 5 / 6 7 8: u brings 2 down, l brings 4 right.
        let centre = board("1 2 3 4 x 5 6 7 8");
        assert_eq!(centre.step(0).unwrap().to_string(), "1 x 3 4 2 5 6 7 8");
        assert_eq!(centre.step(1).unwrap().to_string(), "1 2 3 x 4 5 6 7 8");
        assert_eq!(centre.step(2).unwrap().to_string(), "1 2 3 4 7 5 6 x 8");
        assert_eq!(centre.step(3).unwrap().to_string(), "1 2 3 4 5 x 6 7 8");
        // In a corner only two moves exist.
        let corner = board("x 1 2 3 4 5 6 7 8");
        assert_eq!(
            (0..4).map(|m| corner.step(m).is_some()).collect::<Vec<_>>(),
            [false, false, true, true]
        );
        assert_eq!(Board::GOAL, board("1 2 3 4 5 6 7 8 x"));
    }

    #[test]
    fn rank_updates_agree_with_ranking_every_board() {
        for board in all_boards() {
            assert_eq!(Board::from_cells(board.cells()), Some(board));
            for step in 0..4 {
                if let Some(next) = board.step(step) {
                    assert_eq!(next.rank(), common::perm::rank(&next.cells()), "{board} by {step}");
                    assert_eq!(next.blank(), next.cells().iter().position(|&c| c == BLANK).unwrap());
                    // Each move is undone by its opposite (u/d, l/r).
                    assert_eq!(next.step(step ^ 2), Some(board));
                }
            }
        }
    }

    #[test]
    fn the_table_is_the_plain_breadth_first_search() {
        // The generic search over Board::step, as eight ran it before: the same distances.
        let plain = common::queue::bfs_distances(Board::GOAL, STATES, 4, Board::rank, Board::step);
        assert_eq!(distance_table(), plain.as_slice());
    }

    #[test]
    fn parity_is_exactly_reachability() {
        let solver = Solver::new();
        let mut solvable = 0;
        for board in all_boards() {
            assert_eq!(board.is_solvable(), solver.distance(&board).is_some(), "{board}");
            solvable += usize::from(board.is_solvable());
        }
        assert_eq!(solvable, SOLVABLE);
    }

    #[test]
    fn distance_histogram_is_oeis_a089473() {
        let sizes = Solver::new().layer_sizes();
        assert_eq!(
            sizes,
            [
                1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993,
                17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2
            ]
        );
        assert_eq!(sizes.len(), usize::from(DIAMETER) + 1);
        let farthest: Vec<String> = Solver::new().boards_at(DIAMETER).map(|b| b.to_string()).collect();
        assert_eq!(farthest, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
    }

    /// The smallest shortest string by brute force: every string of the board's distance, in
    /// u < l < d < r order, until one reaches the goal. Feasible for short distances only.
    fn smallest_by_enumeration(start: &Board, length: usize) -> String {
        fn search(at: Board, left: usize, path: &mut Vec<u8>) -> bool {
            if left == 0 {
                return at == Board::GOAL;
            }
            for step in 0..4u8 {
                if let Some(next) = at.step(step) {
                    path.push(MOVE_NAMES[usize::from(step)]);
                    if search(next, left - 1, path) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        let mut path = Vec::new();
        assert!(search(*start, length, &mut path), "{start}: nothing of length {length}");
        String::from_utf8(path).unwrap()
    }

    #[test]
    fn walked_answers_equal_brute_force_for_nearby_boards() {
        let solver = Solver::new();
        let mut moves = Vec::new();
        let mut checked = 0;
        // Every board within 11 moves; brute force tries at most 4^11 strings each.
        for board in all_boards().filter(|b| solver.distance(b).is_some_and(|d| d <= 11)) {
            assert!(solver.solve(&board, &mut moves));
            let length = usize::from(solver.distance(&board).unwrap());
            assert_eq!(moves.len(), length);
            assert_eq!(
                String::from_utf8_lossy(&moves),
                smallest_by_enumeration(&board, length),
                "{board}"
            );
            checked += 1;
        }
        assert_eq!(checked, 1 + 2 + 4 + 8 + 16 + 20 + 39 + 62 + 116 + 152 + 286 + 396);
    }

    #[test]
    fn published_and_hand_checked_answers() {
        assert_eq!(answer(" 2  3  4  1  5  x  7  6  8 "), "ullddrurdllurdruldr\n");
        assert_eq!(answer("1 2 3 4 5 6 7 8 x\n"), "\n");
        assert_eq!(answer("1 2 3 4 5 6 8 7 x\n"), "unsolvable\n");
        // One move each way into the goal.
        assert_eq!(answer("1 2 3 4 5 6 7 x 8\n1 2 3 4 5 x 7 8 6\n"), "r\nd\n");
        assert_eq!(answer("8 6 7 2 5 4 3 x 1"), "uulddrruuldldrruuldldrruullddrr\n");
        assert_eq!(answer("6 4 7 8 5 x 3 2 1"), "uldldrurdluulddrurulldrrulldrdr\n");
    }

    #[test]
    fn any_spacing_reads_the_same_board() {
        let want = "ullddrurdllurdruldr\n";
        assert_eq!(answer("23415x768"), want);
        assert_eq!(answer("2\n3\n4\n1\n5\nx\n7\n6\n8\n"), want);
        assert_eq!(answer("2\r\n3\r\n4\r\n1\r\n5\r\nx\r\n7\r\n6\r\n8\r\n"), want);
        assert_eq!(answer("2 3 4\r\n1 5 x\r\n7 6 8\r\n"), want);
        assert_eq!(answer("\t2\t3 4\n\n 1 5 x 7\t\t6 8\n\n\n"), want);
        assert_eq!(answer("234\n15x\n768\n"), want);
        assert_eq!(answer("23415x76812345678x"), format!("{want}\n"));
    }

    #[test]
    fn empty_input_prints_nothing() {
        for format in [Format::Auto, Format::Poj, Format::Hdu, Format::Uva652] {
            assert_eq!(output("", format).unwrap(), "");
            assert_eq!(output(" \r\n\t\n", format).unwrap(), "");
        }
        assert_eq!(answer("0\n"), "");
    }

    #[test]
    fn uva652_layout_is_detected_and_answered() {
        let boards = "2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n\n2 1 3 4 5 6 7 8 x\n";
        let want = "ullddrurdllurdruldr\n\n\n\nunsolvable\n";
        // The published layout: a blank line after the count and between boards.
        assert_eq!(answer(&format!("3\n\n{boards}")), want);
        assert_eq!(answer(&format!("3\r\n\r\n{}", boards.replace('\n', "\r\n"))), want);
        // No blank line after the count, the first board spaced on the next line.
        assert_eq!(answer(&format!("3\n{boards}")), want);
        // A count that cannot begin a board (0, 9, a repeated digit, nine digits).
        assert_eq!(answer("01\n2\n3\n4\n1\n5\nx\n7\n6\n8\n"), "ullddrurdllurdruldr\n");
        let ten = "23415x768\n".repeat(10);
        assert_eq!(answer(&format!("10\n{ten}")).matches("ullddrurdllurdruldr").count(), 10);
        assert_eq!(answer(&format!("11\n{ten}1 2 3 4 5 6 7 8 x")).lines().count(), 11 + 10);
        assert_eq!(output(&format!("3\n\n{boards}"), Format::Uva652).unwrap(), want);
    }

    #[test]
    fn ambiguous_starts_follow_the_documented_rule() {
        let sample = "ullddrurdllurdruldr\n";
        // A lone digit followed by another lone tile: one tile a line, HDU.
        assert_eq!(answer("2\n3\n4\n1\n5\nx\n7\n6\n8\n"), sample);
        // Three tiles a line without spaces: HDU.
        assert_eq!(answer("234\n15x\n768\n"), sample);
        // The first line holds more than one word: HDU.
        assert_eq!(answer("2 3\n4 1 5 x 7 6 8\n"), sample);
        // A lone digit then a blank line: the count, UVa (here one board on one tile a line).
        assert_eq!(answer("1\n\n2\n3\n4\n1\n5\nx\n7\n6\n8\n"), sample);
        // A lone digit then spaced tiles on the next line: the count, UVa.
        assert_eq!(answer("1\n2 3 4 1 5 x 7 6 8\n"), sample);
        // A count followed by unspaced boards: the whole input is in view, so the certain test
        // decides (exactly 9·N tiles after the count N), as the issue defines the layouts.
        assert_eq!(answer("1\n23415x768\n"), sample);
        assert_eq!(answer("2\n12345678x\n1234567x8\n"), "\n\nr\n");
        assert_eq!(output("1\n23415x768\n", Format::Uva652).unwrap(), sample);
        // One tile more or less than 9·N: not counted, so boards, which then fail as such.
        let (printed, error) = failure("1\n23415x7681\n", Format::Auto);
        assert_eq!(
            (printed.as_str(), error.as_str()),
            ("", "board 1: tile '1' appears twice")
        );
        // Past 1,024 boards the look-ahead stops and the shape reads as boards; --format says which.
        let many = format!("1234\n{}", "23415x768\n".repeat(1234));
        assert!(failure(&many, Format::Auto).1.starts_with("board 1: "));
        assert_eq!(
            output(&many, Format::Uva652)
                .unwrap()
                .matches("ullddrurdllurdruldr")
                .count(),
            1234
        );
        // And a board starting with a lone digit line is read as boards under --format hdu.
        // A goal board whose first tile stands alone, forced to read as a board.
        assert_eq!(output("1\n\n2 3 4 5 6 7 8 x\n", Format::Hdu).unwrap(), "\n");
    }

    #[test]
    fn layout_detection_reads_ahead_only_a_little() {
        let detect = |text: &str| detect_layout(&mut Tiles::new(text.as_bytes())).unwrap();
        assert_eq!(detect(""), Layout::Boards);
        assert_eq!(detect("7"), Layout::Counted);
        assert_eq!(detect("2\n\n"), Layout::Counted);
        assert_eq!(detect("2\n3\n"), Layout::Boards);
        assert_eq!(detect("2\n3 4\n"), Layout::Counted);
        assert_eq!(detect("2\n34\n"), Layout::Boards);
        assert_eq!(detect("12\n3\n"), Layout::Boards);
        assert_eq!(detect("11\n3\n"), Layout::Counted);
        assert_eq!(detect("123456789"), Layout::Counted);
        assert_eq!(detect("12345678\nx"), Layout::Boards);
        assert_eq!(detect("x\n1\n"), Layout::Boards);
        assert_eq!(detect("2 3 4 1 5 x 7 6 8"), Layout::Boards);
        // Nothing is consumed: the held bytes are read again as tiles.
        let mut tiles = Tiles::new(&b"2\n3\n4\n1\n5\nx\n7\n6\n8"[..]);
        assert_eq!(detect_layout(&mut tiles).unwrap(), Layout::Boards);
        assert_eq!(read_board(&mut tiles, 1).unwrap(), Some(board("23415x768")));
    }

    #[test]
    fn bad_boards_are_named_after_the_answers_before_them() {
        let good = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n";
        let cases = [
            ("9 3 4 1 5 x 7 6 8\n", "board 3: tile '9' is not 1-8 or x"),
            ("0 3 4 1 5 x 7 6 8\n", "board 3: tile '0' is not 1-8 or x"),
            ("X 3 4 1 5 2 7 6 8\n", "board 3: tile 'X' is not 1-8 or x"),
            ("2 3 4 1 5 x 7 6 \u{e9}\n", "board 3: tile '\\xc3' is not 1-8 or x"),
            ("2 3 4 1 5 x 7 6 \0\n", "board 3: tile '\\x00' is not 1-8 or x"),
            ("-1 3 4 1 5 x 7 6 8\n", "board 3: tile '-' is not 1-8 or x"),
            ("2 3 4 1 5 x 7 6 2\n", "board 3: tile '2' appears twice"),
            ("2 x 4 1 5 x 7 6 8\n", "board 3: tile 'x' appears twice"),
            ("2 3 4 1 5\n", "board 3: the input ends after 5 of its 9 tiles"),
        ];
        for (bad, message) in cases {
            let (printed, error) = failure(&format!("{good}{bad}"), Format::Auto);
            assert_eq!(printed, "ullddrurdllurdruldr\n\n", "{bad:?}");
            assert_eq!(error, message, "{bad:?}");
        }
    }

    #[test]
    fn bad_counts_are_named() {
        let board = "2 3 4 1 5 x 7 6 8\n";
        let uva = |input: &str| failure(input, Format::Uva652);
        assert_eq!(
            uva(&format!("3\n{board}\n{board}")),
            (
                "ullddrurdllurdruldr\n\nullddrurdllurdruldr\n".to_string(),
                "board 3: missing: the count says 3 boards, the input ends after 2".to_string()
            )
        );
        assert_eq!(
            uva(&format!("1\n{board}\n{board}")),
            (
                "ullddrurdllurdruldr\n".to_string(),
                "board 2: more boards than the count 1".to_string()
            )
        );
        assert_eq!(uva("-1\n").1, "line 1, column 1: the board count '-1' is not a number");
        assert_eq!(
            uva(" \n 2x\n").1,
            "line 2, column 2: the board count '2x' is not a number"
        );
        assert_eq!(
            uva("99999999999999999999\n").1,
            "line 1, column 1: the board count '99999999999999999999' is too large"
        );
        assert_eq!(
            uva(&"9".repeat(40)).1,
            format!("line 1, column 1: the board count '{}...' is too large", "9".repeat(24))
        );
        // Detected rather than forced, the count errors say how the input was read.
        let (_, error) = failure("2\n\n1 2 3 4 5 6 7 8 x\n", Format::Auto);
        assert!(
            error.starts_with("board 2: missing: the count says 2 boards, the input ends after 1 (a lone number"),
            "{error}"
        );
    }

    #[test]
    fn forced_formats_skip_detection() {
        // "2" then a blank line reads as a count when detected, as a tile under --format poj.
        let input = "2\n\n3 4 1 5 x 7 6 8\n";
        assert_eq!(output(input, Format::Poj).unwrap(), "ullddrurdllurdruldr\n");
        assert_eq!(output(input, Format::Hdu).unwrap(), "ullddrurdllurdruldr\n");
        assert!(output(input, Format::Auto).is_err());
    }

    #[test]
    fn arguments() {
        let parse = |args: &[&str]| parse_args(args.iter().map(OsString::from));
        assert_eq!(parse(&[]).unwrap(), Command::Solve(Options::default()));
        for (args, format) in [
            (&["--format", "poj"][..], Format::Poj),
            (&["--format=hdu"][..], Format::Hdu),
            (&["--format", "uva652"][..], Format::Uva652),
            (&["--format", "hdu", "--format", "auto"][..], Format::Auto),
        ] {
            assert_eq!(parse(args).unwrap(), Command::Solve(Options { format }), "{args:?}");
        }
        assert_eq!(parse(&["--help"]).unwrap(), Command::Help);
        assert_eq!(parse(&["--stats"]).unwrap(), Command::Stats);
        assert_eq!(parse(&["--format", "poj", "--stats"]).unwrap(), Command::Stats);
        assert_eq!(parse(&["--trace", "--stats"]).unwrap(), Command::Stats);
        assert_eq!(parse(&["--trace"]).unwrap(), Command::Trace(Options::default()));
        assert_eq!(
            parse(&["--format=uva652", "--trace"]).unwrap(),
            Command::Trace(Options { format: Format::Uva652 })
        );
        assert_eq!(parse(&["--trace", "--help"]).unwrap(), Command::Help);
        let error = |args: &[&str]| parse(args).unwrap_err().to_string();
        assert_eq!(
            error(&["--fast"]),
            "unknown argument '--fast'; usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats"
        );
        assert_eq!(
            error(&["--format", "zoj2"]),
            "unknown format 'zoj2'; usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats"
        );
        assert_eq!(
            error(&["--format"]),
            "--format needs a value; usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats"
        );
        // The new switches take no value and do not hide a bad argument next to them.
        assert_eq!(
            error(&["--stats=1"]),
            "unknown argument '--stats=1'; usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats"
        );
        assert_eq!(
            error(&["--trace", "--fast"]),
            "unknown argument '--fast'; usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats"
        );
        assert_eq!(
            error(&["--stats", "--format", "zoj2"]),
            "unknown format 'zoj2'; usage: eight [--format auto|poj|hdu|uva652] [--trace] | eight --stats"
        );
    }

    #[test]
    fn boards_parse_and_print_in_the_judges_form() {
        assert_eq!(board("23415x768").to_string(), "2 3 4 1 5 x 7 6 8");
        assert_eq!(
            "1 2 3".parse::<Board>().unwrap_err(),
            "board 1: the input ends after 3 of its 9 tiles"
        );
        assert_eq!("".parse::<Board>().unwrap_err(), "no tiles");
        assert_eq!("12345678x1".parse::<Board>().unwrap_err(), "more than 9 tiles");
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 7]), None);
        assert_eq!(Board::from_cells([0, 1, 2, 3, 4, 5, 6, 7, 9]), None);
        assert_eq!(Board::from_rank(0), Board::GOAL);
    }

    #[test]
    fn a_closed_output_stops_the_run_with_an_io_error() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let input = "1 2 3 4 5 6 7 8 x\n".repeat(10_000);
        match run(input.as_bytes(), Closed, &Options::default()) {
            Err(Failure::Io(error)) => assert_eq!(error.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("{other:?}"),
        }
    }

    /// What [`main_with`] writes to stdout and stderr for these arguments and input, or the error.
    fn main_output(args: &[&str], input: impl BufRead) -> Result<(String, String), String> {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        main_with(args.iter().map(OsString::from), input, &mut out, &mut diagnostics)
            .map_err(|failure| failure.to_string())?;
        Ok((String::from_utf8(out).unwrap(), String::from_utf8(diagnostics).unwrap()))
    }

    /// An input that fails if it is read at all.
    struct Unreadable;
    impl io::Read for Unreadable {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::Other, "--stats read the input"))
        }
    }
    impl BufRead for Unreadable {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            Err(io::Error::new(io::ErrorKind::Other, "--stats read the input"))
        }
        fn consume(&mut self, _: usize) {}
    }

    /// OEIS A089473: the number of 8-puzzle boards at each distance from the goal.
    const A089473: [usize; 32] = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
        23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];

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
        assert_eq!(answer("1 2 3 4 5 6 8 7 x"), "unsolvable\n");
        // --format has nothing to read and --trace nothing to draw: the same table, stderr empty.
        for args in [&["--stats", "--format", "uva652"][..], &["--trace", "--stats"][..]] {
            assert_eq!(
                main_output(args, Unreadable).unwrap(),
                (text.clone(), String::new()),
                "{args:?}"
            );
        }
    }

    /// One board's drawing in a trace: its heading, the move labels, and the boards drawn.
    struct Drawing {
        heading: String,
        labels: Vec<String>,
        boards: Vec<Board>,
    }

    /// Splits a trace into its boards' drawings (separated by empty lines).
    fn drawings(trace: &str) -> Vec<Drawing> {
        trace
            .split("\n\n")
            .map(|block| {
                let lines: Vec<&str> = block.lines().collect();
                let rows: Vec<&str> = lines.iter().filter(|line| line.starts_with("  | ")).copied().collect();
                let boards = rows
                    .chunks(3)
                    .map(|frame| board(&frame.concat().replace('|', "")))
                    .collect();
                Drawing {
                    heading: lines[0].to_string(),
                    labels: lines
                        .iter()
                        .filter(|line| line.starts_with("move "))
                        .map(|l| l.to_string())
                        .collect(),
                    boards,
                }
            })
            .collect()
    }

    /// Checks that `trace` draws, for each board of `boards` with its `answers`, one frame per
    /// move, each the result of its labelled move, ending at the goal.
    fn assert_trace_draws(trace: &str, boards: &[Board], answers: &[&str]) {
        let drawings = drawings(trace);
        assert_eq!(drawings.len(), boards.len(), "{trace}");
        for (index, ((drawing, start), answer)) in drawings.iter().zip(boards).zip(answers).enumerate() {
            let number = index + 1;
            assert!(
                drawing.heading.starts_with(&format!("board {number}: {start}: ")),
                "{}",
                drawing.heading
            );
            if *answer == "unsolvable" {
                assert!(drawing.heading.contains(": unsolvable: "), "{}", drawing.heading);
                assert!(drawing.heading.contains("odd"), "{}", drawing.heading);
                assert!(drawing.labels.is_empty() && drawing.boards.is_empty(), "board {number}");
                continue;
            }
            assert_eq!(
                drawing.labels.len(),
                answer.len(),
                "board {number}: one drawing per move"
            );
            assert_eq!(
                drawing.boards.len(),
                answer.len() + 1,
                "board {number}: the start, then each move"
            );
            assert_eq!(drawing.boards[0], *start);
            assert_eq!(
                drawing.boards.last(),
                Some(&Board::GOAL),
                "board {number} ends at the goal"
            );
            for (step, (label, letter)) in drawing.labels.iter().zip(answer.bytes()).enumerate() {
                let want = format!("move {} of {}: {} (the ", step + 1, answer.len(), letter as char);
                assert!(label.starts_with(&want), "{label}");
                let index = MOVE_NAMES.iter().position(|&name| name == letter).unwrap() as u8;
                assert_eq!(
                    drawing.boards[step].step(index),
                    Some(drawing.boards[step + 1]),
                    "{label}"
                );
            }
        }
    }

    #[test]
    fn trace_draws_every_answer_and_leaves_stdout_alone() {
        // Boards spread over the whole space, odd and even, the goal, and both farthest boards.
        let mut boards: Vec<Board> = (0..STATES).step_by(9_973).map(Board::from_rank).collect();
        boards.extend(["1 2 3 4 5 6 7 8 x", "8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"].map(board));
        assert!(boards.iter().any(|b| !b.is_solvable()) && boards.iter().any(Board::is_solvable));
        let lines: String = boards.iter().map(|b| format!("{b}\n")).collect();
        let counted = format!("{}\n\n{}", boards.len(), lines.replace('\n', "\n\n"));
        for (args, input) in [
            (&["--trace"][..], &lines),
            (&["--trace", "--format", "hdu"][..], &lines),
            (&["--format=uva652", "--trace"][..], &counted),
            (&["--trace"][..], &counted),
        ] {
            let (out, trace) = main_output(args, input.as_bytes()).unwrap();
            let untraced: Vec<&str> = args.iter().filter(|&&arg| arg != "--trace").copied().collect();
            let (plain, nothing) = main_output(&untraced, input.as_bytes()).unwrap();
            assert_eq!(nothing, "", "{args:?}");
            assert_eq!(out, plain, "{args:?}: stdout is the judge answer, byte for byte");
            // One line per board (the goal's empty), UVa's with an empty line between.
            let lines = out.split_terminator('\n');
            let answers: Vec<&str> = if input == &counted {
                lines.step_by(2).collect()
            } else {
                lines.collect()
            };
            assert_eq!(answers.len(), boards.len(), "{args:?}");
            assert_trace_draws(&trace, &boards, &answers);
        }
    }

    #[test]
    fn trace_stops_at_bad_input_after_drawing_the_boards_before() {
        let input = "2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n9 3 4 1 5 x 7 6 8\n";
        let (mut out, mut trace) = (Vec::new(), Vec::new());
        let outcome = main_with(["--trace"].map(OsString::from), input.as_bytes(), &mut out, &mut trace);
        assert_eq!(outcome.unwrap_err().to_string(), "board 3: tile '9' is not 1-8 or x");
        assert_eq!(out, b"ullddrurdllurdruldr\nunsolvable\n");
        let trace = String::from_utf8(trace).unwrap();
        assert_trace_draws(
            &trace,
            &[board("2 3 4 1 5 x 7 6 8"), board("2 1 3 4 5 6 7 8 x")],
            &["ullddrurdllurdruldr", "unsolvable"],
        );
        // The goal: its heading and a single frame, no moves.
        let (out, trace) = main_output(&["--trace"], &b"1 2 3 4 5 6 7 8 x\n"[..]).unwrap();
        assert_eq!(out, "\n");
        assert_eq!(
            trace,
            "board 1: 1 2 3 4 5 6 7 8 x: the goal itself, 0 moves\nstart:\n  +-------+\n  | 1 2 3 |\n  | 4 5 6 |\n  \
             | 7 8 x |\n  +-------+\n"
        );
    }

    #[test]
    fn help_lists_the_study_switches() {
        let (text, _) = main_output(&["--help"], Unreadable).unwrap();
        assert_eq!(text, USAGE);
        assert!(text.contains("--stats") && text.contains("--trace"));
    }
}
