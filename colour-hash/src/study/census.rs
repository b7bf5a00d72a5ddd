//! The census: the distance from the goal of every one of the 6,286,896,000 configurations, by a
//! breadth-first search over the whole space at 2 bits a configuration (`--stats --depth all`).
//!
//! **Equals:** the layers of [`super::Layers::count`] (a plain breadth-first search over sorted
//! layers of packed states), carried on to the last layer.
//! **Proved by:** `census_to_depth_twelve_equals_the_sorted_layers` (the first 13 layers, on a
//! depth-capped census with two threads), `the_search_of_small_spaces_equals_a_plain_breadth_first_search`
//! (the same search over seeded spaces of the same shape, to their last layer, on one thread
//! and two), `under_limits_the_census_answers_or_fails_in_one_line` (on one thread when no other
//! is to be had), `ranks_are_lexicographic_bijections`
//! (every arrangement of each half), `configuration_ranks_round_trip` (seeded random
//! configurations), `move_tables_agree_with_state_apply` (every move from seeded random
//! configurations), `field_scans_find_exactly_the_equal_fields`,
//! `the_published_census_matches_the_live_count` and, in `study.rs`,
//! `the_census_report_reprints_the_published_census`.
//!
//! # The rank
//! A move turns a wheel by one separator and one triangle, so separators only ever sit in the 11
//! separator places (the packed fields 0, 2, ..., 20) and triangles in the 10 triangle places
//! (fields 1, 3, ..., 19), and a move permutes each kind's places on its own. A configuration is
//! therefore exactly a pair (the separators' arrangement, the triangles' arrangement), any pair
//! being a configuration. Each arrangement is ranked by its position in dictionary order among
//! the arrangements of the same pieces ([`Arrangements`](ranking::Arrangements)): 0..55,440 for the separators (six
//! grey, five others: 11! / 6!) and 0..113,400 for the triangles (two of each of five: 10! / 2!^5).
//! The configuration's rank is `separators × 113,400 + triangles`, a bijection onto
//! 0..6,286,896,000 because each factor is.
//!
//! # The moves
//! Since a move acts on the two halves separately, it is two lookups: a separator table of 55,440
//! `u16` and a triangle table of 113,400 `u32` per move, each entry built by applying
//! [`State::apply`] to a configuration with that half (and the goal's other half) and ranking the
//! result. 2.2 MB for all eight tables.
//!
//! # The table and the search
//! One row per separator arrangement, 113,400 triangle arrangements a row at 2 bits each, padded
//! to whole `u64` words (3,544 words, 28 KB): 1.57 GB, allocated fallibly. A field holds 0 for a
//! configuration not yet reached, else 1 + (its distance mod 3). Distances mod 3 are enough: a
//! move changes the distance by at most one, so when layer d + 1 is found, a neighbour of an
//! unreached configuration (distance d + 1 or more) that holds d's code is at distance exactly d,
//! never d − 3.
//!
//! Layer d + 1 is built one *destination* row at a time, and each row by one thread only, so no
//! two threads ever write the same word and no write needs a read-modify-write instruction: the
//! neighbours of row `r` by move m all lie in row `separators[m][r]`, one 28 KB row, so a row's
//! work reads at most four other rows. Those may be written by the other thread meanwhile, but
//! only from unreached to d + 1's code, which neither way below reads as d's; the table's words
//! are atomics with relaxed loads and stores (plain moves on x86-64) so that this is defined, and
//! the threads are joined after each layer, which orders one layer's writes before the next
//! layer's reads. Each row takes one of two ways to the same result:
//! - *push*: scan the four neighbour rows for fields holding d's code, and mark each unreached
//!   configuration they lead to, `triangles[m⁻¹][t]`;
//! - *pull*: scan the row's own unreached fields and mark each one whose neighbour
//!   `(separators[m][r], triangles[m][t])` holds d's code.
//!
//! A push costs a probe for each of layer d's configurations in the neighbour rows, a pull up to
//! four for each unreached configuration of the row; a row pulls when its unreached
//! configurations are fewer than half the pushes, which is the last layers (few configurations
//! left) and push the early ones (a small frontier). For each row the search keeps how many
//! configurations of layer d it holds (rows with none next door are skipped outright) and a bit
//! for each of its table words that holds any (the *frontier map*), so that a push reads only
//! those words of a sparse layer and a pull skips the probes that cannot succeed. The threads
//! take rows in chunks from a shared counter.
//!
//! # Complexity
//! At most 4 · 6,286,896,000 probes in all, each within the 28 KB rows at hand, plus a scan of
//! each row next to the frontier at every layer; memory 2 bits a configuration (1.57 GB), two
//! frontier maps of a bit a table word (25 MB each), the move tables and two counts a row.
//! `make bench` measures it.

