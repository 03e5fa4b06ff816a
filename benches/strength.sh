#!/usr/bin/env bash
# Strength measure (not a test, and not timed): tabletop at a level against GNU Go level 1
# (9×9 Go, both over GTP) and against Stockfish at Skill Level 0 (chess, over UCI through
# python-chess), colours alternating; prints each series' score with a 95 % (Wilson)
# interval.
#
#   benches/strength.sh [GAMES] [LEVEL] [MOVETIME_MS]
#
# GAMES per series (default 10), tabletop's LEVEL (default 5), Stockfish's and tabletop's
# time per chess move (default 200 ms; tabletop's level still caps its depth). Chess games
# are adjudicated a draw after 200 plies. Needs gnugo and stockfish (Debian puts them in
# /usr/games) and a Python with python-chess: TABLETOP_PYTHON, or the venv tests/uci.rs
# makes in the build folder. Builds the release binary first (TABLETOP may name a binary
# instead).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
games="${1:-10}"
level="${2:-5}"
movetime="${3:-200}"
target="${CARGO_TARGET_DIR:-$here/target}"
PATH="$PATH:/usr/games"

if [[ -n "${TABLETOP:-}" ]]; then
    tabletop="$TABLETOP"
else
    (cd "$here" && cargo build --release --quiet)
    tabletop="$target/release/tabletop"
fi
python="${TABLETOP_PYTHON:-$target/uci-pyenv/bin/python}"
if ! "$python" -c 'import chess.engine' 2>/dev/null; then
    python3 -m venv "$target/uci-pyenv"
    "$target/uci-pyenv/bin/python" -m pip install --quiet chess
    python="$target/uci-pyenv/bin/python"
fi

summary() {
    # One line per game, then the JSON summary: score, games and interval.
    python3 -c '
import json, sys
lines = sys.stdin.read().splitlines()
print("\n".join(lines[:-1]))
s = json.loads(lines[-1])
lo, hi = s["interval"]
n = max(1, s["n"])
print("  score %g / %d = %.0f%% (95%% interval %.0f%%-%.0f%%)" % (s["score"], s["n"], 100 * s["score"] / n, 100 * lo, 100 * hi))'
}

echo "tabletop level $level vs GNU Go level 1, 9x9 Go, komi 7.5, $games games"
python3 "$here/benches/gtp_match.py" --tabletop "$tabletop" --gnugo "$(command -v gnugo)" \
    --games "$games" --level "$level" | summary

echo "tabletop level $level vs Stockfish Skill Level 0, chess, $movetime ms a move, $games games"
"$python" "$here/tests/uci_match.py" --tabletop "$tabletop" --stockfish "$(command -v stockfish)" \
    --games "$games" --level "$level" --skill 0 --movetime "$movetime" --max-plies 200 \
    | summary
