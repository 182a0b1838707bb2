#!/usr/bin/env bash
# Compiles every CUDA C file of this folder (one file per pipeline stage) into a fatbin with SASS for the
# GPUs we support and PTX for the newest, so that newer GPUs JIT it. Writes, beside the fatbins,
# kernels.properties: which fatbins exist, or why none were built (nvcc missing or failing). The build never
# fails for want of nvcc: the CUDA backend reads the manifest and reports itself unavailable with the reason.
#
# usage: build-fatbin.sh SOURCE_DIR OUTPUT_DIR        (NVCC=/path/to/nvcc to choose the compiler)
set -uo pipefail
src=$1 out=$2
mkdir -p "$out"
manifest=$out/kernels.properties
nvcc=${NVCC:-$(command -v nvcc || true)}
# SASS for Turing, Ampere (A100, consumer, Jetson Orin), Ada and Hopper; PTX of Hopper for anything newer
arch_flags=(-gencode arch=compute_75,code=sm_75 -gencode arch=compute_80,code=sm_80
            -gencode arch=compute_86,code=sm_86 -gencode arch=compute_87,code=sm_87
            -gencode arch=compute_89,code=sm_89 -gencode arch=compute_90,code=[sm_90,compute_90])

shopt -s nullglob
sources=("$src"/*.cu)
# fingerprint of the kernel sources, so that a machine without nvcc can keep fatbins built elsewhere from
# the same sources (e.g. a build output copied to a GPU host), whatever the files' timestamps
fingerprint=$(cat "${sources[@]}" "$src"/*.cuh /dev/null | sha256sum | cut -c1-64)
if [[ -z $nvcc ]]; then
  if grep -qx 'built=true' "$manifest" 2>/dev/null && grep -qx "sources=$fingerprint" "$manifest"; then
    echo "build-fatbin: nvcc not found; keeping the fatbins built from the same sources" >&2
    exit 0
  fi
  printf 'built=false\nreason=nvcc was not found on PATH when gpuvo was built\n' > "$manifest"
  echo "build-fatbin: nvcc not found; the CUDA backend will report itself unavailable" >&2
  exit 0
fi
version=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')
names=()
for cu in "${sources[@]}"; do
  name=$(basename "$cu" .cu)
  fatbin=$out/$name.fatbin
  names+=("$name")
  # rebuild when the kernel or any header of this folder is newer than the fatbin
  if [[ -f $fatbin ]] && [[ -z $(find "$src" -newer "$fatbin" \( -name '*.cu' -o -name '*.cuh' \) -print -quit) ]]; then
    continue
  fi
  echo "build-fatbin: nvcc $name.cu"
  # -fmad=false: nvcc must not contract a*b+c into an FMA on its own. The ORB kernels reproduce the CPU
  # reference's float arithmetic (Harris, fastAtan2, BRIEF rotation) rounding for rounding; Java never fuses
  # except where it calls Math.fma, which the kernels write as an explicit fmaf() (still fused).
  if ! "$nvcc" -fatbin -O3 -std=c++17 -lineinfo -fmad=false "${arch_flags[@]}" -I"$src" -o "$fatbin.tmp" "$cu"; then
    rm -f "$fatbin.tmp"
    printf 'built=false\nreason=nvcc %s failed to compile %s.cu\n' "$version" "$name" > "$manifest"
    echo "build-fatbin: nvcc failed on $name.cu" >&2
    exit 1
  fi
  mv "$fatbin.tmp" "$fatbin"
done
{
  echo "built=true"
  echo "nvcc=$version"
  echo "arch=sm_75,sm_80,sm_86,sm_87,sm_89,sm_90,compute_90"
  echo "modules=$(IFS=,; echo "${names[*]}")"
  echo "sources=$fingerprint"
} > "$manifest"
