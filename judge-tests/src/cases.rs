//! Judge cases on disk: `data/<puzzle>/<case>.in`, with the expected output in `<case>.out`;
//! whether a judge could send the case (`data/<puzzle>/hostile.txt` names those no judge sends,
//! each with the reason); and the layout an eight case is in (POJ 1077, HDU 1043 or UVa 652), so
//! that a solution written for one judge can be run on that judge's cases alone.

use judge_oracle::checker::eight;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// One judge case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The puzzle (and binary) name: the folder under `data/`.
    pub puzzle: String,
    /// The file stem, e.g. `usaco-2` (bytes that are not UTF-8 replaced; [`Case::shown_id`]
    /// shows them escaped).
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The expected output, if the case has one: any `<case>.out` entry, a dangling symbolic
    /// link included (reading it then fails, which is reported, not taken for "no answer").
    pub expected: Option<PathBuf>,
    /// Why no judge sends this input (its whitespace, its layout, a configuration that is not the
    /// puzzle's), as [`HOSTILE_LIST`] says; `None` for a case a judge could send.
    pub hostile: Option<String>,
}

impl Case {
    /// `puzzle/name`, as tests name the case.
    pub fn id(&self) -> String {
        format!("{}/{}", self.puzzle, self.name)
    }

    /// `puzzle/name` as a message shows it: control characters and bytes that are not UTF-8
    /// escaped (see [`judge_oracle::escape`]), so that a file name cannot split a verdict line or send
    /// escape sequences to the terminal; quoted (`'a b'`) when it holds a space or needed an
    /// escape.
    pub fn shown_id(&self) -> String {
        let stem = self.input.file_stem().unwrap_or_default();
        let shown = judge_oracle::escape(stem);
        if shown.as_str() != stem || shown.contains(' ') {
            format!("{}/'{shown}'", self.puzzle)
        } else {
            format!("{}/{shown}", self.puzzle)
        }
    }
}

/// The puzzles that have a folder of cases under `data` (a symbolic link to a folder counts),
/// sorted.
///
/// # Errors
/// If `data` cannot be read.
pub fn puzzles(data: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(data)? {
        let entry = entry?;
        // `Path::is_dir` follows links, `DirEntry::file_type` does not.
        if entry.path().is_dir() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}

/// The file in a puzzle's folder that names the cases no judge sends: one line a case,
/// `<case>: <why no judge sends it>`; empty lines and lines starting with `#` are comments. A case
/// it does not name is one a judge could send: its judge's layout and whitespace (single spaces,
/// one case a line, UVa 652's empty lines), valid configurations only.
pub const HOSTILE_LIST: &str = "hostile.txt";

/// Which cases a run takes: the judges' kind only, or every case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whitespace {
    /// Only inputs a judge could send: single spaces, one case a line, the judge's own layout,
    /// valid configurations (the default of `judge run` and `judge stress`).
    Plain,
    /// Every input the grammar allows: tabs, CRLF, one token a line, no spaces, `\v` and `\f`,
    /// random runs of whitespace, and configurations that are not the puzzle's.
    Hostile,
}

impl FromStr for Whitespace {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "plain" | "judges" => Ok(Whitespace::Plain),
            "hostile" => Ok(Whitespace::Hostile),
            other => Err(format!(
                "'{}' is not plain or hostile",
                judge_oracle::escape(other.as_ref())
            )),
        }
    }
}

/// The cases [`HOSTILE_LIST`] in `dir` names, with their reasons (none when there is no list).
///
/// # Errors
/// If the list exists but cannot be read, or a line is not `<case>: <why>`.
fn hostile_list(dir: &Path) -> io::Result<Vec<(String, String)>> {
    let path = dir.join(HOSTILE_LIST);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error),
    };
    let mut listed = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, why)) = line.split_once(':') else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "{} line {}: not `<case>: <why no judge sends it>`",
                    path.display(),
                    number + 1
                ),
            ));
        };
        listed.push((name.trim().to_string(), why.trim().to_string()));
    }
    Ok(listed)
}

/// Every case of `puzzle` under `data`, sorted by name, each marked with whether a judge could
/// send it ([`Case::hostile`]).
///
/// # Errors
/// If the puzzle's folder cannot be read, or its [`HOSTILE_LIST`] is unreadable, malformed or
/// names a case that does not exist.
pub fn discover(data: &Path, puzzle: &str) -> io::Result<Vec<Case>> {
    discover_in(&data.join(puzzle), puzzle)
}

/// Every case of `puzzle` in its folder `dir` (whatever that folder is called), as [`discover`].
///
/// # Errors
/// As [`discover`].
pub fn discover_in(dir: &Path, puzzle: &str) -> io::Result<Vec<Case>> {
    discover_in_skipping(dir, puzzle).map(|(cases, _)| cases)
}

/// A case file [`discover_in_skipping`] leaves out: not a regular file (a FIFO, a folder, a socket,
/// a device), which reading could block on for ever or never finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The `.in` or `.out` file that is not a regular file.
    pub path: PathBuf,
    /// What it is: `a FIFO`, `a folder`, ...
    pub what: &'static str,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "skipped {}: {}, not a regular file",
            judge_oracle::escape(self.path.as_os_str()),
            self.what
        )
    }
}

