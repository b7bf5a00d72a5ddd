//! The `colour-hash` release binary against the independent reference on 1,500 seeded random
//! configurations: 1,200 scrambles of the goal by 0 to 24 random moves (each length equally likely)
//! and 300 random shuffles of the pieces, all sent to one run of the binary. A shuffle is nearly
//! always beyond 16 moves, which the reference takes milliseconds to prove, so the shuffles are
//! fewer: they still give the `NO SOLUTION` answer about 300 trials.
//!
//! For each configuration: an answer of moves reaches the goal (replayed with the reference's own
//! moves), is as short as the reference's and is the same smallest number; `NO SOLUTION WAS FOUND
//! IN 16 STEPS` exactly when the reference finds nothing within 16 moves. A second test checks
//! that the depth of the goal-side table (sized to the count, or forced by `--goal-depth`) never
//! changes an answer.
//!
//! The plain tier (`colour_hash::plain`) is the fast tier's oracle: the library's fast solver
//! against it, in process, on seeded configurations at several table depths; and the binary with
//! `--method plain` (the plain program) on every judge case (stdout equal to the `.out`, exit
//! status and the number of stderr lines equal to the default run's). Last, the binary under
//! small address-space limits (`ulimit -v`): a smaller table and the same answers, or one error
//! line after the answers so far; and the census (`--stats --depth all`) without the memory for
//! its table: one error line.
//!
//! Build the binary first: `cargo build --release -p colour-hash`.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use colour_hash::plain::Plain;

use judge_oracle::reference::colour_hash::{replay, ColourHash, Config, GOAL};
use judge_oracle::rng::{shuffled_colour_hash, Rng};

const SCRAMBLES: usize = 1200;
const SHUFFLES: usize = 300;

/// The goal after `length` random moves.
fn scramble(random: &mut Rng, length: usize) -> Config {
    let moves: Vec<u8> = (0..length).map(|_| b'1' + random.below(4) as u8).collect();
    replay(&GOAL, &moves).expect("digits 1..4 are moves")
}

/// `scrambles` scrambles of the goal (each with its length) then `shuffles` shuffles, seeded.
fn configurations(seed: u64, scrambles: usize, shuffles: usize) -> Vec<(Config, Option<usize>)> {
    let mut random = Rng::new(seed);
    let mut configs: Vec<(Config, Option<usize>)> = Vec::new();
    for _ in 0..scrambles {
        let length = random.below(25);
        configs.push((scramble(&mut random, length), Some(length)));
    }
    for _ in 0..shuffles {
        configs.push((shuffled_colour_hash(&mut random), None));
    }
    configs
}

/// The input for the binary: the count, then one configuration a line.
fn input_of(configs: &[(Config, Option<usize>)]) -> String {
    let mut input = format!("{}\n", configs.len());
    for (config, _) in configs {
        let numbers: Vec<String> = config.iter().map(u8::to_string).collect();
        input.push_str(&numbers.join(" "));
        input.push('\n');
    }
    input
}

/// The release binary run with `args` on `input`; `limit` in kilobytes runs it under
/// `ulimit -v`.
fn run_binary(args: &[&str], input: &str, limit: Option<u64>) -> Output {
    let binary = judge_tests::binary_path("colour-hash");
    let mut command = match limit {
        None => Command::new(&binary),
        Some(kilobytes) => {
            let mut shell = Command::new("sh");
            shell.args(["-c", &format!("ulimit -v {kilobytes} && exec \"$0\" \"$@\"")]);
            shell.arg(&binary);
            shell
        }
    };
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run {}: {error} (cargo build --release -p colour-hash)",
                binary.display()
            )
        });
    // Write from another thread: the binary answers as it reads, so its stdout must be drained meanwhile.
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("the binary runs");
    // A run that stops early (an error) need not read all its input.
    let _ = writer.join().expect("writer thread");
    output
}

/// The release binary's stdout for `input`, checked to exit 0 with nothing on stderr.
fn answers(args: &[&str], input: &str) -> String {
    let output = run_binary(args, input, None);
    assert!(output.status.success(), "{args:?}: exit status {:?}", output.status);
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "{args:?}: no warnings for valid configurations"
    );
    String::from_utf8(output.stdout).expect("ASCII answers")
}

