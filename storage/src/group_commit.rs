//! Group commit: writers that need durability at the same moment share one
//! flush of the log instead of queueing for one each.
//!
//! A writer takes a ticket after its write is in the database (in memory).
//! One writer at a time flushes, for every ticket handed out before its flush
//! began; the others wait, and are released by the flush that covers them.
//! A flush makes everything written before it durable, so nobody is told
//! "durable" before their write is on disk, and a failed flush fails every
//! ticket it was to cover.

use std::sync::{Condvar, Mutex, MutexGuard};

#[derive(Default)]
pub(crate) struct GroupCommit {
    state: Mutex<State>,
    flushed: Condvar,
}

#[derive(Default)]
struct State {
    /// The last ticket handed out.
    issued: u64,
    /// Every ticket up to this one is durable.
    durable: u64,
    /// A flush is under way.
    flushing: bool,
    /// The last flush that failed: the tickets up to `.0` it was to cover, and why.
    failed: Option<(u64, sled::Error)>,
}

impl GroupCommit {
    /// Returns once everything written before the call is durable, running
    /// `flush` (which must make everything written so far durable) itself
    /// unless another caller's flush covers this one.
    pub fn durable(&self, flush: impl FnOnce() -> Result<(), sled::Error>) -> Result<(), sled::Error> {
        let mut flush = Some(flush);
        let mut state = self.lock();
        state.issued += 1;
        let ticket = state.issued;
        loop {
            // A failure is checked first: a later flush that succeeded does
            // not make a write whose own flush failed any more certain.
            if let Some((covered, error)) = &state.failed {
                if ticket <= *covered {
                    return Err(error.clone());
                }
            }
            if state.durable >= ticket {
                return Ok(());
            }
            if state.flushing {
                state = self.flushed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
                continue;
            }
            // This caller flushes for every ticket issued so far.
            state.flushing = true;
            let covers = state.issued;
            drop(state);
            let flush = flush.take().expect("a caller leads at most one flush: it is covered by it");
            let leading = Leading(self);
            let result = flush();
            std::mem::forget(leading);
            state = self.lock();
            state.flushing = false;
            match result {
                Ok(()) => state.durable = state.durable.max(covers),
                Err(error) => state.failed = Some((covers, error)),
            }
            self.flushed.notify_all();
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is a few counters, never left half updated under the lock.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Held by the caller running a flush: if the flush panics, another waiter
/// takes over instead of everyone waiting for a flush that will never end.
struct Leading<'a>(&'a GroupCommit);

impl Drop for Leading<'_> {
    fn drop(&mut self) {
        self.0.lock().flushing = false;
        self.0.flushed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn concurrent_writers_share_flushes_and_each_is_covered() {
        let group = Arc::new(GroupCommit::default());
        // "Written" counts writes in memory; "on disk" what the last flush saw.
        let written = Arc::new(AtomicU64::new(0));
        let on_disk = Arc::new(AtomicU64::new(0));
        let flushes = Arc::new(AtomicU64::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (group, written, on_disk, flushes) =
                    (group.clone(), written.clone(), on_disk.clone(), flushes.clone());
                std::thread::spawn(move || {
                    for _ in 0..50 {
                        let mine = written.fetch_add(1, Ordering::SeqCst) + 1;
                        group
                            .durable(|| {
                                let seen = written.load(Ordering::SeqCst);
                                std::thread::sleep(Duration::from_millis(1));
                                on_disk.fetch_max(seen, Ordering::SeqCst);
                                flushes.fetch_add(1, Ordering::SeqCst);
                                Ok(())
                            })
                            .unwrap();
                        // Nothing is acknowledged before a flush that saw it.
                        assert!(on_disk.load(Ordering::SeqCst) >= mine);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let flushes = flushes.load(Ordering::SeqCst);
        assert!(flushes < 400, "{flushes} flushes for 400 writes: none were shared");
    }

    #[test]
    fn a_failed_flush_fails_the_writes_it_covered_and_later_ones_go_on() {
        let group = GroupCommit::default();
        let failed = group.durable(|| Err(sled::Error::Unsupported("disk gone".into())));
        assert!(failed.is_err());
        assert!(group.durable(|| Ok(())).is_ok());
    }
}
