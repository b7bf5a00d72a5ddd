//! The study page's permalink of a failing case, printed under a failure by `judge run` and
//! `judge stress`: the one-case fragment the page reads (`#eight=2,3,4,1,5,x,7,6,8`, see
//! docs/study-page.md and page/web/links.js), with `&yours=<moves>` appended when the program's
//! answer for that case is a move sequence, so that the page can show it beside the right one.
//!
//! The case is the input's only one, or the one the checker's message names (`board 2: ...`,
//! Colour Hash's `case 3: ...`); with neither there is no link. A claim where moves were due
//! (`unsolvable`, `NO SOLUTION WAS FOUND IN 16 STEPS`) is linked as `&yours=`, the empty answer,
//! which is what it plays: the page shows the right answer going on where yours stops.
//!
//! The link is an absolute `file://` URL of the workspace's page, so that it opens from any
//! folder; when the page was never built, the line says so and names `make page` ([`study_line`]).

use super::classes;
use crate::input::Item;
use judge_oracle::checker::read::tokens;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Where `make page` writes the page, from the workspace's root.
pub const PAGE: &str = "target/page/study.html";

/// The page's absolute path: in the workspace `judge` runs in (found from the current folder,
/// then from `judge`'s own), else in the one it was built from.
fn page_path() -> PathBuf {
    crate::find_workspace().unwrap_or_else(crate::workspace_root).join(PAGE)
}

/// `path` as a `file://` URL: each byte outside RFC 3986's unreserved set and `/` percent-encoded.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for &byte in path.as_os_str().as_bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

/// The `study:` line's text for a failure: the permalink as an absolute `file://` URL, and when
/// the page is not built yet, that `make page` builds it; `None` when there is no link.
pub fn study_line(puzzle: &str, input: &[u8], output: &[u8], message: &str) -> Option<String> {
    let fragment = permalink(puzzle, input, output, message)?;
    let page = page_path();
    let fragment = fragment.strip_prefix(PAGE).unwrap_or(&fragment);
    let url = format!("{}{fragment}", file_url(&page));
    Some(if page.is_file() {
        url
    } else {
        format!("{url} (the page is not built yet: run `make page` in the workspace)")
    })
}

/// The longest answer put in a link: a longer one is no shortest answer of any of the puzzles,
/// and a link is for reading.
const LONGEST: usize = 64;

/// The permalink of the case of `input` that failed, with the program's answer for it when that
/// is a move sequence; `None` when the failing case is not known (several cases and a message
/// that names none) or is not one the page can draw.
///
/// # Complexity
/// O(input + output).
pub fn permalink(puzzle: &str, input: &[u8], output: &[u8], message: &str) -> Option<String> {
    let items = classes::items(puzzle, input)?;
    let index = match items.len() {
        0 => return None,
        1 => 0,
        _ => named(message)?.checked_sub(1)?,
    };
    let item = items.get(index)?;
    let case = match item {
        Item::Board(board) => board.iter().map(|&tile| (tile as char).to_string()).collect::<Vec<_>>(),
        Item::Target(target) => target.iter().map(u8::to_string).collect(),
        Item::Config(config) if config.iter().all(|&number| number <= 10) => config.iter().map(u8::to_string).collect(),
        Item::Config(_) => return None,
    };
    let mut link = format!("{PAGE}#{puzzle}={}", case.join(","));
    if let Some(yours) = yours(puzzle, &items, index, output) {
        link.push_str("&yours=");
        link.push_str(&yours);
    }
    Some(link)
}

