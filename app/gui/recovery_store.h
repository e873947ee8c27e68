// SPDX-License-Identifier: GPL-3.0-or-later
// Autosave to a recovery file, and the offer to restore it after a crash: the unsaved circuit is
// written to <dir>/recovery.hydro.json (with the path it belongs to beside it) and removed when
// the window closes cleanly or the work is saved.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace hs::gui {

class RecoveryStore {
public:
    explicit RecoveryStore(QString dir) : dir_(std::move(dir)) {}
    bool write(const QByteArray& circuitJson, const QString& originalPath, QString* error) const;
    struct Entry {
        QByteArray json;
        QString originalPath;
    };
    std::optional<Entry> pending() const;
    void clear() const;
    QString file() const;

private:
    QString dir_;
};

}  // namespace hs::gui
