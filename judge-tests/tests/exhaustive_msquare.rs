//! All 40,320 msquare targets: the solver's answer must be exactly the reference's smallest
//! shortest sequence, laid out as the judge wants; a sample also goes through the binary.

use itertools::Itertools;
use judge_tests::reference::msquare as reference;
use std::process::Command;

/// The judge output for a sequence, built independently of msquare's writer.
fn expected_output(sequence: &str) -> String {
    let lines = if sequence.is_empty() {
        String::from("\n")
    } else {
        sequence
            .as_bytes()
            .chunks(60)
            .map(|line| format!("{}\n", std::str::from_utf8(line).unwrap()))
            .join("")
    };
    format!("{}\n{lines}", sequence.len())
}

#[test]
fn every_target_gets_the_smallest_shortest_sequence() {
    let truth = reference::smallest_shortest_sequences();
    let solver = msquare::Solver::new();
    let mut moves = Vec::new();
    let mut checked = 0;
    for colours in (1..=8u8).permutations(8) {
        let colours: [u8; 8] = colours.try_into().unwrap();
        let target = colours.map(|c| c - 1);
        solver.solve(&target, &mut moves);
        let mut output = Vec::new();
        msquare::write_answer(&mut output, &moves).unwrap();
        let want = &truth[&reference::grid_from_clockwise(&colours)];
        // Replay the answer with the reference's own moves: it must reach the target.
        let reached = moves
            .iter()
            .try_fold(reference::BASIC, |grid, &letter| reference::apply(&grid, letter));
        assert_eq!(
            reached,
            Some(reference::grid_from_clockwise(&colours)),
            "{colours:?}: {moves:?}"
        );
        assert_eq!(
            String::from_utf8(output).unwrap(),
            expected_output(want),
            "target {colours:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 40_320);
}

#[test]
fn the_binary_agrees_on_a_sample_of_targets() {
    let truth = reference::smallest_shortest_sequences();
    let binary = judge_tests::binary_path("msquare");
    // Every 401st permutation: about 100 processes, spread over the whole space.
    for colours in (1..=8u8).permutations(8).step_by(401) {
        let input = format!("{}\n", colours.iter().join(" "));
        let run =
            judge_tests::runner::run(&mut Command::new(&binary), input.as_bytes(), None).unwrap_or_else(|error| {
                panic!(
                    "cannot run {}: {error} (build it: cargo build --release)",
                    binary.display()
                )
            });
        let colours: [u8; 8] = colours.try_into().unwrap();
        let want = expected_output(&truth[&reference::grid_from_clockwise(&colours)]);
        assert_eq!(run.code, Some(0), "{input}");
        assert_eq!(String::from_utf8_lossy(&run.stdout), want, "{input}");
    }
}