use std::io::Write;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::thread;
use std::time::Instant;

use common::alloc::try_reserve;
use common::cli::Failure;

use crate::io::PROGRAM;
use crate::state::{State, MAX_MOVES};
use ranking::{inverse_index, Ranking};

mod ranking;

/// Bits of one packed field (3; see the crate docs).
const FIELD_BITS: u32 = 3;

/// Separator places: packed fields 0, 2, ..., 20.
const SEPARATOR_PLACES: usize = 11;

/// Triangle places: packed fields 1, 3, ..., 19.
const TRIANGLE_PLACES: usize = 10;

/// The arrangements of the separators: 11! / 6!.
pub(crate) const SEPARATOR_ARRANGEMENTS: usize = 55_440;

/// The arrangements of the triangles: 10! / 2!^5.
pub(crate) const TRIANGLE_ARRANGEMENTS: usize = 113_400;

/// Every configuration: a separator arrangement and a triangle arrangement.
pub(crate) const CONFIGURATIONS: u64 = SEPARATOR_ARRANGEMENTS as u64 * TRIANGLE_ARRANGEMENTS as u64;

/// Configurations (2-bit fields) in one table word.
const FIELDS_PER_WORD: usize = 32;

/// Words in one row of the table: the triangle arrangements, rounded up to a whole word.
const ROW_WORDS: usize = (TRIANGLE_ARRANGEMENTS + FIELDS_PER_WORD - 1) / FIELDS_PER_WORD;

/// The low bit of every 2-bit field.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Rows a thread takes at a time: a few hundred chunks in all, so the two threads finish together.
const CHUNK_ROWS: usize = 256;

/// The output of `colour-hash --stats --depth all`, committed: every layer of the census, the
/// maximum depth with an example, and the count of configurations the judge answers with
/// `NO SOLUTION WAS FOUND IN 16 STEPS`. A test checks its first 13 layers against a live count,
/// its first 17 against the published counts and its total against the size of the space; `make
/// bench` reproduces it byte for byte. [`census_layers`] reads its table.
pub const CENSUS_TEXT: &str = include_str!("census.txt");

/// How many configurations lie at each distance 0, 1, ..., diameter from the goal, as the census
/// found them ([`CENSUS_TEXT`]'s table); they sum to 6,286,896,000.
///
/// # Complexity
/// O(length of [`CENSUS_TEXT`]).
pub fn census_layers() -> Vec<u64> {
    CENSUS_TEXT
        .lines()
        .skip_while(|line| !line.starts_with("depth"))
        .skip(1)
        .map_while(|line| {
            let fields: Vec<u64> = line.split_whitespace().map_while(|field| field.parse().ok()).collect();
            (fields.len() == 3).then(|| fields[1])
        })
        .collect()
}

/// `len` values, `make(0)` to `make(len - 1)`, in memory reserved through [`try_reserve`]: the
/// census's tables and maps are large, and a refused one is the error line, not Rust's abort.
///
/// # Errors
/// [`Failure::OutOfMemory`] naming `what`.
fn try_collect<T>(len: usize, what: &str, make: impl FnMut(usize) -> T) -> Result<Vec<T>, Failure> {
    let mut values = Vec::new();
    try_reserve(&mut values, len, what)?;
    values.extend((0..len).map(make));
    Ok(values)
}

/// What the census found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Census {
    /// Configurations at each distance 0, 1, ... (to the last layer, or to the depth cap).
    pub(crate) layers: Vec<u64>,
    /// The configuration of smallest rank in the deepest layer.
    pub(crate) deepest: State,
    /// Whether the search ran until a layer came out empty (not stopped by a depth cap).
    pub(crate) complete: bool,
}

impl Census {
    /// Configurations no sequence of moves reaches from the goal (known only when complete).
    pub(crate) fn unreachable(&self) -> u64 {
        CONFIGURATIONS - self.layers.iter().sum::<u64>()
    }

    /// Configurations more than [`MAX_MOVES`] moves away (reachable ones only).
    pub(crate) fn beyond_judge_limit(&self) -> u64 {
        self.layers.iter().skip(MAX_MOVES + 1).sum()
    }
}

