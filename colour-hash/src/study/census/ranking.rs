//! The census's numbering of configurations: a configuration is a (separator rank, triangle
//! rank) pair, each the rank of an arrangement of its wheel's pieces ([`Arrangements`]), and a
//! move is two table lookups ([`Ranking`]).

use super::{try_reserve, Failure, FIELD_BITS, SEPARATOR_PLACES, TRIANGLE_PLACES};
use crate::state::{Move, State, GOAL, PIECES};

/// The arrangements of a multiset of pieces in a row of places, ranked by dictionary order.
///
/// The rank of an arrangement is how many arrangements of the same pieces come before it in
/// dictionary order: at each place, the arrangements that agree so far and put a smaller piece
/// there, a multinomial coefficient for each smaller piece still left ([`Arrangements::rank`]).
/// Unranking walks the same sums down. Both are bijections between the arrangements and 0..count.
#[derive(Clone, Debug)]
pub(crate) struct Arrangements {
    /// How many copies of each piece 0..kinds.
    pub(super) copies: Vec<u8>,
    /// The number of arrangements: places! / Π copies!.
    count: usize,
}

/// n! for the n ≤ 11 of a wheel's places.
fn factorial(n: usize) -> usize {
    (1..=n).product()
}

impl Arrangements {
    /// The arrangements of `copies[v]` copies of each piece v: `places! / Π copies[v]!`.
    fn new(copies: Vec<u8>) -> Arrangements {
        let places = copies.iter().map(|&copies| usize::from(copies)).sum();
        let repeats: usize = copies.iter().map(|&copies| factorial(usize::from(copies))).product();
        Arrangements {
            count: factorial(places) / repeats,
            copies,
        }
    }

    /// How many arrangements there are.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The position of `pieces` in dictionary order.
    ///
    /// With n places left and `left[v]` copies of each piece v still to place, n!/Π left! = `ways`
    /// arrangements remain, and `ways · left[v] / n` of them put v next (an exact division: it
    /// is the count with one v fewer). Each smaller piece than the one placed adds its share.
    ///
    /// # Panics
    /// If `pieces` are not an arrangement of these pieces.
    ///
    /// # Complexity
    /// O(places · kinds).
    pub(crate) fn rank(&self, pieces: &[u8]) -> usize {
        let mut left = self.copies.clone();
        let mut ways = self.count;
        let mut rank = 0;
        for (placed, &piece) in pieces.iter().enumerate() {
            let places = pieces.len() - placed;
            let piece = usize::from(piece);
            rank += left[..piece]
                .iter()
                .map(|&copies| ways * usize::from(copies) / places)
                .sum::<usize>();
            ways = ways * usize::from(left[piece]) / places;
            left[piece] -= 1;
        }
        rank
    }

    /// The arrangement at position `rank` in dictionary order, into `pieces` (as long as the
    /// places): the same shares as [`Arrangements::rank`], walked down.
    ///
    /// # Panics
    /// If `rank` is not below [`Arrangements::count`], or `pieces` is not as long as the places.
    ///
    /// # Complexity
    /// O(places · kinds).
    pub(crate) fn unrank(&self, mut rank: usize, pieces: &mut [u8]) {
        assert!(rank < self.count, "rank {rank} beyond the {} arrangements", self.count);
        let mut left = self.copies.clone();
        let mut ways = self.count;
        let places = pieces.len();
        for (placed, slot) in pieces.iter_mut().enumerate() {
            let remaining = places - placed;
            for (piece, copies) in left.iter_mut().enumerate() {
                let share = ways * usize::from(*copies) / remaining;
                if rank < share {
                    *slot = piece as u8;
                    *copies -= 1;
                    ways = share;
                    break;
                }
                rank -= share;
            }
        }
    }
}

/// Ranks of configurations: (separator rank, triangle rank), and moves as two table lookups.
#[derive(Clone, Debug)]
pub(crate) struct Ranking {
    pub(super) separators: Arrangements,
    pub(super) triangles: Arrangements,
    /// `separator_moves[m][s]`: the separator rank after move `Move::ALL[m]`.
    pub(super) separator_moves: [Vec<u16>; 4],
    /// `triangle_moves[m][t]`: the triangle rank after move `Move::ALL[m]`.
    pub(super) triangle_moves: [Vec<u32>; 4],
}

/// The piece (halved value, as packed) at packed field `field`.
fn field(state: State, field: usize) -> u8 {
    ((state.packed() >> (field as u32 * FIELD_BITS)) & 0b111) as u8
}

