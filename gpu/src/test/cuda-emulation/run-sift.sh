#!/usr/bin/env bash
# Checks the SIFT kernels' logic without a GPU: replays CudaSiftExtractor's launch plan on host threads and compares
# every stage with the CPU reference (the Gaussian levels bit for bit, the refined extrema as sets, the features by
# the GPU test's measures).
# usage (from the repository root, after `mvn -q -B -o -pl gpu test-compile`):
#   bash gpu/src/test/cuda-emulation/run-sift.sh [SOURCE WIDTH HEIGHT FIRST_OCTAVE MAX_FEATURES [LEVELS SIGMA]]
#   SOURCE: blocks | noise | scene | a PNG file (its centre cropped); default: blocks 160 120 0 300
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O1 -ffp-contract=off -pthread -I"$here" -I"$root/gpu/src/main/cuda" -o "$work/sift_emulation" \
    "$here/sift_emulation.cpp"
cp=$(cd "$root" && mvn -q -B -o -pl gpu dependency:build-classpath -Dmdep.outputFile=/dev/stdout)
args=("${@:-blocks}")
if (($# == 0)); then args=(blocks 160 120 0 300); fi
run() { java -cp "$root/gpu/target/classes:$root/gpu/target/test-classes:$cp" org.gpuvo.gpu.cuda.SiftEmulation "$@"; }
run export "${args[0]}" "${args[1]}" "${args[2]}" "${args[3]}" "${args[4]}" "$work/data" "${args[@]:5}"
"$work/sift_emulation" "$work/data" 2> "$work/launches.log" || { tail -20 "$work/launches.log"; exit 1; }
run compare "$work/data"
