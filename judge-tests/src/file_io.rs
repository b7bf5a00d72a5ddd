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
/// made absolute, so that it still names it when the program runs in its fresh folder (every
/// run, `--file-io` or not): `./mine`, `python3 mine.py` and `java -cp . Main` work as typed.
/// Quoted words, shell syntax and what follows a `cd` are left as they are ([`absolute_words_in`]
/// says which).
pub fn absolute_words(command: &str) -> String {
    match std::env::current_dir() {
        Ok(here) => absolute_words_in(command, &here),
        Err(_) => command.to_string(),
    }
}

/// What [`absolute_words_in`] knows of the line at a word: the quotes open before it, whether a
/// `cd` came, whether the word starts a command, and the word before it.
#[derive(Default)]
struct Scan<'a> {
    single: bool,
    double: bool,
    after_cd: bool,
    not_first: bool,
    previous: &'a str,
}

/// [`absolute_words`] from the folder `here`. A word (split at spaces) is taken for a file's
/// name, and made absolute (quoted for `sh`), when it exists in `here` and:
/// - it is plain (letters, digits and `./_-+`, not starting with `-`), outside any quote, and
///   before any `cd` or `pushd` (after one, relative names are the new folder's);
/// - it holds a `/` or a `.` (`./mine`, `bin/x`, `mine.py`, `a.out`), or it is a bare name that
///   is an argument (`python3 sol`, `sh gen`), not a command's first word, which `sh` looks for on
///   `PATH` (`mine` stays `mine`);
/// - it is not `.` or `..`, unless after a class path switch (`-cp`, `-classpath`,
///   `--class-path`, which also takes any bare folder): elsewhere a dot is as likely an argument,
///   such as the pattern of `grep -q .`;
/// - it does not follow a redirection of output (`>`, `>>`, `2>`, `>|`) or `-o`: a file the
///   program writes goes in its own folder.
///
/// A folder `here` whose name is not UTF-8 leaves the line as it is.
///
/// # Complexity
/// One `stat` per word taken for a path, and a pass over the line.
pub fn absolute_words_in(command: &str, here: &Path) -> String {
    let Some(folder) = here.to_str() else {
        return command.to_string();
    };
    let mut scan = Scan::default();
    let mut out: Vec<String> = Vec::new();
    for word in command.split(' ') {
        if word.is_empty() {
            out.push(String::new());
            continue;
        }
        let quoted = scan.single || scan.double;
        let plain = !word.starts_with(['-', '/', '~', '$'])
            && word
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || b"./_-+".contains(&byte));
        let class_path = matches!(scan.previous, "-cp" | "-classpath" | "--class-path");
        let written = scan.previous.ends_with('>') || matches!(scan.previous, ">|" | "-o");
        let path_like = match word {
            "." | ".." => class_path,
            _ => word.contains(['/', '.']) || scan.not_first || class_path,
        };
        let taken = !quoted && !scan.after_cd && plain && !written && path_like && here.join(word).exists();
        out.push(if taken {
            format!("'{}'", format!("{folder}/{word}").replace('\'', "'\\''"))
        } else {
            word.to_string()
        });
        if !quoted && matches!(word, "cd" | "pushd") {
            scan.after_cd = true;
        }
        // The quotes this word opens or closes (a backslash outside single quotes escapes).
        let mut escaped = false;
        for byte in word.bytes() {
            match byte {
                _ if escaped => escaped = false,
                b'\\' if !scan.single => escaped = true,
                b'\'' if !scan.double => scan.single = !scan.single,
                b'"' if !scan.single => scan.double = !scan.double,
                _ => {}
            }
        }
        // After `|`, `||`, `&`, `&&`, `;` or `(`, a command begins.
        scan.not_first = !word.ends_with(['|', '&', ';', '(']);
        scan.previous = word;
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

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
        let here = std::env::temp_dir().join(format!("file-io-words-{}", std::process::id()));
        fs::create_dir_all(here.join("bin")).unwrap();
        for file in ["mine", "mine.py", "bin/x", "a.out", "1", "sol", "out.txt"] {
            fs::write(here.join(file), "").unwrap();
        }
        let at = |word: &str| format!("'{}/{word}'", here.display());
        let words = |command: &str| absolute_words_in(command, &here);
        assert_eq!(words("./mine"), at("./mine"));
        assert_eq!(words("python3 -S mine.py"), format!("python3 -S {}", at("mine.py")));
        assert_eq!(words("bin/x a.out"), format!("{} {}", at("bin/x"), at("a.out")));
        assert_eq!(words("java -cp . Main"), format!("java -cp {} Main", at(".")));
        assert_eq!(words("java -cp bin Main"), format!("java -cp {} Main", at("bin")));
        // A bare name is a file as an argument, a program on PATH as a command's first word.
        assert_eq!(words("python3 sol"), format!("python3 {}", at("sol")));
        assert_eq!(words("mine"), "mine");
        assert_eq!(words("true && mine"), "true && mine");
        assert_eq!(words("./mine <  a.out"), format!("{} <  {}", at("./mine"), at("a.out")));
        // Not files: a dot, missing names, switches, quoted words (even between quotes that span
        // words), what the program writes, and what follows a `cd`.
        assert_eq!(words("grep -q . x.py"), "grep -q . x.py");
        assert_eq!(words("cat 'mine.py' -n"), "cat 'mine.py' -n");
        assert_eq!(words("sh -c 'echo x && ./mine y'"), "sh -c 'echo x && ./mine y'");
        assert_eq!(words("echo \"see ./mine now\""), "echo \"see ./mine now\"");
        assert_eq!(words("echo don\\'t ./mine"), format!("echo don\\'t {}", at("./mine")));
        assert_eq!(words("./mine > out.txt"), format!("{} > out.txt", at("./mine")));
        assert_eq!(words("./mine 2>> out.txt"), format!("{} 2>> out.txt", at("./mine")));
        assert_eq!(words("g++ x.cpp -o a.out"), "g++ x.cpp -o a.out");
        assert_eq!(words("cd bin && ./mine"), "cd bin && ./mine");
        assert_eq!(
            words("./mine | head -n 1"),
            format!("{} | head -n {}", at("./mine"), at("1"))
        );
        fs::remove_dir_all(&here).unwrap();
    }
}
