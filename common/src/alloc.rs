//! Fallible allocation for the puzzles' tables: a table the system refuses (a judge's
//! address-space limit, `ulimit -v`) becomes [`Failure::OutOfMemory`], the one error line after
//! every answer already computed, instead of Rust's abort (status 134), which loses them.

use super::cli::Failure;

/// Makes room in `vec` for `additional` more items, or says which table could not be allocated:
/// Rust's own allocation failure aborts the process (status 134, the answers still buffered lost),
/// where [`Failure::OutOfMemory`] is the one error line after them.
///
/// # Errors
/// [`Failure::OutOfMemory`] naming `what` and the bytes asked for.
///
/// # Complexity
/// O(1) plus the allocation.
pub fn try_reserve<T>(vec: &mut Vec<T>, additional: usize, what: &str) -> Result<(), Failure> {
    vec.try_reserve_exact(additional).map_err(|_| {
        let bytes = additional.saturating_mul(std::mem::size_of::<T>());
        Failure::OutOfMemory(format!("cannot allocate {bytes} bytes for {what}"))
    })
}

/// `len` copies of `value`, allocated through [`try_reserve`].
///
/// # Errors
/// [`Failure::OutOfMemory`] when the allocation is refused.
///
/// # Complexity
/// O(len).
pub fn try_filled<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, Failure> {
    let mut vec = Vec::new();
    try_reserve(&mut vec, len, what)?;
    vec.resize(len, value);
    Ok(vec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_allocations_are_failures() {
        let error = try_filled(usize::MAX / 2, 0u64, "the distance table").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "out of memory: cannot allocate {} bytes for the distance table",
                usize::MAX
            )
        );
        assert_eq!(try_filled(3, 7u8, "t").unwrap(), vec![7, 7, 7]);
    }
}
