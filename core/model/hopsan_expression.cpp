// SPDX-License-Identifier: GPL-3.0-or-later
// Grammar: expr = term {('+'|'-') term};  term = unary {('*'|'/') unary};
//          unary = ('-'|'+') unary | primary;  primary = number | name | '(' expr ')'.
#include "hopsan_expression.h"

#include <cmath>

namespace hs::model {

namespace {

class Parser {
public:
    Parser(const QString& text, const NameLookup& lookup) : s_(text), lookup_(lookup) {}

    ExpressionValue run() {
        const std::optional<double> v = expr();
        if (v && (skipSpace(), i_ < s_.size())) fail(QStringLiteral("unexpected '%1'").arg(s_[i_]));
        if (!error_.isEmpty()) return {std::nullopt, error_};
        if (!std::isfinite(*v)) return {std::nullopt, QStringLiteral("the value is not finite")};
        return {v, {}};
    }

private:
    std::optional<double> expr() {
        std::optional<double> v = term();
        while (v) {
            const QChar op = peek();
            if (op != '+' && op != '-') break;
            ++i_;
            const std::optional<double> r = term();
            if (!r) return std::nullopt;
            v = op == '+' ? *v + *r : *v - *r;
        }
        return v;
    }
    std::optional<double> term() {
        std::optional<double> v = unary();
        while (v) {
            const QChar op = peek();
            if (op != '*' && op != '/') break;
            const qsizetype at = i_++;
            const std::optional<double> r = unary();
            if (!r) return std::nullopt;
            if (op == '/' && *r == 0) return fail(QStringLiteral("division by zero"), at);
            v = op == '*' ? *v * *r : *v / *r;
        }
        return v;
    }
    // Unary signs and parentheses recurse: a file of 100000 '(' must give an error, not
    // overflow the stack (the Hopsan importer is fuzzed, tools/fuzz.sh).
    std::optional<double> unary() {
        if (++depth_ > kMaxDepth) return fail(QStringLiteral("nested more than %1 levels deep").arg(kMaxDepth));
        const QChar c = peek();
        std::optional<double> v;
        if (c == '-' || c == '+') {
            ++i_;
            v = unary();
            if (v && c == '-') v = -*v;
        } else {
            v = primary();
        }
        --depth_;
        return v;
    }
    std::optional<double> primary() {
        const QChar c = peek();
        if (c == '(') {
            ++i_;
            const std::optional<double> v = expr();
            if (!v) return std::nullopt;
            if (peek() != ')') return fail(QStringLiteral("missing ')'"));
            ++i_;
            return v;
        }
        if (c.isDigit() || c == '.') return number();
        if (c.isLetter() || c == '_') return name();
        if (i_ >= s_.size()) return fail(QStringLiteral("the expression ends where a value is expected"));
        return fail(QStringLiteral("unexpected '%1'").arg(c));
    }
    std::optional<double> number() {
        const qsizetype start = i_;
        while (i_ < s_.size() && (s_[i_].isDigit() || s_[i_] == '.')) ++i_;
        if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
            qsizetype j = i_ + 1;
            if (j < s_.size() && (s_[j] == '+' || s_[j] == '-')) ++j;
            if (j < s_.size() && s_[j].isDigit()) {
                i_ = j;
                while (i_ < s_.size() && s_[i_].isDigit()) ++i_;
            }
        }
        bool ok = false;
        const double v = s_.mid(start, i_ - start).toDouble(&ok);
        if (!ok) return fail(QStringLiteral("'%1' is not a number").arg(s_.mid(start, i_ - start)), start);
        return v;
    }
    std::optional<double> name() {
        const qsizetype start = i_;
        while (i_ < s_.size() && (s_[i_].isLetterOrNumber() || s_[i_] == '_' || s_[i_] == '.')) ++i_;
        const QString n = s_.mid(start, i_ - start);
        if (peek() == '(') return fail(QStringLiteral("functions such as '%1(...)' are not supported").arg(n), start);
        QString why;
        const std::optional<double> v = lookup_ ? lookup_(n, &why) : std::nullopt;
        if (!v) return fail(why.isEmpty() ? QStringLiteral("unknown name '%1'").arg(n) : why, start);
        return v;
    }
    QChar peek() {
        skipSpace();
        return i_ < s_.size() ? s_[i_] : QChar();
    }
    void skipSpace() {
        while (i_ < s_.size() && s_[i_].isSpace()) ++i_;
    }
    std::optional<double> fail(const QString& what) { return fail(what, i_); }
    std::optional<double> fail(const QString& what, qsizetype at) {
        if (error_.isEmpty()) error_ = QStringLiteral("%1 (at character %2)").arg(what).arg(at + 1);
        return std::nullopt;
    }

    static constexpr int kMaxDepth = 200;
    const QString& s_;
    const NameLookup& lookup_;
    qsizetype i_ = 0;
    int depth_ = 0;
    QString error_;
};

}  // namespace

ExpressionValue evaluateExpression(const QString& text, const NameLookup& lookup) {
    if (text.trimmed().isEmpty()) return {std::nullopt, QStringLiteral("empty value")};
    return Parser(text, lookup).run();
}

}  // namespace hs::model
