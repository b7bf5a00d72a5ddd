//! USACO 3.2 "Magic Squares" (Luogu P2730).
//!
//! A 2×4 board of the colours 1..8, read clockwise from the top-left corner, so the basic state
//!
//! ```text
//! 1 2 3 4
//! 8 7 6 5
//! ```
//!
//! is the sequence (1, 2, 3, 4, 5, 6, 7, 8). Three moves change it:
//! A swaps the rows, B moves the right column to the left, C turns the centre four clockwise.
//! Given a target, print the length of the shortest move sequence from the basic state to it, then
//! the lexicographically smallest (A < B < C) such sequence, 60 characters a line.
//!
//! # Method
//! One breadth-first search over all 8! = 40,320 boards, each indexed by its permutation rank
//! ([`common::perm`]) in a plain array, trying A, B, C in that order and keeping the first
//! discovery of every board ([`common::queue::bfs_ranked`]). BFS dequeues each layer in the
//! lexicographic order of the sequences that reached it (true of the root; expanding a sorted
//! layer in A, B, C order appends the next layer sorted), so the first parent to discover a board
//! carries the smallest shortest prefix, and the path recorded in the search tree is the answer.
//!
//! # Complexity
//! The search is O(8! · 3 · 8) time and about 0.7 MB; an answer is then read in O(length ≤ 22).

use std::io::{self, BufRead, BufWriter, Write};

use common::cli::{Args, Failure};
use common::queue::{bfs_ranked, RankedBfs};
use common::scan::{IntegerError, Scanner};

/// Squares on the board.
pub const CELLS: usize = 8;

/// Moves per line of the printed sequence.
pub const LINE_WIDTH: usize = 60;

/// A board: the colour minus one (0..8) in each position, clockwise from the top-left corner.
pub type Board = [u8; CELLS];

/// The basic state, 1 2 3 4 / 8 7 6 5.
pub const BASIC: Board = [0, 1, 2, 3, 4, 5, 6, 7];

/// The moves' letters, in the order that defines "lexicographically smallest".
pub const MOVE_NAMES: [u8; 3] = *b"ABC";

/// `SOURCES[m][i]` is the position whose colour lands in position `i` under move `m`:
/// A (swap rows) gives (s7,s6,s5,s4,s3,s2,s1,s0), B (right column to the left) gives
/// (s3,s0,s1,s2,s5,s6,s7,s4), C (centre clockwise) gives (s0,s6,s1,s3,s4,s2,s5,s7).
pub const SOURCES: [[usize; CELLS]; 3] = [
    [7, 6, 5, 4, 3, 2, 1, 0],
    [3, 0, 1, 2, 5, 6, 7, 4],
    [0, 6, 1, 3, 4, 2, 5, 7],
];

/// The board after move `step` (0 = A, 1 = B, 2 = C).
///
/// # Panics
/// If `step > 2`.
///
/// # Complexity
/// O(8).
pub fn apply(board: &Board, step: u8) -> Board {
    let sources = &SOURCES[usize::from(step)];
    let mut next = [0; CELLS];
    for (cell, &source) in next.iter_mut().zip(sources) {
        *cell = board[source];
    }
    next
}

/// A board packed into 3-bit fields of a `u32`, position `i` in bits `3i..3i+3` (24 bits in
/// all). Each move is then a few register operations instead of eight indexed copies (the search
/// applies 121,000 moves), each half of the board is directly a 12-bit table key for ranking, and
/// a search-tree node is 8 bytes: fresh memory costs a page fault per 4 KiB.
type Packed = u32;

/// The twelve bits of positions 0-3 (or, shifted, 4-7).
const HALF: u32 = 0o7777;

fn pack(board: &Board) -> Packed {
    board
        .iter()
        .rev()
        .fold(0, |packed, &value| packed << 3 | u32::from(value))
}

fn unpack(packed: Packed) -> Board {
    let mut board = [0; CELLS];
    for (position, cell) in board.iter_mut().enumerate() {
        *cell = (packed >> (3 * position) & 0o7) as u8;
    }
    board
}

