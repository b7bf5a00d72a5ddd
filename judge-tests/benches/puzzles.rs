//! `make bench`: throughput and memory of every puzzle on fixed, seeded workloads, beside a naive
//! baseline measured in the same run. Prints a table and writes the same numbers to
//! `target/bench.json`.
//!
//! Whole-process figures come from the release binaries run under `peak-rss` (a judge-tests
//! binary that reports the child's peak resident set size); table-building times are measured in
//! process through the libraries. The baselines are what the classic write-ups do: a BFS per case
//! over a `HashMap` of states (for Colour Hash, the two-way BFS with maps). They are too slow for
//! the whole workloads, so each runs on an evenly spread sample and is scaled by the workload size
//! over the sample size; the report names the sample.

use itertools::Itertools;
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::fs;
use std::hash::Hash;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One row of the report.
struct Row {
    puzzle: &'static str,
    workload: String,
    cases: usize,
    wall: Duration,
    peak_kib: Option<u64>,
    table: Duration,
    baseline: Duration,
    baseline_sample: usize,
}

impl Row {
    fn cases_per_second(&self) -> f64 {
        self.cases as f64 / self.wall.as_secs_f64()
    }
    fn ratio(&self) -> f64 {
        self.baseline.as_secs_f64() / self.wall.as_secs_f64()
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Median of `rounds` timings of `work`.
fn time_in_process(rounds: usize, mut work: impl FnMut()) -> Duration {
    median(
        (0..rounds)
            .map(|_| {
                let start = Instant::now();
                work();
                start.elapsed()
            })
            .collect(),
    )
}

/// Runs `binary < input` under `peak-rss`; returns (wall, peak KiB, stdout).
fn run_process(binary: &Path, input: &Path) -> (Duration, u64, Vec<u8>) {
    let report = std::env::temp_dir().join(format!("bench-peak-{}", std::process::id()));
    let output = Command::new(judge_tests::binary_path("peak-rss"))
        .arg(&report)
        .arg(binary)
        .stdin(fs::File::open(input).expect("workload input"))
        .stdout(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("peak-rss: {e} (run `cargo build --release --workspace` first)"));
    assert!(
        output.status.success(),
        "{} failed on {}",
        binary.display(),
        input.display()
    );
    let text = fs::read_to_string(&report).expect("peak-rss report");
    let (kib, micros) = text
        .split_whitespace()
        .map(|v| v.parse::<u64>().unwrap())
        .collect_tuple()
        .unwrap();
    (Duration::from_micros(micros), kib, output.stdout)
}

/// Median wall and the peak of `rounds` whole-process runs.
fn run_process_repeatedly(binary: &Path, input: &Path, rounds: usize) -> (Duration, u64, Vec<u8>) {
    let runs: Vec<_> = (0..rounds).map(|_| run_process(binary, input)).collect();
    let peak = runs.iter().map(|run| run.1).max().unwrap();
    let stdout = runs[0].2.clone();
    (median(runs.into_iter().map(|run| run.0).collect()), peak, stdout)
}

/// A breadth-first search per case, as the classic write-ups do: states in a `HashMap` with their
/// parent and move, stopping when `goal` is reached. Returns the path length, if any.
fn naive_bfs<S: Copy + Eq + Hash>(
    start: S,
    goal: &S,
    moves: usize,
    apply: impl Fn(&S, usize) -> Option<S>,
) -> Option<usize> {
    let mut parent: HashMap<S, (S, usize)> = HashMap::new();
    parent.insert(start, (start, usize::MAX));
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        if state == *goal {
            let mut length = 0;
            let mut at = state;
            while parent[&at].1 != usize::MAX {
                at = parent[&at].0;
                length += 1;
            }
            return Some(length);
        }
        for step in 0..moves {
            if let Some(next) = apply(&state, step) {
                parent.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    (state, step)
                });
            }
        }
    }
    None
}

fn workload_dir() -> PathBuf {
    let dir = judge_tests::workspace_root().join("target").join("bench");
    fs::create_dir_all(&dir).expect("target/bench");
    dir
}

