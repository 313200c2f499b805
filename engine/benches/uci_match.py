#!/usr/bin/env python3
"""Two UCI chess engines play each other; prints the first's score after every game.

    python3 engine/benches/uci_match.py "A uci" "B uci" GAMES MILLIS WORKERS [FIRST_OPENING]

An engine's command may end with its UCI options after a semicolon, as
"rookery uci; Skill Level=7; Hash=64", to play one build against itself set otherwise.

How search and evaluation changes are judged (docs/player.md, "Strength"): build `rookery`
before and after a change, copy both binaries aside, and let them play with `go movetime
MILLIS`. Opening n (from FIRST_OPENING, default 0) is four random plies drawn from seed n;
games 2n and 2n+1 play it with A as White and as Black, so an unbalanced opening counts for
neither side. Games end by python-chess's rules (mate, stalemate, insufficient material,
claimable threefold repetition or fifty moves) or at move 300 as a draw. WORKERS games run at
once, each with its own two engine processes: on a shared machine keep WORKERS at most the
number of idle cores, as a starved engine searches less deep.

The score line gives the mean with two standard errors and the Elo difference they mean.
Needs python-chess (`pip install chess`).
"""
import math
import random
import sys
import threading

import chess
import chess.engine

MOVE_LIMIT = 300


def opening(seed):
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(4):
        board.push(rng.choice(list(board.legal_moves)))
    return board


def start(command):
    """The engine a command starts, with the options after its first semicolon set."""
    program, *options = command.split(";")
    engine = chess.engine.SimpleEngine.popen_uci(program.split())
    engine.configure(dict(option.strip().split("=", 1) for option in options if option.strip()))
    return engine


def play(commands, board, first_is_white, millis):
    """A's score (1, 0.5 or 0) and the game's length in moves."""
    first, second = (start(command) for command in commands)
    white, black = (first, second) if first_is_white else (second, first)
    try:
        while not board.is_game_over(claim_draw=True) and board.fullmove_number < MOVE_LIMIT:
            mover = white if board.turn == chess.WHITE else black
            board.push(mover.play(board, chess.engine.Limit(time=millis / 1000)).move)
    finally:
        first.quit()
        second.quit()
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5, board.fullmove_number
    return (1.0 if (outcome.winner == chess.WHITE) == first_is_white else 0.0), board.fullmove_number


def elo(score):
    return -400 * math.log10(1 / score - 1) if 0 < score < 1 else math.copysign(math.inf, score - 0.5)


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    commands = sys.argv[1:3]
    games, millis, workers = (int(arg) for arg in sys.argv[3:6])
    first_opening = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    lock = threading.Lock()
    waiting = list(range(games))
    scores = []

    def work():
        while True:
            with lock:
                if not waiting:
                    return
                game = waiting.pop(0)
            board = opening(first_opening + game // 2)
            score, moves = play(commands, board, game % 2 == 0, millis)
            with lock:
                scores.append(score)
                n, total = len(scores), sum(scores)
                mean = total / n
                spread = 2 * math.sqrt(sum((s - mean) ** 2 for s in scores) / n / n)
                low, high = elo(max(mean - spread, 1e-9)), elo(min(mean + spread, 1 - 1e-9))
                print(
                    f"game {game}: {score} ({moves} moves)  total {total}/{n} = {mean:.3f} ± {spread:.3f}"
                    f"  Elo {elo(mean):+.0f} ({low:+.0f} to {high:+.0f})",
                    flush=True,
                )

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


if __name__ == "__main__":
    main()
