//! `make bench`: every puzzle's release binary, as a whole process, on fixed seeded workloads.
//!
//! The stable figure is the instruction count (valgrind's callgrind, whole process, start-up
//! included): the same on every run of the same binary. Wall time (median of a few runs) and peak
//! memory come from `peak-rss` and drift with the machine's load. Prints a table with the targets
//! beside the counts, writes the same rows to `target/bench.json` and the table with the date,
//! the machine and the compiler to `docs/figures.md`, the workspace's one figures table.
//!
//! Colour Hash's census (`--stats --depth all`, every one of its 6,286,896,000 configurations)
//! runs for minutes, far too long for callgrind: its row, in a table of its own, is one run under
//! `peak-rss`, with the CPU time (user + system, of the process and its threads) beside the wall
//! time, the peak memory and the configurations settled per second of wall time, held to its
//! targets of 3 minutes and 2 GB.
//!
//! `judge check` has rows of its own: one check of each puzzle's sample, with the reference's table
//! built in the process and read from the one an earlier process kept.
//!
//! The study page's rows come from `page/bench_page.py`, which `make bench` runs first: the longest
//! task on the page's own thread while it loads, answers a long paste and counts a deep layer, at
//! the machine's speed and with the CPU throttled ×4, beside its goal (50 ms, 200 ms throttled). This bench reads them
//! from `$PAGE_BENCH` (by default `target/bench/page.tsv`) and adds them to the first table.

use judge_oracle::rng::{shuffled_colour_hash, Rng};
use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use nix::sys::resource::{getrusage, UsageWho};

/// What one process costs.
struct Cost {
    instructions: u64,
    wall: Duration,
    peak_kib: u64,
}

/// One row of the report: a workload, its cost, and the target it is held to (instructions).
struct Row {
    program: String,
    workload: String,
    cost: Cost,
    target: Option<u64>,
}

fn workload_dir() -> PathBuf {
    let dir = judge_tests::workspace_root().join("target/bench");
    fs::create_dir_all(&dir).expect("target/bench");
    dir
}

fn write_input(name: &str, text: &str) -> PathBuf {
    let path = workload_dir().join(name);
    fs::write(&path, text).expect("workload input");
    path
}

/// Runs `program < input` under callgrind once for its instruction count, then `rounds` times
/// under `peak-rss` for the median wall time and the peak memory; every run must exit 0.
fn measure(program: &Path, input: &Path, rounds: usize) -> Cost {
    measure_command(program, &[], &[], input, rounds)
}

/// [`measure`] of `program` with `args`, and `env` added to its clean environment.
fn measure_command(program: &Path, args: &[&OsStr], env: &[(&str, &OsStr)], input: &Path, rounds: usize) -> Cost {
    let stdin = || fs::File::open(input).expect("workload input");
    // A clean environment: the loader's start-up work grows with it, and cargo adds some forty
    // variables, about 30,000 instructions that a judge's process does not pay.
    let callgrind = Command::new("valgrind")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .envs(env.iter().copied())
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(program)
        .args(args)
        .stdin(stdin())
        .stdout(Stdio::null())
        .output()
        .expect("valgrind (make bench installs it)");
    assert!(
        callgrind.status.success(),
        "{} failed on {}",
        program.display(),
        input.display()
    );
    let log = String::from_utf8_lossy(&callgrind.stderr);
    let instructions = log
        .lines()
        .find_map(|line| line.split_once("Collected : ").map(|(_, n)| n.trim().parse().unwrap()))
        .unwrap_or_else(|| panic!("no instruction count from callgrind:\n{log}"));
    let report = workload_dir().join("peak-rss.out");
    let mut walls = Vec::new();
    let mut peak_kib = 0;
    for _ in 0..rounds {
        let status = Command::new(judge_tests::binary_path("peak-rss"))
            .arg(&report)
            .arg(program)
            .args(args)
            .envs(env.iter().copied())
            .stdin(stdin())
            .stdout(Stdio::null())
            .status()
            .expect("peak-rss (make build)");
        assert!(status.success(), "{} failed on {}", program.display(), input.display());
        let text = fs::read_to_string(&report).unwrap();
        let measured = judge_tests::runner::report::Report::parse(&text).unwrap();
        peak_kib = peak_kib.max(measured.peak_kib);
        walls.push(measured.wall);
    }
    walls.sort();
    Cost {
        instructions,
        wall: walls[walls.len() / 2],
        peak_kib,
    }
}

