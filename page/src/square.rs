//! msquare seen from its plain tier ([`msquare::plain`]: the solver, the moves, the basic state,
//! the rank): each board's distance from the basic state, the layers, and "why this answer".
//!
//! One fact about the puzzle lets the crate's one search answer every distance the page asks:
//! a move permutes the eight *positions*; the colours are only labels. So the moves from a board
//! `b` to a target `t` are exactly the moves from the basic state to `t` relabelled by `b` (each
//! colour replaced by the position `b` holds it at): the distance from any board to the case is
//! the crate's distance of one relabelled board ([`relabelled`]), and no search back from the
//! case is needed.

use std::cell::OnceCell;

use common::perm;
use msquare::plain::{apply as moved, rank, Plain, BASIC, MOVE_NAMES};
use msquare::Board;

use common::cli::Failure;

use crate::json;
use crate::shortest::{self, Space};
use crate::study::Study;

/// Cells on the board.
const CELLS: usize = 8;

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
    /// Distance by `common::perm::rank` of the board.
    pub depths: Vec<u8>,
}

impl Square {
    fn new() -> Self {
        let plain = Plain::new();
        let mut board = BASIC;
        let depths = (0..perm::FACTORIALS[CELLS])
            .map(|rank| {
                perm::unrank(rank, &mut board);
                plain.distance(&board) as u8
            })
            .collect();
        Square { plain, depths }
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
pub fn parse(tokens: &[&str]) -> Result<Board, String> {
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
        Some(moved(&state, step))
    }
    fn exactly(&self, state: Board, moves: u8) -> Option<bool> {
        let distance = self.square.plain.distance(&relabelled(&state, &self.target));
        Some(distance == usize::from(moves))
    }
    fn key(&self, state: Board) -> usize {
        rank(&state)
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
        let distance = square.depths[rank(&board)];
        let mut out = json::Object::new();
        out.number("distance", u64::from(distance));
        let hints: Vec<String> = (0..3)
            .map(|step| {
                let next = moved(&board, step);
                let mut hint = json::Object::new();
                hint.string("move", &char::from(MOVE_NAMES[step]).to_string());
                hint.string("board", &self::tokens(&next));
                hint.number("distance", u64::from(square.depths[rank(&next)]));
                hint.finish()
            })
            .collect();
        out.raw("moves", &format!("[{}]", hints.join(",")));
        let space = ToTarget { square, target: board };
        shortest::answers(&space, BASIC, distance, 5).write(&mut out, |step| char::from(MOVE_NAMES[step]));
        Ok(out.finish())
    })
}

/// The boards `moves` (letters) pass through from the board `start`, each with its rank, its
/// distance from the basic state and the board each move leads to, as JSON
/// ([`crate::replay`]).
pub fn replay(start: &[&str], moves: &str) -> Result<String, String> {
    let start = parse(start)?;
    let boards = msquare::study::replay(&start, moves.as_bytes())
        .map_err(|letter| format!("'{}' is not a move A, B or C", char::from(letter)))?;
    with(|square| {
        let listed: Vec<String> = boards
            .iter()
            .map(|board| {
                let next = (0..MOVE_NAMES.len()).map(|step| (MOVE_NAMES[step], tokens(&moved(board, step))));
                crate::board_json(
                    &tokens(board),
                    rank(board),
                    &perm::lehmer_digits(board),
                    Some(square.depths[rank(board)]),
                    next,
                )
            })
            .collect();
        Ok(format!("[{}]", listed.join(",")))
    })
}

/// A board drawn uniformly from the 8! by `random` (its low bits), as tokens.
pub fn random(random: u64) -> String {
    let mut board = BASIC;
    perm::unrank((random % perm::FACTORIALS[CELLS] as u64) as usize, &mut board);
    tokens(&board)
}

/// Magic Squares' answers to the page's questions ([`Study`]).
#[derive(Clone, Copy, Debug)]
pub struct MagicSquares;

impl Study for MagicSquares {
    fn program(&self) -> &'static str {
        msquare::PROGRAM
    }

    fn run(&self, input: &[u8], stdout: &mut Vec<u8>, stderr: &mut Vec<u8>) -> Result<(), Failure> {
        msquare::run(input, stdout, stderr, &msquare::Options::default())
    }

    fn first_case(&self, input: &[u8]) -> Result<String, String> {
        crate::first::words(input, 0, CELLS)
    }

    fn layer_sizes(&self, _depth: u8) -> Vec<usize> {
        with(|square| square.plain.layer_sizes())
    }

    fn states(&self) -> u64 {
        perm::FACTORIALS[CELLS] as u64
    }

    fn depths(&self) -> Vec<u8> {
        with(|square| square.depths.clone())
    }

    fn inspect(&self, tokens: &[&str]) -> Result<String, String> {
        inspect(tokens)
    }

    fn replay(&self, start: &[&str], moves: &str) -> Result<String, String> {
        replay(start, moves)
    }

    fn random(&self, mixed: u64) -> String {
        random(mixed)
    }

    fn board_at(&self, rank: usize) -> Option<String> {
        (rank < perm::FACTORIALS[CELLS]).then(|| {
            let mut board = BASIC;
            perm::unrank(rank, &mut board);
            tokens(&board)
        })
    }

    fn moves(&self) -> Vec<u8> {
        MOVE_NAMES.to_vec()
    }

    fn goal(&self) -> String {
        tokens(&BASIC)
    }

    /// An answer builds the case from the basic state.
    fn start(&self) -> String {
        tokens(&BASIC)
    }

    fn sample(&self) -> &'static str {
        "2,6,8,4,5,7,3,1"
    }

    fn figures(&self, out: &mut json::Object) {
        out.number("states", self.states());
    }

    fn bfs(&self, k: usize) -> Option<String> {
        crate::watch::msquare_bfs(k)
    }

    fn found_order(&self) -> Vec<u8> {
        crate::watch::found_order(msquare::study::stepper(), rank, perm::FACTORIALS[CELLS])
    }

    fn first_layers(&self) -> String {
        crate::watch::first_layers(msquare::study::stepper(), crate::watch::msquare_step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                    let next = moved(&board, step);
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
                    let played = square
                        .plain
                        .sequence(&relabelled)
                        .iter()
                        .fold(from, |played, &letter| moved(&played, usize::from(letter - b'A')));
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
