// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_reader.h"

#include <cmath>

namespace hs::model {

namespace {
bool isIdentifier(const QString& key) {
    if (key.isEmpty() || key[0].isDigit()) return false;
    for (QChar ch : key)
        if (!(ch.isLetterOrNumber() || ch == u'_')) return false;
    return true;
}
}  // namespace

QString jsonChild(const QString& path, const QString& key) {
    if (isIdentifier(key)) return path + u'.' + key;
    QString quoted = key;
    quoted.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return path + QStringLiteral("[\"") + quoted + QStringLiteral("\"]");
}

QString jsonItem(const QString& path, int index) {
    return path + u'[' + QString::number(index) + u']';
}

QString jsonTypeName(const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: return QStringLiteral("nothing");
    }
    return QStringLiteral("?");
}

void JsonReader::error(const QString& path, const QString& message) {
    errors_->append(path + QStringLiteral(": ") + message);
}

bool JsonReader::present(const QJsonObject& o, const QString& path, const QString& key, bool required) {
    if (o.contains(key)) return true;
    if (required) error(jsonChild(path, key), QStringLiteral("missing"));
    return false;
}

void JsonReader::wrongType(const QString& path, const char* expected, const QJsonValue& got) {
    error(path, QStringLiteral("expected %1, got %2").arg(QLatin1String(expected), jsonTypeName(got)));
}

std::optional<double> JsonReader::number(const QJsonObject& o, const QString& path, const QString& key,
                                         bool required) {
    if (!present(o, path, key, required)) return std::nullopt;
    const QJsonValue v = o.value(key);
    if (!v.isDouble()) { wrongType(jsonChild(path, key), "a number", v); return std::nullopt; }
    return v.toDouble();
}

std::optional<int> JsonReader::integer(const QJsonObject& o, const QString& path, const QString& key,
                                       bool required) {
    if (!present(o, path, key, required)) return std::nullopt;
    const QJsonValue v = o.value(key);
    const double d = v.toDouble();
    if (!v.isDouble() || d != std::floor(d) || std::abs(d) > 1e9) {
        wrongType(jsonChild(path, key), "an integer", v);
        return std::nullopt;
    }
    return static_cast<int>(d);
}

std::optional<QString> JsonReader::string(const QJsonObject& o, const QString& path, const QString& key,
                                          bool required) {
    if (!present(o, path, key, required)) return std::nullopt;
    const QJsonValue v = o.value(key);
    if (!v.isString()) { wrongType(jsonChild(path, key), "a string", v); return std::nullopt; }
    return v.toString();
}

std::optional<bool> JsonReader::boolean(const QJsonObject& o, const QString& path, const QString& key,
                                        bool required) {
    if (!present(o, path, key, required)) return std::nullopt;
    const QJsonValue v = o.value(key);
    if (!v.isBool()) { wrongType(jsonChild(path, key), "true or false", v); return std::nullopt; }
    return v.toBool();
}

std::optional<QJsonObject> JsonReader::object(const QJsonObject& o, const QString& path, const QString& key,
                                              bool required) {
    if (!present(o, path, key, required)) return std::nullopt;
    const QJsonValue v = o.value(key);
    if (!v.isObject()) { wrongType(jsonChild(path, key), "an object", v); return std::nullopt; }
    return v.toObject();
}

std::optional<QJsonArray> JsonReader::array(const QJsonObject& o, const QString& path, const QString& key,
                                            bool required) {
    if (!present(o, path, key, required)) return std::nullopt;
    const QJsonValue v = o.value(key);
    if (!v.isArray()) { wrongType(jsonChild(path, key), "an array", v); return std::nullopt; }
    return v.toArray();
}

void JsonReader::read(const QJsonObject& o, const QString& path, const QString& key, double& out) {
    if (auto v = number(o, path, key)) out = *v;
}
void JsonReader::read(const QJsonObject& o, const QString& path, const QString& key, QString& out) {
    if (auto v = string(o, path, key)) out = *v;
}
void JsonReader::read(const QJsonObject& o, const QString& path, const QString& key, bool& out) {
    if (auto v = boolean(o, path, key)) out = *v;
}

QJsonObject JsonReader::unknownKeys(const QJsonObject& o, std::initializer_list<const char*> known) {
    QJsonObject extra;
    for (auto it = o.begin(); it != o.end(); ++it) {
        bool isKnown = false;
        for (const char* k : known)
            if (it.key() == QLatin1String(k)) { isKnown = true; break; }
        if (!isKnown) extra.insert(it.key(), it.value());
    }
    return extra;
}

}  // namespace hs::model
