// SPDX-License-Identifier: GPL-3.0-or-later
// Fork-join pool for lock-step parallel stepping: run(job) calls job(k) for k = 0..n-1, k = 0 on
// the caller, and returns when all are done. One run() costs two atomic hand-overs per worker.
// Waiters spin for up to spinMicros (a step of a long circuit takes tens of microseconds, and a
// futex wake-up costs as much), then sleep on the atomic (futex wait/notify, no locks), so an
// idle pool between runs costs no CPU. An exception thrown by a job (on any thread) is carried
// to the caller: run() waits for every job to end, then rethrows the first one caught.
#pragma once

#include <atomic>
#include <exception>
#include <thread>
#include <type_traits>
#include <vector>

namespace hs::sim {

class WorkerPool {
public:
    explicit WorkerPool(int threads, double spinMicros = 50.0);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;
    int size() const { return static_cast<int>(threads_.size()) + 1; }
    // job(k) for every k; the job object lives on the caller's stack for the duration (no copy,
    // no allocation per call).
    template <class Job>
    void run(Job&& job) {
        using J = std::remove_reference_t<Job>;
        runRaw([](void* o, int k) { (*static_cast<J*>(o))(k); }, const_cast<void*>(static_cast<const void*>(&job)));
    }

private:
    void runRaw(void (*fn)(void*, int), void* obj);
    void loop(int k);
    void waitFor(std::atomic<int>& a, int value, bool equal) const;
    // Keeps the first exception of a run(); written before the job's pending_ release, read by
    // the caller after its acquire (no lock needed).
    void keep(std::exception_ptr e) noexcept;
    std::vector<std::thread> threads_;
    double spinMicros_;
    // Each hand-over variable on its own cache line: the caller writes generation_, the workers
    // pending_, and neither should pull the other's line on every spin.
    alignas(64) std::atomic<int> generation_{0};  // int: a native futex for wait/notify
    alignas(64) std::atomic<int> pending_{0};
    alignas(64) std::atomic<bool> quit_{false};
    void (*fn_)(void*, int) = nullptr;
    void* obj_ = nullptr;
    std::atomic<bool> failed_{false};
    std::exception_ptr error_;
};

}  // namespace hs::sim