/// The median cost over several inputs, each its own process (instructions and wall apart).
fn median_cost(mut costs: Vec<Cost>) -> Cost {
    let middle = costs.len() / 2;
    costs.sort_by_key(|cost| cost.wall);
    let wall = costs[middle].wall;
    let peak_kib = costs.iter().map(|cost| cost.peak_kib).max().unwrap();
    costs.sort_by_key(|cost| cost.instructions);
    Cost {
        instructions: costs[middle].instructions,
        wall,
        peak_kib,
    }
}

/// An eight board as its judges write it: `1 2 3 4 5 6 7 8 x`.
fn board_line(tiles: &[u8]) -> String {
    let shown: Vec<String> = tiles
        .iter()
        .map(|&tile| if tile == 0 { "x".into() } else { tile.to_string() })
        .collect();
    shown.join(" ") + "\n"
}

/// Solvable: an even number of inversions among the tiles (the blank left out).
fn is_solvable(tiles: &[u8]) -> bool {
    let tiles: Vec<u8> = tiles.iter().copied().filter(|&tile| tile != 0).collect();
    let inversions = (0..8).flat_map(|i| (i + 1..8).map(move |j| (i, j)));
    inversions.filter(|&(i, j)| tiles[i] > tiles[j]).count() % 2 == 0
}

fn random_board(random: &mut Rng) -> [u8; 9] {
    let mut tiles = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    random.shuffle(&mut tiles);
    tiles
}

fn eight_rows(random: &mut Rng) -> Vec<Row> {
    let eight = judge_tests::binary_path("eight");
    let row = |workload: &str, cost, target| Row {
        program: "eight".into(),
        workload: workload.into(),
        cost,
        target,
    };
    let mut rows = Vec::new();

    // Every board, in lexicographic order (Heap's algorithm would do; this is plainer).
    let mut all = String::new();
    let mut tiles = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
    loop {
        all.push_str(&board_line(&tiles));
        // The next permutation in lexicographic order.
        let Some(i) = (0..8).rev().find(|&i| tiles[i] < tiles[i + 1]) else {
            break;
        };
        let j = (i + 1..9).rev().find(|&j| tiles[j] > tiles[i]).unwrap();
        tiles.swap(i, j);
        tiles[i + 1..].reverse();
    }
    let input = write_input("eight-all.in", &all);
    rows.push(row(
        "all 362,880 boards in one input",
        measure(&eight, &input, 3),
        Some(300_000_000),
    ));

    let mut costs = Vec::new();
    while costs.len() < 31 {
        let tiles = random_board(random);
        if is_solvable(&tiles) {
            let input = write_input("eight-one.in", &board_line(&tiles));
            costs.push(measure(&eight, &input, 1));
        }
    }
    rows.push(row(
        "one random solvable board per process (median of 31)",
        median_cost(costs),
        Some(400_000),
    ));

    let input = write_input("eight-31.in", "8 6 7 2 5 4 3 x 1\n");
    rows.push(row(
        "the 31-move board 8 6 7 2 5 4 3 x 1",
        measure(&eight, &input, 5),
        Some(5_000_000),
    ));
    let input = write_input("eight-unsolvable.in", "2 1 3 4 5 6 7 8 x\n");
    rows.push(row("an unsolvable board", measure(&eight, &input, 5), Some(300_000)));

    let boards: String = (0..1000).map(|_| board_line(&random_board(random))).collect();
    let input = write_input("eight-1000.in", &boards);
    rows.push(row(
        "1,000 random boards (solvable or not) in one run",
        measure(&eight, &input, 5),
        Some(20_000_000),
    ));
    rows
}

