//! `rookery perft|moves|fen --variant dicelanding`: board moves only, from the
//! standard lineup or any DL-FEN, with deployments in `--moves`.

use rookery::cli::tools::{fen, moves, perft, Setup};

fn setup(fen: Option<&str>, moves: &str, options: &str) -> Setup {
    Setup {
        variant: "dicelanding".into(),
        fen: fen.map(Into::into),
        moves: moves.into(),
        roll: String::new(),
        options: options.into(),
    }
}

#[test]
fn perft_counts_board_moves_from_the_standard_lineup() {
    assert_eq!(perft(&setup(None, "", ""), 1, false).unwrap(), "nodes 10\n");
    assert_eq!(perft(&setup(None, "", ""), 2, false).unwrap(), "nodes 100\n");
    let divided = perft(&setup(None, "", ""), 2, true).unwrap();
    assert!(divided.starts_with("Kd1 10\nKf1 10\nc3 10\n"), "{divided}");
}

#[test]
fn deployments_play_in_moves_with_or_without_their_face() {
    for written in ["[P]>Pb2", ">Pb2", "b2"] {
        let after = fen(&setup(None, &format!("{written} e5"), "")).unwrap();
        assert_eq!(
            after.trim(),
            "4k3/2pp1p2/8/4p3/8/8/1PPPPP2/4K3[QRRBBNNPPPqrrbbnnpppp] w e1e8 e6 0 2 -",
            "{written}"
        );
    }
    // The face decides which roll is made: `*` here, later a failed `Q`.
    let after = fen(&setup(None, "[*]>Qd1 c5 [Q]<d4", "")).unwrap();
    assert_eq!(after.trim(), "4k3/3ppp2/8/2p5/3P4/8/2P1PP2/3QK3[RRBBNNPPPPqrrbbnnpppp] b e1e8 d3 0 2 -");
    let listed = moves(&setup(None, ">Qd1", "")).unwrap();
    assert!(listed.lines().all(|m| !m.contains('>')), "no deployment without a roll: {listed}");
    assert!(!listed.lines().any(|m| m.contains("xd1")), "the queen is exempt: {listed}");
    let refused = fen(&setup(None, ">Ke1", "")).unwrap_err();
    assert!(format!("{refused:#}").contains(">Ke1"), "{refused:#}");
}

#[test]
fn perft_from_a_dl_fen_keeps_the_kings_square_and_exemption() {
    let king_in_reserve = "4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -";
    assert_eq!(perft(&setup(Some(king_in_reserve), "", ""), 1, false).unwrap(), "nodes 13\n");
    let exempt = "r3k3/8/8/8/8/8/8/R3K3[] b a1e1a8e8 - 0 1 a1";
    let plain = "r3k3/8/8/8/8/8/8/R3K3[] b a1e1a8e8 - 0 1 -";
    let count = |fen| perft(&setup(Some(fen), "", ""), 1, false).unwrap();
    assert_eq!(count(plain), "nodes 16\n");
    assert_eq!(count(exempt), "nodes 15\n");
}
