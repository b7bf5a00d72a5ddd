//! The plain bundle: `dist/<puzzle>-plain.rs`, the crate's plain tier as one std-only program a
//! student reads top to bottom.
//!
//! Its source is `<puzzle>/src/plain.rs` (the method, its proofs and the crate docs' worked
//! examples) with each `mod x;` in it pasted in place as `mod x { ... }` from `plain/x.rs` (the
//! judges' input and output in their plain form, and `x::main`), then a `main` that calls
//! `io::main`. Unlike the fast bundle it is assembled as text, not printed from a syntax tree, so
//! that every comment stays as written: the doc comments are what the file is read for. The
//! syntax tree is used only to find, by their lines, what to leave out:
//!
//! - the tests (`#[cfg(test)]` items);
//! - every item the program never names, found by the fast bundle's pruning (`prune.rs`): the
//!   helpers only the crate's tests and study page call (`layer_sizes`, ...), so that the file
//!   compiles without a warning and without a blanket `allow`.
//!
//! The plain tier is written to need nothing else: the bundle is refused if it names `crate::`
//! or `common::`, or if the rewrites of `editions.rs` would change it (it must read alike under
//! editions 2015 to 2024 as written, since a rewrite would have to reprint it without its
//! comments).

use proc_macro2::{LineColumn, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::BTreeSet;
use std::path::Path;
use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item};

use super::{editions, indent_with_tabs, is_test_only, names_after, prune::prune, read, Bundle, Strip};

/// The most bytes a plain bundle may have: PTA's usual code-length limit (16 KB on its problem
/// sets, 16,000 bytes on PAT's), the smallest among the judges that host these puzzles.
pub const PLAIN_SIZE_LIMIT: usize = 16_000;

/// Makes the plain single-file program of `puzzle`, the crate in `root/<puzzle>`.
///
/// # Errors
/// If a file cannot be read or parsed, if `plain.rs` has no `mod io` with a `main`, or if the
/// program names `crate::` or `common::` or would need an edition rewrite.
pub fn plain_bundle(root: &Path, puzzle: &str) -> Result<Bundle, String> {
    let src = root.join(puzzle).join("src");
    let plain_path = src.join("plain.rs");
    let pasted = paste(&plain_path, &src.join("plain"))?;
    let program = format!(
        "{}\n\n/// The judge program ([`io::main`]).\nfn main() -> std::process::ExitCode {{\n    io::main()\n}}\n",
        pasted.trim_end()
    );
    // Tabs as in the fast bundle: a quarter of the file would be indentation.
    let source = indent_with_tabs(&collapse_blank_lines(&without_unnamed(&program)?));

    let file = syn::parse_file(&source).map_err(|e| format!("the plain bundle of {puzzle}: {e}"))?;
    let tokens = file.to_token_stream();
    for root in ["crate", "common"] {
        if let Some(name) = names_after(&tokens, root).first() {
            return Err(format!(
                "{}: names `{root}::{name}`: the plain tier is one std-only program, it names nothing outside it",
                plain_path.display()
            ));
        }
    }
    let mut neutral = file.clone();
    editions::make_neutral(&mut neutral);
    if neutral.to_token_stream().to_string() != tokens.to_string() {
        return Err(format!(
            "{}: reads differently under some edition (see judge-tests/src/bundle/editions.rs); write it as every edition reads it",
            plain_path.display()
        ));
    }
    let header = format!(
        "// Made by `make bundle` from {puzzle}/src/plain.rs and plain/ (edit those); std only.\n\
         // Build: rustc -O {puzzle}-plain.rs\n\n"
    );
    Ok(Bundle {
        puzzle: format!("{puzzle}-plain"),
        source: header + &source,
        modules: Vec::new(),
    })
}

/// The text of the file at `path` without its tests, each `mod x;` in it replaced by
/// `mod x {`, the text of `dir/x.rs` (likewise), `}`.
fn paste(path: &Path, dir: &Path) -> Result<String, String> {
    let text = read(path)?;
    let file = syn::parse_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Bottom up, so that each edit leaves the line numbers above it as they were.
    let mut edits: Vec<(Lines, Option<String>)> = Vec::new();
    for item in &file.items {
        let lines = item_lines(item);
        if is_test_only(super::item_attrs(item)) {
            edits.push((lines, None));
        } else if let Item::Mod(module) = item {
            if module.content.is_none() {
                let name = module.ident.to_string();
                let inner = paste(&dir.join(format!("{name}.rs")), &dir.join(&name))?;
                edits.push((lines, Some(format!("mod {name} {{\n{}\n}}", indented(&inner)?))));
            }
        }
    }
    edits.sort_by_key(|(lines, _)| std::cmp::Reverse(lines.first));
    for (range, replacement) in edits {
        lines.splice(range.first - 1..range.last, replacement);
    }
    Ok(lines.join("\n") + "\n")
}

