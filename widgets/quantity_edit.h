// SPDX-License-Identifier: GPL-3.0-or-later
// A line edit for one physical value: shows it in the trade's unit ("100 bar"), reads what the
// user types in any accepted unit, and enforces the spec's bounds. A value the user left unset
// shows the default in grey; clearing the field goes back to the default. Nothing reaches the
// document unless it parsed and was in bounds: errors turn the field red and say why.
#pragma once

#include <QLineEdit>
#include <QVariant>

#include <functional>
#include <limits>
#include <optional>

namespace hs::widgets {

class QuantityEdit : public QLineEdit {
    Q_OBJECT
public:
    explicit QuantityEdit(QWidget* parent = nullptr);
    void setQuantity(const QString& siUnit, double min = -std::numeric_limits<double>::infinity(),
                     double max = std::numeric_limits<double>::infinity(), std::optional<double> def = std::nullopt);
    // Shows the value (nullopt: the default, greyed). Does not emit.
    void setValue(std::optional<double> v);
    std::optional<double> value() const { return value_; }
    QString error() const { return error_; }
    // A check after the bounds (what the component itself refuses, e.g. a volume of 0): returns
    // "" or why the value cannot be used.
    void setCheck(std::function<QString(double)> check) { check_ = std::move(check); }
    // Parse and check without committing: nullopt with error() on failure.
    std::optional<double> read(const QString& text, bool* cleared);

signals:
    // value: double in SI, or invalid (the field was cleared: back to the default).
    void committed(const QVariant& value);
    void failed(const QString& message);
    // What the field holds is acceptable again (committed, unchanged or cleared to the default)
    // after a failure: a message about the field is out of date.
    void accepted();

private:
    void commit();
    QString si_;
    double min_ = -std::numeric_limits<double>::infinity(), max_ = std::numeric_limits<double>::infinity();
    std::optional<double> def_, value_;
    QString error_, shownText_;
    std::function<QString(double)> check_;
    QString tipBeforeError_;  // the field's own tooltip while the error replaces it
    bool failing_ = false;
};

}  // namespace hs::widgets
