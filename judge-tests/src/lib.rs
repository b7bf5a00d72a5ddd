//! Judge tests for the puzzle binaries: case discovery, a process runner with verdicts,
//! independent reference solvers, and (in `bin/judge.rs`) the `judge` command.
//!
//! Nothing here is pasted into a submission, so it may use crates freely.

pub mod bundle;
pub mod cases;
pub mod checker;
pub mod reference;
pub mod runner;

use std::path::{Path, PathBuf};

/// The workspace root (the folder holding the top `Cargo.toml`).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("judge-tests lives inside the workspace")
        .to_path_buf()
}

/// The folder of judge cases, `judge-tests/data`.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// The path of a built puzzle binary.
///
/// Looks beside the running executable (`target/<profile>/` for `judge`,
/// `target/<profile>/deps/..` for tests), so tests built in release mode run the release
/// binaries; `JUDGE_BIN_DIR` overrides the folder. Tests built with the `test-release` profile
/// (`make test`: no fat LTO) run the shipped binaries, from `target/release`, and only this
/// crate's own tools (`src/bin`: `judge`, `peak-rss`) from their own folder.
pub fn binary_path(name: &str) -> PathBuf {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    if let Some(dir) = std::env::var_os("JUDGE_BIN_DIR") {
        return PathBuf::from(dir).join(file);
    }
    let exe = std::env::current_exe().expect("the running executable has a path");
    let mut dir = exe.parent().expect("an executable lives in a folder").to_path_buf();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let own_tool = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("src/bin/{name}.rs"))
        .is_file();
    if dir.ends_with("test-release") && !own_tool {
        dir.set_file_name("release");
    }
    dir.join(file)
}
