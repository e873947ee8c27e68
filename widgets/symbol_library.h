// SPDX-License-Identifier: GPL-3.0-or-later
// Loads the component symbols (resources/symbols/<Type>.svg, compiled in as :/symbols/) once per
// type and hands them to the canvas. A type without a usable SVG gets a labelled box with its
// declared ports, and problems() says so: the symbol test fails on any entry.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include "symbol.h"

namespace hs::sim {
struct ComponentSpec;
class Registry;
}  // namespace hs::sim

namespace hs::widgets {

class SymbolLibrary {
public:
    // dir: where "<Type>.svg" files are looked up (default: the compiled-in resources).
    explicit SymbolLibrary(const hs::sim::Registry& reg, QString dir = QStringLiteral(":/symbols"));

    const Symbol& symbol(const QString& type) const;
    // One line per type whose symbol is missing or whose port ids differ from its spec.
    QStringList problems() const;

private:
    Symbol load(const hs::sim::ComponentSpec& spec) const;
    Symbol fallbackBox(const hs::sim::ComponentSpec& spec, const QString& why) const;

    const hs::sim::Registry& reg_;
    QString dir_;
    mutable QHash<QString, Symbol> cache_;
    Symbol unknown_;
};

}  // namespace hs::widgets
