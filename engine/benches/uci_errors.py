#!/usr/bin/env python3
"""Where a UCI engine loses to weakened Stockfish: each of its moves judged by a deep search.

    python3 engine/benches/uci_errors.py "ENGINE uci" GAMES [FIRST_OPENING] [ELO] [MILLIS] [DEPTH]

The engine plays GAMES games against Stockfish at `UCI_Elo` ELO (default 2200), MILLIS a move
each (default 100), from the openings of uci_match.py (four random plies drawn from seed n,
default n from 0), White in even games. Afterwards an unweakened Stockfish searches the
position before each of the engine's moves to DEPTH plies (default 14) and the position after
it a ply less: the move's cost is what it gave away against Stockfish's best, in centipawns.

It prints each game's result, then, over the positions within three pawns of equal (where a
move can still decide the game): how often the engine chose Stockfish's move, how many moves
cost half a pawn, a pawn and two pawns or more, the mean cost, and how far the engine's own
score stood from Stockfish's (above zero: the engine thought itself better off than it was).
Many small costs and few large ones say the games are lost to judgement and depth, not to
single tactics missed. Needs python-chess and `/usr/games/stockfish` (or `$STOCKFISH`).
"""
import os
import statistics
import sys

import chess
import chess.engine

from uci_match import opening, start

MOVE_LIMIT = 200
BALANCED = 300


def centipawns(score):
    return score.relative.score(mate_score=10000)


def play(command, stockfish, seed, engine_white, elo, millis):
    """The game's result and, for each of the engine's moves, (position, move, own score)."""
    board = opening(seed)
    engine = start(command)
    opponent = chess.engine.SimpleEngine.popen_uci(stockfish)
    opponent.configure({"UCI_LimitStrength": True, "UCI_Elo": elo})
    moves = []
    try:
        while not board.is_game_over(claim_draw=True) and board.fullmove_number < MOVE_LIMIT:
            limit = chess.engine.Limit(time=millis / 1000)
            if (board.turn == chess.WHITE) == engine_white:
                info = engine.analyse(board, limit)
                moves.append((board.fen(), info["pv"][0], centipawns(info["score"])))
                board.push(info["pv"][0])
            else:
                board.push(opponent.play(board, limit).move)
    finally:
        engine.quit()
        opponent.quit()
    return board.result(claim_draw=True), moves


def judged(judge, moves, depth):
    """Each move as (cost, engine's score less Stockfish's, whether it was Stockfish's move),
    for the positions within BALANCED of equal."""
    found = []
    for fen, move, own in moves:
        board = chess.Board(fen)
        best = judge.analyse(board, chess.engine.Limit(depth=depth))
        before = centipawns(best["score"])
        if abs(before) >= BALANCED:
            continue
        board.push(move)
        after = -centipawns(judge.analyse(board, chess.engine.Limit(depth=depth - 1))["score"])
        found.append((before - after, own - before, best["pv"][0] == move))
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    command, games = sys.argv[1], int(sys.argv[2])
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    elo = int(sys.argv[4]) if len(sys.argv) > 4 else 2200
    millis = int(sys.argv[5]) if len(sys.argv) > 5 else 100
    depth = int(sys.argv[6]) if len(sys.argv) > 6 else 14
    stockfish = os.environ.get("STOCKFISH", "/usr/games/stockfish")
    judge = chess.engine.SimpleEngine.popen_uci(stockfish)
    found = []
    try:
        for game in range(games):
            engine_white = game % 2 == 0
            result, moves = play(command, stockfish, first + game // 2, engine_white, elo, millis)
            print(f"game {game + 1}: {result}, the engine {'White' if engine_white else 'Black'}", flush=True)
            found += judged(judge, moves, depth)
    finally:
        judge.quit()
    if not found:
        sys.exit("no position within three pawns of equal")
    costs = [cost for cost, _, _ in found]
    print(f"{len(found)} moves within {BALANCED} cp of equal; Stockfish's own move in "
          f"{sum(same for _, _, same in found)}")
    for bound in (50, 100, 200):
        print(f"  costing {bound} cp or more: {sum(cost >= bound for cost in costs)}")
    print(f"  mean cost {statistics.mean(max(cost, 0) for cost in costs):.0f} cp; the engine's score "
          f"less Stockfish's {statistics.mean(gap for _, gap, _ in found):+.0f} cp on average")


if __name__ == "__main__":
    main()
