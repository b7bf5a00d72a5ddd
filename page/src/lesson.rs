//! What the study page's lesson on breadth-first search shows, all by the crates' own searches:
//! a toy graph of eight nodes searched by [`common::stepper`] (the stepper the puzzles use), the
//! first layers of each puzzle's search as a tree that grows step by step, and the count of the
//! queue's pushes when a board is marked on taking it rather than on queueing it.
//!
//! **Equals:** the toy's steps are [`common::stepper::Stepper`]'s on the graph [`TOY_EDGES`]; the
//! tree's steps are the puzzle's stepper's first steps ([`mod@msquare::study::stepper`],
//! [`mod@eight::study::stepper`], [`colour_hash::study::GoalSideStepper`], each puzzle's
//! [`crate::Study::tree`]); the pushes are
//! [`msquare::study::queue_pushes`] and [`eight::study::queue_pushes`].
//! **Proved by:** `the_toy_is_searched_as_a_queue_and_a_set_search_it` and
//! `each_tree_holds_whole_layers_as_the_crates_count_them` (below); the pushes by the crates'
//! `the_queue_pushes_under_each_marking_are_an_independent_search_s`.

use std::cell::RefCell;

use common::stepper::{Marking, Rules, Stepper};

use crate::{hash, json};

/// The toy graph's nodes, by number: S is where the search starts.
pub const TOY_NODES: [u8; 8] = *b"SABCDEFG";

/// The toy graph's edges (undirected), as pairs of node names. Small enough to step by hand, and
/// built to show both "why"s: D is reached from A and again from B (a second arrival, already
/// marked), and G lies at the end of two paths of the same length.
pub const TOY_EDGES: [(u8, u8); 9] = [
    (b'S', b'A'),
    (b'S', b'B'),
    (b'A', b'C'),
    (b'A', b'D'),
    (b'B', b'D'),
    (b'C', b'E'),
    (b'D', b'F'),
    (b'E', b'G'),
    (b'F', b'G'),
];

/// The most neighbours a toy node has (its moves are "the first, second, third neighbour").
const TOY_DEGREE: usize = 3;

/// Node `node`'s neighbours in alphabetical order (the toy's "judge's order"), by number.
fn toy_neighbours(node: u8) -> Vec<u8> {
    let name = TOY_NODES[usize::from(node)];
    let mut names: Vec<u8> = TOY_EDGES
        .iter()
        .filter_map(|&(a, b)| match (a == name, b == name) {
            (true, _) => Some(b),
            (_, true) => Some(a),
            _ => None,
        })
        .collect();
    names.sort_unstable();
    names
        .iter()
        .filter_map(|name| TOY_NODES.iter().position(|node| node == name))
        .map(|at| at as u8)
        .collect()
}

/// The toy's move `step`: its `step`-th neighbour in alphabetical order.
fn toy_moved(node: &u8, step: usize) -> Option<u8> {
    toy_neighbours(*node).get(step).copied()
}

/// The toy graph and its whole breadth-first search from S as JSON: `{"nodes":[…],"edges":[…],
/// "steps":[…]}`, each step the node taken, its distance, its neighbours in alphabetical order
/// (each new or seen, with its distance) and the queue after it, the next node first.
///
/// # Complexity
/// Eight steps of [`common::stepper`].
pub fn toy() -> String {
    let name = |node: &u8| char::from(TOY_NODES[usize::from(*node)]).to_string();
    let rules = Rules {
        letters: b"123",
        moved: toy_moved,
        rank: |node: &u8| usize::from(*node),
        states: TOY_NODES.len(),
    };
    debug_assert_eq!(rules.letters.len(), TOY_DEGREE);
    let mut stepper = Stepper::new(0u8, rules);
    let mut steps = Vec::new();
    while let Some(step) = stepper.step() {
        let neighbours: Vec<String> = step
            .neighbours
            .iter()
            .map(|next| {
                let mut item = json::Object::new();
                item.string("board", &name(&next.board));
                item.raw("new", if next.new { "true" } else { "false" });
                item.number("distance", u64::from(next.distance));
                item.finish()
            })
            .collect();
        let mut out = json::Object::new();
        out.number("index", step.index as u64);
        out.string("board", &name(&step.board));
        out.number("distance", u64::from(step.distance));
        out.raw("neighbours", &format!("[{}]", neighbours.join(",")));
        out.strings("queue", stepper.queue().map(name));
        steps.push(out.finish());
    }
    let mut out = json::Object::new();
    out.strings("nodes", TOY_NODES.iter().map(|&node| char::from(node).to_string()));
    let edges: Vec<String> = TOY_EDGES
        .iter()
        .map(|&(a, b)| format!("[\"{}\",\"{}\"]", char::from(a), char::from(b)))
        .collect();
    out.raw("edges", &format!("[{}]", edges.join(",")));
    out.raw("steps", &format!("[{}]", steps.join(",")));
    out.finish()
}

/// One step of a puzzle's search as the tree needs it: the board taken, its distance, and each
/// neighbour's move, board and whether it was new ([`ranked`] and [`goal_side`] read one).
pub struct TreeStep {
    board: String,
    distance: u8,
    neighbours: Vec<(String, String, bool)>,
}