/// `text`, a module's source, one level deeper (four spaces on each line that is not empty), as
/// it reads inside `mod x { ... }`: the tab indentation of the bundle then takes that level off
/// again (`indent_with_tabs`), so every line keeps its own indentation, bodies included.
///
/// # Errors
/// If indenting would change a token (a string literal that spans lines).
fn indented(text: &str) -> Result<String, String> {
    let deeper: Vec<String> = text
        .trim_end()
        .lines()
        .map(|line| {
            if line.is_empty() {
                String::new()
            } else {
                format!("    {line}")
            }
        })
        .collect();
    let deeper = deeper.join("\n");
    let tokens = |text: &str| syn::parse_file(text).map(|file| file.to_token_stream().to_string());
    match (tokens(text), tokens(&deeper)) {
        (Ok(before), Ok(after)) if before == after => Ok(deeper),
        _ => Err("a pasted module has a string literal that spans lines: it cannot be indented".to_string()),
    }
}

/// The first and last line (from 1) of an item, its doc comments and attributes included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Lines {
    first: usize,
    last: usize,
}

fn item_lines(item: &impl ToTokens) -> Lines {
    let (first, last) = extent(item.to_token_stream());
    Lines {
        first: first.line,
        last: last.line,
    }
}

/// Where the first token of `tokens` starts and the last one ends.
fn extent(tokens: TokenStream) -> (LineColumn, LineColumn) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let start = |tree: &TokenTree| match tree {
        TokenTree::Group(group) => group.span_open().start(),
        other => other.span().start(),
    };
    let end = |tree: &TokenTree| match tree {
        TokenTree::Group(group) => group.span_close().end(),
        other => other.span().end(),
    };
    let origin = LineColumn { line: 0, column: 0 };
    (trees.first().map_or(origin, start), trees.last().map_or(origin, end))
}

/// `program` without the items [`prune`] removes: each one's lines, doc comments included. The
/// items are told apart by where they end, which stripping their docs does not move.
fn without_unnamed(program: &str) -> Result<String, String> {
    let file = syn::parse_file(program).map_err(|e| format!("the plain program: {e}"))?;
    let mut all = Vec::new();
    every_item(&file.items, &mut |end, lines| all.push((end, lines)));
    let mut pruned = file.clone();
    Strip.visit_file_mut(&mut pruned);
    prune(&mut pruned.items);
    let mut kept = BTreeSet::new();
    every_item(&pruned.items, &mut |end, _| {
        kept.insert(end);
    });
    let mut dropped = vec![false; program.lines().count() + 1];
    for (end, lines) in all {
        if !kept.contains(&end) {
            dropped[lines.first..=lines.last].fill(true);
        }
    }
    let text: Vec<&str> = program
        .lines()
        .enumerate()
        .filter(|(index, _)| !dropped[index + 1])
        .map(|(_, line)| line)
        .collect();
    Ok(text.join("\n") + "\n")
}

/// Calls `found(end, lines)` for every item, in modules and impl blocks too.
fn every_item(items: &[Item], found: &mut dyn FnMut((usize, usize), Lines)) {
    for item in items {
        let (_, end) = extent(item.to_token_stream());
        found((end.line, end.column), item_lines(item));
        match item {
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => every_item(inner, found),
            Item::Impl(block) => {
                for inner in &block.items {
                    if let ImplItem::Fn(_) | ImplItem::Const(_) | ImplItem::Type(_) = inner {
                        let (_, end) = extent(inner.to_token_stream());
                        found((end.line, end.column), item_lines(inner));
                    }
                }
            }
            _ => {}
        }
    }
}

