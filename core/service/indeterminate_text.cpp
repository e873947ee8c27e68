// SPDX-License-Identifier: GPL-3.0-or-later
#include "indeterminate_text.h"

#include <algorithm>

namespace hs::service {

QString indeterminateSpansText(const sim::MethodStats& st) {
    QString spans;
    const auto shown = std::min<std::int64_t>(st.indeterminateSpanCount, sim::MethodStats::kSpans);
    for (std::int64_t k = 0; k < shown; ++k) {
        const auto& s = st.indeterminateSpans[static_cast<size_t>(k)];
        spans += (k ? ", " : "") + QString::number(s[0], 'g', 5) + "-" + QString::number(s[1], 'g', 5);
    }
    if (st.indeterminateSpanCount > shown) spans += ", ...";
    return spans;
}

QString indeterminateTimeText(const sim::MethodStats& st) { return QString::number(st.indeterminateTime, 'g', 4); }

}  // namespace hs::service