fn bench_msquare() -> Row {
    const SOURCES: [[usize; 8]; 3] = [
        [7, 6, 5, 4, 3, 2, 1, 0],
        [3, 0, 1, 2, 5, 6, 7, 4],
        [0, 6, 1, 3, 4, 2, 5, 7],
    ];
    let targets: Vec<[u8; 8]> = (0..8u8).permutations(8).map(|p| p.try_into().unwrap()).collect();
    // All 40,320 targets through the library: one search, then every answer written out.
    let mut moves = Vec::new();
    let mut output = Vec::new();
    let wall = time_in_process(5, || {
        let solver = msquare::Solver::new();
        output.clear();
        for target in &targets {
            solver.solve(target, &mut moves);
            msquare::write_answer(&mut output, &moves).unwrap();
        }
    });
    let table = time_in_process(51, || drop(msquare::Solver::new()));
    let sample: Vec<_> = targets.iter().step_by(403).collect();
    let start = Instant::now();
    for target in &sample {
        let apply = |board: &[u8; 8], step: usize| Some(SOURCES[step].map(|source| board[source]));
        naive_bfs([0, 1, 2, 3, 4, 5, 6, 7], *target, 3, apply).expect("every board is reachable");
    }
    let baseline = start.elapsed() * (targets.len() as u32) / (sample.len() as u32);
    Row {
        puzzle: "msquare",
        workload: "all 40,320 targets, in process".into(),
        cases: targets.len(),
        wall,
        peak_kib: None,
        table,
        baseline,
        baseline_sample: sample.len(),
    }
}

/// One small input run 101 times as a whole process: the median wall time and the peak memory.
fn bench_one_process(puzzle: &'static str, workload: &str, input: &str, expected: &[u8]) -> Row {
    let path = workload_dir().join(format!("{puzzle}-one.in"));
    fs::write(&path, input).unwrap();
    let (wall, peak, stdout) = run_process_repeatedly(&judge_tests::binary_path(puzzle), &path, 101);
    assert_eq!(stdout, expected, "{puzzle} answers {input:?}");
    Row {
        puzzle,
        workload: format!("{workload}, whole process (median of 101)"),
        cases: 1,
        wall,
        peak_kib: Some(peak),
        table: Duration::ZERO,
        baseline: Duration::ZERO,
        baseline_sample: 0,
    }
}

fn bench_eight() -> Row {
    let input = workload_dir().join("eight-all.in");
    let mut text = String::with_capacity(7 << 20);
    for cells in (0..9u8).permutations(9) {
        let tiles = cells
            .iter()
            .map(|&c| if c == 8 { "x".to_string() } else { (c + 1).to_string() })
            .join(" ");
        text.push_str(&tiles);
        text.push('\n');
    }
    fs::write(&input, &text).unwrap();
    let (wall, peak, stdout) = run_process_repeatedly(&judge_tests::binary_path("eight"), &input, 5);
    assert_eq!(
        stdout.iter().filter(|&&b| b == b'\n').count(),
        362_880,
        "one answer per board"
    );
    let table = time_in_process(11, || drop(eight::Solver::new()));
    // The baseline: a BFS from each board until the goal; the sample alternates solvable and
    // unsolvable boards, as the workload does (half of 9! each).
    let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8u8];
    let apply = |board: &[u8; 9], step: usize| {
        let blank = board.iter().position(|&c| c == 8).unwrap();
        let (row, column) = (blank / 3, blank % 3);
        let other = match step {
            0 if row > 0 => blank - 3,
            1 if column > 0 => blank - 1,
            2 if row < 2 => blank + 3,
            3 if column < 2 => blank + 1,
            _ => return None,
        };
        let mut next = *board;
        next.swap(blank, other);
        Some(next)
    };
    // Five boards of each kind from an even spread of ranks, timed per kind and scaled to the
    // 181,440 boards of each kind in the workload.
    let spread: Vec<[u8; 9]> = (0..9u8)
        .permutations(9)
        .step_by(7_919)
        .map(|p| p.try_into().unwrap())
        .collect();
    let mut per_kind = Vec::new();
    for solvable in [true, false] {
        let boards: Vec<_> = spread
            .iter()
            .filter(|board| is_solvable(board) == solvable)
            .take(5)
            .collect();
        let start = Instant::now();
        for board in &boards {
            assert_eq!(naive_bfs(**board, &goal, 4, apply).is_some(), solvable);
        }
        per_kind.push(start.elapsed() / boards.len() as u32);
    }
    let baseline = (per_kind[0] + per_kind[1]) * 181_440;
    let sample_size = 10;
    Row {
        puzzle: "eight",
        workload: "all 9! boards, HDU layout, whole process".into(),
        cases: 362_880,
        wall,
        peak_kib: Some(peak),
        table,
        baseline,
        baseline_sample: sample_size,
    }
}

/// Whether an 8-puzzle board (blank = 8) can reach the goal: its tiles, blank left out, have an
/// even number of inversions.
fn is_solvable(board: &[u8; 9]) -> bool {
    let tiles: Vec<u8> = board.iter().copied().filter(|&c| c != 8).collect();
    let inversions = (0..8)
        .flat_map(|i| (i + 1..8).map(move |j| (i, j)))
        .filter(|&(i, j)| tiles[i] > tiles[j])
        .count();
    inversions % 2 == 0
}

