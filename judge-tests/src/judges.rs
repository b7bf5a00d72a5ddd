//! `--judge NAME`: a real judge's limits as one switch. Each preset sets the input layout, the
//! time limit, the memory limit and the checker level that judge applies to the puzzle, so that
//! "AC" says something about the judge the user will submit to. Where each figure comes from, and
//! which are unverified, is in docs/judge.md ("Judges' limits"); without a preset the summary
//! says that the limits are not any judge's.

use crate::cases::Format;
use crate::runner::Limits;
use judge_oracle::checker::Level;
use std::time::Duration;

/// One judge's limits for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name `--judge` takes: `poj`, `hdu`, `zoj`, `uva`, `usaco`, `luogu`.
    pub name: &'static str,
    /// The judge and problem, for messages: `POJ 1077`.
    pub judge: &'static str,
    /// The puzzle the problem is.
    pub puzzle: &'static str,
    /// eight: the layout of the judge's input.
    pub format: Option<Format>,
    /// The time limit the problem page states, in ms (C and C++ where it gives two).
    pub time_ms: u64,
    /// The memory limit the problem page states, in MiB.
    pub memory_mb: u64,
    /// The checker level the judge applies: every judge here special-judges eight, judges Colour
    /// Hash by its statement's rule and msquare by its one answer, which is the checker's
    /// default level for each puzzle.
    pub level: Level,
}

/// Every preset, as `--judge` lists them. UVa has two problems, eight (652) and Colour Hash (704):
/// the puzzle picks one.
pub const PRESETS: [Preset; 7] = [
    Preset {
        name: "poj",
        judge: "POJ 1077",
        puzzle: "eight",
        format: Some(Format::Poj),
        time_ms: 1000,
        memory_mb: 64,
        level: Level::Judge,
    },
    Preset {
        name: "hdu",
        judge: "HDU 1043",
        puzzle: "eight",
        format: Some(Format::Hdu),
        time_ms: 5000,
        memory_mb: 32,
        level: Level::Judge,
    },
    Preset {
        name: "zoj",
        judge: "ZOJ 1217",
        puzzle: "eight",
        format: Some(Format::Poj),
        time_ms: 10000,
        memory_mb: 32,
        level: Level::Judge,
    },
    Preset {
        name: "uva",
        judge: "UVa 652",
        puzzle: "eight",
        format: Some(Format::Uva652),
        time_ms: 3000,
        memory_mb: 128,
        level: Level::Judge,
    },
    Preset {
        name: "uva",
        judge: "UVa 704",
        puzzle: "colour-hash",
        format: None,
        time_ms: 3000,
        memory_mb: 128,
        level: Level::Judge,
    },
    Preset {
        name: "usaco",
        judge: "USACO 3.2 (msquare)",
        puzzle: "msquare",
        format: None,
        time_ms: 1000,
        memory_mb: 16,
        level: Level::Judge,
    },
    Preset {
        name: "luogu",
        judge: "Luogu P2730",
        puzzle: "msquare",
        format: None,
        time_ms: 1000,
        memory_mb: 125,
        level: Level::Judge,
    },
];

/// The names `--judge` takes, for messages.
pub const NAMES: &str = "poj, hdu, zoj, uva, usaco, luogu";

/// The preset `name` for `puzzle`.
///
/// # Errors
/// An unknown name, or a judge that does not have the puzzle (naming the judges that do).
pub fn preset(name: &str, puzzle: &str) -> Result<&'static Preset, String> {
    if !PRESETS.iter().any(|preset| preset.name == name) {
        return Err(format!(
            "--judge: unknown judge '{}' ({NAMES})",
            judge_oracle::escape(name.as_ref())
        ));
    }
    PRESETS
        .iter()
        .find(|preset| preset.name == name && preset.puzzle == puzzle)
        .ok_or_else(|| {
            let judges: Vec<&str> = PRESETS
                .iter()
                .filter(|preset| preset.puzzle == puzzle)
                .map(|preset| preset.name)
                .collect();
            format!(
                "--judge {name}: that judge has no {puzzle} problem ({puzzle}'s judges: {})",
                judges.join(", ")
            )
        })
}

impl Preset {
    /// The limits this judge states.
    pub fn limits(&self) -> (Duration, u64) {
        (Duration::from_millis(self.time_ms), self.memory_mb << 20)
    }
}

/// The summary line about the limits: a preset's when they are its own, else that they are not
/// any judge's.
pub fn limits_line(preset: Option<&Preset>, limits: &Limits) -> String {
    let time = limits
        .time
        .map_or("no time limit".to_string(), |time| format!("{} ms", time.as_millis()));
    let memory = limits
        .memory
        .map_or("no memory limit".to_string(), |memory| format!("{} MB", memory >> 20));
    match preset {
        Some(preset) if preset.limits() == (limits.time.unwrap_or_default(), limits.memory.unwrap_or_default()) => {
            format!(
                "limits: {time}, {memory}, as {} states them (--judge {})",
                preset.judge, preset.name
            )
        }
        _ => format!("limits: {time}, {memory}: not any judge's (--judge {NAMES} sets one's)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_judge_has_its_puzzles() {
        assert_eq!(preset("uva", "colour-hash").unwrap().judge, "UVa 704");
        assert_eq!(preset("uva", "eight").unwrap().format, Some(Format::Uva652));
        assert_eq!(preset("poj", "eight").unwrap().limits().0, Duration::from_millis(1000));
        assert_eq!(
            preset("poj", "msquare").unwrap_err(),
            "--judge poj: that judge has no msquare problem (msquare's judges: usaco, luogu)"
        );
        assert!(preset("codeforces", "eight").unwrap_err().contains("unknown judge"));
        let poj = preset("poj", "eight").unwrap();
        let (time, memory) = poj.limits();
        let own = Limits {
            time: Some(time),
            memory: Some(memory),
            ..Limits::default()
        };
        assert!(limits_line(Some(poj), &own).contains("as POJ 1077 states them"));
        let other = Limits {
            time: Some(Duration::from_secs(10)),
            ..Limits::default()
        };
        assert!(limits_line(Some(poj), &other).contains("not any judge's"));
        assert!(limits_line(None, &other).starts_with("limits: 10000 ms, no memory limit: not any judge's"));
    }
}
