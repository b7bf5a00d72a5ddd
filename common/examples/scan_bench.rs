//! Reads stdin through `common::scan` and prints a checksum: `bytes` pulls one non-whitespace
//! byte at a time (as eight reads tiles), `tokens` whole tokens. For instruction counts:
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/scan_bench bytes < input`.

use common::scan::Scanner;
use std::io;

fn main() -> io::Result<()> {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let mut scanner = Scanner::new(io::stdin().lock());
    let (mut count, mut sum) = (0u64, 0u64);
    if mode == "boards" {
        let mut board = [0u8; 9];
        while scanner.next_bytes(&mut board)? == 9 {
            count += 9;
            sum += board.iter().map(|&byte| u64::from(byte)).sum::<u64>();
        }
    } else if mode == "integers" {
        while let Some(number) = scanner.next_integer()? {
            count += 1;
            sum = sum.wrapping_add(number.value().unwrap_or(0) as u64);
        }
    } else if mode == "tokens" {
        while let Some(token) = scanner.next_token()? {
            count += 1;
            sum += token.len() as u64 + token.position().column as u64;
        }
    } else {
        while let Some((byte, at)) = scanner.next_byte()? {
            count += 1;
            sum += u64::from(byte) + at.column as u64;
        }
    }
    println!("{count} {sum} {}", scanner.position().line);
    Ok(())
}
