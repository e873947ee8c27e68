// SPDX-License-Identifier: GPL-3.0-or-later
// Typed reading of JSON values that records every problem with its JSON path ("$.a.b[2].c")
// instead of stopping at the first one. Used by the circuit reader; independent of circuits.
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>

namespace hs::model {

// Path helpers: child("$.a", "b") = "$.a.b"; keys that are not plain identifiers are quoted:
// child("$.a", "x y") = "$.a[\"x y\"]"; item("$.a", 3) = "$.a[3]".
QString jsonChild(const QString& path, const QString& key);
QString jsonItem(const QString& path, int index);
// "a number", "a string", "an object", ... for messages like "expected a number, got a string".
QString jsonTypeName(const QJsonValue& v);

class JsonReader {
public:
    explicit JsonReader(QStringList* errors) : errors_(errors) {}

    void error(const QString& path, const QString& message);
    int errorCount() const { return static_cast<int>(errors_->size()); }

    // Each getter returns the value of o[key] when it has the expected type. When the key is
    // missing it returns nullopt, and records "missing" only if required. When the type is wrong
    // it records "expected X, got Y" and returns nullopt.
    std::optional<double> number(const QJsonObject& o, const QString& path, const QString& key,
                                 bool required = false);
    std::optional<int> integer(const QJsonObject& o, const QString& path, const QString& key,
                               bool required = false);
    std::optional<QString> string(const QJsonObject& o, const QString& path, const QString& key,
                                  bool required = false);
    std::optional<bool> boolean(const QJsonObject& o, const QString& path, const QString& key,
                                bool required = false);
    std::optional<QJsonObject> object(const QJsonObject& o, const QString& path, const QString& key,
                                      bool required = false);
    std::optional<QJsonArray> array(const QJsonObject& o, const QString& path, const QString& key,
                                    bool required = false);

    // Assign-if-present forms for fields that have a default.
    void read(const QJsonObject& o, const QString& path, const QString& key, double& out);
    void read(const QJsonObject& o, const QString& path, const QString& key, QString& out);
    void read(const QJsonObject& o, const QString& path, const QString& key, bool& out);

    // The keys of o that are not in known, with their values (kept as "extra").
    static QJsonObject unknownKeys(const QJsonObject& o, std::initializer_list<const char*> known);

private:
    bool present(const QJsonObject& o, const QString& path, const QString& key, bool required);
    void wrongType(const QString& path, const char* expected, const QJsonValue& got);

    QStringList* errors_;
};

}  // namespace hs::model
