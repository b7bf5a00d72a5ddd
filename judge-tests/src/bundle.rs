//! The single-file bundler: one std-only Rust source per puzzle, for judges that take one file.
//!
//! Like ac-library-rs's `expand.py`, it follows the crates' own structure instead of a list of
//! files: the puzzle's `src/lib.rs` (with any `mod x;` files it declares) becomes `mod <crate> {
//! ... }`, each workspace crate it depends on becomes `mod <dep> { mod <module> { ... } ... }`
//! holding only the modules the puzzle reaches (through `use`, paths and macro arguments, and the
//! modules those reach in turn through `crate::`), and the body of `src/main.rs` sits at the root,
//! where `msquare::run` and `common::cli::finish` resolve to those modules unchanged.
//!
//! Inside a pasted module two kinds of path would change meaning, so they are rewritten on the
//! token stream (which covers macro arguments too): `crate::x` becomes `crate::<crate>::x`, and a
//! path that starts with a dependency's name, `common::x`, becomes `crate::common::x`.
//!
//! Items under `#[cfg(test)]` and every doc comment (`///`, `//!`, `#[doc]`) are left out; syn
//! keeps no `//` comments either. The result is printed by prettyplease under a header naming the
//! puzzle (the crate's `description`, which names its judges) and the command that made it, with
//! `#![allow(dead_code, unused_imports)]` for the helpers of a pasted module the puzzle does not
//! call and the re-exports its `main` does not name.
//!
//! Limits, each reported as an error rather than a wrong file: `#[path]` on a module, a
//! dependency that is not a path crate of the workspace (a judge has no crates), and a dependency
//! that itself depends on another crate.

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, ImplItem, Item, Meta, Stmt, TraitItem};

/// Codeforces' source limit, the smallest among the judges these puzzles are on: 64 KB.
pub const SIZE_LIMIT: usize = 64 * 1024;

/// Why a bundle could not be made.
#[derive(Debug)]
pub struct BundleError(String);

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BundleError {}

type Result<T> = std::result::Result<T, BundleError>;

fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(BundleError(message.into()))
}

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The puzzle (its folder and package name).
    pub puzzle: String,
    /// The whole source file.
    pub source: String,
    /// The pasted modules of each dependency, as `common::perm`, sorted.
    pub modules: Vec<String>,
}

