//! The byte-buffer interface the page's JavaScript calls: no wasm-bindgen, no imports.
//!
//! JavaScript asks [`buffer_alloc`] for `len` bytes, writes its input there, and calls an export with
//! the pointer and the length; the export frees the input and returns a pointer to a result
//! buffer: 4 bytes of little-endian length, then that many bytes (UTF-8 JSON, or raw bytes for
//! [`depths`]). JavaScript copies the result out and hands the buffer back to [`buffer_free`] with its
//! whole length (4 + the length read).
//!
//! Why `unsafe`: the browser finds exports by their unmangled names (`#[no_mangle]`, which the
//! workspace's `unsafe_code = "forbid"` rejects), and the buffers cross as raw pointers. Every
//! `unsafe` block below only rebuilds a `Vec` this module itself leaked, with the same length
//! and capacity.

use std::mem;

/// Leaks `bytes` as a result buffer: its length (4 bytes, little endian), then the bytes.
fn leak(bytes: &[u8]) -> *mut u8 {
    let mut buffer = Vec::with_capacity(4 + bytes.len());
    buffer.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    buffer.extend_from_slice(bytes);
    let mut buffer = mem::ManuallyDrop::new(buffer.into_boxed_slice());
    buffer.as_mut_ptr()
}

/// Takes back the input buffer JavaScript filled: `ptr` and `len` from [`buffer_alloc`].
fn take(ptr: *mut u8, len: usize) -> Vec<u8> {
    // SAFETY: `ptr` came from `buffer_alloc(len)`, a leaked boxed slice of exactly `len` bytes.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }.into_vec()
}

/// `len` bytes for JavaScript to fill; given back by the export it is passed to, or [`buffer_free`].
#[no_mangle]
pub extern "C" fn buffer_alloc(len: usize) -> *mut u8 {
    let mut buffer = mem::ManuallyDrop::new(vec![0u8; len].into_boxed_slice());
    buffer.as_mut_ptr()
}

/// Frees a buffer of `len` bytes from [`buffer_alloc`] or a result (then `len` is 4 + its length).
#[no_mangle]
pub extern "C" fn buffer_free(ptr: *mut u8, len: usize) {
    drop(take(ptr, len));
}

/// The puzzle named by `code`: 0 msquare, 1 eight, 2 colour-hash.
fn puzzle(code: u32) -> Option<crate::Puzzle> {
    crate::Puzzle::ALL.get(code as usize).copied()
}

/// [`crate::run`] on the input bytes: the binary's stdout and stderr as JSON.
#[no_mangle]
pub extern "C" fn run(code: u32, ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(puzzle(code).map_or(String::new(), |p| crate::run(p, &input)).as_bytes())
}

/// [`crate::layers`] as JSON.
#[no_mangle]
pub extern "C" fn layers(code: u32, depth: u32) -> *mut u8 {
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::layers(p, depth as u8))
            .as_bytes(),
    )
}

/// [`crate::depths`]: one byte per rank.
#[no_mangle]
pub extern "C" fn depths(code: u32) -> *mut u8 {
    leak(&puzzle(code).map_or(Vec::new(), crate::depths))
}

/// [`crate::inspect`] on a board written as tokens; JSON.
#[no_mangle]
pub extern "C" fn inspect(code: u32, ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    let text = String::from_utf8_lossy(&input);
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::inspect(p, &text))
            .as_bytes(),
    )
}

/// [`crate::replay`] on `board|moves`; JSON.
#[no_mangle]
pub extern "C" fn replay(code: u32, ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    let text = String::from_utf8_lossy(&input);
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::replay(p, &text))
            .as_bytes(),
    )
}

/// [`crate::random`] from two 32-bit halves of the caller's random bits; tokens.
#[no_mangle]
pub extern "C" fn random(code: u32, high: u32, low: u32) -> *mut u8 {
    let bits = u64::from(high) << 32 | u64::from(low);
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::random(p, bits))
            .as_bytes(),
    )
}

