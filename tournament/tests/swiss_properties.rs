//! Random Swiss events (seeded by proptest): every round seats each active
//! player once, keeps absolute colour preferences, and breaks no rule
//! (rematch, second bye, colour clash) whenever an exhaustive search shows a
//! pairing without breaks exists. Pairing is deterministic.

mod common;

use common::*;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_tournament::swiss::{SwissConfig, SwissEvent};

fn run(players: u32, rounds: u32, seed: u64, changes: bool) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    // One round more than played, so that no round is the last one (where
    // topscorers may share an absolute colour preference).
    let mut event = SwissEvent::new(SwissConfig::new(rounds + 1));
    for k in 0..players {
        event.add_player(player(k, rng.random_range(1000..2400))).unwrap();
    }
    let mut clean = true;
    for _ in 0..rounds {
        if changes && rng.random_bool(0.3) {
            let active = before_next_round(&event).active;
            if active.len() > 2 && rng.random_bool(0.5) {
                event.withdraw(active[rng.random_range(0..active.len())]).unwrap();
            } else {
                let k = event.entrants().len() as u32;
                event.add_player(player(1000 + k, rng.random_range(1000..2400))).unwrap();
            }
        }
        let before = before_next_round(&event);
        let mut again = event.clone();
        let round = event.pair_next_round().unwrap().clone();
        prop_assert_eq!(again.pair_next_round().unwrap(), &round, "same state, same pairing");
        check_round(&before, &round).map_err(TestCaseError::fail)?;
        let breaks = before.breaks(&pairs_of(&round), round.bye);
        if breaks > 0 {
            prop_assert!(!before.legal_pairing_exists(), "a pairing without breaks existed: {:?}", round);
            clean = false;
        }
        play_last_round(&mut event, &mut rng);
    }
    if clean {
        let after = before_next_round(&event);
        for (e, colours) in after.colours.iter().enumerate() {
            prop_assert!(colours_balanced(colours), "player {} has colours {:?}", e, colours);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn small_events_respect_the_rules(players in 2u32..=12, rounds in 1u32..=7, seed in any::<u64>()) {
        run(players, rounds, seed, false)?;
    }

    #[test]
    fn late_entries_and_withdrawals_keep_the_rules(players in 3u32..=11, rounds in 2u32..=6, seed in any::<u64>()) {
        run(players, rounds, seed, true)?;
    }
}
