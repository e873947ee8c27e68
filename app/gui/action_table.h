// SPDX-License-Identifier: GPL-3.0-or-later
// Every command of the main window in one table (id, text, shortcut, icon, tip): menus and the
// tool bar are built from it, so a shortcut or a label is changed in one place.
#pragma once

#include <QHash>
#include <QKeySequence>
#include <QString>

#include <vector>

class QAction;
class QObject;

namespace hs::gui {

struct ActionSpec {
    QString id;      // "file.open"
    QString text;    // "&Open..."
    QKeySequence shortcut;
    QString icon;    // freedesktop icon theme name
    QString tip;
    bool toolbar = false;
};

class ActionTable {
public:
    explicit ActionTable(QObject* owner);
    static const std::vector<ActionSpec>& specs();
    QAction* get(const QString& id) const;
    QList<QAction*> menu(const QString& prefix) const;  // "file." -> its actions, table order

private:
    QHash<QString, QAction*> actions_;
};

}  // namespace hs::gui
