//! eight seen from its table (`eight::Solver::distance`, `Board::step`): distances, the hint,
//! parity; and IDA*'s run on the board, by the crate's own search: its heuristic and each
//! iteration's bound and expansions ([`eight::study::heuristic()`], [`eight::study::iterations`]),
//! and the heuristic tile by tile ([`eight::study::heuristic_parts`]).

use std::cell::OnceCell;

use eight::plain::LETTERS;
use eight::study::{heuristic, heuristic_parts, iterations};
use eight::{Board, Solver};

use common::cli::Failure;

use crate::json;
use crate::shortest::{self, Space};
use crate::study::Study;

/// The crate's solver.
#[derive(Debug)]
pub struct Tiles {
    /// Every board's distance.
    pub solver: Solver,
}

impl Tiles {
    /// Each board's distance by rank, 255 when unsolvable.
    pub fn depths(&self) -> Vec<u8> {
        (0..362_880)
            .map(|rank| self.solver.distance(&Board::from_rank(rank)).unwrap_or(u8::MAX))
            .collect()
    }
}

thread_local! {
    static TILES: OnceCell<Tiles> = const { OnceCell::new() };
}

/// Calls `f` with the table, built the first time.
pub fn with<T>(f: impl FnOnce(&Tiles) -> T) -> T {
    TILES.with(|cell| f(cell.get_or_init(|| Tiles { solver: Solver::new() })))
}

/// Reads nine tiles `1`..`8` and `x` (cells: tile t as t − 1, the blank as 8).
pub fn parse(tokens: &[&str]) -> Result<Board, String> {
    let tiles: Vec<char> = tokens.iter().flat_map(|token| token.chars()).collect();
    if tiles.len() != 9 {
        return Err(format!("a board is 9 tiles 1-8 and x, not {}", tiles.len()));
    }
    let mut cells = [0u8; 9];
    for (cell, &tile) in cells.iter_mut().zip(&tiles) {
        *cell = match tile {
            'x' | 'X' => 8,
            '1'..='8' => tile as u8 - b'1',
            _ => return Err(format!("'{tile}' is not a tile 1-8 or x")),
        };
    }
    Board::from_cells(cells).ok_or_else(|| "a tile appears twice".to_string())
}

/// The shortest answers from a board to the goal.
struct ToGoal<'a> {
    solver: &'a Solver,
}

impl Space for ToGoal<'_> {
    type State = Board;
    type Key = usize;
    const MOVES: usize = 4;
    fn next(&self, state: Board, step: usize) -> Option<Board> {
        state.step(step as u8)
    }
    fn exactly(&self, state: Board, moves: u8) -> Option<bool> {
        Some(self.solver.distance(&state) == Some(moves))
    }
    fn key(&self, state: Board) -> usize {
        state.rank()
    }
}

/// `board` as its tiles, `2,3,4,1,5,x,7,6,8`.
pub fn tokens(board: &Board) -> String {
    cell_tokens(&board.cells())
}

/// A board's cells as [`eight::plain`] holds them (tile t as t − 1, the blank as 8), as its
/// tiles, `2,3,4,1,5,x,7,6,8`.
pub fn cell_tokens(cells: &[u8; 9]) -> String {
    let tiles: Vec<String> = cells
        .iter()
        .map(|&cell| {
            if cell == 8 {
                "x".to_string()
            } else {
                (cell + 1).to_string()
            }
        })
        .collect();
    tiles.join(",")
}

