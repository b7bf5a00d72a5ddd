//! Fallible allocation for the puzzles' tables: a table the system refuses (a judge's
//! address-space limit, `ulimit -v`) becomes [`Failure::OutOfMemory`], the one error line after
//! every answer already computed, instead of Rust's abort (status 134), which loses them.

use super::cli::Failure;

/// The most input `--method plain` reads, as each crate's `plain::io::MAX_INPUT`: the plain
/// program holds its whole input, so an endless stream (`< /dev/zero`) ends here at once with
/// one line instead of filling the memory. A judge's input is a few megabytes at most.
pub const MAX_PLAIN_INPUT: usize = 1 << 26;

/// Reads `input` to its end, as the plain programs read stdin: at most `cap` bytes, into memory
/// grown through `try_reserve`, with the same error words as theirs.
///
/// # Errors
/// [`Failure::Io`] if a read fails; [`Failure::Input`] past `cap` bytes;
/// [`Failure::OutOfMemory`] when the system refuses the room.
///
/// # Complexity
/// O(bytes read).
pub fn read_capped(mut input: impl std::io::Read, cap: usize) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let mut chunk = [0; 8192];
    loop {
        let count = match input.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(count) => count,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(Failure::Io(error)),
        };
        if bytes.len() + count > cap {
            return Err(Failure::Input(format!("the input is longer than {cap} bytes")));
        }
        let wanted = bytes.len() + count;
        bytes
            .try_reserve(count)
            .map_err(|_| Failure::OutOfMemory(format!("cannot allocate {wanted} bytes for the input")))?;
        bytes.extend_from_slice(&chunk[..count]);
    }
}

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

    #[test]
    fn the_plain_read_stops_at_its_cap() {
        let input = vec![b'1'; 20_000];
        assert_eq!(read_capped(&input[..], 20_000).unwrap(), input);
        let error = read_capped(&input[..], 19_999).unwrap_err();
        assert_eq!(error.to_string(), "the input is longer than 19999 bytes");
        // An endless stream ends at the cap.
        let error = read_capped(std::io::repeat(0), 100_000).unwrap_err();
        assert_eq!(error.to_string(), "the input is longer than 100000 bytes");
    }
}
