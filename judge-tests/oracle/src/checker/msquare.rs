//! The msquare checker: the sequence must turn the basic state into the target and be shortest;
//! by default ([`Level::Judge`], [`Level::Strict`]: USACO compares bytes with the statement's
//! one answer) also the smallest in A < B < C order, with [`Level::Shortest`] any shortest one.
//! The output is a length line, then the moves 60 a line (one empty line when there are none).
//!
//! The input: eight numbers (by the shared grammar: `+1`, `01` are 1) that are a permutation of
//! 1..8, and nothing else.

use super::cache;
use super::read::{Input, Reader};
use super::verdict::{self, shorten, unreadable, Judged, Level, Verdict};
use crate::reference::msquare as reference;
use crate::reference::ShortKeyMap;
use std::sync::OnceLock;

/// Every target's smallest shortest sequence, built once per process.
static TABLE: OnceLock<ShortKeyMap<reference::Grid, String>> = OnceLock::new();

/// The reference's table, built on first use ([`check`] has built it fallibly first).
fn sequences() -> &'static ShortKeyMap<reference::Grid, String> {
    TABLE.get_or_init(reference::smallest_shortest_sequences)
}

/// The reference's table, built on first use, or why its memory was refused.
fn try_sequences() -> Result<&'static ShortKeyMap<reference::Grid, String>, String> {
    if let Some(table) = TABLE.get() {
        return Ok(table);
    }
    let built = crate::alloc::with_headroom(|| {
        cache::kept_or_built(
            "msquare",
            cache::decode_msquare,
            cache::encode_msquare,
            reference::try_smallest_shortest_sequences,
        )
    })
    .map_err(|refused| refused.to_string())?;
    Ok(TABLE.get_or_init(|| built))
}

/// The rule applied at `level`, for messages.
pub fn rule(level: Level) -> &'static str {
    match level {
        Level::Judge | Level::Strict => "the shortest sequence, the smallest in A < B < C order (USACO 3.2)",
        Level::Shortest => "any shortest sequence (--checker-level shortest)",
    }
}

/// The target in the input, or why the input is not one.
fn read_target(input: &(impl Input + ?Sized)) -> Result<[u8; 8], String> {
    let mut reader = Reader::new(input).map_err(unreadable)?;
    let mut target = [0u8; 8];
    let mut read = 0;
    while let Some(token) = reader.next_token() {
        let colour = token
            .number
            .and_then(|n| n.non_negative())
            .filter(|value| (1..=8).contains(value))
            .ok_or_else(|| format!("the input token '{}' is not a colour 1..8", token.shown()))?;
        if read == 8 {
            return Err("more than eight numbers in the input".into());
        }
        target[read] = colour as u8;
        read += 1;
    }
    if let Some(error) = reader.error() {
        return Err(unreadable(error));
    }
    let mut sorted = target;
    sorted.sort_unstable();
    if sorted != [1, 2, 3, 4, 5, 6, 7, 8] {
        return Err("the input is not a permutation of 1..8".into());
    }
    Ok(target)
}

/// The smallest shortest sequence for a target listed clockwise.
pub fn expected_sequence(target: &[u8; 8]) -> String {
    sequences()[&reference::grid_from_clockwise(target)].clone()
}

/// Every smallest shortest sequence, with its target listed clockwise, sorted by target.
pub fn all_targets() -> Vec<([u8; 8], String)> {
    let mut all: Vec<([u8; 8], String)> = sequences()
        .iter()
        .map(|(grid, sequence)| {
            let clockwise = [
                grid[0][0], grid[0][1], grid[0][2], grid[0][3], grid[1][3], grid[1][2], grid[1][1], grid[1][0],
            ];
            (clockwise, sequence.clone())
        })
        .collect();
    all.sort_unstable();
    all
}

/// The exact output for a sequence.
pub fn layout(sequence: &[u8]) -> Vec<u8> {
    let mut text = format!("{}\n", sequence.len()).into_bytes();
    if sequence.is_empty() {
        text.push(b'\n');
    }
    for line in sequence.chunks(60) {
        text.extend_from_slice(line);
        text.push(b'\n');
    }
    text
}

