//! What the tests of every module share: boards from text, every board, plain's table built
//! once, and the fast tier's answers as strings. Compiled for tests only.

use std::sync::OnceLock;

use crate::plain;
use crate::search::ida::{self, Exhausted};
use crate::search::Answerer;
use crate::state::{Board, STATES};

/// Number of boards from which the goal can be reached: 9! / 2.
pub(crate) const SOLVABLE: usize = 181_440;

/// OEIS A089473: the number of 8-puzzle boards at each distance from the goal.
pub(crate) const A089473: [usize; 32] = [
    1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
];

/// The board `text` writes, in any spacing the input accepts.
pub(crate) fn board(text: &str) -> Board {
    text.parse().unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// Every board of 9!, in rank order.
pub(crate) fn all_boards() -> impl Iterator<Item = Board> {
    (0..STATES).map(Board::from_rank)
}

/// The cells of every solvable board, in rank order.
pub(crate) fn solvable_boards() -> impl Iterator<Item = [u8; 9]> {
    all_boards().map(|board| board.cells()).filter(plain::is_solvable)
}

/// Plain's table, built once for all the tests of a run.
pub(crate) fn plain_table() -> &'static plain::Table {
    static TABLE: OnceLock<plain::Table> = OnceLock::new();
    TABLE.get_or_init(plain::Table::build)
}

/// Plain's answer to `board` ([`plain::Table::answer`]), `None` if unsolvable: looked up in every
/// board's answer, built once for all the tests of a run ([`plain_answers`]), where the tests
/// that compare a solver with plain on every board would otherwise walk each answer afresh.
pub(crate) fn plain_answer(board: &[u8; 9]) -> Option<&'static str> {
    plain_answers()[plain::rank(board)].as_deref()
}

/// Every board's [`plain::Table::answer`] by [`plain::rank`], `None` for the unsolvable half.
///
/// `answer` walks from the board by [`plain::Table::first_move`] to the goal, so a board's answer
/// is its first move's letter and then the answer of the board that move leads to, one step
/// nearer: taking the boards nearest first, each answer is one first move and a copy of an answer
/// already known, where walking each board afresh takes a first move per letter. The plain tests
/// hold `answer` to its definition; `plain_answers_are_the_walk` checks this shortcut against it.
///
/// # Complexity
/// O(9!/2 · (4 · 9² + 31)) once; about 10 MB kept.
fn plain_answers() -> &'static [Option<String>] {
    static ANSWERS: OnceLock<Vec<Option<String>>> = OnceLock::new();
    ANSWERS.get_or_init(|| {
        let table = plain_table();
        let mut nearest_first: Vec<[u8; 9]> = solvable_boards().collect();
        nearest_first.sort_by_cached_key(|board| table.distance(board));
        let mut answers = vec![None; STATES];
        for board in nearest_first {
            let mut answer = String::new();
            if let Some(m) = table.first_move(&board) {
                let next = plain::moved(&board, m).expect("a first move stays in the frame");
                answer.push(char::from(plain::LETTERS[m]));
                answer.push_str(
                    answers[plain::rank(&next)]
                        .as_deref()
                        .expect("a nearer board comes first"),
                );
            }
            answers[plain::rank(&board)] = Some(answer);
        }
        answers
    })
}

#[test]
fn plain_answers_are_the_walk() {
    // Boards spread over the ranks (the goal first, both halves of the parity), and both 31-move
    // boards, whose answers are built from the longest chains of answers.
    let spread = (0..STATES).step_by(997).map(|rank| Board::from_rank(rank).cells());
    let deepest = ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"].map(|text| board(text).cells());
    let (mut solvable, mut unsolvable) = (0, 0);
    for board in spread.chain(deepest) {
        let answer = plain_answer(&board);
        assert_eq!(answer, plain_table().answer(&board).as_deref(), "{board:?}");
        if answer.is_some() {
            solvable += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(solvable > 100 && unsolvable > 100, "{solvable} {unsolvable}");
    assert_eq!(plain_answer(&deepest[0]).map(str::len), Some(31));
}

/// The answer `answerer` gives `board` (solvability by parity), as a string.
pub(crate) fn answer(answerer: &mut Answerer, board: &Board) -> Option<String> {
    let mut moves = Vec::new();
    let solved = answerer.answer_into(board, board.is_solvable(), &mut moves).unwrap();
    solved.then(|| String::from_utf8(moves).unwrap())
}

/// [`ida::solve_within`] with a budget of its own.
pub(crate) fn ida_solve(board: &[u8; 9], budget: u64) -> Result<Vec<u8>, Exhausted> {
    let mut left = budget;
    ida::solve_within(board, &mut left)
}

/// A seeded xorshift generator, for the plain program's random judge inputs.
pub(crate) struct Random(u64);

impl Random {
    pub(crate) fn new(seed: u64) -> Random {
        Random(seed | 1)
    }

    /// A number in `0..bound`.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// What `main_with` writes to stdout and stderr for these arguments and input, or the error.
pub(crate) fn main_output(args: &[&str], input: impl std::io::BufRead) -> Result<(String, String), String> {
    let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
    crate::main_with(
        args.iter().map(std::ffi::OsString::from).collect(),
        input,
        &mut out,
        &mut diagnostics,
    )
    .map_err(|failure| failure.to_string())?;
    Ok((String::from_utf8(out).unwrap(), String::from_utf8(diagnostics).unwrap()))
}

/// An input that fails if it is read at all.
pub(crate) struct Unreadable;

impl std::io::Read for Unreadable {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(std::io::ErrorKind::Other, "--stats read the input"))
    }
}

impl std::io::BufRead for Unreadable {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        Err(std::io::Error::new(std::io::ErrorKind::Other, "--stats read the input"))
    }
    fn consume(&mut self, _: usize) {}
}
