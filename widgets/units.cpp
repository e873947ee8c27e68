// SPDX-License-Identifier: GPL-3.0-or-later
#include "units.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace hs::widgets {

namespace {

using Family = std::vector<std::pair<QString, double>>;

// The families the property editor converts. Anything else is shown in its SI unit only.
const Family* family(const QString& si) {
    static const Family pa = {{"Pa", 1}, {"kPa", 1e3}, {"bar", 1e5}, {"MPa", 1e6}, {"GPa", 1e9}, {"psi", 6894.757293168361}};
    static const Family m3 = {{"m3", 1}, {"L", 1e-3}, {"l", 1e-3}, {"dm3", 1e-3}, {"cm3", 1e-6}, {"ml", 1e-6}, {"mm3", 1e-9}};
    static const Family m = {{"m", 1}, {"mm", 1e-3}, {"cm", 1e-2}};
    static const Family m2 = {{"m2", 1}, {"mm2", 1e-6}, {"cm2", 1e-4}};
    static const Family q = {{"m3/s", 1}, {"L/min", 1e-3 / 60}, {"l/min", 1e-3 / 60}, {"L/s", 1e-3}, {"cm3/s", 1e-6}};
    static const Family s = {{"s", 1}, {"ms", 1e-3}, {"us", 1e-6}};
    static const Family n = {{"N", 1}, {"kN", 1e3}};
    static const Family kg = {{"kg", 1}, {"g", 1e-3}, {"t", 1e3}};
    static const Family ms = {{"m/s", 1}, {"mm/s", 1e-3}};
    // Displacements per revolution as datasheets give them; speeds in rpm.
    static const Family disp = {{"m3/rev", 1}, {"cm3/rev", 1e-6}, {"L/rev", 1e-3}, {"l/rev", 1e-3}};
    static const Family rad = {{"rad/s", 1}, {"rpm", std::numbers::pi / 30}};
    static const Family nm = {{"N*m", 1}, {"kN*m", 1e3}, {"Nm", 1}};
    if (si == "Pa") return &pa;
    if (si == "m3") return &m3;
    if (si == "m") return &m;
    if (si == "m2") return &m2;
    if (si == "m3/s") return &q;
    if (si == "s") return &s;
    if (si == "N") return &n;
    if (si == "kg") return &kg;
    if (si == "m/s") return &ms;
    if (si == "m3/rev") return &disp;
    if (si == "rad/s") return &rad;
    if (si == "N*m") return &nm;
    return nullptr;
}

// The number typed times the unit's factor, without a rounding step the user did not ask for:
// 1e-6 is not a double, so 10 * 1e-6 gives 9.999999999999999e-06 (what "10 ml" was saved as).
// A power-of-ten factor shifts the decimal exponent of the text ("10" ml -> "10e-6" -> the double
// nearest 1e-5); a factor 1/n (L/min = 1/60000 m3/s) divides by the integer n.
double toSi(const QString& num, double x, double k) {
    const double e = std::log10(k);
    if (std::abs(e - std::round(e)) < 1e-12) {
        QString mantissa = num;
        int exponent = 0;
        if (const int at = num.indexOf(QRegularExpression("[eE]")); at >= 0) {
            mantissa = num.left(at);
            exponent = num.mid(at + 1).toInt();
        }
        bool ok = false;
        const double v = QString("%1e%2").arg(mantissa).arg(exponent + static_cast<int>(std::round(e))).toDouble(&ok);
        if (ok && std::isfinite(v)) return v;
    }
    const double inv = 1.0 / k;
    if (k < 1 && std::abs(inv - std::round(inv)) <= 1e-9 * inv) return x / std::round(inv);
    return x * k;
}

QString number(double v) {
    // Six significant digits: enough to read, and a value the user did not touch is never
    // re-parsed (the editor only writes what was typed).
    return QLocale::c().toString(v, 'g', 6);
}

}  // namespace

