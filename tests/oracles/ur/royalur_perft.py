#!/usr/bin/env python3
"""Perft of the Royal Game of Ur in Finkel's rules, counted by RoyalUr (pip `royalur`).

RoyalUr is the rules library of the RoyalUr.net project, written by people outside this
one; `tests/ur.rs` runs this driver in the test venv and compares its counts with
tabletop's `games/ur-finkel.game`. RoyalUr's `GameSettings.create_finkel()`: the Bell
path, four binary dice, 7 pieces, safe rosettes that grant another roll, captures that
do not.

The counting follows tabletop's perft: a roll is a ply whose every outcome (0 to 4) is
expanded, counted once whatever its probability; a roll that leaves no move is followed
by one pass ply; a won game has no children.

Usage: python royalur_perft.py MAX_DEPTH   (prints "perft D N" for D = 1..MAX_DEPTH)
"""
import sys
from importlib.metadata import version

from royalur import GameSettings
from royalur.game import GameMetadata
from royalur.rules.simple import SimpleRuleSetProvider
from royalur.rules.state import WaitingForMoveGameState, WaitingForRollGameState

SETTINGS = GameSettings.create_finkel()
RULES = SimpleRuleSetProvider().create(SETTINGS, GameMetadata.create_for_new_game(SETTINGS))
DICE = SETTINGS.dice()


def children(state):
    """The states one ply below: RoyalUr's own states, with tabletop's pass ply made
    explicit (RoyalUr goes from a roll without moves straight to the other player's roll)."""
    if isinstance(state, WaitingForRollGameState):
        out = []
        for value in range(DICE.get_max_roll_value() + 1):
            after = RULES.apply_roll(state, DICE.generate_roll(value))[-1]
            # No move for this roll: the pass is a ply of its own.
            out.append(("pass", after) if not isinstance(after, WaitingForMoveGameState) else after)
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


def main():
    depth = int(sys.argv[1])
    start = RULES.generate_initial_game_state()
    print(f"royalur {version('royalur')}")
    for d in range(1, depth + 1):
        print(f"perft {d} {perft(start, d)}")


if __name__ == "__main__":
    main()
