#!/usr/bin/env bash
# Checks the examples of the documentation against the real program.
#
#   docs/check-examples.sh [file.md ...]      (default: docs/language.md docs/cli.md)
#
# * every ```game block must be a whole rule file that `tabletop check` and
#   `tabletop describe` accept (exit code 0);
# * every ```game-error block must be rejected with exit code 1, and the ```text block right
#   after it must be exactly what `tabletop check example.game` prints;
# * in a ```text block that starts with a `$ tabletop …` line, each `$ tabletop …` command is
#   run from the repository's root and its output (standard output and error together) must
#   be the lines that follow it, up to the next `$` line. Timings (`0.034s`, `nps 123`) are
#   not compared; `play`, `bench` and `serve` (a server that runs until stopped; tests/web_api.rs
#   checks it) commands are not run, nor the protocol engines (`gtp`,
#   `uci`), whose transcripts interleave what was typed with the answers and are checked by
#   their own tests (tests/gtp.rs, tests/uci.rs).
#
# Uses $TABLETOP if set, else builds and runs target/release/tabletop.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -z "${TABLETOP:-}" ]]; then
    (cd "$root" && cargo build --release --quiet)
    TABLETOP="$root/target/release/tabletop"
fi
files=("$@")
[[ ${#files[@]} -eq 0 ]] && files=("$root/docs/language.md" "$root/docs/cli.md")

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
checked=0

# Hides what changes from run to run: times and rates.
mask() { sed -E 's/[0-9]+(\.[0-9]+)?s\b/<time>/g; s/nps [0-9]+/nps <n>/g'; }

# Runs the `$ tabletop …` transcripts of one text block ($1), reporting against $2:$3.
check_transcript() {
    local block="$1" md="$2" line="$3" cmd="" expected="" l
    run_one() {
        [[ -z "$cmd" ]] && return 0
        case " $cmd " in
            *" play "* | *" bench "* | *" gtp "* | *" uci "* | *" serve"*) return 0 ;;
        esac
        checked=$((checked + 1))
        local got
        got=$(cd "$root" && eval "${cmd/#tabletop/\"\$TABLETOP\"}" 2>&1 | mask) || true
        if [[ "$got" != "$(printf '%s' "$expected" | mask)" ]]; then
            echo "$md:$line: '\$ $cmd' prints something else:" >&2
            diff <(printf '%s\n' "$expected" | mask) <(printf '%s\n' "$got") >&2 || true
            failed=$((failed + 1))
        fi
    }
    while IFS= read -r l || [[ -n "$l" ]]; do
        if [[ "$l" == '$ tabletop'* ]]; then
            run_one
            cmd="${l#\$ }"
            expected=""
        elif [[ -n "$cmd" ]]; then
            expected+="${expected:+$'\n'}$l"
        fi
    done < "$block"
    run_one
}

for md in "${files[@]}"; do
    rm -f "$work"/block.*
    # Split the file into blocks: block.N.<kind> holds the body of the N-th fenced block,
    # block.N.line the line it starts on.
    awk -v dir="$work" '
        /^```/ {
            if (inside) { inside = 0; close(out); next }
            inside = 1; n++
            kind = substr($0, 4); if (kind == "") kind = "plain"
            out = sprintf("%s/block.%03d.%s", dir, n, kind)
            printf "" > out
            printf "%d\n", NR > sprintf("%s/block.%03d.line", dir, n)
            next
        }
        inside { print > out }
    ' "$md"
    for f in "$work"/block.*; do
        n="${f#"$work"/block.}"; n="${n%%.*}"
        [[ "$f" == *.line ]] && continue
        line=$(cat "$work/block.$n.line")
        case "$f" in
        *.game)
            cp "$f" "$work/example.game"
            checked=$((checked + 1))
            if ! out=$(cd "$work" && "$TABLETOP" check example.game 2>&1 && "$TABLETOP" describe example.game 2>&1 >/dev/null); then
                echo "$md:$line: example does not compile:" >&2
                echo "$out" >&2
                failed=$((failed + 1))
            fi
            ;;
        *.game-error)
            next=$(printf "%03d" $((10#$n + 1)))
            cp "$f" "$work/example.game"
            checked=$((checked + 1))
            set +e
            out=$(cd "$work" && "$TABLETOP" check example.game 2>&1)
            code=$?
            set -e
            if [[ $code -ne 1 ]]; then
                echo "$md:$line: expected exit code 1, got $code" >&2
                failed=$((failed + 1))
            elif [[ -f "$work/block.$next.text" ]] && [[ "$out" != "$(cat "$work/block.$next.text")" ]]; then
                echo "$md:$line: the diagnostic differs from the one shown:" >&2
                diff <(cat "$work/block.$next.text") <(echo "$out") >&2 || true
                failed=$((failed + 1))
            fi
            ;;
        *.text)
            if [[ "$(head -n 1 "$f")" == '$ tabletop'* ]]; then
                check_transcript "$f" "$md" "$line"
            fi
            ;;
        esac
    done
done

echo "$checked examples checked, $failed failed"
[[ $failed -eq 0 ]]
