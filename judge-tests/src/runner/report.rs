//! The supervisor's report: what it measured of one run, as named `key:value` lines (as isolate's
//! meta file and runguard's are), ended by `end:`. `judge` reads it from a pipe the supervisor
//! inherited (never from a path), only after the supervisor exited by itself; a report that is
//! missing, garbled, repeated or not ended is `judge`'s own failure, never a verdict.
//!
//! ```text
//! mode:confined          confined | fallback
//! peak-kib:10240         the peak memory of the whole tree
//! cpu-us:1500            the CPU time (user + system) of the whole tree
//! wall-us:20000          from the program's start to its end
//! exit:0                 or signal:9
//! memory-killed:1        the kernel's OOM killer stopped it at the limit (cgroup), or the
//!                        supervisor did past the limit (fallback); left out when not
//! limit:cpu              the supervisor stopped it at a limit: cpu, wall or judge (asked to);
//!                        left out when it ended by itself
//! end:
//! ```

use std::fmt::Write as _;
use std::time::Duration;

/// Which supervisor mode ran (see `runner::sandbox`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Namespaces and a cgroup: the kernel counts and contains.
    Confined,
    /// `/proc` polling where no cgroup can be had.
    Fallback,
}

/// Why the supervisor stopped the program, when it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Its CPU time passed the limit.
    Cpu,
    /// The wall clock passed the wall limit.
    Wall,
    /// `judge` asked (SIGTERM: the output limit, Ctrl-C, `judge` gone).
    Judge,
}

impl Stopped {
    fn name(self) -> &'static str {
        match self {
            Stopped::Cpu => "cpu",
            Stopped::Wall => "wall",
            Stopped::Judge => "judge",
        }
    }
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status.
    Exit(i32),
    /// A signal of this number ended it.
    Signal(i32),
}

/// One run's measurements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The mode that ran.
    pub mode: Mode,
    /// The peak memory of the whole tree, in KiB.
    pub peak_kib: u64,
    /// The CPU time of the whole tree.
    pub cpu: Duration,
    /// The wall time from the program's start to its end.
    pub wall: Duration,
    /// How the program ended.
    pub ending: Ending,
    /// Whether it was stopped for its memory (by the kernel or the supervisor).
    pub memory_killed: bool,
    /// Whether the supervisor stopped it, and why.
    pub stopped: Option<Stopped>,
}

/// Most bytes of a report `judge` reads: a real one is a tenth of it.
pub const MAX_REPORT: usize = 1024;

impl Report {
    /// The report's lines.
    pub fn render(&self) -> String {
        let mut text = String::new();
        let mode = match self.mode {
            Mode::Confined => "confined",
            Mode::Fallback => "fallback",
        };
        let _ = writeln!(text, "mode:{mode}");
        let _ = writeln!(text, "peak-kib:{}", self.peak_kib);
        let _ = writeln!(text, "cpu-us:{}", self.cpu.as_micros());
        let _ = writeln!(text, "wall-us:{}", self.wall.as_micros());
        let _ = match self.ending {
            Ending::Exit(code) => writeln!(text, "exit:{code}"),
            Ending::Signal(signal) => writeln!(text, "signal:{signal}"),
        };
        if self.memory_killed {
            text.push_str("memory-killed:1\n");
        }
        if let Some(stopped) = self.stopped {
            let _ = writeln!(text, "limit:{}", stopped.name());
        }
        text.push_str("end:\n");
        text
    }

    /// Reads a report.
    ///
    /// # Errors
    /// What is wrong with it: an unknown or repeated key, a bad number, a missing field, no
    /// `end:` line or anything after it.
    pub fn parse(text: &str) -> Result<Report, String> {
        let mut fields: Vec<(&str, &str)> = Vec::new();
        let mut ended = false;
        for line in text.lines() {
            if ended {
                return Err(format!("a line after end: {line:?}"));
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(format!("a line that is not key:value: {line:?}"));
            };
            if fields.iter().any(|(seen, _)| *seen == key) {
                return Err(format!("{key} twice"));
            }
            ended = key == "end";
            fields.push((key, value));
        }
        if !ended || !text.ends_with('\n') {
            return Err("no end: line".to_string());
        }
        let get = |key: &str| fields.iter().find(|(seen, _)| *seen == key).map(|(_, value)| *value);
        let number = |key: &str| -> Result<u64, String> {
            let value = get(key).ok_or_else(|| format!("no {key}"))?;
            value.parse().map_err(|_| format!("{key}:{value:?} is not a number"))
        };
        let mode = match get("mode") {
            Some("confined") => Mode::Confined,
            Some("fallback") => Mode::Fallback,
            other => return Err(format!("mode {other:?}")),
        };
        let status = |key: &str| -> Result<Option<i32>, String> {
            get(key)
                .map(|value| value.parse().map_err(|_| format!("{key}:{value:?} is not a status")))
                .transpose()
        };
        let ending = match (status("exit")?, status("signal")?) {
            (Some(code), None) => Ending::Exit(code),
            (None, Some(signal)) => Ending::Signal(signal),
            _ => return Err("not one of exit: and signal:".to_string()),
        };
        let stopped = match get("limit") {
            None => None,
            Some("cpu") => Some(Stopped::Cpu),
            Some("wall") => Some(Stopped::Wall),
            Some("judge") => Some(Stopped::Judge),
            Some(other) => return Err(format!("limit:{other:?}")),
        };
        let known = [
            "mode",
            "peak-kib",
            "cpu-us",
            "wall-us",
            "exit",
            "signal",
            "memory-killed",
            "limit",
            "end",
        ];
        if let Some((key, _)) = fields.iter().find(|(key, _)| !known.contains(key)) {
            return Err(format!("unknown key {key:?}"));
        }
        Ok(Report {
            mode,
            peak_kib: number("peak-kib")?,
            cpu: Duration::from_micros(number("cpu-us")?),
            wall: Duration::from_micros(number("wall-us")?),
            ending,
            memory_killed: get("memory-killed") == Some("1"),
            stopped,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_reads_back_and_a_forged_one_does_not() {
        let report = Report {
            mode: Mode::Confined,
            peak_kib: 10240,
            cpu: Duration::from_micros(1500),
            wall: Duration::from_micros(20000),
            ending: Ending::Signal(9),
            memory_killed: true,
            stopped: Some(Stopped::Wall),
        };
        let text = report.render();
        assert_eq!(Report::parse(&text), Ok(report.clone()));
        // Two reports in one pipe (a program that wrote one of its own): refused.
        assert!(Report::parse(&format!("{text}{text}")).is_err());
        assert!(Report::parse(&text.replace("end:\n", "")).is_err());
        assert!(Report::parse(&text.replace("peak-kib:10240", "peak-kib:-1")).is_err());
        assert!(Report::parse(&text.replace("signal:9", "exit:0\nsignal:9")).is_err());
        assert!(Report::parse("").is_err());
    }
}