fn colour_hash_rows(random: &mut Rng) -> Vec<Row> {
    use colour_hash::{Move, State, NUMBERS};
    let colour_hash = judge_tests::binary_path("colour-hash");
    let mut rows = Vec::new();

    // 480 scrambles of the goal by 0 to 24 random moves, 20 shuffles of the pieces within their
    // shape (separators among separators, triangles among triangles), almost all unsolvable in 16.
    let mut text = String::from("500\n");
    for case in 0..500 {
        let numbers = if case % 25 == 24 {
            shuffled_colour_hash(random)
        } else {
            let mut state = State::GOAL;
            for _ in 0..random.below(25) {
                state = state.apply(Move::ALL[random.below(4)]);
            }
            state.numbers()
        };
        let line: Vec<String> = numbers[..NUMBERS].iter().map(u8::to_string).collect();
        text.push_str(&(line.join(" ") + "\n"));
    }
    let input = write_input("colour-hash-500.in", &text);
    rows.push(Row {
        program: "colour-hash".into(),
        workload: "500 configurations: scrambles by 0-24 moves, 1 in 25 a shuffle".into(),
        cost: measure(&colour_hash, &input, 5),
        target: Some(20_000_000),
    });

    let generator = judge_tests::binary_path("examples/gen");
    let generated = Command::new(&generator)
        .args(["10000", "704"])
        .output()
        .unwrap_or_else(|e| panic!("{}: {e} (make bench builds it)", generator.display()));
    let input = workload_dir().join("colour-hash-10000.in");
    fs::write(&input, generated.stdout).unwrap();
    rows.push(Row {
        program: "colour-hash".into(),
        workload: "10,000 mixed configurations (example gen 10000 704)".into(),
        cost: measure(&colour_hash, &input, 3),
        target: Some(250_000_000),
    });
    rows
}

/// `judge check` once, as a user runs it: each puzzle's published sample against its expected
/// output, with the reference's table built in the process (no table kept: `JUDGE_CACHE_DIR`
/// empty) and read from the one kept by an earlier `judge` process (`target/bench/judge-cache`).
fn judge_check_rows() -> Vec<Row> {
    let judge = judge_tests::binary_path("judge");
    let data = judge_tests::workspace_root().join("judge-tests/data");
    let kept = workload_dir().join("judge-cache");
    let _ = fs::remove_dir_all(&kept);
    let nothing = write_input("judge-check.in", "");
    let mut rows = Vec::new();
    for (puzzle, case) in [
        ("msquare", "usaco-1"),
        ("eight", "poj1077-sample"),
        ("colour-hash", "uva704-sample"),
    ] {
        let (input, output) = (
            data.join(format!("{puzzle}/{case}.in")),
            data.join(format!("{puzzle}/{case}.out")),
        );
        let args = [
            OsStr::new("check"),
            OsStr::new(puzzle),
            input.as_os_str(),
            output.as_os_str(),
        ];
        for (table, folder) in [("built", OsStr::new("")), ("kept", kept.as_os_str())] {
            if table == "kept" {
                // The earlier process that keeps it.
                let status = Command::new(&judge)
                    .args(args)
                    .env("JUDGE_CACHE_DIR", folder)
                    .stdout(Stdio::null())
                    .status()
                    .expect("judge (make build)");
                assert!(
                    status.success() && kept.join(puzzle).is_file(),
                    "judge kept no {puzzle} table"
                );
            }
            rows.push(Row {
                program: "judge check".into(),
                workload: format!("{puzzle}/{case}, the reference's table {table}"),
                cost: measure_command(&judge, &args, &[("JUDGE_CACHE_DIR", folder)], &nothing, 5),
                target: None,
            });
        }
    }
    rows
}

