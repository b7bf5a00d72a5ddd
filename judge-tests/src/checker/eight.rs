//! The 8-puzzle checker. Each board's answer must be `unsolvable` exactly when the goal cannot be
//! reached, an empty line for the goal, and otherwise a shortest u/l/d/r string that reaches the
//! goal (any shortest one: POJ and HDU are special judges; with `strict`, only the smallest in
//! u < l < d < r order). Layout: HDU/POJ one answer line per board; UVa 652 one empty line between
//! answers and none after the last.
//!
//! The input's layout is decided with the whole input in hand: UVa 652 when the first non-blank
//! line is one number N and exactly 9·N tiles follow it; otherwise every tile belongs to a board.

use super::{shorten, Judged, Verdict};
use crate::reference::eight::{self as reference, Board, Distances};
use std::sync::OnceLock;

fn distances() -> &'static Distances {
    static TABLE: OnceLock<Distances> = OnceLock::new();
    TABLE.get_or_init(Distances::new)
}

/// The boards of the input and whether it is in UVa 652's counted layout.
fn read_boards(input: &[u8]) -> Result<(Vec<Board>, bool), String> {
    let text = std::str::from_utf8(input).map_err(|_| "the input is not text".to_string())?;
    let first_line = text.lines().find(|line| !line.trim().is_empty()).unwrap_or("");
    let mut words = first_line.split_whitespace();
    let count = match (words.next(), words.next()) {
        (Some(word), None) if word.bytes().all(|b| b.is_ascii_digit()) => word.parse::<usize>().ok(),
        _ => None,
    };
    let tiles: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let (tiles, counted) = match count {
        Some(n) => {
            let first_word_len = first_line.trim().len();
            let rest = &tiles[first_word_len..];
            if n.checked_mul(9) == Some(rest.len()) {
                (rest, true)
            } else {
                (&tiles[..], false)
            }
        }
        None => (&tiles[..], false),
    };
    if tiles.len() % 9 != 0 {
        return Err(format!("{} tiles do not make whole boards", tiles.len()));
    }
    let mut boards = Vec::new();
    for (index, chunk) in tiles.chunks(9).enumerate() {
        let board: Board = chunk.try_into().expect("nine tiles");
        let mut sorted = board;
        sorted.sort_unstable();
        if &sorted != b"12345678x" {
            return Err(format!(
                "board {} \"{}\" is not the tiles 1-8 and x",
                index + 1,
                shorten(&board)
            ));
        }
        boards.push(board);
    }
    Ok((boards, counted))
}

/// Splits the output into one answer per board, noting layout faults instead of failing on them
/// where the answers can still be told apart.
fn split_answers(output: &str, solved: &[bool], counted: bool) -> Result<(Vec<String>, Option<String>), String> {
    let boards = solved.len();
    let mut fault = None;
    let mut note = |why: String| {
        fault.get_or_insert(why);
    };
    if output.contains('\r') {
        note("CR characters (CRLF line ends)".into());
    }
    if !output.is_empty() && !output.ends_with('\n') {
        note("the last line does not end with a newline".into());
    }
    let lines: Vec<String> = output
        .split_terminator('\n')
        .map(|line| line.trim_end_matches('\r').to_string())
        .collect();
    let mut trimmed = Vec::with_capacity(lines.len());
    for (number, line) in lines.iter().enumerate() {
        if line.ends_with(' ') || line.ends_with('\t') {
            note(format!("line {}: trailing whitespace", number + 1));
        }
        trimmed.push(line.trim().to_string());
    }
    if !counted {
        if trimmed.len() != boards {
            return Err(format!("{} answer lines for {boards} boards", trimmed.len()));
        }
        return Ok((trimmed, fault));
    }
    // UVa 652: answer, empty line, answer, ..., answer.
    let separated = boards == 0 || trimmed.len() == 2 * boards - 1;
    if separated && trimmed.iter().skip(1).step_by(2).all(String::is_empty) {
        return Ok((trimmed.into_iter().step_by(2).collect(), fault));
    }
    if trimmed.len() == 2 * boards && trimmed.iter().skip(1).step_by(2).all(String::is_empty) {
        note("an empty line after the last answer".into());
        return Ok((trimmed.into_iter().step_by(2).collect(), fault));
    }
    if trimmed.len() == boards {
        note("the answers are not separated by empty lines".into());
        return Ok((trimmed, fault));
    }
    if let Some(answers) = align(&trimmed, solved) {
        note("some answers are not followed by the empty line that separates them".into());
        return Ok((answers, fault));
    }
    let answers = trimmed.iter().filter(|line| !line.is_empty()).count();
    Err(format!("{answers} answers for {boards} boards"))
}

/// Reads UVa 652 lines as one answer per board when only some of the separating empty lines are
/// there. The solved boards' answers are themselves empty lines, so where the split falls is
/// decided by which boards are solved: an empty line is a solved board's answer or a separator
/// (at most one between two answers), any other line an unsolved board's answer. `None` if no
/// split fits, or if the search would be too large (more than 20 million steps).
fn align(lines: &[String], solved: &[bool]) -> Option<Vec<String>> {
    let (boards, count) = (solved.len(), lines.len());
    if count < boards || count >= 2 * boards || boards.saturating_mul(count - boards + 1) > 20_000_000 {
        return None;
    }
    let separators = count - boards;
    // came[k][j]: how the state "k answers read, j separators skipped" was first reached:
    // 1 = by reading an answer, 2 = by skipping a separator; 0 = not reached.
    let mut came = vec![vec![0u8; separators + 1]; boards + 1];
    came[0][0] = 1;
    for k in 0..=boards {
        for j in 0..=separators {
            let how = came[k][j];
            let line = k + j;
            if how == 0 || line >= count {
                continue;
            }
            if k < boards && lines[line].is_empty() == solved[k] && came[k + 1][j] == 0 {
                came[k + 1][j] = 1;
            }
            // A separator only right after an answer, never before the first or after the last.
            let separates = how == 1 && k >= 1 && k < boards && j < separators && lines[line].is_empty();
            if separates && came[k][j + 1] == 0 {
                came[k][j + 1] = 2;
            }
        }
    }
    if came[boards][separators] == 0 {
        return None;
    }
    let mut answers = vec![String::new(); boards];
    let (mut k, mut j) = (boards, separators);
    while k + j > 0 {
        if came[k][j] == 1 {
            k -= 1;
            answers[k] = lines[k + j].clone();
        } else {
            j -= 1;
        }
    }
    Some(answers)
}

