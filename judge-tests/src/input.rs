//! A stress input: its cases ([`Item`]s) and how they are written ([`Batch`]): the judge's
//! layout, the whitespace, and for a user's generator the exact bytes it printed.

use crate::cases::Format;
use judge_oracle::checker::read::Reader;
use judge_oracle::checker::{colour_hash, eight, msquare};
use judge_oracle::rng::Rng;

/// One case: a board, a configuration or a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// An eight board, its nine tiles.
    Board([u8; 9]),
    /// A Colour Hash configuration, 24 numbers (255 stands for any number outside 0..=10).
    Config([u8; 24]),
    /// An msquare target, clockwise.
    Target([u8; 8]),
}

impl Item {
    /// The case's distance from the goal, the length of its shortest answer (msquare: of the
    /// sequence from the basic board to the target); `None` when it has none: an unsolvable eight
    /// board, a Colour Hash configuration more than 16 moves from the goal or not the puzzle's.
    ///
    /// # Complexity
    /// eight and msquare: a table lookup once the reference's table is built; colour-hash: the
    /// reference's search.
    pub fn distance(&self) -> Option<usize> {
        match self {
            Item::Board(board) => eight::distances().get(board).map(usize::from),
            Item::Config(config) => {
                let answer = colour_hash::expected_answer(config);
                if answer.starts_with("PUZZLE") {
                    Some(0)
                } else if answer.bytes().all(|b| b.is_ascii_digit()) {
                    Some(answer.len())
                } else {
                    None
                }
            }
            Item::Target(target) => Some(msquare::expected_sequence(target).len()),
        }
    }

    /// Whether a Colour Hash configuration is the puzzle's: the shared places agree and every
    /// place holds a piece of its shape (a separator, even, in an even place; a triangle, odd, in
    /// an odd one), the 21 pieces those of the goal. Always true for boards and targets.
    pub fn is_the_puzzles(&self) -> bool {
        match self {
            Item::Config(config) => {
                let mut pieces = config[..21].to_vec();
                let mut goal = judge_oracle::reference::colour_hash::GOAL[..21].to_vec();
                pieces.sort_unstable();
                goal.sort_unstable();
                config[9..12] == config[21..24]
                    && pieces == goal
                    && config[..21]
                        .iter()
                        .enumerate()
                        .all(|(place, &piece)| place % 2 == usize::from(piece) % 2)
            }
            _ => true,
        }
    }

    /// The distance as a report says it: `at distance 6`, `unsolvable`, `more than 16 moves
    /// from the goal`, `not a configuration of the puzzle`.
    pub fn shown_distance(&self) -> String {
        match (self.distance(), self) {
            (Some(distance), _) => format!("at distance {distance}"),
            (None, Item::Board(_)) => "unsolvable".to_string(),
            (None, item) if item.is_the_puzzles() => "more than 16 moves from the goal".to_string(),
            (None, _) => "not a configuration of the puzzle".to_string(),
        }
    }
}

/// How a batch is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Single spaces, one case a line: how the judges' data look.
    Plain,
    /// eight only: tiles without spaces, one board a line.
    Packed,
    /// One token a line.
    OneALine,
    /// Tabs between tokens.
    Tabs,
    /// CRLF line ends.
    Crlf,
    /// `\v` and `\f` between tokens.
    VerticalTabs,
    /// A random whitespace run between any two tokens (from the batch's seed).
    Mixed(u64),
}

impl Spacing {
    /// What a judge's data never hold about this spacing, for a hint; `None` for [`Spacing::Plain`].
    pub fn oddity(self) -> Option<&'static str> {
        match self {
            Spacing::Plain => None,
            Spacing::Packed => Some("tiles written without spaces"),
            Spacing::OneALine => Some("one token a line"),
            Spacing::Tabs => Some("tabs between tokens"),
            Spacing::Crlf => Some("CRLF line ends"),
            Spacing::VerticalTabs => Some("\\v and \\f between tokens"),
            Spacing::Mixed(_) => Some("random runs of whitespace"),
        }
    }
}

/// The hostile spacings but [`Spacing::Mixed`], which takes a seed.
pub const HOSTILE_SPACINGS: [Spacing; 5] = [
    Spacing::Packed,
    Spacing::OneALine,
    Spacing::Tabs,
    Spacing::Crlf,
    Spacing::VerticalTabs,
];

