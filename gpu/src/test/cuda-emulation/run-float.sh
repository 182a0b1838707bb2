#!/usr/bin/env bash
# Checks the float-descriptor matching kernels' logic without a GPU (float_emulation.cpp): runs them on host
# threads, warp collectives (ldmatrix, mma.sync) emulated, and compares with a naive FP32 matcher.
# usage (from anywhere): bash gpu/src/test/cuda-emulation/run-float.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O1 -ffp-contract=off -pthread -I"$here" -I"$root/gpu/src/main/cuda" -o "$work/float_emulation" \
    "$here/float_emulation.cpp"
"$work/float_emulation"
