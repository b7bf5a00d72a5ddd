//! The submission artifacts of `make bundle` and `make dist`, built here as those targets build
//! them and held to the Cargo-built binaries:
//!
//! - `bundle/<puzzle>`: the single-file source, made once, fits 64 KB; `bundle/<puzzle>-plain`,
//!   the plain program (`judge_tests::bundle::plain_bundle`), fits 16,000 bytes.
//! - `bundle/<toolchain>-<edition>/<puzzle>`: it compiles with plain rustc (no Cargo, no crates)
//!   with no warning, under every edition a judge offers: 2015, 2018, 2021 and 2024 with the
//!   default toolchain (`stable`), 2015, 2018 and 2021 with Rust 1.70, the workspace's
//!   `rust-version` (`rustc +1.70`; `make test` installs that toolchain when it is missing).
//!   Each build is made once ([`bundle::compile()`]): `tests/binaries` compiles the plain
//!   programs as judges do too, and finds the ones made here (or makes them for this test).
//! - `dist/build`: the static build; `dist/<puzzle>`: that binary asks for no dynamic loader and
//!   no shared library, and has no symbol table (while an ordinary Cargo build, such as this test
//!   binary, asks for both). The static binaries are the ones every other test runs
//!   ([`judge_tests::binary_path`]), so the judge cases of `cases.rs` are their case-by-case test.
//! - `standalone/eight`: eight's README's way to take the crate out of the workspace works.
//! - `bundle/<toolchain>-<edition>/<puzzle>/<case>`: the same stdout, stderr, exit status and
//!   verdict as the static Cargo build (run once a case, shared by the builds that run it). The
//!   plain program (`.../<puzzle>-plain/<case>`) is held to the same stdout, exit status and
//!   verdict; its stderr has words of its own, so it must have as many lines as the Cargo
//!   build's, an error line starting `<puzzle>: error: ` where that one fails.
//!
//! The cost is the compiling (the cases take milliseconds), so each build does what only it can
//! prove ([`Build`]):
//! - **stable 2021 with `-O`**, the build judges run most, built as they build it: every
//!   bundle, fast and plain, on every judge case. The answers are checked here, case by case.
//! - **stable 2024 and Rust 1.70 with 2015**: compiled to a program and run on the published
//!   samples. With the above, every edition but 2018 (below) is compiled to a program and run:
//!   2021 on every case, 2024 under the only toolchain that knows it, 2015 under the oldest
//!   toolchain, whose std and code generation this run is the one test of (a toolchain's
//!   behaviour at run time does not depend on the edition the text is read in: Rust 1.70's
//!   std under 2015 is its std under 2021).
//! - **stable 2015, stable 2018, Rust 1.70 with 2018 and Rust 1.70 with 2021**: checked only
//!   (`--emit=metadata`: name resolution, type and borrow checking and the lints, no code
//!   generation), no line of output allowed. An edition changes how the text is read (paths,
//!   prelude, method lookup, macros, which closures capture what) and a toolchain which std items
//!   exist and which lints warn, all settled before code generation; what an edition means at
//!   run time it means under every toolchain, so each edition's run above proves it for both.
//!   The few lints a check leaves out (`arithmetic_overflow`, `unconditional_panic`: rustc finds
//!   them in the code it is about to generate) look at what the code computes, which no edition
//!   changes, and each toolchain's runs above compile code. Edition 2018 changed paths and
//!   syntax (the module system, `dyn`, new keywords), not what a program that compiles does at
//!   run time, so checking it under both toolchains proves what a run would; 2015, whose paths
//!   and prelude differ most, is the edition Rust 1.70 runs.
//!
//! The sample builds are compiled with release semantics (no overflow checks, no
//! `debug_assert!`) but unoptimised (`-C opt-level=0 -C debug-assertions=off`): they prove the
//! same two things, no warning and the same answer, for less compile time. Eight's plain program
//! is the exception, at opt-level 1 ([`OPTIMISED_FOR_ITS_RUNS`]): it builds the whole table of
//! 9!/2 boards with std collections on every run, which unoptimised costs more than the compile
//! it saves, on each sample; the other plain programs' tables are small enough to stay at 0.

use crate::trial::{Failed, Trial};
use judge_tests::bundle;
use judge_tests::cases::{self, Case};
use judge_tests::runner::{self, Run};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

/// A build shared by many trials: done by the first that needs it, its outcome seen by all.
type Shared<T> = Arc<OnceLock<Result<T, String>>>;

