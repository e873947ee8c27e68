// SPDX-License-Identifier: GPL-3.0-or-later
#include "method_legend.h"

#include <QGridLayout>
#include <QLabel>

#include "method_style.h"
#include "sim/registry.h"

namespace hs::widgets {

MethodLegend::MethodLegend(const hs::sim::Registry& reg, QWidget* parent) : QWidget(parent) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setVerticalSpacing(2);
    auto* title = new QLabel(tr("<b>Volume methods</b>"), this);
    grid->addWidget(title, 0, 0, 1, 2);
    int row = 1;
    for (const auto* m : reg.methods()) {
        const MethodStyle st = MethodStyle::of(QString::fromStdString(m->id));
        auto* badge = new QLabel(st.badge, this);
        badge->setAlignment(Qt::AlignCenter);
        badge->setFixedWidth(34);
        badge->setStyleSheet(QString("background:%1;color:white;border-radius:4px;font-weight:bold;font-size:9px;padding:1px")
                                 .arg(st.color.name()));
        auto* text = new QLabel(QString::fromStdString(m->title), this);
        text->setToolTip(QString::fromStdString(m->description));
        grid->addWidget(badge, row, 0);
        grid->addWidget(text, row, 1);
        ++row;
    }
}

}  // namespace hs::widgets
