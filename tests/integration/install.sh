#!/usr/bin/env bash
# `cmake --install` as a user or a packager runs it, into a staging root
# (DESTDIR): every part lands where the others look for it, and a program of
# its own (docs/examples) builds and runs against the installed library both
# through pkg-config and through find_package(ldpc), shared and static, and
# against the build tree. The staged tree is not where it was configured to
# go, so this also shows that ldpc.pc and the CMake package are relocatable.
set -euo pipefail
source_dir=$1 build_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install: $*" >&2; exit 1; }
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt"; }
DESTDIR="$work/root" cmake --install "$build_dir" > "$work/install.log" || fail "cmake --install"
prefix="$work/root$(cache CMAKE_INSTALL_PREFIX)"
libdir="$prefix/$(cache CMAKE_INSTALL_LIBDIR)"
for file in bin/ldpc sbin/ldpcd include/ldpc/ldpc.h share/doc/ldpcd/SERVICE.md \
    lib/systemd/system/ldpcd.service lib/sysusers.d/ldpcd.conf; do
    [ -e "$prefix/$file" ] || fail "$file not installed"
done
for file in libldpc.a libldpc.so.0 pkgconfig/ldpc.pc cmake/ldpc/ldpcConfig.cmake; do
    [ -e "$libdir/$file" ] || fail "$file not installed in the library directory"
done
if [ "$(cache LDPC_WITH_LIQUID)" = ON ]; then
    for tool in ldpc-tx ldpc-rx; do [ -x "$prefix/bin/$tool" ] || fail "bin/$tool not installed"; done
fi
if [ -d "$build_dir/man" ]; then
    for page in "$build_dir"/man/*.[0-9]; do
        page=$(basename "$page")
        [ -s "$prefix/share/man/man${page##*.}/$page" ] || fail "share/man: $page not installed"
    done
fi
grep -q '^u ldpcd ' "$prefix/lib/sysusers.d/ldpcd.conf" || fail "sysusers: no user ldpcd"

# The unit names what the install put in place: daemon, configuration, docs.
unit="$prefix/lib/systemd/system/ldpcd.service"
daemon=$(sed -n 's/^ExecStart=\([^ ]*\) .*/\1/p' "$unit")
config=$(sed -n 's/^ExecStart=[^ ]* -c \(.*\)/\1/p' "$unit")
doc=$(sed -n 's|^Documentation=file://\([^ ]*\) .*|\1|p' "$unit")
for path in "$daemon" "$config" "$doc"; do
    [ -n "$path" ] && [ -e "$work/root$path" ] || fail "the unit names $path, not installed"
done
"$work/root$daemon" --check-config -c "$work/root$config" > /dev/null ||
    fail "the installed daemon rejects the installed configuration"

# pkg-config: shared, then static (Libs.private must bring what the archive needs).
export PKG_CONFIG_PATH="$libdir/pkgconfig"
example="$source_dir/docs/examples/decode_frame.c"
cc -o "$work/pc_shared" "$example" $(pkg-config --cflags --libs ldpc) -Wl,-rpath,"$libdir"
"$work/pc_shared" | grep -q ': decoded$' || fail "pkg-config shared build does not decode"
static_libs=$(pkg-config --static --libs ldpc | sed 's/-lldpc/-Wl,-Bstatic -lldpc -Wl,-Bdynamic/')
cc -o "$work/pc_static" "$example" $(pkg-config --cflags ldpc) $static_libs
"$work/pc_static" | grep -q ': decoded$' || fail "pkg-config static build does not decode"
if ldd "$work/pc_static" | grep -q libldpc; then fail "the static build needs libldpc.so"; fi
echo "ok: pkg-config, shared and static"

# find_package(ldpc), from the staged install and from the build tree.
for how in "-DCMAKE_PREFIX_PATH=$prefix" "-Dldpc_DIR=$build_dir"; do
    rm -rf "$work/example"
    cmake -S "$source_dir/docs/examples" -B "$work/example" "$how" > "$work/cmake.log" 2>&1 ||
        { cat "$work/cmake.log" >&2; fail "find_package with $how"; }
    cmake --build "$work/example" > "$work/build.log" 2>&1 ||
        { cat "$work/build.log" >&2; fail "example build with $how"; }
    for program in decode_frame decode_frame_static; do
        "$work/example/$program" | grep -q ': decoded$' || fail "$program ($how) does not decode"
    done
    echo "ok: find_package(ldpc) with $how, shared and static"
done