/// `REVERSED[h]` is the 12-bit half `h` with its four 3-bit fields in reverse order.
static REVERSED: [u16; 1 << 12] = {
    let mut table = [0u16; 1 << 12];
    let mut half = 0;
    while half < 1 << 12 {
        let mut field = 0;
        while field < 4 {
            table[half] |= ((half >> (3 * field) & 0o7) << (3 * (3 - field))) as u16;
            field += 1;
        }
        half += 1;
    }
    table
};

/// [`apply`] on a packed board.
fn apply_packed(board: Packed, step: u8) -> Packed {
    match step {
        // A: position i takes position 7 - i: each half reversed, and the halves swapped.
        0 => u32::from(REVERSED[(board >> 12) as usize]) | u32::from(REVERSED[(board & HALF) as usize]) << 12,
        // B: (s3,s0,s1,s2 | s5,s6,s7,s4): the low half rotated up a field, the high half down one.
        1 => {
            let (low, high) = (board & HALF, board >> 12);
            let low = (low << 3 | low >> 9) & HALF;
            let high = (high >> 3 | high << 9) & HALF;
            low | high << 12
        }
        // C: (s0,s6,s1,s3,s4,s2,s5,s7): positions 0, 3, 4, 7 stay; 1 ← 6, 2 ← 1, 5 ← 2, 6 ← 5.
        _ => board & 0o70_077_007 | (board >> 15) & 0o70 | (board << 3) & 0o7_000_700 | (board << 9) & 0o700_000,
    }
}

/// [`common::perm::rank`] of a packed board as two table lookups.
///
/// A board's rank is Σ dᵢ·(7−i)!, where dᵢ counts the later values smaller than sᵢ. For the last
/// four positions dᵢ depends only on those four values; for the first four, dᵢ = sᵢ − (earlier
/// values smaller than sᵢ) depends only on the first four. So the rank is `front[s0..s3] +
/// back[s4..s7]`, two 4,096-entry tables filled from `common::perm` itself; the search ranks
/// 121,000 boards, and this is five times fewer instructions than ranking each from scratch.
#[derive(Clone, Debug)]
struct HalfRanks {
    front: Vec<u16>,
    back: Vec<u16>,
}

impl HalfRanks {
    /// Fills both tables: O(4,096 · 8).
    fn new() -> Self {
        let mut front = vec![0u16; 1 << 12];
        let mut back = vec![0u16; 1 << 12];
        let mut first = [0u8; 4];
        for key in 0..1usize << 12 {
            for (i, value) in first.iter_mut().enumerate() {
                *value = (key >> (3 * i) & 7) as u8;
            }
            let used = first.iter().fold(0u32, |mask, &value| mask | 1 << value);
            if used.count_ones() != 4 {
                continue; // a repeated value: no board has this half
            }
            // The first half followed by the unused values in increasing order: the later
            // positions then add nothing, so its rank is the first half's share alone.
            let mut board = [0u8; CELLS];
            board[..4].copy_from_slice(&first);
            let rest = (0..CELLS as u8).filter(|value| used & 1 << value == 0);
            for (cell, value) in board[4..].iter_mut().zip(rest) {
                *cell = value;
            }
            front[key] = common::perm::rank(&board) as u16;
            // Read as the second half, only the values' relative order matters.
            let relative = first.map(|value| first.iter().filter(|&&other| other < value).count() as u8);
            back[key] = common::perm::rank(&relative) as u16;
        }
        HalfRanks { front, back }
    }

    /// The rank of a packed board: O(1).
    fn rank(&self, board: Packed) -> usize {
        usize::from(self.front[(board & HALF) as usize]) + usize::from(self.back[(board >> 12) as usize])
    }
}

/// Every board's smallest shortest sequence, from one search.
#[derive(Clone, Debug)]
pub struct Solver {
    search: RankedBfs<Packed>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// Searches the whole space from the basic state.
    ///
    /// # Complexity
    /// O(8! · 3 · 8) time; under 1 MB.
    pub fn new() -> Self {
        let ranks = HalfRanks::new();
        let search = bfs_ranked(
            pack(&BASIC),
            common::perm::FACTORIALS[CELLS],
            3,
            |&board| ranks.rank(board),
            |&board, step| Some(apply_packed(board, step)),
        );
        Solver { search }
    }

