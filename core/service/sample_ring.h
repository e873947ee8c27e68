// SPDX-License-Identifier: GPL-3.0-or-later
// Single-producer single-consumer ring of fixed-width sample records (time, then one value per
// probe) between an engine worker and the thread that draws. Lock-free and fixed in size, so the
// producer never waits for the consumer: when the ring is full the new record is dropped and
// counted (dropped()). The run's complete trace still comes back with the result, so a drop only
// thins the live view until the configuration ends (RunService then swaps in the full trace).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hs::service {

class SampleRing {
public:
    // width: doubles per record (1 + probes); capacity: records, rounded up to a power of two.
    SampleRing(size_t width, size_t capacity);
    SampleRing(const SampleRing&) = delete;
    SampleRing& operator=(const SampleRing&) = delete;

    size_t width() const { return width_; }
    size_t capacity() const { return mask_ + 1; }

    // Producer only. Copies t and width()-1 values; false (and one more drop) when full.
    bool push(double t, const double* values);

    // Consumer only. Calls f(const double* record) for up to max records, oldest first, and
    // releases them. Returns how many were handed out.
    template <class F>
    size_t consume(F&& f, size_t max = SIZE_MAX) {
        const uint64_t tail = tail_.load(std::memory_order_relaxed);
        const uint64_t head = head_.load(std::memory_order_acquire);
        size_t n = static_cast<size_t>(head - tail);
        if (n > max) n = max;
        for (size_t k = 0; k < n; ++k) f(&buf_[static_cast<size_t>((tail + k) & mask_) * width_]);
        tail_.store(tail + n, std::memory_order_release);
        return n;
    }

    // Records waiting (a snapshot; exact only on the consumer thread).
    size_t size() const;
    uint64_t pushed() const { return head_.load(std::memory_order_acquire); }
    uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }

private:
    size_t width_;
    uint64_t mask_;
    std::vector<double> buf_;
    // Each index on its own cache line: the producer writes head_, the consumer tail_.
    alignas(64) std::atomic<uint64_t> head_{0};
    alignas(64) std::atomic<uint64_t> tail_{0};
    alignas(64) uint64_t tailCache_ = 0;  // producer's last view of tail_, saves an acquire per push
    std::atomic<uint64_t> dropped_{0};
};

}  // namespace hs::service
