//! The Colour Hash checker: one answer line per configuration. `PUZZLE ALREADY SOLVED` exactly
//! for the goal; `NO SOLUTION WAS FOUND IN 16 STEPS` exactly when no solution has 16 moves or
//! fewer; otherwise digits 1-4 that reach the goal, as few as possible, and among those the
//! smallest number.

use super::{shorten, Judged, Verdict};
use crate::reference::colour_hash::{self as reference, ColourHash, Config};
use std::sync::OnceLock;

const SOLVED: &str = "PUZZLE ALREADY SOLVED";
const NO_SOLUTION: &str = "NO SOLUTION WAS FOUND IN 16 STEPS";

fn solver() -> &'static ColourHash {
    static TABLE: OnceLock<ColourHash> = OnceLock::new();
    TABLE.get_or_init(ColourHash::new)
}

/// The configurations of the input: a count, then 24 numbers each.
fn read_configs(input: &[u8]) -> Result<Vec<Config>, String> {
    let text = std::str::from_utf8(input).map_err(|_| "the input is not text".to_string())?;
    let mut numbers = text.split_ascii_whitespace();
    let count: usize = match numbers.next() {
        None => return Ok(Vec::new()),
        Some(word) => word
            .parse()
            .map_err(|_| format!("the count '{word}' is not a number"))?,
    };
    let values: Vec<u8> = numbers.map(|word| word.parse::<u8>().unwrap_or(u8::MAX)).collect();
    if values.len() != count * 24 {
        return Err(format!("{} numbers for {count} configurations", values.len()));
    }
    Ok(values
        .chunks(24)
        .map(|chunk| chunk.try_into().expect("24 numbers"))
        .collect())
}

/// The one right answer line for `config`. A configuration that cannot be the puzzle (a number
/// outside 0..10, or the two wheels disagreeing on their three shared pieces) has no solution:
/// it is checked here because the moves, which copy the shared pieces from one wheel to the
/// other, would otherwise "repair" it.
fn truth(config: &Config) -> String {
    if config.iter().any(|&number| number > 10) || config[9..12] != config[21..24] {
        return NO_SOLUTION.to_string();
    }
    solver().answer(config)
}

/// Judges one answer line's content; returns its move count.
fn judge_answer(config: &Config, answer: &str) -> Result<usize, String> {
    let truth = truth(config);
    if answer == truth {
        return Ok(if truth.bytes().all(|b| b.is_ascii_digit()) {
            truth.len()
        } else {
            0
        });
    }
    if answer == SOLVED {
        return Err("\"PUZZLE ALREADY SOLVED\" for a configuration that is not the goal".into());
    }
    if answer == NO_SOLUTION {
        return Err(format!("\"NO SOLUTION\" but \"{truth}\" solves it"));
    }
    if answer.is_empty() || !answer.bytes().all(|b| (b'1'..=b'4').contains(&b)) {
        return Err(format!(
            "\"{}\" is not a sequence of moves 1-4",
            shorten(answer.as_bytes())
        ));
    }
    if reference::replay(config, answer.as_bytes()) != Some(reference::GOAL) {
        return Err(format!("\"{}\" does not reach the goal", shorten(answer.as_bytes())));
    }
    if truth == SOLVED || truth == NO_SOLUTION {
        // Reaching the goal in more than 16 moves, or from the goal itself.
        return Err(format!(
            "\"{}\" where the answer is \"{truth}\"",
            shorten(answer.as_bytes())
        ));
    }
    if answer.len() > truth.len() {
        return Err(format!("{} moves where {} suffice", answer.len(), truth.len()));
    }
    Err(format!(
        "\"{}\" is shortest but not the smallest number; \"{truth}\" is",
        shorten(answer.as_bytes())
    ))
}

/// Judges a whole output: Ok((moves, layout fault)) or the first wrong answer.
fn judge_output(configs: &[Config], output: &[u8]) -> Judged {
    let text = std::str::from_utf8(output).map_err(|_| format!("output is not text: \"{}\"", shorten(output)))?;
    let fault = super::layout_fault(output);
    // Content first: the answers are the non-empty lines, their words joined by single spaces.
    let answers: Vec<String> = text
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect();
    if answers.len() != configs.len() {
        return Err(format!(
            "{} answers for {} configurations",
            answers.len(),
            configs.len()
        ));
    }
    let mut moves = 0;
    for (index, (config, answer)) in configs.iter().zip(&answers).enumerate() {
        moves += judge_answer(config, answer).map_err(|why| format!("case {}: {why}", index + 1))?;
    }
    let exact = answers.iter().map(|answer| format!("{answer}\n")).collect::<String>();
    let fault = fault.or_else(|| (text != exact).then(|| "empty lines or extra spaces in the answers".to_string()));
    Ok((moves, fault))
}

/// Checks a Colour Hash output (see the module docs).
pub fn check(input: &[u8], output: &[u8], answer: Option<&[u8]>) -> Verdict {
    let configs = match read_configs(input) {
        Ok(configs) => configs,
        Err(why) => return Verdict::Fail(why),
    };
    super::verdict(
        |text| judge_output(&configs, text),
        output,
        answer,
        configs.len(),
        "configuration",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] = b"3\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n";
    const RIGHT: &[u8] = b"PUZZLE ALREADY SOLVED\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n";

    #[test]
    fn verdicts() {
        assert_eq!(
            check(SAMPLE, RIGHT, None),
            Verdict::Ok("3 configurations, 16 moves".into())
        );
        assert_eq!(check(SAMPLE, RIGHT, Some(RIGHT)).exit_code(), 0);
        let wrong_claim =
            b"PUZZLE ALREADY SOLVED\nNO SOLUTION WAS FOUND IN 16 STEPS\nNO SOLUTION WAS FOUND IN 16 STEPS\n";
        assert_eq!(check(SAMPLE, wrong_claim, None).exit_code(), 1);
        let spaced = b"PUZZLE ALREADY SOLVED\n\n1434332334332323\nNO SOLUTION WAS FOUND IN 16 STEPS\n";
        assert_eq!(check(SAMPLE, spaced, None).exit_code(), 2);
        assert_eq!(
            check(SAMPLE, b"PUZZLE ALREADY SOLVED\n1434332334332323\n", None).exit_code(),
            1
        );
        assert_eq!(check(SAMPLE, RIGHT, Some(b"x\n")).exit_code(), 3);
    }
}
