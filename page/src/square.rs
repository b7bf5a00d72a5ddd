//! msquare seen from its plain tier ([`msquare::plain::Plain`]): each board's distance from the
//! basic state, the layers, and "why this answer".
//!
//! Two facts about the puzzle let the crate's one search answer everything the page asks:
//! - A move permutes the eight *positions*; the colours are only labels. The basic state holds
//!   colour `i + 1` at position `i`, the identity, so the board one move from it *is* that move's
//!   table of sources (after move m, position i holds what position `sources[m][i]` held). The
//!   crate keeps its moves private (`msquare`'s `state::apply` is `pub(crate)`), so the page reads
//!   them off the crate's search instead of copying them: the three boards at distance 1, each
//!   named by its one-letter sequence ([`Moves`]).
//! - For the same reason, the moves from a board `b` to a target `t` are exactly the moves from
//!   the basic state to `t` relabelled by `b` (each colour replaced by the position `b` holds it
//!   at): so the distance from any board to the case is the crate's distance of one relabelled
//!   board ([`relabelled`]), and no search back from the case is needed.

use std::cell::OnceCell;

use common::perm;
use msquare::plain::Plain;
use msquare::Board;

use crate::json;
use crate::shortest::{self, Space};

/// Cells on the board.
const CELLS: usize = 8;

/// The move letters, in the judge's order.
pub const NAMES: [char; 3] = ['A', 'B', 'C'];

/// The basic state 1 2 3 4 / 8 7 6 5: position `i` holds colour `i + 1`.
const BASIC: Board = [0, 1, 2, 3, 4, 5, 6, 7];

/// The three moves as source tables, read off the crate's search (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    sources: [Board; 3],
}

impl Moves {
    /// The boards one move from the basic state, by their one-letter sequences.
    ///
    /// # Complexity
    /// O(8!) distance lookups, once.
    fn from_plain(plain: &Plain) -> Moves {
        let mut sources = [BASIC; 3];
        let mut board = BASIC;
        for rank in 0..perm::FACTORIALS[CELLS] {
            perm::unrank(rank, &mut board);
            if plain.distance(&board) == 1 {
                let letter = plain.sequence(&board)[0];
                sources[usize::from(letter - b'A')] = board;
            }
        }
        Moves { sources }
    }

    /// The board after move `step` (0, 1, 2: A, B, C).
    pub fn apply(&self, board: &Board, step: usize) -> Board {
        let mut next = [0; CELLS];
        for (cell, &source) in next.iter_mut().zip(&self.sources[step]) {
            *cell = board[usize::from(source)];
        }
        next
    }
}

/// `target` with each colour replaced by the position at which `board` holds it: the board the
/// moves from the basic state build when the same moves take `board` to `target` (module docs).
pub fn relabelled(board: &Board, target: &Board) -> Board {
    let mut position = [0u8; CELLS];
    for (cell, &colour) in board.iter().enumerate() {
        position[usize::from(colour)] = cell as u8;
    }
    target.map(|colour| position[usize::from(colour)])
}

/// The crate's plain solver, its moves and every board's distance from the basic state.
#[derive(Debug)]
pub struct Square {
    /// The crate's breadth-first search from the basic state.
    pub plain: Plain,
    /// The moves, read off that search.
    pub moves: Moves,
    /// Distance by `common::perm::rank` of the board.
    pub depths: Vec<u8>,
}

