//! The standard streams as the binaries use them: every failure seen, a busy descriptor waited
//! for, and stdout written in whole lines.
//!
//! std's own `Stdin` and `Stdout` are not enough for the error contract ([`super::cli`]):
//! - They take a bad descriptor (`EBADF`) for success: a stdout open read-only
//!   (`prog 1</dev/null`) loses every answer with status 0, a write-only stdin reads as empty.
//!   Here stdin and stdout are duplicates of descriptors 0 and 1, plain [`File`]s, whose errors
//!   are all reported.
//! - A descriptor set non-blocking (a pipe shared with a slow reader) makes them fail with
//!   `WouldBlock` as soon as the pipe is full or empty. [`Patient`] waits and tries again: std
//!   has no `poll`, and the workspace has no `unsafe`, so it sleeps, from [`FIRST_PAUSE`]
//!   doubling up to [`LONGEST_PAUSE`], which keeps a busy pipe moving without spinning a core.
//! - Before `main`, Rust's runtime puts `/dev/null`, opened read-write, in place of a closed
//!   descriptor 0, 1 or 2. A closed stdin (`prog <&-`) would read as empty input; [`Stdin`]
//!   tells it by those traits on Linux and refuses to read it. (A stdin that someone opened
//!   read-write on `/dev/null` cannot be told apart and is refused too; a shell's `</dev/null`
//!   opens it read-only and reads as empty input.)
//! - When the system takes only part of a write (a file-size limit, a full disk), the output
//!   would end inside a line. [`WholeLines`] writes in chunks that end at a line end and, on a
//!   regular file, takes a partial line back ([`Retract`]), so what a refused write loses is
//!   whole lines.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, ErrorKind, Read, Seek, SeekFrom, Write};
#[cfg(target_os = "linux")]
use std::path::Path;
use std::rc::Rc;
use std::thread;
use std::time::Duration;

/// The first pause after a descriptor said it would block: short, since a pipe's reader usually
/// frees room within microseconds.
pub const FIRST_PAUSE: Duration = Duration::from_micros(50);

/// The longest pause between tries: long enough that a stalled reader costs no CPU to speak of,
/// short enough that the program goes on soon after the descriptor is ready.
pub const LONGEST_PAUSE: Duration = Duration::from_millis(4);

/// Bytes [`WholeLines`] gathers before it writes the complete lines among them.
pub const OUTPUT_CHUNK: usize = 8 * 1024;

/// A partial write that ended inside a line was taken back this many times in a row without a
/// whole line getting through: the sink has no room left for one, so writing stops.
const STALLS: u32 = 2;

/// Runs `attempt` until it does not fail with [`ErrorKind::WouldBlock`] or
/// [`ErrorKind::Interrupted`], pausing between tries after a `WouldBlock`.
fn waiting<T>(mut attempt: impl FnMut() -> io::Result<T>) -> io::Result<T> {
    let mut pause = FIRST_PAUSE;
    loop {
        match attempt() {
            Err(error) if error.kind() == ErrorKind::Interrupted => {}
            Err(error) if error.kind() == ErrorKind::WouldBlock => {
                thread::sleep(pause);
                pause = (pause * 2).min(LONGEST_PAUSE);
            }
            outcome => return outcome,
        }
    }
}

/// The same error again, for a stream that reports its first failure at every later call.
fn again(error: &io::Error) -> io::Error {
    match error.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(error.kind(), error.to_string()),
    }
}

/// A reader or writer that waits for a non-blocking descriptor instead of failing with
/// [`ErrorKind::WouldBlock`], and retries an interrupted call. Over a blocking descriptor it
/// changes nothing.
#[derive(Debug)]
pub struct Patient<T> {
    inner: T,
}

impl<T> Patient<T> {
    /// Wraps `inner`.
    pub fn new(inner: T) -> Self {
        Patient { inner }
    }

    /// The wrapped stream.
    pub fn get_ref(&self) -> &T {
        &self.inner
    }
}

impl<T: Read> Read for Patient<T> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let inner = &mut self.inner;
        waiting(|| inner.read(buf))
    }
}

impl<T: Write> Write for Patient<T> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let inner = &mut self.inner;
        waiting(|| inner.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        let inner = &mut self.inner;
        waiting(|| inner.flush())
    }
}

/// A sink that can take back the end of what it was given, after a write it took only part of.
pub trait Retract: Write {
    /// Removes the last `bytes` bytes written, so that the next write goes where they began.
    /// `Ok(false)` when the sink cannot (a pipe or a terminal: the bytes are gone); an error
    /// when what stopped the write stops the next one too (a file-size limit: `EFBIG`, a full
    /// disk: `ENOSPC`), after the bytes are removed.
    ///
    /// # Errors
    /// As said, or if removing them fails.
    fn retract(&mut self, bytes: u64) -> io::Result<bool>;
}

