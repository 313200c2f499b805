//! A graceful stop: the request to stop (a signal), and the commands still
//! being worked on, which the stop waits for.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use super::IN_FLIGHT;

/// A request to stop, made once (from a signal handler's thread, a test, …)
/// and awaited by the server.
#[derive(Clone, Debug, Default)]
pub struct Shutdown {
    requested: Arc<AtomicBool>,
    notify: Arc<Notify>,
}

impl Shutdown {
    /// Asks the server to stop; returns whether it had been asked already.
    pub fn request(&self) -> bool {
        let again = self.requested.swap(true, Ordering::SeqCst);
        self.notify.notify_waiters();
        again
    }

    pub fn is_requested(&self) -> bool {
        self.requested.load(Ordering::SeqCst)
    }

    /// Resolves once [`Shutdown::request`] has been called (at once if it was).
    pub async fn requested(&self) {
        loop {
            let notified = self.notify.notified();
            if self.is_requested() {
                return;
            }
            notified.await;
        }
    }
}

/// The commands being worked on. Each holds a [`Working`] guard while the
/// core runs and its answer is sent; once closed, no new work starts.
#[derive(Debug, Default)]
pub struct InFlight {
    count: AtomicUsize,
    closed: AtomicBool,
    idle: Notify,
}

/// One command in flight; dropping it ends it.
#[derive(Debug)]
pub struct Working(Arc<InFlight>);

impl InFlight {
    /// Starts a piece of work, unless the server is stopping.
    pub fn start(self: &Arc<Self>) -> Option<Working> {
        self.count.fetch_add(1, Ordering::SeqCst);
        if self.closed.load(Ordering::SeqCst) {
            self.finish();
            return None;
        }
        metrics::gauge!(IN_FLIGHT).increment(1.0);
        Some(Working(self.clone()))
    }

    pub fn count(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }

    fn finish(&self) {
        if self.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.idle.notify_waiters();
        }
    }

    /// Refuses new work from now on and waits until the work in flight is
    /// done, for at most `limit`; returns how many pieces were still unfinished.
    pub async fn close_and_wait(&self, limit: Duration) -> usize {
        self.closed.store(true, Ordering::SeqCst);
        let drained = async {
            loop {
                let idle = self.idle.notified();
                if self.count() == 0 {
                    return;
                }
                idle.await;
            }
        };
        let _ = tokio::time::timeout(limit, drained).await;
        self.count()
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        metrics::gauge!(IN_FLIGHT).decrement(1.0);
        self.0.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn closing_waits_for_the_work_in_flight_and_refuses_new_work() {
        let in_flight = Arc::new(InFlight::default());
        let working = in_flight.start().expect("open");
        let finisher = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(50)).await;
            drop(working);
        });
        let started = std::time::Instant::now();
        assert_eq!(in_flight.close_and_wait(Duration::from_secs(5)).await, 0);
        assert!(started.elapsed() >= Duration::from_millis(40), "it waited for the work");
        assert!(in_flight.start().is_none(), "closed: nothing new starts");
        assert_eq!(in_flight.count(), 0);
        finisher.await.unwrap();
    }

    #[tokio::test]
    async fn closing_gives_up_after_its_limit() {
        let in_flight = Arc::new(InFlight::default());
        let _stuck = in_flight.start().expect("open");
        let started = std::time::Instant::now();
        assert_eq!(in_flight.close_and_wait(Duration::from_millis(50)).await, 1);
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[tokio::test]
    async fn a_request_made_before_anyone_waits_is_not_missed() {
        let shutdown = Shutdown::default();
        assert!(!shutdown.request());
        assert!(shutdown.request(), "the second request knows it is one");
        tokio::time::timeout(Duration::from_secs(1), shutdown.requested()).await.expect("already requested");
    }
}
