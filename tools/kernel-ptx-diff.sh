#!/usr/bin/env bash
# What a change to kernels/*.cl does to the code a GPU compiler makes of it,
# before spending GPU time: both versions through clang's NVPTX back end (-O3,
# every function inlined as NVIDIA's compiler does, the work-item builtins as
# PTX special registers), for the define sets the host builds the program
# with, and per kernel the PTX instruction count before and after:
# "identical", "same instructions" (only their order or registers differ), or
# the count of each instruction that changed. A proxy, not NVIDIA's compiler:
# a kernel that changes here deserves a benchmark on the GPU
# (`LDPC_CL_TUNING=kernel_dir=DIR` runs one binary on either version).
# usage: tools/kernel-ptx-diff.sh REV|DIR [DIR]   (default second: kernels/)
#   e.g. tools/kernel-ptx-diff.sh HEAD   (the working tree's kernels against HEAD's)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
old=$1 new=${2:-$root/kernels}
if [ ! -d "$old" ]; then
    git -C "$root" archive "$old" kernels | tar -x -C "$work"
    mv "$work/kernels" "$work/old"
    old=$work/old
fi
cat >"$work/prelude.cl" <<'EOF'
#define PTX_XY(d, x, y) ((size_t)((d) == 0 ? (x) : (y)))
#define get_local_id(d) PTX_XY(d, __nvvm_read_ptx_sreg_tid_x(), __nvvm_read_ptx_sreg_tid_y())
#define get_local_size(d) PTX_XY(d, __nvvm_read_ptx_sreg_ntid_x(), __nvvm_read_ptx_sreg_ntid_y())
#define get_group_id(d) PTX_XY(d, __nvvm_read_ptx_sreg_ctaid_x(), __nvvm_read_ptx_sreg_ctaid_y())
#define get_global_id(d) (get_group_id(d) * get_local_size(d) + get_local_id(d))
#define get_global_size(d) PTX_XY(d, __nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x(), __nvvm_read_ptx_sreg_nctaid_y() * __nvvm_read_ptx_sreg_ntid_y())
EOF
# The host's build options (platform/opencl/cl_session.c): char lanes, the
# layer-group kernels, NVIDIA's packed 16-bit PTX.
sets=("-DLDPC_SATURATED_LANES=4"
      "-DLDPC_SATURATED_LANES=16 -DLDPC_LAYER_GROUP=360"
      "-DLDPC_SATURATED_LANES=4 -DLDPC_LAYER_GROUP=360 -DLDPC_PTX_16X2 -Dasm=__asm__")
for side in old new; do
    dir=$old
    [ "$side" = new ] && dir=$new
    cat "$work/prelude.cl" "$dir"/*.cl >"$work/$side.cl"
    for i in "${!sets[@]}"; do
        # shellcheck disable=SC2086
        clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target nvptx64-nvidia-nvcl \
            -O3 -Wno-pass-failed ${sets[$i]} '-Dinline=__attribute__((always_inline)) inline' \
            -S -o "$work/$side.$i.ptx" "$work/$side.cl"
    done
done
python3 - "$work" "${#sets[@]}" "${sets[@]}" <<'EOF'
import collections, re, sys
work, count, sets = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

def kernels(path):
    text = re.sub(r'//.*', '', open(path).read())
    out = {}
    for part in re.split(r'(?=^(?:\.visible )?\.entry )', text, flags=re.M)[1:]:
        name = re.match(r'(?:\.visible )?\.entry\s+(\w+)', part).group(1)
        body = [l.strip() for l in part.splitlines()
                if l.strip() and not l.strip().startswith('.reg') and not l.strip().endswith(':')]
        ops = collections.Counter(re.sub(r'^@!?%p\d+\s+', '', l).split()[0] for l in body)
        # registers and labels renamed in order of appearance
        names = {}
        def rename(m):
            return names.setdefault(m.group(0), '%%%s%d' % (m.group(1), len(names)))
        canon = [re.sub(r'%(rd|rs|r|p|f|fd)\d+', rename, re.sub(r'(L|\$L__)BB\d+_\d+', 'BB', l))
                 for l in body]
        out[name] = (ops, canon)
    return out

for i in range(count):
    print('## %s' % sets[i])
    before = kernels('%s/old.%d.ptx' % (work, i))
    after = kernels('%s/new.%d.ptx' % (work, i))
    for name in sorted(set(before) | set(after)):
        if name not in before or name not in after:
            print('  %-36s %s' % (name, 'only before' if name in before else 'only after'))
            continue
        (a_ops, a_canon), (b_ops, b_canon) = before[name], after[name]
        a_n, b_n = sum(a_ops.values()), sum(b_ops.values())
        if a_canon == b_canon:
            verdict = 'identical'
        elif a_ops == b_ops:
            verdict = 'same instructions'
        else:
            verdict = ', '.join('%s %d->%d' % (op, a_ops[op], b_ops[op])
                                for op in sorted(set(a_ops) | set(b_ops)) if a_ops[op] != b_ops[op])
        print('  %-36s %6d -> %6d  %s' % (name, a_n, b_n, verdict))
EOF
