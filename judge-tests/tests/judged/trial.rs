//! The trials' interface: a named closure run once, that fails with a message. libtest2-mimic
//! runs them (it reads libtest's command line: filters, `--exact`, `--list`, `--test-threads`);
//! this module keeps the parts' code to a closure that returns `Result<(), Failed>`, where `?`
//! turns any error or message into the failure.
//!
//! libtest2-mimic rather than libtest-mimic: the same command line and log without clap and its
//! derive macro, which built syn a second time (for the host, with other features than the
//! bundler's) in every test build.

use std::fmt::Display;
use std::sync::Mutex;

/// Why a trial failed: the message its log shows.
#[derive(Debug)]
pub struct Failed(String);

/// Any message or error is a failure (`Err(format!(..).into())`, `.map_err(|e| e.to_string())?`).
/// `Failed` itself is not `Display`, so this never overlaps `From<Failed> for Failed`.
impl<T: Display> From<T> for Failed {
    fn from(why: T) -> Self {
        Failed(why.to_string())
    }
}

/// One named trial.
pub struct Trial(libtest2_mimic::Trial);

impl Trial {
    /// The trial `name` that runs `run` once. The harness asks for a closure it may call more than
    /// once (`Fn`); a trial owns what it checks and is run once, so `run` is taken out of a
    /// `Mutex<Option<_>>` on its call, and a second call fails by name rather than run it again.
    pub fn test(name: impl Into<String>, run: impl FnOnce() -> Result<(), Failed> + Send + 'static) -> Trial {
        let once = Mutex::new(Some(run));
        Trial(libtest2_mimic::Trial::test(name, move |_| {
            let run = once
                .lock()
                .map_err(|_| libtest2_mimic::RunError::fail("another call of this trial panicked"))?
                .take()
                .ok_or_else(|| libtest2_mimic::RunError::fail("this trial was run twice"))?;
            run().map_err(|Failed(why)| libtest2_mimic::RunError::fail(why))
        }))
    }

    /// The harness's trial.
    pub fn into_inner(self) -> libtest2_mimic::Trial {
        self.0
    }
}
