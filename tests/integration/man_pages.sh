#!/usr/bin/env bash
# The man pages as built: groff renders each without a warning, and each
# names what its program has: ldpc(1) every command of `ldpc --help`,
# ldpcd(8), ldpc-tx(1) and ldpc-rx(1) every option of their --help,
# ldpcd.conf(5) every key of `ldpcd --print-default-config` at its default.
set -euo pipefail
source_dir=$1 build_dir=$2
man_dir=$build_dir/man
fail() { echo "man_pages: $*" >&2; exit 1; }
for page in $(cd "$man_dir" && ls | grep -E '\.[0-9]$'); do
    [ -s "$man_dir/$page" ] || fail "$page not built"
    warnings=$(groff -man -Tutf8 -ww -z "$man_dir/$page" 2>&1)
    [ -z "$warnings" ] || fail "$page: $warnings"
done
text() { groff -man -Tutf8 "$man_dir/$1" 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g; s/.\x08//g'; }
text ldpc.1 > "$build_dir/man/ldpc.1.txt"
"$build_dir/tools/ldpc" --help 2>&1 | sed -n 's/^  \([a-z]\+\)  .*/\1/p' | while read -r command; do
    grep -qE "^ +$command( |$)" "$build_dir/man/ldpc.1.txt" || fail "ldpc.1 lacks the command $command"
done
options_named() { # page, program
    text "$1" > "$build_dir/man/$1.txt"
    { "$2" --help 2>&1 || true; } | grep -oE -- '(^| |\[)--?[a-z][a-z-]*' | tr -d ' [' | sort -u | while read -r option; do
        grep -qF -- "$option" "$build_dir/man/$1.txt" || fail "$1 lacks $option"
    done
}
options_named ldpcd.8 "$build_dir/src/ldpcd/ldpcd"
if [ -x "$build_dir/tools/ldpcd-liquid/ldpc-tx" ]; then
    options_named ldpc-tx.1 "$build_dir/tools/ldpcd-liquid/ldpc-tx"
    options_named ldpc-rx.1 "$build_dir/tools/ldpcd-liquid/ldpc-rx"
fi
text ldpcd.conf.5 > "$build_dir/man/ldpcd.conf.5.txt"
"$build_dir/src/ldpcd/ldpcd" --print-default-config | grep -E '^[a-z_]+ =' | while IFS= read -r line; do
    key=${line%% =*} value=${line#*= }
    [ -n "$value" ] && [ "$key = $value" = "$line" ] || value="(empty)"
    grep -qF "$key = $value" "$build_dir/man/ldpcd.conf.5.txt" || fail "ldpcd.conf.5 lacks \"$key = $value\""
done
echo "man_pages: OK"
