// SPDX-License-Identifier: GPL-3.0-or-later
// Engineering units in the editor: values live in SI in the document; the user sees and types
// them in the units of the trade (bar, L, cm3, mm, L/min). A bare number is read in the unit the
// field shows, so typing "120" over "100 bar" means 120 bar.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace hs::widgets {

class Units {
public:
    // The unit a value of this SI unit is shown in (depends on magnitude for volumes, lengths).
    static QString displayUnit(const QString& siUnit, double siValue);
    // Factor: value_in_unit * factor = SI value. nullopt if unit does not belong to siUnit.
    static std::optional<double> factor(const QString& siUnit, const QString& unit);
    // Units accepted for an SI unit (the SI unit first).
    static QStringList accepted(const QString& siUnit);
    // "100 bar", "10 cm3", "0.6" (dimensionless).
    static QString format(double siValue, const QString& siUnit);
    static QString formatIn(double siValue, const QString& siUnit, const QString& unit);
    // Reads "120", "120 bar", "1.2e7 Pa", "2,5 L". A bare number is taken in defaultUnit (empty:
    // the SI unit). On failure returns nullopt and *error names the problem.
    static std::optional<double> parse(const QString& text, const QString& siUnit, const QString& defaultUnit,
                                       QString* error);
};

}  // namespace hs::widgets