/// The moves of the space a census searches: a configuration is a (separator rank, triangle
/// rank) pair, a row of the table and a field in it; move `m` takes row `r` to
/// `separator_moves[m][r]` and field `t` to `triangle_moves[m][t]`, and move `inverse_index(m)`
/// undoes it. [`Ranking`] builds Colour Hash's; the tests give the search smaller spaces of the
/// same shape, which need no 1.57 GB table.
#[derive(Clone, Copy)]
pub(super) struct Moves<'a> {
    pub(super) separator_moves: &'a [Vec<u16>; 4],
    pub(super) triangle_moves: &'a [Vec<u32>; 4],
}

/// The search's state: the move tables and the 2-bit table, with its shape.
struct Search<'a> {
    moves: Moves<'a>,
    table: Vec<AtomicU64>,
    /// Configurations in a row (Colour Hash: [`TRIANGLE_ARRANGEMENTS`]).
    row_size: usize,
    /// Table words in a row (Colour Hash: [`ROW_WORDS`]).
    row_words: usize,
}

/// The low bit of each 2-bit field of `word` that equals `code`.
#[inline(always)]
fn fields_equal(word: u64, code: u64) -> u64 {
    let differences = word ^ (code * LOW_BITS);
    !(differences | (differences >> 1)) & LOW_BITS
}

/// The fields of row word `word` that hold a configuration, rows holding `row_size` (the last
/// word of a row is padded).
#[inline(always)]
fn valid_fields(word: usize, row_size: usize) -> u64 {
    let first = word * FIELDS_PER_WORD;
    if first + FIELDS_PER_WORD <= row_size {
        u64::MAX
    } else {
        (1u64 << (2 * (row_size - first))) - 1
    }
}

/// Words of a row's frontier map, a bit for each of the row's table words: Colour Hash's, the
/// most a row may have.
const MAP_WORDS: usize = (ROW_WORDS + 63) / 64;

/// The last layer found: per row how many configurations it has, and which of the row's table
/// words hold them (a bit a word, `map_words` words a row), so that sparse layers read only
/// those words.
struct Frontier {
    counts: Vec<u32>,
    maps: Vec<u64>,
    map_words: usize,
}

impl Frontier {
    fn map(&self, row: usize) -> &[u64] {
        &self.maps[row * self.map_words..(row + 1) * self.map_words]
    }

    /// Whether table word `word` of row `row` may hold the layer (no: it certainly does not).
    #[inline(always)]
    fn may_hold(&self, row: usize, word: usize) -> bool {
        (self.maps[row * self.map_words + word / 64] >> (word % 64)) & 1 != 0
    }
}

/// What one row contributed to a layer: how many it found, the smallest triangle rank, and
/// which of its words they are in.
struct RowFound {
    count: u32,
    first: usize,
    map: [u64; MAP_WORDS],
}

impl<'a> Search<'a> {
    /// The code of a configuration at distance `depth`.
    fn code(depth: usize) -> u64 {
        1 + (depth % 3) as u64
    }

    fn row(&self, row: usize) -> &[AtomicU64] {
        &self.table[row * self.row_words..(row + 1) * self.row_words]
    }

