//! The references' tables kept between `judge` processes (`judge_oracle::checker::cache`): the
//! first `judge check` keeps its table where `JUDGE_CACHE_DIR` says, with the binary that built
//! it; a later one reads it and leaves it as it is; a damaged one is built again, with the same
//! verdict, and kept whole; an empty `JUDGE_CACHE_DIR` keeps nothing. That a kept table is read
//! rather than built again is shown in the oracle's own tests (`a_table_is_built_once_then_read`).

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `judge check eight` on POJ 1077's sample, its answer strictly, with the tables in `folder`:
/// its status and stdout.
fn check_sample(folder: &Path) -> (Option<i32>, String) {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/eight");
    let done = Command::new(judge_tests::binary_path("judge"))
        .args(["check", "eight", "--checker-level", "strict"])
        .arg(data.join("poj1077-sample.in"))
        .arg(data.join("poj1077-sample.out"))
        .env("JUDGE_CACHE_DIR", folder)
        .output()
        .unwrap();
    (done.status.code(), String::from_utf8_lossy(&done.stdout).into_owned())
}

#[test]
fn the_table_is_kept_once_by_the_binary_that_built_it() {
    let folder: PathBuf = std::env::temp_dir().join(format!("judge-cache-{}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    let (status, verdict) = check_sample(&folder);
    assert_eq!(status, Some(0), "{verdict}");
    assert!(verdict.starts_with("ok 1 board, 19 moves"), "{verdict}");
    let table = folder.join("eight");
    let kept = fs::read(&table).unwrap();
    // The second line names the judge binary: device, inode, size, modification time.
    let judge = fs::metadata(judge_tests::binary_path("judge")).unwrap();
    let identity = format!(
        "{} {} {} {}.{:09}",
        judge.dev(),
        judge.ino(),
        judge.size(),
        judge.mtime(),
        judge.mtime_nsec()
    );
    let header: Vec<&[u8]> = kept.splitn(3, |&byte| byte == b'\n').take(2).collect();
    assert_eq!(header, [&b"judge reference table 1"[..], identity.as_bytes()]);
    // Read again, not written again: the same file, untouched.
    let before = fs::metadata(&table).unwrap();
    assert_eq!(check_sample(&folder), (status, verdict.clone()));
    let after = fs::metadata(&table).unwrap();
    assert_eq!((after.ino(), after.mtime_nsec()), (before.ino(), before.mtime_nsec()));
    // Damaged: the same verdict, from a table built again and kept whole.
    fs::write(&table, &kept[..kept.len() - 10]).unwrap();
    assert_eq!(check_sample(&folder), (status, verdict.clone()));
    assert_eq!(fs::read(&table).unwrap(), kept);
    let names: Vec<_> = fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["eight"]);
    fs::remove_dir_all(&folder).unwrap();
    // Empty: nowhere, not even in the XDG folders.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/eight");
    let done = Command::new(judge_tests::binary_path("judge"))
        .args(["check", "eight"])
        .arg(data.join("poj1077-sample.in"))
        .arg(data.join("poj1077-sample.out"))
        .env("JUDGE_CACHE_DIR", "")
        .env("HOME", &folder)
        .env("XDG_CACHE_HOME", &folder)
        .output()
        .unwrap();
    assert_eq!(done.status.code(), Some(0));
    assert!(!folder.exists());
}
