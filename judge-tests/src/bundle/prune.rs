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
///
/// Each item is tokenized once ([`Counted`]), and every pass adds up the counts of what is left.
pub(super) fn prune(items: &mut Vec<Item>) {
    let mut counted: Vec<Counted> = items.iter().map(Counted::new).collect();
    let mut removed = BTreeSet::new();
    loop {
        let before = removed.len();
        let defined = definitions(items);
        let mentions = mentions(items, &counted);
        prune_items(items, &mut counted, true, &mentions, &defined, &mut removed);
        let left = definitions(items);
        let dropped = retain_uses(items, &mut counted, true, &|name, _| {
            !removed.contains(name) || left.contains_key(name)
        });
        if removed.len() == before && dropped == 0 {
            return;
        }
    }
}

/// Word counts by name, as [`words`] gives them.
type Words = BTreeMap<String, Counts>;

/// An item's words ([`words`]), counted once when pruning starts. Only inherent impl blocks and
/// modules lose parts as it goes on (methods, items), and their words are the sum of their own
/// tokens' (the block without its members) and their members': the tokens of one member never
/// change how another's are counted, since each member ends in `}` or `;` and begins where no `.`
/// or `::` stands before it. Imports are narrowed as it goes on, and are small: they are counted
/// whenever they are asked for.
#[derive(Default)]
struct Counted {
    /// An inherent impl block's or a module's own words apart from its members; any other item's
    /// words (none for an import).
    own: Words,
    /// The methods and constants of an inherent impl block, or the items of a module, in order.
    members: Vec<Counted>,
}

impl Counted {
    fn new(item: &Item) -> Counted {
        match item {
            Item::Impl(block) if block.trait_.is_none() => {
                let mut header = block.clone();
                header.items.clear();
                let members = block.items.iter().map(|inner| Counted {
                    own: words(inner, |v| v.visit_impl_item(inner)),
                    members: Vec::new(),
                });
                Counted {
                    own: words(&header, |v| v.visit_item_impl(&header)),
                    members: members.collect(),
                }
            }
            Item::Mod(
                module @ syn::ItemMod {
                    content: Some((brace, inner)),
                    ..
                },
            ) => {
                let header = syn::ItemMod {
                    content: Some((*brace, Vec::new())),
                    ..module.clone()
                };
                Counted {
                    own: words(&header, |v| v.visit_item_mod(&header)),
                    members: inner.iter().map(Counted::new).collect(),
                }
            }
            Item::Use(_) => Counted::default(),
            _ => Counted {
                own: words(item, |v| v.visit_item(item)),
                members: Vec::new(),
            },
        }
    }

    /// Adds the words of `item` as it is now (it was counted as `self`), what `words(item)`
    /// gives, into `all`.
    fn add_to(&self, item: &Item, all: &mut Words) {
        match item {
            Item::Use(_) => add(all, &words(item, |v| v.visit_item(item))),
            Item::Impl(block) if block.trait_.is_none() => {
                add(all, &self.own);
                for member in &self.members {
                    add(all, &member.own);
                }
            }
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => {
                add(all, &self.own);
                for (item, member) in inner.iter().zip(&self.members) {
                    member.add_to(item, all);
                }
            }
            _ => add(all, &self.own),
        }
    }

    /// How often `item` (counted as `self`) mentions `name`, by [`Mention`]: `words(item)[name]`.
    fn count(&self, item: &Item, name: &str) -> Counts {
        match item {
            Item::Impl(block) if block.trait_.is_none() => {
                let mut counts = self.own.get(name).copied().unwrap_or_default();
                for member in &self.members {
                    counts.add(member.own.get(name).copied().unwrap_or_default());
                }
                counts
            }
            Item::Use(_) | Item::Mod(_) => {
                let mut all = Words::new();
                self.add_to(item, &mut all);
                all.get(name).copied().unwrap_or_default()
            }
            _ => self.own.get(name).copied().unwrap_or_default(),
        }
    }
}

/// Adds the counts of `more` into `all`, keeping every word either has.
fn add(all: &mut Words, more: &Words) {
    for (word, times) in more {
        match all.get_mut(word) {
            Some(counts) => counts.add(*times),
            None => {
                all.insert(word.clone(), *times);
            }
        }
    }
}

