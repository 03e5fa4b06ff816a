#!/usr/bin/env python3
"""Skiryuk's Royal Game of Ur (as Dagaz plays it): an independent move generator.

Written from skiryuk_rules.md alone (a copy of the project's rules research), without reading
tabletop's games/ur.game or its tests. Prints perft 1..12 from the start and 20 seeded random
games as JSON:

    python3 tests/oracles/ur/skiryuk_gen.py > tests/oracles/ur/skiryuk.json

Counting convention (given by the project): a roll is a ply; every roll outcome is expanded and
counted once whatever its probability; a roll after which the mover has no move is followed by a
pass (one move); perft(1) from the start counts the rolls.

Choices where the text leaves room, and what this program does:
- Dice: rule 2 says 3 binary dice, 0 marked = 4 steps, so the outcomes are 1, 2, 3, 4 steps
  (four roll outcomes, not five). Random games roll three fair coins.
- Dagaz presets White's first roll to 1; the text calls this an artifact to make configurable.
  Here the first roll is rolled (and expanded) like any other.
- Entering: one move per roll while the reserve is not empty (rule 4), named `reserve`.
- Bearing off: exact roll only (rule 5), named `off`; it is not a rosette landing.
- Only the top piece of a stack moves; a piece's place on its path follows from its cell and
  side (a novice stands on steps 1..13, a veteran on 14..23).
"""
import json
import random
import sys

ROSETTES = {"a1", "a3", "d2", "g1", "g3"}
STACKS = {"b1", "d1", "b3", "d3", "c2", "f2", "g2"}
CELLS = ["a1", "b1", "c1", "d1", "g1", "h1",
         "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
         "a3", "b3", "c3", "d3", "g3", "h3"]
WHITE, BLACK = 0, 1
PIECES = 7


def path(player):
    """Steps 1..23 of the player's path (index 0 is the reserve, 24 is off)."""
    own = "1" if player == WHITE else "3"
    far = "3" if player == WHITE else "1"
    return ([None, "d" + own, "c" + own, "b" + own, "a" + own]
            + [c + "2" for c in "abcdefg"]
            + ["g" + own, "h" + own, "h2", "h" + far, "g" + far]
            + [c + "2" for c in "gfedcba"])


PATHS = [path(WHITE), path(BLACK)]


def step_of(player, cell, veteran):
    """The path step of a piece, from its cell and side."""
    steps = range(14, 24) if veteran else range(1, 14)
    for s in steps:
        if PATHS[player][s] == cell:
            return s
    raise ValueError("piece off its path: %s %s %s" % (player, cell, veteran))


class State:
    """board: cell -> tuple of (player, veteran), bottom first; reserve and off per player."""

    def __init__(self):
        self.board = {c: () for c in CELLS}
        self.reserve = [PIECES, PIECES]
        self.off = [0, 0]
        self.mover = WHITE

    def copy(self):
        s = State.__new__(State)
        s.board = dict(self.board)
        s.reserve = list(self.reserve)
        s.off = list(self.off)
        s.mover = self.mover
        return s

    def key(self):
        return (tuple(self.board[c] for c in CELLS), tuple(self.reserve), tuple(self.off),
                self.mover)

    def over(self):
        return self.off[WHITE] == PIECES or self.off[BLACK] == PIECES

    def moves(self, roll):
        """Legal moves for the mover and roll, as (from, to), from top pieces and the reserve."""
        p = self.mover
        out = []
        starts = []
        if self.reserve[p] > 0:
            starts.append(("reserve", 0))
        for c in CELLS:
            st = self.board[c]
            if st and st[-1][0] == p:
                starts.append((c, step_of(p, c, st[-1][1])))
        for frm, s in starts:
            t = s + roll
            if t > 24:
                continue
            if t == 24:
                out.append((frm, "off"))
                continue
            to = PATHS[p][t]
            vet = t >= 14
            if self.landing_ok(p, to, vet):
                out.append((frm, to))
        return out

    def landing_ok(self, p, to, vet):
        st = self.board[to]
        if to in STACKS:
            if len(st) >= 4:
                return False
            if to == "g2" and st and st[0][0] != p:
                return False
            return True
        if not st:
            return True
        owner, their_vet = st[-1]
        if owner == p or their_vet != vet:
            return False
        if to == "a2" and their_vet:
            return False
        return True

    def play(self, move, roll):
        """Apply a move; return True if the mover rolls again (rosette)."""
        frm, to = move
        p = self.mover
        if frm == "reserve":
            self.reserve[p] -= 1
            s = 0
        else:
            st = self.board[frm]
            s = step_of(p, frm, st[-1][1])
            self.board[frm] = st[:-1]
        t = s + roll
        if to == "off":
            self.off[p] += 1
            again = False
        else:
            vet = t >= 14
            st = self.board[to]
            if to not in STACKS and st:
                self.reserve[st[-1][0]] += 1  # captured, back as a novice
                st = ()
            self.board[to] = st + ((p, vet),)
            again = to in ROSETTES
        if not again:
            self.mover = 1 - p
        return again

    def text(self):
        """The board: occupied cells (stack bottom first: w/b novice, W/B veteran), reserves,
        borne off, side to move."""
        cells = []
        for c in CELLS:
            if self.board[c]:
                cells.append(c + ":" + "".join(
                    ("wb"[o].upper() if v else "wb"[o]) for o, v in self.board[c]))
        return "%s reserve %d/%d off %d/%d %s" % (
            " ".join(cells) or "-", self.reserve[0], self.reserve[1], self.off[0], self.off[1],
            "wb"[self.mover])


