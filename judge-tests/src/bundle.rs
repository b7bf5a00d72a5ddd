//! The single-file bundler: a puzzle's judge program as one std-only Rust source.
//!
//! A judge passes no arguments, so the bundle is the library without what only arguments reach:
//!
//! - the crate's `src/lib.rs`, at the root of the file, with `mod cli;`, `mod plain;`,
//!   `mod study;` and any `use` rooted at them left out, and every other `mod x;` pasted in place
//!   as `mod x { ... }` from `x.rs` or `x/mod.rs`, its own modules from the folder `x/`;
//! - the `common` modules it names (`common::scan`, and those they name through `super::`) as
//!   `mod common { pub mod scan { ... } ... }`; a `use common::...` in the crate becomes
//!   `use crate::common::...`, and a pasted module whose code names `common::` gets
//!   `use crate::common;` first, so that every path means what it means in the crate;
//! - a `main` that runs the puzzle with the options a judge gets, under the same error contract
//!   as the Cargo build (`common::cli::main`: stdin and stdout from `common::stdio`):
//!   `run(stdin, stdout, stderr, &Options::default())`.
//!
//! Tests (`#[cfg(test)]` items) and doc comments are left out, and so is every item the program
//! never names (`bundle/prune.rs`), so that the file compiles without a warning. Only `mod common`
//! carries an `allow(dead_code)`: pruning goes by name, and in a kit shared by three puzzles a
//! field only a removed method reads, or a method named like std's (`len`), stays behind. The
//! result is made edition-neutral (`bundle/editions.rs`: one file for editions 2015 to 2024, with
//! Rust 1.70 as with stable) and printed by prettyplease under a header naming the puzzle (the
//! first paragraph of its crate docs).
//!
//! Beside it, [`plain_bundle`] makes `<puzzle>-plain.rs` (`bundle/plain.rs`): the plain tier
//! this bundle leaves out, as a whole program of its own with its docs kept, at most
//! [`PLAIN_SIZE_LIMIT`] bytes. The tests compile both with rustc alone through [`compile()`]
//! (`bundle/compile.rs`), which compiles a given source, toolchain and flags once.

mod compile;
mod editions;
mod plain;
mod prune;
mod verb;

pub use compile::compile;
pub use plain::{plain_bundle, PLAIN_SIZE_LIMIT};

use proc_macro2::{TokenStream, TokenTree};
use prune::prune;
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, ImplItem, Item, UseTree};
pub use verb::{write_bundles, Stopped};

/// Codeforces' source limit, the smallest among the judges these puzzles are on: 64 KB.
pub const SIZE_LIMIT: usize = 64 * 1024;

/// The modules of a puzzle crate that only arguments reach (`plain` answers under
/// `--method plain`, and is the tests' oracle); a bundle leaves them out.
const LEFT_OUT: [&str; 3] = ["cli", "plain", "study"];

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The puzzle (its folder and package name).
    pub puzzle: String,
    /// The whole source file.
    pub source: String,
    /// The pasted modules of `common`, as `common::perm`, sorted.
    pub modules: Vec<String>,
}

