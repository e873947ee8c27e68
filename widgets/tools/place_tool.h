// SPDX-License-Identifier: GPL-3.0-or-later
// Placing a component chosen in the library: the next click on the canvas puts it there
// (on a wire, a volume splits the wire). Escape or a right click gives up.
#pragma once

#include <QString>

#include "tool.h"

namespace hs::widgets {

class PlaceTool : public Tool {
public:
    using Tool::Tool;
    void setType(const QString& type) { type_ = type; }
    const QString& type() const { return type_; }
    bool press(QGraphicsSceneMouseEvent* e) override;
    bool release(QGraphicsSceneMouseEvent* e) override;
    bool key(QKeyEvent* e) override;

private:
    QString type_;
};

}  // namespace hs::widgets
