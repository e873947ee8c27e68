// SPDX-License-Identifier: GPL-3.0-or-later
#include "recovery_store.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace hs::gui {

QString RecoveryStore::file() const { return QDir(dir_).filePath("recovery.hydro.json"); }

bool RecoveryStore::write(const QByteArray& json, const QString& originalPath, QString* error) const {
    if (!QDir().mkpath(dir_)) {
        if (error) *error = QObject::tr("cannot create %1").arg(dir_);
        return false;
    }
    // Atomic, so that a crash during autosave leaves the previous recovery file whole.
    QSaveFile f(file());
    QSaveFile p(file() + ".path");
    if (!f.open(QIODevice::WriteOnly) || !p.open(QIODevice::WriteOnly)) {
        if (error) *error = f.errorString();
        return false;
    }
    f.write(json);
    p.write(originalPath.toUtf8());
    if (!f.commit() || !p.commit()) {
        if (error) *error = f.errorString();
        return false;
    }
    return true;
}

std::optional<RecoveryStore::Entry> RecoveryStore::pending() const {
    QFile f(file());
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    Entry e;
    e.json = f.readAll();
    QFile p(file() + ".path");
    if (p.open(QIODevice::ReadOnly)) e.originalPath = QString::fromUtf8(p.readAll());
    return e;
}

void RecoveryStore::clear() const {
    QFile::remove(file());
    QFile::remove(file() + ".path");
}

}  // namespace hs::gui
