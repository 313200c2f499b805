//! Dice throughput: a 1d20 including the fairness derivation (target: at most 2 µs)
//! and 500d6 (target: at most 100 µs), both parsed, rolled from a ledger and
//! recorded as a real bot command would be.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rookery_dice::{Ledger, LedgerId, ServerSeed};

fn ledger() -> Ledger {
    let mut ledger = Ledger::new(LedgerId::new("bench:dice").unwrap(), ServerSeed::from_bytes([42; 32]));
    ledger.add_player_seed("a player's seed").unwrap();
    ledger
}

/// A ledger that has already rolled, so its stream key is built: the steady state
/// of a game in progress.
fn ledger_in_use() -> Ledger {
    let mut ledger = ledger();
    ledger.roll_dice(&[2]).unwrap();
    ledger
}

fn notation_rolls(c: &mut Criterion) {
    let cases = [
        ("1d20, first roll of a new ledger", "1d20", ledger as fn() -> Ledger),
        ("1d20 from a ledger in use", "1d20", ledger_in_use),
        ("500d6 from a ledger in use", "500d6", ledger_in_use),
    ];
    for (name, line, setup) in cases {
        // A fresh ledger per input keeps the record from growing without bound.
        c.bench_function(name, |b| {
            b.iter_batched_ref(
                setup,
                |ledger| black_box(ledger.roll_notation(black_box(line)).unwrap()),
                criterion::BatchSize::SmallInput,
            );
        });
    }
    c.bench_function("3d8 game dice from a ledger in use", |b| {
        b.iter_batched_ref(
            ledger_in_use,
            |ledger| black_box(ledger.roll_dice(black_box(&[8, 8, 8])).unwrap()),
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, notation_rolls);
criterion_main!(benches);
