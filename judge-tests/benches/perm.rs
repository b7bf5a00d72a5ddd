//! `common::perm` rank and unrank against the textbook O(n²) Cantor expansion, with divan:
//! `cargo bench -p judge-tests --bench perm`.

use common::perm::{rank, unrank, FACTORIALS};
use divan::{black_box, Bencher};

fn main() {
    divan::main();
}

/// The textbook rank: for each position, count the later values that are smaller.
fn textbook_rank(perm: &[u8]) -> usize {
    let n = perm.len();
    (0..n)
        .map(|i| perm[i + 1..].iter().filter(|&&later| later < perm[i]).count() * FACTORIALS[n - 1 - i])
        .sum()
}

/// The textbook unrank: pick the k-th unused value from a shrinking list.
fn textbook_unrank(mut rank: usize, out: &mut [u8]) {
    let n = out.len();
    let mut unused: Vec<u8> = (0..n as u8).collect();
    for (i, slot) in out.iter_mut().enumerate() {
        let block = FACTORIALS[n - 1 - i];
        *slot = unused.remove(rank / block);
        rank %= block;
    }
}

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

#[divan::bench(args = [8, 9, 12])]
fn rank_bitmask(bencher: Bencher, n: usize) {
    let perms = sample(n);
    bencher.bench_local(|| perms.iter().map(|p| rank(black_box(p))).sum::<usize>());
}

#[divan::bench(args = [8, 9, 12])]
fn rank_textbook(bencher: Bencher, n: usize) {
    let perms = sample(n);
    bencher.bench_local(|| perms.iter().map(|p| textbook_rank(black_box(p))).sum::<usize>());
}

#[divan::bench(args = [8, 9, 12])]
fn unrank_table(bencher: Bencher, n: usize) {
    let mut out = vec![0u8; n];
    let stride = FACTORIALS[n] / 1024;
    bencher.bench_local(|| {
        for i in 0..1024 {
            unrank(black_box(i * stride), &mut out);
        }
    });
}

#[divan::bench(args = [8, 9, 12])]
fn unrank_textbook(bencher: Bencher, n: usize) {
    let mut out = vec![0u8; n];
    let stride = FACTORIALS[n] / 1024;
    bencher.bench_local(|| {
        for i in 0..1024 {
            textbook_unrank(black_box(i * stride), &mut out);
        }
    });
}
