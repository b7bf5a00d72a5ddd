//! The `colour-hash` release binary against the independent reference on 2,400 seeded random
//! configurations: 1,200 scrambles of the goal by 0 to 24 random moves (each length equally likely)
//! and 1,200 random shuffles of the pieces, all sent to one run of the binary.
//!
//! For each configuration: an answer of moves reaches the goal (replayed with the reference's own
//! moves), is as short as the reference's and is the same smallest number; `NO SOLUTION WAS FOUND
//! IN 16 STEPS` exactly when the reference finds nothing within 16 moves. A second test checks
//! that the depth of the goal-side table (sized to the count, or forced by `--goal-depth`) never
//! changes an answer.
//!
//! Build the binary first: `cargo build --release -p colour-hash`.

use std::io::Write;
use std::process::{Command, Stdio};

use judge_tests::reference::colour_hash::{replay, ColourHash, Config, GOAL};
use judge_tests::testkit::{shuffled_colour_hash, Rng};

const SCRAMBLES: usize = 1200;
const SHUFFLES: usize = 1200;

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

/// The release binary's stdout for `input`, checked to exit 0 with nothing on stderr.
fn answers(args: &[&str], input: &str) -> String {
    let binary = judge_tests::binary_path("colour-hash");
    let mut child = Command::new(&binary)
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
    writer
        .join()
        .expect("writer thread")
        .expect("the binary reads all its input");
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
    assert!(solved > 500 && unsolved > 1000, "solved {solved}, unsolved {unsolved}");
    assert!(longest >= 15, "longest answer {longest}");
}