    /// The lexicographically smallest shortest sequence from the basic state to `target`, as the
    /// letters A, B, C, written into `moves` (cleared first).
    ///
    /// # Constraints
    /// `target` is a permutation of 0..8 (every one is reachable).
    ///
    /// # Panics
    /// If `target` is not a permutation of 0..8.
    ///
    /// # Complexity
    /// O(length of the answer).
    pub fn solve(&self, target: &Board, moves: &mut Vec<u8>) {
        let slot = self
            .search
            .slot(common::perm::rank(target))
            .expect("every permutation is reachable");
        self.search.tree.path_to(slot, moves);
        for step in moves.iter_mut() {
            *step = MOVE_NAMES[usize::from(*step)];
        }
    }

    /// A board at the greatest distance from the basic state: the last one the search found.
    ///
    /// # Complexity
    /// O(1).
    pub fn farthest(&self) -> Board {
        unpack(self.search.tree.node(self.search.tree.len() - 1).state)
    }

    /// The number of boards at each distance from the basic state.
    ///
    /// # Complexity
    /// O(8!).
    pub fn layer_sizes(&self) -> Vec<usize> {
        self.search.layer_sizes()
    }
}

/// Writes the answer as the judge wants it: the length, then the moves 60 a line (one empty line
/// when there are none).
///
/// # Complexity
/// O(length of `moves`).
pub fn write_answer(out: &mut impl Write, moves: &[u8]) -> std::io::Result<()> {
    writeln!(out, "{}", moves.len())?;
    common::wrap::write_wrapped(out, moves, LINE_WIDTH)
}

/// Draws `board` as the puzzle shows it: the top row, then the bottom row, left to right.
///
/// # Complexity
/// O(1).
pub fn draw(out: &mut (impl Write + ?Sized), board: &Board) -> io::Result<()> {
    let colour = |position: usize| board[position] + 1;
    writeln!(out, "  {} {} {} {}", colour(0), colour(1), colour(2), colour(3))?;
    writeln!(out, "  {} {} {} {}", colour(7), colour(6), colour(5), colour(4))
}

/// The whole state space as a table: boards at each distance from the basic state, the running
/// total, and the maximum distance with an example board.
///
/// # Complexity
/// O(8!).
pub fn write_stats(out: &mut impl Write, solver: &Solver) -> io::Result<()> {
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
    )
}

/// Replays `moves` (letters A, B, C) from the basic state, drawing every board on `out`, each
/// labelled with the move that led to it.
///
/// # Panics
/// If a move is not A, B or C.
///
/// # Complexity
/// O(length of `moves`).
pub fn write_trace(out: &mut (impl Write + ?Sized), moves: &[u8]) -> io::Result<()> {
    let mut board = BASIC;
    writeln!(out, "start (the basic state):")?;
    draw(out, &board)?;
    for (number, &letter) in moves.iter().enumerate() {
        let step = MOVE_NAMES
            .iter()
            .position(|&name| name == letter)
            .expect("moves are A, B or C");
        board = apply(&board, step as u8);
        let what = ["swap the rows", "right column to the left", "centre clockwise"][step];
        writeln!(
            out,
            "move {} of {}: {} ({what}):",
            number + 1,
            moves.len(),
            letter as char
        )?;
        draw(out, &board)?;
    }
    Ok(())
}

