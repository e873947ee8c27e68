// SPDX-License-Identifier: GPL-3.0-or-later
// Drawing a wire: from the port where the drag started to the port where it is released. A port
// of another domain, an output joined to an output, or a pair already connected is refused and
// the tooltip at the cursor says why.
#pragma once

#include <QString>

#include "tool.h"

class QGraphicsPathItem;

namespace hs::widgets {

class WireTool : public Tool {
public:
    using Tool::Tool;
    ~WireTool() override;
    void begin(const QString& comp, const QString& port);
    bool press(QGraphicsSceneMouseEvent* e) override;
    bool move(QGraphicsSceneMouseEvent* e) override;
    bool release(QGraphicsSceneMouseEvent* e) override;
    bool key(QKeyEvent* e) override;
    void cancel() override;

private:
    QString comp_, port_;
    QGraphicsPathItem* rubber_ = nullptr;
    QString hoverComp_;
};

}  // namespace hs::widgets
