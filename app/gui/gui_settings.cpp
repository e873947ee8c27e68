// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui_settings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace hs::gui {

QStringList GuiSettings::recentFiles() const { return s_.value("files/recent").toStringList(); }

void GuiSettings::addRecentFile(const QString& path) {
    QStringList l = recentFiles();
    const QString abs = QFileInfo(path).absoluteFilePath();
    l.removeAll(abs);
    l.prepend(abs);
    while (l.size() > kMaxRecent) l.removeLast();
    s_.setValue("files/recent", l);
}

void GuiSettings::removeRecentFile(const QString& path) {
    QStringList l = recentFiles();
    l.removeAll(QFileInfo(path).absoluteFilePath());
    s_.setValue("files/recent", l);
}

QString GuiSettings::lastDirectory() const { return s_.value("files/lastDirectory", QDir::homePath()).toString(); }
void GuiSettings::setLastDirectory(const QString& dir) { s_.setValue("files/lastDirectory", dir); }
int GuiSettings::autosaveSeconds() const { return s_.value("files/autosaveSeconds", 30).toInt(); }
QByteArray GuiSettings::windowState() const { return s_.value("window/state").toByteArray(); }
QByteArray GuiSettings::windowGeometry() const { return s_.value("window/geometry").toByteArray(); }

void GuiSettings::setWindow(const QByteArray& geometry, const QByteArray& state) {
    s_.setValue("window/geometry", geometry);
    s_.setValue("window/state", state);
}

}  // namespace hs::gui
