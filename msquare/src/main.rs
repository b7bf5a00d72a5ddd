//! `msquare`: the smallest shortest A/B/C sequence to a target board. The crate docs explain the puzzle and the method.
fn main() -> std::process::ExitCode {
    common::cli::main(msquare::PROGRAM, msquare::main_with)
}
