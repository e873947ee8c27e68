// SPDX-License-Identifier: GPL-3.0-or-later
// A canvas tool: a small state object that gets the scene's mouse and key events first
// (ARCHITECTURE §5: tools are objects, not a mode switch inside the scene). Returning false lets
// the scene's default handling (selection, moving) run.
#pragma once

class QGraphicsSceneMouseEvent;
class QKeyEvent;

namespace hs::widgets {

class CircuitScene;

class Tool {
public:
    explicit Tool(CircuitScene& scene) : scene_(scene) {}
    virtual ~Tool() = default;
    virtual bool press(QGraphicsSceneMouseEvent*) { return false; }
    virtual bool move(QGraphicsSceneMouseEvent*) { return false; }
    virtual bool release(QGraphicsSceneMouseEvent*) { return false; }
    virtual bool key(QKeyEvent*) { return false; }
    // The tool is left (another one takes over, or Escape).
    virtual void cancel() {}

protected:
    CircuitScene& scene_;
};

}  // namespace hs::widgets
