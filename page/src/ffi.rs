//! The byte-buffer interface the page's JavaScript calls: no wasm-bindgen, no imports.
//!
//! Three exports. JavaScript asks [`buffer_alloc`] for `len` bytes, writes a request there (its
//! form: [`crate::request`]), and calls [`call`] with the pointer and the length; `call` frees
//! the request and returns a pointer to a result buffer: 4 bytes of little-endian length, then
//! that many bytes (the reply's kind and data). JavaScript copies the result out and hands the
//! buffer back to [`buffer_free`] with its whole length (4 + the length read).
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

/// [`crate::call()`] on the request JavaScript wrote into the buffer (`ptr`, `len`): the result
/// buffer holds the reply's kind byte and its data ([`crate::request::Reply::into_bytes`]).
#[no_mangle]
pub extern "C" fn call(ptr: *mut u8, len: usize) -> *mut u8 {
    let request = take(ptr, len);
    leak(&crate::call(&request).into_bytes())
}
