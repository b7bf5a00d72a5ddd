//! Comparing ways to search, all by the crates' own study items: Eight's methods raced on one
//! board ([`eight::study::breadth_first`], [`eight::study::a_star`], [`eight::study::iterations`],
//! [`eight::Solver`]), Eight's whole space searched with each of three seen sets
//! ([`eight::study::explore`], what each set holds counted by [`crate::memory`]), and Colour
//! Hash's start side meeting its goal side ([`colour_hash::study::start_side`]). The page's
//! `compare.js` draws them.

use eight::study::SeenKind;

use crate::{hash, json, tiles};

/// A board's tokens, commas between them.
fn words(text: &str) -> Vec<&str> {
    text.split(',').filter(|token| !token.is_empty()).collect()
}

/// Colour-hash's start side from a configuration, `board` its tokens and `depth` the goal side's G: JSON
/// `{"visits":[{"length":L,"path":"…","meets":true|false|null},…],"met":…}`, the first 60 nodes
/// of the search and the meeting one, the layers reaching G (at most 12).
pub fn start_side(board: &str, depth: u64) -> String {
    let tokens = words(board);
    let goal_depth = depth.clamp(1, 12) as u8;
    let mut out = json::Object::new();
    let numbers = match hash::parse(&tokens) {
        Ok(numbers) => numbers,
        Err(error) => {
            out.string("error", &error);
            return out.finish();
        }
    };
    hash::with_layers(goal_depth, |layers| {
        let (visits, met) = colour_hash::study::start_side(&numbers, layers, goal_depth, 60);
        let listed: Vec<String> = visits
            .iter()
            .map(|visit| {
                let mut item = json::Object::new();
                item.number("length", u64::from(visit.length));
                item.string("path", &visit.path.iter().map(u8::to_string).collect::<String>());
                item.raw(
                    "meets",
                    visit.meets.map_or("null", |meets| if meets { "true" } else { "false" }),
                );
                item.finish()
            })
            .collect();
        out.raw("visits", &format!("[{}]", listed.join(",")));
        out.raw("met", if met { "true" } else { "false" });
    });
    out.finish()
}

/// One method of the race on an Eight board, `board` its tokens and `method` one
/// of `bfs`, `astar`, `ida`, `table`: JSON `{"moves":M,"expansions":E}` (IDA* adds each
/// iteration's `bounds` and `expanded`; the table counts the boards its build expanded, the whole
/// solvable space, plus the answer's walk).
pub fn race(method: &str, board: &str) -> String {
    let tokens = words(board);
    let mut out = json::Object::new();
    let board = match tiles::parse(&tokens) {
        Ok(board) => board,
        Err(error) => {
            out.string("error", &error);
            return out.finish();
        }
    };
    let run = |run: Option<eight::study::Run>, out: &mut json::Object| {
        out.optional("moves", run.map(|run| u64::from(run.moves)));
        out.optional("expansions", run.map(|run| run.expansions));
    };
    match method {
        "bfs" => run(eight::study::breadth_first(&board, &mut |_| {}), &mut out),
        "astar" => run(eight::study::a_star(&board, &mut |_| {}), &mut out),
        "astar_deeper" => run(eight::study::a_star_deeper_first(&board), &mut out),
        "ida" => {
            let found = eight::study::iterations(&board, u64::MAX).unwrap_or_default();
            let spent: u64 = found.iter().map(|iteration| iteration.expansions).sum();
            out.optional("moves", found.last().map(|iteration| u64::from(iteration.bound)));
            out.optional("expansions", (!found.is_empty()).then_some(spent));
            out.numbers("bounds", found.iter().map(|iteration| u64::from(iteration.bound)));
            out.numbers("expanded", found.iter().map(|iteration| iteration.expansions));
        }
        "table" => {
            // Built afresh, as a run that needs the table builds it: every solvable board
            // expanded once, then the answer walked down the table a board a move.
            let solver = eight::Solver::new();
            let built: usize = solver.layer_sizes().iter().sum();
            let distance = solver.distance(&board);
            out.optional("moves", distance.map(u64::from));
            out.optional("expansions", distance.map(|moves| built as u64 + u64::from(moves)));
        }
        other => out.string("error", &format!("no method {other}")),
    }
    out.finish()
}

