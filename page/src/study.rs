//! What the page asks of a puzzle, as one trait the three puzzles implement
//! ([`crate::square::MagicSquares`], [`crate::tiles::Eight`], [`crate::hash::ColourHash`]): each
//! method is answered from the puzzle's own crate, and [`crate::call()`] reaches them all through
//! [`crate::Puzzle::study`], so that a request of the page is written once, not once a puzzle.

use common::cli::Failure;

use crate::json;

/// The page's questions to one puzzle.
pub trait Study {
    /// The binary's name, as its error lines begin.
    fn program(&self) -> &'static str;

    /// The crate's `run` with `Options::default()`, the judge program itself.
    fn run(&self, input: &[u8], stdout: &mut Vec<u8>, stderr: &mut Vec<u8>) -> Result<(), Failure>;

    /// The first case of `input` as its tokens, read as the binary reads it; `Err` says why there
    /// is none to draw.
    fn first_case(&self, input: &[u8]) -> Result<String, String>;

    /// Every case of `input` as the binary reads them all, by rank, and whether the input is
    /// counted (its answers then separated by a blank line); `None` when the binary stops on an
    /// error or the puzzle's cases have no ranks (the page's link then names the first case).
    fn ranked_cases(&self, _input: &[u8]) -> Option<(Vec<usize>, bool)> {
        None
    }

    /// The number of states at each distance (msquare from the basic state, the others to the
    /// goal); colour-hash's to `depth`.
    fn layer_sizes(&self, depth: u8) -> Vec<usize>;

    /// The size of the whole space.
    fn states(&self) -> u64;

    /// Every layer to the last from a census the crate publishes (colour-hash only).
    fn census(&self) -> Option<Vec<u64>> {
        None
    }

    /// Each state's distance by rank (255 where there is none); empty for a space without ranks.
    fn depths(&self) -> Vec<u8> {
        Vec::new()
    }

    /// One board seen from the tables, as JSON ([`crate::inspect`]).
    fn inspect(&self, tokens: &[&str]) -> Result<String, String>;

    /// The boards `moves` pass through from `start`, as a JSON list ([`crate::replay`]).
    fn replay(&self, start: &[&str], moves: &str) -> Result<String, String>;

    /// A random case from `mixed` (well spread bits), as tokens.
    fn random(&self, mixed: u64) -> String;

    /// The board of rank `rank`, as tokens; `None` out of range or without ranks.
    fn board_at(&self, _rank: usize) -> Option<String> {
        None
    }

    /// The move letters in the judge's order.
    fn moves(&self) -> Vec<u8>;

    /// The goal's tokens.
    fn goal(&self) -> String;

    /// Where an answer's playback starts: `"case"`, or the board an answer builds the case from.
    fn start(&self) -> String {
        "case".to_string()
    }

    /// The case the page opens with (the problem's published sample).
    fn sample(&self) -> &'static str;

    /// The figures the page's prose and plots use ([`crate::figures`]), written into `out`.
    fn figures(&self, out: &mut json::Object);

    /// The breadth-first search's step `k` as JSON ([`crate::watch`]); `None` past the last.
    fn bfs(&self, k: usize) -> Option<String>;

    /// The order the search finds each state in, 4 bytes a rank; empty without ranks.
    fn found_order(&self) -> Vec<u8> {
        Vec::new()
    }

    /// The search's first whole layers, step by step, for the tree the lesson grows
    /// ([`crate::lesson::tree`]).
    fn tree(&self) -> String;
}
