//! `judge` on a user's own solution, as a new user meets it: correct solutions written for one
//! judge's layout (`tests/fixtures/eight_*.py`, reading lines and tokens as such solutions do)
//! pass every default case with the `--format` of their layout and are told which switch to use
//! without it; the cases marked as ones no judge sends are exactly those outside the judges'
//! layout and whitespace; solutions with a classic bug (`tests/fixtures/*.rs`, compiled here
//! with rustc as a judge compiles them) are shrunk by `judge stress` to the easiest failing case,
//! whose distance is checked against the fixture's own answers on every closer case; and
//! `--jobs` changes nothing but the speed.

use super::python_fixture;
use judge_oracle::checker::{self, colour_hash, eight, msquare, Level};
use judge_oracle::reference::colour_hash as ch_reference;
use judge_tests::cases::{self, Format};
use judge_tests::stress::{self, Item, Options};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// The fixture program `tests/fixtures/<name>.rs`, compiled once per test run with `rustc -O` in
/// one codegen unit: the same optimisation, and for a file this small less CPU than the sixteen
/// units rustc splits it into by default (each optimised apart, for parallelism it does not need).
fn fixture(name: &str) -> PathBuf {
    static BUILT: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let built = built.get_or_insert_with(HashMap::new);
    if let Some(path) = built.get(name) {
        return path.clone();
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/{name}.rs"));
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fixture-{name}"));
    let done = Command::new("rustc")
        .args(["-O", "-C", "codegen-units=1", "--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        done.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&done.stderr)
    );
    built.insert(name.to_string(), binary.clone());
    binary
}

/// `program` run on `input`: its stdout.
fn output_of(program: &Path, input: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the fixture runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let done = child.wait_with_output().unwrap();
    assert!(done.status.success(), "{}", program.display());
    done.stdout
}

/// `judge ARGS`: status and stdout.
fn judge(args: &[&str]) -> (Option<i32>, String) {
    let done = Command::new(judge_tests::binary_path("judge"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("judge runs");
    (done.status.code(), String::from_utf8_lossy(&done.stdout).into_owned())
}

/// Whether a judge could send `input`, decided from the bytes alone (apart from the marks in
/// `hostile.txt`, which this checks): a valid input of the puzzle, nothing but spaces and line
/// feeds between tokens, ending with a line feed, no empty line but UVa 652's one before each
/// board, each line one whole case (a count alone), every Colour Hash configuration the puzzle's.
fn a_judge_could_send(puzzle: &str, input: &[u8]) -> Result<(), String> {
    if let checker::Verdict::Fail(why) = checker::check_at(puzzle, input, b"", None, Level::Judge) {
        return Err(format!("not the puzzle's input: {why}"));
    }
    if input.is_empty() || !input.ends_with(b"\n") {
        return Err("empty, or no final line feed".into());
    }
    if let Some(&byte) = input
        .iter()
        .find(|&&byte| byte.is_ascii_whitespace() && byte != b' ' && byte != b'\n')
    {
        return Err(format!("whitespace {:?}", byte as char));
    }
    let text = std::str::from_utf8(input).map_err(|_| "not UTF-8")?;
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|line| line.split(' ').filter(|t| !t.is_empty()).collect())
        .collect();
    let counted = puzzle == "colour-hash" || (puzzle == "eight" && Format::Uva652.holds(input));
    let (head, body) = if counted { lines.split_at(1) } else { lines.split_at(0) };
    if head.iter().any(|line| line.len() != 1) {
        return Err("the count is not alone on its line".into());
    }
    let width = match puzzle {
        "eight" => 9,
        "colour-hash" => 24,
        _ => 8,
    };
    for (number, line) in body.iter().enumerate() {
        // UVa 652: an empty line, then a board, in turn.
        let want = if puzzle == "eight" && counted && number % 2 == 0 {
            0
        } else {
            width
        };
        if line.len() != want {
            return Err(format!(
                "line {} holds {} tokens, not {want}",
                number + 1 + head.len(),
                line.len()
            ));
        }
        if want == 24 {
            let config: Vec<u8> = line.iter().map(|token| token.parse().unwrap_or(255)).collect();
            if !Item::Config(config.try_into().unwrap()).is_the_puzzles() {
                return Err(format!("line {}: not a configuration of the puzzle", number + 2));
            }
        }
    }
    Ok(())
}

#[test]
fn the_cases_marked_as_no_judges_are_exactly_those_outside_the_judges_ways() {
    let data = judge_tests::data_dir();
    let mut marked = 0;
    for puzzle in checker::PUZZLES {
        for case in cases::discover(&data, puzzle).unwrap() {
            let input = std::fs::read(&case.input).unwrap();
            let verdict = a_judge_could_send(puzzle, &input);
            match (&case.hostile, verdict) {
                (None, Err(why)) => panic!("{}: marked as a judge's, but {why}", case.id()),
                (Some(why), Ok(())) => panic!("{}: marked '{why}', but a judge could send it", case.id()),
                (Some(_), Err(_)) => marked += 1,
                (None, Ok(())) => {}
            }
        }
    }
    assert_eq!(marked, 16);
}

#[test]
fn a_correct_one_layout_solution_passes_every_default_case_in_its_layout() {
    // HDU 1043's reader is not run with --format hdu as well: the run without --format below
    // judges it on every case, and its advice says that every case in HDU's layout passed (the
    // advice and --format pick a layout's cases by the same test, Format::holds, whose choice
    // cli::format_runs_one_judges_cases checks).
    for format in [Format::Poj, Format::Uva652] {
        let command = python_fixture(&format!("eight_{}", format.name()));
        let (status, stdout) = judge(&["run", "eight", "--command", &command, "--format", format.name()]);
        assert_eq!(status, Some(0), "{format}: {stdout}");
        assert!(stdout.ends_with(" passed, 0 failed\n"), "{stdout}");
        assert!(
            stdout.contains(" no judge sends left out (--inputs hostile runs every case)\n"),
            "{stdout}"
        );
    }
    // Without --format: told which layout passed and the switch that runs it alone.
    let command = python_fixture("eight_hdu");
    let (status, stdout) = judge(&["run", "eight", "--command", &command]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains("every case in HDU 1043's layout passed (")
            && stdout.contains("if your program reads only HDU 1043's, run it with --format hdu\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    hint: this input is in UVa 652's layout (the count of boards on the first line"),
        "{stdout}"
    );
    // The cases no judge sends: left out and counted by default; a named one runs, and a
    // line-by-line reader that cannot read three tiles a line without spaces is told why.
    let command = python_fixture("eight_hdu");
    let (status, stdout) = judge(&[
        "run",
        "eight",
        "three-tiles-per-line",
        "--command",
        &command,
        "--format",
        "hdu",
    ]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(stdout.starts_with("RE  eight/three-tiles-per-line"), "{stdout}");
    assert!(
        stdout.contains(
            "    hint: no judge sends this input (three tiles a line, without spaces): if your program cannot read it"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("left out"), "{stdout}");
}

/// The verdict lines and reports without the time and memory columns, which vary run to run.
fn without_figures(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|line| match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            [verdict @ ("AC" | "WA" | "PE" | "RE" | "TLE" | "MLE" | "OLE"), id, ..] => format!("{verdict} {id}"),
            _ => line.to_string(),
        })
        .collect()
}

#[test]
fn jobs_change_nothing_but_the_speed() {
    // A POJ 1077 solution (it answers the first board only) on every case: some pass, some fail,
    // with hints and the layout advice; the same verdicts and reports in the same order. One
    // job runs the cases in order; four finish them out of order on any machine, which is what
    // the report's order must not show (a count in between proves nothing more).
    let command = format!("{} | head -n 1", super::quoted(&judge_tests::binary_path("eight")));
    let runs: Vec<Vec<String>> = ["1", "4"]
        .iter()
        .map(|jobs| {
            let (status, stdout) = judge(&[
                "run",
                "eight",
                "--command",
                &command,
                "--jobs",
                jobs,
                "--inputs",
                "hostile",
            ]);
            assert_eq!(status, Some(1), "{stdout}");
            without_figures(&stdout)
        })
        .collect();
    assert!(runs.iter().all(|run| *run == runs[0]), "{runs:#?}");
    assert!(runs[0].iter().any(|line| line.starts_with("AC ")) && runs[0].iter().any(|line| line.starts_with("WA ")));
    // Stress: the same shrunk case and report.
    let reports: Vec<String> = [1, 3]
        .into_iter()
        .map(|jobs| {
            let mut options = options("colour-hash", &fixture("colour_hash_first_tail"), 200);
            options.jobs = jobs;
            stressed(&options).1
        })
        .collect();
    assert_eq!(reports[0], reports[1]);
}

fn options(puzzle: &str, program: &Path, cases: usize) -> Options {
    super::stress::options(puzzle, super::quoted(program), cases)
}

/// A stress run that must fail: whether it passed and its report.
fn stressed(options: &Options) -> (bool, String) {
    let mut report = Vec::new();
    let passed = stress::run(options, &mut report, None).expect("the stress run goes through");
    (passed, String::from_utf8(report).unwrap())
}

/// The smallest distance among `cases` (with their distances) at which `answers`, the program's
/// output lines in order, are not what `accepts` accepts.
fn smallest_failing(cases: &[(usize, String)], answers: &[String]) -> Option<usize> {
    assert_eq!(cases.len(), answers.len());
    cases
        .iter()
        .zip(answers)
        .filter(|((_, expected), answer)| expected != *answer)
        .map(|((distance, _), _)| *distance)
        .min()
}

#[test]
fn msquare_with_moves_tried_a_c_b_shrinks_to_distance_6() {
    let program = fixture("msquare_acb");
    // The truth: the fixture on every target within 6 moves, one run each.
    let mut cases = Vec::new();
    let mut answers = Vec::new();
    for (target, sequence) in msquare::all_targets() {
        if sequence.len() <= 6 {
            let input: Vec<String> = target.iter().map(u8::to_string).collect();
            let output = output_of(&program, format!("{}\n", input.join(" ")).as_bytes());
            let output = String::from_utf8(output).unwrap();
            answers.push(output.lines().nth(1).unwrap_or_default().to_string());
            cases.push((sequence.len(), sequence));
        }
    }
    assert_eq!(smallest_failing(&cases, &answers), Some(6));
    let (passed, report) = stressed(&options("msquare", &program, 300));
    assert!(!passed, "{report}");
    assert!(
        report.contains("input (1 target at distance 6, shrunk from 1):"),
        "{report}"
    );
}

#[test]
fn colour_hash_with_the_first_tail_found_shrinks_to_distance_3() {
    let program = fixture("colour_hash_first_tail");
    // The truth: every configuration within 3 moves, in one input.
    let mut layer = vec![ch_reference::GOAL];
    let mut all = layer.clone();
    for _ in 0..3 {
        layer = layer
            .iter()
            .flat_map(|config| (1..=4).map(|step| ch_reference::turn(config, step)))
            .filter(|config| !all.contains(config))
            .collect();
        layer.sort_unstable();
        layer.dedup();
        all.extend(&layer);
    }
    let mut input = format!("{}\n", all.len());
    let mut cases = Vec::new();
    for config in &all {
        let numbers: Vec<String> = config.iter().map(u8::to_string).collect();
        input.push_str(&format!("{}\n", numbers.join(" ")));
        let answer = colour_hash::expected_answer(config);
        cases.push((Item::Config(*config).distance().unwrap(), answer));
    }
    let output = String::from_utf8(output_of(&program, input.as_bytes())).unwrap();
    let answers: Vec<String> = output.lines().map(str::to_string).collect();
    assert_eq!(smallest_failing(&cases, &answers), Some(3));
    let (passed, report) = stressed(&options("colour-hash", &program, 200));
    assert!(!passed, "{report}");
    assert!(
        report.contains("input (1 configuration at distance 3, shrunk from "),
        "{report}"
    );
}

#[test]
fn eight_in_another_move_order_shrinks_to_the_smallest_strict_failure() {
    let program = fixture("eight_lurd");
    // The truth: every board within 8 moves, in one HDU input; the fixture's answers are all
    // shortest, so the judges' rule accepts them and only --checker-level strict tells them apart.
    let layers = eight::distances().by_distance();
    let mut input = String::new();
    let mut cases = Vec::new();
    for (distance, layer) in layers.iter().enumerate().take(9) {
        for board in layer {
            let tiles: Vec<String> = board.iter().map(|&tile| (tile as char).to_string()).collect();
            input.push_str(&format!("{}\n", tiles.join(" ")));
            cases.push((distance, eight::distances().smallest_answer(board).unwrap()));
        }
    }
    let output = String::from_utf8(output_of(&program, input.as_bytes())).unwrap();
    let answers: Vec<String> = output.lines().map(str::to_string).collect();
    let smallest = smallest_failing(&cases, &answers).expect("a strict failure within 8 moves");
    assert_eq!(smallest, 6);
    let mut hdu = options("eight", &program, 300);
    hdu.format = Some(Format::Hdu);
    let (passed, report) = stressed(&hdu);
    assert!(passed, "every judge accepts shortest answers: {report}");
    hdu.level = Level::Strict;
    let (passed, report) = stressed(&hdu);
    assert!(!passed, "{report}");
    assert!(
        report.contains(&format!("input (1 board at distance {smallest}, shrunk from 64):")),
        "{report}"
    );
    assert!(report.contains("not the smallest in u < l < d < r order"), "{report}");
}

#[test]
fn a_one_layout_solution_is_told_its_switch_by_stress() {
    // A UVa 652 solution stressed without --format fails on the first HDU input, and is told.
    let command = python_fixture("eight_uva652");
    let mut all = options("eight", Path::new("true"), 300);
    all.command = command.clone();
    let (passed, report) = stressed(&all);
    assert!(!passed, "{report}");
    // It crashed on an input with no count: the hint names the input's layout, not the
    // program's, which the output does not show.
    assert!(
        report.contains("hint: this input is in POJ 1077's and HDU 1043's layout (one board, no count)"),
        "{report}"
    );
    assert!(report.contains("--format poj, hdu or uva652 runs only"), "{report}");
    all.format = Some(Format::Uva652);
    let (passed, report) = stressed(&all);
    assert!(passed, "{report}");
}
