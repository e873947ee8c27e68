// SPDX-License-Identifier: GPL-3.0-or-later
// Compiles a generated circuit kernel (kernel_source.h) with the compiler, flags and headers
// recorded at configure time (kernel_config.h), caches the shared library by a hash of the
// source, the compiler and the headers it includes, and loads it.
#pragma once

#include <memory>
#include <string>

namespace hs::sim {

// A loaded kernel with its own context (the held sources' caches): one per System.
class GeneratedKernel {
public:
    GeneratedKernel(const GeneratedKernel&) = delete;
    GeneratedKernel& operator=(const GeneratedKernel&) = delete;
    ~GeneratedKernel();
    void rhs(double t, const double* y, double* dy) const { rhs_(ctx_, t, y, dy); }
    // One classical RK4 step from (t, y) with step h into out (Rk4::step's arithmetic).
    void rk4Step(double t, double h, const double* y, double* out) const { step_(ctx_, t, h, y, out); }
    int stateCount() const { return states_; }
    double compileSeconds() const { return compileSeconds_; }  // wall time of the compiler; 0 from the cache
    bool fromCache() const { return fromCache_; }
    const std::string& library() const { return library_; }

private:
    friend struct KernelLoader;
    GeneratedKernel() = default;
    void* handle_ = nullptr;
    void* ctx_ = nullptr;
    void (*rhs_)(void*, double, const double*, double*) = nullptr;
    void (*step_)(void*, double, double, const double*, double*) = nullptr;
    void (*delete_)(void*) = nullptr;
    int states_ = 0;
    double compileSeconds_ = 0.0;
    bool fromCache_ = false;
    std::string library_;
};

// The cache directory: $HYDROSTIFF_KERNEL_CACHE, else $XDG_CACHE_HOME/hydrostiff/kernels, else
// ~/.cache/hydrostiff/kernels.
std::string kernelCacheDir();

// Compiles (or finds in the cache) and loads source. null and error set when it cannot: no
// compiler, a compile error (the compiler's message is in <cache>/<hash>.log), a library that
// does not load or does not match.
[[nodiscard]] std::unique_ptr<GeneratedKernel> loadKernel(const std::string& source, int states, std::string& error);

}  // namespace hs::sim

namespace hs::sim {

class System;
struct SolverSettings;

// Gives sys its generated kernel for settings s ("kernel": "generated"): "" when it runs, else
// why not (the run is then interpreted): a stepper other than rk4, partitions, a circuit the
// generator does not take (System::kernelSource), no compiler or a failed compile.
[[nodiscard]] std::string useGeneratedKernel(System& sys, const SolverSettings& s);

}  // namespace hs::sim
