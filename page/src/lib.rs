//! The study page's side of the three puzzle crates, compiled to WebAssembly
//! (`make page`; the page itself is `page/web/`).
//!
//! The answers the page shows come from each crate's own `run` with `Options::default()`, the
//! judge program itself, on the text the person typed: the same bytes the binary prints, and
//! for a bad input the binary's own error line, formatted as `common::cli::finish` does.
//!
//! The rest is what the page draws around an answer, built on what the crates expose:
//! - the distance tables: msquare's plain tier (`msquare::plain::Plain`: `distance`,
//!   `sequence`, `layer_sizes`), `eight::Solver::layer_sizes` and `distance`; colour-hash's
//!   layers by a breadth-first search over `colour_hash::State::apply` from `State::GOAL`, layer
//!   by layer as its `--stats` counts them ([`hash::Table`]), and `colour_hash::Solver` beyond;
//! - "why this answer": how many shortest answers a case has and the first few of them in the
//!   judge's move order ([`shortest`]), from those distances and the crates' moves
//!   (`colour_hash::plain::apply_move`, `eight::Board::step`; msquare's read off its search,
//!   [`square::Moves`]);
//! - eight's IDA* on the board: the crate's `eight::ida::solve_within`, whose budget counts the
//!   boards it expands.
//!
//! Still written here, because no crate exposes them (each module says why, and the tests check
//! each against the crate): colour-hash's layers beyond the 8 of `colour_hash::plain::Plain` and
//! the size of its whole space ([`hash`]), and eight's IDA* first bound, the heuristic its crate
//! docs define ([`tiles::heuristic`]).

#![deny(unsafe_code)]

// Only in the wasm build: natively, unmangled exports could collide with the C library's symbols.
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
mod ffi;
pub mod hash;
pub mod json;
pub mod shortest;
pub mod square;
pub mod tiles;

use std::io::Write;

use common::cli::{printable, Failure};

/// The three puzzles, in the order of the exports' puzzle codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// USACO 3.2 Magic Squares.
    Msquare,
    /// The 8-puzzle.
    Eight,
    /// UVa 704 Colour Hash.
    ColourHash,
}

impl Puzzle {
    /// Code 0, 1, 2.
    pub const ALL: [Puzzle; 3] = [Puzzle::Msquare, Puzzle::Eight, Puzzle::ColourHash];

    /// The binary's name, as its error lines begin.
    pub fn program(self) -> &'static str {
        match self {
            Puzzle::Msquare => msquare::PROGRAM,
            Puzzle::Eight => eight::PROGRAM,
            Puzzle::ColourHash => colour_hash::PROGRAM,
        }
    }
}

/// What the binary prints for `input`: stdout, and stderr (colour-hash's warnings, then the error
/// line `<program>: error: <message>` if the run failed), as JSON `{"stdout":…,"stderr":…}`.
///
/// # Complexity
/// The crate's `run`: building its table when the input needs one.
pub fn run(puzzle: Puzzle, input: &[u8]) -> String {
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let outcome = match puzzle {
        Puzzle::Msquare => msquare::run(input, &mut stdout, &mut stderr, &msquare::Options::default()),
        Puzzle::Eight => eight::run(input, &mut stdout, &mut stderr, &eight::Options::default()),
        Puzzle::ColourHash => colour_hash::run(input, &mut stdout, &mut stderr, &colour_hash::Options::default()),
    };
    if let Err(failure) = outcome {
        // `common::cli::finish`, but into the buffer; a broken pipe cannot happen on a Vec.
        let _ = writeln!(stderr, "{}", error_line(puzzle, &failure));
    }
    let mut out = json::Object::new();
    out.string("stdout", &String::from_utf8_lossy(&stdout));
    out.string("stderr", &String::from_utf8_lossy(&stderr));
    out.finish()
}

/// The binary's error line for `failure`, without its line feed.
pub fn error_line(puzzle: Puzzle, failure: &Failure) -> String {
    format!("{}: error: {}", puzzle.program(), printable(&failure.to_string()))
}

/// The distance table as JSON: `{"layers":[…],"states":N}`, the number of states at each
/// distance (msquare from the basic state, eight and colour-hash to the goal) and the size of the
/// whole space (for colour-hash, the layers only to `depth`, at least 1, at most
/// [`hash::MAX_DEPTH`]).
///
/// # Complexity
/// msquare: its plain table, once; eight: its solver's table, once; colour-hash:
/// [`hash::Table::extend_to`].
pub fn layers(puzzle: Puzzle, depth: u8) -> String {
    let (sizes, states) = match puzzle {
        Puzzle::Msquare => (square::with(|square| square.plain.layer_sizes()), 40_320),
        Puzzle::Eight => (tiles::with(|tiles| tiles.solver.layer_sizes()), 362_880),
        Puzzle::ColourHash => (hash::with_depth(depth, |table| table.sizes()), hash::space_size()),
    };
    let mut out = json::Object::new();
    out.numbers("layers", sizes.iter().map(|&size| size as u64));
    out.number("states", states);
    out.finish()
}

/// Each state's distance by rank (msquare: from the basic state; eight: to the goal, 255 for the
/// unsolvable), for the page's picture of the whole space; empty for colour-hash.
///
/// # Complexity
/// O(states), the table once.
pub fn depths(puzzle: Puzzle) -> Vec<u8> {
    match puzzle {
        Puzzle::Msquare => square::with(|square| square.depths.clone()),
        Puzzle::Eight => tiles::with(|tiles| tiles.depths()),
        Puzzle::ColourHash => Vec::new(),
    }
}

/// One board, written as its tokens (commas or spaces between them), seen from the tables: its
/// distance, each move's board and distance (the hint), how many shortest answers it has and the
/// first few in the judge's order, as JSON; `{"error":…}` if the tokens are not a board.
pub fn inspect(puzzle: Puzzle, tokens: &str) -> String {
    let tokens: Vec<&str> = tokens
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|token| !token.is_empty())
        .collect();
    let inspected = match puzzle {
        Puzzle::Msquare => square::inspect(&tokens),
        Puzzle::Eight => tiles::inspect(&tokens),
        Puzzle::ColourHash => hash::inspect(&tokens),
    };
    inspected.unwrap_or_else(|error| {
        let mut out = json::Object::new();
        out.string("error", &error);
        out.finish()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_print_what_the_binaries_print() {
        assert_eq!(
            run(Puzzle::Msquare, b"2 6 8 4 5 7 3 1\n"),
            r#"{"stdout":"7\nBCABCCB\n","stderr":""}"#
        );
        assert_eq!(
            run(Puzzle::Eight, b"2 3 4 1 5 x 7 6 8"),
            r#"{"stdout":"ullddrurdllurdruldr\n","stderr":""}"#
        );
        assert_eq!(
            run(Puzzle::Msquare, b"1 2 3"),
            r#"{"stdout":"","stderr":"msquare: error: expected 8 distinct integers 1..8, found 3\n"}"#
        );
    }

    #[test]
    fn layers_sum_to_the_spaces() {
        let sum = |text: String| -> u64 {
            let inner = text.split('[').nth(1).unwrap().split(']').next().unwrap();
            inner.split(',').map(|n| n.parse::<u64>().unwrap()).sum()
        };
        assert_eq!(sum(layers(Puzzle::Msquare, 0)), 40_320);
        assert_eq!(sum(layers(Puzzle::Eight, 0)), 181_440);
        assert_eq!(sum(layers(Puzzle::ColourHash, 5)), 1 + 4 + 12 + 34 + 96 + 272);
    }
}