/// What a build of the matrix does with a bundle (module docs: why each is enough).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Build {
    /// Built as judges build it (`-O`), run on every judge case.
    Judges,
    /// Built with release semantics at opt-level 0, run on the published samples.
    Samples,
    /// Checked only (`--emit=metadata`): every error and lint, no program.
    CheckOnly,
}

/// The builds every bundle gets, as (toolchain, edition, what is done): every edition each
/// toolchain knows, Rust 1.70 being the oldest a judge may run (the workspace's `rust-version`,
/// through rustup's `rustc +1.70`; it predates edition 2024). Every edition but 2018, and each
/// toolchain, is compiled to a program and run at least once; see the module docs for why the
/// checks need no run.
const BUILDS: [(&str, &str, Build); 7] = [
    ("stable", "2021", Build::Judges),
    ("stable", "2024", Build::Samples),
    ("1.70", "2015", Build::Samples),
    ("stable", "2015", Build::CheckOnly),
    ("stable", "2018", Build::CheckOnly),
    ("1.70", "2018", Build::CheckOnly),
    ("1.70", "2021", Build::CheckOnly),
];

/// The programs the sample builds compile at opt-level 1, not 0: each run of theirs, unoptimised,
/// costs more than the optimisation (module docs).
const OPTIMISED_FOR_ITS_RUNS: [&str; 1] = ["eight-plain"];

/// Bundles `puzzle` as `make bundle` does (its plain program if `plain`), checks its size, and
/// writes it to `target/bundle/<puzzle>.rs` (`<puzzle>-plain.rs`); returns that file.
fn make_bundle(puzzle: &str, plain: bool) -> Result<PathBuf, String> {
    let root = judge_tests::workspace_root();
    let (made, limit) = if plain {
        (bundle::plain_bundle(&root, puzzle)?, bundle::PLAIN_SIZE_LIMIT)
    } else {
        (bundle::bundle(&root, puzzle)?, bundle::SIZE_LIMIT)
    };
    if made.source.len() > limit {
        return Err(format!("{} bytes, over the {limit} byte limit", made.source.len()));
    }
    bundle::write(&made, &judge_tests::target_dir().join("bundle")).map_err(|e| e.to_string())
}

/// Compiles the bundle `source` named `name` with rustc alone, as a judge would, with
/// `toolchain` and `edition`, once per distinct source and build ([`bundle::compile()`], its
/// binaries under `target/bundle/builds`); returns the binary (for [`Build::CheckOnly`], the
/// crate's metadata file, which nothing runs).
fn build_bundle(
    source: &Path,
    name: &str,
    (toolchain, edition, build): (&str, &str, Build),
) -> Result<PathBuf, String> {
    let mut args = vec!["--edition", edition];
    match build {
        // Exactly as `tests/binaries` compiles the plain programs: the same build, made once.
        Build::Judges => args.push("-O"),
        // rustc writes the metadata beside `-o`'s path and renames it over it: a file of the
        // cache's own, never a device.
        Build::CheckOnly => args.push("--emit=metadata"),
        Build::Samples => {
            let level = match OPTIMISED_FOR_ITS_RUNS.contains(&name) {
                true => "opt-level=1",
                false => "opt-level=0",
            };
            args.extend(["-C", level, "-C", "debug-assertions=off"]);
        }
    }
    bundle::compile(
        toolchain,
        &args,
        source,
        name,
        &judge_tests::target_dir().join("bundle").join("builds"),
    )
}

/// Builds every puzzle as `make dist` does (same flags, same folder, so after `make dist` this
/// is a no-op); returns the folder holding the binaries.
fn build_static(puzzles: &[String]) -> Result<PathBuf, String> {
    let dir = judge_tests::target_dir().join("static");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(judge_tests::workspace_root())
        // Exactly `make dist`'s build: none of the linting wrapper `make test` builds the tests
        // with, nor its flags.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env("RUSTFLAGS", "-C target-feature=+crt-static")
        .args([
            "build",
            "--profile",
            "dist",
            "--quiet",
            "--target",
            judge_tests::STATIC_TARGET,
            "--target-dir",
        ])
        .arg(&dir);
    for puzzle in puzzles {
        command.args(["-p", puzzle]);
    }
    let built = command.output().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !built.status.success() {
        return Err(format!(
            "static build: {}\n{}",
            built.status,
            String::from_utf8_lossy(&built.stderr)
        ));
    }
    Ok(judge_tests::static_binaries(&judge_tests::target_dir()))
}

