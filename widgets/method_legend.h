// SPDX-License-Identifier: GPL-3.0-or-later
// The key to the volume badges: one swatch per pressure method the registry knows.
#pragma once

#include <QWidget>

namespace hs::sim {
class Registry;
}

namespace hs::widgets {

class MethodLegend : public QWidget {
    Q_OBJECT
public:
    explicit MethodLegend(const hs::sim::Registry& reg, QWidget* parent = nullptr);
};

}  // namespace hs::widgets
