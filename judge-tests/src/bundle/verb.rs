//! `judge bundle`'s work: each puzzle's bundle made, sized against its limit and written, with
//! the plain program beside it when a folder is given. The binary only maps the outcome to an
//! exit status.

use super::{bundle, plain_bundle, write, Bundle, PLAIN_SIZE_LIMIT, SIZE_LIMIT};
use judge_oracle::escape;
use std::io::{self, Write};
use std::path::Path;

/// Why `judge bundle` stopped before writing every bundle.
#[derive(Debug)]
pub enum Stopped {
    /// A puzzle that cannot be bundled, or a folder that cannot be written: one line.
    Mistake(String),
    /// Writing to `out` failed.
    Output(io::Error),
}

impl From<io::Error> for Stopped {
    fn from(error: io::Error) -> Self {
        Stopped::Output(error)
    }
}

/// Bundles each of `puzzles` from the workspace at `root`. With `dir`, writes
/// `dir/<puzzle>.rs` and `dir/<puzzle>-plain.rs` and a line per file on `out` (its path, size
/// and the modules it holds); without, writes the one bundle's source to `out`. A bundle over
/// its limit is still written, marked `OVER` on `out` and named on `err`; the result is
/// `Ok(false)` then.
///
/// # Complexity
/// One parse and prune of each crate's sources: linear in their size.
pub fn write_bundles(
    root: &Path,
    puzzles: &[String],
    dir: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<bool, Stopped> {
    let mut all_fit = true;
    for puzzle in puzzles {
        let failed = |e: String| Stopped::Mistake(format!("bundle {puzzle}: {e}"));
        let made = bundle(root, puzzle).map_err(failed)?;
        // With a folder, the plain program too: <puzzle>-plain.rs beside <puzzle>.rs.
        let plain = match dir {
            Some(_) => Some(plain_bundle(root, puzzle).map_err(failed)?),
            None => None,
        };
        for (made, limit) in [(Some(made), SIZE_LIMIT), (plain, PLAIN_SIZE_LIMIT)] {
            let Some(made) = made else { continue };
            let fits = made.source.len() <= limit;
            all_fit &= fits;
            match dir {
                Some(dir) => written(&made, dir, limit, out)?,
                None => out.write_all(made.source.as_bytes())?,
            }
            if !fits {
                let (name, size) = (&made.puzzle, made.source.len());
                let _ = writeln!(err, "judge: {name}: {size} bytes is over the {limit} byte limit");
            }
        }
    }
    Ok(all_fit)
}

/// Writes `made` into `dir` and its line on `out`: path, size, the modules it holds, and `OVER`
/// when it is over `limit`.
fn written(made: &Bundle, dir: &Path, limit: usize, out: &mut dyn Write) -> Result<(), Stopped> {
    let path = write(made, dir).map_err(|e| Stopped::Mistake(format!("{}: {e}", escape(dir.as_os_str()))))?;
    let size = made.source.len();
    let note = match size <= limit {
        true => String::new(),
        false => format!("  OVER the {limit} byte source limit"),
    };
    let modules = match made.modules.join(", ") {
        modules if modules.is_empty() => "std only".to_string(),
        modules => modules,
    };
    writeln!(out, "{:<24} {size:>7} bytes  ({modules}){note}", path.display())?;
    Ok(())
}
