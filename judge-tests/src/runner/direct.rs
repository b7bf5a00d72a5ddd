//! Runs one of the workspace's own programs directly, with no supervisor: what the tests of the
//! puzzle binaries and bundles use (`tests/binaries`, `tests/judged`), where the program under
//! test is this workspace's own and the question is only what it answers.
//!
//! [`run_in`](super::run_in) confines every run (namespaces, a cgroup, a uid of its own, three
//! execs of `peak-rss`) so that a user's program cannot cheat its limits; that costs several
//! times what a short run of a puzzle binary costs, over the thousands of such runs a test run
//! makes. Here the program is started as a child of its own process group, with the same stdin
//! as there (the input as a sealed memfd, a regular file: [`super::input_file`]), its stdout kept
//! up to [`MAX_CAPTURE`] and stderr's last [`MAX_STDERR`] bytes, and killed with its group at
//! the wall clock's [`wall_limit`] of its time limit. Nothing is measured: the [`Run`] has no CPU
//! time and no peak memory. The confined runner's own promises are `tests/judge`'s to prove.
//!
//! The group is killed by its number, which is the program's process id: a number the kernel
//! gives to the next process once the program is reaped and its group is empty. So the program
//! is reaped only after the last kill this run can make (the wall limit's, and the output
//! limit's from the stdout thread, which may still be reading when the program has ended): until
//! then it is at worst a zombie, which keeps its number, and a kill can only reach its own group.
//! Reaped earlier, a late kill could land on another run's group that drew the same number
//! (process ids wrap at `pid_max`, 32,768 on many machines, within one test run's spawns).
//!
//! Cost: three threads (stdout, stderr, the wait) per run; no polling.

use super::{input_file, wall_limit, Run, MAX_CAPTURE, MAX_STDERR};
use nix::sys::signal::{killpg, Signal};
use nix::sys::wait::{waitid, Id, WaitPidFlag};
use nix::unistd::Pid;
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

