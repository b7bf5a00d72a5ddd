//! The figures the page writes in its prose and plots, each from the crate that owns it, so that
//! no page script holds a figure of a puzzle (page/build.py fails on one): the size of each
//! space, eight's IDA* budget, Colour Hash's move limit, the deepest layer the page counts, and
//! meet in the middle's sizes for each goal-side depth G; and Magic Squares' distances to a case,
//! by the relabelling of [`crate::square::relabelled`].

use crate::{json, square, Puzzle};

/// The puzzle's figures as a JSON object (`describe`'s `"figures"`):
/// - every puzzle: `"states"`, the size of the whole space (8! and 9! arrangements, Colour
///   Hash's two multinomials);
/// - eight: `"solvable"`, the boards that reach the goal, and `"budget"`, the IDA* expansions a
///   run spends before it builds the table (`eight::study::budget::SEARCH_BUDGET`);
/// - colour-hash: `"maxMoves"` (the judge's limit), `"deepest"` (the deepest layer the page
///   counts, [`crate::hash::MAX_DEPTH`]), `"goalDepth"` (`Solver::new`'s G), for each G of `"depths"`
///   `"tables"` (the table's configurations), and for each G from 0 to the limit `"leaves"` (the
///   start side's most, `MAX_MOVES` − G moves deep, as the solver searches, never undoing a
///   move) and `"sequences"` (the 4^(`MAX_MOVES` − G) that the plain start side drawn on the
///   page tries), and `"allTables"` (the table's configurations for every G from 0 to the limit).
///
/// # Complexity
/// eight: its table once (the solvable boards are its layers); the others O(1).
pub fn figures(puzzle: Puzzle) -> String {
    let mut out = json::Object::new();
    puzzle.study().figures(&mut out);
    out.finish()
}

/// Magic Squares: the distance from each board of `boards` (boards as tokens, `;` between them)
/// to `target`, as JSON `{"distances":[…]}`: the crate's distance from the basic state of each
/// board's relabelling ([`square::relabelled`]); `{"error":…}` if a board is not one.
pub fn msquare_to_case(boards: &str, target: &str) -> String {
    let mut out = json::Object::new();
    let board = |text: &str| -> Result<msquare::Board, String> {
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        square::parse(&words)
    };
    let found = board(target).and_then(|target| {
        boards
            .split(';')
            .map(|text| {
                let relabelled = square::relabelled(&board(text)?, &target);
                Ok(u64::from(square::with(|square| {
                    square.depths[msquare::plain::rank(&relabelled)]
                })))
            })
            .collect::<Result<Vec<u64>, String>>()
    });
    match found {
        Ok(distances) => out.numbers("distances", distances),
        Err(error) => out.string("error", &error),
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_are_the_crates() {
        assert_eq!(figures(Puzzle::Msquare), r#"{"states":40320}"#);
        let eight = figures(Puzzle::Eight);
        assert!(
            eight.contains(r#""solvable":181440"#) && eight.contains(r#""budget":65536"#),
            "{eight}"
        );
        let hash = figures(Puzzle::ColourHash);
        assert!(
            hash.contains(r#""maxMoves":16"#) && hash.contains(r#""deepest":14"#) && hash.contains(r#""goalDepth":11"#),
            "{hash}"
        );
        // G = 5: the layers 0..=5 (1 + 4 + 12 + 34 + 96 + 272); G = 0: 4·3^15 leaves 16 moves deep,
        // G = 5: 4·3^10, and the goal side alone at G = 16: the one empty sequence.
        assert!(
            hash.contains(r#""depths":[5,6,7,8,9,10,11]"#)
                && hash.contains(r#""tables":[419,"#)
                && hash.contains(r#""leaves":[57395628,"#)
                && hash.contains(r#""sequences":[4294967296,"#)
                && hash.contains(r#""allTables":[1,5,17,"#)
                && hash.contains(r#"236196,78732,26244,8748,2916,972,324,108,36,12,4,1]"#),
            "{hash}"
        );
    }

    #[test]
    fn the_samples_are_cases_the_binaries_answer() {
        for (puzzle, answer) in [
            (Puzzle::Msquare, "7\\nBCABCCB\\n"),
            (Puzzle::Eight, "ullddrurdllurdruldr\\n"),
            (Puzzle::ColourHash, "1434332334332323\\n"),
        ] {
            let words = puzzle.study().sample().replace(',', " ");
            let input = if puzzle == Puzzle::ColourHash {
                format!("1\n{words}\n")
            } else {
                words
            };
            assert!(crate::run(puzzle, input.as_bytes()).contains(answer), "{puzzle:?}");
            assert_eq!(
                crate::first::first_case(puzzle, input.as_bytes()),
                format!(r#"{{"tokens":"{}"}}"#, puzzle.study().sample())
            );
        }
    }

    #[test]
    fn msquare_distances_to_the_case_are_the_searchs() {
        // The case itself is 0 away, the basic state its answer's length (2 6 8 4 5 7 3 1: 7),
        // and one move from the basic state toward it one closer or one farther.
        let case = "2,6,8,4,5,7,3,1";
        assert_eq!(
            msquare_to_case(&format!("{case};1,2,3,4,5,6,7,8"), case),
            r#"{"distances":[0,7]}"#
        );
        assert!(msquare_to_case("1,2,3", "1,2,3,4,5,6,7,8").starts_with(r#"{"error":"#));
    }
}
