"""Fits Rookery's chess network to positions labelled by another engine.

python3 train_network.py OUT FILE... [hidden=64] [epochs=16] [batch=1024] [rate=0.005] [threads=1]

Each FILE holds `FEN | White's expected result` lines (`texel label`), a game's positions
together. The last tenth of each file is held out: whole games the fit never sees, since the
positions of one game are alike and a random tenth would flatter the fit. OUT is written in
the format `engine/src/search/network.rs` reads, from the epoch that erred least on the held-out
games. Needs numpy and PyTorch (`pip install numpy torch`); see docs/player.md.
"""
import struct
import sys

import numpy as np
import torch

PIECES = 'PNBRQK'
KINDS, CELLS = 6, 64
FEATURES = 2 * KINDS * CELLS
# The index of "no piece": a row of zeros, so each position's list can be padded to MOST_PIECES.
PAD = FEATURES
MOST_PIECES = 32
# Quantisation: a hidden unit's activation is held in 0..QA, an output weight times QB.
QA, QB = 255, 64


def features(fen):
    """The side to move's inputs, the other side's, and whether White is to move.

    Each side sees the board from its own side (ranks counted from it): a piece is its own or
    the enemy's, of a kind, on a cell.
    """
    board, turn = fen.split()[:2]
    white_to_move = turn == 'w'
    own, theirs = [], []
    for row_index, row in enumerate(board.split('/')):
        rank, file = 7 - row_index, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            kind, white = PIECES.index(ch.upper()), ch.isupper()
            for view_white, into in ((white_to_move, own), (not white_to_move, theirs)):
                seen_rank = rank if view_white else 7 - rank
                enemy = 0 if white == view_white else 1
                into.append(enemy * KINDS * CELLS + kind * CELLS + seen_rank * 8 + file)
            file += 1
    return own, theirs, white_to_move


def load(path):
    """A file's positions as two padded index arrays and the side to move's expected result."""
    lines = [line for line in open(path) if '|' in line]
    own = np.full((len(lines), MOST_PIECES), PAD, dtype=np.int64)
    theirs = np.full((len(lines), MOST_PIECES), PAD, dtype=np.int64)
    result = np.empty(len(lines), dtype=np.float32)
    for i, line in enumerate(lines):
        fen, label = line.rsplit('|', 1)
        mine, yours, white = features(fen.strip())
        own[i, :len(mine)] = mine
        theirs[i, :len(yours)] = yours
        y = float(label)
        result[i] = y if white else 1 - y
    return own, theirs, result


def mirrored(indices):
    """The same inputs with the files turned round (a to h), padding kept."""
    cell_file = indices % 8
    flipped = indices - cell_file + (7 - cell_file)
    return np.where(indices == PAD, PAD, flipped)


class Network(torch.nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.inputs = torch.nn.EmbeddingBag(FEATURES + 1, hidden, mode='sum', padding_idx=PAD)
        torch.nn.init.normal_(self.inputs.weight, std=0.05)
        with torch.no_grad():
            self.inputs.weight[PAD].zero_()
        self.bias = torch.nn.Parameter(torch.full((hidden,), 0.25))
        self.out = torch.nn.Linear(2 * hidden, 1)

    def logit(self, own, theirs):
        a = torch.clamp(self.inputs(own) + self.bias, 0, 1)
        b = torch.clamp(self.inputs(theirs) + self.bias, 0, 1)
        return self.out(torch.cat([a, b], 1)).squeeze(1)


def export(net, path):
    hidden = net.bias.numel()

    def whole(tensor, scale):
        return np.clip(np.rint(tensor.detach().numpy().astype(np.float64) * scale), -32767, 32767).astype('<i2')

    with open(path, 'wb') as out:
        out.write(b'RKNN' + struct.pack('<4H', 1, KINDS, CELLS, hidden))
        out.write(whole(net.inputs.weight[:FEATURES], QA).tobytes())
        out.write(whole(net.bias, QA).tobytes())
        out.write(whole(net.out.weight.flatten(), QB).tobytes())
        out.write(struct.pack('<i', round(net.out.bias.item() * QA * QB)))


def main():
    args = [a for a in sys.argv[1:] if '=' not in a]
    options = dict(a.split('=', 1) for a in sys.argv[1:] if '=' in a)
    hidden, epochs = int(options.get('hidden', 64)), int(options.get('epochs', 16))
    size = int(options.get('batch', 1024))
    torch.set_num_threads(int(options.get('threads', 1)))
    if len(args) < 2:
        sys.exit(__doc__)
    out, paths = args[0], args[1:]
    train, held = [], []
    for path in paths:
        own, theirs, result = load(path)
        cut = len(result) - len(result) // 10
        train.append((own[:cut], theirs[:cut], result[:cut]))
        held.append((own[cut:], theirs[cut:], result[cut:]))
        print(f'{path}: {cut} positions to fit, {len(result) - cut} held out', flush=True)
    own, theirs, result = (np.concatenate(parts) for parts in zip(*train))
    held_own, held_theirs, held_result = (torch.from_numpy(np.concatenate(parts)) for parts in zip(*held))
    torch.manual_seed(1)
    rng = np.random.default_rng(1)
    net = Network(hidden)
    rate = float(options.get('rate', 5e-3))
    opt = torch.optim.Adam(net.parameters(), lr=rate)
    steps = epochs * ((len(result) + size - 1) // size)
    schedule = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=rate, total_steps=steps, pct_start=0.1)
    best = None
    for epoch in range(epochs):
        order = rng.permutation(len(result))
        total = 0.0
        for start in range(0, len(order), size):
            pick = order[start:start + size]
            a, b = own[pick], theirs[pick]
            # Half of each batch seen mirrored: a position and its mirror image are worth the
            # same but for castling, which the network does not see.
            flip = rng.random(len(pick)) < 0.5
            a[flip], b[flip] = mirrored(a[flip]), mirrored(b[flip])
            y = torch.from_numpy(result[pick])
            loss = ((torch.sigmoid(net.logit(torch.from_numpy(a), torch.from_numpy(b))) - y) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            schedule.step()
            with torch.no_grad():
                net.inputs.weight[PAD].zero_()
            total += loss.item() * len(pick)
        with torch.no_grad():
            error = ((torch.sigmoid(net.logit(held_own, held_theirs)) - held_result) ** 2).mean().item()
        print(f'epoch {epoch}: fitted {total / len(result):.6f} held out {error:.6f}', flush=True)
        if best is None or error < best:
            best = error
            export(net, out)
    print(f'kept the epoch with the least held-out error, {best:.6f}', flush=True)


main()
