//! `--judge NAME`: a real judge's rules as one switch. Each preset sets the input layout, the
//! time and memory limits for each language class the judge states figures for (C/C++, and
//! Java/Others where it gives two), the checker level, and the judge's verdicts and comparison
//! (Luogu has no PE and compares the text ignoring spaces at line ends and newlines at the end),
//! so that "AC" says something about the judge the user will submit to. Where each figure and
//! rule comes from, and which are unverified, is in docs/judge.md ("Judges' limits"); without a
//! preset the summary says that the limits are not any judge's.
//!
//! The language class is `--lang`'s, or read from `--command`'s program ([`Lang::of_command`]):
//! an interpreter or a virtual machine (`python3`, `java`, ...) is Java/Others, anything else a
//! compiled program, C/C++'s. Every TLE and MLE line names the figure it used and the switch
//! that gives the other ([`Rules::limit_note`]).

use crate::cases::Format;
use crate::runner::Limits;
use judge_oracle::checker::{self, Level};
use std::time::Duration;

/// The language class a judge's figures are given for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// C and C++, and any other compiled program (Rust, Pascal): the first of HDU's two figures.
    C,
    /// Java and the others (Python, ...): HDU's `(Java/Others)` figure.
    Other,
}

impl Lang {
    /// The class as judges name it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "C/C++",
            Lang::Other => "Java/Others",
        }
    }

    /// The `--lang` word that picks the class.
    pub fn switch(self) -> &'static str {
        match self {
            Lang::C => "--lang c++",
            Lang::Other => "--lang other",
        }
    }

    /// The other class.
    pub fn other(self) -> Lang {
        match self {
            Lang::C => Lang::Other,
            Lang::Other => Lang::C,
        }
    }

    /// `--lang WORD`: `c`, `c++`, `cpp` (and `rust`, compiled) are C/C++; `java`, `python`,
    /// `other` Java/Others.
    ///
    /// # Errors
    /// A word that is none of those.
    pub fn parse(word: &str) -> Result<Lang, String> {
        match word.to_ascii_lowercase().as_str() {
            "c" | "c++" | "cpp" | "cc" | "rust" => Ok(Lang::C),
            "java" | "python" | "python3" | "pypy" | "other" | "others" => Ok(Lang::Other),
            _ => Err(format!(
                "--lang: '{}' is not c++ or other (c, c++, cpp, rust: C/C++; java, python, other: Java/Others)",
                judge_oracle::escape(word.as_ref())
            )),
        }
    }

    /// The class of the program `command` runs with `sh -c`: Java/Others when its first word
    /// (past `exec`, `env` and `VAR=value` words) is an interpreter or a virtual machine, or a
    /// script by its extension; else C/C++ (a compiled program, `./a.out`).
    pub fn of_command(command: &str) -> Lang {
        const INTERPRETERS: [&str; 12] = [
            "python", "pypy", "java", "node", "nodejs", "ruby", "perl", "php", "kotlin", "scala", "lua", "bash",
        ];
        const SCRIPTS: [&str; 6] = [".py", ".js", ".rb", ".pl", ".php", ".jar"];
        let program = command
            .split_whitespace()
            .find(|word| !matches!(*word, "exec" | "env" | "time" | "nice") && !word.contains('='))
            .unwrap_or_default()
            .trim_matches(['\'', '"']);
        let name = program.rsplit('/').next().unwrap_or_default();
        let interpreted = INTERPRETERS.iter().any(|interpreter| {
            name.strip_prefix(interpreter)
                .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit() || c == '.'))
        }) || SCRIPTS.iter().any(|extension| name.ends_with(extension));
        if interpreted {
            Lang::Other
        } else {
            Lang::C
        }
    }
}

/// One judge's time and memory figures for one language class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The time limit, in ms.
    pub time_ms: u64,
    /// The memory limit, in MiB.
    pub memory_mb: u64,
}

/// How a judge compares an output with its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The puzzle's checker at the preset's level, with its presentation errors.
    Checker,
    /// Luogu's default comparison without a special judge: the whole text, spaces at the end of
    /// each line and newlines at the end of the file ignored; anything else that differs is a
    /// wrong answer (Luogu has no PE).
    TextIgnoringTrailingSpace,
}

