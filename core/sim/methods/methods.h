// SPDX-License-Identifier: GPL-3.0-or-later
// Registration of the built-in pressure methods.
#pragma once

namespace hs::sim {
class Registry;
void registerPressureMethods(Registry& r);
}  // namespace hs::sim