/// The puzzles of the workspace at `root`: folders holding `src/lib.rs` and `src/main.rs`, sorted.
///
/// # Errors
/// If `root` cannot be read.
pub fn puzzles(root: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(root)? {
        let dir = entry?.path();
        if dir.join("src/lib.rs").is_file() && dir.join("src/main.rs").is_file() {
            names.push(dir.file_name().unwrap_or_default().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}

/// Makes the single-file judge program of `puzzle`, the crate in `root/<puzzle>`.
///
/// # Errors
/// If a file cannot be read or parsed, or names a `common` module that does not exist, or a
/// `common` module names another through `crate::` rather than `super::`.
pub fn bundle(root: &Path, puzzle: &str) -> Result<Bundle, String> {
    let src = root.join(puzzle).join("src");
    let lib_text = read(&src.join("lib.rs"))?;
    let summary = lib_text
        .lines()
        .map_while(|line| line.strip_prefix("//!").map(str::trim).filter(|line| !line.is_empty()))
        .collect::<Vec<_>>()
        .join(" ");
    let mut lib = parse(&lib_text, &src.join("lib.rs"))?;
    lib.items.retain(|item| match item {
        Item::Mod(module) => !LEFT_OUT.iter().any(|name| module.ident == name),
        _ => true,
    });
    paste_modules(&mut lib.items, &src, true)?;
    leave_out_uses(&mut lib.items, true);

    let main: Item = syn::parse_quote! {
        fn main() -> std::process::ExitCode {
            common::cli::main(PROGRAM, |_, input, output, diagnostics| {
                run(input, output, diagnostics, &Options::default())
            })
        }
    };
    lib.items.push(main);

    // The common modules the program names once pruned, and those they name in turn.
    prune(&mut lib.items);
    let common_src = root.join("common/src");
    let mut wanted = names_after(&lib.to_token_stream(), "common");
    let mut pasted = BTreeMap::new();
    while let Some(name) = wanted.pop_first() {
        let path = common_src.join(format!("{name}.rs"));
        let mut module = parse(&read(&path)?, &path)?;
        paste_modules(&mut module.items, &common_src.join(&name), false)?;
        if let Some(name) = names_after(&module.to_token_stream(), "crate").first() {
            // `crate` is the bundle's root there; `super` is common's root in both places.
            return Err(format!(
                "{}: write `super::{name}`, not `crate::{name}`",
                path.display()
            ));
        }
        wanted.extend(names_after(&module.to_token_stream(), "super"));
        pasted.insert(name, module);
        wanted.retain(|name| !pasted.contains_key(name));
    }
    let modules: Vec<String> = pasted.keys().map(|name| format!("common::{name}")).collect();
    let inner = pasted.into_iter().map(|(name, module)| {
        let (ident, items) = (syn::Ident::new(&name, proc_macro2::Span::call_site()), module.items);
        quote::quote!(pub mod #ident { #(#items)* })
    });
    if !modules.is_empty() {
        // The kit serves three puzzles: a field only a removed method reads, or a method named
        // like one of std's (`len`), stays behind, and cannot be told unused by name.
        lib.items
            .push(syn::parse_quote!(#[allow(dead_code)] mod common { #(#inner)* }));
    }

    prune(&mut lib.items);
    editions::make_neutral(&mut lib);
    let header = format!(
        "// {puzzle}: {summary}\n\
         // The judge program in one std-only file: {puzzle}/src and {pasted}; tests, docs and the\n\
         // study switches left out. Made by `judge bundle {puzzle}` (`make bundle`): edit the crates.\n\
         // Build: rustc --edition 2021 -O -o {puzzle} {puzzle}.rs (any edition from 2015, Rust 1.70 on)\n\n",
        pasted = if modules.is_empty() {
            "no common module".to_string()
        } else {
            modules.join(", ")
        },
    );
    Ok(Bundle {
        puzzle: puzzle.to_string(),
        source: header + &indent_with_tabs(&prettyplease::unparse(&lib)),
        modules,
    })
}

/// `printed` with each leading group of four spaces as one tab, and the body of a `mod x { ... }`
/// at the level of its `mod` line rather than one deeper: a quarter of a bundle is indentation,
/// and judges limit the source size. Kept only if the file still means the same (the same
/// tokens, literals included), so a multi-line string literal is never touched.
fn indent_with_tabs(printed: &str) -> String {
    let mut tabbed = String::with_capacity(printed.len());
    // The indentation levels of the `mod x {` lines still open.
    let mut modules: Vec<usize> = Vec::new();
    for line in printed.split_inclusive('\n') {
        let body = line.trim_start_matches(' ');
        let spaces = line.len() - body.len();
        let level = spaces / 4;
        if body.trim_end() == "}" && modules.last() == Some(&level) {
            modules.pop();
        }
        tabbed.extend(std::iter::repeat('\t').take(level.saturating_sub(modules.len())));
        tabbed.extend(std::iter::repeat(' ').take(spaces % 4));
        tabbed.push_str(body);
        let opens_module = body.trim_end().strip_suffix(" {").is_some_and(|head| {
            let head = head
                .strip_prefix("pub ")
                .or_else(|| head.strip_prefix("pub(crate) "))
                .unwrap_or(head);
            head.strip_prefix("mod ")
                .is_some_and(|name| name.chars().all(|c| c.is_alphanumeric() || c == '_'))
        });
        if opens_module {
            modules.push(level);
        }
    }
    let tokens = |text: &str| syn::parse_file(text).map(|file| file.to_token_stream().to_string());
    match (tokens(printed), tokens(&tabbed)) {
        (Ok(before), Ok(after)) if before == after => tabbed,
        _ => printed.to_string(),
    }
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses a source file without its tests and doc comments.
fn parse(text: &str, path: &Path) -> Result<syn::File, String> {
    let mut file = syn::parse_file(text).map_err(|e| format!("{}: {e}", path.display()))?;
    Strip.visit_file_mut(&mut file);
    Ok(file)
}

/// Pastes each `mod x;` among `items` as `mod x { ... }` from `dir/x.rs` or `dir/x/mod.rs` (its
/// own `mod y;` from `dir/x/y.rs` or `dir/x/y/mod.rs`, and so on down). In a puzzle crate
/// (`in_puzzle`), a `use common::...` becomes `use crate::common::...`, and a pasted module whose
/// other items name `common::` gets `use crate::common;` first: 2015 reads `use` paths from the
/// crate root and other paths from the module, 2018 on reads both from the module.
fn paste_modules(items: &mut [Item], dir: &Path, in_puzzle: bool) -> Result<(), String> {
    if in_puzzle {
        root_common_uses(items);
    }
    for item in items {
        let Item::Mod(module) = item else { continue };
        if module.content.is_some() {
            continue;
        }
        let name = module.ident.to_string();
        if module.attrs.iter().any(|attr| attr.path().is_ident("path")) {
            return Err(format!(
                "{}: `#[path]` on `mod {name}`: name the file after the module",
                dir.display()
            ));
        }
        let (file_path, folder_path) = (dir.join(format!("{name}.rs")), dir.join(&name).join("mod.rs"));
        let path = if file_path.is_file() || !folder_path.is_file() {
            file_path
        } else {
            folder_path
        };
        let mut file = parse(&read(&path)?, &path)?;
        paste_modules(&mut file.items, &dir.join(&name), in_puzzle)?;
        let code: TokenStream = file
            .items
            .iter()
            .filter(|item| !matches!(item, Item::Use(_) | Item::Mod(_)))
            .map(ToTokens::to_token_stream)
            .collect();
        if in_puzzle && !names_after(&code, "common").is_empty() {
            file.items.insert(
                0,
                syn::parse_quote!(
                    use crate::common;
                ),
            );
        }
        module.attrs.extend(file.attrs);
        module.content = Some((Default::default(), file.items));
        module.semi = None;
    }
    Ok(())
}

/// Roots each `use common::...` among `items` at `crate::`.
fn root_common_uses(items: &mut [Item]) {
    for item in items {
        let Item::Use(import) = item else { continue };
        if import.leading_colon.is_some() || !matches!(&import.tree, UseTree::Path(path) if path.ident == "common") {
            continue;
        }
        editions::prefix(&mut import.tree, "crate");
    }
}

/// Removes the imports rooted at a left-out module ([`LEFT_OUT`]): `crate::cli::...` anywhere,
/// and at the crate root (`at_root`) also `cli::...` and `self::cli::...`.
fn leave_out_uses(items: &mut Vec<Item>, at_root: bool) {
    fn left_out(tree: &UseTree, at_root: bool) -> bool {
        let named = |tree: &UseTree| match tree {
            UseTree::Path(path) => LEFT_OUT.iter().any(|name| path.ident == name),
            UseTree::Name(name) => LEFT_OUT.iter().any(|left_out| name.ident == left_out),
            _ => false,
        };
        match tree {
            UseTree::Path(path) if path.ident == "crate" || (at_root && path.ident == "self") => named(&path.tree),
            _ => at_root && named(tree),
        }
    }
    items.retain_mut(|item| match item {
        Item::Use(import) => !left_out(&import.tree, at_root),
        Item::Mod(syn::ItemMod {
            content: Some((_, inner)),
            ..
        }) => {
            leave_out_uses(inner, false);
            true
        }
        _ => true,
    });
}

/// The names that follow `root ::` in `tokens`, macro arguments included: `common::scan` and
/// `common::{scan, wrap}` both give `scan`.
fn names_after(tokens: &TokenStream, root: &str) -> BTreeSet<String> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let mut found = BTreeSet::new();
    for (i, tree) in trees.iter().enumerate() {
        match (tree, trees.get(i + 1), trees.get(i + 2), trees.get(i + 3)) {
            (TokenTree::Ident(start), Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)), Some(next))
                if start == root && a.as_char() == ':' && b.as_char() == ':' =>
            {
                match next {
                    TokenTree::Ident(name) => found.insert(name.to_string()),
                    TokenTree::Group(group) => {
                        let names = group.stream().into_iter().filter_map(|tree| match tree {
                            TokenTree::Ident(name) if name != "self" => Some(name.to_string()),
                            _ => None,
                        });
                        found.extend(names);
                        false
                    }
                    _ => false,
                };
            }
            (TokenTree::Group(group), ..) => found.extend(names_after(&group.stream(), root)),
            _ => {}
        }
    }
    found
}

/// Removes doc comments everywhere, and `#[cfg(test)]` items and `const _` compile-time
/// assertions (the crate build makes them; Rust 1.70 would count their constants unused) from
/// modules and impl blocks.
struct Strip;

impl VisitMut for Strip {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
        attrs.retain(|attr| !attr.path().is_ident("doc"));
    }

    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain(kept);
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(kept);
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        block.items.retain(|item| match item {
            ImplItem::Fn(function) => !is_test_only(&function.attrs),
            ImplItem::Const(constant) => !is_test_only(&constant.attrs),
            _ => true,
        });
        visit_mut::visit_item_impl_mut(self, block);
    }
}

fn kept(item: &Item) -> bool {
    !is_test_only(item_attrs(item)) && !matches!(item, Item::Const(constant) if constant.ident == "_")
}

fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .any(|attr| attr.path().is_ident("cfg") && attr.parse_args::<syn::Ident>().is_ok_and(|name| name == "test"))
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// Writes `bundle` to `dir/<puzzle>.rs`, creating `dir`; returns the file's path.
///
/// # Errors
/// If the folder or the file cannot be written.
pub fn write(bundle: &Bundle, dir: &Path) -> std::io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let path = dir.join(format!("{}.rs", bundle.puzzle));
    fs::write(&path, &bundle.source)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    /// `file` compiled without a word from rustc under the editions furthest apart in how they
    /// read paths, preludes and panic messages (2015 and 2024), each build printing `42` (the toy
    /// crates' answer); `source` is shown on a failure. The binaries go to `root/out`.
    pub(super) fn compiles_and_prints_42(file: &Path, root: &Path, source: &str) {
        for edition in ["2015", "2024"] {
            let binary = root.join(format!("out/toy-{edition}"));
            let compiled = Command::new("rustc")
                .args(["--edition", edition, "-o"])
                .arg(&binary)
                .arg(file)
                .output()
                .unwrap();
            let messages = String::from_utf8_lossy(&compiled.stderr);
            assert!(
                compiled.status.success() && messages.is_empty(),
                "{edition}: {messages}\n{source}"
            );
            let ran = Command::new(&binary).output().unwrap();
            assert_eq!(String::from_utf8_lossy(&ran.stdout), "42\n", "{edition}");
        }
    }

    /// A workspace in a temporary folder: a `common` with the `cli` the bundle's main needs, a
    /// module the puzzle names (`base`), one only `base` names through `super::` (`deep`) and one
    /// nobody names (`unused`); a puzzle whose `cli`, `plain` and `study` the bundle leaves out,
    /// with a test, doc comments, a helper only `study` calls, and `io`'s own module folder
    /// (`io/shape/mod.rs` and `io/shape/edge.rs`) named by `use` paths 2015 reads otherwise.
    fn toy_workspace() -> PathBuf {
        let root = std::env::temp_dir().join(format!("judge-bundle-toy-{}", std::process::id()));
        let files = [
            ("common/src/lib.rs", "pub mod base;\npub mod cli;\npub mod deep;\npub mod unused;\n"),
            (
                "common/src/cli.rs",
                "pub struct Diagnostics<W>(pub W);\nimpl<W> Diagnostics<W> { pub fn new(w: W) -> Self { Self(w) } }\n\
                 pub fn finish(_: &str, r: Result<(), ()>) -> std::process::ExitCode {\n\
                 if r.is_ok() { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::FAILURE } }\n\
                 pub fn main<F>(program: &str, answer: F) -> std::process::ExitCode\n\
                 where F: FnOnce(Vec<String>, std::io::StdinLock<'static>, std::io::Stdout, &mut dyn std::io::Write) -> Result<(), ()> {\n\
                 let mut diagnostics = Diagnostics::new(std::io::stderr());\n\
                 finish(program, answer(Vec::new(), std::io::stdin().lock(), std::io::stdout(), &mut diagnostics)) }\n\
                 impl<W: std::io::Write> std::io::Write for Diagnostics<W> {\n\
                 fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.write(b) }\n\
                 fn flush(&mut self) -> std::io::Result<()> { self.0.flush() } }\n",
            ),
            ("common/src/base.rs", "/// One.\npub fn one() -> u32 { super::deep::one() }\n"),
            ("common/src/deep.rs", "pub fn one() -> u32 { 1 }\n#[cfg(test)]\nmod tests {}\n"),
            ("common/src/unused.rs", "pub fn three() -> u32 { 3 }\n"),
            (
                "toy/src/lib.rs",
                "//! Toy Judge 42: a test.\n//!\n//! More docs.\npub const PROGRAM: &str = \"toy\";\nmod cli;\nmod io;\npub mod plain;\nmod study;\n\
                 pub use cli::main_with;\npub use io::{run, Options};\npub use crate::plain::answer;\n",
            ),
            (
                "toy/src/io.rs",
                "use std::io::{BufRead, Write};\nuse common::base;\nmod shape;\nuse shape::edge::forty;\n\
                 #[derive(Default)]\npub struct Options;\n\
                 /// Runs.\npub fn run(_: impl BufRead, mut out: impl Write, _: &mut dyn Write, _: &Options) -> Result<(), ()> {\n\
                 let answer = u32::try_from(forty()).map_err(drop)?;\n\
                 assert!(answer == 40, \"{answer} is not forty\");\n\
                 writeln!(out, \"{}\", base::one() + answer + common::base::one()).map_err(drop)\n}\n\
                 pub(crate) fn only_for_study() -> u32 { common::unused::three() }\n\
                 #[cfg(test)]\nmod tests;\n",
            ),
            ("toy/src/io/shape/mod.rs", "pub mod edge;\n"),
            ("toy/src/io/shape/edge.rs", "pub fn forty() -> u64 { [20, 20].into_iter().sum() }\n"),
            ("toy/src/plain.rs", "pub fn answer() -> u32 { 42 }\n"),
            ("toy/src/cli.rs", "pub fn main_with() {}\n"),
            ("toy/src/study.rs", "pub fn stats() -> u32 { crate::io::only_for_study() }\n"),
            ("toy/src/main.rs", "fn main() {}\n"),
        ];
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        root
    }

    #[test]
    fn the_judge_program_alone_compiles_without_a_warning() {
        let root = toy_workspace();
        assert_eq!(puzzles(&root).unwrap(), ["toy"]);
        let made = bundle(&root, "toy").unwrap();
        assert_eq!(made.modules, ["common::base", "common::cli", "common::deep"]);
        let source = &made.source;
        assert!(source.starts_with("// toy: Toy Judge 42: a test.\n"), "{source}");
        for absent in [
            "unused",
            "three",
            "only_for_study",
            "mod study",
            "mod plain",
            "answer()",
            "main_with",
            "mod tests",
            "///",
            "More docs",
        ] {
            assert!(!source.contains(absent), "'{absent}' in\n{source}");
        }
        assert!(source.contains("use crate::common;"), "{source}");

        let file = write(&made, &root.join("out")).unwrap();
        compiles_and_prints_42(&file, &root, source);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn tabs_indent_code_but_never_a_string() {
        let code =
            "fn f() -> &'static str {\n    if true {\n        \"a\n    b\"\n    } else {\n        \"c\"\n    }\n}\n";
        // The literal spans lines: tabs would change it, so the file is kept as printed.
        assert_eq!(indent_with_tabs(code), code);
        let plain = "fn f() -> u8 {\n    if true {\n        1\n    } else {\n        2\n    }\n}\n";
        assert_eq!(
            indent_with_tabs(plain),
            "fn f() -> u8 {\n\tif true {\n\t\t1\n\t} else {\n\t\t2\n\t}\n}\n"
        );
        let nested = "mod a {\n    pub mod b {\n        fn f() -> u8 {\n            1\n        }\n    }\n    fn g() {}\n}\nfn h() {}\n";
        assert_eq!(
            indent_with_tabs(nested),
            "mod a {\npub mod b {\nfn f() -> u8 {\n\t1\n}\n}\nfn g() {}\n}\nfn h() {}\n"
        );
    }
}