/// What a path that is not a regular file is, following links; `None` for a regular file or a
/// path that cannot be looked at (reading it then reports why).
fn not_regular(path: &Path) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let kind = fs::metadata(path).ok()?.file_type();
    Some(if kind.is_file() {
        return None;
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "not a file"
    })
}

/// [`discover_in`], and the case files it left out because they are not regular files (a FIFO
/// would block the read for ever): a case whose `.in` or `.out` is one is skipped, never run.
///
/// # Errors
/// As [`discover`]; a [`HOSTILE_LIST`] that is not a regular file is an error too.
pub fn discover_in_skipping(dir: &Path, puzzle: &str) -> io::Result<(Vec<Case>, Vec<Skipped>)> {
    let dir = dir.to_path_buf();
    if let Some(what) = not_regular(&dir.join(HOSTILE_LIST)) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{HOSTILE_LIST} is {what}, not a regular file"),
        ));
    }
    let hostile = hostile_list(&dir)?;
    let mut cases = Vec::new();
    let mut skipped = Vec::new();
    for entry in fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "in") {
            let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let expected = path.with_extension("out");
            if let Some((path, what)) = [&path, &expected]
                .into_iter()
                .find_map(|file| Some((file.clone(), not_regular(file)?)))
            {
                skipped.push(Skipped { path, what });
                continue;
            }
            // `symlink_metadata`, not `exists`: a dangling link is an answer file that cannot
            // be read, not a missing one.
            let present = fs::symlink_metadata(&expected).is_ok();
            let why = hostile
                .iter()
                .find(|(listed, _)| *listed == name)
                .map(|(_, why)| why.clone());
            cases.push(Case {
                puzzle: puzzle.to_string(),
                name,
                expected: present.then_some(expected),
                input: path,
                hostile: why,
            });
        }
    }
    if let Some((name, _)) = hostile
        .iter()
        .find(|(name, _)| !cases.iter().any(|case| case.name == *name))
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{HOSTILE_LIST} names '{}', which has no .in file",
                judge_oracle::escape(name.as_ref())
            ),
        ));
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    skipped.sort_by(|a, b| a.path.cmp(&b.path));
    Ok((cases, skipped))
}

/// The input layouts of eight's judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// POJ 1077 (and ZOJ 1217): one board an input.
    Poj,
    /// HDU 1043: one board a line until the end of the input.
    Hdu,
    /// UVa 652: a count, an empty line, then the boards with an empty line between them.
    Uva652,
}

impl Format {
    /// Every layout, in the order `--format` lists them.
    pub const ALL: [Format; 3] = [Format::Poj, Format::Hdu, Format::Uva652];

    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Poj => "poj",
            Format::Hdu => "hdu",
            Format::Uva652 => "uva652",
        }
    }

    /// The judge whose layout this is, for messages: `POJ 1077`, `HDU 1043`, `UVa 652`.
    pub fn judge(self) -> &'static str {
        match self {
            Format::Poj => "POJ 1077",
            Format::Hdu => "HDU 1043",
            Format::Uva652 => "UVa 652",
        }
    }

    /// Whether an eight input is in this layout, by the checker's rule (see
    /// [`eight::read_shape`]): UVa 652 when its first line is a count of the boards that follow;
    /// otherwise POJ when it holds exactly one board, and HDU whatever the number of boards
    /// (one board up to the end of the input is an HDU input too). An input that is not a valid
    /// eight input is in no layout.
    pub fn holds(self, input: &[u8]) -> bool {
        match eight::read_shape(input) {
            Err(_) => false,
            Ok(shape) => match self {
                Format::Uva652 => shape.counted,
                Format::Hdu => !shape.counted,
                Format::Poj => !shape.counted && shape.boards == 1,
            },
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == text)
            .ok_or_else(|| {
                format!(
                    "unknown format '{}' (poj, hdu, uva652)",
                    judge_oracle::escape(text.as_ref())
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_msquare_cases() {
        let data = crate::data_dir();
        assert!(puzzles(&data).unwrap().contains(&"msquare".to_string()));
        let cases = discover(&data, "msquare").unwrap();
        let names: Vec<_> = cases.iter().map(|case| case.name.as_str()).collect();
        assert!(names.contains(&"usaco-1"));
        assert!(cases.iter().all(|case| case.expected.is_some()));
        assert_eq!(cases[0].id(), format!("msquare/{}", cases[0].name));
        assert_eq!(cases[0].shown_id(), cases[0].id());
    }

    #[test]
    fn each_sample_is_in_its_judges_layout() {
        let data = crate::data_dir().join("eight");
        let read = |name: &str| fs::read(data.join(format!("{name}.in"))).unwrap();
        let holds = |name: &str| -> Vec<Format> {
            let input = read(name);
            Format::ALL.into_iter().filter(|format| format.holds(&input)).collect()
        };
        assert_eq!(holds("poj1077-sample"), [Format::Poj, Format::Hdu]);
        assert_eq!(holds("poj-unsolvable"), [Format::Poj, Format::Hdu]);
        assert_eq!(holds("boards-50"), [Format::Hdu]);
        assert_eq!(holds("uva652-sample"), [Format::Uva652]);
        assert_eq!(holds("uva652-zero"), [Format::Uva652]);
        assert!(!Format::Poj.holds(b"1 2 3"));
        assert_eq!("hdu".parse(), Ok(Format::Hdu));
        assert!("zoj".parse::<Format>().unwrap_err().contains("poj, hdu, uva652"));
    }
}
