//! USACO's file I/O (`--file-io NAME`, which `--judge usaco` sets): a training program reads
//! `NAME.in` and writes `NAME.out` in its working folder, not stdin and stdout. Each run gets a
//! fresh folder of its own, holding only `NAME.in`, so parallel jobs never share a file and
//! nothing is left in the user's folder; the answer judged is what the program left in
//! `NAME.out`, and the folder is removed after the run.
//!
//! [`run`] is the one way `judge run` and `judge stress` start a program: with file I/O or, without
//! it, [`runner::run_with`] unchanged.

use crate::runner::{self, Limits, Run, WorkingFolder};
use std::io;
use std::path::Path;
use std::process::Command;

/// What a run with file I/O adds to the report: `NAME.out` missing, or stdout written that the
/// judge ignores.
pub type Note = Option<String>;

/// Runs `command` on `input` under `limits`: through stdin and stdout, or with `file_io` NAME in
/// a fresh folder of its own (`NAME.in` holding the input, nothing on stdin, `NAME.out` read
/// back as the run's output). The note says what a USACO grader would see differently: no
/// `NAME.out`, or an answer printed to stdout instead.
///
/// # Errors
/// The runner's ([`runner::run_with`]), or a folder or file that cannot be made.
pub fn run(command: &mut Command, input: &[u8], limits: &Limits, file_io: Option<&str>) -> io::Result<(Run, Note)> {
    let Some(name) = file_io else {
        return Ok((runner::run_with(command, input, limits)?, None));
    };
    // The runner's own working folder for the run: the program's current folder in every sandbox
    // mode, removed after the run, read back without following a link or opening a FIFO.
    let folder = WorkingFolder::new()?;
    folder
        .write(&format!("{name}.in"), input)
        .map_err(|error| io::Error::new(error.kind(), format!("cannot write {name}.in: {error}")))?;
    let mut run = runner::run_in(command, &[], limits, &folder)?;
    let printed = std::mem::take(&mut run.stdout);
    let note = match folder.read(&format!("{name}.out")) {
        Ok(written) => {
            run.stdout = written;
            (!printed.is_empty()).then(|| {
                format!(
                    "it also printed {} bytes on stdout, which a USACO grader ignores (--file-io {name})",
                    printed.len()
                )
            })
        }
        Err(_) => Some(if printed.is_empty() {
            format!("it wrote no {name}.out: under --file-io {name} the answer is read from {name}.out")
        } else {
            format!(
                "it wrote no {name}.out but printed {} bytes on stdout: under --file-io {name} (USACO) the \
                 program reads {name}.in and writes {name}.out in its folder",
                printed.len()
            )
        }),
    };
    Ok((run, note))
}

/// `command` with each word that names a file or folder in the current folder by a relative path
/// (`./mine`, `mine.py`, `.`) made absolute, so that it still names it when the program runs in
/// its fresh folder: `python3 mine.py` and `java -cp . Main` work under `--file-io` as typed.
/// Words with quotes or shell syntax are left as they are.
pub fn absolute_words(command: &str) -> String {
    let Ok(here) = std::env::current_dir() else {
        return command.to_string();
    };
    command
        .split(' ')
        .map(|word| {
            let plain = !word.is_empty()
                && !word.starts_with(['-', '/', '~', '$'])
                && word
                    .bytes()
                    .all(|byte| byte.is_ascii_alphanumeric() || b"./_-+".contains(&byte));
            if plain && Path::new(word).exists() {
                let absolute = here.join(word);
                format!("'{}'", absolute.display().to_string().replace('\'', "'\\''"))
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_run_has_its_own_folder_and_its_answer_is_name_out() {
        let mut command = Command::new("sh");
        command.arg("-c").arg("ls; tr a b < echo.in > echo.out");
        let limits = Limits::time(Some(std::time::Duration::from_secs(20)));
        let (ran, note) = run(&mut command, b"aa\n", &limits, Some("echo")).unwrap();
        assert_eq!(ran.stdout, b"bb\n");
        // `ls` saw only echo.in: a fresh folder; and what it printed is said to be ignored.
        assert_eq!(
            note.unwrap(),
            "it also printed 8 bytes on stdout, which a USACO grader ignores (--file-io echo)"
        );
        let mut command = Command::new("sh");
        command.arg("-c").arg("cat");
        let (ran, note) = run(&mut command, b"x\n", &limits, Some("echo")).unwrap();
        assert!(ran.stdout.is_empty());
        assert!(note.unwrap().starts_with("it wrote no echo.out"));
    }

    #[test]
    fn words_naming_files_here_are_made_absolute() {
        let here = std::env::current_dir().unwrap();
        assert_eq!(absolute_words("cat -n"), "cat -n");
        assert_eq!(absolute_words("ls ."), format!("ls '{}/.'", here.display()));
        assert_eq!(absolute_words("cat 'x y'"), "cat 'x y'");
    }
}
