//! [`Checkpointer`]: a thread of its own that copies SQLite's write-ahead
//! log into the database file, so that no commit waits for it.
//!
//! SQLite's own checkpoint runs inside the commit that grows the log past a
//! size, on the committing thread: the copy and its two `fsync`s (7 to 21
//! ms each here) held up that commit and every write queued behind it. A
//! `PASSIVE` checkpoint on another connection copies what the log holds
//! while the writer goes on appending; once the whole log is copied, the
//! next commit starts the log again from its beginning.

use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::Connection;

/// How often the thread copies the log: often enough that the log stays
/// short (a commit looks each page it reads up in the log's index first),
/// seldom enough that each copy carries many commits' pages.
pub const EVERY: Duration = Duration::from_millis(100);

/// The thread copying the log of one database file; stopped when dropped.
pub struct Checkpointer {
    stop: mpsc::Sender<()>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts copying the log of the database at `path` every [`EVERY`].
    ///
    /// # Errors
    /// When the thread's connection does not open.
    pub fn start(path: &Path) -> Result<Checkpointer, String> {
        let conn = Connection::open(path).map_err(|e| e.to_string())?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoints".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                    // A failure (the file busy with another checkpoint, say)
                    // is left to the next round; the writer's own
                    // checkpoint past a far larger log is the backstop.
                    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Checkpointer {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        let _ = self.stop.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
