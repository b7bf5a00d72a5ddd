//! Pruning a bundle: removing the items its program never names, so that it compiles without a
//! warning and without a blanket `allow`, and is smaller.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::{BTreeMap, BTreeSet};
use syn::visit::Visit;
use syn::{ImplItem, Item, UseTree};

/// The std traits a module imports for their methods, kept by [`prune`] though never named.
const STD_TRAITS: [&str; 4] = ["BufRead", "Read", "Write", "Seek"];

/// Removes what the program never names, until nothing more goes: a function, constant, static,
/// type or macro whose name is mentioned only in its own definition (a type's impl blocks count as
/// part of it), an inherent method likewise, then each import of a removed name and each import
/// its module no longer mentions. Names are compared as words, not resolved, but by where they
/// stand (see [`Mention`]): `.x` can name a method but no free item, a bare `x` a free item but no
/// method, and a function's own bindings, a field declared or set (`x: ...`) and the name an item
/// defines name nothing else. Two items of one name keep each other, so it errs on the side of
/// keeping.
pub(super) fn prune(items: &mut Vec<Item>) {
    let mut removed = BTreeSet::new();
    loop {
        let before = removed.len();
        let defined = definitions(items);
        prune_items(items, true, &mentions(items), &defined, &mut removed);
        let left = definitions(items);
        let dropped = retain_uses(items, true, &|name, _| {
            !removed.contains(name) || left.contains_key(name)
        });
        if removed.len() == before && dropped == 0 {
            return;
        }
    }
}

fn prune_items(
    items: &mut Vec<Item>,
    root: bool,
    mentions: &BTreeMap<String, Counts>,
    defined: &BTreeMap<String, usize>,
    removed: &mut BTreeSet<String>,
) {
    // Used: mentioned, where it can be named, more often than in its own definition.
    let used = |name: &str, own: Counts, method: bool| {
        mentions.get(name).copied().unwrap_or_default().naming(method) > own.naming(method)
    };
    let mut own = BTreeMap::<String, Counts>::new();
    for item in items.iter() {
        if let Some(name) = item_name(item).or_else(|| impl_self(item)) {
            let counts = words(item, |v| v.visit_item(item))
                .get(&name)
                .copied()
                .unwrap_or_default();
            own.entry(name).or_default().add(counts);
        }
    }
    let dead: BTreeSet<String> = own
        .into_iter()
        .filter(|(name, own)| defined.contains_key(name) && !(root && name == "main") && !used(name, *own, false))
        .map(|(name, _)| name)
        .collect();
    items.retain(|item| {
        !item_name(item)
            .or_else(|| impl_self(item))
            .is_some_and(|name| dead.contains(&name))
    });
    removed.extend(dead);
    for item in items.iter_mut() {
        match item {
            Item::Impl(block) if block.trait_.is_none() => block.items.retain(|inner| {
                let Some(name) = impl_item_name(inner) else { return true };
                let own = words(inner, |v| v.visit_impl_item(inner))
                    .get(&name)
                    .copied()
                    .unwrap_or_default();
                let keep = used(&name, own, true);
                if !keep {
                    removed.insert(name);
                }
                keep
            }),
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => {
                prune_items(inner, false, mentions, defined, removed);
            }
            _ => {}
        }
    }
    let here = self::mentions(items);
    retain_uses(items, false, &|name, by_name| !by_name || here.contains_key(name));
}

/// How many times each word occurs in `items` (see [`words`]), imports counting only for their
/// first segment.
fn mentions(items: &[Item]) -> BTreeMap<String, Counts> {
    let mut all = BTreeMap::<String, Counts>::new();
    for item in items {
        let found = match item {
            Item::Use(syn::ItemUse {
                tree: UseTree::Path(path),
                ..
            }) => [(path.ident.to_string(), Counts([0, 0, 1]))].into(),
            Item::Use(_) => BTreeMap::new(),
            _ => words(item, |v| v.visit_item(item)),
        };
        for (word, times) in found {
            all.entry(word).or_default().add(times);
        }
    }
    all
}

/// Where a word stands, as far as the items it may name go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mention {
    /// After `.`: a method or a field.
    Dot = 0,
    /// After `::`: an item or an associated one.
    Path = 1,
    /// Alone: an item, a binding or a variant, not a method.
    Bare = 2,
    /// The name an item defines (`fn x`, `const X`, `macro_rules! x`) or a field declared or set
    /// (`x: ...`): a mention of nothing else.
    Defined = 3,
}

/// How often a word stands after `.`, after `::` and alone ([`Mention`]).
#[derive(Clone, Copy, Default, Debug)]
struct Counts([usize; 3]);

impl Counts {
    fn add(&mut self, other: Counts) {
        for (count, more) in self.0.iter_mut().zip(other.0) {
            *count += more;
        }
    }