/// One judge's rules for one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name `--judge` takes: `poj`, `hdu`, `zoj`, `uva`, `usaco`, `luogu` (any case).
    pub name: &'static str,
    /// The judge and problem, for messages: `POJ 1077`.
    pub judge: &'static str,
    /// The puzzle the problem is.
    pub puzzle: &'static str,
    /// eight: the layout of the judge's input.
    pub format: Option<Format>,
    /// The figures for C and C++ (for every language where the judge gives one pair).
    pub c: Figures,
    /// The figures for Java and the other languages, where the judge gives a second pair.
    pub other: Option<Figures>,
    /// The checker level the judge applies: every judge here special-judges eight, judges Colour
    /// Hash by its statement's rule and msquare by its one answer, which is the checker's
    /// default level for each puzzle.
    pub level: Level,
    /// How the judge compares the output.
    pub comparison: Comparison,
    /// The verdicts the judge gives, in its own words.
    pub verdicts: &'static str,
    /// USACO training: the program reads `<name>.in` and writes `<name>.out` in its folder.
    pub file_io: Option<&'static str>,
}

/// The verdicts of the judges with a presentation error.
const WITH_PE: &str = "AC, PE, WA, RE, TLE, MLE, OLE";

/// Every preset, as `--judge` lists them. UVa has two problems, eight (652) and Colour Hash (704):
/// the puzzle picks one.
pub const PRESETS: [Preset; 7] = [
    Preset {
        name: "poj",
        judge: "POJ 1077",
        puzzle: "eight",
        format: Some(Format::Poj),
        c: Figures {
            time_ms: 1000,
            memory_mb: 64,
        },
        other: None,
        level: Level::Judge,
        comparison: Comparison::Checker,
        verdicts: WITH_PE,
        file_io: None,
    },
    Preset {
        name: "hdu",
        judge: "HDU 1043",
        puzzle: "eight",
        format: Some(Format::Hdu),
        c: Figures {
            time_ms: 5000,
            memory_mb: 32,
        },
        other: Some(Figures {
            time_ms: 10000,
            memory_mb: 64,
        }),
        level: Level::Judge,
        comparison: Comparison::Checker,
        verdicts: WITH_PE,
        file_io: None,
    },
    Preset {
        name: "zoj",
        judge: "ZOJ 1217",
        puzzle: "eight",
        format: Some(Format::Poj),
        c: Figures {
            time_ms: 10000,
            memory_mb: 32,
        },
        other: None,
        level: Level::Judge,
        comparison: Comparison::Checker,
        verdicts: WITH_PE,
        file_io: None,
    },
    Preset {
        name: "uva",
        judge: "UVa 652",
        puzzle: "eight",
        format: Some(Format::Uva652),
        c: Figures {
            time_ms: 3000,
            memory_mb: 128,
        },
        other: None,
        level: Level::Judge,
        comparison: Comparison::Checker,
        verdicts: WITH_PE,
        file_io: None,
    },
    Preset {
        name: "uva",
        judge: "UVa 704",
        puzzle: "colour-hash",
        format: None,
        c: Figures {
            time_ms: 3000,
            memory_mb: 128,
        },
        other: None,
        level: Level::Judge,
        comparison: Comparison::Checker,
        verdicts: WITH_PE,
        file_io: None,
    },
    Preset {
        name: "usaco",
        judge: "USACO 3.2 (msquare)",
        puzzle: "msquare",
        format: None,
        c: Figures {
            time_ms: 1000,
            memory_mb: 16,
        },
        other: None,
        level: Level::Judge,
        comparison: Comparison::Checker,
        verdicts: WITH_PE,
        file_io: Some("msquare"),
    },
    Preset {
        name: "luogu",
        judge: "Luogu P2730",
        puzzle: "msquare",
        format: None,
        c: Figures {
            time_ms: 1000,
            memory_mb: 125,
        },
        other: None,
        level: Level::Judge,
        comparison: Comparison::TextIgnoringTrailingSpace,
        verdicts: "AC, WA, RE, TLE, MLE, OLE (no PE)",
        file_io: None,
    },
];

/// The names `--judge` takes, for messages.
pub const NAMES: &str = "poj, hdu, zoj, uva, usaco, luogu";

