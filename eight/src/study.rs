//! The study switches: `--stats` prints the distance table (`write_stats`) and `--trace` draws
//! every answer step by step (`write_trace`, the [`Tracer`](crate::io::Tracer) that `cli` puts in
//! the options). Judges pass no arguments, so bundles leave this module out.
//!
//! The public items are what the study page shows of the method, from the crate's own code: the
//! move letters ([`MOVE_LETTERS`], the moves themselves being [`Board::step`]), the pairs
//! that decide parity ([`inverted_pairs`]), IDA*'s heuristic
//! ([`heuristic`]) and its iterations on a board ([`iterations`]: each bound and the boards it
//! expanded), the plain breadth-first search one board at a time ([`Stepper`]) with each rank
//! worked out ([`lehmer_digits`]), and the whole space searched with each of three ways to
//! remember the boards seen ([`whole_space`], [`SeenKind`]). Ranks and parity are
//! [`Board::rank`] and [`Board::is_solvable`].

pub mod budget;
pub mod layout;

use std::collections::{BTreeSet, HashSet, VecDeque};
use std::io::{self, Write};

use crate::search::Solver;
use crate::state::{tile_char, Board, MOVE_NAMES, NEIGHBOURS, STATES};

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
pub(crate) fn draw(out: &mut dyn Write, boards: &[Board]) -> io::Result<()> {
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
pub(crate) fn write_trace(out: &mut dyn Write, number: u64, board: &Board, moves: Option<&[u8]>) -> io::Result<()> {
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

/// The move letters in the judge's order (u < l < d < r): the blank moves up, left, down,
/// right; move `m` of [`Board::step`] is `MOVE_LETTERS[m]`.
pub const MOVE_LETTERS: [u8; 4] = MOVE_NAMES;

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

/// One iteration of IDA* ([`crate::search::ida::solve_within`]): its bound on `g + h`, and the boards it
/// expanded (each call of the search, the root included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The bound: [`heuristic`] of the board first, then 2 more each time.
    pub bound: u8,
    /// The boards this iteration expanded.
    pub expansions: u64,
}

/// IDA*'s iterations on a solvable `board`, as a one-board run makes them: the last one found
/// the answer. `None` for an unsolvable board (no search is made: parity answers it) or one
/// whose search would expand more than `budget` boards.
///
/// # Complexity
/// The search itself: at most `budget` expansions.
pub fn iterations(board: &Board, budget: u64) -> Option<Vec<Iteration>> {
    if !board.is_solvable() {
        return None;
    }
    let mut found = Vec::new();
    let mut left = budget;
    let mut report = |bound, expansions| found.push(Iteration { bound, expansions });
    crate::search::ida::solve_reporting(&board.cells(), &mut left, &mut report).ok()?;
    Some(found)
}

/// The Lehmer digits of a board's cells (tile t as t − 1, the blank as 8): for each cell, how
/// many later cells hold a smaller value. [`Board::rank`] is their sum weighted by (8 − cell)!:
/// the digits are the rank worked out.
pub fn lehmer_digits(board: &Board) -> [u8; 9] {
    let mut digits = [0; 9];
    digits.copy_from_slice(&common::perm::lehmer_digits(&board.cells()));
    digits
}

/// A neighbour of the board an [`Expansion`] took from the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The move's letter (u, l, d, r: where the blank goes).
    pub letter: u8,
    /// The board the move leads to.
    pub board: Board,
    /// Whether the search saw it here first (it is queued, with the taken board as its parent),
    /// rather than before.
    pub new: bool,
    /// Its distance to the goal, as the search knows it now.
    pub distance: u8,
}

/// One step of the breadth-first search from the goal: a board taken from the queue and its
/// neighbours (two to four, the moves that stay in the frame).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// How many boards were taken before this one (0: the goal).
    pub index: usize,
    /// The board taken.
    pub board: Board,
    /// Its distance to the goal.
    pub distance: u8,
    /// The neighbours, by u, l, d, r.
    pub neighbours: Vec<Neighbour>,
    /// The boards waiting in the queue once the new neighbours are added.
    pub queued: usize,
    /// The boards seen so far (taken or waiting).
    pub seen: usize,
}

/// [`plain`](crate::plain)'s breadth-first search from the goal, one board at a time, for the
/// study page's stepper: each [`step`](Stepper::step) takes the next board from the queue, tries
/// u, l, d, r in that order and queues each neighbour not seen before, its distance one more.
///
/// # Complexity
/// O(9) a step; 9!/2 steps in all, 355 KB for the distances by rank.
#[derive(Clone, Debug)]
pub struct Stepper {
    queue: VecDeque<Board>,
    distances: Vec<u8>,
    taken: usize,
    seen: usize,
}

