//! Colour preferences and the colour allocation rules of the Dutch system
//! (FIDE C.04.3 A.6 and E).

use crate::types::Colour;

/// How much a player wants a colour next round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Colour difference 0: wants to alternate from the last game.
    Mild,
    /// Colour difference ±1: wants the colour that evens it.
    Strong,
    /// Colour difference beyond ±1, or the same colour twice running: must
    /// get the other colour (only topscorers of the last round may not).
    Absolute,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    pub colour: Colour,
    pub strength: Strength,
}

/// Whites minus blacks over the games played.
pub fn difference(colours: &[Colour]) -> i32 {
    colours.iter().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
}

/// The preference from the colours of the games played, oldest first; none
/// before a first game.
pub fn preference(colours: &[Colour]) -> Option<Preference> {
    let last = *colours.last()?;
    let balance = difference(colours);
    let twice_running = colours.len() >= 2 && colours[colours.len() - 2] == last;
    let evening = if balance > 0 { Colour::Black } else { Colour::White };
    Some(if balance.abs() > 1 {
        Preference { colour: evening, strength: Strength::Absolute }
    } else if twice_running {
        Preference { colour: last.opposite(), strength: Strength::Absolute }
    } else if balance != 0 {
        Preference { colour: evening, strength: Strength::Strong }
    } else {
        Preference { colour: last.opposite(), strength: Strength::Mild }
    })
}

/// One side of a pair for the allocation rules.
pub struct Side<'a> {
    pub colours: &'a [Colour],
    /// 0-based pairing number: lower is ranked higher.
    pub pairing_number: usize,
    /// Current rank in the pairing order (score, then pairing number).
    pub rank: usize,
}

/// Which of the two gets White, by rules E.1–E.5: both preferences if they
/// agree; else the stronger one (with two absolutes, the wider colour
/// difference); else alternate from the last round they differed; else the
/// higher ranked player's preference; else the higher ranked player's colour
/// follows the pairing number's parity from `first_colour`.
pub fn allocate(a: &Side, b: &Side, first_colour: Colour) -> (bool, bool) {
    let a_white = allocate_for_first(a, b, first_colour) == Colour::White;
    (a_white, !a_white)
}

fn allocate_for_first(a: &Side, b: &Side, first_colour: Colour) -> Colour {
    let (pa, pb) = (preference(a.colours), preference(b.colours));
    let (higher, higher_is_a) = if a.rank <= b.rank { (a, true) } else { (b, false) };
    let for_a = |colour_of_higher: Colour| if higher_is_a { colour_of_higher } else { colour_of_higher.opposite() };
    match (pa, pb) {
        (Some(x), Some(y)) if x.colour != y.colour => return x.colour,
        (Some(x), None) => return x.colour,
        (None, Some(y)) => return y.colour.opposite(),
        (Some(x), Some(y)) => {
            if x.strength != y.strength {
                return if x.strength > y.strength { x.colour } else { y.colour.opposite() };
            }
            if x.strength == Strength::Absolute {
                let (da, db) = (difference(a.colours).abs(), difference(b.colours).abs());
                if da != db {
                    return if da > db { x.colour } else { y.colour.opposite() };
                }
            }
            // E.3: alternate from the most recent round where their colours differed.
            let (ca, cb) = (a.colours, b.colours);
            let common = ca.len().min(cb.len());
            for back in 1..=common {
                let (x_had, y_had) = (ca[ca.len() - back], cb[cb.len() - back]);
                if x_had != y_had {
                    return x_had.opposite();
                }
            }
            let higher_pref = if higher_is_a { x } else { y };
            return for_a(higher_pref.colour);
        }
        (None, None) => {}
    }
    let higher_colour = if higher.pairing_number % 2 == 0 { first_colour } else { first_colour.opposite() };
    for_a(higher_colour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn preferences_follow_the_colour_history() {
        assert_eq!(preference(&[]), None);
        assert_eq!(preference(&[W]), Some(Preference { colour: B, strength: Strength::Strong }));
        assert_eq!(preference(&[W, B]), Some(Preference { colour: W, strength: Strength::Mild }));
        assert_eq!(preference(&[B, W, W]), Some(Preference { colour: B, strength: Strength::Absolute }));
        assert_eq!(preference(&[W, B, W, W, B, W]), Some(Preference { colour: B, strength: Strength::Absolute }));
        assert_eq!(preference(&[B, W, B, B, W]), Some(Preference { colour: W, strength: Strength::Strong }));
    }

    fn side(colours: &[Colour], pairing_number: usize) -> Side<'_> {
        Side { colours, pairing_number, rank: pairing_number }
    }

    #[test]
    fn first_round_colours_alternate_down_the_board() {
        assert_eq!(allocate(&side(&[], 0), &side(&[], 4), W), (true, false));
        assert_eq!(allocate(&side(&[], 1), &side(&[], 5), W), (false, true));
        assert_eq!(allocate(&side(&[], 0), &side(&[], 4), B), (false, true));
    }

    #[test]
    fn compatible_preferences_are_both_granted() {
        assert_eq!(allocate(&side(&[W], 0), &side(&[B], 1), W), (false, true));
    }

    #[test]
    fn the_stronger_preference_wins() {
        // a: W,B (mild for White); b: B (strong for White).
        assert_eq!(allocate(&side(&[W, B], 0), &side(&[B], 1), W), (false, true));
    }

    #[test]
    fn equal_preferences_alternate_from_the_last_difference() {
        // Both want White strongly; their colours last differed in round 3,
        // when a had White: a alternates to Black.
        assert_eq!(allocate(&side(&[B, B, W, W, B], 0), &side(&[W, B, B, W, B], 1), W), (false, true));
    }

    #[test]
    fn with_identical_histories_the_higher_ranked_gets_their_wish() {
        assert_eq!(allocate(&side(&[B], 3), &side(&[B], 1), W), (false, true));
    }
}
