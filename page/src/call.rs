//! The module's one entry point: a request ([`Request`], named fields) in, a [`Reply`] out,
//! dispatched here by its `op` field to the crate functions that answer it. A new panel of the
//! page adds one arm here and its script; the worker passes every request through unchanged.
//!
//! The requests, their fields (`code` names the puzzle: 0 msquare, 1 eight, 2 colour-hash) and
//! what answers them:
//!
//! | op | fields | answer |
//! |---|---|---|
//! | `run` | code, text | [`crate::run`]'s stdout and stderr, `"first"`: [`crate::first::drawn`], and `"link"`: [`crate::link::case`] (null for none) |
//! | `unpack` | code, packed | `{"input":…}`, [`crate::link::unpack`], or `{"error":…}` |
//! | `layers` | code, depth | [`crate::layers`] |
//! | `depths` | code | [`crate::depths`], bytes |
//! | `describe` | code | [`crate::describe`] |
//! | `inspect` | code, board | [`crate::inspect`] |
//! | `replay` | code, board, moves | [`crate::replay`] |
//! | `random` | code, high, low | [`crate::random`], a JSON string |
//! | `board_at` | code, rank | [`crate::board_at`], a JSON string |
//! | `bfs` | code, k | [`crate::watch::bfs`] |
//! | `found_order` | code | [`crate::Study::found_order`], bytes |
//! | `tree` | code | [`crate::Study::tree`]: the search's first whole layers, step by step |
//! | `toy` | | [`crate::lesson::toy`]: the toy graph and its search |
//! | `pushes` | | [`crate::lesson::pushes`]: the queue's pushes under each marking |
//! | `chain` | board | [`crate::watch::msquare_chain`] |
//! | `to_case` | boards, target | [`crate::figures::msquare_to_case`] |
//! | `race` | method, board | [`crate::compare::race`] |
//! | `race_map` | method, board | [`crate::compare::race_map`], bytes |
//! | `seen` | kind | [`crate::compare::seen`] |
//! | `start_side` | board, depth | [`crate::compare::start_side`] |

use crate::request::{Reply, Request};
use crate::{compare, figures, first, json, lesson, link, watch};

/// Answers the request in `bytes`; `{"error":…}` for a request that is not one.
///
/// # Complexity
/// The answering function's.
pub fn call(bytes: &[u8]) -> Reply {
    Request::read(bytes)
        .and_then(|request| answer(&request))
        .unwrap_or_else(|error| Reply::error(&error))
}

/// A string as a JSON reply.
fn text(value: &str) -> Reply {
    Reply::Json(json::quoted(value))
}

