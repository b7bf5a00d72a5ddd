//! The shared input grammar, binary against checker: the same seeded inputs (valid, near-valid,
//! odd whitespace with `\v` and `\f`, signs, leading zeros, a byte-order mark) go to each release
//! binary and to its checker, which read the grammar independently. They must agree: the binary
//! exits 0 exactly when the checker accepts its output, and fails exactly when the checker judges
//! the input invalid (FAIL).
//!
//! The binaries' side of the grammar (a leading BOM, numerals of any length) is branch `wt-scan`'s
//! common::scan, merged here. Inputs that need a binary-side change still on another branch are
//! kept apart, in a trial named `awaiting/<branch>/<puzzle>` and ignored (`cargo test --test
//! grammar -- --ignored` runs it). eight's such inputs (a count with a sign, a count not alone on
//! its line, a lone first tile that is not a count: `wt-eight`, the layout decided by the exact
//! 9·N rule first) are merged and run as `agree/eight-layout`.

use crate::trial::{Failed, Trial};
use judge_oracle::checker::{self, Level, Verdict};
use judge_oracle::reference::colour_hash as ch;
use judge_oracle::rng::Rng;
use judge_tests::runner;
use std::process::Command;
use std::time::Duration;

/// One generated input and, if it needs a change on another branch, that branch.
struct Generated {
    input: Vec<u8>,
    awaiting: Option<&'static str>,
}

/// Whitespace runs between tokens, `\v` and `\f` included.
const GAPS: [&[u8]; 8] = [b" ", b"\t", b"\n", b"\r\n", b"\x0b", b"\x0c", b"  ", b" \x0b\x0c\t"];

/// Writes a number by the grammar: maybe a `+`, leading zeros (a few, or 40: a long numeral).
fn numeral(rng: &mut Rng, value: u64) -> Vec<u8> {
    let mut text = Vec::new();
    match rng.below(8) {
        0 => text.push(b'+'),
        1 if value == 0 => text.push(b'-'),
        _ => {}
    }
    match rng.below(10) {
        0 => text.extend_from_slice(b"0"),
        1 => text.extend_from_slice(b"000"),
        2 => text.extend_from_slice(&[b'0'; 40]),
        _ => {}
    }
    text.extend_from_slice(value.to_string().as_bytes());
    text
}