/// A run too long for callgrind: one run under `peak-rss`, with the CPU time of the process.
struct LongRun {
    workload: String,
    wall: Duration,
    cpu: Duration,
    peak_kib: u64,
    /// Configurations settled a second of wall time.
    per_second: f64,
    target_wall: Duration,
    target_peak_kib: u64,
}

/// The user and system time of every child this process has waited for, and theirs.
fn children_cpu() -> Duration {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    let time = |value: nix::sys::time::TimeVal| {
        Duration::from_secs(value.tv_sec() as u64) + Duration::from_micros(value.tv_usec() as u64)
    };
    time(usage.user_time()) + time(usage.system_time())
}

/// `colour-hash --stats --depth all` once: the census of the whole space. Its output must be the
/// committed census (`colour_hash::CENSUS_TEXT`).
fn census_row() -> LongRun {
    let program = judge_tests::binary_path("colour-hash");
    let report = workload_dir().join("peak-rss.out");
    let output = workload_dir().join("colour-hash-census.out");
    let before = children_cpu();
    let status = Command::new(judge_tests::binary_path("peak-rss"))
        .arg(&report)
        .arg(&program)
        .args(["--stats", "--depth", "all"])
        .stdin(Stdio::null())
        .stdout(fs::File::create(&output).expect("census output"))
        .stderr(Stdio::null())
        .status()
        .expect("peak-rss (make build)");
    let cpu = children_cpu() - before;
    assert!(status.success(), "{} --stats --depth all failed", program.display());
    assert_eq!(
        fs::read_to_string(&output).unwrap(),
        colour_hash::CENSUS_TEXT,
        "the census differs from colour-hash/src/study/census.txt"
    );
    let text = fs::read_to_string(&report).unwrap();
    let measured = judge_tests::runner::report::Report::parse(&text).unwrap();
    let (kib, wall) = (measured.peak_kib, measured.wall);
    let configurations: u64 = colour_hash::census_layers().iter().sum();
    LongRun {
        workload: "--stats --depth all: the census of all 6,286,896,000 configurations".into(),
        wall,
        cpu,
        peak_kib: kib,
        per_second: configurations as f64 / wall.as_secs_f64(),
        target_wall: Duration::from_secs(180),
        target_peak_kib: 2 * 1024 * 1024,
    }
}

/// Eight's whole space searched plainly three times, remembering the boards seen in a `BTreeSet`,
/// a `HashSet` and an array indexed by Cantor rank (`eight::study::whole_space`, the example
/// `seen`): the seed's three tries, side by side.
fn seen_rows() -> Vec<Row> {
    let seen = judge_tests::binary_path("examples/seen");
    ["BTreeSet", "HashSet", "Cantor"]
        .iter()
        .map(|name| Row {
            program: "eight (example seen)".into(),
            workload: format!("plain BFS of all 181,440 boards, seen set: {name}"),
            cost: measure(&seen, &write_input(&format!("seen-{name}.in"), name), 3),
            target: None,
        })
        .collect()
}

