//! The census's tests: the ranks, the move tables, the field scans, and the census against the
//! sorted-layer count and under limits.

use super::*;
use crate::search::LAYER_SIZES;
use crate::state::Move;
use crate::study::Layers;

/// A fixed-seed generator (xorshift64*), enough to pick sample ranks.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % bound
    }
}

/// The ranking and its move tables, built once for the tests that read them (each census builds
/// its own).
fn ranking() -> &'static Ranking {
    static RANKING: std::sync::OnceLock<Ranking> = std::sync::OnceLock::new();
    RANKING.get_or_init(|| Ranking::new().unwrap())
}

#[test]
fn ranks_are_lexicographic_bijections() {
    let ranking = ranking();
    for (arrangements, places, count) in [
        (&ranking.separators, SEPARATOR_PLACES, SEPARATOR_ARRANGEMENTS),
        (&ranking.triangles, TRIANGLE_PLACES, TRIANGLE_ARRANGEMENTS),
    ] {
        assert_eq!(arrangements.count(), count);
        // Every rank: its arrangement has the right pieces, ranks back to itself and comes
        // after the one before in dictionary order, so the ranks are the arrangements, each once.
        let mut before: Option<Vec<u8>> = None;
        for rank in 0..count {
            let mut pieces = vec![0u8; places];
            arrangements.unrank(rank, &mut pieces);
            let mut copies = vec![0u8; arrangements.copies.len()];
            for &piece in &pieces {
                copies[usize::from(piece)] += 1;
            }
            assert_eq!(copies, arrangements.copies);
            assert_eq!(arrangements.rank(&pieces), rank);
            if let Some(before) = &before {
                assert!(*before < pieces, "{before:?} {pieces:?}");
            }
            before = Some(pieces);
        }
    }
    assert_eq!(ranking.rank(State::GOAL), {
        let (separators, triangles) = ranking.split(State::GOAL);
        separators as u64 * TRIANGLE_ARRANGEMENTS as u64 + triangles as u64
    });
    assert_eq!(CONFIGURATIONS, 6_286_896_000);
}

#[test]
fn configuration_ranks_round_trip() {
    let ranking = ranking();
    let mut random = Random(704);
    for _ in 0..20_000 {
        let rank = random.below(CONFIGURATIONS);
        let state = ranking.unrank(rank);
        // A configuration of the puzzle: the judge's checks accept its numbers.
        assert_eq!(State::from_numbers(&state.numbers()), Ok(state));
        assert_eq!(ranking.rank(state), rank);
    }
    for rank in [0, 1, CONFIGURATIONS - 1, ranking.rank(State::GOAL)] {
        assert_eq!(ranking.rank(ranking.unrank(rank)), rank);
    }
    assert_eq!(ranking.unrank(ranking.rank(State::GOAL)), State::GOAL);
}

#[test]
fn move_tables_agree_with_state_apply() {
    let ranking = ranking();
    let mut random = Random(29);
    for _ in 0..20_000 {
        let (separators, triangles) = (
            random.below(SEPARATOR_ARRANGEMENTS as u64) as usize,
            random.below(TRIANGLE_ARRANGEMENTS as u64) as usize,
        );
        let state = ranking.join(separators, triangles);
        for (step, &turn) in Move::ALL.iter().enumerate() {
            let (after_separators, after_triangles) = ranking.apply(step, separators, triangles);
            assert_eq!(ranking.join(after_separators, after_triangles), state.apply(turn));
            let back = ranking.apply(inverse_index(step), after_separators, after_triangles);
            assert_eq!(back, (separators, triangles));
        }
    }
}

