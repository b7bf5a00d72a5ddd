//! The error contract every puzzle binary shares: answers already computed are printed, then one
//! stderr line `<program>: error: <what>`, exit status 1; a closed pipe on stdout ends the run
//! quietly.
//!
//! It holds in odd environments too: arguments are read as [`OsString`] (a non-UTF-8 argument is
//! an error, not a panic), messages are one line whatever bytes they quote ([`printable`]),
//! stderr is written without `eprintln!` (which panics when stderr is unwritable), and diagnostics
//! such as `--trace` drawings go through [`Diagnostics`], so a stderr that fails stops them and
//! never the answers. stdin and stdout come from [`super::stdio`]: an unusable descriptor (closed,
//! open the wrong way, a directory) is an error, a non-blocking one is waited for, and stdout is
//! written in whole lines. Only a closed **pipe** on stdout ends a run quietly.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use super::stdio::{self, Patient, Stdin, Stdout};

/// Why a run stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The input (or an argument) is not what the puzzle reads; the message says what and where.
    Input(String),
    /// Reading stdin or writing stdout failed.
    Io(io::Error),
    /// A table the run needs could not be allocated (under an address-space limit, say); the
    /// message names the table and its size. Built by [`crate::alloc::try_reserve`] and [`crate::alloc::try_filled`].
    OutOfMemory(String),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Io(error)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(message) => f.write_str(message),
            Failure::Io(error) => write!(f, "i/o: {error}"),
            Failure::OutOfMemory(message) => write!(f, "out of memory: {message}"),
        }
    }
}

impl From<super::scan::ScanError> for Failure {
    /// A read error is [`Failure::Io`], a bad token [`Failure::Input`] with the message.
    fn from(error: super::scan::ScanError) -> Self {
        match error {
            super::scan::ScanError::Io(error) => Failure::Io(error),
            other => Failure::Input(other.to_string()),
        }
    }
}

/// `text` with every control character escaped (`\n`, `\t`, `\u{1b}`, ...), so that a message
/// quoting it stays one line and prints nothing a terminal would act on.
///
/// # Complexity
/// O(length).
pub fn printable(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// An argument as a message shows it: [`printable`], with bytes that are not UTF-8 as `\xNN`.
///
/// # Complexity
/// O(length).
pub fn shown(arg: &OsStr) -> String {
    if let Some(text) = arg.to_str() {
        return printable(text);
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut shown = String::new();
        let mut rest = arg.as_bytes();
        while !rest.is_empty() {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    shown.push_str(&printable(text));
                    rest = &[];
                }
                Err(error) => {
                    let (valid, after) = rest.split_at(error.valid_up_to());
                    shown.push_str(&printable(std::str::from_utf8(valid).unwrap_or_default()));
                    let bad = error.error_len().unwrap_or(after.len());
                    for byte in &after[..bad] {
                        shown.push_str(&format!("\\x{byte:02x}"));
                    }
                    rest = &after[bad..];
                }
            }
        }
        shown
    }
    // Elsewhere the invalid units are gone without a platform extension; U+FFFD marks them.
    #[cfg(not(unix))]
    printable(&arg.to_string_lossy())
}

/// A binary's command line: `--name` switches and `--name value` options, nothing else.
/// `-h` and `--help` are always accepted and read by [`Args::help`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    switches: Vec<String>,
    values: Vec<(String, String)>,
    help: bool,
}

