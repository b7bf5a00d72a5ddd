//! Watching the breadth-first search run, by the crates' own steppers: one board at a time
//! ([`mod@msquare::study::stepper`], [`mod@eight::study::stepper`], both [`common::stepper`];
//! colour-hash's goal side by its own stepper), the order it finds every board in, its first
//! layers, and Magic Squares' parent chain. The page's `watch.js` draws them; the other ways to
//! search, compared, are [`crate::compare`]'s.

use std::cell::RefCell;

use common::stepper::Stepper;

use crate::{hash, json, square, tiles, Puzzle};

/// A stepper and how far it has gone; kept between calls, so that stepping forward costs one
/// step and only a step back starts the search again.
struct Kept<S> {
    stepper: S,
    /// The JSON of the step numbered `taken - 1`, when that step was written out (the steps
    /// skipped on the way to a far `k` are not).
    last: Option<String>,
    taken: usize,
}

thread_local! {
    static MSQUARE: RefCell<Option<Kept<Stepper<msquare::Board>>>> = const { RefCell::new(None) };
    static EIGHT: RefCell<Option<Kept<Stepper<[u8; 9]>>>> = const { RefCell::new(None) };
    static HASH: RefCell<Option<Kept<colour_hash::study::GoalSideStepper>>> = const { RefCell::new(None) };
}

/// A board as the stepper shows it: its tokens, its rank and that rank's Lehmer digits (colour-hash's
/// configurations have no rank: 0 and no digits).
struct Shown {
    tokens: String,
    rank: usize,
    digits: Vec<u8>,
}

impl Shown {
    fn write(&self, out: &mut json::Object) {
        out.string("board", &self.tokens);
        out.number("rank", self.rank as u64);
        out.numbers("digits", self.digits.iter().map(|&digit| u64::from(digit)));
    }
}

/// One neighbour of the board taken: its move's name, the board, whether it is new, its distance.
struct Reached {
    name: String,
    board: Shown,
    new: bool,
    distance: u64,
}

/// One step of any puzzle's search, in the page's terms: each puzzle's stepper is read into it
/// and [`step_json`] writes it, so the three steppers share one JSON form.
struct StepView {
    index: usize,
    board: Shown,
    distance: u64,
    neighbours: Vec<Reached>,
    queued: usize,
    seen: usize,
    /// The queue's first boards' tokens.
    queue: Vec<String>,
}

/// Boards of the queue the page draws.
const QUEUE_SHOWN: usize = 12;

/// A step as JSON.
fn step_json(view: StepView) -> String {
    let mut out = json::Object::new();
    out.number("index", view.index as u64);
    view.board.write(&mut out);
    out.number("distance", view.distance);
    let neighbours: Vec<String> = view
        .neighbours
        .iter()
        .map(|next| {
            let mut item = json::Object::new();
            item.string("move", &next.name);
            next.board.write(&mut item);
            item.raw("new", if next.new { "true" } else { "false" });
            item.number("distance", next.distance);
            item.finish()
        })
        .collect();
    out.raw("neighbours", &format!("[{}]", neighbours.join(",")));
    out.number("queued", view.queued as u64);
    out.number("seen", view.seen as u64);
    out.strings("queue", view.queue);
    out.finish()
}

/// One step of a ranked puzzle's search ([`common::stepper`]) as JSON: `tokens` writes a board,
/// `rank` is the crate's plain rank (the digits are that rank worked out).
fn ranked_step<B: Copy + AsRef<[u8]>>(
    stepper: &mut Stepper<B>,
    tokens: fn(&B) -> String,
    rank: fn(&B) -> usize,
) -> Option<String> {
    let shown = |board: &B| Shown {
        tokens: tokens(board),
        rank: rank(board),
        digits: common::perm::lehmer_digits(board.as_ref()),
    };
    let step = stepper.step()?;
    let neighbours = step
        .neighbours
        .iter()
        .map(|next| Reached {
            name: char::from(next.letter).to_string(),
            board: shown(&next.board),
            new: next.new,
            distance: u64::from(next.distance),
        })
        .collect();
    Some(step_json(StepView {
        index: step.index,
        board: shown(&step.board),
        distance: u64::from(step.distance),
        neighbours,
        queued: step.queued,
        seen: step.seen,
        queue: stepper.queue().take(QUEUE_SHOWN).map(tokens).collect(),
    }))
}

