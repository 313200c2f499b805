//! TRF16 files: the columns FIDE specifies, and export → import → export
//! giving back the same file and the same next pairings.

mod common;

use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_tournament::swiss::{LateEntry, SwissConfig, SwissEvent};
use rookery_tournament::trf::{export, import};
use rookery_tournament::{GameResult, Player};

fn col(line: &str, from: usize, to: usize) -> &str {
    &line[from - 1..to]
}

#[test]
fn player_lines_use_the_fide_columns() {
    let mut event = SwissEvent::new(SwissConfig::new(2));
    event.add_player(Player { id: 1, name: "Ada".into(), rating: 1850 }).unwrap();
    event.add_player(Player { id: 2, name: "Bo".into(), rating: 1900 }).unwrap();
    event.add_player(Player { id: 3, name: "Cy".into(), rating: 1700 }).unwrap();
    event.pair_next_round().unwrap();
    event.record_result(0, 0, GameResult::Draw).unwrap();
    let text = export(&event, "Autumn Swiss");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..5],
        ["012 Autumn Swiss", "062 3", "092 Individual: Swiss-System (FIDE Dutch)", "XXR 2", "XXC white1"]
    );
    // Bo (1900) has pairing number 1 and drew Ada with White; Cy had the bye.
    let bo = lines[5];
    assert_eq!((col(bo, 1, 3), col(bo, 5, 8), col(bo, 15, 16), col(bo, 49, 52)), ("001", "   1", "Bo", "1900"));
    assert_eq!((col(bo, 81, 84), col(bo, 86, 89)), (" 0.5", "   2"));
    assert_eq!(col(bo, 90, 99), "     2 w =");
    let cy = lines[7];
    assert_eq!((col(cy, 81, 84), col(cy, 86, 89), col(cy, 90, 99)), ("   1", "   1", "  0000 - U"));
}

/// A 15-player event with a late entrant (half points for missed rounds), a
/// withdrawal, forfeits, and the last round still being played.
fn eventful(seed: u64) -> SwissEvent {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut config = SwissConfig::new(6);
    config.late_entry = LateEntry::HalfPoint;
    let mut event = SwissEvent::new(config);
    for k in 0..15 {
        event.add_player(player(k, 2300 - k * 37)).unwrap();
    }
    for round in 0..5 {
        if round == 2 {
            event.add_player(player(99, 1500)).unwrap();
            event.withdraw(3).unwrap();
        }
        event.pair_next_round().unwrap();
        if round < 4 {
            play_last_round(&mut event, &mut rng);
        } else {
            event
                .record_result(4, 0, if rng.random_bool(0.5) { GameResult::Draw } else { GameResult::WhiteWins })
                .unwrap();
        }
    }
    event
}

#[test]
fn export_import_export_is_the_same_file() {
    for seed in 0..20 {
        let text = export(&eventful(seed), "Round trip");
        let again = export(&import(&text).unwrap(), "Round trip");
        assert_eq!(again, text, "seed {seed}");
    }
}

#[test]
fn an_imported_event_pairs_its_next_round_like_the_original() {
    for seed in 0..20 {
        let mut original = eventful(seed);
        let round = original.rounds().len() - 1;
        for board in 0..original.rounds()[round].games.len() {
            original.record_result(round, board, GameResult::BlackWins).unwrap();
        }
        let mut imported = import(&export(&original, "Next")).unwrap();
        let name_pairs = |event: &SwissEvent| -> Vec<(String, String)> {
            let round = event.rounds().last().unwrap();
            let name = |e: usize| event.entrants()[e].player.name.clone();
            round
                .games
                .iter()
                .map(|g| (name(g.white), name(g.black)))
                .chain(round.bye.map(|b| (name(b), "bye".into())))
                .collect()
        };
        original.pair_next_round().unwrap();
        imported.pair_next_round().unwrap();
        assert_eq!(name_pairs(&imported), name_pairs(&original), "seed {seed}");
    }
}

#[test]
fn a_game_reported_differently_by_its_two_players_is_refused() {
    let mut event = SwissEvent::new(SwissConfig::new(1));
    for k in 0..2 {
        event.add_player(player(k, 2000 - k)).unwrap();
    }
    event.pair_next_round().unwrap();
    let text = export(&event, "x").replace("     2 w  ", "     2 b  ");
    assert_eq!(import(&text).unwrap_err(), rookery_tournament::trf::TrfError::Inconsistent { round: 1 });
}