/// Judges one output: content by tokens, then the exact layout of the output's own sequence.
fn judge_output(target: &[u8; 8], output: &[u8], level: Level) -> Judged {
    let mut tokens = super::read::tokens(output);
    let length_token = tokens.next().ok_or("target 1: the output is empty")?;
    let claimed = super::read::number(length_token)
        .and_then(|n| n.non_negative())
        .ok_or_else(|| format!("target 1: the length \"{}\" is not a number", shorten(length_token)))?;
    let sequence: Vec<u8> = tokens.flatten().copied().collect();
    if let Some(bad) = sequence.iter().find(|b| !b"ABC".contains(b)) {
        return Err(format!("target 1: '{}' is not a move A, B or C", shorten(&[*bad])));
    }
    if sequence.len() as u64 != claimed {
        return Err(format!(
            "target 1: the length line says {claimed} but {} moves follow",
            sequence.len()
        ));
    }
    let goal = reference::grid_from_clockwise(target);
    let reached = sequence
        .iter()
        .try_fold(reference::BASIC, |grid, &letter| reference::apply(&grid, letter));
    if reached != Some(goal) {
        return Err(format!(
            "target 1: \"{}\" does not reach the target",
            shorten(&sequence)
        ));
    }
    let best = sequences()[&goal].as_bytes();
    if sequence.len() > best.len() {
        return Err(format!(
            "target 1: {} moves where {} suffice",
            sequence.len(),
            best.len()
        ));
    }
    if level != Level::Shortest && sequence != best {
        return Err(format!(
            "target 1: \"{}\" is shortest but not the smallest; \"{}\" is",
            shorten(&sequence),
            String::from_utf8_lossy(best)
        ));
    }
    let fault = layout_fault(output, &layout(&sequence)).map(|why| format!("target 1: {why}"));
    Ok((claimed, fault))
}

/// The first line where `output` differs from `expected`, the exact layout of the same (right)
/// tokens, with its cause: `line 2: the last line does not end with a newline`; `None` if they
/// are equal.
fn layout_fault(output: &[u8], expected: &[u8]) -> Option<String> {
    if output == expected {
        return None;
    }
    let mut rest = output;
    let mut number = 0u64;
    let wanted = expected
        .strip_suffix(b"\n")
        .unwrap_or(expected)
        .split(|&byte| byte == b'\n');
    for want in wanted {
        number += 1;
        let what = if number == 1 {
            "the length line"
        } else {
            "a line of moves"
        };
        if rest.is_empty() {
            let what = if want.is_empty() { "the empty line" } else { what };
            return Some(format!("line {number}: {what} is missing at the end of the output"));
        }
        let (line, ended) = match rest.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        rest = if ended { &rest[line.len() + 1..] } else { &[] };
        if line != want {
            return Some(format!("line {number}: {}", line_cause(line, want, number)));
        }
        if !ended {
            return Some(format!("line {number}: the last line does not end with a newline"));
        }
    }
    let extra = super::layout::extra_lines(rest);
    let blank = !rest.iter().any(|&byte| !super::read::is_space(byte));
    Some(match (extra, blank) {
        (1, true) => format!("line {}: an extra empty line at the end", number + 1),
        (1, false) => format!("line {}: an extra line at the end", number + 1),
        (_, true) => format!("line {}: {extra} extra empty lines at the end", number + 1),
        (_, false) => format!("line {}: {extra} extra lines at the end", number + 1),
    })
}

/// Why line `number` of an output with the right tokens is not `want`.
fn line_cause(line: &[u8], want: &[u8], number: u64) -> String {
    let tokens: Vec<&[u8]> = super::read::tokens(line).collect();
    if want.is_empty() {
        // The empty line of a solved target: the tokens are right, so it holds only spaces.
        return format!("the empty line holds \"{}\"", line.escape_ascii());
    }
    if tokens.is_empty() {
        return if line.is_empty() {
            "an extra empty line".into()
        } else {
            format!("an extra blank line holding \"{}\"", line.escape_ascii())
        };
    }
    if line.last() == Some(&b'\r') {
        return "CR characters (CRLF line ends)".into();
    }
    if line.last().is_some_and(|&byte| super::read::is_space(byte)) {
        return "trailing whitespace".into();
    }
    if line.first().is_some_and(|&byte| super::read::is_space(byte)) {
        return "leading whitespace".into();
    }
    if number == 1 {
        return if tokens.len() > 1 {
            "the length and the moves on one line; the moves go on the next".into()
        } else {
            format!(
                "the length is written \"{}\" where the layout is \"{}\"",
                shorten(line),
                String::from_utf8_lossy(want)
            )
        };
    }
    if tokens.len() > 1 {
        return "moves separated by whitespace; a line holds them with nothing between".into();
    }
    format!(
        "{} {} where this line holds {} (the moves are 60 a line, the last line the rest)",
        line.len(),
        verdict::plural(line.len() as u64, "move"),
        want.len()
    )
}