/// One step of msquare's search as JSON.
pub fn msquare_step(stepper: &mut Stepper<msquare::Board>) -> Option<String> {
    ranked_step(stepper, square::tokens, msquare::plain::rank)
}

/// One step of eight's search as JSON.
pub fn eight_step(stepper: &mut Stepper<[u8; 9]>) -> Option<String> {
    ranked_step(stepper, tiles::cell_tokens, eight::plain::rank)
}

/// One step of colour-hash's goal side as JSON: configurations have no rank (their space is
/// remembered in a hash map), so `rank` is 0 and `digits` empty.
pub fn hash_step(stepper: &mut colour_hash::study::GoalSideStepper) -> Option<String> {
    let shown = |numbers| Shown {
        tokens: hash::tokens(numbers),
        rank: 0,
        digits: Vec::new(),
    };
    let step = stepper.step()?;
    let neighbours = step
        .neighbours
        .iter()
        .map(|next| Reached {
            name: next.step.to_string(),
            board: shown(&next.numbers),
            new: next.new,
            distance: u64::from(next.distance),
        })
        .collect();
    Some(step_json(StepView {
        index: step.index,
        board: shown(&step.numbers),
        distance: u64::from(step.distance),
        neighbours,
        queued: step.queued,
        seen: step.seen,
        queue: stepper.queue().take(QUEUE_SHOWN).map(hash::tokens).collect(),
    }))
}

/// Steps `kept` (a new stepper when there is none or it is past `k`) to the step numbered `k`
/// and returns that step as `step` writes it; the steps before it are only taken (`skip`), not
/// written: a far `k` (the page's `&bfs=31749`) would otherwise build as many JSON texts.
fn step_to<S>(
    kept: &mut Option<Kept<S>>,
    k: usize,
    new: fn() -> S,
    skip: fn(&mut S) -> Option<()>,
    step: fn(&mut S) -> Option<String>,
) -> Option<String> {
    let reusable = |kept: &Kept<S>| kept.taken <= k || (kept.taken == k + 1 && kept.last.is_some());
    if !kept.as_ref().is_some_and(reusable) {
        *kept = Some(Kept {
            stepper: new(),
            last: None,
            taken: 0,
        });
    }
    let kept = kept.as_mut()?;
    while kept.taken < k {
        kept.last = None;
        skip(&mut kept.stepper)?;
        kept.taken += 1;
    }
    if kept.taken == k {
        kept.last = Some(step(&mut kept.stepper)?);
        kept.taken += 1;
    }
    kept.last.clone()
}

/// The error of a step past the search's last board.
pub fn past_the_end(k: usize) -> String {
    let mut out = json::Object::new();
    out.string("error", &format!("the search takes fewer than {} boards", k + 1));
    out.finish()
}

/// Magic Squares' plain breadth-first search just after it took its (`k` + 1)-th board from the
/// queue and queued that board's new neighbours, as JSON: the board (tokens, rank, its Lehmer
/// digits, distance), each neighbour with its move and whether it was new, the queue's length
/// and its first boards; `None` past the last board.
///
/// # Complexity
/// One step from the previous call's `k` to the next; from the start otherwise (k steps, only the
/// last written as JSON).
pub fn msquare_bfs(k: usize) -> Option<String> {
    MSQUARE.with(|kept| {
        step_to(
            &mut kept.borrow_mut(),
            k,
            msquare::study::stepper,
            |stepper| stepper.step().map(drop),
            msquare_step,
        )
    })
}

/// Eight's, as [`msquare_bfs`].
pub fn eight_bfs(k: usize) -> Option<String> {
    EIGHT.with(|kept| {
        step_to(
            &mut kept.borrow_mut(),
            k,
            eight::study::stepper,
            |stepper| stepper.step().map(drop),
            eight_step,
        )
    })
}

/// Colour Hash's goal side, as [`msquare_bfs`] (no rank: 0 and no digits).
pub fn hash_bfs(k: usize) -> Option<String> {
    HASH.with(|kept| {
        step_to(
            &mut kept.borrow_mut(),
            k,
            colour_hash::study::GoalSideStepper::new,
            |stepper| stepper.step().map(drop),
            hash_step,
        )
    })
}