impl Retract for File {
    /// On a regular file: cuts the file back by `bytes` with `set_len`, then asks the system with
    /// a one-byte write at the point the short write stopped whether it still refuses there.
    /// Under a file-size limit it does, and writes nothing (a write at or past the limit is
    /// refused whole): the process gets `SIGXFSZ`, which kills it unless ignored, in which case
    /// the write fails with `EFBIG`; either way the file ends where the last whole line did.
    /// When the short write had another cause and the byte is taken, it is cut off again.
    fn retract(&mut self, bytes: u64) -> io::Result<bool> {
        if !self.metadata()?.is_file() {
            return Ok(false);
        }
        let stopped = self.stream_position()?;
        let kept = stopped.saturating_sub(bytes);
        self.set_len(kept)?;
        self.seek(SeekFrom::Start(stopped))?;
        let probe = self.write(b"\n");
        self.set_len(kept)?;
        self.seek(SeekFrom::Start(kept))?;
        probe.map(|_| true)
    }
}

impl<T: Retract> Retract for Patient<T> {
    fn retract(&mut self, bytes: u64) -> io::Result<bool> {
        self.inner.retract(bytes)
    }
}

/// Writes `chunk`, which ends at a line end, to `sink`, so that a write the sink takes only part
/// of loses whole lines: the partial line is taken back when the sink can ([`Retract`]), and
/// what follows the last whole line that got through is written again.
fn write_lines<W: Retract>(sink: &mut W, chunk: &[u8]) -> io::Result<()> {
    let mut rest = chunk;
    let mut stalls = 0;
    while !rest.is_empty() {
        let taken = sink.write(rest)?;
        if taken == 0 {
            return Err(io::Error::new(ErrorKind::WriteZero, "stdout took no more bytes"));
        }
        if taken == rest.len() {
            break;
        }
        let whole = rest[..taken]
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |line_end| line_end + 1);
        if whole == taken || !sink.retract((taken - whole) as u64)? {
            rest = &rest[taken..];
            continue;
        }
        rest = &rest[whole..];
        stalls = if whole == 0 { stalls + 1 } else { 0 };
        if stalls == STALLS {
            return Err(io::Error::new(
                ErrorKind::WriteZero,
                "stdout took only part of a line (a file-size limit or a full disk?); that part was removed",
            ));
        }
    }
    Ok(())
}

/// A writer that hands its sink whole lines: it gathers up to [`OUTPUT_CHUNK`] bytes and writes
/// those up to the last line end among them (all of them when one line is longer), through
/// `write_lines`, so that a write the system takes only in part loses whole lines. A larger
/// write that finds the buffer empty goes straight to the sink up to its last line end. Its first
/// failure is reported again by every later call, so an error met while a caller's buffer was
/// flushed on drop (and ignored there) still reaches the final [`Write::flush`].
///
/// It writes when full and when flushed; dropping it writes nothing, so flush it.
#[derive(Debug)]
pub struct WholeLines<W: Retract> {
    sink: W,
    pending: Vec<u8>,
    failed: Option<io::Error>,
}

impl<W: Retract> WholeLines<W> {
    /// Wraps `sink`.
    ///
    /// # Complexity
    /// O(1), plus the [`OUTPUT_CHUNK`]-byte buffer.
    pub fn new(sink: W) -> Self {
        WholeLines {
            sink,
            pending: Vec::with_capacity(OUTPUT_CHUNK),
            failed: None,
        }
    }

    /// The sink.
    pub fn get_ref(&self) -> &W {
        &self.sink
    }

    /// Writes the first `end` pending bytes and drops them from the buffer.
    fn send(&mut self, end: usize) -> io::Result<()> {
        let sent = write_lines(&mut self.sink, &self.pending[..end]);
        self.pending.drain(..end);
        self.noted(sent)
    }

    /// `sent`, its error kept to be reported again.
    fn noted(&mut self, sent: io::Result<()>) -> io::Result<()> {
        if let Err(error) = &sent {
            self.failed = Some(again(error));
        }
        sent
    }

    fn check(&self) -> io::Result<()> {
        match &self.failed {
            Some(error) => Err(again(error)),
            None => Ok(()),
        }
    }
}

impl<W: Retract> Write for WholeLines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        if self.pending.is_empty() && buf.len() >= OUTPUT_CHUNK {
            // A caller that gathers whole lines itself: they go as they are, without a copy.
            if let Some(line_end) = buf.iter().rposition(|&byte| byte == b'\n') {
                let sent = write_lines(&mut self.sink, &buf[..=line_end]);
                return self.noted(sent).map(|()| line_end + 1);
            }
        }
        if self.pending.len() == OUTPUT_CHUNK {
            let end = self
                .pending
                .iter()
                .rposition(|&byte| byte == b'\n')
                .map_or(OUTPUT_CHUNK, |line_end| line_end + 1);
            self.send(end)?;
        }
        let taken = buf.len().min(OUTPUT_CHUNK - self.pending.len());
        self.pending.extend_from_slice(&buf[..taken]);
        Ok(taken)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()?;
        self.send(self.pending.len())?;
        self.sink.flush()
    }
}

