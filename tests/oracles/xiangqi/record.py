#!/usr/bin/env python3
"""Regenerates tests/oracles/xiangqi/perft.txt: fairy-stockfish's perft counts (depths 1-3)
on xiangqi positions taken from seeded random games, plus a few written by hand (facing
generals, blocked horses and elephants, cannon screens).

Run from the repository root:  python3 tests/oracles/xiangqi/record.py
Needs Debian's fairy-stockfish (/usr/games/fairy-stockfish; `apt-get install fairy-stockfish`).
Output lines: `<fen> ; <perft 1> <perft 2> <perft 3>`, read by tests/xiangqi.rs.
"""
import random
import subprocess
import sys

ENGINE = "/usr/games/fairy-stockfish"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
SEED = 21
GAMES = 300
WANT_CHECKS = 6
WANT_OTHERS = 10
# Written by hand: each tests one rule at shallow depth.
BY_HAND = [
    # Generals on neighbouring files: Red's general may not step onto the open e file.
    "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
    # A red horse hobbled by its own advisor, a black elephant with a blocked eye. (Soldiers
    # as the blockers, on files or rows no soldier reaches, made a position tabletop refuses
    # as unreachable.)
    "2bk5/3n5/9/9/9/9/3N5/3A5/9/4K4 w - - 0 1",
    # Cannons with screens of both colours, one giving check through a screen.
    "3k5/4a4/4c4/9/4P4/9/C3R3c/9/4A4/4K4 w - - 0 1",
    # The only piece between the generals is pinned to its file.
    "4k4/9/9/9/4R4/9/9/9/9/4K4 b - - 0 1",
]


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("fairy-stockfish stopped")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def perft(self, fen, depth):
        """(node count, moves at the root) of `go perft depth` from `fen`."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        lines = self.wait("Nodes searched:")
        moves = [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")
                 and l.split(":")[0].isalnum()]
        return int(lines[-1].split(":")[1]), moves

    def after(self, fen, move):
        """The FEN after `move`, and whether the side to move is in check."""
        self.send(f"position fen {fen} moves {move}")
        self.send("d")
        lines = self.wait("Checkers:")
        new = next(l[len("Fen: "):] for l in lines if l.startswith("Fen: "))
        return new, lines[-1].strip() != "Checkers:"


def main():
    eng = Engine()
    rng = random.Random(SEED)
    checks, others = [], []
    for _ in range(GAMES):
        fen = START
        plies = rng.randrange(8, 90)
        in_check = False
        for _ in range(plies):
            _, moves = eng.perft(fen, 1)
            if not moves:
                break
            fen, in_check = eng.after(fen, rng.choice(moves))
        if eng.perft(fen, 1)[0] == 0:
            continue
        (checks if in_check else others).append(fen)
    chosen = checks[:WANT_CHECKS] + others[:WANT_OTHERS] + BY_HAND
    out = ["# fairy-stockfish (UCI_Variant xiangqi) `go perft N`, N = 1, 2, 3; regenerate with",
           "# python3 tests/oracles/xiangqi/record.py"]
    for fen in chosen:
        counts = [eng.perft(fen, d)[0] for d in (1, 2, 3)]
        out.append(f"{fen} ; {' '.join(map(str, counts))}")
    eng.send("quit")
    with open("tests/oracles/xiangqi/perft.txt", "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(chosen)} positions ({len(checks[:WANT_CHECKS])} in check)")


if __name__ == "__main__":
    main()