impl Default for Stepper {
    fn default() -> Self {
        Self::new()
    }
}

impl Stepper {
    /// The search before its first step: the goal queued and seen.
    pub fn new() -> Stepper {
        let mut distances = vec![u8::MAX; STATES];
        distances[Board::GOAL.rank()] = 0;
        Stepper {
            queue: VecDeque::from([Board::GOAL]),
            distances,
            taken: 0,
            seen: 1,
        }
    }

    /// Takes the next board from the queue and expands it; `None` once the queue is empty.
    pub fn step(&mut self) -> Option<Expansion> {
        let board = self.queue.pop_front()?;
        let distance = self.distances[board.rank()];
        let mut neighbours = Vec::with_capacity(4);
        for (step, &letter) in MOVE_NAMES.iter().enumerate() {
            let Some(next) = board.step(step as u8) else { continue };
            let slot = &mut self.distances[next.rank()];
            let new = *slot == u8::MAX;
            if new {
                *slot = distance + 1;
                self.queue.push_back(next);
                self.seen += 1;
            }
            neighbours.push(Neighbour {
                letter,
                board: next,
                new,
                distance: *slot,
            });
        }
        let index = self.taken;
        self.taken += 1;
        Some(Expansion {
            index,
            board,
            distance,
            neighbours,
            queued: self.queue.len(),
            seen: self.seen,
        })
    }

    /// The boards waiting in the queue, the next one first.
    pub fn queue(&self) -> impl Iterator<Item = &Board> {
        self.queue.iter()
    }
}

/// How a breadth-first search remembers the boards it has seen: the three ways the 8-puzzle
/// write-up this workspace grew from tried, in the order it tried them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeenKind {
    /// An ordered set of the boards' cells (`BTreeSet`, C++'s `set`): O(log n) comparisons of
    /// 9-byte keys a lookup, a node allocation an insert.
    Ordered,
    /// A hash set of the boards' cells (`HashSet`): a hash of 9 bytes and a probe a lookup, the
    /// table grown by doubling.
    Hashed,
    /// An array of 9! flags indexed by the board's Cantor rank: one rank and one load a lookup,
    /// 362,880 bytes allocated once.
    Cantor,
}

impl SeenKind {
    /// The three, in the write-up's order.
    pub const ALL: [SeenKind; 3] = [SeenKind::Ordered, SeenKind::Hashed, SeenKind::Cantor];

    /// The name the page and the bench give it.
    pub fn name(self) -> &'static str {
        match self {
            SeenKind::Ordered => "BTreeSet",
            SeenKind::Hashed => "HashSet",
            SeenKind::Cantor => "Cantor",
        }
    }
}

/// A set of seen boards in one of the three forms.
enum Seen {
    Ordered(BTreeSet<[u8; 9]>),
    Hashed(HashSet<[u8; 9]>),
    Cantor(Vec<bool>),
}

impl Seen {
    /// Whether `board` is new, marking it seen.
    fn insert(&mut self, board: &Board) -> bool {
        match self {
            Seen::Ordered(set) => set.insert(board.cells()),
            Seen::Hashed(set) => set.insert(board.cells()),
            Seen::Cantor(flags) => !std::mem::replace(&mut flags[board.rank()], true),
        }
    }
}

/// The plain breadth-first search of the whole space from the goal, remembering the seen boards
/// the `kind` way: the number of boards reached and the greatest distance, 181,440 and 31 for
/// every kind (only the cost differs, which `make bench` and the study page measure).
///
/// # Complexity
/// 9!/2 expansions of up to 4 moves; each lookup as `kind` says.
pub fn whole_space(kind: SeenKind) -> (usize, u8) {
    let mut seen = match kind {
        SeenKind::Ordered => Seen::Ordered(BTreeSet::new()),
        SeenKind::Hashed => Seen::Hashed(HashSet::new()),
        SeenKind::Cantor => Seen::Cantor(vec![false; STATES]),
    };
    seen.insert(&Board::GOAL);
    let mut layer = vec![Board::GOAL];
    let (mut reached, mut depth) = (1, 0);
    loop {
        let mut next = Vec::new();
        for board in &layer {
            for step in 0..4 {
                if let Some(moved) = board.step(step) {
                    if seen.insert(&moved) {
                        next.push(moved);
                    }
                }
            }
        }
        if next.is_empty() {
            return (reached, depth);
        }
        reached += next.len();
        depth += 1;
        layer = next;
    }
}