/// [`crate::inspect`] for eight.
pub fn inspect(tokens: &[&str]) -> Result<String, String> {
    let board = parse(tokens)?;
    with(|tiles| {
        let distance = tiles.solver.distance(&board);
        let mut out = json::Object::new();
        out.optional("distance", distance.map(u64::from));
        out.number("inversions", board.inversions() as u64);
        let pairs = eight::study::inverted_pairs(&board);
        out.strings("pairs", pairs.iter().map(|(first, later)| format!("{first} {later}")));
        out.number("heuristic", u64::from(heuristic(&board)));
        // The heuristic tile by tile, by cell in reading order, for the board's drawing.
        let parts = heuristic_parts(&board);
        out.numbers("manhattan", parts.manhattan.iter().map(|&part| u64::from(part)));
        out.numbers("detours", parts.detours.iter().map(|&part| u64::from(part)));
        out.strings(
            "conflicts",
            parts
                .conflicts
                .iter()
                .map(|(first, second)| format!("{first} {second}")),
        );
        let hints: Vec<String> = (0..4)
            .filter_map(|step| {
                let next = board.step(step as u8)?;
                let mut hint = json::Object::new();
                hint.string("move", &char::from(LETTERS[step]).to_string());
                hint.string("board", &self::tokens(&next));
                hint.optional("distance", tiles.solver.distance(&next).map(u64::from));
                Some(hint.finish())
            })
            .collect();
        out.raw("moves", &format!("[{}]", hints.join(",")));
        if distance.is_some_and(|distance| distance > 0) {
            // The crate's IDA* on this board alone, as a one-board run answers it: each
            // iteration's bound and the boards it expanded.
            if let Some(found) = iterations(&board, u64::MAX) {
                out.numbers("bounds", found.iter().map(|iteration| u64::from(iteration.bound)));
                out.numbers("expanded", found.iter().map(|iteration| iteration.expansions));
                out.number("expansions", found.iter().map(|iteration| iteration.expansions).sum());
            }
        }
        if let Some(distance) = distance {
            shortest::answers(&ToGoal { solver: &tiles.solver }, board, distance, 5)
                .write(&mut out, |step| char::from(LETTERS[step]));
        }
        Ok(out.finish())
    })
}

/// The boards `moves` (letters u, l, d, r) pass through from the board `start`, each with its
/// rank, its distance to the goal (`null` when unsolvable) and the board each legal move leads
/// to, as JSON ([`crate::replay`]).
pub fn replay(start: &[&str], moves: &str) -> Result<String, String> {
    let mut board = parse(start)?;
    with(|tiles| {
        let describe = |board: &Board| {
            let next = (0..LETTERS.len()).filter_map(|step| Some((LETTERS[step], tokens(&board.step(step as u8)?))));
            crate::board_json(
                &tokens(board),
                board.rank(),
                &common::perm::lehmer_digits(&board.cells()),
                tiles.solver.distance(board),
                next,
            )
        };
        let mut listed = vec![describe(&board)];
        for letter in moves.bytes() {
            let step = LETTERS
                .iter()
                .position(|&name| name == letter)
                .ok_or_else(|| format!("'{}' is not a move u, l, d or r", char::from(letter)))?;
            board = board
                .step(step as u8)
                .ok_or_else(|| format!("move {} leaves the frame", char::from(letter)))?;
            listed.push(describe(&board));
        }
        Ok(format!("[{}]", listed.join(",")))
    })
}

/// A board drawn uniformly from the 9! by `random` (its low bits), as tokens.
pub fn random(random: u64) -> String {
    tokens(&Board::from_rank((random % 362_880) as usize))
}

/// Eight's answers to the page's questions ([`Study`]).
#[derive(Clone, Copy, Debug)]
pub struct Eight;

