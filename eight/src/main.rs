//! `eight`: the 8-puzzle's shortest answers, smallest in u<l<d<r order. The crate docs explain the puzzle and the method.
fn main() -> std::process::ExitCode {
    common::cli::main(eight::PROGRAM, eight::main_with)
}