    /// The mentions that can name a method (`method`) or a free item.
    fn naming(self, method: bool) -> usize {
        let [dot, path, bare] = self.0;
        path + if method { dot } else { bare }
    }
}

/// The words of `node` with their counts by [`Mention`], names in format strings
/// (`"{PROGRAM}"`) included as bare, but not a name a function binds itself where it means that
/// binding: a local `shown` does not use the function `shown`.
fn words(node: &impl ToTokens, visit: impl FnOnce(&mut Locals)) -> BTreeMap<String, Counts> {
    let mut counts = BTreeMap::<String, Counts>::new();
    count_words(node.to_token_stream(), &mut |word, mention| {
        if mention != Mention::Defined {
            counts.entry(word).or_default().0[mention as usize] += 1;
        }
    });
    let mut locals = Locals(BTreeMap::new());
    visit(&mut locals);
    for (name, times) in locals.0 {
        counts
            .entry(name)
            .and_modify(|count| count.0[Mention::Bare as usize] -= times);
    }
    counts
}

/// Calls `found(word, mention)` for each word of `tokens`.
fn count_words(tokens: TokenStream, found: &mut dyn FnMut(String, Mention)) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let punct = |i: usize| match trees.get(i) {
        Some(TokenTree::Punct(punct)) => Some((punct.as_char(), punct.spacing())),
        _ => None,
    };
    let ident = |i: usize| match trees.get(i) {
        Some(TokenTree::Ident(ident)) => Some(ident.to_string()),
        _ => None,
    };
    let mut mention = Mention::Bare;
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(word) => {
                let word = word.to_string();
                // `x: ...` (not `x::`) declares or sets a field, or types a binding.
                let field = mention == Mention::Bare && punct(i + 1) == Some((':', Spacing::Alone));
                found(word.clone(), if field { Mention::Defined } else { mention });
                let defines = [
                    "fn", "const", "static", "struct", "enum", "union", "type", "trait", "mod",
                ];
                mention = if defines.contains(&word.as_str()) || (mention == Mention::Defined && word == "mut") {
                    Mention::Defined
                } else {
                    Mention::Bare
                };
                if word == "macro_rules" && punct(i + 1).is_some_and(|(c, _)| c == '!') && ident(i + 2).is_some() {
                    mention = Mention::Defined;
                }
                continue;
            }
            TokenTree::Group(group) => count_words(group.stream(), found),
            TokenTree::Literal(literal) => {
                for part in literal.to_string().split('{').skip(1) {
                    let end = part
                        .find(|c: char| !c.is_alphanumeric() && c != '_')
                        .unwrap_or(part.len());
                    found(part[..end].to_string(), Mention::Bare);
                }
            }
            TokenTree::Punct(punct) if punct.as_char() == '!' && mention == Mention::Defined => continue,
            TokenTree::Punct(_) => {}
        }
        mention = match punct(i) {
            // `.x`, not `..x` (a range).
            Some(('.', Spacing::Alone)) if i == 0 || punct(i - 1).map(|(c, _)| c) != Some('.') => Mention::Dot,
            Some((':', Spacing::Alone)) if i > 0 && punct(i - 1) == Some((':', Spacing::Joint)) => Mention::Path,
            _ => Mention::Bare,
        };
    }
}

/// How often, inside each function, a name it binds (parameter, `let`, closure or match
/// binding) stands for that binding.
struct Locals(BTreeMap<String, usize>);

impl Locals {
    fn function(&mut self, function: &impl ToTokens, visit: impl FnOnce(&mut Bindings)) {
        let mut bound = Bindings(BTreeSet::new());
        visit(&mut bound);
        count_words(function.to_token_stream(), &mut |word, mention| {
            if mention == Mention::Bare && bound.0.contains(&word) {
                *self.0.entry(word).or_insert(0) += 1;
            }
        });
    }
}

impl<'a> Visit<'a> for Locals {
    fn visit_item_fn(&mut self, function: &'a syn::ItemFn) {
        self.function(function, |bound| bound.visit_item_fn(function));
    }

    fn visit_impl_item_fn(&mut self, function: &'a syn::ImplItemFn) {
        self.function(function, |bound| bound.visit_impl_item_fn(function));
    }
}

/// The names patterns bind.
struct Bindings(BTreeSet<String>);

impl<'a> Visit<'a> for Bindings {
    fn visit_pat_ident(&mut self, pattern: &'a syn::PatIdent) {
        self.0.insert(pattern.ident.to_string());
        syn::visit::visit_pat_ident(self, pattern);
    }
}

/// How many items of each name [`prune`] may remove, in `items` and the modules inside.
fn definitions(items: &[Item]) -> BTreeMap<String, usize> {
    let mut defined = BTreeMap::new();
    for item in items {
        let names: Vec<String> = match item {
            Item::Impl(block) if block.trait_.is_none() => block.items.iter().filter_map(impl_item_name).collect(),
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => definitions(inner).into_keys().collect(),
            _ => item_name(item).into_iter().collect(),
        };
        for name in names {
            *defined.entry(name).or_insert(0) += 1;
        }
    }
    defined
}

