//! The references' tables kept on disk between processes, so that a `judge check` or `judge run`
//! reads its puzzle's table instead of building it again: the table is the same in every process
//! of one `judge` binary, and building it (msquare's 40,320 sequences, Eight's 181,440 distances,
//! Colour Hash's 26,649) is most of a short check's work.
//!
//! Off unless the program asks for it ([`keep_in`]): the `judge` command does, in
//! [`default_folder`]; a library caller, a test among them, builds its tables as before.
//!
//! A kept table is trusted only when everything about it checks out, else it is built again
//! (and kept again) as if there were none:
//! - it was written by this very binary: the file records the executable's device, inode, size
//!   and modification time (`/proc/self/exe`), and a rebuilt `judge` is another binary;
//! - its bytes are whole: their length and a 64-bit FNV-1a checksum are in the header;
//! - its entries make the table: the exact count, every key a board of the puzzle, no key twice,
//!   the values in range, and the published layer sizes (see each `decode_*`).
//!
//! Written atomically: into a file of the writer's own (`.<name>.<pid>.tmp`), then renamed over
//! the table's name, so that processes that start together (a parallel test run) each build it,
//! and a reader sees one whole table or none. A folder that cannot be written is no error: the
//! table is then built in each process, as without a cache.

use crate::reference::colour_hash::{self, ColourHash, Config};
use crate::reference::eight::{self, Board, Distances};
use crate::reference::msquare::{self, Grid};
use crate::reference::ShortKeyMap;
use std::fs;
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder [`keep_in`] named, if any.
static FOLDER: OnceLock<Option<PathBuf>> = OnceLock::new();

/// The first line of every kept table: the format, whose version changes with it.
const MAGIC: &str = "judge reference table 1";

/// Keeps the tables this process builds in `folder` (`None`: keeps none), and reads them from
/// there. Only the first call counts.
pub fn keep_in(folder: Option<PathBuf>) {
    let _ = FOLDER.set(folder);
}

/// Where the `judge` command keeps its tables: `$JUDGE_CACHE_DIR` when it is set (empty: nowhere),
/// else `$XDG_CACHE_HOME/judge`, else `$HOME/.cache/judge` (the XDG base directories).
pub fn default_folder() -> Option<PathBuf> {
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
    };
    if let Some(folder) = std::env::var_os("JUDGE_CACHE_DIR") {
        return (!folder.is_empty()).then(|| PathBuf::from(folder));
    }
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .map(|cache| cache.join("judge"))
}

/// The table `name`, read from the folder if a valid copy is there, else `build()` and kept.
///
/// # Errors
/// What `build` returns.
pub(crate) fn kept_or_built<T, E>(
    name: &str,
    decode: impl FnOnce(&[u8]) -> Option<T>,
    encode: impl FnOnce(&T) -> Option<Vec<u8>>,
    build: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    match FOLDER.get().cloned().flatten() {
        Some(folder) => kept_in_or_built(&folder, name, decode, encode, build),
        None => build(),
    }
}

/// [`kept_or_built`] with the tables kept in `folder`.
fn kept_in_or_built<T, E>(
    folder: &Path,
    name: &str,
    decode: impl FnOnce(&[u8]) -> Option<T>,
    encode: impl FnOnce(&T) -> Option<Vec<u8>>,
    build: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    let path = folder.join(name);
    let identity = identity();
    if let Some(table) = identity
        .as_deref()
        .and_then(|identity| read(&path, identity))
        .and_then(|payload| decode(&payload))
    {
        return Ok(table);
    }
    let table = build()?;
    // A table that cannot be kept (no room for its bytes, a folder that cannot be written) is
    // built again next time; nothing else changes.
    if let Some((identity, payload)) = identity.zip(encode(&table)) {
        let _ = write(folder, name, &identity, &payload);
    }
    Ok(table)
}

