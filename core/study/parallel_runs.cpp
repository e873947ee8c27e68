// SPDX-License-Identifier: GPL-3.0-or-later
#include "parallel_runs.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace hs::study {

int defaultJobs() { return std::max(1u, std::thread::hardware_concurrency()); }

double estimateRemaining(double elapsed, double completed, int total) {
    if (completed <= 1e-9 || elapsed <= 0) return -1;
    return std::max(0.0, elapsed * (double(total) - completed) / completed);
}

void runParallel(int count, int jobs, const std::function<void(int, std::atomic<double>&)>& job,
                 const std::function<void(const StudyProgress&)>& progress, double tickSeconds) {
    if (count <= 0) return;
    const auto t0 = std::chrono::steady_clock::now();
    std::unique_ptr<std::atomic<double>[]> fraction(new std::atomic<double>[static_cast<size_t>(count)]);
    for (int i = 0; i < count; ++i) fraction[i].store(0.0);
    std::atomic<int> next{0}, done{0};
    std::mutex m;
    std::condition_variable cv;
    auto worker = [&] {
        for (int i = next++; i < count; i = next++) {
            job(i, fraction[i]);
            fraction[i].store(1.0);
            {
                std::lock_guard<std::mutex> lock(m);
                ++done;
            }
            cv.notify_one();
        }
    };
    std::vector<std::thread> threads;
    const int n = std::clamp(jobs > 0 ? jobs : defaultJobs(), 1, count);
    for (int j = 0; j < n; ++j) threads.emplace_back(worker);
    auto report = [&] {
        if (!progress) return;
        StudyProgress p;
        p.total = count;
        p.done = done.load();
        for (int i = 0; i < count; ++i) p.completed += std::clamp(fraction[i].load(std::memory_order_relaxed), 0.0, 1.0);
        p.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        p.eta = p.done == count ? 0.0 : estimateRemaining(p.elapsed, p.completed, count);
        progress(p);
    };
    {
        std::unique_lock<std::mutex> lock(m);
        while (done.load() < count) {
            cv.wait_for(lock, std::chrono::duration<double>(tickSeconds));
            lock.unlock();
            report();
            lock.lock();
        }
    }
    for (auto& t : threads) t.join();
}

}  // namespace hs::study
