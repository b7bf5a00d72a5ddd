//! What a failure suggests went wrong, said with the switch that helps: `judge run` and `judge
//! stress` print these hints under a failing verdict.
//!
//! A correct solution fails a case for reasons that are not bugs in its method: the input's
//! whitespace is one no judge sends (tabs, tiles without spaces, a configuration that is not the
//! puzzle's), or the input is in another judge's layout than the one the solution reads (an HDU
//! 1043 solution given UVa 652's count, a POJ 1077 solution that answers one board of many). The
//! verdict alone hides that (`found 0 answers, expected 2`); a hint names the likely cause and
//! the switch that leaves such inputs out (`--inputs judges`, `--format hdu`).
//!
//! It also names how a program ended ([`ended`]: an exit of 128 + N from `sh -c` is signal N, as
//! the shell reports a child it killed), and tells a command that never started from a program
//! that failed ([`never_started`]): `judge` reports the first as one error, never as a verdict
//! per case.
//!
//! A hint is given only when the output shows its cause:
//! - an exit-status failure whose answers are all right says exactly that ("answers right, exit
//!   status 1"), and nothing about layouts;
//! - a case no judge sends says so under any failure: its fault would never reach a judge;
//! - a layout hint only when the program printed another number of answers than the input has
//!   cases (or crashed), and then it names the layout the output fits (the answers are right for
//!   the input read as that judge's program reads it), or, when the output fits none and no
//!   layout was chosen (`--format`, `--judge`), the layout the input is in; never a layout the
//!   output does not fit, so it cannot contradict the run's summary. Under `--format` or
//!   `--judge` the input is in the layout the program is meant to read, so a fit says the
//!   program reads it as another judge's input;
//! - nothing about tiles for an input with no case in it.
//!
//! A wrong answer in the right number is the program's own and gets no layout hint.

use crate::cases::Format;
use crate::runner::Run;
use judge_oracle::checker::read::tokens;
use judge_oracle::checker::{self, eight, Level};
use nix::sys::signal::Signal;

/// How a program ended when it did not exit with status 0, by name: `exit 3`, `SIGSEGV`; through
/// `sh -c` (`shell`), an exit of 128 + N for a signal N is the shell's report of a child that
/// signal killed, named so: `SIGSEGV (sh's exit 139)`. `None` for a clean exit.
pub fn ended(run: &Run, shell: bool) -> Option<String> {
    let plain = run.failure()?;
    match run.code {
        Some(code) if shell && (129..=128 + 64).contains(&code) => Some(match Signal::try_from(code - 128) {
            Ok(signal) => format!("{} (sh's exit {code})", signal.as_str()),
            Err(_) => plain,
        }),
        _ => Some(plain),
    }
}

/// The signal a run ended by, directly or as `sh -c`'s exit of 128 + N.
fn signal_of(run: &Run, shell: bool) -> Option<Signal> {
    match (run.signal, run.code) {
        (Some(signal), _) => Signal::try_from(signal).ok(),
        (None, Some(code)) if shell && (129..=128 + 64).contains(&code) => Signal::try_from(code - 128).ok(),
        _ => None,
    }
}

/// Whether a run crashed the way a refused allocation ends a program: SIGSEGV (a stack or a
/// pointer past the address space), SIGABRT (C++'s `bad_alloc` uncaught, Rust's allocation
/// failure), SIGBUS, or Python's `MemoryError`.
pub fn out_of_memory_like(run: &Run, shell: bool) -> bool {
    let crashed = matches!(
        signal_of(run, shell),
        Some(Signal::SIGSEGV | Signal::SIGABRT | Signal::SIGBUS)
    );
    crashed || (run.code.is_some_and(|code| code != 0) && run.stderr_tail().contains("MemoryError"))
}

/// Whether a crash under a memory limit was the limit's doing, from `rerun`, the same case run
/// again without a memory limit (and so without the address-space cap the limit brings): the
/// same crash is the program's own; a clean end with a peak over the limit is the limit (a
/// judge would say MLE); a clean end within it is the cap of address space alone.
pub fn memory_cap_said(crashed: &Run, rerun: &Run, limits: &crate::runner::Limits, shell: bool) -> String {
    let limit = limits.memory.unwrap_or_default() >> 20;
    let how = ended(crashed, shell).unwrap_or_default();
    let peak = rerun.peak_memory.map_or("an unknown peak".to_string(), |peak| {
        format!("a peak of {}", crate::runner::format_memory(peak))
    });
    match ended(rerun, shell) {
        None if rerun.peak_memory.unwrap_or_default() > limits.memory.unwrap_or_default() => format!(
            "the memory limit caused the {how}: run again without it (and without the address-space cap \
             that comes with it), it ran to the end with {peak}, over the {limit} MB limit: a judge would \
             say MLE"
        ),
        None => format!(
            "the address-space cap caused the {how}, not the memory used: run again without the memory \
             limit, it ran to the end with {peak}, within the {limit} MB limit (the cap counts memory \
             reserved but never used)"
        ),
        Some(again) if again == how => format!(
            "not the memory limit: run again without it, it ends the same way ({again}), so the crash is \
             the program's own"
        ),
        Some(again) => format!("run again without the memory limit it ended otherwise ({again}), with {peak}"),
    }
}

