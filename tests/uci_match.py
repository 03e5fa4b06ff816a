#!/usr/bin/env python3
"""Games between `tabletop uci` and Stockfish through python-chess, a UCI client nobody here
wrote. python-chess validates every move tabletop sends (a `bestmove` that is not legal in
the position is an error), and the games are played on python-chess's own board.

Used by tests/uci.rs (two short games) and by benches/strength.sh (a score with a 95 %
interval). Prints one line per game, then a JSON summary as the last line.
"""

import argparse
import json
import math
import sys

import chess
import chess.engine


def wilson(score, n, z=1.96):
    """The 95 % Wilson interval of a score (wins + draws / 2) out of n games."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tabletop", required=True, help="the tabletop binary")
    ap.add_argument("--stockfish", required=True)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--movetime", type=int, default=50, help="milliseconds per move, both")
    ap.add_argument("--max-plies", type=int, default=80, help="adjudicated a draw after")
    ap.add_argument("--level", type=int, default=5, help="tabletop's Level option")
    ap.add_argument("--skill", type=int, default=0, help="Stockfish's Skill Level")
    args = ap.parse_args()

    tabletop = chess.engine.SimpleEngine.popen_uci([args.tabletop, "uci", "chess"])
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    tabletop.configure({"Level": args.level})
    stockfish.configure({"Skill Level": args.skill, "Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(time=args.movetime / 1000)
    games = []
    score = 0.0
    infos = 0
    try:
        for g in range(args.games):
            tabletop_white = g % 2 == 0
            board = chess.Board()
            for engine in (tabletop, stockfish):
                engine.protocol.send_line("ucinewgame")
            while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
                ours = board.turn == (chess.WHITE if tabletop_white else chess.BLACK)
                engine = tabletop if ours else stockfish
                result = engine.play(board, limit, info=chess.engine.INFO_ALL)
                if result.move is None or result.move not in board.legal_moves:
                    raise SystemExit(
                        f"game {g + 1}: {'tabletop' if ours else 'stockfish'} played an "
                        f"illegal move {result.move} in {board.fen()}"
                    )
                if ours and "depth" in result.info and "score" in result.info:
                    infos += 1
                board.push(result.move)
            outcome = board.outcome(claim_draw=True)
            if outcome is None:
                points, how = 0.5, "draw (adjudicated at the ply cap)"
            else:
                won = outcome.winner == (chess.WHITE if tabletop_white else chess.BLACK)
                points = 0.5 if outcome.winner is None else (1.0 if won else 0.0)
                how = f"{outcome.result()} {outcome.termination.name.lower()}"
            score += points
            colour = "white" if tabletop_white else "black"
            print(f"game {g + 1}: tabletop {colour}, {board.ply()} plies, {how}, tabletop scores {points}")
            sys.stdout.flush()
            games.append({
                "tabletop": colour,
                "plies": board.ply(),
                "points": points,
                "result": board.result(claim_draw=True),
                "over": outcome is not None,
                "moves": [m.uci() for m in board.move_stack],
            })
    finally:
        tabletop.quit()
        stockfish.quit()
    lo, hi = wilson(score, len(games))
    print(json.dumps({
        "games": games,
        "score": score,
        "n": len(games),
        "interval": [lo, hi],
        "tabletop_infos": infos,
    }))


if __name__ == "__main__":
    main()
