//! Writes a seeded benchmark input:
//! `cargo run --release -p colour-hash --example gen -- [COUNT] [SEED] [SHUFFLED]`
//! (defaults 10000, 704 and 50).
//!
//! Each configuration is, with chance SHUFFLED percent, a random shuffle of the pieces
//! (separators among the separators' places, triangles among the triangles'), almost always more
//! than 16 moves from the goal; otherwise a scramble of the goal by 0 to 24 random moves (each
//! length equally likely). The default is the 10,000 mixed configurations of the benchmarks; a
//! judge's kind of input is mostly scrambles (`gen 500 704 4`).

use colour_hash::{Move, State, GOAL, NUMBERS, PIECES};
use std::io::{self, BufWriter, Write};

/// splitmix64: small, seeded, and the same on every platform; `judge_oracle::rng::Rng` is the
/// same generator (a puzzle crate does not depend on judge-tests, so it keeps this copy).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// A random configuration: pieces shuffled within their shape (Fisher–Yates on each shape).
fn shuffle(random: &mut Random) -> [u8; NUMBERS] {
    let mut numbers = GOAL;
    for parity in 0..2 {
        let places: Vec<usize> = (0..PIECES).filter(|place| place % 2 == parity).collect();
        for i in (1..places.len()).rev() {
            numbers.swap(places[i], places[random.below(i + 1)]);
        }
    }
    // Numbers 22-24 repeat the shared pieces 10-12.
    for place in 9..12 {
        numbers[place + 12] = numbers[place];
    }
    numbers
}

fn main() -> io::Result<()> {
    let mut args = std::env::args()
        .skip(1)
        .map(|arg| arg.parse::<u64>().expect("COUNT and SEED are integers"));
    let count = args.next().unwrap_or(10_000);
    let mut random = Random(args.next().unwrap_or(704));
    // Without SHUFFLED, one bit decides: the same file as before the argument existed.
    let shuffled = args.next();
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{count}")?;
    for _ in 0..count {
        let scramble = match shuffled {
            None => random.next() & 1 == 0,
            Some(percent) => random.next() % 100 >= percent,
        };
        let numbers = if scramble {
            let mut state = State::GOAL;
            for _ in 0..random.below(25) {
                state = state.apply(Move::ALL[random.below(4)]);
            }
            state.numbers()
        } else {
            shuffle(&mut random)
        };
        let line: Vec<String> = numbers.iter().map(u8::to_string).collect();
        writeln!(out, "{}", line.join(" "))?;
    }
    out.flush()
}