/// Checks an msquare output (see the module docs).
pub fn check(input: &(impl Input + ?Sized), output: &[u8], answer: Option<&[u8]>, level: Level) -> Verdict {
    let target = match read_target(input) {
        Ok(target) => target,
        Err(why) => return Verdict::Fail(why),
    };
    // Without memory for the reference's table nothing can be judged.
    if let Err(why) = try_sequences() {
        return Verdict::Fail(why);
    }
    verdict::verdict(
        |text| Ok(judge_output(&target, text, level)),
        output,
        answer,
        (1, "target"),
        rule(level),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const INPUT: &[u8] = b"2 6 8 4 5 7 3 1\n";

    fn status(input: &[u8], output: &[u8], level: Level) -> u8 {
        check(input, output, None, level).exit_code()
    }

    #[test]
    fn verdicts() {
        assert!(check(INPUT, b"7\nBCABCCB\n", None, Level::Judge)
            .to_string()
            .starts_with("ok 1 target, 7 moves (rule: the shortest sequence, the smallest"));
        assert_eq!(
            check(INPUT, b"7\nBCABCCB\n", Some(b"7\nBCABCCB\n"), Level::Judge).exit_code(),
            0
        );
        assert_eq!(status(INPUT, b"7 BCABCCB\n", Level::Judge), 2);
        assert_eq!(status(INPUT, b"7\r\nBCABCCB\r\n", Level::Judge), 2);
        assert_eq!(status(INPUT, b"7\nBCABCCA\n", Level::Judge), 1);
        assert_eq!(status(INPUT, b"", Level::Judge), 1);
        assert_eq!(status(b"1 2 3", b"0\n\n", Level::Judge), 3);
        assert_eq!(
            check(INPUT, b"7\nBCABCCB\n", Some(b"0\n\n"), Level::Judge).exit_code(),
            3
        );
        assert_eq!(status(b"1 2 3 4 5 6 7 8", b"0\n\n", Level::Judge), 0);
        assert_eq!(status(b"1 2 3 4 5 6 7 8", b"0\n", Level::Judge), 2);
        // The grammar: signs, leading zeros, \v and \f, a BOM.
        assert_eq!(
            status(b"\xEF\xBB\xBF+1\x0b02 3\x0c4 5 6 7 -08", b"0\n\n", Level::Judge),
            3
        );
        assert_eq!(
            status(b"\xEF\xBB\xBF+1\x0b02 3\x0c4 5 6 7 008", b"0\n\n", Level::Judge),
            0
        );
        assert_eq!(status(b"1 2 3 4 5 6 7 8 8", b"0\n\n", Level::Judge), 3);
    }

    #[test]
    fn presentation_errors_name_the_line_and_the_cause() {
        let said = |input: &[u8], output: &[u8]| check(input, output, None, Level::Judge).to_string();
        let solved = b"1 2 3 4 5 6 7 8";
        let cases: [(&[u8], &[u8], &str); 9] = [
            (
                INPUT,
                b"7\nBCABCCB",
                "line 2: the last line does not end with a newline",
            ),
            (solved, b"0\n\n\n", "line 3: an extra empty line at the end"),
            (
                solved,
                b"00\n\n",
                "line 1: the length is written \"00\" where the layout is \"0\"",
            ),
            (
                solved,
                b"0\n",
                "line 2: the empty line is missing at the end of the output",
            ),
            (INPUT, b"7\n\nBCABCCB\n", "line 2: an extra empty line"),
            (INPUT, b"7\nBCA\nBCCB\n", "line 2: 3 moves where this line holds 7"),
            (INPUT, b"7 BCABCCB\n", "line 1: the length and the moves on one line"),
            (INPUT, b"7\nBCABCCB\nx\n", "wrong answer"),
            (INPUT, b"7\nBCABCCB\n\n\n", "line 3: 2 extra empty lines at the end"),
        ];
        for (input, output, want) in cases {
            let got = said(input, output);
            assert!(got.contains(want), "{}: {got}", output.escape_ascii());
        }
    }

    #[test]
    fn shortest_accepts_any_shortest() {
        // Find a target whose smallest shortest sequence has another shortest sibling.
        let all = sequences();
        let (grid, best, other) = all
            .iter()
            .filter(|(_, best)| best.len() == 3)
            .find_map(|(grid, best)| {
                let other = [
                    "AAA", "AAB", "ABA", "BAA", "BBB", "CCC", "ABB", "BAB", "BBA", "CBA", "BCA", "ACB",
                ]
                .into_iter()
                .find(|other| {
                    *other != best
                        && other.bytes().try_fold(reference::BASIC, |g, l| reference::apply(&g, l)) == Some(*grid)
                })?;
                Some((*grid, best.clone(), other))
            })
            .expect("a target with two shortest sequences");
        let clockwise = [
            grid[0][0], grid[0][1], grid[0][2], grid[0][3], grid[1][3], grid[1][2], grid[1][1], grid[1][0],
        ];
        let input = clockwise.map(|c| c.to_string()).join(" ");
        let output = format!("3\n{other}\n");
        assert_eq!(
            status(input.as_bytes(), format!("3\n{best}\n").as_bytes(), Level::Judge),
            0
        );
        assert_eq!(status(input.as_bytes(), output.as_bytes(), Level::Judge), 1);
        assert_eq!(status(input.as_bytes(), output.as_bytes(), Level::Shortest), 0);
    }
}
