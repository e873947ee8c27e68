// SPDX-License-Identifier: GPL-3.0-or-later
// The smooth profile sources' parameters read into their profiles, for the component and for the
// inverse solve alike (numbers and texts by parameter name, defaults as registered).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "../trajectory/smooth_profile.h"

namespace hs::sim {

inline constexpr const char* kSmoothStepsDefault = "0 1 1";
inline constexpr const char* kSmoothMovesDefault = "0 1 1";

// Fill *out, or return what is wrong with the parameters.
std::string smoothStepsOf(const std::map<std::string, double>& num, const std::map<std::string, std::string>& text,
                          std::optional<SmoothSteps>* out);
std::string smoothMotionOf(const std::map<std::string, double>& num, const std::map<std::string, std::string>& text,
                           std::optional<SmoothMotion>* out);

}  // namespace hs::sim
