//! The study page's side of the three puzzle crates, compiled to WebAssembly
//! (`make page`; the page itself is `page/web/`).
//!
//! The answers the page shows come from each crate's own `run` with `Options::default()`, the
//! judge program itself, on the text the person typed: the same bytes the binary prints, and
//! for a bad input the binary's own error line, formatted as `common::cli::finish` does.
//!
//! The rest is what the page draws around an answer, all of it from what the crates expose, so
//! that the page's script holds no puzzle rule:
//! - the moves, the ranks and parity: [`replay`] plays a move string by the crate's moves
//!   (`msquare::study::replay`, `eight::Board::step`, `colour_hash::plain::apply_move`) and
//!   returns each board with its rank, distance and the board each move leads to;
//! - the distance tables: msquare's plain tier (`msquare::plain::Plain`: `distance`,
//!   `sequence`, `layer_sizes`), `eight::Solver::layer_sizes` and `distance`; colour-hash's
//!   layers from `colour_hash::study::GoalLayers` and `colour_hash::Solver` beyond;
//! - "why this answer": how many shortest answers a case has and the first few of them in the
//!   judge's move order ([`shortest`]), from those distances and the crates' moves;
//! - eight's IDA* on the board: `eight::study::heuristic` and `eight::study::iterations`, each
//!   iteration's bound and the boards it expanded;
//! - the searches watched as they run ([`watch`]): the plain breadth-first search a board at a
//!   time, Eight's methods raced on one board, its whole space with three kinds of seen set.

#![deny(unsafe_code)]

// Only in the wasm build: natively, unmangled exports could collide with the C library's symbols.
pub mod call;
pub mod compare;
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
mod ffi;
pub mod figures;
pub mod first;
pub mod hash;
pub mod json;
pub mod lesson;
pub mod link;
pub mod memory;
pub mod request;
pub mod shortest;
pub mod square;
pub mod study;
pub mod tiles;
pub mod watch;

use std::io::Write;

use common::cli::{printable, Failure};

pub use call::call;
pub use study::Study;

/// The three puzzles, in the order of the requests' puzzle codes.
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

    /// The puzzle's answers to the page's questions: the one place that tells the three apart.
    pub fn study(self) -> &'static dyn Study {
        match self {
            Puzzle::Msquare => &square::MagicSquares,
            Puzzle::Eight => &tiles::Eight,
            Puzzle::ColourHash => &hash::ColourHash,
        }
    }

    /// The binary's name, as its error lines begin.
    pub fn program(self) -> &'static str {
        self.study().program()
    }
}