/// The classic two-way search for Colour Hash: a map of the goal side to depth 8 (built once), and
/// per case a map of the start side to depth 8, joined on the first meeting.
struct NaiveColourHash {
    goal_side: HashMap<[u8; 24], u8>,
}

impl NaiveColourHash {
    const GOAL: [u8; 24] = [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];

    fn turn(state: &[u8; 24], step: usize) -> [u8; 24] {
        let mut next = *state;
        let (left, right) = next.split_at_mut(12);
        match step {
            0 => left.rotate_right(2),
            1 => right.rotate_left(2),
            2 => left.rotate_left(2),
            _ => right.rotate_right(2),
        }
        if step % 2 == 0 {
            let shared = [next[9], next[10], next[11]];
            next[21..24].copy_from_slice(&shared);
        } else {
            let shared = [next[21], next[22], next[23]];
            next[9..12].copy_from_slice(&shared);
        }
        next
    }

    fn layers(start: [u8; 24], depth: u8) -> HashMap<[u8; 24], u8> {
        let mut seen = HashMap::from([(start, 0u8)]);
        let mut frontier = vec![start];
        for d in 1..=depth {
            let mut next_frontier = Vec::new();
            for state in &frontier {
                for step in 0..4 {
                    let next = Self::turn(state, step);
                    seen.entry(next).or_insert_with(|| {
                        next_frontier.push(next);
                        d
                    });
                }
            }
            frontier = next_frontier;
        }
        seen
    }

    fn new() -> Self {
        NaiveColourHash {
            goal_side: Self::layers(Self::GOAL, 8),
        }
    }

    /// The shortest solution length within 16 moves, if any.
    fn distance(&self, start: [u8; 24]) -> Option<u8> {
        let start_side = Self::layers(start, 8);
        start_side
            .iter()
            .filter_map(|(state, d)| self.goal_side.get(state).map(|g| d + g))
            .min()
    }
}

fn bench_colour_hash() -> Row {
    let input = workload_dir().join("colour-hash-10000.in");
    let generator = judge_tests::binary_path("examples/gen");
    let generated = Command::new(&generator)
        .args(["10000", "704"])
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (cargo build --release -p colour-hash --example gen)",
                generator.display()
            )
        });
    fs::write(&input, &generated.stdout).unwrap();
    let (wall, peak, stdout) = run_process_repeatedly(&judge_tests::binary_path("colour-hash"), &input, 5);
    assert_eq!(
        stdout.iter().filter(|&&b| b == b'\n').count(),
        10_000,
        "one answer per case"
    );
    let table = time_in_process(11, || drop(colour_hash::Solver::new()));
    let text = String::from_utf8(generated.stdout).unwrap();
    let numbers: Vec<u8> = text
        .split_ascii_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect();
    let cases: Vec<[u8; 24]> = numbers.chunks(24).map(|c| c.try_into().unwrap()).collect();
    let sample: Vec<_> = cases.iter().step_by(50).collect();
    let start = Instant::now();
    let naive = NaiveColourHash::new();
    let solvable = sample.iter().filter(|case| naive.distance(***case).is_some()).count();
    let baseline = start.elapsed() * (cases.len() as u32) / (sample.len() as u32);
    eprintln!(
        "colour-hash baseline sample: {} cases, {solvable} within 16",
        sample.len()
    );
    Row {
        puzzle: "colour-hash",
        workload: "10,000 seeded configurations, whole process".into(),
        cases: cases.len(),
        wall,
        peak_kib: Some(peak),
        table,
        baseline,
        baseline_sample: sample.len(),
    }
}

