//! The wrappers against streams that block, take part of a write, or fail.

use super::*;

/// A stream that says `WouldBlock` and then `Interrupted` before every fourth call it serves,
/// and reads or writes at most `step` bytes a call.
struct Busy {
    input: Vec<u8>,
    output: Vec<u8>,
    refusals: usize,
    step: usize,
}

impl Busy {
    fn new(input: &[u8], step: usize) -> Self {
        Busy {
            input: input.to_vec(),
            output: Vec::new(),
            refusals: 0,
            step,
        }
    }

    /// Whether this call is refused.
    fn refuse(&mut self) -> Option<io::Error> {
        self.refusals += 1;
        match self.refusals % 6 {
            1 => Some(io::Error::new(ErrorKind::WouldBlock, "try again")),
            2 => Some(io::Error::new(ErrorKind::Interrupted, "signal")),
            _ => None,
        }
    }
}

impl Read for Busy {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(error) = self.refuse() {
            return Err(error);
        }
        let size = buf.len().min(self.input.len()).min(self.step);
        buf[..size].copy_from_slice(&self.input[..size]);
        self.input.drain(..size);
        Ok(size)
    }
}

impl Write for Busy {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(error) = self.refuse() {
            return Err(error);
        }
        let size = buf.len().min(self.step);
        self.output.extend_from_slice(&buf[..size]);
        Ok(size)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A pipe: what it took is gone.
impl Retract for Busy {
    fn retract(&mut self, _: u64) -> io::Result<bool> {
        Ok(false)
    }
}

#[test]
fn a_busy_descriptor_is_waited_for() {
    let input: Vec<u8> = (0..=255).cycle().take(10_000).collect();
    let mut read = Vec::new();
    Patient::new(Busy::new(&input, 777)).read_to_end(&mut read).unwrap();
    assert_eq!(read, input);
    let mut patient = Patient::new(Busy::new(b"", 333));
    patient.write_all(&input).unwrap();
    patient.flush().unwrap();
    assert_eq!(patient.get_ref().output, input);
}

/// Lines of varied lengths, the longest longer than [`OUTPUT_CHUNK`].
fn lines() -> Vec<u8> {
    let mut text = Vec::new();
    for line in 0..3000 {
        let length = [0, 1, 19, 60, 200][line % 5];
        text.extend((0..length).map(|column| b'a' + ((line + column) % 26) as u8));
        text.push(b'\n');
    }
    text.extend(std::iter::repeat(b'z').take(3 * OUTPUT_CHUNK));
    text.push(b'\n');
    text
}

#[test]
fn whole_lines_into_a_pipe_arrive_whole_and_in_order() {
    let text = lines();
    for step in [61, 4096, 1 << 20] {
        let mut out = WholeLines::new(Patient::new(Busy::new(b"", step)));
        // Written in odd pieces, as a caller's own buffer would hand them on.
        for piece in text.chunks(1000) {
            out.write_all(piece).unwrap();
        }
        out.flush().unwrap();
        assert!(out.get_ref().get_ref().output == text, "step {step}");
    }
}

/// A regular file under a size limit: takes bytes up to `limit`, then refuses, as the kernel
/// does with `RLIMIT_FSIZE`; `retract` cuts back and reports the refusal at the limit.
struct Limited {
    file: Vec<u8>,
    limit: usize,
    /// Whether each write it was handed ended at a line end.
    writes: Vec<bool>,
}

impl Write for Limited {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes.push(buf.ends_with(b"\n"));
        if self.file.len() >= self.limit {
            return Err(io::Error::from_raw_os_error(27));
        }
        let size = buf.len().min(self.limit - self.file.len());
        self.file.extend_from_slice(&buf[..size]);
        Ok(size)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Retract for Limited {
    fn retract(&mut self, bytes: u64) -> io::Result<bool> {
        self.file.truncate(self.file.len() - bytes as usize);
        Err(io::Error::from_raw_os_error(27))
    }
}

#[test]
fn a_refused_write_loses_whole_lines() {
    let text = lines();
    for limit in [0, 1, 100, 8191, 8192, 8193, 20_000, 65_536] {
        let mut out = WholeLines::new(Limited {
            file: Vec::new(),
            limit,
            writes: Vec::new(),
        });
        // Behind a caller's buffer that is dropped without a flush: the error it ignores on
        // drop is the error of the final flush.
        {
            let mut buffered = io::BufWriter::new(&mut out);
            let _ = buffered.write_all(&text);
        }
        let error = out.flush().unwrap_err();
        assert_eq!(error.raw_os_error(), Some(27), "limit {limit}");
        assert_eq!(out.write(b"more\n").unwrap_err().raw_os_error(), Some(27));
        let file = &out.get_ref().file;
        assert!(text.starts_with(file), "limit {limit}");
        assert!(file.is_empty() || file.ends_with(b"\n"), "limit {limit}");
        // Nothing whole is lost: the next line would not have fitted.
        let next = text[file.len()..].iter().position(|&byte| byte == b'\n').unwrap();
        assert!(file.len() + next + 1 > limit, "limit {limit}");
        // Every write it was handed ended at a line end.
        assert!(out.get_ref().writes.iter().all(|&whole| whole), "limit {limit}");
    }
}

/// A sink that takes at most `room` bytes a write, then takes everything, and can take back:
/// a short write that was not a limit.
struct Hesitant {
    file: Vec<u8>,
    room: usize,
}

impl Write for Hesitant {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let size = buf.len().min(self.room);
        self.room = usize::MAX;
        self.file.extend_from_slice(&buf[..size]);
        Ok(size)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Retract for Hesitant {
    fn retract(&mut self, bytes: u64) -> io::Result<bool> {
        self.file.truncate(self.file.len() - bytes as usize);
        Ok(true)
    }
}

#[test]
fn a_short_write_that_was_no_limit_is_written_again() {
    let text = lines();
    for room in [1, 5, 25, 4000] {
        let mut out = WholeLines::new(Hesitant { file: Vec::new(), room });
        out.write_all(&text).unwrap();
        out.flush().unwrap();
        assert!(out.get_ref().file == text, "room {room}");
    }
    // A sink that never has room for a whole line stops the run with an error.
    struct Cramped(Vec<u8>);
    impl Write for Cramped {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.push(buf[0]);
            Ok(1)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    impl Retract for Cramped {
        fn retract(&mut self, bytes: u64) -> io::Result<bool> {
            self.0.truncate(self.0.len() - bytes as usize);
            Ok(true)
        }
    }
    let mut out = WholeLines::new(Cramped(Vec::new()));
    out.write_all(b"ab\n").unwrap();
    assert_eq!(out.flush().unwrap_err().kind(), ErrorKind::WriteZero);
    assert!(out.get_ref().0.is_empty());
}

#[test]
fn a_regular_file_takes_a_partial_line_back() {
    let path = std::env::temp_dir().join(format!("common-stdio-{}", std::process::id()));
    let mut file = File::create(&path).unwrap();
    file.write_all(b"one\ntw").unwrap();
    assert!(file.retract(2).unwrap());
    file.write_all(b"two\n").unwrap();
    drop(file);
    assert_eq!(std::fs::read(&path).unwrap(), b"one\ntwo\n");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_closed_stdin_fails_at_every_read() {
    let mut closed = Stdin {
        reader: Err(io::Error::new(ErrorKind::Other, "stdin is closed")),
    };
    for _ in 0..2 {
        assert_eq!(closed.read(&mut [0; 4]).unwrap_err().to_string(), "stdin is closed");
        assert!(closed.fill_buf().is_err());
    }
}