/// A batch: one input's cases and how they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The cases.
    pub items: Vec<Item>,
    /// Separator style.
    pub spacing: Spacing,
    /// eight: the judge's layout (`None` for the other puzzles, which have one). In UVa 652's
    /// the count is always the number of [`Batch::items`], so a shrunk input stays consistent.
    pub format: Option<Format>,
    /// eight, UVa 652: empty lines after the count and between boards, as in the published
    /// sample (and as [`Spacing::Plain`] writes it).
    pub separated: bool,
    /// The exact bytes a user's generator printed, rendered instead of the items until the
    /// shrinker changes the batch.
    pub raw: Option<Vec<u8>>,
}

impl Batch {
    /// A batch of `items` in the judges' plain layout.
    pub fn plain(items: Vec<Item>, format: Option<Format>) -> Self {
        Batch {
            items,
            spacing: Spacing::Plain,
            format,
            separated: format == Some(Format::Uva652),
            raw: None,
        }
    }

    /// Whether the input starts with a count: UVa 652's layout, and every Colour Hash input.
    fn counted(&self) -> bool {
        matches!(self.items.first(), Some(Item::Config(_))) || self.format == Some(Format::Uva652)
    }

    /// Why no judge sends this batch, when none does: its spacing, UVa 652 without its empty
    /// lines, a configuration that is not the puzzle's; `None` for a batch a judge could send (a
    /// user's generator's bytes are taken as they are).
    pub fn hostile(&self) -> Option<String> {
        if self.raw.is_some() {
            return None;
        }
        let mut odd: Vec<String> = self.spacing.oddity().map(str::to_string).into_iter().collect();
        if self.format == Some(Format::Uva652) && !self.separated {
            odd.push("no empty line before each board".to_string());
        }
        if self.items.iter().any(|item| !item.is_the_puzzles()) {
            odd.push("a configuration that is not the puzzle's".to_string());
        }
        (!odd.is_empty()).then(|| odd.join(", "))
    }

    /// The input bytes.
    pub fn render(&self) -> Vec<u8> {
        if let Some(raw) = &self.raw {
            return raw.clone();
        }
        let mut rng = Rng::new(match self.spacing {
            Spacing::Mixed(seed) => seed,
            _ => 0,
        });
        let (gap, line_end): (&[u8], &[u8]) = match self.spacing {
            Spacing::Plain | Spacing::Packed => (b" ", b"\n"),
            Spacing::OneALine => (b"\n", b"\n"),
            Spacing::Tabs => (b"\t", b"\n"),
            Spacing::Crlf => (b" ", b"\r\n"),
            Spacing::VerticalTabs => (b"\x0b", b"\x0c\n"),
            Spacing::Mixed(_) => (b"", b"\n"),
        };
        let mut out = Vec::new();
        let mut separate = |out: &mut Vec<u8>, end_of_line: bool| match self.spacing {
            Spacing::Mixed(_) => {
                const RUNS: [&[u8]; 7] = [b" ", b"\t", b"\n", b"\r\n", b"\x0b", b"\x0c", b"  \n"];
                out.extend_from_slice(RUNS[rng.below(RUNS.len())]);
            }
            _ => out.extend_from_slice(if end_of_line { line_end } else { gap }),
        };
        if self.counted() {
            out.extend_from_slice(self.items.len().to_string().as_bytes());
            out.extend_from_slice(line_end);
            if self.separated {
                out.extend_from_slice(line_end);
            }
        }
        for (index, item) in self.items.iter().enumerate() {
            if index > 0 && self.separated {
                out.extend_from_slice(line_end);
            }
            let tokens: Vec<String> = match item {
                Item::Board(board) => board.iter().map(|&tile| (tile as char).to_string()).collect(),
                Item::Config(config) => config.iter().map(u8::to_string).collect(),
                Item::Target(target) => target.iter().map(u8::to_string).collect(),
            };
            for (place, token) in tokens.iter().enumerate() {
                out.extend_from_slice(token.as_bytes());
                let last = place + 1 == tokens.len();
                if self.spacing != Spacing::Packed || last {
                    separate(&mut out, last);
                }
            }
        }
        out
    }

