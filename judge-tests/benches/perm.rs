//! `common::perm` rank and unrank against the textbook O(n²) Cantor expansion, the median time of
//! a call over 31 rounds of 1,024 permutations: `cargo bench -p judge-tests --bench perm`.

use common::perm::{rank, unrank, FACTORIALS};
use judge_oracle::reference::perm::{textbook_rank, textbook_unrank};
use std::hint::black_box;
use std::time::Instant;

/// A spread of permutations of 0..n.
fn sample(n: usize) -> Vec<Vec<u8>> {
    (0..1024)
        .map(|i| {
            let mut perm = vec![0u8; n];
            unrank(i * (FACTORIALS[n] / 1024), &mut perm);
            perm
        })
        .collect()
}

/// The median time of one call, over 31 rounds of `work` each making `calls` calls.
fn per_call(calls: usize, mut work: impl FnMut()) -> f64 {
    let mut rounds: Vec<f64> = (0..31)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed().as_secs_f64() * 1e9 / calls as f64
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    rounds[rounds.len() / 2]
}

fn main() {
    println!("| n | rank | textbook rank | unrank | textbook unrank |");
    println!("|---|---|---|---|---|");
    for n in [8, 9, 12] {
        let perms = sample(n);
        let ranks: Vec<usize> = perms.iter().map(|perm| rank(perm)).collect();
        let mut out = vec![0u8; n];
        let fast_rank = per_call(perms.len(), || {
            black_box(perms.iter().map(|p| rank(black_box(p))).sum::<usize>());
        });
        let slow_rank = per_call(perms.len(), || {
            black_box(perms.iter().map(|p| textbook_rank(black_box(p))).sum::<usize>());
        });
        let fast_unrank = per_call(ranks.len(), || {
            ranks.iter().for_each(|&r| unrank(black_box(r), &mut out))
        });
        let slow_unrank = per_call(ranks.len(), || {
            ranks.iter().for_each(|&r| textbook_unrank(black_box(r), &mut out))
        });
        println!("| {n} | {fast_rank:.1} ns | {slow_rank:.1} ns | {fast_unrank:.1} ns | {slow_unrank:.1} ns |");
    }
}
