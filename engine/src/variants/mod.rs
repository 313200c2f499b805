//! One module per variant: each builds its [`Rules`](crate::rules::Rules) from
//! data and keeps its special rules to itself.

pub mod chess;
pub mod dicelanding;
pub mod dragonchess;
pub mod guardener;
pub mod luckdragon;
pub mod newchess;

use std::sync::{Arc, Mutex};

use crate::rules::Rules;

/// Rules compiled once per combination of the settings that shape them, and
/// shared by every game that plays with those settings.
pub(crate) struct CompiledRules<K>(Mutex<Vec<(K, Arc<Rules>)>>);

impl<K: PartialEq> CompiledRules<K> {
    pub(crate) const fn new() -> Self {
        CompiledRules(Mutex::new(Vec::new()))
    }

    /// The rules for `key`, built by `build` the first time they are asked for.
    pub(crate) fn get(&self, key: K, build: impl FnOnce() -> Rules) -> Arc<Rules> {
        // A panic elsewhere cannot leave the list half-written: entries are pushed whole.
        let mut built = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, rules)) = built.iter().find(|(k, _)| *k == key) {
            return Arc::clone(rules);
        }
        let rules = Arc::new(build());
        built.push((key, Arc::clone(&rules)));
        rules
    }
}
