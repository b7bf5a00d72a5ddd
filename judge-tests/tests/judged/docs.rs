//! The documents kept true by tests:
//!
//! - `docs/proved-by/<file>`: every fast-tier file of the puzzle crates (`state.rs`, `search.rs`
//!   and the files under `search/`), every study file (the files under `study/` but the index,
//!   `mod.rs`) and `common`'s stepper opens with an **Equals:** and a **Proved by:** heading, and
//!   every name in back-quotes after "Proved by:" is a test function of the workspace or a test
//!   file of judge-tests; a renamed test cannot leave a header naming one that no longer exists.
//! - `docs/links/<file>`: every relative link in the workspace's Markdown files resolves to a
//!   file or folder of the checkout (anchors and web addresses are left alone).

use std::fs;
use std::path::{Path, PathBuf};

use crate::trial::{Failed, Trial};

/// The crates whose fast tier carries the headers.
const PUZZLES: [&str; 3] = ["msquare", "colour-hash", "eight"];

/// Folders never searched for sources or documents: builds, dependencies, the bundles.
const SKIPPED: [&str; 5] = ["target", "node_modules", "dist", ".git", ".mirror"];

pub fn trials() -> Vec<Trial> {
    let root = judge_tests::workspace_root();
    let mut trials = vec![Trial::test(
        "docs/the checks catch what they are for",
        the_checks_catch_what_they_are_for,
    )];
    for file in fast_tier_files(&root) {
        let name = format!("docs/proved-by/{}", relative(&root, &file));
        let root = root.clone();
        trials.push(Trial::test(name, move || check_header(&root, &file)));
    }
    for file in files_under(&root, "md") {
        let name = format!("docs/links/{}", relative(&root, &file));
        let root = root.clone();
        trials.push(Trial::test(name, move || check_links(&root, &file)));
    }
    trials
}

fn relative(root: &Path, file: &Path) -> String {
    file.strip_prefix(root).unwrap_or(file).display().to_string()
}

/// `state.rs`, `search.rs` and `search/*.rs` of each puzzle crate, its `study/*.rs` but the
/// index `mod.rs`, and `common`'s stepper (the study tier's one breadth-first search).
fn fast_tier_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for puzzle in PUZZLES {
        let src = root.join(puzzle).join("src");
        for name in ["state.rs", "search.rs"] {
            files.push(src.join(name));
        }
        for folder in ["search", "study"] {
            let Ok(entries) = fs::read_dir(src.join(folder)) else {
                continue;
            };
            let mut inner: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            inner.retain(|path| path.extension().is_some_and(|ext| ext == "rs") && !path.ends_with("mod.rs"));
            inner.sort();
            files.extend(inner);
        }
    }
    files.push(root.join("common/src/stepper.rs"));
    files
}

/// Every file with the extension `ext` in the checkout, outside [`SKIPPED`] folders, sorted.
fn files_under(root: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !SKIPPED.contains(&name.as_str()) {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|e| e == ext) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The file's leading `//!` block, without the markers.
fn module_docs(source: &str) -> Vec<&str> {
    source
        .lines()
        .map_while(|line| line.strip_prefix("//!"))
        .map(str::trim)
        .collect()
}

/// The back-quoted names of the paragraph that starts at "**Proved by:**": up to a blank doc
/// line or the next bold heading.
fn proved_by_names(docs: &[&str]) -> Option<Vec<String>> {
    let start = docs.iter().position(|line| line.contains("**Proved by:**"))?;
    let mut text = docs[start].split("**Proved by:**").nth(1).unwrap_or("").to_string();
    for line in &docs[start + 1..] {
        if line.is_empty() || line.starts_with("**") {
            break;
        }
        text.push(' ');
        text.push_str(line);
    }
    // Stop at a later bold heading on the same lines ("**Why it is faster:**").
    if let Some(end) = text.find("**") {
        text.truncate(end);
    }
    let names = text
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
        .map(str::to_string)
        .collect();
    Some(names)
}

/// Whether `name` is a function of the workspace's sources (`fn name(` or `fn name<`) or a test
/// file of judge-tests (`tests/*/name.rs`).
fn names_a_test(root: &Path, sources: &[String], name: &str) -> bool {
    let declared = [format!("fn {name}("), format!("fn {name}<")];
    if sources
        .iter()
        .any(|source| declared.iter().any(|d| source.contains(d.as_str())))
    {
        return true;
    }
    let tests = root.join("judge-tests").join("tests");
    fs::read_dir(tests)
        .into_iter()
        .flatten()
        .flatten()
        .any(|entry| entry.path().join(format!("{name}.rs")).is_file())
}

fn check_header(root: &Path, file: &Path) -> Result<(), Failed> {
    let source = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let docs = module_docs(&source);
    if !docs.iter().any(|line| line.contains("**Equals:**")) {
        return Err("no **Equals:** heading in the module docs".into());
    }
    let names = proved_by_names(&docs).ok_or("no **Proved by:** heading in the module docs")?;
    if names.is_empty() {
        return Err("**Proved by:** names no test in back-quotes".into());
    }
    let sources: Vec<String> = files_under(root, "rs")
        .iter()
        .filter_map(|path| fs::read_to_string(path).ok())
        .collect();
    let missing: Vec<&String> = names
        .iter()
        .filter(|name| !names_a_test(root, &sources, name))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("**Proved by:** names tests that do not exist: {missing:?}").into())
    }
}

/// The targets of the inline links `[text](target)` in `text`, outside code spans and blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Drop code spans, whose brackets are not links.
        let outside: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = outside.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].trim().to_string());
            rest = &after[end..];
        }
    }
    targets
}

fn check_links(root: &Path, file: &Path) -> Result<(), Failed> {
    let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let folder = file.parent().unwrap_or(root);
    let mut broken = Vec::new();
    for target in link_targets(&text) {
        let path = target.split('#').next().unwrap_or("");
        if path.is_empty() || path.contains("://") || path.starts_with("mailto:") {
            continue;
        }
        // Links into build output (`target/page/study.html`) name what `make` writes.
        if path.starts_with("target/") || path.contains("/target/") {
            continue;
        }
        if !folder.join(path).exists() {
            broken.push(target);
        }
    }
    if broken.is_empty() {
        Ok(())
    } else {
        Err(format!("links that resolve to nothing: {broken:?}").into())
    }
}

/// The checks themselves fail where they should: a header naming a test that does not exist, a
/// link to a file that does not exist.
fn the_checks_catch_what_they_are_for() -> Result<(), Failed> {
    let root = judge_tests::workspace_root();
    let docs = [
        "**Equals:** something.",
        "**Proved by:** `check_header` and `no_such_test_anywhere_here` (below).",
        "",
        "`not_a_name_after_the_paragraph`",
    ];
    let names = proved_by_names(&docs).ok_or("no names read")?;
    if names != ["check_header", "no_such_test_anywhere_here"] {
        return Err(format!("read {names:?}").into());
    }
    let sources = vec![fs::read_to_string(root.join(file!())).unwrap_or_default()];
    if !names_a_test(&root, &sources, "check_header") || names_a_test(&root, &sources, "no_such_test_anywhere_here") {
        return Err("a name's existence misjudged".into());
    }
    if !names_a_test(&root, &[], "random_colour_hash") {
        return Err("a judge-tests test file not found".into());
    }
    let links = link_targets("[a](docs/x.md) `[b](not/a/link.md)` [c](https://example.com)\n```\n[d](e.md)\n```");
    if links != ["docs/x.md", "https://example.com"] {
        return Err(format!("links read {links:?}").into());
    }
    Ok(())
}