/// [`crate::Study::bfs`] of `puzzle`, or the error past the last board.
pub fn bfs(puzzle: Puzzle, k: usize) -> String {
    puzzle.study().bfs(k).unwrap_or_else(|| past_the_end(k))
}

/// The order in which the plain breadth-first search finds each board, by rank: 4 bytes (little
/// endian) a rank, the start 0, the next board queued 1, and so on (the queue is first in, first
/// out, so this is also the order the boards are taken in); `u32::MAX` for a board never found
/// (Eight's other half). With it the page paints, at step k, the boards taken (order ≤ k), those
/// waiting in the queue (order < the boards seen) and the rest. Empty for colour-hash, which has
/// no rank.
///
/// # Complexity
/// One whole search of [`mod@msquare::study::stepper`] or [`mod@eight::study::stepper`].
pub fn found_order<B: Copy>(mut stepper: Stepper<B>, rank: fn(&B) -> usize, states: usize) -> Vec<u8> {
    let mut found = vec![u32::MAX; states];
    let mut next = 0u32;
    while let Some(step) = stepper.step() {
        if step.index == 0 {
            found[rank(&step.board)] = next;
            next += 1;
        }
        for neighbour in step.neighbours.iter().filter(|neighbour| neighbour.new) {
            found[rank(&neighbour.board)] = next;
            next += 1;
        }
    }
    found.iter().flat_map(|order| order.to_le_bytes()).collect()
}

/// The first steps of a fresh breadth-first search, as a JSON list of [`bfs`]'s steps: those that
/// expand the start and the boards one move from it (1 + the start's new neighbours), so that
/// the page can draw the space's first layers (0, 1 and 2) as a small graph, every move an
/// edge, before the whole space. Colour-hash's goal side likewise.
///
/// # Complexity
/// A handful of steps of a fresh stepper (and its distance array, 8! or 9! bytes).
pub fn first_layers<S>(mut stepper: S, step: fn(&mut S) -> Option<String>) -> String {
    // The start's step, then one step for each of its new neighbours (queued next, in order).
    let mut found: Vec<String> = step(&mut stepper).into_iter().collect();
    let neighbours = found.first().map_or(0, |start| start.matches("\"new\":true").count());
    found.extend((0..neighbours).map_while(|_| step(&mut stepper)));
    format!("[{}]", found.join(","))
}

