// SPDX-License-Identifier: GPL-3.0-or-later
#include "vector_state.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

#include <cstdint>
#define HS_X86 1
#endif

namespace hs::sim {

#ifdef HS_X86
namespace {

struct VectorCaps {
    bool avx = false;     // AVX usable: CPU flag and the OS saves YMM state (OSXSAVE, XCR0 bits 1-2)
    bool xinuse = false;  // XGETBV with ECX = 1 (CPUID.(EAX=0DH,ECX=1):EAX bit 2)
};

uint64_t xgetbv(uint32_t index) {
    uint32_t lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(index));
    return (static_cast<uint64_t>(hi) << 32) | lo;
}

VectorCaps detect() {
    VectorCaps caps;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return caps;
    const bool osxsave = (c & bit_OSXSAVE) != 0, avx = (c & bit_AVX) != 0;
    if (!osxsave || !avx) return caps;
    caps.avx = (xgetbv(0) & 0x6) == 0x6;
    if (caps.avx && __get_cpuid_max(0, nullptr) >= 0xd) {
        __cpuid_count(0xd, 1, a, b, c, d);
        caps.xinuse = (a & (1u << 2)) != 0;
    }
    return caps;
}

// Read once per process; a function-local constant rather than a global.
const VectorCaps& caps() {
    static const VectorCaps c = detect();
    return c;
}

}  // namespace

void clearUpperVectorState() {
    if (caps().avx) __asm__ volatile("vzeroupper" ::: "memory");
}

bool vectorStateObservable() { return caps().xinuse; }

// XINUSE bit 2: upper halves of YMM0-15; bit 6: bits 256-511 of ZMM0-15. vzeroupper clears both.
bool upperVectorStateDirty() { return caps().xinuse && (xgetbv(1) & 0x44) != 0; }

bool dirtyUpperVectorState() {
    if (!caps().avx) return false;
    // All-ones into ymm15 (compare with the always-true predicate, AVX1): a VEX-256 write that nothing cleans up afterwards.
    __asm__ volatile("vcmpps $15, %%ymm15, %%ymm15, %%ymm15" ::: "xmm15");
    return true;
}

#else

void clearUpperVectorState() {}
bool vectorStateObservable() { return false; }
bool upperVectorStateDirty() { return false; }
bool dirtyUpperVectorState() { return false; }

#endif

}  // namespace hs::sim
