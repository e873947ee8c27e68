// SPDX-License-Identifier: GPL-3.0-or-later
#include "library_palette.h"

#include <QDrag>
#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>

#include "circuit_view.h"
#include "sim/registry.h"
#include "symbol_library.h"

namespace hs::widgets {

namespace {

constexpr int kTypeRole = Qt::UserRole + 1;

// Icon from the symbol itself, so that the library shows what lands on the canvas.
QIcon symbolIcon(const Symbol& s) {
    QPixmap pm(32, 32);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF b = s.bounds;
    const double k = 28.0 / std::max(b.width(), b.height());
    p.translate(16, 16);
    p.scale(k, k);
    p.translate(-b.center());
    s.paint(&p);
    return QIcon(pm);
}

// A tree that starts a drag with the type's id.
class PaletteTree : public QTreeWidget {
public:
    using QTreeWidget::QTreeWidget;

protected:
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override {
        if (items.isEmpty() || items.front()->data(0, kTypeRole).toString().isEmpty()) return nullptr;
        auto* m = new QMimeData;
        m->setData(CircuitView::kTypeMime, items.front()->data(0, kTypeRole).toString().toUtf8());
        return m;
    }
    QStringList mimeTypes() const override { return {CircuitView::kTypeMime}; }
};

}  // namespace

LibraryPalette::LibraryPalette(const hs::sim::Registry& reg, const SymbolLibrary& symbols, QWidget* parent)
    : QWidget(parent), filter_(new QLineEdit(this)), tree_(new PaletteTree(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    filter_->setPlaceholderText(tr("Search components..."));
    filter_->setClearButtonEnabled(true);
    lay->addWidget(filter_);
    lay->addWidget(tree_);
    tree_->setHeaderHidden(true);
    tree_->setIconSize(QSize(32, 32));
    tree_->setDragEnabled(true);
    tree_->setDragDropMode(QAbstractItemView::DragOnly);
    tree_->setObjectName("libraryTree");
    std::map<std::string, QTreeWidgetItem*> cats;
    for (const auto* spec : reg.all()) {
        QTreeWidgetItem*& cat = cats[spec->category];
        if (!cat) {
            cat = new QTreeWidgetItem(tree_, {QString::fromStdString(spec->category)});
            cat->setFlags(Qt::ItemIsEnabled);
            QFont f = cat->font(0);
            f.setBold(true);
            cat->setFont(0, f);
        }
        const QString type = QString::fromStdString(spec->type);
        auto* it = new QTreeWidgetItem(cat, {QString::fromStdString(spec->title)});
        it->setData(0, kTypeRole, type);
        it->setIcon(0, symbolIcon(symbols.symbol(type)));
        it->setToolTip(0, "<b>" + QString::fromStdString(spec->title).toHtmlEscaped() + "</b> (" + type + ")<br>" +
                              QString::fromStdString(spec->description).toHtmlEscaped() +
                              "<br><i>" + tr("Drag onto the canvas, or double-click to place.") + "</i>");
        it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    tree_->expandAll();
    connect(filter_, &QLineEdit::textChanged, this, &LibraryPalette::setFilter);
    connect(tree_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* it) {
        const QString type = it->data(0, kTypeRole).toString();
        if (!type.isEmpty()) emit placeRequested(type);
    });
}

void LibraryPalette::setFilter(const QString& text) {
    if (filter_->text() != text) filter_->setText(text);
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* cat = tree_->topLevelItem(i);
        int shown = 0;
        for (int k = 0; k < cat->childCount(); ++k) {
            QTreeWidgetItem* it = cat->child(k);
            const bool hit = text.isEmpty() || it->text(0).contains(text, Qt::CaseInsensitive) ||
                             it->data(0, kTypeRole).toString().contains(text, Qt::CaseInsensitive) ||
                             it->toolTip(0).contains(text, Qt::CaseInsensitive) ||
                             cat->text(0).contains(text, Qt::CaseInsensitive);
            it->setHidden(!hit);
            shown += hit;
        }
        cat->setHidden(shown == 0);
    }
}

QTreeWidgetItem* LibraryPalette::itemOf(const QString& type) const {
    for (QTreeWidgetItemIterator it(tree_); *it; ++it)
        if ((*it)->data(0, kTypeRole).toString() == type) return *it;
    return nullptr;
}

}  // namespace hs::widgets
