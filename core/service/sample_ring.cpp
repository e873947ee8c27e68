// SPDX-License-Identifier: GPL-3.0-or-later
#include "sample_ring.h"

#include <algorithm>

namespace hs::service {

namespace {
uint64_t roundUpPow2(size_t n) {
    uint64_t c = 1;
    while (c < std::max<size_t>(n, 2)) c <<= 1;
    return c;
}
}  // namespace

SampleRing::SampleRing(size_t width, size_t capacity)
    : width_(std::max<size_t>(width, 1)), mask_(roundUpPow2(capacity) - 1), buf_((mask_ + 1) * width_) {}

bool SampleRing::push(double t, const double* values) {
    const uint64_t head = head_.load(std::memory_order_relaxed);
    if (head - tailCache_ > mask_) {
        tailCache_ = tail_.load(std::memory_order_acquire);
        if (head - tailCache_ > mask_) {
            dropped_.fetch_add(1, std::memory_order_relaxed);
            return false;
        }
    }
    double* rec = &buf_[static_cast<size_t>(head & mask_) * width_];
    rec[0] = t;
    std::copy(values, values + (width_ - 1), rec + 1);
    head_.store(head + 1, std::memory_order_release);
    return true;
}

size_t SampleRing::size() const {
    return static_cast<size_t>(head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire));
}

}  // namespace hs::service