/// The puzzles of the workspace at `root`: folders holding a `Cargo.toml`, `src/lib.rs` and
/// `src/main.rs`, sorted.
///
/// # Errors
/// If `root` cannot be read.
pub fn puzzles(root: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(root)? {
        let dir = entry?.path();
        let is_puzzle = ["Cargo.toml", "src/lib.rs", "src/main.rs"]
            .iter()
            .all(|file| dir.join(file).is_file());
        if is_puzzle {
            names.push(dir.file_name().unwrap_or_default().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}

/// Makes the single-file source of `puzzle`, the crate in `root/<puzzle>`.
///
/// # Errors
/// If a file cannot be read or parsed, or the crate uses something a single file cannot hold
/// (see the module documentation).
pub fn bundle(root: &Path, puzzle: &str) -> Result<Bundle> {
    let crate_dir = root.join(puzzle);
    let manifest = Manifest::read(&crate_dir.join("Cargo.toml"))?;
    let crate_name = manifest.name.replace('-', "_");
    let root_manifest = Manifest::read(&root.join("Cargo.toml"))?;

    // Each dependency must be a std-only path crate of the workspace; its own modules are
    // pasted from source.
    let mut dependencies = Vec::new();
    for (name, value) in &manifest.dependencies {
        let path = match quoted_field(value, "path") {
            Some(path) => crate_dir.join(path),
            None if value.contains("workspace") => {
                match root_manifest.workspace_dependencies.iter().find(|(n, _)| n == name) {
                    Some((_, value)) => match quoted_field(value, "path") {
                        Some(path) => root.join(path),
                        None => {
                            return fail(format!(
                                "{puzzle}: dependency '{name}' is not a workspace path crate; a judge has no crates"
                            ))
                        }
                    },
                    None => return fail(format!("{puzzle}: '{name}' is not in [workspace.dependencies]")),
                }
            }
            None => {
                return fail(format!(
                    "{puzzle}: dependency '{name}' is not a path crate; a judge has no crates"
                ))
            }
        };
        let dep_manifest = Manifest::read(&path.join("Cargo.toml"))?;
        if let Some((inner, _)) = dep_manifest.dependencies.first() {
            return fail(format!(
                "{name}: depends on '{inner}'; only std-only crates can be pasted"
            ));
        }
        dependencies.push(Dependency {
            name: name.replace('-', "_"),
            lib: read_module_tree(&path.join("src/lib.rs"), &path.join("src"))?,
        });
    }
    let dependency_names: Vec<&str> = dependencies.iter().map(|dep| dep.name.as_str()).collect();

    let lib = read_module_tree(&crate_dir.join("src/lib.rs"), &crate_dir.join("src"))?;
    let syn::File {
        attrs: main_attrs,
        items: mut root_items,
        ..
    } = read_module_tree(&crate_dir.join("src/main.rs"), &crate_dir.join("src"))?;

    let mut modules = Vec::new();
    let puzzle_tokens = {
        let mut tokens = lib.to_token_stream();
        tokens.extend(root_items.iter().map(ToTokens::to_token_stream));
        tokens
    };
    root_items.push(paste_module(&crate_name, lib, &crate_name, &dependency_names)?);
    for dependency in dependencies {
        let wanted = modules_used(&puzzle_tokens, &dependency.name);
        let (item, pasted) = paste_dependency(dependency.lib, &dependency.name, &wanted)?;
        modules.extend(pasted.iter().map(|module| format!("{}::{module}", dependency.name)));
        if !pasted.is_empty() || !wanted.is_empty() {
            root_items.push(item);
        }
    }

    let mut attrs: Vec<Attribute> = vec![syn::parse_quote!(#![allow(dead_code, unused_imports)])];
    attrs.extend(main_attrs);
    let file = syn::File {
        shebang: None,
        frontmatter: None,
        attrs,
        items: root_items,
    };
    let header = format!(
        "// {puzzle}: {description}\n\
         // One self-contained file, std only: {puzzle}/src with {pasted}; tests and doc comments left out.\n\
         // Made by `judge bundle {puzzle}` (`make bundle` in the workspace); edit the crates, not this file.\n\
         // Build: rustc --edition 2021 -O {puzzle}.rs\n\n",
        description = manifest.description,
        pasted = if modules.is_empty() {
            "no other crate".to_string()
        } else {
            modules.join(", ")
        },
    );
    Ok(Bundle {
        puzzle: puzzle.to_string(),
        source: header + &prettyplease::unparse(&file),
        modules,
    })
}

/// A workspace crate the puzzle depends on, parsed.
struct Dependency {
    name: String,
    lib: syn::File,
}

/// The parts of a `Cargo.toml` the bundler reads, by a line reader that knows this workspace's
/// style (`key = value` lines under `[section]` headers).
struct Manifest {
    name: String,
    description: String,
    dependencies: Vec<(String, String)>,
    workspace_dependencies: Vec<(String, String)>,
}

impl Manifest {
    fn read(path: &Path) -> Result<Self> {
        let text = fs::read_to_string(path).or_else(|e| fail(format!("{}: {e}", path.display())))?;
        let mut manifest = Manifest {
            name: String::new(),
            description: String::new(),
            dependencies: Vec::new(),
            workspace_dependencies: Vec::new(),
        };
        let mut section = String::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.trim_matches(|c| c == '[' || c == ']').trim().to_string();
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let unquoted = value.trim_matches('"').to_string();
            match section.as_str() {
                "package" if key == "name" => manifest.name = unquoted,
                "package" if key == "description" => manifest.description = unquoted,
                "dependencies" => {
                    // `common.workspace = true` and `common = { path = ".." }` alike.
                    let name = key.split('.').next().unwrap_or(key).trim_matches('"');
                    manifest.dependencies.push((name.to_string(), line.to_string()));
                }
                "workspace.dependencies" => manifest
                    .workspace_dependencies
                    .push((key.to_string(), value.to_string())),
                _ => {}
            }
        }
        Ok(manifest)
    }
}

/// The quoted value of `field = "..."` inside a TOML inline table or line.
fn quoted_field<'a>(text: &'a str, field: &str) -> Option<&'a str> {
    let at = text.find(&format!("{field} ="))?;
    let rest = &text[at..];
    let start = rest.find('"')? + 1;
    let end = start + rest[start..].find('"')?;
    Some(&rest[start..end])
}

/// Parses `file` and, recursively, every `mod x;` it declares (looked up as rustc does, in
/// `children/x.rs` or `children/x/mod.rs`), with tests and doc comments removed.
fn read_module_tree(file: &Path, children: &Path) -> Result<syn::File> {
    let text = fs::read_to_string(file).or_else(|e| fail(format!("{}: {e}", file.display())))?;
    let mut parsed = syn::parse_file(&text).or_else(|e| fail(format!("{}: {e}", file.display())))?;
    Strip.visit_file_mut(&mut parsed);
    load_out_of_line_modules(&mut parsed.items, children)?;
    Ok(parsed)
}

fn load_out_of_line_modules(items: &mut [Item], children: &Path) -> Result<()> {
    for item in items {
        let Item::Mod(module) = item else { continue };
        let name = module.ident.to_string();
        if module.attrs.iter().any(|attr| attr.path().is_ident("path")) {
            return fail(format!("mod {name}: #[path] is not supported"));
        }
        match &mut module.content {
            Some((_, inner)) => load_out_of_line_modules(inner, &children.join(&name))?,
            None => {
                let flat = children.join(format!("{name}.rs"));
                let (file, grandchildren) = if flat.is_file() {
                    (flat, children.join(&name))
                } else {
                    (children.join(&name).join("mod.rs"), children.join(&name))
                };
                let parsed = read_module_tree(&file, &grandchildren)?;
                module.attrs.extend(parsed.attrs);
                module.content = Some((Default::default(), parsed.items));
                module.semi = None;
            }
        }
    }
    Ok(())
}

/// Pastes a crate's whole `lib` as `mod <name> { ... }`, paths rewritten (see [`rewrite_paths`]).
fn paste_module(name: &str, lib: syn::File, crate_name: &str, dependencies: &[&str]) -> Result<Item> {
    let mut tokens = TokenStream::new();
    for attr in &lib.attrs {
        attr.to_tokens(&mut tokens);
    }
    for item in &lib.items {
        item.to_tokens(&mut tokens);
    }
    let body = rewrite_paths(tokens, crate_name, dependencies);
    let ident = Ident::new(name, Span::call_site());
    syn::parse2(quote::quote!(mod #ident { #body })).or_else(|e| fail(format!("{name}: pasted module: {e}")))
}

/// Pastes a dependency as `mod <name> { ... }` holding only the modules in `wanted` and the ones
/// they reach through `crate::`; the root's other items are kept and count as reaching every
/// module they name. Returns the item and the pasted modules' names.
fn paste_dependency(lib: syn::File, name: &str, wanted: &BTreeSet<String>) -> Result<(Item, Vec<String>)> {
    let all_modules: Vec<String> = lib
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Mod(module) => Some(module.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut reached: BTreeSet<String> = if wanted.contains("*") {
        all_modules.iter().cloned().collect()
    } else {
        wanted.clone()
    };
    for wanted in &reached {
        if !all_modules.contains(wanted) {
            return fail(format!("{name}: no module '{wanted}' in its lib.rs"));
        }
    }
    for item in &lib.items {
        if !matches!(item, Item::Mod(_)) {
            let tokens = item.to_token_stream();
            reached.extend(
                all_modules
                    .iter()
                    .filter(|module| mentions_path(&tokens, module))
                    .cloned(),
            );
        }
    }
    // Close over `crate::x` (and `super::x`) references between modules.
    loop {
        let before = reached.len();
        for item in &lib.items {
            if let Item::Mod(module) = item {
                if reached.contains(&module.ident.to_string()) {
                    let tokens = module.to_token_stream();
                    for root in ["crate", "super"] {
                        reached.extend(modules_used(&tokens, root));
                    }
                }
            }
        }
        reached.retain(|module| all_modules.contains(module));
        if reached.len() == before {
            break;
        }
    }
    let kept = syn::File {
        shebang: None,
        frontmatter: None,
        attrs: lib.attrs,
        items: lib
            .items
            .into_iter()
            .filter(|item| match item {
                Item::Mod(module) => reached.contains(&module.ident.to_string()),
                _ => true,
            })
            .collect(),
    };
    let item = paste_module(name, kept, name, &[])?;
    Ok((item, reached.into_iter().collect()))
}

/// Whether `tokens` hold a path through `name`: `name ::` anywhere, macro arguments included.
fn mentions_path(tokens: &TokenStream, name: &str) -> bool {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        TokenTree::Ident(ident) => ident == name && is_path_separator(&trees[i + 1..]),
        TokenTree::Group(group) => mentions_path(&group.stream(), name),
        _ => false,
    })
}

/// The modules reached through `root::` in `tokens`: `root::x`, `root::{x, y::z}`, or `*` for
/// `root::*`.
fn modules_used(tokens: &TokenStream, root: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    collect_modules(tokens, root, &mut found);
    found
}

fn collect_modules(tokens: &TokenStream, root: &str, found: &mut BTreeSet<String>) {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) if ident == root && is_path_separator(&trees[i + 1..]) => match trees.get(i + 3) {
                Some(TokenTree::Ident(module)) => {
                    found.insert(module.to_string());
                }
                Some(TokenTree::Punct(star)) if star.as_char() == '*' => {
                    found.insert("*".to_string());
                }
                Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
                    // `root::{a, b::c, self}`: the first name of each comma-separated part.
                    let mut at_start = true;
                    for inner in group.stream() {
                        match inner {
                            TokenTree::Ident(module) if at_start => {
                                if module != "self" {
                                    found.insert(module.to_string());
                                }
                                at_start = false;
                            }
                            TokenTree::Punct(comma) if comma.as_char() == ',' => at_start = true,
                            TokenTree::Punct(star) if at_start && star.as_char() == '*' => {
                                found.insert("*".to_string());
                            }
                            _ => at_start = false,
                        }
                    }
                }
                _ => {}
            },
            TokenTree::Group(group) => collect_modules(&group.stream(), root, found),
            _ => {}
        }
    }
}

