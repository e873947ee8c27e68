// SPDX-License-Identifier: GPL-3.0-or-later
// The x86 AVX upper-register state of the calling thread, and the guard that cleans it before
// engine code runs.
//
// Why: once a VEX-256 instruction leaves the upper halves of the YMM registers in use (code that
// ends without vzeroupper: a JIT, hand-written assembly, a lazily bound symbol's trampoline),
// every later SSE instruction of that thread runs in a slow mixed state on Intel cores with
// AVX-512 (glibc's log/exp measured 31x slower), and a thread started by that thread inherits the
// state. The GUI process had it; the CLI did not, so the GUI ran the same engine ~9x slower.
// The engine compiles to SSE, and glibc's AVX variants clean up after themselves, so once
// cleaned the state stays clean while engine code runs.
#pragma once

namespace hs::sim {

// vzeroupper on CPUs with AVX; nothing elsewhere (and on other architectures). Costs a cycle.
void clearUpperVectorState();

// Whether the calling thread's AVX upper state is in use right now (XGETBV with ECX = 1: bit 2 or 6
// of XINUSE, the upper halves of YMM0-15 and ZMM0-15). Returns false where the CPU cannot tell; vectorStateObservable() says which.
bool upperVectorStateDirty();
bool vectorStateObservable();

// Leaves the upper state of the calling thread in use, as a library that omits vzeroupper does.
// For the regression test and benchmark that show the guard works; returns false where the CPU
// has no AVX.
bool dirtyUpperVectorState();

}  // namespace hs::sim
