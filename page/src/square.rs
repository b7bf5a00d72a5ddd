//! msquare seen from its table: each board's distance from the basic state (the crate's
//! `Solver::solve`), its three moves (written here: the crate keeps them private) and a
//! breadth-first search back from a target for "why this answer".

use std::cell::OnceCell;

use common::perm;

use crate::json;
use crate::shortest::{self, Space};

/// Cells on the board.
const CELLS: usize = 8;

/// The move letters, in the judge's order.
pub const NAMES: [char; 3] = ['A', 'B', 'C'];

/// The statement's moves as sources: after move `m`, position `i` holds what position
/// `SOURCES[m][i]` held (positions clockwise from the top left; values 0..8 are colours 1..8).
const SOURCES: [[usize; CELLS]; 3] = [
    [7, 6, 5, 4, 3, 2, 1, 0],
    [3, 0, 1, 2, 5, 6, 7, 4],
    [0, 6, 1, 3, 4, 2, 5, 7],
];

/// A board: position `i` (clockwise from the top left) holds colour `board[i] + 1`.
pub type Board = [u8; CELLS];

/// The board after move `step` (0, 1, 2: A, B, C).
pub fn apply(board: &Board, step: usize) -> Board {
    let mut next = [0; CELLS];
    for (cell, &source) in next.iter_mut().zip(&SOURCES[step]) {
        *cell = board[source];
    }
    next
}

/// The board that move `step` takes to `board`.
fn unapply(board: &Board, step: usize) -> Board {
    let mut before = [0; CELLS];
    for (cell, &source) in board.iter().zip(&SOURCES[step]) {
        before[source] = *cell;
    }
    before
}

/// The crate's solver and every board's distance from the basic state, by rank.
#[derive(Debug)]
pub struct Square {
    /// The crate's solver.
    pub solver: msquare::Solver,
    /// Distance by `common::perm::rank` of the board.
    pub depths: Vec<u8>,
}

impl Square {
    fn new() -> Self {
        let solver = msquare::Solver::new();
        let mut board = [0u8; CELLS];
        let mut moves = Vec::new();
        let depths = (0..perm::FACTORIALS[CELLS])
            .map(|rank| {
                perm::unrank(rank, &mut board);
                solver.solve(&board, &mut moves);
                moves.len() as u8
            })
            .collect();
        Square { solver, depths }
    }
}

thread_local! {
    static SQUARE: OnceCell<Square> = const { OnceCell::new() };
}

/// Calls `f` with the tables, built the first time.
pub fn with<T>(f: impl FnOnce(&Square) -> T) -> T {
    SQUARE.with(|cell| f(cell.get_or_init(Square::new)))
}

/// Reads 8 distinct colours 1..8.
fn parse(tokens: &[&str]) -> Result<Board, String> {
    if tokens.len() != CELLS {
        return Err(format!("a board is 8 colours 1..8, not {} tokens", tokens.len()));
    }
    let mut board = [0u8; CELLS];
    let mut seen = [false; CELLS];
    for (cell, token) in board.iter_mut().zip(tokens) {
        let colour: usize = token.parse().map_err(|_| format!("'{token}' is not a colour 1..8"))?;
        if !(1..=CELLS).contains(&colour) || seen[colour - 1] {
            return Err(format!("'{token}' is not a new colour 1..8"));
        }
        seen[colour - 1] = true;
        *cell = (colour - 1) as u8;
    }
    Ok(board)
}

/// Every board's distance to `target` (by rank), by a breadth-first search over the moves undone.
fn distances_to(target: &Board) -> Vec<u8> {
    let mut distances = vec![u8::MAX; perm::FACTORIALS[CELLS]];
    distances[perm::rank(target)] = 0;
    let mut queue = vec![*target];
    let mut head = 0;
    while head < queue.len() {
        let board = queue[head];
        head += 1;
        let distance = distances[perm::rank(&board)];
        for step in 0..3 {
            let before = unapply(&board, step);
            let rank = perm::rank(&before);
            if distances[rank] == u8::MAX {
                distances[rank] = distance + 1;
                queue.push(before);
            }
        }
    }
    distances
}

/// The shortest answers from the basic state to a target.
struct ToTarget {
    distances: Vec<u8>,
}

impl Space for ToTarget {
    type State = Board;
    type Key = usize;
    const MOVES: usize = 3;
    fn next(&self, state: Board, step: usize) -> Option<Board> {
        Some(apply(&state, step))
    }
    fn exactly(&self, state: Board, moves: u8) -> Option<bool> {
        Some(self.distances[perm::rank(&state)] == moves)
    }
    fn key(&self, state: Board) -> usize {
        perm::rank(&state)
    }
}

/// `board` as its colours, `2,6,8,4,5,7,3,1`.
pub fn tokens(board: &Board) -> String {
    let colours: Vec<String> = board.iter().map(|&cell| (cell + 1).to_string()).collect();
    colours.join(",")
}

/// [`crate::inspect`] for msquare.
pub fn inspect(tokens: &[&str]) -> Result<String, String> {
    let board = parse(tokens)?;
    let basic: Board = [0, 1, 2, 3, 4, 5, 6, 7];
    with(|square| {
        let distance = square.depths[perm::rank(&board)];
        let mut out = json::Object::new();
        out.number("distance", u64::from(distance));
        let hints: Vec<String> = (0..3)
            .map(|step| {
                let next = apply(&board, step);
                let mut hint = json::Object::new();
                hint.string("move", &NAMES[step].to_string());
                hint.string("board", &self::tokens(&next));
                hint.number("distance", u64::from(square.depths[perm::rank(&next)]));
                hint.finish()
            })
            .collect();
        out.raw("moves", &format!("[{}]", hints.join(",")));
        let space = ToTarget {
            distances: distances_to(&board),
        };
        let answers = shortest::answers(&space, basic, distance, 5);
        out.number("count", answers.count);
        out.strings(
            "first",
            answers
                .first
                .iter()
                .map(|answer| answer.iter().map(|&step| NAMES[step]).collect()),
        );
        Ok(out.finish())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_the_crates() {
        // The crate's answer, played with these moves from the basic state, builds the target.
        with(|square| {
            let mut board = [0u8; CELLS];
            let mut moves = Vec::new();
            for rank in (0..40_320).step_by(97) {
                perm::unrank(rank, &mut board);
                square.solver.solve(&board, &mut moves);
                let mut played: Board = [0, 1, 2, 3, 4, 5, 6, 7];
                for &letter in &moves {
                    played = apply(&played, usize::from(letter - b'A'));
                    assert_eq!(unapply(&played, usize::from(letter - b'A')), {
                        let mut back = played;
                        // A, then B and C three times, undo themselves.
                        for _ in 0..if letter == b'A' { 1 } else { 3 } {
                            back = apply(&back, usize::from(letter - b'A'));
                        }
                        back
                    });
                }
                assert_eq!(played, board);
            }
        });
    }

    #[test]
    fn the_printed_answer_is_the_first_shortest_one() {
        let text = inspect(&["2", "6", "8", "4", "5", "7", "3", "1"]).unwrap();
        assert!(text.contains(r#""distance":7"#), "{text}");
        assert!(text.contains(r#""first":["BCABCCB""#), "{text}");
    }
}