/// Descriptor `stream` of this process as a [`File`] of its own (a duplicate), whose reads and
/// writes report every error.
#[cfg(unix)]
fn duplicate(stream: &impl std::os::fd::AsFd) -> io::Result<File> {
    Ok(File::from(stream.as_fd().try_clone_to_owned()?))
}

/// Handle `stream` of this process as a [`File`] of its own (a duplicate), whose reads and
/// writes report every error.
#[cfg(windows)]
fn duplicate(stream: &impl std::os::windows::io::AsHandle) -> io::Result<File> {
    Ok(File::from(stream.as_handle().try_clone_to_owned()?))
}

/// Where a process has no descriptors to duplicate (wasm32-unknown-unknown, which the study page
/// builds the crates for and which calls `run` on its own buffers, never this).
#[cfg(not(any(unix, windows)))]
fn duplicate<T>(_: &T) -> io::Result<File> {
    Err(io::Error::new(
        ErrorKind::Unsupported,
        "this platform has no standard streams",
    ))
}

/// The process's stdout as the binaries write it: whole lines ([`WholeLines`]), waiting for a
/// busy descriptor, every error reported. Like std's `Stdout` it is a handle: its clones write
/// to the one buffer, so [`super::cli::main`] can hand one to the program and flush the buffer
/// itself when the program is done with it.
#[derive(Clone, Debug)]
pub struct Stdout {
    shared: Rc<RefCell<WholeLines<Patient<File>>>>,
}

/// Opens the process's stdout as [`Stdout`].
///
/// # Errors
/// If descriptor 1 cannot be duplicated (it is closed, on systems whose runtime leaves it so).
///
/// # Complexity
/// A system call, plus the buffer.
pub fn stdout() -> io::Result<Stdout> {
    Ok(Stdout::over(duplicate(&io::stdout())?))
}

impl Stdout {
    /// A [`Stdout`] that writes to `file` (stdout's duplicate in [`stdout`]; any file in tests).
    ///
    /// # Complexity
    /// O(1), plus the [`OUTPUT_CHUNK`]-byte buffer.
    pub fn over(file: File) -> Stdout {
        let lines = WholeLines::new(Patient::new(file));
        Stdout {
            shared: Rc::new(RefCell::new(lines)),
        }
    }
}

/// Out of line: callers write whole buffers at a time, and a hot loop that ends in a write
/// should not carry this code.
impl Write for Stdout {
    #[inline(never)]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.shared.borrow_mut().write(buf)
    }

    #[inline(never)]
    fn flush(&mut self) -> io::Result<()> {
        self.shared.borrow_mut().flush()
    }
}

/// Whether descriptor 0 is what Rust's runtime puts in place of a closed one: `/dev/null`
/// opened read-write (flags `O_RDWR` in `/proc/self/fdinfo/0`). Without `/proc`, `false`.
#[cfg(target_os = "linux")]
fn stdin_was_closed() -> bool {
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    let null = std::fs::read_link("/proc/self/fd/0").is_ok_and(|target| target == Path::new("/dev/null"));
    null && std::fs::read_to_string("/proc/self/fdinfo/0").is_ok_and(|info| {
        let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
        flags
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
    })
}

/// Elsewhere a closed stdin is not told from an empty one.
#[cfg(not(target_os = "linux"))]
fn stdin_was_closed() -> bool {
    false
}

/// The process's stdin as the binaries read it: buffered as std's is, waiting for a busy
/// descriptor, every error reported; a closed stdin fails at the first read.
#[derive(Debug)]
pub struct Stdin {
    reader: Result<BufReader<Patient<File>>, io::Error>,
}

/// Opens the process's stdin as [`Stdin`]. It reads nothing yet, so a run that reads no input
/// (`--stats`, `--help`) does not mind a closed one.
///
/// # Complexity
/// A few system calls.
pub fn stdin() -> Stdin {
    let reader = if stdin_was_closed() {
        Err(io::Error::new(ErrorKind::Other, "stdin is closed"))
    } else {
        duplicate(&io::stdin()).map(|file| BufReader::new(Patient::new(file)))
    };
    Stdin { reader }
}

impl Read for Stdin {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match &mut self.reader {
            Ok(reader) => reader.read(buf),
            Err(error) => Err(again(error)),
        }
    }
}

impl BufRead for Stdin {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match &mut self.reader {
            Ok(reader) => reader.fill_buf(),
            Err(error) => Err(again(error)),
        }
    }

    fn consume(&mut self, amount: usize) {
        if let Ok(reader) = &mut self.reader {
            reader.consume(amount);
        }
    }
}

#[cfg(test)]
mod tests;