fn item_name(item: &Item) -> Option<String> {
    match item {
        Item::Fn(i) => Some(i.sig.ident.to_string()),
        Item::Const(i) => Some(i.ident.to_string()),
        Item::Static(i) => Some(i.ident.to_string()),
        Item::Struct(i) => Some(i.ident.to_string()),
        Item::Enum(i) => Some(i.ident.to_string()),
        Item::Type(i) => Some(i.ident.to_string()),
        Item::Macro(i) => i.ident.as_ref().map(ToString::to_string),
        _ => None,
    }
}

fn impl_item_name(item: &ImplItem) -> Option<String> {
    match item {
        ImplItem::Fn(i) => Some(i.sig.ident.to_string()),
        ImplItem::Const(i) => Some(i.ident.to_string()),
        _ => None,
    }
}

/// The type an impl block is for: `Board` for `impl fmt::Display for Board`.
fn impl_self(item: &Item) -> Option<String> {
    match item {
        Item::Impl(syn::ItemImpl { self_ty, .. }) => match &**self_ty {
            syn::Type::Path(path) => path.path.segments.last().map(|segment| segment.ident.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// Keeps the imported names for which `keep(name, by_name)` holds (`by_name`: false for the std
/// traits imported for their methods), in `items` and, if `deep`, the modules inside; drops
/// emptied imports. Returns how many names were dropped.
fn retain_uses(items: &mut Vec<Item>, deep: bool, keep: &dyn Fn(&str, bool) -> bool) -> usize {
    fn filter(tree: &mut UseTree, parent: &str, keep: &dyn Fn(&str, bool) -> bool, dropped: &mut usize) -> bool {
        let kept = match tree {
            UseTree::Path(path) => return filter(&mut path.tree, &path.ident.to_string(), keep, dropped),
            UseTree::Name(name) if name.ident == "self" => keep(parent, true),
            UseTree::Name(name) => keep(&name.ident.to_string(), !STD_TRAITS.iter().any(|t| name.ident == t)),
            UseTree::Rename(rename) => keep(&rename.rename.to_string(), true),
            UseTree::Glob(_) => true,
            UseTree::Group(group) => {
                group.items = std::mem::take(&mut group.items)
                    .into_iter()
                    .filter_map(|mut tree| filter(&mut tree, parent, keep, dropped).then_some(tree))
                    .collect();
                return !group.items.is_empty();
            }
        };
        *dropped += usize::from(!kept);
        kept
    }
    let mut dropped = 0;
    items.retain_mut(|item| match item {
        Item::Use(import) => filter(&mut import.tree, "", keep, &mut dropped),
        Item::Mod(syn::ItemMod {
            content: Some((_, inner)),
            ..
        }) if deep => {
            dropped += retain_uses(inner, deep, keep);
            true
        }
        _ => true,
    });
    dropped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pruned(code: &str) -> String {
        let mut file = syn::parse_file(code).unwrap();
        prune(&mut file.items);
        file.to_token_stream().to_string()
    }

    #[test]
    fn a_name_counts_only_where_it_can_name_the_item() {
        let kept = pruned(
            "struct Word { shown: u8 }\n\
             impl Word { fn get(&self) -> u8 { self.shown } fn len(&self) -> u8 { 0 } }\n\
             fn shown() -> u8 { 1 }\n\
             const MAX: usize = 2;\n\
             const LAST: usize = 3;\n\
             fn main() { let get = 0; let len = [0; LAST]; let w = Word { shown: get }; \
             let _ = (w.len(), &len[..MAX], w.shown); }\n",
        );
        // `.shown` and `shown:` are the field, a bare `get` is the local: neither names what is
        // removed.
        for gone in ["fn shown", "fn get"] {
            assert!(!kept.contains(gone), "'{gone}' in {kept}");
        }
        // `.len()` is a method call, `..MAX` a range, `[0; LAST]` a length.
        for there in ["fn len", "const MAX", "const LAST", "struct Word"] {
            assert!(kept.contains(there), "'{there}' not in {kept}");
        }
    }

    #[test]
    fn paths_keep_free_items_and_methods() {
        let kept = pruned(
            "mod m { pub fn f() -> u8 { 1 } pub struct S; impl S { pub fn new() -> S { S } } }\n\
             macro_rules! twice { ($x:expr) => { $x + $x } }\n\
             fn main() { let _ = twice!(m::f()); let _ = m::S::new(); }\n",
        );
        for there in ["fn f", "fn new", "struct S", "macro_rules ! twice"] {
            assert!(kept.contains(there), "'{there}' not in {kept}");
        }
    }
}
