//! The 8-puzzle checker. Each board's answer must be `unsolvable` exactly when the goal cannot be
//! reached, an empty line for the goal, and otherwise a u/l/d/r string that reaches the goal:
//! any such string by default ([`Level::Judge`]: POJ 1077, HDU 1043 and UVa 652 are special
//! judges that replay the moves), a shortest one with [`Level::Shortest`] (AcWing 179), the
//! smallest shortest in u < l < d < r order with [`Level::Strict`]. Layout: POJ/HDU one answer
//! line per board; UVa 652 one empty line between answers and none after the last.
//!
//! The input's layout is decided by the exact rule, with the whole input in view: UVa 652 when
//! the first non-blank line is one number N (by the shared grammar: `+2`, `02` are 2) and exactly
//! 9·N tiles follow it; otherwise every non-whitespace byte is a tile of a board.
//!
//! Content first: the output's tokens are the answers of the boards that are not already solved,
//! in order (a solved board's answer is an empty line, no token). Then the lines are compared
//! with the exact layout.

use super::cache;
use super::layout;
use super::read::{Input, Reader};
use super::verdict::{self, shorten, unreadable, Judged, Level, Verdict};
use crate::reference::eight::{self as reference, Board, Distances};
use std::sync::OnceLock;

/// The reference distance table, built once per process.
static TABLE: OnceLock<Distances> = OnceLock::new();

/// The reference distance table, on first use read from where `judge` keeps it or built
/// ([`try_distances`]): `judge stress` generates and shrinks its inputs by it, so each `judge`
/// process reads the kept table rather than searching the space again.
///
/// # Panics
/// If its memory is refused; the checker itself asks with [`try_distances`].
pub fn distances() -> &'static Distances {
    try_distances().unwrap_or_else(|refused| panic!("{refused}"))
}

/// The reference distance table, built on first use, or why its memory was refused.
///
/// # Errors
/// The refusal, as the checker's failure message.
pub fn try_distances() -> Result<&'static Distances, String> {
    if let Some(table) = TABLE.get() {
        return Ok(table);
    }
    let built = crate::alloc::with_headroom(|| {
        cache::kept_or_built("eight", cache::decode_eight, cache::encode_eight, Distances::try_new)
    })
    .map_err(|refused| refused.to_string())?;
    Ok(TABLE.get_or_init(|| built))
}

/// The rule applied at `level`, for messages.
pub fn rule(level: Level) -> &'static str {
    match level {
        Level::Judge => "any move sequence that reaches the goal, as POJ 1077, HDU 1043 and UVa 652 judge",
        Level::Shortest => "a shortest move sequence (--checker-level shortest, as AcWing 179)",
        Level::Strict => "the smallest shortest sequence in u < l < d < r order (--checker-level strict)",
    }
}

/// An input's layout and board counts, from the validating passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Whether the input is UVa 652's counted layout.
    pub counted: bool,
    /// How many boards.
    pub boards: u64,
    /// How many of them are the goal (their answer is an empty line).
    pub solved: u64,
}

/// Whether the input is in UVa 652's counted layout: its first non-blank line holds one number
/// N and exactly 9·N non-whitespace bytes follow it.
///
/// # Errors
/// If the input cannot be read.
pub fn is_counted(input: &(impl Input + ?Sized)) -> Result<bool, String> {
    let mut reader = Reader::new(input).map_err(unreadable)?;
    let Some(first) = reader.next_token() else {
        return Ok(false);
    };
    let lone = !reader.skip_space() || reader.line() > first.line;
    let mut rest = 0u64;
    while reader.next_tile().is_some() {
        rest += 1;
    }
    if let Some(error) = reader.error() {
        return Err(unreadable(error));
    }
    let wanted = first
        .number
        .and_then(|n| n.non_negative())
        .and_then(|n| n.checked_mul(9));
    Ok(lone && wanted == Some(rest))
}

/// Streams the boards of an input in a known layout.
struct Boards<'a> {
    reader: Reader<'a>,
    number: u64,
}

impl<'a> Boards<'a> {
    fn open(input: &'a (impl Input + ?Sized), counted: bool) -> Result<Self, String> {
        let mut reader = Reader::new(input).map_err(unreadable)?;
        if counted {
            reader.next_token();
        }
        Ok(Boards { reader, number: 0 })
    }

