#!/usr/bin/env python3
"""Records OpenSpiel backgammon games as whole turns, for tests/backgammon.rs.

OpenSpiel plays a double as two actions of two checker moves each ("Extra turn"), and its
legal-action list may hold one turn several times (the same checker moves in another order).
This script turns every decision into a whole turn: the set of distinct turns (each a sorted
list of steps "from/to", points as the mover counts them, 25 = the bar, 0 = off), and the turn
played, and under `same` the groups of those turns that leave one position (one play
written several ways: a man moved 13/10/9 or 13/12/9 by a 3-1; OpenSpiel lists both, gnubg
and tabletop one play). The opening counts and `reply_plays` count plays (distinct positions
left). Its first chance outcome also picks who starts; turns are recorded with `mover` 0 for
the player who started and 1 for the other.

Usage (OpenSpiel 2.0.2 from pip: python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install
open_spiel):
    /tmp/osvenv/bin/python tests/oracles/backgammon/record.py > tests/oracles/backgammon/turns.json
It replays openspiel-playthrough.json (OpenSpiel's own playthrough file, 137 plies) and then
plays GAMES random games with seeds 1..GAMES.
"""
import json
import os
import random
import re
import sys

import pyspiel

GAMES = 20
HERE = os.path.dirname(os.path.abspath(__file__))


def steps(state, action):
    """The checker moves of an action as (from, to) points of the mover (25 bar, 0 off)."""
    text = state.action_to_string(action).split(" - ", 1)[-1]
    out = []
    for token in text.split():
        if token == "Pass":
            continue
        m = re.fullmatch(r"([^()]*)(?:\((\d)\))?", token)
        points = [p.rstrip("*") for p in m.group(1).split("/")]
        times = int(m.group(2) or 1)
        points = [25 if p == "Bar" else 0 if p == "Off" else int(p) for p in points]
        for _ in range(times):
            for a, b in zip(points, points[1:]):
                out.append((a, b))
    return out


def key(turn):
    return sorted(f"{a}/{b}" for a, b in turn)


def board(state):
    """The position a turn leaves: OpenSpiel's board drawing, bar and borne-off men."""
    return "\n".join(line for line in str(state).splitlines()
                     if not line.startswith(("Turn:", "Previous player:", "Extra turn:", "Dice:")))


def turns_and_boards(state):
    """Every distinct whole turn at a decision state (a double: both halves), with the
    position it leaves."""
    player = state.current_player()
    turns = {}
    for a in state.legal_actions():
        first = steps(state, a)
        child = state.clone()
        child.apply_action(a)
        if not child.is_terminal() and not child.is_chance_node() and child.current_player() == player:
            for b in child.legal_actions():
                grand = child.clone()
                grand.apply_action(b)
                turns[tuple(key(first + steps(child, b)))] = board(grand)
        else:
            turns[tuple(key(first))] = board(child)
    return turns


def whole_turns(state):
    """Every distinct whole turn at a decision state, sorted."""
    return sorted(list(t) for t in turns_and_boards(state))


def same_play(state):
    """The turns (as indices into `whole_turns`) that leave one position, for every
    position more than one turn leaves: one play written several ways."""
    turns = turns_and_boards(state)
    order = sorted(turns)
    by_board = {}
    for i, t in enumerate(order):
        by_board.setdefault(turns[t], []).append(i)
    return sorted(g for g in by_board.values() if len(g) > 1)


def plays(state):
    """The number of distinct plays: distinct positions a whole turn may leave."""
    return len(set(turns_and_boards(state).values()))


def dice(state):
    text = str(state)
    m = re.search(r"Dice: (\d)(\d)", text)
    hi, lo = sorted((int(m.group(1)), int(m.group(2))), reverse=True)
    return [hi, lo]


def record(game, actions_or_rng):
    """Plays a game from a list of actions, or with a random generator; returns the record."""
    state = game.new_initial_state()
    starter = None
    decisions = []
    pending = None  # the first half of a double
    fixed = isinstance(actions_or_rng, list)
    i = 0
    while not state.is_terminal():
        if state.is_chance_node():
            if fixed:
                a = actions_or_rng[i]
            else:
                outcomes = state.chance_outcomes()
                r = actions_or_rng.random()
                acc = 0.0
                a = outcomes[-1][0]
                for o, p in outcomes:
                    acc += p
                    if r < acc:
                        a = o
                        break
            state.apply_action(a)
            i += 1
            if starter is None:
                starter = state.current_player()
            continue
        player = state.current_player()
        legal = state.legal_actions()
        a = actions_or_rng[i] if fixed else actions_or_rng.choice(legal)
        if pending is None:
            entry = {
                "mover": 0 if player == starter else 1,
                "dice": dice(state),
                "turns": whole_turns(state),
                "same": same_play(state),
            }
            played = steps(state, a)
        else:
            entry, played = pending
            played = played + steps(state, a)
        state.apply_action(a)
        i += 1
        if not state.is_terminal() and not state.is_chance_node() and state.current_player() == player:
            pending = (entry, played)
            continue
        pending = None
        entry["played"] = key(played)
        decisions.append(entry)
    returns = state.returns()
    winner = 0 if returns[starter] > 0 else 1
    return {"decisions": decisions, "winner": winner}


def reply_plays(game):
    """Perft 4 restricted to the openings OpenSpiel has (no double first): for each opening
    roll of the first player, each of its distinct plays, and each of the 21 rolls of the
    other player, the number of distinct plays, all added up."""
    total = 0
    start = game.new_initial_state()
    for outcome, _ in start.chance_outcomes():
        opened = start.clone()
        opened.apply_action(outcome)
        if opened.current_player() != 0:
            continue
        seen = set()
        for a in opened.legal_actions():
            after = opened.clone()
            after.apply_action(a)
            if board(after) in seen:
                continue
            seen.add(board(after))
            rolls = set()
            for roll, _ in after.chance_outcomes():
                child = after.clone()
                child.apply_action(roll)
                pair = tuple(dice(child))
                if pair in rolls:
                    continue
                rolls.add(pair)
                total += plays(child)
    return total


def main():
    game = pyspiel.load_game("backgammon")
    with open(os.path.join(HERE, "openspiel-playthrough.json")) as f:
        playthrough = json.load(f)
    games = [record(game, [p["action"] for p in playthrough["plies"]])]
    for seed in range(1, GAMES + 1):
        games.append(record(game, random.Random(seed)))
    # The opening: the number of distinct plays for each roll the first player may start
    # with (OpenSpiel's opening roll is never a double).
    opening = {}
    start = game.new_initial_state()
    for outcome, _ in start.chance_outcomes():
        child = start.clone()
        child.apply_action(outcome)
        if child.current_player() == 0:
            hi, lo = dice(child)
            opening[f"{hi}{lo}"] = plays(child)
    json.dump({"source": "OpenSpiel 2.0.2 (pip open_spiel), game 'backgammon'",
               "opening": opening, "reply_plays": reply_plays(game), "games": games},
              sys.stdout, separators=(",", ":"))
    print()


if __name__ == "__main__":
    main()