#[test]
fn every_goal_depth_gives_the_same_answers() {
    // The table's depth G is sized to the count; the answers must not depend on it. A small run
    // (which gets a shallow table) and forced depths against the deepest table.
    let configs = configurations(0x0704_DE97, 300, 60);
    let input = input_of(&configs);
    let deepest = answers(&["--goal-depth", "11"], &input);
    assert_eq!(deepest.lines().count(), configs.len());
    for depth in ["7", "9", "10"] {
        assert_eq!(answers(&["--goal-depth", depth], &input), deepest, "G = {depth}");
    }
    assert_eq!(answers(&[], &input), deepest, "the depth sized to 360 cases");
    for size in [1, 5, 40] {
        let small = input_of(&configs[..size]);
        let expected: Vec<&str> = deepest.lines().take(size).collect();
        assert_eq!(answers(&[], &small), expected.join("\n") + "\n", "{size} cases");
    }
}

#[test]
fn random_configurations_match_the_reference() {
    let configs = configurations(0x0704_C01D, SCRAMBLES, SHUFFLES);
    let input = input_of(&configs);
    let stdout = answers(&[], &input);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), configs.len(), "one answer line per configuration");

    let reference = ColourHash::new();
    let (mut solved, mut unsolved, mut longest) = (0, 0, 0);
    for (number, ((config, scrambled), &line)) in configs.iter().zip(&lines).enumerate() {
        let case = number + 1;
        let expected = reference.answer(config);
        match line {
            "PUZZLE ALREADY SOLVED" => assert_eq!(*config, GOAL, "case {case}: not the goal"),
            "NO SOLUTION WAS FOUND IN 16 STEPS" => {
                assert_eq!(line, expected, "case {case}: the reference solves it");
                assert!(
                    scrambled.map_or(true, |length| length > 16),
                    "case {case}: scrambled by at most 16"
                );
                unsolved += 1;
            }
            moves => {
                let reached = replay(config, moves.as_bytes());
                assert_eq!(reached, Some(GOAL), "case {case}: {moves} does not reach the goal");
                assert!(moves.len() <= 16, "case {case}: {moves} is over 16 moves");
                assert_eq!(
                    moves.len(),
                    expected.len(),
                    "case {case}: {moves}, but {expected} is shorter"
                );
                assert_eq!(moves, expected, "case {case}: {expected} is a smaller number");
                if let Some(length) = scrambled {
                    assert!(moves.len() <= *length, "case {case}: longer than its scramble");
                }
                solved += 1;
                longest = longest.max(moves.len());
            }
        }
    }
    println!("{solved} solved, {unsolved} with no solution within 16, longest answer {longest}");
    // The sample must exercise both answers and the deep end of the limit.
    assert!(solved > 1000 && unsolved > 250, "solved {solved}, unsolved {unsolved}");
    assert!(longest >= 15, "longest answer {longest}");
}

#[test]
fn the_fast_solver_agrees_with_plain() {
    const DEPTHS: [u8; 3] = [6, 9, 11];
    // Scrambles of every length and shuffles, valid configurations all: plain answers them
    // (about 87,000 table lookups for each one beyond 16 moves), the fast solver at three depths
    // G (a shallow table costs 3^(16 − G) moves for each one beyond 16: the unit tests take
    // G = 0 to 3 on states near the goal).
    let configs = configurations(0x0704_91A1, 400, 100);
    let plain = Plain::new();
    let solvers: Vec<colour_hash::Solver> = DEPTHS
        .iter()
        .map(|&depth| colour_hash::Solver::with_goal_depth(depth))
        .collect();
    let mut kinds = [0; 3];
    for (number, (config, _)) in configs.iter().enumerate() {
        let start = colour_hash::State::from_numbers(config).expect("a configuration of the puzzle");
        let expected = plain.answer_text(config);
        kinds[match expected.as_str() {
            "PUZZLE ALREADY SOLVED" => 0,
            "NO SOLUTION WAS FOUND IN 16 STEPS" => 2,
            _ => 1,
        }] += 1;
        for (solver, depth) in solvers.iter().zip(DEPTHS) {
            assert_eq!(
                solver.solve(start).to_string(),
                expected,
                "case {}, G = {depth}",
                number + 1
            );
        }
    }
    assert!(
        kinds.iter().all(|&count| count > 0),
        "solved, answered, no solution: {kinds:?}"
    );
}

