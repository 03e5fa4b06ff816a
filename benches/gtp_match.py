#!/usr/bin/env python3
"""Go games between `tabletop gtp go` and GNU Go, relayed move by move over GTP (no library
needed), colours alternating; GNU Go (with Chinese rules, area counting like tabletop's)
scores each game. Used by benches/strength.sh. Prints one line per game, then a JSON
summary as the last line.
"""

import argparse
import json
import math
import subprocess


class Gtp:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def send(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"{command}: the program closed its output")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise SystemExit(f"{command}: {answer}")
        return answer[1:].strip()

    def quit(self):
        try:
            self.send("quit")
        except SystemExit:
            pass
        self.p.wait()


def wilson(score, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabletop", required=True)
    ap.add_argument("--gnugo", required=True)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--gnugo-level", type=int, default=1)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--first", type=int, default=1, help="number of the first game (its seed)")
    ap.add_argument("--moves", action="store_true", help="print each game's moves")
    ap.add_argument("--no-resign", action="store_true",
                    help="tabletop plays every game out instead of resigning a lost one")
    args = ap.parse_args()
    score = 0.0
    games = []
    for g in range(args.first - 1, args.first - 1 + args.games):
        tabletop_black = g % 2 == 0
        ours = Gtp([args.tabletop, "gtp", "go", "--level", str(args.level), "--seed", str(g + 1)]
                   + (["--no-resign"] if args.no_resign else []))
        theirs = Gtp([args.gnugo, "--mode", "gtp", "--level", str(args.gnugo_level),
                      "--chinese-rules", "--positional-superko", "--capture-all-dead",
                      "--seed", str(g + 1)])
        for e in (ours, theirs):
            e.send(f"boardsize {args.size}")
            e.send("clear_board")
            e.send("komi 7.5")
        passes, plies, resigned = 0, 0, None
        record = []
        colour = "b"
        while passes < 2 and plies < args.max_plies:
            mover, other = (ours, theirs) if (colour == "b") == tabletop_black else (theirs, ours)
            move = mover.send(f"genmove {colour}")
            if move.lower() == "resign":
                resigned = colour
                break
            other.send(f"play {colour} {move}")
            record.append(move)
            passes = passes + 1 if move.lower() == "pass" else 0
            plies += 1
            colour = "w" if colour == "b" else "b"
        if resigned:
            winner = "w" if resigned == "b" else "b"
            result = f"{winner.upper()}+R"
        else:
            result = theirs.send("final_score")
            winner = result[0].lower() if result[0] in "BW" else None
        ours_colour = "b" if tabletop_black else "w"
        points = 0.5 if winner is None else (1.0 if winner == ours_colour else 0.0)
        score += points
        print(f"game {g + 1}: tabletop {'black' if tabletop_black else 'white'}, {plies} plies, "
              f"{result}, tabletop scores {points}", flush=True)
        if args.moves:
            print("  moves: " + " ".join(record), flush=True)
        games.append({"tabletop": ours_colour, "plies": plies, "result": result, "points": points})
        ours.quit()
        theirs.quit()
    lo, hi = wilson(score, len(games))
    print(json.dumps({"games": games, "score": score, "n": len(games), "interval": [lo, hi]}))


if __name__ == "__main__":
    main()