/// The one error for a `--command` whose program never started, when the run shows that (its
/// stderr's last line and nothing on stdout): the shell's `not found` (exit 127) or `Permission
/// denied` / `cannot execute` (exit 126), or Python's `can't open file` (exit 2). `None` for a
/// program that ran.
pub fn never_started(run: &Run) -> Option<String> {
    if !run.stdout.is_empty() {
        return None;
    }
    let tail = run.stderr_tail();
    let last = tail.lines().last().unwrap_or_default().trim();
    let startup = match run.code {
        Some(127) => last.ends_with("not found") || last.contains("No such file"),
        Some(126) => last.contains("Permission denied") || last.contains("cannot execute"),
        Some(2) => last.contains("can't open file"),
        _ => false,
    };
    startup.then(|| {
        format!(
            "--command cannot start its program: {last} (exit {}); no case was judged",
            run.code.unwrap_or_default()
        )
    })
}

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

/// The eight input as a program written for `format` reads `input`'s tokens, when that reading
/// differs from the input's own: POJ's reads the first nine tokens as its one board; UVa 652's
/// reads the first token as the count of the boards that follow. `None` when that program could
/// not read it (too few tokens, a count that is no number).
fn read_as(format: Format, input: &[u8]) -> Option<Vec<u8>> {
    let all: Vec<&[u8]> = tokens(input).collect();
    let board = |tiles: &[&[u8]]| tiles.join(&b" "[..]);
    match format {
        Format::Poj => (all.len() >= 9).then(|| {
            let mut text = board(&all[..9]);
            text.push(b'\n');
            text
        }),
        Format::Uva652 => {
            let count: usize = std::str::from_utf8(all.first()?).ok()?.parse().ok()?;
            let boards = all.get(1..1 + 9 * count)?;
            let mut text = format!("{count}\n").into_bytes();
            for tiles in boards.chunks(9) {
                text.push(b'\n');
                text.extend(board(tiles));
                text.push(b'\n');
            }
            Some(text)
        }
        Format::Hdu => None,
    }
}

/// The description of a layout in a hint.
fn described(format: Format) -> &'static str {
    match format {
        Format::Poj => "one board an input",
        Format::Hdu => "boards until the end of the input, no count",
        Format::Uva652 => "the count of boards on the first line, an empty line before each board",
    }
}