QString Units::displayUnit(const QString& si, double v) {
    const double a = std::abs(v);
    // Bulk moduli read best in GPa, solver tolerances in Pa, every other pressure in bar.
    if (si == "Pa") return a >= 1e8 ? "GPa" : (a != 0 && a < 1e3) ? "Pa" : "bar";
    if (si == "m3") return a >= 1e-3 || a == 0 ? "L" : "cm3";
    if (si == "m") return a >= 1 ? "m" : "mm";
    if (si == "m2") return a >= 1e-2 ? "m2" : "mm2";
    if (si == "m3/s") return "L/min";
    if (si == "m3/rev") return "cm3/rev";
    if (si == "rad/s") return "rpm";
    if (si == "s") return "s";  // steps read as 1e-05 s, the way the papers and the CLI write them
    return si;
}

std::optional<double> Units::factor(const QString& si, const QString& unit) {
    if (unit == si) return 1.0;
    if (const Family* f = family(si))
        for (const auto& [name, k] : *f)
            if (name.compare(unit, Qt::CaseSensitive) == 0) return k;
    // Case-insensitive second chance ("BAR", "mpa"), unless it is ambiguous (mPa vs MPa).
    if (const Family* f = family(si)) {
        std::optional<double> hit;
        int hits = 0;
        for (const auto& [name, k] : *f)
            if (name.compare(unit, Qt::CaseInsensitive) == 0 && (!hit || *hit != k)) { hit = k; ++hits; }
        if (hits == 1) return hit;
    }
    return std::nullopt;
}

QStringList Units::accepted(const QString& si) {
    QStringList out;
    if (const Family* f = family(si))
        for (const auto& p : *f) out << p.first;
    else if (!si.isEmpty() && si != "-")
        out << si;
    return out;
}

QString Units::formatIn(double v, const QString& si, const QString& unit) {
    const auto k = factor(si, unit);
    if (!k || unit.isEmpty() || unit == "-") return number(v);
    return number(v / *k) + ' ' + unit;
}

QString Units::format(double v, const QString& si) { return formatIn(v, si, displayUnit(si, v)); }

std::optional<double> Units::parse(const QString& text, const QString& si, const QString& defaultUnit, QString* error) {
    static const QRegularExpression re(R"(^\s*([-+]?(?:\d+[.,]?\d*|[.,]\d+)(?:[eE][-+]?\d+)?)\s*(\S*)\s*$)");
    const auto m = re.match(text);
    if (!m.hasMatch()) {
        if (error) *error = text.trimmed().isEmpty() ? QStringLiteral("a value is required")
                                                     : QStringLiteral("'%1' is not a number").arg(text.trimmed());
        return std::nullopt;
    }
    QString num = m.captured(1);
    num.replace(',', '.');  // a comma is a decimal comma here: there are no thousands separators
    bool ok = false;
    const double x = num.toDouble(&ok);
    if (!ok || !std::isfinite(x)) {
        if (error) *error = QStringLiteral("'%1' is not a number").arg(m.captured(1));
        return std::nullopt;
    }
    QString unit = m.captured(2);
    // Powers as people type them: "mm^2", "mm²", "cm^3" are mm2, cm3.
    unit.replace(QStringLiteral("^"), QString()).replace(QChar(0x00B2), QChar('2')).replace(QChar(0x00B3), QChar('3'));
    if (unit.isEmpty()) unit = defaultUnit.isEmpty() ? si : defaultUnit;
    if (unit.isEmpty() || unit == "-") return x;
    const auto k = factor(si, unit);
    if (!k) {
        const QStringList acc = accepted(si);
        if (error)
            *error = acc.isEmpty() ? QStringLiteral("this value takes no unit, got '%1'").arg(unit)
                                   : QStringLiteral("unknown unit '%1' (accepted: %2)").arg(unit, acc.join(", "));
        return std::nullopt;
    }
    return toSi(num, x, *k);
}

}  // namespace hs::widgets