/// The tree draws whole layers while they hold at most this many boards in all...
pub const TREE_BOARDS: usize = 64;
/// ... and at least this many layers (the start's, and three more), whatever they hold.
pub const TREE_LAYERS: usize = 4;

/// The first steps of a search, those that take the boards of its first whole layers: layers
/// 0, 1, … while they hold at most [`TREE_BOARDS`] boards together, and at least [`TREE_LAYERS`]
/// of them. Returns the steps and the number of layers.
fn first_whole_layers<S>(mut stepper: S, step: impl Fn(&mut S) -> Option<TreeStep>) -> (Vec<TreeStep>, usize) {
    // found[d]: the boards at distance d found so far; layer d is whole once its first board
    // is taken, since every board of layer d − 1 was taken before it.
    let mut found = vec![1usize];
    let (mut steps, mut layers, mut boards) = (Vec::new(), 0, 0);
    while let Some(taken) = step(&mut stepper) {
        let d = usize::from(taken.distance);
        if d == layers {
            if layers >= TREE_LAYERS && boards + found[d] > TREE_BOARDS {
                break;
            }
            boards += found[d];
            layers += 1;
        }
        let new = taken.neighbours.iter().filter(|(_, _, new)| *new).count();
        if found.len() <= d + 1 {
            found.resize(d + 2, 0);
        }
        found[d + 1] += new;
        steps.push(taken);
    }
    (steps, layers)
}

/// A ranked puzzle's step for the tree, its boards written by `tokens`.
pub fn ranked<B: Copy>(stepper: &mut Stepper<B>, tokens: fn(&B) -> String) -> Option<TreeStep> {
    let step = stepper.step()?;
    Some(TreeStep {
        board: tokens(&step.board),
        distance: step.distance,
        neighbours: step
            .neighbours
            .iter()
            .map(|next| (char::from(next.letter).to_string(), tokens(&next.board), next.new))
            .collect(),
    })
}

/// Colour Hash's goal side's step for the tree.
pub fn goal_side(stepper: &mut colour_hash::study::GoalSideStepper) -> Option<TreeStep> {
    let step = stepper.step()?;
    Some(TreeStep {
        board: hash::tokens(&step.numbers),
        distance: step.distance,
        neighbours: step
            .neighbours
            .iter()
            .map(|next| (next.step.to_string(), hash::tokens(&next.numbers), next.new))
            .collect(),
    })
}

/// The tree that grows as the page steps the search: the steps of `stepper` (each read by `step`)
/// that take every board of the search's first whole layers (see [`TREE_BOARDS`],
/// [`TREE_LAYERS`]), as JSON
/// `{"layers":L,"steps":[{"board":…,"distance":d,"neighbours":[{"move":…,"board":…,"new":…}]}]}`,
/// step k at position k. The page draws, at step k, the boards taken by steps 0 … k and those
/// they queued (the frontier), each with an arrow to its parent, up to layer L − 1.
///
/// # Complexity
/// A few dozen steps of the puzzle's stepper (and its distance array, 8! or 9! bytes).
pub fn tree<S>(stepper: S, step: impl Fn(&mut S) -> Option<TreeStep>) -> String {
    let (steps, layers) = first_whole_layers(stepper, step);
    let written: Vec<String> = steps
        .iter()
        .map(|step| {
            let neighbours: Vec<String> = step
                .neighbours
                .iter()
                .map(|(name, board, new)| {
                    let mut item = json::Object::new();
                    item.string("move", name);
                    item.string("board", board);
                    item.raw("new", if *new { "true" } else { "false" });
                    item.finish()
                })
                .collect();
            let mut out = json::Object::new();
            out.string("board", &step.board);
            out.number("distance", u64::from(step.distance));
            out.raw("neighbours", &format!("[{}]", neighbours.join(",")));
            out.finish()
        })
        .collect();
    let mut out = json::Object::new();
    out.number("layers", layers as u64);
    out.raw("steps", &format!("[{}]", written.join(",")));
    out.finish()
}