/// Judges one answer's content.
fn judge_answer(board: &Board, answer: &str, strict: bool) -> Result<usize, String> {
    let table = distances();
    let Some(distance) = table.get(board) else {
        return if answer == "unsolvable" {
            Ok(0)
        } else {
            Err(format!("\"{}\" for an unsolvable board", shorten(answer.as_bytes())))
        };
    };
    if answer == "unsolvable" {
        return Err(format!("\"unsolvable\" for a board {distance} moves from the goal"));
    }
    if let Some(bad) = answer.bytes().find(|b| !b"udlr".contains(b)) {
        return Err(format!("'{}' is not a move u, d, l or r", shorten(&[bad])));
    }
    let reached = answer
        .bytes()
        .try_fold(*board, |at, letter| reference::apply(&at, letter));
    match reached {
        None => return Err(format!("\"{}\" moves off the frame", shorten(answer.as_bytes()))),
        Some(end) if end != reference::GOAL => {
            return Err(format!("\"{}\" does not reach the goal", shorten(answer.as_bytes())))
        }
        Some(_) => {}
    }
    if answer.len() > usize::from(distance) {
        return Err(format!("{} moves where {distance} suffice", answer.len()));
    }
    if strict {
        table
            .check(board, answer)
            .map_err(|why| format!("not the smallest in u < l < d < r order: {why}"))?;
    }
    Ok(answer.len())
}

/// Judges a whole output (its boards in order), returning (boards, moves) or the first fault.
fn judge_output(boards: &[Board], counted: bool, output: &[u8], strict: bool) -> Judged {
    let text = std::str::from_utf8(output).map_err(|_| format!("output is not text: \"{}\"", shorten(output)))?;
    let solved: Vec<bool> = boards.iter().map(|board| *board == reference::GOAL).collect();
    let (answers, fault) = split_answers(text, &solved, counted)?;
    let mut moves = 0;
    for (index, (board, answer)) in boards.iter().zip(&answers).enumerate() {
        moves += judge_answer(board, answer, strict).map_err(|why| format!("board {}: {why}", index + 1))?;
    }
    Ok((moves, fault))
}

/// Checks an 8-puzzle output (see the module docs).
pub fn check(input: &[u8], output: &[u8], answer: Option<&[u8]>, strict: bool) -> Verdict {
    let (boards, counted) = match read_boards(input) {
        Ok(read) => read,
        Err(why) => return Verdict::Fail(why),
    };
    super::verdict(
        |text| judge_output(&boards, counted, text, strict),
        output,
        answer,
        boards.len(),
        "board",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const HDU: &[u8] = b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n";
    const UVA: &[u8] = b"2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n";

    #[test]
    fn hdu_verdicts() {
        let right = b"ullddrurdllurdruldr\n\nunsolvable\n";
        assert_eq!(check(HDU, right, None, true), Verdict::Ok("3 boards, 19 moves".into()));
        // Another of the four shortest answers is fine unless strict.
        let other = b"ullddrurdllurrdlurd\n\nunsolvable\n";
        assert_eq!(check(HDU, other, None, false).exit_code(), 0);
        assert_eq!(check(HDU, other, None, true).exit_code(), 1);
        // Too long: the same board reached with a detour.
        assert_eq!(
            check(HDU, b"udullddrurdllurdruldr\n\nunsolvable\n", None, false).exit_code(),
            1
        );
        assert_eq!(check(HDU, b"ullddrurdllurdruldr\n\n\n", None, false).exit_code(), 1);
        assert_eq!(
            check(HDU, b"ullddrurdllurdruldr\nunsolvable\n", None, false).exit_code(),
            1
        );
        assert_eq!(
            check(HDU, b"ullddrurdllurdruldr \n\nunsolvable\n", None, false).exit_code(),
            2
        );
        assert_eq!(
            check(HDU, b"ullddrurdllurdruldr\r\n\r\nunsolvable\r\n", None, false).exit_code(),
            2
        );
        assert_eq!(
            check(HDU, b"ullddrurdllurdruldr\n\nunsolvable", None, false).exit_code(),
            2
        );
        assert_eq!(check(b"1 2 3", right, None, false).exit_code(), 3);
    }

    #[test]
    fn uva_verdicts() {
        assert_eq!(check(UVA, b"ullddrurdllurdruldr\n\n\n", None, true).exit_code(), 0);
        // The answers without the separating empty line, as HDU lays them out: right content.
        assert_eq!(check(UVA, b"ullddrurdllurdruldr\n\n", None, true).exit_code(), 2);
        // Three lines for two boards fit neither layout: an answer is missing or extra.
        assert_eq!(
            check(UVA, b"ullddrurdllurdruldr\n\nunsolvable\n", None, true).exit_code(),
            1
        );
        assert_eq!(check(UVA, b"ullddrurdllurdruldr\n\n\n\n", None, true).exit_code(), 2);
        assert_eq!(check(UVA, b"ullddrurdllurdruldr\n\nr\n", None, true).exit_code(), 1);
    }
}
