//! The judges' input and output in their plain form: the whole input's tiles (its bytes that are
//! not whitespace), answered nine at a time.
//!
//! - Whitespace is C's `isspace` (space, `\t`, `\n`, `\v`, `\f`, `\r`), a UTF-8 byte-order mark at
//!   the very start is skipped, and a tile is one byte, `1`..`8` or `x`: `2 3 4 1 5 x 7 6 8`,
//!   one tile a line and `23415x768` are the same board.
//! - POJ 1077, HDU 1043 and ZOJ 1217 send boards to the end, an answer line each; UVa 652 sends a
//!   count N first and an empty line between answers. The input is UVa's exactly when its first
//!   word is a number N (by value: `+3`, `007`) alone on its line and 9·N tiles follow.
//! - An answer is the move string, an empty line for the goal, or `unsolvable`.
//! - A byte that is no tile, a repeated tile or a board cut short: the answers before it, then
//!   `eight: error: board N: ...` on stderr, and exit status 1.

use std::io::{self, BufRead, ErrorKind, Write};
use std::process::ExitCode;

use super::{room, Table, BLANK};

/// The program's name, the prefix of its error line.
pub const PROGRAM: &str = "eight";

/// The program: stdin to stdout, and the error line on stderr.
pub fn main() -> ExitCode {
    // Room for std's own buffers (stdin's 8 KB) first: refused, one line made without allocating.
    if Vec::<u8>::new().try_reserve(1 << 16).is_err() {
        let _ = writeln!(
            io::stderr(),
            "{}: error: out of memory: cannot allocate 64 KiB to start",
            PROGRAM
        );
        return ExitCode::FAILURE;
    }
    let mut answers = String::new();
    let mut outcome = read_input().and_then(|input| answer_all(&input, &mut answers));
    if let Err(error) = output().and_then(|mut stdout| stdout.write_all(answers.as_bytes())) {
        // A reader that stopped early (`| head -1`) took all it wanted.
        if error.kind() != ErrorKind::BrokenPipe {
            outcome = outcome.and(Err(format!("i/o: {error}")));
        }
    }
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // A failing stderr loses the line, not the status.
            let _ = writeln!(io::stderr(), "{PROGRAM}: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// All of stdin, grown by `try_reserve`, or the error line's words: an endless stream
/// (`< /dev/zero`) ends at 64 MiB.
pub fn read_input() -> Result<Vec<u8>, String> {
    let (mut input, mut stdin) = (Vec::new(), io::stdin().lock());
    loop {
        let chunk = stdin.fill_buf().map_err(|error| format!("i/o: {error}"))?;
        let (count, total) = (chunk.len(), input.len() + chunk.len());
        if count == 0 {
            return Ok(input);
        } else if total > 1 << 26 {
            return Err(format!("the input is longer than {} bytes", 1 << 26));
        }
        room(input.try_reserve(count), "the input")?;
        input.extend_from_slice(chunk);
        stdin.consume(count);
    }
}

/// stdout as a copy of its descriptor: std's own takes a refused write (`1< /dev/null`) for success.
#[cfg(unix)]
fn output() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(not(unix))]
fn output() -> io::Result<io::Stdout> {
    Ok(io::stdout())
}

/// Answers every board of `input`, appending each answer to `answers` as it goes.
///
/// # Errors
/// A message naming the first bad board, after the answers to the boards before it.
pub fn answer_all(input: &[u8], answers: &mut String) -> Result<(), String> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let is_space = |byte: &u8| matches!(*byte, b' ' | b'\t'..=b'\r');
    let mut tiles = Vec::new();
    room(tiles.try_reserve_exact(input.len()), "the tiles")?;
    tiles.extend(input.iter().copied().filter(|byte| !is_space(byte)));
    // UVa 652's count: the first word, if it is a number alone on its line and 9·N tiles follow.
    let start = input.iter().position(|byte| !is_space(byte)).unwrap_or(input.len());
    let length = input[start..].iter().position(is_space).unwrap_or(input.len() - start);
    let rest = &input[start + length..];
    let alone = match rest.iter().position(|byte| !is_space(byte)) {
        Some(next) => rest[..next].contains(&b'\n'),
        None => true,
    };
    let count = value(&input[start..start + length]).filter(|_| alone);
    let counted = count.is_some_and(|count| Some(tiles.len() - length) == count.checked_mul(9));
    let (boards, separator) = if counted {
        (&tiles[length..], "\n")
    } else {
        (&tiles[..], "")
    };
    let mut table = None;
    for (index, board) in boards.chunks(9).enumerate() {
        let board = read_board(board).map_err(|fault| format!("board {}: {}", index + 1, fault))?;
        // The table is built at the first board that needs it.
        if table.is_none() {
            table = Some(Table::try_build()?);
        }
        let table = table.as_ref().expect("built above");
        room(answers.try_reserve(40), "the answers")?;
        if index > 0 {
            answers.push_str(separator);
        }
        match table.answer(&board) {
            Some(moves) => answers.push_str(&moves),
            None => answers.push_str("unsolvable"),
        }
        answers.push('\n');
    }
    Ok(())
}