/// Whether `compiled` runs `case`: every case under the judges' build, the
/// published samples under the sample builds, none under the checks.
fn runs_case(compiled: &Compiled, case: &Case) -> bool {
    match compiled.build.2 {
        Build::Judges => true,
        Build::Samples => is_published_sample(case),
        Build::CheckOnly => false,
    }
}

/// A puzzle's published sample: `<judge>-sample`, or USACO's first test, which is its sample.
fn is_published_sample(case: &Case) -> bool {
    case.name.ends_with("-sample") || case.name == "usaco-1"
}

/// One bundle (or plain program) under one build, made by the first trial that needs it.
#[derive(Clone)]
struct Compiled {
    puzzle: String,
    plain: bool,
    build: (&'static str, &'static str, Build),
    source: Shared<PathBuf>,
    binary: Shared<PathBuf>,
}

impl Compiled {
    /// `msquare` or `msquare-plain`: the bundle's file and binary name.
    fn name(&self) -> String {
        match self.plain {
            true => format!("{}-plain", self.puzzle),
            false => self.puzzle.clone(),
        }
    }

    fn binary(&self) -> Result<PathBuf, Failed> {
        shared(&self.binary, || {
            let source = self
                .source
                .get_or_init(|| make_bundle(&self.puzzle, self.plain))
                .clone()?;
            build_bundle(&source, &self.name(), self.build)
        })
    }
}

fn shared<T: Clone>(cell: &Shared<T>, build: impl FnOnce() -> Result<T, String>) -> Result<T, Failed> {
    cell.get_or_init(build)
        .clone()
        .map_err(|e| format!("the build failed (see its own test): {e}").into())
}

/// Runs `case`'s input through `binary`.
fn run_case(case: &Case, binary: &Path) -> Result<Run, String> {
    let input = fs::read(&case.input).map_err(|e| format!("{}: {e}", case.input.display()))?;
    runner::direct::run(&mut Command::new(binary), &input, None)
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))
}

/// Runs `case` through `candidate` and compares it with the Cargo-built binary's run of the same
/// case (made by the first of the builds to need it): they must agree on every byte and
/// status, and on the verdict; a `plain` program's stderr only on its lines (module docs).
fn same_as_cargo_build(case: &Case, reference: &Shared<Arc<Run>>, candidate: &Path, plain: bool) -> Result<(), Failed> {
    let expected = reference
        .get_or_init(|| run_case(case, &judge_tests::binary_path(&case.puzzle)).map(Arc::new))
        .clone()
        .map_err(|e| format!("the Cargo build: {e}"))?;
    let actual = run_case(case, candidate)?;
    if let Some(answer) = &case.expected {
        let answer = fs::read(answer).map_err(|e| format!("{}: {e}", answer.display()))?;
        let (want, got) = (
            runner::exact_verdict(&expected, &answer),
            runner::exact_verdict(&actual, &answer),
        );
        if want != got {
            return Err(format!("verdict {got}, the Cargo build gets {want}").into());
        }
    }
    let lines = |stderr: &[u8]| stderr.split(|&byte| byte == b'\n').count();
    let error_line = format!("{}: error: ", case.puzzle);
    let stderr_agrees = match plain {
        false => actual.stderr == expected.stderr,
        true => {
            lines(&actual.stderr) == lines(&expected.stderr)
                && (actual.code == Some(0)
                    || String::from_utf8_lossy(&actual.stderr)
                        .lines()
                        .last()
                        .is_some_and(|line| line.starts_with(&error_line)))
        }
    };
    if actual.code != expected.code || !stderr_agrees || actual.stdout != expected.stdout {
        return Err(format!(
            "exit {:?} (Cargo build: {:?}); stderr {:?} (Cargo build: {:?})\n{}",
            actual.code,
            expected.code,
            String::from_utf8_lossy(&actual.stderr),
            String::from_utf8_lossy(&expected.stderr),
            runner::line_diff(&expected.stdout, &actual.stdout)
        )
        .into());
    }
    Ok(())
}

