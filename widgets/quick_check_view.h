// SPDX-License-Identifier: GPL-3.0-or-later
// The method panel's view of a quick check (service::quickCheck): a small table of the runs (as is,
// suggested) with their error, the volume's pressure RMSE, wall time, steps and indeterminate
// steps, and the verdict, red when it contradicts the suggestion.
#pragma once

#include <QString>

namespace hs::service {
struct QuickCheck;
}

namespace hs::widgets {

QString quickCheckHtml(const hs::service::QuickCheck& q);

}  // namespace hs::widgets
