//! Group commit without a writer thread, for a backend whose commit is
//! short local I/O (SQLite): the task whose write finds no commit under way
//! leads, committing on its own thread whatever has queued (its write
//! first) in one transaction; the writes that queued meanwhile wait, and
//! when the leader is done the oldest of them leads the next commit with
//! everything queued by then. Each write is answered only once committed.
//!
//! Compared with a writer thread, an action's commit needs no hand-over to
//! a thread the operating system must first schedule among busy ones, and
//! the waiting tasks are woken from a runtime thread, in its own queue.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use super::{Backend, StoreError, Write, commit_batch, stopped};

/// What a queued write is told.
enum Answer {
    /// It was committed (or failed).
    Done(Result<(), StoreError>),
    /// Its task leads the next commit (its write is first in the queue).
    Lead,
}

/// Who hears a queued write's result.
enum Reply {
    /// A task waiting for its answer.
    Waiting(oneshot::Sender<Answer>),
    /// The leader (the task committing this batch).
    Leader,
    /// No one: its task went away; it is committed all the same.
    Orphan,
}

struct Queued {
    write: Write,
    reply: Reply,
}

#[derive(Default)]
struct Queue {
    writes: VecDeque<Queued>,
    /// Whether a task leads (is committing, or was told to).
    leading: bool,
}

/// The group committer over one backend.
pub(super) struct Group {
    queue: Mutex<Queue>,
    backend: Mutex<Box<dyn Backend>>,
    max_batch: usize,
    metrics: Arc<crate::metrics::Metrics>,
}

impl Group {
    /// A group committer writing through `backend`, up to `max_batch`
    /// writes a transaction.
    pub(super) fn new(
        backend: Box<dyn Backend>,
        max_batch: usize,
        metrics: Arc<crate::metrics::Metrics>,
    ) -> Group {
        Group {
            queue: Mutex::new(Queue::default()),
            backend: Mutex::new(backend),
            max_batch: max_batch.max(1),
            metrics,
        }
    }

    /// Writes `write`; resolves once it is committed (or failed).
    pub(super) async fn write(&self, write: Write) -> Result<(), StoreError> {
        let waiting = {
            let mut queue = self.queue.lock().map_err(|_| stopped())?;
            if queue.leading {
                let (tx, rx) = oneshot::channel();
                queue.writes.push_back(Queued {
                    write,
                    reply: Reply::Waiting(tx),
                });
                Some(rx)
            } else {
                // No one leads, so the queue is empty: this write is first.
                queue.leading = true;
                queue.writes.push_back(Queued {
                    write,
                    reply: Reply::Leader,
                });
                None
            }
        };
        if let Some(rx) = waiting {
            match rx.await {
                Ok(Answer::Done(result)) => return result,
                Ok(Answer::Lead) => {}
                Err(_) => return Err(stopped()),
            }
        }
        self.lead()
    }

    /// Commits batches, the leader's write first, until the queue is empty
    /// or another waiting task takes the lead; returns the leader's result.
    fn lead(&self) -> Result<(), StoreError> {
        let mut mine = Err(stopped());
        loop {
            let batch: Vec<Queued> = {
                let mut queue = self.queue.lock().map_err(|_| stopped())?;
                let n = queue.writes.len().min(self.max_batch);
                queue.writes.drain(..n).collect()
            };
            let (writes, replies): (Vec<Write>, Vec<Reply>) =
                batch.into_iter().map(|q| (q.write, q.reply)).unzip();
            let results = match self.backend.lock() {
                Ok(mut backend) => commit_batch(backend.as_mut(), &writes),
                Err(_) => vec![Err(stopped()); writes.len()],
            };
            self.metrics
                .commit(writes.len(), results.iter().all(Result::is_ok));
            for (reply, result) in replies.into_iter().zip(results) {
                match reply {
                    Reply::Waiting(tx) => {
                        let _ = tx.send(Answer::Done(result));
                    }
                    Reply::Leader => mine = result,
                    Reply::Orphan => {}
                }
            }
            let mut queue = self.queue.lock().map_err(|_| stopped())?;
            let Some(first) = queue.writes.front_mut() else {
                queue.leading = false;
                return mine;
            };
            // The oldest waiting write's task leads the next commit, so
            // this one answers its own client now.
            match std::mem::replace(&mut first.reply, Reply::Leader) {
                Reply::Waiting(tx) => match tx.send(Answer::Lead) {
                    Ok(()) => return mine,
                    Err(_) => first.reply = Reply::Orphan,
                },
                other => first.reply = other,
            }
            // Its task went away: this one commits the next batch too.
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{ActionKind, ActionRecord, Loaded};

    /// A backend recording each committed batch's size; a batch holding
    /// the action with `seq` 13 fails whole.
    struct Counting(Arc<Mutex<Vec<Vec<u64>>>>);

    impl Backend for Counting {
        fn commit(&mut self, batch: &[Write]) -> Result<(), StoreError> {
            let seqs: Vec<u64> = batch
                .iter()
                .map(|w| match w {
                    Write::Action(a) => a.seq,
                    _ => u64::MAX,
                })
                .collect();
            if seqs.contains(&13) {
                return Err(StoreError::Failed("13 is refused".into()));
            }
            self.0.lock().unwrap().push(seqs);
            Ok(())
        }
        fn load_open(&mut self) -> Result<Vec<Loaded>, StoreError> {
            Ok(Vec::new())
        }
        fn load(&mut self, _: &str) -> Result<Option<Loaded>, StoreError> {
            Ok(None)
        }
    }

    fn action(seq: u64) -> Write {
        Write::Action(ActionRecord {
            table: "t".into(),
            seq,
            seat: Some(0),
            kind: ActionKind::Play,
            text: "x".into(),
            hash: seq,
            bot_stream: None,
        })
    }

    #[test]
    fn every_write_is_committed_once_and_answered_with_its_batch_result() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .build()
            .unwrap();
        let batches = Arc::new(Mutex::new(Vec::new()));
        let group = Arc::new(Group::new(
            Box::new(Counting(batches.clone())),
            4,
            Arc::new(crate::metrics::Metrics::new()),
        ));
        let results: Vec<(u64, Result<(), StoreError>)> = runtime.block_on(async {
            let tasks: Vec<_> = (0..200u64)
                .map(|seq| {
                    let group = group.clone();
                    tokio::spawn(async move { (seq, group.write(action(seq)).await) })
                })
                .collect();
            let mut out = Vec::new();
            for t in tasks {
                out.push(t.await.unwrap());
            }
            out
        });
        let batches = batches.lock().unwrap();
        let mut committed: Vec<u64> = batches.iter().flatten().copied().collect();
        committed.sort_unstable();
        // Every write answered Ok is committed exactly once; the failed
        // batch (the one holding 13) is committed not at all.
        let ok: Vec<u64> = results
            .iter()
            .filter(|(_, r)| r.is_ok())
            .map(|(s, _)| *s)
            .collect();
        let mut ok_sorted = ok.clone();
        ok_sorted.sort_unstable();
        assert_eq!(committed, ok_sorted);
        assert!(results.iter().any(|(s, r)| *s == 13 && r.is_err()));
        assert!(batches.iter().all(|b| !b.is_empty() && b.len() <= 4));
        assert!(ok.len() >= 200 - 4);
        // The group is idle again: a later write leads and commits alone.
        drop(batches);
        let again = runtime.block_on(group.write(action(500)));
        assert_eq!(again, Ok(()));
        assert!(!group.queue.lock().unwrap().leading);
    }
}