impl Args {
    /// Reads `args` (without the program name), accepting only `-h`, `--help`, the listed
    /// `switches` and `options` (which take a value, as `--depth 16` or `--depth=16`).
    ///
    /// # Errors
    /// [`Failure::Input`] for anything else, a non-UTF-8 argument, or an option with no value,
    /// with `usage` appended; the argument is [`shown`] escaped.
    ///
    /// # Complexity
    /// O(arguments × names).
    pub fn parse(
        args: impl IntoIterator<Item = OsString>,
        switches: &[&str],
        options: &[&str],
        usage: &str,
    ) -> Result<Args, Failure> {
        let unknown = |arg: &OsStr| Failure::Input(format!("unknown argument '{}'; usage: {usage}", shown(arg)));
        let mut parsed = Args::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let text = arg.to_str().ok_or_else(|| unknown(&arg))?;
            let (name, inline) = match text.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (text, None),
            };
            if (name == "-h" || name == "--help") && inline.is_none() {
                parsed.help = true;
            } else if switches.contains(&name) && inline.is_none() {
                parsed.switches.push(name.to_string());
            } else if options.contains(&name) {
                let value = match inline {
                    Some(value) => value,
                    None => match args.next() {
                        Some(value) => value.into_string().map_err(|value| {
                            Failure::Input(format!(
                                "option '{name}' takes text, not '{}'; usage: {usage}",
                                shown(&value)
                            ))
                        })?,
                        None => return Err(Failure::Input(format!("option '{name}' needs a value; usage: {usage}"))),
                    },
                };
                parsed.values.push((name.to_string(), value));
            } else {
                return Err(unknown(&arg));
            }
        }
        Ok(parsed)
    }

    /// Whether `-h` or `--help` was given.
    pub fn help(&self) -> bool {
        self.help
    }

    /// Whether the switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|given| given == name)
    }

    /// The value of the option's last occurrence, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value.as_str())
    }

    /// Whether `--method` asks for the plain tier: `fast` (the default) or `plain`, the choice
    /// msquare and colour-hash offer (eight has methods of its own).
    ///
    /// # Errors
    /// [`Failure::Input`] for any other method, with `usage` appended.
    pub fn plain_method(&self, usage: &str) -> Result<bool, Failure> {
        match self.value("--method") {
            None | Some("fast") => Ok(false),
            Some("plain") => Ok(true),
            Some(other) => Err(Failure::Input(format!(
                "unknown method '{}'; usage: {usage}",
                printable(other)
            ))),
        }
    }
}

/// The most input `--method plain` reads, as each crate's `plain::io::MAX_INPUT`: the plain
/// program holds its whole input, so an endless stream (`< /dev/zero`) ends here at once with
/// one line instead of filling the memory. A judge's input is a few megabytes at most.
pub const MAX_PLAIN_INPUT: usize = 1 << 26;

/// Reads `input` to its end, as the plain programs read stdin: at most `cap` bytes, into memory
/// grown through `try_reserve`, with the same error words as theirs.
///
/// # Errors
/// [`Failure::Io`] if a read fails; [`Failure::Input`] past `cap` bytes;
/// [`Failure::OutOfMemory`] when the system refuses the room.
///
/// # Complexity
/// O(bytes read).
pub fn read_capped(mut input: impl std::io::Read, cap: usize) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let mut chunk = [0; 8192];
    loop {
        let count = match input.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(count) => count,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(Failure::Io(error)),
        };
        if bytes.len() + count > cap {
            return Err(Failure::Input(format!("the input is longer than {cap} bytes")));
        }
        let wanted = bytes.len() + count;
        bytes
            .try_reserve(count)
            .map_err(|_| Failure::OutOfMemory(format!("cannot allocate {wanted} bytes for the input")))?;
        bytes.extend_from_slice(&chunk[..count]);
    }
}

/// `--method plain` in every puzzle binary, the one way the plain tier plugs in: the crate's
/// plain program (`plain::io::answer_all`, what `dist/<puzzle>-plain.rs` runs) on the whole
/// input. `answer_all` appends the answers and any warnings to its two strings and returns its
/// error message, if any; the answers go to `output`, the warnings to `diagnostics`, and the
/// message becomes the binary's error line ([`Failure::Input`]), after the answers before it.
///
/// # Errors
/// [`Failure::Input`] with the plain program's message, or past
/// [`MAX_PLAIN_INPUT`] bytes of input (read as the plain program reads it,
/// [`read_capped`]); [`Failure::Io`] if reading or writing fails.
///
/// # Complexity
/// The plain program's, plus the whole input and output held in memory.
pub fn run_plain(
    mut input: impl io::BufRead,
    mut output: impl Write,
    diagnostics: &mut dyn Write,
    answer_all: impl FnOnce(&[u8], &mut String, &mut String) -> Result<(), String>,
) -> Result<(), Failure> {
    let bytes = read_capped(&mut input, MAX_PLAIN_INPUT)?;
    let (mut answers, mut warnings) = (String::new(), String::new());
    let outcome = answer_all(&bytes, &mut answers, &mut warnings);
    output.write_all(answers.as_bytes())?;
    output.flush()?;
    // A failing diagnostics stream loses the warnings, not the answers or the status.
    let _ = diagnostics.write_all(warnings.as_bytes());
    outcome.map_err(Failure::Input)
}

