#!/usr/bin/env python3
"""Records the Royal Game of Ur in Finkel's rules as RoyalUr (pip `royalur`) plays it.

RoyalUr is the rules library of the RoyalUr.net project, written outside this one. This
writes `finkel.json`: perft 1..MAX_DEPTH from the start, and GAMES seeded random games
with, before every move, the roll, every legal move and the move played, and after it the
board, each side's reserve and borne-off pieces and whose turn it is. `tests/ur.rs` replays
the record against `games/ur-finkel.game`, so the test needs no Python.

RoyalUr's settings: `GameSettings.create_finkel()` (Bell's paths, four binary dice, 7
pieces, safe rosettes that grant another roll, captures that do not).

Cells are written in tabletop's names: RoyalUr's tile (x, y) is column letter y (a = 1)
and row 1 for x = 1 (Light, tabletop's White, who starts), row 2 for the shared middle
x = 2, row 3 for x = 3 (Dark, Black). Moves: `in-d1` (a piece entering), `a2-d2`,
`a2xe2` (a capture), `h2-off` (bearing off), `pass` (a roll with no move: RoyalUr goes
straight to the other player's roll; tabletop plays a pass ply).

Perft counts as tabletop's does: a roll is a ply whose every outcome (0 to 4) is
expanded, counted once whatever its probability; a roll without a move is followed by a
pass ply; a won game has no children.

Usage: python record.py MAX_DEPTH GAMES SEED > finkel.json
"""
import json
import random
import sys
from importlib.metadata import version

from royalur import GameSettings
from royalur.game import GameMetadata
from royalur.model.player import PlayerType
from royalur.rules.simple import SimpleRuleSetProvider
from royalur.rules.state import WaitingForMoveGameState, WaitingForRollGameState

SETTINGS = GameSettings.create_finkel()
RULES = SimpleRuleSetProvider().create(SETTINGS, GameMetadata.create_for_new_game(SETTINGS))
DICE = SETTINGS.dice()


def cell(tile):
    return "abcdefgh"[tile.y - 1] + str(tile.x)


def move_name(m):
    frm = "in" if m.is_introducing_piece() else cell(m.source)
    to = "off" if m.is_scoring_piece() else cell(m.dest)
    return f"{frm}{'x' if m.is_capture() else '-'}{to}"


def children(state):
    """The states one ply below, with tabletop's pass ply made explicit."""
    if isinstance(state, WaitingForRollGameState):
        out = []
        for value in range(DICE.get_max_roll_value() + 1):
            after = RULES.apply_roll(state, DICE.generate_roll(value))[-1]
            out.append(after if isinstance(after, WaitingForMoveGameState) else ("pass", after))
        return out
    if isinstance(state, tuple):
        return [state[1]]
    if isinstance(state, WaitingForMoveGameState):
        return [RULES.apply_move(state, m)[-1] for m in state.available_moves]
    return []  # a won game


def perft(state, depth):
    if depth == 0:
        return 1
    return sum(perft(c, depth - 1) for c in children(state))


def side(player):
    return "White" if player == PlayerType.LIGHT else "Black"


def snapshot(state):
    """The board (occupied cells, sorted), reserves and scores, and who is to roll."""
    board = {}
    for x in range(1, 4):
        for y in range(1, 9):
            p = state.board.get_by_indices(x - 1, y - 1) if state.board.contains_indices(x - 1, y - 1) else None
            if p is not None:
                board["abcdefgh"[y - 1] + str(x)] = "W" if p.owner == PlayerType.LIGHT else "B"
    out = {
        "board": dict(sorted(board.items())),
        "reserve": [state.light_player.piece_count, state.dark_player.piece_count],
        "off": [state.light_player.score, state.dark_player.score],
    }
    if state.is_finished():
        out["winner"] = side(state.get_winner())
    else:
        out["to_move"] = side(state.get_turn())
    return out


def random_game(rng):
    """One game: roll by the dice's odds, play a random legal move."""
    state = RULES.generate_initial_game_state()
    plies = []
    while not state.is_finished():
        roll = DICE.roll()  # the dice's own odds, from Python's random (seeded below)
        mover = side(state.get_turn())
        after = RULES.apply_roll(state, roll)[-1]
        if isinstance(after, WaitingForMoveGameState):
            legal = sorted(move_name(m) for m in after.available_moves)
            chosen = rng.choice(after.available_moves)
            played = move_name(chosen)
            state = RULES.apply_move(after, chosen)[-1]
        else:
            legal, played, state = ["pass"], "pass", after
        plies.append({"mover": mover, "roll": roll.value, "legal": legal, "move": played,
                      "after": snapshot(state)})
    return {"plies": plies, "winner": side(state.get_winner())}


def main():
    depth, games, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    random.seed(seed)
    rng = random.Random(seed)
    start = RULES.generate_initial_game_state()
    record = {
        "source": f"RoyalUr (pip royalur {version('royalur')}), GameSettings.create_finkel()",
        "command": f"python record.py {depth} {games} {seed}",
        "perft": [perft(start, d) for d in range(1, depth + 1)],
        "games": [random_game(rng) for _ in range(games)],
    }
    json.dump(record, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