/// Keeps the `items` (each counted as its entry in `counted`) for which `keep` holds, and their
/// counts with them.
fn retain_with<T>(items: &mut Vec<T>, counted: &mut Vec<Counted>, mut keep: impl FnMut(&mut T) -> bool) {
    let kept: Vec<bool> = items.iter_mut().map(&mut keep).collect();
    let mut flags = kept.iter();
    items.retain(|_| *flags.next().expect("a flag an item"));
    let mut flags = kept.iter();
    counted.retain(|_| *flags.next().expect("a flag an item"));
}

fn prune_items(
    items: &mut Vec<Item>,
    counted: &mut Vec<Counted>,
    root: bool,
    mentions: &Words,
    defined: &BTreeMap<String, usize>,
    removed: &mut BTreeSet<String>,
) {
    // Used: mentioned, where it can be named, more often than in its own definition.
    let used = |name: &str, own: Counts, method: bool| {
        mentions.get(name).copied().unwrap_or_default().naming(method) > own.naming(method)
    };
    let mut own = BTreeMap::<String, Counts>::new();
    for (item, counts) in items.iter().zip(counted.iter()) {
        if let Some(name) = item_name(item).or_else(|| impl_self(item)) {
            let times = counts.count(item, &name);
            own.entry(name).or_default().add(times);
        }
    }
    let dead: BTreeSet<String> = own
        .into_iter()
        .filter(|(name, own)| defined.contains_key(name) && !(root && name == "main") && !used(name, *own, false))
        .map(|(name, _)| name)
        .collect();
    retain_with(items, counted, |item| {
        !item_name(item)
            .or_else(|| impl_self(item))
            .is_some_and(|name| dead.contains(&name))
    });
    removed.extend(dead);
    for (item, counts) in items.iter_mut().zip(counted.iter_mut()) {
        match item {
            Item::Impl(block) if block.trait_.is_none() => {
                let mut own = counts.members.iter().map(|member| &member.own);
                let keep: Vec<bool> = block
                    .items
                    .iter()
                    .map(|inner| {
                        let own = own.next().expect("counts for each member");
                        let Some(name) = impl_item_name(inner) else { return true };
                        let keep = used(&name, own.get(&name).copied().unwrap_or_default(), true);
                        if !keep {
                            removed.insert(name);
                        }
                        keep
                    })
                    .collect();
                let mut flags = keep.iter();
                retain_with(&mut block.items, &mut counts.members, |_| {
                    *flags.next().expect("a flag")
                });
            }
            Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => {
                prune_items(inner, &mut counts.members, false, mentions, defined, removed);
            }
            _ => {}
        }
    }
    let here = self::mentions(items, counted);
    retain_uses(items, counted, false, &|name, by_name| {
        !by_name || here.contains_key(name)
    });
}

/// How many times each word occurs in `items` (see [`words`]), imports counting only for their
/// first segment.
fn mentions(items: &[Item], counted: &[Counted]) -> Words {
    let mut all = Words::new();
    for (item, counts) in items.iter().zip(counted) {
        match item {
            Item::Use(syn::ItemUse {
                tree: UseTree::Path(path),
                ..
            }) => add(&mut all, &[(path.ident.to_string(), Counts([0, 0, 1]))].into()),
            Item::Use(_) => {}
            _ => counts.add_to(item, &mut all),
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
/// traits imported for their methods), in `items` (counted as `counted`) and, if `deep`, the
/// modules inside; drops emptied imports. Returns how many names were dropped.
fn retain_uses(
    items: &mut Vec<Item>,
    counted: &mut Vec<Counted>,
    deep: bool,
    keep: &dyn Fn(&str, bool) -> bool,
) -> usize {
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
    let mut members = counted.iter_mut();
    let kept: Vec<bool> = items
        .iter_mut()
        .map(|item| {
            let counts = members.next().expect("counts for each item");
            match item {
                Item::Use(import) => filter(&mut import.tree, "", keep, &mut dropped),
                Item::Mod(syn::ItemMod {
                    content: Some((_, inner)),
                    ..
                }) if deep => {
                    dropped += retain_uses(inner, &mut counts.members, deep, keep);
                    true
                }
                _ => true,
            }
        })
        .collect();
    let mut flags = kept.iter();
    retain_with(items, counted, |_| *flags.next().expect("a flag an item"));
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
