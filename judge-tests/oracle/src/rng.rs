//! The seeded generator the tests, benches and `judge stress` share, and the shuffles built on
//! it: one copy, so that a workload is the same wherever it is used.
//!
//! (`colour-hash/examples/gen.rs` keeps its own SplitMix64: a puzzle crate never depends on
//! judge-tests.)

/// SplitMix64: small, fast, seeded, and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`; the modulo bias is negligible for test sizes).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Shuffles `items` in place (Fisher–Yates, from the last place down).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random Colour Hash configuration: the 11 separators dealt at random to the separators'
/// places and the 10 triangles to the triangles' places (a Fisher–Yates shuffle on each shape, in
/// that order); numbers 22-24 repeat the shared 10-12. Almost always more than 16 moves from the
/// goal.
pub fn shuffled_colour_hash(rng: &mut Rng) -> [u8; 24] {
    let goal = crate::reference::colour_hash::GOAL;
    let mut config = goal;
    for shape in [0, 1] {
        let places: Vec<usize> = (0..21).filter(|place| place % 2 == shape).collect();
        let mut pieces: Vec<u8> = places.iter().map(|&place| goal[place]).collect();
        rng.shuffle(&mut pieces);
        for (&place, &piece) in places.iter().zip(&pieces) {
            config[place] = piece;
        }
    }
    let shared = [config[9], config[10], config[11]];
    config[21..24].copy_from_slice(&shared);
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_its_published_first_outputs() {
        // The reference implementation seeded with 0 (Vigna's splitmix64.c).
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn shuffles_are_permutations_and_seeded() {
        let mut items: Vec<u32> = (0..100).collect();
        Rng::new(7).shuffle(&mut items);
        let mut again: Vec<u32> = (0..100).collect();
        Rng::new(7).shuffle(&mut again);
        assert_eq!(items, again);
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn shuffled_colour_hash_keeps_every_piece_on_its_shape() {
        let mut rng = Rng::new(704);
        let goal = crate::reference::colour_hash::GOAL;
        for _ in 0..100 {
            let config = shuffled_colour_hash(&mut rng);
            for shape in [0, 1] {
                let mut mine: Vec<u8> = (0..21).filter(|p| p % 2 == shape).map(|p| config[p]).collect();
                let mut theirs: Vec<u8> = (0..21).filter(|p| p % 2 == shape).map(|p| goal[p]).collect();
                mine.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(mine, theirs, "{config:?}");
            }
            assert_eq!(config[21..], config[9..12], "{config:?}");
        }
    }
}
