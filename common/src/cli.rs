//! The error contract every puzzle binary shares: answers already computed are printed, then one
//! stderr line `<program>: error: <what>`, exit status 1; a closed stdout ends the run quietly.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// Why a run stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The input is not what the puzzle reads; the message says what and where.
    Input(String),
    /// Reading stdin or writing stdout failed.
    Io(io::Error),
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
        }
    }
}

/// A binary's command line: `--name` switches and `--name value` options, nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    switches: Vec<String>,
    values: Vec<(String, String)>,
}

impl Args {
    /// Reads `args` (without the program name), accepting only the listed `switches` and
    /// `options` (which take a value, as `--depth 16` or `--depth=16`).
    ///
    /// # Errors
    /// [`Failure::Input`] for anything else, or an option with no value, with `usage` appended.
    ///
    /// # Complexity
    /// O(arguments × names).
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        switches: &[&str],
        options: &[&str],
        usage: &str,
    ) -> Result<Args, Failure> {
        let mut parsed = Args::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) => (name.to_string(), Some(value.to_string())),
                None => (arg.clone(), None),
            };
            if switches.contains(&name.as_str()) && inline.is_none() {
                parsed.switches.push(name);
            } else if options.contains(&name.as_str()) {
                let value = match inline.or_else(|| args.next()) {
                    Some(value) => value,
                    None => return Err(Failure::Input(format!("option '{name}' needs a value; usage: {usage}"))),
                };
                parsed.values.push((name, value));
            } else {
                return Err(Failure::Input(format!("unknown argument '{arg}'; usage: {usage}")));
            }
        }
        Ok(parsed)
    }

    /// Whether the switch was given.
    ///
    /// # Complexity
    /// O(switches given).
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|given| given == name)
    }

    /// The value of the option's last occurrence, if given.
    ///
    /// # Complexity
    /// O(options given).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(given, _)| given == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Turns a run's outcome into the process exit status, printing the one-line error if any.
///
/// A broken pipe (stdout closed by `head`, say) is not an error worth reporting: the reader has
/// what it wanted, so the program ends quietly with status 0.
///
/// # Complexity
/// O(1).
pub fn finish(program: &str, outcome: Result<(), Failure>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("{program}: error: {failure}");
            ExitCode::FAILURE
        }
    }
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
    }

    fn parse(args: &[&str]) -> Result<Args, Failure> {
        Args::parse(
            args.iter().map(|a| a.to_string()),
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
        assert_eq!(args.value("--depth"), Some("9"));
        assert_eq!(parse(&[]).unwrap(), Args::default());
        assert_eq!(
            parse(&["--bogus"]).unwrap_err().to_string(),
            "unknown argument '--bogus'; usage: t [--stats]"
        );
        assert_eq!(
            parse(&["--depth"]).unwrap_err().to_string(),
            "option '--depth' needs a value; usage: t [--stats]"
        );
        assert!(parse(&["--stats=1"]).is_err());
    }

    #[test]
    fn exit_statuses() {
        assert_eq!(finish("t", Ok(())), ExitCode::SUCCESS);
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(finish("t", Err(Failure::Io(pipe))), ExitCode::SUCCESS);
        assert_eq!(finish("t", Err(Failure::Input("bad".into()))), ExitCode::FAILURE);
    }
}
