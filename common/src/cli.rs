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

    #[test]
    fn exit_statuses() {
        assert_eq!(finish("t", Ok(())), ExitCode::SUCCESS);
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(finish("t", Err(Failure::Io(pipe))), ExitCode::SUCCESS);
        assert_eq!(finish("t", Err(Failure::Input("bad".into()))), ExitCode::FAILURE);
    }
}
