#include "worker_pool.h"

namespace hs::sim {

namespace {
// Spin briefly (a step takes microseconds), then sleep on the atomic (a futex, no lock): on a
// machine shared with other work a spinning or yielding waiter would hand its core to another
// process instead of to the thread it waits for.
template <class Ready>
void waitFor(std::atomic<int>& a, Ready ready) {
    for (int i = 0; i < 2000; ++i)
        if (ready(a.load(std::memory_order_acquire))) return;
    for (int v = a.load(std::memory_order_acquire); !ready(v); v = a.load(std::memory_order_acquire))
        a.wait(v, std::memory_order_acquire);
}
}  // namespace

WorkerPool::WorkerPool(int threads) {
    for (int k = 1; k < threads; ++k) threads_.emplace_back([this, k] { loop(k); });
}

WorkerPool::~WorkerPool() {
    quit_.store(true, std::memory_order_release);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    generation_.notify_all();
    for (auto& t : threads_) t.join();
}

void WorkerPool::run(const std::function<void(int)>& job) {
    job_ = &job;
    pending_.store(static_cast<int>(threads_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    generation_.notify_all();
    job(0);
    waitFor(pending_, [](int v) { return v == 0; });
}

void WorkerPool::loop(int k) {
    int seen = 0;
    for (;;) {
        waitFor(generation_, [seen](int v) { return v != seen; });
        seen = generation_.load(std::memory_order_acquire);
        if (quit_.load(std::memory_order_acquire)) return;
        (*job_)(k);
        if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
    }
}

}  // namespace hs::sim