/// The hints for a failed run of `puzzle` on `input`, each one sentence, for a run restricted to
/// `format` (eight; `None`: every layout). `failure` is how the program ended when it ended
/// with an error (`exit 1`, `SIGSEGV`), `None` when it exited cleanly; `hostile` says why no
/// judge sends this input, when none does (the case's mark, or how a stress input was spaced);
/// `level` is the checker level the run judges at.
///
/// # Complexity
/// O(input + output) and a check of the output at most three times (as it is, and read as two
/// other layouts).
pub fn hints(
    puzzle: &str,
    input: &[u8],
    output: &[u8],
    failure: Option<&str>,
    hostile: Option<&str>,
    format: Option<Format>,
    level: Level,
) -> Vec<String> {
    let mut hints = Vec::new();
    if let Some(why) = hostile {
        hints.push(format!(
            "no judge sends this input ({why}): if your program cannot read it, no judge would see \
             the fault; --inputs judges, the default, leaves such inputs out"
        ));
    }
    if let Some(how) = failure {
        if checker::check_at(puzzle, input, output, None, level).exit_code() == 0 {
            hints.push(format!(
                "answers right, {how}: a judge counts a program that does not exit with status 0 \
                 as a runtime error, whatever it printed"
            ));
            return hints;
        }
    }
    if puzzle != "eight" || !unread(puzzle, input, output, failure.is_some()) {
        return hints;
    }
    let Ok(shape) = eight::read_shape(input) else {
        return hints;
    };
    // An input with no board has no tile and no layout to speak of.
    if shape.boards == 0 {
        return hints;
    }
    let own = if shape.counted {
        Format::Uva652
    } else if shape.boards == 1 {
        Format::Poj
    } else {
        Format::Hdu
    };
    // The layout whose reading of this input the output answers right, if one does.
    let fits = [Format::Poj, Format::Uva652]
        .into_iter()
        .filter(|&other| other != own)
        .find(|&other| {
            read_as(other, input).is_some_and(|read| {
                // OK, or a presentation error: every token right.
                tokens(output).next().is_some()
                    && matches!(
                        checker::check_at(puzzle, &read[..], output, None, level).exit_code(),
                        0 | 2
                    )
            })
        });
    match (fits, format) {
        // The layout was chosen: the input is in the one the program is meant to read.
        (Some(other), Some(_)) => hints.push(format!(
            "the output answers this input read as a {} program reads it ({}), not as it is ({}'s \
             layout: {}): read the input as {} sends it",
            other.judge(),
            described(other),
            own.judge(),
            described(own),
            own.judge()
        )),
        (None, Some(_)) => {}
        (Some(other), None) => hints.push(format!(
            "the output answers this input read as a {} program reads it ({}), not as it is ({}'s \
             layout): if yours reads only {}'s layout, --format {} runs only its inputs",
            other.judge(),
            described(other),
            own.judge(),
            other.judge(),
            other.name()
        )),
        (None, None) => {
            // One board and no count is POJ's layout and HDU's alike.
            let (layout, description) = match own {
                Format::Poj => (
                    format!("{}'s and {}'s", Format::Poj.judge(), Format::Hdu.judge()),
                    "one board, no count",
                ),
                other => (format!("{}'s", other.judge()), described(other)),
            };
            hints.push(format!(
                "this input is in {layout} layout ({description}): if your program reads only another \
                 judge's layout, --format poj, hdu or uva652 runs only that judge's inputs"
            ));
        }
    }
    hints
}

/// Whether a wrong eight output is right but for its layout: its tokens, one a board that is
/// not already solved, are accepted when laid out in the input's layout (an empty line for a
/// solved board, UVa 652's empty line between answers). The checker reads moves on a solved
/// board's line as that board's wrong answer, which is what a UVa 652 output without its empty
/// lines shows once a solved board is among the answers; `judge run` and `judge stress` then
/// call it the presentation error it is, as the checker does where no board is solved.
///
/// # Complexity
/// O(input + output) and one check.
pub fn only_the_layout(puzzle: &str, input: &[u8], output: &[u8], level: Level) -> bool {
    if puzzle != "eight" {
        return false;
    }
    let Ok(batch) = crate::input::parse(puzzle, input, None) else {
        return false;
    };
    let goal = crate::input::Item::Board(*b"12345678x");
    let mut answers = tokens(output);
    let mut laid_out = Vec::new();
    for (index, item) in batch.items.iter().enumerate() {
        if batch.format == Some(Format::Uva652) && index > 0 {
            laid_out.push(b'\n');
        }
        if *item != goal {
            match answers.next() {
                Some(answer) => laid_out.extend_from_slice(answer),
                None => return false,
            }
        }
        laid_out.push(b'\n');
    }
    answers.next().is_none() && checker::check_at(puzzle, input, &laid_out, None, level).exit_code() == 0
}

/// The verdict line of a wrong answer that [`only_the_layout`] finds right but for its layout:
/// the presentation error it is, naming the cause first (an empty line missing where a solved
/// board's empty answer is) and the checker's own reading after it.
pub fn as_presentation_error(wrong: &str) -> String {
    let reading = wrong.strip_prefix("wrong answer ").unwrap_or(wrong);
    format!("presentation error an empty line is missing (every answer is right once laid out in the input's layout; read line by line: {reading})")
}

