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
#   not compared. Transcripts that show what was typed are replayed with that input:
#   - `play`: the typed moves follow a prompt (`X> b2`); piped, the board echoes them, so the
#     whole transcript is compared;
#   - `uci`: the lines starting with `> ` are typed, the others answer (`time` not compared);
#   - `gtp`: a line outside an answer is typed; an answer starts with `=` or `?` and ends with
#     a blank line;
#   - `bench`: run for one second whatever `--seconds` says, and every number is masked: the
#     shape of the report is checked, not the machine's speed.
#   `serve` runs until stopped, so its transcripts are not run; the last line names every
#   skip and the test that checks the command instead (tests/web_api.rs).
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
# Transcripts run, by kind (play, uci, gtp, bench, other), and serve commands skipped.
declare -A kinds=([play]=0 [uci]=0 [gtp]=0 [bench]=0 [other]=0)
skipped_serve=0

# Hides what changes from run to run: times and rates.
mask() { sed -E 's/[0-9]+(\.[0-9]+)?s\b/<time>/g; s/nps [0-9]+/nps <n>/g'; }
# UCI search reports also carry their milliseconds.
mask_uci() { mask | sed -E 's/ time [0-9]+/ time <n>/g'; }
# A benchmark's every figure depends on the machine.
mask_numbers() { sed -E 's/-?[0-9]+(\.[0-9]+)?/<n>/g'; }

# Runs the `$ tabletop …` transcripts of one text block ($1), reporting against $2:$3.
check_transcript() {
    local block="$1" md="$2" line="$3" cmd="" expected="" l
    run_one() {
        [[ -z "$cmd" ]] && return 0
        local kind=other input="" want="$expected" masker=mask run="$cmd"
        case " $cmd " in
            *" serve"*) skipped_serve=$((skipped_serve + 1)); return 0 ;;
            *" play "*) kind=play
                input=$(printf '%s\n' "$expected" | sed -nE 's/^[A-Za-z][A-Za-z0-9]*> (.*)$/\1/p') ;;
            *" uci "*) kind=uci masker=mask_uci
                input=$(printf '%s\n' "$expected" | sed -n 's/^> //p')
                want=$(printf '%s\n' "$expected" | grep -v '^> ' || true) ;;
            *" gtp "*) kind=gtp
                input=$(printf '%s\n' "$expected" | awk '
                    !answer && /^[=?]/ { answer = 1 }
                    answer && /^$/ { answer = 0; next }
                    !answer && NF { print }')
                want=$(printf '%s\n' "$expected" | awk '
                    !answer && /^[=?]/ { answer = 1 }
                    answer { print }
                    answer && /^$/ { answer = 0 }') ;;
            *" bench "*) kind=bench masker=mask_numbers
                run=$(printf '%s' "$cmd" | sed -E 's/--seconds [0-9]+/--seconds 1/') ;;
        esac
        kinds[$kind]=$((${kinds[$kind]} + 1))
        checked=$((checked + 1))
        local got
        got=$(cd "$root" && printf '%s' "${input:+$input$'\n'}" | eval "${run/#tabletop/\"\$TABLETOP\"}" 2>&1 | $masker) || true
        if [[ "$got" != "$(printf '%s' "$want" | $masker)" ]]; then
            echo "$md:$line: '\$ $cmd' prints something else:" >&2
            diff <(printf '%s\n' "$want" | $masker) <(printf '%s\n' "$got") >&2 || true
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
echo "transcripts run: ${kinds[other]} commands, ${kinds[play]} play, ${kinds[uci]} uci, ${kinds[gtp]} gtp, ${kinds[bench]} bench; skipped: $skipped_serve serve (runs until stopped; tests/web_api.rs checks it)"
[[ $failed -eq 0 ]]
