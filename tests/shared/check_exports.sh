#!/bin/bash
# Every symbol the shared library defines for other objects starts with
# ldpc_ (LDPC_API, hidden visibility for the rest), and the public API it
# exports is there: a sample of entry points of each header.
# Usage: check_exports.sh NM LIBRARY
set -euo pipefail
nm_tool=$1
library=$2
exported=$("$nm_tool" -D --defined-only "$library" | awk '$2 ~ /^[TDBRVWiu]$/ {print $3}')
count=$(printf '%s\n' "$exported" | grep -c . || true)
foreign=$(printf '%s\n' "$exported" | grep -v '^ldpc_' || true)
if [ -n "$foreign" ]; then
    echo "exported symbols without the ldpc_ prefix:" >&2
    printf '  %s\n' $foreign >&2
    exit 1
fi
for symbol in ldpc_code_create ldpc_decoder_create ldpc_decoder_decode_i8 ldpc_encode \
              ldpc_quantise ldpc_nb_decoder_create ldpc_opencl_decoder_create \
              ldpc_decoder_counters_get ldpc_decoder_spec_parse; do
    # from a here-string: printf piped into grep -q can die of SIGPIPE, which
    # pipefail reports as a missing symbol
    if ! grep -qx "$symbol" <<<"$exported"; then
        echo "the shared library does not export $symbol" >&2
        exit 1
    fi
done
echo "$count symbols exported, all ldpc_"
