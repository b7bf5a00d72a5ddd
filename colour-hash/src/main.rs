//! `colour-hash`: UVa 704, the smallest-number shortest way back to the goal. The crate docs explain the puzzle and the method.
fn main() -> std::process::ExitCode {
    common::cli::main(colour_hash::PROGRAM, colour_hash::main_with)
}
