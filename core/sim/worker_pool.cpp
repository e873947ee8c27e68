#include "worker_pool.h"

namespace hs::sim {

namespace {
// Spin briefly (a step takes microseconds), then give the core away: on a machine shared with
// other work a pure spin would steal the time slice of the thread it waits for.
template <class Ready>
void waitFor(Ready ready) {
    for (int i = 0; !ready(); ++i)
        if (i > 4000) std::this_thread::yield();
}
}  // namespace

WorkerPool::WorkerPool(int threads) {
    for (int k = 1; k < threads; ++k) threads_.emplace_back([this, k] { loop(k); });
}

WorkerPool::~WorkerPool() {
    quit_.store(true, std::memory_order_release);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    for (auto& t : threads_) t.join();
}

void WorkerPool::run(const std::function<void(int)>& job) {
    job_ = &job;
    pending_.store(static_cast<int>(threads_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_acq_rel);
    job(0);
    waitFor([&] { return pending_.load(std::memory_order_acquire) == 0; });
}

void WorkerPool::loop(int k) {
    long seen = 0;
    for (;;) {
        waitFor([&] { return generation_.load(std::memory_order_acquire) != seen; });
        seen = generation_.load(std::memory_order_acquire);
        if (quit_.load(std::memory_order_acquire)) return;
        (*job_)(k);
        pending_.fetch_sub(1, std::memory_order_acq_rel);
    }
}

}  // namespace hs::sim