/// [`crate::describe`]; JSON.
#[no_mangle]
pub extern "C" fn describe(code: u32) -> *mut u8 {
    leak(puzzle(code).map_or(String::new(), crate::describe).as_bytes())
}

/// [`crate::watch::bfs`]: the search's step `k`; JSON.
#[no_mangle]
pub extern "C" fn bfs(code: u32, k: u32) -> *mut u8 {
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::watch::bfs(p, k as usize))
            .as_bytes(),
    )
}

/// [`crate::watch::found_order`]: 4 bytes a rank.
#[no_mangle]
pub extern "C" fn found_order(code: u32) -> *mut u8 {
    leak(&puzzle(code).map_or(Vec::new(), crate::watch::found_order))
}

/// [`crate::watch::first_layers`]: the search's first steps; JSON.
#[no_mangle]
pub extern "C" fn first_layers(code: u32) -> *mut u8 {
    leak(
        puzzle(code)
            .map_or(String::new(), crate::watch::first_layers)
            .as_bytes(),
    )
}

/// [`crate::watch::msquare_chain`] on the case's tokens; JSON.
#[no_mangle]
pub extern "C" fn msquare_chain(ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(crate::watch::msquare_chain(&String::from_utf8_lossy(&input)).as_bytes())
}

/// [`crate::watch::race`] on `method|tokens`; JSON.
#[no_mangle]
pub extern "C" fn race(ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(crate::watch::race(&String::from_utf8_lossy(&input)).as_bytes())
}

/// [`crate::watch::seen`]: Eight's whole space with seen set `kind`; JSON.
#[no_mangle]
pub extern "C" fn seen(kind: u32) -> *mut u8 {
    leak(crate::watch::seen(kind).as_bytes())
}

/// [`crate::board_at`]: the board of a rank, as tokens.
#[no_mangle]
pub extern "C" fn board_at(code: u32, rank: u32) -> *mut u8 {
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::board_at(p, rank as usize))
            .as_bytes(),
    )
}

/// [`crate::watch::start_side`] on `tokens|G`; JSON.
#[no_mangle]
pub extern "C" fn start_side(ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(crate::watch::start_side(&String::from_utf8_lossy(&input)).as_bytes())
}

/// [`crate::watch::race_map`] on `method|tokens`: one byte a rank.
#[no_mangle]
pub extern "C" fn race_map(ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(&crate::watch::race_map(&String::from_utf8_lossy(&input)))
}

/// [`crate::first::first_case`] on the input bytes; JSON.
#[no_mangle]
pub extern "C" fn first_case(code: u32, ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(
        puzzle(code)
            .map_or(String::new(), |p| crate::first::first_case(p, &input))
            .as_bytes(),
    )
}

/// [`crate::figures::msquare_to_case`] on `board;board;…|target`; JSON.
#[no_mangle]
pub extern "C" fn msquare_to_case(ptr: *mut u8, len: usize) -> *mut u8 {
    let input = take(ptr, len);
    leak(crate::figures::msquare_to_case(&String::from_utf8_lossy(&input)).as_bytes())
}

/// [`crate::lesson::toy`]: the toy graph and its search; JSON.
#[no_mangle]
pub extern "C" fn lesson_toy() -> *mut u8 {
    leak(crate::lesson::toy().as_bytes())
}

/// [`crate::lesson::tree`]: the search's first whole layers, step by step; JSON.
#[no_mangle]
pub extern "C" fn lesson_tree(code: u32) -> *mut u8 {
    leak(puzzle(code).map_or(String::new(), crate::lesson::tree).as_bytes())
}

/// [`crate::lesson::pushes`]: the queue's pushes under each marking; JSON.
#[no_mangle]
pub extern "C" fn lesson_pushes() -> *mut u8 {
    leak(crate::lesson::pushes().as_bytes())
}
