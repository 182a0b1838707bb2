#!/bin/bash
# pack-cyclone-peers.sh: builds the Cyclone DDS peers of the ROS 2 interoperability tests (gpuvo_camera,
# gpuvo_consumer, gpuvo_standin_vo from tests/src/test/c) and packs them with libddsc and the other shared libraries
# they load into one folder, archived for a machine that has neither Cyclone DDS nor a compiler (the GPU machine).
#
# usage (from any folder):
#   tests/scripts/pack-cyclone-peers.sh [OUT]   writes OUT, by default .devdata/cyclone-peers.tar.xz at the project
#                                                root (git-ignored), which holds one folder, cyclone-peers/:
# needs: idlc, gcc and the ddsc headers (Debian 12: apt-get install cyclonedds-dev cyclonedds-tools gcc)
#
# cyclone-peers/bin/  the four programs, built as CycloneToolchain builds them; they run with
#                     LD_LIBRARY_PATH=cyclone-peers/lib, which CyclonePeers sets for them
# cyclone-peers/lib/  every library they load (ldd), by its soname, except glibc's own (libc, libm, libpthread, libdl,
#                     librt, the loader), which the target machine has: its glibc must be at least the version
#                     printed at the end
# The tests and benchmarks take the unpacked folder from -Dgpuvo.cyclone.peers=DIR or GPUVO_CYCLONE_PEERS=DIR (see
# CycloneToolchain), and run the peers with DIR/lib first on their LD_LIBRARY_PATH; tests/scripts/node-latency.sh
# unpacks the archive and runs the node's latency benchmark that way.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
archive=${1:-$root/.devdata/cyclone-peers.tar.xz}
limit_mb=10
src=$root/tests/src/test/c
for tool in idlc gcc objdump xz; do
  command -v "$tool" >/dev/null \
    || { echo "pack-cyclone-peers: $tool is missing (apt-get install cyclonedds-dev cyclonedds-tools gcc xz-utils)" >&2
         exit 2; }
done
if [[ $archive == "$root/.devdata/"* ]] && ! grep -qxF '/.devdata/' "$root/.gitignore" 2>/dev/null; then
  echo "pack-cyclone-peers: .devdata/ is not git-ignored" >&2; exit 2
fi

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gen=$work/gen out=$work/cyclone-peers
mkdir -p "$gen" "$out/bin" "$out/lib"
# -x final: XCDR1 as ROS 2 uses; -t: no XTypes type information in discovery (see tests/src/test/c/README.md)
for idl in builtin_interfaces std_msgs sensor_msgs geometry_msgs nav_msgs tf2_msgs rcl_interfaces; do
  idlc -t -x final -o "$gen" -I "$src/idl" "$src/idl/$idl.idl"
done
for program in gpuvo_camera gpuvo_consumer gpuvo_standin_vo gpuvo_param_client; do
  gcc -std=c99 -O2 -Wall -Wextra -Werror -I "$gen" -I "$src" -o "$out/bin/$program" "$src/$program.c" \
    "$src/peer_common.c" "$gen"/*.c -lddsc -lm
done

glibc='^(linux-vdso|libc|libm|libpthread|libdl|librt|libresolv|ld-linux[^ ]*)\.so'
for program in "$out"/bin/*; do
  ldd "$program" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | sort -u | while read -r soname path; do
  [[ $soname =~ $glibc ]] && continue
  cp -L "$path" "$out/lib/$soname"
done
[[ -f $out/lib/$(ldd "$out/bin/gpuvo_camera" | awk '/libddsc/ { print $1 }') ]] \
  || { echo "pack-cyclone-peers: libddsc was not found by ldd" >&2; exit 1; }

newest=$(for f in "$out"/bin/* "$out"/lib/*; do objdump -T "$f" 2>/dev/null; done \
  | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
mkdir -p "$(dirname "$archive")"
tar -C "$work" -cf - cyclone-peers | xz -T0 > "$archive"
echo "pack-cyclone-peers: $(ls "$out/bin" | tr '\n' ' ')+ $(ls "$out/lib" | wc -l) libraries" \
  "($(ls "$out/lib" | tr '\n' ' '))"
echo "pack-cyclone-peers: $archive, $(du -k "$archive" | cut -f1) KiB ($(du -sk "$out" | cut -f1) KiB unpacked)"
echo "pack-cyclone-peers: the target machine needs glibc ${newest#GLIBC_} or newer (x86_64)"
if (($(du -k "$archive" | cut -f1) > limit_mb * 1024)); then
  echo "pack-cyclone-peers: the archive is over ${limit_mb} MiB" >&2; exit 1
fi
