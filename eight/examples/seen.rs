//! One plain breadth-first search of Eight's whole space with one of the three "seen" sets of
//! [`eight::seen`], named on stdin (`BTreeSet`, `HashSet` or `Cantor`), as `make bench` runs it:
//! prints the layer sizes, one line.
//!
//! ```sh
//! echo Cantor | cargo run --release -p eight --example seen
//! ```

use std::io::Read;
use std::process::ExitCode;

use eight::seen::Seen;

fn main() -> ExitCode {
    let mut name = String::new();
    if std::io::stdin().read_to_string(&mut name).is_err() {
        eprintln!("seen: error: cannot read stdin");
        return ExitCode::FAILURE;
    }
    let Some(seen) = Seen::from_name(name.trim()) else {
        eprintln!("seen: error: {:?} is not BTreeSet, HashSet or Cantor", name.trim());
        return ExitCode::FAILURE;
    };
    let layers: Vec<String> = seen.layer_sizes().iter().map(usize::to_string).collect();
    println!("{}", layers.join(" "));
    ExitCode::SUCCESS
}
