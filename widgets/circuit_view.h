// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas widget: zoom with the wheel (about the cursor) and keys, pan with the middle
// button or space+drag, rubber-band selection, and drops from the library.
#pragma once

#include <QGraphicsView>

namespace hs::widgets {

class CircuitScene;

class CircuitView : public QGraphicsView {
    Q_OBJECT
public:
    static constexpr const char* kTypeMime = "application/x-hydrostiff-component-type";
    explicit CircuitView(CircuitScene* scene, QWidget* parent = nullptr);
    CircuitScene* circuitScene() const { return scene_; }

    double zoom() const { return transform().m11(); }
    void zoomBy(double factor);
    void zoomToFit();

signals:
    void zoomChanged(double zoom);

protected:
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void keyReleaseEvent(QKeyEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    CircuitScene* scene_;
    bool panning_ = false, space_ = false;
    QPoint panFrom_;
};

}  // namespace hs::widgets
