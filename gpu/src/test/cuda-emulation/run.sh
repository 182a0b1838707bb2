#!/usr/bin/env bash
# Checks the ORB kernels' logic without a GPU: runs them on host threads and compares with the CPU reference.
# usage (from the repository root, after `mvn -q -B -o -pl gpu test-compile`):
#   bash gpu/src/test/cuda-emulation/run.sh [noise|blocks W H MAX_FEATURES RETAIN_BEST|GRID CELL]
#   DESCRIBE=1 bash gpu/src/test/cuda-emulation/run.sh blocks 240 180 100 RETAIN_BEST 32
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
work=$(mktemp -d)
g++ -std=c++20 -O1 -ffp-contract=off -pthread -I"$here" -I"$root/gpu/src/main/cuda" -o "$work/orb_emulation" \
    "$here/orb_emulation.cpp"
cp=$(cd "$root" && mvn -q -B -o -pl gpu dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
args=("${@:-noise 200 160 100 RETAIN_BEST 32}")
java ${DESCRIBE:+-Ddescribe=1} -cp "$root/gpu/target/classes:$root/gpu/target/test-classes:$cp" \
    org.gpuvo.gpu.cuda.OrbEmulationExport ${args[@]} "$work"
"$work/orb_emulation" "$work"