/// Whether `rest` starts with `::`.
fn is_path_separator(rest: &[TokenTree]) -> bool {
    matches!(
        rest,
        [TokenTree::Punct(first), TokenTree::Punct(second), ..]
            if first.as_char() == ':' && first.spacing() == Spacing::Joint && second.as_char() == ':'
    )
}

/// Rewrites the paths of a crate pasted as `crate::<crate_name>`: `crate::x` becomes
/// `crate::<crate_name>::x`, and a path starting with a dependency, `common::x`, becomes
/// `crate::common::x`. `$crate`, `pub(crate)` and paths in the middle (`a::common::x`) are kept.
fn rewrite_paths(tokens: TokenStream, crate_name: &str, dependencies: &[&str]) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    for (i, tree) in trees.iter().enumerate() {
        // Not after `::` (the middle of a path), `$` (`$crate`) or `.` (a method or field).
        let starts_path = match &trees[..i] {
            [.., TokenTree::Punct(first), TokenTree::Punct(second)]
                if first.as_char() == ':' && first.spacing() == Spacing::Joint && second.as_char() == ':' =>
            {
                false
            }
            [.., TokenTree::Punct(previous)] => !matches!(previous.as_char(), '$' | '.'),
            _ => true,
        };
        match tree {
            TokenTree::Group(group) => {
                let mut rewritten = Group::new(
                    group.delimiter(),
                    rewrite_paths(group.stream(), crate_name, dependencies),
                );
                rewritten.set_span(group.span());
                out.extend([TokenTree::Group(rewritten)]);
            }
            TokenTree::Ident(ident) if starts_path && is_path_separator(&trees[i + 1..]) && ident == "crate" => {
                out.extend([tree.clone()]);
                out.extend(path_separator());
                out.extend([TokenTree::Ident(Ident::new(crate_name, ident.span()))]);
            }
            TokenTree::Ident(ident)
                if starts_path
                    && is_path_separator(&trees[i + 1..])
                    && dependencies.iter().any(|dependency| ident == dependency) =>
            {
                out.extend([TokenTree::Ident(Ident::new("crate", ident.span()))]);
                out.extend(path_separator());
                out.extend([tree.clone()]);
            }
            _ => out.extend([tree.clone()]),
        }
    }
    out
}