/// Reads the target: exactly 8 integers, a permutation of 1..8, with any whitespace.
///
/// # Errors
/// [`Failure::Input`] naming the fault and its position; [`Failure::Io`] if reading fails.
///
/// # Complexity
/// O(input length).
pub fn read_target(input: impl BufRead) -> Result<Board, Failure> {
    let mut scanner = Scanner::new(input);
    let mut target = [0u8; CELLS];
    let mut seen = [false; CELLS];
    for (count, cell) in target.iter_mut().enumerate() {
        let Some(token) = scanner.next_token()? else {
            return Err(Failure::Input(format!(
                "expected 8 distinct integers 1..8, found {count}"
            )));
        };
        let at = token.position();
        let colour = match token.parse_i64() {
            Ok(value) if (1..=CELLS as i64).contains(&value) => value as usize,
            Ok(value) => return Err(Failure::Input(format!("{at}: {value} is not in 1..8"))),
            Err(IntegerError::OutOfRange) => return Err(Failure::Input(format!("{at}: '{token}' is not in 1..8"))),
            Err(IntegerError::NotInteger) => return Err(Failure::Input(format!("{at}: '{token}' is not an integer"))),
        };
        if seen[colour - 1] {
            return Err(Failure::Input(format!(
                "{at}: {colour} appears twice; expected 8 distinct integers 1..8"
            )));
        }
        seen[colour - 1] = true;
        *cell = (colour - 1) as u8;
    }
    if let Some(token) = scanner.next_token()? {
        return Err(Failure::Input(format!(
            "{}: unexpected '{token}' after the eighth number",
            token.position()
        )));
    }
    Ok(target)
}

/// The whole program: reads the target from `input`, writes the answer to `output`.
///
/// Nothing is written when the input is bad.
///
/// # Errors
/// As [`read_target`], or [`Failure::Io`] if writing fails.
///
/// # Complexity
/// Dominated by [`Solver::new`].
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), Failure> {
    run_traced(input, output, None)
}

/// [`run`], and when `trace` is given, the solution drawn step by step on it ([`write_trace`]).
///
/// # Errors
/// As [`run`].
///
/// # Complexity
/// Dominated by [`Solver::new`].
pub fn run_traced(input: impl BufRead, output: impl Write, trace: Option<&mut dyn Write>) -> Result<(), Failure> {
    let target = read_target(input)?;
    let mut moves = Vec::new();
    Solver::new().solve(&target, &mut moves);
    let mut out = BufWriter::new(output);
    write_answer(&mut out, &moves)?;
    out.flush()?;
    if let Some(trace) = trace {
        write_trace(trace, &moves)?;
    }
    Ok(())
}

/// Usage line for the binary.
pub const USAGE: &str = "msquare [--stats | --trace] < target";

