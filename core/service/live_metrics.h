// SPDX-License-Identifier: GPL-3.0-or-later
// Errors of a configuration against the reference while both are still running: walks the
// reference's time grid as far as both traces reach and keeps running sums, so each update costs
// only the new samples. Once both runs have ended, errors() equals sim::compareTraces of the two
// complete traces bit for bit (same grid, same interpolation, same summation order), and error()
// holds the error trace (config minus reference on the reference grid) that the plots draw.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/metrics.h"

namespace hs::service {

class LiveMetrics {
public:
    // Forget everything; the next update starts from the first reference sample.
    void reset();
    // Room for n error samples of up to `columns` probes (avoids regrowing long vectors).
    void reserve(size_t n, size_t columns);
    // Extends the sums and the error trace. final: both traces are complete (the last reference
    // samples past the end of the other trace, within 1e-12 relative, then count as compareTraces
    // counts them). Returns the number of new error samples.
    size_t update(const sim::Trace& ref, const sim::Trace& other, bool final);

    std::vector<sim::ProbeError> errors() const;
    const sim::Trace& error() const { return error_; }

private:
    void bind(const sim::Trace& ref, const sim::Trace& other);

    bool bound_ = false;
    size_t reserve_ = 0;
    size_t next_ = 0;             // first reference sample not yet compared
    size_t hint_ = 1;             // where the last search in the other trace ended
    std::vector<int> refCol_, otherCol_;
    std::vector<double> se_, sa_, maxAbs_;
    sim::Trace error_;
};

}  // namespace hs::service