    /// Marks every configuration of row `row` at distance `depth + 1`: unreached, with a
    /// neighbour holding `depth`'s code. Only the caller writes this row.
    fn expand_row(&self, row: usize, depth: usize, frontier: &Frontier, unreached: u32) -> RowFound {
        // In locals rather than in the returned struct: the compiler then keeps the count and
        // the smallest rank in registers, not in memory written and read back every probe.
        let (mut count, mut first, mut map) = (0u32, usize::MAX, [0u64; MAP_WORDS]);
        let neighbours: [usize; 4] = std::array::from_fn(|step| usize::from(self.moves.separator_moves[step][row]));
        let pushes: u64 = neighbours.iter().map(|&other| u64::from(frontier.counts[other])).sum();
        if pushes == 0 || unreached == 0 {
            return RowFound { count, first, map };
        }
        let (code, next) = (Self::code(depth), Self::code(depth + 1));
        let own = self.row(row);
        // A pull asks up to four neighbours for each unreached configuration, a push probes once
        // for each configuration of the layer next door: pull when it is clearly less work.
        if 2 * u64::from(unreached) < pushes {
            for (index, cell) in own.iter().enumerate() {
                let word = cell.load(Relaxed);
                let mut open = fields_equal(word, 0) & valid_fields(index, self.row_size);
                let mut marks = 0;
                while open != 0 {
                    let bit = open.trailing_zeros();
                    open &= open - 1;
                    let triangles = index * FIELDS_PER_WORD + bit as usize / 2;
                    let reached = (0..4).any(|step| {
                        let other = neighbours[step];
                        let target = self.moves.triangle_moves[step][triangles] as usize;
                        frontier.may_hold(other, target / FIELDS_PER_WORD) && {
                            let word = self.row(other)[target / FIELDS_PER_WORD].load(Relaxed);
                            (word >> (2 * (target % FIELDS_PER_WORD))) & 3 == code
                        }
                    });
                    if reached {
                        marks |= next << bit;
                        count += 1;
                        first = first.min(triangles);
                    }
                }
                if marks != 0 {
                    cell.store(word | marks, Relaxed);
                    map[index / 64] |= 1 << (index % 64);
                }
            }
        } else {
            // Push: each field of layer `depth` in a neighbour row marks what it leads to here.
            for (step, &other) in neighbours.iter().enumerate() {
                if frontier.counts[other] == 0 {
                    continue;
                }
                let back = &self.moves.triangle_moves[inverse_index(step)];
                let source = self.row(other);
                for (part, &bits) in frontier.map(other).iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        let index = part * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let mut hits = fields_equal(source[index].load(Relaxed), code);
                        while hits != 0 {
                            let bit = hits.trailing_zeros();
                            hits &= hits - 1;
                            let target = back[index * FIELDS_PER_WORD + bit as usize / 2] as usize;
                            let word_index = target / FIELDS_PER_WORD;
                            let cell = &own[word_index];
                            let shift = 2 * (target % FIELDS_PER_WORD);
                            let word = cell.load(Relaxed);
                            // Without branches: about half the targets are new, unpredictably.
                            let unreached = ((word >> shift) & 3 == 0) as u64;
                            cell.store(word | (next * unreached) << shift, Relaxed);
                            count += unreached as u32;
                            first = first.min(if unreached == 1 { target } else { usize::MAX });
                            map[word_index / 64] |= unreached << (word_index % 64);
                        }
                    }
                }
            }
        }
        RowFound { count, first, map }
    }
}

/// The census to `cap` moves (`None`: to the last layer), on `threads` threads, writing a
/// progress line per layer (depth, count, elapsed time) to `progress`.
///
/// # Errors
/// [`Failure::OutOfMemory`] if the 1.57 GB table, a move table, a frontier map or a row count
/// cannot be allocated, all asked for before the first layer; [`Failure::Io`] if `progress`
/// cannot be written. A thread the system refuses is no error: the census goes on with those it
/// has, the calling thread at least.
///
/// # Complexity
/// As the module docs say.
pub(crate) fn census(cap: Option<usize>, threads: usize, progress: &mut dyn Write) -> Result<Census, Failure> {
    let ranking = Ranking::new()?;
    let moves = Moves {
        separator_moves: &ranking.separator_moves,
        triangle_moves: &ranking.triangle_moves,
    };
    let found = search(moves, ranking.rank(State::GOAL), cap, threads, progress)?;
    Ok(Census {
        layers: found.layers,
        deepest: ranking.unrank(found.deepest),
        complete: found.complete,
    })
}

/// What [`search`] found: a [`Census`] with the deepest configuration as its rank.
pub(super) struct Searched {
    pub(super) layers: Vec<u64>,
    pub(super) deepest: u64,
    pub(super) complete: bool,
}

