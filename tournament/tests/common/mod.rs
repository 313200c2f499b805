//! Shared by the Swiss tests: seeded random results and the checks every
//! paired round must pass.

#![allow(dead_code)]

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::Rng;
use rookery_tournament::swiss::colour::{preference, Strength};
use rookery_tournament::swiss::{Round, SwissEvent};
use rookery_tournament::{Colour, GameResult, Outcome, Player};

pub fn player(k: u32, rating: u32) -> Player {
    Player { id: u64::from(k), name: format!("Player {k}"), rating }
}

/// Results for the last round: the higher rated wins more often; a few
/// draws; now and then a forfeit.
pub fn play_last_round(event: &mut SwissEvent, rng: &mut StdRng) {
    let round = event.rounds().len() - 1;
    let games = event.rounds()[round].games.clone();
    for (board, game) in games.iter().enumerate() {
        let (rw, rb) =
            (event.entrants()[game.white].player.rating as f64, event.entrants()[game.black].player.rating as f64);
        let white_expect = 1.0 / (1.0 + 10f64.powf((rb - rw) / 400.0));
        let roll: f64 = rng.random();
        let result = if roll < 0.02 {
            GameResult::WhiteWinsByForfeit
        } else if roll < 0.03 {
            GameResult::BlackWinsByForfeit
        } else if rng.random_bool(0.2) {
            GameResult::Draw
        } else if rng.random_bool(white_expect) {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        event.record_result(round, board, result).unwrap();
    }
}

/// What the pairing of a round had to respect, from the event before it.
pub struct Before {
    pub met: HashSet<(usize, usize)>,
    pub had_bye_or_forfeit_win: HashSet<usize>,
    pub colours: Vec<Vec<Colour>>,
    pub active: Vec<usize>,
}

pub fn before_next_round(event: &SwissEvent) -> Before {
    let next = event.rounds().len();
    let mut met = HashSet::new();
    let mut had_bye_or_forfeit_win = HashSet::new();
    let mut colours = vec![Vec::new(); event.entrants().len()];
    for (r, round) in event.rounds().iter().enumerate() {
        for g in &round.games {
            if g.result.is_some_and(GameResult::was_played) {
                met.insert((g.white.min(g.black), g.white.max(g.black)));
                colours[g.white].push(Colour::White);
                colours[g.black].push(Colour::Black);
            }
        }
        for e in 0..event.entrants().len() {
            if matches!(event.outcome(e, r), Some(Outcome::Bye | Outcome::ForfeitWin)) {
                had_bye_or_forfeit_win.insert(e);
            }
        }
    }
    let active = (0..event.entrants().len()).filter(|&e| event.is_active_in(e, next)).collect();
    Before { met, had_bye_or_forfeit_win, colours, active }
}

fn absolute(colours: &[Colour]) -> Option<Colour> {
    preference(colours).filter(|p| p.strength == Strength::Absolute).map(|p| p.colour)
}

impl Before {
    /// Rule breaks of a candidate pairing: rematches, a second bye, two
    /// players who must both have the same colour.
    pub fn breaks(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> usize {
        let rematches = pairs.iter().filter(|&&(a, b)| self.met.contains(&(a.min(b), a.max(b)))).count();
        let clashes = pairs
            .iter()
            .filter(|&&(a, b)| {
                let (x, y) = (absolute(&self.colours[a]), absolute(&self.colours[b]));
                x.is_some() && x == y
            })
            .count();
        let second_bye = usize::from(bye.is_some_and(|b| self.had_bye_or_forfeit_win.contains(&b)));
        rematches + clashes + second_bye
    }

    /// Whether some pairing of the active players breaks no rule (tried
    /// exhaustively: only for small fields).
    pub fn legal_pairing_exists(&self) -> bool {
        fn search(before: &Before, left: &mut Vec<usize>, bye_used: bool) -> bool {
            let Some(first) = left.pop() else { return true };
            let may_take_bye = !bye_used && left.len() % 2 == 0 && !before.had_bye_or_forfeit_win.contains(&first);
            if may_take_bye && search(before, left, true) {
                left.push(first);
                return true;
            }
            for i in 0..left.len() {
                let other = left[i];
                if before.breaks(&[(first, other)], None) == 0 {
                    left.remove(i);
                    let found = search(before, left, bye_used);
                    left.insert(i, other);
                    if found {
                        left.push(first);
                        return true;
                    }
                }
            }
            left.push(first);
            false
        }
        let mut left = self.active.clone();
        let bye_used = left.len() % 2 == 0;
        search(self, &mut left, bye_used)
    }
}

/// Checks a freshly paired round: every active player seated exactly once,
/// nobody else, colours given by the allocation rules' hard part.
pub fn check_round(before: &Before, round: &Round) -> Result<(), String> {
    let mut seated = Vec::new();
    for g in &round.games {
        seated.push(g.white);
        seated.push(g.black);
    }
    seated.extend(round.bye);
    let unique: HashSet<usize> = seated.iter().copied().collect();
    if unique.len() != seated.len() {
        return Err(format!("a player is seated twice: {round:?}"));
    }
    let active: HashSet<usize> = before.active.iter().copied().collect();
    if unique != active {
        return Err(format!("seated {unique:?} but active {active:?}"));
    }
    if round.bye.is_some() != (active.len() % 2 == 1) {
        return Err("a bye exactly when the field is odd".into());
    }
    for g in &round.games {
        let (w, b) = (absolute(&before.colours[g.white]), absolute(&before.colours[g.black]));
        // Two players who must both have the same colour are counted by `breaks`.
        if w.is_some() && w == b {
            continue;
        }
        if w == Some(Colour::Black) && b != Some(Colour::Black) || b == Some(Colour::White) && w != Some(Colour::White)
        {
            return Err(format!("an absolute colour preference was denied on {g:?}"));
        }
    }
    Ok(())
}

pub fn pairs_of(round: &Round) -> Vec<(usize, usize)> {
    round.games.iter().map(|g| (g.white, g.black)).collect()
}

/// Colour difference within ±2 and never three in a row.
pub fn colours_balanced(colours: &[Colour]) -> bool {
    let difference: i32 = colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum();
    difference.abs() <= 2 && !colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
}
