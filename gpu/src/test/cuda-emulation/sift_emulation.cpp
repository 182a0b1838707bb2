// Runs the SIFT kernels of src/main/cuda on host threads (emu.h: one std::thread per CUDA thread, blocks one after
// another, barriers for __syncthreads and the warp intrinsics), replaying the launch plan that CudaSiftExtractor
// enqueues (SiftLaunchPlan, written by SiftEmulation export) in the order of launches.txt: the plan's two branches
// run one after the other, in the order export chose. Writes every buffer back for SiftEmulation compare, which
// checks them against the CPU reference. Slow (a minute for a 240x180 image) but needs no GPU. See run-sift.sh.
#include "emu.h"
#include <fstream>
#include <map>
#include <sstream>
#include <string>

// what emu.h lacks for the SIFT kernels
struct float4 { float x, y, z, w; };
inline float4 make_float4(float a, float b, float c, float d) { return {a, b, c, d}; }
inline void __syncwarp() { g_warps[t_warp]->arrive_and_wait(); }
inline unsigned atomicAdd(unsigned* p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline unsigned long long atomicCAS(unsigned long long* p, unsigned long long expected, unsigned long long desired)
{
    // CUDA returns the old value: on success the expected one, otherwise what was there (which the builtin writes
    // into expected)
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
}
inline double __shfl_xor_sync(unsigned, double v, int d)
{
    unsigned long long bits;
    memcpy(&bits, &v, 8);
    bits = warp_exchange(bits, (threadIdx.x & 31) ^ d);
    memcpy(&v, &bits, 8);
    return v;
}
inline float __shfl_xor_sync(unsigned, float v, int d)
{
    unsigned bits;
    memcpy(&bits, &v, 4);
    bits = (unsigned)warp_exchange(bits, (threadIdx.x & 31) ^ d);
    memcpy(&v, &bits, 4);
    return v;
}
inline std::vector<unsigned char> g_dynamic_shared;
#define SIFT_DYNAMIC_SHARED(type, name) type* name = reinterpret_cast<type*>(g_dynamic_shared.data())

#include "sift_scale_space.cu"
#include "sift_extrema.cu"
#include "sift_orientation.cu"
#include "sift_select.cu"
#include "sift_descriptor.cu"

static std::vector<unsigned char> readFile(const std::string& p)
{
    std::ifstream f(p, std::ios::binary);
    if (!f) {
        fprintf(stderr, "cannot read %s\n", p.c_str());
        exit(2);
    }
    return std::vector<unsigned char>((std::istreambuf_iterator<char>(f)), {});
}

static void writeFile(const std::string& p, const std::vector<unsigned char>& bytes)
{
    std::ofstream f(p, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

int main(int argc, char** argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: sift_emulation DIR\n");
        return 2;
    }
    const std::string dir = argv[1];
    // buffers.txt: NAME BYTES per line; all but the inputs start as 0xFF bytes (NaN floats), so that a read of
    // memory no kernel wrote shows up in the comparison
    std::map<std::string, std::vector<unsigned char>> buffers;
    {
        std::ifstream b(dir + "/buffers.txt");
        std::string name;
        long long bytes;
        while (b >> name >> bytes)
            buffers[name] = std::vector<unsigned char>(bytes, 0xFF);
    }
    for (const char* input : {"INPUT", "OCTAVES", "WEIGHTS"}) {
        auto bytes = readFile(dir + "/" + input + ".bin");
        std::copy(bytes.begin(), bytes.end(), buffers[input].begin());
    }
    std::fill(buffers["SCRATCH"].begin(), buffers["SCRATCH"].end(), 0);
    // launches.txt: KERNEL GX GY BX BY SHARED N ARG... with ARG = B:NAME:OFFSET | I:VALUE | S:HEX (a struct)
    std::ifstream plan(dir + "/launches.txt");
    std::string line;
    int count = 0;
    while (std::getline(plan, line)) {
        std::istringstream in(line);
        std::string kernel;
        unsigned gx, gy, bx, by;
        size_t shared;
        int n;
        in >> kernel >> gx >> gy >> bx >> by >> shared >> n;
        std::vector<void*> ptr(n, nullptr);
        std::vector<int> val(n, 0);
        std::vector<std::vector<unsigned char>> structs(n);
        for (int i = 0; i < n; i++) {
            std::string a;
            in >> a;
            if (a[0] == 'B') {
                const size_t c2 = a.find(':', 2);
                const std::string name = a.substr(2, c2 - 2);
                const long long offset = std::stoll(a.substr(c2 + 1));
                auto it = buffers.find(name);
                if (it == buffers.end()) {
                    fprintf(stderr, "launch %d (%s): no buffer %s\n", count, kernel.c_str(), name.c_str());
                    return 2;
                }
                ptr[i] = it->second.data() + offset;
            } else if (a[0] == 'I') {
                val[i] = std::stoi(a.substr(2));
            } else {
                for (size_t k = 2; k + 1 < a.size(); k += 2)
                    structs[i].push_back((unsigned char)std::stoi(a.substr(k, 2), nullptr, 16));
            }
        }
        g_dynamic_shared.assign(shared, 0xFF);
        const dim3 grid{gx, gy, 1}, block{bx, by, 1};
        auto F = [&](int i) { return static_cast<float*>(ptr[i]); };
        auto I = [&](int i) { return val[i]; };
        auto O = [&](int i) { return static_cast<const SiftOctave*>(ptr[i]); };
        auto Z = [&](int i) { return static_cast<int*>(ptr[i]); };
        auto S = [&](auto& into, int i) {
            if (structs[i].size() != sizeof(into)) {
                fprintf(stderr, "launch %d (%s): argument %d has %zu bytes, the struct %zu\n", count, kernel.c_str(), i,
                        structs[i].size(), sizeof(into));
                exit(2);
            }
            memcpy(&into, structs[i].data(), sizeof(into));
            return into;
        };
        SiftParams P{};
        SiftLevelTaps T{};
        if (kernel == "sift_blur")
            launch(grid, block, sift_blur, (const uint8_t*)ptr[0], I(1), I(2), F(3), O(4), I(5), I(6), I(7), I(8),
                   (const float*)F(9), I(10), I(11));
        else if (kernel == "sift_blur_rows")
            launch(grid, block, sift_blur_rows, (const uint8_t*)ptr[0], I(1), I(2), F(3), F(4), O(5), I(6), I(7),
                   I(8), I(9), (const float*)F(10), I(11));
        else if (kernel == "sift_blur_columns")
            launch(grid, block, sift_blur_columns, F(0), (const float*)F(1), O(2), I(3), I(4), (const float*)F(5), I(6));
        else if (kernel == "sift_blur_tail")
            launch(grid, block, sift_blur_tail, F(0), O(1), I(2), I(3), I(4), (const float*)F(5), S(T, 6));
        else if (kernel == "sift_extrema")
            launch(grid, block, sift_extrema, (const float*)F(0), O(1), I(2), I(3), S(P, 4), I(5), (SiftPoint*)ptr[6],
                   Z(7), static_cast<unsigned long long*>(ptr[8]));
        else if (kernel == "sift_orientation")
            launch(grid, block, sift_orientation, (const float*)F(0), O(1), S(P, 2), I(3), (const SiftPoint*)ptr[4],
                   (SiftPoint*)ptr[5], (float4*)ptr[6], Z(7));
        else if (kernel == "sift_select_threshold")
            launch(grid, block, sift_select_threshold, S(P, 0), (const float4*)ptr[1], Z(2), Z(3));
        else if (kernel == "sift_select_rank")
            launch(grid, block, sift_select_rank, (const float4*)ptr[0], (const int*)Z(1), Z(2));
        else if (kernel == "sift_descriptor")
            launch(grid, block, sift_descriptor, (const float*)F(0), O(1), S(P, 2), (const SiftPoint*)ptr[3],
                   (const int*)Z(4), (const int*)Z(5), I(6), F(7), (float2*)ptr[8], Z(9), F(10));
        else {
            fprintf(stderr, "unknown kernel %s\n", kernel.c_str());
            return 2;
        }
        count++;
        fprintf(stderr, "launch %d: %s %ux%u blocks\n", count, kernel.c_str(), gx, gy);
    }
    for (auto& [name, bytes] : buffers)
        writeFile(dir + "/out-" + name + ".bin", bytes);
    printf("sift_emulation: %d launches replayed\n", count);
    return 0;
}
