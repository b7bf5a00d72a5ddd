//! The textbook Cantor expansion: the lexicographic rank of a permutation and its inverse,
//! written from the definition and sharing nothing with `common::perm`, which the tests and
//! benches measure against it.

/// `n!`, computed here so that the textbook expansion shares nothing with `common::perm`.
fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// The textbook lexicographic rank of a permutation of `0..n` (Cantor expansion): for each
/// position, the later values that are smaller, times the factorial of the places left.
///
/// # Complexity
/// O(n²).
pub fn textbook_rank(perm: &[u8]) -> usize {
    let n = perm.len();
    (0..n)
        .map(|i| perm[i + 1..].iter().filter(|&&later| later < perm[i]).count() * factorial(n - 1 - i))
        .sum()
}

/// The textbook unrank: the permutation of `0..out.len()` with lexicographic rank `rank`, picking
/// the k-th unused value from a shrinking list.
///
/// # Complexity
/// O(n²).
pub fn textbook_unrank(mut rank: usize, out: &mut [u8]) {
    let n = out.len();
    let mut unused: Vec<u8> = (0..n as u8).collect();
    for (i, slot) in out.iter_mut().enumerate() {
        let block = factorial(n - 1 - i);
        *slot = unused.remove(rank / block);
        rank %= block;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_rank_and_unrank_walk_lexicographic_order() {
        let mut previous = vec![0u8; 5];
        textbook_unrank(0, &mut previous);
        assert_eq!(previous, [0, 1, 2, 3, 4]);
        for rank in 1..factorial(5) {
            let mut perm = vec![0u8; 5];
            textbook_unrank(rank, &mut perm);
            assert!(perm > previous, "rank {rank}: {perm:?}");
            assert_eq!(textbook_rank(&perm), rank);
            previous = perm;
        }
        assert_eq!(previous, [4, 3, 2, 1, 0]);
    }
}