/// The breadth-first search of [`census`] over the space of `moves` from the configuration of
/// rank `start` (row × row size + field).
///
/// # Errors
/// As [`census`].
pub(super) fn search(
    moves: Moves,
    start: u64,
    cap: Option<usize>,
    threads: usize,
    progress: &mut dyn Write,
) -> Result<Searched, Failure> {
    let started = Instant::now();
    let (rows, row_size) = (moves.separator_moves[0].len(), moves.triangle_moves[0].len());
    let row_words = (row_size + FIELDS_PER_WORD - 1) / FIELDS_PER_WORD;
    let map_words = (row_words + 63) / 64;
    assert!(
        map_words <= MAP_WORDS,
        "rows of at most {} configurations",
        TRIANGLE_ARRANGEMENTS
    );
    // The table first: without the memory, the one error line comes at once. Then everything
    // else the census needs, the two frontiers included (one is the next layer's), and only then
    // the 1.57 GB of zeros: a census short of memory says so before it has written a page.
    let mut table = Vec::new();
    try_reserve(
        &mut table,
        rows * row_words,
        "the census table (2 bits a configuration)",
    )?;
    let mut frontier = Frontier {
        counts: try_collect(rows, "the frontier's counts", |_| 0)?,
        maps: try_collect(rows * map_words, "the frontier map", |_| 0)?,
        map_words,
    };
    let next_counts = try_collect(rows, "the next frontier's counts", |_| AtomicU32::new(0))?;
    let next_maps = try_collect(rows * map_words, "the next frontier map", |_| AtomicU64::new(0))?;
    let unreached = try_collect(rows, "the unreached counts", |_| AtomicU32::new(row_size as u32))?;
    table.extend((0..rows * row_words).map(|_| AtomicU64::new(0)));
    let search = Search {
        moves,
        table,
        row_size,
        row_words,
    };
    let (goal_row, goal_triangles) = ((start / row_size as u64) as usize, (start % row_size as u64) as usize);
    let goal_word = goal_triangles / FIELDS_PER_WORD;
    search.row(goal_row)[goal_word].store(Search::code(0) << (2 * (goal_triangles % FIELDS_PER_WORD)), Relaxed);
    frontier.counts[goal_row] = 1;
    frontier.maps[goal_row * map_words + goal_word / 64] = 1 << (goal_word % 64);
    unreached[goal_row].fetch_sub(1, Relaxed);
    let mut layers = vec![1u64];
    let mut deepest = start;
    let threads = threads.max(1);
    let mut refused = false;
    writeln!(
        progress,
        "{PROGRAM}: census: {} configurations at 2 bits each, {} bytes, {threads} threads",
        rows as u64 * row_size as u64,
        rows * row_words * 8
    )?;
    loop {
        let depth = layers.len() - 1;
        if cap.is_some_and(|cap| depth >= cap) {
            return Ok(Searched {
                layers,
                deepest,
                complete: false,
            });
        }
        let next_chunk = AtomicUsize::new(0);
        let shared = (&search, &frontier, &unreached, &next_counts, &next_maps, &next_chunk);
        // Every worker takes chunks of rows until none is left; the calling thread is one of
        // them, so a kernel that refuses every other thread (a process limit) slows the census
        // down to one thread instead of failing it.
        let work = move || {
            let (search, frontier, unreached, next_counts, next_maps, next_chunk) = shared;
            let (mut count, mut first) = (0u64, u64::MAX);
            loop {
                let start = next_chunk.fetch_add(CHUNK_ROWS, Relaxed);
                if start >= rows {
                    return (count, first);
                }
                for row in start..rows.min(start + CHUNK_ROWS) {
                    let found = search.expand_row(row, depth, frontier, unreached[row].load(Relaxed));
                    if found.count > 0 {
                        count += u64::from(found.count);
                        first = first.min(row as u64 * row_size as u64 + found.first as u64);
                        next_counts[row].store(found.count, Relaxed);
                        unreached[row].fetch_sub(found.count, Relaxed);
                        let cells = &next_maps[row * map_words..(row + 1) * map_words];
                        for (cell, &bits) in cells.iter().zip(&found.map) {
                            cell.store(bits, Relaxed);
                        }
                    }
                }
            }
        };
        let (count, first, helpers) = thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map_while(|_| thread::Builder::new().spawn_scoped(scope, work).ok())
                .collect();
            let spawned = helpers.len();
            let (count, first) = helpers
                .into_iter()
                .map(|helper| helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .fold(work(), |(count, first), (more, other)| (count + more, first.min(other)));
            (count, first, spawned)
        });
        if helpers + 1 < threads && !refused {
            refused = true;
            writeln!(
                progress,
                "{PROGRAM}: census: the system refused a thread; going on with {}",
                helpers + 1
            )?;
        }
        if count == 0 {
            return Ok(Searched {
                layers,
                deepest,
                complete: true,
            });
        }
        layers.push(count);
        deepest = first;
        // The new layer becomes the frontier, and the next one starts empty.
        for (count, next) in frontier.counts.iter_mut().zip(&next_counts) {
            *count = next.swap(0, Relaxed);
        }
        for (bits, next) in frontier.maps.iter_mut().zip(&next_maps) {
            *bits = next.swap(0, Relaxed);
        }
        writeln!(
            progress,
            "{PROGRAM}: census: depth {}: {count} configurations, {} within, {:.1} s",
            depth + 1,
            layers.iter().sum::<u64>(),
            started.elapsed().as_secs_f64()
        )?;
    }
}

#[cfg(test)]
mod tests;