/// The preset `name` (in any case: `POJ` is `poj`) for `puzzle`.
///
/// # Errors
/// An unknown name, or a judge that does not have the puzzle (naming the judges that do).
pub fn preset(name: &str, puzzle: &str) -> Result<&'static Preset, String> {
    let lower = name.to_ascii_lowercase();
    if !PRESETS.iter().any(|preset| preset.name == lower) {
        return Err(format!(
            "--judge: unknown judge '{}' ({NAMES})",
            judge_oracle::escape(name.as_ref())
        ));
    }
    PRESETS
        .iter()
        .find(|preset| preset.name == lower && preset.puzzle == puzzle)
        .ok_or_else(|| {
            let judges: Vec<&str> = PRESETS
                .iter()
                .filter(|preset| preset.puzzle == puzzle)
                .map(|preset| preset.name)
                .collect();
            format!(
                "--judge {lower}: that judge has no {puzzle} problem ({puzzle}'s judges: {})",
                judges.join(", ")
            )
        })
}

impl Preset {
    /// The figures this judge states for `lang`.
    pub fn figures(&self, lang: Lang) -> Figures {
        match lang {
            Lang::Other => self.other.unwrap_or(self.c),
            Lang::C => self.c,
        }
    }

    /// The limits this judge states for `lang`: the time and the memory in bytes.
    pub fn limits(&self, lang: Lang) -> (Duration, u64) {
        let figures = self.figures(lang);
        (Duration::from_millis(figures.time_ms), figures.memory_mb << 20)
    }
}

/// The limits a run is under and where each came from: a preset's figures for a language class,
/// or a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `--judge NAME`'s preset, if one was given.
    pub preset: Option<&'static Preset>,
    /// The language class the preset's figures were taken for.
    pub lang: Lang,
    /// Whether the class was not read from `--command`: `--lang` named it, or there is no
    /// command (the workspace's own binary, compiled).
    pub lang_given: bool,
    /// Whether `--time-limit` set the time limit (else the preset's figure or the default).
    pub time_given: bool,
    /// Whether `--memory-limit` set the memory limit.
    pub memory_given: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            preset: None,
            lang: Lang::C,
            lang_given: false,
            time_given: false,
            memory_given: false,
        }
    }
}

/// Which limit a note is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The time limit.
    Time,
    /// The memory limit.
    Memory,
}

impl Rules {
    /// What a TLE or MLE line says about its limit under a preset, after `limit N ms` or `limit
    /// N MB`: whose figure it is, for which language class, and the switch that gives the other
    /// class's (`HDU 1043's figure for C/C++; --lang other gives its Java/Others figure, 64 MB`),
    /// or that a switch set it instead. `None` without a preset: the limit is the user's own, and
    /// the summary says it is no judge's.
    pub fn limit_note(&self, limit: Limit) -> Option<String> {
        let preset = self.preset?;
        let given = match limit {
            Limit::Time => self.time_given,
            Limit::Memory => self.memory_given,
        };
        let shown = |figures: Figures| match limit {
            Limit::Time => format!("{} ms", figures.time_ms),
            Limit::Memory => format!("{} MB", figures.memory_mb),
        };
        let switch = match limit {
            Limit::Time => "--time-limit",
            Limit::Memory => "--memory-limit",
        };
        Some(if given {
            format!(
                "{switch}'s, not {}'s {} for {}",
                preset.judge,
                shown(preset.figures(self.lang)),
                self.lang.name()
            )
        } else if preset.other.is_some() {
            let other = self.lang.other();
            format!(
                "{}'s figure for {}{}; {} gives its {} figure, {}",
                preset.judge,
                self.lang.name(),
                if self.lang_given { "" } else { ", read from --command" },
                other.switch(),
                other.name(),
                shown(preset.figures(other))
            )
        } else {
            format!("{}'s figure, the same for every language", preset.judge)
        })
    }
}

