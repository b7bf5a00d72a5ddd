//! What a failure suggests went wrong, said with the switch that helps: `judge run` and `judge
//! stress` print these hints under a failing verdict.
//!
//! A correct solution fails a case for reasons that are not bugs in its method: the input's
//! whitespace is one no judge sends (tabs, tiles without spaces, a configuration that is not the
//! puzzle's), or the input is in another judge's layout than the one the solution reads (an HDU
//! 1043 solution given UVa 652's count, a POJ 1077 solution that answers one board of many). The
//! verdict alone hides that (`found 0 answers, expected 2`); a hint names the likely cause and
//! the switch that leaves such inputs out (`--whitespace plain`, `--format hdu`).
//!
//! A hint is given only when the output suggests the program did not read the input as it is:
//! it crashed, or printed another number of answers than the input has cases (none, fewer, the
//! first board's alone). A wrong answer in the right number is the program's own. Even then the
//! hints are phrased as what the output suggests, not as a diagnosis: the program may also simply
//! be wrong.

use crate::cases::Format;
use judge_oracle::checker::eight;
use judge_oracle::checker::read::tokens;

/// Whether the output suggests the program did not read the input as it is: it `crashed`, or
/// its answers are not as many as the input's cases (eight: a token per board that is not
/// already solved; Colour Hash: a line per configuration; msquare: any answer at all).
fn unread(puzzle: &str, input: &[u8], output: &[u8], crashed: bool) -> bool {
    if crashed {
        return true;
    }
    match puzzle {
        "eight" => {
            eight::read_shape(input).is_ok_and(|shape| tokens(output).count() as u64 != shape.boards - shape.solved)
        }
        // The input's first number is its count of configurations.
        "colour-hash" => {
            let count = tokens(input)
                .next()
                .and_then(|first| std::str::from_utf8(first).ok()?.parse::<usize>().ok());
            count.is_some_and(|count| {
                let lines = output
                    .split(|&byte| byte == b'\n')
                    .filter(|line| tokens(line).next().is_some());
                lines.count() != count
            })
        }
        _ => tokens(output).next().is_none(),
    }
}

/// The hints for a failed run of `puzzle` on `input`, each one sentence, for a run restricted to
/// `format` (eight; `None`: every layout); none unless the output suggests the program did not
/// read the input (see [`unread`]; `crashed`: it ended with an error). `hostile` says why no judge
/// sends this input, when none does (the case's mark, or how a stress input was spaced).
///
/// # Complexity
/// O(input + output): one read of the input's shape, one count of the output's answers.
pub fn hints(
    puzzle: &str,
    input: &[u8],
    output: &[u8],
    crashed: bool,
    hostile: Option<&str>,
    format: Option<Format>,
) -> Vec<String> {
    let mut hints = Vec::new();
    if !unread(puzzle, input, output, crashed) {
        return hints;
    }
    if let Some(why) = hostile {
        hints.push(format!(
            "no judge sends this input ({why}): if your program cannot read it, no judge would see \
             the fault; --whitespace plain, the default, leaves such inputs out"
        ));
    }
    if puzzle != "eight" || format.is_some() {
        return hints;
    }
    let Ok(shape) = eight::read_shape(input) else {
        return hints;
    };
    let answers = tokens(output).count() as u64;
    let unsolved = shape.boards - shape.solved;
    if shape.counted {
        hints.push(format!(
            "this input is in {}'s layout (the count of boards on the first line, an empty line \
             before each board), which a program written for {} or {} reads as tiles: if yours \
             reads only one judge's layout, --format hdu (or poj) runs only its inputs",
            Format::Uva652.judge(),
            Format::Poj.judge(),
            Format::Hdu.judge()
        ));
    } else if shape.boards > 1 && unsolved > 1 && answers == 1 {
        hints.push(format!(
            "the program answered 1 of the input's {} boards, as a {} solution does (one board an \
             input): --format poj runs only one-board inputs",
            shape.boards,
            Format::Poj.judge()
        ));
    } else {
        hints.push(format!(
            "this input is in {}'s layout (boards until the end of the input, no count), whose first \
             tile a program written for {} reads as the count: if yours reads only {}'s layout, \
             --format uva652 runs only its inputs",
            Format::Hdu.judge(),
            Format::Uva652.judge(),
            Format::Uva652.judge()
        ));
    }
    hints
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_gets_its_switch() {
        let uva = b"1\n\n2 3 4 1 5 x 7 6 8\n";
        let said = hints("eight", uva, b"", false, None, None);
        assert_eq!(said.len(), 1);
        assert!(said[0].contains("--format hdu (or poj)"), "{said:?}");
        let hdu = b"2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n";
        let said = hints("eight", hdu, b"ullddrurdllurdruldr\n", false, None, None);
        assert!(said[0].contains("answered 1 of the input's 2 boards") && said[0].contains("--format poj"));
        let said = hints("eight", hdu, b"", false, None, None);
        assert!(said[0].contains("--format uva652"), "{said:?}");
        // The right number of answers: a wrong one is the program's own, unless it crashed.
        assert!(hints("eight", hdu, b"ul\nunsolvable\n", false, None, None).is_empty());
        assert_eq!(hints("eight", hdu, b"ul\nunsolvable\n", true, None, None).len(), 1);
        // With --format the layout is the program's own: nothing to say about it.
        assert!(hints("eight", hdu, b"", false, None, Some(Format::Hdu)).is_empty());
        assert!(hints("msquare", b"1 2 3 4 5 6 7 8\n", b"", false, None, None).is_empty());
        let odd = b"1\n2\n3\n4\n5\n6\n7\n8\n";
        assert!(hints("msquare", odd, b"0\n\n", false, Some("one colour a line"), None).is_empty());
        let said = hints("msquare", odd, b"", false, Some("one colour a line"), None);
        assert!(
            said[0].starts_with("no judge sends this input (one colour a line)")
                && said[0].contains("--whitespace plain"),
            "{said:?}"
        );
        let colour_hash =
            b"2\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n";
        let solved = b"PUZZLE ALREADY SOLVED\n";
        assert_eq!(
            hints("colour-hash", colour_hash, solved, false, Some("odd"), None).len(),
            1
        );
        assert!(hints("colour-hash", colour_hash, &solved.repeat(2), false, Some("odd"), None).is_empty());
    }
}