/// The crate README's way to study one puzzle alone, done once, for `puzzle`: its folder and
/// `common/` copied to a temporary folder with the root `Cargo.toml` the README's "Study this
/// puzzle alone" shows, built there by Cargo alone (offline, with the workspace's `Cargo.lock`,
/// whose crates `make test` has fetched), and run on the judge case `sample`.
fn standalone(puzzle: &str, sample: &str) -> Result<(), Failed> {
    let root = judge_tests::workspace_root();
    let readme_path = root.join(puzzle).join("README.md");
    let readme = fs::read_to_string(&readme_path).map_err(|e| format!("{}: {e}", readme_path.display()))?;
    let manifest = readme
        .split("## Study this puzzle alone")
        .nth(1)
        .and_then(|section| section.split("```toml\n").nth(1))
        .and_then(|block| block.split("```").next())
        .ok_or_else(|| {
            format!(
                "{}: no Cargo.toml under \"Study this puzzle alone\"",
                readme_path.display()
            )
        })?;
    let dir = judge_tests::target_dir().join("standalone").join(puzzle);
    let _ = fs::remove_dir_all(&dir);
    for folder in [puzzle, "common"] {
        copy_folder(&root.join(folder), &dir.join(folder))?;
    }
    fs::write(dir.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).map_err(|e| e.to_string())?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let built = Command::new(cargo)
        .current_dir(&dir)
        // A user's plain build: none of `make test`'s linting wrapper or flags.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        // Without debug information, which nothing here reads: a cheaper build that proves the
        // same (the manifest is complete, the crates compile alone, the binary answers).
        .env("CARGO_PROFILE_DEV_DEBUG", "false")
        // Nor the incremental cache of a dev build, which no later build reads: the folder goes
        // when the test ends.
        .env("CARGO_INCREMENTAL", "0")
        .args(["build", "--offline", "--quiet", "-p", puzzle])
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !built.status.success() {
        return Err(format!(
            "cargo build in {}: {}\n{}",
            dir.display(),
            built.status,
            String::from_utf8_lossy(&built.stderr)
        )
        .into());
    }
    let data = judge_tests::data_dir().join(puzzle);
    let input = fs::read(data.join(format!("{sample}.in"))).map_err(|e| e.to_string())?;
    let expected = fs::read(data.join(format!("{sample}.out"))).map_err(|e| e.to_string())?;
    let binary = dir.join("target/debug").join(puzzle);
    let ran = runner::direct::run(&mut Command::new(&binary), &input, None)
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    if ran.code != Some(0) || ran.stdout != expected {
        return Err(format!("exit {:?}\n{}", ran.code, runner::line_diff(&expected, &ran.stdout)).into());
    }
    fs::remove_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(())
}

