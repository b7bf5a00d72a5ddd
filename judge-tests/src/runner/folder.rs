//! Each run's own working folder: a fresh, empty folder in the temporary folder (`TMPDIR`), the
//! program's current folder and, when it runs confined, the one place outside its private `/tmp`
//! where it may write. The caller may put files in before the run (USACO's `msquare.in`) and
//! read what the program wrote after it (`msquare.out`) through [`WorkingFolder::read`], which
//! follows no link and opens no FIFO. The folder and all it holds are removed when the value is
//! dropped, and on Ctrl-C or SIGTERM ([`super::stop_programs_on_interrupt`]) too: nothing is
//! left in `TMPDIR`.

use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The folders that exist now, removed on Ctrl-C.
static LIVING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A run's working folder (see the module docs).
#[derive(Debug)]
pub struct WorkingFolder {
    path: PathBuf,
}

/// Most bytes [`WorkingFolder::read`] returns: more is the program's fault, not a reason to
/// run out of memory.
pub const MAX_READ: u64 = 1 << 30;

impl WorkingFolder {
    /// Makes a fresh folder `judge-run-<pid>-<serial>` in the temporary folder, readable by its
    /// owner alone (and the program's own uid, given with [`WorkingFolder::give_to`]).
    ///
    /// # Errors
    /// If the temporary folder cannot hold it: `judge`'s own failure, named so (with the hint to
    /// set `TMPDIR`).
    pub fn new() -> io::Result<WorkingFolder> {
        static SERIAL: AtomicU64 = AtomicU64::new(0);
        let mut base = std::env::temp_dir();
        // The program runs in another folder: a relative TMPDIR is made whole.
        if base.is_relative() {
            base = std::env::current_dir()?.join(base);
        }
        loop {
            let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("judge-run-{}-{serial}", std::process::id()));
            let mut living = LIVING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match fs::create_dir(&path) {
                Ok(()) => {
                    fs::set_permissions(&path, fs::Permissions::from_mode(0o700))?;
                    living.push(path.clone());
                    return Ok(WorkingFolder { path });
                }
                // Left by an earlier process of the same id: take the next name.
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
                Err(error) => {
                    return Err(io::Error::new(
                        error.kind(),
                        format!(
                        "cannot create a folder in the temporary folder {} (set TMPDIR to a writable folder): {error}",
                        judge_oracle::escape(base.as_os_str())
                    ),
                    ))
                }
            }
        }
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Makes the folder the program's (uid and gid `uid`), so that it can write there.
    ///
    /// # Errors
    /// If the folder's owner cannot be changed.
    pub fn give_to(&self, uid: u32) -> io::Result<()> {
        use nix::unistd::{chown, Gid, Uid};
        chown(&self.path, Some(Uid::from_raw(uid)), Some(Gid::from_raw(uid))).map_err(io::Error::from)
    }

    /// Puts file `name` holding `bytes` in the folder, before the run.
    ///
    /// # Errors
    /// If it cannot be written.
    pub fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let path = self.path.join(name);
        fs::write(&path, bytes)?;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644))
    }

    /// What the program left in file `name`, at most [`MAX_READ`] bytes. Opened without
    /// following a link and without waiting on a FIFO: a link, FIFO or folder there is an error
    /// of kind `InvalidInput` (the program's doing, as is a missing file, `NotFound`).
    ///
    /// # Errors
    /// As above, or a failed read.
    pub fn read(&self, name: &str) -> io::Result<Vec<u8>> {
        let path = self.path.join(name);
        let file = fs::OpenOptions::new()
            .read(true)
            .custom_flags((nix::fcntl::OFlag::O_NOFOLLOW | nix::fcntl::OFlag::O_NONBLOCK).bits())
            .open(&path)
            .map_err(|error| match error.raw_os_error() {
                // O_NOFOLLOW's refusal of a link.
                Some(code) if code == nix::errno::Errno::ELOOP as i32 => {
                    io::Error::new(io::ErrorKind::InvalidInput, format!("{name} is a link, not a file"))
                }
                _ => error,
            })?;
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{name} is not a regular file"),
            ));
        }
        let mut bytes = Vec::new();
        file.take(MAX_READ).read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

impl Drop for WorkingFolder {
    fn drop(&mut self) {
        let mut living = LIVING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // `remove_dir_all` removes links, never what they point to.
        let _ = fs::remove_dir_all(&self.path);
        living.retain(|path| *path != self.path);
    }
}

/// Removes every working folder that exists now (Ctrl-C, once the programs are stopped).
pub(crate) fn remove_all() {
    let living = LIVING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    for path in living.iter() {
        let _ = fs::remove_dir_all(path);
    }
}