    /// The next board, `Ok(None)` at the end, or why the input is not boards.
    fn next(&mut self) -> Result<Option<Board>, String> {
        let mut board = [0u8; 9];
        for (count, cell) in board.iter_mut().enumerate() {
            match self.reader.next_tile() {
                Some(tile) => *cell = tile,
                None if self.reader.error().is_some() => {
                    return Err(unreadable(self.reader.error().expect("an error")))
                }
                None if count == 0 => return Ok(None),
                None => {
                    return Err(format!(
                        "board {}: the input ends after {count} of its 9 tiles",
                        self.number + 1
                    ))
                }
            }
        }
        self.number += 1;
        let mut sorted = board;
        sorted.sort_unstable();
        if &sorted != b"12345678x" {
            return Err(format!(
                "board {} \"{}\" is not the tiles 1-8 and x",
                self.number,
                shorten(&board)
            ));
        }
        Ok(Some(board))
    }
}

/// Reads and validates the whole input (two streaming passes).
///
/// # Errors
/// Why the input is not a valid eight input.
pub fn read_shape(input: &(impl Input + ?Sized)) -> Result<Shape, String> {
    let counted = is_counted(input)?;
    let mut boards = Boards::open(input, counted)?;
    let mut shape = Shape {
        counted,
        boards: 0,
        solved: 0,
    };
    while let Some(board) = boards.next()? {
        shape.boards += 1;
        shape.solved += u64::from(board == reference::GOAL);
    }
    Ok(shape)
}

/// Judges one unsolved board's answer token; returns its move count.
fn judge_answer(board: &Board, answer: &[u8], level: Level) -> Result<u64, String> {
    let table = distances();
    let Some(distance) = table.get(board) else {
        return if answer == b"unsolvable" {
            Ok(0)
        } else {
            Err(format!("\"{}\" for an unsolvable board", shorten(answer)))
        };
    };
    if answer == b"unsolvable" {
        return Err(format!("\"unsolvable\" for a board {distance} moves from the goal"));
    }
    if let Some(bad) = answer.iter().find(|b| !b"udlr".contains(b)) {
        return Err(format!("'{}' is not a move u, d, l or r", shorten(&[*bad])));
    }
    let mut at = *board;
    for (index, &letter) in answer.iter().enumerate() {
        at = reference::apply(&at, letter).ok_or_else(|| {
            format!(
                "\"{}\": move {} '{}' leaves the frame",
                shorten(answer),
                index + 1,
                letter as char
            )
        })?;
    }
    if at != reference::GOAL {
        return Err(format!("\"{}\" does not reach the goal", shorten(answer)));
    }
    let moves = answer.len() as u64;
    if level != Level::Judge && moves > u64::from(distance) {
        return Err(format!("{moves} moves where {distance} suffice"));
    }
    if level == Level::Strict {
        let text = std::str::from_utf8(answer).expect("u, d, l, r");
        table
            .check(board, text)
            .map_err(|why| format!("not the smallest in u < l < d < r order: {why}"))?;
    }
    Ok(moves)
}

/// The message for an output with the wrong number of answers: `found 3 answers for 2 boards`,
/// or with solved boards `found 1 answer, expected 0: the input's 1 board is already solved, and
/// a solved board's answer is an empty line`.
fn count_mismatch(answers: u64, shape: &Shape) -> String {
    let found = format!("found {answers} {}", verdict::plural(answers, "answer"));
    if shape.solved == 0 {
        return format!(
            "{found} for {} {}",
            shape.boards,
            verdict::plural(shape.boards, "board")
        );
    }
    let unsolved = shape.boards - shape.solved;
    let solved = match (shape.boards, shape.solved) {
        (1, 1) => "the input's 1 board is already solved".to_string(),
        (all, solved) if all == solved => format!("the input's {all} boards are all already solved"),
        (all, 1) => format!("1 of the input's {all} boards is already solved"),
        (all, solved) => format!("{solved} of the input's {all} boards are already solved"),
    };
    format!("{found}, expected {unsolved}: {solved}, and a solved board's answer is an empty line")
}