/// Writes the `-h` / `--help` text every binary prints: `usage: USAGE`, the `about` lines (if
/// any), then `-h, --help` and each switch with what it does, aligned; a description's further
/// lines (after `\n`) are indented to its column.
///
/// # Errors
/// If writing `output` fails.
pub fn write_help(mut output: impl Write, usage: &str, about: &str, switches: &[(&str, &str)]) -> io::Result<()> {
    let help = [("-h, --help", "print this help")];
    let entries = || help.iter().chain(switches);
    let width = entries().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut text = format!("usage: {usage}\n{about}");
    for (name, what) in entries() {
        let what = what.replace('\n', &format!("\n  {:width$}  ", ""));
        text.push_str(&format!("  {name:<width$}  {what}\n"));
    }
    output.write_all(text.as_bytes())?;
    output.flush()
}

/// A diagnostics stream (stderr) that cannot fail the run: after its first failed write it drops
/// everything, and every write reports success. Trace drawings and warnings go through it, so a
/// stderr closed early or full stops them and never the answers on stdout.
#[derive(Debug)]
pub struct Diagnostics<W> {
    inner: W,
    broken: bool,
}

impl<W: Write> Diagnostics<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        Diagnostics { inner, broken: false }
    }

    /// Whether a write has failed (and everything since was dropped).
    pub fn is_broken(&self) -> bool {
        self.broken
    }
}

impl<W: Write> Write for Diagnostics<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.broken && self.inner.write_all(buf).is_err() {
            self.broken = true;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.broken && self.inner.flush().is_err() {
            self.broken = true;
        }
        Ok(())
    }
}

/// Turns a run's outcome into the process exit status, writing the one-line error if any.
///
/// A broken pipe on stdout (closed by `head`, say) is not an error worth reporting: the reader
/// has what it wanted, so the program ends quietly with status 0. Every other failure, a write
/// to stdout included, is the line and status 1. The line is written with one `write_all` that
/// waits for a non-blocking stderr ([`Patient`]) and whose failure is ignored: an unwritable
/// stderr loses the line, not the status.
pub fn finish(program: &str, outcome: Result<(), Failure>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            let line = format!("{program}: error: {}\n", printable(&failure.to_string()));
            let _ = Patient::new(io::stderr().lock()).write_all(line.as_bytes());
            ExitCode::FAILURE
        }
    }
}

/// The whole `main` of a puzzle binary: `main_with(arguments, stdin, stdout, stderr)` under the
/// contract above, with stdin and stdout from [`super::stdio`] (every error seen, a busy
/// descriptor waited for, whole lines written) and stderr wrapped in [`Diagnostics`].
///
/// stdout is flushed here, through a clone of the handle `main_with` gets, after `main_with`
/// returns and before any error line: the answers it computed reach stdout even when it fails,
/// and a write error met while its own buffers were flushed on drop (where errors are ignored)
/// is reported, not lost. When `main_with` failed too, its failure is the one reported.
///
/// Before anything else it asks for [`START_ROOM`] bytes of heap and gives them back: where even
/// that is refused (an address-space limit just above what the runtime's own start needs), the
/// run is the out-of-memory line, written without allocating, rather than Rust's abort on the
/// first small allocation (the arguments', status 134). With that room the start's own buffers
/// (the arguments, stdin's and stdout's [`CHUNK`](super::scan::CHUNK)-sized buffers) fit in what
/// the allocator then holds; the tables come after, through [`crate::alloc::try_reserve`].
pub fn main<F>(program: &str, main_with: F) -> ExitCode
where
    F: FnOnce(Vec<OsString>, Stdin, Stdout, &mut dyn Write) -> Result<(), Failure>,
{
    if Vec::<u8>::new().try_reserve_exact(START_ROOM).is_err() {
        return no_room_to_start(program);
    }
    let args = std::env::args_os().skip(1).collect();
    let mut diagnostics = Diagnostics::new(Patient::new(io::stderr()));
    let outcome = match stdio::stdout() {
        Ok(stdout) => answer_and_flush(main_with, args, stdio::stdin(), stdout, &mut diagnostics),
        Err(error) => Err(Failure::Io(error)),
    };
    finish(program, outcome)
}

