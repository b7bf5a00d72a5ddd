//! The second step of every verdict: once the tokens are right, the output's lines are compared
//! with the one exact layout the judge prints. The layout is given as the number of tokens on
//! each line (0 for an empty line); each line must hold exactly those tokens separated by single
//! spaces, with no other whitespace, and end in `\n`.

use super::read::is_space;

/// The first place where an output leaves its layout: the line (from 1), what that line holds
/// (empty when the output ended before it), and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault<'o> {
    /// The line number, from 1.
    pub line: u64,
    /// The line's bytes without its `\n` (for a fault after the last expected line: the rest of
    /// the output).
    pub text: &'o [u8],
    /// What is wrong, for a presentation-error message: `line 3: trailing whitespace`.
    pub message: String,
}

/// The first place where `output` leaves the layout `shapes` (tokens per line), described for a
/// presentation-error message; `None` if it follows it exactly. `unit` names what a line's
/// tokens are (`answer`) in messages.
///
/// # Complexity
/// O(output length), no allocation besides the message.
pub fn fault(output: &[u8], shapes: impl IntoIterator<Item = u8>, unit: &str) -> Option<String> {
    find(output, shapes, unit).map(|fault| fault.message)
}

/// [`fault`], with the line and what it holds.
pub fn find<'o>(output: &'o [u8], shapes: impl IntoIterator<Item = u8>, unit: &str) -> Option<Fault<'o>> {
    let mut rest = output;
    let mut number = 0u64;
    let at = |line: u64, text: &'o [u8], why: String| {
        Some(Fault {
            line,
            text,
            message: format!("line {line}: {why}"),
        })
    };
    for want in shapes {
        number += 1;
        if rest.is_empty() {
            let what = if want == 0 { "an empty line" } else { "an answer line" };
            return at(number, rest, format!("{what} is missing at the end of the output"));
        }
        let (line, ended) = match rest.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        rest = if ended { &rest[line.len() + 1..] } else { &[] };
        if let Some(why) = line_fault(line, want, unit) {
            return at(number, line, why);
        }
        if !ended {
            return at(number, line, "the last line does not end with a newline".into());
        }
    }
    if rest.is_empty() {
        return None;
    }
    let extra = extra_lines(rest);
    let what = if extra > 1 {
        format!("{extra} extra lines")
    } else {
        "an extra line".to_string()
    };
    at(number + 1, rest, format!("{what} after the last {unit}"))
}

/// How many lines `rest` holds: its line ends, and one more for a last line without one.
pub fn extra_lines(rest: &[u8]) -> usize {
    rest.iter().filter(|&&byte| byte == b'\n').count() + usize::from(rest.last().is_some_and(|&byte| byte != b'\n'))
}

/// `a` or `an`, for `noun`.
pub fn article(noun: &str) -> &'static str {
    if noun.starts_with(|first: char| "aeiou".contains(first)) {
        "an"
    } else {
        "a"
    }
}

/// What is wrong with one line that should hold `want` tokens.
pub fn line_fault(line: &[u8], want: u8, unit: &str) -> Option<String> {
    let found = super::read::tokens(line).count();
    if want == 0 && found > 0 {
        return Some(format!(
            "an empty line is missing before this {unit} (the {unit}s are right)"
        ));
    }
    if want > 0 && found == 0 {
        return Some(format!("an extra empty line{}", shown_space(line)));
    }
    if found != usize::from(want) {
        return Some(format!(
            "{found} {} where the {unit} has {want}: {} {unit} split or joined across lines",
            super::verdict::plural(found as u64, "word"),
            article(unit)
        ));
    }
    if line.last() == Some(&b'\r') {
        return Some("CR characters (CRLF line ends)".into());
    }
    if line.last().is_some_and(|&byte| is_space(byte)) {
        return Some("trailing whitespace".into());
    }
    if line.first().is_some_and(|&byte| is_space(byte)) {
        return Some("leading whitespace".into());
    }
    if line.windows(2).any(|pair| is_space(pair[0]) && is_space(pair[1]))
        || line.iter().any(|&b| is_space(b) && b != b' ')
    {
        return Some(format!("words of the {unit} not separated by single spaces"));
    }
    None
}

/// `" (holding \"\\t\")"` for a blank line that is not empty, for the message.
fn shown_space(line: &[u8]) -> String {
    if line.is_empty() {
        String::new()
    } else {
        format!(" (holding \"{}\")", line.escape_ascii())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_fault() {
        let shapes = [1u8, 0, 1];
        assert_eq!(fault(b"ab\n\ncd\n", shapes, "answer"), None);
        let cases: [(&[u8], &str); 10] = [
            (b"ab\ncd\n", "line 2: an empty line is missing"),
            (b"ab\n\n\ncd\n", "line 3: an extra empty line"),
            (b"ab\n\ncd", "line 3: the last line does not end"),
            (b"ab\r\n\r\ncd\r\n", "line 1: CR"),
            (b"ab \n\ncd\n", "line 1: trailing whitespace"),
            (b"ab\n\ncd\n\n", "line 4: an extra line after the last answer"),
            (b"ab\n\ncd\nef", "line 4: an extra line after the last answer"),
            (b"ab\n\ncd\n\n\n", "line 4: 2 extra lines after the last answer"),
            (b"ab\n\n", "line 3: an answer line is missing"),
            (b"\tab\n\ncd\n", "line 1: leading whitespace"),
        ];
        for (output, want) in cases {
            let got = fault(output, shapes, "answer").unwrap_or_default();
            assert!(got.starts_with(want), "{:?}: {got}", output.escape_ascii().to_string());
        }
        assert!(fault(b"A  B\n", [2], "claim").unwrap().contains("single spaces"));
        // Plurals and articles.
        assert_eq!(
            fault(b"A\nB\n", [2, 0], "claim").unwrap(),
            "line 1: 1 word where the claim has 2: a claim split or joined across lines"
        );
        assert!(fault(b"A B C\n", [2], "answer")
            .unwrap()
            .contains("3 words where the answer has 2: an answer"));
        let found = find(b"ab\nx y\n", [1, 0], "answer").unwrap();
        assert_eq!((found.line, found.text), (2, &b"x y"[..]));
        assert!(fault(b"A\x0bB\n", [2], "claim").unwrap().contains("single spaces"));
        assert_eq!(fault(b"", [], "answer"), None);
        assert!(fault(b"\n", [], "answer").unwrap().contains("extra line"));
    }
}
