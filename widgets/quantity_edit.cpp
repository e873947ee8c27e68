// SPDX-License-Identifier: GPL-3.0-or-later
#include "quantity_edit.h"

#include <cmath>

#include "units.h"

namespace hs::widgets {

QuantityEdit::QuantityEdit(QWidget* parent) : QLineEdit(parent) {
    connect(this, &QLineEdit::editingFinished, this, &QuantityEdit::commit);
    connect(this, &QLineEdit::textEdited, this, [this] { setStyleSheet({}); });
}

void QuantityEdit::setQuantity(const QString& siUnit, double min, double max, std::optional<double> def) {
    si_ = siUnit;
    min_ = min;
    max_ = max;
    def_ = def;
    QString tip = siUnit.isEmpty() || siUnit == "-" ? tr("dimensionless") : tr("unit %1").arg(siUnit);
    const QStringList acc = Units::accepted(siUnit);
    if (acc.size() > 1) tip += tr("; accepts %1").arg(acc.join(", "));
    if (std::isfinite(min) || std::isfinite(max))
        tip += tr("; range %1 .. %2").arg(std::isfinite(min) ? Units::format(min, siUnit) : QStringLiteral("-inf"),
                                          std::isfinite(max) ? Units::format(max, siUnit) : QStringLiteral("+inf"));
    setToolTip(tip);
}

void QuantityEdit::setValue(std::optional<double> v) {
    value_ = v;
    setStyleSheet({});
    error_.clear();
    if (failing_) {  // the document changed under a refused value: the error is gone with it
        failing_ = false;
        setToolTip(tipBeforeError_);
    }
    if (v) {
        shownText_ = Units::format(*v, si_);
        setText(shownText_);
    } else {
        shownText_.clear();
        clear();
        setPlaceholderText(def_ ? Units::format(*def_, si_) + tr(" (default)") : QString());
    }
}

std::optional<double> QuantityEdit::read(const QString& text, bool* cleared) {
    *cleared = text.trimmed().isEmpty() && def_.has_value();
    if (*cleared) return def_;
    // A bare number is in the unit the field shows now.
    const double shown = value_ ? *value_ : def_.value_or(0.0);
    const auto v = Units::parse(text, si_, Units::displayUnit(si_, shown), &error_);
    if (!v) return std::nullopt;
    if (*v < min_ || *v > max_) {
        error_ = tr("%1 is out of range: allowed %2 .. %3")
                     .arg(Units::format(*v, si_),
                          std::isfinite(min_) ? Units::format(min_, si_) : QStringLiteral("-inf"),
                          std::isfinite(max_) ? Units::format(max_, si_) : QStringLiteral("+inf"));
        return std::nullopt;
    }
    if (check_)
        if (const QString why = check_(*v); !why.isEmpty()) {
            error_ = why;
            return std::nullopt;
        }
    error_.clear();
    return v;
}

void QuantityEdit::commit() {
    // editingFinished also fires on focus loss with nothing typed: only real edits commit.
    // After a refused value, going back to what is shown (e.g. clearing a field left at its
    // default) is a real edit: it ends the error.
    if (text() == shownText_ && !failing_) return;
    bool cleared = false;
    const auto v = read(text(), &cleared);
    if (!v) {
        setStyleSheet("QLineEdit { background: #ffd6d6; }");
        if (!failing_) tipBeforeError_ = toolTip();
        failing_ = true;
        setToolTip(error_);
        emit failed(error_);
        return;
    }
    setStyleSheet({});
    if (failing_) {
        failing_ = false;
        setToolTip(tipBeforeError_);
        emit accepted();
    }
    // Retyping the same value (another unit, other spacing) is no edit: no undo step.
    if ((cleared && !value_) || (!cleared && value_ && *v == *value_)) {
        setValue(value_);
        return;
    }
    if (cleared) {
        setValue(std::nullopt);
        emit committed(QVariant());
    } else {
        setValue(*v);
        emit committed(*v);
    }
}

}  // namespace hs::widgets