    /// The reference's output: the canonical answers in the puzzle's layout.
    pub fn expected_output(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (index, item) in self.items.iter().enumerate() {
            match item {
                Item::Board(board) => {
                    if self.format == Some(Format::Uva652) && index > 0 {
                        out.push(b'\n');
                    }
                    let answer = eight::distances().smallest_answer(board);
                    out.extend_from_slice(answer.as_deref().unwrap_or("unsolvable").as_bytes());
                    out.push(b'\n');
                }
                Item::Config(config) => {
                    out.extend_from_slice(colour_hash::expected_answer(config).as_bytes());
                    out.push(b'\n');
                }
                Item::Target(target) => out.extend(msquare::layout(msquare::expected_sequence(target).as_bytes())),
            }
        }
        out
    }
}

/// Reads an input the checker has accepted as `puzzle`'s into a batch that keeps its bytes: an
/// eight input in the layout the checker's rule gives it (or `format` when it holds in that one
/// too: a one-board input is POJ's and HDU's).
///
/// # Errors
/// If the input is not a valid input of the puzzle (the checker's message).
pub fn parse(puzzle: &str, input: &[u8], format: Option<Format>) -> Result<Batch, String> {
    let mut reader = Reader::new(input).map_err(|error| error.to_string())?;
    let mut items = Vec::new();
    let mut detected = None;
    match puzzle {
        "eight" => {
            let shape = eight::read_shape(input)?;
            if shape.counted {
                reader.next_token();
            }
            for _ in 0..shape.boards {
                let mut board = [0u8; 9];
                for cell in board.iter_mut() {
                    *cell = reader.next_tile().ok_or("the input ended inside a board")?;
                }
                items.push(Item::Board(board));
            }
            detected = Some(if shape.counted {
                Format::Uva652
            } else if shape.boards == 1 && format != Some(Format::Hdu) {
                Format::Poj
            } else {
                Format::Hdu
            });
        }
        "colour-hash" => {
            let count = match reader.next_token() {
                None => 0,
                Some(token) => token.number.and_then(|n| n.non_negative()).ok_or("a bad count")?,
            };
            for _ in 0..count {
                let mut config = [0u8; 24];
                for slot in config.iter_mut() {
                    let token = reader.next_token().ok_or("the input ended inside a configuration")?;
                    let value = token.number.and_then(|n| n.non_negative()).filter(|&n| n <= 10);
                    *slot = value.map_or(255, |n| n as u8);
                }
                items.push(Item::Config(config));
            }
        }
        _ => {
            let mut target = [0u8; 8];
            for slot in target.iter_mut() {
                let token = reader.next_token().ok_or("the input ended inside the target")?;
                let value = token
                    .number
                    .and_then(|n| n.non_negative())
                    .filter(|&n| (1..=8).contains(&n));
                *slot = value.ok_or("a colour that is not 1-8")? as u8;
            }
            items.push(Item::Target(target));
        }
    }
    Ok(Batch {
        raw: Some(input.to_vec()),
        ..Batch::plain(items, detected)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_layouts_are_the_judges() {
        let board = Item::Board(*b"23415x768");
        let hdu = Batch::plain(vec![board, board], Some(Format::Hdu));
        assert_eq!(hdu.render(), b"2 3 4 1 5 x 7 6 8\n2 3 4 1 5 x 7 6 8\n");
        let uva = Batch::plain(vec![board, board], Some(Format::Uva652));
        assert_eq!(uva.render(), b"2\n\n2 3 4 1 5 x 7 6 8\n\n2 3 4 1 5 x 7 6 8\n");
        assert_eq!(uva.expected_output(), b"ullddrurdllurdruldr\n\nullddrurdllurdruldr\n");
        let parsed = parse("eight", &uva.render(), None).unwrap();
        assert_eq!((parsed.items, parsed.format), (uva.items.clone(), Some(Format::Uva652)));
        let one = parse("eight", b"2 3 4 1 5 x 7 6 8\n", None).unwrap();
        assert_eq!(one.format, Some(Format::Poj));
        assert_eq!(one.render(), b"2 3 4 1 5 x 7 6 8\n");
        let config = parse(
            "colour-hash",
            b"1\n0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 99\n",
            None,
        )
        .unwrap();
        let Item::Config(numbers) = config.items[0] else {
            panic!("a configuration")
        };
        assert_eq!(numbers[23], 255);
    }
}