/// The pairs of tiles out of order on `board`, read row by row with the blank left out: each
/// `(a, b)` has tile `a` (1-8) before the smaller tile `b`. There are [`Board::inversions`] of
/// them, and the board reaches the goal exactly when that number is even.
pub fn inverted_pairs(board: &Board) -> Vec<(u8, u8)> {
    let tiles: Vec<u8> = board
        .cells()
        .iter()
        .filter(|&&cell| cell != 8)
        .map(|&cell| cell + 1)
        .collect();
    let mut pairs = Vec::new();
    for (at, &first) in tiles.iter().enumerate() {
        for &later in &tiles[at + 1..] {
            if later < first {
                pairs.push((first, later));
            }
        }
    }
    pairs
}

/// One method's search on one board, for the study page's race: the length of the answer found
/// and the boards the search expanded (took from its queue or open list and tried the moves of).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The answer's length.
    pub moves: u8,
    /// The boards expanded.
    pub expansions: u64,
}

/// Plain breadth-first search from `board` until the goal is taken from the queue, calling
/// `expanded` with each board it expands (the study page paints them); `None` for an unsolvable
/// board.
///
/// # Complexity
/// Up to 9!/2 expansions, 9! bytes of distances.
pub fn breadth_first(board: &Board, expanded: &mut dyn FnMut(&Board)) -> Option<Run> {
    if !board.is_solvable() {
        return None;
    }
    let mut distances = vec![u8::MAX; STATES];
    distances[board.rank()] = 0;
    let mut queue = VecDeque::from([*board]);
    let mut expansions = 0;
    while let Some(at) = queue.pop_front() {
        expansions += 1;
        expanded(&at);
        let distance = distances[at.rank()];
        if at == Board::GOAL {
            return Some(Run {
                moves: distance,
                expansions,
            });
        }
        for step in 0..4 {
            if let Some(next) = at.step(step) {
                if distances[next.rank()] == u8::MAX {
                    distances[next.rank()] = distance + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// A* from `board` with [`heuristic`], until the goal is taken from the open list, calling
/// `visit` with each board it expands; `None` for an unsolvable board. The heuristic is consistent (a move changes it by at most 1, as it changes
/// one tile's line by one), so a board is expanded at most once and the first time the goal is
/// taken its depth is the distance.
///
/// # Complexity
/// O(E log E) for the E boards expanded; 9! bytes of depths.
pub fn a_star(board: &Board, visit: &mut dyn FnMut(&Board)) -> Option<Run> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    if !board.is_solvable() {
        return None;
    }
    let mut depths = vec![u8::MAX; STATES];
    let mut expanded = vec![false; STATES];
    depths[board.rank()] = 0;
    let mut open = BinaryHeap::from([Reverse((heuristic(board), 0u8, board.rank()))]);
    let mut expansions = 0;
    while let Some(Reverse((_, depth, rank))) = open.pop() {
        if expanded[rank] || depth > depths[rank] {
            continue;
        }
        expanded[rank] = true;
        expansions += 1;
        let at = Board::from_rank(rank);
        visit(&at);
        if at == Board::GOAL {
            return Some(Run {
                moves: depth,
                expansions,
            });
        }
        for step in 0..4 {
            if let Some(next) = at.step(step) {
                if depth + 1 < depths[next.rank()] {
                    depths[next.rank()] = depth + 1;
                    open.push(Reverse((depth + 1 + heuristic(&next), depth + 1, next.rank())));
                }
            }
        }
    }
    None
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
    use crate::testkit::{board, A089473, SOLVABLE};
    use std::ffi::OsString;
    use std::io::BufRead;

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

    /// What `main_with` writes to stdout and stderr for these arguments and input, or the error.
    fn main_output(args: &[&str], input: impl BufRead) -> Result<(String, String), String> {
        let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
        crate::main_with(
            args.iter().map(OsString::from).collect(),
            input,
            &mut out,
            &mut diagnostics,
        )
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

    #[test]
    fn iterations_climb_by_two_from_the_heuristic_to_the_distance() {
        let solver = Solver::new();
        // A seeded sample of solvable boards, every distance up to the diameter among them.
        for rank in (0..STATES).step_by(2_017) {
            let board = Board::from_rank(rank);
            let Some(distance) = solver.distance(&board) else {
                assert_eq!(iterations(&board, u64::MAX), None);
                continue;
            };
            let h = heuristic(&board);
            assert!(h <= distance && h % 2 == distance % 2, "{board}");
            let found = iterations(&board, u64::MAX).unwrap();
            let bounds: Vec<u8> = found.iter().map(|iteration| iteration.bound).collect();
            let expected: Vec<u8> = (h..=distance).step_by(2).collect();
            assert_eq!(bounds, expected, "{board}");
            // The expansions add up to what the search's budget lost.
            let mut budget = u64::MAX;
            crate::search::ida::solve_within(&board.cells(), &mut budget).unwrap();
            let spent: u64 = found.iter().map(|iteration| iteration.expansions).sum();
            assert_eq!(spent, u64::MAX - budget, "{board}");
            assert!(found.iter().all(|iteration| iteration.expansions > 0));
            // One expansion less and the search gives up.
            assert_eq!(iterations(&board, spent - 1), None, "{board}");
        }
        // 1 2 3 / 4 5 6 / 8 7 x: 8 and 7 in their goal row, in the wrong order: 2 + 2.
        assert_eq!(heuristic(&board("1 2 3 4 5 6 8 7 x")), 4);
        assert_eq!(MOVE_LETTERS, *b"uldr");
    }

    #[test]
    fn the_stepper_is_the_plain_search_board_by_board() {
        let solver = Solver::new();
        let mut stepper = Stepper::new();
        let mut count = 0;
        let mut last = 0;
        while let Some(expansion) = stepper.step() {
            assert_eq!(expansion.index, count);
            assert_eq!(Some(expansion.distance), solver.distance(&expansion.board));
            assert!(expansion.distance >= last, "layer by layer");
            last = expansion.distance;
            assert!((2..=4).contains(&expansion.neighbours.len()));
            for neighbour in &expansion.neighbours {
                assert_eq!(Some(neighbour.distance), solver.distance(&neighbour.board));
                if neighbour.new {
                    assert_eq!(neighbour.distance, expansion.distance + 1);
                }
            }
            assert_eq!(expansion.seen, expansion.index + 1 + expansion.queued);
            if count % 1_009 == 0 {
                let digits = lehmer_digits(&expansion.board);
                let factorial = |n: usize| (1..=n).product::<usize>();
                let worked: usize = digits
                    .iter()
                    .enumerate()
                    .map(|(at, &d)| usize::from(d) * factorial(8 - at))
                    .sum();
                assert_eq!(worked, expansion.board.rank());
            }
            count += 1;
        }
        assert_eq!(count, SOLVABLE);
        assert_eq!(last, DIAMETER);
    }

    #[test]
    fn every_method_of_the_race_finds_the_distance() {
        let solver = Solver::new();
        for rank in (0..STATES).step_by(4_999) {
            let board = Board::from_rank(rank);
            let distance = solver.distance(&board);
            let mut seen = Vec::new();
            let breadth = breadth_first(&board, &mut |at| seen.push(at.rank()));
            let mut starred = Vec::new();
            let star = a_star(&board, &mut |at| starred.push(at.rank()));
            if let (Some(breadth), Some(star)) = (breadth, star) {
                // Each board once, the start first.
                assert_eq!(seen.len() as u64, breadth.expansions);
                assert_eq!(seen[0], rank);
                assert_eq!(starred.len() as u64, star.expansions);
                starred.sort_unstable();
                starred.dedup();
                assert_eq!(starred.len() as u64, star.expansions);
            }
            assert_eq!(breadth.map(|run| run.moves), distance, "{board}");
            assert_eq!(star.map(|run| run.moves), distance, "{board}");
            if let (Some(breadth), Some(star)) = (breadth, star) {
                // The heuristic only ever saves work.
                assert!(star.expansions <= breadth.expansions, "{board}");
            }
        }
        assert_eq!(
            breadth_first(&Board::GOAL, &mut |_| {}),
            Some(Run {
                moves: 0,
                expansions: 1
            })
        );
    }

    #[test]
    fn inverted_pairs_count_the_inversions() {
        for rank in (0..STATES).step_by(1_013) {
            let board = Board::from_rank(rank);
            let pairs = inverted_pairs(&board);
            assert_eq!(pairs.len(), board.inversions(), "{board}");
            assert!(pairs.iter().all(|&(first, later)| first > later));
        }
        assert_eq!(inverted_pairs(&board("2 1 3 4 5 6 7 8 x")), [(2, 1)]);
        assert_eq!(inverted_pairs(&Board::GOAL), []);
    }

    #[test]
    fn every_way_of_remembering_reaches_the_same_space() {
        for kind in SeenKind::ALL {
            assert_eq!(whole_space(kind), (SOLVABLE, DIAMETER), "{}", kind.name());
        }
    }

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
        let outcome = crate::main_with(vec![OsString::from("--trace")], input.as_bytes(), &mut out, &mut trace);
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
}