#[test]
fn field_scans_find_exactly_the_equal_fields() {
    let mut random = Random(3);
    for _ in 0..1_000 {
        let word = random.below(u64::MAX);
        for code in 0..4 {
            let naive = (0..32)
                .filter(|field| (word >> (2 * field)) & 3 == code)
                .fold(0, |bits, field| bits | 1 << (2 * field));
            assert_eq!(fields_equal(word, code), naive);
        }
    }
    assert_eq!(valid_fields(0), u64::MAX);
    // 113,400 = 3,543 words of 32 and 24 fields.
    assert_eq!(valid_fields(ROW_WORDS - 1), (1 << 48) - 1);
}

#[test]
fn census_to_depth_twelve_equals_the_sorted_layers() {
    // The same 1.57 GB table as the whole census, to a depth-limited run: every layer to 12
    // takes each step of the search (the table, the move tables, the frontier maps, the threads
    // sharing rows), and the whole census is a `make bench` row, checked byte for byte against
    // `census.txt` there (the guide: long computations are bench rows, `make test` checks them
    // on a depth-limited run). An unoptimised build stops at 10.
    let depth = if cfg!(debug_assertions) { 10 } else { 12 };
    let mut progress = Vec::new();
    let census = census(Some(depth), 2, &mut progress).unwrap();
    // The published layers, which `sorted_layers_match_the_published_counts` also checks
    // against `Layers::count`, a search of another kind (sorted layers of packed states).
    let sizes: Vec<u64> = LAYER_SIZES[..=depth].iter().map(|&size| size as u64).collect();
    assert_eq!(census.layers, sizes);
    assert!(!census.complete);
    // The example is in the deepest layer: the solver needs exactly `depth` moves.
    match crate::Solver::new().solve(census.deepest) {
        crate::Answer::Moves(solution) => assert_eq!(solution.moves().len(), depth),
        other => panic!("{other:?}"),
    }
    let progress = String::from_utf8(progress).unwrap();
    assert_eq!(progress.lines().count(), depth + 1, "{progress}");
    assert!(progress
        .starts_with("colour-hash: census: 6286896000 configurations at 2 bits each, 1571834880 bytes, 2 threads\n"));
    assert!(progress.contains("\ncolour-hash: census: depth 3: 34 configurations, 51 within, "));
    // One thread finds the same: the `ulimit -u 1` child of
    // `under_limits_the_census_answers_or_fails_in_one_line` runs the census on the calling
    // thread alone (not a second 1.57 GB table here).
}

#[test]
fn the_published_census_matches_the_live_count() {
    let layers = census_layers();
    // The live count, to a depth that takes a moment, and through `LAYER_SIZES` the rest: the
    // published counts, which `sorted_layers_match_the_published_counts` and
    // `census_to_depth_twelve_equals_the_sorted_layers` check live on depth-limited runs, and
    // `make bench`'s census row to the last layer.
    let live = Layers::count(12).unwrap();
    let live: Vec<u64> = live.sizes().iter().map(|&size| size as u64).collect();
    assert_eq!(layers[..live.len()], live[..]);
    let published: Vec<u64> = LAYER_SIZES.iter().map(|&size| size as u64).collect();
    assert_eq!(layers[..=MAX_MOVES], published[..]);
    assert_eq!(layers.iter().sum::<u64>(), CONFIGURATIONS);
    assert!(layers.iter().all(|&count| count > 0));
    assert!(CENSUS_TEXT.contains(&format!("\nmaximum depth {}: ", layers.len() - 1)));
}

/// The census of [`under_limits_the_census_answers_or_fails_in_one_line`] as its child
/// process runs it (`CENSUS_CHILD` set): to depth 3 on 3 threads, printing `layers ...` or
/// `failure ...`, then the progress lines.
fn child_census() {
    let mut progress = Vec::new();
    match census(Some(3), 3, &mut progress) {
        Ok(found) => println!("layers {:?}", found.layers),
        Err(failure) => println!("failure {failure}"),
    }
    println!("{}", String::from_utf8_lossy(&progress));
}

