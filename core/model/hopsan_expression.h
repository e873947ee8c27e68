// SPDX-License-Identifier: GPL-3.0-or-later
// The arithmetic Hopsan writes in parameter values ("-A2", "2*A1", "(p_s - 1e5)/2"): numbers,
// names looked up by the caller (system parameters), unary minus and plus, + - * / and
// parentheses. A hand-written recursive descent of about 100 lines: a library would be larger
// than the grammar. Anything else (functions, powers, comparisons) is an error saying where.
#pragma once

#include <QString>

#include <functional>
#include <optional>

namespace hs::model {

struct ExpressionValue {
    std::optional<double> value;
    QString error;  // set when value is empty: what is wrong and where (1-based character)
};

// lookup(name, error) gives a name's value, or nullopt with error set ("unknown name ...").
using NameLookup = std::function<std::optional<double>(const QString& name, QString* error)>;

ExpressionValue evaluateExpression(const QString& text, const NameLookup& lookup);

}  // namespace hs::model