/// The case number a checker's message names: `board 2:`, `configuration 3:`, `target 1:`,
/// Colour Hash's `case 3:` and `answer 3:`.
fn named(message: &str) -> Option<usize> {
    ["board ", "configuration ", "target ", "case ", "answer "]
        .iter()
        .find_map(|noun| {
            let at = message.find(noun)? + noun.len();
            let digits: String = message[at..].chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
}

/// The program's answer for case `index`, when it is a sequence of the puzzle's moves.
fn yours(puzzle: &str, items: &[Item], index: usize, output: &[u8]) -> Option<String> {
    let (answer, moves): (&[u8], &[u8]) = match puzzle {
        // One token per board that is not already solved.
        "eight" => {
            let goal = *b"12345678x";
            if items[index] == Item::Board(goal) {
                return None;
            }
            let before = items[..index].iter().filter(|item| **item != Item::Board(goal)).count();
            (tokens(output).nth(before)?, b"udlr")
        }
        // The count, then the sequence.
        "msquare" => (tokens(output).nth(1)?, b"ABC"),
        // One line per configuration.
        _ => {
            let line = output
                .split(|&byte| byte == b'\n')
                .filter(|line| tokens(line).next().is_some())
                .nth(index)?;
            (tokens(line).next()?, b"1234")
        }
    };
    // A claim plays no moves: the empty answer, beside the right one's moves.
    if answer.first().is_some_and(|byte| byte.is_ascii_alphabetic()) && claims(puzzle).contains(&answer) {
        return Some(String::new());
    }
    let fits = !answer.is_empty() && answer.len() <= LONGEST && answer.iter().all(|byte| moves.contains(byte));
    fits.then(|| String::from_utf8_lossy(answer).into_owned())
}

/// The first token of each claim a puzzle's answer may be instead of moves.
fn claims(puzzle: &str) -> &'static [&'static [u8]] {
    match puzzle {
        "eight" => &[b"unsolvable"],
        "colour-hash" => &[b"PUZZLE", b"NO"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failing_case_and_the_programs_answer() {
        let sample = b"2 3 4 1 5 x 7 6 8\n";
        assert_eq!(
            permalink(
                "eight",
                sample,
                b"udlr\n",
                "wrong answer board 1: \"udlr\" does not reach the goal"
            )
            .unwrap(),
            "target/page/study.html#eight=2,3,4,1,5,x,7,6,8&yours=udlr"
        );
        // The board the message names, its answer counted past the solved board before it.
        let three = b"3\n\n1 2 3 4 5 6 7 x 8\n\n1 2 3 4 5 6 7 8 x\n\n1 2 3 4 5 x 7 8 6\n";
        assert_eq!(
            permalink(
                "eight",
                three,
                b"r\n\n\n\nu\n",
                "wrong answer board 3: \"u\" does not reach"
            )
            .unwrap(),
            "target/page/study.html#eight=1,2,3,4,5,x,7,8,6&yours=u"
        );
        // No move sequence: the case alone.
        assert_eq!(
            permalink("msquare", b"2 6 8 4 5 7 3 1\n", b"", "RE").unwrap(),
            "target/page/study.html#msquare=2,6,8,4,5,7,3,1"
        );
        let colour_hash = b"1\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n";
        assert!(permalink("colour-hash", colour_hash, b"12\n", "x")
            .unwrap()
            .ends_with(",1,2,1&yours=12"));
        // Colour Hash names its case `case N:`; a claim where moves were due plays no moves.
        let three =
            b"2\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n";
        assert!(permalink(
            "colour-hash",
            three,
            b"PUZZLE ALREADY SOLVED\n1111\n",
            "wrong answer case 2: x"
        )
        .unwrap()
        .ends_with("=0,3,4,5,0,3,6,5,0,1,2,1,0,7,8,7,0,9,10,9,0,1,2,1&yours=1111"));
        assert!(permalink(
            "colour-hash",
            three,
            b"PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\n",
            "case 2: x"
        )
        .unwrap()
        .ends_with(",1,2,1&yours="));
        assert!(permalink("eight", sample, b"unsolvable\n", "x")
            .unwrap()
            .ends_with("&yours="));
        // The study line is an absolute file:// URL of the page.
        let line = study_line("eight", sample, b"", "x").unwrap();
        assert!(
            line.starts_with("file:///") && line.contains("/target/page/study.html#eight=2,3,4"),
            "{line}"
        );
        assert_eq!(file_url(Path::new("/a b/é")), "file:///a%20b/%C3%A9");
        // Several cases and none named: no link.
        assert_eq!(permalink("eight", three, b"", "RE exit 1"), None);
        assert_eq!(permalink("eight", b"", b"", "x"), None);
    }
}
