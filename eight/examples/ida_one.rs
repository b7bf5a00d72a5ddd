//! Measures `eight`'s IDA* ([`eight::ida::solve_within`]) one board per process, the way POJ
//! runs a submission:
//!
//! ```text
//! cargo build --release -p eight --example ida_one
//! E=target/release/examples/ida_one
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null $E 12345678x   # baseline: the goal
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null $E 8672543x1   # a 31-move board
//! $E --sample 50          # 50 random solvable boards (seeded), one a line, to feed the above
//! $E --all                # expansions over all 181,440 solvable boards: the budget figures
//! ```
//!
//! A board is nine tiles `1`..`8` and `x` in reading order, as one argument; the answer goes to
//! stdout and the expansions it took to stderr.

use std::io::Write;

use eight::{ida, plain, Board};

/// The board in eight's cells (tile minus one, blank 8), or `None` if it is not nine tiles.
fn parse(text: &str) -> Option<[u8; 9]> {
    text.parse::<Board>().ok().map(|board| board.cells())
}

/// The board in the judges' letters, unspaced, `x` for the blank.
fn text(board: &[u8; 9]) -> String {
    Board::from_cells(*board).expect("a board").to_string().replace(' ', "")
}

/// Expansions the search takes for `board`.
fn expansions(board: &[u8; 9]) -> u64 {
    let mut left = u64::MAX;
    ida::solve_within(board, &mut left).expect("a solvable board");
    u64::MAX - left
}

/// Every board, in rank order.
fn permutations() -> impl Iterator<Item = [u8; 9]> {
    (0..362_880).map(|rank| Board::from_rank(rank).cells())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::io::stdout();
    let mut out = out.lock();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--sample", count] => {
            let count: usize = count.parse().expect("a count");
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut printed = 0;
            while printed < count {
                let mut board = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
                for i in (1..9).rev() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    board.swap(i, (seed % (i as u64 + 1)) as usize);
                }
                if plain::is_solvable(&board) {
                    writeln!(out, "{}", text(&board)).unwrap();
                    printed += 1;
                }
            }
        }
        ["--all"] => {
            let mut counts: Vec<(u64, [u8; 9])> = permutations()
                .filter(plain::is_solvable)
                .map(|b| (expansions(&b), b))
                .collect();
            counts.sort_unstable();
            let (most, worst) = counts[counts.len() - 1];
            let counts: Vec<u64> = counts.into_iter().map(|(count, _)| count).collect();
            let total: u64 = counts.iter().sum();
            let at = |q: f64| counts[((counts.len() - 1) as f64 * q) as usize];
            writeln!(
                out,
                "boards {} total {} mean {:.0} median {} p90 {} p99 {} p99.9 {} max {most} ({})",
                counts.len(),
                total,
                total as f64 / counts.len() as f64,
                at(0.5),
                at(0.9),
                at(0.99),
                at(0.999),
                text(&worst)
            )
            .unwrap();
        }
        [board] => {
            let board = parse(board).expect("nine tiles 1-8 and x");
            let mut left = u64::MAX;
            let answer = ida::solve_within(&board, &mut left).expect("a solvable board");
            out.write_all(&answer).unwrap();
            out.write_all(b"\n").unwrap();
            eprintln!("expansions {}", u64::MAX - left);
        }
        _ => eprintln!("usage: ida_one BOARD | --sample N | --all"),
    }
}
