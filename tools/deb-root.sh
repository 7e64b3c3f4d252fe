# Sourced by the install tests (tools/deb-install-test.sh,
# tools/deb-cross-install-test.sh): a clean Debian 12 root, and .deb files
# installed into it by apt-get with their dependencies from Debian's archive.
# The caller defines fail MESSAGE.

# Sets root: a new debootstrap minbase root (ARCH: its architecture, default
# the host's) with /proc mounted, removed at exit.
deb_root_create() { # [ARCH]
    root=$(mktemp -d)
    chmod 755 "$root" # apt's download user must reach its lists
    trap 'umount "$root/proc" 2>/dev/null || true; rm -rf "$root"' EXIT
    debootstrap ${1:+--arch="$1"} --variant=minbase bookworm "$root" \
        http://deb.debian.org/debian > "$root.log" 2>&1 ||
        { tail -20 "$root.log" >&2; fail "debootstrap failed"; }
    rm -f "$root.log"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mount -t proc proc "$root/proc"
}

in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }

# The .deb files (debug symbol packages left out), then after -- the names of
# Debian packages to install beside them.
deb_root_install() { # DEB... [-- PACKAGE...]
    local packages=()
    mkdir -p "$root/debs"
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        case $1 in
            *-dbgsym_*) ;;
            *) cp "$1" "$root/debs/" && packages+=("/debs/$(basename "$1")") ;;
        esac
        shift
    done
    [ $# -gt 0 ] && shift
    in_root apt-get update -q > /dev/null
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        "${packages[@]}" "$@" > "$root/install.log" 2>&1 ||
        { tail -30 "$root/install.log" >&2; fail "apt-get install failed"; }
}
