//! The size of the whole space, derived from the goal's pieces.
//!
//! **Equals:** the number of configurations the judge's moves can arrange, 6,286,896,000: the
//! separators and the triangles each arranged among their own places, a multinomial each.
//! **Proved by:** `whole_space_is_derived_from_the_goal` (below: the two multinomials worked by
//! hand, 11! / 6! and 10! / 2!^5) and `the_space_size_is_the_one_written` (the value the page
//! shows is the one `--stats` derives).

use std::io::{self, Write};

use crate::state::{GOAL, PIECES};

/// The number of configurations, 6,286,896,000, derived from the goal's pieces as `--stats`
/// writes it: a move turns one separator and one triangle into each other's old places, so the
/// separators and the triangles are each arranged among their own places, and the space is the
/// product of the two multinomial coefficients.
pub fn space_size() -> u64 {
    [0, 1]
        .iter()
        .map(|&parity| multinomial(&piece_counts(parity)))
        .product()
}

/// How many pieces of each kind (number) of one shape the goal holds: separators (`parity` 0,
/// even numbers) or triangles (1, odd numbers), by increasing number.
fn piece_counts(parity: usize) -> Vec<u64> {
    let mut counts = [0u64; 11];
    for &value in &GOAL[..PIECES] {
        counts[usize::from(value)] += 1;
    }
    (parity..11).step_by(2).map(|value| counts[value]).collect()
}

/// n!, for the small n of the space-size derivation.
fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// How many ways `counts[v]` copies of each kind v fill `Σ counts` places: `(Σ counts)! / Π counts[v]!`.
fn multinomial(counts: &[u64]) -> u64 {
    factorial(counts.iter().sum()) / counts.iter().map(|&count| factorial(count)).product::<u64>()
}

/// `6286896000` as `6,286,896,000`.
pub(super) fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Derives the number of configurations from the goal's pieces and writes the derivation; returns
/// the number, 6,286,896,000.
///
/// The 21 distinct pieces are counted in [`GOAL`]: separators (even numbers) can only sit in
/// separator places and triangles in triangle places, since every move turns a wheel by one
/// triangle and one separator, so the space is (arrangements of the separators) × (arrangements
/// of the triangles), each a multinomial coefficient.
///
pub(super) fn write_space_size(out: &mut impl Write) -> io::Result<u64> {
    let mut counts = [0u64; 11];
    for &value in &GOAL[..PIECES] {
        counts[usize::from(value)] += 1;
    }
    writeln!(
        out,
        "whole space: the {PIECES} distinct pieces (numbers 1-21; 22-24 repeat 10-12), counted in the goal:"
    )?;
    let mut total = 1;
    for (shape, parity) in [("separators", 0), ("triangles", 1)] {
        let kinds: Vec<(usize, u64)> = (parity..11).step_by(2).map(|value| (value, counts[value])).collect();
        let sizes: Vec<u64> = kinds.iter().map(|&(_, count)| count).collect();
        let pieces: u64 = sizes.iter().sum();
        let arrangements = multinomial(&sizes);
        let listed: Vec<String> = kinds
            .iter()
            .map(|&(value, count)| format!("{value} x{count}"))
            .collect();
        let below: Vec<String> = sizes.iter().map(|&count| format!("{count}!")).collect();
        writeln!(
            out,
            "  {pieces} {shape} ({}) in {pieces} places: {pieces}! / ({}) = {}",
            listed.join(", "),
            below.join(" "),
            grouped(arrangements)
        )?;
        total *= arrangements;
    }
    writeln!(out, "  separators x triangles = {} configurations", grouped(total))?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_space_is_derived_from_the_goal() {
        let mut text = Vec::new();
        let space = write_space_size(&mut text).unwrap();
        // 11! / 6! separator arrangements times 10! / 2!^5 triangle arrangements.
        assert_eq!(space, 39_916_800 / 720 * (3_628_800 / 32));
        assert_eq!(space, 6_286_896_000);
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("11! / (6! 1! 1! 1! 1! 1!) = 55,440\n"), "{text}");
        assert!(text.contains("10! / (2! 2! 2! 2! 2!) = 113,400\n"), "{text}");
        assert!(
            text.ends_with("separators x triangles = 6,286,896,000 configurations\n"),
            "{text}"
        );
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
    }

    #[test]
    fn the_space_size_is_the_one_written() {
        assert_eq!(space_size(), write_space_size(&mut io::sink()).unwrap());
    }
}