impl Square {
    fn new() -> Self {
        let plain = Plain::new();
        let moves = Moves::from_plain(&plain);
        let mut board = BASIC;
        let depths = (0..perm::FACTORIALS[CELLS])
            .map(|rank| {
                perm::unrank(rank, &mut board);
                plain.distance(&board) as u8
            })
            .collect();
        Square { plain, moves, depths }
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

/// The shortest answers from the basic state to a target.
struct ToTarget<'a> {
    square: &'a Square,
    target: Board,
}

impl Space for ToTarget<'_> {
    type State = Board;
    type Key = usize;
    const MOVES: usize = 3;
    fn next(&self, state: Board, step: usize) -> Option<Board> {
        Some(self.square.moves.apply(&state, step))
    }
    fn exactly(&self, state: Board, moves: u8) -> Option<bool> {
        let distance = self.square.plain.distance(&relabelled(&state, &self.target));
        Some(distance == usize::from(moves))
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
    with(|square| {
        let distance = square.depths[perm::rank(&board)];
        let mut out = json::Object::new();
        out.number("distance", u64::from(distance));
        let hints: Vec<String> = (0..3)
            .map(|step| {
                let next = square.moves.apply(&board, step);
                let mut hint = json::Object::new();
                hint.string("move", &NAMES[step].to_string());
                hint.string("board", &self::tokens(&next));
                hint.number("distance", u64::from(square.depths[perm::rank(&next)]));
                hint.finish()
            })
            .collect();
        out.raw("moves", &format!("[{}]", hints.join(",")));
        let space = ToTarget { square, target: board };
        shortest::answers(&space, BASIC, distance, 5).write(&mut out, |step| NAMES[step]);
        Ok(out.finish())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_read_off_the_search_are_the_statements() {
        with(|square| {
            // The statement's pictures: A swaps the rows, B moves the right column to the left,
            // C turns the centre four clockwise (msquare::plain's docs).
            assert_eq!(square.moves.apply(&BASIC, 0), [7, 6, 5, 4, 3, 2, 1, 0]);
            assert_eq!(square.moves.apply(&BASIC, 1), [3, 0, 1, 2, 5, 6, 7, 4]);
            assert_eq!(square.moves.apply(&BASIC, 2), [0, 6, 1, 3, 4, 2, 5, 7]);
            // The crate's answer, played with these moves from the basic state, builds the target.
            let mut board = BASIC;
            for rank in (0..40_320).step_by(97) {
                perm::unrank(rank, &mut board);
                let played = square.plain.sequence(&board).iter().fold(BASIC, |played, &letter| {
                    square.moves.apply(&played, usize::from(letter - b'A'))
                });
                assert_eq!(played, board);
            }
        });
    }

    #[test]
    fn relabelling_gives_the_distance_between_any_two_boards() {
        // A breadth-first search forward from a board other than the basic state reaches every
        // board at the distance the crate gives its relabelled target, and the crate's sequence
        // for that relabelled target, played from the board, builds the target.
        with(|square| {
            let mut from = BASIC;
            perm::unrank(12_345, &mut from);
            let mut distances = vec![usize::MAX; 40_320];
            distances[perm::rank(&from)] = 0;
            let mut queue = vec![from];
            let mut head = 0;
            while head < queue.len() {
                let board = queue[head];
                head += 1;
                for step in 0..3 {
                    let next = square.moves.apply(&board, step);
                    if distances[perm::rank(&next)] == usize::MAX {
                        distances[perm::rank(&next)] = distances[perm::rank(&board)] + 1;
                        queue.push(next);
                    }
                }
            }
            assert_eq!(queue.len(), 40_320);
            for (index, to) in queue.iter().enumerate() {
                let relabelled = relabelled(&from, to);
                assert_eq!(square.plain.distance(&relabelled), distances[perm::rank(to)], "{to:?}");
                if index % 101 == 0 {
                    let played = square.plain.sequence(&relabelled).iter().fold(from, |played, &letter| {
                        square.moves.apply(&played, usize::from(letter - b'A'))
                    });
                    assert_eq!(played, *to);
                }
            }
        });
    }

    #[test]
    fn the_printed_answer_is_the_first_shortest_one() {
        let text = inspect(&["2", "6", "8", "4", "5", "7", "3", "1"]).unwrap();
        assert!(text.contains(r#""distance":7"#), "{text}");
        assert!(text.contains(r#""first":["BCABCCB""#), "{text}");
        // The farthest boards: the answer the crate prints is the first the page lists.
        with(|square| {
            let farthest = square.plain.farthest();
            let listed: Vec<String> = farthest.iter().map(|&cell| (cell + 1).to_string()).collect();
            let listed: Vec<&str> = listed.iter().map(String::as_str).collect();
            let text = inspect(&listed).unwrap();
            let printed = String::from_utf8(square.plain.sequence(&farthest)).unwrap();
            assert!(text.contains(&format!(r#""first":["{printed}""#)), "{text}");
        });
    }
}