fn main() {
    let mut random = Rng::new(15);
    let mut rows = Vec::new();

    // The floor under every row: a Rust program that does nothing, built as the puzzles are.
    let empty = workload_dir().join("empty");
    let source = write_input("empty.rs", "fn main() {}\n");
    let built = Command::new("rustc")
        .args(["--edition", "2021", "-C", "opt-level=3", "-o"])
        .arg(&empty)
        .arg(&source)
        .status()
        .expect("rustc");
    assert!(built.success());
    let nothing = write_input("empty.in", "");
    rows.push(Row {
        program: "(empty)".into(),
        workload: "fn main() {}, the start-up every process pays".into(),
        cost: measure(&empty, &nothing, 11),
        target: None,
    });

    let input = write_input("msquare-22.in", "4 3 1 2 5 6 7 8\n");
    rows.push(Row {
        program: "msquare".into(),
        workload: "the 22-move target 4 3 1 2 5 6 7 8".into(),
        cost: measure(&judge_tests::binary_path("msquare"), &input, 11),
        target: Some(6_500_000),
    });
    rows.extend(eight_rows(&mut random));
    rows.extend(seen_rows());
    rows.extend(colour_hash_rows(&mut random));
    rows.extend(judge_check_rows());
    let census = census_row();

    let table = format!("{}{}\n{}", figures_table(&rows), page_rows(), census_table(&census));
    print!("{table}");
    // JSON by hand: numbers and strings without quotes or backslashes.
    let mut report: Vec<String> = rows
        .iter()
        .map(|row| {
            format!(
                "  {{\"program\": \"{}\", \"workload\": \"{}\", \"instructions\": {}, \
                 \"target_instructions\": {}, \"wall_ms\": {:.3}, \"peak_kib\": {}}}",
                row.program,
                row.workload,
                row.cost.instructions,
                row.target.map_or("null".into(), |target| target.to_string()),
                row.cost.wall.as_secs_f64() * 1e3,
                row.cost.peak_kib,
            )
        })
        .collect();
    report.push(format!(
        "  {{\"program\": \"colour-hash\", \"workload\": \"{}\", \"instructions\": null, \
         \"target_instructions\": null, \"wall_ms\": {:.3}, \"cpu_ms\": {:.3}, \"peak_kib\": {}, \
         \"configurations_per_second\": {:.0}, \"target_wall_ms\": {}, \"target_peak_kib\": {}}}",
        census.workload,
        census.wall.as_secs_f64() * 1e3,
        census.cpu.as_secs_f64() * 1e3,
        census.peak_kib,
        census.per_second,
        census.target_wall.as_millis(),
        census.target_peak_kib,
    ));
    let path = judge_tests::workspace_root().join("target/bench.json");
    let mut file = fs::File::create(&path).expect("target/bench.json");
    writeln!(file, "[\n{}\n]", report.join(",\n")).unwrap();
    println!("\nwritten to {}", path.display());
    let figures = judge_tests::workspace_root().join("docs/figures.md");
    fs::write(&figures, figures_page(&table)).expect("docs/figures.md");
    println!("written to {}", figures.display());
}

/// The rows as a Markdown table, instructions beside their target.
fn figures_table(rows: &[Row]) -> String {
    let mut table = String::from("| program | workload | instructions | target | wall | peak memory |\n");
    table.push_str("|---|---|---|---|---|---|\n");
    let millions = |count: u64| format!("{:.2} M", count as f64 / 1e6);
    for row in rows {
        let target = match row.target {
            Some(target) if row.cost.instructions <= target => format!("≤ {} met", millions(target)),
            Some(target) => format!("≤ {} **not met**", millions(target)),
            None => "–".into(),
        };
        table.push_str(&format!(
            "| {} | {} | {} | {target} | {:.2} ms | {:.1} MB |\n",
            row.program,
            row.workload,
            millions(row.cost.instructions),
            row.cost.wall.as_secs_f64() * 1e3,
            row.cost.peak_kib as f64 / 1024.0,
        ));
    }
    table
}

/// The longest main-thread task a person waits through without noticing the page freeze, at the
/// machine's speed (`throttle` 1), and on a phone-class CPU (throttled ×4), where issue #50 allows
/// four times as long: the goal of a row with CPU throttling `throttle`.
fn page_goal_ms(throttle: &str) -> f64 {
    if throttle == "1" {
        50.0
    } else {
        200.0
    }
}