/// Joins tokens with random whitespace, maybe around them too, maybe after a BOM.
fn join(rng: &mut Rng, tokens: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.below(8) == 0 {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    if rng.below(4) == 0 {
        out.extend_from_slice(rng.pick::<&[u8]>(&GAPS));
    }
    for (index, token) in tokens.iter().enumerate() {
        if index > 0 {
            out.extend_from_slice(rng.pick::<&[u8]>(&GAPS));
        }
        out.extend_from_slice(token);
    }
    if rng.below(3) != 0 {
        out.extend_from_slice(rng.pick::<&[u8]>(&GAPS));
    }
    out
}

/// Near-valid damage to a token list: one token replaced, dropped, doubled, or one added.
fn damage(rng: &mut Rng, tokens: &mut Vec<Vec<u8>>, bad: &[&[u8]]) {
    if tokens.is_empty() {
        tokens.push(rng.pick(bad).to_vec());
        return;
    }
    let place = rng.below(tokens.len());
    match rng.below(4) {
        0 => tokens[place] = rng.pick(bad).to_vec(),
        1 => {
            tokens.remove(place);
        }
        2 => tokens.insert(place, tokens[place].clone()),
        _ => tokens.push(rng.pick(bad).to_vec()),
    }
}

fn msquare(rng: &mut Rng) -> Generated {
    let mut target: Vec<u64> = (1..=8).collect();
    rng.shuffle(&mut target);
    let mut tokens: Vec<Vec<u8>> = target.iter().map(|&value| numeral(rng, value)).collect();
    if rng.below(3) == 0 {
        damage(
            rng,
            &mut tokens,
            &[b"0", b"9", b"-1", b"-0", b"1a", b"+-1", b"--2", b"+", b"x", b"3.0"],
        );
    }
    Generated {
        input: join(rng, &tokens),
        awaiting: None,
    }
}

fn colour_hash(rng: &mut Rng) -> Generated {
    let count = rng.below(4);
    let mut tokens = vec![numeral(rng, count as u64)];
    for _ in 0..count {
        let length = rng.below(12);
        let moves: Vec<u8> = (0..length).map(|_| b'1' + rng.below(4) as u8).collect();
        let mut config = ch::replay(&ch::GOAL, &moves).expect("moves 1-4");
        if rng.below(6) == 0 {
            config[rng.below(24)] = rng.below(14) as u8;
        }
        tokens.extend(config.iter().map(|&value| numeral(rng, u64::from(value))));
    }
    if rng.below(3) == 0 {
        damage(
            rng,
            &mut tokens,
            &[
                b"11",
                b"-1",
                b"-0",
                b"1a",
                b"+-1",
                b"--2",
                b"+",
                b"x",
                b"99999999999999999999",
            ],
        );
    }
    Generated {
        input: join(rng, &tokens),
        awaiting: None,
    }
}

fn eight(rng: &mut Rng) -> Generated {
    let boards = rng.below(4);
    let counted = rng.below(2) == 0;
    let mut tokens = Vec::new();
    let mut signed = false;
    if counted {
        let count = numeral(rng, boards as u64);
        signed = matches!(count.first(), Some(b'+' | b'-'));
        tokens.push(count);
    }
    for _ in 0..boards {
        let mut board = *b"12345678x";
        for place in (1..9).rev() {
            board.swap(place, rng.below(place + 1));
        }
        if rng.below(2) == 0 {
            // Packed: the board as one word, as boards may be written.
            tokens.push(board.to_vec());
        } else {
            tokens.extend(board.iter().map(|&tile| vec![tile]));
        }
    }
    if rng.below(3) == 0 {
        damage(rng, &mut tokens, &[b"9", b"0", b"x", b"1", b"-", b"12", b"+1"]);
    }
    let input = join(rng, &tokens);
    // Where eight's look-ahead guesses the layout today: a first word alone on its line that is
    // not a count, or a count that is not alone on its line (read as a count when 9+ digits).
    let first_line_alone = input
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(&input)
        .split(|&b| b == b'\n')
        .find(|line| line.iter().any(|b| !b" \t\r\x0b\x0c".contains(b)))
        .is_some_and(|line| {
            line.split(|b| b" \t\r\x0b\x0c".contains(b))
                .filter(|w| !w.is_empty())
                .count()
                == 1
        });
    let awaiting = (signed || counted != first_line_alone).then_some("wt-eight");
    Generated { input, awaiting }
}

/// Runs one input through the binary and the checker; `Err` says how they disagree.
fn agree(puzzle: &str, input: &[u8]) -> Result<(), String> {
    let run = runner::direct::run(
        &mut Command::new(judge_tests::binary_path(puzzle)),
        input,
        Some(Duration::from_secs(20)),
    )
    .map_err(|error| error.to_string())?;
    let verdict = checker::check_at(puzzle, input, &run.stdout, None, Level::Strict);
    let agreed = match (&verdict, run.code) {
        (Verdict::Ok(_), Some(0)) => true,
        (Verdict::Fail(_), Some(code)) => code != 0,
        _ => false,
    };
    if agreed {
        return Ok(());
    }
    Err(format!(
        "input \"{}\": binary exit {:?} ({}); checker: {verdict}",
        input.escape_ascii(),
        run.code,
        String::from_utf8_lossy(&run.stderr).trim()
    ))
}

/// Every generated input of `puzzle` awaiting `branch` (or none) agrees.
fn all_agree(puzzle: &'static str, branch: Option<&'static str>) -> Result<(), Failed> {
    let generate = match puzzle {
        "msquare" => msquare,
        "colour-hash" => colour_hash,
        _ => eight,
    };
    let mut rng = Rng::new(2026);
    let inputs: Vec<Generated> = (0..300).map(|_| generate(&mut rng)).collect();
    let mut tried = 0;
    let mut disagreements = Vec::new();
    for generated in inputs.iter().filter(|generated| generated.awaiting == branch) {
        tried += 1;
        if let Err(why) = agree(puzzle, &generated.input) {
            disagreements.push(why);
        }
    }
    if disagreements.is_empty() {
        return Ok(());
    }
    let shown: Vec<&String> = disagreements.iter().take(5).collect();
    Err(format!(
        "{} of {tried} inputs disagree; the first:\n{}",
        disagreements.len(),
        shown.iter().map(|why| why.as_str()).collect::<Vec<_>>().join("\n")
    )
    .into())
}

/// Every trial of this part, for the one `judged` run in `main.rs`.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for puzzle in checker::PUZZLES {
        trials.push(Trial::test(format!("agree/{puzzle}"), move || all_agree(puzzle, None)));
        if puzzle == "eight" {
            trials.push(Trial::test("agree/eight-layout", || {
                all_agree("eight", Some("wt-eight"))
            }));
        }
    }
    trials
}
