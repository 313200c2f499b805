//! The last tie-break of a bracket: among the pairings that are equally good
//! by every quality criterion, the Dutch system takes the first in its order
//! of transpositions and exchanges. That order is lexicographic from the top
//! of the bracket, so it is found greedily: each player in turn, from the
//! highest, takes the first opponent in Dutch order with whom the rest of the
//! field can still be paired as well as the best matching pairs it.

use std::collections::HashMap;

use crate::matching::max_weight_matching;

/// An edge with two weights: `full` packs every criterion including the
/// Dutch-order estimate, `quality` every criterion but that one.
#[derive(Clone, Copy)]
pub struct WeightedEdge {
    pub a: usize,
    pub b: usize,
    pub full: i128,
    pub quality: i128,
}

/// The matching of `vertex_count` vertices for one bracket: best by quality,
/// then first in Dutch order. `bracket` lists the bracket's vertices in
/// order, its `movers` (moved-down players) first.
pub fn settle(vertex_count: usize, edges: Vec<WeightedEdge>, bracket: &[usize], movers: usize) -> Vec<Option<usize>> {
    let quality: HashMap<(usize, usize), i128> = edges.iter().map(|e| ((e.a.min(e.b), e.a.max(e.b)), e.quality)).collect();
    let quality_of = |a: usize, b: usize| quality.get(&(a.min(b), a.max(b))).copied();
    let mut edges = edges;
    let mut excluded = vec![false; vertex_count];
    let (mut mate, best) = solve(vertex_count, &edges, &excluded, &quality_of);
    let mut in_bracket = vec![false; vertex_count];
    for &v in bracket {
        in_bracket[v] = true;
    }
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let mut fixed_quality = 0;
    let mut split_tried = false;
    for (position, &x) in bracket.iter().enumerate() {
        if excluded[x] {
            continue;
        }
        if position >= movers && !split_tried {
            split_tried = true;
            // Transpositions come before exchanges: if the best quality can
            // be had with every pair joining S1 to S2, only such pairs count.
            let s1 = first_half(bracket, movers, &excluded, &mate, &in_bracket);
            let crosses = |e: &WeightedEdge| {
                !(in_bracket[e.a] && in_bracket[e.b]) || s1.contains(&e.a) != s1.contains(&e.b)
            };
            let restricted: Vec<WeightedEdge> =
                edges.iter().filter(|e| crosses(e)).copied().collect();
            let (candidate, candidate_quality) = solve(vertex_count, &restricted, &excluded, &quality_of);
            if candidate_quality + fixed_quality == best {
                edges = restricted;
                mate = with_fixed(candidate, &fixed);
            }
        }
        let current = mate[x].filter(|&m| in_bracket[m]);
        let allowed: std::collections::HashSet<(usize, usize)> =
            edges.iter().filter(|e| e.a == x || e.b == x).map(|e| (e.a.min(e.b), e.a.max(e.b))).collect();
        for j in candidates(position, bracket, movers, &excluded, &mate, &in_bracket) {
            if !allowed.contains(&(x.min(j), x.max(j))) {
                continue;
            }
            let Some(pair_quality) = quality_of(x, j) else { continue };
            if Some(j) != current {
                let mut trial = excluded.clone();
                trial[x] = true;
                trial[j] = true;
                let (rest, rest_quality) = solve(vertex_count, &edges, &trial, &quality_of);
                if rest_quality + pair_quality + fixed_quality != best {
                    continue;
                }
                mate = with_fixed(rest, &fixed);
                mate[x] = Some(j);
                mate[j] = Some(x);
            }
            excluded[x] = true;
            excluded[j] = true;
            fixed.push((x, j));
            fixed_quality += pair_quality;
            break;
        }
    }
    mate
}

fn with_fixed(mut mate: Vec<Option<usize>>, fixed: &[(usize, usize)]) -> Vec<Option<usize>> {
    for &(a, b) in fixed {
        mate[a] = Some(b);
        mate[b] = Some(a);
    }
    mate
}

/// S1 of the open residents: as many from the top as the matching makes pairs.
fn first_half(
    bracket: &[usize],
    movers: usize,
    excluded: &[bool],
    mate: &[Option<usize>],
    in_bracket: &[bool],
) -> Vec<usize> {
    let residents: Vec<usize> = bracket[movers..].iter().copied().filter(|&v| !excluded[v]).collect();
    let pairs = residents.iter().filter(|&&v| mate[v].is_some_and(|m| in_bracket[m])).count() / 2;
    residents[..pairs.min(residents.len() / 2)].to_vec()
}

fn solve(
    vertex_count: usize,
    edges: &[WeightedEdge],
    excluded: &[bool],
    quality_of: &dyn Fn(usize, usize) -> Option<i128>,
) -> (Vec<Option<usize>>, i128) {
    let kept: Vec<(usize, usize, i128)> =
        edges.iter().filter(|e| !excluded[e.a] && !excluded[e.b]).map(|e| (e.a, e.b, e.full)).collect();
    let mate = max_weight_matching(vertex_count, &kept);
    let total = mate
        .iter()
        .enumerate()
        .filter_map(|(v, m)| m.filter(|&m| m > v).and_then(|m| quality_of(v, m)))
        .sum();
    (mate, total)
}

/// The opponents of the bracket's player at `position`, in Dutch order. A
/// moved-down player meets the residents from the top, then the other movers.
/// A resident in S1 (the top half of the residents the matching pairs here)
/// meets S2 from the top (transpositions), then S1 from the bottom
/// (exchanges); anyone else meets the players below them from the top.
fn candidates(
    position: usize,
    bracket: &[usize],
    movers: usize,
    excluded: &[bool],
    mate: &[Option<usize>],
    in_bracket: &[bool],
) -> Vec<usize> {
    let open: Vec<usize> = (position + 1..bracket.len()).filter(|&p| !excluded[bracket[p]]).collect();
    let as_vertices = |positions: Vec<usize>| positions.into_iter().map(|p| bracket[p]).collect();
    if position < movers {
        let (residents, others): (Vec<usize>, Vec<usize>) = open.into_iter().partition(|&p| p >= movers);
        return as_vertices(residents.into_iter().chain(others).collect());
    }
    // S1 is as many of the open residents, from the top, as the matching
    // makes pairs of; S2 is all the others, so the last of S2 float.
    let residents: Vec<usize> = (movers..bracket.len()).filter(|&p| !excluded[bracket[p]]).collect();
    let pairs = residents.iter().filter(|&&p| mate[bracket[p]].is_some_and(|m| in_bracket[m])).count() / 2;
    let s1_size = pairs.min(residents.len() / 2);
    let Some(rank) = residents.iter().position(|&p| p == position).filter(|&r| r < s1_size) else {
        return as_vertices(open);
    };
    let s2 = residents[s1_size..].iter().copied();
    let s1_below = residents[rank + 1..s1_size].iter().rev().copied();
    let mut order: Vec<usize> = s2.chain(s1_below).collect();
    let rest: Vec<usize> = open.into_iter().filter(|p| !order.contains(p)).collect();
    order.extend(rest);
    as_vertices(order)
}