/// The summary line about the limits: a preset's when they are its own (for the language class
/// used, naming the other class's where the judge gives two), else that they are not any judge's.
pub fn limits_line(rules: &Rules, limits: &Limits) -> String {
    let time = limits
        .time
        .map_or("no time limit".to_string(), |time| format!("{} ms", time.as_millis()));
    let memory = limits
        .memory
        .map_or("no memory limit".to_string(), |memory| format!("{} MB", memory >> 20));
    match rules.preset {
        Some(preset)
            if preset.limits(rules.lang) == (limits.time.unwrap_or_default(), limits.memory.unwrap_or_default()) =>
        {
            let (class, other) = match preset.other {
                Some(_) => {
                    let other = rules.lang.other();
                    let figures = preset.figures(other);
                    (
                        format!(" for {}", rules.lang.name()),
                        format!(
                            "; {} gives {} ms, {} MB, its {} figures",
                            other.switch(),
                            figures.time_ms,
                            figures.memory_mb,
                            other.name()
                        ),
                    )
                }
                None => (String::new(), String::new()),
            };
            format!(
                "limits: {time}, {memory}, as {} states them{class} (--judge {}{other})",
                preset.judge, preset.name
            )
        }
        _ => format!("limits: {time}, {memory}: not any judge's (--judge {NAMES} sets one's)"),
    }
}

/// An output as Luogu's default comparison reads it: each line without the spaces (and tabs and
/// carriage returns) at its end, and without the empty lines at the end of the file.
fn luogu_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&byte| byte == b'\n')
        .map(|line| {
            let end = line
                .iter()
                .rposition(|byte| !matches!(byte, b' ' | b'\t' | b'\r'))
                .map_or(0, |at| at + 1);
            &line[..end]
        })
        .collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// Luogu's default comparison of `output` with the jury's `answer`: `None` when they are the same
/// text once the spaces at line ends and the newlines at the end are ignored, else the wrong
/// answer's message naming the first line that differs (`line 1: "07" where the answer has "7"`).
///
/// # Complexity
/// O(output + answer).
pub fn luogu_difference(answer: &[u8], output: &[u8]) -> Option<String> {
    let (expected, given) = (luogu_lines(answer), luogu_lines(output));
    let shown = |line: &[u8]| {
        let text: String = String::from_utf8_lossy(line).chars().take(64).collect();
        format!("\"{}\"", text.escape_debug())
    };
    let at = (0..expected.len().max(given.len())).find(|&at| expected.get(at) != given.get(at))?;
    let what = match (given.get(at), expected.get(at)) {
        (Some(line), Some(want)) => format!("{} where the answer has {}", shown(line), shown(want)),
        (None, Some(want)) => format!("the output ends where the answer has {}", shown(want)),
        (Some(line), None) => format!("{} after the answer's last line", shown(line)),
        (None, None) => unreachable!("a line differs"),
    };
    Some(format!(
        "wrong answer line {}: {what} (Luogu compares the text, ignoring only spaces at line ends and newlines at the end)",
        at + 1
    ))
}

