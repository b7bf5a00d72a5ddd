//! Times the whole-space search in process, warm: `cargo run --release -p msquare --example time_bfs`.
//! (A whole process adds start-up and first-touch page faults; `make bench` measures that.)

use std::time::Instant;

fn main() {
    let rounds: u32 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(200);
    let start = Instant::now();
    let mut total = 0;
    for _ in 0..rounds {
        total += msquare::Solver::new().layer_sizes().len();
    }
    let per_search = start.elapsed() / rounds;
    println!("search over 8! boards: {per_search:?} per search ({total} layers seen)");
}