/// This test binary run again as the child of `name`, under the shell limit `limit`
/// (`ulimit -v N`, `ulimit -u 1`); its stdout, or a message when it did not end with status 0.
fn child(name: &str, limit: &str) -> Result<String, String> {
    let script = format!("{limit} && exec \"$0\" --exact --test-threads=1 --nocapture {name}");
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let root = status
        .lines()
        .any(|line| line.starts_with("Uid:") && line.split_whitespace().nth(1) == Some("0"));
    // A process limit does not bind root: the child runs as `nobody` then, from a copy of this
    // binary in a folder of its own that every user can enter (the build's own folder may be
    // one that only its owner can, such as a clone in `mktemp -d`).
    let (mut command, exe, copy) = if root && limit.contains("-u") {
        let copy = ReachableCopy::new().map_err(|e| format!("cannot copy the test binary for `nobody`: {e}"))?;
        let mut command = std::process::Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", "bash"]);
        command.current_dir(&copy.folder);
        (command, copy.exe.clone(), Some(copy))
    } else {
        // dash's `ulimit` has no `-u`.
        (
            std::process::Command::new("bash"),
            std::env::current_exe().unwrap(),
            None,
        )
    };
    let done = command
        .args(["-c", &script])
        .arg(&exe)
        .env("CENSUS_CHILD", "1")
        .output()
        .map_err(|e| e.to_string())?;
    drop(copy);
    let stdout = String::from_utf8_lossy(&done.stdout).into_owned();
    match done.status.code() {
        Some(0) => Ok(stdout),
        _ => Err(format!(
            "{limit}: {} {stdout} {}",
            done.status,
            String::from_utf8_lossy(&done.stderr)
        )),
    }
}

/// A copy of this test binary that every user may run, in a fresh folder under the temporary
/// folder; both removed when it is dropped.
struct ReachableCopy {
    folder: std::path::PathBuf,
    exe: std::path::PathBuf,
}

impl ReachableCopy {
    fn new() -> std::io::Result<Self> {
        use std::os::unix::fs::PermissionsExt;
        let folder = std::env::temp_dir().join(format!("colour-hash-census-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir(&folder)?;
        // Whatever the umask: the folder entered and the copy run by another user.
        let copy = Self {
            exe: folder.join("census-tests"),
            folder,
        };
        std::fs::set_permissions(&copy.folder, std::fs::Permissions::from_mode(0o755))?;
        std::fs::copy(std::env::current_exe()?, &copy.exe)?;
        std::fs::set_permissions(&copy.exe, std::fs::Permissions::from_mode(0o755))?;
        Ok(copy)
    }
}

impl Drop for ReachableCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

#[test]
fn under_limits_the_census_answers_or_fails_in_one_line() {
    if std::env::var_os("CENSUS_CHILD").is_some() {
        return child_census();
    }
    let name = "study::census::tests::under_limits_the_census_answers_or_fails_in_one_line";
    let layers = "layers [1, 4, 12, 34]";
    let table_kib = SEPARATOR_ARRANGEMENTS * ROW_WORDS * 8 / 1024;
    // Below the table: refused at once, by name.
    let out = child(name, &format!("ulimit -v {}", table_kib - 64 * 1024)).unwrap();
    assert!(out.contains("failure out of memory: cannot allocate 1571"), "{out}");
    // Just above it, where the frontier maps (25 MB each), the move tables or a thread's
    // stack may be refused: an answer or the failure, never Rust's abort.
    for extra in [48, 80] {
        let out = child(name, &format!("ulimit -v {}", table_kib + extra * 1024)).unwrap();
        eprintln!("{extra}: {out}");
        assert!(
            out.contains(layers) || out.contains("failure out of memory: cannot allocate "),
            "{out}"
        );
    }
    // No thread to be had: the census runs on the calling thread alone, and says so.
    let out = child(name, "ulimit -u 1").unwrap();
    assert!(out.contains(layers), "{out}");
    assert!(out.contains("the system refused a thread; going on with 1"), "{out}");
}
