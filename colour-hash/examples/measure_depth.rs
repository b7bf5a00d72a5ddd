//! Times each goal-side depth G on the configurations read from stdin (the crate docs' table):
//! `cargo run --release -p colour-hash --example gen > bench.in` then
//! `cargo run --release -p colour-hash --example measure_depth < bench.in`.
//!
//! For each G it builds the table (best of 5), then solves every configuration (best of 3), and
//! checks that every G gives the same answers.

use colour_hash::{Answer, Solver, State, NUMBERS};
use std::io::{self, Read};
use std::time::{Duration, Instant};

fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let started = Instant::now();
        let value = work();
        best = best.min(started.elapsed());
        result = Some(value);
    }
    (best, result.expect("at least one run"))
}

fn main() -> io::Result<()> {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text)?;
    let numbers: Vec<u8> = text
        .split_whitespace()
        .skip(1)
        .map(|t| t.parse().expect("a piece"))
        .collect();
    let starts: Vec<State> = numbers
        .chunks_exact(NUMBERS)
        .filter_map(|chunk| State::from_numbers(chunk.try_into().expect("24 numbers")).ok())
        .collect();
    println!("{} configurations", starts.len());
    println!("| G  | table states | build | {} cases | table memory |", starts.len());
    let mut reference: Option<Vec<Answer>> = None;
    for depth in 8..=12 {
        let (build, solver) = best_of(5, || Solver::with_goal_depth(depth));
        let (solve, answers) = best_of(3, || {
            starts.iter().map(|&start| solver.solve(start)).collect::<Vec<_>>()
        });
        if let Some(expected) = &reference {
            assert!(answers == *expected, "G = {depth} disagrees");
        }
        reference = Some(answers);
        let table = solver.table();
        println!(
            "| {depth:2} | {:12} | {:7.1} ms | {:7.1} ms | {:5.1} MB |",
            table.len(),
            build.as_secs_f64() * 1e3,
            solve.as_secs_f64() * 1e3,
            table.heap_bytes() as f64 / 1e6
        );
    }
    Ok(())
}