impl Ranking {
    /// The two kinds of arrangements, counted in [`GOAL`], and the move tables, built with
    /// [`State::apply`].
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] when a move table cannot be allocated.
    ///
    /// # Complexity
    /// 55,440 + 113,400 unranks, and 4 · (55,440 + 113,400) moves and ranks of one half.
    pub(crate) fn new() -> Result<Ranking, Failure> {
        // Pieces as packed: separator v / 2 in 0..=5, triangle v / 2 in 0..=4.
        let mut separator_copies = vec![0u8; 6];
        let mut triangle_copies = vec![0u8; 5];
        for &value in &GOAL[..PIECES] {
            let copies = if value % 2 == 0 {
                &mut separator_copies
            } else {
                &mut triangle_copies
            };
            copies[usize::from(value / 2)] += 1;
        }
        let separators = Arrangements::new(separator_copies);
        let triangles = Arrangements::new(triangle_copies);
        let mut ranking = Ranking {
            separators,
            triangles,
            separator_moves: Default::default(),
            triangle_moves: Default::default(),
        };
        let (goal_separators, goal_triangles) = ranking.split(State::GOAL);
        let mut separator_moves: [Vec<u16>; 4] = Default::default();
        let mut triangle_moves: [Vec<u32>; 4] = Default::default();
        for table in &mut separator_moves {
            try_reserve(table, ranking.separators.count(), "a move table")?;
        }
        for table in &mut triangle_moves {
            try_reserve(table, ranking.triangles.count(), "a move table")?;
        }
        // Each arrangement is unranked once for its four moves, and only the half that a table
        // holds is ranked back: ranking and unranking, a division a piece, are most of the work here.
        for separators in 0..ranking.separators.count() {
            let state = ranking.join(separators, goal_triangles);
            for (table, &step) in separator_moves.iter_mut().zip(Move::ALL.iter()) {
                table.push(ranking.separator_rank(state.apply(step)) as u16);
            }
        }
        for triangles in 0..ranking.triangles.count() {
            let state = ranking.join(goal_separators, triangles);
            for (table, &step) in triangle_moves.iter_mut().zip(Move::ALL.iter()) {
                table.push(ranking.triangle_rank(state.apply(step)) as u32);
            }
        }
        ranking.separator_moves = separator_moves;
        ranking.triangle_moves = triangle_moves;
        Ok(ranking)
    }

    /// The (separator rank, triangle rank) of `state`.
    pub(crate) fn split(&self, state: State) -> (usize, usize) {
        (self.separator_rank(state), self.triangle_rank(state))
    }

    /// The rank of `state`'s separator arrangement (packed fields 0, 2, ..., 20).
    fn separator_rank(&self, state: State) -> usize {
        let separators: [u8; SEPARATOR_PLACES] = std::array::from_fn(|k| field(state, 2 * k));
        self.separators.rank(&separators)
    }

    /// The rank of `state`'s triangle arrangement (packed fields 1, 3, ..., 19).
    fn triangle_rank(&self, state: State) -> usize {
        let triangles: [u8; TRIANGLE_PLACES] = std::array::from_fn(|k| field(state, 2 * k + 1));
        self.triangles.rank(&triangles)
    }

    /// The configuration with separator rank `separators` and triangle rank `triangles`.
    pub(crate) fn join(&self, separators: usize, triangles: usize) -> State {
        let mut pieces = [0u8; PIECES];
        let mut separator_pieces = [0u8; SEPARATOR_PLACES];
        let mut triangle_pieces = [0u8; TRIANGLE_PLACES];
        self.separators.unrank(separators, &mut separator_pieces);
        self.triangles.unrank(triangles, &mut triangle_pieces);
        for (k, &piece) in separator_pieces.iter().enumerate() {
            pieces[2 * k] = piece;
        }
        for (k, &piece) in triangle_pieces.iter().enumerate() {
            pieces[2 * k + 1] = piece;
        }
        let packed = pieces.iter().enumerate().fold(0u64, |packed, (place, &piece)| {
            packed | u64::from(piece) << (place as u32 * FIELD_BITS)
        });
        State::from_packed(packed)
    }

    /// The rank of `state`: separators × 113,400 + triangles.
    pub(crate) fn rank(&self, state: State) -> u64 {
        let (separators, triangles) = self.split(state);
        separators as u64 * self.triangles.count() as u64 + triangles as u64
    }

    /// The configuration of rank `rank`.
    pub(crate) fn unrank(&self, rank: u64) -> State {
        let row = self.triangles.count() as u64;
        self.join((rank / row) as usize, (rank % row) as usize)
    }

    /// The ranks after move `Move::ALL[step]` from (separators, triangles), by the tables.
    #[cfg(test)]
    pub(crate) fn apply(&self, step: usize, separators: usize, triangles: usize) -> (usize, usize) {
        (
            usize::from(self.separator_moves[step][separators]),
            self.triangle_moves[step][triangles] as usize,
        )
    }
}

/// The index in `Move::ALL` of the move that undoes `Move::ALL[index]` ([`Move::inverse`]).
pub(super) fn inverse_index(index: usize) -> usize {
    let inverse = Move::ALL[index].inverse();
    Move::ALL.iter().position(|&step| step == inverse).unwrap_or(index)
}