#[test]
fn the_binary_with_method_plain_answers_every_judge_case_alike() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/colour-hash");
    let mut cases = 0;
    for entry in fs::read_dir(&data).expect("the judge cases") {
        let path = entry.expect("a directory entry").path();
        if path.extension().map_or(true, |extension| extension != "in") {
            continue;
        }
        let input = fs::read_to_string(&path).expect("a readable case");
        let expected = fs::read(path.with_extension("out")).expect("every case has its .out");
        let fast = run_binary(&[], &input, None);
        let plain = run_binary(&["--method", "plain"], &input, None);
        let name = path.display();
        assert_eq!(plain.stdout, expected, "{name}: stdout");
        // The plain program warns in words of its own: one line where the fast one writes one.
        let lines = |stderr: &[u8]| stderr.split(|&byte| byte == b'\n').count();
        assert_eq!(lines(&plain.stderr), lines(&fast.stderr), "{name}: stderr");
        assert_eq!(plain.status.code(), fast.status.code(), "{name}: exit status");
        cases += 1;
    }
    assert!(cases >= 8, "{cases} cases in {}", data.display());
}

#[test]
fn small_address_space_limits_shrink_the_table_or_give_one_error_line() {
    // 60 cases at the deepest table G = 11: about 6 MB of the 9 the run needs.
    let configs = configurations(0x0704_3E3A, 40, 20);
    let input = input_of(&configs);
    let args = ["--goal-depth", "11"];
    let full = answers(&args, &input);
    // The smallest limit (in steps of 100 KB) at which the program itself starts: no cases, no
    // table, no output. Below it the loader or Rust's runtime fails before colour-hash's code runs.
    let start = (10..=640u64)
        .map(|hundreds| hundreds * 100)
        .find(|&limit| {
            let run = run_binary(&args, "0\n", Some(limit));
            run.status.code() == Some(0) && run.stdout.is_empty() && run.stderr.is_empty()
        })
        .expect("colour-hash starts within 64 MB");
    let mut answered = Vec::new();
    for limit in (start..start + 8_000).step_by(500) {
        let run = run_binary(&args, &input, Some(limit));
        let (stdout, stderr) = (
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr),
        );
        // Complete lines of the unlimited run's answers, in order.
        assert!(
            full.starts_with(&*stdout) && (stdout.is_empty() || stdout.ends_with('\n')),
            "ulimit -v {limit}: stdout {stdout}"
        );
        if run.status.code() == Some(0) {
            assert_eq!((&*stdout, &*stderr), (&*full, ""), "ulimit -v {limit}");
            answered.push(limit);
        } else {
            assert_eq!(run.status.code(), Some(1), "ulimit -v {limit}: {stderr}");
            assert!(
                stderr.starts_with("colour-hash: error: out of memory: ") && stderr.lines().count() == 1,
                "ulimit -v {limit}: {stderr}"
            );
        }
    }
    // A table of some depth fits as soon as the program starts, so every limit answers in full
    // (the G = 11 table asked for alone needs more than 5 MB).
    assert_eq!(answered.len(), 16, "from {start} KB, answered at {answered:?}");
}

#[test]
fn the_census_without_its_memory_is_one_error_line() {
    // `--stats --depth all` needs its 1.57 GB table (2 bits for each of 6,286,896,000
    // configurations); under a 1 GB address-space limit it asks once and says so, before any
    // progress line and with nothing on stdout.
    let run = run_binary(&["--stats", "--depth", "all"], "", Some(1_000_000));
    assert_eq!(
        (
            run.status.code(),
            String::from_utf8_lossy(&run.stdout).as_ref(),
            String::from_utf8_lossy(&run.stderr).as_ref()
        ),
        (
            Some(1),
            "",
            "colour-hash: error: out of memory: cannot allocate 1571834880 bytes for the census \
             table (2 bits a configuration)\n"
        )
    );
}