/// Magic Squares' breadth-first search run from the basic state until it takes the case
/// (`board`, its tokens), each new board's parent (the board taken when it was queued) and
/// move noted as the search goes, then the parents read back from the case to the start. JSON
/// `{"index":K,"chain":[{"board":…,"move":…},…]}`: K the step that takes the case (the page's
/// `#msquare&bfs=K`), the chain from the basic state (its move empty) to the case. Since a board
/// is first reached by the smallest move of the earliest board of the layer before (the tie
/// rule), the chain's moves are the judge's answer; the browser test holds them to the binary's.
///
/// # Complexity
/// Up to 8! steps of [`mod@msquare::study::stepper`]; 8 bytes a rank for the parents.
pub fn msquare_chain(board: &str) -> String {
    let tokens: Vec<&str> = board.split(',').filter(|token| !token.is_empty()).collect();
    let mut out = json::Object::new();
    let case = match square::parse(&tokens) {
        Ok(case) => case,
        Err(error) => {
            out.string("error", &error);
            return out.finish();
        }
    };
    let rank = msquare::plain::rank;
    // By rank: the board, its parent's rank and the move from the parent (none for the start).
    let mut parents: Vec<Option<(msquare::Board, usize, u8)>> = vec![None; common::perm::FACTORIALS[8]];
    let mut stepper = msquare::study::stepper();
    let taken = loop {
        let Some(step) = stepper.step() else {
            out.string("error", "the search ends without taking the case");
            return out.finish();
        };
        if step.index == 0 {
            parents[rank(&step.board)] = Some((step.board, usize::MAX, 0));
        }
        for next in step.neighbours.iter().filter(|next| next.new) {
            parents[rank(&next.board)] = Some((next.board, rank(&step.board), next.letter));
        }
        if step.board == case {
            break step.index;
        }
    };
    let mut chain = Vec::new();
    let mut at = rank(&case);
    while let Some((board, parent, letter)) = parents[at] {
        let mut item = json::Object::new();
        item.string("board", &square::tokens(&board));
        item.string(
            "move",
            &if letter == 0 {
                String::new()
            } else {
                char::from(letter).to_string()
            },
        );
        chain.push(item.finish());
        if parent == usize::MAX {
            break;
        }
        at = parent;
    }
    chain.reverse();
    out.number("index", taken as u64);
    out.raw("chain", &format!("[{}]", chain.join(",")));
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_forward_and_back_agree_with_a_fresh_search() {
        let fresh = |k| {
            let mut stepper = msquare::study::stepper();
            for _ in 0..k {
                stepper.step();
            }
            msquare_step(&mut stepper).unwrap()
        };
        for k in [0, 1, 2, 10, 5, 500, 499, 40_319] {
            assert_eq!(bfs(Puzzle::Msquare, k), fresh(k), "{k}");
        }
        assert!(bfs(Puzzle::Msquare, 40_320).contains("error"));
        // A step far past the end, asked from near the start, spends the stepper on steps it
        // skipped without writing them: the last step asked for next is still found.
        assert_eq!(bfs(Puzzle::Msquare, 3), fresh(3));
        assert!(bfs(Puzzle::Msquare, 50_000).contains("error"));
        assert_eq!(bfs(Puzzle::Msquare, 40_319), fresh(40_319));
        let start = bfs(Puzzle::Eight, 0);
        assert!(start.starts_with(r#"{"index":0,"board":"1,2,3,4,5,6,7,8,x","rank":0,"digits":[0,0,0,0,0,0,0,0,0],"distance":0,"neighbours":[{"move":"u","board":"1,2,3,4,5,x,7,8,6""#), "{start}");
        assert!(start.contains(r#""queued":2,"seen":3,"#), "{start}");
        let goal = bfs(Puzzle::ColourHash, 0);
        assert!(
            goal.contains(r#""distance":0,"neighbours":[{"move":"1","#) && goal.contains(r#""queued":4,"seen":5"#),
            "{goal}"
        );
    }

    #[test]
    fn boards_are_found_in_the_order_the_steps_take_them() {
        let found = crate::Puzzle::Msquare.study().found_order();
        let order = |rank: usize| u32::from_le_bytes(found[4 * rank..4 * rank + 4].try_into().unwrap());
        let mut stepper = msquare::study::stepper();
        let mut taken = 0u32;
        while let Some(step) = stepper.step() {
            assert_eq!(order(msquare::plain::rank(&step.board)), taken);
            taken += 1;
        }
        assert_eq!(taken as usize * 4, found.len());
    }

    #[test]
    fn the_first_layers_are_the_starts_step_and_its_neighbours() {
        // Magic Squares: the basic state and its three neighbours A, B, C, each expanded.
        let found = Puzzle::Msquare.study().first_layers();
        assert_eq!(found.matches("\"index\":").count(), 4, "{found}");
        assert!(found.starts_with(&format!("[{}", bfs(Puzzle::Msquare, 0))), "{found}");
        // Eight's goal has its blank in a corner: two neighbours.
        assert_eq!(Puzzle::Eight.study().first_layers().matches("\"index\":").count(), 3);
        assert_eq!(
            Puzzle::ColourHash.study().first_layers().matches("\"index\":").count(),
            5
        );
    }

    #[test]
    fn the_parent_chain_read_back_is_the_plain_answer() {
        // The basic state, the problem's sample and the rows swapped and reversed, against plain.
        for tokens in ["1,2,3,4,5,6,7,8", "2,6,8,4,5,7,3,1", "8,7,6,5,4,3,2,1"] {
            let found = msquare_chain(tokens);
            let case = square::parse(&tokens.split(',').collect::<Vec<_>>()).unwrap();
            let answer: String = msquare::plain::Plain::new()
                .sequence(&case)
                .into_iter()
                .map(char::from)
                .collect();
            let moves: String = found
                .split("\"move\":\"")
                .skip(1)
                .map(|rest| &rest[..rest.find('"').unwrap()])
                .collect();
            assert_eq!(moves, answer, "{tokens}: {found}");
            let last = found.rsplit("\"board\":\"").next().unwrap();
            assert!(
                last.starts_with(&format!("{tokens}\"")),
                "the chain ends at the case: {found}"
            );
            assert!(
                found.contains("{\"board\":\"1,2,3,4,5,6,7,8\",\"move\":\"\"}"),
                "and starts at the basic state: {found}"
            );
        }
    }
}