/// What the binary prints for `input`: stdout, and stderr (colour-hash's warnings, then the error
/// line `<program>: error: <message>` if the run failed).
///
/// # Complexity
/// The crate's `run`: building its table when the input needs one.
pub fn output(puzzle: Puzzle, input: &[u8]) -> (String, String) {
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    if let Err(failure) = puzzle.study().run(input, &mut stdout, &mut stderr) {
        // `common::cli::finish`, but into the buffer; a broken pipe cannot happen on a Vec.
        let _ = writeln!(stderr, "{}", error_line(puzzle, &failure));
    }
    (
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

/// [`output`] as JSON `{"stdout":…,"stderr":…}`.
pub fn run(puzzle: Puzzle, input: &[u8]) -> String {
    let (stdout, stderr) = output(puzzle, input);
    let mut out = json::Object::new();
    out.string("stdout", &stdout);
    out.string("stderr", &stderr);
    out.finish()
}

/// The binary's error line for `failure`, without its line feed.
pub fn error_line(puzzle: Puzzle, failure: &Failure) -> String {
    format!("{}: error: {}", puzzle.program(), printable(&failure.to_string()))
}

/// The distance table as JSON: `{"layers":[…],"states":N}`, the number of states at each
/// distance (msquare from the basic state, eight and colour-hash to the goal) and the size of the
/// whole space (for colour-hash, the layers only to `depth`, at least 1, at most
/// [`hash::MAX_DEPTH`], counted here; and `"census":[…]`, every layer to the last from the
/// census the crate publishes, [`colour_hash::census_layers`], which the page draws beyond the
/// layers it counts).
///
/// # Complexity
/// msquare: its plain table, once; eight: its solver's table, once; colour-hash:
/// [`hash::Table::extend_to`].
pub fn layers(puzzle: Puzzle, depth: u8) -> String {
    let study = puzzle.study();
    let mut out = json::Object::new();
    out.numbers("layers", study.layer_sizes(depth).iter().map(|&size| size as u64));
    out.number("states", study.states());
    if let Some(census) = study.census() {
        out.numbers("census", census);
    }
    out.finish()
}

/// Each state's distance by rank (msquare: from the basic state; eight: to the goal, 255 for the
/// unsolvable), for the page's picture of the whole space; empty for colour-hash.
///
/// # Complexity
/// O(states), the table once.
pub fn depths(puzzle: Puzzle) -> Vec<u8> {
    puzzle.study().depths()
}

/// A board's tokens written with commas or spaces between them.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|token| !token.is_empty())
        .collect()
}

/// `{"error":…}`.
fn error_json(error: &str) -> String {
    let mut out = json::Object::new();
    out.string("error", error);
    out.finish()
}

/// One board, written as its tokens (commas or spaces between them), seen from the tables: its
/// distance, each move's board and distance (the hint), how many shortest answers it has and the
/// first few in the judge's order, as JSON; `{"error":…}` if the tokens are not a board.
pub fn inspect(puzzle: Puzzle, tokens: &str) -> String {
    puzzle
        .study()
        .inspect(&words(tokens))
        .unwrap_or_else(|error| error_json(&error))
}

/// One board of a [`replay`] as JSON: `{"board":"t,t,…","rank":R,"distance":D|null,
/// "next":{"<move>":"t,t,…",…},"digits":[…]}` (the moves that exist from it, in the judge's
/// order; the rank's Lehmer digits, as `common::perm::lehmer_digits` gives them, empty for
/// colour-hash, whose configurations have no rank).
pub fn board_json(
    tokens: &str,
    rank: usize,
    digits: &[u8],
    distance: Option<u8>,
    next: impl Iterator<Item = (u8, String)>,
) -> String {
    let mut out = json::Object::new();
    out.string("board", tokens);
    out.number("rank", rank as u64);
    out.optional("distance", distance.map(u64::from));
    let mut moves = json::Object::new();
    for (letter, board) in next {
        moves.string(&char::from(letter).to_string(), &board);
    }
    out.raw("next", &moves.finish());
    out.numbers("digits", digits.iter().map(|&digit| u64::from(digit)));
    out.finish()
}

/// The boards `moves` pass through from the board `start` (its tokens, commas or spaces between
/// them), by the crate's moves, the board first, as JSON `{"boards":[…]}` ([`board_json`] each),
/// or `{"error":…}` if the tokens are not a board or a move does not exist.
///
/// # Complexity
/// O(board size · moves), after the puzzle's table is built once.
pub fn replay(puzzle: Puzzle, start: &str, moves: &str) -> String {
    let mut out = json::Object::new();
    match puzzle.study().replay(&words(start), moves.trim()) {
        Ok(boards) => out.raw("boards", &boards),
        Err(error) => out.string("error", &error),
    }
    out.finish()
}

/// A random case drawn from `random`'s bits, as tokens: msquare and eight uniformly among their
/// 8! and 9! boards (so half of eight's cannot be solved), colour-hash the goal scrambled.
pub fn random(puzzle: Puzzle, random: u64) -> String {
    // Spread the caller's bits (splitmix64's finaliser), so nearby seeds give unrelated cases.
    let mut mixed = random.wrapping_add(0x9e37_79b9_7f4a_7c15);
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^= mixed >> 31;
    puzzle.study().random(mixed)
}

/// The board of rank `rank` as tokens (msquare's 8! and eight's 9! boards, numbered by
/// `common::perm::rank` as their crates rank them), for the all-states picture's pointer; empty
/// for colour-hash or a rank out of range.
pub fn board_at(puzzle: Puzzle, rank: usize) -> String {
    puzzle.study().board_at(rank).unwrap_or_default()
}

/// What the page needs to know of a puzzle before anything is solved, as JSON: its move
/// letters in the judge's order, its goal, and where an answer's playback starts (`"case"`, or
/// for msquare the basic state's tokens: its answer builds the case from there), and the figures
/// its prose and plots use ([`figures::figures`]), and the case it opens with
/// ([`Study::sample`]).
pub fn describe(puzzle: Puzzle) -> String {
    let study = puzzle.study();
    let mut out = json::Object::new();
    out.strings(
        "moves",
        study.moves().iter().map(|&letter| char::from(letter).to_string()),
    );
    out.string("goal", &study.goal());
    out.string("start", &study.start());
    out.string("sample", study.sample());
    out.raw("figures", &figures::figures(puzzle));
    out.finish()
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

    #[test]
    fn colour_hash_layers_carry_the_census_which_agrees_with_the_counted_ones() {
        let text = layers(Puzzle::ColourHash, 9);
        let list = |key: &str| -> Vec<u64> {
            let inner = text
                .split(&format!(r#""{key}":["#))
                .nth(1)
                .unwrap()
                .split(']')
                .next()
                .unwrap();
            inner.split(',').map(|n| n.parse().unwrap()).collect()
        };
        let (counted, census) = (list("layers"), list("census"));
        assert_eq!(census[..counted.len()], counted[..]);
        assert_eq!(census.len(), 27);
        assert_eq!(census.iter().sum::<u64>(), 6_286_896_000);
        assert!(!layers(Puzzle::Eight, 0).contains("census"));
    }

    /// The values of `field` in a replay's boards, in order.
    fn field<'a>(text: &'a str, field: &str) -> Vec<&'a str> {
        let key = format!(r#""{field}":"#);
        text.split(key.as_str())
            .skip(1)
            .map(|rest| rest.split([',', '}']).next().unwrap().trim_matches('"'))
            .collect()
    }

    #[test]
    fn replays_play_the_crates_moves() {
        // msquare: the sample's answer from the basic state builds the sample, one move a board.
        let text = replay(Puzzle::Msquare, "1,2,3,4,5,6,7,8", "BCABCCB");
        let boards: Vec<&str> = text
            .split(r#"{"board":""#)
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap())
            .collect();
        assert_eq!(boards.len(), 8, "{text}");
        assert_eq!(boards[7], "2,6,8,4,5,7,3,1");
        assert_eq!(field(&text, "distance"), ["0", "1", "2", "3", "4", "5", "6", "7"]);
        assert_eq!(field(&text, "rank")[0], "0");
        // eight: the sample's answer reaches the goal; the blank in a corner has two moves.
        let text = replay(Puzzle::Eight, "2,3,4,1,5,x,7,6,8", "ullddrurdllurdruldr");
        let distances: Vec<usize> = field(&text, "distance").iter().map(|d| d.parse().unwrap()).collect();
        assert_eq!(distances, (0..=19).rev().collect::<Vec<_>>());
        assert!(text.ends_with(r#"{"board":"1,2,3,4,5,6,7,8,x","rank":0,"distance":0,"next":{"u":"1,2,3,4,5,x,7,8,6","l":"1,2,3,4,5,6,7,x,8"},"digits":[0,0,0,0,0,0,0,0,0]}]}"#), "{text}");
        assert_eq!(
            replay(Puzzle::Eight, "2,3,4,1,5,x,7,6,8", "r"),
            r#"{"error":"move r leaves the frame"}"#
        );
        assert_eq!(
            replay(Puzzle::Msquare, "1,2,3", ""),
            r#"{"error":"a board is 8 colours 1..8, not 3 tokens"}"#
        );
        assert_eq!(
            replay(Puzzle::Msquare, "1,2,3,4,5,6,7,8", "AD"),
            r#"{"error":"'D' is not a move A, B or C"}"#
        );
        // colour-hash: 3 then 2 from the goal, then 4 and 1 undo them.
        let goal = "0,3,4,3,0,5,6,5,0,1,2,1,0,7,8,7,0,9,10,9,0,1,2,1";
        let text = replay(Puzzle::ColourHash, goal, "3241");
        assert!(
            text.starts_with(&format!(r#"{{"boards":[{{"board":"{goal}","#)),
            "{text}"
        );
        assert!(
            text.contains(&format!(r#"{{"board":"{goal}","rank":0,"distance":0,"next":{{"1":"#)),
            "{text}"
        );
        assert_eq!(field(&text, "distance"), ["0", "1", "2", "1", "0"]);
    }

    #[test]
    fn random_cases_are_boards_of_their_puzzle() {
        for seed in 0..50 {
            for puzzle in Puzzle::ALL {
                let text = replay(puzzle, &random(puzzle, seed), "");
                assert!(text.starts_with(r#"{"boards":"#), "{text}");
            }
        }
        assert_ne!(random(Puzzle::Eight, 1), random(Puzzle::Eight, 2));
        assert!(describe(Puzzle::Msquare).contains(r#""moves":["A","B","C"]"#));
        // The picture's pointer: a rank's board has that rank.
        for rank in [0, 1, 719, 40_319] {
            let text = replay(Puzzle::Msquare, &board_at(Puzzle::Msquare, rank), "");
            assert!(text.contains(&format!(r#""rank":{rank},"#)), "{text}");
        }
        let text = replay(Puzzle::Eight, &board_at(Puzzle::Eight, 362_879), "");
        assert!(
            text.contains(r#""board":"x,8,7,6,5,4,3,2,1","rank":362879,"distance":28,"#),
            "{text}"
        );
        assert_eq!(board_at(Puzzle::ColourHash, 0), "");
    }
}
