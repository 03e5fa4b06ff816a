#!/usr/bin/env python3
"""Records fairy-stockfish's perft counts for shogi and mini-shogi positions into perft.txt.

The positions: each variant's start, hand-made positions for the special rules (the two-pawn
rule, pawn-drop mate, forced promotion), and positions from seeded random games played by
fairy-stockfish's own move lists (picked where pieces are in hand or promoted).

Run from the repository root:
  python3 tests/oracles/shogi/record.py [/usr/games/fairy-stockfish [output file]]
Each line of perft.txt: variant <TAB> SFEN <TAB> depth <TAB> nodes.
"""
import random
import subprocess
import sys

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/fairy-stockfish"
OUT = sys.argv[2] if len(sys.argv) > 2 else "tests/oracles/shogi/perft.txt"

HANDMADE = {
    "shogi": [
        # nifu: Black's pawn on file 5 keeps pawn drops off that file
        ("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", 3),
        # uchifuzume: P*1b would mate (gold on 2c guards it, the knight on 3c guards 2a)
        ("8k/9/6NG1/9/9/9/9/9/K8 b P 1", 3),
        # the same for White, the other way up
        ("k8/9/9/9/9/9/1gn6/9/8K w p 2", 3),
        # a pawn drop that checks but does not mate (the king can take it)
        ("8k/9/9/9/9/9/9/9/K8 b P 1", 3),
        # forced promotion: pawn, lance and knight near the last ranks, optional elsewhere
        ("4k4/P1L6/9/2S6/9/9/9/9/4K4 b - 1", 3),  # no unpromoted knight on the last two ranks: no position
        # every kind in both hands
        ("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1", 2),
    ],
    "minishogi": [
        ("4k/5/5/5/K4 b P 1", 3),
        ("2k2/5/2K2/5/5 b P 1", 3),  # P*3b checks, guarded by the king; 2a and 4a are free
        ("k4/2S2/1G3/5/4K b P 1", 3),  # P*5b would mate (gold guards it, silver guards 4a)
        ("k4/5/1G3/5/4K b P 1", 3),
        ("2k2/5/2P2/5/2K2 b P 1", 3),  # nifu on file 3
    ],
}


class Engine:
    def __init__(self, variant):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def perft(self, position, depth):
        self.send(f"position {position}")
        self.send(f"go perft {depth}")
        lines = self.wait("Nodes searched")
        moves = [l.split(":")[0] for l in lines if ": " in l and not l.startswith("Nodes")]
        return int(lines[-1].split(":")[1]), moves

    def sfen(self, position):
        self.send(f"position {position}")
        self.send("d")
        for line in self.wait("Checkers"):
            if line.startswith("Sfen: "):
                return line[len("Sfen: "):]
        raise RuntimeError("no Sfen line")

    def close(self):
        self.send("quit")
        self.p.wait()


def same(a, b):
    """Whether two SFENs are the same position (hands in any order)."""
    return sorted(to_fen(a)) == sorted(to_fen(b)) and a.split()[:2] == b.split()[:2]


def to_fen(sfen):
    """fairy-stockfish's FEN for an SFEN: the hand in brackets, one letter per piece, and the
    side to move as chess's `w` for the first player (sente, SFEN's `b`) and `b` for the
    second."""
    board, side, hand, number = sfen.split()
    pieces, count = "", ""
    for ch in "" if hand == "-" else hand:
        if ch.isdigit():
            count += ch
        else:
            pieces += ch * int(count or "1")
            count = ""
    return f"{board}[{pieces}] {'w' if side == 'b' else 'b'} - - 0 {(int(number) + 1) // 2}"


def random_positions(e, games, seed, want):
    rng = random.Random(seed)
    picked = []
    for g in range(games):
        moves = []
        for ply in range(160):
            _, legal = e.perft("startpos moves " + " ".join(moves), 1)
            if not legal:
                break
            moves.append(rng.choice(legal))
            if ply >= 20 and ply % 17 == 3:
                sfen = e.sfen("startpos moves " + " ".join(moves))
                hand = sfen.split()[2]
                if hand != "-" or "+" in sfen.split()[0]:
                    picked.append(sfen)
                    if len(picked) >= want:
                        return picked
    return picked


def main():
    out = []
    for variant, starts, seed, want, depth in [
        ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 21, 12, 2),
        ("minishogi", "rbsgk/4p/5/P4/KGSBR b - 1", 5, 8, 3),
    ]:
        e = Engine(variant)
        for d in range(1, 6 if variant == "shogi" else 7):
            n, _ = e.perft("startpos", d)
            out.append((variant, starts, d, n))
        for sfen, d in HANDMADE[variant]:
            assert same(e.sfen("fen " + to_fen(sfen)), sfen), sfen
            n, _ = e.perft("fen " + to_fen(sfen), d)
            out.append((variant, sfen, d, n))
        for sfen in random_positions(e, 40, seed, want):
            assert same(e.sfen("fen " + to_fen(sfen)), sfen), sfen
            n, _ = e.perft("fen " + to_fen(sfen), depth)
            out.append((variant, sfen, depth, n))
        e.close()
    with open(OUT, "w") as f:
        f.write("# variant\tSFEN\tdepth\tnodes (fairy-stockfish 11.1, go perft); see record.py\n")
        for v, s, d, n in out:
            f.write(f"{v}\t{s}\t{d}\t{n}\n")
    print(f"{len(out)} lines written to {OUT}")


if __name__ == "__main__":
    main()