/// The study page's rows, from page/bench_page.py's lines (workload, CPU throttling, longest
/// main-thread task in ms, 0 when no task passed the Long Tasks API's 50 ms): the longest task in
/// the wall column, beside the goal. None when the page bench has not run.
fn page_rows() -> String {
    let path = std::env::var_os("PAGE_BENCH").map_or_else(|| workload_dir().join("page.tsv"), PathBuf::from);
    let Ok(text) = fs::read_to_string(&path) else {
        println!(
            "no page figures: {} is missing (make bench runs page/bench_page.py)",
            path.display()
        );
        return String::new();
    };
    let mut rows = String::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [workload, throttle, ms] = fields[..] else {
            panic!(
                "{}: a line that is not workload, throttling, ms: {line:?}",
                path.display()
            );
        };
        let ms: f64 = ms.parse().expect("the longest task in ms");
        let speed = if throttle == "1" {
            "the machine's speed".to_string()
        } else {
            format!("CPU throttled ×{throttle}")
        };
        let goal = page_goal_ms(throttle);
        let (longest, met) = if ms == 0.0 {
            ("≤ 50 ms (no long task)".to_string(), "met")
        } else {
            (format!("{ms:.0} ms"), if ms <= goal { "met" } else { "**not met**" })
        };
        rows.push_str(&format!(
            "| page (Chromium) | {workload}, {speed}: the longest main-thread task | – | ≤ {goal:.0} ms {met} | {longest} | – |\n"
        ));
    }
    rows
}

/// The census's table: a row too long for callgrind, with its CPU time and its targets.
fn census_table(census: &LongRun) -> String {
    let met = census.wall <= census.target_wall && census.peak_kib <= census.target_peak_kib;
    format!(
        "| program | workload | wall | CPU (user + sys) | peak memory | configurations/s | target |\n\
         |---|---|---|---|---|---|---|\n\
         | colour-hash | {} | {:.1} s | {:.1} s | {:.1} MB | {:.1} M | ≤ {} s wall, ≤ {} MB {} |\n",
        census.workload,
        census.wall.as_secs_f64(),
        census.cpu.as_secs_f64(),
        census.peak_kib as f64 / 1024.0,
        census.per_second / 1e6,
        census.target_wall.as_secs(),
        census.target_peak_kib / 1024,
        if met { "met" } else { "**not met**" },
    )
}

/// One line of a command's output, or "unknown" when it cannot run.
fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|text| text.lines().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}

/// docs/figures.md: the one figures table of the workspace, with when, where and how it was
/// measured. Everything in it is written by this run; prose elsewhere links here.
fn figures_page(table: &str) -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines().find_map(|line| {
                line.strip_prefix("model name")
                    .map(|rest| rest.trim_start_matches([' ', '\t', ':']).to_string())
            })
        })
        .unwrap_or_else(|| "unknown".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "# Figures\n\n\
         Written by `make bench` (judge-tests/benches/puzzles.rs); do not edit by hand, run it again.\n\n\
         - Run: {date}\n\
         - Machine: {cores} cores, {cpu}\n\
         - Compiler: {rustc}\n\n\
         Each release binary runs as a whole process on fixed, seeded workloads. Instructions are \
         counted by valgrind's callgrind for the whole process, start-up included, with a clean \
         environment (only `PATH`), and are the same on every run of the same binary. The wall time \
         (median of a few runs) and the peak memory come from `peak-rss` \
         (`judge-tests/src/bin/peak-rss.rs`) and drift with the machine's load. Colour Hash's census \
         (`colour-hash --stats --depth all`, every configuration's distance) runs for minutes, too long \
         for callgrind: the second table is one run, its CPU time (user + system, all threads) beside \
         the wall time. The page's rows (`page/bench_page.py`) give the longest task on the study \
         page's own thread in headless Chromium, the median of three runs, at the machine's speed and \
         with the CPU throttled ×4, beside the goal: 50 ms at the machine's speed, 200 ms throttled.\n\n\
         {table}\n\
         The inputs stay in `target/bench/`, so one row can be rerun by hand after `make bench`:\n\n\
         ```sh\n\
         valgrind --tool=callgrind --callgrind-out-file=target/bench/callgrind.out target/release/eight < target/bench/eight-31.in\n\
         ```\n\n\
         `cargo bench -p judge-tests --bench perm` times `common::perm`'s rank and unrank against the \
         textbook O(n²) Cantor expansion.\n",
        date = command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]),
        rustc = command_line("rustc", &["--version"]),
    )
}