ROLLS = (1, 2, 3, 4)


def perft_roll(state, depth, memo):
    """Leaves `depth` plies below a position where the mover is about to roll."""
    if state.over():
        return 0
    if depth == 0:
        return 1
    k = (state.key(), depth, None)
    if k in memo:
        return memo[k]
    n = sum(perft_move(state, r, depth - 1, memo) for r in ROLLS)
    memo[k] = n
    return n


def perft_move(state, roll, depth, memo):
    """Leaves `depth` plies below a rolled position (moves, or one pass)."""
    if depth == 0:
        return 1
    k = (state.key(), depth, roll)
    if k in memo:
        return memo[k]
    ms = state.moves(roll)
    n = 0
    if not ms:
        s = state.copy()
        s.mover = 1 - s.mover
        n = perft_roll(s, depth - 1, memo)
    for m in ms:
        s = state.copy()
        s.play(m, roll)
        n += perft_roll(s, depth - 1, memo)
    memo[k] = n
    return n


def roll_dice(rng):
    marked = sum(rng.randrange(2) for _ in range(3))
    return 4 if marked == 0 else marked


def random_game(seed, max_turns):
    rng = random.Random(seed)
    s = State()
    plies = []
    while not s.over() and len(plies) < max_turns:
        roll = roll_dice(rng)
        mover = s.mover
        ms = s.moves(roll)
        if ms:
            m = rng.choice(ms)
            s.play(m, roll)
            played = "%s-%s" % m
        else:
            s.mover = 1 - s.mover
            played = "pass"
        plies.append({"player": "wb"[mover], "roll": roll,
                      "legal": ["%s-%s" % x for x in ms], "move": played, "board": s.text()})
    return {"seed": seed, "turns": plies, "over": s.over(),
            "winner": ("wb"[WHITE if s.off[WHITE] == PIECES else BLACK] if s.over() else None)}


def main():
    sys.setrecursionlimit(10000)
    memo = {}
    perft = [perft_roll(State(), d, memo) for d in range(1, 13)]
    games = [random_game(seed, 1000) for seed in range(1, 21)]
    head = {
        "source": "tests/oracles/ur/skiryuk_gen.py, written from skiryuk_rules.md only",
        "dice": "3 binary dice, 0 marked = 4 steps; rolls 1..4 each expanded once",
        "cells": "a..h left to right, rows 1 (White) 2 (shared) 3 (Black); reserve, off",
        "moves": "from-to in those names; pass when the roll leaves no move",
        "board": "occupied cells bottom first (w/b novice, W/B veteran), reserve W/B, off W/B, mover",
        "perft": perft,
    }
    # One turn a line keeps the file small and its diffs readable.
    out = json.dumps(head, indent=1)[:-2] + ',\n "games": [\n'
    out += ",\n".join(
        '  {"seed": %d, "over": %s, "winner": %s, "turns": [\n%s\n  ]}' % (
            g["seed"], json.dumps(g["over"]), json.dumps(g["winner"]),
            ",\n".join("   " + json.dumps(t) for t in g["turns"]))
        for g in games)
    sys.stdout.write(out + "\n ]\n}\n")


if __name__ == "__main__":
    main()