/// ns per call of `common::perm` rank and unrank against the textbook O(n²) expansion, n = 8, 9, 12.
fn bench_perm() -> Vec<serde_json::Value> {
    fn textbook_rank(perm: &[u8]) -> usize {
        let n = perm.len();
        (0..n)
            .map(|i| {
                perm[i + 1..].iter().filter(|&&later| later < perm[i]).count() * common::perm::FACTORIALS[n - 1 - i]
            })
            .sum()
    }
    fn textbook_unrank(mut rank: usize, out: &mut [u8]) {
        let n = out.len();
        let mut unused: Vec<u8> = (0..n as u8).collect();
        for (i, slot) in out.iter_mut().enumerate() {
            let block = common::perm::FACTORIALS[n - 1 - i];
            *slot = unused.remove(rank / block);
            rank %= block;
        }
    }
    let mut rows = Vec::new();
    for n in [8usize, 9, 12] {
        let count = 200_000;
        let stride = common::perm::FACTORIALS[n] / count;
        let perms: Vec<Vec<u8>> = (0..count)
            .map(|i| {
                let mut p = vec![0u8; n];
                common::perm::unrank(i * stride, &mut p);
                p
            })
            .collect();
        let per_call = |elapsed: Duration| elapsed.as_nanos() as f64 / count as f64;
        let mut sum = 0usize;
        let fast_rank = per_call(time_in_process(5, || {
            sum += perms
                .iter()
                .map(|p| common::perm::rank(std::hint::black_box(p)))
                .sum::<usize>()
        }));
        let slow_rank = per_call(time_in_process(5, || {
            sum += perms
                .iter()
                .map(|p| textbook_rank(std::hint::black_box(p)))
                .sum::<usize>()
        }));
        let mut out = vec![0u8; n];
        let fast_unrank = per_call(time_in_process(5, || {
            for i in 0..count {
                common::perm::unrank(std::hint::black_box(i * stride), &mut out);
            }
        }));
        let slow_unrank = per_call(time_in_process(5, || {
            for i in 0..count {
                textbook_unrank(std::hint::black_box(i * stride), &mut out);
            }
        }));
        std::hint::black_box(sum);
        println!("perm n={n:<2}  rank {fast_rank:6.1} ns (textbook {slow_rank:6.1} ns)   unrank {fast_unrank:6.1} ns (textbook {slow_unrank:6.1} ns)");
        rows.push(json!({"n": n, "rank_ns": fast_rank, "textbook_rank_ns": slow_rank, "unrank_ns": fast_unrank, "textbook_unrank_ns": slow_unrank}));
    }
    rows
}

fn main() {
    // `cargo bench` passes --bench; nothing to filter here.
    let started = Instant::now();
    let rows = vec![
        bench_msquare(),
        bench_one_process(
            "msquare",
            "the 22-move target",
            "4 3 1 2 5 6 7 8\n",
            b"22\nABBBCABBBCBBBCBCABCBBB\n",
        ),
        bench_eight(),
        bench_one_process(
            "eight",
            "one board (POJ sample)",
            "2 3 4 1 5 x 7 6 8\n",
            b"ullddrurdllurdruldr\n",
        ),
        bench_colour_hash(),
    ];
    println!();
    println!(
        "{:<12} {:<52} {:>10} {:>12} {:>9} {:>10} {:>12} {:>8}",
        "puzzle", "workload", "wall", "cases/s", "peak MB", "table", "baseline", "ratio"
    );
    for row in &rows {
        let peak = row
            .peak_kib
            .map_or("-".to_string(), |kib| format!("{:.1}", kib as f64 / 1024.0));
        let (baseline, ratio) = if row.baseline_sample == 0 {
            ("-".to_string(), "-".to_string())
        } else {
            (
                format!("{:.2} s", row.baseline.as_secs_f64()),
                format!("{:.0}x", row.ratio()),
            )
        };
        println!(
            "{:<12} {:<52} {:>8.2}ms {:>12.0} {:>9} {:>8.2}ms {:>12} {:>8}",
            row.puzzle,
            row.workload,
            row.wall.as_secs_f64() * 1e3,
            row.cases_per_second(),
            peak,
            row.table.as_secs_f64() * 1e3,
            baseline,
            ratio
        );
    }
    println!("(baseline: a BFS per case over a HashMap, measured on a sample and scaled; see the json)");
    println!();
    let perm = bench_perm();
    let report = json!({
        "command": "make bench",
        "puzzles": rows.iter().map(|row| json!({
            "puzzle": row.puzzle,
            "workload": row.workload,
            "cases": row.cases,
            "wall_ms": row.wall.as_secs_f64() * 1e3,
            "cases_per_second": row.cases_per_second(),
            "peak_kib": row.peak_kib,
            "table_ms": row.table.as_secs_f64() * 1e3,
            "baseline_ms_scaled": (row.baseline_sample > 0).then_some(row.baseline.as_secs_f64() * 1e3),
            "baseline_sample": row.baseline_sample,
            "baseline_ratio": (row.baseline_sample > 0).then_some(row.ratio()),
        })).collect::<Vec<_>>(),
        "perm": perm,
    });
    let path = judge_tests::workspace_root().join("target").join("bench.json");
    let mut file = fs::File::create(&path).expect("target/bench.json");
    writeln!(file, "{}", serde_json::to_string_pretty(&report).unwrap()).unwrap();
    println!("wrote {} in {:.1} s", path.display(), started.elapsed().as_secs_f64());
}
