// SPDX-License-Identifier: GPL-3.0-or-later
#include "worker_pool.h"

#include "vector_state.h"

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace hs::sim {

namespace {
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}
}  // namespace

// Spin (reading the line only, with a pause so the sibling hyper-thread keeps running) until the
// value is reached or spinMicros have passed, then sleep on the atomic. On a machine shared with
// other work the spin is bounded, so a waiter whose partner lost its core soon gives its own
// core back instead of burning it.
void WorkerPool::waitFor(std::atomic<int>& a, int value, bool equal) const {
    auto ready = [&](int v) { return (v == value) == equal; };
    if (ready(a.load(std::memory_order_acquire))) return;
    using clock = std::chrono::steady_clock;
    const auto until = clock::now() + std::chrono::duration<double, std::micro>(spinMicros_);
    for (;;) {
        for (int i = 0; i < 64; ++i) {
            if (ready(a.load(std::memory_order_acquire))) return;
            cpuRelax();
        }
        if (clock::now() > until) break;
    }
    for (int v = a.load(std::memory_order_acquire); !ready(v); v = a.load(std::memory_order_acquire))
        a.wait(v, std::memory_order_acquire);
}

WorkerPool::WorkerPool(int threads, double spinMicros) : spinMicros_(spinMicros) {
    for (int k = 1; k < threads; ++k) threads_.emplace_back([this, k] { loop(k); });
}

WorkerPool::~WorkerPool() {
    quit_.store(true, std::memory_order_release);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    generation_.notify_all();
    for (auto& t : threads_) t.join();
}

void WorkerPool::runRaw(void (*fn)(void*, int), void* obj) {
    fn_ = fn;
    obj_ = obj;
    pending_.store(static_cast<int>(threads_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    generation_.notify_all();  // a syscall only when a worker sleeps (libstdc++ counts waiters)
    try {
        fn(obj, 0);
    } catch (...) {
        keep(std::current_exception());
    }
    // The jobs of the workers still use obj (the caller's stack): wait for them even after a throw.
    waitFor(pending_, 0, true);
    if (failed_.load(std::memory_order_acquire)) {
        std::exception_ptr e = std::move(error_);
        error_ = nullptr;
        failed_.store(false, std::memory_order_relaxed);
        std::rethrow_exception(e);
    }
}

void WorkerPool::keep(std::exception_ptr e) noexcept {
    bool expected = false;
    if (failed_.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) error_ = std::move(e);
}

void WorkerPool::loop(int k) {
    int seen = 0;
    for (;;) {
        waitFor(generation_, seen, false);
        seen = generation_.load(std::memory_order_acquire);
        if (quit_.load(std::memory_order_acquire)) return;
        clearUpperVectorState();  // see vector_state.h; the pool may outlive the run that made it
        try {
            fn_(obj_, k);
        } catch (...) {
            keep(std::current_exception());  // run() rethrows it on the caller's thread
        }
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
    }
}

}  // namespace hs::sim
