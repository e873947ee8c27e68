// SPDX-License-Identifier: GPL-3.0-or-later
// The mouse wheel over a combo box or spin box that does not have the keyboard focus scrolls
// the panel around it and never changes the value (issue 13: a wheel over the Properties dock
// turned on_failure from stop to continue, recorded in History). One application-wide event
// filter for every combo and spin box, also those built later (forms, table rows):
// - on Polish their focus policy Qt::WheelFocus becomes Qt::StrongFocus, so a wheel does not
//   give them the focus on its way past;
// - a wheel event reaching one without focus is ignored and handed on to its parents (the
//   scroll area scrolls, as if the field were not there).
// Click or Tab into the field first and the wheel steps it as usual.
#pragma once

#include <QObject>

namespace hs::widgets {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Installs the filter on the application once (later calls do nothing).
    static void install();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

}  // namespace hs::widgets
