"""Records pydraughts' `russian` variant for tests/russian_draughts.rs (or another 8 x 8
variant, named by the fourth argument: `brazilian`).

Writes russian.json (<variant>.json): perft from the start, seeded random games from the start, and seeded
random games from random positions with kings, with the legal move set at every ply. A move is written as its squares from the start through every landing, in algebraic
names (a1 is White's dark corner), joined by spaces: "c3 e5 g3". Run from this folder:
    python record_russian.py 5 30 20  (perft depth, games from the start, games with kings;
    pydraughts 0.6.7)
"""
import json
import random
import sys

import draughts


def name(n):
    """pydraughts' square number (1-32, four a row from White's side) to algebraic."""
    row = (n - 1) // 4          # 0 = White's first row
    k = (n - 1) % 4
    col = 2 * k + (row % 2)     # even rows (1, 3, ...) use a, c, e, g
    return "abcdefgh"[col] + str(row + 1)


def text(m):
    return " ".join(name(n) for n in m.steps_move)


DARK = [name(n) for n in range(1, 33)]


def random_start(rng):
    """A random position with kings: (pydraughts FEN, our position string)."""
    cells = rng.sample(DARK, rng.randint(6, 12))
    pieces = {}
    for i, c in enumerate(cells):
        white = i % 2 == 0
        row = int(c[1])
        king = rng.random() < 0.4 or (white and row == 8) or (not white and row == 1)
        pieces[c] = ("W" if king else "w") if white else ("B" if king else "b")
    fen = "W:W" + ",".join(("K" if p == "W" else "") + c for c, p in pieces.items() if p in "Ww")
    fen += ":B" + ",".join(("K" if p == "B" else "") + c for c, p in pieces.items() if p in "Bb")
    rows = []
    for row in range(8, 0, -1):
        text, empty = "", 0
        for col in "abcdefgh":
            c = col + str(row)
            if c not in DARK:
                continue
            if c in pieces:
                text += (str(empty) if empty else "") + pieces[c]
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return fen, "/".join(rows) + " White"


def perft(b, d):
    if d == 0:
        return 1
    n = 0
    for m in b.legal_moves():
        b.push(m)
        n += perft(b, d - 1)
        b.pop()
    return n


def main():
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    kings = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    variant = sys.argv[4] if len(sys.argv) > 4 else "russian"
    out = {
        "source": f"pydraughts 0.6.7, variant '{variant}' (tests/oracles/pydraughts/record_russian.py)",
        "perft": [perft(draughts.Board(variant=variant), d) for d in range(1, depth + 1)],
        "games": [],
    }
    rng = random.Random(44)
    for g in range(games + kings):
        start, ours = "startpos", None
        if g >= games:
            start, ours = random_start(rng)
        b = draughts.Board(variant=variant, fen=start)
        plies = []
        while not b.is_over() and len(plies) < 300:
            moves = b.legal_moves()
            legal = sorted(text(m) for m in moves)
            m = rng.choice(moves)
            plies.append({"legal": legal, "played": text(m)})
            b.push(m)
        winner = b.winner() if b.is_over() else None
        out["games"].append({
            "start": ours,
            "fen": start,
            "plies": plies,
            "over": b.is_over(),
            "final_legal": sorted(text(m) for m in b.legal_moves()),
            "winner": {2: "White", 1: "Black", 0: "draw", None: None}.get(winner, str(winner)),
        })
        print(g, len(plies), winner, file=sys.stderr)
    with open(f"{variant}.json", "w") as f:
        json.dump(out, f, indent=0, separators=(",", ":"))


if __name__ == "__main__":
    main()
