//! Just enough JSON to hand results to JavaScript: one flat object at a time.

use std::fmt::Write;

/// `text` as a JSON string literal, quotes included.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON object written field by field.
#[derive(Debug)]
pub struct Object {
    text: String,
}

impl Default for Object {
    fn default() -> Self {
        Self::new()
    }
}

impl Object {
    /// `{`.
    pub fn new() -> Self {
        Object {
            text: String::from("{"),
        }
    }

    fn key(&mut self, key: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        self.text.push_str(&quoted(key));
        self.text.push(':');
    }

    /// A string field.
    pub fn string(&mut self, key: &str, value: &str) {
        self.key(key);
        self.text.push_str(&quoted(value));
    }

    /// A number field.
    pub fn number(&mut self, key: &str, value: u64) {
        self.key(key);
        let _ = write!(self.text, "{value}");
    }

    /// A number field, or `null`.
    pub fn optional(&mut self, key: &str, value: Option<u64>) {
        match value {
            Some(value) => self.number(key, value),
            None => self.raw(key, "null"),
        }
    }

    /// An array of numbers.
    pub fn numbers(&mut self, key: &str, values: impl IntoIterator<Item = u64>) {
        let list: Vec<String> = values.into_iter().map(|value| value.to_string()).collect();
        self.raw(key, &format!("[{}]", list.join(",")));
    }

    /// An array of strings.
    pub fn strings(&mut self, key: &str, values: impl IntoIterator<Item = String>) {
        let list: Vec<String> = values.into_iter().map(|value| quoted(&value)).collect();
        self.raw(key, &format!("[{}]", list.join(",")));
    }

    /// A field whose value is already JSON.
    pub fn raw(&mut self, key: &str, json: &str) {
        self.key(key);
        self.text.push_str(json);
    }

    /// The object, `}` added.
    pub fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_for_javascript() {
        assert_eq!(quoted("a\"b\\c\nd\u{1}é"), r#""a\"b\\c\nd\u0001é""#);
        let mut object = Object::new();
        object.string("text", "x");
        object.optional("none", None);
        object.numbers("list", [1, 2]);
        assert_eq!(object.finish(), r#"{"text":"x","none":null,"list":[1,2]}"#);
    }
}
