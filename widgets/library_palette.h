// SPDX-License-Identifier: GPL-3.0-or-later
// The component library: types by category from the registry, a search filter over names and
// descriptions, drag onto the canvas, or double-click to place.
#pragma once

#include <QWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace hs::sim {
class Registry;
}

namespace hs::widgets {

class SymbolLibrary;

class LibraryPalette : public QWidget {
    Q_OBJECT
public:
    LibraryPalette(const hs::sim::Registry& reg, const SymbolLibrary& symbols, QWidget* parent = nullptr);
    void setFilter(const QString& text);
    QTreeWidget* tree() const { return tree_; }
    // The tree item of a type (for tests and keyboard navigation).
    QTreeWidgetItem* itemOf(const QString& type) const;

signals:
    void placeRequested(const QString& type);

private:
    QLineEdit* filter_;
    QTreeWidget* tree_;
};

}  // namespace hs::widgets
