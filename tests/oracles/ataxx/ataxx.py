#!/usr/bin/env python3
"""An independent Ataxx move generator (7 x 7, no blocked cells), written from the rules
alone without reading tabletop's code, to record oracle data for tests/ataxx.rs.

Rules: Black moves first; Black has a7 and g1, White g7 and a1. A move clones a stone to an
empty cell next to it (8 neighbours; the move is named by the new cell, `b2`, however many
stones could clone there) or jumps a stone to an empty cell at distance exactly two
(Chebyshev; written `a1-c3`). Every enemy stone next to the landing cell turns. A player
with no move passes (`pass`) if the other can move. The game is over when a side has no
stones (it loses), or when neither side can move (the board full, or both stuck): more
stones wins, equal is a draw.

Usage: python3 ataxx.py > ataxx.json   (seeded: the output is the same on every run)
"""
import json
import random

N = 7
BLACK, WHITE = "x", "o"


def name(c, r):
    return "abcdefg"[c] + str(r + 1)


def start():
    b = {}
    b[(0, 6)] = BLACK
    b[(6, 0)] = BLACK
    b[(6, 6)] = WHITE
    b[(0, 0)] = WHITE
    return b


def other(p):
    return WHITE if p == BLACK else BLACK


def cells():
    return [(c, r) for r in range(N) for c in range(N)]


def raw_moves(b, p):
    """Clones (by destination) then jumps, as (from, to) with from None for a clone."""
    out = []
    for (c, r) in cells():
        if (c, r) in b:
            continue
        if any(
            b.get((c + dc, r + dr)) == p
            for dc in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if (dc, dr) != (0, 0)
        ):
            out.append((None, (c, r)))
    for (c, r), q in b.items():
        if q != p:
            continue
        for dc in range(-2, 3):
            for dr in range(-2, 3):
                if max(abs(dc), abs(dr)) != 2:
                    continue
                t = (c + dc, r + dr)
                if 0 <= t[0] < N and 0 <= t[1] < N and t not in b:
                    out.append(((c, r), t))
    return out


def over(b, p):
    """The result if the game is over with `p` to move: 'x', 'o', 'draw', else None."""
    nx = sum(1 for q in b.values() if q == BLACK)
    no = sum(1 for q in b.values() if q == WHITE)
    if nx == 0:
        return WHITE
    if no == 0:
        return BLACK
    if not raw_moves(b, p) and not raw_moves(b, other(p)):
        return BLACK if nx > no else WHITE if no > nx else "draw"
    return None


def legal(b, p):
    """The legal moves as (text, from, to); [] when the game is over."""
    if over(b, p) is not None:
        return []
    ms = raw_moves(b, p)
    if not ms:
        return [("pass", None, None)]
    return [
        (name(*t) if f is None else name(*f) + "-" + name(*t), f, t) for f, t in ms
    ]


def play(b, p, m):
    _, f, t = m
    b = dict(b)
    if t is None:
        return b
    if f is not None:
        del b[f]
    b[t] = p
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            n = (t[0] + dc, t[1] + dr)
            if b.get(n) == other(p):
                b[n] = p
    return b


def perft(b, p, d):
    if d == 0:
        return 1
    return sum(perft(play(b, p, m), other(p), d - 1) for m in legal(b, p))


def random_game(rng, limit):
    b, p = start(), BLACK
    moves, legals = [], []
    while len(moves) < limit:
        ms = legal(b, p)
        if not ms:
            break
        legals.append(" ".join(sorted(m[0] for m in ms)))
        m = rng.choice(ms)
        moves.append(m[0])
        b, p = play(b, p, m), other(p)
    res = over(b, p)
    result = {BLACK: "Black", WHITE: "White", "draw": "draw", None: None}[res]
    return {"moves": moves, "legal": legals, "result": result}


def main():
    rng = random.Random(44)
    b = start()
    data = {
        "_about": "Ataxx 7x7 from tests/oracles/ataxx/ataxx.py (seed 44): perft from the start, "
        "and random games with the sorted legal moves before every ply (space-separated)",
        "perft": [perft(b, BLACK, d) for d in range(1, 5)],
        # Games long enough to fill the board, and a few that jump a lot (a jump-only player
        # drains its side and meets passes and wipe-outs).
        "games": [random_game(rng, 400) for _ in range(20)],
    }
    print(json.dumps(data, indent=None, separators=(",", ":")))


if __name__ == "__main__":
    main()
