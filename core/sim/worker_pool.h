// Fork-join pool for lock-step parallel stepping: run(job) calls job(k) for k = 0..n-1, k = 0 on
// the caller, and returns when all are done. Waiters spin briefly, then sleep on the atomic
// (futex wait/notify, no locks); one run() costs two atomic hand-overs per worker.
#pragma once

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace hs::sim {

class WorkerPool {
public:
    explicit WorkerPool(int threads);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;
    int size() const { return static_cast<int>(threads_.size()) + 1; }
    void run(const std::function<void(int)>& job);

private:
    void loop(int k);
    std::vector<std::thread> threads_;
    std::atomic<int> generation_{0};  // int: a native futex for wait/notify
    std::atomic<int> pending_{0};
    std::atomic<bool> quit_{false};
    const std::function<void(int)>* job_ = nullptr;
};

}  // namespace hs::sim
