//! The msquare checker: the sequence must turn the basic state into the target, be shortest, and
//! be the smallest in A < B < C order; the output is a length line, then the moves 60 a line (one
//! empty line when there are none).

use super::{layout_fault, shorten, Verdict};
use crate::reference::msquare as reference;
use std::collections::HashMap;
use std::sync::OnceLock;

fn sequences() -> &'static HashMap<reference::Grid, String> {
    static TABLE: OnceLock<HashMap<reference::Grid, String>> = OnceLock::new();
    TABLE.get_or_init(reference::smallest_shortest_sequences)
}

/// The target in the input, or why the input is not one.
fn read_target(input: &[u8]) -> Result<[u8; 8], String> {
    let text = std::str::from_utf8(input).map_err(|_| "the input is not text".to_string())?;
    let numbers: Vec<u8> = text
        .split_ascii_whitespace()
        .map(|token| {
            token
                .parse::<u8>()
                .map_err(|_| format!("the input token '{token}' is not a colour"))
        })
        .collect::<Result<_, _>>()?;
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    if sorted != [1, 2, 3, 4, 5, 6, 7, 8] {
        return Err("the input is not a permutation of 1..8".into());
    }
    Ok(numbers.try_into().expect("eight numbers"))
}

/// The exact output for a sequence.
fn layout(sequence: &str) -> String {
    let mut text = format!("{}\n", sequence.len());
    if sequence.is_empty() {
        text.push('\n');
    }
    for line in sequence.as_bytes().chunks(60) {
        text.push_str(std::str::from_utf8(line).expect("letters"));
        text.push('\n');
    }
    text
}

/// Judges one output's content against the target; `Ok` carries the move count.
fn judge_content(target: &[u8; 8], output: &[u8]) -> Result<usize, String> {
    let text = std::str::from_utf8(output).map_err(|_| format!("output is not text: \"{}\"", shorten(output)))?;
    let mut tokens = text.split_ascii_whitespace();
    let length_token = tokens.next().ok_or("the output is empty")?;
    let claimed: usize = length_token
        .parse()
        .map_err(|_| format!("the length \"{}\" is not a number", shorten(length_token.as_bytes())))?;
    let sequence: String = tokens.collect();
    if let Some(bad) = sequence.bytes().find(|b| !b"ABC".contains(b)) {
        return Err(format!("'{}' is not a move A, B or C", shorten(&[bad])));
    }
    if sequence.len() != claimed {
        return Err(format!(
            "the length line says {claimed} but {} moves follow",
            sequence.len()
        ));
    }
    let goal = reference::grid_from_clockwise(target);
    let reached = sequence
        .bytes()
        .try_fold(reference::BASIC, |grid, letter| reference::apply(&grid, letter));
    if reached != Some(goal) {
        return Err(format!(
            "\"{}\" does not reach the target",
            shorten(sequence.as_bytes())
        ));
    }
    let best = &sequences()[&goal];
    if sequence.len() > best.len() {
        return Err(format!("{} moves where {} suffice", sequence.len(), best.len()));
    }
    if sequence != *best {
        return Err(format!(
            "\"{}\" is shortest but not the smallest; \"{best}\" is",
            shorten(sequence.as_bytes())
        ));
    }
    Ok(claimed)
}

/// Checks an msquare output (see the module docs).
pub fn check(input: &[u8], output: &[u8], answer: Option<&[u8]>) -> Verdict {
    let target = match read_target(input) {
        Ok(target) => target,
        Err(why) => return Verdict::Fail(why),
    };
    if let Some(answer) = answer {
        if let Err(why) = judge_content(&target, answer) {
            return Verdict::Fail(format!("the jury's answer is wrong: {why}"));
        }
    }
    match judge_content(&target, output) {
        Err(why) => Verdict::WrongAnswer(format!("target 1: {why}")),
        Ok(moves) => {
            let expected = layout(&sequences()[&reference::grid_from_clockwise(&target)]);
            if output == expected.as_bytes() {
                Verdict::Ok(format!("1 target, {moves} moves"))
            } else {
                let why = layout_fault(output)
                    .unwrap_or_else(|| "the lines are not a length line and 60 moves a line".into());
                Verdict::PresentationError(format!("target 1: {why}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INPUT: &[u8] = b"2 6 8 4 5 7 3 1\n";

    #[test]
    fn verdicts() {
        assert_eq!(
            check(INPUT, b"7\nBCABCCB\n", None),
            Verdict::Ok("1 target, 7 moves".into())
        );
        assert_eq!(check(INPUT, b"7\nBCABCCB\n", Some(b"7\nBCABCCB\n")).exit_code(), 0);
        assert_eq!(check(INPUT, b"7 BCABCCB\n", None).exit_code(), 2);
        assert_eq!(check(INPUT, b"7\r\nBCABCCB\r\n", None).exit_code(), 2);
        assert_eq!(check(INPUT, b"7\nBCABCCA\n", None).exit_code(), 1);
        assert_eq!(check(INPUT, b"", None).exit_code(), 1);
        assert_eq!(check(b"1 2 3", b"0\n\n", None).exit_code(), 3);
        assert_eq!(check(INPUT, b"7\nBCABCCB\n", Some(b"0\n\n")).exit_code(), 3);
        assert_eq!(check(b"1 2 3 4 5 6 7 8", b"0\n\n", None).exit_code(), 0);
        assert_eq!(check(b"1 2 3 4 5 6 7 8", b"0\n", None).exit_code(), 2);
    }
}
