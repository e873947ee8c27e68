// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit_view.h"

#include <QDragEnterEvent>
#include <QMimeData>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>

#include "circuit_scene.h"

namespace hs::widgets {

CircuitView::CircuitView(CircuitScene* scene, QWidget* parent) : QGraphicsView(scene, parent), scene_(scene) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(AnchorUnderMouse);
    setViewportUpdateMode(SmartViewportUpdate);
    setAcceptDrops(true);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

void CircuitView::zoomBy(double factor) {
    const double z = std::clamp(zoom() * factor, 0.1, 8.0);
    const double f = z / zoom();
    scale(f, f);
    emit zoomChanged(zoom());
}

void CircuitView::zoomToFit() {
    QRectF r = scene_->contentRect();
    if (r.isEmpty()) r = QRectF(-200, -150, 400, 300);
    fitInView(r.adjusted(-30, -30, 30, 30), Qt::KeepAspectRatio);
    // Never blow a small circuit up past 150 %: symbols get crude, and it looks like a mistake.
    if (zoom() > 1.5) {
        const double f = 1.5 / zoom();
        scale(f, f);
        centerOn(r.center());
    }
    emit zoomChanged(zoom());
}

void CircuitView::wheelEvent(QWheelEvent* e) {
    if (e->angleDelta().y() == 0) return QGraphicsView::wheelEvent(e);
    zoomBy(e->angleDelta().y() > 0 ? 1.15 : 1 / 1.15);
    e->accept();
}

void CircuitView::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::MiddleButton || (space_ && e->button() == Qt::LeftButton)) {
        panning_ = true;
        panFrom_ = e->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        e->accept();
        return;
    }
    QGraphicsView::mousePressEvent(e);
}

void CircuitView::mouseMoveEvent(QMouseEvent* e) {
    if (panning_) {
        const QPoint d = e->pos() - panFrom_;
        panFrom_ = e->pos();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        e->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(e);
}

void CircuitView::mouseReleaseEvent(QMouseEvent* e) {
    if (panning_) {
        panning_ = false;
        viewport()->unsetCursor();
        e->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(e);
}

void CircuitView::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Space && !e->isAutoRepeat()) {
        space_ = true;
        setDragMode(NoDrag);
    }
    QGraphicsView::keyPressEvent(e);
}

void CircuitView::keyReleaseEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Space && !e->isAutoRepeat()) {
        space_ = false;
        setDragMode(RubberBandDrag);
    }
    QGraphicsView::keyReleaseEvent(e);
}

void CircuitView::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasFormat(kTypeMime)) e->acceptProposedAction();
    else QGraphicsView::dragEnterEvent(e);
}

void CircuitView::dragMoveEvent(QDragMoveEvent* e) {
    if (e->mimeData()->hasFormat(kTypeMime)) e->acceptProposedAction();
    else QGraphicsView::dragMoveEvent(e);
}

void CircuitView::dropEvent(QDropEvent* e) {
    if (!e->mimeData()->hasFormat(kTypeMime)) return QGraphicsView::dropEvent(e);
    const QString type = QString::fromUtf8(e->mimeData()->data(kTypeMime));
    scene_->placeComponent(type, mapToScene(e->position().toPoint()));
    e->acceptProposedAction();
    setFocus();
}

}  // namespace hs::widgets
