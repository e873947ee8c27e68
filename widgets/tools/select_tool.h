// SPDX-License-Identifier: GPL-3.0-or-later
// The default tool: click selects, drag moves (one undo step on release), a press on a port
// hands over to the wire tool.
#pragma once

#include "tool.h"

namespace hs::widgets {

class SelectTool : public Tool {
public:
    using Tool::Tool;
    bool press(QGraphicsSceneMouseEvent* e) override;
    bool release(QGraphicsSceneMouseEvent* e) override;
};

}  // namespace hs::widgets