/// Reads `pipe` to its end, keeping the first `limit` bytes; past them, sets `overflow` and
/// kills `group` (what it writes after is read and dropped, so it never blocks on a full pipe).
fn keep_first(mut pipe: impl Read, limit: usize, group: Pid, overflow: &AtomicBool) -> io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    (&mut pipe).take(limit as u64).read_to_end(&mut kept)?;
    let mut rest = [0u8; 1 << 16];
    loop {
        match pipe.read(&mut rest) {
            Ok(0) => return Ok(kept),
            Ok(_) => {
                if !overflow.swap(true, Ordering::SeqCst) {
                    let _ = killpg(group, Signal::SIGKILL);
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
}

/// Reads `pipe` to its end, keeping its last `limit` bytes (the cause of a crash is at the end).
fn keep_last(mut pipe: impl Read, limit: usize) -> io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    let mut buffer = [0u8; 1 << 16];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => {
                kept.extend_from_slice(&buffer[..read]);
                // Amortised: drop the front only once twice the limit is held.
                if kept.len() > 2 * limit {
                    kept.drain(..kept.len() - limit);
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    if kept.len() > limit {
        kept.drain(..kept.len() - limit);
    }
    Ok(kept)
}

/// Runs `command` on `input`, directly (module docs), killing its process group once the wall
/// clock passes [`wall_limit`]`(limit)`: the same window a confined run gives a program that
/// computes, so a test that passes one way passes the other on a busy machine.
///
/// # Errors
/// If the program cannot be started (the [`io::Error`] of [`Command::spawn`]) or its pipes
/// cannot be read.
pub fn run(command: &mut Command, input: &[u8], limit: Option<Duration>) -> io::Result<Run> {
    let start = Instant::now();
    let mut child = command
        .stdin(Stdio::from(input_file(input)?))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = Pid::from_raw(child.id() as i32);
    let overflow = Arc::new(AtomicBool::new(false));
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let out_overflow = Arc::clone(&overflow);
    let out = thread::spawn(move || keep_first(stdout, MAX_CAPTURE, group, &out_overflow));
    let err = thread::spawn(move || keep_last(stderr, MAX_STDERR));
    let (ended, exited) = mpsc::channel();
    // Waits for the end without reaping (`WNOWAIT`): the program stays a zombie, its process id
    // (its group's number) held, until `child.wait()` below (module docs).
    let waiter = thread::spawn(move || loop {
        match waitid(Id::Pid(group), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT) {
            Err(nix::errno::Errno::EINTR) => continue,
            ended_or_failed => {
                let _ = ended.send(());
                return ended_or_failed.map(drop).map_err(io::Error::from);
            }
        }
    });
    let timed_out = match limit {
        Some(limit) => match exited.recv_timeout(wall_limit(limit)) {
            Ok(()) => false,
            Err(_) => {
                let _ = killpg(group, Signal::SIGKILL);
                true
            }
        },
        None => {
            let _ = exited.recv();
            false
        }
    };
    waiter
        .join()
        .map_err(|_| io::Error::new(io::ErrorKind::Other, "the waiting thread panicked"))??;
    let elapsed = start.elapsed();
    // A program killed at its limit may have left a process holding its pipes: its group went
    // with it, so they close.
    let stdout = out
        .join()
        .map_err(|_| io::Error::new(io::ErrorKind::Other, "the stdout thread panicked"))??;
    let stderr = err
        .join()
        .map_err(|_| io::Error::new(io::ErrorKind::Other, "the stderr thread panicked"))??;
    // Every kill is made: only now may the program's process id go back to the kernel.
    let status = child.wait()?;
    let output_limit_exceeded = overflow.load(Ordering::SeqCst);
    let stopped = timed_out || output_limit_exceeded;
    Ok(Run {
        stdout,
        stderr,
        code: if stopped { None } else { status.code() },
        signal: status.signal(),
        elapsed,
        timed_out,
        output_limit_exceeded,
        ..Run::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_exit_codes_and_signals_as_the_program_gave_them() {
        let done = run(Command::new("cat").arg("-"), b"hello\n", None).unwrap();
        assert_eq!((done.stdout.as_slice(), done.code), (&b"hello\n"[..], Some(0)));
        let failed = run(Command::new("sh").args(["-c", "echo oops >&2; exit 3"]), b"", None).unwrap();
        assert_eq!((failed.stderr.as_slice(), failed.code), (&b"oops\n"[..], Some(3)));
        let killed = run(Command::new("sh").args(["-c", "kill -SEGV $$"]), b"", None).unwrap();
        assert_eq!((killed.code, killed.signal), (None, Some(11)));
    }

    #[test]
    fn stdin_is_a_regular_file() {
        // `test -f /dev/stdin` holds for a regular file, not for a pipe.
        let done = run(
            Command::new("sh").args(["-c", "test -f /dev/stdin && wc -c"]),
            b"12345",
            None,
        )
        .unwrap();
        assert_eq!((done.stdout.as_slice(), done.code), (&b"5\n"[..], Some(0)));
    }

    #[test]
    fn a_program_past_its_wall_limit_is_killed_with_its_group() {
        // The grandchild holds the pipes: the run still ends, as the group is killed.
        let slow = run(
            Command::new("sh").args(["-c", "sleep 300 & sleep 300; echo late"]),
            b"",
            Some(Duration::from_millis(1)),
        )
        .unwrap();
        assert!(
            slow.timed_out && slow.code.is_none() && slow.stdout.is_empty(),
            "{slow:?}"
        );
    }

    #[test]
    fn endless_output_is_cut_at_the_capture_limit() {
        let endless = run(&mut Command::new("yes"), b"", None).unwrap();
        assert!(endless.output_limit_exceeded && endless.code.is_none());
        assert_eq!(endless.stdout.len(), MAX_CAPTURE);
    }
}
