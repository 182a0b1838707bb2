#!/bin/bash
# node-latency.sh: runs org.gpuvo.tests.dds.NodeLatencyBenchmark (gpuvo's node between Cyclone DDS peers on
# loopback) on a machine without Java, Maven or Cyclone DDS, such as the GPU machine: the Java runtime, the jars and
# the test classes come from .device/ (written by ../shared/device/pack), the Cyclone peers and their libraries
# from .devdata/cyclone-peers.tar.xz (written by tests/scripts/pack-cyclone-peers.sh), unpacked beside it on first
# use. The peers run with their own libraries (LD_LIBRARY_PATH, set for them alone by CyclonePeers); the JVM keeps
# the machine's.
#
# usage, from the project root:
#   tests/scripts/node-latency.sh [--backend auto|cpu|cuda] [--frames 300] [--rates 30,60] [--deterministic]
#                                 [--sequence room|kitti] [--settle-seconds 1] [--no-stage-log] [--queue-size N]
# GPUVO_CYCLONE_PEERS=DIR takes the peers from an unpacked folder DIR instead.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
[[ -x .device/run ]] \
  || { echo "node-latency: no .device/run: pack the project first (../shared/device/pack)" >&2; exit 2; }
if [[ -z ${GPUVO_CYCLONE_PEERS:-} ]]; then
  archive=.devdata/cyclone-peers.tar.xz
  [[ -f $archive ]] || { echo "node-latency: no $archive: run tests/scripts/pack-cyclone-peers.sh" >&2; exit 2; }
  if [[ ! -d .devdata/cyclone-peers || $archive -nt .devdata/cyclone-peers ]]; then
    rm -rf .devdata/cyclone-peers
    tar -C .devdata -xJf "$archive"
    touch .devdata/cyclone-peers
  fi
  export GPUVO_CYCLONE_PEERS=$root/.devdata/cyclone-peers
fi
# the node runs in this JVM: give it the JIT option its launcher gives it (BoofCV's five-point solver compiled)
exec .device/run java -XX:-DontCompileHugeMethods org.gpuvo.tests.dds.NodeLatencyBenchmark "$@"
