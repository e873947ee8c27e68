// SPDX-License-Identifier: GPL-3.0-or-later
// One component type's drawing: the SVG (or a labelled box when it has none), its bounds and
// the port anchors read from the SVG's "port-<id>" circles. Coordinates are the SVG's viewBox
// shifted so that the pivot (the viewBox centre, snapped to the grid) is the origin: the item
// sits at the pose's (x, y) and rotates and flips about that point, and ports stay on the grid.
#pragma once

#include <QMap>
#include <QPointF>
#include <QRectF>
#include <QSharedPointer>
#include <QString>
#include <QStringList>

class QPainter;
class QSvgRenderer;

namespace hs::widgets {

class Symbol {
public:
    static constexpr double kGrid = 10.0;

    QRectF bounds;                // body in local coordinates
    QMap<QString, QPointF> ports;  // port id -> anchor, local coordinates
    QStringList portOrder;        // declared order
    bool fallback = false;        // no usable SVG: drawn as a labelled box
    QString problem;              // why the SVG was not used, or how its ports disagree with the spec
    QString label;                // text of the fallback box

    void paint(QPainter* p) const;

    QSharedPointer<QSvgRenderer> renderer;
    QRectF viewBox;  // the SVG's own coordinates of bounds
};

}  // namespace hs::widgets