/// For an output with the wrong number of answers, the first line that is wrong, read line by
/// line against the boards (one line a board, UVa 652's empty line before each board after the
/// first): a board with no line left (`board 2: no answer: the output ends after line 1`), an
/// empty line for a board that is not the goal (`board 9: an empty line (the goal's answer) for
/// an unsolvable board`), moves on the goal's line, a wrong answer, or a line after the last
/// board's. `None` when the output is not one answer a line (then the count says it all).
fn first_wrong_line(
    input: &(impl Input + ?Sized),
    shape: &Shape,
    output: &[u8],
    level: Level,
) -> Result<Option<String>, String> {
    let text = output.strip_suffix(b"\n").unwrap_or(output);
    let mut lines = text
        .split(|&byte| byte == b'\n')
        .enumerate()
        .map(|(at, line)| (at + 1, line));
    if output.is_empty() {
        lines.next();
    }
    let mut boards = Boards::open(input, shape.counted)?;
    let mut last = 0;
    while let Some(board) = boards.next()? {
        let number = boards.number;
        let mut line = lines.next();
        // UVa 652's empty line before each board after the first: skipped when it is there.
        if shape.counted && number > 1 && line.is_some_and(|(_, text)| super::read::tokens(text).next().is_none()) {
            line = lines.next();
        }
        let Some((at, text)) = line else {
            return Ok(Some(if last == 0 {
                format!("board {number}: no answer: the output is empty")
            } else {
                format!("board {number}: no answer: the output ends after line {last}")
            }));
        };
        last = at;
        let mut tokens = super::read::tokens(text);
        let (first, more) = (tokens.next(), tokens.next());
        if more.is_some() {
            return Ok(None);
        }
        let goal = board == reference::GOAL;
        let wrong = match (first, goal) {
            (None, true) => None,
            (None, false) => Some(match distances().get(&board) {
                None => format!("board {number}: an empty line (the goal's answer) for an unsolvable board"),
                Some(distance) => format!(
                    "board {number}: an empty line (the goal's answer) for a board {distance} {} from the goal",
                    verdict::plural(u64::from(distance), "move")
                ),
            }),
            (Some(token), true) => Some(format!(
                "board {number} is already solved, so its answer is an empty line, but line {at} holds the moves \"{}\"",
                shorten(token)
            )),
            (Some(token), false) => judge_answer(&board, token, level)
                .err()
                .map(|why| format!("board {number}: {why}")),
        };
        if wrong.is_some() {
            return Ok(wrong);
        }
    }
    Ok(lines
        .find(|(_, text)| super::read::tokens(text).next().is_some())
        .map(|(at, text)| {
            format!(
                "line {at}: \"{}\" after the last board's answer",
                shorten(super::read::tokens(text).next().unwrap_or_default())
            )
        }))
}

/// Judges a whole output: content by tokens, then layout.
fn judge_output(input: &(impl Input + ?Sized), shape: &Shape, output: &[u8], level: Level) -> Result<Judged, String> {
    let unsolved = shape.boards - shape.solved;
    let answers = super::read::tokens(output).count() as u64;
    if answers != unsolved {
        let counted = count_mismatch(answers, shape);
        return Ok(Err(match first_wrong_line(input, shape, output, level)? {
            Some(line) => format!("{line}; in all, {counted}"),
            None => counted,
        }));
    }
    let mut tokens = super::read::tokens(output);
    let mut boards = Boards::open(input, shape.counted)?;
    let mut moves = 0;
    while let Some(board) = boards.next()? {
        if board == reference::GOAL {
            continue;
        }
        let answer = tokens.next().expect("one token per unsolved board");
        match judge_answer(&board, answer, level) {
            Ok(count) => moves += count,
            Err(why) => return Ok(Err(format!("board {}: {why}", boards.number))),
        }
    }
    // The layout: one line per board (empty for the goal), UVa 652 with an empty line between.
    // Each line is produced with its role, the last one kept for the fault's message.
    let mut boards = Boards::open(input, shape.counted)?;
    let mut pending: Vec<(u8, Option<u64>)> = Vec::new();
    let mut first = true;
    let mut produced = 0u64;
    let last_solved_line = std::cell::Cell::new(None::<(u64, u64)>);
    let lines = std::iter::from_fn(|| {
        if pending.is_empty() {
            let board = boards.next().ok().flatten()?;
            let solved = board == reference::GOAL;
            // Popped from the end: the answer line after the separator.
            pending.push((u8::from(!solved), solved.then_some(boards.number)));
            if shape.counted && !std::mem::take(&mut first) {
                pending.push((0, None));
            }
        }
        let (want, solved_board) = pending.pop()?;
        produced += 1;
        last_solved_line.set(solved_board.map(|board| (produced, board)));
        Some(want)
    });
    let Some(fault) = layout::find(output, lines, "answer") else {
        return Ok(Ok((moves, None)));
    };
    // A move string on a solved board's line is that board's answer read line by line, and a
    // wrong one: the goal's answer is the empty line. (`unsolvable` there stays a missing empty
    // line: it cannot be the goal's answer, only the next board's.)
    if let (Some((line, board)), Some(token)) = (last_solved_line.get(), super::read::tokens(fault.text).next()) {
        if line == fault.line && token.iter().all(|letter| b"udlr".contains(letter)) {
            return Ok(Err(format!(
                "board {board} is already solved, so its answer is an empty line, but line {line} holds the moves \"{}\"",
                shorten(token)
            )));
        }
    }
    Ok(Ok((moves, Some(fault.message))))
}

