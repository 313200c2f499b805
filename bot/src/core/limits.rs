//! Rate limits on every command and click, per user and per channel, so one
//! user (or one busy channel) cannot flood the bot. Each is a token bucket
//! (governor's GCRA): a burst, then a steady rate. A refused request gets a
//! private "slow down" that says when to try again, and changes nothing.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::Deserialize;

use super::{Place, Refusal};

/// The limits, as configured (the `[limits]` table). A zero turns that
/// limit off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitConfig {
    /// Commands one user may send at once...
    pub user_burst: u32,
    /// ...and then per minute.
    pub user_per_minute: u32,
    /// Commands one channel may take at once...
    pub channel_burst: u32,
    /// ...and then per minute.
    pub channel_per_minute: u32,
}

impl Default for LimitConfig {
    fn default() -> LimitConfig {
        LimitConfig { user_burst: 8, user_per_minute: 30, channel_burst: 20, channel_per_minute: 120 }
    }
}

/// The live limiters.
pub struct Limits {
    users: Option<DefaultKeyedRateLimiter<u64>>,
    channels: Option<DefaultKeyedRateLimiter<(u64, u64)>>,
    clock: DefaultClock,
}

fn quota(burst: u32, per_minute: u32) -> Option<Quota> {
    let burst = NonZeroU32::new(burst)?;
    let period = Duration::from_secs(60) / NonZeroU32::new(per_minute)?.get();
    Some(Quota::with_period(period)?.allow_burst(burst))
}

impl Limits {
    pub fn new(config: LimitConfig) -> Limits {
        Limits {
            users: quota(config.user_burst, config.user_per_minute).map(RateLimiter::keyed),
            channels: quota(config.channel_burst, config.channel_per_minute).map(RateLimiter::keyed),
            clock: DefaultClock::default(),
        }
    }

    /// Takes one request of `user` in `place` from the buckets, or says how
    /// long to wait.
    pub fn check(&self, place: Place, user: u64) -> Result<(), Refusal> {
        let wait = |not_until: governor::NotUntil<_>| not_until.wait_time_from(self.clock.now());
        if let Some(Err(not_until)) = self.users.as_ref().map(|l| l.check_key(&user)) {
            return Err(slow_down("you are sending commands faster than Rookery takes them", wait(not_until)));
        }
        if let Some(Err(not_until)) = self.channels.as_ref().map(|l| l.check_key(&(place.guild, place.channel))) {
            return Err(slow_down("this channel is sending commands faster than Rookery takes them", wait(not_until)));
        }
        Ok(())
    }

    /// Forgets users and channels whose buckets are full again (memory stays
    /// proportional to recent activity).
    pub fn forget_idle(&self) {
        if let Some(users) = &self.users {
            users.retain_recent();
        }
        if let Some(channels) = &self.channels {
            channels.retain_recent();
        }
    }
}

fn slow_down(who: &str, wait: Duration) -> Refusal {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    Refusal(format!("Slow down a little: {who}. Try again in {} s; nothing was done.", seconds.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HERE: Place = Place { guild: 1, channel: 2 };

    #[test]
    fn a_burst_then_a_friendly_refusal() {
        let limits =
            Limits::new(LimitConfig { user_burst: 3, user_per_minute: 1, channel_burst: 0, ..LimitConfig::default() });
        for _ in 0..3 {
            assert!(limits.check(HERE, 7).is_ok());
        }
        let Refusal(text) = limits.check(HERE, 7).unwrap_err();
        assert!(text.starts_with("Slow down") && text.contains("Try again in"), "{text}");
        // Another user is not held up by the first.
        assert!(limits.check(HERE, 8).is_ok());
        limits.forget_idle();
    }

    #[test]
    fn a_channel_limit_holds_everyone_in_it() {
        let limits = Limits::new(LimitConfig {
            user_burst: 0,
            channel_burst: 2,
            channel_per_minute: 1,
            ..LimitConfig::default()
        });
        assert!(limits.check(HERE, 1).is_ok());
        assert!(limits.check(HERE, 2).is_ok());
        assert!(limits.check(HERE, 3).unwrap_err().0.contains("this channel"));
        assert!(limits.check(Place { guild: 1, channel: 3 }, 3).is_ok());
    }
}