fn path_separator() -> [TokenTree; 2] {
    [
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
    ]
}

/// Removes doc comments and `#[cfg(test)]` items everywhere in a file.
struct Strip;

impl VisitMut for Strip {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
        attrs.retain(|attr| !attr.path().is_ident("doc"));
        for attr in attrs {
            self.visit_attribute_mut(attr);
        }
    }

    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain(|item| !test_only(item_attrs(item)));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !test_only(item_attrs(item)));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, block: &mut syn::ItemImpl) {
        block.items.retain(|item| {
            !test_only(match item {
                ImplItem::Const(c) => &c.attrs,
                ImplItem::Fn(f) => &f.attrs,
                ImplItem::Type(t) => &t.attrs,
                ImplItem::Macro(m) => &m.attrs,
                _ => &[],
            })
        });
        visit_mut::visit_item_impl_mut(self, block);
    }

    fn visit_item_trait_mut(&mut self, block: &mut syn::ItemTrait) {
        block.items.retain(|item| {
            !test_only(match item {
                TraitItem::Const(c) => &c.attrs,
                TraitItem::Fn(f) => &f.attrs,
                TraitItem::Type(t) => &t.attrs,
                TraitItem::Macro(m) => &m.attrs,
                _ => &[],
            })
        });
        visit_mut::visit_item_trait_mut(self, block);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|stmt| {
            !test_only(match stmt {
                Stmt::Local(local) => &local.attrs,
                Stmt::Item(item) => item_attrs(item),
                Stmt::Macro(mac) => &mac.attrs,
                Stmt::Expr(..) => &[],
            })
        });
        visit_mut::visit_block_mut(self, block);
    }
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// Whether the attributes hold a `cfg` that needs `test`: `cfg(test)` or `cfg(all(.., test, ..))`.
fn test_only(attrs: &[Attribute]) -> bool {
    fn needs_test(meta: &Meta) -> bool {
        match meta {
            Meta::Path(path) => path.is_ident("test"),
            Meta::List(list) if list.path.is_ident("all") => list
                .parse_args_with(Punctuated::<Meta, syn::Token![,]>::parse_terminated)
                .is_ok_and(|parts| parts.iter().any(needs_test)),
            _ => false,
        }
    }
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .any(|attr| attr.parse_args::<Meta>().is_ok_and(|meta| needs_test(&meta)))
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

    /// A workspace in a temporary folder: a dependency `kit` with a module the puzzle uses
    /// directly (`base`), one it reaches only through a macro argument and which reaches `base`
    /// through `crate::` (`extra`), and one nobody uses (`unused`); a puzzle with a `mod x;` file,
    /// a `crate::` path, a test-only item and doc comments.
    fn toy_workspace() -> PathBuf {
        let root = std::env::temp_dir().join(format!("judge-bundle-toy-{}", std::process::id()));
        let files = [
            ("Cargo.toml", "[workspace]\n[workspace.dependencies]\nkit = { path = \"kit\" }\n"),
            ("kit/Cargo.toml", "[package]\nname = \"kit\"\n"),
            ("kit/src/lib.rs", "//! The kit.\npub mod base;\npub mod extra;\npub mod unused;\n"),
            (
                "kit/src/base.rs",
                "/// One.\npub fn one() -> u32 { 1 }\n#[cfg(test)]\nmod tests {\n#[test]\nfn t() {}\n}\n",
            ),
            ("kit/src/extra.rs", "pub fn two() -> u32 { crate::base::one() + 1 }\n"),
            ("kit/src/unused.rs", "pub fn three() -> u32 { 3 }\n"),
            (
                "toy-puzzle/Cargo.toml",
                "[package]\nname = \"toy-puzzle\"\ndescription = \"Toy Judge 42: a test\"\n\n[dependencies]\nkit.workspace = true\n",
            ),
            (
                "toy-puzzle/src/lib.rs",
                "//! The toy.\nmod inner;\n/// The answer.\npub fn answer() -> u32 { inner::value() }\n\
                 pub(crate) fn helper() -> u32 { 40 }\n#[cfg(test)]\nfn only_in_tests() {}\n",
            ),
            (
                "toy-puzzle/src/inner.rs",
                "use kit::base;\npub fn value() -> u32 {\nassert_eq!(kit::extra::two(), 2);\n\
                 base::one() + crate::helper() + 1\n}\n",
            ),
            ("toy-puzzle/src/main.rs", "fn main() {\nprintln!(\"{}\", toy_puzzle::answer());\n}\n"),
        ];
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        root
    }

    #[test]
    fn pastes_only_what_is_reached_and_compiles_alone() {
        let root = toy_workspace();
        assert_eq!(puzzles(&root).unwrap(), ["toy-puzzle"]);
        let made = bundle(&root, "toy-puzzle").unwrap();
        assert_eq!(made.modules, ["kit::base", "kit::extra"]);
        let source = &made.source;
        assert!(source.starts_with("// toy-puzzle: Toy Judge 42: a test\n"), "{source}");
        for absent in [
            "mod unused",
            "only_in_tests",
            "mod tests",
            "#[doc",
            "///",
            "//!",
            "The answer",
            "The kit",
        ] {
            assert!(!source.contains(absent), "'{absent}' in\n{source}");
        }
        assert!(source.contains("crate::toy_puzzle::helper()"), "{source}");
        // Inside a macro's arguments prettyplease may space the path out: `crate ::kit::extra`.
        assert!(source.replace(' ', "").contains("crate::kit::extra::two()"), "{source}");

        let dir = root.join("out");
        let file = write(&made, &dir).unwrap();
        let binary = dir.join("toy");
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let compiled = Command::new(rustc)
            .args(["--edition", "2021", "-o"])
            .arg(&binary)
            .arg(&file)
            .output()
            .unwrap();
        let messages = String::from_utf8_lossy(&compiled.stderr);
        assert!(compiled.status.success() && messages.is_empty(), "{messages}\n{source}");
        let ran = Command::new(&binary).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&ran.stdout), "42\n");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_crate_from_a_registry_is_refused() {
        let root = std::env::temp_dir().join(format!("judge-bundle-registry-{}", std::process::id()));
        fs::create_dir_all(root.join("p/src")).unwrap();
        fs::write(root.join("Cargo.toml"), "[workspace]\n").unwrap();
        fs::write(
            root.join("p/Cargo.toml"),
            "[package]\nname = \"p\"\n[dependencies]\nrand = \"0.8\"\n",
        )
        .unwrap();
        let error = bundle(&root, "p").unwrap_err().to_string();
        assert!(error.contains("'rand' is not a path crate"), "{error}");
        fs::remove_dir_all(&root).unwrap();
    }
}
