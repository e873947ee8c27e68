// SPDX-License-Identifier: GPL-3.0-or-later
// The options of the FlowSensor's "direction" parameter, shared with the Hopsan importer.
#pragma once

namespace hs::sim {
inline constexpr const char* kFlowInto = "into";     // flow into the watched component (default)
inline constexpr const char* kFlowOutOf = "out of";  // flow out of it through that port
}  // namespace hs::sim
