// SPDX-License-Identifier: GPL-3.0-or-later
// Typed access to the persistent GUI settings, with their defaults in one place. The QSettings
// object is passed in (tests give a temporary one).
#pragma once

#include <QByteArray>
#include <QStringList>

class QSettings;

namespace hs::gui {

class GuiSettings {
public:
    explicit GuiSettings(QSettings& s) : s_(s) {}
    static constexpr int kMaxRecent = 8;

    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    QString lastDirectory() const;
    void setLastDirectory(const QString& dir);
    int autosaveSeconds() const;  // default 30; 0 disables
    QByteArray windowState() const;
    QByteArray windowGeometry() const;
    void setWindow(const QByteArray& geometry, const QByteArray& state);

private:
    QSettings& s_;
};

}  // namespace hs::gui
