#!/usr/bin/env bash
# Every example command of README.md and docs/*.md (their ```sh blocks), run
# as written from a copy of the tree's layout in which build/demo (what the
# README's first command builds) is this build. Blocks that are the CI run
# itself, the demo (test ldpcd_demo), package installation, ARM boards,
# hour-long measurements or templates (BUILD, CODE, "...") are skipped, each
# by a rule below.
source "$(dirname "$0")/common.sh"
BUILD_DIR=$3
mkdir -p "$WORK/tree/build"
ln -s "$BUILD_DIR" "$WORK/tree/build/demo"
for entry in configs docs tools platform; do ln -s "$SOURCE_DIR/$entry" "$WORK/tree/$entry"; done

skip_reason() {
    case "$1" in
        *install-deps.sh* | *run-tests.sh* | *cross-test.sh* | *cross-neon-check.sh* | \
            *cross-daemon.sh*)
            echo "the CI run itself" ;;
        *tools/demo.sh*) echo "test ldpcd_demo" ;;
        *apt-get*) echo "package installation, as tools/install-deps.sh does" ;;
        *"--backend neon"*) echo "a native build on an ARM board" ;;
        *tools/curves/* | *bench-all.sh*) echo "an hour-long measurement" ;;
        *BUILD/* | *build-simd/* | *" CODE "* | *"..."* | *"cmake -S"* | *cross-aarch64/*)
            echo "a template or another build" ;;
        *) return 1 ;;
    esac
}

ran=0
for doc in "$SOURCE_DIR/README.md" "$SOURCE_DIR"/docs/*.md; do
    python3 - "$doc" "$WORK/blocks" <<'PY'
import pathlib, sys
text = pathlib.Path(sys.argv[1]).read_text().splitlines()
out = pathlib.Path(sys.argv[2]); out.mkdir(exist_ok=True)
for old in out.iterdir(): old.unlink()
block, number = None, 0
for line in text:
    if block is None and line.strip() == "```sh":
        block = []
    elif block is not None and line.strip() == "```":
        number += 1
        (out / f"{number:03d}.sh").write_text("\n".join(block) + "\n")
        block = None
    elif block is not None:
        block.append(line)
PY
    for block in "$WORK"/blocks/*.sh; do
        [ -e "$block" ] || continue
        name="$(basename "$doc") block $(basename "$block" .sh)"
        if reason=$(skip_reason "$(cat "$block")"); then
            echo "skipped: $name ($reason)"
            continue
        fi
        (cd "$WORK/tree" && bash -euo pipefail "$block" > "$WORK/out" 2>&1) ||
            { cat "$WORK/out" >&2; fail "$name failed"; }
        echo "ran: $name"
        ran=$((ran + 1))
    done
done
[ "$ran" -ge 3 ] || fail "only $ran example blocks ran"