/// The heap [`main`] makes sure of before it starts: the arguments, the input and output buffers
/// (8 KB each) and the messages fit in it several times over.
pub const START_ROOM: usize = 64 << 10;

/// Writes `<program>: error: out of memory: cannot allocate START_ROOM bytes to start` with no
/// allocation (the line is put together on the stack), and gives the failure status.
fn no_room_to_start(program: &str) -> ExitCode {
    let mut line = [0u8; 192];
    let mut length = 0;
    let mut put = |bytes: &[u8]| {
        let taken = bytes.len().min(line.len() - length);
        line[length..length + taken].copy_from_slice(&bytes[..taken]);
        length += taken;
    };
    put(&program.as_bytes()[..program.len().min(64)]);
    put(b": error: out of memory: cannot allocate ");
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut value = START_ROOM;
    loop {
        at -= 1;
        digits[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    put(&digits[at..]);
    put(b" bytes to start\n");
    let _ = Patient::new(io::stderr().lock()).write_all(&line[..length]);
    ExitCode::FAILURE
}

/// `main_with` given a clone of `stdout`, then `stdout` flushed, as [`main`] does it.
fn answer_and_flush<I, F>(
    main_with: F,
    args: Vec<OsString>,
    stdin: I,
    mut stdout: Stdout,
    diagnostics: &mut dyn Write,
) -> Result<(), Failure>
where
    F: FnOnce(Vec<OsString>, I, Stdout, &mut dyn Write) -> Result<(), Failure>,
{
    let outcome = main_with(args, stdin, stdout.clone(), diagnostics);
    let flushed = stdout.flush();
    outcome.and(flushed.map_err(Failure::Io))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_one_line() {
        assert_eq!(
            Failure::Input("board 3: tile '9' is not 1-8 or x".into()).to_string(),
            "board 3: tile '9' is not 1-8 or x"
        );
        let io_failure = Failure::from(io::Error::new(io::ErrorKind::Other, "disk on fire"));
        assert_eq!(io_failure.to_string(), "i/o: disk on fire");
        assert_eq!(printable("a\nb\tc\u{1b}"), "a\\nb\\tc\\u{1b}");
        assert_eq!(printable("Grüße"), "Grüße");
    }

    fn parse(args: &[&str]) -> Result<Args, Failure> {
        Args::parse(
            args.iter().map(OsString::from),
            &["--stats", "--trace"],
            &["--depth"],
            "t [--stats]",
        )
    }

    #[test]
    fn arguments() {
        let args = parse(&["--trace", "--depth", "16", "--depth=9"]).unwrap();
        assert!(args.switch("--trace"));
        assert!(!args.switch("--stats"));
        assert!(!args.help());
        assert_eq!(args.value("--depth"), Some("9"));
        assert_eq!(parse(&[]).unwrap(), Args::default());
        assert!(parse(&["-h"]).unwrap().help());
        assert!(parse(&["--help"]).unwrap().help());
        assert_eq!(
            parse(&["--bogus"]).unwrap_err().to_string(),
            "unknown argument '--bogus'; usage: t [--stats]"
        );
        assert_eq!(
            parse(&["a\nb"]).unwrap_err().to_string(),
            "unknown argument 'a\\nb'; usage: t [--stats]"
        );
        assert_eq!(
            parse(&["--depth"]).unwrap_err().to_string(),
            "option '--depth' needs a value; usage: t [--stats]"
        );
        assert!(parse(&["--stats=1"]).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_arguments_are_errors() {
        use std::os::unix::ffi::OsStringExt;
        let bad = OsString::from_vec(vec![b'-', 0xff]);
        let error = Args::parse([bad], &[], &[], "t").unwrap_err().to_string();
        assert_eq!(error, "unknown argument '-\\xff'; usage: t");
        let mixed = OsString::from_vec(b"\xe9t\xc3\xa9\n\xc3".to_vec());
        assert_eq!(shown(&mixed), "\\xe9t\u{e9}\\n\\xc3");
        let value = OsString::from_vec(vec![0xfe]);
        let error = Args::parse([OsString::from("--depth"), value], &[], &["--depth"], "t").unwrap_err();
        assert_eq!(error.to_string(), "option '--depth' takes text, not '\\xfe'; usage: t");
    }

    /// A writer that fails every call, as stderr on `/dev/full` or a closed pipe does.
    struct Unwritable;

    impl Write for Unwritable {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        }
    }

    #[test]
    fn diagnostics_never_fail_the_run() {
        let mut diagnostics = Diagnostics::new(Unwritable);
        assert!(writeln!(diagnostics, "step 1").is_ok());
        assert!(diagnostics.flush().is_ok());
        assert!(diagnostics.is_broken());
        let mut kept = Diagnostics::new(Vec::new());
        writeln!(kept, "step 1").unwrap();
        assert!(!kept.is_broken());
        assert_eq!(kept.inner, b"step 1\n");
    }

    #[test]
    fn help_aligns_every_switch() {
        let mut out = Vec::new();
        let switches = [("--stats", "print the table\nand stop"), ("--depth D", "how deep")];
        write_help(&mut out, "t [--stats]", "Solves t.\n", &switches).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "usage: t [--stats]\nSolves t.\n  -h, --help  print this help\n  --stats     print the table\n              and stop\n  --depth D   how deep\n"
        );
    }

    /// `main_with` on a [`Stdout`] over `file`, as [`main`] runs it: its outcome.
    fn answer_into<F>(file: std::fs::File, main_with: F) -> Result<(), Failure>
    where
        F: FnOnce(Vec<OsString>, (), Stdout, &mut dyn Write) -> Result<(), Failure>,
    {
        answer_and_flush(main_with, Vec::new(), (), Stdout::over(file), &mut io::sink())
    }

    #[test]
    fn answers_reach_stdout_before_the_error_and_write_errors_are_seen() {
        let path = std::env::temp_dir().join(format!("common-cli-{}", std::process::id()));
        // A table refused after two answers, left in a buffer the program never flushed.
        let outcome = answer_into(std::fs::File::create(&path).unwrap(), |_, _, output, _| {
            let mut out = io::BufWriter::new(output);
            out.write_all(b"1\n2\n")?;
            crate::alloc::try_filled(usize::MAX / 2, 0u64, "the table")?;
            Ok(())
        });
        assert!(matches!(outcome, Err(Failure::OutOfMemory(_))), "{outcome:?}");
        assert_eq!(std::fs::read(&path).unwrap(), b"1\n2\n");
        // A stdout open read-only: the write error surfaces although the program says Ok.
        let outcome = answer_into(std::fs::File::open(&path).unwrap(), |_, _, output, _| {
            let _ = io::BufWriter::new(output).write_all(b"3\n");
            Ok(())
        });
        match outcome {
            Err(Failure::Io(error)) => assert_ne!(error.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("{other:?}"),
        }
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn exit_statuses() {
        assert_eq!(finish("t", Ok(())), ExitCode::SUCCESS);
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(finish("t", Err(Failure::Io(pipe))), ExitCode::SUCCESS);
        assert_eq!(finish("t", Err(Failure::Input("bad".into()))), ExitCode::FAILURE);
    }

    #[test]
    fn the_plain_read_stops_at_its_cap() {
        let input = vec![b'1'; 20_000];
        assert_eq!(read_capped(&input[..], 20_000).unwrap(), input);
        let error = read_capped(&input[..], 19_999).unwrap_err();
        assert_eq!(error.to_string(), "the input is longer than 19999 bytes");
        // An endless stream ends at the cap.
        let error = read_capped(std::io::repeat(0), 100_000).unwrap_err();
        assert_eq!(error.to_string(), "the input is longer than 100000 bytes");
    }
}
