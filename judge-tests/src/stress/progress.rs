//! What a stress run that is left running shows and leaves behind: a progress line on stderr
//! (the cases passed and the distances reached, then while shrinking the input's cases and the distance it is down to, the
//! runs made, and the time taken), the best failing input so far written to `--keep` each time
//! it gets better, and a time budget ([`Watch::over_budget`]) after which the run stops with
//! what it has. On SIGINT or SIGTERM `judge` stops at once (`runner::stop_programs_on_interrupt`);
//! the line it then writes says where the best failing input so far is ([`crate::on_interrupt_say`]),
//! which is why it is kept as it improves rather than at the end.
//!
//! On a terminal the line is rewritten in place; elsewhere (a log, a pipe) a line is written at
//! each step of the shrinking and, while inputs pass, at most every [`QUIET`].

use super::{Batch, FailedRun};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long a run that is not on a terminal goes between two lines while inputs pass.
pub const QUIET: Duration = Duration::from_secs(10);

/// The clock of one stress run: its start, its budget and its progress line.
pub struct Watch<'a> {
    start: Instant,
    budget: Duration,
    out: Option<&'a mut dyn Write>,
    terminal: bool,
    last: Instant,
    keep: Option<PathBuf>,
    /// Why the run was cut short, once it was.
    pub stopped: Option<String>,
}

impl<'a> Watch<'a> {
    /// A watch started now, with `budget`; `out` is where the progress line goes (stderr),
    /// `terminal` whether it is one; `keep` is `--keep`'s file.
    pub fn new(budget: Duration, out: Option<&'a mut dyn Write>, terminal: bool, keep: Option<PathBuf>) -> Self {
        let now = Instant::now();
        Watch {
            start: now,
            budget,
            out,
            terminal,
            last: now,
            keep,
            stopped: None,
        }
    }

    /// Whether the time budget is spent; the first time it is, the run is marked stopped.
    pub fn over_budget(&mut self) -> bool {
        if self.start.elapsed() >= self.budget {
            self.stopped
                .get_or_insert_with(|| format!("the time budget of {} s ran out", self.budget.as_secs()));
            return true;
        }
        false
    }

    fn elapsed(&self) -> String {
        let seconds = self.start.elapsed().as_secs();
        if seconds >= 60 {
            format!("{}m{:02}s", seconds / 60, seconds % 60)
        } else {
            format!("{seconds} s")
        }
    }

    /// Writes `line` as the progress line: in place on a terminal, else as a line of its own.
    fn say(&mut self, line: &str) {
        let terminal = self.terminal;
        if let Some(out) = self.out.as_mut() {
            // A progress line that cannot be written must not stop the run.
            let _ = if terminal {
                write!(out, "\r\x1b[K{line}")
            } else {
                writeln!(out, "{line}")
            };
            let _ = out.flush();
        }
        self.last = Instant::now();
    }

    /// After each passing input: `412/1000 cases passed, distances up to 14, 37 s` (`reach`: the
    /// largest distance the generator draws by now; none for a user's generator).
    pub fn passed(&mut self, done: usize, total: usize, reach: Option<usize>) {
        if self.terminal || self.last.elapsed() >= QUIET {
            let reach = reach
                .map(|reach| format!("distances up to {reach}, "))
                .unwrap_or_default();
            let line = format!("{done}/{total} cases passed, {reach}{}", self.elapsed());
            self.say(&line);
        }
    }

    /// The run found a failure (or the shrinker a smaller one): the line says so, the input is
    /// written to `--keep`, and the line `judge` writes if interrupted now says where it is.
    ///
    /// # Errors
    /// The `--keep` file's write error (the caller reports it once, at the end).
    pub fn better(&mut self, batch: &Batch, failure: &FailedRun, runs: usize) -> std::io::Result<()> {
        let shown = shown(batch);
        let line = format!("shrinking a {}: {shown}, {runs} runs, {}", failure.kind, self.elapsed());
        self.say(&line);
        let Some(path) = self.keep.clone() else {
            crate::on_interrupt_say(format!(
                "judge: stress: a failing input was found ({}: {shown}) but not kept: --keep FILE keeps it\n",
                failure.kind
            ));
            return Ok(());
        };
        std::fs::write(&path, batch.render())?;
        crate::on_interrupt_say(format!(
            "judge: stress: the best failing input so far ({}: {shown}) is kept in {}\n",
            failure.kind,
            judge_oracle::escape(path.as_os_str())
        ));
        Ok(())
    }

    /// Ends the progress line (on a terminal, the line is cleared for the report).
    pub fn finish(&mut self) {
        if self.terminal {
            if let Some(out) = self.out.as_mut() {
                let _ = write!(out, "\r\x1b[K");
                let _ = out.flush();
            }
        }
    }
}

/// An input for the progress line: `3 boards, the closest at distance 12`, `1 target at
/// distance 6`.
fn shown(batch: &Batch) -> String {
    let count = batch.items.len();
    match batch.items.as_slice() {
        [item] => format!("1 case {}", item.shown_distance()),
        items => {
            let closest = items.iter().filter_map(|item| item.distance()).min();
            match closest {
                Some(distance) => format!("{count} cases, the closest at distance {distance}"),
                None => format!("{count} cases"),
            }
        }
    }
}
