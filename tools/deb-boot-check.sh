#!/bin/sh
# Run by systemd inside the booted Debian root of tools/deb-boot-test.sh, after
# the packaged ldpcd.service has started: the service as its unit runs it
# (its user, its hardening, its sockets in /run/ldpcd), frames decoded through
# it, a reload and a stop under load through systemctl, the OpenCL driver
# under the unit's settings. Prints its findings, then PASS or FAIL, on the
# second serial port, which the host keeps as a file.
set -u
say() { echo "ldpcd-boot-check: $*"; }
fail() {
    say "FAIL: $*"
    systemctl status ldpcd --no-pager -l 2>&1 | tail -20
    journalctl -u ldpcd --no-pager -o cat 2>&1 | tail -30
    exit 1
}
state=$(systemctl is-active ldpcd)
[ "$state" = active ] || fail "ldpcd.service is $state after boot"
pid=$(systemctl show -p MainPID --value ldpcd)
[ "$(stat -c %U "/proc/$pid")" = ldpcd ] || fail "ldpcd runs as $(stat -c %U "/proc/$pid"), not ldpcd"
case $(systemctl show -p StatusText --value ldpcd) in
    decoding:*) ;;
    *) fail "no 'decoding:' status from sd_notify" ;;
esac
# the sockets: the ldpcd group may use them (UMask=0007), others not
for socket in input output; do
    [ -S "/run/ldpcd/$socket" ] || fail "no socket /run/ldpcd/$socket"
    mode=$(stat -c '%G %a' "/run/ldpcd/$socket")
    case $mode in ldpcd\ ??0) ;; *) fail "/run/ldpcd/$socket has group and mode $mode" ;; esac
done

# liquid-dsp QPSK frames through the service, each checked once and in order
decode() { # frames seed
    ldpc-rx --endpoint ipc:///run/ldpcd/output --frames "$1" --pool 8 --seed "$2" \
        --timeout-ms 60000 --quiet > /tmp/rx.out &
    rx=$!
    ldpc-tx --endpoint ipc:///run/ldpcd/input --code dvbs2-short-1/2 --esn0 5 --frames "$1" \
        --pool 8 --seed "$2" --frames-per-message 4 > /dev/null || fail "ldpc-tx failed"
    wait "$rx"
    grep -q "frames $1 (decoded $1, not converged 0, rejected 0) FER 0 BER 0" /tmp/rx.out ||
        fail "ldpc-rx: $(cat /tmp/rx.out)"
}
decode 300 1
say "300 frames decoded through the started service"

systemctl reload ldpcd || fail "systemctl reload failed"
for _ in $(seq 100); do
    journalctl -u ldpcd -o cat | grep -q 'configuration reloaded' && break
    sleep 0.1
done
journalctl -u ldpcd -o cat | grep -q 'configuration reloaded' || fail "no reload in the journal"
[ "$(systemctl show -p MainPID --value ldpcd)" = "$pid" ] || fail "the reload restarted the process"
decode 100 2
say "reloaded through systemctl, 100 frames decoded after it"

# stop under load: the sender keeps sending while systemd stops the service
ldpc-rx --endpoint ipc:///run/ldpcd/output --frames 100000 --pool 8 --seed 3 \
    --timeout-ms 5000 --quiet > /tmp/rx.out 2>&1 &
rx=$!
ldpc-tx --endpoint ipc:///run/ldpcd/input --code dvbs2-short-1/2 --esn0 5 --frames 100000 \
    --pool 8 --seed 3 --frames-per-message 4 > /dev/null 2>&1 &
tx=$!
sleep 2
systemctl stop ldpcd || fail "systemctl stop failed"
kill "$tx" 2>/dev/null
wait "$rx"
[ "$(systemctl show -p Result --value ldpcd)" = success ] ||
    fail "stop: Result=$(systemctl show -p Result --value ldpcd)"
[ "$(systemctl show -p ExecMainStatus --value ldpcd)" = 0 ] || fail "stop: exit status not 0"
counts=$(journalctl -u ldpcd -o cat | grep 'stopped in' | tail -1)
[ -n "$counts" ] || fail "no final counts in the journal"
say "$counts"
# docs/PROTOCOL.md: in = out + dropped by pub + lost + unanswered
#                  = decoded + not converged + rejected + unanswered, and in > 0
set -- $(echo "$counts" | sed 's/[^0-9. ]//g')
# $1 seconds, $2 in, $3 decoded, $4 not converged, $5 rejected, $6 of them as
# shutdown, $7 out, $8 dropped by pub, $9 lost, $10 unanswered
[ "$2" -gt 0 ] && [ "$2" -eq $(($7 + $8 + $9 + ${10})) ] &&
    [ "$2" -eq $(($3 + $4 + $5 + ${10})) ] || fail "the final counts do not add up"
say "stopped under load by systemctl, exit 0, every frame accounted for"

# OpenCL under the unit's sandbox, where a driver is installed (PoCL here): the
# driver must show its device to the service's user, which PoCL does only
# where it can write its kernel cache. clinfo runs with the unit's [Service]
# settings (not its commands): compiling the kernels emulated takes minutes.
if [ -n "$(ls /etc/OpenCL/vendors/ 2>/dev/null)" ]; then
    set --
    while IFS= read -r line; do set -- "$@" -p "$line"; done <<EOF
$(sed -n '/^\[Service\]/,/^\[/p' /lib/systemd/system/ldpcd.service |
    grep -E '^(User|Group|Environment|CacheDirectory|UMask|NoNewPrivileges|CapabilityBoundingSet|AmbientCapabilities|Protect[A-Za-z]*|Private[A-Za-z]*|Restrict[A-Za-z]*|LockPersonality|SystemCall[A-Za-z]*)=')
EOF
    devices=$(systemd-run --wait --pipe --quiet "$@" clinfo 2>&1 | awk '/Number of devices/ {print $NF; exit}')
    [ "${devices:-0}" -gt 0 ] ||
        fail "the OpenCL driver ($(ls /etc/OpenCL/vendors/)) shows no device under the unit's settings"
    say "OpenCL ($(ls /etc/OpenCL/vendors/)): $devices device(s) visible under the unit's settings"
fi
say PASS
