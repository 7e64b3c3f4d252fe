#!/usr/bin/env python3
"""The layers read one way (docs/ARCHITECTURE.md): no library file includes a
header of a layer above its own, and the service includes only the public API
and its own headers. Prints each include that breaks the rule; fails if any does.
usage: include_layers.py SOURCE_DIR"""
import os
import re
import sys

# Lowest first; a file may include headers of its own rank and below.
RANKS = [
    ("src/util/", 0),
    ("src/code/", 1),
    ("src/decode/", 2), ("src/nb/", 2), ("src/encode/", 2), ("src/soft/", 2),
    ("platform/", 3),
    ("src/api/", 4),
]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def rank(path):
    for prefix, value in RANKS:
        if path.startswith(prefix):
            return value
    return None


def resolve(root, source, name):
    """The header `name` of `source` as a path from root, or None (not ours)."""
    for base in (os.path.dirname(source), "src", "platform"):
        path = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(root, path)):
            return path
    return None


def sources(root, top):
    for folder, _, names in os.walk(os.path.join(root, top)):
        for name in sorted(names):
            if name.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(folder, name), root)


def main():
    root = sys.argv[1]
    broken = []
    checked = 0
    for top in ("src", "platform"):
        for source in sources(root, top):
            with open(os.path.join(root, source), encoding="utf-8") as f:
                names = INCLUDE.findall(f.read())
            service = source.startswith("src/ldpcd/")
            for name in names:
                checked += 1
                if service:
                    if not name.startswith("ldpc/") and "/" in name:
                        broken.append(f"{source}: {name} (the service includes the public API only)")
                    continue
                header = resolve(root, source, name)
                mine, theirs = rank(source), rank(header) if header else None
                if mine is not None and theirs is not None and theirs > mine:
                    broken.append(f"{source}: {name} ({header} is a layer above)")
    for line in broken:
        print(line)
    print(f"{checked} includes checked, {len(broken)} against the layers")
    return 1 if broken or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
