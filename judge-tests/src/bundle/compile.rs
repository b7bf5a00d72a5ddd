//! A bundle compiled with rustc alone, as a judge compiles it, at most once per distinct build:
//! the tests that compile the same bundle with the same toolchain and flags (the bundle matrix
//! of `tests/judged` and the plain programs of `tests/binaries`) share one compile.
//!
//! The cache is content-addressed: a binary is kept under a key made of everything that decides
//! what rustc makes of it (the toolchain's `rustc -vV`, the arguments, the program's name, the
//! source's bytes), so a changed bundle, flag or toolchain is compiled afresh and an unchanged one
//! never twice. Only a compile that succeeded without a word from rustc is kept: a failing or
//! warning build fails again on every run. Each (toolchain, arguments, name) keeps its newest
//! binary only, so the folder does not grow as the sources change.

use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeMap;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `rustc` for `toolchain`: `stable` is the default one (`RUSTC` when set, as Cargo sets it),
/// any other is rustup's `rustc +<toolchain>`.
fn rustc(toolchain: &str) -> Command {
    match toolchain {
        "stable" => Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())),
        _ => {
            let mut rustc = Command::new("rustc");
            rustc.arg(format!("+{toolchain}"));
            rustc
        }
    }
}

/// `rustc -vV` of `toolchain` (its release, commit and host), asked once per process.
fn version(toolchain: &str) -> Result<String, String> {
    static VERSIONS: Mutex<BTreeMap<String, String>> = Mutex::new(BTreeMap::new());
    let mut versions = VERSIONS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(known) = versions.get(toolchain) {
        return Ok(known.clone());
    }
    let asked = rustc(toolchain)
        .arg("-vV")
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if !asked.status.success() {
        return Err(format!(
            "rustc +{toolchain} -vV: {}\n{}{}",
            asked.status,
            hint(toolchain),
            String::from_utf8_lossy(&asked.stderr)
        ));
    }
    let found = String::from_utf8_lossy(&asked.stdout).into_owned();
    versions.insert(toolchain.to_string(), found.clone());
    Ok(found)
}

/// How to install `toolchain` when it is missing (nothing for the default one).
fn hint(toolchain: &str) -> String {
    match toolchain {
        "stable" => String::new(),
        _ => format!("(`rustup toolchain install {toolchain} --profile minimal` if it is missing)\n"),
    }
}

/// Compiles `source` with `rustc +<toolchain> <args> -o <name>`, or finds the binary an earlier
/// compile of the same source, toolchain, arguments and name left in `cache`; returns the binary
/// (for `--emit=metadata`, the crate's metadata file).
///
/// # Errors
/// If rustc cannot run, fails, or prints anything (a warning is an error here, as judges with
/// `-D warnings` would have it); the message holds the command and rustc's words.
///
/// # Complexity
/// One rustc run on a miss; on a hit, reading `source` and hashing it.
pub fn compile(toolchain: &str, args: &[&str], source: &Path, name: &str, cache: &Path) -> Result<PathBuf, String> {
    let bytes = fs::read(source).map_err(|e| format!("{}: {e}", source.display()))?;
    let mut key = DefaultHasher::new();
    (version(toolchain)?, args, name, bytes).hash(&mut key);
    let key = format!("{:016x}", key.finish());
    // One folder per toolchain and arguments, named after them so that a person can find a build.
    let slot_name: String = std::iter::once(toolchain)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ")
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let slot = cache.join(slot_name);
    let kept = slot.join(format!("{name}.{key}"));
    if kept.is_file() {
        return Ok(kept);
    }
    // A private folder for rustc's output and its temporary files, so that two processes
    // compiling the same name never meet; the binary is renamed into place whole.
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let scratch = slot.join(format!(
        "tmp-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let output = scratch.join(name);
    let compiled = rustc(toolchain).args(args).arg("-o").arg(&output).arg(source).output();
    let outcome = match compiled {
        Err(e) => Err(format!("cannot run rustc: {e}")),
        Ok(compiled) => {
            let messages = String::from_utf8_lossy(&compiled.stderr);
            match compiled.status.success() && messages.trim().is_empty() {
                true => fs::rename(&output, &kept).map_err(|e| format!("{}: {e}", kept.display())),
                false => Err(format!(
                    "rustc +{toolchain} {} {}: {}\n{}{messages}",
                    args.join(" "),
                    source.display(),
                    compiled.status,
                    hint(toolchain)
                )),
            }
        }
    };
    let _ = fs::remove_dir_all(&scratch);
    outcome?;
    // The older binaries of this name in this slot: no source makes them any more.
    let older = format!("{name}.");
    for entry in fs::read_dir(&slot).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let is_older = file
            .strip_prefix(&older)
            .is_some_and(|digits| digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_hexdigit()) && digits != key);
        if is_older {
            let _ = fs::remove_file(entry.path());
        }
    }
    Ok(kept)
}
