//! Output comparison in one pass: where the first difference is, how many lines differ, and a
//! report of a few lines around it, bounded whatever the size of the outputs.
//!
//! Lines are compared by position (line *i* of the output against line *i* of the answer), not
//! aligned by a diff algorithm: a judge compares that way, and an aligning diff is quadratic on a
//! long wrong answer (160,000 lines took 89 s).

use std::fmt::Write as _;

/// Most bytes of a report; past it the report ends with `...`.
pub const REPORT_LIMIT: usize = 4096;
/// Lines of context shown before the first difference.
const CONTEXT_BEFORE: usize = 2;
/// Lines shown from the first difference on (differing or not).
const CONTEXT_AFTER: usize = 3;
/// Most bytes of one line shown; the rest is counted.
const LINE_LIMIT: usize = 160;

/// How an output differs from the expected one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The first line (1-based) that differs.
    pub first_line: usize,
    /// How many line positions differ (a line present in only one of the two counts).
    pub differing_lines: usize,
    /// Lines in the expected output (a last line without `\n` counts).
    pub expected_lines: usize,
    /// Lines in the actual output.
    pub actual_lines: usize,
    /// The first difference with a few lines of context and line numbers, at most
    /// [`REPORT_LIMIT`] bytes, every line ending in `\n`.
    pub report: String,
}

/// The lines of `text`, each with its `\n` if it has one.
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split_inclusive(|&byte| byte == b'\n')
}

/// A line as the report shows it: `\r`, tabs and control bytes escaped, the line end as `⏎`,
/// cut after [`LINE_LIMIT`] bytes.
fn visible(line: &[u8]) -> String {
    let (body, newline) = match line.strip_suffix(b"\n") {
        Some(body) => (body, true),
        None => (line, false),
    };
    let shown = &body[..body.len().min(LINE_LIMIT)];
    let mut text = String::new();
    for c in String::from_utf8_lossy(shown).chars() {
        if c.is_control() {
            text.extend(c.escape_default());
        } else {
            text.push(c);
        }
    }
    if body.len() > shown.len() {
        let _ = write!(text, "... ({} more bytes)", body.len() - shown.len());
    }
    if newline {
        text.push('⏎');
    }
    text
}

/// Compares `actual` with `expected` line by line; `None` if they are byte-for-byte equal.
///
/// # Complexity
/// O(length of both) time; memory O(1) beyond the bounded report.
pub fn compare(expected: &[u8], actual: &[u8]) -> Option<Difference> {
    if expected == actual {
        return None;
    }
    let (mut expected_lines, mut actual_lines) = (lines(expected), lines(actual));
    let mut first_line: usize = 0;
    let (mut differing_lines, mut line) = (0usize, 0usize);
    loop {
        let pair = (expected_lines.next(), actual_lines.next());
        if pair == (None, None) {
            break;
        }
        line += 1;
        if pair.0 != pair.1 {
            differing_lines += 1;
            if first_line == 0 {
                first_line = line;
            }
        }
    }
    let expected_count = lines(expected).count();
    let actual_count = lines(actual).count();
    let mut report = String::from("--- expected\n+++ actual\n");
    let from = first_line.saturating_sub(CONTEXT_BEFORE).max(1);
    let window = lines(expected)
        .map(Some)
        .chain(std::iter::repeat(None))
        .zip(lines(actual).map(Some).chain(std::iter::repeat(None)))
        .enumerate()
        .skip(from - 1)
        .take(first_line + CONTEXT_AFTER - from);
    for (index, pair) in window {
        let number = index + 1;
        match pair {
            (None, None) => break,
            (Some(same), Some(other)) if same == other => {
                let _ = writeln!(report, "  {number:>7} {}", visible(same));
            }
            (expected_line, actual_line) => {
                if let Some(line) = expected_line {
                    let _ = writeln!(report, "- {number:>7} {}", visible(line));
                }
                if let Some(line) = actual_line {
                    let _ = writeln!(report, "+ {number:>7} {}", visible(line));
                }
            }
        }
        if report.len() > REPORT_LIMIT {
            break;
        }
    }
    let summary = format!(
        "{differing_lines} of {} lines differ, the first at line {first_line} (expected {expected_count} lines, got {actual_count})\n",
        expected_count.max(actual_count)
    );
    if report.len() + summary.len() > REPORT_LIMIT {
        let mut cut = REPORT_LIMIT - summary.len() - 4;
        while !report.is_char_boundary(cut) {
            cut -= 1;
        }
        report.truncate(cut);
        report.push_str("...\n");
    }
    report.push_str(&summary);
    Some(Difference {
        first_line,
        differing_lines,
        expected_lines: expected_count,
        actual_lines: actual_count,
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_outputs_have_no_difference() {
        assert_eq!(compare(b"1\n2\n", b"1\n2\n"), None);
        assert_eq!(compare(b"", b""), None);
    }

    #[test]
    fn the_report_shows_the_first_difference_with_its_line_number_and_context() {
        let expected = b"a\nb\nc\nd\ne\nf\ng\n";
        let actual = b"a\nb\nc\nD\ne\nF\ng\n";
        let difference = compare(expected, actual).unwrap();
        assert_eq!(difference.first_line, 4);
        assert_eq!(difference.differing_lines, 2);
        assert_eq!(
            difference.report,
            "--- expected\n+++ actual\n        2 b⏎\n        3 c⏎\n-       4 d⏎\n+       4 D⏎\n        5 e⏎\n-       6 f⏎\n+       6 F⏎\n2 of 7 lines differ, the first at line 4 (expected 7 lines, got 7)\n"
        );
    }

    #[test]
    fn line_ends_and_missing_lines_show() {
        let difference = compare(b"a\n", b"a\r\n").unwrap();
        assert!(difference.report.contains("+       1 a\\r⏎"), "{}", difference.report);
        let difference = compare(b"a\nb\n", b"a\nb").unwrap();
        assert!(difference.report.contains("+       2 b\n"), "{}", difference.report);
        let difference = compare(b"a\nb\nc\n", b"a\n").unwrap();
        assert_eq!((difference.first_line, difference.differing_lines), (2, 2));
        assert!(
            difference.report.contains("-       2 b⏎\n-       3 c⏎\n"),
            "{}",
            difference.report
        );
    }

    #[test]
    fn a_huge_difference_is_found_in_linear_time_and_reported_briefly() {
        let expected: String = (0..200_000).map(|i| format!("{i}\n")).collect();
        let actual: String = (0..200_000).map(|i| format!("{}\n", i + 1)).collect();
        let difference = compare(expected.as_bytes(), actual.as_bytes()).unwrap();
        assert_eq!(difference.differing_lines, 200_000);
        assert!(difference.report.len() <= REPORT_LIMIT);
        let long_line = vec![b'x'; 1 << 20];
        let difference = compare(b"y\n", &long_line).unwrap();
        assert!(difference.report.len() <= REPORT_LIMIT);
        assert!(difference.report.contains("more bytes"), "{}", difference.report);
    }
}
