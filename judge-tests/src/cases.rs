//! Judge cases on disk: `data/<puzzle>/<case>.in`, with the expected output in `<case>.out`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One judge case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The puzzle (and binary) name: the folder under `data/`.
    pub puzzle: String,
    /// The file stem, e.g. `usaco-2`.
    pub name: String,
    /// The input file.
    pub input: PathBuf,
    /// The expected output, if the case has one.
    pub expected: Option<PathBuf>,
}

impl Case {
    /// `puzzle/name`, as tests and verdict lines show it.
    pub fn id(&self) -> String {
        format!("{}/{}", self.puzzle, self.name)
    }
}

/// The puzzles that have a folder of cases under `data`, sorted.
///
/// # Errors
/// If `data` cannot be read.
pub fn puzzles(data: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(data)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}

/// Every case of `puzzle` under `data`, sorted by name.
///
/// # Errors
/// If the puzzle's folder cannot be read.
pub fn discover(data: &Path, puzzle: &str) -> io::Result<Vec<Case>> {
    let dir = data.join(puzzle);
    let mut cases = Vec::new();
    for entry in fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "in") {
            let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let expected = path.with_extension("out");
            cases.push(Case {
                puzzle: puzzle.to_string(),
                name,
                expected: expected.exists().then_some(expected),
                input: path,
            });
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
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
    }
}