thread_local! {
    static PUSHES: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// How many times the queue takes a board when boards are marked as seen on queueing and on
/// taking, for Magic Squares' and Eight's whole spaces, as JSON
/// `{"msquare":{"onQueue":…,"onTake":…},"eight":{…}}`; counted once, then kept.
///
/// # Complexity
/// Four whole searches the first time (about 0.5 million pushes in all).
pub fn pushes() -> String {
    PUSHES.with(|kept| {
        kept.borrow_mut()
            .get_or_insert_with(|| {
                let counts = |on_queue: usize, on_take: usize| {
                    let mut item = json::Object::new();
                    item.number("onQueue", on_queue as u64);
                    item.number("onTake", on_take as u64);
                    item.finish()
                };
                let mut out = json::Object::new();
                out.raw(
                    "msquare",
                    &counts(
                        msquare::study::queue_pushes(Marking::OnQueue),
                        msquare::study::queue_pushes(Marking::OnTake),
                    ),
                );
                out.raw(
                    "eight",
                    &counts(
                        eight::study::queue_pushes(Marking::OnQueue),
                        eight::study::queue_pushes(Marking::OnTake),
                    ),
                );
                out.finish()
            })
            .clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{square, tiles, Puzzle};
    use std::collections::{HashMap, VecDeque};

    #[test]
    fn the_toy_is_searched_as_a_queue_and_a_set_search_it() {
        // Independently: adjacency by name, a queue, a map of distances.
        let mut adjacent: HashMap<char, Vec<char>> = HashMap::new();
        for (a, b) in TOY_EDGES.map(|(a, b)| (char::from(a), char::from(b))) {
            adjacent.entry(a).or_default().push(b);
            adjacent.entry(b).or_default().push(a);
        }
        let mut distance = HashMap::from([('S', 0)]);
        let mut queue = VecDeque::from(['S']);
        let mut expected = Vec::new();
        while let Some(node) = queue.pop_front() {
            let mut next = adjacent[&node].clone();
            next.sort_unstable();
            let mut parts = Vec::new();
            for n in next {
                let new = !distance.contains_key(&n);
                if new {
                    distance.insert(n, distance[&node] + 1);
                    queue.push_back(n);
                }
                parts.push(format!(
                    "{{\"board\":\"{n}\",\"new\":{new},\"distance\":{}}}",
                    distance[&n]
                ));
            }
            let waiting: Vec<String> = queue.iter().map(|n| format!("\"{n}\"")).collect();
            expected.push(format!(
                "{{\"index\":{},\"board\":\"{node}\",\"distance\":{},\"neighbours\":[{}],\"queue\":[{}]}}",
                expected.len(),
                distance[&node],
                parts.join(","),
                waiting.join(",")
            ));
        }
        let found = toy();
        assert!(
            found.ends_with(&format!("\"steps\":[{}]}}", expected.join(","))),
            "{found}"
        );
        assert_eq!(distance.len(), TOY_NODES.len(), "every node is reached");
        assert!(
            distance.values().any(|&d| d >= 4),
            "the toy is at least five layers deep"
        );
        assert!((6..=10).contains(&TOY_NODES.len()));
    }

    /// The boards at each distance in a tree's JSON, and the number of layers it says it holds.
    fn layer_counts(json: &str) -> (Vec<usize>, usize) {
        let layers: usize = json["{\"layers\":".len()..].split(',').next().unwrap().parse().unwrap();
        let mut counts = vec![0; layers + 1];
        for step in json.split("\"distance\":").skip(1) {
            let d: usize = step.split(',').next().unwrap().parse().unwrap();
            counts[d] += 1;
        }
        (counts, layers)
    }

    #[test]
    fn each_tree_holds_whole_layers_as_the_crates_count_them() {
        let sizes = [
            (Puzzle::Msquare, square::with(|square| square.plain.layer_sizes())),
            (Puzzle::Eight, tiles::with(|tiles| tiles.solver.layer_sizes())),
            (Puzzle::ColourHash, hash::with_depth(5, |table| table.sizes())),
        ];
        for (puzzle, sizes) in sizes {
            let (counts, layers) = layer_counts(&puzzle.study().tree());
            assert!(layers >= TREE_LAYERS, "{puzzle:?}: {layers} layers");
            // Every board of layers 0 … L − 1 taken, none beyond.
            assert_eq!(counts[..layers], sizes[..layers], "{puzzle:?}");
            assert_eq!(counts[layers], 0, "{puzzle:?}");
            let held: usize = sizes[..layers].iter().sum();
            assert!(
                layers == TREE_LAYERS || held <= TREE_BOARDS,
                "{puzzle:?}: {held} boards"
            );
            assert!(
                held + sizes[layers] > TREE_BOARDS,
                "{puzzle:?}: layer {layers} would fit too"
            );
        }
    }

    #[test]
    fn the_page_s_requests_reach_the_lesson() {
        use crate::request::{Reply, Request};
        let reply = |fields: &[(&str, &str)]| match crate::call(&Request::write(
            fields.iter().map(|&(name, value)| (name, value.as_bytes())),
        )) {
            Reply::Json(text) => text,
            Reply::Bytes(bytes) => panic!("{} bytes", bytes.len()),
        };
        assert_eq!(reply(&[("op", "toy")]), toy());
        assert_eq!(reply(&[("op", "tree"), ("code", "1")]), Puzzle::Eight.study().tree());
        assert_eq!(reply(&[("op", "pushes")]), pushes());
    }

    #[test]
    fn the_pushes_are_the_crates_counts() {
        let found = pushes();
        for (name, on_queue, on_take) in [
            (
                "msquare",
                msquare::study::queue_pushes(Marking::OnQueue),
                msquare::study::queue_pushes(Marking::OnTake),
            ),
            (
                "eight",
                eight::study::queue_pushes(Marking::OnQueue),
                eight::study::queue_pushes(Marking::OnTake),
            ),
        ] {
            assert!(found.contains(&format!("\"{name}\":{{\"onQueue\":{on_queue},\"onTake\":{on_take}}}")));
        }
    }
}
