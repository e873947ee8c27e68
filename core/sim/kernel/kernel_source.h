// SPDX-License-Identifier: GPL-3.0-or-later
// Generated circuit kernels: a built System's serial right-hand side written out as one C++
// translation unit (System::kernelSource, kernel_source.cpp) that calls every component's
// equations (equations/*.h) directly, with the circuit's parameters as constants, and writes the
// node continuity pass inline; compiled at run time into a shared library (kernel_compiler.h).
// Its rhs equals System::rhs bit for bit (the same functions, the same order of operations).
#pragma once

#include <string>

namespace hs::sim {

// The kernel library's interface (extern "C" in the generated source).
inline constexpr int kKernelAbi = 1;

}  // namespace hs::sim