/// `output` judged as `comparison` judges it: the puzzle's checker at `level`, or Luogu's text
/// comparison, which knows no PE: the output is read as Luogu reads it (spaces at line ends and
/// newlines at the end dropped) and checked; what the checker calls a presentation error there is
/// a wrong answer, and an output the checker accepts must also be the jury's `answer`'s text
/// (`07` is not `7`), when the answer is known.
///
/// # Complexity
/// One check, and O(output + answer) for Luogu's text.
pub fn judge_output(
    puzzle: &str,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
    level: Level,
    comparison: Comparison,
) -> checker::Verdict {
    if comparison == Comparison::Checker {
        return checker::check_at(puzzle, input, output, answer, level);
    }
    let mut read: Vec<u8> = luogu_lines(output).join(&b"\n"[..]);
    if !read.is_empty() {
        read.push(b'\n');
    }
    match checker::check_at(puzzle, input, &read[..], answer, level) {
        checker::Verdict::PresentationError(why) => {
            checker::Verdict::WrongAnswer(format!("{why} (a wrong answer on Luogu, which has no PE)"))
        }
        checker::Verdict::Ok(ok) => match answer.and_then(|answer| luogu_difference(answer, output)) {
            Some(difference) => checker::Verdict::WrongAnswer(
                difference
                    .strip_prefix("wrong answer ")
                    .unwrap_or(&difference)
                    .to_string(),
            ),
            None => checker::Verdict::Ok(ok),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_judge_has_its_puzzles_in_any_case() {
        assert_eq!(preset("uva", "colour-hash").unwrap().judge, "UVa 704");
        assert_eq!(preset("UVa", "eight").unwrap().format, Some(Format::Uva652));
        assert_eq!(preset("POJ", "eight").unwrap().judge, "POJ 1077");
        assert_eq!(
            preset("poj", "eight").unwrap().limits(Lang::C).0,
            Duration::from_millis(1000)
        );
        assert_eq!(
            preset("poj", "msquare").unwrap_err(),
            "--judge poj: that judge has no msquare problem (msquare's judges: usaco, luogu)"
        );
        assert!(preset("codeforces", "eight").unwrap_err().contains("unknown judge"));
    }

    #[test]
    fn hdu_gives_java_and_others_their_own_figures() {
        let hdu = preset("hdu", "eight").unwrap();
        assert_eq!(hdu.limits(Lang::C), (Duration::from_millis(5000), 32 << 20));
        assert_eq!(hdu.limits(Lang::Other), (Duration::from_millis(10000), 64 << 20));
        let poj = preset("poj", "eight").unwrap();
        assert_eq!(poj.limits(Lang::Other), poj.limits(Lang::C));
        let rules = Rules {
            preset: Some(hdu),
            ..Rules::default()
        };
        assert_eq!(
            rules.limit_note(Limit::Memory).unwrap(),
            "HDU 1043's figure for C/C++, read from --command; --lang other gives its Java/Others figure, 64 MB"
        );
        assert_eq!(Rules::default().limit_note(Limit::Time), None);
        let (time, memory) = hdu.limits(Lang::C);
        let own = Limits {
            time: Some(time),
            memory: Some(memory),
            ..Limits::default()
        };
        assert_eq!(
            limits_line(&rules, &own),
            "limits: 5000 ms, 32 MB, as HDU 1043 states them for C/C++ (--judge hdu; --lang other gives 10000 ms, 64 MB, its Java/Others figures)"
        );
        let other = Limits {
            time: Some(Duration::from_secs(10)),
            ..Limits::default()
        };
        assert!(limits_line(&rules, &other).contains("not any judge's"));
        assert!(
            limits_line(&Rules::default(), &other).starts_with("limits: 10000 ms, no memory limit: not any judge's")
        );
    }

    #[test]
    fn the_language_class_is_read_from_the_command() {
        for command in [
            "python3 mine.py",
            "'/usr/bin/python3.11' -S x.py",
            "java Main",
            "pypy3 a.py",
            "./solve.py",
            "env A=1 node a.js",
        ] {
            assert_eq!(Lang::of_command(command), Lang::Other, "{command}");
        }
        for command in [
            "./a.out",
            "target/release/eight",
            "./python_solver",
            "exec ./mine < /dev/stdin",
        ] {
            assert_eq!(Lang::of_command(command), Lang::C, "{command}");
        }
        assert_eq!(Lang::parse("Python"), Ok(Lang::Other));
        assert_eq!(Lang::parse("C++"), Ok(Lang::C));
        assert!(Lang::parse("cobol").is_err());
    }

    #[test]
    fn luogu_ignores_trailing_spaces_and_final_newlines_and_nothing_else() {
        let answer = b"7\nBCABCCB\n";
        for same in [
            &b"7 \nBCABCCB  \n"[..],
            b"7\nBCABCCB",
            b"7\nBCABCCB\n\n\n",
            b"7\r\nBCABCCB\r\n",
        ] {
            assert_eq!(luogu_difference(answer, same), None, "{same:?}");
        }
        assert_eq!(
            luogu_difference(answer, b"07\nBCABCCB\n").unwrap(),
            "wrong answer line 1: \"07\" where the answer has \"7\" (Luogu compares the text, ignoring only spaces at line ends and newlines at the end)"
        );
        assert!(luogu_difference(answer, b"7\n\nBCABCCB\n")
            .unwrap()
            .starts_with("wrong answer line 2: \"\""));
        assert!(luogu_difference(answer, b" 7\nBCABCCB\n").is_some());
        assert!(luogu_difference(answer, b"7\n").unwrap().contains("the output ends"));
    }
}
