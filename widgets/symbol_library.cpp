// SPDX-License-Identifier: GPL-3.0-or-later
#include "symbol_library.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QSvgRenderer>
#include <QTransform>

#include <cmath>

#include "sim/registry.h"

namespace hs::widgets {

namespace {

double snap(double v) { return std::round(v / Symbol::kGrid) * Symbol::kGrid; }

}  // namespace

SymbolLibrary::SymbolLibrary(const hs::sim::Registry& reg, QString dir) : reg_(reg), dir_(std::move(dir)) {
    unknown_.fallback = true;
    unknown_.label = QStringLiteral("?");
    unknown_.bounds = QRectF(-30, -20, 60, 40);
}

const Symbol& SymbolLibrary::symbol(const QString& type) const {
    auto it = cache_.find(type);
    if (it != cache_.end()) return *it;
    const hs::sim::ComponentSpec* spec = reg_.find(type.toStdString());
    if (!spec) return unknown_;
    return *cache_.insert(type, load(*spec));
}

QStringList SymbolLibrary::problems() const {
    QStringList out;
    for (const auto* spec : reg_.all()) {
        const Symbol& s = symbol(QString::fromStdString(spec->type));
        if (!s.problem.isEmpty()) out << QString::fromStdString(spec->type) + ": " + s.problem;
    }
    return out;
}

Symbol SymbolLibrary::load(const hs::sim::ComponentSpec& spec) const {
    const QString type = QString::fromStdString(spec.type);
    QFile f(dir_ + '/' + type + ".svg");
    if (!f.open(QIODevice::ReadOnly)) return fallbackBox(spec, "no symbol file " + f.fileName());
    const QByteArray svg = f.readAll();
    auto r = QSharedPointer<QSvgRenderer>::create(svg);
    if (!r->isValid()) return fallbackBox(spec, f.fileName() + " is not a valid SVG");

    Symbol s;
    s.renderer = r;
    s.viewBox = r->viewBoxF();
    const QPointF pivot(snap(s.viewBox.center().x()), snap(s.viewBox.center().y()));
    s.bounds = s.viewBox.translated(-pivot);

    // The port ids present in the file (QSvgRenderer cannot list ids, so read them from the text).
    QSet<QString> inFile;
    static const QRegularExpression idRe(R"re(\bid\s*=\s*["']port-([^"']+)["'])re");
    for (auto it = idRe.globalMatch(QString::fromUtf8(svg)); it.hasNext();) inFile.insert(it.next().captured(1));

    QStringList missing, extra;
    for (const auto& p : spec.ports) {
        const QString id = QString::fromStdString(p.id);
        s.portOrder << id;
        if (!inFile.contains(id) || !r->elementExists("port-" + id)) {
            missing << id;
            continue;
        }
        // boundsOnElement is in the element's user space; map through its transform to the viewBox.
        const QRectF b = r->transformForElement("port-" + id).mapRect(r->boundsOnElement("port-" + id));
        s.ports.insert(id, b.center() - pivot);
    }
    for (const QString& id : inFile)
        if (!s.portOrder.contains(id)) extra << id;
    extra.sort();
    if (!missing.isEmpty() || !extra.isEmpty()) {
        QStringList why;
        if (!missing.isEmpty()) why << "ports missing in the SVG: " + missing.join(", ");
        if (!extra.isEmpty()) why << "SVG ports the spec does not declare: " + extra.join(", ");
        s.problem = why.join("; ");
        // Keep the drawing but put missing ports on the outline so the component stays wireable.
        for (int i = 0; i < missing.size(); ++i)
            s.ports.insert(missing[i], QPointF(s.bounds.right(), snap(s.bounds.top() + 10 + 10 * i)));
    }
    return s;
}

Symbol SymbolLibrary::fallbackBox(const hs::sim::ComponentSpec& spec, const QString& why) const {
    Symbol s;
    s.fallback = true;
    s.problem = why;
    s.label = QString::fromStdString(spec.title);
    // Inputs and hydraulic/mechanical ports alternate left and right, outputs on the right.
    QStringList left, right;
    for (size_t i = 0; i < spec.ports.size(); ++i) {
        const auto& p = spec.ports[i];
        const QString id = QString::fromStdString(p.id);
        s.portOrder << id;
        if (p.dir == hs::sim::SignalDir::Out) right << id;
        else if (p.dir == hs::sim::SignalDir::In) left << id;
        else (left.size() <= right.size() ? left : right) << id;
    }
    const int rows = std::max<int>(2, std::max(left.size(), right.size()));
    const double h = 20.0 * rows + 20.0, w = 80.0;
    s.bounds = QRectF(-w / 2, -snap(h / 2), w, h);
    for (int i = 0; i < left.size(); ++i) s.ports.insert(left[i], QPointF(-w / 2, s.bounds.top() + 20 + 20 * i));
    for (int i = 0; i < right.size(); ++i) s.ports.insert(right[i], QPointF(w / 2, s.bounds.top() + 20 + 20 * i));
    return s;
}

}  // namespace hs::widgets
