//! Fallible allocation for what a checker builds: the references' tables, their queues, the read
//! buffers. Each growth is asked for with `try_reserve` and a refusal is an [`OutOfMemory`] that
//! names what it was for, so that `judge check` reports its own lack of memory as its failure
//! (FAIL, status 3) instead of Rust's abort (status 134), and never as a verdict on the output.
//!
//! Only what grows with a table or a buffer goes through here; the few bytes of a message or of
//! one answer are allocated as usual. So that those always find room, even when a table took the
//! last of the memory or was refused just short of it, a table is built with [`with_headroom`]:
//! room is held while it is built and given back afterwards, whatever the outcome.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::{BuildHasher, Hash};

/// An allocation refused: room for `count` more entries of `size` bytes each, for `what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// What the room was for (`the eight reference table`).
    pub what: &'static str,
    /// How many entries more were asked for.
    pub count: usize,
    /// The size of one entry in bytes (a hash table also asks for a control byte an entry, and
    /// rounds its buckets up to a power of two).
    pub size: usize,
}

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let OutOfMemory { what, count, size } = self;
        if *size == 1 {
            write!(f, "out of memory: cannot allocate {count} bytes for {what}")
        } else {
            write!(
                f,
                "out of memory: cannot allocate {what}: room for {count} more entries of {size} bytes refused"
            )
        }
    }
}

impl OutOfMemory {
    fn of<T>(what: &'static str, count: usize) -> Self {
        OutOfMemory {
            what,
            count,
            size: std::mem::size_of::<T>(),
        }
    }
}

/// The room [`with_headroom`] holds while a table is built: what the small allocations after it
/// (messages, the verdict line, the output's buffer, a read buffer, and the allocator's own
/// growth of its heap, at least 128 KiB at a time in glibc) are sure to find when it is given
/// back.
pub const HEADROOM: usize = 512 << 10;

/// Room of [`HEADROOM`] bytes, held until it is dropped.
///
/// # Errors
/// If the room is refused.
pub fn headroom() -> Result<Vec<u8>, OutOfMemory> {
    vec_with_capacity(HEADROOM, "the checker's headroom")
}

/// `build()`, run while [`HEADROOM`] bytes are held, then given back: whether `build` succeeds or
/// is refused memory, what follows (judging, or the message that says so) has that room.
///
/// # Errors
/// If the headroom is refused (then `build` is not run), or what `build` returns.
pub fn with_headroom<T>(build: impl FnOnce() -> Result<T, OutOfMemory>) -> Result<T, OutOfMemory> {
    let room = headroom()?;
    let built = build();
    drop(room);
    built
}

/// Makes room in `map` for `additional` more entries at once.
///
/// # Errors
/// If the room is refused.
///
/// # Complexity
/// O(len + additional) when the table grows.
pub fn reserve_entries<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    additional: usize,
    what: &'static str,
) -> Result<(), OutOfMemory> {
    map.try_reserve(additional)
        .map_err(|_| OutOfMemory::of::<(K, V)>(what, additional))
}

/// Inserts `key` (not yet in `map`) with `value`, first doubling the table if it is full, so that
/// the insert itself never allocates (`len < capacity` guarantees it).
///
/// # Errors
/// If the growth is refused; `map` is then unchanged.
///
/// # Complexity
/// O(1) amortised.
pub fn insert_new<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
    key: K,
    value: V,
    what: &'static str,
) -> Result<(), OutOfMemory> {
    if map.len() >= map.capacity() {
        reserve_entries(map, map.len().max(16), what)?;
    }
    map.insert(key, value);
    Ok(())
}

/// Appends `item` to `queue`, first doubling it if it is full.
///
/// # Errors
/// If the growth is refused; `queue` is then unchanged.
///
/// # Complexity
/// O(1) amortised.
pub fn push_back<T>(queue: &mut VecDeque<T>, item: T, what: &'static str) -> Result<(), OutOfMemory> {
    if queue.len() >= queue.capacity() {
        let more = queue.len().max(16);
        queue.try_reserve(more).map_err(|_| OutOfMemory::of::<T>(what, more))?;
    }
    queue.push_back(item);
    Ok(())
}

/// An empty vector with room for exactly `count` items.
///
/// # Errors
/// If the room is refused.
pub fn vec_with_capacity<T>(count: usize, what: &'static str) -> Result<Vec<T>, OutOfMemory> {
    let mut items = Vec::new();
    items
        .try_reserve_exact(count)
        .map_err(|_| OutOfMemory::of::<T>(what, count))?;
    Ok(items)
}

/// An empty string with room for exactly `bytes` bytes.
///
/// # Errors
/// If the room is refused.
pub fn string_with_capacity(bytes: usize, what: &'static str) -> Result<String, OutOfMemory> {
    let mut text = String::new();
    text.try_reserve_exact(bytes)
        .map_err(|_| OutOfMemory::of::<u8>(what, bytes))?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_an_error_naming_the_table_and_the_room() {
        // More than any address space: the allocator refuses it without trying.
        let mut map: HashMap<u64, u8> = HashMap::new();
        let refused = reserve_entries(&mut map, usize::MAX / 4, "the test table").unwrap_err();
        assert_eq!(refused.size, 16);
        assert_eq!(
            refused.to_string(),
            format!(
                "out of memory: cannot allocate the test table: room for {} more entries of 16 bytes refused",
                usize::MAX / 4
            )
        );
        let refused = string_with_capacity(usize::MAX / 2, "the test buffer").unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "out of memory: cannot allocate {} bytes for the test buffer",
                usize::MAX / 2
            )
        );
        assert!(vec_with_capacity::<[u8; 9]>(usize::MAX / 8, "the test queue").is_err());
    }

    #[test]
    fn growth_keeps_every_entry() {
        let mut map = HashMap::new();
        let mut queue = VecDeque::new();
        for n in 0..1000u32 {
            insert_new(&mut map, n, n * 2, "map").unwrap();
            push_back(&mut queue, n, "queue").unwrap();
        }
        assert_eq!(map.len(), 1000);
        assert!((0..1000).all(|n| map[&n] == n * 2));
        assert!(queue.iter().copied().eq(0..1000));
    }
}