/// Copies the folder `from` to `to`, every file and folder in it.
fn copy_folder(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_folder(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// What the ELF file at `path` asks of the system at load time.
#[derive(Debug, PartialEq, Eq)]
struct Linking {
    /// A `PT_INTERP` header: the dynamic loader the kernel must start first.
    interpreter: bool,
    /// `DT_NEEDED` entries: shared libraries to load.
    needed: usize,
    /// A `SHT_SYMTAB` section: the binary is not stripped.
    symbol_table: bool,
}

/// Reads the program and section headers of a 64-bit little-endian ELF file.
fn linking(path: &Path) -> Result<Linking, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let field = |at: usize, size: usize| -> Result<u64, String> {
        let slice = bytes.get(at..at + size).ok_or("truncated ELF file")?;
        Ok(slice.iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte)))
    };
    if bytes.get(..6) != Some(b"\x7fELF\x02\x01") {
        return Err("not a 64-bit little-endian ELF file".into());
    }
    let (program_headers, program_size, programs) = (field(0x20, 8)?, field(0x36, 2)?, field(0x38, 2)?);
    let (section_headers, section_size, sections) = (field(0x28, 8)?, field(0x3A, 2)?, field(0x3C, 2)?);
    let mut found = Linking {
        interpreter: false,
        needed: 0,
        symbol_table: false,
    };
    for index in 0..programs {
        let header = (program_headers + index * program_size) as usize;
        match field(header, 4)? {
            3 => found.interpreter = true, // PT_INTERP
            2 => {
                // PT_DYNAMIC (a static-pie binary keeps one to relocate itself): count DT_NEEDED.
                let (start, size) = (field(header + 8, 8)? as usize, field(header + 0x20, 8)? as usize);
                for entry in (start..start + size).step_by(16) {
                    match field(entry, 8)? {
                        0 => break, // DT_NULL
                        1 => found.needed += 1,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    for index in 0..sections {
        let header = (section_headers + index * section_size) as usize;
        found.symbol_table |= field(header + 4, 4)? == 2; // SHT_SYMTAB
    }
    Ok(found)
}

/// Every trial of this part, for the one `judged` run in `main.rs`.
pub fn trials() -> Vec<Trial> {
    let root = judge_tests::workspace_root();
    let data = judge_tests::data_dir();
    let puzzles = bundle::puzzles(&root).expect("the workspace folder is readable");
    assert!(
        puzzles.iter().any(|p| p == "msquare"),
        "no puzzles found in {}",
        root.display()
    );

    // The two slow builds first, so that they run side by side: the static one in one thread,
    // the bundles one after another in the other.
    let static_dir: Shared<PathBuf> = Arc::default();
    let mut trials = Vec::new();
    let (cell, names) = (static_dir.clone(), puzzles.clone());
    trials.push(Trial::test("dist/build", move || {
        shared(&cell, || build_static(&names)).map(drop)
    }));
    let mut bundles = Vec::new();
    let mut sources = Vec::new();
    for plain in [false, true] {
        for puzzle in &puzzles {
            let cell: Shared<PathBuf> = Arc::default();
            sources.push((puzzle.clone(), plain, cell.clone()));
            let name = puzzle.clone();
            let shown = if plain {
                format!("{puzzle}-plain")
            } else {
                puzzle.clone()
            };
            trials.push(Trial::test(format!("bundle/{shown}"), move || {
                shared(&cell, || make_bundle(&name, plain)).map(drop)
            }));
        }
    }
    for build in BUILDS {
        let (toolchain, edition, _) = build;
        for (puzzle, plain, source) in &sources {
            let compiled = Compiled {
                puzzle: puzzle.clone(),
                plain: *plain,
                build,
                source: source.clone(),
                binary: Arc::default(),
            };
            bundles.push(compiled.clone());
            trials.push(Trial::test(
                format!("bundle/{toolchain}-{edition}/{}", compiled.name()),
                move || compiled.binary().map(drop),
            ));
        }
    }
    for puzzle in &puzzles {
        let (cell, name, all) = (static_dir.clone(), puzzle.clone(), puzzles.clone());
        trials.push(Trial::test(format!("dist/{puzzle}"), move || {
            let binary = shared(&cell, || build_static(&all))?.join(&name);
            let found = linking(&binary)?;
            let want = Linking {
                interpreter: false,
                needed: 0,
                symbol_table: false,
            };
            if found != want {
                return Err(format!("{}: {found:?}, want {want:?}", binary.display()).into());
            }
            Ok(())
        }));
    }
    trials.push(Trial::test("standalone/eight", || {
        standalone("eight", "poj1077-sample")
    }));
    // The ELF reader itself, on a binary known to need the loader: an ordinary Cargo build, this
    // test binary.
    trials.push(Trial::test("dist/elf-reader-sees-a-dynamic-cargo-build", move || {
        let dynamic = std::env::current_exe().map_err(|e| format!("this test's own path: {e}"))?;
        let found = linking(&dynamic)?;
        if !found.interpreter || found.needed == 0 {
            return Err(format!("{}: {found:?}, want a loader and libraries", dynamic.display()).into());
        }
        Ok(())
    }));
    // One reference run a case, shared by the builds of its puzzle that run it.
    let mut cases_of = Vec::new();
    for puzzle in &puzzles {
        // A puzzle with no data folder yet has no cases to run.
        let found = cases::discover(&data, puzzle).unwrap_or_default();
        let runs: Vec<Shared<Arc<Run>>> = found.iter().map(|_| Arc::default()).collect();
        cases_of.push((puzzle.clone(), found, runs));
    }
    for compiled in bundles {
        let (toolchain, edition, _) = compiled.build;
        let (_, found, runs) = cases_of
            .iter()
            .find(|(puzzle, _, _)| *puzzle == compiled.puzzle)
            .expect("every bundle is of a listed puzzle");
        for (case, reference) in found.iter().zip(runs) {
            if !runs_case(&compiled, case) {
                continue;
            }
            let (compiled, case, reference) = (compiled.clone(), case.clone(), reference.clone());
            let name = match compiled.plain {
                true => format!("{}-plain/{}", case.puzzle, case.name),
                false => case.id(),
            };
            trials.push(Trial::test(format!("bundle/{toolchain}-{edition}/{name}"), move || {
                same_as_cargo_build(&case, &reference, &compiled.binary()?, compiled.plain)
            }));
        }
    }
    trials
}
