//! `memory-hog MB`: allocates MB mebibytes, touches every page, and prints `MB` on success; a
//! program with a known appetite for the tests of `judge run --memory-limit`.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let arg = std::env::args_os().nth(1).unwrap_or_default();
    let Some(mb) = arg.to_str().and_then(|text| text.parse::<usize>().ok()) else {
        let _ = std::io::stderr().write_all(b"usage: memory-hog MB\n");
        return ExitCode::from(2);
    };
    // Filled with a non-zero byte so every page is really resident, not a shared zero page.
    let hog = vec![1u8; mb << 20];
    let touched: usize = hog.iter().step_by(4096).map(|&byte| usize::from(byte)).sum();
    match writeln!(std::io::stdout(), "{}", (touched * 4096) >> 20) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