/// What a failure is, for the shrinker to keep to: a presentation error's fault (`an empty line
/// is missing`, `trailing whitespace`, ...), whatever its line and place; any other failure's
/// verdict kind (`WA`, `RE`, `TLE`, ...). A smaller input that fails for another reason is
/// another failure, not a smaller one.
pub fn cause_of(kind: &str, verdict: &str) -> String {
    const FAULTS: [&str; 11] = [
        "an empty line is missing",
        "an answer line is missing",
        "is missing at the end of the output",
        "an extra empty line",
        "extra line",
        "does not end with a newline",
        "split or joined",
        "CR characters",
        "trailing whitespace",
        "leading whitespace",
        "not separated by single spaces",
    ];
    if kind != "PE" {
        return kind.to_string();
    }
    FAULTS
        .iter()
        .find(|fault| verdict.contains(*fault))
        .map_or_else(|| kind.to_string(), |fault| format!("PE {fault}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(puzzle: &str, input: &[u8], output: &[u8], failure: Option<&str>, hostile: Option<&str>) -> Vec<String> {
        hints(puzzle, input, output, failure, hostile, None, Level::Judge)
    }

    #[test]
    fn a_layout_hint_names_the_layout_the_output_fits_or_the_inputs_own() {
        // A UVa 652 input that a program crashed on: the input's own layout, no claim.
        let uva = b"1\n\n2 3 4 1 5 x 7 6 8\n";
        let hint = said("eight", uva, b"", Some("exit 1"), None);
        assert_eq!(hint.len(), 1);
        assert!(hint[0].starts_with("this input is in UVa 652's layout"), "{hint:?}");
        // An HDU input answered for its first board alone: that is what POJ's program does.
        let hdu = b"2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n";
        let hint = said("eight", hdu, b"ullddrurdllurdruldr\n", None, None);
        assert!(
            hint[0].contains("read as a POJ 1077 program") && hint[0].contains("--format poj"),
            "{hint:?}"
        );
        // An HDU input whose first tile a UVa 652 program takes for the count of 1 board: the
        // nine tiles after it, 2 3 4 5 6 7 x 8 1, are unsolvable, and answered so.
        let counted = b"1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 8 7 x\n";
        let hint = said("eight", counted, b"unsolvable\n", None, None);
        assert!(
            hint[0].contains("read as a UVa 652 program") && hint[0].contains("--format uva652"),
            "{hint:?}"
        );
        // A wrong answer that fits no reading: the input's own layout, never a POJ claim.
        let hint = said("eight", hdu, b"lr\n", None, None);
        assert!(hint[0].starts_with("this input is in HDU 1043's layout"), "{hint:?}");
        // The right number of answers: a wrong one is the program's own.
        assert!(said("eight", hdu, b"ul\nunsolvable\n", None, None).is_empty());
        // With --format (or --judge) the layout is the program's own: a fit says the program
        // reads it as another judge's, with no --format advice; no fit, nothing.
        assert!(hints("eight", hdu, b"", None, None, Some(Format::Hdu), Level::Judge).is_empty());
        let hint = hints(
            "eight",
            hdu,
            b"ullddrurdllurdruldr\n",
            None,
            None,
            Some(Format::Hdu),
            Level::Judge,
        );
        assert_eq!(
            hint,
            [
                "the output answers this input read as a POJ 1077 program reads it (one board an input), not as \
              it is (HDU 1043's layout: boards until the end of the input, no count): read the input as HDU \
              1043 sends it"
            ]
        );
        assert!(said("msquare", b"1 2 3 4 5 6 7 8\n", b"", None, None).is_empty());
    }

    #[test]
    fn a_crash_under_a_memory_limit_is_told_apart_by_the_run_without_it() {
        use crate::runner::{Limits, Run};
        let limits = Limits {
            memory: Some(64 << 20),
            ..Limits::default()
        };
        let crashed = Run {
            signal: Some(11),
            ..Run::default()
        };
        let clean = |peak_mb: u64| Run {
            code: Some(0),
            peak_memory: Some(peak_mb << 20),
            ..Run::default()
        };
        assert!(memory_cap_said(&crashed, &clean(3), &limits, false)
            .starts_with("the address-space cap caused the SIGSEGV, not the memory used"));
        assert!(
            memory_cap_said(&crashed, &clean(300), &limits, false).starts_with("the memory limit caused the SIGSEGV")
        );
        assert!(memory_cap_said(&crashed, &clean(300), &limits, false).ends_with("a judge would say MLE"));
        assert!(memory_cap_said(&crashed, &crashed, &limits, false)
            .starts_with("not the memory limit: run again without it, it ends the same way (SIGSEGV)"));
        // Through sh: exit 139 is SIGSEGV; Python's MemoryError is memory-like too.
        let shell = Run {
            code: Some(139),
            ..Run::default()
        };
        assert_eq!(ended(&shell, true).unwrap(), "SIGSEGV (sh's exit 139)");
        assert_eq!(ended(&shell, false).unwrap(), "exit 139");
        assert!(out_of_memory_like(&shell, true) && !out_of_memory_like(&shell, false));
        let python = Run {
            code: Some(1),
            stderr: b"Traceback (most recent call last):\nMemoryError\n".to_vec(),
            ..Run::default()
        };
        assert!(out_of_memory_like(&python, true));
    }

    #[test]
    fn a_command_that_never_started_is_told_from_a_program_that_failed() {
        use crate::runner::Run;
        let run = |code: i32, stderr: &[u8], stdout: &[u8]| Run {
            code: Some(code),
            stderr: stderr.to_vec(),
            stdout: stdout.to_vec(),
            ..Run::default()
        };
        assert_eq!(
            never_started(&run(127, b"sh: 1: ./mine: not found\n", b"")).unwrap(),
            "--command cannot start its program: sh: 1: ./mine: not found (exit 127); no case was judged"
        );
        assert!(never_started(&run(126, b"sh: 1: ./mine: Permission denied\n", b"")).is_some());
        assert!(never_started(&run(
            2,
            b"python3: can't open file '/x.py': [Errno 2] No such file or directory\n",
            b""
        ))
        .is_some());
        // A program that ran: output, another status, or its own message.
        assert!(never_started(&run(127, b"sh: 1: ./mine: not found\n", b"1\n")).is_none());
        assert!(never_started(&run(1, b"not found\n", b"")).is_none());
        assert!(never_started(&run(2, b"usage: mine\n", b"")).is_none());
    }

    #[test]
    fn an_exit_status_failure_with_right_answers_says_so_and_nothing_else() {
        let hdu = b"2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n";
        let right = b"ullddrurdllurdruldr\nunsolvable\n";
        assert_eq!(
            said("eight", hdu, right, Some("exit 1"), None),
            [
                "answers right, exit 1: a judge counts a program that does not exit with status 0 as a \
              runtime error, whatever it printed"
            ]
        );
        let uva = b"2\n\n2 3 4 1 5 x 7 6 8\n\n2 1 3 4 5 6 7 8 x\n";
        let right = b"ullddrurdllurdruldr\n\nunsolvable\n";
        let hint = said("eight", uva, right, Some("exit 1"), None);
        assert!(
            hint.len() == 1 && hint[0].starts_with("answers right, exit 1"),
            "{hint:?}"
        );
        let hint = said("msquare", b"2 6 8 4 5 7 3 1\n", b"7\nBCABCCB\n", Some("SIGSEGV"), None);
        assert!(
            hint.len() == 1 && hint[0].starts_with("answers right, SIGSEGV"),
            "{hint:?}"
        );
    }

    #[test]
    fn moves_on_a_solved_boards_line_are_only_the_layout_when_every_answer_is_right() {
        let uva = b"3\n\n1 2 3 4 5 6 7 x 8\n\n1 2 3 4 5 6 7 8 x\n\n1 2 3 4 5 x 7 8 6\n";
        assert!(only_the_layout("eight", uva, b"r\n\nd\n", Level::Judge));
        assert!(!only_the_layout("eight", uva, b"r\n\nu\n", Level::Judge));
        assert!(!only_the_layout("eight", uva, b"r\n", Level::Judge));
        assert!(!only_the_layout("msquare", b"1 2 3 4 5 6 7 8\n", b"0\n", Level::Judge));
    }

    #[test]
    fn a_presentation_errors_cause_is_its_fault_wherever_it_is() {
        let before = "presentation error line 2: an empty line is missing before this answer (the answers are right)";
        let solved = as_presentation_error("wrong answer board 2 is already solved, so its answer is an empty line");
        assert_eq!(cause_of("PE", before), cause_of("PE", &solved));
        assert_ne!(
            cause_of("PE", before),
            cause_of("PE", "presentation error line 1: trailing whitespace")
        );
        assert_eq!(cause_of("WA", "wrong answer board 1: ..."), "WA");
    }

    #[test]
    fn an_empty_input_gets_no_tile_and_a_hostile_one_says_no_judge_sends_it() {
        for empty in [&b""[..], b"  \n\t\n"] {
            let hint = said("eight", empty, b"oops\n", Some("exit 1"), None);
            assert!(hint.iter().all(|hint| !hint.contains("tile")), "{hint:?}");
        }
        let hint = said("eight", b"", b"oops\n", None, Some("an empty input"));
        assert_eq!(hint.len(), 1);
        assert!(
            hint[0].starts_with("no judge sends this input (an empty input)"),
            "{hint:?}"
        );
        // Under any failure, a wrong answer in the right number too.
        let odd = b"1\n2\n3\n4\n5\n6\n7\n8\n";
        let hint = said("msquare", odd, b"1\nA\n", None, Some("one colour a line"));
        assert!(hint[0].contains("--inputs judges"), "{hint:?}");
    }
}