/// A board from its nine tiles: each tile minus one, the blank `x` as [`BLANK`].
///
/// # Errors
/// What is wrong: a byte that is no tile, a repeated tile, or fewer than nine tiles.
fn read_board(tiles: &[u8]) -> Result<[u8; 9], String> {
    let mut board = [0; 9];
    let mut seen = [false; 9];
    for (cell, &tile) in board.iter_mut().zip(tiles.iter()) {
        *cell = match tile {
            b'1'..=b'8' => tile - b'1',
            b'x' => BLANK,
            _ => return Err(format!("tile '{}' is not 1-8 or x", tile.escape_ascii())),
        };
        if seen[usize::from(*cell)] {
            return Err(format!("tile '{}' appears twice", char::from(tile)));
        }
        seen[usize::from(*cell)] = true;
    }
    if tiles.len() < 9 {
        return Err(format!("only {} tiles: a board has 9", tiles.len()));
    }
    Ok(board)
}

/// The value of a word that is an optional `+` or `-` and then digits, if it is a count (at least
/// 0, and no more than a `usize` holds); `None` for any other word.
fn value(word: &[u8]) -> Option<usize> {
    let (negative, digits) = match word.first() {
        Some(b'-') => (true, &word[1..]),
        Some(b'+') => (false, &word[1..]),
        _ => (false, word),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut count: usize = 0;
    for &digit in digits {
        count = count.checked_mul(10)?.checked_add(usize::from(digit - b'0'))?;
    }
    if negative && count > 0 {
        return None;
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::Random;

    /// The fast program's stdout on `input`, and whether it succeeded.
    fn fast(input: &str) -> (String, bool) {
        let mut out = Vec::new();
        let ok = crate::run(input.as_bytes(), &mut out, &mut io::sink(), &crate::Options::default()).is_ok();
        (String::from_utf8(out).unwrap(), ok)
    }

    /// This program's stdout on `input`, and whether it succeeded.
    fn plain(input: &str) -> (String, bool) {
        let mut answers = String::new();
        let ok = answer_all(input.as_bytes(), &mut answers).is_ok();
        (answers, ok)
    }

    /// A random judge input: POJ's one board, HDU's boards until the end, or UVa 652's count and
    /// boards, each board spaced, unspaced, a tile a line or three a line, with LF or CRLF.
    fn judge_input(random: &mut Random) -> String {
        let layout = random.below(3);
        let boards = if layout == 0 { 1 } else { random.below(12) };
        let line_end = ["\n", "\r\n"][random.below(2)];
        let mut input = String::new();
        if layout == 2 {
            input.push_str(&format!("{boards}{line_end}{}", ["", line_end][random.below(2)]));
        }
        for _ in 0..boards {
            let mut tiles: Vec<u8> = b"12345678x".to_vec();
            // A quarter of the boards are the goal or one move from it.
            if random.below(4) > 0 {
                random.shuffle(&mut tiles);
            } else if random.below(2) == 0 {
                tiles.swap(7, 8);
            }
            let spacing = random.below(4);
            for (i, &tile) in tiles.iter().enumerate() {
                input.push(char::from(tile));
                let end = match spacing {
                    0 => i == 8,
                    1 => true,
                    2 => i % 3 == 2,
                    _ => false,
                };
                input.push_str(if end {
                    line_end
                } else if spacing == 3 {
                    " "
                } else {
                    ""
                });
            }
            if layout == 2 && random.below(2) == 0 {
                input.push_str(line_end);
            }
        }
        input
    }

    #[test]
    fn random_judge_inputs_are_answered_as_the_fast_program_does() {
        let mut random = Random::new(0x1077);
        // Each plain run builds its table (a whole breadth-first search): a few dozen inputs.
        for _ in 0..24 {
            let input = judge_input(&mut random);
            assert_eq!(plain(&input), fast(&input), "{input:?}");
        }
        // Bad boards: the answers before them, then an error, in both.
        for bad in [
            "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 9 x",
            "12345678x123",
            "x1",
            "2\n\n12345678x\n12345678x\n12345678x",
        ] {
            let (answers, ok) = plain(bad);
            assert!(!ok, "{bad:?}");
            assert_eq!((answers, ok), fast(bad), "{bad:?}");
        }
    }
}