/// Which boards one method of the race expanded, `board` its tokens and the
/// method `bfs` or `astar`: one byte a rank (9! of them), 1 where the board was expanded; empty
/// for another method or a board that is not one.
pub fn race_map(method: &str, board: &str) -> Vec<u8> {
    let tokens = words(board);
    let Ok(board) = tiles::parse(&tokens) else {
        return Vec::new();
    };
    let mut map = vec![0u8; 362_880];
    let mut mark = |at: &eight::Board| map[at.rank()] = 1;
    match method {
        "bfs" => eight::study::breadth_first(&board, &mut mark).map(|_| ()),
        "astar" => eight::study::a_star(&board, &mut mark).map(|_| ()),
        _ => return Vec::new(),
    };
    map
}

/// Eight's whole space searched with seen set `kind` (0 `BTreeSet`, 1 `HashSet`, 2 Cantor
/// array): JSON `{"name":…,"boards":181440,"depth":31,"bytes":…,"peak":…}`, where `bytes` is
/// what the filled set holds (the search's layers freed) and `peak` the most the run held at
/// once, layers and growing tables included, both counted by [`crate::memory`] (left out
/// natively, where nothing is counted).
pub fn seen(kind: u64) -> String {
    let mut out = json::Object::new();
    match usize::try_from(kind).ok().and_then(|kind| SeenKind::ALL.get(kind)) {
        Some(&kind) => {
            let (explored, allocated) = crate::memory::measure(|| eight::study::explore(kind));
            out.string("name", kind.name());
            out.number("boards", explored.boards as u64);
            out.number("depth", u64::from(explored.depth));
            if let Some(allocated) = allocated {
                out.number("bytes", allocated.held as u64);
                out.number("peak", allocated.peak as u64);
            }
        }
        None => out.string("error", "no such seen set"),
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_side_meets_the_goal_side() {
        let sample = "0,3,4,5,0,3,6,5,0,1,2,1,0,7,8,7,0,9,10,9,0,1,2,1";
        let side = start_side(sample, 11);
        assert!(
            side.starts_with(r#"{"visits":[{"length":1,"path":"1","meets":false}"#),
            "{side}"
        );
        assert!(
            side.ends_with(r#"{"length":5,"path":"14343","meets":true}],"met":true}"#),
            "{side}"
        );
    }

    #[test]
    fn the_race_finds_one_distance_by_every_method() {
        let sample = "2,3,4,1,5,x,7,6,8";
        for method in ["bfs", "astar", "ida", "table"] {
            let text = race(method, sample);
            assert!(text.starts_with(r#"{"moves":19,"expansions":"#), "{method}: {text}");
        }
        // IDA*'s last bound is the distance.
        assert!(race("ida", "2,3,4,1,5,x,7,6,8").contains(r#",19],"expanded":["#));
        assert!(race("bfs", "2,1,3,4,5,6,7,8,x").starts_with(r#"{"moves":null,"expansions":null"#));
        assert_eq!(seen(2), r#"{"name":"Cantor","boards":181440,"depth":31}"#);
        // The maps hold as many boards as the runs count.
        for method in ["bfs", "astar"] {
            let expanded = race_map(method, sample).iter().filter(|&&byte| byte == 1).count();
            let text = race(method, sample);
            assert!(
                text.contains(&format!(r#""expansions":{expanded}"#)),
                "{method}: {text}"
            );
        }
        assert!(race_map("ida", "2,3,4,1,5,x,7,6,8").is_empty());
    }
}
