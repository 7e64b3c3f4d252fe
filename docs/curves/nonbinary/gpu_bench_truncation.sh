#!/bin/sh
# GPU speed of the truncated kernel against the untruncated one and against the kernel before
# the truncation pass (commit 953f03b), OpenCL, 10 iterations, 4096 frames per call:
#   sh docs/curves/nonbinary/gpu_bench_truncation.sh > gpu_bench_truncation.txt   (repository root)
set -u
mkdir -p /tmp/old && git archive 953f03b | tar -x -C /tmp/old
opts="-DCMAKE_BUILD_TYPE=Release -DLDPC_BUILD_DAEMON=OFF -DLDPC_BUILD_TESTS=OFF -DLDPC_WITH_LIQUID=OFF"
cmake -S /tmp/old -B /tmp/bo $opts > /dev/null && cmake --build /tmp/bo -j16 --target ldpc-tool 2>&1 | tail -1
cmake -S . -B /tmp/bn $opts > /dev/null && cmake --build /tmp/bn -j16 --target ldpc-tool 2>&1 | tail -1
nvidia-smi --query-gpu=name --format=csv,noheader
for r in 1 2 3; do
  for code in nbreg-gf32-620-310 nbqc-gf32-744-653 nbqc-gf64-1512-1325; do
    for v in old:0 new:0 new:12 new:8; do
      b=${v%%:*} nm=${v##*:}
      spec=fixed-layered-minmax; [ "$nm" = 0 ] || spec="$spec,nm=$nm"
      tool=/tmp/bo/tools/ldpc; [ "$b" = new ] && tool=/tmp/bn/tools/ldpc
      line=$($tool bench --code $code --decoder $spec --backend opencl --iterations 10 --ebn0 4 --batch 4096 --seconds 2 --baseline none 2>&1 | tail -1)
      echo "$r $code $b $nm $line"
    done
  done
done
