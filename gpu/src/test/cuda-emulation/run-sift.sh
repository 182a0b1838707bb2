#!/usr/bin/env bash
# Checks the SIFT kernels' logic without a GPU: replays CudaSiftExtractor's launch plan on host threads and compares
# every stage with the CPU reference (the Gaussian levels bit for bit, the refined extrema as sets, the features by
# the GPU test's measures). The plan's two branches (large and small octaves) run one after the other: once in the
# plan's order, once with the small octaves' branch first (as early as it may start); the two runs must agree with
# the reference and give the same output bit for bit (which branch appends to the shared lists first must not
# matter).
# usage (from the repository root, after `mvn -q -B -o -pl gpu test-compile`):
#   bash gpu/src/test/cuda-emulation/run-sift.sh [SOURCE WIDTH HEIGHT FIRST_OCTAVE MAX_FEATURES [LEVELS SIGMA]
#                                                [--split K]]
#   SOURCE: blocks | noise | scene | a PNG file (its centre cropped); default: blocks 160 120 0 300
#   --split K: the small octaves' branch starts at octave K (default: as on an H100, SiftLaunchPlan.smallStart)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O1 -ffp-contract=off -pthread -I"$here" -I"$root/gpu/src/main/cuda" -o "$work/sift_emulation" \
    "$here/sift_emulation.cpp"
cp=$(cd "$root" && mvn -q -B -o -pl gpu dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
if (($# == 0)); then set -- blocks 160 120 0 300; fi
run() { java -cp "$root/gpu/target/classes:$root/gpu/target/test-classes:$cp" org.gpuvo.gpu.cuda.SiftEmulation "$@"; }
for order in plan small-first; do
  echo "== branches in $order order"
  run export "$1" "$2" "$3" "$4" "$5" "$work/$order" "${@:6}" --order "$order"
  "$work/sift_emulation" "$work/$order" 2> "$work/$order.log" || { tail -20 "$work/$order.log"; exit 1; }
  run compare "$work/$order"
done
for out in RECORDS OUT_DESCRIPTORS OUT_POSITIONS OUT_LEVELS SPACE; do
  if ! cmp -s "$work/plan/out-$out.bin" "$work/small-first/out-$out.bin"; then
    echo "the two orders of the branches give different $out"
    exit 1
  fi
done
if cmp -s "$work/plan/out-POINTS.bin" "$work/small-first/out-POINTS.bin"; then
  echo "(the oriented features were listed in the same order both times: the orders were not told apart)"
else
  echo "the oriented features were listed in different orders"
fi
echo "BOTH ORDERS OF THE BRANCHES GIVE THE SAME OUTPUT BIT FOR BIT"
