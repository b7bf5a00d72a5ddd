//! Study mode's shared output: the distance table (states at each depth from the goal) that every
//! puzzle's `--stats` prints. Not part of any judge program, so bundles never carry it.

use std::io::{self, Write};

/// Writes a distance table, as every puzzle's `--stats` prints it: a header `depth <noun>
/// total`, then for each depth its count and the running total, right-aligned; returns the total.
///
/// # Complexity
/// O(depths).
pub fn write_layer_table(out: &mut impl Write, noun: &str, sizes: &[usize]) -> io::Result<usize> {
    let width = noun.len().max(7);
    writeln!(out, "{:>5} {noun:>width$} {:>width$}", "depth", "total")?;
    let mut total = 0;
    for (depth, &count) in sizes.iter().enumerate() {
        total += count;
        writeln!(out, "{depth:>5} {count:>width$} {total:>width$}")?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_table_is_right_aligned_with_running_totals() {
        let mut out = Vec::new();
        let total = write_layer_table(&mut out, "boards", &[1, 2, 9]).unwrap();
        assert_eq!(total, 12);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "depth  boards   total\n    0       1       1\n    1       2       3\n    2       9      12\n"
        );
    }
}