/// Checks an 8-puzzle output (see the module docs).
pub fn check(input: &(impl Input + ?Sized), output: &[u8], answer: Option<&[u8]>, level: Level) -> Verdict {
    let shape = match read_shape(input) {
        Ok(shape) => shape,
        Err(why) => return Verdict::Fail(why),
    };
    // The table, only if a board needs it; without memory for it nothing can be judged.
    if shape.boards > shape.solved {
        if let Err(why) = try_distances() {
            return Verdict::Fail(why);
        }
    }
    verdict::verdict(
        |text| judge_output(input, &shape, text, level),
        output,
        answer,
        (shape.boards, "board"),
        rule(level),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const HDU: &[u8] = b"2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n";
    const UVA: &[u8] = b"2\n\n2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 8 x\n";

    fn status(input: &[u8], output: &[u8], level: Level) -> u8 {
        check(input, output, None, level).exit_code()
    }

    #[test]
    fn levels() {
        let right = b"ullddrurdllurdruldr\n\nunsolvable\n";
        assert!(check(HDU, right, None, Level::Strict)
            .to_string()
            .starts_with("ok 3 boards, 19 moves"));
        // Another of the four shortest answers is fine unless strict.
        let other = b"ullddrurdllurrdlurd\n\nunsolvable\n";
        assert_eq!(status(HDU, other, Level::Judge), 0);
        assert_eq!(status(HDU, other, Level::Shortest), 0);
        assert_eq!(status(HDU, other, Level::Strict), 1);
        // A detour reaches the goal: the judges accept it, --checker-level shortest does not.
        let long = b"udullddrurdllurdruldr\n\nunsolvable\n";
        assert_eq!(status(HDU, long, Level::Judge), 0);
        assert_eq!(status(HDU, long, Level::Shortest), 1);
        assert!(check(HDU, long, None, Level::Shortest)
            .to_string()
            .contains("21 moves where 19 suffice"));
        for level in [Level::Judge, Level::Shortest, Level::Strict] {
            assert_eq!(status(HDU, b"ullddrurdllurdruldr\n\n\n", level), 1);
            assert_eq!(status(HDU, b"unsolvable\n\nunsolvable\n", level), 1);
            assert_eq!(status(HDU, b"ullddrurdllurdruld\n\nunsolvable\n", level), 1);
            assert_eq!(status(HDU, b"ullddrurdllurdruldr\n\nr\n", level), 1);
        }
        assert!(check(HDU, right, None, Level::Judge)
            .to_string()
            .contains("rule: any move sequence"));
    }

    #[test]
    fn presentation_in_both_layouts() {
        // POJ/HDU: every token right, the solved board's empty line missing or doubled.
        assert_eq!(status(HDU, b"ullddrurdllurdruldr\nunsolvable\n", Level::Judge), 2);
        assert_eq!(status(HDU, b"ullddrurdllurdruldr\n\n\nunsolvable\n", Level::Judge), 2);
        assert_eq!(status(HDU, b"ullddrurdllurdruldr \n\nunsolvable\n", Level::Judge), 2);
        assert_eq!(
            status(HDU, b"ullddrurdllurdruldr\r\n\r\nunsolvable\r\n", Level::Judge),
            2
        );
        assert_eq!(status(HDU, b"ullddrurdllurdruldr\n\nunsolvable", Level::Judge), 2);
        assert_eq!(status(b"1 2 3", b"", Level::Judge), 3);
        // UVa 652.
        assert_eq!(status(UVA, b"ullddrurdllurdruldr\n\n\n", Level::Strict), 0);
        assert_eq!(status(UVA, b"ullddrurdllurdruldr\n\n", Level::Strict), 2);
        assert_eq!(status(UVA, b"ullddrurdllurdruldr\n\n\n\n", Level::Strict), 2);
        assert_eq!(status(UVA, b"ullddrurdllurdruldr\n\nunsolvable\n", Level::Strict), 1);
        assert_eq!(status(UVA, b"ullddrurdllurdruldr\n\nr\n", Level::Strict), 1);
    }

    #[test]
    fn a_move_string_on_a_solved_boards_line_is_a_wrong_answer() {
        // The goal first: its line holds the next board's moves, whose own line is empty.
        let input = b"1 2 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n";
        let shifted = check(&input[..], b"ullddrurdllurdruldr\n\n", None, Level::Judge);
        assert_eq!(shifted.exit_code(), 1, "{shifted}");
        assert!(
            shifted
                .to_string()
                .contains("board 1 is already solved, so its answer is an empty line, but line 1 holds the moves \"ullddrurdllurdruldr\""),
            "{shifted}"
        );
        assert_eq!(status(input, b"\nullddrurdllurdruldr\n", Level::Judge), 0);
        // In UVa 652's layout too.
        let counted = b"2\n\n1 2 3 4 5 6 7 8 x\n\n2 3 4 1 5 x 7 6 8\n";
        assert_eq!(status(counted, b"ullddrurdllurdruldr\n\n\n", Level::Judge), 1);
        assert_eq!(status(counted, b"\n\nullddrurdllurdruldr\n", Level::Judge), 0);
        // `unsolvable` there is the next board's answer without the empty line before it.
        assert_eq!(status(HDU, b"ullddrurdllurdruldr\nunsolvable\n", Level::Judge), 2);
    }

    #[test]
    fn count_messages_read_right() {
        let said = |input: &[u8], output: &[u8]| check(input, output, None, Level::Judge).to_string();
        let goal = b"1 2 3 4 5 6 7 8 x\n";
        assert!(
            said(goal, b"ud\n").starts_with(
                "wrong answer board 1 is already solved, so its answer is an empty line, but line 1 holds the moves \"ud\"; \
                 in all, found 1 answer, expected 0: the input's 1 board is already solved, and a solved board's answer is an empty line"
            ),
            "{}",
            said(goal, b"ud\n")
        );
        // The first wrong line is named: a program that read only the first board, and one that
        // prints the goal's empty line for an unsolvable board.
        assert!(said(HDU, b"ullddrurdllurdruldr\n").starts_with(
            "wrong answer board 2: no answer: the output ends after line 1; in all, found 1 answer, expected 2"
        ));
        assert!(said(HDU, b"ullddrurdllurdruldr\n\n\n").starts_with(
            "wrong answer board 3: an empty line (the goal's answer) for an unsolvable board; in all, found 1 answer"
        ));
        assert!(said(HDU, b"").starts_with("wrong answer board 1: no answer: the output is empty;"));
        assert!(said(b"2 3 4 1 5 x 7 6 8\n", b"\n").starts_with(
            "wrong answer board 1: an empty line (the goal's answer) for a board 19 moves from the goal;"
        ));
        assert!(said(b"2 3 4 1 5 x 7 6 8\n", b"ullddrurdllurdruldr\nu\n")
            .starts_with("wrong answer line 2: \"u\" after the last board's answer;"));
        assert!(said(HDU, b"unsolvable\n")
            .contains("found 1 answer, expected 2: 1 of the input's 3 boards is already solved"));
        assert!(said(b"2 3 4 1 5 x 7 6 8\n", b"").contains("found 0 answers for 1 board"));
        let two_goals = [&goal[..], &goal[..]].concat();
        assert!(said(&two_goals, b"u\n").contains("the input's 2 boards are all already solved"));
    }

    #[test]
    fn the_exact_count_rule_decides_the_layout() {
        // 18 tiles after a lone 2: two boards, UVa 652, whatever the spacing.
        let input = b"2\n3 4 1 5 x 7 6 8 2\n1 2 3 4 5 6 7 8 x\n";
        assert_eq!(is_counted(&input[..]), Ok(true));
        // A lone 2 followed by 8 tiles: the 2 is the first tile of one HDU board.
        assert_eq!(is_counted(&b"2\n3 4 1 5 x 7 6 8\n"[..]), Ok(false));
        assert_eq!(
            status(b"2\n3 4 1 5 x 7 6 8\n", b"ullddrurdllurdruldr\n", Level::Strict),
            0
        );
        for count in ["+1", "01", "\u{FEFF}1", "1\x0b"] {
            let input = format!("{count}\n2 3 4 1 5 x 7 6 8\n");
            assert_eq!(is_counted(input.as_bytes()), Ok(true), "{count:?}");
        }
        assert_eq!(is_counted(&b"1 2 3 4 5 6 7 8 x"[..]), Ok(false));
        // Count 0: nothing may be printed.
        assert_eq!(status(b"0\n", b"", Level::Judge), 0);
        assert_eq!(status(b"0\n", b"ud\n", Level::Judge), 1);
        assert_eq!(status(b"-0\n", b"unsolvable\n", Level::Judge), 1);
        // A huge count is not a count of these tiles; the input is then not boards either.
        assert_eq!(
            status(b"99999999999999999999999\n1 2 3 4 5 6 7 8 x\n", b"\n", Level::Judge),
            3
        );
    }
}