fn answer(request: &Request) -> Result<Reply, String> {
    let op = request.text("op")?;
    let reply = match op.as_ref() {
        "run" => {
            let (puzzle, input) = (request.puzzle()?, request.bytes("text")?);
            // The binary's output and the first case, as one object: the text crosses once.
            let (stdout, stderr) = crate::output(puzzle, input);
            let mut out = json::Object::new();
            out.string("stdout", &stdout);
            out.string("stderr", &stderr);
            let drawn = first::drawn_case(puzzle, input, &stdout, &stderr);
            out.raw("first", &first::as_json(&drawn));
            match link::case(puzzle, input, &drawn) {
                Some(case) => out.string("link", &case),
                None => out.raw("link", "null"),
            }
            Reply::Json(out.finish())
        }
        "unpack" => match link::unpack(request.puzzle()?, &request.text("packed")?) {
            Ok(input) => {
                let mut out = json::Object::new();
                out.string("input", &input);
                Reply::Json(out.finish())
            }
            Err(error) => Reply::error(&error),
        },
        "layers" => {
            let depth = request.number_or("depth", 0)?.min(u64::from(u8::MAX)) as u8;
            Reply::Json(crate::layers(request.puzzle()?, depth))
        }
        "depths" => Reply::Bytes(crate::depths(request.puzzle()?)),
        "describe" => Reply::Json(crate::describe(request.puzzle()?)),
        "inspect" => Reply::Json(crate::inspect(request.puzzle()?, &request.text("board")?)),
        "replay" => Reply::Json(crate::replay(
            request.puzzle()?,
            &request.text("board")?,
            &request.text_or_empty("moves"),
        )),
        "random" => {
            let (high, low) = (request.number("high")?, request.number("low")?);
            text(&crate::random(request.puzzle()?, high << 32 | (low & 0xffff_ffff)))
        }
        "board_at" => {
            let rank = usize::try_from(request.number("rank")?).unwrap_or(usize::MAX);
            text(&crate::board_at(request.puzzle()?, rank))
        }
        "bfs" => {
            let k = usize::try_from(request.number("k")?).unwrap_or(usize::MAX);
            Reply::Json(watch::bfs(request.puzzle()?, k))
        }
        "found_order" => Reply::Bytes(request.puzzle()?.study().found_order()),
        "tree" => Reply::Json(request.puzzle()?.study().tree()),
        "toy" => Reply::Json(lesson::toy()),
        "pushes" => Reply::Json(lesson::pushes()),
        "chain" => Reply::Json(watch::msquare_chain(&request.text("board")?)),
        "to_case" => Reply::Json(figures::msquare_to_case(
            &request.text("boards")?,
            &request.text("target")?,
        )),
        "race" => Reply::Json(compare::race(&request.text("method")?, &request.text("board")?)),
        "race_map" => Reply::Bytes(compare::race_map(&request.text("method")?, &request.text("board")?)),
        "seen" => Reply::Json(compare::seen(request.number("kind")?)),
        "start_side" => Reply::Json(compare::start_side(&request.text("board")?, request.number("depth")?)),
        other => return Err(format!("no request {other}")),
    };
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(fields: &[(&str, &str)]) -> String {
        let bytes = Request::write(fields.iter().map(|&(name, value)| (name, value.as_bytes())));
        match call(&bytes) {
            Reply::Json(text) => text,
            Reply::Bytes(bytes) => panic!("{} bytes", bytes.len()),
        }
    }

    #[test]
    fn each_request_reaches_its_answer() {
        assert_eq!(
            json(&[("op", "run"), ("code", "0"), ("text", "2 6 8 4 5 7 3 1\n")]),
            r#"{"stdout":"7\nBCABCCB\n","stderr":"","first":{"tokens":"2,6,8,4,5,7,3,1"},"link":"2,6,8,4,5,7,3,1"}"#
        );
        assert!(json(&[
            ("op", "replay"),
            ("code", "1"),
            ("board", "1,2,3,4,5,6,7,8,x"),
            ("moves", "u")
        ])
        .contains(r#""board":"1,2,3,4,5,x,7,8,6""#));
        assert_eq!(
            json(&[("op", "board_at"), ("code", "1"), ("rank", "0")]),
            r#""1,2,3,4,5,6,7,8,x""#
        );
        assert_eq!(
            json(&[
                ("op", "to_case"),
                ("boards", "2,6,8,4,5,7,3,1;1,2,3,4,5,6,7,8"),
                ("target", "2,6,8,4,5,7,3,1")
            ]),
            r#"{"distances":[0,7]}"#
        );
        assert_eq!(
            json(&[("op", "bfs"), ("code", "0"), ("k", "40320")]),
            r#"{"error":"the search takes fewer than 40321 boards"}"#
        );
        assert_eq!(json(&[("op", "dance")]), r#"{"error":"no request dance"}"#);
        assert_eq!(json(&[("op", "describe")]), r#"{"error":"the request has no code"}"#);
        assert_eq!(json(&[("op", "layers"), ("code", "5")]), r#"{"error":"no puzzle 5"}"#);
        let depths = Request::write([("op", &b"depths"[..]), ("code", b"0")]);
        assert!(matches!(call(&depths), Reply::Bytes(bytes) if bytes.len() == 40_320));
    }
}