/// `text` with each run of blank lines made one, and none at the end, after an opening brace or
/// before a closing one (where a left-out item leaves them).
fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = false;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank = true;
            continue;
        }
        let after_open = out.trim_end().ends_with('{');
        if blank && !out.is_empty() && !after_open && !line.trim_start().starts_with('}') {
            out.push('\n');
        }
        blank = false;
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A puzzle crate `toy` in a temporary folder whose `plain.rs` is `plain` and whose
    /// `plain/io.rs` prints `answer()` from its `main`.
    fn toy(name: &str, plain: &str) -> std::path::PathBuf {
        let root = std::env::temp_dir().join(format!("judge-plain-{name}-{}", std::process::id()));
        let io = "//! Reading and writing.\n\nuse std::process::ExitCode;\n\n/// Prints the answer.\npub fn main() -> ExitCode {\n    println!(\"{}\", super::answer());\n    ExitCode::SUCCESS\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn io_test() {}\n}\n";
        for (path, text) in [("toy/src/plain.rs", plain), ("toy/src/plain/io.rs", io)] {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        root
    }

    #[test]
    fn the_plain_program_keeps_its_comments_and_leaves_out_tests_and_unused_items() {
        let plain = "//! The toy puzzle: why 42.\n\n/// The answer.\npub fn answer() -> u32 {\n    // Six times seven.\n    6 * helper()\n}\n\nfn helper() -> u32 {\n    7\n}\n\n/// Only the tests call it.\npub fn unused_by_main() -> u32 {\n    1\n}\n\npub mod io;\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn plain_test() {}\n}\n";
        let root = toy("keeps", plain);
        let made = plain_bundle(&root, "toy").unwrap();
        let source = &made.source;
        for kept in [
            "//! The toy puzzle: why 42.",
            "/// The answer.",
            "\t// Six times seven.",
            "mod io {\n//! Reading and writing.",
            "pub fn main() -> ExitCode {\n\tprintln!",
            "fn main() -> std::process::ExitCode {\n\tio::main()\n}",
        ] {
            assert!(source.contains(kept), "'{kept}' not in\n{source}");
        }
        for absent in [
            "unused_by_main",
            "Only the tests",
            "cfg(test)",
            "plain_test",
            "io_test",
            "pub mod io;",
        ] {
            assert!(!source.contains(absent), "'{absent}' in\n{source}");
        }
        let file = super::super::write(&made, &root.join("out")).unwrap();
        assert!(file.ends_with("toy-plain.rs"), "{}", file.display());
        crate::bundle::tests::compiles_and_prints_42(&file, &root, source);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_plain_tier_that_names_the_crate_or_reads_differently_by_edition_is_refused() {
        let crate_path = "pub fn answer() -> u32 {\n    crate::state::SIZE\n}\n\npub mod io;\n";
        let root = toy("crate", crate_path);
        let refused = plain_bundle(&root, "toy").unwrap_err();
        assert!(refused.contains("names `crate::state`"), "{refused}");
        fs::remove_dir_all(&root).unwrap();
        let by_value = "pub fn answer() -> u32 {\n    [40u32, 2].into_iter().sum()\n}\n\npub mod io;\n";
        let root = toy("edition", by_value);
        let refused = plain_bundle(&root, "toy").unwrap_err();
        assert!(refused.contains("reads differently under some edition"), "{refused}");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_plain_bundles_link_only_to_what_they_hold() {
        // Every intra-doc link names an item the bundle defines or imports, and no comment points
        // at a test, which the bundle leaves out.
        let root = crate::workspace_root();
        for puzzle in ["msquare", "eight", "colour-hash"] {
            let source = plain_bundle(&root, puzzle).unwrap().source;
            for link in source.split("[`").skip(1).filter_map(|rest| rest.split_once("`]")) {
                let name = link.0.rsplit("::").next().unwrap();
                let defined = ["fn", "struct", "enum", "const", "static", "type", "mod", "trait"]
                    .iter()
                    .any(|kind| source.contains(&format!("{kind} {name}")));
                let imported = source
                    .lines()
                    .any(|line| line.trim_start().starts_with("use ") && line.contains(name));
                assert!(
                    defined || imported,
                    "{puzzle}-plain links to `{}`, which it does not hold",
                    link.0
                );
            }
            for line in source.lines().filter(|line| line.trim_start().starts_with("//")) {
                assert!(
                    !line.contains("unit test") && !line.contains("test `"),
                    "{puzzle}-plain: {line}"
                );
            }
        }
    }
}
