//! Second, independent implementations of the three puzzles: their own moves and their own
//! searches, written from the statements without calling the solver crates. Tests and checkers
//! judge the solvers against these. [`perm`] is the textbook Cantor expansion `common::perm` is
//! measured against, and [`eight::A089473`] the published table the references are checked against.

pub mod colour_hash;
pub mod eight;
pub mod msquare;
pub mod perm;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The hasher of the references' tables, whose keys are a few bytes (a board's characters, a
/// grid's colours) that the references' own searches make. std's default (SipHash, which resists
/// keys chosen to collide) cost more than the searches around it, and no adversary picks these
/// keys. It folds the bytes written into one word, seven bits a byte (nine ASCII characters fill
/// 63 bits without loss; longer keys still hash, their first bytes shifted out), then mixes the
/// word with a multiply whose high and low halves are folded together, so that both the bucket
/// index (low bits) and the tag std's table keeps (high bits) depend on every byte.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortKeyHasher(u64);

impl Hasher for ShortKeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0 << 7 ^ u64::from(byte);
        }
    }

    /// The length std writes before an array's bytes: the same for every key of a table, so it
    /// is folded in whole.
    fn write_usize(&mut self, length: usize) {
        self.0 ^= length as u64;
    }

    fn finish(&self) -> u64 {
        // An odd constant with well-spread bits (2^64 divided by the golden ratio).
        let product = u128::from(self.0) * 0x9E37_79B9_7F4A_7C15;
        (product as u64) ^ (product >> 64) as u64
    }
}

/// A std `HashMap` hashed by [`ShortKeyHasher`].
pub type ShortKeyMap<K, V> = HashMap<K, V, BuildHasherDefault<ShortKeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    #[test]
    fn short_keys_spread_over_buckets_and_tags() {
        // Every arrangement of the 8-puzzle's nine characters hashes apart, and their low 12 bits
        // (a bucket of a 4,096-bucket table) and top 7 bits (the tag) are used evenly.
        let hasher = BuildHasherDefault::<ShortKeyHasher>::default();
        let mut board = *b"12345678x";
        let mut hashes = Vec::new();
        let mut low = vec![0u32; 1 << 12];
        let mut top = vec![0u32; 1 << 7];
        for _ in 0..40_320 {
            let mut state = hasher.build_hasher();
            board.hash(&mut state);
            let hash = state.finish();
            hashes.push(hash);
            low[(hash & 0xFFF) as usize] += 1;
            top[(hash >> 57) as usize] += 1;
            next_permutation(&mut board);
        }
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), 40_320);
        // About 10 a bucket and 315 a tag if spread evenly: none at twice that or more.
        assert!(low.iter().all(|&n| n < 30), "{:?}", low.iter().max());
        assert!(top.iter().all(|&n| n < 630), "{:?}", top.iter().max());
    }

    /// The next arrangement in lexicographic order (wrapping to the first).
    fn next_permutation(items: &mut [u8]) {
        let Some(pivot) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
            items.reverse();
            return;
        };
        let swap = (pivot..items.len())
            .rev()
            .find(|&j| items[j] > items[pivot - 1])
            .unwrap();
        items.swap(pivot - 1, swap);
        items[pivot..].reverse();
    }
}
