//! Times the whole-space search in-process: `cargo run --release -p msquare --example time_bfs`.

use std::time::Instant;

fn main() {
    rank_only();
    let rounds = 200;
    let start = Instant::now();
    let mut total = 0;
    for _ in 0..rounds {
        total += msquare::Solver::new().layer_sizes().len();
    }
    let per_search = start.elapsed() / rounds;
    println!("search over 8! boards: {per_search:?} per search ({total} layers seen)");
}

#[allow(dead_code)]
fn rank_only() {
    let start = Instant::now();
    let mut sum = 0usize;
    let mut board: msquare::Board = msquare::BASIC;
    for i in 0..1_000_000u32 {
        board.swap((i % 7) as usize, 7);
        sum = sum.wrapping_add(common::perm::rank(std::hint::black_box(&board)));
    }
    println!("rank: {:?} per call ({sum})", start.elapsed() / 1_000_000);
}
