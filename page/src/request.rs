//! The one form of every request the page makes of the module: named fields, each any bytes.
//!
//! The worker writes a request as its message's fields, each field its name's length (4 bytes,
//! little endian), the name (ASCII), the value's length, then the value (the text of a string or
//! a number, or raw bytes). No escaping and no parser: a value holds any byte, the whole input of
//! a run included, and a new request only adds a name that [`crate::call()`] reads.
//!
//! The module answers with one buffer too ([`Reply`]): a kind byte, `j` for UTF-8 JSON or `b`
//! for raw bytes (the pictures' tables), then the data.

use std::borrow::Cow;

use crate::Puzzle;

/// A request's fields, borrowed from the buffer the worker filled.
#[derive(Debug)]
pub struct Request<'a> {
    fields: Vec<(&'a [u8], &'a [u8])>,
}

/// Splits off a length-prefixed part of `bytes`: its 4-byte little-endian length, then that many
/// bytes.
fn part<'a>(bytes: &mut &'a [u8]) -> Result<&'a [u8], String> {
    if bytes.len() < 4 {
        return Err("a request's field is cut short".to_string());
    }
    let (length, rest) = bytes.split_at(4);
    let length = u32::from_le_bytes([length[0], length[1], length[2], length[3]]) as usize;
    if rest.len() < length {
        return Err("a request's field is cut short".to_string());
    }
    let (value, rest) = rest.split_at(length);
    *bytes = rest;
    Ok(value)
}

impl<'a> Request<'a> {
    /// Reads the fields of `bytes`; an error when a length runs past the end.
    ///
    /// # Complexity
    /// O(fields).
    pub fn read(mut bytes: &'a [u8]) -> Result<Self, String> {
        let mut fields = Vec::new();
        while !bytes.is_empty() {
            let name = part(&mut bytes)?;
            let value = part(&mut bytes)?;
            fields.push((name, value));
        }
        Ok(Request { fields })
    }

    /// Builds a request as the worker does (the tests' and the native callers' way in).
    pub fn write<'n>(fields: impl IntoIterator<Item = (&'n str, &'n [u8])>) -> Vec<u8> {
        let mut bytes = Vec::new();
        for (name, value) in fields {
            for part in [name.as_bytes(), value] {
                bytes.extend_from_slice(&(part.len() as u32).to_le_bytes());
                bytes.extend_from_slice(part);
            }
        }
        bytes
    }

    /// The bytes of field `name`, if the request has it.
    pub fn get(&self, name: &str) -> Option<&'a [u8]> {
        self.fields
            .iter()
            .find(|(field, _)| *field == name.as_bytes())
            .map(|&(_, value)| value)
    }

    /// The bytes of field `name`.
    pub fn bytes(&self, name: &str) -> Result<&'a [u8], String> {
        self.get(name).ok_or_else(|| format!("the request has no {name}"))
    }

    /// Field `name` as text (invalid UTF-8 replaced, as the page never sends it).
    pub fn text(&self, name: &str) -> Result<Cow<'a, str>, String> {
        self.bytes(name).map(String::from_utf8_lossy)
    }

    /// Field `name` as text, empty when the request has none.
    pub fn text_or_empty(&self, name: &str) -> Cow<'a, str> {
        self.get(name).map_or(Cow::Borrowed(""), String::from_utf8_lossy)
    }

    /// Field `name` as a whole number, `default` when the request has none.
    pub fn number_or(&self, name: &str, default: u64) -> Result<u64, String> {
        match self.get(name) {
            None => Ok(default),
            Some(value) => std::str::from_utf8(value)
                .ok()
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| format!("{name} is not a whole number")),
        }
    }

    /// Field `name` as a whole number.
    pub fn number(&self, name: &str) -> Result<u64, String> {
        self.bytes(name)?;
        self.number_or(name, 0)
    }

    /// The puzzle of field `code`: 0 msquare, 1 eight, 2 colour-hash.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        let code = self.number("code")?;
        usize::try_from(code)
            .ok()
            .and_then(|code| Puzzle::ALL.get(code).copied())
            .ok_or_else(|| format!("no puzzle {code}"))
    }
}

/// What the module answers a request with.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// UTF-8 JSON.
    Json(String),
    /// Raw bytes (a byte a rank, or 4 bytes a rank).
    Bytes(Vec<u8>),
}

impl Reply {
    /// `{"error":…}`.
    pub fn error(message: &str) -> Self {
        let mut out = crate::json::Object::new();
        out.string("error", message);
        Reply::Json(out.finish())
    }

    /// The kind byte, then the data: what crosses back to the worker.
    pub fn into_bytes(self) -> Vec<u8> {
        let (kind, data) = match self {
            Reply::Json(text) => (b'j', text.into_bytes()),
            Reply::Bytes(bytes) => (b'b', bytes),
        };
        let mut out = Vec::with_capacity(1 + data.len());
        out.push(kind);
        out.extend_from_slice(&data);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_cross_with_any_bytes() {
        let bytes = Request::write([("op", &b"run"[..]), ("code", b"1"), ("text", b"a|b\n\0\xff")]);
        let request = Request::read(&bytes).unwrap();
        assert_eq!(request.text("op").unwrap(), "run");
        assert_eq!(request.puzzle().unwrap(), Puzzle::Eight);
        assert_eq!(request.bytes("text").unwrap(), b"a|b\n\0\xff");
        assert_eq!(request.number_or("depth", 7), Ok(7));
        assert!(request.text("board").unwrap_err().contains("no board"));
        assert!(Request::read(&bytes[..bytes.len() - 1]).is_err());
        let bad = Request::write([("code", &b"3"[..])]);
        assert_eq!(Request::read(&bad).unwrap().puzzle(), Err("no puzzle 3".to_string()));
        assert_eq!(Reply::Bytes(vec![1, 2]).into_bytes(), [b'b', 1, 2]);
    }
}