/// This executable's identity: device, inode, size and modification time; `None` without
/// `/proc`. Read from the file `/proc/self/exe` opens, the one running even if its path has been
/// replaced since (and under valgrind, which opens its client for it, the program, not valgrind).
fn identity() -> Option<String> {
    let binary = fs::File::open("/proc/self/exe").ok()?.metadata().ok()?;
    Some(format!(
        "{} {} {} {}.{:09}",
        binary.dev(),
        binary.ino(),
        binary.size(),
        binary.mtime(),
        binary.mtime_nsec()
    ))
}

/// FNV-1a's 64-bit hash of `bytes` taken eight bytes at a time (little-endian words, the last
/// one padded with zeros) and folded with the length: any byte changed, cut or added changes it
/// but by a rare chance, which is all a check against a damaged file needs (no one is trying to
/// collide it: the folder is the user's own).
fn checksum(bytes: &[u8]) -> u64 {
    let words = bytes.chunks(8).map(|chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(word)
    });
    words.fold(0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64, |hash, word| {
        (hash ^ word).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The header of a table kept by the binary `identity`: four lines.
fn header(identity: &str, payload: &[u8]) -> String {
    format!("{MAGIC}\n{identity}\n{}\n{:016x}\n", payload.len(), checksum(payload))
}

/// The payload of the table at `path` if its header is this binary's and its bytes are whole.
fn read(path: &Path, identity: &str) -> Option<Vec<u8>> {
    let mut bytes = fs::read(path).ok()?;
    let mut header_length = 0;
    let mut lines = Vec::new();
    for _ in 0..4 {
        let end = header_length + bytes[header_length..].iter().position(|&byte| byte == b'\n')?;
        lines.push(std::str::from_utf8(&bytes[header_length..end]).ok()?);
        header_length = end + 1;
    }
    let length: usize = lines[2].parse().ok()?;
    let sum = u64::from_str_radix(lines[3], 16).ok()?;
    if lines[0] != MAGIC || lines[1] != identity || bytes.len() - header_length != length {
        return None;
    }
    bytes.drain(..header_length);
    (checksum(&bytes) == sum).then_some(bytes)
}

/// Writes the table atomically (see the module docs).
fn write(folder: &Path, name: &str, identity: &str, payload: &[u8]) -> std::io::Result<()> {
    fs::create_dir_all(folder)?;
    let own = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = fs::File::create(&own)
        .and_then(|mut file| {
            file.write_all(header(identity, payload).as_bytes())?;
            file.write_all(payload)
        })
        .and_then(|()| fs::rename(&own, folder.join(name)));
    if written.is_err() {
        let _ = fs::remove_file(&own);
    }
    written
}

/// `payload` as records of `size` bytes, if it holds exactly `count` of them.
fn records(payload: &[u8], size: usize, count: usize) -> Option<std::slice::ChunksExact<'_, u8>> {
    (payload.len() == size * count).then(|| payload.chunks_exact(size))
}

/// msquare's table as records: the grid's eight colours row by row, the sequence's length, its
/// letters.
pub(crate) fn encode_msquare(table: &ShortKeyMap<Grid, String>) -> Option<Vec<u8>> {
    let size = table.values().map(|sequence| 9 + sequence.len()).sum();
    let mut bytes = crate::alloc::vec_with_capacity(size, msquare::TABLE).ok()?;
    for (grid, sequence) in table {
        bytes.extend(grid.iter().flatten());
        bytes.push(sequence.len() as u8);
        bytes.extend_from_slice(sequence.as_bytes());
    }
    Some(bytes)
}

/// msquare's table from [`encode_msquare`]'s bytes: exactly every board once (each a permutation
/// of 1..8), each sequence of A, B and C at most 22 long (the puzzle's diameter).
pub(crate) fn decode_msquare(mut bytes: &[u8]) -> Option<ShortKeyMap<Grid, String>> {
    const BOARDS: usize = 40_320;
    let mut table = ShortKeyMap::default();
    crate::alloc::reserve_entries(&mut table, BOARDS, msquare::TABLE).ok()?;
    while !bytes.is_empty() {
        let (colours, rest) = (bytes.get(..8)?, &bytes[8..]);
        let (&length, rest) = rest.split_first()?;
        let letters = rest.get(..usize::from(length))?;
        bytes = &rest[letters.len()..];
        let grid: Grid = [colours[..4].try_into().ok()?, colours[4..].try_into().ok()?];
        let seen = colours.iter().fold(0u32, |seen, &colour| seen | 1 << colour.min(9));
        let moves = letters.iter().all(|letter| b"ABC".contains(letter));
        if seen != 0x1FE || !moves || length > 22 || table.len() == BOARDS {
            return None;
        }
        let mut sequence = crate::alloc::string_with_capacity(letters.len(), msquare::TABLE).ok()?;
        sequence.extend(letters.iter().map(|&letter| char::from(letter)));
        if table.insert(grid, sequence).is_some() {
            return None;
        }
    }
    (table.len() == BOARDS).then_some(table)
}

/// Eight's table as records: the board's nine characters, the distance.
pub(crate) fn encode_eight(table: &Distances) -> Option<Vec<u8>> {
    let mut bytes = crate::alloc::vec_with_capacity(10 * table.entries().count(), eight::TABLE).ok()?;
    for (board, distance) in table.entries() {
        bytes.extend_from_slice(board);
        bytes.push(distance);
    }
    Some(bytes)
}

/// Eight's table from [`encode_eight`]'s bytes: 181,440 boards, each an arrangement of
/// `12345678x`, none twice, whose distances make the published layers ([`eight::A089473`]).
pub(crate) fn decode_eight(bytes: &[u8]) -> Option<Distances> {
    let mut table: ShortKeyMap<Board, u8> = ShortKeyMap::default();
    let count = eight::A089473.iter().sum();
    crate::alloc::reserve_entries(&mut table, count, eight::TABLE).ok()?;
    let mut layers = [0usize; 32];
    for record in records(bytes, 10, count)? {
        let board: Board = record[..9].try_into().ok()?;
        // A bit for each of the nine tiles: all nine once each.
        let tiles = board.iter().fold(0u32, |seen, &tile| {
            seen | match tile {
                b'1'..=b'8' => 1 << (tile - b'1'),
                b'x' => 1 << 8,
                _ => 1 << 9,
            }
        });
        let layer = layers.get_mut(usize::from(record[9]))?;
        if tiles != 0x1FF || table.insert(board, record[9]).is_some() {
            return None;
        }
        *layer += 1;
    }
    (layers == eight::A089473).then(|| Distances::from_table(table))
}

/// Colour Hash's table as records: the configuration's 24 numbers, the distance.
pub(crate) fn encode_colour_hash(table: &ColourHash) -> Option<Vec<u8>> {
    let mut bytes = crate::alloc::vec_with_capacity(25 * table.entries().count(), colour_hash::TABLE).ok()?;
    for (config, distance) in table.entries() {
        bytes.extend_from_slice(config);
        bytes.push(distance);
    }
    Some(bytes)
}

/// Colour Hash's table from [`encode_colour_hash`]'s bytes: configurations of numbers 0..=10,
/// none twice, whose distances make the layer sizes the reference's own test holds
/// ([`colour_hash::LAYER_SIZES`]).
pub(crate) fn decode_colour_hash(bytes: &[u8]) -> Option<ColourHash> {
    let count = colour_hash::LAYER_SIZES.iter().sum();
    let mut table = std::collections::HashMap::new();
    table.try_reserve(count).ok()?;
    let mut layers = [0usize; colour_hash::TABLE_DEPTH as usize + 1];
    for record in records(bytes, 25, count)? {
        let config: Config = record[..24].try_into().ok()?;
        let layer = layers.get_mut(usize::from(record[24]))?;
        if config.iter().any(|&number| number > 10) || table.insert(config, record[24]).is_some() {
            return None;
        }
        *layer += 1;
    }
    (layers == colour_hash::LAYER_SIZES).then(|| ColourHash::from_table(table))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the temporary one, removed by the caller.
    fn folder(name: &str) -> PathBuf {
        let folder = std::env::temp_dir().join(format!("oracle-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        folder
    }

    #[test]
    fn each_table_comes_back_whole_and_a_changed_one_is_refused() {
        let sequences = msquare::smallest_shortest_sequences();
        let bytes = encode_msquare(&sequences).unwrap();
        assert_eq!(decode_msquare(&bytes), Some(sequences));
        let distances = Distances::new();
        let bytes = encode_eight(&distances).unwrap();
        let back = decode_eight(&bytes).unwrap();
        assert!(distances
            .entries()
            .all(|(board, distance)| back.get(board) == Some(distance)));
        assert_eq!(back.histogram(), eight::A089473);
        let solver = ColourHash::new();
        let bytes = encode_colour_hash(&solver).unwrap();
        let back = decode_colour_hash(&bytes).unwrap();
        assert!(solver
            .entries()
            .all(|(config, distance)| back.distance(config) == Some(distance)));
        assert_eq!(back.layer_sizes(), solver.layer_sizes());
        // A record cut short, a distance changed, a board twice: each refused.
        let mut bytes = encode_eight(&distances).unwrap();
        bytes.pop();
        assert!(decode_eight(&bytes).is_none());
        let mut bytes = encode_eight(&distances).unwrap();
        bytes[9] = bytes[9].wrapping_add(1);
        assert!(decode_eight(&bytes).is_none());
        let mut bytes = encode_eight(&distances).unwrap();
        let first = bytes[..10].to_vec();
        bytes[10..20].copy_from_slice(&first);
        assert!(decode_eight(&bytes).is_none());
        let mut bytes = encode_msquare(&msquare::smallest_shortest_sequences()).unwrap();
        let letter = bytes.iter().position(|&byte| byte == b'B').unwrap();
        bytes[letter] = b'D';
        assert!(decode_msquare(&bytes).is_none());
        bytes[letter] = b'B';
        bytes[0] = bytes[1];
        assert!(decode_msquare(&bytes).is_none());
    }

    #[test]
    fn a_table_is_built_once_then_read() {
        let folder = folder("once");
        let built = std::cell::Cell::new(0);
        let mut tables = Vec::new();
        for _ in 0..2 {
            let table = kept_in_or_built(&folder, "eight", decode_eight, encode_eight, || {
                built.set(built.get() + 1);
                Distances::try_new()
            });
            tables.push(table.unwrap());
        }
        assert_eq!(built.get(), 1);
        assert!(tables[0]
            .entries()
            .all(|(board, distance)| tables[1].get(board) == Some(distance)));
        // A damaged table is built again, and kept whole.
        let path = folder.join("eight");
        let whole = fs::read(&path).unwrap();
        fs::write(&path, &whole[..whole.len() / 2]).unwrap();
        let again = kept_in_or_built(&folder, "eight", decode_eight, encode_eight, || {
            built.set(built.get() + 1);
            Distances::try_new()
        });
        assert_eq!(again.unwrap().histogram(), eight::A089473);
        assert_eq!(built.get(), 2);
        assert_eq!(fs::read(&path).unwrap(), whole);
        fs::remove_dir_all(&folder).unwrap();
    }

    #[test]
    fn a_kept_table_is_read_only_if_this_binary_wrote_it_whole() {
        let folder = folder("read");
        let identity = identity().unwrap();
        let payload = b"some table".to_vec();
        write(&folder, "t", &identity, &payload).unwrap();
        let path = folder.join("t");
        assert_eq!(read(&path, &identity), Some(payload.clone()));
        assert_eq!(read(&path, "another binary"), None);
        let whole = fs::read(&path).unwrap();
        // Cut short, one byte changed, one byte more: none is read.
        fs::write(&path, &whole[..whole.len() - 1]).unwrap();
        assert_eq!(read(&path, &identity), None);
        let mut changed = whole.clone();
        *changed.last_mut().unwrap() ^= 1;
        fs::write(&path, &changed).unwrap();
        assert_eq!(read(&path, &identity), None);
        fs::write(&path, [&whole[..], b"x"].concat()).unwrap();
        assert_eq!(read(&path, &identity), None);
        fs::write(&path, b"").unwrap();
        assert_eq!(read(&path, &identity), None);
        // Only the table is left: the writer's own file was renamed.
        let names: Vec<_> = fs::read_dir(&folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["t"]);
        fs::remove_dir_all(&folder).unwrap();
    }
}
