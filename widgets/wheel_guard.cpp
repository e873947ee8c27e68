// SPDX-License-Identifier: GPL-3.0-or-later
#include "wheel_guard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QPointer>

namespace hs::widgets {

namespace {

bool guarded(QObject* o) { return qobject_cast<QComboBox*>(o) || qobject_cast<QAbstractSpinBox*>(o); }

}  // namespace

void WheelGuard::install() {
    static QPointer<WheelGuard> guard;
    if (guard || !qApp) return;
    guard = new WheelGuard(qApp);
    qApp->installEventFilter(guard);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Polish && guarded(watched)) {
        auto* w = static_cast<QWidget*>(watched);
        if (w->focusPolicy() == Qt::WheelFocus) w->setFocusPolicy(Qt::StrongFocus);
    } else if (event->type() == QEvent::Wheel && guarded(watched)) {
        auto* w = static_cast<QWidget*>(watched);
        if (!w->hasFocus()) {
            // Filtered and not accepted: QApplication hands the event on to the parent widgets.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace hs::widgets