impl Study for Eight {
    fn program(&self) -> &'static str {
        eight::PROGRAM
    }

    fn run(&self, input: &[u8], stdout: &mut Vec<u8>, stderr: &mut Vec<u8>) -> Result<(), Failure> {
        eight::run(input, stdout, stderr, &eight::Options::default())
    }

    fn first_case(&self, input: &[u8]) -> Result<String, String> {
        match eight::study::layout::first_board(input) {
            Ok(Some((board, _))) => Ok(tokens(&board)),
            Ok(None) => Err("the input holds no board".to_string()),
            Err(failure) => Err(failure.to_string()),
        }
    }

    fn ranked_cases(&self, input: &[u8]) -> Option<(Vec<usize>, bool)> {
        let (boards, counted) = eight::study::layout::boards(input).ok()?;
        Some((boards.iter().map(Board::rank).collect(), counted))
    }

    fn layer_sizes(&self, _depth: u8) -> Vec<usize> {
        with(|tiles| tiles.solver.layer_sizes())
    }

    fn states(&self) -> u64 {
        common::perm::FACTORIALS[9] as u64
    }

    fn depths(&self) -> Vec<u8> {
        with(|tiles| tiles.depths())
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
        (rank < common::perm::FACTORIALS[9]).then(|| tokens(&Board::from_rank(rank)))
    }

    fn moves(&self) -> Vec<u8> {
        LETTERS.to_vec()
    }

    fn goal(&self) -> String {
        cell_tokens(&eight::plain::GOAL)
    }

    fn sample(&self) -> &'static str {
        "2,3,4,1,5,x,7,6,8"
    }

    fn figures(&self, out: &mut json::Object) {
        out.number("states", self.states());
        let solvable: usize = self.layer_sizes(0).iter().sum();
        out.number("solvable", solvable as u64);
        out.number("budget", eight::study::budget::SEARCH_BUDGET);
    }

    fn bfs(&self, k: usize) -> Option<String> {
        crate::watch::eight_bfs(k)
    }

    fn found_order(&self) -> Vec<u8> {
        crate::watch::found_order(eight::study::stepper(), eight::plain::rank, common::perm::FACTORIALS[9])
    }

    fn tree(&self) -> String {
        crate::lesson::tree(eight::study::stepper(), |stepper| {
            crate::lesson::ranked(stepper, cell_tokens)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eight::ida;

    #[test]
    fn idas_expansions_are_the_crates_count() {
        // The sample: the crate's IDA* gives the judge's answer with exactly the expansions
        // reported (one fewer and its budget runs out).
        let sample = [1, 2, 3, 0, 4, 8, 6, 5, 7];
        let text = inspect(&["2", "3", "4", "1", "5", "x", "7", "6", "8"]).unwrap();
        let expansions: u64 = text
            .split(r#""expansions":"#)
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let mut enough = expansions;
        assert_eq!(ida::solve_within(&sample, &mut enough).unwrap(), b"ullddrurdllurdruldr");
        assert_eq!(enough, 0);
        let mut short = expansions - 1;
        assert_eq!(ida::solve_within(&sample, &mut short), Err(ida::Exhausted));
        // The goal and an unsolvable board are answered without a search.
        assert!(!inspect(&["1", "2", "3", "4", "5", "6", "7", "8", "x"])
            .unwrap()
            .contains("expansions"));
        assert!(!inspect(&["2", "1", "3", "4", "5", "6", "7", "8", "x"])
            .unwrap()
            .contains("expansions"));
    }

    #[test]
    fn the_heuristic_is_given_tile_by_tile() {
        // 3 2 1 / 4 5 6 / 7 8 x: 3 and 1 two columns out, the top row's three in reverse order.
        let text = inspect(&["3", "2", "1", "4", "5", "6", "7", "8", "x"]).unwrap();
        assert!(
            text.contains(r#""heuristic":8,"manhattan":[2,0,2,0,0,0,0,0,0],"detours":[0,2,2,0,0,0,0,0,0]"#),
            "{text}"
        );
        assert!(text.contains(r#""conflicts":["0 1","0 2","1 2"]"#), "{text}");
    }

    #[test]
    fn the_printed_answer_is_the_first_shortest_one() {
        let text = crate::inspect(crate::Puzzle::Eight, "2,3,4,1,5,x,7,6,8");
        assert!(text.contains(r#""first":["ullddrurdllurdruldr""#), "{text}");
        assert!(inspect(&["2", "1", "3", "4", "5", "6", "7", "8", "x"])
            .unwrap()
            .contains(r#""distance":null"#));
    }
}