/// The binary: the judge answer by default; `--stats` prints the distance table instead (no input
/// read); `--trace` also draws the solution on `diagnostics` (stderr); `--help` prints the usage.
///
/// # Errors
/// An unknown argument, or as [`run`].
///
/// # Complexity
/// Dominated by [`Solver::new`].
pub fn main_with(
    args: impl IntoIterator<Item = std::ffi::OsString>,
    input: impl BufRead,
    output: impl Write,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure> {
    let args = Args::parse(args, &["--stats", "--trace", "--help"], &[], USAGE)?;
    if args.help() {
        let mut out = BufWriter::new(output);
        writeln!(out, "usage: {USAGE}")?;
        out.flush()?;
        return Ok(());
    }
    if args.switch("--stats") {
        let mut out = BufWriter::new(output);
        write_stats(&mut out, &Solver::new())?;
        out.flush()?;
        return Ok(());
    }
    run_traced(input, output, args.switch("--trace").then_some(diagnostics))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> Result<String, String> {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).map_err(|failure| failure.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn moves_match_the_statement() {
        // From the basic state 1 2 3 4 / 8 7 6 5 the statement's pictures give:
        // A: 8 7 6 5 / 1 2 3 4, B: 4 1 2 3 / 5 8 7 6, C: 1 7 2 4 / 8 6 3 5.
        let colours = |board: Board| board.map(|c| c + 1);
        assert_eq!(colours(apply(&BASIC, 0)), [8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(colours(apply(&BASIC, 1)), [4, 1, 2, 3, 6, 7, 8, 5]);
        assert_eq!(colours(apply(&BASIC, 2)), [1, 7, 2, 4, 5, 3, 6, 8]);
    }

    #[test]
    fn packed_moves_agree_with_the_index_tables() {
        let mut board = [3, 1, 4, 0, 5, 2, 7, 6];
        for round in 0..50u8 {
            for step in 0..3 {
                assert_eq!(unpack(apply_packed(pack(&board), step)), apply(&board, step));
            }
            board = apply(&board, round % 3);
            board.swap(usize::from(round % 8), usize::from(round * 3 % 8));
        }
    }

    #[test]
    fn half_tables_rank_every_board_like_common_perm() {
        let ranks = HalfRanks::new();
        let mut board = [0u8; CELLS];
        for rank in 0..common::perm::FACTORIALS[CELLS] {
            common::perm::unrank(rank, &mut board);
            assert_eq!(ranks.rank(pack(&board)), rank, "{board:?}");
        }
    }

    #[test]
    fn published_examples() {
        assert_eq!(answer("2 6 8 4 5 7 3 1 ").unwrap(), "7\nBCABCCB\n");
        assert_eq!(answer("4 3 1 2 5 6 7 8\n").unwrap(), "22\nABBBCABBBCBBBCBCABCBBB\n");
        assert_eq!(answer("1 2 3 4 5 6 7 8").unwrap(), "0\n\n");
    }

    #[test]
    fn whole_space_has_the_known_layers() {
        let sizes = Solver::new().layer_sizes();
        assert_eq!(
            sizes,
            [
                1, 3, 7, 14, 26, 51, 92, 159, 274, 453, 720, 1115, 1727, 2603, 3701, 4729, 5620, 6240, 5840, 4492,
                2120, 328, 5
            ]
        );
    }

    #[test]
    fn stats_show_the_whole_table() {
        let mut out = Vec::new();
        main_with(["--stats".into()], &b""[..], &mut out, &mut Vec::new()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\n    0       1       1\n"), "{text}");
        assert!(text.contains("\n   21     328   40315\n"), "{text}");
        assert!(text.contains("\n   22       5   40320\n"), "{text}");
        assert!(text.contains("maximum depth 22: 5 boards, e.g. "), "{text}");
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

    #[test]
    fn trace_draws_every_step_and_leaves_stdout_alone() {
        let (mut out, mut trace) = (Vec::new(), Vec::new());
        main_with(["--trace".into()], &b"2 6 8 4 5 7 3 1"[..], &mut out, &mut trace).unwrap();
        assert_eq!(out, b"7\nBCABCCB\n");
        let trace = String::from_utf8(trace).unwrap();
        assert_eq!(trace.matches("move ").count(), 7);
        assert!(
            trace.starts_with("start (the basic state):\n  1 2 3 4\n  8 7 6 5\n"),
            "{trace}"
        );
        assert!(
            trace.ends_with("move 7 of 7: B (right column to the left):\n  2 6 8 4\n  1 3 7 5\n"),
            "{trace}"
        );
    }

    #[test]
    fn bad_input_is_named() {
        assert_eq!(
            answer("1 2 3 4 5 6 7").unwrap_err(),
            "expected 8 distinct integers 1..8, found 7"
        );
        assert_eq!(answer("").unwrap_err(), "expected 8 distinct integers 1..8, found 0");
        assert_eq!(
            answer("1 2 3 x 5 6 7 8").unwrap_err(),
            "line 1, column 7: 'x' is not an integer"
        );
        assert_eq!(
            answer("1 2 3 9 5 6 7 8").unwrap_err(),
            "line 1, column 7: 9 is not in 1..8"
        );
        assert_eq!(
            answer("1 2 3 0 5 6 7 8").unwrap_err(),
            "line 1, column 7: 0 is not in 1..8"
        );
        assert_eq!(
            answer("1 2 3 3 5 6 7 8").unwrap_err(),
            "line 1, column 7: 3 appears twice; expected 8 distinct integers 1..8"
        );
        assert_eq!(
            answer("1 2 3 4 5 6 7 8\n9").unwrap_err(),
            "line 2, column 1: unexpected '9' after the eighth number"
        );
        assert_eq!(
            answer("1 2 3 99999999999999999999 5 6 7 8").unwrap_err(),
            "line 1, column 7: '99999999999999999999' is not in 1..8"
        );
    }
}
